"""Whole turns: conservation, adding a card, joker rules per variant, initial melds, free
cards, and every problem named with its meld; a refused commit changes nothing."""

from __future__ import annotations

import json

import pytest

from game.engine.actions import Play
from game.engine.cards import Face
from game.engine.errors import IllegalAction
from game.engine.match import Match
from game.engine.table import Table
from game.engine.turn import check_turn
from game.engine.variants import get_variant
from tests.conftest import end_table, position, problem_rules, rig


def where(result) -> list[tuple[str, int | None]]:
    return [(p.rule, p.meld) for p in result.problems]


# --- conservation and adding a card ------------------------------------------------------


def test_adding_to_a_meld():
    p = position("5H 6H 7H", "8H 2C")
    result = p.check("machiavelli", "5H 6H 7H 8H")
    assert result.ok
    assert [str(c) for c in result.played] == ["8H"]
    assert str(result.table) == "5H 6H 7H 8H"


def test_a_table_card_cannot_go_back_to_the_hand():
    p = position("5H 6H 7H 8H", "9C")
    result = p.check("machiavelli", "5H 6H 7H")
    assert where(result) == [("conservation", None)]
    assert "8H was on the table" in result.problems[0].message
    assert result.table is None


def test_a_card_from_nowhere_is_refused():
    p = position("5H 6H 7H", "9C")
    foreign = position("", "8H").hand[0]
    end = Table.of([list(p.start.melds[0]) + [foreign]])
    result = check_turn(get_variant("machiavelli"), p.start, p.hand, end)
    assert problem_rules(result) == ["conservation"]
    assert "8H is not in your hand" in result.problems[0].message


def test_a_card_twice_on_the_table_is_refused():
    p = position("5H 6H 7H", "8H")
    card = p.hand[0]
    end = Table.of([list(p.start.melds[0]) + [card], [card, card, card]])
    result = check_turn(get_variant("machiavelli"), p.start, p.hand, end)
    assert "conservation" in problem_rules(result)
    assert "on the table 4 times" in result.problems[0].message


def test_rearranging_without_adding_is_not_a_play():
    p = position("3H 4H 5H 6H | 3C 4C 5C 6C", "9S")
    result = p.check("machiavelli", "3H 4H 5H 6H | 3C 4C 5C 6C")
    assert where(result) == [("must_add", None)]
    moved = p.check("machiavelli", "3H 4H 5H | 6H 3C 4C 5C 6C")
    assert ("must_add", None) in where(moved)


def test_every_problem_is_reported_with_its_meld():
    p = position("3H 4H 5H 6H | 7C 7D 7S", "9S 9D KC")
    result = p.check("machiavelli", "3H 4H | 5H 6H 9S | 7C 7D 7S | 9D KC")
    assert where(result) == [("meld", 0), ("meld", 1), ("meld", 3)]
    assert [str(q).split(":")[0] for q in result.problems] == ["meld 1", "meld 2", "meld 4"]
    assert all(q.message for q in result.problems)


def test_going_out_with_every_card():
    p = position("5H 6H 7H", "8H 9H")
    result = p.check("machiavelli", "5H 6H 7H 8H 9H")
    assert result.ok and len(result.played) == 2


# --- jokers: fixed identity, moves, release ----------------------------------------------


def test_a_new_joker_from_hand_is_declared_by_the_check():
    p = position("", "8H 9H JK")
    result = p.check("carousel", "8H 9H JK")
    assert result.ok
    jk = p.hand[2]
    assert result.table.declared[jk] == Face(10, "H")


def test_a_new_joker_may_be_declared_as_any_card_that_fits():
    p = position("", "8H 9H JK")
    result = p.check("carousel", "JK=7H 8H 9H")
    assert result.ok
    assert result.table.declared[p.hand[2]] == Face(7, "H")
    assert [str(c) for c in result.table.melds[0]] == ["JK", "8H", "9H"]


def test_jokers_per_meld_in_a_turn():
    p = position("", "8H 9H JK JK")
    result = p.check("carousel", "JK=7H 8H 9H JK=10H")
    assert where(result) == [("meld", 0)]
    assert "2 jokers" in result.problems[0].message


