"""The model of one position: what the table, the hand and the rules supply (``Position``),
and the integer program built from it (``Model``: which candidate shapes get columns, the
supply rows, the tags of ``game.solver.tags``, cuts). ``Model`` maps a program's solution
back to melds (``game.solver.realise``) and tells the searches what a relaxed one uses.

A *candidate* is one possible meld shape: a set (3-4 distinct suits of a rank) or a run
(consecutive ranks of a suit under the ace mode), some of whose places may be joker slots.
Its column counts the copies of it on the end table. For every face, the cards it covers
equal the table's cards of that face plus the hand and free cards of that face put down;
jokers likewise. Maximise the cards (or points) played, then, with a smaller weight, the
start melds kept whole. Runs longer than ``LONG_RUN`` cards are left out unless a rule
needs them whole (a start meld kept, a joker's mates): any longer run splits into two
valid runs, so nothing is lost.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from game.engine.cards import Card
from game.engine.scoring import card_value
from game.engine.table import Table
from game.engine.variants import JokerIdentity, JokerMoves, ReleaseFrom, Variant
from game.solver.homes import counts_homes, home_shapes
from game.solver.hosts import Host, counts_hosts, host_shapes
from game.solver.milp import Program
from game.solver.shapes import FACE_COUNT, face_index, shape_table
from game.solver.tags import add_tags

LONG_RUN = 5  # runs longer than this are split unless a rule needs them whole


@dataclass
class DeclaredJoker:
    """A start meld holding a declared (fixed) joker: the joker, its card, its mates."""

    meld: int
    joker: Card
    face: int
    items: list[Card]
    item_faces: list[int]
    can_release: bool = False


class Position:
    """One position and its question: the supplies by face, the declared jokers, and
    whether the joker rules are modelled exactly (``exact``) or relaxed to counts."""

    def __init__(self, variant: Variant, table: Table, hand: Sequence[Card], opened: bool,
                 objective: str, keep: Collection[Card], exactly: int | None,
                 keep_jokers: bool, tie_break: bool = True,
                 proven_tie_break: bool = False) -> None:
        if objective not in ("cards", "points"):
            raise ValueError(f"objective must be 'cards' or 'points', not {objective!r}")
        if variant.set_same_suit_allowed:
            raise NotImplementedError("sets with repeated suits are not supported")
        self.variant = variant
        self.table = table
        self.hand = tuple(hand)
        self.opened = opened
        self.objective = objective
        self.exactly = exactly
        self.tie_break = tie_break
        self.proven_tie_break = proven_tie_break
        self.keep = tuple(keep)
        self.keep_jokers = keep_jokers
        keep_set = set(keep)
        self.usable = [c for c in self.hand if c not in keep_set
                       and not (keep_jokers and c.is_joker)]
        self.fixed = variant.joker_identity is JokerIdentity.FIXED
        self.weight = {c: (1 if objective == "cards" else card_value(variant.scoring, c))
                       for c in self.usable}
        # supplies by face
        self.hand_cards: dict[int, list[Card]] = defaultdict(list)
        self.hand_jokers: list[Card] = []
        for card in self.usable:
            (self.hand_jokers if card.is_joker else self.hand_cards[face_index(card)]).append(card)
        self.table_cards: dict[int, list[Card]] = defaultdict(list)
        self.table_jokers: list[Card] = []
        self.meld_of: dict[Card, int] = {}
        for index, meld in enumerate(table.melds):
            for card in meld:
                self.meld_of[card] = index
                if card.is_joker:
                    self.table_jokers.append(card)
                else:
                    self.table_cards[face_index(card)].append(card)
        self.free_cards: dict[int, list[Card]] = defaultdict(list)
        self.free_jokers: list[Card] = []
        for card in table.free:
            (self.free_jokers if card.is_joker else self.free_cards[face_index(card)]).append(card)
        self.table_supply = np.zeros(FACE_COUNT, dtype=np.int64)
        self.hand_supply = np.zeros(FACE_COUNT, dtype=np.int64)
        self.free_supply = np.zeros(FACE_COUNT, dtype=np.int64)
        for f, cards in self.table_cards.items():
            self.table_supply[f] = len(cards)
        for f, cards in self.hand_cards.items():
            self.hand_supply[f] = len(cards)
        for f, cards in self.free_cards.items():
            self.free_supply[f] = len(cards)
        self.joker_count = len(self.table_jokers) + len(self.hand_jokers) + len(self.free_jokers)
        limit = variant.jokers_per_meld or 4
        self.max_jokers = min(limit, self.joker_count)
        self.shapes = shape_table(variant.ace, variant.run_min, self.max_jokers, not self.fixed)
        self.declared_jokers = self._declared_jokers()
        # joker rules start as counts only (a relaxation, small and fast); the tagged exact
        # model is built only if check_turn refuses the relaxed answer
        self.exact_possible = not self._needs_lazy()
        self.exact = self.exact_possible and not self.declared_jokers

    def _declared_jokers(self) -> list[DeclaredJoker]:
        """The start melds holding a declared (fixed) joker."""
        variant = self.variant
        found: list[DeclaredJoker] = []
        if not self.fixed:
            return found
        for joker, face in self.table.declared.items():
            meld = self.meld_of.get(joker)
            if meld is None or not joker.is_joker:
                continue
            items = [c for c in self.table.melds[meld] if not c.is_joker]
            fi = face_index(face)
            if variant.joker_release_from is ReleaseFrom.HAND:
                can = self.hand_supply[fi] > 0
            else:
                can = self.table_supply[fi] + self.hand_supply[fi] + self.free_supply[fi] > 0
            found.append(DeclaredJoker(meld, joker, fi, items, [face_index(c) for c in items],
                                       bool(can)))
        return found

    def _needs_lazy(self) -> bool:
        """Rule combinations the exact model does not cover; those rely on cuts."""
        variant = self.variant
        if self.declared_jokers:
            if (variant.jokers_per_meld or 99) != 1:
                return True
            if any(sum(1 for c in self.table.melds[s.meld] if c.is_joker) > 1
                   for s in self.declared_jokers):
                return True
        if variant.joker_freezes_meld:
            special_melds = {s.meld for s in self.declared_jokers}
            for index, meld in enumerate(self.table.melds):
                if index not in special_melds and any(c.is_joker for c in meld):
                    return True
        return False

    def tighten(self) -> bool:
        """Switch from the relaxed joker model to the exact one; False if already exact."""
        if self.exact or not self.exact_possible:
            return False
        self.exact = True
        return True


class Model:
    """The integer program of a position under one first-play rule, with the meaning of its
    columns: every attribute is set here, filled by ``_build`` and ``add_tags``."""

    def __init__(self, position: Position, initial: str | None, hand_allowed: bool,
                 cuts: Sequence[np.ndarray] = ()) -> None:
        """``initial``: the first-play rule to enforce (None when opened or none);
        ``hand_allowed``: False for the free-cards-only play of a player not yet opened;
        ``cuts``: solutions (on the first ``base_cols`` columns) to exclude."""
        self.position = position
        self.program = Program()
        # the candidates (see ``_choose_candidates``)
        self.start_shapes: dict[int, int] = {}  # start meld -> its shape's candidate
        self.home_candidates: dict[int, np.ndarray] = {}  # declared joker -> may be home
        self.release_candidates: dict[int, np.ndarray] = {}  # declared joker -> may release
        self.two_hand_candidates: np.ndarray | None = None  # may take a released joker
        self.candidates = np.zeros(0, dtype=np.int64)  # shape rows given columns
        self.candidate_copies = np.zeros(0, dtype=np.int64)  # most copies of each
        self.candidate_split = np.zeros(0, dtype=bool)  # split into single copies
        # the columns: one per candidate, one per copy of a split one
        self.column_shape = np.zeros(0, dtype=np.int64)  # the shape row of each meld column
        self.column_split = np.zeros(0, dtype=bool)
        self.column_copies = np.zeros(0, dtype=np.int64)
        self.meld_cols = np.zeros(0, dtype=np.int64)  # program column of each meld column
        self.face_rows: dict[int, int] = {}  # face -> its supply row
        self.hand_cols: dict[int, int] = {}  # face -> hand cards of it played
        self.free_cols: dict[int, int] = {}  # face -> free cards of it put in melds
        self.hand_joker_col: int | None = None  # hand jokers played
        self.free_joker_col: int | None = None  # free jokers put in melds
        self.base_cols = 0  # the columns before any cut's
        # the tags (see ``game.solver.tags``), by program column
        self.kept_shared: dict[int, tuple[int, list[int]]] = {}  # var -> (col, start melds)
        self.kept_alone: dict[int, list[tuple[int, int]]] = {}  # start meld -> [(var, col)]
        self.own_melds: dict[int, int] = {}  # var -> col: a meld made from the hand alone
        self.joker_homes: dict[int, tuple[int, int]] = {}  # var -> (declared joker, col)
        self.home_of: dict[tuple[int, int], int] = {}  # (declared joker, col) -> var
        self.releasers: dict[int, tuple[int, int]] = {}  # var -> (declared joker, col)
        self.released_homes: dict[int, tuple[int, int]] = {}  # var -> (declared joker, col)
        self.mate_slots: dict[int, tuple[Card, int]] = {}  # var -> (joker's mate, col)
        self.hand_slots: dict[int, tuple[int, int]] = {}  # var -> (col, face from the hand)
        self.release_vars: dict[int, int] = {}  # declared joker -> its release var
        self.hosts: dict[int, Host] = {}  # meld column -> its released jokers' hosts
        self.homes: dict[int, tuple[int, int]] = {}  # var -> (declared joker, meld column)
        self._build(initial, hand_allowed, cuts)

    def _choose_candidates(self) -> None:
        """The candidate shapes worth a column, how many copies each may have, and which
        are split into single copies to carry tags."""
        pos = self.position
        shapes = pos.shapes
        available = pos.table_supply + pos.hand_supply + pos.free_supply
        ok = ~(shapes.has_natural[:, available == 0].any(axis=1))
        ok &= shapes.joker_slots <= pos.joker_count
        # the start melds' own shapes (kept whole: the secondary objective)
        for index, meld in enumerate(pos.table.melds):
            key = self._meld_key(meld)
            if key is not None and key in shapes.row_of_key and ok[shapes.row_of_key[key]]:
                self.start_shapes[index] = shapes.row_of_key[key]
        start_shape = np.zeros(len(ok), dtype=bool)
        start_shape[list(self.start_shapes.values())] = True
        if pos.max_jokers:
            # shapes with the same naturals, joker count and kind differ only in what a
            # joker is declared as: keep the one worth most points, unless a rule looks at
            # that declaration (a declared joker's card) or it is a start meld's shape
            free = ok & ~start_shape
            if pos.declared_jokers:
                free &= ~shapes.joker_plays[:, [s.face for s in pos.declared_jokers]].any(axis=1)
            rows = shapes.by_class[free[shapes.by_class]]  # free rows, by class then class_rank
            classes = shapes.shape_class[rows]
            first = np.r_[True, classes[1:] != classes[:-1]] if len(rows) else rows
            ok = ok.copy()
            ok[rows] = False
            ok[rows[first]] = True
        # copies that carry joker-rule tags are split into single copies
        split = np.zeros(len(ok), dtype=bool)
        variant = pos.variant
        hand_face = pos.hand_supply > 0
        if pos.exact:
            for joker_index, s in enumerate(pos.declared_jokers):
                items = s.item_faces
                has_item = (shapes.has_natural[:, items].any(axis=1) if items
                            else np.zeros(len(ok), bool))
                if s.can_release:
                    releasing = ok & shapes.has_natural[:, s.face] & has_item
                    self.release_candidates[joker_index] = releasing
                    split |= releasing
                if variant.joker_freezes_meld or variant.joker_moves is JokerMoves.NEVER:
                    home = ok & shapes.joker_plays[:, s.face]
                    if variant.joker_freezes_meld:
                        home &= shapes.has_natural[:, items].all(axis=1) if items else True
                    else:
                        home &= has_item
                    self.home_candidates[joker_index] = home
                    split |= home
                if s.meld in self.start_shapes:
                    split[self.start_shapes[s.meld]] = True
            if variant.released_joker_needs_two_from_hand and any(
                    s.can_release for s in pos.declared_jokers):
                from_hand = (shapes.has_natural & hand_face).sum(axis=1)
                two = ok & (shapes.joker_slots > 0) & (from_hand >= 2)
                self.two_hand_candidates = two
                split |= two
        split &= ok
        long = shapes.length > LONG_RUN
        keep_cols = ok & (~long | split | start_shape)
        if counts_hosts(pos):  # a long run may host a released joker: not split then
            keep_cols |= ok & host_shapes(pos)
        if counts_homes(pos):  # nor one holding a joker beside its mate
            keep_cols |= ok & home_shapes(pos)
        candidates = np.flatnonzero(keep_cols)
        # copies of a candidate: as many as the scarcest of its faces (and of the jokers)
        upper_bounds = np.append(available, 99)[shapes.natural_faces_padded[candidates]].min(axis=1)
        if pos.joker_count:
            joker_slots = shapes.joker_slots[candidates]
            by_jokers = np.where(joker_slots > 0,
                                 pos.joker_count // np.maximum(joker_slots, 1), 99)
            upper_bounds = np.minimum(upper_bounds, by_jokers)
        self.candidates = candidates
        self.candidate_copies = upper_bounds
        self.candidate_split = split[candidates]

    def _meld_key(self, meld: Sequence[Card]) -> tuple[Any, ...] | None:
        pos = self.position
        naturals = [face_index(c) for c in meld if not c.is_joker]
        jokers = [c for c in meld if c.is_joker]
        if not pos.fixed:
            return pos.shapes.key_of(naturals, [], len(jokers))
        slot_faces = []
        for j in jokers:
            face = pos.table.declared.get(j)
            if face is None:
                return None
            slot_faces.append(face_index(face))
        return pos.shapes.key_of(naturals, slot_faces, len(jokers))

    def _build(self, initial: str | None, hand_allowed: bool,
               cuts: Sequence[np.ndarray]) -> None:
        pos = self.position
        self._choose_candidates()
        shapes, program = pos.shapes, self.program
        candidates, upper_bounds = self.candidates, self.candidate_copies
        split = self.candidate_split
        # expand split candidates into single copies
        reps = np.where(split, upper_bounds, 1)
        column_shape = np.repeat(candidates, reps)
        column_split = np.repeat(split, reps)
        column_copies = np.where(column_split, 1, np.repeat(upper_bounds, reps))
        self.column_shape, self.column_split = column_shape, column_split
        self.column_copies = column_copies
        n = len(column_shape)
        meld_columns = program.cols(np.zeros(n), column_copies, 0.0)
        self.meld_cols = meld_columns
        start_melds = len(pos.table.melds)
        big = float(start_melds + 1)
        program.big = big
        program.dive_ok = pos.exact  # a relaxed joker model's whole solutions may break a rule
        program.fast = not pos.proven_tie_break
        # hand, free supplies
        faces = [int(f) for f in
                 np.flatnonzero(pos.table_supply + pos.hand_supply + pos.free_supply)]
        for f in faces:
            self.face_rows[f] = program.row(float(pos.table_supply[f]), float(pos.table_supply[f]))
        hand_played: list[tuple[int, float]] = []
        for f in faces:
            if pos.hand_supply[f] and hand_allowed:
                w = pos.weight[pos.hand_cards[f][0]]
                self.hand_cols[f] = program.col(0, float(pos.hand_supply[f]), big * w)
                program.primary_cols.append(self.hand_cols[f])
                program.add(self.face_rows[f], self.hand_cols[f], -1.0)
                hand_played.append((self.hand_cols[f], 1.0))
            if pos.free_supply[f]:
                self.free_cols[f] = program.col(0, float(pos.free_supply[f]), 0.0)
                program.add(self.face_rows[f], self.free_cols[f], -1.0)
        # candidate incidence
        naturals = shapes.natural_faces[column_shape]
        rows_of_face = np.full(FACE_COUNT + 1, -1, dtype=np.int64)
        for f, r in self.face_rows.items():
            rows_of_face[f] = r
        mask = naturals >= 0
        colidx = np.broadcast_to(meld_columns[:, None], naturals.shape)[mask]
        program.block(rows_of_face[naturals[mask]], colidx, np.ones(int(mask.sum())))
        joker_slots = shapes.joker_slots[column_shape].astype(float)
        if pos.joker_count:
            joker_row = program.row(float(len(pos.table_jokers)), float(len(pos.table_jokers)))
            has = joker_slots > 0
            program.block(np.full(int(has.sum()), joker_row), meld_columns[has], joker_slots[has])
            if pos.hand_jokers and hand_allowed:
                w = pos.weight[pos.hand_jokers[0]]
                self.hand_joker_col = program.col(0, len(pos.hand_jokers), big * w)
                program.primary_cols.append(self.hand_joker_col)
                program.add(joker_row, self.hand_joker_col, -1.0)
                hand_played.append((self.hand_joker_col, 1.0))
            if pos.free_jokers:
                self.free_joker_col = program.col(0, len(pos.free_jokers), 0.0)
                program.add(joker_row, self.free_joker_col, -1.0)
        elif (joker_slots > 0).any():
            raise AssertionError("joker shapes without jokers")
        # at least one card added
        adders = hand_played + [(c, 1.0) for c in self.free_cols.values()] + (
            [(self.free_joker_col, 1.0)] if self.free_joker_col is not None else [])
        program.row(1, np.inf, adders)
        if pos.exactly is not None and hand_allowed:
            program.row(pos.exactly, pos.exactly, hand_played)
        add_tags(self, initial, big)
        self.base_cols = program.ncol
        for cut in cuts:
            self._add_cut(cut)

    def _add_cut(self, solution: np.ndarray) -> None:
        """Exclude one exact integer solution (by its values on the first columns)."""
        program = self.program
        entries: list[tuple[int, float]] = []
        rhs = 1.0
        program.flush()
        upper_bounds = np.concatenate(program.ub)
        for col, value in enumerate(solution):
            top = upper_bounds[col]
            if value == 0:
                entries.append((col, 1.0))
            elif value >= top:
                entries.append((col, -1.0))
                rhs -= value
            else:
                d = program.col(0, 1, 0.0)  # d <= |x - value| via a binary side
                side = program.col(0, 1, 0.0)
                span = float(top + 1)
                program.row(-np.inf, -value + span, [(d, 1.0), (col, -1.0), (side, span)])
                program.row(-np.inf, value, [(d, 1.0), (col, 1.0), (side, -span)])
                entries.append((d, 1.0))
        program.row(rhs, np.inf, entries)

    def kept_in(self, x: np.ndarray) -> set[int]:
        """The start melds a (relaxed) solution keeps whole: whole indicators only."""
        kept: set[int] = set()
        for var, (_, melds) in self.kept_shared.items():
            kept.update(melds[: int(np.floor(x[var] + 1e-6))])
        for meld, vars_ in self.kept_alone.items():
            if sum(x[var] for var, _ in vars_) > 1 - 1e-6:
                kept.add(meld)
        return kept

    def melds_used(self, x: np.ndarray) -> dict[tuple[frozenset[int], int], float]:
        """How much a (relaxed) solution uses each meld: (natural faces, jokers) -> copies."""
        used: dict[tuple[frozenset[int], int], float] = defaultdict(float)
        values = x[self.meld_cols]
        shapes = self.position.shapes
        for j in np.flatnonzero(values > 1e-6):
            c = self.column_shape[j]
            naturals = frozenset(int(f) for f in shapes.natural_faces[c] if f >= 0)
            used[(naturals, int(shapes.joker_slots[c]))] += float(values[j])
        return used

    def releases_in(self, x: np.ndarray) -> dict[int, float]:
        """How far a (relaxed) solution releases each declared joker, by its face."""
        jokers = self.position.declared_jokers
        return {jokers[joker_index].face: float(x[var])
                for joker_index, var in self.release_vars.items()}
