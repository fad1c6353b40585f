"""Network seats at the host's tables: their moves come from the host (``game.net``).

In a hosted game every seat not played at this screen (a network player, or a computer the
host plays) moves on the network thread; the table keeps its own copy of the match and
learns each move from a ``Played`` event, the very action the host's match logged.

``HostNews`` is the part both families' hosted tables share: it reads the host's events
every frame (moves queued in order, the rest told at once), follows the network seats'
players (connected, dropped out with the seconds before a computer takes over, taken
over, back) for their seat boxes, and hands out the next move once the table's copy is
ready for it. ``HostLink`` sends the host the moves of this screen's own seats. Each
family's table shows the moves its own way (its ``network_turns``):
``game.ui.manipulation.network_turns`` for the manipulation table (a play told step by step,
as a computer's), ``game.ui.contract.network_turns`` for the contract table.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from game.engine.actions import Action
from game.i18n import _
from game.net.events import (
    Lobby,
    MatchOver,
    Played,
    Problem,
    Queued,
    Refused,
    Said,
    SeatChanged,
    TurnClock,
)
from game.ui.cardtable.talk import talk_refusal, tell_watchers
from game.ui.cardtable.turn_clock import TurnTimer, timed_out_words

if TYPE_CHECKING:
    from collections.abc import Sequence

    from game.engine.protocol import GameState
    from game.net import NetHost
    from game.session import GameSession
    from game.ui.cardtable.sprites import SpriteLayer
    from game.ui.scene import AppServices

#: seconds (at speed 1) a move that came in at once still seems thought about, as a
#: computer's does at this table (``computer.THINK_MIN``)
THINK_MIN = 0.55


class HostedTable(Protocol):
    """What ``HostNews`` uses of a hosted table, either family's."""

    app: AppServices
    session: GameSession
    clock: float
    sprites: SpriteLayer
    turn_timer: TurnTimer
    mode_time: float

    @property
    def speed(self) -> float: ...

    @property
    def match(self) -> GameState: ...

    def say(self, title: str, lines: Sequence[str] = (), tone: str = "info",
            ttl: float = 6.0) -> None: ...

    def refresh(self, snap: bool = False) -> None: ...

    def stop(self, problem: str) -> None: ...


@dataclass(frozen=True)
class SeatState:
    """A network seat's player: "taken" (connected), "waiting" (dropped out; a computer
    takes over at ``until``, the table's clock) or "computer" (taken over)."""

    state: str
    until: float = 0.0
    timeouts: bool = False  # taken over after its turn ran out three times in a row
    why: str = ""  # the host's doing: "handed" (to a computer), "removed" (its player)


#: a seat box's facts (either family's ``SeatInfo``): a frozen dataclass with ``seat``, ``note``
SeatFacts = TypeVar("SeatFacts", bound=Any)


