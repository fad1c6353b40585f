"""Last turns: every other player's turn since the bottom player's last one, in order, each
told as a story (the table before it, then one meld change at a time, with the player's
marks). Space pauses and resumes, the right arrow shows one step, Esc or the button
stops. A controller owned by ``TableScene``, which sees its table as a ``ReplayTable``
and is given the three controllers it must ask: the pointer (no replay during a drag), the
person's turn (its joker chooser closes) and the status line (back after the replay)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from game.coach.turn_words import log_line
from game.engine.actions import Play
from game.engine.draft import TurnDraft
from game.engine.match import TurnRecord
from game.i18n import N_, _, ngettext
from game.ui.cardtable.driver import STEP_HOLD, TURN_HOLD, Pacer, Playback
from game.ui.cardtable.felt_places import FeltPlaces
from game.ui.cardtable.look import Status
from game.ui.cardtable.modes import HUMAN, REPLAY, STOPPED
from game.ui.cardtable.table_host import CardTableHost

if TYPE_CHECKING:
    from game.engine.cards import Card
    from game.engine.match import Match
    from game.session import GameSession
    from game.ui.cardtable.sprites import SpriteLayer
    from game.ui.scene import AppServices

#: how a turn ended, as a sentence about its player (translators may reorder it)
WHAT = {"play": N_("{name} played"), "out": N_("{name} went out"),
        "knock": N_("{name} knocked"), "pass": N_("{name} passed"),
        "abandon": N_("{name} gave up")}


class ReplayTable(CardTableHost, Protocol):
    """The manipulation table as ``LastTurnsReplay`` sees it."""

    @property
    def app(self) -> AppServices: ...
    @property
    def session(self) -> GameSession: ...
    @property
    def match(self) -> Match: ...
    @property
    def mode(self) -> str: ...
    @property
    def bottom(self) -> int: ...
    @property
    def places(self) -> FeltPlaces: ...
    @property
    def sprites(self) -> SpriteLayer: ...

    def set_origin(self, seat: int) -> None: ...
    def name_of(self, seat: int) -> str: ...
    def travel(self, cards: Sequence[Card]) -> None: ...


class Dragging(Protocol):
    """The pointer, asked whether cards (or a band) follow the mouse."""

    @property
    def dragging(self) -> bool: ...


class ChooserOwner(Protocol):
    """The person's turn, whose joker chooser a replay closes."""

    def close_chooser(self) -> None: ...


class StatusLine(Protocol):
    """The status line's controller, which says the person's turn again afterwards."""

    def update_status(self) -> None: ...


