"""Solver time on every position met in real play: best play and can-play, per rule set.

Run: ``python -m tests.benchmarks.bench_positions [--quick] [--games N] [--house]
[--save FILE] [--load FILE | --set house|worst] [--answers FILE] [--compare FILE]
[--cold]``. Not collected by pytest (``bench_*``).

``--cold`` times instead each position's first best play and first can-play in a fresh
process of its own, then a second call there: what a player meets when a query is the
first of its rule set and joker count in the game (the process builds its shape table
then), against what the usual passes time.

``--house`` collects under ``HOUSE_RULE_SETS`` instead (every house option the rearranging
games offer). ``--set`` times a stored set (``POSITION_SETS``, in ``positions/``): ``house``,
the 4229 positions of ``--house --games 2 --seed 46000``, and ``worst``, the 60 slowest of
them before issue 46's solver changes: the set that holds the house-rule tail.

Positions are collected by playing seeded matches of every variant of the rearranging
family between Medium players (the fewest seats the game takes), under default rules and
under the joker-heavy and free-card house rules (``RULE_SETS``): every position a seat
faced with a play allowed is kept once per match. Each is then timed, in CPU time
(``time.process_time``; the lower of two passes over the whole list), through the two
entry points the game uses: ``best_play`` within ``PLAY_WORK`` (the computer players'
``solution_for``) and ``SolverOracle.can_play`` within ``CAN_PLAY_WORK`` (the must-play
rule). An answer the budget could not settle is *unsettled*.

``--save`` writes the collected positions (JSON lines, ``machiavelli solve --batch``'s
fields plus the rule set's name) and ``--load`` reads them instead of playing, so a run
before and after a solver change times identical positions. ``--answers`` writes each
position's answers (cards of the best play, can-play yes/no/unsettled) and times, and
``--compare`` checks them against a file written so: every answer settled there must be
the same (an answer settled now and unsettled there is counted apart).

Prints per rule set: positions, median, p99, max (CPU ms), the counts over 100 ms and over
1 s and the unsettled count, for best play and for can-play; then the slowest positions as
``machiavelli solve`` command lines.
"""

from __future__ import annotations

import argparse
import gzip
import json
import shlex
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.ai.players.plays import PLAY_WORK  # noqa: E402
from game.ai.turns import Decision, SeatPlayer, make_computer  # noqa: E402
from game.commands.common import parse_table_and_hand  # noqa: E402
from game.commands.simulate import SeatStats, play_match  # noqa: E402
from game.engine.cards import Card, format_cards, format_melds  # noqa: E402
from game.engine.protocol import GameState  # noqa: E402
from game.engine.table import Table  # noqa: E402
from game.engine.variants import Variant, get_variant  # noqa: E402
from game.solver import PLAY_ORACLE, best_play  # noqa: E402

DEFAULT_VARIANTS = ("machiavelli", "machiavelli-jokers", "tahiti", "guadalupe", "vatikan",
                    "carousel", "shanghai", "manipulation", "robbers")

