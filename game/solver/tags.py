"""Tags: the columns and rows that model the rules about particular cards.

Joker rules (fixed identity) are modelled exactly when a meld holds at most one joker (every
built-in variant): a candidate that can take part in a joker rule (hold a joker's start
meld-mates, its declared card, or a released joker) is split into single copies carrying
tags: "this copy holds the joker's release card and one of its mates", "this copy is the
joker's home", "this copy's card of face f comes from the hand". Initial-meld rules tag
copies made from the hand only (own melds); the secondary objective tags the copies that
are start melds kept whole. Until ``check_turn`` refuses an answer, the joker rules are
only counted (``_relaxed_jokers``, ``game.solver.hosts``, ``game.solver.homes``), which is
smaller and faster.
"""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING

import numpy as np

from game.engine.cards import Card
from game.engine.variants import JokerMoves, ReleaseFrom
from game.solver.homes import add_homes, counts_homes
from game.solver.hosts import add_hosts, counts_hosts
from game.solver.shapes import face_index, true_indices

if TYPE_CHECKING:
    from game.solver.model import Model


def add_tags(model: Model, initial: str | None, big: float) -> None:
    """The rows and tag columns of kept start melds, own melds and joker rules (see the
    module's docstring), on ``model.program``; the tag columns are recorded on ``model``."""
    pos, program = model.position, model.program
    shapes, variant = pos.shapes, pos.variant
    column_shape, column_split = model.column_shape, model.column_split
    meld_columns = model.meld_cols
    # per split copy: what pins each face slot and the joker slot
    pins: dict[tuple[int, int], list[int]] = defaultdict(list)  # (col, face|-1) -> vars
    reserve: dict[int, list[tuple[int, float]]] = defaultdict(list)  # face -> hand vars
    # the columns of each candidate: col_cand is sorted, only split ones have several
    first = np.flatnonzero(np.r_[True, column_shape[1:] != column_shape[:-1]])
    ends = np.r_[first[1:], len(column_shape)]

    def columns_of(c: int) -> list[int]:
        at = int(np.searchsorted(column_shape, c))
        if at == len(column_shape) or column_shape[at] != c:
            return []
        return list(range(at, int(ends[np.searchsorted(first, at)])))
    # kept start melds (secondary objective)
    groups: dict[int, list[int]] = defaultdict(list)
    for meld, c in model.start_shapes.items():
        if pos.tie_break:
            groups[c].append(meld)
    special_melds = {s.meld: joker_index for joker_index, s in enumerate(pos.declared_jokers)}
    for c, melds in groups.items():
        cols = columns_of(c)
        if not cols:
            continue
        if not column_split[cols[0]]:
            var = program.col(0, len(melds), 1.0)
            program.kept_cols.append(var)
            program.row(-np.inf, 0, [(var, 1.0), (cols[0], -1.0)])
            model.kept_shared[var] = (cols[0], melds)
            continue
        for meld in melds:
            vars_ = []
            for j in cols:
                var = program.col(0, 1, 1.0)
                program.kept_cols.append(var)
                vars_.append((var, j))
                program.row(-np.inf, 0, [(var, 1.0), (j, -1.0)])
                if meld not in special_melds:
                    for f in shapes.natural_faces[c][shapes.natural_faces[c] >= 0]:
                        pins[(j, int(f))].append(var)
                    if shapes.joker_slots[c]:
                        pins[(j, -1)].append(var)
            model.kept_alone[meld] = vars_
            program.row(-np.inf, 1, [(var, 1.0) for var, _ in vars_])
    # own melds (the first-play rule)
    if initial is not None:
        ownable = ~(shapes.has_natural[column_shape][:, pos.hand_supply == 0].any(axis=1))
        ownable &= shapes.joker_slots[column_shape] <= len(pos.hand_jokers)
        if initial == "run_of_3_from_hand":
            ownable &= shapes.kind[column_shape] == 1
        need = program.row(1, np.inf) if initial != "points" else program.row(
            float(variant.initial_meld_points or 0), np.inf)
        joker_res: list[tuple[int, float]] = []
        for j in true_indices(ownable):
            c = int(column_shape[j])
            naturals = shapes.natural_faces[c][shapes.natural_faces[c] >= 0]
            limit = 1 if column_split[j] else int(min(pos.hand_supply[naturals].min(),
                                                   model.column_copies[j]))
            var = program.col(0, limit, 0.0)
            model.own_melds[var] = j
            program.row(-np.inf, 0, [(var, 1.0), (int(meld_columns[j]), -1.0)])
            program.add(need, var, float(shapes.points[c]) if initial == "points" else 1.0)
            for f in shapes.natural_faces[c][shapes.natural_faces[c] >= 0]:
                reserve[int(f)].append((var, 1.0))
                if column_split[j]:
                    pins[(j, int(f))].append(var)
            if shapes.joker_slots[c]:
                joker_res.append((var, float(shapes.joker_slots[c])))
                if column_split[j]:
                    pins[(j, -1)].append(var)
        if joker_res:
            hand_jokers = model.hand_joker_col
            played = [(hand_jokers, -1.0)] if hand_jokers is not None else []
            program.row(-np.inf, 0, joker_res + played)
        # own and kept copies of an unsplit candidate are different copies
        kept_of_col = {col: var for var, (col, _) in model.kept_shared.items()}
        for var, j in model.own_melds.items():
            if not column_split[j] and j in kept_of_col:
                program.row(-np.inf, 0, [(var, 1.0), (kept_of_col[j], 1.0),
                                         (int(meld_columns[j]), -1.0)])
    # joker rules
    hand_var: dict[tuple[int, int], int] = {}

    def hand_slot(j: int, f: int) -> int:
        if (j, f) not in hand_var:
            var = program.col(0, 1, 0.0)
            hand_var[(j, f)] = var
            model.hand_slots[var] = (j, f)
            reserve[f].append((var, 1.0))
            pins[(j, f)].append(var)
        return hand_var[(j, f)]

    item_vars: dict[tuple[int, Card], int] = {}

    def item_slot(j: int, card: Card) -> int:
        if (j, card) not in item_vars:
            var = program.col(0, 1, 0.0)
            item_vars[(j, card)] = var
            model.mate_slots[var] = (card, j)
            pins[(j, face_index(card))].append(var)
        return item_vars[(j, card)]

    if pos.declared_jokers:
        keep_identity = not (variant.joker_freezes_meld or variant.joker_moves is JokerMoves.NEVER)
        joker_pin_two: dict[int, list[int]] = defaultdict(list)
        # a release that gains nothing is not made (ties only: less than one kept meld)
        penalty = -0.5 / (len(pos.declared_jokers) + 1)
        for joker_index, s in enumerate(pos.declared_jokers):
            rel = program.col(0, 1 if s.can_release else 0, penalty)
            program.release_cols = True
            model.release_vars[joker_index] = rel
            if not pos.exact:
                continue
            if s.meld in model.kept_alone:  # kept whole: its items and joker in that copy
                for var, j in model.kept_alone[s.meld]:
                    for item in s.items:
                        program.row(-np.inf, 0, [(var, 1.0), (item_slot(j, item), -1.0)])
                    if keep_identity:
                        pins[(j, -1)].append(var)
                    else:
                        kept_home: list[int] = []
                        _home_var(model, joker_index, j, kept_home)
                        program.row(-np.inf, 0, [(var, 1.0), (kept_home[0], -1.0)])
            if not keep_identity:
                home_vars: list[int] = []
                for j in true_indices(model.home_candidates[joker_index][column_shape]):
                    _home_var(model, joker_index, j, home_vars)
                program.row(1, 1, [(h, 1.0) for h in home_vars] + [(rel, 1.0)])
                for h in home_vars:
                    j = model.joker_homes[h][1]
                    pins[(j, -1)].append(h)
                    c = int(column_shape[j])
                    present = [it for it in s.items if shapes.has_natural[c, face_index(it)]]
                    if variant.joker_freezes_meld:
                        for it in present:
                            program.row(-np.inf, 0, [(h, 1.0), (item_slot(j, it), -1.0)])
                    else:
                        program.row(-np.inf, 0, [(h, 1.0)] + [(item_slot(j, it), -1.0)
                                                         for it in present])
            if s.can_release:
                rvars = []
                for j in true_indices(model.release_candidates[joker_index][column_shape]):
                    c = int(column_shape[j])
                    w = program.col(0, 1, 0.0)
                    model.releasers[w] = (joker_index, j)
                    rvars.append(w)
                    present = [it for it in s.items if shapes.has_natural[c, face_index(it)]]
                    program.row(-np.inf, 0, [(w, 1.0)] + [(item_slot(j, it), -1.0)
                                                     for it in present])
                    if variant.joker_release_from is ReleaseFrom.HAND:
                        program.row(-np.inf, 0, [(w, 1.0), (hand_slot(j, s.face), -1.0)])
                program.row(0, 0, [(w, 1.0) for w in rvars] + [(rel, -1.0)])
                if variant.released_joker_needs_two_from_hand:
                    # set whenever a declared joker may be released under this rule
                    two_hand = model.two_hand_candidates
                    assert two_hand is not None
                    tvars = []
                    for j in true_indices(two_hand[column_shape]):
                        t = program.col(0, 1, 0.0)
                        model.released_homes[t] = (joker_index, j)
                        tvars.append(t)
                        pins[(j, -1)].append(t)
                        joker_pin_two[j].append(t)
                    program.row(0, 0, [(t, 1.0) for t in tvars] + [(rel, -1.0)])
        # one release card per copy for each face
        per_copy: dict[tuple[int, int], list[int]] = defaultdict(list)
        for w, (joker_index, j) in model.releasers.items():
            per_copy[(j, pos.declared_jokers[joker_index].face)].append(w)
        for (j, _), ws in per_copy.items():
            if len(ws) > 1:
                program.row(-np.inf, 0, [(w, 1.0) for w in ws] + [(int(meld_columns[j]), -1.0)])
        # a released joker's new meld holds two cards from the hand
        for j, ts in joker_pin_two.items():
            c = int(column_shape[j])
            entries = [(t, 2.0) for t in ts]
            for f in shapes.natural_faces[c][shapes.natural_faces[c] >= 0]:
                if pos.hand_supply[f]:
                    entries.append((hand_slot(j, int(f)), -1.0))
            program.row(-np.inf, 0, entries)
        if keep_identity:
            # unreleased jokers keep their card: enough joker slots playing it
            by_face: dict[int, list[int]] = defaultdict(list)
            for joker_index, s in enumerate(pos.declared_jokers):
                by_face[s.face].append(joker_index)
            own_by_col: dict[int, list[int]] = defaultdict(list)
            for var, j in model.own_melds.items():
                own_by_col[j].append(var)
            for face, sis in by_face.items():
                entries = []
                for j in true_indices(shapes.joker_plays[column_shape, face]):
                    entries.append((int(meld_columns[j]), 1.0))
                    for t in joker_pin_two.get(j, []):
                        entries.append((t, -1.0))
                    for o in own_by_col.get(j, []):
                        entries.append((o, -float(shapes.joker_slots[column_shape[j]])))
                entries += [(model.release_vars[joker_index], 1.0) for joker_index in sis]
                program.row(len(sis), np.inf, entries)
        # each item sits in at most one tagged copy
        by_item: dict[Card, list[int]] = defaultdict(list)
        for var, (card, _) in model.mate_slots.items():
            by_item[card].append(var)
        for item_tags in by_item.values():
            if len(item_tags) > 1:
                program.row(-np.inf, 1, [(var, 1.0) for var in item_tags])
    if not pos.exact and pos.declared_jokers:
        _relaxed_jokers(model)
    # slot capacity of split copies
    for (j, _), pin_vars in pins.items():
        program.row(-np.inf, 0, [(var, 1.0) for var in pin_vars] + [(int(meld_columns[j]), -1.0)])
    # hand cards reserved for tagged copies come out of the hand cards played
    for f, entries in reserve.items():
        yv = model.hand_cols.get(f)
        program.row(-np.inf, 0, entries + ([(yv, -1.0)] if yv is not None else []))
    # split copies: copy 2 only if copy 1 (symmetry)
    for k in np.flatnonzero(ends - first > 1):
        for a in range(int(first[k]), int(ends[k]) - 1):
            program.row(0, np.inf, [(int(meld_columns[a]), 1.0), (int(meld_columns[a + 1]), -1.0)])


