"""The solver's table of meld shapes (game/solver/shapes.py), built once per rule set and
joker count in a process: the first query of a game with four jokers pays for it while a
player waits (the must-play rule, a hint, a computer's turn), so it must be cheap: its cost
follows the few melds of the rules, not the tens of thousands of shapes with jokers in them
(issue 46: 1-2.5 s for four jokers before). And it must be the same table as the plain
build, shape by shape, so that no answer changes."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import numpy as np
import pytest

from game.engine.cards import SUITS, Card
from game.engine.melds import check_meld, run_windows
from game.engine.scoring import meld_points
from game.engine.variants import AceMode, JokerIdentity, Variant
from game.solver import shapes
from game.solver.shapes import FACE_COUNT, ShapeTable, index_face, shape_table

# meld rule calls (check_meld, meld_points) a table may cost: its sets and runs are at
# most 589 (aces around the corner), its shapes with up to four jokers 128,171
MELD_CALLS = 2_000


@contextmanager
def _counted_meld_calls() -> Iterator[list[int]]:
    """Count the calls the shape table's build makes to the meld rules."""
    calls = [0]
    check, points = shapes.check_meld, shapes.meld_points

    def counted_check(*args: Any, **kwargs: Any) -> Any:
        calls[0] += 1
        return check(*args, **kwargs)

    def counted_points(*args: Any, **kwargs: Any) -> Any:
        calls[0] += 1
        return points(*args, **kwargs)

    shapes.check_meld, shapes.meld_points = counted_check, counted_points  # type: ignore
    try:
        yield calls
    finally:
        shapes.check_meld, shapes.meld_points = check, points  # type: ignore


@pytest.mark.parametrize("ace", [AceMode.LOW, AceMode.AROUND])
@pytest.mark.parametrize("free_identity", [False, True])
def test_a_four_joker_table_costs_per_meld_not_per_shape(ace: AceMode,
                                                         free_identity: bool) -> None:
    """The first solve of a game with four jokers, unlimited per meld, builds its shape
    table: a bounded number of meld rule calls, not one (or more) per shape."""
    shape_table.cache_clear()
    try:
        with _counted_meld_calls() as calls:
            table = shape_table(ace, 3, 4, free_identity)
    finally:
        shape_table.cache_clear()
    assert len(table.kind) > 30_000  # the shapes are all there
    assert calls[0] <= MELD_CALLS, f"{calls[0]} meld rule calls for {len(table.kind)} shapes"


def _plain_table(ace: AceMode, run_min: int, max_jokers: int, free_identity: bool
                 ) -> dict[str, Any]:
    """The table built shape by shape (as before issue 46's cold-start change): each set
    and run, every choice of joker positions, fewest jokers first, a repeated key left out;
    under free identity check_meld reads each shape (refused ones left out)."""
    probe = Variant(id="_probe", name="", summary="", ace=ace, run_min=run_min,
                    joker_identity=JokerIdentity.FREE, jokers_per_meld=0)
    runs: dict[frozenset[int], tuple[int, ...]] = {}
    for length in range(max(run_min, 3), 14):
        for window in run_windows(ace, length):
            runs.setdefault(frozenset(window), window)
    bases = [(0, tuple(SUITS.index(s) * 13 + rank - 1 for s in suits))
             for rank in range(1, 14) for size in (3, 4)
             for suits in itertools.combinations(SUITS, size)]
    bases += [(1, tuple(SUITS.index(s) * 13 + r - 1 for r in ranks))
              for s in SUITS for ranks in runs.values()]
    rows: list[tuple[int, list[int], list[int], int, int, int]] = []
    keys: dict[tuple[Any, ...], int] = {}
    for kind, faces in bases:
        for count in range(0, min(max_jokers, len(faces) - 1) + 1):
            for chosen in itertools.combinations(range(len(faces)), count):
                naturals = [f for i, f in enumerate(faces) if i not in chosen]
                slots = [faces[i] for i in chosen]
                key: tuple[Any, ...] = (tuple(sorted(naturals)), count if free_identity
                                        else tuple(sorted(slots)))
                if key in keys:
                    continue
                shape_kind, shape_faces = kind, [index_face(f) for f in faces]
                if free_identity and count:
                    cards = [Card(index_face(f).rank, index_face(f).suit) for f in naturals]
                    verdict = check_meld(cards + [Card(0, "*", i) for i in range(count)],
                                         probe)
                    if not verdict.ok:
                        continue
                    shape_kind, shape_faces, slots = int(verdict.kind == "run"), \
                        list(verdict.faces), []
                keys[key] = len(rows)
                rows.append((shape_kind, naturals, slots, count, len(faces),
                             meld_points(shape_faces, "run" if shape_kind else "set")))
    classes: dict[tuple[Any, ...], int] = {}
    return {
        "kind": [r[0] for r in rows],
        "natural_faces": [r[1] + [-1] * (13 - len(r[1])) for r in rows],
        "joker_faces": [r[2] + [-1] * (max(1, max_jokers) - len(r[2])) for r in rows],
        "joker_slots": [r[3] for r in rows],
        "length": [r[4] for r in rows],
        "points": [r[5] for r in rows],
        "shape_class": [classes.setdefault((tuple(sorted(r[1])), r[3], r[0]), len(classes))
                        for r in rows],
        "row_of_key": keys,
    }


@pytest.mark.parametrize(("ace", "run_min", "max_jokers", "free_identity"), [
    (AceMode.LOW, 3, 2, False), (AceMode.LOW, 3, 2, True), (AceMode.HIGH, 4, 1, True),
    (AceMode.EITHER, 3, 2, True), (AceMode.AROUND, 3, 2, False), (AceMode.AROUND, 3, 2, True),
    (AceMode.AROUND, 5, 0, True)])
def test_the_table_is_the_plain_one(ace: AceMode, run_min: int, max_jokers: int,
                                    free_identity: bool) -> None:
    """Shape by shape, row by row, the same table as the plain build: same shapes in the
    same order, kinds, points (what a wild joker plays), classes and keys."""
    table: ShapeTable = shape_table(ace, run_min, max_jokers, free_identity)
    plain = _plain_table(ace, run_min, max_jokers, free_identity)
    for name in ("kind", "natural_faces", "joker_faces", "joker_slots", "length", "points",
                 "shape_class"):
        assert np.array_equal(getattr(table, name), np.array(plain[name])), name
    assert dict(table.row_of_key) == plain["row_of_key"]
    count = len(table.kind)
    for row in range(count):
        faces = table.natural_faces[row][table.natural_faces[row] >= 0]
        assert table.has_natural[row].sum() == len(faces)
        assert table.has_natural[row, faces].all()
    assert not table.joker_plays.any() if free_identity else \
        table.joker_plays.sum() == table.joker_slots.sum()
    assert sorted(table.class_rank.tolist()) == list(range(count))
    assert np.array_equal(table.natural_faces_padded,
                          np.where(table.natural_faces < 0, FACE_COUNT, table.natural_faces))


def test_a_key_with_a_face_twice_is_no_shape() -> None:
    """Two cards of one face (3 packs) never make a shape of the table."""
    table = shape_table(AceMode.LOW, 3, 1, False)
    seven = 6
    assert ((seven, seven + 13, seven + 26), ()) in table.row_of_key
    assert ((seven, seven, seven + 13), ()) not in table.row_of_key
    assert ((seven, 200, 3), ()) not in table.row_of_key
