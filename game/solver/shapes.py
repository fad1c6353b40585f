"""Candidate meld shapes: every set and run a rule set allows, with the joker slots it may
hold, as numpy arrays (one row per shape) for fast masking; and the index of a face (0-51)
the solver's models count cards by."""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from game.engine.cards import SUITS, Card, Face
from game.engine.melds import check_meld, run_span, run_windows
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
    row_of_key: Mapping[tuple[Any, ...], int]  # a shape's key (``key_of``) -> its row
    free_identity: bool

    def key_of(self, naturals: Sequence[int], slot_faces: Sequence[int],
               joker_count: int) -> tuple[Any, ...]:
        if self.free_identity:
            return (tuple(sorted(naturals)), joker_count)
        return (tuple(sorted(naturals)), tuple(sorted(slot_faces)))


class _RowIndex(Mapping[tuple[Any, ...], int]):
    """``ShapeTable.row_of_key``: a shape's key (``key_of``: its sorted naturals, and its
    jokers' sorted faces or, free identity, its joker count) -> its row. Kept as two sorted
    arrays of face bit masks (a key names each face once), searched on demand, so that a
    table of 100,000 shapes costs no dictionary to build."""

    def __init__(self, naturals: np.ndarray, second: np.ndarray, free_identity: bool) -> None:
        self.free_identity = free_identity
        self.order = np.lexsort((second, naturals))
        self.naturals = naturals[self.order]
        self.second = second[self.order]

    def _masks(self, key: object) -> tuple[int, int] | None:
        if not isinstance(key, tuple) or len(key) != 2:
            return None
        naturals, second = key
        nat = _face_mask(naturals)
        if nat is None:
            return None
        if self.free_identity:
            return (nat, second) if isinstance(second, int) and 0 <= second < 64 else None
        slots = _face_mask(second)
        return None if slots is None else (nat, slots)

    def __getitem__(self, key: tuple[Any, ...]) -> int:
        masks = self._masks(key)
        if masks is not None:
            nat, second = np.uint64(masks[0]), np.uint64(masks[1])
            lo = int(np.searchsorted(self.naturals, nat, "left"))
            hi = int(np.searchsorted(self.naturals, nat, "right"))
            at = lo + int(np.searchsorted(self.second[lo:hi], second, "left"))
            if at < hi and self.second[at] == second:
                return int(self.order[at])
        raise KeyError(key)

    def __len__(self) -> int:
        return len(self.order)

    def __iter__(self) -> Iterator[tuple[Any, ...]]:
        for nat, second in zip(self.naturals.tolist(), self.second.tolist(), strict=True):
            naturals = tuple(f for f in range(FACE_COUNT) if nat >> f & 1)
            if self.free_identity:
                yield (naturals, second)
            else:
                yield (naturals, tuple(f for f in range(FACE_COUNT) if second >> f & 1))


def _face_mask(faces: object) -> int | None:
    """The bit mask of distinct faces 0-51, or None (a face twice, or not a face)."""
    if not isinstance(faces, (tuple, list)):
        return None
    mask = 0
    for face in faces:
        if not isinstance(face, (int, np.integer)) or not 0 <= face < FACE_COUNT \
                or mask >> int(face) & 1:
            return None
        mask |= 1 << int(face)
    return mask


@lru_cache(maxsize=64)
def _patterns(length: int, max_jokers: int, width: int) -> tuple[np.ndarray, np.ndarray,
                                                                 np.ndarray]:
    """A shape of ``length`` faces with up to ``max_jokers`` of them played by jokers: every
    choice of joker positions (fewest jokers first, then in ``combinations`` order), as
    the positions of its naturals (13 wide) and of its jokers (``width`` wide), padded
    with ``length`` (a sentinel column), and its joker count."""
    naturals, jokers, counts = [], [], []
    for count in range(0, min(max_jokers, length - 1) + 1):
        for chosen in itertools.combinations(range(length), count):
            rest = [i for i in range(length) if i not in chosen]
            naturals.append(rest + [length] * (13 - len(rest)))
            jokers.append(list(chosen) + [length] * (width - count))
            counts.append(count)
    return (np.array(naturals, dtype=np.intp), np.array(jokers, dtype=np.intp),
            np.array(counts, dtype=np.int16))


