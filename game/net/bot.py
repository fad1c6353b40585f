"""A computer player at a seat of a network game (``machiavelli join --as LEVEL``): it
plays through a ``NetClient`` exactly as ``game.ai.turns.settle`` plays a local seat, on
the views the host sends: the player's decision, then, if the host refuses it, the
player's fallback, then the first seat-only action the view allows. So a seeded match
played over the network ends as the same match played on one computer.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.ai.turns import FALLBACK, SEAT_ONLY, Decision, SeatPlayer, ask, for_seat, make_computer
from game.engine.protocol import SeatView
from game.net.client import NetClient
from game.net.events import (
    HostLost,
    Joined,
    JoinRefused,
    MatchOver,
    Problem,
    Refused,
    Rematch,
    Removed,
    Update,
)
from game.net.views import seat_to_move

#: A seat whose connection was lost is asked back with its token this many times, the
#: first at once, then this many seconds apart (as a joined table does:
#: ``game.ui.cardtable.joined``); the host keeps a dropped seat a minute by default.
RECONNECT_TRIES = 5
RECONNECT_EVERY = 3.0


@dataclass(frozen=True)
class BotOutcome:
    """How a bot's game ended: ``over`` (the match's end), or why it stopped; ``lost``:
    the connection to the host went (it may come back with the seat's token), ``refused``:
    the host refused the join (with ``problem``, its words)."""

    over: MatchOver | None
    problem: str = ""
    seat: int | None = None
    lost: bool = False
    refused: bool = False


def _due(view: SeatView, seat: int) -> bool:
    """Whether the view asks ``seat`` for an action (the host deals the next hand itself)."""
    return view.hand_result is None and bool(view.legal) and seat_to_move(view) == seat


def play_seat(client: NetClient, level: str, seed: int, idle_timeout: float | None = None,
              joined: Callable[[Joined], None] | None = None,
              rematches: int = 0,
              over: Callable[[MatchOver], None] | None = None) -> BotOutcome:
    """Play ``client``'s seat with the computer player of ``level`` (seeded ``seed``) until
    the match ends or the host goes; ``idle_timeout``: the longest wait for word from the
    host (None: as long as the connection lives, a lobby may wait long for its players;
    the heartbeat finds a host that is gone); ``joined``: told the seat and its token when
    the host gives them; ``rematches``: how many rematches the host starts to stay for
    and play (``over`` is told the end of each match before them)."""
    player: SeatPlayer | None = None
    seat: int | None = None
    tries = 0
    pending: SeatView | None = None  # the view our last action answered
    refusal = ""
    quiet = 0.0
    while True:
        event = client.wait_event(1.0)
        if event is None and not client.running:
            event = client.wait_event(0.1)  # anything told just before the client ended
            if event is None:
                return BotOutcome(None, "the connection ended", seat, lost=seat is not None)
        if event is None:
            quiet += 1.0
            if idle_timeout is not None and quiet >= idle_timeout:
                return BotOutcome(None, f"no word from the host for {idle_timeout:g} s", seat)
            continue
        quiet = 0.0
        if isinstance(event, Joined):
            seat = event.seat
            assert client.family is not None
            player = make_computer(client.family, level, seed)
            if joined is not None:
                joined(event)
        elif isinstance(event, JoinRefused):
            return BotOutcome(None, f"the host refused to let us join: {event.reason}",
                              refused=True)
        elif isinstance(event, Removed):
            return BotOutcome(None, event.reason, seat, refused=True)
        elif isinstance(event, HostLost):
            return BotOutcome(None, event.reason, seat, lost=seat is not None)
        elif isinstance(event, MatchOver):
            if rematches <= 0 or event.stalled:
                return BotOutcome(event, "", seat)
            rematches -= 1  # stay at the table for the host's rematch
            if over is not None:
                over(event)
        elif isinstance(event, Rematch):
            pending, tries = None, 0
        elif isinstance(event, Problem) and event.fatal:
            return BotOutcome(None, event.text, seat)
        elif isinstance(event, Update) and player is not None and seat is not None:
            if event.step < client.step or not _due(event.view, seat):
                continue  # a newer view is on its way, or it is not our move
            pending, tries = event.view, 1
            _send(client, for_seat(ask(player, event.view) or _last_resort(event.view, seat),
                                   seat), event.step)
        elif isinstance(event, Refused) and pending is not None and player is not None \
                and seat is not None:
            refusal = event.reason
            tries += 1
            decision = None
            if tries == 2:
                try:
                    decision = player.fallback(pending, f"{FALLBACK}: refused ({refusal})")
                except Exception:  # noqa: BLE001 - as game.ai.turns: the last resort follows
                    decision = None
            if decision is None and tries <= 3:
                tries = 3
                decision = _last_resort(pending, seat)
            if decision is not None and tries <= 3:
                _send(client, for_seat(decision, seat), client.step)


def _last_resort(view: SeatView, seat: int) -> Decision:
    """The first action that needs no card and the view allows (``game.ai.turns``'s)."""
    for kind, make in SEAT_ONLY:
        if kind in view.legal:
            return Decision(make(seat), (), f"{FALLBACK}: {kind}")
    return Decision(SEAT_ONLY[0][1](seat), (), f"{FALLBACK}: nothing allowed")


def _send(client: NetClient, decision: Decision, step: int) -> None:
    client.act(decision.action, step)
