"""Candidate meld shapes: every set and run a rule set allows, with the joker slots it may
hold, as numpy arrays (one row per shape) for fast masking; and the index of a face (0-51)
the solver's models count cards by."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from game.engine.cards import SUITS, Card, Face
from game.engine.melds import check_meld
from game.engine.scoring import meld_points
from game.engine.variants import AceMode, JokerIdentity, Variant

NFACES = 52


def face_index(face: Face | Card) -> int:
    return SUITS.index(face.suit) * 13 + face.rank - 1


def index_face(index: int) -> Face:
    return Face(index % 13 + 1, SUITS[index // 13])


def true_indices(mask: np.ndarray) -> list[int]:
    """The indices of ``mask``'s non-zero entries (flattened), as Python ints."""
    indices: list[int] = np.flatnonzero(mask).tolist()
    return indices


def _run_rank_lists(ace: str, run_min: int) -> list[tuple[int, ...]]:
    """Every run's ranks (ace = 1) in order, deduplicated by rank set."""
    seqs: dict[frozenset[int], tuple[int, ...]] = {}
    for length in range(max(run_min, 3), 14):
        starts: list[tuple[int, ...]] = []
        if ace in ("low", "either"):
            starts += [tuple(range(s, s + length)) for s in range(1, 15 - length)]
        if ace in ("high", "either"):
            starts += [tuple((v - 1) % 13 + 1 for v in range(s, s + length))
                       for s in range(2, 16 - length)]
        if ace == "around":
            starts += [tuple((s + i - 1) % 13 + 1 for i in range(length)) for s in range(1, 14)]
        for ranks in starts:
            seqs.setdefault(frozenset(ranks), ranks)
    return list(seqs.values())


@dataclass
class ShapeTable:
    """All candidate shapes of one rule set, as numpy arrays for fast masking."""

    nat: np.ndarray  # (C, 13) natural face indices, -1 padded
    jface: np.ndarray  # (C, J) faces the joker slots play (fixed identity), -1 padded
    nj: np.ndarray  # jokers per candidate
    kind: np.ndarray  # 0 set, 1 run
    length: np.ndarray
    natmat: np.ndarray  # (C, 52) bool
    jmat: np.ndarray  # (C, 52) bool: a joker slot plays this face
    cls: np.ndarray  # class: same naturals, joker count and kind
    points: np.ndarray  # meld_points of the shape (initial-meld rule)
    rep_rank: np.ndarray  # within a class, the shape worth most points first
    by_class: np.ndarray  # the rows ordered by class, then by rep_rank
    nat_pad: np.ndarray  # ``nat`` with NFACES for padding (an index past the 52 faces)
    keys: dict[tuple, int]
    free_identity: bool

    def key_of(self, naturals: Sequence[int], jfaces: Sequence[int], njokers: int) -> tuple:
        if self.free_identity:
            return (tuple(sorted(naturals)), njokers)
        return (tuple(sorted(naturals)), tuple(sorted(jfaces)))


@lru_cache(maxsize=32)
def shape_table(ace: str, run_min: int, jmax: int, free_identity: bool) -> ShapeTable:
    shapes: list[tuple[int, tuple[int, ...], tuple[int, ...]]] = []  # kind, faces, joker pos
    runs = [(1, tuple(SUITS.index(s) * 13 + r - 1 for r in ranks))
            for s in SUITS for ranks in _run_rank_lists(ace, run_min)]
    sets = [(0, tuple(SUITS.index(s) * 13 + rank - 1 for s in suits))
            for rank in range(1, 14) for size in (3, 4)
            for suits in itertools.combinations(SUITS, size)]
    for kind, faces in sets + runs:
        for njokers in range(0, min(jmax, len(faces) - 1) + 1):
            for pos in itertools.combinations(range(len(faces)), njokers):
                shapes.append((kind, faces, pos))
    keys: dict[tuple, int] = {}
    # kind, naturals, joker faces, jokers, length, points
    rows: list[tuple[int, list[int], list[int], int, int, int]] = []
    probe = _MeldProbe(ace, run_min)
    for kind, faces, pos in shapes:
        naturals = [f for i, f in enumerate(faces) if i not in pos]
        jfaces = [faces[i] for i in pos]
        if free_identity:
            key: tuple = (tuple(sorted(naturals)), len(pos))
        else:
            key = (tuple(sorted(naturals)), tuple(sorted(jfaces)))
        if key in keys:
            continue
        if free_identity and pos:
            verdict = probe.check(naturals, len(pos))
            if verdict is None:
                continue
            kind_c, faces_c = verdict
            jfaces = []
        else:
            kind_c, faces_c = kind, [index_face(f) for f in faces]
        keys[key] = len(rows)
        rows.append((kind_c, naturals, jfaces, len(pos), len(faces),
                     meld_points(faces_c, "run" if kind_c else "set")))
    count = len(rows)
    width = max(1, jmax)
    nat = np.full((count, 13), -1, dtype=np.int16)
    jface = np.full((count, width), -1, dtype=np.int16)
    natmat = np.zeros((count, NFACES), dtype=bool)
    jmat = np.zeros((count, NFACES), dtype=bool)
    nj = np.zeros(count, dtype=np.int16)
    kind_a = np.zeros(count, dtype=np.int8)
    length = np.zeros(count, dtype=np.int16)
    points = np.zeros(count, dtype=np.int32)
    class_keys: dict[tuple, int] = {}
    cls = np.zeros(count, dtype=np.int32)
    for i, (kind_c, naturals, jfaces, njok, size, pts) in enumerate(rows):
        nat[i, :len(naturals)] = naturals
        natmat[i, naturals] = True
        if jfaces:
            jface[i, :len(jfaces)] = jfaces
            jmat[i, jfaces] = True
        nj[i] = njok
        kind_a[i] = kind_c
        length[i] = size
        points[i] = pts
        cls[i] = class_keys.setdefault((tuple(sorted(naturals)), njok, kind_c), len(class_keys))
    rep_rank = np.empty(count, dtype=np.int64)
    by_class = np.lexsort((-points, cls))
    rep_rank[by_class] = np.arange(count)
    nat_pad = np.where(nat < 0, NFACES, nat)
    return ShapeTable(nat, jface, nj, kind_a, length, natmat, jmat, cls, points, rep_rank,
                     by_class, nat_pad, keys,
                     free_identity)


class _MeldProbe:
    """check_meld on made-up cards, to learn what wild jokers play in a shape."""

    def __init__(self, ace: str, run_min: int) -> None:
        self.variant = Variant(id="_probe", name="", summary="", ace=AceMode(ace),
                               run_min=run_min, joker_identity=JokerIdentity.FREE,
                               jokers_per_meld=0)

    def check(self, naturals: Sequence[int], njokers: int) -> tuple[int, list[Face]] | None:
        cards = [Card(f.rank, f.suit) for f in map(index_face, naturals)]
        cards += [Card(0, "*", i) for i in range(njokers)]
        result = check_meld(cards, self.variant)
        if not result.ok:
            return None
        return (1 if result.kind == "run" else 0), list(result.faces)


# --- the problem -------------------------------------------------------------------------
