"""RULES.md section 7: every worked example, the legal side and the illegal side."""

from __future__ import annotations

import pytest

from game.engine.cards import Card, Face, parse_cards
from game.engine.melds import check_meld
from game.engine.scoring import score_hand
from game.engine.variants import get_variant
from tests.conftest import position, problem_rules


def _faces(table) -> list[list[str]]:
    return [[str(c) for c in meld] for meld in table.melds]


# --- 1 -----------------------------------------------------------------------------------


def test_example_1_split_two_runs_to_make_a_set():
    p = position("3H 4H 5H 6H | 3C 4C 5C 6C", "6S")
    result = p.check("machiavelli", "3H 4H 5H | 3C 4C 5C | 6H 6C 6S")
    assert result.ok, result.problems
    assert [str(c) for c in result.played] == ["6S"]
    assert sorted(str(c) for c in result.table.melds[2]) == ["6C", "6H", "6S"]


def test_example_1_the_6s_cannot_go_down_alone():
    p = position("3H 4H 5H 6H | 3C 4C 5C 6C", "6S")
    result = p.check("machiavelli", "3H 4H 5H 6H | 3C 4C 5C 6C | 6S")
    assert not result.ok
    assert [(p.rule, p.meld) for p in result.problems] == [("meld", 2)]


# --- 2 -----------------------------------------------------------------------------------

EXAMPLE_2_TABLE = "7C 8C 9C | 7D 8D 9D | 8S 9S 10S"
EXAMPLE_2_END = "7C 7D 7H | 8C 8D 8S | 9C 9D 9S | 9S 10S JS"


def test_example_2_all_three_cards_played():
    p = position(EXAMPLE_2_TABLE, "7H 9S JS")
    result = p.check("machiavelli", EXAMPLE_2_END)
    assert result.ok, result.problems
    assert sorted(str(c) for c in result.played) == ["7H", "9S", "JS"]
    assert len(result.table.melds) == 4


def test_example_2_all_six_cards_played():
    p = position(EXAMPLE_2_TABLE, "7H 9S JS QC QS QD")
    result = p.check("machiavelli", EXAMPLE_2_END + " | QC QS QD")
    assert result.ok, result.problems
    assert len(result.played) == 6


def test_example_2_keeping_a_hand_card_back_is_also_legal_but_wrong_grouping_is_not():
    p = position(EXAMPLE_2_TABLE, "7H 9S JS")
    # the 9S from hand cannot simply join the set of 9s twice over: 9C 9D 9S 9S repeats a suit
    result = p.check("machiavelli", "7C 7D 7H | 8C 8D 8S | 9C 9D 9S 9S | 10S JS")
    assert not result.ok
    assert [(q.rule, q.meld) for q in result.problems] == [("meld", 2), ("meld", 3)]


# --- 3 -----------------------------------------------------------------------------------

EXAMPLE_3_TABLE = "KH KD KC | QH QD QC | JH JD JC"
EXAMPLE_3_END = "JH QH KH | JD QD KD | JC QC KC AC"


def test_example_3_ace_high_under_either():
    p = position(EXAMPLE_3_TABLE, "AC")
    result = p.check("machiavelli", EXAMPLE_3_END)
    assert result.ok, result.problems
    assert [str(c) for c in result.table.melds[2]] == ["JC", "QC", "KC", "AC"]


@pytest.mark.parametrize("ace, ok", [("either", True), ("high", True), ("around", True),
                                     ("low", False)])
def test_example_3_depends_on_the_ace_mode(ace, ok):
    p = position(EXAMPLE_3_TABLE, "AC")
    result = p.check(get_variant("machiavelli", {"ace": ace}), EXAMPLE_3_END)
    assert result.ok is ok
    if not ok:
        assert [(q.rule, q.meld) for q in result.problems] == [("meld", 2)]
        assert "low" in result.problems[0].message


# --- 4 -----------------------------------------------------------------------------------

EXAMPLE_4_TABLE = "10H 10D 10S | JH JD JS | QH QD QS"


