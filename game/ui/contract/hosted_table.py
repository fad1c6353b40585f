"""The host's table of a network game of the contract game (Shanghai Rummy): the contract
table, with the seats played elsewhere moving as the host says.

As at the hosted manipulation table (``hosted_table``): the lobby hands over the host
(``game.net.NetHost``) once the match has begun, with a copy of its session; the table
plays that copy and keeps it in step with the host's match by applying each move the host
reports, in order (``NetworkTurns``). The person's own moves are applied here and
sent to the host (``NetHost.act``), which applies the same move to its match; as each is
sent at once, there is no Undo. The buy window: when the person is among the seats to be
asked about a discard, the buy prompt comes up at once; an answer given before the seats
ahead have answered goes to the host, which holds it (a ``Queued`` event) and applies it
in seat order, and the table waits for it to come back like any other move. The autosave
holds the host's session (resuming it reopens the lobby); leaving the table or quitting
stops hosting.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from game.engine.actions import Action
from game.engine.contract.actions import ContractKind
from game.i18n import _
from game.ui.cardtable.host_news import HostLink
from game.ui.cardtable.look import Status
from game.ui.cardtable.talk import hosted_talk
from game.ui.contract.human import BUY
from game.ui.contract.model import ContractModel, the_card
from game.ui.contract.network_turns import NetworkTurns
from game.ui.contract.table import ACTION_REST, ContractTableScene
from game.ui.contract.undo import TurnUndo

if TYPE_CHECKING:
    from game.net import NetHost
    from game.session import GameSession
    from game.ui.scene import AppServices

#: the answers to the buy window a seat may give before it is asked
BUY_ANSWERS = (ContractKind.BUY, ContractKind.DECLINE)


class NoUndo(TurnUndo):
    """Undo at a hosted table: nothing to take back, every move has gone to the host."""

    def snapshot(self, action: Action) -> None:
        return None

    def undo(self) -> bool:
        return self._refuse()

    def redo(self) -> bool:
        return self._refuse()

    def reset(self) -> bool:
        return self._refuse()

    def _refuse(self) -> bool:
        return self.turn.refuse(_("No undo in a network game"), [
            _("Each move goes to the other players as you make it.")])


class HostedContractTableScene(ContractTableScene):
    """The contract table for ``session``, hosted by ``host`` (its match begun)."""

    def __init__(self, app: AppServices, session: GameSession, host: NetHost,
                 autosave: bool = True) -> None:
        super().__init__(app, session, autosave)
        self.host = host
        remote = session.network.remote if session.network is not None else ()
        self.network = NetworkTurns(self, remote, self.computer)
        self.link = HostLink(host, session)
        self.talk = hosted_talk(self, host)
        self.undo = NoUndo(self, self.human)
        self.early: Action | None = None  # the person's buy answer sent before being asked
        #: that answer's fate is not known yet (neither queued, applied nor refused)
        self.answer_out = False

    # -- the host's news, every frame

    def update(self, dt: float) -> None:
        self.link.send_own()
        self.network.take(self.host.events())
        if self.network.countdown_changed() and self.layout is not None:
            self.refresh()  # a waiting seat's seconds, in its box
        super().update(dt)

    def _update_mode(self, dt: float) -> None:
        if self.mode == BUY and self._asked_early():
            self.network.update_think()  # the seats ahead answer meanwhile
        super()._update_mode(dt)

    # -- turns

    def _advance(self) -> None:
        match = self.match
        if match.hand_over:
            super()._advance()
            return
        seat = match.awaiting
        asked = self._in_buy_window()
        if asked is None:
            self.early = None  # the window the person answered early is over
        if seat in self.session.humans and self.early is None:
            super()._advance()
            return
        if asked is not None and self.early is None \
                and not self.app.settings.always_decline_buys:
            self._start_buy(asked)  # the prompt at once: answered in seat order
            if self.prompt is not None:
                self.prompt.ahead = self.session.seats[seat].name
            return
        self.network.start(seat)
        early = self.early
        if early is not None and early.kind == ContractKind.BUY and seat != early.player:
            deal = match.deal
            self.status = Status(_("Your buy of {card} waits its turn: {name} is asked "
                                   "first").format(
                card=the_card(deal.discard[-1] if deal.discard else None),
                name=self.session.seats[seat].name), "wait", True)

    def _in_buy_window(self) -> int | None:
        """This screen's seat still to be asked about the discard on offer, if any."""
        deal = self.match.deal
        if deal.phase != "buying":
            return None
        return next((seat for seat in deal.buy_queue if seat in self.session.humans), None)

    def _asked_early(self) -> bool:
        prompt = self.prompt
        return prompt is not None and prompt.seat != self.match.awaiting

    def _update_think(self) -> None:
        self.network.update_think()

    def commit(self, action: Action, quiet: bool = False, redo: bool = False) -> bool:
        """Apply ``action`` here and send it to the host; a buy answer given before the
        seats ahead have answered goes to the host only (it comes back in its turn)."""
        if action.kind in BUY_ANSWERS and action.player in self.session.humans \
                and action.player != self.match.awaiting:
            return self._answer_early(action)
        if not super().commit(action, quiet, redo):
            return False
        self.link.send_own()
        return True

    def _answer_early(self, action: Action) -> bool:
        self.early = action
        self.answer_out = True
        self.close_prompt()
        self.host.act(action.player or 0, action, len(self.session.match.log))
        self._advance()  # wait for the seats ahead, then for the answer to come back
        return True

    def early_answer_heard(self) -> None:
        """The host has queued the early buy answer (it comes back in its turn)."""
        self.answer_out = False

    def early_answer_late(self) -> None:
        """The early buy answer reached the host after its window closed: it is void."""
        self.answer_out = False
        self.early = None

    def apply_from_host(self, action: Action) -> bool:
        """Apply a move the host reports (shown as a computer's: it rests in view)."""
        self.link.send_own()
        if not super().commit(action, quiet=True):
            return False
        self.link.came_from_host()
        if action.player in self.session.humans:
            self.answer_out = False  # the early answer, applied in its turn
        if not self.match.hand_over:
            self.landing_rest = ACTION_REST
        return True

    def build_model(self) -> ContractModel:
        """The table's model; a network seat's box says how its player is connected."""
        model = super().build_model()
        return replace(model, seats=self.network.noted(model.seats))

    # -- leaving

    #: a rematch's table took the host over (``EndOfHandScene.rematch``): it goes on
    host_kept = False

    def on_exit(self) -> None:
        super().on_exit()
        if not self.host_kept:
            self.host.stop()

    def before_quit(self) -> None:
        super().before_quit()
        self.host.stop()
