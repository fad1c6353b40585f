"""The seats this computer holds in network games (``seat_tokens.json``): for each game
joined, by the host's address and join code, the token its host gave for the seat. A
player whose game crashed, or whose computer restarted, takes the seat back with it (the
Join screen, ``machiavelli join``) rather than being told the game is full.

A token is the host's key to a seat of one game and nothing more; the newest ``MOST_TOKENS``
games are kept. A bad file is moved aside as every store file is (``jsonfile``).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.store import jsonfile
from game.store.atomic import atomic_write_bytes
from game.store.errors import StoreWriteError
from game.store.lock import locked
from game.store.messages import MessageLog
from game.store.migrate import MigrationChain

TOKENS_SCHEMA = 1
MAX_TOKENS_BYTES = 256 * 1024
#: the most games whose seats are kept (the oldest go first)
MOST_TOKENS = 50
#: the longest address, join code, token and name kept
MAX_FIELD = 256

MIGRATIONS = MigrationChain("seat tokens", TOKENS_SCHEMA)


@dataclass(frozen=True)
class SeatToken:
    """The seat held in the game at ``address`` (as ``HOST:PORT``, an IPv6 host in
    brackets) with join code ``code``: the host's ``token`` for seat ``seat`` (from 0),
    played as ``name``; ``saved_at``: when the host gave it (seconds since the epoch)."""

    address: str
    code: str
    token: str
    seat: int
    name: str = ""
    saved_at: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return {"address": self.address, "code": self.code, "token": self.token,
                "seat": self.seat, "name": self.name, "saved_at": self.saved_at}


def _key(address: str, code: str) -> str:
    return f"{address} {code}"


def parse_token(entry: Any) -> SeatToken:
    """A ``SeatToken`` from one entry of the file; ``ValueError`` saying what is wrong."""
    if not isinstance(entry, dict):
        raise ValueError("is not an object")
    texts = [entry.get(name, "") for name in ("address", "code", "token", "name")]
    if not all(isinstance(t, str) and len(t) <= MAX_FIELD for t in texts) \
            or not all(texts[:3]):
        raise ValueError("lacks its address, code or token")
    texts = [str(t) for t in texts]
    seat, saved_at = entry.get("seat"), entry.get("saved_at", 0.0)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < 64:
        raise ValueError("has no seat number")
    if isinstance(saved_at, bool) or not isinstance(saved_at, int | float):
        raise ValueError("has no time")
    return SeatToken(texts[0], texts[1], texts[2], seat, texts[3], float(saved_at))


class TokenStore:
    """Read, keep and forget the seats held; each change is written at once, atomically,
    under the file's lock (another instance of the game may join meanwhile)."""

    def __init__(self, path: Path, messages: MessageLog) -> None:
        self.path = path
        self._messages = messages

    def get(self, address: str, code: str) -> SeatToken | None:
        """The seat held in the game at ``address`` with ``code``, if any."""
        entry = self._load()["tokens"].get(_key(address, code))
        try:
            return parse_token(entry) if entry is not None else None
        except ValueError:
            return None

    def list(self) -> list[SeatToken]:
        """Every seat held, the newest first."""
        found = []
        for entry in self._load()["tokens"].values():
            try:
                found.append(parse_token(entry))
            except ValueError:
                continue
        return found[::-1]  # kept in the order taken (``keep`` puts a game last)

    def keep(self, address: str, code: str, token: str, seat: int, name: str = "") -> SeatToken:
        """Keep the token of a seat just taken (replacing the game's older one);
        ``StoreWriteError`` if the file cannot be written."""
        held = SeatToken(address[:MAX_FIELD], code[:MAX_FIELD], token[:MAX_FIELD], seat,
                         name[:MAX_FIELD], time.time())
        with locked(self.path):
            document = self._load()
            tokens = document["tokens"]
            tokens.pop(_key(held.address, held.code), None)
            tokens[_key(held.address, held.code)] = held.to_json()
            while len(tokens) > MOST_TOKENS:
                del tokens[next(iter(tokens))]  # the oldest kept first: insertion order
            self._write(document)
        return held

    def forget(self, address: str, code: str) -> bool:
        """Forget the seat of the game at ``address`` with ``code`` (its host no longer
        knows the token, or the match is over); False if none was kept."""
        with locked(self.path):
            document = self._load()
            if document["tokens"].pop(_key(address, code), None) is None:
                return False
            self._write(document)
        return True

    def _load(self) -> dict[str, Any]:
        loaded = jsonfile.load(self.path, _parse, self._messages, max_bytes=MAX_TOKENS_BYTES)
        return loaded if loaded is not None else {"schema": TOKENS_SCHEMA, "tokens": {}}

    def _write(self, document: dict[str, Any]) -> None:
        data = jsonfile.dump_json({**document, "schema": TOKENS_SCHEMA}, indent=2)
        try:
            atomic_write_bytes(self.path, data)
        except OSError as exc:
            raise StoreWriteError(self.path, f"cannot be written ({exc.strerror or exc})") from exc


def _parse(raw: bytes) -> dict[str, Any]:
    document = jsonfile.upgrade(jsonfile.decode_object(raw), MIGRATIONS)
    tokens = document.setdefault("tokens", {})
    if not isinstance(tokens, dict):
        raise jsonfile.BadFile('has the wrong shape ("tokens" is not an object)')
    return document
