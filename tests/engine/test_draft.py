"""The turn draft: edits, undo/redo/reset, touched, release, split/merge, drop targets, check."""

from __future__ import annotations

import pytest

from game.engine.actions import Play
from game.engine.cards import Face
from game.engine.draft import FREE, HAND, TurnDraft
from game.engine.errors import IllegalAction
from game.engine.match import Match
from game.engine.variants import get_variant
from tests.conftest import position, rig


def draft_of(table: str, hand: str, variant: str = "machiavelli", free: str = "",
             opened: bool = True):
    p = position(table, hand, free)
    draft = TurnDraft(get_variant(variant), p.start, tuple(p.hand), opened)
    return draft, p


def texts(groups) -> list[str]:
    return [" ".join(str(c) for c in g) for g in groups]


def test_a_fresh_draft_is_the_start_of_the_turn():
    draft, p = draft_of("3H 4H 5H", "6H 9C")
    assert texts(draft.groups) == ["3H 4H 5H"]
    assert draft.hand == p.hand
    assert not draft.touched and not draft.can_undo and not draft.can_redo
    assert draft.played() == []
    assert draft.table() == p.start
    result = draft.check()
    assert [q.rule for q in result.problems] == ["must_add"]


def test_move_a_hand_card_onto_a_meld():
    draft, p = draft_of("3H 4H 5H", "6H 9C")
    six, nine = p.hand
    move = draft.move(six, 0)
    assert (move.card, move.from_group, move.to_group, move.position) == (six, HAND, 0, 3)
    assert draft.location(six) == 0 and draft.location(nine) == HAND
    assert texts(draft.groups) == ["3H 4H 5H 6H"]
    assert draft.played() == [six] and draft.hand == [nine]
    assert draft.touched and draft.can_undo
    assert draft.check().ok
    assert draft.check().table.melds[0][-1] == six


def test_move_at_a_position_and_into_a_new_group():
    draft, p = draft_of("4H 5H 6H", "3H 7C 7D 7S")
    three, c, d, s = p.hand
    draft.move(three, 0, position=0)
    assert texts(draft.groups) == ["3H 4H 5H 6H"]
    moves = draft.move_many([c, d], None)
    assert [m.to_group for m in moves] == [1, 1]
    draft.move(s, 1, position=1)
    assert texts(draft.groups) == ["3H 4H 5H 6H", "7C 7S 7D"]
    assert draft.check().ok


def test_move_and_split_is_one_undo_step():
    draft, p = draft_of("3H 4H 5H 6H 7H 8H", "5H 9C")
    five = p.hand[0]
    right = list(p.start.melds[0][2:])
    draft.move_and_split([five], 0, right)
    assert texts(draft.groups) == ["3H 4H 5H", "5H 6H 7H 8H"]
    assert draft.undo()
    assert texts(draft.groups) == ["3H 4H 5H 6H 7H 8H"] and not draft.can_undo
    assert draft.redo()
    assert texts(draft.groups) == ["3H 4H 5H", "5H 6H 7H 8H"]
    stranger = position("", "10H 10H").hand[1]
    draft.reset()
    with pytest.raises(IllegalAction):
        draft.move_and_split([five], 0, [stranger])
    assert texts(draft.groups) == ["3H 4H 5H 6H 7H 8H"] and set(draft.hand) == set(p.hand)


def test_moving_a_table_card_out_and_back():
    draft, p = draft_of("3H 4H 5H 6H", "9C")
    six = p.start.melds[0][3]
    draft.move(six, None)
    assert texts(draft.groups) == ["3H 4H 5H", "6H"]
    assert draft.touched and draft.played() == []
    assert draft.group_problem(1) and "only 1 card" in draft.group_problem(1)
    assert draft.group_problem(0) is None
    draft.move(six, 0)
    assert texts(draft.groups) == ["3H 4H 5H 6H"]  # the emptied group is gone
    assert not draft.touched  # the table is as it was


