"""Tournament strength of the computer levels: Hard against Medium and Medium against Easy
over seeded matches of every variant, with the stronger level's decision times.

Run: ``python tests/benchmarks/bench_tournament.py [--games N] [--seed S]
[--variants a,b] [--pairs hard-medium,medium-easy] [--jobs 2] [--json] [--paired]``.

Two seats, except where the game needs more (Shanghai, Manipulation, Shanghai Rummy: the
stronger level against two of the weaker). Game i is dealt from seed S+i and the seats
rotate (i mod seats), as in ``machiavelli simulate``, whose routine (``play_match``) plays
every match here. ``--paired``: each deal is played once from every seat instead (match i
dealt from seed S + i // seats, its seats rotated i mod seats; with two seats, each deal
twice with the seats exchanged), so the luck of the deal cancels between the levels. A tie
counts as a split share. The interval is Wilson's 95% score interval for a binomial share.
With more than two seats the table also gives how often the stronger level finished ahead
of each weaker seat ("ahead", a tie counting half): the share says who won the match,
"ahead" how the two levels compare. The goal column gives the issue's goal, the figure it
is set for and whether it is met: with two seats the share (Hard against Medium 65%, Medium
against Easy 75%), with more "ahead" (issue 30: 53% and 70%). Not collected by pytest; not
a timed test.

Research pairs (``reading-medium``, ``reading-easy``) seat, as the stronger level, Hard
with its rollouts played out on the opponents' real hands (the stock shuffled; 8 deals, no
work limit): a ceiling for Hard's way of choosing where it plays hands out (Shanghai,
Manipulation; elsewhere it plays as Hard). It reads the match, which no game level ever
does, and its decisions take seconds.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import sys
import time
import types
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import game.commands.simulate as simulate  # noqa: E402
from game.ai.players import LEVELS  # noqa: E402
from game.ai.players.hard import HardPlayer, Tuning  # noqa: E402
from game.ai.players.measured import EVERY_WAY  # noqa: E402
from game.ai.players.opponents import HandSampler  # noqa: E402
from game.ai.players.rollouts import Deal  # noqa: E402
from game.ai.turns import SeatPlayer  # noqa: E402
from game.commands.simulate import (  # noqa: E402
    GameOutcome,
    SeatStats,
    computer_for,
    default_cap,
    play_match,
)
from game.engine.match import Match, PlayerView  # noqa: E402
from game.engine.protocol import GameState  # noqa: E402
from game.engine.variants import Scoring, Variant, all_variants  # noqa: E402
from game.solver import Work  # noqa: E402
from tests.benchmarks.bench_play_choice import UNBOUNDED, real_deals  # noqa: E402

PAIRS = ("hard-medium", "medium-easy")
READING = "reading"  # research only: Hard's rollouts on the real hands (see above)
READING_DEALS = 8
GOALS = {"hard-medium": 0.65, "medium-easy": 0.75}  # two seats: the share of wins
# more seats (issue 30): the share of weaker seats the stronger finished ahead of
AHEAD_GOALS = {"hard-medium": 0.53, "medium-easy": 0.70}


@dataclass(frozen=True)
class Game:
    variant: str
    pair: str
    seed: int
    rotation: int


@dataclass
class GameResult:
    game: Game
    share: float  # the stronger level's share of the win (ties split)
    ahead: float  # the share of weaker seats it finished ahead of (a tie counts half)
    times: list[float]  # the stronger level's decision times, seconds
    capped: bool
    stalled: str
    actions: int
    fallbacks: int


@dataclass
class Row:
    variant: str
    pair: str
    seats: int
    results: list[GameResult] = field(default_factory=list)

    @property
    def games(self) -> int:
        return len(self.results)

    @property
    def wins(self) -> float:
        return sum(r.share for r in self.results)

    @property
    def ahead(self) -> float:
        return sum(r.ahead for r in self.results)

    @property
    def times(self) -> list[float]:
        return [t for r in self.results for t in r.times]


def seat_levels(variant_id: str, pair: str) -> list[str]:
    """The stronger level first, then as many of the weaker as the game needs (2 seats
    unless the variant needs more)."""
    strong, weak = pair.split("-")
    seats = max(2, all_variants()[variant_id].min_players)
    return [strong] + [weak] * (seats - 1)


def reading_player(match: Match, seed: int) -> HardPlayer:
    """Hard whose rollouts are played out on the opponents' real hands, the stock shuffled
    (research: it reads the match)."""

    def deals(view: PlayerView, rng: random.Random, count: int, sampler: HandSampler,
              work: Work, budget: int) -> list[Deal]:
        return real_deals(match, view, count, rng)

    tuning = replace(Tuning(), rollout_deals=READING_DEALS, rollout_budget=UNBOUNDED,
                     rollout_cutoff=UNBOUNDED)
    return HardPlayer(seed, tuning, deals=deals, ways=EVERY_WAY)  # its rollouts everywhere


def seat_player(match: GameState, level: str, seed: int) -> SeatPlayer:
    if level == READING and isinstance(match, Match):
        return reading_player(match, seed)
    return computer_for(match, level, seed)


def play(game: Game) -> GameResult:
    levels = seat_levels(game.variant, game.pair)
    stats = [SeatStats(level) for level in levels]
    variant = all_variants()[game.variant]
    outcome = play_match(game.variant, {}, levels, game.seed, game.rotation, stats,
                         default_cap(variant), make=seat_player)
    # position p holds levels[order[p]]; the stronger level is levels[0]
    winners = [outcome.order[p] for p in outcome.winners]
    share = Fraction(winners.count(0), len(winners)) if winners else Fraction(0)
    return GameResult(game, float(share), ahead(variant, outcome), stats[0].times,
                      outcome.capped, outcome.stalled, outcome.actions, stats[0].fallbacks)


def ahead(variant: Variant, outcome: GameOutcome) -> float:
    """The share of weaker seats the stronger level (level index 0) finished ahead of, a
    tie counting half: by final totals (highest first in Carousel, lowest elsewhere), or
    by who won where no points are kept (Vatikan)."""
    position = outcome.order.index(0)
    if variant.scoring is Scoring.NONE or not outcome.totals:
        rank = [0.0 if p in outcome.winners else 1.0 for p in range(len(outcome.order))]
    else:
        sign = -1 if variant.scoring.is_carousel else 1
        rank = [sign * float(total) for total in outcome.totals]
    others = [p for p in range(len(outcome.order)) if p != position]
    wins = sum(1.0 if rank[position] < rank[p] else 0.5 if rank[position] == rank[p] else 0.0
               for p in others)
    return wins / len(others)


def use_cpu_clock() -> None:
    """Time decisions by this process's CPU time instead of the wall clock: on a machine
    shared with other work, the wall clock counts the waits for a core as thinking."""
    simulate.time = types.SimpleNamespace(perf_counter=time.process_time)  # type: ignore[assignment]


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson's score interval for a binomial share (95% by default)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (the same as ``machiavelli simulate``'s p99)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q / 100 * len(ordered)) - 1)]


def goal(row: Row) -> float | None:
    """The issue's goal for the row (None: a pair it sets none for, such as hard-easy or
    the research pairs): with two seats for the share of wins, with more for "ahead"
    (``judged_by``)."""
    return (AHEAD_GOALS if row.seats > 2 else GOALS).get(row.pair)


def judged_by(row: Row) -> str:
    """The figure the goal is set for: the share of wins with two seats; with more, how
    often the stronger level finished ahead of each weaker seat (one Medium is not beaten
    by winning more matches than two Mediums together)."""
    return "ahead" if row.seats > 2 else "share"


def met(row: Row) -> bool | None:
    """Is the row's goal reached (None: no goal)?"""
    target = goal(row)
    if target is None or not row.games:
        return None
    figure = row.ahead if judged_by(row) == "ahead" else row.wins
    return figure / row.games >= target


