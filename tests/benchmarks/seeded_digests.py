"""Seeded all-computer hands, headless, for every variant: each one's ``match.digest()`` and
action count, one line per case. Run before and after a change to the computer players
(issue 47.4: their planning moved onto the engine) and compare the two outputs: a seeded
match must replay exactly as before.

    python tests/benchmarks/seeded_digests.py > before.txt

Each case plays the first hand (round) only, with mixed levels (easy, medium, hard in
rotation), so the run stays short on a shared machine."""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # this checkout's game

from game.ai.turns import applying, computer_seed, make_computer, take_turn  # noqa: E402
from game.engine.actions import NextHand  # noqa: E402
from game.engine.serialize import new_match  # noqa: E402
from game.engine.variants import all_variants  # noqa: E402
from game.solver import PLAY_ORACLE  # noqa: E402

LEVELS = ("easy", "medium", "hard")
SEEDS = (1, 2)
# extra cases where a house option changes what a run is
EXTRA = (("shanghai-rummy", {"ace": "around"}), ("machiavelli", {"ace": "around"}),
         ("shanghai", {"ace": "around"}))
# the contract game's first round has no run: these play its first four rounds (hands)
ROUNDS = (("shanghai-rummy", {}), ("shanghai-rummy", {"ace": "around"}),
          ("shanghai-rummy", {"ace": "low"}))
CAP = 3000


def play_hand(variant_id: str, options: dict[str, object], seed: int, hands: int = 1) -> str:
    variant = all_variants()[variant_id]
    players = max(3, variant.min_players)
    levels = [LEVELS[(seed + i) % 3] for i in range(players)]
    match = new_match(variant_id, players, seed, dict(options), oracle=PLAY_ORACLE)
    seats = [make_computer(match.family, levels[i], computer_seed(seed, i))
             for i in range(players)]
    commit = applying(match)
    actions = 0
    start = time.perf_counter()
    while len(match.history) < hands and not match.over and actions < CAP:
        if match.hand_over:
            match.apply(NextHand(None))
            continue
        seat = match.awaiting
        if take_turn(match, seat, seats[seat], commit).decision is None:
            break
        actions += 1
    took = time.perf_counter() - start
    opts = ",".join(f"{k}={v}" for k, v in options.items()) or "-"
    print(f"{variant_id} {opts} hands={hands} seed={seed} levels={'/'.join(levels)} "
          f"actions={actions} digest={match.digest()}", flush=True)
    return f"{took:.1f}s"


def main() -> None:
    cases = [(v, {}) for v in all_variants()] + list(EXTRA)
    for variant_id, options in cases:
        for seed in SEEDS:
            took = play_hand(variant_id, options, seed)
            print(f"  ({took})", file=sys.stderr, flush=True)
    for variant_id, options in ROUNDS:
        for seed in SEEDS:
            took = play_hand(variant_id, options, seed, hands=4)
            print(f"  ({took})", file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
