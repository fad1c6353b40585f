"""Long play (issue 28): whole seeded matches of every manipulation variant and of the
contract game (Shanghai Rummy, ``tests/ui/contract_long_play.py``) through the real app, at
1024x640, 1280x800 and 1920x1080 and in the four languages, the window resized mid-hand,
the person's seat driven by real events (drags, clicks, keys, or at the contract table keys)
from the hint's choices, with replays of the last turns; every invariant of
``tests/ui/long_play.py`` (``tests/ui/contract_long_play.py``) is checked after every action
and every fifteen frames.

Run: ``python -m tests.benchmarks.bench_long_play [--seeds 3] [--jobs 2] [--shots DIR]``
(``--variants shanghai-rummy`` for the contract game alone; its matches are played whole,
up to ``--contract-turns`` actions).
Prints, per variant, the matches, hands, turns, the person's turns (by drags / by hint),
replays, resizes, checks and frames, then every violation with its seed, window, turn and
screenshot. Goal: zero violations over at least 30 matches.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.engine.variants import get_variant  # noqa: E402
from tests.ui import contract_long_play  # noqa: E402
from tests.ui.long_play import SIZES, VARIANTS, Report, play, seat_list  # noqa: E402

LANGUAGES = ("en", "it", "de", "es")


def one(job: tuple[str, int, tuple[int, int], str, str | None, int, int]) -> Report:
    variant, seed, size, lang, shots, max_turns, seats = job
    other = SIZES[(SIZES.index(size) + 1) % len(SIZES)]
    with tempfile.TemporaryDirectory() as data:
        if variant == contract_long_play.VARIANT:
            return contract_long_play.play(seed, size, Path(data), resizes=[other, size],
                                           shots=Path(shots) if shots else None, lang=lang,
                                           max_turns=max_turns)
        return play(variant, seed, size, Path(data), resizes=[other, size],
                    shots=Path(shots) if shots else None, lang=lang, max_turns=max_turns,
                    seats=seats)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=2, help="seeds per variant (default 2)")
    parser.add_argument("--first-seed", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--max-turns", type=int, default=600,
                        help="turns at most per match (default 600)")
    parser.add_argument("--contract-turns", type=int, default=4000,
                        help="actions at most per Shanghai Rummy match (default 4000)")
    parser.add_argument("--variants", default=",".join((*VARIANTS, contract_long_play.VARIANT)))
    parser.add_argument("--shots", default="", help="folder for the violations' screenshots")
    parser.add_argument("--seats", default="3,5",
                        help="players per manipulation match, taken in turn by seed (default "
                             "3,5: every other match a full table; at most the variant's)")
    args = parser.parse_args()
    try:
        seat_counts = [int(n) for n in args.seats.split(",")]
    except ValueError:
        parser.error(f"--seats: whole numbers separated by commas, not {args.seats!r}")
    if not seat_counts or min(seat_counts) < 2 or max(seat_counts) > len(seat_list(9)):
        parser.error(f"--seats: each between 2 and {len(seat_list(9))}")
    jobs = []
    k = 0
    for variant in args.variants.split(","):
        for i in range(args.seeds):
            seed = args.first_seed + i
            size = SIZES[k % len(SIZES)]
            lang = LANGUAGES[k % len(LANGUAGES)]
            turns = args.contract_turns if variant == contract_long_play.VARIANT \
                else args.max_turns
            seats = 3
            if variant != contract_long_play.VARIANT:
                variant_of = get_variant(variant)
                seats = max(variant_of.min_players,
                            min(seat_counts[i % len(seat_counts)], variant_of.max_players))
            jobs.append((variant, seed, size, lang, args.shots or None, turns, seats))
            k += 1
    started = time.monotonic()
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        reports = list(pool.map(one, jobs))
    total = Report(matches=0)
    print(f"{'variant':<20}{'matches':>8}{'hands':>7}{'turns':>7}{'human':>7}{'drags':>7}"
          f"{'hints':>7}{'replays':>8}{'resizes':>8}{'checks':>8}{'frames':>8}{'cpu s':>7}"
          f"{'viol.':>6}")
    by_variant: dict[str, Report] = {}
    for job, report in zip(jobs, reports, strict=True):
        by_variant.setdefault(job[0], Report(matches=0)).add(report)
        total.add(report)
    for variant, r in [*by_variant.items(), ("all", total)]:
        print(f"{variant:<20}{r.matches:>8}{r.hands:>7}{r.turns:>7}{r.human_turns:>7}"
              f"{r.drag_plays:>7}{r.hint_plays:>7}{r.replays:>8}{r.resizes:>8}{r.checks:>8}"
              f"{r.frames:>8}{r.seconds:>7.0f}{len(r.violations):>6}")
    contract = [r for r in reports if isinstance(r, contract_long_play.ContractReport)]
    if contract:
        print(f"shanghai-rummy, the person's moves: {sum(r.mouse_moves for r in contract)} by "
              f"mouse, of them {sum(r.drags for r in contract)} lay-offs or staged contracts "
              f"by drags; buy windows {sum(r.buys for r in contract)} bought, "
              f"{sum(r.declines for r in contract)} declined; "
              f"{sum(r.lay_downs for r in contract)} contracts laid down, "
              f"{sum(r.lay_offs for r in contract)} cards laid off; "
              f"{sum(r.reflows for r in contract)} forced reflows of the melds")
    print("players per match: " + ", ".join(
        f"{n}: {sum(1 for job in jobs if job[6] == n)}" for n in sorted({j[6] for j in jobs})))
    print(f"windows: {', '.join(f'{w}x{h}' for w, h in SIZES)}; languages: "
          f"{', '.join(LANGUAGES)}; wall {time.monotonic() - started:.0f} s")
    kinds = Counter(v.kind for v in total.violations)
    print("violations:", dict(kinds) if kinds else "none")
    for violation in total.violations:
        print(" ", violation)


if __name__ == "__main__":
    main()