def test_example_4_lone_queen_of_spades_is_illegal():
    p = position(EXAMPLE_4_TABLE, "9S")
    result = p.check("machiavelli", "10H JH QH | 10D JD QD | 9S 10S JS | QS")
    assert not result.ok
    assert len(result.problems) == 1
    problem = result.problems[0]
    assert (problem.rule, problem.meld) == ("meld", 3)
    assert "only 1 card" in problem.message
    assert str(problem).startswith("meld 4: ")
    assert result.table is None


def test_example_4_the_queen_of_spades_cannot_go_back_to_the_hand_either():
    p = position(EXAMPLE_4_TABLE, "9S")
    result = p.check("machiavelli", "10H JH QH | 10D JD QD | 9S 10S JS")
    assert problem_rules(result) == ["conservation"]
    assert "QS" in result.problems[0].message


def test_example_4_with_qc_and_qd_it_is_legal():
    p = position(EXAMPLE_4_TABLE, "9S QC QD")
    result = p.check("machiavelli", "10H JH QH | 10D JD QD | 9S 10S JS | QS QC QD")
    assert result.ok, result.problems
    assert len(result.played) == 3
    # the second QD written is the hand's copy
    qds = [c for c in result.table.cards() if str(c) == "QD"]
    assert sorted(c.copy for c in qds) == [0, 1]


# --- 5 -----------------------------------------------------------------------------------

EXAMPLE_5_TABLE = "8H 9H JK=10H"


def test_example_5_redeclaring_the_joker_is_illegal():
    p = position(EXAMPLE_5_TABLE, "6H")
    result = p.check("carousel", "6H JK=7H 8H 9H")
    assert not result.ok
    assert [(q.rule, q.meld) for q in result.problems] == [("joker_identity", 0)]
    assert "10H" in result.problems[0].message


def test_example_5_adding_6h_while_joker_stays_10h_is_not_a_run():
    p = position(EXAMPLE_5_TABLE, "6H")
    result = p.check("carousel", "6H 8H 9H JK=10H")
    assert [(q.rule, q.meld) for q in result.problems] == [("meld", 0)]


@pytest.mark.parametrize("hand, end", [
    ("10H 5C 5D", "8H 9H 10H | 5C 5D JK=5S"),
    ("10H 5C 5D", "8H 9H 10H | 5C 5D JK=5H"),
    ("10H JC QC", "8H 9H 10H | JC QC JK=KC"),
    ("10H JC QC", "8H 9H 10H | JK=10C JC QC"),
    ("10H 7H 6H", "8H 9H 10H | JK=5H 6H 7H"),
])
def test_example_5_release_with_10h_then_any_new_identity(hand, end):
    p = position(EXAMPLE_5_TABLE, hand)
    result = p.check("carousel", end)
    assert result.ok, result.problems
    jk = next(c for c in result.table.cards() if c.is_joker)
    assert result.released == (jk,)
    declared = end.split("JK=")[1].split()[0]
    assert str(result.table.declared[jk]) == declared


def test_example_5_released_joker_must_be_reused_the_same_turn():
    p = position(EXAMPLE_5_TABLE, "10H 5C 5D")
    alone = p.check("carousel", "8H 9H 10H | JK=5S")
    assert [(q.rule, q.meld) for q in alone.problems] == [("meld", 1)]
    to_hand = p.check("carousel", "8H 9H 10H")
    assert problem_rules(to_hand) == ["conservation"]
    assert "JK" in to_hand.problems[0].message


def test_example_5_released_joker_may_take_a_new_identity_in_the_same_run():
    p = position(EXAMPLE_5_TABLE, "10H 7H")
    result = p.check("carousel", "JK=7H 8H 9H 10H")
    assert result.ok, result.problems  # 10H took the joker's place; the joker became 7H
    assert len(result.released) == 1


def test_example_5_a_10h_from_another_meld_releases_in_carousel_but_not_in_tahiti():
    p = position(EXAMPLE_5_TABLE + " | 10H 10C 10S 10D", "5C 5D")
    end = "8H 9H 10H | 10C 10S 10D | 5C 5D JK=5S"
    assert p.check("carousel", end).ok
    tahiti = p.check("tahiti", end)
    # not released, so its meld is still frozen and was broken up: both are reported
    assert [(q.rule, q.meld) for q in tahiti.problems] == [
        ("joker_identity", 2), ("frozen_meld", 2)]
    assert "from your hand" in tahiti.problems[0].message