def figures(row: Row) -> dict[str, object]:
    low, high = wilson(row.wins, row.games)
    times = row.times
    return {
        "variant": row.variant, "pair": row.pair, "seats": row.seats, "games": row.games,
        "wins": row.wins, "share": row.wins / row.games if row.games else 0.0,
        "ahead": row.ahead / row.games if row.games else 0.0,
        "ci95": [round(low, 4), round(high, 4)], "goal": goal(row),
        "goal_for": judged_by(row), "met": met(row),
        "decisions": len(times),
        "p50_ms": round(1000 * percentile(times, 50), 1),
        "p95_ms": round(1000 * percentile(times, 95), 1),
        "p99_ms": round(1000 * percentile(times, 99), 1),
        "max_ms": round(1000 * max(times, default=0.0), 1),
        "capped": sum(r.capped for r in row.results),
        "stalled": sum(bool(r.stalled) for r in row.results),
        "fallbacks": sum(r.fallbacks for r in row.results),
    }


HEADER = (f"{'variant':<20}{'pair':<13}{'seats':>5}{'games':>6}{'share':>8}{'95% interval':>16}"
          f"{'ahead':>8}{'goal':>13}{'p50 ms':>8}{'p95 ms':>8}{'p99 ms':>8}{'max ms':>8}  notes")


