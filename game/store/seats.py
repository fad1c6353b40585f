"""A seat at the table: a name and who plays it (a person, or a computer level).

The one seat type of the game: a game session's seats (``game.session`` re-exports it), the
seats a save holds, the default seats of the settings and the seats of a statistics record
are all ``Seat``; :meth:`Seat.to_json` and :meth:`Seat.from_json` are the only conversions
to and from the ``{"name", "kind"}`` objects those files hold."""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

SEAT_KINDS = ("human", "easy", "medium", "hard")
COMPUTER_KINDS = ("easy", "medium", "hard")
MAX_NAME_LENGTH = 32
#: What no one types in a name and no font draws: control characters (NUL, escape, tabs,
#: line breaks...), lone surrogates, and the line and paragraph separators
_NOT_IN_A_NAME = frozenset(("Cc", "Cs", "Zl", "Zp"))


def clean_name(name: str) -> str:
    """``name`` without the characters that have no place in a player's name (NUL and the
    other control characters, lone surrogates, line breaks), spaces at its ends removed:
    how a name read from a file is taken in."""
    return "".join(ch for ch in name
                   if unicodedata.category(ch) not in _NOT_IN_A_NAME).strip()


def has_control_character(name: str) -> bool:
    """Does ``name`` hold a character ``clean_name`` leaves out?"""
    return any(unicodedata.category(ch) in _NOT_IN_A_NAME for ch in name)


@dataclass(frozen=True)
class Seat:
    """``kind`` is ``"human"`` or a computer level: ``"easy"``, ``"medium"``, ``"hard"``."""

    name: str
    kind: str = "human"

    @property
    def is_human(self) -> bool:
        return self.kind == "human"

    def to_json(self) -> dict[str, str]:
        return {"name": self.name, "kind": self.kind}

    @classmethod
    def from_json(cls, data: Any) -> Seat:
        """A seat from ``{"name", "kind"}`` (or a ``Seat``); ``ValueError`` if malformed."""
        if isinstance(data, Seat):
            data = data.to_json()
        if not isinstance(data, Mapping):
            raise ValueError("a seat must be an object with name and kind")
        name, kind = data.get("name"), data.get("kind")
        if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME_LENGTH:
            raise ValueError(f"a seat name must be 1-{MAX_NAME_LENGTH} characters")
        if kind not in SEAT_KINDS:
            raise ValueError(f"a seat kind must be one of {', '.join(SEAT_KINDS)}")
        return cls(name=name, kind=kind)