def test_fixed_joker_keeps_its_card_when_it_moves():
    p = position("8H 9H JK=10H", "7H 10C 10S")
    assert p.check("machiavelli-jokers", "7H 8H 9H | 10C 10S JK=10H").ok
    result = p.check("machiavelli-jokers", "7H 8H 9H | 10C 10S JK=10D")
    assert where(result) == [("joker_identity", 1)]


def test_vatikan_joker_never_moves_but_may_gain_cards():
    p = position("8H 9H JK=10H", "7H JH")
    assert p.check("vatikan", "7H 8H 9H JK=10H JH").ok
    # splitting its run is fine while the joker keeps one of its old meld-mates
    q = position("6H 7H 8H 9H JK=10H", "5H JH QH")
    assert q.check("vatikan", "5H 6H 7H | 8H 9H JK=10H JH QH").ok
    r = position("6H 7H 8H 9H JK=10H", "10C 10S 5H")
    result = r.check("vatikan", "5H 6H 7H 8H 9H | 10C 10S JK=10H")
    assert where(result) == [("joker_moves", 1)]


def test_vatikan_release_from_table_lets_the_joker_move():
    p = position("8H 9H JK=10H | 10H 10C 10S 10D", "5C 5D")
    result = p.check("vatikan", "8H 9H 10H | 10C 10S 10D | 5C 5D JK=5S")
    assert result.ok and len(result.released) == 1


def test_tahiti_release_only_from_hand():
    p = position("8H 9H JK=10H", "10H 5C 5D")
    result = p.check("tahiti", "8H 9H 10H | 5C 5D JK=5S")
    assert result.ok and len(result.released) == 1


def test_released_joker_needs_two_hand_cards_in_machiavelli_jokers():
    p = position("8H 9H JK=10H | 4C 5C 6C 7C", "10H 3C")
    end = "8H 9H 10H | 3C 4C JK=5C | 5C 6C 7C"
    result = p.check("machiavelli-jokers", end)
    assert where(result) == [("released_joker", 1)]
    assert "(1 here)" in result.problems[0].message
    # the same play is fine where the rule is off
    assert p.check("carousel", end).ok


def test_released_joker_with_two_hand_cards_is_fine():
    p = position("8H 9H JK=10H | 4C 5C 6C 7C", "10H 2C 3C")
    result = p.check("machiavelli-jokers", "8H 9H 10H | 2C 3C JK=4C | 4C 5C 6C 7C")
    assert result.ok, result.problems
    assert result.table.declared[result.released[0]] == Face(4, "C")


def test_the_releasing_card_need_not_stay_beside_the_jokers_old_mates():
    # RULES.md 2: the 10H takes the joker's place, then the table is regrouped freely
    p = position("8H 9H JK=10H", "10H 10C 10S")
    result = p.check("carousel", "JK=7H 8H 9H | 10H 10C 10S")
    assert result.ok, result.problems
    assert len(result.released) == 1


def test_release_then_regroup_the_whole_table():
    # the Carousel example: 7S releases the joker, then every card finds a new meld
    p = position("JK=7S 7C 7D", "7S 8S 9S 5C 6C 8D 9D KC KD")
    result = p.check("carousel", "5C 6C 7C | 7D 8D 9D | 7S 8S 9S | JK=KH KC KD")
    assert result.ok, result.problems
    assert [str(result.table.declared[j]) for j in result.released] == ["KH"]


def test_a_release_still_needs_a_real_copy_of_the_jokers_card():
    p = position("JK=7S 7C 7D", "8S 9S 5C 6C 8D 9D KC KD")
    result = p.check("carousel", "5C 6C 7C | 7D 8D 9D | JK=7S 8S 9S")
    assert result.ok  # the joker kept its card: no release needed
    refused = p.check("carousel", "5C 6C 7C | 7D 8D 9D | JK=KH KC KD")
    assert where(refused) == [("joker_identity", 2)]


