"""Solver speed on realistic positions, against a plain formulation of the same MILP.

Run: ``python -m tests.benchmarks.bench_solver [--count N] [--seed S]``. Not collected by
pytest (file name ``bench_*``). A fixed seeded set of positions: tables dealt as random
valid melds from shuffled decks (0-100 cards, jokers declared as the card they replace)
and 15-card hands, over Machiavelli (2 packs), Machiavelli with jokers, Carousel (2 packs +
2 jokers) and Robber's Rummy (4 free jokers).

The reference is the straightforward model the solver started from: every candidate meld
(every set, every run of every length, every joker slot) as one integer variable, rows
built one by one through highspy's incremental API, no pruning, no template, joker rules
left out (so it is a relaxation: its value is an upper bound of the solver's). Both
maximise cards played, then start melds kept.

The solver's default tie-break is the fast one (see ``game.solver.exact.arrange``); the run
also solves each position with the proven tie-break and counts the start melds the fast one
keeps whole fewer (``--no-tie-break`` skips that).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import defaultdict
from collections.abc import Sequence

import highspy
import numpy as np

from game.engine.cards import Card
from game.engine.table import Table
from game.engine.variants import Variant, get_variant
from game.solver import prepare, solve
from game.solver.shapes import face_index, shape_table
from tests.solver.positions import Position, big_position

MIX = (  # variant id, options, packs, jokers
    ("machiavelli", {}, 2, 0),
    ("machiavelli-jokers", {}, 2, 2),
    ("carousel", {}, 2, 2),
    ("robbers", {}, 2, 4),
)


def positions(count: int = 320, seed: int = 2024) -> list[Position]:
    """The fixed benchmark set: ``count`` positions, variants in turn, table sizes 0-100."""
    rng = random.Random(seed)
    out = []
    for i in range(count):
        variant_id, options, packs, jokers = MIX[i % len(MIX)]
        variant = get_variant(variant_id, options)
        size = rng.randint(0, 100)
        limit = packs * 52 + jokers - 15
        out.append(big_position(rng, variant, packs, jokers, table_cards=min(size, limit)))
    return out


def reference(variant: Variant, table: Table, hand: Sequence[Card]) -> int | None:
    """The plain model: all candidates, one addRow per row. Returns the cards played."""
    jokers_in_play = sum(1 for c in list(table.cards()) + list(hand) if c.is_joker)
    jmax = min(variant.jokers_per_meld or 4, jokers_in_play)
    tpl = shape_table(variant.ace, variant.run_min, jmax, variant.joker_identity == "free")
    table_count = defaultdict(int)
    hand_count = defaultdict(int)
    for card in table.cards():
        table_count[-1 if card.is_joker else face_index(card)] += 1
    for card in hand:
        hand_count[-1 if card.is_joker else face_index(card)] += 1
    h = highspy.Highs()
    h.setOptionValue("output_flag", False)
    h.setOptionValue("mip_rel_gap", 0.0)
    h.setOptionValue("threads", 1)
    inf = highspy.kHighsInf
    big = len(table.melds) + 1
    ncand = len(tpl.joker_slots)
    for _ in range(ncand):
        h.addVar(0, 4)
    h.changeColsIntegrality(ncand, np.arange(ncand, dtype=np.int32),
                            np.ones(ncand, dtype=np.uint8))
    y = {}
    for key, n in hand_count.items():
        y[key] = h.getNumCol()
        h.addVar(0, n)
        h.changeColCost(y[key], -big)
        h.changeColIntegrality(y[key], highspy.HighsVarType.kInteger)
    rows: dict[int, list[tuple[int, float]]] = defaultdict(list)
    for c in range(ncand):
        for f in tpl.natural_faces[c]:
            if f >= 0:
                rows[int(f)].append((c, 1.0))
        if tpl.joker_slots[c]:
            rows[-1].append((c, float(tpl.joker_slots[c])))
    for key in set(rows) | set(table_count) | set(hand_count):
        entries = list(rows.get(key, []))
        if key in y:
            entries.append((y[key], -1.0))
        rhs = float(table_count.get(key, 0))
        if entries:
            idx, val = zip(*entries, strict=True)
            h.addRow(rhs, rhs, len(idx), np.array(idx, dtype=np.int32), np.array(val))
        elif rhs:
            return None
    for meld in table.melds:  # kept whole: one indicator per start meld with its shape
        naturals = tuple(sorted(face_index(c) for c in meld if not c.is_joker))
        key = tpl.key_of(naturals, [face_index(table.declared[c]) for c in meld
                                    if c.is_joker and c in table.declared],
                         sum(1 for c in meld if c.is_joker))
        if key in tpl.row_of_key:
            k = h.getNumCol()
            h.addVar(0, 1)
            h.changeColCost(k, -1)
            h.addRow(-inf, 0, 2, np.array([k, tpl.row_of_key[key]], dtype=np.int32),
                     np.array([1.0, -1.0]))
    if y:
        idx = np.array(list(y.values()), dtype=np.int32)
        h.addRow(1, inf, len(idx), idx, np.ones(len(idx)))
    else:
        return None
    h.run()
    if h.getModelStatus() != highspy.HighsModelStatus.kOptimal:
        return None
    values = h.getSolution().col_value
    return int(round(sum(values[i] for i in y.values())))


def _summary(name: str, wall: list[float], cpu: list[float]) -> str:
    def stats(xs: list[float]) -> str:
        xs = sorted(xs)
        p99 = xs[min(len(xs) - 1, int(round(0.99 * (len(xs) - 1))))]
        return (f"median {statistics.median(xs):7.2f}  p99 {p99:7.2f}  "
                f"max {xs[-1]:7.2f}")
    return f"{name:<28} wall ms: {stats(wall)}   cpu ms: {stats(cpu)}"


def _timed(fn):
    w0, c0 = time.perf_counter(), time.process_time()
    result = fn()
    return result, (time.perf_counter() - w0) * 1e3, (time.process_time() - c0) * 1e3


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=320)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--no-reference", action="store_true",
                        help="time the solver only")
    parser.add_argument("--no-tie-break", action="store_true",
                        help="skip comparing the fast tie-break with the proven one")
    args = parser.parse_args(argv)
    bench = positions(args.count, args.seed)
    # start-up, not a solve: the candidate shapes are built once per rule set and joker
    # count in a process (solving only the first positions left some to the timed solves)
    started = time.perf_counter()
    for pos in bench:
        prepare(pos.variant, pos.table, pos.hand)
    prepared = (time.perf_counter() - started) * 1000
    for pos in bench[:8]:  # and the interpreter's and HiGHS's first calls
        solve(pos.variant, pos.table, pos.hand, True)
    wall: dict[str, list[float]] = defaultdict(list)
    cpu: dict[str, list[float]] = defaultdict(list)
    ref_wall: list[float] = []
    ref_cpu: list[float] = []
    worse = agree = compared = 0
    kept_gap: dict[int, int] = defaultdict(int)  # proven kept melds - fast kept melds
    for pos in bench:
        solution, w, c = _timed(lambda p=pos: solve(p.variant, p.table, p.hand, True))
        wall[pos.variant.id].append(w)
        cpu[pos.variant.id].append(c)
        wall["all"].append(w)
        cpu["all"].append(c)
        if not args.no_tie_break and solution is not None:
            proven = solve(pos.variant, pos.table, pos.hand, True, proven_tie_break=True)
            assert proven is not None and proven.value == solution.value
            kept_gap[proven.kept_melds - solution.kept_melds] += 1
        if args.no_reference:
            continue
        ref, w, c = _timed(lambda p=pos: reference(p.variant, p.table, p.hand))
        ref_wall.append(w)
        ref_cpu.append(c)
        ours = 0 if solution is None else len(solution.played)
        compared += 1
        agree += ours == (ref or 0)
        worse += ours > (ref or 0)
    sizes = [p.table.card_count() for p in bench]
    print(f"{len(bench)} positions, table {min(sizes)}-{max(sizes)} cards "
          f"(mean {statistics.mean(sizes):.0f}), hands of {len(bench[0].hand)}")
    print(f"start-up: candidate shapes of every rule set built in {prepared:.0f} ms")
    print(_summary("solve (all)", wall["all"], cpu["all"]))
    for variant_id, *_ in MIX:
        if wall[variant_id]:  # fewer positions than variants leaves some without any
            print(_summary(f"  solve {variant_id}", wall[variant_id], cpu[variant_id]))
    if kept_gap:
        same = kept_gap.get(0, 0)
        # more than the proven one happens when its budget ran out before the proof
        other = ", ".join(f"{abs(n)} {'fewer' if n > 0 else 'more'} on {kept_gap[n]}"
                          for n in sorted(kept_gap) if n)
        print(f"fast tie-break: as many start melds kept whole as the proven one on "
              f"{same}/{sum(kept_gap.values())} plays{'; ' + other if other else ''}")
    if ref_wall:
        print(_summary("reference (plain MILP)", ref_wall, ref_cpu))
        print(f"cards played equal to the reference's relaxation bound on {agree}/{compared}"
              f" positions (higher: {worse}, must be 0)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
