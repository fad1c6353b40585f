"""Saved games: one JSON file per slot in ``saves/`` (``autosave`` plus named slots).

Each file is an envelope around the game, which the store treats as an opaque
JSON-able dict::

    {"schema": 2, "app_version": "0.1.0", "saved_at": "2026-11-22T05:15:00+00:00",
     "summary": {"variant": ..., "players": [...], "scores": [...], "hand": n},
     "game": {...}}

Older envelopes are upgraded through ``MIGRATIONS`` when read.
"""

from __future__ import annotations

import builtins
import contextlib
import math
import os
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from game import __version__
from game.store import jsonfile
from game.store.atomic import (
    atomic_write_bytes,
    backup_path,
    clean_stale_temps,
    move_aside,
    read_limited,
    remove_file,
)
from game.store.errors import N_, FolderInUse, InvalidName, StoreWriteError
from game.store.messages import MessageLog
from game.store.migrate import MigrationChain
from game.store.seats import MAX_NAME_LENGTH

SAVE_SCHEMA = 2
MAX_SAVE_BYTES = 5 * 1024 * 1024
MAX_SLOT_LENGTH = 64
# Limits of a save's envelope: anything outside them is damage (or tampering), and the
# save is refused with a message naming the field rather than shown or loaded.
MAX_VARIANT_LENGTH = 64
MAX_VERSION_LENGTH = 64
MAX_SEATS = 8
MAX_SCORE = 1_000_000  # far beyond any score a match of any variant reaches
MAX_HAND = 10_000
#: ``saved_at`` must fall in this range (UTC): every date a computer's clock may give
#: today or for thousands of years, short of the last year Python's dates reach (dates
#: near year 1 or 9999 overflow when shown in local time). A save is dated inside it
#: whatever the clock says, so the game never refuses a save it has just written.
EARLIEST_SAVE = datetime(1970, 1, 1, tzinfo=UTC)
LATEST_SAVE = datetime(9999, 1, 1, tzinfo=UTC)
AUTOSAVE = "autosave"
SAVE_SUFFIX = ".json"

MIGRATIONS = MigrationChain("save", SAVE_SCHEMA)

#: Why the autosave is left alone while another running game holds the data folder.
IN_USE_PROBLEM = ("another window of the game is using this data folder and its unfinished "
                  "game is in the autosave, so this window does not autosave; save this "
                  "game under a name of its own to keep it")

_SLOT = re.compile(r"\w[\w .-]*", re.UNICODE)
_WINDOWS_RESERVED = {"con", "prn", "aux", "nul"} | {
    f"{device}{n}" for device in ("com", "lpt") for n in "123456789"
}


@MIGRATIONS.step(1)
def _summary_names_to_players(document: dict[str, Any]) -> dict[str, Any]:
    """Schema 1 called the summary's ``players`` ``names`` and its ``hand`` ``hand_number``."""
    summary = document.get("summary")
    if isinstance(summary, dict):
        if "names" in summary:
            summary["players"] = summary.pop("names")
        if "hand_number" in summary:
            summary["hand"] = summary.pop("hand_number")
    return document


@dataclass(frozen=True)
class SaveSummary:
    """What the load dialog shows without opening the game itself."""

    variant: str
    players: tuple[str, ...]
    scores: tuple[int | float, ...]
    hand: int

    def to_json(self) -> dict[str, Any]:
        return {
            "variant": self.variant,
            "players": list(self.players),
            "scores": list(self.scores),
            "hand": self.hand,
        }

    @classmethod
    def from_json(cls, data: Any) -> SaveSummary:
        """A summary from a mapping (or a ``SaveSummary``); ``ValueError`` if malformed."""
        if isinstance(data, SaveSummary):
            return data
        if not isinstance(data, Mapping):
            raise ValueError("the summary must be an object")
        variant, players = data.get("variant"), data.get("players")
        scores, hand = data.get("scores"), data.get("hand")
        if not isinstance(variant, str) or not variant:
            raise ValueError("the summary has no variant")
        if len(variant) > MAX_VARIANT_LENGTH:
            raise ValueError(
                f"the summary's variant is {len(variant)} characters long; "
                f"the limit is {MAX_VARIANT_LENGTH}"
            )
        if not isinstance(players, Sequence) or isinstance(players, str):
            raise ValueError("the summary's players must be a list of names")
        if not all(isinstance(name, str) for name in players):
            raise ValueError("the summary's players must be a list of names")
        if len(players) > MAX_SEATS:
            raise ValueError(f"the summary has {len(players)} players; the limit is {MAX_SEATS}")
        for name in players:
            if not name.strip() or len(name) > MAX_NAME_LENGTH:
                raise ValueError(
                    f"a player's name in the summary is {len(name)} characters long; "
                    f"names are 1-{MAX_NAME_LENGTH}"
                )
        if not isinstance(scores, Sequence) or isinstance(scores, str):
            raise ValueError("the summary's scores must be a list of numbers")
        if not all(_is_number(score) for score in scores):
            raise ValueError("the summary's scores must be a list of numbers")
        if len(scores) != len(players):
            raise ValueError(
                f"the summary has {len(scores)} scores for {len(players)} players"
            )
        for score in scores:
            # an int is compared as it is: a huge one would overflow a float
            if (isinstance(score, float) and not math.isfinite(score)) or abs(score) > MAX_SCORE:
                text = f"{score:g}" if isinstance(score, float) else str(score)
                shown = text if len(text) <= 20 else f"{text[:17]}..."
                raise ValueError(
                    f"the summary's score {shown} is out of range "
                    f"(-{MAX_SCORE} to {MAX_SCORE})"
                )
        if not isinstance(hand, int) or isinstance(hand, bool) or hand < 0:
            raise ValueError("the summary's hand must be a whole number")
        if hand > MAX_HAND:
            raise ValueError(f"the summary's hand {hand} is out of range (0 to {MAX_HAND})")
        return cls(variant=variant, players=tuple(players), scores=tuple(scores), hand=hand)