def test_hand_only_release_needs_the_copy_from_the_hand():
    # a 10H already on the table releases the joker where the variant allows it ...
    q = position("8H 9H JK=10H | 10H 10C 10S 10D", "5C 5D")
    end = "8H 9H 10H | 10C 10S 10D | 5C 5D JK=5S"
    assert q.check("carousel", end).ok
    # ... but not where it must come from the hand (Tahiti)
    refused = q.check("tahiti", end)
    assert ("joker_identity", 2) in where(refused)
    assert "a real 10H from your hand" in refused.problems[0].message


def test_two_jokers_need_two_releasing_cards():
    p = position("8H 9H JK=10H | JH QH JK=KH", "10H 5C 5D")
    result = p.check("carousel", "8H 9H 10H | JH QH JK=KH | 5C 5D JK=5S")
    assert result.ok, result.problems
    assert [str(result.table.declared[j]) for j in result.released] == ["5S"]
    q = position("8H 9H JK=10H | 10C 10S JK=10H", "10H 10D 5C 5D 6C 6D")
    both = q.check("carousel", "8H 9H 10H | 10C 10S 10D | 5C 5D JK=5S | 6C 6D JK=6S")
    # one 10H releases one joker; a 10D does not release a joker standing for 10H
    assert where(both) == [("joker_identity", 3)]


# --- frozen melds (Tahiti) ---------------------------------------------------------------


def test_frozen_meld_may_gain_cards():
    p = position("4H 5H 6H JK=7H", "8H 9H")
    assert p.check("tahiti", "4H 5H 6H JK=7H 8H 9H").ok


def test_frozen_meld_cannot_lose_cards():
    p = position("4H 5H 6H JK=7H | 4C 4D 4S", "3H")
    result = p.check("tahiti", "5H 6H JK=7H | 4C 4D 4S 4H | 3H")
    assert ("frozen_meld", 0) in where(result)
    q = position("4H 5H 6H JK=7H | 4C 4D 4S", "2H")
    result = q.check("tahiti", "5H 6H JK=7H | 4C 4D 4S 4H | 2H")
    assert ("frozen_meld", 0) in where(result)
    # without the freeze, the same move is legal when it adds a card
    r = position("4H 5H 6H JK=7H | 4C 4D 4S", "8H")
    assert r.check("machiavelli-jokers", "5H 6H JK=7H 8H | 4C 4D 4S 4H").ok
    assert where(r.check("tahiti", "5H 6H JK=7H 8H | 4C 4D 4S 4H")) == [("frozen_meld", 0)]


def test_frozen_meld_thaws_once_its_joker_is_released_from_hand():
    p = position("4H 5H 6H JK=7H | 4C 4D 4S", "7H 8C 9C")
    result = p.check("tahiti", "5H 6H 7H | 4C 4D 4S 4H | JK=10C 8C 9C")
    assert result.ok, result.problems


def test_a_joker_cannot_walk_out_of_its_frozen_meld():
    p = position("4H 5H 6H JK=7H", "7C 7D")
    result = p.check("tahiti", "4H 5H 6H | 7C 7D JK=7H")
    assert ("frozen_meld", 1) in where(result)
    assert p.check("carousel", "4H 5H 6H | 7C 7D JK=7H").ok


# Tahiti (issue 29.10): "a player who has in hand the card represented by a joker on the
# table can replace the joker by the real card and then use the joker in another
# combination"; a release counts whether or not the joker's card changes.


def test_a_released_joker_may_keep_its_card_in_tahiti():
    p = position("JK=9S 9C 9D", "9S 10S JS")
    result = p.check("tahiti", "9C 9D 9S | JK=9S 10S JS")
    assert result.ok, result.problems
    jk = next(c for c in result.table.cards() if c.is_joker)
    assert result.released == (jk,)
    assert result.table.declared[jk] == Face(9, "S")
    # the same play with the joker declared anew was legal already
    assert p.check("tahiti", "9C 9D 9S | 10S JS JK=QS").ok