def _mask_of(faces: np.ndarray) -> np.ndarray:
    """Each row's faces (-1 padded) as a bit mask (uint64: bit f for face f)."""
    bits = np.left_shift(np.uint64(1), np.where(faces >= 0, faces, 0).astype(np.uint64))
    masks: np.ndarray = np.bitwise_or.reduce(np.where(faces >= 0, bits, np.uint64(0)), axis=1)
    return masks


def _first_rows(first: np.ndarray, second: np.ndarray) -> np.ndarray:
    """The rows where the pair (first, second) occurs for the first time, in order."""
    order = np.lexsort((np.arange(len(first)), second, first))
    a, b = first[order], second[order]
    new = np.ones(len(order), dtype=bool)
    new[1:] = (a[1:] != a[:-1]) | (b[1:] != b[:-1])
    return np.sort(order[new])


@lru_cache(maxsize=32)
def shape_table(ace: AceMode, run_min: int, max_jokers: int, free_identity: bool
                ) -> ShapeTable:
    """Every set and run with up to ``max_jokers`` of its cards played by jokers: for each
    set or run in turn (sets first, then runs suit by suit, shortest first), every choice
    of joker positions, fewest jokers first; a shape whose key (``key_of``) came before is
    left out, and under free identity (wild jokers) so is one ``check_meld`` refuses, its
    kind and points being those ``check_meld`` reads. Built with numpy, a few per cent of
    the time shape by shape took (4 jokers, ace around: 128,171 shapes in about 0.1 s)."""
    ace = AceMode(ace)
    width = max(1, max_jokers)
    runs = [(1, tuple(SUITS.index(s) * 13 + r - 1 for r in ranks))
            for s in SUITS for ranks in _run_rank_lists(ace, run_min)]
    sets = [(0, tuple(SUITS.index(s) * 13 + rank - 1 for s in suits))
            for rank in range(1, 14) for size in (3, 4)
            for suits in itertools.combinations(SUITS, size)]
    nat_blocks, joker_blocks, count_blocks = [], [], []
    base_kind, base_length, base_points, base_rows = [], [], [], []
    for kind, faces in sets + runs:
        naturals, jokers, counts = _patterns(len(faces), max_jokers, width)
        padded = np.array(faces + (-1,), dtype=np.int16)
        nat_blocks.append(padded[naturals])
        joker_blocks.append(padded[jokers])
        count_blocks.append(counts)
        base_kind.append(kind)
        base_length.append(len(faces))
        base_points.append(meld_points([index_face(f) for f in faces],
                                       "run" if kind else "set"))
        base_rows.append(len(counts))
    natural_faces = np.concatenate(nat_blocks)
    joker_faces = np.concatenate(joker_blocks)
    joker_slots = np.concatenate(count_blocks)
    repeats = np.array(base_rows)
    kinds = np.repeat(np.array(base_kind, dtype=np.int8), repeats)
    length = np.repeat(np.array(base_length, dtype=np.int16), repeats)
    points = np.repeat(np.array(base_points, dtype=np.int32), repeats)
    nat_mask = _mask_of(natural_faces)
    if free_identity:
        second = joker_slots.astype(np.uint64)
        keep = _first_rows(nat_mask, second)
        wild = keep[joker_slots[keep] > 0]
        verdicts = _wild_verdicts(natural_faces[wild], length[wild], ace, run_min)
        ok = np.ones(len(keep), dtype=bool)
        ok[joker_slots[keep] > 0] = verdicts[:, 0] >= 0
        kinds = kinds.copy()
        points = points.copy()
        kinds[wild] = verdicts[:, 0]
        points[wild] = verdicts[:, 1]
        keep = keep[ok]
        joker_faces = np.full((len(keep), width), -1, dtype=np.int16)
    else:
        second = _mask_of(joker_faces)
        keep = _first_rows(nat_mask, second)
        joker_faces = joker_faces[keep]
    natural_faces, joker_slots = natural_faces[keep], joker_slots[keep]
    kinds, length, points = kinds[keep], length[keep], points[keep]
    nat_mask, second = nat_mask[keep], second[keep]
    count = len(keep)
    has_natural = np.zeros((count, FACE_COUNT + 1), dtype=bool)
    has_natural[np.arange(count)[:, None], np.where(natural_faces >= 0, natural_faces,
                                                    FACE_COUNT)] = True
    has_natural = np.ascontiguousarray(has_natural[:, :FACE_COUNT])
    joker_plays = np.zeros((count, FACE_COUNT + 1), dtype=bool)
    joker_plays[np.arange(count)[:, None], np.where(joker_faces >= 0, joker_faces,
                                                    FACE_COUNT)] = True
    joker_plays = np.ascontiguousarray(joker_plays[:, :FACE_COUNT])
    # a class: the same naturals, joker count and kind, numbered in order of first row
    sort_key = joker_slots.astype(np.uint64) * np.uint64(2) + kinds.astype(np.uint64)
    order = np.lexsort((np.arange(count), sort_key, nat_mask))
    starts = np.ones(count, dtype=bool)
    starts[1:] = ((nat_mask[order][1:] != nat_mask[order][:-1])
                  | (sort_key[order][1:] != sort_key[order][:-1]))
    leaders = order[starts]  # each class's first row, classes in sorted order
    number = np.empty(len(leaders), dtype=np.int32)
    number[np.argsort(leaders)] = np.arange(len(leaders), dtype=np.int32)
    shape_class = np.empty(count, dtype=np.int32)
    shape_class[order] = number[np.cumsum(starts) - 1]
    class_rank = np.empty(count, dtype=np.int64)
    by_class = np.lexsort((-points, shape_class))
    class_rank[by_class] = np.arange(count)
    natural_faces_padded = np.where(natural_faces < 0, FACE_COUNT, natural_faces)
    return ShapeTable(natural_faces, joker_faces, joker_slots, kinds, length, has_natural,
                      joker_plays, shape_class, points, class_rank, by_class,
                      natural_faces_padded, _RowIndex(nat_mask, second, free_identity),
                      free_identity)


