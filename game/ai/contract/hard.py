"""The Hard contract player: Medium's play with a memory of the round and judgement.

- It remembers the round (``RoundMemory``): which cards each opponent took from the pile
  or bought, and which it threw or passed over, and keeps back cards an opponent
  collects, above all the next player, who can take a discard without paying for it.
- A discard is weighed four ways: what the card adds to its own contract, what it would
  give an opponent (a lay-off for one who is down, a card for the ranks or runs one
  collects), the penalty it costs if the round ends now (high cards go early, the more so
  once an opponent is down and as opponents who are down run short of cards), and, among
  the few discards about as good as the best, how many cards it has not seen would bring
  the contract closer if drawn (``planner.outs``: a second copy of a card it holds, or a
  card no meld of its hand needs, costs no helpful draw).
- It lays down the contract that leaves the least behind (of several lay-downs), and once
  down throws its costliest card that nobody could use, keeping those that may fit later.
- It buys only while the two extra cards are worth it (not once down, not late in a round
  an opponent is about to end unless it nearly has the contract) and, at tables where
  another seat would be asked after it, buys a card that seat collects to keep it away.
"""

from __future__ import annotations

from collections import Counter

from game.ai.contract.memory import RoundMemory, interest
from game.ai.contract.planner import (
    contract_options,
    could_help,
    deficiency,
    outs,
    two_past_run,
)
from game.ai.contract.players import ContractPlayer
from game.ai.decision import Decision
from game.engine.cards import Card, Face
from game.engine.contract.actions import Discard
from game.engine.contract.match import ContractView
from game.engine.contract.rules import card_value, check_meld_as

LAY_DOWN_OPTIONS = 12  # lay-downs compared (the planner's search counts its own steps)
# What a card an opponent collects weighs against keeping it, per matching card seen: the
# next player takes a discard for free, the others must buy it. In 480 seeded rounds,
# doubling these from 0.35 and 0.12 widened Hard's lead over Medium from 2.5 to 3.3
# points a round (within the noise, but not the other way)
NEXT_DANGER = 0.7
OTHER_DANGER = 0.24
HOPELESS_PRESSURE = 0.9  # an opponent who is down holds two cards or fewer
# Not down, four fifths of a round's penalty points come from the cards held when an
# opponent goes out, so high cards go early (per 10 points of a card, before and as the
# pressure rises), and the pressure is at least DOWN_PRESSURE once any opponent is down.
# In 150 seeded matches (seeds 5000+) this took Hard's mean from 309 to 299 points.
SHED_BASE = 0.5
SHED_PRESSURE = 2.0
DOWN_PRESSURE = 0.3
# Of the discards about as good as the best (within OUTS_WINDOW), the one leaving the
# most unseen cards that would bring the contract closer, OUTS_WEIGHT per card: in 150
# matches this took Hard's mean from 299 to 291 points.
OUTS_CANDIDATES = 5
OUTS_WINDOW = 3.0
OUTS_WEIGHT = 0.1


