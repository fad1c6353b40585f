"""`machiavelli simulate`: computer players against each other over seeded matches.

Game i uses seed S+i and rotates the seats, so each listed level sits in each position
equally often. Every engine invariant is checked after every action; a violation stops
the run with the seed and the action log. Each match is capped in actions so a stalemate
cannot hang the run.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.ai.players import LEVELS
from game.ai.turns import Decision, SeatPlayer, ask, computer_seed, make_computer, settle
from game.commands.common import add_variant_arguments, parse_options
from game.commands.usage import fail, whole_number
from game.engine.actions import Action, NextHand
from game.engine.errors import IllegalAction
from game.engine.protocol import GameState
from game.engine.scoring import Points
from game.engine.serialize import new_match
from game.engine.variants import Family, Variant, get_variant
from game.i18n import _
from game.solver import PLAY_ORACLE

# Action caps with room to spare for multi-hand matches. The longest seeded matches measured
# between easy and medium seats (seeds 0-5, 2 to 8 seats): Manipulation to 200 points 1550
# actions, Carousel to 150 1005, Shanghai over 5 hands 478; the contract game's ten rounds
# of draws, buy questions and discards 19017 (eight seats).
DEFAULT_CAP = 10_000
CONTRACT_CAP = 80_000
MAX_CAP = 1_000_000
MAX_GAMES = 100_000
MAX_SEED = 2**63 - 1


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "simulate", help=_("play computer players against each other and report the results"))
    add_variant_arguments(parser)
    parser.add_argument("--seats", default="hard,medium", metavar="LEVELS",
                        help=_("comma-separated levels, one a seat (easy, medium, hard)"))
    parser.add_argument("--games", type=whole_number(1, MAX_GAMES), default=10, metavar="N",
                        help=_("matches to play (1 to {n})").format(n=MAX_GAMES))
    parser.add_argument("--seed", type=whole_number(-MAX_SEED, MAX_SEED), default=0,
                        metavar="S", help=_("match i is dealt from seed S+i"))
    parser.add_argument("--max-actions", type=whole_number(1, MAX_CAP), default=None,
                        metavar="N",
                        help=_("stop a match after this many actions (default {n}, "
                               "{contract} for the contract game)").format(
                                   n=DEFAULT_CAP, contract=CONTRACT_CAP))
    parser.add_argument("--json", action="store_true",
                        help=_("end with one line of JSON holding the figures"))
    parser.set_defaults(run=run)


@dataclass
class SeatStats:
    level: str
    wins: int = 0
    scores: list[Points] = field(default_factory=list)
    times: list[float] = field(default_factory=list)  # seconds, one per decision
    fallbacks: int = 0

    @property
    def slowest(self) -> float:
        return max(self.times, default=0.0)

    @property
    def p99_decision_ms(self) -> float:
        """The 99th percentile of decision times (nearest rank), in milliseconds."""
        if not self.times:
            return 0.0
        ordered = sorted(self.times)
        return 1000 * ordered[max(0, math.ceil(0.99 * len(ordered)) - 1)]

    @property
    def mean_score(self) -> float:
        # a float: a Culbertson split share is a Fraction, which neither formats with
        # :.2f nor goes into JSON
        return float(sum(self.scores) / len(self.scores)) if self.scores else 0.0

    @property
    def mean_decision_ms(self) -> float:
        return 1000 * sum(self.times) / len(self.times) if self.times else 0.0


@dataclass
class GameOutcome:
    seed: int
    order: list[int]  # order[position] = index into the seat list
    winners: tuple[int, ...] = ()  # positions
    totals: tuple[Points, ...] = ()
    capped: bool = False
    stalled: str = ""
    actions: int = 0  # actions applied, NextHand included


class InvariantBroken(Exception):
    """An engine invariant failed: the problems and the action log that led there."""

    def __init__(self, problems: list[str], log: list[dict[str, Any]]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems
        self.log = log


def seat_levels(given: list[str], min_players: int, max_players: int) -> tuple[list[str], str]:
    """The levels to seat, filled up with the last level to the variant's minimum, and a note
    saying so (empty when nothing was added)."""
    levels = [s.strip().lower() for s in given if s.strip()]
    if not levels:
        raise ValueError("--seats needs at least one level")
    for level in levels:
        if level not in LEVELS:
            raise ValueError(f"unknown level '{level}': expected one of {', '.join(LEVELS)}")
    if len(levels) > max_players:
        raise ValueError(f"{len(levels)} seats, but this game is for at most {max_players}")
    note = ""
    if len(levels) < min_players:
        added = min_players - len(levels)
        levels += [levels[-1]] * added
        note = (f"this game needs {min_players} players: added {added} more "
                f"{levels[-1]} seat{'s' if added > 1 else ''} ({', '.join(levels)})")
    return levels, note


#: Makes the computer player of a level for a match, from a seed (a research benchmark's
#: players may need the match itself).
PlayerMaker = Callable[[GameState, str, int], SeatPlayer]


def computer_for(match: GameState, level: str, seed: int) -> SeatPlayer:
    return make_computer(match.family, level, seed)


def play_match(variant_id: str, options: dict[str, str], levels: list[str], seed: int,
               rotation: int, stats: list[SeatStats], cap: int = DEFAULT_CAP,
               make: PlayerMaker = computer_for) -> GameOutcome:
    """One match; ``rotation`` shifts the seats. Decision times go into ``stats``."""
    n = len(levels)
    order = [(position + rotation) % n for position in range(n)]
    names = [f"{levels[i]} {i + 1}" for i in order]
    match = new_match(variant_id, n, seed, options, names, oracle=PLAY_ORACLE)
    # a player keeps its listed seat's seed when the seats rotate (game i rotates by i):
    # unrotated, each seat's seed is the one the table and ``replay`` give it
    players = [make(match, levels[i], computer_seed(seed, i)) for i in order]
    outcome = GameOutcome(seed, order)

    def commit(decision: Decision) -> str:
        try:
            _apply_checked(match, decision.action)
        except IllegalAction as refused:
            return str(refused)
        return ""

    actions = 0
    while not match.over:
        if actions >= cap:
            outcome.capped = True
            break
        if match.hand_over:
            _apply_checked(match, NextHand(None))
            actions += 1
            continue
        # the contract game may be waiting for an out-of-turn buyer's answer
        seat = match.awaiting
        player, seat_stats = players[seat], stats[order[seat]]
        start = time.perf_counter()
        decision = ask(player, match.view(seat))
        seat_stats.times.append(time.perf_counter() - start)
        settled = settle(match, seat, player, decision, commit)
        seat_stats.fallbacks += settled.fallbacks
        if settled.decision is None:
            outcome.stalled = (f"seat {seat + 1} ({levels[order[seat]]}) has no accepted "
                               f"action: {settled.problem}")
            break
        actions += 1
    outcome.actions = actions
    if match.result is not None:
        outcome.winners = match.result.winners
        outcome.totals = match.result.totals
    return outcome


def _apply_checked(match: GameState, action: Action) -> None:
    """Apply an action, then check every engine invariant."""
    match.apply(action)
    problems = match.check_invariants()
    if problems:
        raise InvariantBroken(problems, [a.to_json() for a in match.log])


#: The default action cap of each game family.
CAPS = {Family.MANIPULATION: DEFAULT_CAP, Family.CONTRACT: CONTRACT_CAP}


def default_cap(variant: Variant) -> int:
    return CAPS[variant.family]


def run(args: argparse.Namespace) -> int:
    options = parse_options(args.option)
    variant = get_variant(args.variant, options)
    try:
        levels, note = seat_levels(args.seats.split(","), variant.min_players,
                                   variant.max_players)
    except ValueError as error:
        fail("simulate", error)
        return 2
    # refuses an impossible deal now
    new_match(args.variant, len(levels), args.seed, options, oracle=PLAY_ORACLE)
    if note:
        print(f"note: {note}")
    stats = [SeatStats(level) for level in levels]
    cap = args.max_actions or default_cap(variant)
    args.max_actions = cap
    capped: list[int] = []
    stalled: list[str] = []
    finished = 0
    n = len(levels)
    print(f"{variant.name}: {args.games} games, seats {', '.join(levels)}, seeds "
          f"{args.seed}..{args.seed + args.games - 1}", flush=True)
    try:
        for game in range(args.games):
            seed = args.seed + game
            game_stats = [SeatStats(level) for level in levels]
            try:
                outcome = play_match(args.variant, options, levels, seed, game % n,
                                     game_stats, cap)
            except InvariantBroken as broken:
                print(f"machiavelli simulate: invariant violated in the game with seed {seed}: "
                      f"{broken}", file=sys.stderr)
                print(json.dumps({"seed": seed, "variant": args.variant, "options": options,
                                  "seats": levels, "log": broken.log}), file=sys.stderr)
                return 1
            # a game counts, decision times included, only once it is over
            for seat, played in zip(stats, game_stats, strict=True):
                seat.times += played.times
                seat.fallbacks += played.fallbacks
            if outcome.capped:
                capped.append(seed)
            if outcome.stalled:
                stalled.append(f"seed {seed}: {outcome.stalled}")
            for position in outcome.winners:
                stats[outcome.order[position]].wins += 1
            for position, total in enumerate(outcome.totals):
                stats[outcome.order[position]].scores.append(total)
            finished += 1
    except KeyboardInterrupt:
        print(f"machiavelli simulate: interrupted after {finished} of {args.games} games; "
              "the figures are for those", file=sys.stderr)
        _report(args, variant.name, stats, capped, stalled, finished)
        return 130
    _report(args, variant.name, stats, capped, stalled, finished)
    return 0


def _report(args: argparse.Namespace, name: str, stats: list[SeatStats], capped: list[int],
            stalled: list[str], games: int) -> None:
    """The figures for the ``games`` matches played to the end or to the cap."""
    print(f"{'seat':<6}{'level':<8}{'wins':>6}{'win %':>8}{'mean score':>12}"
          f"{'ms/decision':>13}{'p99 ms':>9}{'slowest ms':>12}{'fallbacks':>11}")
    for index, seat in enumerate(stats, start=1):
        print(f"{index:<6}{seat.level:<8}{seat.wins:>6}{100 * seat.wins / max(games, 1):>8.1f}"
              f"{seat.mean_score:>12.2f}{seat.mean_decision_ms:>13.1f}"
              f"{seat.p99_decision_ms:>9.1f}"
              f"{1000 * seat.slowest:>12.1f}{seat.fallbacks:>11}")
    if capped:
        print(f"{len(capped)} match(es) stopped at {args.max_actions} actions without a result: "
              f"seeds {', '.join(map(str, capped))}")
    for line in stalled:
        print(f"stalled: {line}")
    if args.json:
        print(json.dumps({
            "games": games,
            "seats": [s.level for s in stats],
            "wins": [s.wins for s in stats],
            "mean_score": [round(s.mean_score, 3) for s in stats],
            "mean_decision_ms": [round(s.mean_decision_ms, 3) for s in stats],
            "p99_decision_ms": [round(s.p99_decision_ms, 3) for s in stats],
            "unfinished": len(capped),  # stopped at the action cap without a result
            "stalled": len(stalled),  # stopped because a seat had no accepted action
        }))
