"""What an opponent's public turns say about its hidden hand, and hands sampled to match.

An opponent that ended its last turn by playing as much as it could, or by drawing because
it could not play, holds cards that were dead on that turn's table: none of them could be
added to it. Only the cards drawn since are as random as the stock. A hand sampled from the
unseen cards is kept only when it fits that story (a model of a player who plays when it can;
when too few samples fit, the plain unseen sample is used). Everything here comes from the
view: the unseen cards, the hand sizes and the public turn records.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from game.ai.players.unseen import unseen_cards
from game.engine.cards import Card, Face
from game.engine.match import PlayerView
from game.engine.melds import run_windows
from game.engine.table import Table
from game.engine.variant import Variant
from game.solver import Work, can_play

# Larger dead parts are taken card by card: a big random hand is almost never dead as a
# whole, and the check is the costly part of sampling.
JOINT_CHECK = 6


@dataclass(frozen=True)
class HandModel:
    """An opponent's hand: ``size`` cards, of which ``dead`` could not be played on
    ``reference`` (None: nothing is known) and the rest are random."""

    seat: int
    size: int
    dead: int
    reference: Table | None
    opened: bool


def hand_model(view: PlayerView, seat: int) -> HandModel:
    """The model of ``seat``'s hand read from its last turn this hand."""
    size = view.hand_counts[seat]
    opened = view.opened[seat]
    unknown = HandModel(seat, size, 0, None, opened)
    if view.variant.draws_before_meld:  # Carousel: a turn's draws say nothing of the hand
        return unknown
    record = next((r for r in reversed(view.turns) if r.player == seat), None)
    if record is None:
        return unknown
    drawn_since = _drawn_after(view, seat)
    if record.ended_by == "play":
        reference = record.after
        random_part = record.drawn if view.variant.turn_draws_random_cards else 0
    elif record.ended_by in ("draw", "pass", "abandon"):
        reference = record.before
        random_part = record.drawn
    else:
        return unknown
    dead = max(0, size - random_part - drawn_since)
    return HandModel(seat, size, dead, reference, opened)


def _drawn_after(view: PlayerView, seat: int) -> int:
    """Cards ``seat`` drew in its current (unfinished) turn: none for an opponent."""
    return view.draws_this_turn if view.current == seat else 0


def _key(table: Table) -> tuple[Any, ...]:
    return table.melds, table.free


class HandSampler:
    """Samples opponent hands that fit their models; caches which faces are dead on a
    reference table (the expensive part) across a player's decisions."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self._dead_faces: dict[tuple[Any, ...], dict[Face, bool]] = {}

    def dead_face(self, view: PlayerView, table: Table, card: Card, opened: bool,
                  work: Work | None = None) -> bool:
        """Can ``card`` alone not be played on ``table``? (The search spends from ``work``;
        one it cannot settle counts the card dead, and is not remembered.)"""
        cache = self._dead_faces.setdefault((_key(table), opened), {})
        face = card.face
        if face not in cache:
            if len(self._dead_faces) > 64:
                self._dead_faces = {(_key(table), opened): cache}
            try:
                cache[face] = not can_play(view.variant, table, [card], opened, work=work)
            except TimeoutError:
                return True
        return cache[face]

    def sample(self, view: PlayerView, model: HandModel, samples: int, work: Work,
               budget: int, tries: int = 4) -> list[list[Card]]:
        """Up to ``samples`` hands for the modelled seat (plain unseen samples when the
        model says nothing or too few fit before the searches, spending from ``work``, have
        spent ``budget`` units: a count, never a time, so every machine samples alike)."""
        pool = unseen_cards(view)
        size = min(model.size, len(pool))
        if model.reference is None or model.dead == 0:
            return [self.rng.sample(pool, size) for _ in range(samples)]
        reference = model.reference
        dead_pool: list[Card] = []
        for card in pool:  # once out of work, a face not yet checked counts as dead
            if work.spent >= budget or self.dead_face(view, reference, card, model.opened,
                                                      work):
                dead_pool.append(card)
        dead = min(model.dead, len(dead_pool))
        hands: list[list[Card]] = []
        spare: list[list[Card]] = []  # dead card by card, though maybe not all together
        for _ in range(samples * tries):
            if len(hands) >= samples or work.spent >= budget:
                break
            part = self.rng.sample(dead_pool, dead)
            taken = set(part)
            rest = [c for c in pool if c not in taken]
            hand = part + self.rng.sample(rest, size - dead)
            if dead > JOINT_CHECK or not _related_pair(view.variant, part) \
                    or not _can_play(view, reference, part, model.opened, work):
                hands.append(hand)
            elif len(spare) < samples:
                spare.append(hand)
        hands += spare[:samples - len(hands)]
        while len(hands) < samples:
            part = self.rng.sample(dead_pool, dead)
            rest = [c for c in pool if c not in set(part)]
            hands.append(part + self.rng.sample(rest, size - dead))
        return hands


def _can_play(view: PlayerView, table: Table, cards: list[Card], opened: bool,
              work: Work) -> bool:
    """Can these cards be played (a search out of ``work`` says they can: the hand is
    then kept aside, as one that may not fit)?"""
    try:
        return can_play(view.variant, table, cards, opened, work=work)
    except TimeoutError:
        return True


def _related_pair(variant: Variant, cards: list[Card]) -> bool:
    """Could two of these cards share a meld (same rank, a joker, or one suit within one
    of the runs of the shortest length the variant's ace rule allows: ``run_windows``)?
    Cards dead one by one can only be played together through such a pair."""
    windows = [set(w) for w in run_windows(variant.ace, variant.run_min)]
    for i, a in enumerate(cards):
        for b in cards[i + 1:]:
            if a.is_joker or b.is_joker or a.rank == b.rank:
                return True
            if a.suit == b.suit and any(a.rank in w and b.rank in w for w in windows):
                return True
    return False
