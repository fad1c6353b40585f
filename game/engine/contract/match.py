"""Shanghai Rummy, the contract game: ten rounds, a discard pile, buying out of turn.

The same verify / can / apply pattern and the same seeded replay as the manipulation
match. Out-of-turn buying is modelled as a short queue of seats, each asked in turn
order after the player in turn drew from the stock: the first to buy takes the discard
and a penalty card; ``awaiting`` is the seat whose answer the match needs.
"""

from __future__ import annotations

import copy
import hashlib
import json
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from game.engine import save_format
from game.engine.actions import Action, ActionKind, Draw, NextHand
from game.engine.cards import Card, Face, shuffled_deck
from game.engine.contract.actions import (
    Buy,
    ContractKind,
    Decline,
    Discard,
    LayDown,
    LayOff,
    SwapJoker,
    TakeDiscard,
    contract_action_from_json,
)
from game.engine.contract.params import Contract, ContractRules
from game.engine.contract.rules import (
    LayDownCheck,
    check_lay_down,
    check_meld_as,
    contract_possible,
    deal_problem,
    face_notation,
    face_text,
    rules_of,
    stands_for,
)
from game.engine.contract.turn_order import kind_problem, legal_kinds
from game.engine.errors import IllegalAction, OptionError
from game.engine.melds import MeldCheck
from game.engine.oracle import PlayOracle
from game.engine.scoring import HandResult, MatchResult
from game.engine.serial import card_to_json
from game.engine.variants import Family, Variant, get_variant
from game.i18n import _


@dataclass
class TableMeld:
    owner: int
    kind: str  # set | run
    cards: list[Card]


@dataclass
class RoundState:
    number: int
    stock: list[Card]
    discard: list[Card]
    hands: list[list[Card]]
    current: int
    melds: list[TableMeld] = field(default_factory=list)
    declared: dict[Card, Face] = field(default_factory=dict)
    laid_down: list[bool] = field(default_factory=list)
    buys: list[int] = field(default_factory=list)
    phase: str = "draw"  # draw | buying | play
    buy_queue: list[int] = field(default_factory=list)
    discarder: int | None = None
    turn_mode: str | None = None  # lay_down | lay_off, once the player chose
    went_down_now: bool = False
    used_joker_now: bool = False
    swapped: list[Card] = field(default_factory=list)
    taken: Card | None = None  # the card the player in turn took from the discard pile
    drew_stock: bool = False  # the player in turn drew from the stock this turn
    quiet_turns: int = 0  # turns in a row ended with no card drawn from the stock
    reshuffles: int = 0
    result: HandResult | None = None

    def copy(self) -> RoundState:
        """An independent copy: every list, dict and meld is new; the cards, faces and
        results they hold are immutable and shared."""
        return replace(self, stock=list(self.stock), discard=list(self.discard),
                       hands=[list(h) for h in self.hands],
                       melds=[TableMeld(m.owner, m.kind, list(m.cards)) for m in self.melds],
                       declared=dict(self.declared), laid_down=list(self.laid_down),
                       buys=list(self.buys), buy_queue=list(self.buy_queue),
                       swapped=list(self.swapped))


@dataclass(frozen=True)
class ContractView:
    """What one seat may see of the contract game."""

    seat: int
    variant: Variant
    names: tuple[str, ...]
    hand: tuple[Card, ...]
    hand_counts: tuple[int, ...]
    melds: tuple[tuple[int, str, tuple[Card, ...]], ...]  # owner, kind, cards
    declared: dict[Card, Face]
    discard_top: Card | None
    discard_size: int
    stock_size: int
    totals: tuple[int, ...]
    current: int
    awaiting: int
    phase: str
    legal: tuple[str, ...]
    contract: Contract
    round_number: int
    laid_down: tuple[bool, ...]
    buys_left: tuple[int, ...]
    swapped: tuple[Card, ...]
    taken: Card | None  # for the player in turn: the card taken from the discard pile
    turn_mode: str | None
    hand_result: HandResult | None
    match_result: MatchResult | None
    history: tuple[HandResult, ...]

    @property
    def players(self) -> int:
        return len(self.names)