def _home_var(model: Model, joker_index: int, j: int, out: list[int]) -> None:
    """The tag: declared joker ``si`` is at home in the copy of column ``j``."""
    key = (joker_index, j)
    existing = model.home_of
    if key not in existing:
        var = model.program.col(0, 1, 0.0)
        existing[key] = var
        model.joker_homes[var] = key
    out.append(existing[key])


def _relaxed_jokers(model: Model) -> None:
    """Joker rules as counts and aggregated necessary conditions (a relaxation); the
    check, then the exact model (or cuts), do the rest."""
    pos, program = model.position, model.program
    shapes, meld_columns = pos.shapes, model.meld_cols
    has_natural = shapes.has_natural[model.column_shape]

    def with_melds(row: int, mask: np.ndarray, value: float | np.ndarray) -> None:
        cols = meld_columns[mask]
        program.block(np.full(len(cols), row), cols, np.broadcast_to(value, cols.shape))

    if counts_hosts(pos):
        add_hosts(model)
    if counts_homes(pos):
        add_homes(model)
    if pos.exact_possible and pos.variant.released_joker_needs_two_from_hand:
        two = (shapes.joker_slots[model.column_shape] > 0) & (
            (has_natural & (pos.hand_supply > 0)).sum(axis=1) >= 2)
        row = program.row(-np.inf, 0, [(model.release_vars[joker_index], 1.0)
                                 for joker_index in range(len(pos.declared_jokers))])
        with_melds(row, two, -1.0)
    by_face: dict[int, list[int]] = defaultdict(list)
    for joker_index, s in enumerate(pos.declared_jokers):
        by_face[s.face].append(joker_index)
    for face, sis in by_face.items():
        releases = [(model.release_vars[joker_index], 1.0) for joker_index in sis]
        slots = shapes.joker_plays[model.column_shape, face]
        with_melds(program.row(len(sis), np.inf, releases), slots, 1.0)
        if pos.exact_possible:
            # necessary conditions, aggregated over copies: a meld holding the joker's
            # card and a mate's face for each release; a joker meld with two hand
            # faces for each released joker that needs them
            for joker_index in sis:
                s = pos.declared_jokers[joker_index]
                near = has_natural[:, s.face] & has_natural[:, s.item_faces].any(axis=1)
                release = model.release_vars[joker_index]
                with_melds(program.row(-np.inf, 0, [(release, 1.0)]), near, -1.0)
        if pos.variant.joker_release_from is ReleaseFrom.HAND:
            played = model.hand_cols.get(face)
            program.row(-np.inf, 0, releases + ([(played, -1.0)] if played is not None else []))
        else:
            supply = [(cols[face], -1.0) for cols in (model.hand_cols, model.free_cols)
                      if face in cols]
            program.row(-np.inf, float(pos.table_supply[face]), releases + supply)
