"""The host's turn timer (``HostSettings.turn_time``, a table manner, not a rule: the host's
wall clock). One timer runs at a time, for one seat's move; every client and the host's
screen are told (``clock``). At zero it hands the move to ``expired`` (the host plays it:
``game.net.match_driver``)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any

from game.ai.turns import SEAT_ONLY
from game.net.events import TurnClock
from game.net.links import Conn

__all__ = ["TIMEOUTS_TO_COMPUTER", "TIMEOUT_ACTIONS", "TurnTimer"]

#: What the host plays for a seat whose turn timer ran out, the first the match allows: the
#: engine's own actions that need no card (never a knock: that is a player's choice).
TIMEOUT_ACTIONS = tuple((kind, make) for kind, make in SEAT_ONLY if kind != "knock")
#: Timeouts in a row after which a computer plays the seat until its player acts again.
TIMEOUTS_TO_COMPUTER = 3

#: A move's key: (the seat, the count of moves due so far).
MoveKey = tuple[int, int]


class TurnTimer:
    """The turn timer: ``on`` when a network player's move is due, ``off`` otherwise;
    ``moves`` counts the moments a seat's move became due (``next_move``)."""

    def __init__(self, total: float, loop: asyncio.AbstractEventLoop,
                 send: Callable[[Conn, dict[str, Any]], None],
                 put: Callable[[object], None],
                 broadcast: Callable[[dict[str, Any]], None],
                 expired: Callable[[MoveKey], Coroutine[Any, Any, None]]) -> None:
        self.total = total
        self._loop = loop
        self._send = send
        self._put = put
        self._broadcast = broadcast
        self._expired = expired
        self.moves = 0  # moments a seat's move became due (the turn timer's turns)
        self._clock: asyncio.TimerHandle | None = None
        self.key: MoveKey | None = None  # (seat, move) the timer runs for
        self._end = 0.0

    def next_move(self) -> None:
        """Another move is due: the turn timer starts afresh."""
        self.moves += 1

    def on(self, seat: int) -> None:
        """A person's move is due from ``seat``: the turn timer starts (once per move)."""
        total = self.total
        key = (seat, self.moves)
        if total <= 0 or self.key == key:
            return
        self.off()
        self.key = key
        self._end = self._loop.time() + total
        self._clock = self._loop.call_later(total, self._time_out, key)
        self.tell(None)

    def off(self) -> None:
        if self._clock is not None:
            self._clock.cancel()
        self._clock = None
        self.key = None

    def tell(self, conn: Conn | None) -> None:
        """The running turn timer, to every client and the host's screen (or to ``conn``)."""
        if self.key is None:
            return
        seat = self.key[0]
        left = max(0.0, self._end - self._loop.time())
        message = {"type": "clock", "seat": seat, "left": round(left, 2),
                   "total": self.total}
        if conn is not None:
            self._send(conn, message)
            return
        self._put(TurnClock(seat, left, self.total))
        self._broadcast(message)

    def _time_out(self, key: MoveKey) -> None:
        self._clock = None
        if key == self.key:
            self._loop.create_task(self._expired(key))
