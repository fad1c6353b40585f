"""House-rule presets in ``presets.json``: named variant + option sets to start games from."""

from __future__ import annotations

import builtins
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.store import jsonfile
from game.store.atomic import atomic_write_bytes
from game.store.errors import N_, InvalidName, StoreWriteError
from game.store.lock import locked
from game.store.messages import MessageLog
from game.store.migrate import MigrationChain

PRESETS_SCHEMA = 1
MAX_PRESETS_BYTES = 1024 * 1024
MAX_PRESET_NAME = 64

MIGRATIONS = MigrationChain("presets", PRESETS_SCHEMA)

_VARIANT_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")


@dataclass(frozen=True)
class Preset:
    """A named set of house-rule options for one variant."""

    name: str
    variant: str
    options: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"variant": self.variant, "options": dict(self.options)}


def validate_preset_name(name: Any) -> str:
    """``name`` if usable as a preset name, else ``InvalidName`` saying why."""
    if not isinstance(name, str) or not name.strip():
        raise InvalidName(N_("a preset name cannot be empty"))
    if len(name) > MAX_PRESET_NAME:
        raise InvalidName(N_("a preset name can be at most {most} characters"),
                          most=MAX_PRESET_NAME)
    if name != name.strip():
        raise InvalidName(N_("a preset name cannot start or end with a space"))
    if any(not ch.isprintable() for ch in name):
        raise InvalidName(N_("a preset name cannot contain control characters"))
    return name


def parse_preset(name: Any, entry: Any) -> Preset:
    """A ``Preset`` from one ``presets.json`` entry; ``ValueError`` saying what is wrong."""
    validate_preset_name(name)
    if not isinstance(entry, Mapping):
        raise ValueError("must be an object with variant and options")
    variant, options = entry.get("variant"), entry.get("options", {})
    if not isinstance(variant, str) or not _VARIANT_ID.fullmatch(variant):
        raise ValueError("has no valid variant id")
    if not isinstance(options, Mapping) or not all(isinstance(key, str) and key for key in options):
        raise ValueError("has options that are not an object of named values")
    try:
        jsonfile.dump_json(dict(options))
    except (TypeError, ValueError) as exc:
        raise ValueError(f"has options that cannot be stored ({exc})") from None
    return Preset(name=name, variant=variant, options=dict(options))


class PresetStore:
    """List, save and delete presets; every change is written at once, atomically.

    A change locks the file, reads it again and writes it back, so presets saved
    meanwhile by another instance of the game are kept. Entries this version cannot
    read are kept too.
    """

    def __init__(self, path: Path, messages: MessageLog) -> None:
        self.path = path
        self._messages = messages
        self._reported: set[str] = set()
        self._document: dict[str, Any] = self._load()

    def list(self) -> list[Preset]:
        """The readable presets, by name."""
        found = []
        for name, entry in self._entries().items():
            try:
                found.append(parse_preset(name, entry))
            except ValueError as exc:
                self._report(f'preset "{name}" {exc}; it is ignored')
        return sorted(found, key=lambda preset: preset.name.casefold())

    def names(self) -> builtins.list[str]:
        """The names of the readable presets, in ``list()`` order."""
        return [preset.name for preset in self.list()]

    def get(self, name: str) -> Preset | None:
        """Preset ``name``, or ``None`` if there is none or it is unreadable."""
        entry = self._entries().get(name)
        if entry is None:
            return None
        try:
            return parse_preset(name, entry)
        except ValueError:
            return None

    def save(self, name: str, variant: str, options: Mapping[str, Any]) -> Preset:
        """Add or replace preset ``name``; ``InvalidName``/``ValueError`` for bad input,
        ``StoreWriteError`` if the file cannot be written."""
        validate_preset_name(name)
        preset = parse_preset(name, {"variant": variant, "options": dict(options)})
        with locked(self.path):
            self.reload()
            self._entries()[name] = preset.to_json()
            self._write()
        return preset

    def delete(self, name: str) -> bool:
        """Remove preset ``name``; False if there was none."""
        with locked(self.path):
            self.reload()
            if name not in self._entries():
                return False
            del self._entries()[name]
            self._write()
        return True

    def reload(self) -> None:
        """Read the file again (picking up changes from other instances)."""
        self._document = self._load()

    def _entries(self) -> dict[str, Any]:
        entries: dict[str, Any] = self._document.setdefault("presets", {})
        return entries

    def _load(self) -> dict[str, Any]:
        loaded = jsonfile.load(self.path, _parse, self._messages, max_bytes=MAX_PRESETS_BYTES)
        return loaded if loaded is not None else {"schema": PRESETS_SCHEMA, "presets": {}}

    def _write(self) -> None:
        document = {**self._document, "schema": PRESETS_SCHEMA}
        data = jsonfile.dump_json(document, indent=2)
        if len(data) > MAX_PRESETS_BYTES:
            raise StoreWriteError(self.path, f"too many presets (over {MAX_PRESETS_BYTES} bytes)")
        try:
            atomic_write_bytes(self.path, data)
        except OSError as exc:
            raise StoreWriteError(self.path, f"cannot be written ({exc.strerror or exc})") from exc

    def _report(self, problem: str) -> None:
        if problem not in self._reported:
            self._reported.add(problem)
            self._messages.add(self.path, problem)


def _parse(raw: bytes) -> dict[str, Any]:
    document = jsonfile.upgrade(jsonfile.decode_object(raw), MIGRATIONS)
    presets = document.setdefault("presets", {})
    if not isinstance(presets, dict):
        raise jsonfile.BadFile('has the wrong shape ("presets" is not an object)')
    return document