# (name, variant id, options): the nine games as they come, then the house rules that load
# the table with jokers (or free cards: Tahiti's are its default)
RULE_SETS: tuple[tuple[str, str, dict[str, str]], ...] = (
    *((variant_id, variant_id, {}) for variant_id in DEFAULT_VARIANTS),
    ("machiavelli-jokers jokers=4 per-meld=unlimited", "machiavelli-jokers",
     {"jokers": "4", "jokers_per_meld": "unlimited"}),
    ("robbers per-meld=unlimited", "robbers", {"jokers_per_meld": "unlimited"}),
    ("carousel per-meld=unlimited", "carousel", {"jokers_per_meld": "unlimited"}),
    ("vatikan per-meld=unlimited", "vatikan", {"jokers_per_meld": "unlimited"}),
)
# every house option the rearranging games offer that reaches the solver, mixed: more and
# freer jokers (up to 4, unlimited per meld, free identity, released from the hand only,
# never moved, freezing their meld: Tahiti's), 3 packs, aces around the corner, free cards,
# sets and runs apart, an initial meld (``--house``: collected on fresh seeds, issue 46)
HOUSE_RULE_SETS: tuple[tuple[str, str, dict[str, str]], ...] = tuple(
    (variant_id + " " + " ".join(f"{k}={v}" for k, v in options.items()), variant_id, options)
    for variant_id, options in (
        ("machiavelli-jokers", {"jokers": "4", "jokers_per_meld": "unlimited"}),
        ("machiavelli-jokers", {"jokers": "4", "jokers_per_meld": "unlimited", "packs": "3"}),
        ("tahiti", {"jokers_per_meld": "unlimited"}),
        ("tahiti", {"packs": "3"}),
        ("machiavelli", {"ace": "around", "jokers": "2"}),
        ("machiavelli-jokers", {"ace": "around", "jokers": "4",
                                "jokers_per_meld": "unlimited"}),
        ("robbers", {"jokers_per_meld": "unlimited", "packs": "3"}),
        ("machiavelli-jokers", {"joker_identity": "free", "jokers_per_meld": "2",
                                "joker_release_from": "hand",
                                "released_joker_needs_two_from_hand": "false"}),
        ("vatikan", {"jokers": "4", "jokers_per_meld": "unlimited",
                     "table_layout": "sets_and_runs_apart"}),
        ("manipulation", {"free_cards": "4", "jokers": "2"}),
        ("machiavelli-jokers", {"joker_moves": "never", "joker_freezes_meld": "true",
                                "jokers": "4", "jokers_per_meld": "unlimited"}),
        ("carousel", {"initial_meld": "points:30", "jokers": "4",
                      "jokers_per_meld": "unlimited"}),
        ("machiavelli", {"packs": "3"}),
        ("guadalupe", {"jokers": "4", "jokers_per_meld": "unlimited", "ace": "around"}),
        ("shanghai", {"jokers": "2", "jokers_per_meld": "unlimited",
                      "initial_meld": "run_of_3_from_hand"}),
    ))
LEVEL = "medium"
CAP = 3000  # actions per match
SLOW_MS = 100.0
VERY_SLOW_MS = 1000.0
# stored position sets (``--set NAME``), JSON lines as ``--save`` writes them (gzipped or not)
POSITIONS = Path(__file__).resolve().parent / "positions"
POSITION_SETS = {
    # issue 46: 2 seeded matches (seeds 46000-46001) per rule set of HOUSE_RULE_SETS
    "house": POSITIONS / "house-46.jsonl.gz",
    # the 60 slowest of them before the solver changes (best play or can-play)
    "worst": POSITIONS / "house-46-worst.jsonl",
}
UNSETTLED = "unsettled"


@dataclass
class Sample:
    """One position a seat faced, as ``machiavelli solve`` writes it."""

    rule_set: str
    variant_id: str
    options: dict[str, str]
    table: str
    free: str
    hand: str
    opened: bool

    def to_json(self) -> dict[str, Any]:
        return {"rule_set": self.rule_set, "variant": self.variant_id,
                "options": self.options, "table": self.table, "free": self.free,
                "hand": self.hand, "opened": self.opened}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Sample:
        return cls(data["rule_set"], data["variant"], dict(data.get("options") or {}),
                   data.get("table", ""), data.get("free", ""), data.get("hand", ""),
                   bool(data.get("opened", True)))

    def command(self) -> str:
        """The ``machiavelli solve`` command line of this position."""
        words = ["python", "-m", "game", "solve", "--variant", self.variant_id]
        for key, value in self.options.items():
            words += ["--option", f"{key}={value}"]
        words += ["--table", self.table, "--hand", self.hand]
        if self.free:
            words += ["--free", self.free]
        if not self.opened:
            words.append("--not-opened")
        return shlex.join(words)

    def position(self) -> tuple[Variant, Table, list[Card], bool]:
        variant = get_variant(self.variant_id, self.options)
        table, hand = parse_table_and_hand(variant, self.table, self.hand, self.free,
                                           "the position")
        return variant, table, hand, self.opened


