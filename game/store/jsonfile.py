"""Reading and writing the store's JSON files without ever raising on bad content.

A file that is unreadable, too large, not UTF-8, not JSON, the wrong shape, or from a
newer schema is moved aside (``NAME.corrupt-STAMP`` / ``NAME.newer-STAMP``), a message
is recorded, and the caller gets ``None``; if a good ``NAME.bak`` exists it is restored.
"""

from __future__ import annotations

import errno
import json
import math
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

from game.store.atomic import (
    FileTooLarge,
    NotARegularFile,
    atomic_write_bytes,
    backup_path,
    file_kind,
    move_aside,
    read_limited,
)
from game.store.messages import MessageLog
from game.store.migrate import MigrationChain, MigrationError

T = TypeVar("T")


class BadFile(Exception):
    """The content of a file is unusable; ``tag`` names the suffix it is moved aside with."""

    def __init__(self, problem: str, tag: str = "corrupt") -> None:
        super().__init__(problem)
        self.problem = problem
        self.tag = tag


@dataclass(frozen=True)
class Loaded(Generic[T]):
    value: T
    raw: bytes


def dump_json(document: Any, *, indent: int | None = None) -> bytes:
    """UTF-8 JSON for ``document`` (no NaN/Infinity; lone surrogates escaped)."""
    separators = (",", ": ") if indent is not None else (",", ":")
    text = json.dumps(
        document, ensure_ascii=False, allow_nan=False, indent=indent, separators=separators
    )
    try:
        return (text + "\n").encode("utf-8")
    except UnicodeEncodeError:
        text = json.dumps(document, allow_nan=False, indent=indent, separators=separators)
        return (text + "\n").encode("ascii")


def decode_object(raw: bytes) -> dict[str, Any]:
    """The JSON object in ``raw``; ``BadFile`` if it is not UTF-8, not JSON, or not an object."""
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise BadFile(f"is not UTF-8 text (bad byte at offset {exc.start})") from None
    if not text.strip():
        raise BadFile("is empty")
    try:
        document = parse_json(text)
    except RecursionError:
        raise BadFile("is not valid JSON (nested too deeply)") from None
    except ValueError as exc:
        raise BadFile(f"is not valid JSON ({exc})") from None
    if not isinstance(document, dict):
        raise BadFile(f"has the wrong shape (expected a JSON object, found {_kind(document)})")
    return document


def parse_json(text: str) -> Any:
    """``text`` parsed as the store parses its files: NaN, Infinity and numbers too large
    for a float are refused (``ValueError``), as JSON itself has no such values.
    ``RecursionError`` for a document nested too deeply."""
    return json.loads(text, parse_constant=_reject_constant, parse_float=_finite_float)


def upgrade(document: dict[str, Any], chain: MigrationChain) -> dict[str, Any]:
    """``document`` migrated to ``chain.current``; ``BadFile`` for a missing or newer schema."""
    version = document.get("schema")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise BadFile('has the wrong shape (no valid "schema" number)')
    if version > chain.current:
        raise BadFile(
            f"was written by a newer version of the game (schema {version}; "
            f"this version reads up to {chain.current})",
            tag="newer",
        )
    try:
        return chain.upgrade(document, version)
    except MigrationError as exc:
        raise BadFile(f"cannot be upgraded ({exc})") from None
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise BadFile(f"cannot be upgraded from schema {version} ({exc!r})") from None


def load(
    path: Path,
    parse: Callable[[bytes], T],
    messages: MessageLog,
    *,
    max_bytes: int,
    use_backup: bool = True,
) -> T | None:
    """Parse ``path``; on any problem move it aside, record why, and try ``NAME.bak``.

    Returns ``None`` when the file is missing or nothing usable was found. Never raises
    for bad content or unreadable files.
    """
    result = _load_one(path, parse, messages, max_bytes)
    if isinstance(result, Loaded):
        return result.value
    if result is None or not use_backup:
        return None
    bak = backup_path(path)
    restored = _load_one(bak, parse, messages, max_bytes)
    if not isinstance(restored, Loaded):
        return None
    try:
        if os.path.lexists(path):  # the bad file could not be moved: leave it alone
            messages.add(path, f"the previous version in {bak.name} was used instead")
        else:
            atomic_write_bytes(path, restored.raw, keep_backup=False)
            messages.add(path, f"the previous version was restored from {bak.name}")
    except OSError as exc:
        messages.add(path, f"the previous version in {bak.name} was used but not restored ({exc})")
    return restored.value