def test_a_joker_keeping_its_card_may_stay_while_its_frozen_meld_is_broken_up():
    # the 3C from the hand releases the joker (which stays a 3C), so the 3S may leave
    p = position("JK=3C 3D 3H 3S | JC QC KC AC", "3C 2C 4S 5S")
    result = p.check("tahiti", "JK=3C 3D 3H | AC 2C 3C | JC QC KC | 3S 4S 5S")
    assert result.ok, result.problems
    assert len(result.released) == 1 and len(result.played) == 4
    # without a 3C from the hand the meld stays frozen, and that is said once
    q = position("JK=3C 3D 3H 3S | JC QC KC AC", "2C 4S 5S")
    refused = q.check("tahiti", "JK=3C 3D 3H | JC QC KC AC | 3S 4S 5S")
    assert where(refused) == [("frozen_meld", 0)]


def test_only_a_real_card_from_the_hand_releases_a_joker_keeping_its_card():
    # Tahiti: a 9S already on the table does not release it, even if the joker keeps 9S
    p = position("JK=9S 9C 9D | 9S 10S JS", "QS")
    end = "9C 9D 9S | JK=9S 10S JS QS"
    assert where(p.check("tahiti", end)) == [("frozen_meld", 1)]  # named where the joker is
    # where no meld freezes, the joker moves keeping its card without any release
    moved = p.check("carousel", end)
    assert moved.ok and moved.released == ()


def test_one_real_card_releases_one_joker_whether_or_not_its_card_changes():
    # two frozen melds hold jokers standing for 9S; one 9S from the hand frees one of them
    tahiti = get_variant("tahiti", {"jokers_per_meld": "unlimited"})
    p = position("JK=9S 9C 9D | JK=9S 9H 9D", "9S 10S JS")
    one = p.check(tahiti, "9C 9D 9S | JK=9S 10S JS | JK=9S 9H 9D")
    assert one.ok, one.problems
    assert len(one.released) == 1
    # the other joker changing its card needs a 9S of its own
    both = p.check(tahiti, "9C 9D 9S | JK=9S 10S JS | 9H 9D JK=9C")
    assert not both.ok
    assert {rule for rule, _ in where(both)} <= {"frozen_meld", "joker_identity"}


# --- initial meld ------------------------------------------------------------------------


def test_vatikan_opens_with_a_run_of_three_from_hand():
    p = position("7C 7D 7S", "3C 4C 5C 7H 8D 8S 8C")
    assert p.check("vatikan", "7C 7D 7S | 3C 4C 5C", opened=False).ok
    # ... and may touch the table in the same turn
    assert p.check("vatikan", "7C 7D 7S 7H | 3C 4C 5C", opened=False).ok
    set_only = p.check("vatikan", "7C 7D 7S | 8D 8S 8C", opened=False)
    assert where(set_only) == [("initial_meld", None)]
    assert "run of three" in set_only.problems[0].message
    table_only = p.check("vatikan", "7C 7D 7S 7H", opened=False)
    assert where(table_only) == [("initial_meld", None)]
    assert p.check("vatikan", "7C 7D 7S 7H", opened=True).ok


def test_an_opening_run_may_be_one_real_card_and_jokers():
    # issue 29.11: 7H JK JK from the hand can be the run 7H 8H 9H (it is a set too), so it
    # opens in Vatikan where two jokers may share a meld, joined to the table's 10H JH QH
    vatikan = get_variant("vatikan", {"jokers_per_meld": 2})
    p = position("10H JH QH", "7H JK JK 2C")
    assert p.check(vatikan, "7H JK=8H JK=9H 10H JH QH", opened=False).ok


def test_vatikan_run_must_be_wholly_from_hand():
    p = position("6C 7C 8C", "4C 5C")
    result = p.check("vatikan", "4C 5C 6C | 7C 8C", opened=False)
    assert not result.ok


def test_robbers_opens_with_a_complete_meld_from_hand():
    p = position("7C 7D 7S", "8D 8S 8C 7H")
    assert p.check("robbers", "7C 7D 7S | 8D 8S 8C", opened=False).ok
    result = p.check("robbers", "7C 7D 7S 7H", opened=False)
    assert where(result) == [("initial_meld", None)]
    assert "complete meld" in result.problems[0].message


