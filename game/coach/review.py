"""Review of a match: each of one seat's turns against the best play the solver finds.

The match is replayed from its seed and action log. For every turn of the reviewed seat the
position is taken where the seat decided: just before its first play of the turn, or at
the turn's start when it did not play. The solver's best play there (most cards, or most
points under a scoring that counts card points) is compared with what was played:

- *best*: the play was worth as much as the best play (value = best).
- *good*: it put down something and at least three quarters of the best value
  (value > 0 and 4 * value >= 3 * best): a near miss, not a blunder.
- *held back*: it was worth less (a smaller play, or a draw), and Hard's look-ahead
  (``game.ai.players.lookahead``: the next opponent's best reply on sampled hands that fit
  what the turns showed) would choose the move over the best play, as Hard chooses: a
  better chance to win the race, or as good a chance with fewer cards left. Asked only
  where Hard itself looks ahead (not Carousel, not a last round).
- *missed*: any other play or draw worth less than the best play.
- *no play*: the best play was worth nothing (no legal play): nothing to judge.
- *unsettled*: the solver's counted budget ran out before proving the best play.

A hand's accuracy is credited value over possible value, in percent, over the turns that
offered a play: a held-back turn is credited the best value (the hold was sound), every
other turn what it played. Work is counted (``Work``), never timed: a review of a saved
match gives the same marks on every machine.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from game.ai.players.hard import POINTS_SCHEMES, Tuning
from game.ai.players.lookahead import Candidate, weigh
from game.ai.players.opponents import HandSampler, hand_model
from game.ai.players.unseen import opponents
from game.engine.actions import Play
from game.engine.cards import Card
from game.engine.draws import hand_after_move
from game.engine.match import Match, PlayerView, TurnRecord
from game.engine.scoring import hand_value
from game.engine.serialize import new_match
from game.engine.table import Table
from game.engine.variants import Variant
from game.i18n import N_, _
from game.session import GameSession
from game.solver import PLAY_ORACLE, FoundPlay, Solution, Work, solve

MARKS = ("best", "good", "held back", "missed", "no play", "unsettled")
# What a mark says on screen and in the CLI's readable output (JSON keeps the mark itself).
MARK_WORDS = {"best": N_("best"), "good": N_("good"), "held back": N_("held back"),
              "missed": N_("missed"), "no play": N_("no play"), "unsettled": N_("unsettled")}
# The most work (``Work`` units, as a hint's: a few seconds) the best play of one turn may take.
REVIEW_WORK = 2_000_000
# The most work the look-ahead may spend judging one hold.
HOLD_WORK = 240_000
BIGGEST_MISSES = 3


class ReviewError(ValueError):
    """The game cannot be reviewed (not a manipulation match, no such seat, bad save)."""


@dataclass(frozen=True)
class TurnReview:
    """One turn of the reviewed seat: the position, what was played and the best play."""

    hand: int  # hand number, from 1
    turn: int  # the seat's turn in that hand, from 1
    table: Table  # the table where the seat decided
    cards: tuple[Card, ...]  # the seat's hand there
    opened: bool
    played: tuple[Card, ...]  # what the turn put down
    after: Table  # the table the turn left
    ended_by: str  # play, draw, pass, knock, abandon, out
    value: int  # what the turn's play was worth (cards, or points)
    best: int | None  # what the best play was worth (None: unsettled)
    solution: Solution | None  # the best play, with its moves (None: none, or unsettled)
    mark: str
    seat: int = 0  # the reviewed seat
    hand_counts: tuple[int, ...] = ()  # every seat's cards where the seat decided
    seats_opened: tuple[bool, ...] = ()  # which seats were past the first-play rule
    drawn: int = 0  # the cards the turn drew (a draw, a give-up's penalty)
    #: the hand's turns before this one, in order: how the table came to lie as it did
    earlier: tuple[TurnRecord, ...] = ()

    @property
    def shortfall(self) -> int:
        return 0 if self.best is None else max(0, self.best - self.value)

    @property
    def credited(self) -> int:
        """What the turn counts in the accuracy (a sound hold counts as the best)."""
        if self.best is None:
            return 0
        return self.best if self.mark == "held back" else min(self.value, self.best)


@dataclass(frozen=True)
class HandSummary:
    hand: int
    turns: int
    played: int  # value played over the turns that offered a play
    possible: int  # value the best plays offered
    accuracy: float | None  # percent, None when no turn offered a play


@dataclass(frozen=True)
class Review:
    variant: Variant
    seat: int
    name: str
    objective: str  # "cards" or "points"
    turns: list[TurnReview] = field(default_factory=list)

    def hands(self) -> list[HandSummary]:
        numbers = sorted({t.hand for t in self.turns})
        return [_summary(n, [t for t in self.turns if t.hand == n]) for n in numbers]

    @property
    def played(self) -> int:
        return sum(t.value for t in self.turns if t.best is not None)

    @property
    def possible(self) -> int:
        return sum(t.best for t in self.turns if t.best is not None)

    @property
    def accuracy(self) -> float | None:
        return _accuracy(self.turns)

    def biggest_misses(self, count: int = BIGGEST_MISSES) -> list[TurnReview]:
        missed = [t for t in self.turns if t.mark == "missed"]
        missed.sort(key=lambda t: (-t.shortfall, t.hand, t.turn))
        return missed[:count]

    def to_json(self) -> dict[str, Any]:
        return {
            "variant": self.variant.name, "seat": self.seat, "player": self.name,
            "objective": self.objective,
            "turns": [turn_json(t) for t in self.turns],
            "hands": [{"hand": h.hand, "turns": h.turns, "played": h.played,
                       "possible": h.possible, "accuracy": h.accuracy} for h in self.hands()],
            "played": self.played, "possible": self.possible, "accuracy": self.accuracy,
            "biggest_misses": [{"hand": t.hand, "turn": t.turn, "shortfall": t.shortfall}
                               for t in self.biggest_misses()],
        }


def mark_words(mark: str) -> str:
    """A turn's mark in the player's language ("held back" -> "trattenuta")."""
    words = MARK_WORDS.get(mark)
    return _(words) if words is not None else mark


def turn_json(turn: TurnReview) -> dict[str, Any]:
    solution = turn.solution
    best: dict[str, Any] | None = None
    if solution is not None:
        best = {"played": [str(c) for c in solution.played],
                "table": table_rows(solution.table),
                "steps": [step_words(m.card, m.from_group, m.to_group)
                          for m in solution.edits]}
    return {"hand": turn.hand, "turn": turn.turn, "mark": turn.mark,
            "table": table_rows(turn.table), "cards": [str(c) for c in turn.cards],
            "played": [str(c) for c in turn.played], "ended_by": turn.ended_by,
            "value": turn.value, "best": turn.best, "best_play": best}


def table_rows(table: Table) -> list[list[str]]:
    """A table's melds as card texts, a declared joker written JK=face."""
    return [[card_text(c, table) for c in meld] for meld in table.melds]