def peek(path: Path, parse: Callable[[bytes], T], *, max_bytes: int) -> T | None:
    """``path`` parsed as ``load`` parses it, with the same limits (size, file kind, never
    blocking on a named pipe or a device, nesting), but touching nothing: no file is moved
    aside or restored, no message recorded. ``None`` when it is missing or unusable. For
    readers before the store opens (the command line's language)."""
    try:
        return parse(read_limited(path, max_bytes))
    except Exception:  # missing, unreadable, not a file, too large, bad content: all alike
        return None


_FAILED = "failed"


def _load_one(
    path: Path, parse: Callable[[bytes], T], messages: MessageLog, max_bytes: int
) -> Loaded[T] | str | None:
    """``Loaded`` on success, ``None`` if missing, ``_FAILED`` after setting a bad file aside."""
    for _attempt in range(3):
        try:
            before = os.stat(path)
        except FileNotFoundError:
            if os.path.islink(path):  # a link to nothing: the file is gone, the link is not
                _set_aside(path, BadFile("is a link to a file that does not exist"), messages)
                return _FAILED
            return None
        except OSError as exc:
            if exc.errno == errno.ELOOP:  # links that lead to each other
                _set_aside(path, BadFile("is a link that leads back to itself"), messages)
            else:
                messages.add(path, f"cannot be read ({exc.strerror or exc})")
            return _FAILED
        try:
            kind = file_kind(before.st_mode)
            if kind is not None:
                raise BadFile(f"is {kind}, not a file")
            try:
                raw = read_limited(path, max_bytes)
            except FileNotFoundError:
                continue  # replaced or removed by another instance: look again
            except NotARegularFile as exc:  # swapped in since the check above
                raise BadFile(f"is {exc.kind}, not a file") from None
            except FileTooLarge as exc:
                problem = f"is too large ({exc.size} bytes; the limit is {exc.limit})"
                raise BadFile(problem) from None
            except OSError as exc:
                raise BadFile(f"cannot be read ({exc.strerror or exc})") from None
            try:
                return Loaded(parse(raw), raw)
            except BadFile:
                raise
            except RecursionError:
                raise BadFile("has the wrong shape (nested too deeply)") from None
            except Exception as exc:  # untrusted content: no surprise may escape the store
                raise BadFile(f"has unexpected content ({type(exc).__name__}: {exc})") from None
        except BadFile as bad:
            if _changed_since(path, before):
                continue  # another instance wrote a new version meanwhile: read that one
            _set_aside(path, bad, messages)
            return _FAILED
    messages.add(path, "keeps changing while being read; left alone")
    return _FAILED


def _changed_since(path: Path, before: os.stat_result) -> bool:
    try:
        now = os.stat(path)
    except OSError:
        return True
    return (now.st_ino, now.st_size, now.st_mtime_ns) != (
        before.st_ino,
        before.st_size,
        before.st_mtime_ns,
    )


def _set_aside(path: Path, bad: BadFile, messages: MessageLog) -> None:
    try:
        target = move_aside(path, bad.tag)
    except FileNotFoundError:
        messages.add(path, f"{bad.problem}; it was already moved away")
    except OSError as exc:
        messages.add(path, f"{bad.problem}; it could not be moved aside ({exc.strerror or exc})")
    else:
        messages.add(path, f"{bad.problem}; it was kept as {target.name}")


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not allowed")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text} is out of range")
    return value


def _kind(value: Any) -> str:
    return {
        list: "a list",
        str: "a string",
        bool: "true/false",
        int: "a number",
        float: "a number",
        type(None): "null",
    }.get(type(value), type(value).__name__)
