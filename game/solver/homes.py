"""A joker that never moves unreleased (``JokerMoves.NEVER``), as counts per meld shape
where a meld may hold several jokers.

The rule: an unreleased joker ends the turn keeping its card, in a meld with at least one
card of the meld it started in (a *mate*). The tagged joker model (``game.solver.tags``)
covers one joker per meld only; with more, the joker rules are counted (a relaxation), and
counted alone a joker kept its card but could move anywhere, so refused answers were cut
off one at a time until the budget ran out.

Here each declared joker has a *home* column per candidate able to hold it: a joker slot
playing its card and a natural card of a mate's face. The joker is released, or at home in
one copy of such a column (jokers of one card take different copies); the realisation puts
the joker and one of its mates in that copy. Every legal end table meets these counts, so
the model stays a relaxation.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from game.engine.variants import JokerMoves

if TYPE_CHECKING:
    from game.solver.model import Model, Position


def counts_homes(pos: Position) -> bool:
    """Is the never-moves rule counted per shape (joker rules counted, not tagged)?"""
    variant = pos.variant
    return (not pos.exact_possible and variant.joker_moves is JokerMoves.NEVER
            and not variant.joker_freezes_meld and bool(pos.declared_jokers))


def home_shapes(pos: Position) -> np.ndarray:
    """The shapes that could hold a declared joker at home (see the module's docstring)."""
    shapes = pos.shapes
    home = np.zeros(len(shapes.joker_slots), dtype=bool)
    for s in pos.declared_jokers:
        if s.item_faces:
            home |= (shapes.joker_plays[:, s.face]
                     & shapes.has_natural[:, s.item_faces].any(axis=1))
    return home


def add_homes(model: Model) -> None:
    """The home columns and rows on ``model.program``."""
    pos, program = model.position, model.program
    shapes = pos.shapes
    column_shape = model.column_shape
    per_slot: dict[tuple[int, int], list[tuple[int, float]]] = {}
    for joker_index, s in enumerate(pos.declared_jokers):
        entries = [(model.release_vars[joker_index], 1.0)]
        if s.item_faces:
            able = (shapes.joker_plays[column_shape, s.face]
                    & shapes.has_natural[column_shape][:, s.item_faces].any(axis=1))
            for j in np.flatnonzero(able).tolist():
                var = program.col(0, 1, 0.0)
                model.homes[var] = (joker_index, j)
                entries.append((var, 1.0))
                per_slot.setdefault((j, s.face), []).append((var, 1.0))
        program.row(1, np.inf, entries)
    # a copy has one slot playing a card: jokers of one card take different copies
    for (j, _), entries in per_slot.items():
        program.row(-np.inf, 0, entries + [(int(model.meld_cols[j]), -1.0)])