def card_text(card: Card, table: Table) -> str:
    face = table.declared.get(card)
    return f"JK={face}" if card.is_joker and face is not None else str(card)


def step_words(card: Card, source: int | str | None, target: int | str | None) -> str:
    def place(where: int | str | None) -> str:
        if where is None:
            return "a new meld"
        if isinstance(where, int):
            return f"meld {where + 1}"
        return {"hand": "your hand", "free": "the free cards"}.get(where, where)
    return f"{card}: {place(source)} -> {place(target)}"


def _accuracy(turns: Sequence[TurnReview]) -> float | None:
    judged = [t for t in turns if t.best]
    possible = sum(t.best or 0 for t in judged)
    if not possible:
        return None
    return round(100 * sum(t.credited for t in judged) / possible, 1)


def _summary(number: int, turns: list[TurnReview]) -> HandSummary:
    judged = [t for t in turns if t.best]
    return HandSummary(number, len(turns), sum(t.value for t in judged),
                       sum(t.best or 0 for t in judged), _accuracy(turns))


# --------------------------------------------------------------------------- marking


def objective_of(variant: Variant) -> str:
    """Points where the scoring counts card points (the best play sheds most of them)."""
    return "points" if variant.scoring in POINTS_SCHEMES else "cards"


def worth(variant: Variant, played: Sequence[Card]) -> int:
    if objective_of(variant) == "points":
        return hand_value(variant.scoring, played)
    return len(played)


def mark(value: int, best: int | None, held_ok: bool = False) -> str:
    """The mark of a turn worth ``value`` when the best was worth ``best`` (see the module
    docstring); ``held_ok``: the look-ahead agrees with holding back."""
    if best is None:
        return "unsettled"
    if best <= 0:
        return "no play"
    if value >= best:
        return "best"
    if value > 0 and 4 * value >= 3 * best:
        return "good"
    return "held back" if held_ok else "missed"


def best_solution(variant: Variant, table: Table, cards: Sequence[Card], opened: bool,
                  work: int = REVIEW_WORK) -> tuple[int | None, Solution | None]:
    """The best play's value and the play (disturbing the table least, as a hint shows
    it); (None, None) when ``work`` units could not prove it."""
    try:
        solution = solve(variant, table, cards, opened, objective=objective_of(variant),
                         work=work, proven_tie_break=True)
    except TimeoutError:
        return None, None
    return (0, None) if solution is None else (solution.value, solution)


