"""Preferences, house-rule presets, saved games and statistics, kept safely on disk.

``Store.open(data_dir)`` gives one object holding all of them. Bad files never raise:
they are moved aside and described in ``Store.messages`` for the UI to show.
"""

from __future__ import annotations

import dataclasses
import os
import stat
from pathlib import Path
from types import TracebackType

from game.store.atomic import clean_stale_temps, file_kind, move_aside
from game.store.errors import (
    FolderInUse,
    InvalidName,
    NotAFolder,
    StoreError,
    StoreWriteError,
)
from game.store.history import FinishedMatch, HistoryStore
from game.store.lock import FolderClaim
from game.store.messages import MessageLog, StoreMessage
from game.store.paths import APP_NAME, DataPaths, folder_problem
from game.store.presets import Preset, PresetStore
from game.store.saves import AUTOSAVE, SaveFile, SaveStore, SaveSummary, SlotInfo
from game.store.seats import SEAT_KINDS, Seat
from game.store.settings import Settings, load_settings, save_settings
from game.store.stats import HandRecord, MatchRecord, StatLine, StatsStore
from game.store.tokens import SeatToken, TokenStore

__all__ = [
    "APP_NAME",
    "AUTOSAVE",
    "SEAT_KINDS",
    "DataPaths",
    "FinishedMatch",
    "FolderInUse",
    "HandRecord",
    "HistoryStore",
    "InvalidName",
    "MatchRecord",
    "MessageLog",
    "NotAFolder",
    "Preset",
    "PresetStore",
    "SaveFile",
    "SaveStore",
    "SaveSummary",
    "Seat",
    "SeatToken",
    "Settings",
    "SlotInfo",
    "StatLine",
    "StatsStore",
    "Store",
    "StoreError",
    "StoreMessage",
    "StoreWriteError",
    "TokenStore",
]


class Store:
    """Everything the game keeps between runs, opened from one data location."""

    def __init__(
        self,
        paths: DataPaths,
        messages: MessageLog,
        settings: Settings,
        presets: PresetStore,
        saves: SaveStore,
        stats: StatsStore,
    ) -> None:
        self.paths = paths
        self.messages = messages
        self.settings = settings
        self.presets = presets
        self.saves = saves
        self.stats = stats
        self._claim = FolderClaim(paths.data_dir)
        self.tokens = TokenStore(paths.tokens_file, messages)  # seats held in network games

    def claim(self) -> bool:
        """Claim the data folder for this running game (the app does, at start): False if
        another running game holds it. Until this game holds it, the autosave is that
        game's: writing or removing it raises ``FolderInUse`` (asked again each time: the
        other game may have closed meanwhile). A claim ends with ``close`` or with the
        process, however it ends."""
        if self._claim.take():
            self.saves.autosave_claim = None
            return True
        self.saves.autosave_claim = self._claim.take
        return False

    @classmethod
    def open(cls, data_dir: Path | str | None = None) -> Store:
        """Open the store in ``data_dir`` (``--data-dir``), or the platform's user folders.

        ``NotAFolder`` if ``data_dir`` is a file, a device... or lies under one: a folder the
        player named is never moved aside to make room (the platform's folders, and the
        folders inside, are)."""
        if data_dir is not None:
            problem = folder_problem(data_dir)
            if problem is not None:
                raise NotAFolder(problem)
        paths = DataPaths.resolve(data_dir)
        messages = MessageLog()
        for folder in (paths.config_dir, paths.data_dir, paths.saves_dir):
            _set_aside_non_folder(folder, messages)
            try:
                folder.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                messages.add(folder, f"the folder cannot be created ({exc.strerror or exc})")
            else:
                clean_stale_temps(folder)
        return cls(
            paths=paths,
            messages=messages,
            settings=load_settings(paths.settings_file, messages),
            presets=PresetStore(paths.presets_file, messages),
            saves=SaveStore(paths.saves_dir, messages),
            stats=StatsStore(paths.stats_file, messages),
        )

    def save_settings(self) -> bool:
        """Write ``self.settings``; False (with a message) if it could not be written.

        Invalid values are replaced by their defaults, in ``self.settings`` too.
        """
        written = save_settings(self.paths.settings_file, self.settings, self.messages)
        if written is None:
            return False
        for item in dataclasses.fields(written):
            setattr(self.settings, item.name, getattr(written, item.name))
        return True

    def reload_settings(self) -> Settings:
        """Read ``settings.json`` again (e.g. after another instance changed it)."""
        self.settings = load_settings(self.paths.settings_file, self.messages)
        return self.settings

    def close(self) -> None:
        """Close the statistics database (the JSON files need no closing) and give up the
        claim on the data folder."""
        self.stats.close()
        self._claim.release()

    def __enter__(self) -> Store:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()


def _set_aside_non_folder(folder: Path, messages: MessageLog) -> None:
    """A file (or pipe, device...) where one of our folders belongs is moved aside, so
    that the folder can be made."""
    try:
        mode = os.stat(folder).st_mode
    except OSError:
        return
    if stat.S_ISDIR(mode):
        return
    kind = file_kind(mode) or "a file"
    try:
        target = move_aside(folder, "corrupt")
    except OSError as exc:
        messages.add(folder, f"is {kind}, not a folder; it could not be moved aside ({exc})")
    else:
        messages.add(folder, f"is {kind}, not a folder; it was kept as {target.name}")
