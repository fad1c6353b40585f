"""Playing a Shanghai hand out on a given deal (what Hard weighs its plays by): every seat
puts down its largest play, draws until able, passes on an empty stock; the hand ends when
someone goes out or everyone has passed in a row."""

from __future__ import annotations

import random

from game.ai.players.opponents import HandSampler
from game.ai.players.plays import solution_for
from game.ai.players.rollouts import (
    Deal,
    Weighing,
    outcome,
    play_out,
    random_deals,
    sample_deals,
)
from game.ai.players.unseen import unseen_cards
from game.engine.actions import Play
from game.engine.match import Match
from game.engine.table import Table
from game.solver import PLAY_ORACLE, Work, best_play, can_play
from tests.conftest import rig


def _position(next_hand: str, stock: str) -> tuple[Match, Deal]:
    match = Match("shanghai", 3, 4, oracle=PLAY_ORACLE)
    rig(match, "4H 5H 6H | 9C 9D 9S", ["7H 9H 2C", next_hand, "QD"], stock=stock,
        keep_rest=False, current=0)
    h = match.deal
    return match, Deal({1: list(h.hands[1]), 2: list(h.hands[2])}, list(h.stock))


def _left(hands: dict) -> dict[int, list[str]]:
    return {seat: sorted(str(c) for c in cards) for seat, cards in hands.items()}


def test_the_next_player_goes_out_on_the_card_the_play_gives_it() -> None:
    match, deal = _position("8H", "3C")
    view = match.view(0)
    most = solution_for(view)
    assert most is not None and {str(c) for c in most.played} == {"7H", "9H"}
    hands = play_out(view, most, deal, Work(10**6))
    assert _left(hands) == {0: ["2C"], 1: [], 2: ["QD"]}
    assert outcome(view, hands) == 1 - (0 + 1) / 2


def test_a_dead_hand_draws_until_able_and_an_empty_stock_ends_the_hand_on_passes() -> None:
    match, deal = _position("KC", "3C 8H")
    view = match.view(0)
    most = solution_for(view)
    assert most is not None
    hands = play_out(view, most, deal, Work(10**6))
    # seat 1 draws 3C (dead) then 8H, which extends the run; then nobody can play or draw
    assert _left(hands) == {0: ["2C"], 1: ["3C", "KC"], 2: ["QD"]}
    assert outcome(view, hands) == 1 - (2 + 1) / 2
    assert len(deal.stock) == 2  # the deal itself is left as it was, for the next play


def test_sampled_deals_share_out_exactly_the_unseen_cards() -> None:
    match = Match("shanghai", 3, 9, oracle=PLAY_ORACLE)
    view = match.view(0)
    rng = random.Random(1)
    for deal in sample_deals(view, rng, 3, HandSampler(rng), Work(10**6), 10**6):
        assert {seat: len(cards) for seat, cards in deal.hands.items()} == {1: 10, 2: 10}
        dealt = [c for cards in deal.hands.values() for c in cards] + deal.stock
        assert sorted(map(str, dealt)) == sorted(map(str, unseen_cards(view)))
        assert len(deal.stock) == view.stock_size


def _after_a_turn_that_could_not_play() -> tuple[Match, Table]:
    """Seat 1 drew until able, then played its last card drawn: the cards it kept were
    dead on the table it played to (returned with the match, seat 2 to play)."""
    match = Match("shanghai", 3, 4, oracle=PLAY_ORACLE)
    rig(match, "4H 5H 6H | 9C 9D 9S", ["2C", "KC QD", "3D"], stock="JS 7H 8S",
        keep_rest=True, current=1)
    match.draw()
    match.draw()  # JS, then 7H, which extends the run
    played = [c for c in match.deal.hands[1] if str(c) == "7H"]
    end = best_play(match.variant, match.deal.table, played, True)
    assert end is not None
    match.apply(Play(1, end.table))
    return match, match.deal.table


def test_sampled_hands_fit_a_turn_that_could_not_play() -> None:
    # no sampled hand for seat 1 holds a card that fits the table it played to
    match, reference = _after_a_turn_that_could_not_play()
    view = match.view(2)
    rng = random.Random(3)
    for deal in sample_deals(view, rng, 8, HandSampler(rng), Work(10**7), 10**7):
        for card in deal.hands[1]:
            assert not can_play(match.variant, reference, [card], True)


def test_random_deals_share_out_the_unseen_cards_reading_nothing() -> None:
    # seat 1's kept cards were dead on the table it played to, but a random deal may give
    # it cards that fit there, and it spends no work
    match, reference = _after_a_turn_that_could_not_play()
    view = match.view(2)
    rng, work = random.Random(3), Work(10**7)
    deals = random_deals(view, rng, 40, HandSampler(rng), work, 10**7)
    assert work.spent == 0
    for deal in deals:
        assert {seat: len(cards) for seat, cards in deal.hands.items()} == \
            {0: view.hand_counts[0], 1: view.hand_counts[1]}
        dealt = [c for cards in deal.hands.values() for c in cards] + deal.stock
        assert sorted(map(str, dealt)) == sorted(map(str, unseen_cards(view)))
    assert any(can_play(match.variant, reference, [card], True)
               for deal in deals for card in deal.hands[1])


def test_a_play_beats_the_largest_only_beyond_the_noise_of_the_deals() -> None:
    # columns: the largest play, then two others; rows: deals. Play 1 is 1 card better on
    # every deal; play 2 is better on average (1.5) but only through one lucky deal
    steady = Weighing([[3.0, 2.0, 9.0], [1.0, 0.0, -11.0], [2.0, 1.0, 2.0], [0.0, -1.0, 0.0]])
    assert steady.mean(0) == 1.5
    assert steady.edge(1, 0.5) == 1.0  # no spread: no noise to discount
    assert steady.edge(2, 0.0) == 1.5
    assert steady.edge(2, 0.5) < 0.0  # 1.5 less half its error, 3.77
    assert steady.choice(0.0) == 2  # on the means alone, the lucky play
    assert steady.choice(0.5) == 1  # beyond the noise, the steady one
    noisy = Weighing([[0.0, 3.0], [0.0, -4.0], [0.0, 2.0]])
    assert noisy.choice(0.0) == 0 and noisy.choice(0.5) == 0  # mean 1/3 worse
    lucky = Weighing([[0.0, -4.0], [0.0, 3.0], [0.0, -2.0]])  # mean 1 better, error 2.08
    assert lucky.choice(0.0) == 1
    assert lucky.choice(0.5) == 0
    one_deal = Weighing([[2.0, 0.0]])
    assert one_deal.choice(0.0) == 1
    assert one_deal.choice(0.5) == 0  # one deal says nothing of its noise