def test_bad_moves_are_refused_and_change_nothing():
    draft, p = draft_of("3H 4H 5H", "6H")
    stranger = position("", "KS").hand[0]
    with pytest.raises(IllegalAction, match="neither in your hand nor on the table"):
        draft.move(stranger, 0)
    with pytest.raises(IllegalAction, match="no meld 5"):
        draft.move(p.hand[0], 4)
    assert not draft.can_undo and not draft.touched


def test_send_back_only_cards_played_this_turn():
    draft, p = draft_of("3H 4H 5H", "6H JK", variant="carousel")
    six, jk = p.hand
    draft.move_many([six, jk], 0)
    draft.declare(jk, Face(7, "H"))
    draft.send_back(jk)
    assert draft.location(jk) == HAND and jk not in draft.declared
    with pytest.raises(IllegalAction, match="never go back to a hand"):
        draft.send_back(p.start.melds[0][0])
    draft.send_back(six)
    assert texts(draft.groups) == ["3H 4H 5H"] and not draft.touched
    steps = 0
    while draft.undo():
        steps += 1
    assert steps == 4  # move_many, declare, send_back, send_back
    assert not draft.touched


def test_declare():
    draft, p = draft_of("", "8H 9H JK", variant="carousel")
    jk = p.hand[2]
    draft.move_many(p.hand, None)
    draft.declare(jk, Face(7, "H"))
    assert draft.declared == {jk: Face(7, "H")}
    assert draft.check().ok
    assert draft.check().table.declared[jk] == Face(7, "H")
    draft.declare(jk, Face(5, "H"))
    assert not draft.check().ok
    draft.declare(jk, None)
    assert draft.check().table.declared[jk] == Face(10, "H")
    with pytest.raises(IllegalAction, match="not a joker"):
        draft.declare(p.hand[0], Face(1, "S"))


def test_release_puts_the_real_card_in_the_jokers_place():
    draft, p = draft_of("8H 9H JK=10H", "10H 5C 5D", variant="carousel")
    ten, c, d = p.hand
    jk = p.start.melds[0][2]
    draft.release(jk, ten)
    assert texts(draft.groups) == ["8H 9H 10H", "JK"]
    assert jk not in draft.declared
    assert draft.location(jk) == 1
    result = draft.check()
    assert [(q.rule, q.meld) for q in result.problems] == [("meld", 1)]  # must be reused
    draft.move_many([c, d], 1)
    result = draft.check()
    assert result.ok, result.problems
    assert result.released == (jk,)
    assert result.table.declared[jk].rank == 5


def test_release_errors():
    draft, p = draft_of("8H 9H JK=10H", "10H JK", variant="carousel")
    with pytest.raises(IllegalAction, match="only a joker in a meld"):
        draft.release(p.hand[1], p.hand[0])
    stranger = position("", "10H 10H").hand[1]
    with pytest.raises(IllegalAction):
        draft.release(p.start.melds[0][2], stranger)
    assert not draft.can_undo


def test_release_with_the_wrong_card_is_caught_at_commit():
    draft, p = draft_of("8H 9H JK=10H", "7H 5C 5D", variant="carousel")
    draft.release(p.start.melds[0][2], p.hand[0])  # 7H is not the joker's card
    draft.move_many(p.hand[1:], 1)
    result = draft.check()
    assert not result.ok


def test_split_and_merge():
    draft, p = draft_of("3H 4H 5H 6H 7H 8H", "9C")
    draft.split(0, 3)
    assert texts(draft.groups) == ["3H 4H 5H", "6H 7H 8H"]
    with pytest.raises(IllegalAction, match="split between two of its cards"):
        draft.split(0, 0)
    with pytest.raises(IllegalAction):
        draft.split(0, 3)
    draft.merge(1, 0)
    assert texts(draft.groups) == ["6H 7H 8H 3H 4H 5H"]
    draft.merge(0, 0)  # nothing
    assert len(draft.groups) == 1
    assert draft.check().problems[0].rule == "must_add"
    assert draft.touched  # the order of the meld changed