def _wild_verdicts(naturals: np.ndarray, length: np.ndarray, ace: AceMode, run_min: int
                   ) -> np.ndarray:
    """For shapes of wild jokers (free identity): (kind, points) of the meld ``check_meld``
    reads in each (its naturals, -1 padded, and as many jokers as make ``length``), kind
    -1 where it refuses. The verdict depends on the naturals' ranks, whether they share a
    rank, and the length only, so each such case is answered once: a run's by the window
    ``check_meld`` reads (``run_span``), the rest (a set, or one natural: a set if it can
    be, else a run) by ``check_meld`` itself (``_MeldProbe``)."""
    probe = _MeldProbe(ace, run_min)
    present = naturals >= 0
    rank_mask = np.bitwise_or.reduce(
        np.where(present, np.left_shift(1, np.where(present, naturals % 13, 0)), 0), axis=1)
    one_rank = (rank_mask & (rank_mask - 1)) == 0
    # one code per case: a set (one rank) by its faces (52 bits) and length, a run by its
    # ranks (13 bits) and length, apart (bit 60)
    size = length.astype(np.uint64)
    codes = np.where(one_rank, _mask_of(naturals) | size << np.uint64(52),
                     rank_mask.astype(np.uint64) | size << np.uint64(13) | np.uint64(1 << 60))
    unique, first, inverse = np.unique(codes, return_index=True, return_inverse=True)
    answers = np.empty((len(unique), 2), dtype=np.int32)
    run_points: dict[tuple[int, ...], int] = {}
    for index, (code, row) in enumerate(zip(unique.tolist(), first.tolist(), strict=True)):
        if one_rank[row]:  # a set or, one natural, a set else a run: check_meld decides
            faces = [f for f in range(FACE_COUNT) if code >> f & 1]
            verdict = probe.check(faces, int(length[row]) - len(faces))
            answers[index] = (-1, 0) if verdict is None else (
                verdict[0], meld_points(verdict[1], "run" if verdict[0] else "set"))
            continue
        # a run (its naturals share a suit): the window check_meld's run check reads
        cards = code >> 13 & 15
        span = run_span([r + 1 for r in range(13) if code >> r & 1], cards, ace) \
            if run_min <= cards <= 13 else None
        if span is None:
            answers[index] = (-1, 0)
            continue
        key = tuple(span)
        if key not in run_points:
            run_points[key] = meld_points([Face(r, SUITS[0]) for r in span], "run")
        answers[index] = (1, run_points[key])
    result: np.ndarray = answers[inverse.reshape(-1)]
    return result


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