class LastTurnsReplay:
    """The replay of the turns since the bottom player's last one; ``playback`` is the
    turn on show (its draft is what the table shows), if any."""

    def __init__(self, table: ReplayTable, pointer: Dragging, turn: ChooserOwner,
                 status: StatusLine) -> None:
        self.table = table
        self.pointer = pointer
        self.turn = turn
        self.status = status
        self.records: list[TurnRecord] = []
        self.index = 0
        self.playback: Playback | None = None
        self.pacer = Pacer()
        self.resume = HUMAN  # the mode to go back to when the replay ends
        self.shown_seats: list[int] = []  # whose turns were shown (in order)
        self._places_before: FeltPlaces | None = None  # the melds' places before the replay

    @property
    def showing(self) -> TurnRecord | None:
        """The turn on show, if any."""
        return self.records[self.index] if self.playback is not None else None

    def turns_to_show(self) -> list[TurnRecord]:
        """The other players' turns since the bottom player's last one (every turn of the
        hand when it has not played yet); the last turn when the bottom played last."""
        turns = list(self.table.match.deal.turns)
        bottom = self.table.bottom
        last = max((i for i, t in enumerate(turns) if t.player == bottom), default=-1)
        since = turns[last + 1:]
        return since or turns[-1:]

    def show_last_turn(self) -> None:
        """The Last turns button and L: start the replay, or stop the one on show."""
        if self.table.mode == REPLAY:
            self.end()
            return
        if self.table.mode not in (HUMAN, STOPPED) or self.pointer.dragging:
            return
        records = self.turns_to_show()
        if not records:
            self.table.say(_("Nothing to show yet"),
                           [_("No turn has been played in this hand so far.")], "info")
            return
        self.turn.close_chooser()
        self.resume = self.table.mode
        self.records = records
        self.shown_seats = []
        self._places_before = self.table.places.copy()
        self.pacer = Pacer()
        self.table.set_mode(REPLAY)
        # no note: on a full felt it went over the hand; the status line says which turn
        # of how many is on show and the keys (a note of the table's own, as its zoom-out,
        # was about the table of now, not the turns told)
        self.table.clear_message()
        self._begin(0)

    def _begin(self, index: int) -> None:
        """Show the table as it was before turn ``index``, ready to tell it."""
        self.index = index
        record = self.records[index]
        draft = TurnDraft(self.table.match.variant, record.before, tuple(record.played), True)
        self.playback = Playback(draft, Play(record.player, record.after))
        self.shown_seats.append(record.player)
        self.table.set_origin(record.player)
        self.pacer.rest = 0.0
        self.table.refresh(snap=True)
        self._say()

    def _say(self) -> None:
        playback = self.playback
        if playback is None:
            return
        record = self.records[self.index]
        name = self.table.name_of(record.player)
        if playback.done:
            words = log_line(name, playback.done[-1:])
        elif record.ended_by in ("play", "out") and playback.steps:
            words = _("{name}'s turn").format(name=name)
        else:
            n = record.drawn
            if record.ended_by == "draw":
                words = ngettext("{name} drew {n} card", "{name} drew {n} cards", n).format(
                    name=name, n=n)
            else:
                words = _(WHAT.get(record.ended_by, "{name}")).format(name=name)
        count = f"{self.index + 1}/{len(self.records)}"
        state = _("  \u00b7 paused (Space, \u2192)") if self.pacer.paused else \
            _("  \u00b7 Space pauses, Esc stops")
        self.table.show_status(Status(_("Replay {count} \u00b7 {words}{state}").format(
            count=count, words=words, state=state), "info"))

    def counts(self, now: list[int]) -> list[int]:
        """Each seat's cards at the moment on show, from ``now`` (the hands' sizes today):
        every turn from the one on show on is taken back, then the one on show is told
        as far as it has gone (its draws come first in a game that draws before melding
        or until able to, else once its play is all down)."""
        playback, record = self.playback, self.showing
        if playback is None or record is None:
            return now
        h = self.table.match.deal
        counts = list(now)
        if not self.table.match.hand_over:  # the turn under way is in no record yet
            counts[h.current] += len(h.turn_played) - h.draws
        for turn in self.records[self.index:]:
            counts[turn.player] += len(turn.played) - turn.drawn
        laid = len(record.played) - len(playback.draft.hand)
        variant = self.table.match.variant
        drawn = playback.finished or variant.draws_before_meld or variant.draws_until_able
        counts[record.player] += (record.drawn if drawn else 0) - laid
        return counts

    def toggle_pause(self) -> None:
        self.pacer.paused = not self.pacer.paused
        self._say()

    def step_once(self) -> None:
        self.pacer.paused = True
        self.pacer.step_once()
        self._say()

    def update(self, dt: float) -> None:
        playback = self.playback
        if playback is None:
            return
        hold = TURN_HOLD if playback.finished else STEP_HOLD  # a turn's end rests longer
        if not self.pacer.due(dt, self.table.sprites.busy, self.table.speed, hold):
            return
        if playback.finished:
            if self.index + 1 < len(self.records):
                self._begin(self.index + 1)
            else:
                self.end()
            return
        moves = playback.step()
        self.table.refresh()
        self.table.travel([m.card for m in moves])
        if moves:
            self.table.app.sounds.play("card_drop")
        self._say()

    def last_turn_words(self) -> str:
        turns = self.table.match.deal.turns
        if not turns:
            return ""
        record = turns[-1]
        name = self.table.session.seats[record.player].name
        n = len(record.played)
        if n:
            return ngettext("{name} played {n} card.", "{name} played {n} cards.", n).format(
                name=name, n=n)
        # in the player's language, as the replay says it (it stayed English)
        if record.drawn:
            return ngettext("{name} drew {n} card", "{name} drew {n} cards",
                            record.drawn).format(name=name, n=record.drawn) + "."
        return _("{name} passed").format(name=name) + "."

    def end(self) -> None:
        self.playback = None
        self.records = []
        if self._places_before is not None:
            self.table.places.restore(self._places_before)
            self._places_before = None
        self.table.set_mode(self.resume)
        self.table.set_origin(self.table.bottom)
        self.table.refresh()
        self.status.update_status()
