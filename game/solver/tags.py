"""Tags: the columns and rows that model the rules about particular cards.

Joker rules (fixed identity) are modelled exactly when a meld holds at most one joker (every
built-in variant): a candidate that can take part in a joker rule (hold a joker's start
meld-mates, its declared card, or a released joker) is split into single copies carrying
tags: "this copy holds the joker's release card and one of its mates", "this copy is the
joker's home", "this copy's card of face f comes from the hand". Initial-meld rules tag
copies made from the hand only (own melds); the secondary objective tags the copies that
are start melds kept whole. Until ``check_turn`` refuses an answer, the joker rules are
only counted (``_relaxed_jokers``), which is smaller and faster.
"""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING

import numpy as np

from game.engine.cards import Card
from game.solver.shapes import face_index, true_indices

if TYPE_CHECKING:
    from game.solver.model import Model


def add_tags(model: Model, initial: str | None, big: float) -> None:
    """The rows and tag columns of kept start melds, own melds and joker rules (see the
    module's docstring), on ``model.program``; the tag columns are recorded on ``model``."""
    pos, b = model.position, model.program
    tpl, v = pos.shapes, pos.variant
    col_cand, col_split, xcols = model.column_shape, model.column_split, model.meld_cols
    # per split copy: what pins each face slot and the joker slot
    pins: dict[tuple[int, int], list[int]] = defaultdict(list)  # (col, face|-1) -> vars
    reserve: dict[int, list[tuple[int, float]]] = defaultdict(list)  # face -> hand vars
    # the columns of each candidate: col_cand is sorted, only split ones have several
    first = np.flatnonzero(np.r_[True, col_cand[1:] != col_cand[:-1]])
    ends = np.r_[first[1:], len(col_cand)]

    def columns_of(c: int) -> list[int]:
        at = int(np.searchsorted(col_cand, c))
        if at == len(col_cand) or col_cand[at] != c:
            return []
        return list(range(at, int(ends[np.searchsorted(first, at)])))
    # kept start melds (secondary objective)
    groups: dict[int, list[int]] = defaultdict(list)
    for meld, c in model.start_shapes.items():
        if pos.tie_break:
            groups[c].append(meld)
    special_melds = {s.meld: si for si, s in enumerate(pos.declared_jokers)}
    for c, melds in groups.items():
        cols = columns_of(c)
        if not cols:
            continue
        if not col_split[cols[0]]:
            var = b.col(0, len(melds), 1.0)
            b.kept_cols.append(var)
            b.row(-np.inf, 0, [(var, 1.0), (cols[0], -1.0)])
            model.kept_shared[var] = (cols[0], melds)
            continue
        for meld in melds:
            vars_ = []
            for j in cols:
                var = b.col(0, 1, 1.0)
                b.kept_cols.append(var)
                vars_.append((var, j))
                b.row(-np.inf, 0, [(var, 1.0), (j, -1.0)])
                if meld not in special_melds:
                    for f in tpl.nat[c][tpl.nat[c] >= 0]:
                        pins[(j, int(f))].append(var)
                    if tpl.nj[c]:
                        pins[(j, -1)].append(var)
            model.kept_alone[meld] = vars_
            b.row(-np.inf, 1, [(var, 1.0) for var, _ in vars_])
    # own melds (the first-play rule)
    if initial is not None:
        ownable = ~(tpl.natmat[col_cand][:, pos.hand_supply == 0].any(axis=1))
        ownable &= tpl.nj[col_cand] <= len(pos.hand_jokers)
        if initial == "run_of_3_from_hand":
            ownable &= tpl.kind[col_cand] == 1
        need = b.row(1, np.inf) if initial != "points" else b.row(
            float(v.initial_meld_points or 0), np.inf)
        joker_res: list[tuple[int, float]] = []
        for j in true_indices(ownable):
            c = int(col_cand[j])
            naturals = tpl.nat[c][tpl.nat[c] >= 0]
            limit = 1 if col_split[j] else int(min(pos.hand_supply[naturals].min(),
                                                   model.column_copies[j]))
            var = b.col(0, limit, 0.0)
            model.own_melds[var] = j
            b.row(-np.inf, 0, [(var, 1.0), (int(xcols[j]), -1.0)])
            b.add(need, var, float(tpl.points[c]) if initial == "points" else 1.0)
            for f in tpl.nat[c][tpl.nat[c] >= 0]:
                reserve[int(f)].append((var, 1.0))
                if col_split[j]:
                    pins[(j, int(f))].append(var)
            if tpl.nj[c]:
                joker_res.append((var, float(tpl.nj[c])))
                if col_split[j]:
                    pins[(j, -1)].append(var)
        if joker_res:
            hand_jokers = model.hand_joker_col
            played = [(hand_jokers, -1.0)] if hand_jokers is not None else []
            b.row(-np.inf, 0, joker_res + played)
        # own and kept copies of an unsplit candidate are different copies
        kept_of_col = {col: var for var, (col, _) in model.kept_shared.items()}
        for var, j in model.own_melds.items():
            if not col_split[j] and j in kept_of_col:
                b.row(-np.inf, 0, [(var, 1.0), (kept_of_col[j], 1.0), (int(xcols[j]), -1.0)])
    # joker rules
    hand_var: dict[tuple[int, int], int] = {}

    def hand_slot(j: int, f: int) -> int:
        if (j, f) not in hand_var:
            var = b.col(0, 1, 0.0)
            hand_var[(j, f)] = var
            model.hand_slots[var] = (j, f)
            reserve[f].append((var, 1.0))
            pins[(j, f)].append(var)
        return hand_var[(j, f)]

    item_vars: dict[tuple[int, Card], int] = {}

    def item_slot(j: int, card: Card) -> int:
        if (j, card) not in item_vars:
            var = b.col(0, 1, 0.0)
            item_vars[(j, card)] = var
            model.mate_slots[var] = (card, j)
            pins[(j, face_index(card))].append(var)
        return item_vars[(j, card)]

    if pos.declared_jokers:
        keep_identity = not (v.joker_freezes_meld or v.joker_moves == "never")
        joker_pin_two: dict[int, list[int]] = defaultdict(list)
        # a release that gains nothing is not made (ties only: less than one kept meld)
        penalty = -0.5 / (len(pos.declared_jokers) + 1)
        for si, s in enumerate(pos.declared_jokers):
            rel = b.col(0, 1 if s.can_release else 0, penalty)
            b.release_cols = True
            model.release_vars[si] = rel
            if not pos.exact:
                continue
            if s.meld in model.kept_alone:  # kept whole: its items and joker in that copy
                for var, j in model.kept_alone[s.meld]:
                    for item in s.items:
                        b.row(-np.inf, 0, [(var, 1.0), (item_slot(j, item), -1.0)])
                    if keep_identity:
                        pins[(j, -1)].append(var)
                    else:
                        kept_home: list[int] = []
                        _home_var(model, si, j, kept_home)
                        b.row(-np.inf, 0, [(var, 1.0), (kept_home[0], -1.0)])
            if not keep_identity:
                home_vars: list[int] = []
                for j in true_indices(model.home_candidates[si][col_cand]):
                    _home_var(model, si, j, home_vars)
                b.row(1, 1, [(h, 1.0) for h in home_vars] + [(rel, 1.0)])
                for h in home_vars:
                    j = model.joker_homes[h][1]
                    pins[(j, -1)].append(h)
                    c = int(col_cand[j])
                    present = [it for it in s.items if tpl.natmat[c, face_index(it)]]
                    if v.joker_freezes_meld:
                        for it in present:
                            b.row(-np.inf, 0, [(h, 1.0), (item_slot(j, it), -1.0)])
                    else:
                        b.row(-np.inf, 0, [(h, 1.0)] + [(item_slot(j, it), -1.0)
                                                         for it in present])
            if s.can_release:
                rvars = []
                for j in true_indices(model.release_candidates[si][col_cand]):
                    c = int(col_cand[j])
                    w = b.col(0, 1, 0.0)
                    model.releasers[w] = (si, j)
                    rvars.append(w)
                    present = [it for it in s.items if tpl.natmat[c, face_index(it)]]
                    b.row(-np.inf, 0, [(w, 1.0)] + [(item_slot(j, it), -1.0)
                                                     for it in present])
                    if v.joker_release_from == "hand":
                        b.row(-np.inf, 0, [(w, 1.0), (hand_slot(j, s.face), -1.0)])
                b.row(0, 0, [(w, 1.0) for w in rvars] + [(rel, -1.0)])
                if v.released_joker_needs_two_from_hand:
                    # set whenever a declared joker may be released under this rule
                    two_hand = model.two_hand_candidates
                    assert two_hand is not None
                    tvars = []
                    for j in true_indices(two_hand[col_cand]):
                        t = b.col(0, 1, 0.0)
                        model.released_homes[t] = (si, j)
                        tvars.append(t)
                        pins[(j, -1)].append(t)
                        joker_pin_two[j].append(t)
                    b.row(0, 0, [(t, 1.0) for t in tvars] + [(rel, -1.0)])
        # one release card per copy for each face
        per_copy: dict[tuple[int, int], list[int]] = defaultdict(list)
        for w, (si, j) in model.releasers.items():
            per_copy[(j, pos.declared_jokers[si].face)].append(w)
        for (j, _), ws in per_copy.items():
            if len(ws) > 1:
                b.row(-np.inf, 0, [(w, 1.0) for w in ws] + [(int(xcols[j]), -1.0)])
        # a released joker's new meld holds two cards from the hand
        for j, ts in joker_pin_two.items():
            c = int(col_cand[j])
            entries = [(t, 2.0) for t in ts]
            for f in tpl.nat[c][tpl.nat[c] >= 0]:
                if pos.hand_supply[f]:
                    entries.append((hand_slot(j, int(f)), -1.0))
            b.row(-np.inf, 0, entries)
        if keep_identity:
            # unreleased jokers keep their card: enough joker slots playing it
            by_face: dict[int, list[int]] = defaultdict(list)
            for si, s in enumerate(pos.declared_jokers):
                by_face[s.face].append(si)
            own_by_col: dict[int, list[int]] = defaultdict(list)
            for var, j in model.own_melds.items():
                own_by_col[j].append(var)
            for face, sis in by_face.items():
                entries = []
                for j in true_indices(tpl.jmat[col_cand, face]):
                    entries.append((int(xcols[j]), 1.0))
                    for t in joker_pin_two.get(j, []):
                        entries.append((t, -1.0))
                    for o in own_by_col.get(j, []):
                        entries.append((o, -float(tpl.nj[col_cand[j]])))
                entries += [(model.release_vars[si], 1.0) for si in sis]
                b.row(len(sis), np.inf, entries)
        # each item sits in at most one tagged copy
        by_item: dict[Card, list[int]] = defaultdict(list)
        for var, (card, _) in model.mate_slots.items():
            by_item[card].append(var)
        for item_tags in by_item.values():
            if len(item_tags) > 1:
                b.row(-np.inf, 1, [(var, 1.0) for var in item_tags])
    if not pos.exact and pos.declared_jokers:
        _relaxed_jokers(model)
    # slot capacity of split copies
    for (j, _), pin_vars in pins.items():
        b.row(-np.inf, 0, [(var, 1.0) for var in pin_vars] + [(int(xcols[j]), -1.0)])
    # hand cards reserved for tagged copies come out of the hand cards played
    for f, entries in reserve.items():
        yv = model.hand_cols.get(f)
        b.row(-np.inf, 0, entries + ([(yv, -1.0)] if yv is not None else []))
    # split copies: copy 2 only if copy 1 (symmetry)
    for k in np.flatnonzero(ends - first > 1):
        for a in range(int(first[k]), int(ends[k]) - 1):
            b.row(0, np.inf, [(int(xcols[a]), 1.0), (int(xcols[a + 1]), -1.0)])


