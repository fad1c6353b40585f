"""Decision time of each computer level: percentiles over seeded matches of every variant.

Run: ``python tests/benchmarks/bench_players.py [--games N] [--variants a,b] [--levels ...]``.
Each level plays against Medium (Medium against Hard); only the measured level's decisions
are timed. Not collected by pytest.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.ai.players import LEVELS  # noqa: E402
from game.commands.simulate import SeatStats, play_match  # noqa: E402
from game.engine.variants import VARIANTS  # noqa: E402

OPPONENT = {"easy": "medium", "medium": "hard", "hard": "medium"}
CAP = 2000


def time_level(level: str, variant_id: str, games: int, seed: int) -> list[float]:
    """Seconds per decision of ``level`` over ``games`` matches (seats rotating), played by
    the same routine as ``machiavelli simulate``."""
    seats = max(2, VARIANTS[variant_id].min_players)
    levels = [level] + [OPPONENT[level]] * (seats - 1)
    times: list[float] = []
    for game in range(games):
        stats = [SeatStats(lv) for lv in levels]
        play_match(variant_id, {}, levels, seed + game, game % seats, stats, CAP)
        times += stats[0].times
    return times


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
    args = parser.parse_args(argv)
    variants = [v for v in args.variants.split(",") if v]
    print(f"{'level':<8}{'variant':<20}{'decisions':>10}{'p50 ms':>9}{'p90 ms':>9}"
          f"{'p99 ms':>9}{'max ms':>9}")
    worst = 0.0
    for level in args.levels.split(","):
        everything: list[float] = []
        for variant_id in variants:
            times = time_level(level, variant_id, args.games, args.seed)
            everything += times
            _row(level, variant_id, times)
        _row(level, "all", everything)
        worst = max(worst, percentile(everything, 99))
        print(flush=True)
    print(f"worst p99: {1000 * worst:.1f} ms (target: under 1000 ms)")
    return 0


def _row(level: str, variant_id: str, times: list[float]) -> None:
    cells = [percentile(times, q) * 1000 for q in (50, 90, 99)] + [1000 * max(times or [0])]
    mean = statistics.fmean(times) * 1000 if times else 0.0
    print(f"{level:<8}{variant_id:<20}{len(times):>10}" + "".join(f"{c:>9.1f}" for c in cells)
          + f"   mean {mean:.1f}", flush=True)


if __name__ == "__main__":
    raise SystemExit(main())
