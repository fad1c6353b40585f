"""The table of a network game this screen joined: the manipulation table, driven by the
host's views of this seat.

The host's match is the only one (``game.net``); this screen has its seat's views. The
table plays a ``ShadowMatch`` (``game.net.shadow``): the match as the latest view shows it,
other hands and the stock as counts. The person plays their seat exactly as at any table;
an action the view allows is sent to the host and the table waits for the host's next
view, which brings its effect (a refusal is said like a local illegal move's). Every
other seat's action arrives as the host's update and is shown as a computer's is: a play
told step by step (its cards are public once played), a draw with its card flying face
down, the turn log's line. The host deals each next hand; the scoreboard's Next hand shows
it. The link to the host (sending, a lost connection tried again, a host gone for good) is
``game.ui.cardtable.joined.JoinedSeat``'s. Nothing here is autosaved: the game is the host's.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

import pygame

from game.ai.turns import Decision
from game.coach.turn_words import play_steps
from game.engine.actions import Action, Play, StartPlay, action_from_json
from game.engine.errors import IllegalAction
from game.engine.match import PlayerView
from game.i18n import _
from game.net.events import Update
from game.net.shadow import ShadowMatch
from game.net.views import cards_from
from game.solver.edits import Step
from game.ui.cardtable.joined import JoinedSeat, joined_session, seat_note, waiting_words
from game.ui.cardtable.look import Status
from game.ui.cardtable.marks import marked_cards
from game.ui.cardtable.modes import HUMAN, PLAYBACK, SETTLE, THINK, WAIT
from game.ui.cardtable.talk import joined_talk
from game.ui.manipulation.model import TableModel
from game.ui.manipulation.table import TableScene

if TYPE_CHECKING:
    from game.net import NetClient
    from game.ui.scene import AppServices

#: seconds (at speed 1) another seat's move that came at once still seems thought about
THINK_MIN = 0.55
#: the mode while this seat's action is on its way to the host
SENDING = "sending"


class JoinedTableScene(TableScene):
    """The table of ``client``'s seat, from its first ``update``; ``options``: the game's
    house rules (the host's welcome says them); ``kinds``: each seat's kind in the host's
    lobby; ``backlog``: the client's events that came with the update, not yet shown."""

    remote_match = True

    def __init__(self, app: AppServices, client: NetClient, update: Update,
                 options: dict[str, Any] | None = None, kinds: tuple[str, ...] = (),
                 backlog: list[object] | None = None) -> None:
        view = update.view
        assert isinstance(view, PlayerView)
        self.shadow = ShadowMatch(client.variant_id, dict(options or {}), view)
        super().__init__(app, joined_session(self.shadow, view.names, view.seat, kinds),
                         autosave=False)
        self.kinds = kinds
        self.seat = view.seat
        self.playing: Update | None = None  # another seat's play being told
        self.talk = joined_talk(self)
        self.link = JoinedSeat(self, client, update.step, action_from_json,
                               app.store.paths.deals_dir)
        self.link.take(backlog or [])

    def handle_event(self, event: pygame.event.Event) -> bool:
        """A key or click while a computer plays this seat after timeouts: the person
        plays it again (only that: the key or click does nothing else)."""
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN) and self.link.back():
            return True
        return super().handle_event(event)

    @property
    def client(self) -> NetClient:
        return self.link.client

    @property
    def lost(self) -> str:
        return self.link.lost

    @property
    def match_over(self) -> bool:
        return self.match.over

    # -- the host's news, every frame

    def update(self, dt: float) -> None:
        self.link.frame(self.shadow.outbox, self.next_hand, self._show_next,
                        lambda: self.mode in (SENDING, HUMAN))
        super().update(dt)

    def refused(self, reason: str) -> None:
        self.human.refuse(_("The host refused this move"), [reason])
        if self.mode == SENDING:
            self.set_mode(HUMAN)
            self.refresh()
            self.indicators.update_status()

    def host_gone(self) -> None:
        self.playing = None
        self.draft = None
        self.refresh()

    def fresh_view(self, update: Update) -> None:
        """The whole table as the host has it now (after getting the seat back): what was
        waiting or on its way is superseded."""
        self.playing = None
        self.computer.playback = None
        self.computer.pending = None
        self.shadow.outbox.clear()
        self.draft = None
        self.deselect_all()
        self._load(update)
        self.link.step = update.step
        self.refresh(snap=True)
        self._advance()

    # -- turns

    def _advance(self) -> None:
        match = self.match
        if self.lost:
            return
        if match.hand_over or match.current == self.seat:
            super()._advance()
            return
        self.draft = None
        self.origin_seat = match.current
        self.set_mode(THINK)
        name = self.session.seats[match.current].name
        self.status = Status(waiting_words(self.kinds, match.current, name), "wait", True)
        self.refresh()

    def _update_think(self) -> None:
        """Another seat's move, once the host has told it (and it has seemed thought)."""
        link = self.link
        if self.sprites.busy or self.mode_time < THINK_MIN / self.speed or not link.incoming:
            return
        if not link.next_deal_ready():  # the next deal: the scoreboard's Next hand shows it
            self._show_next()

    def _show_next(self) -> None:
        update = self.link.pop()
        event = update.event
        assert event is not None  # a fresh view is taken at once (``fresh_view``)
        action = action_from_json(event["action"])
        seat = event["seat"]
        if seat == self.seat and isinstance(action, StartPlay):
            self._load(update)  # our started play, noted already: the draft stays
            return
        if isinstance(action, Play) and seat != self.seat and self.mode == THINK:
            self.shadow.show_play(seat, cards_from(event["played"]))
            self.playing = update
            self.computer.tell(Decision(action), action)
            self.set_mode(PLAYBACK)
            self.status = Status(_("{name} plays").format(
                name=self.session.seats[seat].name), "wait")
            return
        self._land(update)

    def commit(self, action: Action, quiet: bool = False, redo: bool = False) -> bool:
        """This seat's action: verified as the host would and sent (the host's view brings
        its effect); another seat's play, told step by step: shown landed."""
        playing = self.playing
        if playing is not None:
            self.playing = None
            self._land(playing)
            return True
        try:
            self.match.apply(action)
        except IllegalAction as error:
            if not quiet:
                self.human.refuse(_("That is not allowed now"),
                                  [str(p) for p in error.problems])
            return False
        self.link.send(self.shadow.outbox)
        self.set_mode(SENDING)
        self.status = Status(_("Sending your move to the host\u2026"), "wait", True)
        return True

    def _load(self, update: Update) -> None:
        view = update.view
        assert isinstance(view, PlayerView)
        self.shadow.load(view, update.event)

    def _land(self, update: Update) -> None:
        """Show an action the host applied: the table takes the new view, and the action is
        told as the table tells any (marks, a draw's card, the log line, sounds)."""
        event = update.event
        assert event is not None
        match = self.match
        seat = int(event["seat"]) if event["seat"] is not None else match.current
        action = action_from_json(event["action"])
        before = [len(h) for h in match.deal.hands]
        turns_before = len(match.deal.turns)
        start_hand = list(match.deal.hands[seat])
        start_table = match.deal.table
        played = cards_from(event["played"])
        self._load(update)
        self.draft = None
        self.deselect_all()
        if self.message is not None and self.message.tone != "error":
            self.message = None
        steps: list[Step] = play_steps(match.variant, start_table, played, action.table) \
            if isinstance(action, Play) else []
        new, moved = marked_cards(steps)
        self.marks.record(seat, new | set(played), moved)
        if seat == self.bottom:
            self.drawn_by[seat] = set(match.deal.hands[seat]) - set(start_hand)
        self._after_action(seat, action, played, before, turns_before, steps)

    # -- the next hand: the host deals it

    def _next_deal(self) -> bool:
        link = self.link
        if not link.next_deal_ready():
            link.want_next = not self.lost
            self.set_mode(WAIT)
            self.status = Status(_("Waiting for the host to deal the next hand\u2026"), "wait",
                                 True)
            return False
        self._load(link.pop())
        return True

    @property
    def watching(self) -> bool:
        """A spectator's table: no seat is this screen's."""
        return self.seat < 0

    def hand_visible(self) -> bool:
        """A spectator sees no hand face up (the seat at the bottom is only its count)."""
        return not self.watching and super().hand_visible()

    def is_you(self, seat: int) -> bool:
        """A spectator is none of the seats."""
        return not self.watching and super().is_you(seat)

    def build_model(self) -> TableModel:
        """Only this seat's hand is known: no other hand is shown at the hand's end. The
        seats of people say where they play: at the host's screen, or on the network."""
        model = super().build_model()
        seats = tuple(replace(info, note=seat_note(self.kinds, info.seat, self.seat))
                      for info in model.seats)
        return replace(model, seats=seats, revealed=())

    # -- leaving

    def on_exit(self) -> None:
        super().on_exit()
        self.link.close()

    def before_quit(self) -> None:
        self.link.close()

    @property
    def settled(self) -> bool:
        """Everything the host has said is on the table (tests)."""
        return self.link.settled and self.playing is None \
            and self.mode in (HUMAN, THINK, WAIT, SETTLE)
