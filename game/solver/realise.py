"""Realisation: from a whole solution of the program to physical cards on a table.

A solution counts copies of meld shapes and tags; which card of each face goes where is
the realisation's choice. Kept start melds keep their own cards, tagged slots get the cards
their tags name, then table cards, free cards and hand cards fill the rest; jokers go last
(released ones away from their old card). Every table made here is judged by
``check_turn``, the ground truth.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from game.engine.cards import Card, Face
from game.engine.table import Table
from game.engine.variants import ReleaseFrom
from game.solver.hosts import deal
from game.solver.shapes import face_index, index_face

if TYPE_CHECKING:
    from game.solver.model import Model, Position


@dataclass
class Copy:
    """One meld of the end table being assembled: its slots and fixed assignments."""

    shape: int
    naturals: list[int]
    joker_faces: list[int]
    joker_slots: int
    hand_faces: set[int] = field(default_factory=set)  # faces whose card is from the hand
    own: bool = False
    host: bool = False  # holds two hand cards for a released joker (``game.solver.hosts``)
    kept: int | None = None  # start meld whose cards fill it
    items: dict[int, Card] = field(default_factory=dict)
    jokers: list[tuple[Card, int]] = field(default_factory=list)  # (joker, slot face)
    release_for: list[int] = field(default_factory=list)  # declared jokers released here
    cards: dict[int, Card] = field(default_factory=dict)

    def from_hand(self, hand: set[Card]) -> int:
        """How many of its natural cards are ``hand`` cards."""
        return sum(1 for c in self.cards.values() if c in hand)


def realise(model: Model, solution: np.ndarray) -> Table:
    """The end table a whole solution describes: which card of each face goes where is
    the realisation's choice (see ``_place_mates`` and ``_hand_pairs``)."""
    pos = model.position
    shapes = pos.shapes
    copies: list[Copy] = []
    copies_of_column: dict[int, list[Copy]] = defaultdict(list)
    for j in (int(col) for col in np.flatnonzero(solution[model.meld_cols] > 0)):
        c = int(model.column_shape[j])
        naturals = [int(f) for f in shapes.natural_faces[c] if f >= 0]
        joker_faces = [int(f) for f in shapes.joker_faces[c] if f >= 0]
        for _ in range(int(solution[model.meld_cols[j]])):
            copy = Copy(c, naturals, joker_faces, int(shapes.joker_slots[c]))
            copies.append(copy)
            copies_of_column[j].append(copy)
    used: set[Card] = set()
    # kept start melds
    for var, (j, start_melds) in model.kept_shared.items():
        count = int(solution[var])
        free = [cp for cp in copies_of_column[j] if cp.kept is None and not cp.own]
        for meld, copy in zip(start_melds[:count], free, strict=False):
            copy.kept = meld
    for meld, vars_ in model.kept_alone.items():
        for var, j in vars_:
            if solution[var]:
                copies_of_column[j][0].kept = meld
    for copy in copies:
        if copy.kept is not None:
            for card in pos.table.melds[copy.kept]:
                if card.is_joker:
                    copy.jokers.append((card, _kept_joker_face(pos.table, card, copy)))
                else:
                    copy.cards[face_index(card)] = card
                used.add(card)
    for var, j in model.own_melds.items():
        count = int(solution[var])
        for copy in copies_of_column[j]:
            if count and not copy.own and copy.kept is None:
                copy.own = True
                count -= 1
    for var, (card, j) in model.mate_slots.items():
        if solution[var] and card not in used:
            copies_of_column[j][0].cards[face_index(card)] = card
            used.add(card)
    released = {joker_index for joker_index, var in model.release_vars.items() if solution[var]}
    for var, (joker_index, j) in model.joker_homes.items():
        if solution[var]:
            s = pos.declared_jokers[joker_index]
            copy = copies_of_column[j][0]
            if s.joker not in used:
                copy.jokers.append((s.joker, s.face))
                used.add(s.joker)
    _home_jokers(model, solution, copies_of_column, used)
    for var, (joker_index, j) in model.released_homes.items():
        if solution[var]:
            s = pos.declared_jokers[joker_index]
            copy = copies_of_column[j][0]
            face = next((f for f in copy.joker_faces if f != s.face), copy.joker_faces[0]) \
                if copy.joker_faces else -1
            copy.jokers.append((s.joker, face))
            used.add(s.joker)
    for var, (j, f) in model.hand_slots.items():
        if solution[var]:
            copies_of_column[j][0].hand_faces.add(f)
    for var, (joker_index, j) in model.releasers.items():
        if solution[var]:
            copies_of_column[j][0].release_for.append(joker_index)
    host_jokers = _deal_hosts(model, solution, copies_of_column)
    # hand cards: reserved slots first, then own melds
    hand_left = {f: list(cards) for f, cards in pos.hand_cards.items()}
    for copy in copies:
        faces = copy.naturals if copy.own else sorted(copy.hand_faces)
        for f in faces:
            if f not in copy.cards:
                copy.cards[f] = hand_left[f].pop(0)
    hand_jokers = list(pos.hand_jokers)
    n_hand_jokers = int(solution[model.hand_joker_col]) if model.hand_joker_col is not None else 0
    for copy in copies:
        if copy.own:
            for slot in _open_joker_slots(copy):
                copy.jokers.append((hand_jokers.pop(0), slot))
                n_hand_jokers -= 1
    kept_faces = {s.face for s in pos.declared_jokers}
    for copy, count in host_jokers:  # slots an unreleased joker could keep, last
        for slot in sorted(_open_joker_slots(copy), key=lambda f: f in kept_faces)[:count]:
            copy.jokers.append((hand_jokers.pop(0), slot))
            n_hand_jokers -= 1
    # unreleased jokers that may move keeping their card
    for joker_index, s in enumerate(pos.declared_jokers):
        if joker_index in released or s.joker in used:
            continue
        target = next((cp for cp in copies if cp.kept is None and not cp.own
                       and not cp.host and s.face in _open_joker_slots(cp)), None)
        if target is None:  # a host's slots are for released jokers first
            target = next((cp for cp in copies if cp.kept is None and not cp.own
                           and s.face in _open_joker_slots(cp)), None)
        if target is None:
            target = next((cp for cp in copies if s.face in _open_joker_slots(cp)), None)
        if target is not None:
            target.jokers.append((s.joker, s.face))
            used.add(s.joker)
    # every other natural slot: table cards, then free cards, then hand cards
    table_left = {f: [c for c in cards if c not in used]
                  for f, cards in pos.table_cards.items()}
    free_left = {f: list(cards) for f, cards in pos.free_cards.items()}
    free_count = {f: int(solution[var]) for f, var in model.free_cols.items()}
    for copy in copies:
        for f in copy.naturals:
            if f in copy.cards:
                continue
            if table_left.get(f):
                copy.cards[f] = table_left[f].pop(0)
            elif free_count.get(f, 0) > 0:
                copy.cards[f] = free_left[f].pop(0)
                free_count[f] -= 1
            else:
                copy.cards[f] = hand_left[f].pop(0)
    hand_set = set(pos.hand)
    mates = _place_mates(pos, copies, released, hand_set)
    # jokers: released ones avoid their old card (and, when the rule asks, go where two
    # hand cards are), then wild table, free, hand jokers
    wild = [j for j in pos.table_jokers if j not in used]
    order_key = {s.joker: s.face for joker_index, s in enumerate(pos.declared_jokers)
                 if joker_index in released}
    free_col = model.free_joker_col
    free_j = list(pos.free_jokers[: int(solution[free_col]) if free_col is not None else 0])
    slots = [(cp, f) for cp in copies for f in _open_joker_slots(cp)]
    pool = wild + free_j + hand_jokers[:max(0, n_hand_jokers)]
    pool.sort(key=lambda jk: 0 if jk in order_key else 1)
    two = pos.variant.released_joker_needs_two_from_hand

    def worse(slot: tuple[Copy, int], avoid: int | None) -> tuple[bool, bool, bool]:
        copy, f = slot
        few = two and avoid is not None and copy.from_hand(hand_set) < 2
        return avoid is not None and not copy.host, f == avoid, few

    for joker_card in pool:
        if not slots:
            break
        avoid = order_key.get(joker_card)
        pick = min(range(len(slots)), key=lambda i: worse(slots[i], avoid))
        copy, f = slots.pop(pick)
        copy.jokers.append((joker_card, f))
    if two:
        _hand_pairs(copies, set(order_key), hand_set, mates)
    # assemble: melds holding a release card first, in declaration order
    declared: dict[Card, Face] = {}
    rank_of = {s.joker: n for n, s in enumerate(pos.declared_jokers)}

    def order(cp: Copy) -> int:
        if not cp.release_for:
            return len(pos.declared_jokers)
        return min(rank_of[pos.declared_jokers[joker_index].joker]
                   for joker_index in cp.release_for)

    melds: list[list[Card]] = []
    for copy in sorted(copies, key=order):
        cards = [copy.cards[f] for f in copy.naturals]
        for joker_card, f in copy.jokers:
            cards.append(joker_card)
            if pos.fixed and f >= 0:
                declared[joker_card] = index_face(f)
        melds.append(cards)
    on_table = {c for m in melds for c in m}
    free_end = [c for c in pos.table.free if c not in on_table]
    return Table.of(melds, free_end, declared)


