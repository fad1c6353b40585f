"""A joined screen's stand-in for the host's match, made from its seat's views only.

The table scenes draw and edit a ``Match``. At a joined screen the match is the host's:
this computer has only its seat's view (its own hand, the table, the other hands and the
stock as counts). ``ShadowMatch`` is a ``Match`` whose state is set from each view
(``load``): the seat's hand, the table, the turn's progress and the scores are the view's;
the other hands and the stock hold as many stand-in cards (``hidden_card``: jokers with
copy numbers no deck has, never shown face up), so every count the table shows is right
and no hidden card is ever invented. It never plays an action itself: ``verify`` answers as
the host would from the view (the action kinds the host says are legal, a play checked
against the seat's own hand and the table), and ``apply`` only verifies an action of this
seat and queues it in ``outbox`` for the screen to send; the host's next view brings its
effect. ``show_play`` puts a play's cards (public once played) into the playing seat's
stand-in hand, so the table can tell another seat's play step by step.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.engine.actions import Action, Play, StartPlay
from game.engine.cards import JOKER_RANK, JOKER_SUIT, Card
from game.engine.contract.match import (
    ACTION_CHECKS,
    ContractMatch,
    ContractView,
    RoundState,
    TableMeld,
)
from game.engine.contract.turn_order import kind_problem as contract_kind_problem
from game.engine.errors import IllegalAction
from game.engine.match import DealState, Match, PlayerView
from game.engine.turn import check_turn
from game.engine.turn_order import kind_problem
from game.i18n import _
from game.solver.api import PLAY_ORACLE

#: the first copy number of the stand-in cards: far beyond any deck's copies
HIDDEN_COPY = 100_000


def hidden_card(index: int) -> Card:
    """The ``index``-th stand-in for a card this screen may not see."""
    return Card(JOKER_RANK, JOKER_SUIT, HIDDEN_COPY + index)


def stand_ins(seat: int, hand: Sequence[Card], hand_counts: Sequence[int],
              stock_size: int) -> tuple[list[list[Card]], list[Card]]:
    """Every seat's hand (``seat``'s own ``hand``, the others as stand-in cards of their
    sizes) and a stand-in stock: the hidden cards numbered one after another."""
    count = 0
    hands: list[list[Card]] = []
    for other, size in enumerate(hand_counts):
        if other == seat:
            hands.append(list(hand))
        else:
            hands.append([hidden_card(count + k) for k in range(size)])
            count += size
    return hands, [hidden_card(count + k) for k in range(stock_size)]


def is_hidden(card: Card) -> bool:
    return card.copy >= HIDDEN_COPY


class ShadowMatch(Match):
    """The match as ``view`` shows it to its seat (see the module's text)."""

    def __init__(self, variant_id: str, options: dict[str, Any], view: PlayerView) -> None:
        super().__init__(variant_id, view.players, 0, options, view.names, PLAY_ORACLE)
        self.seat = view.seat
        self.legal: tuple[str, ...] = ()
        self.outbox: list[Action] = []
        self.load(view)

    def load(self, view: PlayerView, event: dict[str, Any] | None = None) -> None:
        """Take the state ``view`` shows (after ``event``, the action that led to it)."""
        old = self.deal
        same_turn = old.number == view.hand_number and old.current == view.current \
            and len(old.turns) == len(view.turns)
        action = event.get("action", {}) if event is not None else {}
        started = (same_turn and old.started) or action.get("type") == StartPlay.kind
        hands, stock = stand_ins(view.seat, view.hand, view.hand_counts, view.stock_size)
        self.deal = DealState(
            view.hand_number, stock, hands, view.table, list(view.opened), view.current,
            draws=view.draws_this_turn, played=view.played_this_turn, started=started,
            final_turns=view.players if view.final_round else None,
            turn_start=view.turn_start, result=view.hand_result, turns=list(view.turns))
        self.legal = tuple(view.legal)
        self.totals = list(view.totals)
        self.history = list(view.history)
        self.result = view.match_result
        self._can_play_cache = None

    def show_play(self, seat: int, played: Sequence[Card]) -> None:
        """Put ``played`` (another seat's play, public now) in place of as many stand-ins
        in that seat's hand, so its play can be told step by step from a draft."""
        hand = self.deal.hands[seat]
        missing = [card for card in played if card not in hand]
        stand_ins = [card for card in hand if is_hidden(card)]
        for stand_in, card in zip(stand_ins, missing, strict=False):
            hand[hand.index(stand_in)] = card

    # --- the host decides: this copy only says what the host would

    def legal_kinds(self) -> tuple[str, ...]:
        return self.legal if self.deal.current == self.seat else ()

    def verify(self, action: Action) -> None:
        h = self.deal
        if action.player != self.seat or h.current != self.seat:
            raise IllegalAction(_("it is {name}'s turn").format(name=self.names[h.current]),
                                rule=action.kind)
        if action.kind not in self.legal_kinds():
            problem = kind_problem(self, action.kind) or _("that is not allowed now")
            raise IllegalAction(problem, rule=action.kind)
        if isinstance(action, Play):
            result = check_turn(self.variant, h.table, h.hands[self.seat], action.table,
                                h.opened[self.seat])
            if not result.ok:
                raise IllegalAction(list(result.problems))

    def apply(self, action: Action) -> None:
        """Verify this seat's ``action`` and queue it for the host (``outbox``); a started
        play is noted at once (giving up costs from now on), the rest waits for the host's
        next view."""
        self.verify(action)
        if isinstance(action, StartPlay):
            self.deal.started = True
            self.legal = tuple(k for k in self.legal if k != StartPlay.kind)
        self.outbox.append(action)


class ShadowContractMatch(ContractMatch):
    """The contract game's match as ``view`` shows it to its seat: as ``ShadowMatch``,
    with the discard pile's top card face up (the cards under it as stand-ins) and the
    buy window's queue as the host sent it. ``staged``: the host's next view, which
    ``apply`` takes when the table shows the action that led to it."""

    def __init__(self, variant_id: str, options: dict[str, Any], view: ContractView,
                 buy_queue: Sequence[int] = ()) -> None:
        super().__init__(variant_id, view.players, 0, options, view.names)
        self.seat = view.seat
        self.legal: tuple[str, ...] = ()
        self.outbox: list[Action] = []
        #: the host's next view, the queue of its buy window, and the face-up cards the
        #: acting seat took into its hand (the discard taken or bought, a joker swapped)
        self.staged: tuple[ContractView, tuple[int, ...], int, tuple[Card, ...]] | None = None
        self._awaiting = view.awaiting
        self.load(view, buy_queue)

    def load(self, view: ContractView, buy_queue: Sequence[int] = ()) -> None:
        hands, stock = stand_ins(view.seat, view.hand, view.hand_counts, view.stock_size)
        count = sum(view.hand_counts) - len(view.hand) + view.stock_size  # stand-ins so far
        under = view.discard_size - (1 if view.discard_top is not None else 0)
        discard = [hidden_card(count + k) for k in range(max(0, under))]
        if view.discard_top is not None:
            discard.append(view.discard_top)
        self.deal = RoundState(
            view.round_number, stock, discard, hands, view.current,
            melds=[TableMeld(owner, kind, list(cards)) for owner, kind, cards in view.melds],
            declared=dict(view.declared), laid_down=list(view.laid_down),
            buys=[self.variant.max_buys - left for left in view.buys_left], phase=view.phase,
            buy_queue=list(buy_queue), turn_mode=view.turn_mode, swapped=list(view.swapped),
            taken=view.taken, result=view.hand_result)
        self.legal = tuple(view.legal)
        self._awaiting = view.awaiting
        self.totals = list(view.totals)
        self.history = list(view.history)
        self.result = view.match_result

    @property
    def awaiting(self) -> int:
        return self._awaiting

    def show_play(self, seat: int, played: Sequence[Card]) -> None:
        """``played`` (public once played) in place of stand-ins in ``seat``'s hand."""
        hand = self.deal.hands[seat]
        missing = [card for card in played if card not in hand]
        stand_ins = [card for card in hand if is_hidden(card)]
        for stand_in, card in zip(stand_ins, missing, strict=False):
            hand[hand.index(stand_in)] = card

    def legal_kinds(self) -> tuple[str, ...]:
        return self.legal if self._awaiting == self.seat else ()

    def verify(self, action: Action) -> None:
        if action.player != self.seat or self._awaiting != self.seat:
            raise IllegalAction(_("it is {name}'s move").format(
                name=self.names[self._awaiting]), rule=action.kind)
        if action.kind not in self.legal_kinds():
            problem = contract_kind_problem(self, action.kind) or _("that is not allowed now")
            raise IllegalAction(problem, rule=action.kind)
        check = ACTION_CHECKS.get(action.kind)
        if check is not None:
            check(self, action)

    def apply(self, action: Action) -> None:
        """The host's staged view when the table shows the host's action; else this seat's
        action, verified and queued for the host (``outbox``)."""
        staged, self.staged = self.staged, None
        if staged is not None:
            view, queue, seat, taken = staged
            self.load(view, queue)
            if seat != self.seat:  # seen going into that hand: shown going there
                self.show_play(seat, taken)
            self.log.append(action)
            return
        self.verify(action)
        self.outbox.append(action)
