"""Shanghai Rummy (RULES.md section 8): contracts, buying, joker swaps, reshuffle, scoring."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.actions import Draw, NextHand
from game.engine.cards import Card, CardMinter, Face, parse_cards
from game.engine.contract.actions import (
    Buy,
    Decline,
    Discard,
    LayDown,
    LayOff,
    SwapJoker,
    TakeDiscard,
)
from game.engine.contract.match import ContractMatch, TableMeld
from game.engine.contract.rules import CONTRACTS, card_value, check_lay_down
from game.engine.errors import IllegalAction
from game.engine.serialize import match_from_json, match_to_json, new_match
from game.engine.variants import get_variant

VARIANT = get_variant("shanghai-rummy")


def cards(text: str, minter: CardMinter | None = None) -> list[Card]:
    return parse_cards(text, minter or CardMinter())[0]


def melds(text: str) -> list[list[Card]]:
    minter = CardMinter()
    return [cards(part, minter) for part in text.split("|")]


# One lay-down meeting each round's contract, in RULES.md's order.
CONTRACT_HANDS = [
    "7H 7S 7S | 9C 9D 9D",
    "7H 7S 7D | 3C 4C 5C 6C",
    "3C 4C 5C 6C | 8D 9D 10D JD",
    "2H 2S 2D | 5C 5C 5H | KH KS KD",
    "7H 7S 7D | 2C 3C 4C 5C 6C 7C 8C",
    "7H 7S 7D | 9C 9D 9S | 4H 5H 6H 7H 8H",
    "AC 2C 3C 4C | 8D 9D 10D JD | 10S JS QS KS",
    "7H 7S 7D | AC 2C 3C 4C 5C 6C 7C 8C 9C 10C",
    "2H 2S 2D | 5C 5C 5H | KH KS KD | 4H 5H 6H 7H 8H",
    "AC 2C 3C 4C 5C | 8D 9D 10D JD QD | 9S 10S JS QS KS",
]


@pytest.mark.parametrize("round_number", range(10))
def test_every_contract_is_met_by_its_melds_and_refused_short(round_number: int) -> None:
    contract = CONTRACTS[round_number]
    good = melds(CONTRACT_HANDS[round_number])
    assert check_lay_down(VARIANT, contract, good, {}).ok
    short = check_lay_down(VARIANT, contract, good[:-1], {})
    assert not short.ok and "exactly" in short.problems[0]
    # a run one card too short for the contract is refused
    if contract.runs:
        trimmed = [m[:-1] if i == len(good) - 1 else m for i, m in enumerate(good)]
        assert not check_lay_down(VARIANT, contract, trimmed, {}).ok


def test_contract_order_matches_the_rule_book() -> None:
    assert [str(c) for c in CONTRACTS] == [
        "2 sets of 3", "1 set of 3 + 1 run of 4", "2 runs of 4", "3 sets of 3",
        "1 set of 3 + 1 run of 7", "2 sets of 3 + 1 run of 5", "3 runs of 4",
        "1 set of 3 + 1 run of 10", "3 sets of 3 + 1 run of 5", "3 runs of 5",
    ]


def test_sets_may_repeat_suits_and_jokers_are_wild_in_either_kind() -> None:
    contract = CONTRACTS[1]  # 1 set of 3 + 1 run of 4
    minter = CardMinter()
    hand = [cards("7H 7H JK", minter), cards("3C JK 5C 6C", minter)]
    result = check_lay_down(VARIANT, contract, hand, {})
    assert result.ok and result.kinds == ("set", "run")
    # the joker in the run plays 4C
    assert Face(4, "C") in result.checks[1].faces


def test_ace_high_or_low_but_never_inside() -> None:
    contract = CONTRACTS[2]
    assert check_lay_down(VARIANT, contract, melds("AC 2C 3C 4C | JD QD KD AD"), {}).ok
    assert not check_lay_down(VARIANT, contract, melds("QC KC AC 2C | JD QD KD AD"), {}).ok


def deal(players: int = 4, seed: int = 1) -> ContractMatch:
    return ContractMatch("shanghai-rummy", players, seed)


def test_deck_and_deal_follow_player_count() -> None:
    small, large = deal(3), deal(5)
    assert len(small.deal.hands[0]) == 11 and len(small.deal.discard) == 1
    assert sum(1 for c in small.deal.stock + small.deal.discard if c.is_joker) + sum(
        1 for h in small.deal.hands for c in h if c.is_joker) == 1
    total = len(large.deal.stock) + len(large.deal.discard) + sum(map(len, large.deal.hands))
    assert total == 3 * 52 + 2
    two_two = ContractMatch("shanghai-rummy", 5, 1, {"larger_deck": "2+2"})
    assert two_two.variant.deck_for(5) == (2, 2)
    with pytest.raises(IllegalAction):
        ContractMatch("shanghai-rummy", 2, 1)
    with pytest.raises(IllegalAction):
        ContractMatch("shanghai-rummy", 9, 1)


def test_buying_goes_in_seat_order_after_the_player_in_turn() -> None:
    m = deal()
    offered = m.deal.discard[-1]
    assert m.current == 0
    m.apply(Draw(0))
    assert m.deal.phase == "buying" and m.awaiting == 1
    with pytest.raises(IllegalAction):
        m.apply(Buy(2))  # not 2's turn to answer yet
    m.apply(Decline(1))
    before = len(m.deal.hands[2])
    top_stock = m.deal.stock[-1]
    m.apply(Buy(2))
    assert offered in m.deal.hands[2] and top_stock in m.deal.hands[2]
    assert len(m.deal.hands[2]) == before + 2 and m.deal.buys[2] == 1
    assert m.deal.phase == "play" and m.awaiting == 0
    assert "buy" not in m.legal_kinds()


def test_taking_the_discard_offers_nothing_to_buy() -> None:
    m = deal()
    top = m.deal.discard[-1]
    m.apply(TakeDiscard(0))
    assert top in m.deal.hands[0] and m.deal.phase == "play"


def test_at_most_four_buys_per_player_per_round() -> None:
    m = deal()
    m.deal.buys[1] = 4
    m.apply(Draw(0))
    assert m.awaiting == 2  # seat 1 has used its four buys and is not asked
    m.deal.buys = [0, 4, 4, 4]
    m2 = deal()
    m2.deal.buys = [0, 4, 4, 4]
    m2.apply(Draw(0))
    assert m2.deal.phase == "play"  # nobody left who may buy


def test_the_discarder_is_not_offered_its_own_discard() -> None:
    m = deal()
    m.apply(TakeDiscard(0))
    card = m.deal.hands[0][0]
    m.apply(Discard(0, card))
    m.apply(Draw(1))
    assert m.deal.buy_queue == [2, 3]


def test_lay_down_then_lay_off_only_in_a_later_turn() -> None:
    m = deal()
    r = m.deal
    minter = CardMinter()
    set_a, set_b = cards("7H 7S 7D", minter), cards("9C 9D 9S", minter)
    rest = cards("2C 4D 6H KS", minter)
    r.hands[0] = set_a + set_b + rest
    m.apply(TakeDiscard(0))
    m.apply(LayDown(0, (tuple(set_a), tuple(set_b))))
    assert r.laid_down[0] and len(r.melds) == 2
    with pytest.raises(IllegalAction, match="a turn after"):
        m.apply(LayOff(0, rest[0], 0))
    m.apply(Discard(0, rest[0]))
    assert m.current == 1
    # in a later turn, laying off works and laying down again does not
    r.current, r.phase = 0, "play"
    r.went_down_now = False
    extra = cards("7C", CardMinter())[0]
    r.hands[0].append(extra)
    with pytest.raises(IllegalAction):
        m.apply(LayDown(0, ((extra,),)))
    m.apply(LayOff(0, extra, 0))
    assert extra in r.melds[0].cards


def test_a_lay_down_must_be_exactly_the_contract() -> None:
    m = deal()
    r = m.deal
    three_sets = melds("7H 7S 7D | 9C 9D 9S | 4C 4D 4H")
    r.hands[0] = [c for meld in three_sets for c in meld] + cards("KS")
    m.apply(TakeDiscard(0))
    with pytest.raises(IllegalAction, match="exactly 2 melds"):
        m.apply(LayDown(0, tuple(tuple(x) for x in three_sets)))
    assert not r.laid_down[0] and not r.melds


def test_joker_swap_must_be_used_the_same_turn() -> None:
    m = deal()
    r = m.deal
    minter = CardMinter()
    joker_meld = cards("5H 6H JK 8H", minter)
    r.melds = [TableMeld(1, "run", joker_meld)]
    r.declared = {joker_meld[2]: Face(7, "H")}
    real, spare = cards("7H 2S 9D", minter)[0], cards("QS QD", minter)
    r.hands[0] = [real, *spare]
    r.laid_down[0] = True
    m.apply(Draw(0))
    while m.deal.phase == "buying":
        m.apply(Decline(m.awaiting))
    with pytest.raises(IllegalAction):
        m.apply(SwapJoker(0, spare[0], 0))  # QS is not the joker's card
    joker_card = joker_meld[2]
    m.apply(SwapJoker(0, real, 0))
    assert real in r.melds[0].cards and joker_card in r.hands[0]
    with pytest.raises(IllegalAction, match="must be used"):
        m.apply(Discard(0, spare[0]))
    m.apply(LayOff(0, joker_card, 0, Face(9, "H")))
    assert joker_card in r.melds[0].cards and r.declared[joker_card] == Face(9, "H")
    m.apply(Discard(0, spare[0]))
    assert m.current == 1


def test_empty_stock_reshuffles_the_discards_but_the_top() -> None:
    m = deal()
    r = m.deal
    pile = r.stock[:]
    r.discard = pile + r.discard
    r.stock = []
    top = r.discard[-1]
    size = len(r.discard)
    m.apply(Draw(0))
    assert r.discard[:1] == [top] or r.discard[-1] == top
    assert len(r.stock) + len(r.discard) + 1 == size
    assert not m.check_invariants()


def test_round_ends_when_stock_and_discards_both_run_out() -> None:
    m = deal()
    r = m.deal
    r.hands[1].extend(r.stock)
    r.stock = []
    m.apply(TakeDiscard(0))
    card = r.hands[0][0]
    m.apply(Discard(0, card))  # one card in the discard pile, nothing to reshuffle
    m.apply(Draw(1))
    assert r.result is not None and r.result.reason == "stock_out"


def test_penalty_values_and_one_turn_bonuses() -> None:
    values = [card_value(c) for c in cards("2C 9D 10H KS AS JK")]
    assert values == [5, 5, 10, 10, 15, 50]
    for text, bonus in (("7H 7S 7D | 9C 9D 9S", -50), ("7H 7S JK | 9C 9D 9S", -25)):
        m = deal()
        r = m.deal
        minter = CardMinter()
        two = [cards(part, minter) for part in text.split("|")]
        last = cards("KD", minter)[0]
        r.hands[0] = two[0] + two[1] + [last]
        m.apply(TakeDiscard(0))
        r.hands[0].remove(r.hands[0][-1])  # keep the hand exact for the test
        m.apply(LayDown(0, (tuple(two[0]), tuple(two[1]))))
        m.apply(Discard(0, last))
        result = r.result
        assert result is not None and result.reason == "out" and result.ender == 0
        assert result.points[0] == bonus
        assert result.points[1] == sum(card_value(c) for c in r.hands[1])


def test_match_is_ten_rounds_and_lowest_total_wins() -> None:
    m = deal(3)
    for round_number in range(10):
        assert m.contract == CONTRACTS[round_number]
        m._finish_round(round_number % 3)
        if round_number < 9:
            assert not m.over
            m.apply(NextHand(None))
    assert m.over and m.result is not None
    assert m.result.winners == tuple(s for s, t in enumerate(m.totals) if t == min(m.totals))


def random_action(m: ContractMatch, rng: random.Random):
    kinds = list(m.legal_kinds()) + ["discard", "lay_off", "buy"]  # some illegal tries
    kind = rng.choice(kinds)
    seat = m.awaiting if rng.random() < 0.9 else rng.randrange(m.players)
    hand = m.deal.hands[seat]
    pick = rng.choice(hand) if hand else Card(5, "H", 0)
    meld = rng.randrange(len(m.deal.melds) + 1)
    return {
        "next_hand": lambda: NextHand(None), "draw": lambda: Draw(seat),
        "take_discard": lambda: TakeDiscard(seat), "buy": lambda: Buy(seat),
        "decline": lambda: Decline(seat), "discard": lambda: Discard(seat, pick),
        "lay_off": lambda: LayOff(seat, pick, meld),
        "swap_joker": lambda: SwapJoker(seat, pick, meld),
        "lay_down": lambda: LayDown(seat, tuple(tuple(hand[i:i + 3]) for i in (0, 3, 6)[
            :m.contract.melds])),
    }[kind]()


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(3, 8))
def test_random_play_keeps_every_invariant(seed: int, players: int) -> None:
    m = new_match("shanghai-rummy", players, seed)
    rng = random.Random(seed)
    for _ in range(150):
        action = random_action(m, rng)
        before = json.dumps(m.state_json(), sort_keys=True)
        try:
            m.apply(action)
        except IllegalAction:
            assert json.dumps(m.state_json(), sort_keys=True) == before
        assert m.check_invariants() == []
    again = match_from_json(json.loads(json.dumps(match_to_json(m))))
    assert again.digest() == m.digest()