def _home_jokers(model: Model, solution: np.ndarray,
                 copies_of_column: dict[int, list[Copy]], used: set[Card]) -> None:
    """Declared jokers at home by count (``game.solver.homes``): each in a copy of its
    column with a slot playing its card, beside one of its mates (all of them, where a
    joker freezes its meld)."""
    pos = model.position
    every = pos.variant.joker_freezes_meld
    for var, (joker_index, j) in model.homes.items():
        s = pos.declared_jokers[joker_index]
        if not solution[var] or s.joker in used:
            continue  # not there, or kept whole with its own meld
        for copy in copies_of_column[j]:
            if copy.kept is not None or copy.own or s.face not in _open_joker_slots(copy):
                continue
            here = [c for c in s.items if copy.cards.get(face_index(c)) == c]
            free = [c for c in s.items if c not in used and face_index(c) in copy.naturals
                    and face_index(c) not in copy.cards]
            if every:
                if len(here) + len(free) < len(s.items):
                    continue
                mates = free
            elif here or free:
                mates = [] if here else free[:1]
            else:
                continue
            for mate in mates:
                copy.cards[face_index(mate)] = mate
            copy.jokers.append((s.joker, s.face))
            used.update((*mates, s.joker))
            break


def _deal_hosts(model: Model, solution: np.ndarray,
                copies_of_column: dict[int, list[Copy]]) -> list[tuple[Copy, int]]:
    """The host copies of released jokers (``game.solver.hosts``): the hand faces each
    takes (into ``hand_faces``) and how many hand jokers; returns the latter."""
    host_jokers: list[tuple[Copy, int]] = []
    for j, host in model.hosts.items():
        count = int(solution[host.copies])
        if not count:
            continue
        free = [cp for cp in copies_of_column[j] if cp.kept is None and not cp.own][:count]
        faces = {f: int(solution[var]) for f, var in host.faces.items() if solution[var]}
        jokers = int(solution[host.jokers]) if host.jokers is not None else 0
        for copy, (dealt, hand_jokers) in zip(free, deal(len(free), faces, jokers),
                                              strict=True):
            copy.host = True
            copy.hand_faces.update(dealt)
            host_jokers.append((copy, hand_jokers))
    return host_jokers