@pytest.mark.parametrize("variant, table, hand, end", [
    # RULES.md 2: the opening run may be joined to table cards in the same turn
    ("vatikan", "2S 3S 4S", "5S 6S 7S", "2S 3S 4S 5S 6S 7S"),
    ("vatikan", "8S 8H 8D 8C", "5S 6S 7S", "5S 6S 7S 8S | 8H 8D 8C"),
    ("robbers", "9S 10S JS QS", "9H 9D 9C", "10S JS QS | 9H 9D 9C 9S"),
    # the opening meld may be split among table melds, as long as the hand held it
    ("robbers", "5H 5C 5D 5S | 9H 9C 9D 9S", "6H 7H 8H",
     "5H 6H 7H 8H 9H | 5C 5D 5S | 9C 9D 9S"),
])
def test_the_opening_may_join_table_cards_in_the_same_turn(variant, table, hand, end):
    p = position(table, hand)
    result = p.check(variant, end, opened=False)
    assert result.ok, result.problems


@pytest.mark.parametrize("variant, table, hand, end, words", [
    # two hand cards and a table card: no run of three by themselves
    ("vatikan", "2S 3S 4S", "5S 6S", "2S 3S 4S 5S 6S", "run of three"),
    # a set from the hand does not open Vatikan
    ("vatikan", "8S 8H 8D", "9C 9D 9H", "8S 8H 8D | 9C 9D 9H", "run of three"),
    # three hand cards that make no meld by themselves
    ("robbers", "9S 10S JS", "8S QS 9H", "8S 9S 10S JS QS", "complete meld"),
])
def test_the_opening_still_needs_the_meld_from_hand(variant, table, hand, end, words):
    p = position(table, hand)
    result = p.check(variant, end, opened=False)
    assert where(result) == [("initial_meld", None)]
    assert words in result.problems[0].message


def test_a_points_opening_may_join_table_cards():
    variant = get_variant("machiavelli", {"initial_meld": "points:30"})
    p = position("10H 10C 10D 10S | AH AC AD AS", "JH QH KH")
    # JH QH KH (30) is a run in the hand; it ends inside a longer run of table cards
    assert p.check(variant, "10H JH QH KH AH | 10C 10D 10S | AC AD AS", opened=False).ok
    q = position("10H 10C 10D 10S | AH AC AD AS", "JH QH 2C")
    result = q.check(variant, "10H JH QH | 10C 10D 10S | AH AC AD AS", opened=False)
    assert where(result) == [("initial_meld", None)]
    assert "worth 0" in result.problems[0].message


@pytest.mark.parametrize("hand, end, ok, worth", [
    ("10H JH QH", "10H JH QH", True, 30),
    ("2H 3H 4H", "2H 3H 4H", False, 9),
    ("AH 2H 3H", "AH 2H 3H", False, 6),
    ("QH KH AH", "QH KH AH", True, 31),
    ("KC KD KS", "KC KD KS", True, 30),
    ("9C 9D 9S 2H 3H 4H", "9C 9D 9S | 2H 3H 4H", True, 36),
])
def test_initial_meld_points(hand, end, ok, worth):
    variant = get_variant("machiavelli", {"initial_meld": "points:30"})
    p = position("", hand)
    result = p.check(variant, end, opened=False)
    assert result.ok is ok
    if not ok:
        assert where(result) == [("initial_meld", None)]
        assert f"worth 30 points; these are worth {worth}" in result.problems[0].message


def test_initial_meld_points_count_only_melds_from_hand():
    variant = get_variant("machiavelli", {"initial_meld": "points:30"})
    p = position("KC KD KS", "KH 2H 3H 4H")
    result = p.check(variant, "KC KD KS KH | 2H 3H 4H", opened=False)
    assert not result.ok and "worth 9" in result.problems[0].message


# --- free cards (Tahiti) -----------------------------------------------------------------


def test_free_cards_join_melds():
    p = position("", "7H", free="7C 7D KS QS")
    result = p.check("tahiti", "7C 7D 7H")
    assert result.ok
    assert [str(c) for c in result.played] == ["7H"]
    assert sorted(str(c) for c in result.used_free) == ["7C", "7D"]
    assert [str(c) for c in result.table.free] == ["KS", "QS"]


