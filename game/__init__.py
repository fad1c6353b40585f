"""Machiavelli rummy: manipulation rummy variants with exact computer players."""

from __future__ import annotations

import sys
from pathlib import Path

DIST_NAME = "machiavelli-rummy"


def _checkout_version() -> str | None:
    """The version in ``pyproject.toml`` when running from a source checkout (also an
    editable install), so a bumped version shows without reinstalling."""
    if getattr(sys, "frozen", False):
        return None  # a PyInstaller bundle: its copied package metadata is the truth
    pyproject = Path(__file__).resolve().parent.parent / "pyproject.toml"
    try:
        import tomllib

        with pyproject.open("rb") as fh:
            project = tomllib.load(fh).get("project", {})
    except (OSError, ValueError):
        return None
    if project.get("name") != DIST_NAME:
        return None
    version = project.get("version")
    return version if isinstance(version, str) else None


def _version() -> str:
    """One source: pyproject.toml. A checkout reads it directly; an installed package and
    a PyInstaller bundle (its spec runs ``copy_metadata("machiavelli-rummy")``) read the
    package metadata that was built from it."""
    version = _checkout_version()
    if version:
        return version
    # imported only here: importlib.metadata (with the email parser it loads) costs a
    # start from a checkout about 20 ms for nothing
    from importlib import metadata

    try:
        return metadata.version(DIST_NAME)
    except metadata.PackageNotFoundError:
        return "0+unknown"


__version__ = _version()