class _Recorder:
    """A computer player that notes every position it is asked to play from."""

    def __init__(self, player: SeatPlayer, seen: dict[str, Sample], rule_set: str,
                 variant_id: str, options: dict[str, str]) -> None:
        self.player = player
        self.seen = seen
        self.rule_set, self.variant_id, self.options = rule_set, variant_id, options

    def decide(self, view: Any) -> Decision:
        if "play" in view.legal and view.hand:
            table = view.table
            sample = Sample(self.rule_set, self.variant_id, self.options,
                            format_melds(table.melds, dict(table.declared)),
                            format_cards(table.free), format_cards(view.hand),
                            bool(view.opened[view.seat]))
            self.seen.setdefault(json.dumps(sample.to_json(), sort_keys=True), sample)
        return self.player.decide(view)

    def fallback(self, view: Any, note: str) -> Decision:
        return self.player.fallback(view, note)


def collect(games: int, seed: int, names: Sequence[str] | None = None,
            log: Callable[[str], None] = print,
            rule_sets: Sequence[tuple[str, str, dict[str, str]]] = RULE_SETS) -> list[Sample]:
    """The positions of ``games`` seeded matches per rule set (all, or those ``names``)."""
    samples: list[Sample] = []
    for name, variant_id, options in rule_sets:
        if names and name not in names:
            continue
        variant = get_variant(variant_id, options)
        seats = max(2, variant.min_players)
        started = time.perf_counter()
        count = len(samples)
        for game in range(games):
            seen: dict[str, Sample] = {}

            def make(match: GameState, level: str, player_seed: int,
                     seen: dict[str, Sample] = seen, name: str = name,
                     variant_id: str = variant_id,
                     options: dict[str, str] = options) -> SeatPlayer:
                return _Recorder(make_computer(match.family, level, player_seed), seen, name,
                                 variant_id, options)

            play_match(variant_id, options, [LEVEL] * seats, seed + game, game % seats,
                       [SeatStats(LEVEL) for _ in range(seats)], CAP, make)
            samples += seen.values()
        log(f"collected {len(samples) - count:5d} positions of {name} "
            f"({games} matches, {time.perf_counter() - started:.0f} s)")
    return samples


@dataclass
class Timing:
    best_ms: float
    can_ms: float
    best: int | str  # cards of the best play, 0 for none, or UNSETTLED
    can: bool | str  # or UNSETTLED


def _cpu(fn: Callable[[], Any]) -> tuple[Any, float]:
    start = time.process_time()
    result = fn()
    return result, (time.process_time() - start) * 1000


def time_one(sample: Sample) -> Timing:
    variant, table, hand, opened = sample.position()

    def best() -> int | str:
        try:
            found = best_play(variant, table, hand, opened, work=PLAY_WORK)
        except TimeoutError:
            return UNSETTLED
        return 0 if found is None else len(found.played)

    def can() -> bool | str:
        answer = PLAY_ORACLE.can_play(variant, table, hand, opened)
        return UNSETTLED if answer is None else answer

    best_answer, best_ms = _cpu(best)
    can_answer, can_ms = _cpu(can)
    return Timing(best_ms, can_ms, best_answer, can_answer)


