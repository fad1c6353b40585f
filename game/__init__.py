"""Machiavelli rummy: manipulation rummy variants with exact computer players."""

from importlib import metadata

try:
    __version__ = metadata.version("machiavelli-rummy")
except metadata.PackageNotFoundError:  # running from a checkout that was not installed
    __version__ = "0.1.0"
