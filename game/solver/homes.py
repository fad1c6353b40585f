"""Where an unreleased joker may end the turn, as counts per meld shape: a joker that never
moves unreleased (``JokerMoves.NEVER``) and a joker that freezes its meld
(``joker_freezes_meld``, Tahiti).

The rules: an unreleased joker keeps its card and ends the turn in a meld with at least one
card of the meld it started in (a *mate*), where jokers never move; with all of them (its
meld gained cards at most), where a joker freezes its meld. The tagged joker model
(``game.solver.tags``) holds these rules exactly, one joker per meld, but splits every
candidate that could hold a joker into single copies: a model of thousands of columns
(Tahiti's first LP alone took tens of milliseconds), built whenever the counted model's
answer broke the rule. With several jokers per meld there is no tagged model, and refused
answers were cut off one at a time until the budget ran out.

Here the counted model gives each declared joker a *home* column per candidate able to
hold it: a joker slot playing its card, and a natural card of a mate's face (of every
mate's, for a frozen meld). The joker is released, or at home in one copy of such a column
(jokers of one card take different copies); the realisation puts the joker and its mate
(its mates) in that copy. Every legal end table meets these counts, so the model stays a
relaxation, and its answers now keep these rules nearly always.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from game.engine.variants import JokerMoves

if TYPE_CHECKING:
    from game.solver.model import DeclaredJoker, Model, Position


def counts_homes(pos: Position) -> bool:
    """Are the jokers' homes counted per shape (the joker rules counted, not tagged)?"""
    variant = pos.variant
    return (not pos.exact and bool(pos.declared_jokers)
            and (variant.joker_moves is JokerMoves.NEVER or variant.joker_freezes_meld))


def _able(pos: Position, has_natural: np.ndarray, joker_plays: np.ndarray,
          joker_slots: np.ndarray, s: DeclaredJoker) -> np.ndarray:
    """Rows (of ``has_natural``, ``joker_plays``, ``joker_slots``: shapes, or columns) able
    to be the home of joker ``s`` (playing its card beside its mates). A frozen meld
    stays whole while one of its jokers is unreleased, its other jokers too (released or
    not): its home holds every one of them."""
    mates = has_natural[:, s.item_faces]
    if pos.variant.joker_freezes_meld:
        jokers = sum(1 for c in pos.table.melds[s.meld] if c.is_joker)
        return joker_plays & mates.all(axis=1) & (joker_slots >= jokers)
    return joker_plays & mates.any(axis=1)


def home_shapes(pos: Position) -> np.ndarray:
    """The shapes that could hold a declared joker at home (see the module's docstring)."""
    shapes = pos.shapes
    home = np.zeros(len(shapes.joker_slots), dtype=bool)
    for s in pos.declared_jokers:
        if s.item_faces:
            home |= _able(pos, shapes.has_natural, shapes.joker_plays[:, s.face],
                          shapes.joker_slots, s)
    return home


def add_homes(model: Model) -> None:
    """The home columns and rows on ``model.program``."""
    pos, program = model.position, model.program
    shapes = pos.shapes
    column_shape = model.column_shape
    per_slot: dict[tuple[int, int], list[tuple[int, float]]] = {}
    # (column, mate face) -> frozen start meld -> its jokers' home columns there, a share each
    per_mate: dict[tuple[int, int], dict[int, list[tuple[int, float]]]] = {}
    frozen = pos.variant.joker_freezes_meld
    for joker_index, s in enumerate(pos.declared_jokers):
        entries = [(model.release_vars[joker_index], 1.0)]
        if s.item_faces:
            able = _able(pos, shapes.has_natural[column_shape],
                         shapes.joker_plays[column_shape, s.face],
                         shapes.joker_slots[column_shape], s)
            jokers = sum(1 for c in pos.table.melds[s.meld] if c.is_joker)
            for j in np.flatnonzero(able).tolist():
                var = program.col(0, 1, 0.0)
                model.homes[var] = (joker_index, j)
                entries.append((var, 1.0))
                per_slot.setdefault((j, s.face), []).append((var, 1.0))
                if frozen:
                    for f in set(s.item_faces):
                        per_mate.setdefault((j, f), {}).setdefault(s.meld, []).append(
                            (var, 1.0 / jokers))
        program.row(1, np.inf, entries)
    # a copy has one slot playing a card: jokers of one card take different copies
    for (j, _), entries in per_slot.items():
        program.row(-np.inf, 0, entries + [(int(model.meld_cols[j]), -1.0)])
    # a frozen meld at home in a copy brings all its cards there: a copy holds one card of
    # a face, so two frozen melds with a card of one face never share a copy (a meld's
    # jokers count a share each: all of them are at home in the one copy at most)
    for (j, _), melds in per_mate.items():
        if len(melds) > 1:
            entries = [entry for shares in melds.values() for entry in shares]
            program.row(-np.inf, 0, entries + [(int(model.meld_cols[j]), -1.0)])
