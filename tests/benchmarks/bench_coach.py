"""The coach's costs: puzzles made per variant, and reviews of seeded matches.

Run: ``python -m tests.benchmarks.bench_coach [--puzzles N] [--matches M] [--seed S]``.
Not collected by pytest (file name ``bench_*``). For each manipulation variant: N puzzles
from seed S (seconds each, deals tried, the ratings made, solver work to prove the best
play); then M two-seat Machiavelli matches (Easy in the reviewed seat against Medium,
seeds S..S+M-1) reviewed turn by turn (seconds and turns per match, the marks given).
Figures only: no goal is asserted here.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter

from game.ai.players import make_player
from game.coach.puzzles import generate
from game.coach.review import review_session
from game.session import GameSession
from game.store.seats import Seat

VARIANTS = ("machiavelli", "machiavelli-jokers", "tahiti", "guadalupe", "vatikan", "carousel",
            "shanghai", "manipulation", "robbers")


def bench_puzzles(count: int, seed: int) -> None:
    print(f"puzzles: {count} a variant from seed {seed}")
    print(f"{'variant':<20}{'s each':>8}{'work med':>10}{'work max':>10}  ratings")
    for variant in VARIANTS:
        started = time.perf_counter()
        made = list(generate(variant, {}, seed, count))
        each = (time.perf_counter() - started) / count
        work = [p.difficulty.work for p in made]
        ratings = Counter(p.difficulty.rating for p in made)
        spread = " ".join(f"{r}:{n}" for r, n in sorted(ratings.items()))
        print(f"{variant:<20}{each:>8.3f}{statistics.median(work):>10.0f}{max(work):>10}  "
              f"{spread}")


def played(seed: int) -> GameSession:
    session = GameSession.new("machiavelli", {}, [Seat("You", "human"), Seat("Bot", "medium")],
                              seed)
    players = [make_player("easy", seed), make_player("medium", seed + 1)]
    for _ in range(600):
        if session.match.over:
            break
        seat = session.match.awaiting
        session.match.apply(players[seat].decide(session.match.view(seat)).action)
    return session


def bench_reviews(matches: int, seed: int) -> None:
    print(f"reviews: {matches} Machiavelli matches (Easy reviewed, against Medium)")
    times, turns = [], []
    marks: Counter[str] = Counter()
    accuracy = []
    for number in range(matches):
        session = played(seed + number)
        started = time.perf_counter()
        review = review_session(session)
        times.append(time.perf_counter() - started)
        turns.append(len(review.turns))
        marks.update(t.mark for t in review.turns)
        if review.accuracy is not None:
            accuracy.append(review.accuracy)
    print(f"  seconds a match: median {statistics.median(times):.2f}, max {max(times):.2f}")
    print(f"  turns a match: median {statistics.median(turns):.0f}, "
          f"seconds a turn: {sum(times) / max(1, sum(turns)):.3f}")
    print("  marks: " + ", ".join(f"{m} {n}" for m, n in marks.most_common()))
    if accuracy:
        print(f"  accuracy: median {statistics.median(accuracy):.1f}%")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--puzzles", type=int, default=10)
    parser.add_argument("--matches", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    bench_puzzles(max(1, args.puzzles), args.seed)
    bench_reviews(max(1, args.matches), args.seed)


if __name__ == "__main__":
    main()