class HostNews:
    """The host's events at a hosted table, and the network seats' players."""

    def __init__(self, table: HostedTable, remote: tuple[int, ...]) -> None:
        self.hosted = table
        self.remote = remote
        self.incoming: deque[Played] = deque()
        self.seats: dict[int, SeatState] = {seat: SeatState("taken") for seat in remote}
        self._countdown: int | None = None
        self.watchers: tuple[str, ...] = ()  # the spectators

    # -- what the host says

    def take(self, events: list[object]) -> None:
        """The host's events of this frame: moves are queued, the rest told at once."""
        table = self.hosted
        for event in events:
            if isinstance(event, Played):
                if event.action is not None:
                    self.incoming.append(event)
            elif isinstance(event, SeatChanged) and event.seat in self.seats:
                self._seat_changed(event)
            elif isinstance(event, TurnClock):
                table.turn_timer.start(event, table.clock)
            elif isinstance(event, Refused):
                self.refused(event)
            elif isinstance(event, Queued):
                self.queued(event)
            elif isinstance(event, Said) and getattr(table, "talk", None) is not None:
                table.talk.heard(event)  # type: ignore[attr-defined]
            elif isinstance(event, Lobby):
                self.watchers = tell_watchers(table, self.watchers, event.watchers)
            elif isinstance(event, MatchOver) and event.stalled:
                table.stop(_("The match stopped: {reason}").format(reason=event.stalled))
            elif isinstance(event, Problem):
                if event.fatal:
                    table.stop(_("Hosting stopped: {problem}").format(problem=event.text))
                elif talk_refusal(event.text):
                    table.say(talk_refusal(event.text), tone="warn")
                else:
                    table.app.notify(event.text)

    def refused(self, event: Refused) -> None:
        """The host refused a move of this screen: the copies part, the game stops."""
        self.hosted.stop(_("The host refused this screen's move: {reason}").format(
            reason=event.reason))

    def queued(self, event: Queued) -> None:
        """The host holds an answer this screen gave early (the contract game's buy)."""

    def _seat_changed(self, event: SeatChanged) -> None:
        table = self.hosted
        name = table.session.seats[event.seat].name
        if event.state == "waiting":
            self.seats[event.seat] = SeatState("waiting", table.clock + event.wait)
            table.say(_("{name} dropped out").format(name=name),
                      [_("A computer takes over in {n} s unless they come back.").format(
                          n=round(event.wait))], tone="warn")
        elif event.state == "computer":
            self.seats[event.seat] = SeatState("computer", timeouts=event.timeouts,
                                               why=event.why)
            if event.why == "removed":
                table.say(_("{name} was removed from the game").format(name=name),
                          [_("A computer plays the seat from now on.")])
            elif event.why == "handed":
                table.say(_("A computer plays for {name}").format(name=name),
                          [_("Players… in the menu gives the seat back.")])
            elif event.timeouts:
                title, lines = timed_out_words(name, own=False)
                table.say(title, lines, tone="warn")
            else:
                table.say(_("A computer plays for {name}").format(name=name),
                          [_("They get their seat back when they join again.")], tone="warn")
        else:
            self.seats[event.seat] = SeatState("taken")
            table.say(_("{name} is back").format(name=name))
        table.refresh()

    def seat_words(self, seat: int) -> str:
        """What a network seat's box says under its name: its player's state now."""
        state = self.seats.get(seat)
        if state is None:
            return ""
        if state.state == "waiting":
            left = max(0, round(state.until - self.hosted.clock))
            # the seconds first: a narrow box or the thinking tab never hides them
            return _("{n} s to come back, then a computer").format(n=left)
        if state.state == "computer":
            if state.why == "removed":
                return _("Removed: a computer plays")
            if state.why == "handed":
                return _("Handed to a computer")
            if state.timeouts:
                return _("Timed out: a computer plays")
            return _("Dropped out: a computer plays")
        return _("Network player")

    def countdown(self) -> int | None:
        """The seconds shown on a waiting seat (the seat box is redrawn when they change)."""
        waits = [round(s.until - self.hosted.clock) for s in self.seats.values()
                 if s.state == "waiting"]
        return min(waits) if waits else None

    def countdown_changed(self) -> bool:
        """Did a waiting seat's seconds change since the last call (redraw its box)?"""
        countdown = self.countdown()
        changed = countdown != self._countdown
        self._countdown = countdown
        return changed

    def noted(self, seats: tuple[SeatFacts, ...]) -> tuple[SeatFacts, ...]:
        """The table model's seat boxes, each network seat's saying how its player is
        connected (``seat_words``)."""
        return tuple(replace(info, note=self.seat_words(info.seat))
                     if info.seat in self.remote else info for info in seats)

    def waiting_words(self, seat: int) -> str:
        """The status line while ``seat``'s move is awaited from the host."""
        name = self.hosted.session.seats[seat].name
        if seat in self.remote and self.seats[seat].state == "taken":
            return _("Waiting for {name} (on the network)").format(name=name)
        return _("{name} is thinking").format(name=name)

    # -- the moves

    def arrived(self) -> Action | None:
        """The awaited move, once it has come and the table is still (its cards landed,
        the seat seen thinking a moment); None until then."""
        table = self.hosted
        if table.sprites.busy or table.mode_time < THINK_MIN / table.speed:
            return None
        return self.next_action()

    def next_action(self) -> Action | None:
        """The move that follows the table's copy of the match, once it has come."""
        step = len(self.hosted.match.log)
        while self.incoming and self.incoming[0].event["step"] <= step:
            self.incoming.popleft()  # this screen's own move, applied here already
        if not self.incoming:
            return None
        played = self.incoming[0]
        if played.event["step"] != step + 1:
            self.hosted.stop(_("This screen missed a move of the hosted match (step {n})."
                               ).format(n=step + 1))
            self.incoming.clear()
            return None
        self.incoming.popleft()
        return played.action


class HostLink:
    """Sends the host the moves of this screen's seats, each once, in order: every action
    of a seat in ``local`` the table's copy logged since the last call."""

    def __init__(self, host: NetHost, session: GameSession) -> None:
        self.host = host
        self.session = session
        self.sent = len(session.match.log)  # the moves of the match the host has

    def send_own(self) -> None:
        log = self.session.match.log  # the real match (a replay may stand in on show)
        local = self.session.humans
        for step in range(self.sent, len(log)):
            action = log[step]
            if action.player in local:
                self.host.act(action.player, action)
        self.sent = len(log)

    def came_from_host(self) -> None:
        """The copy just applied a move the host sent: the host has it already."""
        self.sent = len(self.session.match.log)