@dataclass(frozen=True)
class SlotInfo:
    """One save as listed in the load dialog."""

    slot: str
    variant: str
    players: tuple[str, ...]
    saved_at: datetime
    scores: tuple[int | float, ...]
    hand: int
    app_version: str
    path: Path


@dataclass(frozen=True)
class SaveFile:
    """A save read back: its listing and the game payload."""

    info: SlotInfo
    payload: dict[str, Any]


def dated(moment: datetime) -> datetime:
    """``moment`` (the clock's) kept inside the dates a save may carry."""
    return min(max(moment, EARLIEST_SAVE), LATEST_SAVE - timedelta(seconds=1))


def usable_slot_name(text: str, fallback: str = "save") -> str:
    """``text`` (a variant's and players' names, say) made a valid save name: characters
    a name may not hold become spaces, it starts with a letter or digit, ends with
    neither a space nor '.', and fits; ``fallback`` if nothing of it is left."""
    kept = "".join(ch if ch.isalnum() or ch in " -_." else " " for ch in text)
    name = " ".join(kept.split())
    while name and not _SLOT.match(name[0]):
        name = name[1:].lstrip()
    name = name[:MAX_SLOT_LENGTH].rstrip(" .")
    try:
        return validate_slot_name(name)
    except InvalidName:
        return fallback


def validate_slot_name(slot: Any) -> str:
    """``slot`` if usable as a save slot name, else ``InvalidName`` saying why."""
    if not isinstance(slot, str) or not slot:
        raise InvalidName(N_("a save name cannot be empty"))
    if len(slot) > MAX_SLOT_LENGTH:
        raise InvalidName(N_("a save name can be at most {most} characters"),
                          most=MAX_SLOT_LENGTH)
    if "/" in slot or "\\" in slot or slot in (".", "..") or os.sep in slot:
        raise InvalidName(N_("a save name cannot contain / or \\"))
    if not _SLOT.fullmatch(slot) or slot.endswith((".", " ")):
        raise InvalidName(N_(
            "a save name may use letters, digits, spaces, '-', '_' and '.', "
            "must start with a letter or digit, and cannot end with a space or '.'")
        )
    if slot.split(".")[0].strip().casefold() in _WINDOWS_RESERVED:
        raise InvalidName(N_('"{name}" is a reserved name on Windows'), name=slot)
    return slot


# Saves the game wrote itself, or found sound, by file identity (size, mtime): start-up
# replays only the others (a long match takes the better part of a second to replay).
CHECKED_NAME = ".checked.json"
_CHECKED_LIMIT = 1 << 20