def test_example_5_moving_the_joker_keeping_10h_is_legal_in_carousel():
    p = position(EXAMPLE_5_TABLE, "7H 10C 10S")
    result = p.check("carousel", "7H 8H 9H | 10C 10S JK=10H")
    assert result.ok, result.problems
    assert result.released == ()
    jk = next(c for c in result.table.cards() if c.is_joker)
    assert result.table.declared[jk] == Face(10, "H")
    assert len(result.played) == 3


def test_example_5_moving_the_joker_is_illegal_in_vatikan():
    p = position(EXAMPLE_5_TABLE, "7H 10C 10S")
    result = p.check("vatikan", "7H 8H 9H | 10C 10S JK=10H")
    assert not result.ok
    assert [(q.rule, q.meld) for q in result.problems] == [("joker_moves", 1)]


def test_example_5_in_vatikan_the_joker_moves_once_released():
    p = position(EXAMPLE_5_TABLE, "10H 10C 10S")
    result = p.check("vatikan", "8H 9H 10H | 10C 10S JK=10D")
    assert result.ok, result.problems


# --- 6 -----------------------------------------------------------------------------------

ACE_TABLE = {
    #            QS KS AS, AS 2S 3S, KS AS 2S
    "either": (True, True, False),
    "around": (True, True, True),
    "low": (False, True, False),
    "high": (True, False, False),
}


@pytest.mark.parametrize("ace", list(ACE_TABLE))
@pytest.mark.parametrize("index, meld", list(enumerate(["QS KS AS", "AS 2S 3S", "KS AS 2S"])))
def test_example_6_ace_modes(ace, index, meld):
    variant = get_variant("machiavelli", {"ace": ace})
    cards, _ = parse_cards(meld)
    expected = ACE_TABLE[ace][index]
    verdict = check_meld(cards, variant)
    assert verdict.ok is expected, verdict.reason
    if not expected:
        assert verdict.reason  # a refusal always says why
    # written in any order, the verdict is the same
    assert check_meld(list(reversed(cards)), variant).ok is expected


def test_example_6_around_turns_the_corner_q_k_a_2_3():
    cards, _ = parse_cards("QS KS AS 2S 3S")
    assert check_meld(cards, get_variant("machiavelli", {"ace": "around"})).ok
    assert not check_meld(cards, get_variant("machiavelli")).ok


def test_example_6_either_reason_names_the_inside_ace():
    cards, _ = parse_cards("KS AS 2S")
    verdict = check_meld(cards, get_variant("machiavelli"))
    assert "K-A-2" in verdict.reason


# --- 7 -----------------------------------------------------------------------------------


@pytest.mark.parametrize("meld, ok, words", [
    ("3H 3S 3D", True, ""),
    ("3H 3S 3D 3C", True, ""),
    ("3H 3H 3D", False, "twice"),
    ("3H 3S 3D 3C 3H", False, "at most 4"),
])
def test_example_7_sets(meld, ok, words):
    cards, _ = parse_cards(meld)
    verdict = check_meld(cards, get_variant("machiavelli"))
    assert verdict.ok is ok
    assert words in verdict.reason
    if ok:
        assert verdict.kind == "set"


# --- 8 -----------------------------------------------------------------------------------


def _hand(text: str) -> list[Card]:
    return parse_cards(text)[0]


def test_example_8_knocker_with_lowest_hand_wins_23():
    variant = get_variant("carousel")
    hands = [_hand("4H"), _hand("6H"), _hand("10H 2H"), _hand("10S 7S")]
    result = score_hand(variant, hands, "knock", ender=0)
    assert result.hand_values == (4, 6, 12, 17)
    assert result.winners == (0,)
    assert result.points == (23, 0, 0, 0)


def test_example_8_undercut_wins_34():
    variant = get_variant("carousel")
    hands = [_hand("4H"), _hand("3H"), _hand("10H 2H"), _hand("10S 7S")]
    result = score_hand(variant, hands, "knock", ender=0)
    assert result.winners == (1,)
    assert result.points == (0, 34, 0, 0)
