"""The contract game's parameters are data (``Variant.contract``, a ``ContractRules``): a
variant with other rounds, values, bonuses, buying or house limits plays by them, with no
change to the rule code."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.engine.actions import Draw, NextHand
from game.engine.cards import CardMinter, parse_cards
from game.engine.contract.actions import Buy, Decline, Discard, LayDown, TakeDiscard
from game.engine.contract.match import ContractMatch
from game.engine.contract.params import SHANGHAI_RUMMY_RULES, Contract, ContractRules, PenaltyValues
from game.engine.contract.rules import describe_contract_game, rules_of
from game.engine.errors import OptionError
from game.engine.variants import CONTRACT_VARIANTS, SHANGHAI_RUMMY, Variant

SHORT = replace(
    SHANGHAI_RUMMY_RULES,
    contracts=(Contract(2, 0), Contract(0, 1, 4)),
    penalties=PenaltyValues(joker=20, ace=1, ten_to_king=3, two_to_nine=2),
    one_turn_bonus=-7, one_turn_natural_bonus=-9, buy_penalty_cards=2,
    quiet_turns_per_seat=2, discard_taken_card=True)


@pytest.fixture
def short_game(monkeypatch: pytest.MonkeyPatch) -> Variant:
    variant = replace(SHANGHAI_RUMMY, id="short-contract", name="Short contract",
                      contract=SHORT, match="hands:2")
    monkeypatch.setitem(CONTRACT_VARIANTS, variant.id, variant)
    return variant


def test_shanghai_rummy_holds_its_rules() -> None:
    rules = rules_of(SHANGHAI_RUMMY)
    assert rules.rounds == 10 and str(rules.contract_for(1)) == "1 set of 3 + 1 run of 4"
    assert rules.contract_for(10) == rules.contract_for(0)
    assert [rules.card_value(c) for c in parse_cards("2C 9D 10H KS AS JK")[0]] == \
        [5, 5, 10, 10, 15, 50]


def test_a_contract_variant_without_rules_is_refused() -> None:
    with pytest.raises(OptionError):
        rules_of(replace(SHANGHAI_RUMMY, contract=None))
    with pytest.raises(ValueError):
        ContractRules((), SHANGHAI_RUMMY_RULES.penalties, -1, -2)


def test_the_rounds_and_their_contracts_come_from_the_rules(short_game: Variant) -> None:
    m = ContractMatch(short_game.id, 3, 4)
    assert m.contract == Contract(2, 0)
    minter = CardMinter()
    sevens, nines = parse_cards("7H 7S 7D", minter)[0], parse_cards("9C 9D 9S", minter)[0]
    m.deal.hands[0] = sevens + nines
    drawn = m.deal.stock[-1]
    m.apply(Draw(0))
    while m.deal.phase == "buying":
        m.apply(Decline(m.awaiting))
    m.apply(LayDown(0, (tuple(sevens), tuple(nines))))
    m.apply(Discard(0, drawn))
    # went out in the turn it laid down, with no joker: the variant's natural bonus
    result = m.deal.result
    assert result is not None and result.points[0] == -9
    # the others pay the variant's values
    assert result.points[1] == sum(SHORT.card_value(c) for c in m.deal.hands[1])
    m.apply(NextHand(None))
    assert m.contract == Contract(0, 1, 4)


def stall_round(m: ContractMatch) -> int:
    """Everyone takes the discard and throws it back until the round ends; the turns."""
    turns = 0
    while m.deal.result is None:
        seat = m.current
        top = m.deal.discard[-1]
        m.apply(TakeDiscard(seat))
        m.apply(Discard(seat, top))  # this variant lets the taken card go straight back
        turns += 1
    return turns


def test_the_match_lasts_as_many_rounds_as_the_rules_have_contracts(
        short_game: Variant) -> None:
    m = ContractMatch(short_game.id, 3, 4)
    stall_round(m)
    assert not m.over
    m.apply(NextHand(None))
    stall_round(m)
    assert m.over and len(m.history) == SHORT.rounds


def test_buying_takes_the_rules_penalty_cards(short_game: Variant) -> None:
    m = ContractMatch(short_game.id, 3, 4)
    offered = m.deal.discard[-1]
    m.apply(Draw(0))
    before = len(m.deal.hands[1])
    top_two = m.deal.stock[-2:]
    m.apply(Buy(1))
    assert offered in m.deal.hands[1] and all(c in m.deal.hands[1] for c in top_two)
    assert len(m.deal.hands[1]) == before + 1 + 2


def test_the_house_limits_come_from_the_rules(short_game: Variant) -> None:
    m = ContractMatch(short_game.id, 3, 4)
    assert stall_round(m) == SHORT.quiet_turns_per_seat * 3
    assert m.deal.result is not None and m.deal.result.reason == "stalled"


def test_the_rules_text_follows_the_rules(short_game: Variant) -> None:
    text = "\n".join(describe_contract_game(short_game))
    assert "Two rounds of 11 cards" in text and "2. 1 run of 4." in text
    assert "the top 2 stock cards as a penalty" in text
    assert "scores -7, or -9 without a joker" in text and "after two rounds" in text
