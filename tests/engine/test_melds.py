"""One meld at a time: sets, runs, every ace mode, jokers under fixed and free identity."""

from __future__ import annotations

import dataclasses

import pytest

from game.engine.cards import parse_cards
from game.engine.melds import check_meld, meld_faces
from game.engine.variants import get_variant


def verdict(text: str, variant_id: str = "machiavelli", **options):
    cards, declared = parse_cards(text)
    return check_meld(cards, get_variant(variant_id, options), declared)


def faces(result) -> list[str]:
    return [str(f) for f in result.faces]


# --- sets --------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["7C 7D 7H", "7C 7D 7H 7S", "KS KH KD", "AS AC AD AH"])
def test_valid_sets(text):
    result = verdict(text)
    assert result.ok and result.kind == "set"
    assert sorted(faces(result)) == sorted(text.split())


@pytest.mark.parametrize("text, words", [
    ("7C 7D", "only 2 cards"),
    ("7C", "only 1 card"),
    ("7C 7C 7D", "appears twice"),
    ("7C 7D 7H 7S 7C", "at most 4"),
    ("7C 7D 8H", "neither a set"),
])
def test_invalid_sets(text, words):
    result = verdict(text)
    assert not result.ok and result.kind is None
    assert words in result.reason


def test_same_suit_sets_when_the_variant_allows_them():
    variant = dataclasses.replace(get_variant("machiavelli"), set_same_suit_allowed=True)
    cards, _ = parse_cards("7C 7C 7D 7H 7S")
    assert check_meld(cards, variant).ok


def test_a_set_is_ordered_by_suit():
    result = verdict("7S 7C 7H")
    assert [str(c) for c in result.ordered] == ["7C", "7H", "7S"]


# --- runs --------------------------------------------------------------------------------


@pytest.mark.parametrize("text, ordered", [
    ("5H 6H 7H", "5H 6H 7H"),
    ("7H 5H 6H", "5H 6H 7H"),
    ("9C 10C JC QC KC", "9C 10C JC QC KC"),
    ("AS QS KS", "QS KS AS"),
    ("3D AD 2D", "AD 2D 3D"),
    ("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"),
])
def test_valid_runs_are_put_in_order(text, ordered):
    result = verdict(text)
    assert result.ok and result.kind == "run"
    assert " ".join(str(c) for c in result.ordered) == ordered


@pytest.mark.parametrize("text, words", [
    ("5H 7H 8H", "not in sequence"),
    ("5H 6H 6H 7H", "6H appears twice"),
    ("5H 6H 7S", "neither a set"),
    ("5H 6H", "only 2 cards"),
    ("JH QH KH AH 2H", "K-A-2"),
])
def test_invalid_runs(text, words):
    result = verdict(text)
    assert not result.ok
    assert words in result.reason


def test_thirteen_card_run_is_the_longest():
    assert verdict("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", ace="around").ok
    result = verdict("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH JK", "robbers", ace="around",
                     jokers_per_meld="unlimited")
    assert not result.ok and "at most 13" in result.reason


# --- ace modes ---------------------------------------------------------------------------

# meld: (low, high, either, around)
ACE_CASES = {
    "AH 2H 3H": (True, False, True, True),
    "QH KH AH": (False, True, True, True),
    "KH AH 2H": (False, False, False, True),
    "QH KH AH 2H 3H": (False, False, False, True),
    "JH QH KH AH": (False, True, True, True),
    "AH 2H 3H 4H": (True, False, True, True),
    "2H 3H 4H": (True, True, True, True),
    "JH QH KH": (True, True, True, True),
    "AH QH KH 2H": (False, False, False, True),
    "AH 3H 4H": (False, False, False, False),
}


@pytest.mark.parametrize("text", list(ACE_CASES))
@pytest.mark.parametrize("mode_index, mode", list(enumerate(("low", "high", "either", "around"))))
def test_ace_modes(text, mode_index, mode):
    result = verdict(text, ace=mode)
    assert result.ok is ACE_CASES[text][mode_index], result.reason


@pytest.mark.parametrize("mode, text, words", [
    ("low", "QH KH AH", "aces are low only"),
    ("high", "AH 2H 3H", "aces are high only"),
    ("either", "KH AH 2H", "may end a run but not sit inside"),
])
def test_ace_refusals_say_why(mode, text, words):
    assert words in verdict(text, ace=mode).reason


def test_around_orders_the_run_across_the_corner():
    result = verdict("2H QH AH KH 3H", ace="around")
    assert " ".join(str(c) for c in result.ordered) == "QH KH AH 2H 3H"


# --- jokers: free identity ---------------------------------------------------------------


@pytest.mark.parametrize("text, expected", [
    ("5H JK 7H", ["5H", "6H", "7H"]),  # a gap is filled first
    ("5H 6H JK", ["5H", "6H", "7H"]),  # then the run grows upwards
    ("QH KH JK", ["JH", "QH", "KH"]),  # under either, below the king before the ace
    ("JK KH AH", ["QH", "KH", "AH"]),
    ("AH 2H JK", ["AH", "2H", "3H"]),
])
def test_free_joker_takes_the_card_its_run_needs(text, expected):
    result = verdict(text, "robbers")
    assert result.ok and result.kind == "run"
    assert faces(result) == expected


