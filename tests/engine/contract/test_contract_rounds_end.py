"""Every Shanghai Rummy round ends, whatever legal actions the players choose: a card
taken from the discard pile may not be thrown back the same turn, and a round in which
nobody draws from the stock for ten turns a seat ends and is scored as it stands (both
house rules, marked so in the rules text)."""

from __future__ import annotations

import random

import pytest

from game.engine.actions import Draw
from game.engine.cards import Card, CardMinter, parse_cards
from game.engine.contract.actions import Decline, Discard, LayDown, TakeDiscard
from game.engine.contract.match import ContractMatch
from game.engine.errors import IllegalAction


def test_the_card_taken_from_the_discard_pile_may_not_be_thrown_back() -> None:
    m = ContractMatch("shanghai-rummy", 3, 1)
    top = m.deal.discard[-1]
    m.apply(TakeDiscard(0))
    with pytest.raises(IllegalAction, match="may not throw it back"):
        m.apply(Discard(0, top))
    other = next(c for c in m.deal.hands[0] if c != top)
    m.apply(Discard(0, other))
    assert m.current == 1 and m.deal.discard[-1] == other


def test_a_card_drawn_from_the_stock_may_be_thrown_at_once() -> None:
    m = ContractMatch("shanghai-rummy", 3, 1)
    drawn = m.deal.stock[-1]
    m.apply(Draw(0))
    while m.deal.phase == "buying":
        m.apply(Decline(m.awaiting))
    m.apply(Discard(0, drawn))
    assert m.deal.discard[-1] == drawn


def test_the_taken_card_may_go_as_the_last_card() -> None:
    m = ContractMatch("shanghai-rummy", 3, 1)
    r = m.deal
    minter = CardMinter()
    sevens, nines = parse_cards("7H 7S 7D", minter)[0], parse_cards("9C 9D 9S", minter)[0]
    r.hands[0] = sevens + nines
    top = Card(13, "D", 9)  # a copy no hand holds
    r.discard.append(top)
    m.apply(TakeDiscard(0))
    m.apply(LayDown(0, (tuple(sevens), tuple(nines))))
    assert r.hands[0] == [top]
    m.apply(Discard(0, top))  # the rules force it: nothing else to throw
    assert r.result is not None and r.result.ender == 0


@pytest.mark.parametrize("players", [3, 5, 8])
def test_a_round_where_nobody_draws_from_the_stock_ends_scored_as_it_stands(
        players: int) -> None:
    """The worst legal play for ending a round: everyone takes the discard and throws
    another card, for ever. The round ends after ten turns a seat."""
    m = ContractMatch("shanghai-rummy", players, players)
    quiet_turns_per_seat = m.rules.quiet_turns_per_seat
    assert quiet_turns_per_seat == 10  # the house rule the rules text states
    rng = random.Random(players)
    turns = 0
    while m.deal.result is None:
        seat = m.current
        m.apply(TakeDiscard(seat))
        throwable = [c for c in m.deal.hands[seat] if c != m.deal.taken]
        m.apply(Discard(seat, rng.choice(throwable)))
        turns += 1
        assert turns <= quiet_turns_per_seat * players
    result = m.deal.result
    assert turns == quiet_turns_per_seat * players
    assert result.reason == "stalled" and result.ender is None
    assert result.points == result.hand_values  # scored as it stands
    assert m.check_invariants() == []


def test_a_stock_draw_starts_the_count_again() -> None:
    m = ContractMatch("shanghai-rummy", 3, 2)
    for _ in range(10):
        seat = m.current
        m.apply(TakeDiscard(seat))
        m.apply(Discard(seat, next(c for c in m.deal.hands[seat] if c != m.deal.taken)))
    assert m.deal.quiet_turns == 10
    seat = m.current
    m.apply(Draw(seat))
    while m.deal.phase == "buying":
        m.apply(Decline(m.awaiting))
    m.apply(Discard(seat, m.deal.hands[seat][0]))
    assert m.deal.quiet_turns == 0 and m.deal.result is None


def test_the_rules_text_marks_both_round_ending_rules_house() -> None:
    from game.engine.contract.rules import describe_contract_game
    from game.engine.variants import get_variant

    lines = describe_contract_game(get_variant("shanghai-rummy"))
    assert any(line.startswith("(house)") and "discard pile" in line and "throw" in line
               for line in lines)
    assert any(line.startswith("(house)") and "drew from the stock" in line
               for line in lines)
    assert "(house) Nobody may buy back the card they discarded themselves." in lines