class SaveStore:
    """Write, read, list and delete saved games in one folder."""

    def __init__(self, directory: Path, messages: MessageLog) -> None:
        self.directory = directory
        self._messages = messages
        #: asked before the autosave is written or removed: False while another running
        #: game holds the data folder (``game.store.Store.claim``): the autosave is its
        self.autosave_claim: Callable[[], bool] | None = None
        clean_stale_temps(directory)

    def path_for(self, slot: str) -> Path:
        """The file of ``slot`` (after validating the name)."""
        return self.directory / f"{validate_slot_name(slot)}{SAVE_SUFFIX}"

    def write(
        self,
        slot: str,
        payload: Mapping[str, Any],
        summary: SaveSummary | Mapping[str, Any],
    ) -> SlotInfo:
        """Save ``payload`` in ``slot`` atomically, keeping the previous save as ``.bak``.

        ``InvalidName`` for a bad slot name, ``ValueError`` for a malformed summary,
        ``StoreWriteError`` if the game cannot be stored or the file cannot be written.
        """
        path = self.path_for(slot)
        self._may_change(slot, path)
        clean_summary = SaveSummary.from_json(summary)
        if not isinstance(payload, Mapping):
            raise StoreWriteError(path, "the game to save must be a JSON object")
        saved_at = dated(datetime.now(UTC).replace(microsecond=0))
        envelope = {
            "schema": SAVE_SCHEMA,
            "app_version": __version__,
            "saved_at": saved_at.isoformat(),
            "summary": clean_summary.to_json(),
            "game": dict(payload),
        }
        try:
            data = jsonfile.dump_json(envelope)
        except (TypeError, ValueError, RecursionError) as exc:
            raise StoreWriteError(path, f"the game cannot be stored as JSON ({exc})") from None
        if len(data) > MAX_SAVE_BYTES:
            raise StoreWriteError(
                path, f"the save would be {len(data)} bytes; the limit is {MAX_SAVE_BYTES}"
            )
        try:
            atomic_write_bytes(path, data)
        except OSError as exc:
            raise StoreWriteError(path, f"cannot be written ({exc.strerror or exc})") from exc
        self.mark_checked(slot)
        return _info(slot, path, clean_summary, saved_at, __version__)

    def owns_autosave(self) -> bool:
        """May this game write the autosave (no other running game holds the folder)?"""
        return self.autosave_claim is None or self.autosave_claim()

    def _may_change(self, slot: str, path: Path) -> None:
        """``FolderInUse`` if ``slot`` is the autosave of another running game."""
        if slot == AUTOSAVE and not self.owns_autosave():
            raise FolderInUse(path, IN_USE_PROBLEM)

    def is_checked(self, slot: str) -> bool:
        """Is ``slot``'s file the one this store wrote or ``mark_checked`` last saw?"""
        identity = _identity(self.path_for(slot))
        return identity is not None and self._checked().get(slot) == identity

    def unchecked(self) -> builtins.list[str]:
        """The usable saves that are not known sound (``is_checked``): the ones start-up
        replays."""
        return [info.slot for info in self.list() if not self.is_checked(info.slot)]

    def mark_checked(self, slot: str) -> None:
        """Remember ``slot``'s file as sound. A cache only: failing to write it costs a
        replay at the next start, nothing more."""
        identity = _identity(self.path_for(slot))
        checked = self._checked()
        if identity is None:
            checked.pop(slot, None)
        else:
            checked[slot] = identity
        live = set(self._slots())
        checked = {name: value for name, value in checked.items() if name in live}
        cache = self.directory / CHECKED_NAME
        with contextlib.suppress(OSError, ValueError):
            if checked:
                atomic_write_bytes(cache, jsonfile.dump_json(checked), keep_backup=False)
            else:
                remove_file(cache)  # no saves left: the folder is left empty

    def _checked(self) -> dict[str, builtins.list[int]]:
        try:
            document = jsonfile.decode_object(
                read_limited(self.directory / CHECKED_NAME, _CHECKED_LIMIT))
        except (OSError, ValueError, jsonfile.BadFile):
            return {}
        return {slot: value for slot, value in document.items()
                if isinstance(value, list) and len(value) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) for v in value)}

    def load(self, slot: str) -> SaveFile | None:
        """The save in ``slot``, or ``None`` if there is none or it is unusable (then it is
        moved aside and a message recorded)."""
        path = self.path_for(slot)
        return jsonfile.load(
            path, lambda raw: _parse(slot, path, raw), self._messages, max_bytes=MAX_SAVE_BYTES
        )

    def read(self, slot: str) -> dict[str, Any] | None:
        """The game payload saved in ``slot``, or ``None``."""
        loaded = self.load(slot)
        return loaded.payload if loaded is not None else None

    def info(self, slot: str) -> SlotInfo | None:
        """The listing of ``slot``, or ``None`` if there is no usable save there."""
        loaded = self.load(slot)
        return loaded.info if loaded is not None else None

    def list(self) -> list[SlotInfo]:
        """Every usable save: the autosave first, then newest first."""
        found = []
        for slot in self._slots():
            info = self.info(slot)
            if info is not None:
                found.append(info)
        found.sort(key=lambda info: info.saved_at, reverse=True)
        found.sort(key=lambda info: info.slot != AUTOSAVE)
        return found

    def delete(self, slot: str) -> bool:
        """Remove ``slot`` and its backup; False if there was no such save."""
        path = self.path_for(slot)
        self._may_change(slot, path)
        try:
            removed = remove_file(path)
            remove_file(backup_path(path))
        except OSError as exc:
            raise StoreWriteError(path, f"cannot be deleted ({exc.strerror or exc})") from exc
        self.mark_checked(slot)
        return removed

    def set_aside(self, slot: str, problem: str) -> Path | None:
        """Move a save whose file reads but whose game cannot be played aside (renamed,
        never deleted) and record why; the path it went to, or None if there was none."""
        path = self.path_for(slot)
        if not path.is_file():
            return None
        try:
            target = move_aside(path, "unplayable")
        except OSError as exc:
            self._messages.add(path, f"could not be moved aside ({exc.strerror or exc})")
            return None
        self._messages.add(path, f"{problem}; kept as {target.name}")
        return target

    def exists(self, slot: str) -> bool:
        """True if ``slot`` has a file (usable or not)."""
        return self.path_for(slot).is_file()

    def has_autosave(self) -> bool:
        """True if there is a usable autosave."""
        return self.info(AUTOSAVE) is not None

    def _slots(self) -> builtins.list[str]:
        slots = []
        with contextlib.suppress(OSError):
            for entry in os.scandir(self.directory):
                if not entry.name.endswith(SAVE_SUFFIX) or entry.name.startswith("."):
                    continue
                slot = entry.name[: -len(SAVE_SUFFIX)]
                try:
                    slots.append(validate_slot_name(slot))
                except InvalidName:
                    continue
        return sorted(slots)


