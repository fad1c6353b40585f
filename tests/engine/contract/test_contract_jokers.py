"""Shanghai Rummy's jokers (RULES.md section 8): a joker in a set stands for its rank in any
suit, so any real card of that rank may take its place."""

from __future__ import annotations

import json

import pytest

from game.engine.actions import Draw
from game.engine.cards import Card, CardMinter, Face, parse_cards
from game.engine.contract import CONTRACTS, ContractMatch
from game.engine.contract.actions import (
    Decline,
    Discard,
    LayDown,
    SwapJoker,
    TakeDiscard,
    contract_action_from_json,
)
from game.engine.contract.rules import check_lay_down, check_meld_as
from game.engine.errors import IllegalAction
from game.engine.serialize import match_to_json
from game.engine.variants import get_variant

VARIANT = get_variant("shanghai-rummy")


def any_suit(rank: int) -> Face:
    """A seven of any suit, as the engine records it (written 7* in saves)."""
    return Face(rank, "*")


def cards(text: str, minter: CardMinter) -> list[Card]:
    return parse_cards(text, minter)[0]


def finish_draw(m: ContractMatch, seat: int) -> None:
    m.apply(Draw(seat))
    while m.hand.phase == "buying":
        m.apply(Decline(m.awaiting))


def sevens_on_the_table() -> tuple[ContractMatch, Card, CardMinter]:
    """Seat 0 lays down 7H 7S JK | 9C 9D 9S and discards; seat 1 is in turn."""
    m = ContractMatch("shanghai-rummy", 4, 1)
    r = m.hand
    minter = CardMinter()
    sevens, nines = cards("7H 7S JK", minter), cards("9C 9D 9S", minter)
    rest = cards("2C 4D", minter)
    r.hands[0] = sevens + nines + rest
    m.apply(TakeDiscard(0))
    m.apply(LayDown(0, (tuple(sevens), tuple(nines))))
    m.apply(Discard(0, rest[0]))
    assert m.current == 1
    return m, sevens[2], minter


def test_a_sets_joker_stands_for_its_rank_in_any_suit_not_a_club() -> None:
    minter = CardMinter()
    check = check_meld_as(VARIANT, cards("7H 7H JK", minter), "set", 3, {})
    assert check.ok
    joker = check.ordered[-1]
    assert joker.is_joker and check.joker_faces[joker] == any_suit(7)
    assert Face(7, "C") not in check.faces
    # a run's joker still stands for one particular card
    run = check_lay_down(VARIANT, CONTRACTS[1], [cards("7H 7S JK", minter),
                                                 cards("3C JK 5C 6C", minter)], {})
    assert run.ok and Face(4, "C") in run.checks[1].faces


def test_the_table_records_any_suit_and_any_card_of_the_rank_swaps_it() -> None:
    m, joker, minter = sevens_on_the_table()
    r = m.hand
    assert r.declared[joker] == any_suit(7)
    # a diamond (a suit the set lacks) and a heart (a suit it repeats) both fit
    seven_d, eight_d = cards("7D 8D", minter)
    r.hands[1] += [seven_d, eight_d]
    r.laid_down[1] = True  # who may swap is another question (see the next test file)
    finish_draw(m, 1)
    with pytest.raises(IllegalAction, match="stands for any 7"):
        m.apply(SwapJoker(1, eight_d, 0))
    m.apply(SwapJoker(1, seven_d, 0))
    assert seven_d in r.melds[0].cards and joker in r.hands[1]
    assert joker not in r.declared
    assert not any(c.is_joker for c in r.melds[0].cards)


def test_a_seven_of_a_repeated_suit_swaps_the_joker_too() -> None:
    m, joker, minter = sevens_on_the_table()
    r = m.hand
    seven_h = cards("7H", minter)[0]
    r.hands[1].append(seven_h)
    r.laid_down[1] = True
    finish_draw(m, 1)
    m.apply(SwapJoker(1, seven_h, 0))
    assert joker in r.hands[1]


def test_any_suit_is_written_7_star_in_saves_and_read_back() -> None:
    from game.engine.contract.rules import face_text, parse_face_notation

    m, joker, _ = sevens_on_the_table()
    snapshot = json.loads(json.dumps(match_to_json(m)))["snapshot"]
    assert [face for _, face in snapshot["declared"]] == ["7*"]
    assert parse_face_notation("7*") == any_suit(7)
    assert parse_face_notation("10H") == Face(10, "H")
    assert face_text(any_suit(7)) == "any 7" and face_text(Face(10, "H")) == "10H"
    with pytest.raises(ValueError):
        parse_face_notation("Z*")
    action = LayDown(0, ((joker,),), {joker: any_suit(12)})
    assert contract_action_from_json(action.to_json()).declared == {joker: any_suit(12)}


def test_a_joker_standing_for_any_rank_is_not_a_run_card() -> None:
    minter = CardMinter()
    run = cards("3C 4C JK 6C", minter)
    check = check_meld_as(VARIANT, run, "run", 4, {run[2]: any_suit(5)})
    assert not check.ok and "set" in check.reason