def test_free_joker_in_a_set_takes_a_missing_suit():
    result = verdict("3H 3S JK", "robbers")
    assert result.ok and result.kind == "set"
    joker_face = next(iter(result.joker_faces.values()))
    assert joker_face.rank == 3 and joker_face.suit in "CD"


def test_free_joker_ignores_a_written_declaration():
    assert verdict("5H JK=9H 7H", "robbers").ok


def test_free_joker_under_other_ace_modes():
    assert faces(verdict("QH KH JK", "robbers", ace="high")) == ["QH", "KH", "AH"]
    assert faces(verdict("KH JK 2H", "robbers", ace="around")) == ["KH", "AH", "2H"]
    low = verdict("JK KH AH", "robbers", ace="low")
    assert not low.ok and "low only" in low.reason


def test_jokers_per_meld():
    assert not verdict("3H JK JK", "robbers").ok
    assert "at most 1 joker" in verdict("3H JK JK", "robbers").reason
    assert verdict("3H JK JK", "robbers", jokers_per_meld=2).ok
    assert verdict("JK 5H JK 7H", "robbers", jokers_per_meld="unlimited").ok
    result = verdict("5H JK JK JK", "robbers", jokers_per_meld=2)
    assert not result.ok and "3 jokers" in result.reason


@pytest.mark.parametrize("variant_id", ["robbers", "tahiti"])  # free, and fixed undeclared
@pytest.mark.parametrize("limit", ["unlimited", 4])
@pytest.mark.parametrize("text, expected", [
    ("7H JK JK JK JK", ["7H", "8H", "9H", "10H", "JH"]),
    ("JK JK 7H JK JK", ["7H", "8H", "9H", "10H", "JH"]),
    ("KH JK JK JK JK", ["9H", "10H", "JH", "QH", "KH"]),
    ("AH JK JK JK JK", ["AH", "2H", "3H", "4H", "5H"]),
])
def test_one_real_card_and_four_jokers_read_as_a_run(variant_id, limit, text, expected):
    # issue 29.11: five cards are no set, so the only reading left is the run
    result = verdict(text, variant_id, jokers_per_meld=limit)
    assert result.ok and result.kind == "run"
    assert faces(result) == expected


def test_one_real_card_and_jokers_read_as_a_set_first_then_a_run():
    for text in ("7H JK JK", "7H JK JK JK"):
        result = verdict(text, "robbers", jokers_per_meld="unlimited")
        assert result.ok and result.kind == "set"
    # asked for a run, the same cards are one
    cards, _ = parse_cards("7H JK JK")
    run = check_meld(cards, get_variant("robbers", {"jokers_per_meld": 2}), kind="run")
    assert run.ok and faces(run) == ["7H", "8H", "9H"]
    # neither reading: the reason the size points to
    assert "at most 1 joker" in verdict("7H JK JK JK JK", "robbers").reason
    assert "at most 3 jokers" in verdict("7H JK JK JK JK", "robbers", jokers_per_meld=3).reason
    five = verdict("7H JK=7S JK JK JK", "tahiti", jokers_per_meld="unlimited")
    assert not five.ok and "a set has at most 4" in five.reason


def test_a_meld_needs_a_real_card():
    result = verdict("JK JK JK", "robbers", jokers_per_meld="unlimited")
    assert not result.ok and "real card" in result.reason


def test_a_joker_cannot_make_a_fifth_set_card_or_a_fourteenth_run_card():
    assert not verdict("3H 3S 3D 3C JK", "robbers").ok
    assert verdict("3H 3S 3D JK", "robbers").ok


# --- jokers: fixed identity --------------------------------------------------------------


def test_fixed_joker_plays_its_declared_card():
    result = verdict("5H JK=6H 7H", "carousel")
    assert result.ok and faces(result) == ["5H", "6H", "7H"]
    assert not verdict("5H JK=9H 7H", "carousel").ok
    assert "not in sequence" in verdict("5H JK=9H 7H", "carousel").reason


def test_fixed_joker_declared_card_counts_for_the_set_suits():
    assert verdict("3H 3S JK=3C", "carousel").ok
    result = verdict("3H 3S JK=3H", "carousel")
    assert not result.ok and "3H appears twice" in result.reason


def test_fixed_but_undeclared_joker_is_given_a_card():
    result = verdict("8H 9H JK", "carousel")
    assert result.ok and faces(result) == ["8H", "9H", "10H"]


def test_meld_faces():
    cards, _ = parse_cards("8H 9H JK")
    found = meld_faces(cards, get_variant("carousel"))
    assert [str(f) for f in found.values()] == ["10H"]
    assert meld_faces(parse_cards("8H 9H")[0], get_variant("carousel")) is None
