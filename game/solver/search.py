"""A combinatorial search that finds a play of a given value: the fast path for positions
where the MILP's LP relaxation is weak.

HiGHS proves a bound on the best value quickly, but with jokers it can take a long time to
*find* a play reaching it. ``play_of_value`` searches for one directly: given the bound
``target`` (so a play reaching it is optimal), it partitions the table cards plus hand cards
into melds, leaving in the hand cards worth at most ``total - target``.

The search works on counts per face. Its items are natural cards, *pinned* jokers (a fixed
joker declared on the table keeps its card) and wild jokers (free identity, played from the
hand, or released). First it decides, joker by joker, whether a pinned joker is released (a
natural of its face joins one of its old mates in a new meld; the joker turns wild). Then it
covers the face with the fewest melds left first (a face with none is left in the hand, or
ends the branch), first by keeping a start meld whole, then by new melds of 3-5 cards (a
longer run splits into two valid ones), then by leaving a hand card in the hand. Parts of
the table that no meld links are searched one after the other, and refuted states are
remembered, so a dead end is not explored twice.

The search is not exhaustive (it stops after ``nodes`` nodes, a count rather than a time so
that a loaded machine takes the same path) and only takes rule
sets it models: no free cards, no first-play rule pending, no ``exactly``, ace low, high or
either, jokers that keep their card when they move. It returns only plays ``check_turn``
accepts; None sends the caller back to the MILP.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from game.engine.cards import Card
from game.engine.melds import run_windows
from game.engine.table import Table
from game.engine.turn import check_turn
from game.engine.variants import AceMode, JokerIdentity, JokerMoves, ReleaseFrom, Variant
from game.solver.shapes import FACE_COUNT, true_indices
from game.solver.shapes import face_index as _index

SEARCH_NODES = 80  # nodes of the search (3-4 ms here)
_NONE = 9999


@dataclass(frozen=True)
class _Shape:
    faces: tuple[int, ...]
    kind: int  # 0 set, 1 run
    positions: tuple[int, ...]  # run ranks with the ace as 1 or 14 (sets: empty)


def _ace_sides(ace: AceMode) -> tuple[AceMode, ...]:
    """The ace rule as its sides, low before high (Robber's "either" is both)."""
    return (AceMode.LOW, AceMode.HIGH) if ace is AceMode.EITHER else (ace,)


def _run_windows(ace: AceMode) -> list[tuple[int, int]]:
    """Rank positions a run may span: ace as 1 (low) and/or 14 (high), from the longest
    run of each side (``game.engine.melds.run_windows``)."""
    return [(w[0], w[0] + 12) for side in _ace_sides(AceMode(ace))
            for w in run_windows(side, 13)]


@lru_cache(maxsize=16)
def _shapes(ace: str, run_min: int, max_len: int) -> tuple[tuple[_Shape, ...], ...]:
    """For every face, the meld shapes holding it: sets of 3-4 suits and runs of
    ``run_min``..``max_len`` cards, the shortest first."""
    by_face: list[list[_Shape]] = [[] for _ in range(FACE_COUNT)]
    for rank in range(1, 14):
        for size in (3, 4):
            for suits in itertools.combinations(range(4), size):
                shape = _Shape(tuple(s * 13 + rank - 1 for s in suits), 0, ())
                for f in shape.faces:
                    by_face[f].append(shape)
    seen: set[tuple[int, ...]] = set()
    for suit in range(4):
        for side in _ace_sides(AceMode(ace)):
            for length in range(max(3, run_min), max_len + 1):
                for window in run_windows(side, length):
                    positions = tuple(range(window[0], window[0] + length))  # ace high: 14
                    faces = tuple(suit * 13 + (p - 1) % 13 for p in positions)
                    if tuple(sorted(faces)) in seen:
                        continue
                    seen.add(tuple(sorted(faces)))
                    shape = _Shape(faces, 1, positions)
                    for f in faces:
                        by_face[f].append(shape)
    return tuple(tuple(sorted(shapes, key=lambda s: len(s.faces))) for shapes in by_face)


@lru_cache(maxsize=16)
def _shape_rows(ace: str, run_min: int, max_len: int) -> np.ndarray:
    """Every shape as a row of face incidences, for forward checking with numpy."""
    unique = sorted({sh.faces for group in _shapes(ace, run_min, max_len) for sh in group})
    rows = np.zeros((len(unique), FACE_COUNT), dtype=np.float32)  # float: BLAS products
    for i, faces in enumerate(unique):
        rows[i, list(faces)] = 1
    return rows


@dataclass(frozen=True)
class _NewMeld:
    """A search step: a new meld, its slots' kinds (``n``, ``p`` or ``w``, see _options)."""
    shape: _Shape
    kinds: tuple[str, ...]


@dataclass(frozen=True)
class _Release:
    """A search step: the pinned joker of ``face`` released by a new meld."""
    face: int
    shape: _Shape
    kinds: tuple[str, ...]


@dataclass(frozen=True)
class _Drop:
    """A search step: ``count`` hand cards of ``face`` stay in the hand."""
    face: int
    count: int


# what a step of the undo log does: an int is the index of a start meld kept whole
_Step = int | _NewMeld | _Release | _Drop
_LogEntry = tuple[tuple[int, ...], tuple[int, ...], int, _Step]


@dataclass
class _Start:
    index: int
    natural_counts: tuple[int, ...]
    pinned_counts: tuple[int, ...]
    wild: int
    signature: tuple[Any, ...]


class _Abort(Exception):
    pass


class _Search:
    """Depth-first search for a partition of the counted items into melds."""

    def __init__(self, natural_counts: list[int], pinned_counts: list[int], wild: int,
                 droppable: list[int], weight: list[int], slack: int, starts: list[_Start],
                 variant: Variant, nodes: int, mates: dict[int, frozenset[int]],
                 prefer: Mapping[tuple[frozenset[int], int], float] | None = None,
                 releases: Mapping[int, float] | None = None) -> None:
        self.natural_counts, self.pinned_counts, self.wild = natural_counts, pinned_counts, wild
        self.droppable = droppable  # hand cards of each face that may stay in the hand
        self.weight = weight  # what leaving one card of a face in the hand costs
        self.slack = slack  # value that may still stay in the hand
        self.starts = starts
        self.prefer = prefer or {}  # (naturals, jokers) -> how much the LP uses such melds
        self.releases = releases or {}  # a pinned joker's face -> how much the LP releases it
        max_len = max(5, 2 * variant.run_min - 1)
        self.shapes = _shapes(variant.ace, variant.run_min, max_len)
        self.shape_rows = _shape_rows(variant.ace, variant.run_min, max_len)
        self.shape_len = self.shape_rows.sum(axis=1)
        self.limit = variant.jokers_per_meld or 4
        # a pinned joker of face f may be released by a natural f in a meld with one of its
        # mates' faces (``mates``); it then plays as a wild joker
        self.mates = mates
        self.from_hand = variant.joker_release_from is ReleaseFrom.HAND
        # a meld with a wild joker holds two hand cards (a released joker needs them)
        self.two_from_hand = variant.released_joker_needs_two_from_hand and bool(mates)
        self.windows = _run_windows(variant.ace)
        self.max_nodes = nodes
        self.nodes = 0
        self.claimed = 0  # bitmask over starts
        # undo log: (naturals, pinned, wild taken, what): what is a kept start meld's index,
        # a new meld, a release or cards left in the hand (see _Step)
        self.log: list[_LogEntry] = []
        self.failed: set[tuple[Any, ...]] = set()  # states (in a scope) with no partition
        self.extra: list[int] = []  # left-over wild jokers: the log entry (meld) each joins
        self.by_face: list[list[_Start]] = [[] for _ in range(FACE_COUNT)]
        for start in starts:
            for g in start.natural_counts + start.pinned_counts:
                self.by_face[g].append(start)

    def run(self, hand_jokers: int, joker_weight: int) -> bool:
        """True when a partition was found (it is in ``log``, the left-over wild jokers'
        melds in ``extra``)."""
        self.hand_jokers, self.joker_weight = hand_jokers, joker_weight
        try:
            found = self._releases(sorted(self.mates))
        except _Abort:
            return False
        return found and self._place_wild(record=True)

    def _releases(self, faces: list[int]) -> bool:
        """Decide, joker by joker, whether it is released (a natural of its face joins one
        of its mates in a new meld, and the joker turns wild), then search the rest."""
        if not faces:
            return self._solve(np.ones(FACE_COUNT, dtype=bool))
        f, rest = faces[0], faces[1:]
        mark = len(self.log)
        keep_first = self.releases.get(f, 1.0) < 0.5  # the LP relaxation keeps this joker
        if keep_first and self._releases(rest):
            return True
        if self.pinned_counts[f] and self.natural_counts[f] and (
                self.droppable[f] or not self.from_hand):
            for shape, kinds in self._options(f, self.mates[f]):  # releasing first
                nats = tuple(g for g, k in zip(shape.faces, kinds, strict=True) if k == "n")
                pins = tuple(g for g, k in zip(shape.faces, kinds, strict=True) if k == "p")
                self._push(nats, pins, kinds.count("w"), _Release(f, shape, kinds))
                if self._releases(rest):
                    return True
                self._undo_to(mark)
        return not keep_first and self._releases(rest)

    # --- the undo log

    def _push(self, nats: tuple[int, ...], pins: tuple[int, ...], wild: int,
              what: _Step) -> None:
        self._take(nats, pins, wild, -1)
        self.log.append((nats, pins, wild, what))
        if isinstance(what, int):
            self.claimed |= 1 << what
        elif isinstance(what, _Drop):
            self.droppable[what.face] -= what.count
            self.slack -= what.count * self.weight[what.face]
        elif isinstance(what, _Release):
            self.pinned_counts[what.face] -= 1
            self.wild += 1

    def _undo_to(self, mark: int) -> None:
        while len(self.log) > mark:
            nats, pins, wild, what = self.log.pop()
            self._take(nats, pins, wild, 1)
            if isinstance(what, int):
                self.claimed &= ~(1 << what)
            elif isinstance(what, _Drop):
                self.droppable[what.face] += what.count
                self.slack += what.count * self.weight[what.face]
            elif isinstance(what, _Release):
                self.pinned_counts[what.face] += 1
                self.wild -= 1

    def _take(self, nats: Sequence[int], pins: Sequence[int], wild: int, sign: int) -> None:
        for g in nats:
            self.natural_counts[g] += sign
        for g in pins:
            self.pinned_counts[g] += sign
        self.wild += sign * wild

    # --- the search

    def _solve(self, scope: np.ndarray) -> bool:
        """Place (or leave in the hand) every item whose face is in ``scope``, a set of faces
        no usable shape links to the rest; on success the steps stay in the log."""
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise _Abort
        natural_counts = np.array(self.natural_counts, dtype=np.int16)
        pinned_counts = np.array(self.pinned_counts, dtype=np.int16)
        left_all = (natural_counts + pinned_counts) > 0
        left = left_all & scope
        if not left.any():
            # the last card placed: wild jokers no meld took must find one (or the hand)
            return bool(left_all.any()) or not self.wild or self._place_wild(record=False)
        drop = np.array(self.droppable, dtype=np.int16)
        key = (np.where(left, natural_counts, 0).tobytes(),
               np.where(left, pinned_counts, 0).tobytes(),
               np.where(left, drop, 0).tobytes(), self.wild, self.slack)
        if key in self.failed:
            return False
        usable = (self.shape_len - self.shape_rows @ left_all.astype(np.float32)) <= min(
            self.wild, self.limit)
        ways = np.where(left, usable.astype(np.float32) @ self.shape_rows, _NONE)
        mark = len(self.log)
        dead = ways == 0
        if dead.any():
            # no meld can hold these cards any more: they stay in the hand, or nothing works
            for f in true_indices(dead):
                count = self.natural_counts[f]
                if self.pinned_counts[f] or count > self.droppable[f] or \
                        count * self.weight[f] > self.slack:
                    self._undo_to(mark)
                    self.failed.add(key)
                    return False
                self._push((f,) * count, (), 0, _Drop(f, count))
            if self._solve(scope):
                return True
            self._undo_to(mark)
            self.failed.add(key)
            return False
        # splitting costs as much as the rest of a node: every other node is enough (the
        # benchmark's slowest positions are fastest that way)
        parts = self._components(usable, left) if self.nodes % 2 else [left]
        if len(parts) > 1:
            # independent parts are solved one after the other, never re-explored together
            at_mark = (self.wild, self.slack)
            for part in parts:
                before = (self.wild, self.slack)
                if self._solve(part):
                    continue
                self._undo_to(mark)
                if before == at_mark or not self._solve(part):
                    self.failed.add(key)
                    return False
                self._undo_to(mark)  # they compete for jokers or slack: search them together
                break
            else:
                return True
        # the face with the fewest shapes that could still hold it goes first
        f = int(np.argmin(ways))
        claim_sigs = set()
        for start in self.by_face[f]:  # keep a start meld whole first
            if self.claimed >> start.index & 1 or not self._available(
                    start.natural_counts, start.pinned_counts, start.wild):
                continue
            claim_sigs.add(start.signature)
            self._push(start.natural_counts, start.pinned_counts, start.wild, start.index)
            if self._solve(scope):
                return True
            self._undo_to(mark)
        tried: set[tuple[Any, ...]] = set()
        for shape, kinds in self._options(f):
            nats = tuple(g for g, k in zip(shape.faces, kinds, strict=True) if k == "n")
            pins = tuple(g for g, k in zip(shape.faces, kinds, strict=True) if k == "p")
            wild = kinds.count("w")
            sig = (tuple(sorted(nats)), tuple(sorted(pins)), wild)
            if sig in tried or sig in claim_sigs:
                continue  # the same cards again, or a start meld's cards kept whole above
            tried.add(sig)
            self._push(nats, pins, wild, _NewMeld(shape, kinds))
            if self._solve(scope):
                return True
            self._undo_to(mark)
        if self.natural_counts[f] and self.droppable[f] and self.weight[f] <= self.slack:
            self._push((f,), (), 0, _Drop(f, 1))
            if self._solve(scope):
                return True
            self._undo_to(mark)
        self.failed.add(key)
        return False

    def _components(self, usable: np.ndarray, left: np.ndarray) -> list[np.ndarray]:
        """The faces of ``left`` grouped by the usable shapes linking them, smallest first."""
        rows = self.shape_rows[usable]
        linked = (rows.T @ rows) > 0
        remaining = left.copy()
        parts = []
        while remaining.any():
            part = np.zeros(FACE_COUNT, dtype=bool)
            part[int(np.argmax(remaining))] = True
            while True:
                grown = (linked[part].any(axis=0) & left) | part
                if (grown == part).all():
                    break
                part = grown
            parts.append(part)
            remaining &= ~part
        parts.sort(key=lambda p: int(p.sum()))
        return parts

    def _options(self, f: int, mates: frozenset[int] | None = None,
                 ) -> list[tuple[_Shape, tuple[str, ...]]]:
        """(shape, slot kinds) of every new meld holding face ``f``, the fewest jokers
        first: ``n`` natural, ``p`` pinned joker, ``w`` wild joker (never in f's slot).
        With ``mates``: f's slot natural beside a natural of a mate's face (a release)."""
        natural_counts, pinned_counts = self.natural_counts, self.pinned_counts
        wild, limit = self.wild, self.limit
        out = []
        for shape in self.shapes[f]:
            if mates is not None and not mates.intersection(shape.faces):
                continue
            if not wild and all(natural_counts[g] and not pinned_counts[g] for g in shape.faces):
                # the common case, naturals only: one way to fill the shape
                kinds = ("n",) * len(shape.faces)
                if mates is None or mates.intersection(shape.faces):
                    out.append((0, shape, kinds))
                continue
            choices = []
            for g in shape.faces:
                opts = []
                if natural_counts[g]:
                    opts.append("n")
                if pinned_counts[g] and (mates is None or g != f):
                    opts.append("p")
                if wild and g != f:
                    opts.append("w")
                if not opts:
                    break
                choices.append(opts)
            else:
                for kinds in itertools.product(*choices):
                    jokers = len(kinds) - kinds.count("n")
                    if jokers > limit or jokers == len(kinds) or kinds.count("w") > wild:
                        continue
                    if mates is not None and not any(
                            k == "n" and g in mates for g, k in zip(shape.faces, kinds,
                                                                    strict=True)):
                        continue
                    if self.two_from_hand and "w" in kinds and not self._two_hand(
                            shape, kinds):
                        continue
                    out.append((jokers, shape, kinds))
        if self.prefer:  # the melds the LP relaxation uses most first
            prefer = self.prefer

            def rank(o: tuple[int, _Shape, tuple[str, ...]]) -> tuple[Any, ...]:
                jokers, shape, kinds = o
                nats = frozenset(g for g, k in zip(shape.faces, kinds, strict=True) if k == "n")
                return (-prefer.get((nats, jokers), 0.0), jokers, -len(shape.faces))
            out.sort(key=rank)
        else:
            out.sort(key=lambda o: (o[0], -len(o[1].faces)))
        return [(shape, kinds) for _, shape, kinds in out]

    def _two_hand(self, shape: _Shape, kinds: Sequence[str]) -> bool:
        """Two natural slots a card from the hand could fill."""
        hand = [g for g, k in zip(shape.faces, kinds, strict=True)
                if k == "n" and self.droppable[g]]
        return len(hand) >= 2

    def _available(self, nats: Sequence[int], pins: Sequence[int], wild: int) -> bool:
        # a start meld never repeats a face, so one of each is enough
        return (all(self.natural_counts[g] for g in nats)
                and all(self.pinned_counts[g] for g in pins) and wild <= self.wild)

    def _place_wild(self, record: bool) -> bool:
        """Wild jokers no meld needed join new melds with room, or stay in the hand when
        the slack allows (a table joker must stay on the table)."""
        placed = [(i, what) for i, (_, _, _, what) in enumerate(self.log)
                  if isinstance(what, (_NewMeld, _Release))]
        if self.two_from_hand:  # a releasing meld's mate is a table card: not those
            placed = [(i, what) for i, (_, _, _, what) in enumerate(self.log)
                      if isinstance(what, _NewMeld) and self._two_hand(what.shape, what.kinds)]
        room = {i: self.limit - sum(1 for k in what.kinds if k != "n") for i, what in placed}
        grown = dict.fromkeys(room, 0)
        kept_back = 0
        for _ in range(self.wild):
            for i, what in placed:
                if room[i] > 0 and self._can_grow(what.shape, grown[i]):
                    room[i] -= 1
                    grown[i] += 1
                    if record:
                        self.extra.append(i)
                    break
            else:
                kept_back += 1
        self.jokers_kept = kept_back
        return kept_back <= self.hand_jokers and kept_back * self.joker_weight <= self.slack

    def _can_grow(self, shape: _Shape, grown: int) -> bool:
        if shape.kind == 0:
            return len(shape.faces) + grown < 4
        first, last = shape.positions[0], shape.positions[-1] + grown
        return any(lo <= first and last + 1 <= hi or lo <= first - 1 and last <= hi
                   for lo, hi in self.windows)


def play_of_value(variant: Variant, table: Table, usable: Sequence[Card], opened: bool,
                  exactly: int | None, weight: Mapping[Card, int], target: int,
                  nodes: int = SEARCH_NODES,
                  check: bool = True,
                  prefer: Mapping[tuple[frozenset[int], int], float] | None = None,
                  releases: Mapping[int, float] | None = None) -> Table | None:
    """A legal end table playing hand cards (from ``usable``) worth at least ``target`` by
    ``weight``, or None: the rules fall outside the search, or none was found (within
    ``nodes`` nodes; the search is not exhaustive). ``check=False`` leaves the final
    ``check_turn`` to the caller (who adds melds of its own first). ``prefer`` and
    ``releases`` (an LP relaxation's melds and joker releases) order the search: the melds
    it uses most first, a joker it keeps kept first."""
    if not _applicable(variant, table, usable, opened, exactly):
        return None
    fixed = variant.joker_identity is JokerIdentity.FIXED
    natural_counts = [0] * FACE_COUNT
    pinned_counts = [0] * FACE_COUNT
    wild = 0
    starts: list[_Start] = []
    for index, meld in enumerate(table.melds):
        s_nat: list[int] = []
        s_pin: list[int] = []
        s_wild = 0
        for card in meld:
            if not card.is_joker:
                s_nat.append(_index(card))
            elif fixed and card in table.declared:
                s_pin.append(_index(table.declared[card]))
            else:
                s_wild += 1
        if not s_nat or len(set(s_nat + s_pin)) != len(s_nat) + len(s_pin):
            return None  # not a meld of these rules: leave it to the MILP
        for g in s_nat:
            natural_counts[g] += 1
        for g in s_pin:
            pinned_counts[g] += 1
        wild += s_wild
        signature = (tuple(sorted(s_nat)), tuple(sorted(s_pin)), s_wild)
        starts.append(_Start(index, tuple(s_nat), tuple(s_pin), s_wild, signature))
    droppable = [0] * FACE_COUNT
    weights = [0] * FACE_COUNT
    hand_jokers = 0
    joker_weight = 0
    for card in usable:
        if card.is_joker:
            wild += 1
            hand_jokers += 1
            joker_weight = weight[card]
        else:
            f = _index(card)
            natural_counts[f] += 1
            droppable[f] += 1
            weights[f] = weight[card]
    slack = sum(weight[c] for c in usable) - target
    if slack < 0:
        return None
    # jokers that may be released: one declared joker of its face, its mates' faces
    mates: dict[int, frozenset[int]] = {}
    jokers_of: dict[int, list[Card]] = {}
    if fixed:
        for card, face in table.declared.items():
            if card.is_joker:
                jokers_of.setdefault(_index(face), []).append(card)
        for f, cards in jokers_of.items():
            home = next((m for m in table.melds if cards[0] in m), None)
            if len(cards) == 1 and home is not None:
                mates[f] = frozenset(_index(c) for c in home if not c.is_joker)
    search = _Search(natural_counts, pinned_counts, wild, droppable, weights, slack, starts,
                     variant, nodes, mates, prefer, releases)
    if not search.run(hand_jokers, joker_weight):
        return None
    end = _realise(table, usable, variant, search.log, search.extra, search.jokers_kept)
    # the counts leave a few joker rules to the cards chosen (two hand cards beside a
    # released joker): only a play the rules accept is returned
    return end if not check or check_turn(variant, table, usable, end, opened).ok else None


def _applicable(variant: Variant, table: Table, usable: Sequence[Card], opened: bool,
                exactly: int | None) -> bool:
    if not usable or table.free or exactly is not None:
        return False
    if not opened and variant.initial_meld.required:
        return False
    if variant.ace is AceMode.AROUND or variant.set_same_suit_allowed:
        return False
    # a pinned joker moves keeping its card: rules that pin it to its meld are not modelled
    fixed_jokers = variant.joker_identity is JokerIdentity.FIXED and bool(table.declared)
    return not (fixed_jokers and (variant.joker_moves is not JokerMoves.KEEP_IDENTITY
                                  or variant.joker_freezes_meld))


def _realise(table: Table, usable: Sequence[Card], variant: Variant, log: list[_LogEntry],
             extra: list[int], jokers_kept: int) -> Table:
    """Physical cards for the counts: each kept meld holds its own cards; a releasing meld
    the joker's mate (and the hand's card of its face, when the rules say so); a meld with
    a released joker hand cards where it can; then table cards go down before hand cards
    of the same face, so only hand cards stay in the hand."""
    fixed = variant.joker_identity is JokerIdentity.FIXED
    claimed = {what for *_, what in log if isinstance(what, int)}
    released = {what.face for *_, what in log if isinstance(what, _Release)}
    dropped: dict[int, int] = {}
    for *_, what in log:
        if isinstance(what, _Drop):
            dropped[what.face] = dropped.get(what.face, 0) + what.count
    table_nat: dict[int, list[Card]] = {}
    hand_nat: dict[int, list[Card]] = {}
    pin_cards: dict[int, list[Card]] = {}
    wild_cards: list[Card] = []
    released_jokers: list[Card] = []
    declared = {}
    home: dict[Card, tuple[Card, ...]] = {}  # a released joker's start meld
    for index, meld in enumerate(table.melds):
        for card in meld:
            if fixed and card.is_joker and card in table.declared:
                if _index(table.declared[card]) in released:
                    released_jokers.append(card)
                    home[card] = meld
                else:
                    declared[card] = table.declared[card]
        if index in claimed:
            continue
        for card in meld:
            if not card.is_joker:
                table_nat.setdefault(_index(card), []).append(card)
            elif fixed and card in table.declared:
                if card not in home:
                    pin_cards.setdefault(_index(table.declared[card]), []).append(card)
            else:
                wild_cards.append(card)
    wild_cards += released_jokers
    for card in usable:
        if card.is_joker:
            wild_cards.append(card)
        else:
            hand_nat.setdefault(_index(card), []).append(card)
    if jokers_kept:
        del wild_cards[-jokers_kept:]  # hand jokers were added last
    spare = {g: len(cards) - dropped.get(g, 0) for g, cards in hand_nat.items()}

    def from_hand(g: int) -> Card | None:
        if spare.get(g, 0) > 0:
            spare[g] -= 1
            return hand_nat[g].pop()
        return None

    def take(g: int, card: Card | None = None) -> Card:
        if card is None:
            card = (table_nat.get(g) or hand_nat[g]).pop(0)
        else:
            (table_nat[g] if card in table_nat.get(g, ()) else hand_nat[g]).remove(card)
        return card

    melds: list[list[Card]] = [list(table.melds[i]) for i in sorted(claimed)]
    new: dict[int, dict[int, Card]] = {}  # log index -> slot -> card
    # reserved cards first: each released joker's mate, then the card releasing it
    joker_of = {_index(table.declared[j]): j for j in released_jokers}
    entries = [(i, what) for i, (*_, what) in enumerate(log)
               if isinstance(what, (_NewMeld, _Release))]
    for i, what in entries:
        slots = new.setdefault(i, {})
        if isinstance(what, _Release):
            shape, kinds = what.shape, what.kinds
            mate = next(c for c in home[joker_of[what.face]]
                        if not c.is_joker and _index(c) in shape.faces
                        and kinds[shape.faces.index(_index(c))] == "n"
                        and c in table_nat.get(_index(c), ()))
            slots[shape.faces.index(_index(mate))] = take(_index(mate), mate)
    for i, what in entries:
        shape, kinds = what.shape, what.kinds
        slots = new[i]
        if isinstance(what, _Release):
            f = what.face
            releasing = from_hand(f) if variant.joker_release_from is ReleaseFrom.HAND or (
                "w" in kinds and variant.released_joker_needs_two_from_hand) else None
            slots[shape.faces.index(f)] = releasing if releasing is not None else take(f)
        if ("w" in kinds or i in extra) and variant.released_joker_needs_two_from_hand:
            for slot, (g, k) in enumerate(zip(shape.faces, kinds, strict=True)):
                if k == "n" and slot not in slots:
                    hand_card = from_hand(g)
                    if hand_card is not None:
                        slots[slot] = hand_card
    for i, (*_, what) in enumerate(log):
        if not isinstance(what, (_NewMeld, _Release)):
            continue
        shape, kinds = what.shape, what.kinds
        slots = new[i]
        for slot, (g, k) in enumerate(zip(shape.faces, kinds, strict=True)):
            if slot in slots:
                continue
            if k == "n":
                slots[slot] = take(g)
            else:
                slots[slot] = (pin_cards[g] if k == "p" else wild_cards).pop(0)
    groups = {i: [slots[k] for k in sorted(slots)] for i, slots in new.items()}
    for i in extra:
        groups[i].append(wild_cards.pop(0))
    return Table.of(melds + list(groups.values()), (), declared)
