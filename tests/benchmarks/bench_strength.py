"""The levels' strength the player is told (issue 46): measures Hard against Medium and
Medium against Easy per variant with ``bench_tournament``'s matches and writes the figures
into ``game/ai/strength.json``, which the New game screen and the Rules show.

Run: ``python -m tests.benchmarks.bench_strength [--games N] [--seed S] [--variants a,b]
[--pairs hard-medium,medium-easy] [--jobs 1] [--cpu-clock] [--paired] [--dry-run]``.

Each row measured replaces that variant's entry for that pair, with its figure (two seats:
the stronger level's share of the matches, ties split; more: how often it finished ahead of
each weaker seat, a tie half), the number of matches, Wilson's 95% interval, the seeds and
the command that reproduces it. Rows not measured keep what the file held, with the source
it names. Use seeds nobody tuned on. ``--paired``: each deal played from every seat
(``bench_tournament --paired``). Not collected by pytest.
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.ai.strength import DATA, PAIRS  # noqa: E402
from game.engine.variants import all_variants  # noqa: E402
from tests.benchmarks import bench_tournament as tournament  # noqa: E402


def entry(row: tournament.Row, first_seed: int, command: str,
          paired: bool = False) -> dict[str, Any]:
    """The data file's entry for one measured row."""
    kind = tournament.judged_by(row)
    count = row.ahead if kind == "ahead" else row.wins
    # Wilson's interval of the figure given ("ahead" counts each of two weaker seats, a tie
    # half: read as a binomial share it is a rough interval)
    low, high = tournament.wilson(count, row.games)
    last = -(-row.games // row.seats) if paired else row.games  # the deals played
    return {"figure": kind, "value": round(count / row.games, 4), "games": row.games,
            "ci95": [round(low, 4), round(high, 4)], "seats": row.seats,
            "seeds": f"{first_seed}..{first_seed + last - 1}",
            "source": "bench_strength, fresh seeds"
                      + (", each deal from every seat" if paired else ""),
            "command": command}


def command(args: argparse.Namespace, row: tournament.Row) -> str:
    """The command line that measures this row again (the same seeds, the same matches)."""
    return "python -m tests.benchmarks.bench_strength " + shlex.join(
        ["--games", str(args.games), "--seed", str(args.seed), "--variants", row.variant,
         "--pairs", row.pair] + (["--paired"] if args.paired else []))


def merge(data: dict[str, Any], rows: list[tuple[str, str, dict[str, Any]]]) -> dict[str, Any]:
    """``data`` with each measured (variant, pair, entry) put in place."""
    variants = data.setdefault("variants", {})
    for variant, pair, item in rows:
        variants.setdefault(variant, {})[pair] = item
    return data


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="matches per variant and pair")
    parser.add_argument("--seed", type=int, default=460_000, help="match i is dealt from S+i")
    parser.add_argument("--variants", default=",".join(all_variants()))
    parser.add_argument("--pairs", default=",".join(PAIRS))
    parser.add_argument("--jobs", type=int, default=1, help="processes (at most 2)")
    parser.add_argument("--cpu-clock", action="store_true")
    parser.add_argument("--paired", action="store_true",
                        help="play each deal from every seat (bench_tournament --paired)")
    parser.add_argument("--data", type=Path, default=DATA, help="the file to update")
    parser.add_argument("--dry-run", action="store_true", help="print, write nothing")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games: at least 1")
    pairs = [p.strip() for p in args.pairs.split(",") if p.strip()]
    for pair in pairs:
        if pair not in PAIRS:
            parser.error(f"bad pair '{pair}': expected {' or '.join(PAIRS)}")
    variants = [v.strip() for v in args.variants.split(",") if v.strip()]
    for variant in variants:
        if variant not in all_variants():
            parser.error(f"unknown variant '{variant}'")
    try:
        data = json.loads(args.data.read_text(encoding="utf-8"))
    except FileNotFoundError:
        data = {}
    except (OSError, ValueError) as error:
        print(f"{args.data} cannot be read as the figures file ({error}); nothing measured",
              file=sys.stderr)
        return 1
    if not isinstance(data, dict) or not isinstance(data.get("variants", {}), dict):
        print(f"{args.data} does not hold the figures file's fields; nothing measured",
              file=sys.stderr)
        return 1
    rows = tournament.tournament(variants, pairs, args.games, args.seed, args.jobs,
                                 args.cpu_clock, args.paired)
    measured = [(row.variant, row.pair, entry(row, args.seed, command(args, row), args.paired))
                for row in rows if row.games]
    for variant, pair, item in measured:
        print(f"{variant:<20}{pair:<13}{item['figure']:>6} {100 * item['value']:.1f}% "
              f"of {item['games']}  interval {item['ci95']}")
    if args.dry_run:
        return 0
    args.data.write_text(json.dumps(merge(data, measured), indent=2, ensure_ascii=False)
                         + "\n", encoding="utf-8")
    print(f"wrote {args.data}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
