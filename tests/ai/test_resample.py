"""Issue 47.4: the computer players plan on the engine. ``resample`` builds a whole engine
state from what one seat sees (OpenSpiel's ResampleFromInfostate): its own hand, the table
and the match so far as they are, the unseen cards dealt to the other hands (at their
sizes) and the stock, cards known to be in a hand kept there. Dealt the real hidden cards,
it is the real match's state exactly; and it deals by the same draws of the generator as
the samplers it replaced, so seeded matches replay as before."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest

from game.ai.players.unseen import sample_hands
from game.ai.resample import Dealing, dealt_order, opponents, position, resample, unseen_cards
from game.ai.turns import applying, make_computer, take_turn
from game.engine.cards import Card
from game.engine.match import Match, PlayerView
from game.engine.serialize import new_match
from game.solver import PLAY_ORACLE

VARIANTS = ["machiavelli", "tahiti", "guadalupe", "carousel", "shanghai", "manipulation",
            "robbers"]


def positions(variant: str, seed: int, players: int = 3, every: int = 3,
              hands: int = 2) -> Iterator[tuple[Match, PlayerView]]:
    """Positions of a seeded match of Easy players (the match, the view of the seat in
    turn), every ``every`` actions, over its first ``hands`` hands."""
    match = new_match(variant, players, seed, {}, oracle=PLAY_ORACLE)
    assert isinstance(match, Match)
    seats = [make_computer(match.family, "easy", seed + seat) for seat in range(players)]
    commit = applying(match)
    for step in range(400):
        if match.over or len(match.history) >= hands:
            return
        if match.hand_over:
            match.next_hand()
            continue
        if step % every == 0:
            yield match, match.view(match.current)
        seat = match.current
        assert take_turn(match, seat, seats[seat], commit).decision is not None


def hidden(match: Match, view: PlayerView) -> tuple[dict[int, list[Card]], list[Card]]:
    """The real hidden cards: the other hands and the stock."""
    return ({seat: list(match.deal.hands[seat]) for seat in opponents(view)},
            list(match.deal.stock))


@pytest.mark.parametrize("variant", VARIANTS)
def test_dealt_the_real_hidden_cards_it_is_the_real_state(variant: str) -> None:
    seen = 0
    for match, view in positions(variant, 5):
        hands, stock = hidden(match, view)
        twin = position(view, hands, stock)
        real = match.state_json()
        assert twin.state_json() == {**real, "started": False}, (variant, len(match.log))
        assert twin.legal_kinds() == match.legal_kinds() == view.legal
        assert twin.view(view.seat) == view
        seen += 1
    assert seen >= 5


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_resampled_state_fits_everything_the_seat_sees(variant: str) -> None:
    rng = random.Random(7)
    for _match, view in positions(variant, 11):
        state = resample(view, rng, dealing=rng.choice(list(Dealing)))
        assert state.check_invariants() == []  # every card of the deck exactly once
        h = state.deal
        assert tuple(h.hands[view.seat]) == view.hand  # its own hand, untouched
        assert h.table == view.table and state.totals == list(view.totals)
        assert tuple(len(cards) for cards in h.hands) == view.hand_counts
        assert len(h.stock) == view.stock_size
        assert Counter(c for s in opponents(view) for c in h.hands[s]) + Counter(h.stock) \
            == Counter(unseen_cards(view))
        assert state.view(view.seat) == view  # the seat cannot tell it from the real one
        # and the engine plays on from it
        assert state.legal_kinds() == view.legal


def test_the_deals_differ_and_are_not_the_real_hands() -> None:
    match, view = next(positions("machiavelli", 3))
    rng = random.Random(1)
    deals = {tuple(resample(view, rng).deal.hands[opponents(view)[0]]) for _ in range(20)}
    assert len(deals) == 20


@pytest.mark.parametrize("dealing", list(Dealing))
def test_known_cards_stay_where_they_are_known(dealing: Dealing) -> None:
    rng = random.Random(3)
    for match, view in positions("shanghai", 2):
        first, second = opponents(view)
        real = hidden(match, view)[0]
        known = {first: real[first][:3], second: real[second][:2]}
        state = resample(view, rng, known, dealing=dealing)
        assert set(known[first]) <= set(state.deal.hands[first])
        assert set(known[second]) <= set(state.deal.hands[second])
        assert state.deal.hands[first][:3] == known[first]  # in the order given
        assert state.check_invariants() == []


def test_a_known_card_that_is_not_unseen_or_already_placed_is_dealt_again() -> None:
    match, view = next(positions("machiavelli", 9))
    first, second = opponents(view)
    mine = view.hand[0]
    unseen = unseen_cards(view)
    known = {first: [mine, unseen[0], unseen[1]], second: [unseen[0]]}
    state = resample(view, random.Random(0), known)
    h = state.deal
    assert mine in h.hands[view.seat] and mine not in h.hands[first]
    assert h.hands[first][:2] == unseen[:2] and unseen[0] not in h.hands[second]
    assert [len(cards) for cards in h.hands] == list(view.hand_counts)
    assert state.check_invariants() == []


# --- the same draws of the generator as the samplers resample replaced (a seeded match
# replays as before): their deals, written out as they were

def old_sample_hands(view: PlayerView, rng: random.Random,
                     samples: int) -> list[dict[int, list[Card]]]:
    pool = unseen_cards(view)
    deals = []
    for _ in range(samples):
        rng.shuffle(pool)
        deal, at = {}, 0
        for seat in opponents(view):
            size = min(view.hand_counts[seat], len(pool) - at)
            deal[seat] = pool[at:at + size]
            at += size
        deals.append(deal)
    return deals


def old_sample_deals(view: PlayerView, rng: random.Random,
                     sampled: dict[int, list[list[Card]]],
                     ) -> list[tuple[dict[int, list[Card]], list[Card]]]:
    pool = unseen_cards(view)
    deals = []
    for index in range(len(next(iter(sampled.values())))):
        taken: set[Card] = set()
        hands: dict[int, list[Card]] = {}
        for seat in opponents(view):
            hand = [card for card in sampled[seat][index] if card not in taken]
            held = taken.union(hand)
            rest = [card for card in pool if card not in held]
            hand += rng.sample(rest, min(len(rest), view.hand_counts[seat] - len(hand)))
            taken.update(hand)
            hands[seat] = hand
        stock = [card for card in pool if card not in taken]
        rng.shuffle(stock)
        deals.append((hands, stock))
    return deals


def old_random_deals(view: PlayerView, rng: random.Random,
                     count: int) -> list[tuple[dict[int, list[Card]], list[Card]]]:
    pool = unseen_cards(view)
    deals = []
    for _ in range(count):
        cards = list(pool)
        rng.shuffle(cards)
        hands = {}
        for seat in opponents(view):
            hands[seat] = cards[:view.hand_counts[seat]]
            del cards[:view.hand_counts[seat]]
        deals.append((hands, cards))
    return deals


@pytest.mark.parametrize("variant", ["carousel", "shanghai", "manipulation"])
def test_resample_draws_as_the_samplers_it_replaced(variant: str) -> None:
    for number, (_match, view) in enumerate(positions(variant, 21, every=5)):
        seed = 1000 + number
        assert list(sample_hands(view, random.Random(seed), 12)) == \
            old_sample_hands(view, random.Random(seed), 12)

        rng = random.Random(seed)
        new = [resample(view, rng, dealing=Dealing.SHUFFLE) for _ in range(4)]
        assert [hidden(state, view) for state in new] == \
            old_random_deals(view, random.Random(seed), 4)

        # each opponent's sampled hand overlapping the next one's, as samples may
        picker = random.Random(seed + 1)
        unseen = unseen_cards(view)
        sampled = {seat: [picker.sample(unseen, min(len(unseen), view.hand_counts[seat]))
                          for _ in range(4)] for seat in opponents(view)}
        rng = random.Random(seed)
        new = [resample(view, rng, guessed={seat: sampled[seat][i] for seat in sampled})
               for i in range(4)]
        assert [hidden(state, view) for state in new] == \
            old_sample_deals(view, random.Random(seed), sampled)


def test_shuffling_on_from_a_deal_keeps_its_order() -> None:
    match, view = next(positions("carousel", 4))
    rng = random.Random(2)
    state = resample(view, rng, dealing=Dealing.SHUFFLE)
    order = dealt_order(state, view)
    assert Counter(order) == Counter(unseen_cards(view))
    assert order[-len(state.deal.stock):] == state.deal.stock
