"""Computer players for the contract game. Each sees only its ``ContractView``.

- Easy: takes the discard only to pair a card, never buys, lays down as soon as it can,
  lays off only on its own melds, and throws its highest card that is not in a pair.
- Medium: takes or buys a discard when it brings the hand closer to the contract (keeping
  a buy in reserve), lays down at once, lays off everywhere and swaps jokers (before
  laying down too, when the joker completes its contract), and throws the card that
  helps the hand least.
- Hard (game/ai/contract/hard.py): Medium's play plus a memory of the round and judgement.

``make_contract_player`` and ``suggest`` (game/ai/contract/levels.py) choose by level.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.ai.contract.planner import (
    could_help,
    deficiency,
    find_contract,
    needed_cards,
    potential,
    progress,
)
from game.ai.decision import Decision
from game.engine.actions import Action, Draw, NextHand
from game.engine.cards import Card, Face
from game.engine.contract.actions import (
    Buy,
    Decline,
    Discard,
    LayDown,
    LayOff,
    SwapJoker,
    TakeDiscard,
)
from game.engine.contract.match import ContractView
from game.engine.contract.rules import card_value, check_meld_as, stands_for


class ContractPlayer:
    level = ""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def decide(self, view: ContractView) -> Decision:
        """The action for ``view.seat`` now; never raises, never an unlisted action kind."""
        try:
            action = self._decide(view)
        except Exception as error:  # a player bug must never stop a match
            return self.fallback(view, f"fallback after {type(error).__name__}")
        if action.kind not in view.legal:
            return self.fallback(view, f"fallback: {action.kind} is not possible now")
        return Decision(action, (), action.kind)

    def fallback(self, view: ContractView, note: str) -> Decision:
        """A safe legal action: next hand, decline, draw, use a swapped joker, or discard."""
        seat, legal = view.seat, view.legal
        simple = (("next_hand", lambda: NextHand(None)), ("decline", lambda: Decline(seat)),
                  ("draw", lambda: Draw(seat)))
        for kind, make in simple:
            if kind in legal:
                return Decision(make(), (), note)
        if "lay_off" in legal and view.swapped:
            for index, (_, kind, cards) in enumerate(view.melds):
                if check_meld_as(view.variant, [*cards, view.swapped[0]], kind, 3,
                                 view.declared).ok:
                    return Decision(LayOff(seat, view.swapped[0], index), (), note)
        return Decision(Discard(seat, max(self._throwable(view, jokers=True), key=card_value)),
                        (), note)

    # --- the turn

    def _decide(self, view: ContractView) -> Action:
        seat, legal = view.seat, view.legal
        if "next_hand" in legal:
            return NextHand(None)
        if view.phase == "buying":
            return Buy(seat) if "buy" in legal and self.want_buy(view) else Decline(seat)
        if view.phase == "draw":
            if "take_discard" in legal and self.want_discard(view):
                return TakeDiscard(seat)
            return Draw(seat)
        if "lay_down" in legal:
            found = self.choose_lay_down(view)
            if found is not None and self._holds_taken_jokers(view, *found):
                melds, declared = found
                return LayDown(seat, tuple(tuple(m) for m in melds), declared)
            if "swap_joker" in legal and self.swaps_jokers and not view.swapped:
                swap = self._swap_to_lay_down(view)
                if swap is not None:
                    return swap
        if "swap_joker" in legal and self.swaps_jokers and view.laid_down[seat]:
            swap = self._joker_swap(view)
            if swap is not None:
                return swap
        if "lay_off" in legal:
            lay_off = self._lay_off(view)
            if lay_off is not None:
                return lay_off
        return Discard(seat, self.choose_discard(view))

    # --- choices the levels make differently

    swaps_jokers = True
    lays_off_on_others = True

    def choose_lay_down(self, view: ContractView) -> tuple[list[list[Card]],
                                                          dict[Card, Face]] | None:
        """The melds to lay down now (the contract, extended), or None to wait."""
        return find_contract(view.variant, view.contract, view.hand)

    def usefulness(self, view: ContractView, card: Card, hand: Sequence[Card]) -> float:
        """How much worse the hand is without ``card``: a spare card (outside the best
        partial contract) costs only its shape; a needed one is scored exactly."""
        rest = [c for c in hand if c != card]
        ace = view.variant.ace
        if card not in needed_cards(hand, view.contract, ace):
            return (potential(hand, view.contract, ace)
                    - potential(rest, view.contract, ace)) / 10.0
        return progress(hand, view.contract, ace) - progress(rest, view.contract, ace)

    def improves(self, view: ContractView, card: Card) -> bool:
        """Would taking ``card`` (and throwing a spare card) bring the contract closer?
        Each take must strictly lower the cards missing, so cards cannot cycle through
        the pile for ever."""
        if view.laid_down[view.seat]:
            return any(check_meld_as(view.variant, [*cards, card], kind, 3, view.declared).ok
                       for _, kind, cards in view.melds)
        ace = view.variant.ace
        if not could_help(card, view.hand, view.contract, ace):
            return False
        hand = [*view.hand, card]
        if deficiency(hand, view.contract, ace) >= deficiency(view.hand, view.contract, ace):
            return False
        return len(needed_cards(hand, view.contract, ace)) < len(hand)

    def want_discard(self, view: ContractView) -> bool:
        top = view.discard_top
        return top is not None and (top.is_joker or self.improves(view, top))

    def want_buy(self, view: ContractView) -> bool:
        top = view.discard_top
        if top is None or view.buys_left[view.seat] <= 1 or view.laid_down[view.seat]:
            return False
        return top.is_joker or self.improves(view, top)

    @staticmethod
    def _throwable(view: ContractView, jokers: bool = False) -> list[Card]:
        """The cards a discard may be chosen from: never the card just taken from the
        discard pile (the rules forbid throwing it back while another card is held), and
        no joker unless ``jokers`` or nothing else is left."""
        cards = [c for c in view.hand if c != view.taken] or list(view.hand)
        return cards if jokers else [c for c in cards if not c.is_joker] or cards

    def choose_discard(self, view: ContractView) -> Card:
        hand = self._throwable(view)
        return min(hand, key=lambda c: (self.usefulness(view, c, view.hand),
                                        -card_value(c), c))

    # --- helpers

    def _joker_swap(self, view: ContractView) -> Action | None:
        for index, (_, _, cards) in enumerate(view.melds):
            for joker in (c for c in cards if c.is_joker):
                face = view.declared.get(joker)
                real = next((c for c in view.hand if stands_for(face, c)), None)
                if real is not None:
                    return SwapJoker(view.seat, real, index)
        return None

    def _holds_taken_jokers(self, view: ContractView, melds: list[list[Card]],
                            declared: dict[Card, Face]) -> bool:
        """Put every joker taken this turn into ``melds`` (it must be used); False if one
        fits nowhere."""
        for joker in view.swapped:
            if any(joker in m for m in melds):
                continue
            for index, meld in enumerate(melds):
                kind = "set" if check_meld_as(view.variant, meld, "set", 3, declared).ok \
                    else "run"
                check = check_meld_as(view.variant, [*meld, joker], kind,
                                      view.contract.run_length or 3, declared)
                if check.ok:
                    melds[index] = list(check.ordered)
                    declared.update(check.joker_faces)
                    break
            else:
                return False
        return True

    def _swap_to_lay_down(self, view: ContractView) -> Action | None:
        """A swap that gives a hand short of the contract the joker to lay it down now."""
        for index, (_, _, cards) in enumerate(view.melds):
            for joker in (c for c in cards if c.is_joker):
                face = view.declared.get(joker)
                real = next((c for c in view.hand if stands_for(face, c)), None)
                if real is None:
                    continue
                hand = [c for c in view.hand if c != real] + [joker]
                # the lay-down that follows takes the joker in (_holds_taken_jokers)
                if find_contract(view.variant, view.contract, hand) is not None:
                    return SwapJoker(view.seat, real, index)
        return None

    def _lay_off(self, view: ContractView) -> Action | None:
        order = sorted(view.hand, key=lambda c: (c not in view.swapped, -card_value(c)))
        for card in order:
            for index, (owner, kind, cards) in enumerate(view.melds):
                if owner != view.seat and not self.lays_off_on_others:
                    continue
                if check_meld_as(view.variant, [*cards, card], kind, 3, view.declared).ok:
                    # keep the last card for the discard unless it goes out by laying off
                    return LayOff(view.seat, card, index)
        return None


class EasyContractPlayer(ContractPlayer):
    level = "easy"
    swaps_jokers = False
    lays_off_on_others = False

    def want_discard(self, view: ContractView) -> bool:
        top = view.discard_top
        if top is None or view.laid_down[view.seat]:
            return False
        pairs = any(c.rank == top.rank and not c.is_joker for c in view.hand)
        return pairs and self.improves(view, top)

    def want_buy(self, view: ContractView) -> bool:
        return False

    def choose_discard(self, view: ContractView) -> Card:
        """The card adding least to the hand's shape (pairs, near-runs), highest first."""
        hand = list(view.hand)
        ace = view.variant.ace
        shape = potential(hand, view.contract, ace)

        def keep(card: Card) -> tuple[float, int, Card]:
            rest = [c for c in hand if c != card]
            return (shape - potential(rest, view.contract, ace), -card_value(card), card)

        return min(self._throwable(view), key=keep)


class MediumContractPlayer(ContractPlayer):
    level = "medium"