def line(row: Row) -> str:
    f = figures(row)
    low, high = wilson(row.wins, row.games)
    notes = []
    for key in ("capped", "stalled", "fallbacks"):
        if f[key]:
            notes.append(f"{key} {f[key]}")
    return (f"{row.variant:<20}{row.pair:<13}{row.seats:>5}{row.games:>6}"
            f"{100 * row.wins / max(1, row.games):>7.1f}%"
            f"{f'{100 * low:.1f}-{100 * high:.1f}%':>16}"
            f"{100 * row.ahead / max(1, row.games):>7.1f}%{_goal(row):>13}"
            f"{f['p50_ms']:>8.1f}{f['p95_ms']:>8.1f}{f['p99_ms']:>8.1f}{f['max_ms']:>8.1f}"
            f"  {', '.join(notes)}")


def _goal(row: Row) -> str:
    """The goal, the figure it is for and whether it is met: "65% share ok"."""
    target = goal(row)
    if target is None:
        return "-"
    return f"{100 * target:.0f}% {judged_by(row)} {'ok' if met(row) else 'no'}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="matches per variant and pair")
    parser.add_argument("--seed", type=int, default=0, help="match i is dealt from seed S+i")
    parser.add_argument("--variants", default=",".join(all_variants()),
                        help="comma-separated variant ids (default: every variant)")
    parser.add_argument("--pairs", default=",".join(PAIRS),
                        help="comma-separated pairs, stronger level first: hard-medium, "
                             "medium-easy, hard-easy; research: reading-medium")
    parser.add_argument("--jobs", type=int, default=2, help="processes (at most 2)")
    parser.add_argument("--json", action="store_true", help="end with one line of JSON")
    parser.add_argument("--cpu-clock", action="store_true",
                        help="time decisions in process CPU time (a loaded machine)")
    parser.add_argument("--paired", action="store_true",
                        help="play each deal from every seat (match i dealt from seed "
                             "S + i // seats, seats rotated i mod seats)")
    args = parser.parse_args(argv)
    variants = [v.strip() for v in args.variants.split(",") if v.strip()]
    pairs = [p.strip() for p in args.pairs.split(",") if p.strip()]
    for variant_id in variants:
        if variant_id not in all_variants():
            parser.error(f"unknown variant '{variant_id}'")
    for pair in pairs:
        levels = pair.split("-")
        if len(levels) != 2 or levels[0] not in (*LEVELS, READING) or levels[1] not in LEVELS:
            parser.error(f"bad pair '{pair}': expected e.g. hard-medium or reading-medium")
    rows = tournament(variants, pairs, args.games, args.seed, args.jobs, args.cpu_clock,
                      args.paired)
    print(HEADER)
    for row in rows:
        print(line(row))
    if args.json:
        print(json.dumps({"seed": args.seed, "games": args.games,
                          "rows": [figures(r) for r in rows]}))
    return 0


def tournament(variants: list[str], pairs: list[str], per_row: int, seed: int, jobs: int,
               cpu_clock: bool, paired: bool = False) -> list[Row]:
    """Play ``per_row`` matches for each variant and pair (match i dealt from ``seed`` + i,
    the seats rotating; ``paired``: from ``seed`` + i // seats, each deal played from every
    seat), printing each row as it is done."""
    rows = {(v, p): Row(v, p, len(seat_levels(v, p))) for v in variants for p in pairs}
    games = [Game(v, p, seed + (i // rows[v, p].seats if paired else i), i % rows[v, p].seats)
             for v in variants for p in pairs for i in range(per_row)]
    last = max((g.seed for g in games), default=seed)
    print(f"{per_row} games per row, seeds {seed}..{last}, "
          f"{'each deal from every seat' if paired else 'seats rotating'}, "
          f"decisions timed in {'CPU' if cpu_clock else 'wall'} time", flush=True)
    jobs = max(1, min(2, jobs))
    if cpu_clock:
        use_cpu_clock()
    if jobs == 1:
        _collect(map(play, games), rows, per_row, len(games))
    else:
        with multiprocessing.Pool(jobs, use_cpu_clock if cpu_clock else None) as pool:
            _collect(pool.imap_unordered(play, games), rows, per_row, len(games))
    return list(rows.values())


def _collect(results: Iterable[GameResult], rows: dict[tuple[str, str], Row],
             per_row: int, total: int) -> None:
    """File each result under its row, printing a row as soon as its games are all in."""
    for done, result in enumerate(results, start=1):
        game = result.game
        row = rows[game.variant, game.pair]
        row.results.append(result)
        if result.stalled:
            print(f"stalled: {game}: {result.stalled}", flush=True)
        if row.games == per_row:
            print(f"[{done}/{total}] " + line(row), flush=True)


if __name__ == "__main__":
    raise SystemExit(main())