def test_undo_redo():
    draft, p = draft_of("3H 4H 5H", "6H 7H")
    six, seven = p.hand
    draft.move(six, 0)
    draft.move(seven, 0)
    assert draft.undo()
    assert texts(draft.groups) == ["3H 4H 5H 6H"]
    assert draft.can_redo
    assert draft.undo()
    assert texts(draft.groups) == ["3H 4H 5H"] and draft.hand == [six, seven]
    assert not draft.undo()
    assert draft.redo() and draft.redo()
    assert texts(draft.groups) == ["3H 4H 5H 6H 7H"]
    assert not draft.redo()
    draft.undo()
    draft.move(seven, None)  # a new edit forgets the redo history
    assert not draft.can_redo


def test_reset_is_undoable_and_keeps_the_hand_order():
    draft, p = draft_of("3H 4H 5H", "6H 7H 9C")
    six, seven, nine = p.hand
    draft.reorder_hand(nine, 0)
    draft.move(six, 0)
    draft.split(0, 2)
    draft.reset()
    assert texts(draft.groups) == ["3H 4H 5H"]
    assert draft.hand == [nine, seven, six]
    assert not draft.touched
    assert draft.undo()
    assert texts(draft.groups) == ["3H 4H", "5H 6H"]
    assert draft.hand == [nine, seven]


def test_sort_hand_is_not_an_edit():
    draft, p = draft_of("", "KS 2C 7H")
    draft.sort_hand(key=lambda c: c.rank)
    assert [str(c) for c in draft.hand] == ["2C", "7H", "KS"]
    assert not draft.can_undo and not draft.touched


def test_would_be_valid_for_drop_targets():
    draft, p = draft_of("3H 4H 5H | 7C 7D 7S", "6H 7H 9C")
    six, seven, nine = p.hand
    assert draft.would_be_valid([six], 0)
    assert not draft.would_be_valid([six], 1)
    assert draft.would_be_valid([seven], 1)
    assert not draft.would_be_valid([nine], 0)
    assert not draft.would_be_valid([six, seven], None)
    assert draft.would_be_valid([six, seven], 0)
    five = p.start.melds[0][2]
    # moving a card within its own group is judged without its old place
    assert draft.would_be_valid([five], 0)
    assert not draft.touched and not draft.can_undo  # asking changes nothing


def test_free_cards_in_a_draft():
    draft, p = draft_of("4S 5S 6S", "2D", variant="tahiti", free="7S KH")
    seven = p.start.free[0]
    assert draft.location(seven) == FREE
    draft.move(seven, 0)
    assert draft.free == [p.start.free[1]]
    result = draft.check()
    assert result.ok and result.used_free == (seven,)


def test_draft_check_respects_the_initial_meld():
    draft, p = draft_of("7C 7D 7S", "7H 3C 4C 5C", variant="vatikan", opened=False)
    draft.move(p.hand[0], 0)
    assert [q.rule for q in draft.check().problems] == ["initial_meld"]
    draft.move_many(p.hand[1:], None)
    assert draft.check().ok


def test_load_replaces_the_table():
    draft, p = draft_of("3H 4H 5H 6H | 3C 4C 5C 6C", "6S")
    draft.load(p.end("3H 4H 5H | 3C 4C 5C | 6H 6C 6S"))
    assert draft.hand == [] and draft.check().ok
    draft.undo()
    assert draft.hand == list(p.hand)


def test_a_draft_never_changes_the_match():
    match = Match("machiavelli", 2, seed=9)
    p = rig(match, "3H 4H 5H 6H | 3C 4C 5C 6C", ["6S 9D", "KC KD"], current=0)
    before = match.digest()
    draft = match.draft()
    six_h = p.start.melds[0][3]
    six_c = p.start.melds[1][3]
    draft.move(six_h, None)
    draft.move(six_c, 2)
    draft.move(p.hand[0], 2)
    assert match.digest() == before and match.deal.table == p.start
    assert draft.check().ok
    match.apply(Play(0, draft.table()))
    assert [str(c) for c in match.deal.hands[0]] == ["9D"]
    assert len(match.deal.table.melds) == 3
    assert match.check_invariants() == []
