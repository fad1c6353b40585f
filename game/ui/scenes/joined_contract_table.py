"""The contract game's table (Shanghai Rummy) for a network game this screen joined, driven
by the host's views of this seat.

As ``game.ui.scenes.joined_table`` does for the manipulation family: the table plays a
``ShadowContractMatch`` (``game.net.shadow``), the match as the latest view shows it, other
hands, the stock and the cards under the discard's top as counts. This seat's actions (a
draw, a lay-down, a discard, a buy or a decline when the host's buy window asks) are
verified as the host would and sent; the host's next view brings their effect. Every
action the host reports, this seat's and the others', is shown as the table shows any:
the view is staged and the table applies the action to its match, which takes the view,
so the cards that moved fly from where they were (another seat's cards from its hand,
public once played). The turn's undo stays off (the host has applied what was sent); the
host deals each next round; a host that disappears leaves a message and the last view.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, Any

from game.engine.actions import Action, NextHand
from game.engine.contract.actions import contract_action_from_json
from game.engine.contract.match import ContractView
from game.engine.errors import IllegalAction
from game.i18n import _
from game.net.events import HostLost, MatchOver, Problem, Queued, Refused, Update
from game.net.shadow import ShadowContractMatch
from game.net.views import cards_from
from game.session import GameSession, NetworkSeats
from game.store.seats import COMPUTER_KINDS, Seat
from game.ui.contract.human import BUY
from game.ui.scenes.contract_table import ContractTableScene
from game.ui.table.hud import Status
from game.ui.table.phases import HUMAN, SETTLE, THINK, WAIT

if TYPE_CHECKING:
    from game.net import NetClient
    from game.ui.app import App

#: seconds (at speed 1) another seat's action that came at once still seems thought about
THINK_MIN = 0.35
#: the phase while this seat's action is on its way to the host
SENDING = "sending"


def joined_contract_session(variant_id: str, options: dict[str, Any], update: Update,
                            kinds: tuple[str, ...]) -> GameSession:
    view = update.view
    assert isinstance(view, ContractView)
    match = ShadowContractMatch(variant_id, options, view, update.buy_queue)
    seats = [Seat(name, kinds[i] if i < len(kinds) and kinds[i] in COMPUTER_KINDS
                  else "human") for i, name in enumerate(view.names)]
    others = tuple(i for i in range(len(seats)) if i != view.seat and seats[i].is_human)
    session = GameSession(match, seats, network=NetworkSeats(others, ("medium",) * len(others)))
    session.recorded = True  # the host's game: this screen's statistics never count it
    return session


class JoinedContractTableScene(ContractTableScene):
    """The contract table of ``client``'s seat (see ``JoinedTableScene`` for the
    arguments)."""

    remote_match = True

    def __init__(self, app: App, client: NetClient, update: Update,
                 options: dict[str, Any] | None = None, kinds: tuple[str, ...] = (),
                 backlog: list[object] | None = None) -> None:
        session = joined_contract_session(client.variant_id, dict(options or {}), update,
                                          kinds)
        super().__init__(app, session, autosave=False)
        self.client = client
        self.shadow: ShadowContractMatch = session.match  # type: ignore[assignment]
        self.seat = update.view.seat
        self.step = update.step
        self.incoming: deque[Update] = deque()
        self.sent = 0
        self.want_next = False
        self.lost = ""
        self._take(backlog or [])

    # -- the host's news

    def update(self, dt: float) -> None:
        self._take(self.client.events())
        self._send_outbox()
        if self.want_next and self._next_ready():
            self.want_next = False
            self.next_round()
        if self.phase in (SENDING, HUMAN, BUY) and self.incoming and not self._next_ready():
            self._show_next()
        super().update(dt)

    def _take(self, events: list[object]) -> None:
        for event in events:
            if isinstance(event, Update):
                if event.event is None:
                    if event.step > self.step:
                        self._fresh_view(event)
                else:
                    self.incoming.append(event)
            elif isinstance(event, Refused):
                self.sent = max(0, self.sent - 1)
                self.human.refuse(_("The host refused this move"), [event.reason])
                if self.phase == SENDING:
                    self._advance()
            elif isinstance(event, Queued):  # the host holds our answer until it is due
                self.say(_("Your answer waits for your turn to be asked"))
            elif isinstance(event, MatchOver) and event.stalled:
                self.stop(_("The match stopped: {reason}").format(reason=event.stalled))
            elif isinstance(event, HostLost):
                self.lost = event.reason
                self.incoming.clear()
                self.close_prompt()
                self.stop(_("The host is gone ({reason}). The table stays as you last saw "
                            "it.").format(reason=event.reason))
            elif isinstance(event, Problem):
                self.app.notify(event.text)

    def _fresh_view(self, update: Update) -> None:
        view = update.view
        assert isinstance(view, ContractView)
        self.incoming.clear()
        self.sent = 0
        self.shadow.outbox.clear()
        self.shadow.load(view, update.buy_queue)
        self.step = update.step
        self.refresh(snap=True)
        self._advance()

    def _send_outbox(self) -> None:
        outbox = self.shadow.outbox
        while outbox and not self.lost:
            self.client.act(outbox.pop(0), self.step + self.sent)
            self.sent += 1

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
        self.set_phase(THINK)
        name = self.session.seats[seat].name
        if self.session.seats[seat].is_human:
            words = _("Waiting for {name} (on the network)").format(name=name)
        else:
            words = _("{name} is thinking").format(name=name)
        self.status = Status(words, "wait", True)
        self.refresh()

    def _update_think(self) -> None:
        if self.sprites.busy or self.phase_time < THINK_MIN / self.speed or not self.incoming:
            return
        if not self._next_ready():
            self._show_next()

    def _next_action(self) -> Action | None:
        event = self.incoming[0].event if self.incoming else None
        return contract_action_from_json(event["action"]) if event is not None else None

    def _next_ready(self) -> bool:
        return isinstance(self._next_action(), NextHand)

    def _show_next(self) -> None:
        """The host's next action, shown: its view staged, the action applied to the
        table's match (which takes the view) and told as any action is."""
        update = self.incoming.popleft()
        event = update.event
        assert event is not None
        action = contract_action_from_json(event["action"])
        seat = int(event["seat"])
        if seat == self.seat:
            self.sent = max(0, self.sent - 1)
        else:
            self.shadow.show_play(seat, cards_from(event["played"]))
        view = update.view
        assert isinstance(view, ContractView)
        self.shadow.staged = (view, update.buy_queue, seat, cards_from(event["taken"]))
        self.step = update.step
        shown, card = self.show_action(action)
        self.message = None if self.message is None or self.message.tone != "error" \
            else self.message
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
        self._send_outbox()
        self.close_prompt()
        self.set_phase(SENDING)
        self.status = Status(_("Sending your move to the host\u2026"), "wait", True)
        return True

    # -- the next round: the host deals it

    def _deal_next_hand(self) -> bool:
        if not self._next_ready():
            self.want_next = not self.lost
            self.set_phase(WAIT)
            self.status = Status(_("Waiting for the host to deal the next hand\u2026"), "wait",
                                 True)
            return False
        update = self.incoming.popleft()
        view = update.view
        assert isinstance(view, ContractView)
        self.shadow.load(view, update.buy_queue)
        self.step = update.step
        return True

    # -- leaving

    def on_exit(self) -> None:
        super().on_exit()
        self.client.close()

    def before_quit(self) -> None:
        self.client.close()

    @property
    def settled(self) -> bool:
        """Everything the host has said is on the table (tests)."""
        return not self.incoming and self.sent == 0 \
            and self.phase in (HUMAN, BUY, THINK, WAIT, SETTLE)
