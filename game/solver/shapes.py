"""Candidate meld shapes: every set and run a rule set allows, with the joker slots it may
hold, as numpy arrays (one row per shape) for fast masking; and the index of a face (0-51)
the solver's models count cards by."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from game.engine.cards import SUITS, Card, Face
from game.engine.melds import check_meld, run_windows
from game.engine.scoring import meld_points
from game.engine.variants import AceMode, JokerIdentity, Variant

FACE_COUNT = 52


def face_index(face: Face | Card) -> int:
    return SUITS.index(face.suit) * 13 + face.rank - 1


def index_face(index: int) -> Face:
    return Face(index % 13 + 1, SUITS[index // 13])


def true_indices(mask: np.ndarray) -> list[int]:
    """The indices of ``mask``'s non-zero entries (flattened), as Python ints."""
    indices: list[int] = np.flatnonzero(mask).tolist()
    return indices


def _run_rank_lists(ace: AceMode, run_min: int) -> list[tuple[int, ...]]:
    """Every run's ranks (ace = 1) in order, shortest first, deduplicated by rank set (a
    run of all thirteen ranks is one meld wherever the ace stands)."""
    seqs: dict[frozenset[int], tuple[int, ...]] = {}
    for length in range(max(run_min, 3), 14):
        for ranks in run_windows(ace, length):
            seqs.setdefault(frozenset(ranks), ranks)
    return list(seqs.values())


@dataclass
class ShapeTable:
    """All candidate shapes of one rule set, as numpy arrays for fast masking."""

    natural_faces: np.ndarray  # (C, 13) the faces of its natural cards, -1 padded
    joker_faces: np.ndarray  # (C, J) faces its joker slots play (fixed identity), -1 padded
    joker_slots: np.ndarray  # (C,) jokers it holds
    kind: np.ndarray  # 0 set, 1 run
    length: np.ndarray
    has_natural: np.ndarray  # (C, 52) bool: it holds a natural card of this face
    joker_plays: np.ndarray  # (C, 52) bool: one of its joker slots plays this face
    shape_class: np.ndarray  # class: same naturals, joker count and kind
    points: np.ndarray  # meld_points of the shape (initial-meld rule)
    class_rank: np.ndarray  # within a class, the shape worth most points first
    by_class: np.ndarray  # the rows ordered by class, then by class_rank
    natural_faces_padded: np.ndarray  # ``natural_faces`` padded with FACE_COUNT (past 51)
    row_of_key: dict[tuple[Any, ...], int]  # a shape's key (``key_of``) -> its row
    free_identity: bool

    def key_of(self, naturals: Sequence[int], slot_faces: Sequence[int],
               joker_count: int) -> tuple[Any, ...]:
        if self.free_identity:
            return (tuple(sorted(naturals)), joker_count)
        return (tuple(sorted(naturals)), tuple(sorted(slot_faces)))


@lru_cache(maxsize=32)
def shape_table(ace: AceMode, run_min: int, max_jokers: int, free_identity: bool
                ) -> ShapeTable:
    shapes: list[tuple[int, tuple[int, ...], tuple[int, ...]]] = []  # kind, faces, joker pos
    runs = [(1, tuple(SUITS.index(s) * 13 + r - 1 for r in ranks))
            for s in SUITS for ranks in _run_rank_lists(ace, run_min)]
    sets = [(0, tuple(SUITS.index(s) * 13 + rank - 1 for s in suits))
            for rank in range(1, 14) for size in (3, 4)
            for suits in itertools.combinations(SUITS, size)]
    for kind, faces in sets + runs:
        for joker_count in range(0, min(max_jokers, len(faces) - 1) + 1):
            for joker_positions in itertools.combinations(range(len(faces)), joker_count):
                shapes.append((kind, faces, joker_positions))
    row_of_key: dict[tuple[Any, ...], int] = {}
    # kind, naturals, joker faces, jokers, length, points
    rows: list[tuple[int, list[int], list[int], int, int, int]] = []
    probe = _MeldProbe(ace, run_min)
    for kind, faces, joker_positions in shapes:
        naturals = [f for i, f in enumerate(faces) if i not in joker_positions]
        slot_faces = [faces[i] for i in joker_positions]
        if free_identity:
            key: tuple[Any, ...] = (tuple(sorted(naturals)), len(joker_positions))
        else:
            key = (tuple(sorted(naturals)), tuple(sorted(slot_faces)))
        if key in row_of_key:
            continue
        if free_identity and joker_positions:
            verdict = probe.check(naturals, len(joker_positions))
            if verdict is None:
                continue
            shape_kind, shape_faces = verdict
            slot_faces = []
        else:
            shape_kind, shape_faces = kind, [index_face(f) for f in faces]
        row_of_key[key] = len(rows)
        rows.append((shape_kind, naturals, slot_faces, len(joker_positions), len(faces),
                     meld_points(shape_faces, "run" if shape_kind else "set")))
    count = len(rows)
    width = max(1, max_jokers)
    natural_faces = np.full((count, 13), -1, dtype=np.int16)
    joker_faces = np.full((count, width), -1, dtype=np.int16)
    has_natural = np.zeros((count, FACE_COUNT), dtype=bool)
    joker_plays = np.zeros((count, FACE_COUNT), dtype=bool)
    joker_slots = np.zeros(count, dtype=np.int16)
    kinds = np.zeros(count, dtype=np.int8)
    length = np.zeros(count, dtype=np.int16)
    points = np.zeros(count, dtype=np.int32)
    class_keys: dict[tuple[Any, ...], int] = {}
    shape_class = np.zeros(count, dtype=np.int32)
    for i, (shape_kind, naturals, slot_faces, joker_count, size, meld_value) in enumerate(rows):
        natural_faces[i, :len(naturals)] = naturals
        has_natural[i, naturals] = True
        if slot_faces:
            joker_faces[i, :len(slot_faces)] = slot_faces
            joker_plays[i, slot_faces] = True
        joker_slots[i] = joker_count
        kinds[i] = shape_kind
        length[i] = size
        points[i] = meld_value
        shape_class[i] = class_keys.setdefault((tuple(sorted(naturals)), joker_count, shape_kind),
                                               len(class_keys))
    class_rank = np.empty(count, dtype=np.int64)
    by_class = np.lexsort((-points, shape_class))
    class_rank[by_class] = np.arange(count)
    natural_faces_padded = np.where(natural_faces < 0, FACE_COUNT, natural_faces)
    return ShapeTable(natural_faces, joker_faces, joker_slots, kinds, length, has_natural,
                      joker_plays, shape_class, points, class_rank, by_class,
                      natural_faces_padded, row_of_key, free_identity)


class _MeldProbe:
    """check_meld on made-up cards, to learn what wild jokers play in a shape."""

    def __init__(self, ace: AceMode, run_min: int) -> None:
        self.variant = Variant(id="_probe", name="", summary="", ace=AceMode(ace),
                               run_min=run_min, joker_identity=JokerIdentity.FREE,
                               jokers_per_meld=0)

    def check(self, naturals: Sequence[int], joker_count: int) -> tuple[int, list[Face]] | None:
        cards = [Card(f.rank, f.suit) for f in map(index_face, naturals)]
        cards += [Card(0, "*", i) for i in range(joker_count)]
        result = check_meld(cards, self.variant)
        if not result.ok:
            return None
        return (1 if result.kind == "run" else 0), list(result.faces)


# --- the problem -------------------------------------------------------------------------