def _place_mates(pos: Position, copies: list[Copy], released: set[int],
                 hand: set[Card]) -> set[Card]:
    """A released joker needs a real copy of its card ending in a meld with one of its
    old mates. The relaxed joker model counts faces only, so the copies of a mate's face
    may have landed the other way round: swap a mate into a meld holding the joker's
    card, for the table or free card of the same face there (so every meld's faces, and
    which melds hold hand cards, stay as they were). A swap breaking up a start meld
    kept whole comes last: it costs only the tie-break. Returns the mates that now sit
    beside a real card of their joker's."""
    from_hand = pos.variant.joker_release_from is ReleaseFrom.HAND
    where = {card: cp for cp in copies for card in cp.cards.values()}
    serving: set[Card] = set()
    # where a joker freezes its meld, the mates of an unreleased joker stay beside it: a
    # swap taking one away would break up its frozen meld
    frozen: set[tuple[int, Card]] = set()  # (copy's id, card) never swapped out
    if pos.variant.joker_freezes_meld:
        for joker_index, s in enumerate(pos.declared_jokers):
            if joker_index in released:
                continue
            for cp in copies:
                if any(j == s.joker for j, _ in cp.jokers):
                    frozen.update((id(cp), it) for it in s.items)
    for joker_index in sorted(released):
        s = pos.declared_jokers[joker_index]
        hosts = [cp for cp in copies if s.face in cp.cards
                 and (not from_hand or cp.cards[s.face] in hand)]
        beside = {it for it in s.items for cp in hosts if cp.cards.get(face_index(it)) == it}
        if beside:
            serving |= beside
            continue
        # (breaks a kept start meld, order found, host, other, face, mate, card)
        swaps: list[tuple[bool, int, Copy, Copy, int, Card, Card]] = []
        for host in hosts:
            for it in s.items:
                f = face_index(it)
                other, card = where.get(it), host.cards.get(f)
                if card is not None and other is not None and card not in hand and (
                        (id(other), it) not in frozen and (id(host), card) not in frozen):
                    swaps.append((host.kept is not None or other.kept is not None,
                                  len(swaps), host, other, f, it, card))
        if swaps:
            _, _, host, other, f, it, card = min(swaps)
            host.cards[f], other.cards[f] = it, card
            where[it], where[card] = host, other
            host.kept = other.kept = None  # no longer a start meld's very cards
            serving.add(it)
    return serving