def test_using_a_free_card_alone_counts_as_a_play():
    p = position("4S 5S 6S", "2D", free="7S KH")
    result = p.check("tahiti", "4S 5S 6S 7S")
    assert result.ok
    assert result.played == () and [str(c) for c in result.used_free] == ["7S"]


def test_a_hand_card_cannot_lie_single():
    p = position("4S 5S 6S", "7S 2D", free="KH")
    result = p.check("tahiti", "4S 5S 6S 7S", free="KH 2D")
    assert where(result) == [("free", None)]
    assert "2D cannot lie alone" in result.problems[0].message


def test_a_meld_card_cannot_become_a_free_card():
    p = position("4S 5S 6S 7S", "8S", free="KH")
    result = p.check("tahiti", "5S 6S 7S 8S", free="KH 4S")
    assert "free" in problem_rules(result)


def test_a_free_card_never_goes_to_a_hand():
    p = position("4S 5S 6S", "7S", free="KH QD")
    end = end_table(p.start, p.hand, "4S 5S 6S 7S", free="KH")
    result = check_turn(get_variant("tahiti"), p.start, p.hand, end)
    assert where(result) == [("conservation", None)]
    assert "QD" in result.problems[0].message


def test_nothing_added_with_free_cards_names_them():
    p = position("4S 5S 6S", "2D", free="KH")
    result = p.check("tahiti", "4S 5S 6S")
    assert where(result) == [("must_add", None)]
    assert "free card" in result.problems[0].message


# --- a refused commit changes nothing ----------------------------------------------------


def test_a_refused_play_changes_nothing():
    match = Match("machiavelli", 2, seed=5)
    p = rig(match, "3H 4H 5H 6H", ["6S 7H 9C", "2C 2D"], current=0)
    assert match.check_invariants() == []
    before = match.digest(), json.dumps(match.state_json(), sort_keys=True), len(match.log)
    bad = p.end("3H 4H 5H | 6H 6S")
    with pytest.raises(IllegalAction) as error:
        match.apply(Play(0, bad))
    assert [(q.rule, q.meld) for q in error.value.problems] == [("meld", 1)]
    assert "meld 2:" in str(error.value)
    assert (match.digest(), json.dumps(match.state_json(), sort_keys=True),
            len(match.log)) == before
    assert match.deal.table is p.start and len(match.deal.hands[0]) == 3
    assert not match.can(Play(0, bad))
    assert not match.can(Play(0, p.end("3H 4H 5H 6H")))  # adds nothing
    with pytest.raises(IllegalAction, match="turn"):
        match.apply(Play(1, p.end("3H 4H 5H 6H 7H")))  # not seat 1's turn
    assert match.digest() == before[0]
    match.apply(Play(0, p.end("3H 4H 5H 6H 7H")))
    assert match.digest() != before[0]
    assert [str(c) for c in match.deal.hands[0]] == ["6S", "9C"]
    assert match.current == 1 and match.check_invariants() == []


def test_joker_problems_are_reported_alongside_a_broken_meld():
    # every problem at once: the re-declared joker in meld 1 and the bad meld 2
    p = position("8H 9H JK=10H | 3C 4C 5C", "6H KD")
    result = p.check("carousel", "6H JK=7H 8H 9H | 3C 4C 5C KD")
    assert where(result) == [("meld", 1), ("joker_identity", 0)]


def test_a_joker_in_a_broken_meld_gets_no_extra_joker_problem():
    p = position("8H 9H JK=10H", "KD")
    result = p.check("carousel", "8H 9H JK=10H KD")
    assert where(result) == [("meld", 0)]


def test_a_moved_vatikan_joker_is_reported_alongside_a_broken_meld():
    q = position("8H 9H JK=10H | 7C 7D 7S", "10C 10S")
    moved = q.check("vatikan", "8H 9H | 7C 7D 7S | 10C 10S JK=10H")
    assert where(moved) == [("meld", 0), ("joker_moves", 2)]