def time_all(samples: Sequence[Sample], passes: int = 2,
             log: Callable[[str], None] = print) -> list[Timing]:
    """Each position timed ``passes`` times (whole passes over the list), the lowest kept;
    the answers must agree between passes (the budgets are counted, never timed)."""
    timings: list[Timing] = []
    for number in range(passes):
        started = time.perf_counter()
        for index, sample in enumerate(samples):
            timing = time_one(sample)
            if number == 0:
                timings.append(timing)
                continue
            first = timings[index]
            if (first.best, first.can) != (timing.best, timing.can):
                raise AssertionError(f"answers differ between passes: {sample.command()}")
            first.best_ms = min(first.best_ms, timing.best_ms)
            first.can_ms = min(first.can_ms, timing.can_ms)
        log(f"pass {number + 1}: {len(samples)} positions in "
            f"{time.perf_counter() - started:.0f} s")
    return timings


@dataclass
class Cold:
    """One position's entry point in a fresh process: its first call (what a player meets
    when it is the game's first query of its kind) and a second call on the same position."""

    entry: str  # "best" or "can"
    first_ms: float
    second_ms: float
    answer: int | bool | str


def cold_one(sample: Sample, entry: str) -> Cold:
    """``entry`` (best play or can-play) on ``sample`` twice in this process, CPU time."""
    variant, table, hand, opened = sample.position()

    def call() -> int | bool | str:
        if entry == "can":
            answer = PLAY_ORACLE.can_play(variant, table, hand, opened)
            return UNSETTLED if answer is None else answer
        try:
            found = best_play(variant, table, hand, opened, work=PLAY_WORK)
        except TimeoutError:
            return UNSETTLED
        return 0 if found is None else len(found.played)

    first, first_ms = _cpu(call)
    second, second_ms = _cpu(call)
    if first != second:
        raise AssertionError(f"answers differ between calls: {sample.command()}")
    return Cold(entry, first_ms, second_ms, first)


def cold_all(samples: Sequence[Sample], log: Callable[[str], None] = print
             ) -> list[tuple[Cold, Cold]]:
    """Each position's best play and can-play, each in a fresh process of its own
    (``--one``): the first call pays what a process builds once (the shape table of its
    rule set and joker count), the second does not."""
    results: list[tuple[Cold, Cold]] = []
    started = time.perf_counter()
    for sample in samples:
        pair = []
        for entry in ("best", "can"):
            out = subprocess.run(
                [sys.executable, "-m", "tests.benchmarks.bench_positions", "--one",
                 json.dumps(sample.to_json()), "--entry", entry],
                capture_output=True, text=True, check=True,
                cwd=Path(__file__).resolve().parents[2]).stdout
            data = json.loads(out.strip().splitlines()[-1])
            pair.append(Cold(entry, data["first_ms"], data["second_ms"], data["answer"]))
        results.append((pair[0], pair[1]))
    log(f"cold: {len(samples)} positions, 2 fresh processes each, in "
        f"{time.perf_counter() - started:.0f} s")
    return results


def cold_rows(samples: Sequence[Sample], colds: Sequence[tuple[Cold, Cold]]) -> list[str]:
    """Per rule set: the first and the second call's median and max (CPU ms) and the
    first calls over 1 s, for best play and for can-play."""
    groups: dict[str, list[int]] = {}
    for index, sample in enumerate(samples):
        groups.setdefault(sample.rule_set, []).append(index)
    rows = [f"{'rule set (first call in a fresh process)':<48}{'positions':>9} | "
            f"best play ms (CPU): first, second{'':>6}| can-play ms (CPU): first, second",
            f"{'':<48}{'':>9} | {'median':>7}{'max':>7}{'>1s':>4}{'median':>7}{'max':>7} | "
            f"{'median':>7}{'max':>7}{'>1s':>4}{'median':>7}{'max':>7}"]
    named = list(groups.items()) + [("all", list(range(len(samples))))]
    for name, indices in named:
        cells = []
        for side in (0, 1):
            first = [colds[i][side].first_ms for i in indices]
            second = [colds[i][side].second_ms for i in indices]
            cells.append(f"{statistics.median(first):7.1f}{max(first):7.1f}"
                         f"{sum(1 for m in first if m > VERY_SLOW_MS):4d}"
                         f"{statistics.median(second):7.1f}{max(second):7.1f}")
        rows.append(f"{name:<48}{len(indices):>9} | {cells[0]} | {cells[1]}")
    return rows


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))]