def _hand_pairs(copies: list[Copy], released: set[Card], hand: set[Card],
                mates: set[Card]) -> None:
    """A released joker's new meld needs two cards from the hand. The relaxed joker
    model does not say which copy of a face is the hand's, so swap hand cards in from
    other melds for table or free cards of the same face (not out of a meld made only
    from the hand, nor out of another released joker's meld short of two; the
    ``mates`` that make a release stay where they are)."""
    homes = [cp for cp in copies if any(j in released for j, _ in cp.jokers)]
    for home in homes:
        for f, card in list(home.cards.items()):
            if home.from_hand(hand) >= 2:
                break
            if card in hand or card in mates:
                continue
            for other in copies:
                mine = other.cards.get(f)
                if other is home or mine is None or mine not in hand or other.own:
                    continue
                if other in homes and other.from_hand(hand) <= 2:
                    continue
                home.cards[f], other.cards[f] = mine, card
                break


def _kept_joker_face(table: Table, card: Card, copy: Copy) -> int:
    face = table.declared.get(card)
    if face is not None:
        return face_index(face)
    return copy.joker_faces[0] if copy.joker_faces else -1


def _open_joker_slots(copy: Copy) -> list[int]:
    taken = [f for _, f in copy.jokers]
    if copy.joker_faces:
        slots = list(copy.joker_faces)
        for f in taken:
            if f in slots:
                slots.remove(f)
        return slots
    return [-1] * (copy.joker_slots - len(taken))
