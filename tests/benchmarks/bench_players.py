"""Decision time of each computer level: percentiles over seeded matches of every variant.

Run: ``python tests/benchmarks/bench_players.py [--games N] [--seed S] [--variants a,b]
[--levels ...] [--jobs 2] [--wall-clock]``.
Each level plays against Medium (Medium against Hard); only the measured level's decisions
are timed, in this process's CPU time (``--wall-clock``: the wall clock, which on a shared
machine counts the waits for a core as thinking). It prints per level and variant the
decision p50, p90, p99 and max, and the worst p99 and max against the goals (issue 30:
p99 at most 500 ms, max at most 2 s). Not collected by pytest.
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
import time
import types
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import game.commands.simulate as simulate  # noqa: E402
from game.ai.players import LEVELS  # noqa: E402
from game.commands.simulate import SeatStats, play_match  # noqa: E402
from game.engine.variants import VARIANTS  # noqa: E402

OPPONENT = {"easy": "medium", "medium": "hard", "hard": "medium"}
CAP = 2000
P99_GOAL_MS = 500.0
MAX_GOAL_MS = 2000.0


def time_game(task: tuple[str, str, int, int]) -> list[float]:
    """Seconds per decision of ``level`` in match ``game`` (dealt from ``seed + game``, the
    seats rotated by ``game``), played by the same routine as ``machiavelli simulate``."""
    level, variant_id, seed, game = task
    seats = max(2, VARIANTS[variant_id].min_players)
    levels = [level] + [OPPONENT[level]] * (seats - 1)
    stats = [SeatStats(lv) for lv in levels]
    play_match(variant_id, {}, levels, seed + game, game % seats, stats, CAP)
    return stats[0].times


def use_cpu_clock() -> None:
    """Time decisions by this process's CPU time instead of the wall clock."""
    simulate.time = types.SimpleNamespace(perf_counter=time.process_time)  # type: ignore[assignment]


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[index]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="matches per level and variant")
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--variants", default=",".join(VARIANTS))
    parser.add_argument("--levels", default=",".join(LEVELS))
    parser.add_argument("--jobs", type=int, default=1, help="processes (at most 2)")
    parser.add_argument("--wall-clock", action="store_true",
                        help="time decisions by the wall clock, not CPU time")
    args = parser.parse_args(argv)
    variants = [v for v in args.variants.split(",") if v]
    levels = [lv for lv in args.levels.split(",") if lv]
    tasks = [(lv, v, args.seed, g) for lv in levels for v in variants for g in range(args.games)]
    clock = None if args.wall_clock else use_cpu_clock
    if clock is not None:
        clock()
    jobs = max(1, min(2, args.jobs))
    if jobs == 1:
        results = list(map(time_game, tasks))
    else:
        with multiprocessing.Pool(jobs, clock) as pool:
            results = pool.map(time_game, tasks)
    times: dict[tuple[str, str], list[float]] = {}
    for (level, variant_id, _, _), seconds in zip(tasks, results, strict=True):
        times.setdefault((level, variant_id), []).extend(seconds)
    print(f"{args.games} games per row, seeds {args.seed}..{args.seed + args.games - 1}, "
          f"decisions timed in {'wall' if args.wall_clock else 'CPU'} time")
    print(f"{'level':<8}{'variant':<20}{'decisions':>10}{'p50 ms':>9}{'p90 ms':>9}"
          f"{'p99 ms':>9}{'max ms':>9}")
    worst, slowest = 0.0, 0.0
    for level in levels:
        everything: list[float] = []
        for variant_id in variants:
            row = times.get((level, variant_id), [])
            everything += row
            _row(level, variant_id, row)
            worst = max(worst, percentile(row, 99))
            slowest = max(slowest, max(row, default=0.0))
        _row(level, "all", everything)
        print(flush=True)
    print(f"worst p99 of a level and variant: {1000 * worst:.1f} ms (goal: at most "
          f"{P99_GOAL_MS:.0f} ms); slowest decision: {1000 * slowest:.1f} ms (goal: at most "
          f"{MAX_GOAL_MS:.0f} ms)")
    return 0


def _row(level: str, variant_id: str, times: list[float]) -> None:
    cells = [percentile(times, q) * 1000 for q in (50, 90, 99)] + [1000 * max(times or [0])]
    mean = statistics.fmean(times) * 1000 if times else 0.0
    print(f"{level:<8}{variant_id:<20}{len(times):>10}" + "".join(f"{c:>9.1f}" for c in cells)
          + f"   mean {mean:.1f}", flush=True)


if __name__ == "__main__":
    raise SystemExit(main())