def _parse(slot: str, path: Path, raw: bytes) -> SaveFile:
    return parse_save(jsonfile.decode_object(raw), path, slot)


def parse_save(document: Any, path: Path, slot: str | None = None) -> SaveFile:
    """A save file's JSON document read as the store reads every save: upgraded to the
    current schema, its listing, version, date and game checked. ``jsonfile.BadFile``
    naming the problem (``tag`` "newer" for a save of a newer version). The game itself
    is the session's to check (``game.session.GameSession.from_json``). ``slot`` defaults to
    the file's name without ``.json``; nothing is read or moved: ``path`` only names it."""
    if slot is None:
        slot = path.name[: -len(SAVE_SUFFIX)] if path.name.endswith(SAVE_SUFFIX) else path.name
    if not isinstance(document, dict):
        raise jsonfile.BadFile("has the wrong shape (expected a JSON object)")
    document = jsonfile.upgrade(document, MIGRATIONS)
    try:
        summary = SaveSummary.from_json(document.get("summary"))
    except ValueError as exc:
        raise jsonfile.BadFile(f"has the wrong shape ({exc})") from None
    app_version, saved_at, game = (
        document.get("app_version"),
        document.get("saved_at"),
        document.get("game"),
    )
    if not isinstance(app_version, str):
        raise jsonfile.BadFile('has the wrong shape (no "app_version")')
    if len(app_version) > MAX_VERSION_LENGTH:
        raise jsonfile.BadFile(
            f'has the wrong shape ("app_version" is {len(app_version)} characters long; '
            f"the limit is {MAX_VERSION_LENGTH})"
        )
    if not isinstance(game, dict):
        raise jsonfile.BadFile('has the wrong shape ("game" is not an object)')
    try:
        when = (
            datetime.fromisoformat(saved_at)
            if isinstance(saved_at, str) and len(saved_at) <= 64
            else None
        )
    except ValueError:
        when = None
    if when is None:
        raise jsonfile.BadFile('has the wrong shape ("saved_at" is not a date and time)')
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    try:
        in_range = EARLIEST_SAVE <= when.astimezone(UTC) < LATEST_SAVE
    except (OverflowError, ValueError):
        in_range = False
    if not in_range:
        raise jsonfile.BadFile(
            f'has a "saved_at" out of range ({saved_at}; saves are dated '
            f"{EARLIEST_SAVE.year} to {LATEST_SAVE.year - 1})"
        )
    return SaveFile(_info(slot, path, summary, when, app_version), game)


def _info(
    slot: str, path: Path, summary: SaveSummary, saved_at: datetime, app_version: str
) -> SlotInfo:
    return SlotInfo(
        slot=slot,
        variant=summary.variant,
        players=summary.players,
        saved_at=saved_at,
        scores=summary.scores,
        hand=summary.hand,
        app_version=app_version,
        path=path,
    )


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _identity(path: Path) -> list[int] | None:
    """What tells one version of a file from the next: its size and modification time."""
    try:
        info = path.stat()
    except OSError:
        return None
    return [info.st_size, info.st_mtime_ns]