class HardContractPlayer(ContractPlayer):
    level = "hard"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.memory = RoundMemory(-1)

    def decide(self, view: ContractView) -> Decision:
        if self.memory.seat != view.seat:
            self.memory = RoundMemory(view.seat)
        try:
            self.memory.observe(view)
        except Exception:  # a memory slip must never cost a move: start the round afresh
            self.memory = RoundMemory(view.seat)
        decision = super().decide(view)
        action = decision.action
        if isinstance(action, Discard) and action.card is not None:
            self.memory.threw(view, action.card)
        return decision

    # --- how near the round is to its end

    def _pressure(self, view: ContractView) -> float:
        """0 (nobody near out) to 1 (an opponent who has laid down holds very few cards);
        at least ``DOWN_PRESSURE`` once an opponent is down."""
        worst = 0.0
        for seat, count in enumerate(view.hand_counts):
            if seat != view.seat and view.laid_down[seat]:
                worst = max(worst, DOWN_PRESSURE, 1.0 / max(1, count - 1))
        return min(1.0, worst)

    # --- what a card gives an opponent

    def _feeds(self, view: ContractView, card: Card) -> bool:
        """Could an opponent who has laid down lay ``card`` off?"""
        if not any(d for s, d in enumerate(view.laid_down) if s != view.seat):
            return False
        return any(check_meld_as(view.variant, [*cards, card], kind, 3, view.declared).ok
                   for _, kind, cards in view.melds)

    def _danger(self, view: ContractView, card: Card) -> float:
        """What throwing ``card`` is likely to give the opponents who have not laid down:
        the next player may take it at no cost, the others only by buying."""
        nxt = (view.seat + 1) % view.players
        total = 0.0
        for seat in range(view.players):
            if seat == view.seat or view.laid_down[seat]:
                continue
            weight = NEXT_DANGER if seat == nxt else OTHER_DANGER
            wants = interest(card, self.memory.wanted_by(seat), view.contract,
                             view.variant.ace)
            shuns = sum(1 for c in self.memory.shunned_by(seat)
                        if not c.is_joker and c.rank == card.rank and view.contract.sets)
            total += weight * max(0.0, wants - 0.5 * shuns)
        return total

    # --- lay down

    def choose_lay_down(self, view: ContractView) -> tuple[list[list[Card]],
                                                          dict[Card, Face]] | None:
        """Of several lay-downs, the one leaving the fewest dead cards: cards that fit no
        meld afterwards must be thrown one a turn, and each costs its value if the round
        ends first."""
        options = contract_options(view.variant, view.contract, view.hand, LAY_DOWN_OPTIONS)
        if not options:
            return None

        def left(option: tuple[list[list[Card]], dict[Card, Face]]) -> tuple[int, int]:
            melds, declared = option
            laid = {c for m in melds for c in m}
            rest = [c for c in view.hand if c not in laid]
            table = [cards for _, _, cards in view.melds] + melds
            merged = {**view.declared, **declared}
            dead = [c for c in rest
                    if not any(check_meld_as(view.variant, [*cards, c],
                                             "set" if _is_set(cards) else "run", 3,
                                             merged).ok for cards in table)]
            return (len(dead), sum(card_value(c) for c in dead) + len(rest))

        return min(options, key=left)

    # --- take and buy

    def want_buy(self, view: ContractView) -> bool:
        top = view.discard_top
        if top is None or view.buys_left[view.seat] <= 0 or view.laid_down[view.seat]:
            return False  # once down, two more cards are only a liability
        if top.is_joker:
            return True
        if self.improves(view, top):
            # The penalty card is worth taking on only while the round has time to run:
            # when an opponent is close to going out, two more cards in hand cost more
            # than the one card of progress gains.
            now = deficiency(view.hand, view.contract, view.variant.ace)
            return self._pressure(view) < 0.5 or now <= 1
        return self._block(view, top)

    def _block(self, view: ContractView, top: Card) -> bool:
        """Buy a card that a seat asked after this one collects, if it helps this hand a
        little too and buys are left to spare (a 3-seat table asks one seat only)."""
        if view.buys_left[view.seat] < 2 or not could_help(top, view.hand, view.contract,
                                                            view.variant.ace):
            return False
        if self._pressure(view) >= 0.5:
            return False
        later = []
        for step in range(1, view.players):
            seat = (view.seat + step) % view.players
            if seat == view.current:
                break
            later.append(seat)
        return any(not view.laid_down[s]
                   and interest(top, self.memory.wanted_by(s), view.contract,
                                view.variant.ace) >= 1.5
                   for s in later)

    # --- discard

    def choose_discard(self, view: ContractView) -> Card:
        hand = self._throwable(view)
        if view.laid_down[view.seat]:
            return self._discard_when_down(view, hand)
        pressure = self._pressure(view)
        if pressure >= HOPELESS_PRESSURE and \
                deficiency(view.hand, view.contract, view.variant.ace) >= 2:
            # an opponent goes out within a turn or two and this hand is two cards or
            # more from its contract: only the points still matter
            return min(hand, key=lambda c: (self._feeds(view, c), -card_value(c), c))
        shed = SHED_BASE + SHED_PRESSURE * pressure

        def cost(card: Card) -> float:
            keep = self.usefulness(view, card, view.hand)
            if self._feeds(view, card):
                keep += 0.5 + pressure
            keep += self._danger(view, card)
            return keep - shed * card_value(card) / 10.0

        costs = {card: cost(card) for card in hand}
        ranked = sorted(hand, key=lambda c: (costs[c], c))
        # the draws that would help: counted for the few best discards only (each count
        # asks the planner about every face that could join the hand)
        seen = self._seen(view)
        best = ranked[0]
        best_score = costs[best] - OUTS_WEIGHT * self._outs_without(view, best, seen)
        for card in ranked[1:OUTS_CANDIDATES]:
            if costs[card] > costs[ranked[0]] + OUTS_WINDOW:
                break
            score = costs[card] - OUTS_WEIGHT * self._outs_without(view, card, seen)
            if score < best_score:
                best, best_score = card, score
        return best

    def _seen(self, view: ContractView) -> Counter[tuple[int, str]]:
        """Copies in view of each (rank, suit): the hand, the table, the pile's top and
        the discards remembered under it."""
        cards = {*view.hand, *(c for _, _, meld in view.melds for c in meld),
                 *self.memory.in_pile()}
        if view.discard_top is not None:
            cards.add(view.discard_top)
        return Counter((card.rank, card.suit) for card in cards)

    @staticmethod
    def _outs_without(view: ContractView, card: Card,
                      seen: dict[tuple[int, str], int]) -> int:
        rest = [c for c in view.hand if c != card]
        return outs(rest, view.contract, view.variant, view.players, seen)

    def _discard_when_down(self, view: ContractView, hand: list[Card]) -> Card:
        """Down already, every card left is only penalty: throw the costliest one nobody
        can lay off or collect, keeping those that may fit a meld after one more card."""
        def cost(card: Card) -> tuple[float, Card]:
            score = -card_value(card) / 10.0
            if self._feeds(view, card):
                score += 2.0
            score += self._danger(view, card)
            if self._near_fit(view, card):
                score += 0.6
            return (score, card)

        return min(hand, key=cost)

    @staticmethod
    def _near_fit(view: ContractView, card: Card) -> bool:
        """Could ``card`` fit a run on the table once one more card is laid off there?"""
        if card.is_joker:
            return True
        for _, kind, cards in view.melds:
            if kind != "run":
                continue
            faces = [view.declared.get(c) if c.is_joker else c.face for c in cards]
            first, last = faces[0], faces[-1]
            if first is None or last is None or not cards or card.rank == 0:
                continue
            suit = next(c.suit for c in cards if not c.is_joker)
            if suit == card.suit and card.rank in two_past_run(
                    first.rank, last.rank, len(cards), view.variant.ace):
                return True
        return False


def _is_set(cards: list[Card] | tuple[Card, ...]) -> bool:
    ranks = {c.rank for c in cards if not c.is_joker}
    return len(ranks) <= 1
