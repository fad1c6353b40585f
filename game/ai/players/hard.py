"""Hard: plans its turns instead of always putting down the largest play.

- Goes out whenever it can.
- Weighs what a play shows: every card put down may let an opponent play (or go out) next
  turn. Hard samples the opponents' hands from the unseen cards, keeping only hands that fit
  their last turns (a player who drew could not play; one who played kept only dead cards),
  solves each opponent's best reply to each candidate move exactly, and picks the move with
  the best chance to win the race: the largest play, the largest play holding back one of
  its cards, or drawing instead.
- Keeps jokers in hand while they are worth more there (card-count scorings) and sheds
  them when they count against it (Tahiti, Carousel, Manipulation) or go out with it.
- Under a points scoring, sheds its highest-penalty cards first.
- Carousel: melds to lower its count and knocks only when the sampled opponent hands say
  the knock is more likely won than undercut; Robber's: no optional extra card.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from game.ai.players.base import ComputerPlayer, Decision
from game.ai.players.lookahead import Candidate, weigh
from game.ai.players.opponents import HandSampler, hand_model
from game.ai.players.plays import Arranged, as_decision, solution_for
from game.ai.players.unseen import opponents, sample_hands
from game.engine.match import PlayerView
from game.engine.scoring import hand_value

POINTS_SCHEMES = ("tahiti", "manipulation", "carousel_scarne", "carousel_culbertson")
JOKERS_COST = ("tahiti", "carousel_scarne", "carousel_culbertson", "manipulation")


@dataclass(frozen=True)
class Tuning:
    """Hard's knobs (the tournament figures were taken with the defaults)."""

    budget: float = 0.5  # seconds of look-ahead per decision
    samples: int = 8  # opponent hands sampled per decision
    alternatives: int = 4  # plays holding back one card that are weighed
    race_slope: float = 0.6  # how much the ratio of hand sizes weighs in the race
    undercut_risk: float = 0.3  # Carousel: knock when undercut less often than this
    look: bool = True  # weigh candidates on sampled opponent replies


class HardPlayer(ComputerPlayer):
    level = "hard"

    def __init__(self, seed: int = 0, tuning: Tuning | None = None) -> None:
        super().__init__(seed)
        self.tuning = tuning or Tuning()
        self.sampler = HandSampler(self.rng)
        self._deadline = 0.0

    # --- plays

    def choose_play(self, view: PlayerView) -> Decision | None:
        self._deadline = time.monotonic() + self.tuning.budget
        points = view.variant.scoring in POINTS_SCHEMES
        most = solution_for(view, objective="cards")
        if most is None:
            return self._free_only(view)
        if len(most.played) == len(view.hand):
            return as_decision(view, most, "going out")
        first = self._first_choice(view, most, points)
        if view.variant.turn == "carousel" or view.final_round or not self.tuning.look:
            return as_decision(view, first, "lowering the count" if points else "largest play")
        candidates = self._candidates(view, first, points)
        if len(candidates) == 1:
            return as_decision(view, first, "largest play")
        hands = {seat: self.sampler.sample(view, hand_model(view, seat), self.tuning.samples,
                                           self._deadline)
                 for seat in opponents(view)[:1]}
        scores = weigh(view, candidates, hands, self.tuning.race_slope, self._deadline)
        best = max(range(len(candidates)), key=lambda i: (scores[i], -candidates[i].left))
        chosen = candidates[best]
        if chosen.play is None:
            return None
        return as_decision(view, chosen.play, f"{chosen.label} ({scores[best]:.2f})")

    def _first_choice(self, view: PlayerView, most: Arranged, points: bool) -> Arranged:
        """The largest play: by points under a points scoring, keeping jokers in hand when
        they are worth more there."""
        first = most
        if points:
            first = solution_for(view, objective="points") or most
        if self._keep_jokers(view) and any(c.is_joker for c in first.played):
            other = solution_for(view, objective="points" if points else "cards",
                                 keep_jokers=True)
            if other is not None:
                first = other
        return first

    def _candidates(self, view: PlayerView, first: Arranged, points: bool) -> list[Candidate]:
        """The largest play, the largest plays holding back one of its cards, and a draw."""
        candidates = [Candidate("largest play", first, self._left(view, first))]
        seen = {frozenset(first.played)}
        objective = "points" if points else "cards"
        for card in first.played[:self.tuning.alternatives]:
            if time.monotonic() > self._deadline:
                break
            other = solution_for(view, objective=objective, keep=[card],
                                 keep_jokers=self._keep_jokers(view))
            if other is None or frozenset(other.played) in seen:
                continue
            seen.add(frozenset(other.played))
            candidates.append(Candidate(f"holding {card} back", other, self._left(view, other)))
        if view.table.free and time.monotonic() < self._deadline:
            free = solution_for(view, exactly=0)
            if free is not None:
                candidates.append(Candidate("free cards only", free, len(view.hand)))
        if "draw" in view.legal:
            candidates.append(Candidate("drawing instead", None, self._left(view, None)))
        return candidates

    def _left(self, view: PlayerView, found: Arranged | None) -> int:
        """Cards in hand after this play (None: drawing), with the draws that follow it."""
        turn = view.variant.turn
        if found is None:
            return len(view.hand) + (2 if turn == "guadalupe" else 1)
        left = len(view.hand) - len(found.played)
        return left + (1 if turn == "guadalupe" and left else 0)

    def _free_only(self, view: PlayerView) -> Decision | None:
        """Tahiti: a play of free cards only (the hand keeps everything)."""
        if not view.table.free:
            return None
        found = solution_for(view, exactly=0)
        return None if found is None else as_decision(view, found, "free cards only")

    def _keep_jokers(self, view: PlayerView) -> bool:
        return view.variant.has_jokers and view.variant.scoring not in JOKERS_COST

    # --- non-play choices

    def want_knock(self, view: PlayerView) -> bool:
        """Knock when sampled opponent hands undercut this count rarely enough."""
        scheme = view.variant.scoring
        mine = hand_value(scheme, view.hand)
        others = opponents(view)
        if not others:
            return True
        undercut = tried = 0
        for deal in sample_hands(view, self.rng, 64):
            tried += 1
            if min(hand_value(scheme, deal[s]) for s in others) <= mine:
                undercut += 1
        return undercut / tried <= self.tuning.undercut_risk

    def want_extra_draw(self, view: PlayerView) -> bool:
        """Robber's: the optional card only adds to the hand."""
        return False
