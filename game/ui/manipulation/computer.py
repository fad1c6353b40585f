"""Computer turns at the table: the player thinks in a worker thread, its play is replayed
edit by edit on a scratch draft, then committed. Asking, checking and falling back is
``game.ai.turns``'s (the one computer-turn loop); this controller owned by ``TableScene``
adds only the thread, the pauses and the animation. It sees its table as a
``ComputerTable``."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any, Protocol

from game.ai.turns import Commit, Decision, ask, make_computer, settle
from game.engine.actions import Play
from game.i18n import _
from game.ui.cardtable.driver import Pacer, Playback, Worker
from game.ui.cardtable.felt_places import FeltPlaces
from game.ui.cardtable.look import Status
from game.ui.cardtable.modes import PLAYBACK, THINK
from game.ui.cardtable.table_host import CardTableHost

if TYPE_CHECKING:
    from game.engine.actions import Action
    from game.engine.cards import Card
    from game.engine.match import Match
    from game.session import GameSession
    from game.ui.cardtable.sprites import SpriteLayer
    from game.ui.scene import AppServices

THINK_MIN = 0.55  # seconds a computer seems to think, at animation speed 1
STEP_GAP = 0.3  # seconds the last step of a computer's play rests before it is committed


class ComputerTable(CardTableHost, Protocol):
    """The manipulation table as ``ComputerTurns`` sees it."""

    @property
    def app(self) -> AppServices: ...
    @property
    def session(self) -> GameSession: ...
    @property
    def match(self) -> Match: ...
    @property
    def mode_time(self) -> float: ...
    @property
    def sprites(self) -> SpriteLayer: ...

    def drop_draft(self) -> None: ...
    def set_origin(self, seat: int) -> None: ...
    def restart_mode_clock(self) -> None: ...
    def computer_player(self, seat: int, make: Callable[[str, int], Any]) -> Any: ...
    def seated_player(self, seat: int) -> Any: ...
    def commit(self, action: Action) -> bool: ...
    def stop(self, problem: str) -> None: ...
    def name_of(self, seat: int) -> str: ...
    def travel(self, cards: Sequence[Card]) -> None: ...
    @property
    def places(self) -> FeltPlaces: ...


class ComputerTurns:
    """The computer players' think and playback modes at the table."""

    def __init__(self, table: ComputerTable) -> None:
        self.table = table
        self.worker: Worker | None = None  # the computer player thinking, if one is
        self.playback: Playback | None = None  # its play being shown edit by edit
        self.pending: Decision | None = None  # the decision being played back
        self.pacer = Pacer()  # when the next step of the play on show starts
        self._places_before: FeltPlaces | None = None  # the melds' places before the play

    def start(self, seat: int) -> None:
        self.table.drop_draft()
        make = partial(make_computer, self.table.match.family)
        player = self.table.computer_player(seat, make)
        if player is None:
            return
        view = self.table.match.view(seat)
        self.worker = Worker(lambda: ask(player, view), synchronous=self.table.app.smoke)
        self.table.set_origin(seat)
        self.table.set_mode(THINK)
        name = self.table.session.seats[seat].name
        self.table.show_status(Status(_("{name} is thinking").format(name=name), "wait", True))
        self.table.refresh()

    def update_think(self) -> None:
        worker = self.worker
        if worker is None or not worker.done or self.table.sprites.busy:
            return
        if self.table.mode_time < THINK_MIN / self.table.speed:
            return
        self.worker = None
        why = "" if worker.error is None else _("the computer player failed: {error}").format(
            error=worker.error)
        self._settle(self.table.match.current, worker.result, self._stage, why)

    def _stage(self, decision: Decision) -> str:
        """Commit a non-play action now; show a play the rules accept edit by edit first
        (``update_playback`` commits it)."""
        action = decision.action
        if not isinstance(action, Play):
            return self._commit(decision)
        if not self.table.match.can(action):
            return _("the computer chose a play the rules refuse")
        self.tell(decision, action)
        self.table.set_mode(PLAYBACK)
        seat = self.table.match.current
        self.table.show_status(Status(_("{name} plays").format(
            name=self.table.session.seats[seat].name), "wait"))
        return ""

    def tell(self, decision: Decision, action: Play) -> None:
        """Tell ``action`` (``decision``'s play) edit by edit from the start of the turn,
        its first step at once; ``update_playback`` commits it (a network seat's play is
        told so too)."""
        self.pending = decision
        self.playback = Playback(self.table.match.draft(), action, decision.edits)
        self.pacer = Pacer()
        # the story moves melds about on its way: the play lands on the places the table
        # had, so a meld it leaves as it was (or only grows) stays where it lay
        self._places_before = self.table.places.copy()

    def _commit(self, decision: Decision) -> str:
        if self.table.commit(decision.action):
            return ""
        return _("the computer chose an action the rules refuse")

    def _settle(self, seat: int, decision: Decision | None, commit: Commit,
                why: str = "") -> None:
        """The one computer-turn loop commits the decision or a fallback; the game stops
        when no action of the seat's is accepted."""
        player = self.table.seated_player(seat)
        if player is None:
            problem = why or _("no computer player is seated")
        else:
            settled = settle(self.table.match, seat, player, decision, commit, why)
            if settled.decision is not None:
                return
            problem = settled.problem
        self.table.stop(_("{name} cannot move ({problem})").format(
            name=self.table.session.seats[seat].name, problem=problem))

    def skip(self) -> None:
        """Space or a click on the felt: the play straight to its end."""
        if self.playback is not None and not self.playback.finished:
            self.playback.skip()
            self.table.refresh()

    def update_playback(self, dt: float) -> None:
        """The play told a meld change at a time: the next step once the last one's cards
        have landed and rested (``Pacer``, scaled by the speed setting), its cards
        travelling slowly; then, once all have landed, the play is committed."""
        playback = self.playback
        if playback is None:
            return
        if not playback.finished:
            if self.pacer.due(dt, self.table.sprites.busy, self.table.speed):
                moves = playback.step()
                self.table.app.sounds.play("card_drop" if moves else "card_pick")
                self.table.refresh()
                self.table.travel([move.card for move in moves])
                step = playback.current
                if step is not None and step.words:
                    name = self.table.name_of(self.table.match.current)
                    self.table.show_status(Status(f"{name}: {step.words}", "wait"))
            return
        gap = STEP_GAP / self.table.speed
        if self.table.sprites.busy:
            self.table.restart_mode_clock()
            return
        if self.table.mode_time < gap:
            return
        decision = self.pending
        self.playback = None
        self.pending = None
        if decision is None:
            return
        if self._places_before is not None:
            self.table.places.restore(self._places_before)
            self._places_before = None
        if not self.table.commit(decision.action):
            self._settle(self.table.match.current, None, self._commit, _("its play was refused"))

