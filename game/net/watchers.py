"""Spectators of a hosted game: people who watch the public table and the log, never a hand.

The host lets at most ``most`` spectators in (0: none; the host's lobby sets it). A
spectator says hello with ``watch``; it holds no seat, may not act, may send quick table
messages, and is sent the lobby, each action's public facts and the public view: the view
of no seat (``seat`` -1, no hand, every hand a count as the others' are to a player), so
nothing of any hand or of the stock ever reaches it (the counts aside).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from game.engine.protocol import GameState, SeatView
from game.engine.variants import Family
from game.net.wire import clean_name

#: the seat number a spectator is welcomed with (it plays none)
WATCHING = -1


def _manipulation_public(view: Any) -> SeatView:
    public: SeatView = replace(view, seat=WATCHING, hand=(), legal=(), draws_this_turn=0,
                               played_this_turn=False)
    return public


def _contract_public(view: Any) -> SeatView:
    public: SeatView = replace(view, seat=WATCHING, hand=(), legal=(), swapped=(),
                               taken=None)
    return public


_PUBLIC: dict[Family, Callable[[Any], SeatView]] = {
    Family.MANIPULATION: _manipulation_public, Family.CONTRACT: _contract_public}


def public_view(family: Family, match: GameState) -> SeatView:
    """What a spectator sees of ``match``: the public table, counts, totals and turns."""
    return _PUBLIC[family](match.view(0))


class Spectators:
    """The spectators of a host: their connections and names, at most ``most``."""

    def __init__(self, most: int = 0) -> None:
        self.most = most
        self.names: dict[object, str] = {}

    def admit(self, conn: object, name: str) -> str:
        """Let ``conn`` watch under ``name``; why not, in words ("" when let in)."""
        if self.most <= 0:
            return "this game takes no spectators"
        if len(self.names) >= self.most:
            return "every spectator place is taken"
        self.names[conn] = clean_name(name, "Spectator")
        return ""

    def leave(self, conn: object) -> bool:
        """``conn`` has gone; whether it was a spectator."""
        return self.names.pop(conn, None) is not None

    def __contains__(self, conn: object) -> bool:
        return conn in self.names

    def conns(self) -> list[object]:
        return list(self.names)

    def shown(self) -> list[str]:
        """Their names, in the order they came."""
        return list(self.names.values())