def _home_var(model: Model, si: int, j: int, out: list[int]) -> None:
    """The tag: declared joker ``si`` is at home in the copy of column ``j``."""
    key = (si, j)
    existing = model.home_of
    if key not in existing:
        var = model.program.col(0, 1, 0.0)
        existing[key] = var
        model.joker_homes[var] = key
    out.append(existing[key])


def _relaxed_jokers(model: Model) -> None:
    """Joker rules as counts and aggregated necessary conditions (a relaxation); the
    check, then the exact model (or cuts), do the rest."""
    pos, b = model.position, model.program
    tpl, xcols = pos.shapes, model.meld_cols
    cand_nat = tpl.natmat[model.column_shape]

    def with_melds(row: int, mask: np.ndarray, value: float | np.ndarray) -> None:
        cols = xcols[mask]
        b.block(np.full(len(cols), row), cols, np.broadcast_to(value, cols.shape))

    if pos.exact_possible and pos.variant.released_joker_needs_two_from_hand:
        two = (tpl.nj[model.column_shape] > 0) & (
            (cand_nat & (pos.hand_supply > 0)).sum(axis=1) >= 2)
        row = b.row(-np.inf, 0, [(model.release_vars[si], 1.0)
                                 for si in range(len(pos.declared_jokers))])
        with_melds(row, two, -1.0)
    by_face: dict[int, list[int]] = defaultdict(list)
    for si, s in enumerate(pos.declared_jokers):
        by_face[s.face].append(si)
    for face, sis in by_face.items():
        releases = [(model.release_vars[si], 1.0) for si in sis]
        slots = tpl.jmat[model.column_shape, face]
        with_melds(b.row(len(sis), np.inf, releases), slots, 1.0)
        if pos.exact_possible:
            # necessary conditions, aggregated over copies: a meld holding the joker's
            # card and a mate's face for each release; a joker meld with two hand
            # faces for each released joker that needs them
            for si in sis:
                s = pos.declared_jokers[si]
                near = cand_nat[:, s.face] & cand_nat[:, s.item_faces].any(axis=1)
                with_melds(b.row(-np.inf, 0, [(model.release_vars[si], 1.0)]), near, -1.0)
        if pos.variant.joker_release_from == "hand":
            played = model.hand_cols.get(face)
            b.row(-np.inf, 0, releases + ([(played, -1.0)] if played is not None else []))
        else:
            supply = [(cols[face], -1.0) for cols in (model.hand_cols, model.free_cols)
                      if face in cols]
            b.row(-np.inf, float(pos.table_supply[face]), releases + supply)