def _cells(ms: Sequence[float], unsettled: int) -> str:
    if not ms:
        return f"{'-':>8}{'-':>8}{'-':>8}{'-':>6}{'-':>5}{'-':>6}"
    return (f"{statistics.median(ms):8.1f}{percentile(ms, 99):8.1f}{max(ms):8.1f}"
            f"{sum(1 for m in ms if m > SLOW_MS):6d}"
            f"{sum(1 for m in ms if m > VERY_SLOW_MS):5d}{unsettled:6d}")


def table_rows(samples: Sequence[Sample], timings: Sequence[Timing]) -> list[str]:
    """One row per rule set (and one for the nine games under default rules)."""
    groups: dict[str, list[int]] = {}
    for index, sample in enumerate(samples):
        groups.setdefault(sample.rule_set, []).append(index)
    defaults = [i for i, s in enumerate(samples) if not s.options]
    rows = [f"{'rule set':<48}{'positions':>9} | best play ms (CPU):{'':>10}"
            f"{'':>10}{'':>8}  | can-play ms (CPU):",
            f"{'':<48}{'':>9} | {'median':>8}{'p99':>8}{'max':>8}{'>100':>6}{'>1s':>5}"
            f"{'unset':>6} | {'median':>8}{'p99':>8}{'max':>8}{'>100':>6}{'>1s':>5}{'unset':>6}"]
    named = [(name, groups[name]) for name, *_ in (*RULE_SETS, *HOUSE_RULE_SETS)
             if name in groups]
    named += [(name, idx) for name, idx in groups.items() if name not in dict(named)]
    if defaults:
        named.append(("all default rules", defaults))
    named.append(("all", list(range(len(samples)))))
    for name, indices in named:
        best = [timings[i].best_ms for i in indices]
        can = [timings[i].can_ms for i in indices]
        best_out = sum(1 for i in indices if timings[i].best == UNSETTLED)
        can_out = sum(1 for i in indices if timings[i].can == UNSETTLED)
        rows.append(f"{name:<48}{len(indices):>9} | {_cells(best, best_out)} | "
                    f"{_cells(can, can_out)}")
    return rows


def slowest(samples: Sequence[Sample], timings: Sequence[Timing], count: int) -> list[str]:
    lines = []
    for what, key in (("best play", lambda t: t.best_ms), ("can-play", lambda t: t.can_ms)):
        order = sorted(range(len(samples)), key=lambda i: -key(timings[i]))[:count]
        lines.append(f"slowest {what}:")
        for i in order:
            t = timings[i]
            lines.append(f"  {key(t):8.1f} ms  [{samples[i].rule_set}] best={t.best} "
                         f"can={t.can}")
            lines.append(f"    {samples[i].command()}")
    return lines


def _read_text(path: Path) -> str:
    """A positions or answers file, gzipped (``.gz``) or not."""
    if path.suffix == ".gz":
        return gzip.decompress(path.read_bytes()).decode()
    return path.read_text()