class ContractMatch:
    def __init__(self, variant_id: str, players: int, seed: int,
                 options: dict[str, object] | None = None,
                 names: Sequence[str] | None = None,
                 oracle: PlayOracle | None = None) -> None:
        """``oracle`` is accepted so that both families are made alike (``serialize``);
        the contract game has no must-play rule to ask it about."""
        self.variant_id = variant_id
        self.options = dict(options or {})
        self.variant = get_variant(variant_id, self.options)
        if self.variant.family is not Family.CONTRACT:
            raise IllegalAction(_("{game} is not a contract game").format(
                game=_(self.variant.name)))
        self.rules: ContractRules = rules_of(self.variant)
        if not self.variant.min_players <= players <= self.variant.max_players:
            raise IllegalAction(_("{game} is for {low}-{high} players, not {n}").format(
                game=_(self.variant.name), low=self.variant.min_players,
                high=self.variant.max_players, n=players))
        problem = deal_problem(self.variant, players)
        if problem:
            raise OptionError(problem)
        self.players = players
        self.seed = seed
        self.names = tuple(names) if names else tuple(f"Player {i + 1}" for i in range(players))
        self.log: list[Action] = []
        self.totals = [0] * players
        self.history: list[HandResult] = []
        self.result: MatchResult | None = None
        self.deal = self._deal(0)
        #: the turn's actions that can be taken back, each with the round and the log's
        #: length just before it (``pop``); any other action ends the turn's history
        self._taken_back: list[tuple[Action, RoundState, int]] = []

    # --- dealing and the stock

    def _rng(self, round_number: int, purpose: str) -> random.Random:
        digest = hashlib.sha256(f"{self.seed}/{round_number}/{purpose}".encode()).digest()
        return random.Random(int.from_bytes(digest[:8], "big"))

    def _deal(self, number: int) -> RoundState:
        packs, jokers = self.variant.deck_for(self.players)
        deck = shuffled_deck(packs, jokers, seed=self._rng(number, "deal").getrandbits(63))
        size = self.variant.hand_size
        hands = [deck[s * size:(s + 1) * size] for s in range(self.players)]
        stock = deck[size * self.players:]
        discard = [stock.pop()]
        return RoundState(number, stock, discard, [list(h) for h in hands],
                          number % self.players, laid_down=[False] * self.players,
                          buys=[0] * self.players)

    def _stock_card(self) -> Card | None:
        """The top stock card, reshuffling the discards (but the top one) when it is empty.
        None when both have run out, or the round has stalled (``rules.max_reshuffles``)."""
        r = self.deal
        if not r.stock and len(r.discard) > 1 and r.reshuffles < self.rules.max_reshuffles:
            r.reshuffles += 1
            r.stock = r.discard[:-1]
            r.discard = r.discard[-1:]
            self._rng(r.number, f"reshuffle{r.reshuffles}").shuffle(r.stock)
        return r.stock.pop() if r.stock else None

    # --- questions

    @property
    def contract(self) -> Contract:
        return self.rules.contract_for(self.deal.number)

    @property
    def family(self) -> Family:
        """The family: contract (see ``game.engine.protocol.GameState``)."""
        return self.variant.family

    @property
    def current(self) -> int:
        return self.deal.current

    @property
    def awaiting(self) -> int:
        """The seat whose action is needed: a buyer being asked, or the player in turn."""
        r = self.deal
        return r.buy_queue[0] if r.phase == "buying" and r.buy_queue else r.current

    @property
    def over(self) -> bool:
        return self.result is not None

    @property
    def hand_over(self) -> bool:
        return self.deal.result is not None

    def legal_kinds(self) -> tuple[str, ...]:
        return legal_kinds(self)

    def verify(self, action: Action) -> None:
        self._verified(action)

    def _verified(self, action: Action) -> object:
        """``verify``, returning what the action's own check found (a lay-down's check,
        a lay-off's joker faces), which ``apply`` passes on rather than find again."""
        # a round over (or the match) is the reason, not whose move it was
        if action.kind != ActionKind.NEXT_HAND and action.player != self.awaiting \
                and self.deal.result is None:
            raise IllegalAction(_("it is {name}'s move").format(
                name=self.names[self.awaiting]))
        problem = kind_problem(self, action.kind)
        if problem:
            raise IllegalAction(problem, rule=action.kind)
        check = ACTION_CHECKS.get(action.kind)
        return None if check is None else check(self, action)

    def _check_lay_down(self, action: LayDown) -> LayDownCheck:
        r = self.deal
        hand = r.hands[self.awaiting]
        cards = [c for m in action.melds for c in m]
        if len(set(cards)) != len(cards) or any(c not in hand for c in cards):
            raise IllegalAction(_("lay down only cards from your hand, each once"))
        result = check_lay_down(self.variant, self.contract, action.melds, action.declared)
        if not result.ok:
            raise IllegalAction("; ".join(result.problems), rule="contract")
        if any(j not in cards for j in r.swapped):
            raise IllegalAction(_("the joker you took must be used this turn: put it in "
                                  "your lay-down"), rule="swap_joker")
        return result

    def _check_lay_off(self, action: LayOff) -> dict[Card, Face]:
        r = self.deal
        self._meld_for(action.meld)
        if action.card not in r.hands[self.awaiting]:
            raise IllegalAction(_("{card} is not in your hand").format(card=action.card))
        faces = self._lay_off_result(action)
        if faces is None:
            meld = r.melds[action.meld]
            raise IllegalAction((_("{card} does not fit on that set") if meld.kind == "set"
                                 else _("{card} does not fit on that run")).format(
                                    card=action.card), rule="lay_off")
        return faces

    def _check_swap_joker(self, action: SwapJoker) -> None:
        r = self.deal
        meld = self._meld_for(action.meld)
        if action.card not in r.hands[self.awaiting] or action.card is None \
                or action.card.is_joker:
            raise IllegalAction(_("swap a joker with a real card from your hand"))
        if not any(j.is_joker and stands_for(r.declared.get(j), action.card)
                   for j in meld.cards):
            faces = [face_text(r.declared[j]) for j in meld.cards
                     if j.is_joker and j in r.declared]
            raise IllegalAction(
                (_("no joker in that meld stands for {card} (its joker stands for {faces})")
                 if faces else _("no joker in that meld stands for {card}")).format(
                    card=action.card, faces=", ".join(faces)))
        problem = self._swap_unusable(action)
        if problem:
            raise IllegalAction(problem, rule="swap_joker")

    def _check_discard(self, action: Discard) -> None:
        r = self.deal
        hand = r.hands[self.awaiting]
        if action.card not in hand:
            raise IllegalAction(_("{card} is not in your hand").format(card=action.card))
        if action.card == r.taken and len(hand) > 1 and not self.rules.discard_taken_card:
            raise IllegalAction(_("you took {card} from the discard pile this turn, so "
                                  "you may not throw it back (house rule)").format(
                                      card=action.card), rule="discard")

    def _swap_unusable(self, action: SwapJoker) -> str | None:
        """Why the joker this swap takes could not be used this turn, or None. A player
        who laid down earlier lays it off, so it must fit a meld once the swap is made;
        one who has not must lay down the contract with it this turn."""
        card = self._card(action)
        r = self.deal
        seat = r.current
        meld = r.melds[action.meld]
        joker = next(j for j in meld.cards
                     if j.is_joker and stands_for(r.declared.get(j), card))
        hand = [c for c in r.hands[seat] if c != card] + [joker]
        if r.laid_down[seat]:
            declared = {c: f for c, f in r.declared.items() if c != joker}
            after = [[card if c == joker else c for c in m.cards] for m in r.melds]
            if any(self._as_laid([*cards, joker], m.kind, declared).ok
                   for cards, m in zip(after, r.melds, strict=True)):
                return None
            return _("that joker would fit on no meld, and a joker taken must be used this "
                     "turn")
        if contract_possible(self.variant, self.contract, hand):
            return None
        return _("a joker taken must be used this turn, and you have not laid down: your hand "
                 "could not make this round's contract ({contract}) with it").format(
                     contract=self.contract)

    @staticmethod
    def _card(action: LayOff | SwapJoker | Discard) -> Card:
        """The card an action names (``verify`` has refused one that names none)."""
        if action.card is None:
            raise IllegalAction(f"{action.kind} names no card")
        return action.card

    def _meld_for(self, index: int) -> TableMeld:
        if not 0 <= index < len(self.deal.melds):
            raise IllegalAction(_("there is no meld {n} on the table").format(n=index + 1))
        return self.deal.melds[index]

    def _lay_off_result(self, action: LayOff) -> dict[Card, Face] | None:
        card = self._card(action)
        r = self.deal
        meld = r.melds[action.meld]
        declared = dict(r.declared)
        if card.is_joker and action.declared is not None:
            declared[card] = action.declared
        result = self._as_laid([*meld.cards, card], meld.kind, declared)
        return result.joker_faces if result.ok else None

    def _as_laid(self, cards: Sequence[Card], kind: str,
                 declared: Mapping[Card, Face]) -> MeldCheck:
        """Check a meld on the table, or one it would become: its contract's length was
        checked when it was laid down, so a run needs only the variant's shortest run."""
        return check_meld_as(self.variant, cards, kind, self.variant.run_min, declared)

    def can(self, action: Action) -> bool:
        try:
            self.verify(action)
        except IllegalAction:
            return False
        return True

    # --- applying

    def apply(self, action: Action) -> None:
        checked = self._verified(action)
        before = self.deal.copy() if action.kind in TAKE_BACK else None
        length = len(self.log)
        EFFECTS[action.kind](self, action, checked)
        self.log.append(action)
        if before is None:
            self._taken_back.clear()  # a card was shown, or the turn moved on
        else:
            self._taken_back.append((action, before, length))

    def can_pop(self) -> bool:
        """Can the last action be taken back? (A lay-down, lay-off or joker swap of the
        turn in progress: each shows no hidden card.)"""
        return bool(self._taken_back)

    def pop(self) -> Action:
        """Take back the last action of the turn in progress (as python-chess's
        ``Board.pop``): the round and the log as they were before it; the action returned.
        ``IndexError`` when there is none (``can_pop``)."""
        action, before, length = self._taken_back.pop()
        self.deal = before.copy()  # the kept one stays as it was, for a later pop
        del self.log[length:]
        return action

    def _do_draw(self, action: Draw, checked: None) -> None:
        r = self.deal
        card = self._stock_card()
        if card is None:
            self._finish_round(None)
            return
        r.hands[r.current].append(card)
        r.drew_stock = True
        r.phase = "play"
        self._offer_discard()

    def _offer_discard(self) -> None:
        r = self.deal
        if not r.discard:
            return
        order = [(r.current + step) % self.players for step in range(1, self.players)]
        r.buy_queue = [s for s in order if s != r.discarder
                       and r.buys[s] < self.variant.max_buys]
        if r.buy_queue:
            r.phase = "buying"

    def _do_take_discard(self, action: TakeDiscard, checked: None) -> None:
        r = self.deal
        r.taken = r.discard.pop()
        r.hands[r.current].append(r.taken)
        r.phase = "play"

    def _do_buy(self, action: Buy, checked: None) -> None:
        r = self.deal
        buyer = r.buy_queue[0]
        r.hands[buyer].append(r.discard.pop())
        for _card in range(self.rules.buy_penalty_cards):
            penalty = self._stock_card()
            if penalty is not None:
                r.hands[buyer].append(penalty)
        r.buys[buyer] += 1
        r.buy_queue = []
        r.phase = "play"

    def _do_decline(self, action: Decline, checked: None) -> None:
        r = self.deal
        r.buy_queue.pop(0)
        if not r.buy_queue:
            r.phase = "play"

    def _do_lay_down(self, action: LayDown, result: LayDownCheck) -> None:
        r = self.deal
        seat = r.current
        for checked, kind in zip(result.checks, result.kinds, strict=True):
            r.melds.append(TableMeld(seat, kind, list(checked.ordered)))
            r.declared.update(checked.joker_faces)
            r.used_joker_now |= any(c.is_joker for c in checked.ordered)
        laid = {c for m in action.melds for c in m}
        r.hands[seat] = [c for c in r.hands[seat] if c not in laid]
        r.swapped = [j for j in r.swapped if j not in laid]
        r.laid_down[seat] = True
        r.went_down_now = True
        r.turn_mode = "lay_down"
        self._out_if_empty()

    def _do_lay_off(self, action: LayOff, faces: dict[Card, Face]) -> None:
        card = self._card(action)
        r = self.deal
        meld = r.melds[action.meld]
        meld.cards.append(card)
        check = self._as_laid(meld.cards, meld.kind, {**r.declared, **faces})
        meld.cards = list(check.ordered)
        r.declared.update(check.joker_faces)
        r.hands[r.current].remove(card)
        if card in r.swapped:
            r.swapped.remove(card)
        r.used_joker_now |= card.is_joker
        r.turn_mode = "lay_off"
        self._out_if_empty()

    def _do_swap_joker(self, action: SwapJoker, checked: None) -> None:
        card = self._card(action)
        r = self.deal
        meld = r.melds[action.meld]
        joker = next(j for j in meld.cards
                     if j.is_joker and stands_for(r.declared.get(j), card))
        meld.cards[meld.cards.index(joker)] = card
        del r.declared[joker]
        hand = r.hands[r.current]
        hand.remove(card)
        hand.append(joker)
        r.swapped.append(joker)

    def _do_discard(self, action: Discard, checked: None) -> None:
        card = self._card(action)
        r = self.deal
        r.hands[r.current].remove(card)
        r.discard.append(card)
        r.discarder = r.current
        if not r.hands[r.current]:
            self._finish_round(r.current)
            return
        r.quiet_turns = 0 if r.drew_stock else r.quiet_turns + 1
        if r.quiet_turns >= self.rules.quiet_turns_per_seat * self.players:
            self._finish_round(None, "stalled")
            return
        self._next_turn()

    def _do_next_hand(self, action: NextHand, checked: None) -> None:
        self.deal = self._deal(self.deal.number + 1)

    def _out_if_empty(self) -> None:
        r = self.deal
        if not r.hands[r.current]:
            self._finish_round(r.current)

    def _next_turn(self) -> None:
        r = self.deal
        r.current = (r.current + 1) % self.players
        r.phase = "draw"
        r.turn_mode = None
        r.went_down_now = False
        r.used_joker_now = False
        r.swapped = []
        r.taken = None
        r.drew_stock = False
        r.buy_queue = []

    def _finish_round(self, out: int | None, reason: str = "stock_out") -> None:
        """End the round: ``out`` went out, or nobody did (``reason``: the stock and
        discards ran out, or the round stalled, see ``rules.quiet_turns_per_seat``)."""
        r = self.deal
        rules = self.rules
        values = tuple(sum(rules.card_value(c) for c in hand) for hand in r.hands)
        points = list(values)
        if out is not None:
            points[out] = 0
            if r.went_down_now:  # laid the whole hand in a single turn
                points[out] = (rules.one_turn_bonus if r.used_joker_now
                               else rules.one_turn_natural_bonus)
            winners: tuple[int, ...] = (out,)
        else:
            low = min(values)
            winners = tuple(s for s, v in enumerate(values) if v == low)
        result = HandResult("out" if out is not None else reason, out, values,
                            tuple(points), winners)
        r.result = result
        self.history.append(result)
        for seat, p in enumerate(points):
            self.totals[seat] += p
        if len(self.history) >= (self.variant.match_hands or rules.rounds):
            best = min(self.totals)
            self.result = MatchResult(tuple(self.totals),
                                      tuple(s for s, t in enumerate(self.totals) if t == best),
                                      tuple(0 for _ in self.totals))

    # --- views and checks

    def view(self, seat: int) -> ContractView:
        r = self.deal
        legal = self.legal_kinds() if seat == self.awaiting or r.result else ()
        return ContractView(
            seat=seat, variant=self.variant, names=self.names, hand=tuple(r.hands[seat]),
            hand_counts=tuple(len(h) for h in r.hands),
            melds=tuple((m.owner, m.kind, tuple(m.cards)) for m in r.melds),
            declared=dict(r.declared), discard_top=r.discard[-1] if r.discard else None,
            discard_size=len(r.discard), stock_size=len(r.stock), totals=tuple(self.totals),
            current=r.current, awaiting=self.awaiting, phase=r.phase, legal=legal,
            contract=self.contract, round_number=r.number, laid_down=tuple(r.laid_down),
            buys_left=tuple(self.variant.max_buys - b for b in r.buys),
            swapped=tuple(r.swapped) if seat == r.current else (),
            taken=r.taken if seat == r.current else None, turn_mode=r.turn_mode,
            hand_result=r.result, match_result=self.result, history=tuple(self.history))

    def check_invariants(self) -> list[str]:
        r = self.deal
        problems = []
        places = (list(r.stock) + list(r.discard) + [c for h in r.hands for c in h]
                  + [c for m in r.melds for c in m.cards])
        packs, jokers = self.variant.deck_for(self.players)
        if sorted(places) != sorted(shuffled_deck(packs, jokers, 0)):
            problems.append("the cards in stock, discards, hands and melds are not the deck")
        for index, meld in enumerate(r.melds):
            check = self._as_laid(meld.cards, meld.kind, r.declared)
            if not check.ok:
                problems.append(f"meld {index + 1} is invalid: {check.reason}")
        return problems

    def state_json(self) -> dict[str, Any]:
        r = self.deal

        def cards(seq: Iterable[Card]) -> list[Any]:
            return [card_to_json(c) for c in seq]

        return {
            "round": r.number, "current": r.current, "phase": r.phase,
            "stock": cards(r.stock), "discard": cards(r.discard),
            "hands": [cards(h) for h in r.hands],
            "melds": [{"owner": m.owner, "kind": m.kind, "cards": cards(m.cards)}
                      for m in r.melds],
            "declared": [[card_to_json(c), face_notation(f)] for c, f in r.declared.items()],
            "laid_down": list(r.laid_down), "buys": list(r.buys),
            "buy_queue": list(r.buy_queue), "swapped": cards(r.swapped),
            "result": r.result.to_json() if r.result else None,
            "totals": list(self.totals), "history": [h.to_json() for h in self.history],
            "over": self.over,
        }

    def digest(self) -> str:
        text = json.dumps(self.state_json(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()

    def to_json(self) -> dict[str, Any]:
        """The versioned save (``game.engine.save_format``)."""
        return save_format.match_json(self)

    @classmethod
    def from_json(cls, data: object, oracle: PlayOracle | None = None) -> ContractMatch:
        """The match a save holds, replayed; ``SaveError`` says what is wrong."""
        return save_format.replay_saved(data, Family.CONTRACT, cls,
                                           contract_action_from_json)

    def clone(self) -> ContractMatch:
        """An independent copy: the state is copied (the variant and the logged actions
        shared), not the log replayed."""
        twin = copy.copy(self)
        twin.options = dict(self.options)
        twin.log = list(self.log)
        twin.totals = list(self.totals)
        twin.history = list(self.history)
        twin.deal = self.deal.copy()
        twin._taken_back = list(self._taken_back)  # its rounds are never changed in place
        return twin


#: the actions a turn may take back (``ContractMatch.pop``): they show no hidden card
TAKE_BACK = frozenset({ContractKind.LAY_DOWN, ContractKind.LAY_OFF, ContractKind.SWAP_JOKER})

#: the check of an action's own content, by kind (kinds with nothing more to check have
#: none): it raises ``IllegalAction``, or returns what the effect will use
ACTION_CHECKS: dict[str, Callable[[ContractMatch, Any], object]] = {
    ContractKind.LAY_DOWN: ContractMatch._check_lay_down,
    ContractKind.LAY_OFF: ContractMatch._check_lay_off,
    ContractKind.SWAP_JOKER: ContractMatch._check_swap_joker,
    ContractKind.DISCARD: ContractMatch._check_discard,
}

#: what each kind of action does, once verified (with what its check returned)
EFFECTS: dict[str, Callable[[ContractMatch, Any, Any], None]] = {
    ActionKind.DRAW: ContractMatch._do_draw,
    ContractKind.TAKE_DISCARD: ContractMatch._do_take_discard,
    ContractKind.BUY: ContractMatch._do_buy,
    ContractKind.DECLINE: ContractMatch._do_decline,
    ContractKind.LAY_DOWN: ContractMatch._do_lay_down,
    ContractKind.LAY_OFF: ContractMatch._do_lay_off,
    ContractKind.SWAP_JOKER: ContractMatch._do_swap_joker,
    ContractKind.DISCARD: ContractMatch._do_discard,
    ActionKind.NEXT_HAND: ContractMatch._do_next_hand,
}
