"""Where the store keeps its files: one ``--data-dir`` folder, or the platform's user folders.

Nothing is ever written next to the program.
"""

from __future__ import annotations

import errno
import os
import stat
from dataclasses import dataclass
from pathlib import Path

import platformdirs

from game.store.atomic import file_kind

APP_NAME = "machiavelli-rummy"

SETTINGS_FILE = "settings.json"
PRESETS_FILE = "presets.json"
SAVES_DIR = "saves"
STATS_FILE = "stats.sqlite3"
TOKENS_FILE = "seat_tokens.json"
DEALS_DIR = "deals"


@dataclass(frozen=True)
class DataPaths:
    """The config folder (settings, presets) and data folder (saves, statistics)."""

    config_dir: Path
    data_dir: Path

    @classmethod
    def resolve(cls, data_dir: str | Path | None = None) -> DataPaths:
        """Everything under ``data_dir`` if given, else the platform's per-user folders."""
        if data_dir is not None:
            root = Path(data_dir).expanduser().resolve()
            return cls(config_dir=root, data_dir=root)
        return cls.platform_default()

    @classmethod
    def platform_default(cls) -> DataPaths:
        """The platformdirs user config and user data folders for this app."""
        return cls(
            config_dir=platformdirs.user_config_path(APP_NAME, appauthor=False),
            data_dir=platformdirs.user_data_path(APP_NAME, appauthor=False),
        )

    @property
    def settings_file(self) -> Path:
        return self.config_dir / SETTINGS_FILE

    @property
    def presets_file(self) -> Path:
        return self.config_dir / PRESETS_FILE

    @property
    def saves_dir(self) -> Path:
        return self.data_dir / SAVES_DIR

    @property
    def stats_file(self) -> Path:
        return self.data_dir / STATS_FILE

    @property
    def tokens_file(self) -> Path:
        return self.data_dir / TOKENS_FILE

    @property
    def deals_dir(self) -> Path:
        """The joined network games' deals, kept to check them again (``verify``)."""
        return self.data_dir / DEALS_DIR


def folder_problem(path: str | Path) -> str | None:
    """Why ``path`` cannot be used as a folder, in words: it is a file, a device, a named
    pipe..., or lies under one (so no folder can be made there); ``None`` if it is a folder,
    or could be made one. Links are followed. Nothing is touched."""
    path = Path(path)
    try:
        path = path.expanduser()
    except RuntimeError:  # "~name" of no known user, or no home folder to be found
        first = path.parts[0] if path.parts else str(path)
        if first == "~":
            return f"{path!s:.200} starts with ~, but this account has no home folder"
        return (f"{path!s:.200} starts with {first:.100}, but there is no user named "
                f"{first[1:]:.100} whose home folder it could mean")
    for candidate in (path, *path.parents):
        try:
            mode = os.stat(candidate).st_mode
        except (FileNotFoundError, NotADirectoryError):
            if os.path.islink(candidate):
                return f"{candidate} is a link to something that does not exist"
            continue  # not there (yet): look at the folder it would be made in
        except OSError as exc:
            if exc.errno == errno.ELOOP:
                return f"{candidate} is a link that leads back to itself"
            return None  # not ours to judge (no permission...): making it will say
        except ValueError:  # a NUL in the name
            return f"{path!s:.200} is not a usable name"
        if not stat.S_ISDIR(mode):
            what = file_kind(mode) or "a file"
            if candidate == path:
                return f"{candidate} is {what}, not a folder"
            return f"{candidate} is {what}, not a folder, so {path} cannot be made in it"
        return None
    return None
