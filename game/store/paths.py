"""Where the store keeps its files: one ``--data-dir`` folder, or the platform's user folders.

Nothing is ever written next to the program.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import platformdirs

APP_NAME = "machiavelli-rummy"

SETTINGS_FILE = "settings.json"
PRESETS_FILE = "presets.json"
SAVES_DIR = "saves"
STATS_FILE = "stats.sqlite3"


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
