"""Exceptions the store raises: only for requests the caller can fix, never for bad files."""

from __future__ import annotations

from pathlib import Path


def N_(text: str) -> str:  # noqa: N802 (the catalogue's marker, as game.i18n's)
    """Marks ``text`` for the game's catalogue (the store stands alone: the screens translate
    it, ``InvalidName.template``)."""
    return text


class StoreError(Exception):
    """Base class for the store's exceptions."""


class InvalidName(StoreError, ValueError):
    """A slot or preset name that cannot be used (empty, too long, path characters...):
    ``template`` (a catalogue message) with its ``values``, so a screen says it in the
    player's language; ``str()`` is the English."""

    def __init__(self, template: str, **values: object) -> None:
        super().__init__(template.format(**values))
        self.template = template
        self.values = values


class StoreWriteError(StoreError):
    """Something could not be written (disk full, no permission, too large, not JSON...)."""

    def __init__(self, path: Path, problem: str) -> None:
        super().__init__(f"{path}: {problem}")
        self.path = Path(path)
        self.problem = problem


class FolderInUse(StoreWriteError):
    """The autosave belongs to another running game on the same data folder: this one may
    not write or remove it (``game.store.Store.claim``)."""


class NotAFolder(StoreError):
    """The data folder asked for (``--data-dir``) is a file, a device... or lies under one:
    the store is not opened there, and nothing there is touched."""
