"""Last turns at the contract table: every action since the bottom seat's last turn ended
(each other seat's draw, buy, lay-down, lay-off, joker swap and discard, in order) plays
again on the table, one step at a time with the same animation as when it happened.

The round is rebuilt from the match's log (seeded, so it deals the same cards) up to the
bottom seat's last discard and stands in for the match while the replay runs; the real
match is put back at the end. Space pauses and resumes, the right arrow steps (when
paused), Esc or the button ends it. A controller owned by ``ContractTableScene``, which
sees its table as a ``ReplayTable``, and is given the person's seat (whose staging groups
it keeps and puts back) and the pointer (a drag is cancelled when it starts)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from game.engine.actions import Action, NextHand
from game.engine.cards import Card
from game.engine.contract.actions import Discard
from game.engine.contract.match import ContractMatch
from game.engine.errors import EngineError
from game.i18n import _
from game.ui.cardtable.driver import STEP_HOLD, TURN_HOLD
from game.ui.cardtable.hand_state import KeptOrders
from game.ui.cardtable.look import Status
from game.ui.cardtable.modes import HUMAN, REPLAY, STOPPED
from game.ui.cardtable.table_host import CardTableHost
from game.ui.contract.human import Stages

if TYPE_CHECKING:
    from game.ui.cardtable.sprites import SpriteLayer


def replay_start(log: list[Action], seat: int) -> int:
    """The index in ``log`` of the first action after ``seat``'s last discard in the round
    under way (the round's first action if ``seat`` has not discarded in it)."""
    start = 0
    for index, action in enumerate(log):
        if isinstance(action, NextHand) or isinstance(action, Discard) and action.player == seat:
            start = index + 1
    return start


class ReplayTable(CardTableHost, Protocol):
    """The contract table as ``LastTurnsReplay`` sees it."""

    @property
    def match(self) -> ContractMatch: ...
    @property
    def mode(self) -> str: ...
    @property
    def mode_time(self) -> float: ...
    @property
    def bottom(self) -> int: ...
    @property
    def sprites(self) -> SpriteLayer: ...

    def show_match(self, match: ContractMatch) -> None: ...
    def deselect_all(self) -> None: ...
    def kept_hand_orders(self) -> KeptOrders: ...
    def restore_hand_orders(self, kept: KeptOrders) -> None: ...
    def restart_mode_clock(self) -> None: ...
    def show_action(self, action: Action) -> tuple[int, Card | None]: ...
    def replay_words(self, action: Action) -> str: ...
    def update_status(self) -> None: ...


class ReplayTurn(Protocol):
    """The person's turn (``HumanTurn``): its staging groups kept and put back."""

    def kept_stages(self) -> Stages: ...
    def restore_stages(self, kept: Stages) -> None: ...


class ReplayPointer(Protocol):
    """The pointer (``Pointer``): a drag under way is cancelled."""

    def cancel(self) -> None: ...


class LastTurnsReplay:
    """The replay of the other seats' turns; ``active`` while it runs."""

    def __init__(self, table: ReplayTable, turn: ReplayTurn, pointer: ReplayPointer) -> None:
        self.table = table
        self.turn = turn
        self.pointer = pointer
        self.active = False
        self.paused = False
        self.steps: list[Action] = []
        self.index = 0
        self.seats: list[int] = []  # the seats whose actions were replayed, in order
        self._real: ContractMatch | None = None
        self._resume = HUMAN
        self._kept: tuple[KeptOrders, Stages] | None = None

    def available(self) -> bool:
        table = self.table
        return table.mode in (HUMAN, STOPPED) and not table.match.hand_over \
            and replay_start(table.match.log, table.bottom) < len(table.match.log)

    def toggle(self) -> bool:
        if self.active:
            self.end()
            return True
        return self.start()

    def start(self) -> bool:
        table = self.table
        if table.mode not in (HUMAN, STOPPED):
            return False
        match = table.match
        start = replay_start(match.log, table.bottom)
        if start >= len(match.log) or match.hand_over:
            table.say(_("Nothing to show yet"), [_("No one has played since your last turn.")])
            return False
        try:
            rebuilt = ContractMatch(match.variant_id, match.players, match.seed,
                                    dict(match.options), match.names)
            for action in match.log[:start]:
                rebuilt.apply(action)
        except EngineError as error:  # a log the rules refuse: show nothing rather than a lie
            table.say(_("The replay is not available"), [str(error)], "error")
            return False
        self._real = match
        self._resume = table.mode
        self._kept = (table.kept_hand_orders(), self.turn.kept_stages())
        self.steps = list(match.log[start:])
        self.seats = []
        self.index = 0
        self.paused = False
        self.active = True
        self.pointer.cancel()
        table.deselect_all()
        table.show_match(rebuilt)
        table.set_mode(REPLAY)
        table.refresh(snap=True)
        self._say()
        return True

    def update(self) -> None:
        """Play the next step once the last one has landed and rested (``STEP_HOLD``; at
        the end of a seat's turn, ``TURN_HOLD``: time to press Space and stay on it)."""
        table = self.table
        if not self.active or self.paused:
            return
        if table.sprites.busy:  # the rest counts from when the cards have landed
            table.restart_mode_clock()
            return
        last = self.steps[self.index - 1] if self.index else None
        turn_end = isinstance(last, Discard) or self.index >= len(self.steps)
        if table.mode_time < (TURN_HOLD if turn_end else STEP_HOLD) / table.speed:
            return
        if self.index >= len(self.steps):
            self.end()
            return
        self.step()

    def step(self) -> None:
        """Show the next action (also while paused: the right arrow)."""
        if not self.active or self.index >= len(self.steps):
            return
        table = self.table
        action = self.steps[self.index]
        self.index += 1
        seat = action.player if action.player is not None else table.match.awaiting
        self.seats.append(seat)
        table.show_action(action)
        table.restart_mode_clock()
        self._say()

    def pause(self) -> None:
        if self.active:
            self.paused = not self.paused
            self._say()

    def _say(self) -> None:
        table = self.table
        done = self.index
        words = table.replay_words(self.steps[done - 1]) if done else _("the table after your turn")
        state = _("paused \u00b7 Space resumes, \u2192 steps") if self.paused else \
            _("Space pauses \u00b7 Esc ends")
        table.show_status(Status(_("Replay {done}/{n}: {words} ({state})").format(
            done=done, n=len(self.steps), words=words, state=state), "info"))

    def end(self) -> None:
        if not self.active:
            return
        table = self.table
        self.active = False
        self.paused = False
        if self._real is not None:
            table.show_match(self._real)
        self._real = None
        if self._kept is not None:
            table.restore_hand_orders(self._kept[0])
            self.turn.restore_stages(self._kept[1])
        self._kept = None
        table.set_mode(self._resume)
        table.refresh()
        table.update_status()
