"""A released joker's new meld, as counts per meld shape: the "two cards from your hand"
rule (``released_joker_needs_two_from_hand``) where a meld may hold several jokers.

The tagged joker model (``game.solver.tags``) splits candidates into single copies, one
joker slot each, so it covers one joker per meld only; with more, the joker rules are
counted (a relaxation) and ``check_turn`` judges the answer. Counted alone, a released joker
could land anywhere, and every refused answer used to be cut off one at a time, tens of
models and over a thousand LP runs for one position without settling it.

Here the rule is counted per candidate column instead: ``host`` copies of the column (not
start melds kept whole, not melds made from the hand alone) each hold at least two cards
from the hand, counted by face (at most one of a face in a copy, so at most ``host``
copies take a hand card of a face) and hand jokers (at most ``slots - 1`` in a copy); the
released jokers fit the host copies' joker slots the hand jokers and the unreleased jokers
(those the other slots playing their card cannot hold) leave. Every legal end
table meets these counts (a released joker's meld is a host), so the model stays a
relaxation; and the counts can always be dealt out copy by copy (``deal``), which the
realisation does, so the relaxed answer is nearly always one the rules accept.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from game.solver.model import Model, Position


@dataclass
class Host:
    """The host columns of one candidate column: copies hosting released jokers, and the
    hand cards (by face) and hand jokers in them."""

    copies: int  # program column: host copies
    faces: dict[int, int] = field(default_factory=dict)  # face -> column: hand cards of it
    jokers: int | None = None  # program column: hand jokers in host copies


def counts_hosts(pos: Position) -> bool:
    """Is the two-from-hand rule counted per shape (joker rules counted, not tagged)?"""
    return (not pos.exact_possible and pos.variant.released_joker_needs_two_from_hand
            and any(s.can_release for s in pos.declared_jokers))


def host_shapes(pos: Position) -> np.ndarray:
    """The shapes that could host a released joker: a joker slot, and room for two hand
    cards (natural faces the hand holds, or hand jokers in the other joker slots)."""
    shapes = pos.shapes
    hand_faces = (shapes.has_natural & (pos.hand_supply > 0)).sum(axis=1)
    slots = shapes.joker_slots.astype(np.int64)
    hand_jokers = np.minimum(np.maximum(slots - 1, 0), len(pos.hand_jokers))
    hosts: np.ndarray = (slots > 0) & (hand_faces + hand_jokers >= 2)
    return hosts


def add_hosts(model: Model) -> None:
    """The host columns and rows on ``model.program`` (see the module's docstring)."""
    pos, program = model.position, model.program
    shapes = pos.shapes
    column_shape = model.column_shape
    capable = host_shapes(pos)[column_shape]
    kept_of_col = {col: var for var, (col, _) in model.kept_shared.items()}
    own_of_col: dict[int, list[int]] = {}
    for var, j in model.own_melds.items():
        own_of_col.setdefault(j, []).append(var)
    hand_jokers = model.hand_joker_col
    slots_of_hosts: list[tuple[int, float]] = []
    by_face: dict[int, list[tuple[int, float]]] = {}
    joker_entries: list[tuple[int, float]] = []
    for j in np.flatnonzero(capable).tolist():
        c = int(column_shape[j])
        col = int(model.meld_cols[j])
        copies = int(model.column_copies[j])
        slots = int(shapes.joker_slots[c])
        host = Host(program.col(0, copies, 0.0))
        # host copies are neither kept start melds nor the hand's own melds
        others = [(host.copies, 1.0), (col, -1.0)]
        if j in kept_of_col:
            others.append((kept_of_col[j], 1.0))
        others += [(var, 1.0) for var in own_of_col.get(j, [])]
        program.row(-np.inf, 0, others)
        faces = [f for f in shapes.natural_faces[c][shapes.natural_faces[c] >= 0].tolist()
                 if pos.hand_supply[f] and f in model.hand_cols]
        with_jokers = hand_jokers is not None and slots > 1
        if len(faces) == 2 and not with_jokers:
            # the common case: both hand faces in every host copy, no more columns
            for f in faces:
                host.faces[f] = host.copies
                by_face.setdefault(f, []).append((host.copies, 1.0))
            slots_of_hosts.append((host.copies, -float(slots)))
            model.hosts[j] = host
            continue
        two: list[tuple[int, float]] = [(host.copies, -2.0)]
        for f in faces:
            h = program.col(0, copies, 0.0)
            host.faces[f] = h
            program.row(-np.inf, 0, [(h, 1.0), (host.copies, -1.0)])
            two.append((h, 1.0))
            by_face.setdefault(f, []).append((h, 1.0))
        if with_jokers:
            hj = program.col(0, (slots - 1) * copies, 0.0)
            host.jokers = hj
            program.row(-np.inf, 0, [(hj, 1.0), (host.copies, -float(slots - 1))])
            two.append((hj, 1.0))
            joker_entries.append((hj, 1.0))
            slots_of_hosts.append((hj, 1.0))
        program.row(0, np.inf, two)
        slots_of_hosts.append((host.copies, -float(slots)))
        model.hosts[j] = host
    # unreleased declared jokers keep their card: those of a face that the slots playing it
    # outside host copies cannot hold take host slots
    faces_of: dict[int, list[int]] = {}
    for joker_index, s in enumerate(pos.declared_jokers):
        faces_of.setdefault(s.face, []).append(joker_index)
    for face, jokers in faces_of.items():
        inside = program.col(0, len(jokers), 0.0)
        plays = shapes.joker_plays[column_shape, face]
        entries = [(inside, 1.0)] + [(model.release_vars[i], 1.0) for i in jokers]
        entries += [(int(model.meld_cols[j]), 1.0) for j in np.flatnonzero(plays).tolist()]
        entries += [(host.copies, -1.0) for j, host in model.hosts.items() if plays[j]]
        program.row(float(len(jokers)), np.inf, entries)
        slots_of_hosts.append((inside, 1.0))
    # the released jokers fit the host copies' slots the others leave
    released = [(var, 1.0) for var in model.release_vars.values()]
    program.row(-np.inf, 0, released + slots_of_hosts)
    for f, entries in by_face.items():
        program.row(-np.inf, 0, entries + [(model.hand_cols[f], -1.0)])
    if joker_entries and hand_jokers is not None:
        program.row(-np.inf, 0, joker_entries + [(hand_jokers, -1.0)])


def deal(hosts: int, faces: dict[int, int], jokers: int) -> list[tuple[list[int], int]]:
    """The hand faces and hand jokers of each of ``hosts`` copies: ``faces[f]`` copies get
    a card of face f (never two in one copy), ``jokers`` hand jokers are spread over them;
    dealt round the copies in turn, so each gets at least two when the counts allow."""
    dealt: list[tuple[list[int], int]] = [([], 0) for _ in range(hosts)]
    if hosts == 0:
        return dealt
    turn = 0
    for f in sorted(faces):
        for _ in range(faces[f]):
            dealt[turn % hosts][0].append(f)
            turn += 1
    for _ in range(jokers):
        cards, count = dealt[turn % hosts]
        dealt[turn % hosts] = (cards, count + 1)
        turn += 1
    return dealt
