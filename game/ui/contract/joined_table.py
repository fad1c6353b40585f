"""The contract game's table (Shanghai Rummy) for a network game this screen joined, driven
by the host's views of this seat.

As ``game.ui.manipulation.joined_table`` does for the manipulation family: the table plays a
``ShadowContractMatch`` (``game.net.shadow``), the match as the latest view shows it, other
hands, the stock and the cards under the discard's top as counts. This seat's actions (a
draw, a lay-down, a discard, a buy or a decline when the host's buy window asks) are
verified as the host would and sent; the host's next view brings their effect. Every
action the host reports, this seat's and the others', is shown as the table shows any:
the view is staged and the table applies the action to its match, which takes the view,
so the cards that moved fly from where they were (another seat's cards from its hand,
public once played). The turn's undo stays off (the host has applied what was sent); the
host deals each next round. The link to the host (sending, a lost connection tried again,
a host gone for good) is ``game.ui.cardtable.joined.JoinedSeat``'s.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

import pygame

from game.engine.actions import Action
from game.engine.contract.actions import contract_action_from_json
from game.engine.contract.match import ContractView
from game.engine.errors import IllegalAction
from game.i18n import _
from game.net.events import Update
from game.net.shadow import ShadowContractMatch
from game.net.views import cards_from
from game.ui.cardtable.joined import JoinedSeat, joined_session, seat_note, waiting_words
from game.ui.cardtable.look import Status
from game.ui.cardtable.modes import HUMAN, SETTLE, THINK, WAIT
from game.ui.cardtable.talk import joined_talk
from game.ui.contract.human import BUY
from game.ui.contract.model import ContractModel
from game.ui.contract.table import ContractTableScene

if TYPE_CHECKING:
    from game.net import NetClient
    from game.ui.scene import AppServices

#: seconds (at speed 1) another seat's action that came at once still seems thought about
THINK_MIN = 0.35
#: the mode while this seat's action is on its way to the host
SENDING = "sending"


class JoinedContractTableScene(ContractTableScene):
    """The contract table of ``client``'s seat (see ``JoinedTableScene`` for the
    arguments)."""

    remote_match = True

    def __init__(self, app: AppServices, client: NetClient, update: Update,
                 options: dict[str, Any] | None = None, kinds: tuple[str, ...] = (),
                 backlog: list[object] | None = None) -> None:
        view = update.view
        assert isinstance(view, ContractView)
        self.shadow = ShadowContractMatch(client.variant_id, dict(options or {}), view,
                                          update.buy_queue)
        super().__init__(app, joined_session(self.shadow, view.names, view.seat, kinds),
                         autosave=False)
        self.seat = view.seat
        self.kinds = kinds
        self.talk = joined_talk(self)
        self.link = JoinedSeat(self, client, update.step, contract_action_from_json,
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

    # -- the host's news

    def update(self, dt: float) -> None:
        self.link.frame(self.shadow.outbox, self.next_round, self._show_next,
                        lambda: self.mode in (SENDING, HUMAN, BUY))
        super().update(dt)

    def refused(self, reason: str) -> None:
        self.human.refuse(_("The host refused this move"), [reason])
        if self.mode == SENDING:
            self._advance()

    def host_gone(self) -> None:
        self.close_prompt()

    def fresh_view(self, update: Update) -> None:
        """The whole table as the host has it now (after getting the seat back)."""
        view = update.view
        assert isinstance(view, ContractView)
        self.shadow.outbox.clear()
        self.shadow.load(view, update.buy_queue)
        self.link.step = update.step
        self.close_prompt()
        self.refresh(snap=True)
        self._advance()

    # -- turns

    def _advance(self) -> None:
        match = self.match
        if self.lost:
            return
        if match.hand_over or match.awaiting == self.seat:
            super()._advance()
            return
        seat = match.awaiting
        self.origin_seat = seat
        self.set_mode(THINK)
        name = self.session.seats[seat].name
        self.status = Status(waiting_words(self.kinds, seat, name), "wait", True)
        self.refresh()

    def _update_think(self) -> None:
        link = self.link
        if self.sprites.busy or self.mode_time < THINK_MIN / self.speed or not link.incoming:
            return
        if not link.next_deal_ready():
            self._show_next()

    def _show_next(self) -> None:
        """The host's next action, shown: its view staged, the action applied to the
        table's match (which takes the view) and told as any action is."""
        update = self.link.pop()
        event = update.event
        assert event is not None
        action = contract_action_from_json(event["action"])
        seat = int(event["seat"])
        if seat != self.seat:
            self.shadow.show_play(seat, cards_from(event["played"]))
        view = update.view
        assert isinstance(view, ContractView)
        self.shadow.staged = (view, update.buy_queue, seat, cards_from(event["taken"]))
        shown, card = self.show_action(action)
        if self.message is not None and self.message.tone != "error":
            self.message = None
        self._after_action(shown, action, card)

    def commit(self, action: Action, quiet: bool = False, redo: bool = False) -> bool:
        """This seat's action: verified as the host would and sent; the host's view
        brings its effect (``_show_next``)."""
        try:
            self.match.apply(action)
        except IllegalAction as error:
            if not quiet:
                self.human.refuse(_("That is not allowed now"), [str(p) for p in error.problems])
            return False
        self.link.send(self.shadow.outbox)
        self.close_prompt()
        self.set_mode(SENDING)
        self.status = Status(_("Sending your move to the host\u2026"), "wait", True)
        return True

    # -- the next round: the host deals it

    def _next_deal(self) -> bool:
        link = self.link
        if not link.next_deal_ready():
            link.want_next = not self.lost
            self.set_mode(WAIT)
            self.status = Status(_("Waiting for the host to deal the next hand\u2026"), "wait",
                                 True)
            return False
        update = link.pop()
        view = update.view
        assert isinstance(view, ContractView)
        self.shadow.load(view, update.buy_queue)
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

    def build_model(self) -> ContractModel:
        """The seats of people say where they play: at the host's screen, or on the
        network."""
        model = super().build_model()
        seats = tuple(replace(info, note=seat_note(self.kinds, info.seat, self.seat))
                      for info in model.seats)
        return replace(model, seats=seats)

    # -- leaving

    def on_exit(self) -> None:
        super().on_exit()
        self.link.close()

    def before_quit(self) -> None:
        self.link.close()

    @property
    def settled(self) -> bool:
        """Everything the host has said is on the table (tests)."""
        return self.link.settled and self.mode in (HUMAN, BUY, THINK, WAIT, SETTLE)