def hold_agrees(view: PlayerView, best: Solution, played: Sequence[Card], after: Table,
                seed: int, tuning: Tuning | None = None) -> bool | None:
    """Would Hard's look-ahead choose the seat's move (``played``, leaving ``after``;
    nothing played: a draw) over the best play? None where Hard does not look ahead. The
    opponent hands are sampled from ``seed``: the same review, the same answer."""
    tuning = tuning or Tuning()
    variant = view.variant
    if variant.draws_before_meld or view.final_round or not opponents(view):
        return None
    if len(played) >= len(view.hand) and played:
        return None  # going out is never a hold
    largest = FoundPlay(best.table, best.played, best.value)
    mine = FoundPlay(after, tuple(played), worth(variant, played)) if played else None
    candidates = [Candidate("largest play", largest, _race_count(view, largest, largest,
                                                                 tuning)),
                  Candidate("your move", mine, _race_count(view, mine, largest, tuning))]
    work = Work(HOLD_WORK)
    sampler = HandSampler(random.Random(seed))
    seat = opponents(view)[0]
    hands = {seat: sampler.sample(view, hand_model(view, seat), tuning.samples, work,
                                  tuning.budget)}
    scores = weigh(view, candidates, hands, tuning.race_slope, work, tuning.budget)
    # as Hard chooses (``HardPlayer.choose_play``): the better chance, then fewer cards
    # left; on a full tie Hard keeps the largest play, so a tie is not agreement
    return (scores[1], -candidates[1].left) > (scores[0], -candidates[0].left)


def _race_count(view: PlayerView, found: FoundPlay | None, largest: FoundPlay,
                tuning: Tuning) -> float:
    """Cards a move leaves, as Hard's race counts them (``HardPlayer._race_count``): with
    the draws the turn adds; in a single-hand match a card the largest play would put down
    but the move keeps back counts ``held_weight``."""
    left = hand_after_move(view.variant, view.stock_size, len(view.hand),
                           None if found is None else len(found.played))
    held = len(largest.played) - (0 if found is None else len(found.played))
    weight = tuning.held_weight if view.variant.match_hands == 1 else 1.0
    return left - (1 - weight) * max(0, held)


# --------------------------------------------------------------------------- replay


@dataclass
class _Pending:
    """A turn of the reviewed seat under way: where it decided."""

    view: PlayerView
    turns_before: int
    start_cards: int  # the seat's cards at the turn's start (before any draw)
    has_play: bool = False


def review_session(session: GameSession, seat: int | None = None,
                   work: int = REVIEW_WORK) -> Review:
    """The review of ``seat`` (the first human seat if None) in the session's match."""
    match = session.match
    if not isinstance(match, Match):
        raise ReviewError(_("{game} is a contract game: its table is never rearranged, so "
                            "there is no best play to compare with").format(
                                game=_(match.variant.name)))
    if seat is None:
        humans = session.humans
        if not humans:
            raise ReviewError(_("the game has no human seat to review (give a seat)"))
        seat = humans[0]
    if not 0 <= seat < match.players:
        raise ReviewError(_("there is no seat {seat}: the game has {n}").format(
            seat=seat + 1, n=match.players))
    return review_match(match, seat, work)


def review_match(match: Match, seat: int, work: int = REVIEW_WORK) -> Review:
    """Replay ``match`` from its seed and log, reviewing every finished turn of ``seat``."""
    replay = new_match(match.variant_id, match.players, match.seed, match.options,
                       match.names, oracle=PLAY_ORACLE)
    assert isinstance(replay, Match)
    variant = replay.variant
    review = Review(variant, seat, match.names[seat], objective_of(variant))
    pending: _Pending | None = None
    seat_turns: dict[int, int] = {}
    for action in match.log:
        h = replay.deal
        mine = action.player == seat and h.current == seat and h.result is None
        if mine and pending is None:
            pending = _Pending(replay.view(seat), len(h.turns), len(h.hands[seat]))
        if mine and isinstance(action, Play) and pending is not None and not pending.has_play:
            pending = _Pending(replay.view(seat), pending.turns_before, pending.start_cards,
                               True)
        replay.apply(action)
        if pending is not None and len(h.turns) > pending.turns_before:
            record = h.turns[pending.turns_before]
            number = seat_turns[h.number] = seat_turns.get(h.number, 0) + 1
            drawn = max(0, len(h.hands[seat]) + len(record.played) - pending.start_cards)
            judged = judge_turn(pending.view, record.played, record.after, record.ended_by,
                                h.number + 1, number, _seed(match.seed, h.number, number),
                                work, drawn)
            review.turns.append(replace(judged, earlier=tuple(h.turns[:pending.turns_before])))
            pending = None
    return review


def _seed(seed: int, hand: int, turn: int) -> int:
    digest = hashlib.sha256(f"review/{seed}/{hand}/{turn}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def judge_turn(view: PlayerView, played: Sequence[Card], after: Table, ended_by: str,
           hand: int, turn: int, seed: int, work: int = REVIEW_WORK,
           drawn: int = 0) -> TurnReview:
    """The review of one turn: the seat saw ``view`` when it decided, put down ``played``,
    drew ``drawn`` cards and left ``after``; ``seed`` samples the look-ahead's opponent
    hands."""
    variant = view.variant
    opened = view.opened[view.seat]
    best, solution = best_solution(variant, view.table, view.hand, opened, work)
    value = worth(variant, played)
    held_ok = False
    if solution is not None and best is not None and value < best \
            and mark(value, best) == "missed":
        held_ok = bool(hold_agrees(view, solution, played, after, seed))
    return TurnReview(hand, turn, view.table, view.hand, opened, tuple(played), after,
                      ended_by, value, best, solution, mark(value, best, held_ok), view.seat,
                      view.hand_counts, view.opened, drawn)