def compare(samples: Sequence[Sample], timings: Sequence[Timing],
            path: Path) -> tuple[list[str], list[str]]:
    """Against the answers ``--answers`` wrote to ``path``: the positions whose answer
    differs (or is unsettled now, settled then), and those settled now, unsettled then."""
    earlier = [json.loads(line) for line in _read_text(path).splitlines() if line.strip()]
    if len(earlier) != len(samples):
        return [f"{path}: {len(earlier)} answers for {len(samples)} positions"], []
    problems, settled = [], []
    for sample, timing, before in zip(samples, timings, earlier, strict=True):
        if before["position"] != sample.to_json():
            return [f"{path}: answers for other positions"], []
        changed = False
        for then, now in ((before["best"], timing.best), (before["can"], timing.can)):
            if then != now:
                changed = True
                if then != UNSETTLED:
                    problems.append(f"best {before['best']} -> {timing.best}, can "
                                    f"{before['can']} -> {timing.can}: {sample.command()}")
                    break
        else:
            if changed:
                settled.append(f"best {before['best']} -> {timing.best}, can "
                               f"{before['can']} -> {timing.can}: {sample.command()}")
    return problems, settled


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=None,
                        help="matches per rule set (default 8; 3 with --quick)")
    parser.add_argument("--quick", action="store_true", help="few matches: a few minutes")
    parser.add_argument("--seed", type=int, default=3000)
    parser.add_argument("--rule-sets", default="",
                        help="comma-separated rule-set names (default: all)")
    parser.add_argument("--save", type=Path, help="write the collected positions here")
    parser.add_argument("--load", type=Path, help="time these positions instead of playing")
    parser.add_argument("--answers", type=Path, help="write each position's answers here")
    parser.add_argument("--compare", type=Path,
                        help="check the answers against a file --answers wrote")
    parser.add_argument("--slowest", type=int, default=8)
    parser.add_argument("--set", choices=sorted(POSITION_SETS),
                        help="time a stored set of positions (see POSITION_SETS)")
    parser.add_argument("--house", action="store_true",
                        help="collect under the house rule sets (HOUSE_RULE_SETS)")
    parser.add_argument("--cold", action="store_true",
                        help="time each position's first call in a fresh process instead")
    parser.add_argument("--one", help=argparse.SUPPRESS)  # --cold's worker: a position
    parser.add_argument("--entry", choices=("best", "can"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.one:
        cold = cold_one(Sample.from_json(json.loads(args.one)), args.entry or "best")
        print(json.dumps({"first_ms": cold.first_ms, "second_ms": cold.second_ms,
                          "answer": cold.answer}))
        return 0
    names = [n for n in args.rule_sets.split(",") if n]
    if args.set:
        args.load = POSITION_SETS[args.set]
    if args.load:
        samples = [Sample.from_json(json.loads(line))
                   for line in _read_text(args.load).splitlines() if line.strip()]
        if names:
            samples = [s for s in samples if s.rule_set in names]
    else:
        games = args.games if args.games is not None else (3 if args.quick else 8)
        samples = collect(games, args.seed, names,
                          rule_sets=HOUSE_RULE_SETS if args.house else RULE_SETS)
    if args.save:
        text = "".join(json.dumps(s.to_json()) + "\n" for s in samples)
        if args.save.suffix == ".gz":
            args.save.write_bytes(gzip.compress(text.encode(), mtime=0))
        else:
            args.save.write_text(text)
    if args.cold:
        colds = cold_all(samples)
        print()
        print("\n".join(cold_rows(samples, colds)))
        return 0
    timings = time_all(samples)
    print()
    print("\n".join(table_rows(samples, timings)))
    print()
    print("\n".join(slowest(samples, timings, args.slowest)))
    if args.answers:
        args.answers.write_text("".join(
            json.dumps({"position": s.to_json(), "best": t.best, "can": t.can,
                        "best_ms": round(t.best_ms, 2), "can_ms": round(t.can_ms, 2)}) + "\n"
            for s, t in zip(samples, timings, strict=True)))
    if args.compare:
        problems, settled = compare(samples, timings, args.compare)
        print()
        if settled:
            print(f"settled now, unsettled in {args.compare}: {len(settled)} positions")
            print("\n".join("  " + p for p in settled[:args.slowest]))
        if problems:
            print(f"answers differ from {args.compare} on {len(problems)} positions:")
            print("\n".join("  " + p for p in problems))
            return 1
        print(f"every answer settled in {args.compare} is the same now "
              f"({len(samples) - len(settled)} positions, {len(settled)} newly settled)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
