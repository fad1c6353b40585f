"""Puzzles: legal, optimal solutions that need the table rearranged, from seeded deals."""

from __future__ import annotations

from datetime import date

import pytest

from game.coach.puzzles import (
    MIN_TABLE,
    PuzzleError,
    check_solution,
    daily,
    generate,
    plain_plays,
    puzzle_at,
)
from game.engine.cards import CardMinter, parse_cards
from game.engine.melds import check_meld
from game.engine.table import Table
from game.engine.turn import check_turn
from game.engine.variants import get_variant
from game.solver import best_play


@pytest.mark.parametrize("variant_id", ["machiavelli", "machiavelli-jokers", "manipulation"])
def test_puzzles_are_legal_optimal_and_need_rearranging(variant_id: str) -> None:
    for puzzle in generate(variant_id, {}, 21, 4):
        variant = puzzle.variant
        assert puzzle.table.card_count() >= MIN_TABLE
        assert all(check_meld(m, variant, puzzle.table.declared).ok for m in puzzle.table.melds)
        assert not set(puzzle.hand) & set(puzzle.table.cards())
        end = puzzle.solution.table
        check = check_turn(variant, puzzle.table, puzzle.hand, end, True)
        assert check.ok and len(check.played) == puzzle.best >= 2
        # nothing larger exists
        assert best_play(variant, puzzle.table, list(puzzle.hand), True,
                         exactly=puzzle.best + 1) is None
        # a plain play (add-ons and new melds of hand cards) falls short...
        assert puzzle.plain < puzzle.best
        # ...and the solution does break a start meld up
        where = {card: i for i, meld in enumerate(end.melds) for card in meld}
        assert any(len({where[c] for c in meld}) > 1 for meld in puzzle.table.melds)
        assert puzzle.difficulty.melds_broken >= 1 and puzzle.difficulty.cards_moved >= 1
        assert 1 <= puzzle.difficulty.rating <= 10


def test_the_same_seed_makes_the_same_puzzles() -> None:
    first = [p.to_json() for p in generate("machiavelli", {}, 8, 3)]
    again = [p.to_json() for p in generate("machiavelli", {}, 8, 3)]
    other = [p.to_json() for p in generate("machiavelli", {}, 9, 3)]
    assert first == again
    assert first != other
    # puzzle i does not depend on how many are asked for
    assert [p.to_json() for p in generate("machiavelli", {}, 8, 1)] == first[:1]
    assert puzzle_at("machiavelli", {}, first[1]["seed"]).to_json() == first[1]


def test_the_daily_puzzle_comes_from_the_date() -> None:
    assert daily(date(2026, 11, 24)).to_json() == daily(date(2026, 11, 24)).to_json()
    assert daily(date(2026, 11, 24)).to_json() != daily(date(2026, 11, 25)).to_json()


def position(table: str, hand: str) -> tuple[Table, list]:
    minter = CardMinter()
    start = Table.parse(table, minter)
    cards, _ = parse_cards(hand, minter)
    return start, cards


def test_plain_plays_count_add_ons_and_new_melds_only() -> None:
    variant = get_variant("machiavelli")
    assert plain_plays(variant, *position("5H 6H 7H", "8H 9H KS"))[0] == 2
    assert plain_plays(variant, *position("5H 6H 7H", "2C 3C 4C 8H"))[0] == 4
    # 6D 6H need the 6C of the run: no plain play at all
    start, hand = position("3C 4C 5C 6C", "6D 6H")
    assert plain_plays(variant, start, hand) == (0, 0)
    assert best_play(variant, start, hand, True).value == 2  # type: ignore[union-attr]


def test_a_wrong_answer_says_why() -> None:
    puzzle = next(generate("machiavelli", {}, 4, 1))
    ok, why = check_solution(puzzle, puzzle.solution.table)
    assert ok and f"{puzzle.best} cards down" in why
    ok, why = check_solution(puzzle, puzzle.table)
    assert not ok and "must add" in why
    first = puzzle.table.melds[0]
    broken = Table.of([first[:2], *puzzle.table.melds[1:], [*first[2:], *puzzle.hand[:1]]],
                      (), puzzle.table.declared)
    ok, why = check_solution(puzzle, broken)
    assert not ok and "meld 1" in why


def test_bad_requests_are_refused() -> None:
    with pytest.raises(PuzzleError, match="count"):
        list(generate("machiavelli", {}, 1, 0))
    with pytest.raises(PuzzleError, match="contract game"):
        list(generate("shanghai-rummy", {}, 1, 1))
