"""The hint teaches (issue 16.4): among the plays of the most cards it prefers one that
moves few table cards, and tells it as steps a person can follow (``edits.story``)."""

from __future__ import annotations

from game.engine.cards import Card
from game.engine.draft import TurnDraft
from game.engine.table import Table
from game.engine.turn import check_turn
from game.engine.variants import get_variant
from game.solver.api import Work, fewer_moves, hint, moved_cards, solve
from game.solver.edits import edit_list, story
from tests.conftest import position

MACHIAVELLI = get_variant("machiavelli")

#: one 6C to play: the exact search's tie-break (most start melds kept whole) moves three
#: table cards (4C into 5C-8C, 7C 8C out for 6C 7C 8C); 5C moved onto 2C 3C 4C with the 6C
#: plays as many and moves one
SMALL_CHANGE = position("AC 2C 3C | 5C 6C 7C 8C | 9C 9D 9S 9H | 2C 3C 4C | AH 2H 3H | "
                        "4C 4S 4D 4H | 4D 5D 6D", "3S QD 6C KH 8C 10H 6H 2D")


def test_the_hint_moves_fewer_table_cards_than_the_plain_best_play() -> None:
    start, hand = SMALL_CHANGE.start, SMALL_CHANGE.hand
    plain = solve(MACHIAVELLI, start, hand, True, objective="cards", proven_tie_break=True)
    shown = hint(MACHIAVELLI, start, hand, True)
    assert plain is not None and shown is not None
    assert len(shown.played) == len(plain.played)  # as many cards
    assert moved_cards(MACHIAVELLI, start, hand, shown.table) \
        < moved_cards(MACHIAVELLI, start, hand, plain.table)
    assert check_turn(MACHIAVELLI, start, hand, shown.table, True).ok
    draft = TurnDraft(MACHIAVELLI, start, tuple(hand), True)  # its edits build its table
    for move in shown.edits:
        draft.move(move.card, move.to_group if isinstance(move.to_group, int) else None,
                   move.position)
    assert melds(draft.table()) == melds(shown.table)


def melds(table: Table) -> list[tuple[Card, ...]]:
    """The melds of ``table`` whatever their order."""
    return sorted(tuple(sorted(m)) for m in table.melds)


def test_the_second_pass_gives_up_within_its_counted_work() -> None:
    start, hand = SMALL_CHANGE.start, SMALL_CHANGE.hand
    plain = solve(MACHIAVELLI, start, hand, True, objective="cards", proven_tie_break=True)
    assert plain is not None
    spent = Work(1)
    spent.spend(1)  # nothing left: the plain play comes back unchanged
    assert fewer_moves(MACHIAVELLI, start, hand, True, plain, spent) is plain


def test_a_play_is_told_one_meld_change_at_a_time_in_words() -> None:
    pos = position("3C 4C 5C 6C 7C 8C | 7H 8H 9H", "5H 6H QS QD QH")
    end = pos.end("3C 4C 5C | 6C 7C 8C | 5H 6H 7H 8H 9H | QS QD QH")
    steps, _ = story(MACHIAVELLI, pos.start, pos.hand, end)
    words = [step.words for step in steps]
    assert sorted(words) == sorted([
        "split 3\u2663\u20138\u2663: 6\u2663 7\u2663 8\u2663 apart",
        "5\u2665 6\u2665 into 7\u2665 8\u2665 9\u2665", "new meld Q\u2660 Q\u2666 Q\u2665"])
    new = {c for step in steps for c in step.new}
    moved = {c for step in steps for c in step.moved}
    assert new == set(pos.hand) and {str(c) for c in moved} == {"6C", "7C", "8C"}
    flat, _ = edit_list(MACHIAVELLI, pos.start, pos.hand, end)
    assert flat == [m for step in steps for m in step.moves]
