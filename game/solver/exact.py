"""The exact arrangement: the best legal play of a position, proven optimal.

The rule "a player who can play must play" needs an exact oracle, and the computer
players need the best play, so both come from one integer program (HiGHS): see
``game.solver.model`` (the model), ``game.solver.tags`` (joker and first-play rules),
``game.solver.milp`` (how it is solved) and ``game.solver.realise`` (solution to cards).

Every answer is turned into physical cards and checked by ``check_turn``, the ground truth.
The joker rules start counted (``game.solver.hosts`` and ``game.solver.homes`` count where
a joker may end per meld shape); should the check refuse the answer, the exact joker model
is built, or (a rule combination outside the exact model, e.g. several jokers per meld with
declared jokers on the table) that solution is cut off and the program solved again, so
the answer is always legal.

Branch and bound is the last resort: HiGHS spends milliseconds on it even for models it
closes at the root. A fractional LP relaxation first goes to a dive, then to
``game.solver.search``, a combinatorial search for a play reaching the relaxation's bound
on the primary: first among the start melds the relaxation breaks up (ordered by the melds
it uses), then over the whole table. A play reaching a proven bound is optimal. The
kept-melds tie-break is taken as such a play has it (fast, the default), or proven by
branch and bound (``proven_tie_break``, for hints). Should branch and bound be needed for
the primary alone, a dive with the primary held at its optimum restores the tie-break; it
starts from a play one short of the relaxation's bound (a dive's), which turns tens of
milliseconds of proof into a few.
"""

from __future__ import annotations

import itertools
from collections.abc import Collection, Sequence

import numpy as np

from game.engine.cards import Card
from game.engine.melds import check_meld
from game.engine.opening import openings
from game.engine.scoring import meld_points
from game.engine.table import Table
from game.engine.turn import TurnCheck, check_turn
from game.engine.variants import Variant
from game.solver.budget import BUILD_WORK, SEARCH_WORK, Work, as_work
from game.solver.model import Model, Position
from game.solver.play import Arrangement, FoundPlay
from game.solver.realise import realise
from game.solver.search import SEARCH_NODES, play_of_value

MAX_CUTS = 200  # solutions cut off before the search gives up (it never has)
GUIDE_NODES = 32  # nodes of the search guided by the LP relaxation (about 2 ms here)


def arrange(variant: Variant, table: Table, hand: Sequence[Card], opened: bool, *,
            objective: str = "cards", keep: Collection[Card] = (), exactly: int | None = None,
            keep_jokers: bool = False, work: int | Work | None = None,
            tie_break: bool = True, proven_tie_break: bool = False) -> Arrangement | None:
    """The optimal legal play with the start melds it keeps whole (see ``best_play``);
    ``tie_break=False`` skips preferring kept melds (for a yes/no question).

    The primary objective is always proven optimal. The tie-break (most start melds kept
    whole) is fast by default: a play reaching the LP relaxation's bound on the primary,
    found by diving or by the combinatorial search, is taken as it is (nearly always one
    keeping the most melds too). ``proven_tie_break=True`` proves that as well by branch
    and bound, within ``KEPT_NODES`` nodes, for a hint a person reads.

    ``work`` bounds the whole search (units, see ``RUN_WORK``; a ``Work`` to share one
    budget among searches): past it, ``OutOfWork`` (a ``TimeoutError``). It counts solver
    steps, not seconds, so the answer is the same on every machine."""
    problem = Position(variant, table, hand, opened, objective, keep, exactly, keep_jokers,
                       tie_break, proven_tie_break)
    budget = as_work(work)
    initial = None
    if not opened and variant.initial_meld.required:
        initial = variant.initial_meld.kind  # a meld, a run of 3, or points
    attempts = [(initial, True)]
    if initial is not None and table.free and exactly in (None, 0):
        attempts.append((None, False))  # only free cards: no first-play rule applies
    for rule, hand_allowed in attempts:
        if not hand_allowed and not table.free:
            continue
        result = _solve_loop(problem, rule, hand_allowed, budget)
        if result is not None:
            if initial is not None and hand_allowed:
                result = _joined_opening(problem, result, budget)
            return result
    return None


def _joined_opening(problem: Position, found: Arrangement,
                    work: Work) -> Arrangement:
    """A first play worth more than ``found`` that joins its opening to table cards.

    The model above asks the opening to stand as a meld of the end table; the rule only
    asks the hand cards played to include it (``game.engine.opening``). Once the opening is
    down, the rest of the turn is an ordinary play, so each opening the hand can make is
    put on the table as a start meld (its cards can then only stay on the table) and the
    remaining hand solved as an opened player's. Tried only when an opened player's play
    is worth more than ``found``, and only until that bound is reached."""
    v, table = problem.variant, problem.table
    if problem.exactly is not None:
        return found
    total = sum(problem.weight.values())
    if found.play.value >= total:
        return found
    opened = _solve_loop(Position(v, table, problem.hand, True, problem.objective,
                                  problem.keep, None, problem.keep_jokers, False, False),
                         None, True, work)
    if opened is None or opened.play.value <= found.play.value:
        return found
    bound = opened.play.value
    best = found
    for meld in _openings_to_try(v, problem.usable):
        check = check_meld(meld, v)
        start = Table.of(list(table.melds) + [list(check.ordered)], table.free,
                         {**table.declared, **check.joker_faces})
        rest = [c for c in problem.hand if c not in set(meld)]
        sub = Position(v, start, rest, True, problem.objective, problem.keep, None,
                       problem.keep_jokers, problem.tie_break, problem.proven_tie_break)
        joined = _solve_loop(sub, None, True, work)
        end = start if joined is None else joined.play.table
        accepted = _accept(problem, end)
        if accepted is not None and accepted.play.value > best.play.value:
            best = accepted
            if best.play.value >= bound:
                break
    return best


def _openings_to_try(variant: Variant, usable: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Groups of hand cards that meet the first-play rule by themselves, smallest first:
    single openings, and for a points rule pairs of melds where one is not worth enough."""
    melds = [(meld, meld_points(check.faces, check.kind)) for meld, check in
             openings(variant, usable)]
    needed = variant.initial_meld_points
    if needed is None:
        return [meld for meld, _ in melds]
    found = [meld for meld, points in melds if points >= needed]
    for (a, pa), (b, pb) in itertools.combinations(melds, 2):
        if pa + pb >= needed and pa < needed and pb < needed and not set(a) & set(b):
            found.append(a + b)
    return sorted(found, key=len)


def _solve_loop(problem: Position, rule: str | None, hand_allowed: bool,
                work: Work) -> Arrangement | None:
    cuts: list[np.ndarray] = []
    model: Model  # the model being solved (the closures below read the current one)
    searched: dict[str, Arrangement | None] = {}  # the search's play (or None), made once

    total = sum(problem.weight.values())  # the whole hand: always a bound

    def search(bound: int) -> Arrangement | None:
        """A play worth ``bound`` (a bound on the primary, so optimal), from the search."""
        bound = min(bound, total)
        guided = searched.get("guided")
        if guided is not None and guided.play.value >= bound:
            return guided
        if "play" not in searched:
            work.check()
            work.spend(SEARCH_WORK * SEARCH_NODES)  # its most: the search counts its nodes
            end = play_of_value(problem.variant, problem.table, problem.usable,
                                problem.opened, problem.exactly, problem.weight, bound,
                                SEARCH_NODES)
            searched["play"] = None if end is None else _accept(problem, end)
        found = searched["play"]
        return found if found is not None and found.play.value >= bound else None

    def rescue(bound: int) -> float | None:
        """The objective value of a play worth the MILP's bound, from the search."""
        found = search(bound)
        return None if found is None else builder.big * found.play.value + found.kept_melds

    def guide(relaxed: np.ndarray, lp_value: float) -> tuple[float, bool] | None:
        """A play reaching the LP relaxation's bound on the primary, searched among the
        start melds the relaxation breaks up (those it keeps whole stay so): a small search,
        and a play a person can follow. Its objective value, and whether no play is worth
        more (the secondary too: a better play would keep a whole meld more)."""
        big = builder.big
        bound = min(builder.primary_bound(lp_value), total)
        if bound <= 0:
            return None
        kept = model.kept_in(relaxed)
        table = problem.table
        rest = Table.of([m for i, m in enumerate(table.melds) if i not in kept], table.free,
                        table.declared)
        work.check()
        work.spend(SEARCH_WORK * GUIDE_NODES)
        end = play_of_value(problem.variant, rest, problem.usable, problem.opened,
                            problem.exactly, problem.weight, bound, GUIDE_NODES,
                            check=False,
                            prefer=model.melds_used(relaxed),
                            releases=model.releases_in(relaxed))
        if end is None:
            return None
        whole_melds = [table.melds[i] for i in sorted(kept)]
        declared = {c: f for c, f in table.declared.items()
                    if any(c in meld for meld in whole_melds)}  # jokers of kept melds
        whole = Table.of(whole_melds + list(end.melds), end.free, {**declared, **end.declared})
        found = _accept(problem, whole)
        if found is None or found.play.value < bound:
            return None
        searched["guided"] = found
        value = big * found.play.value + found.kept_melds
        return value, builder.proves_kept(value, lp_value)

    checked: dict[bytes, TurnCheck] = {}

    def check_of(solution: np.ndarray) -> TurnCheck:
        """What ``check_turn`` says of a whole solution's table (each judged once)."""
        key = solution.tobytes()
        if key not in checked:
            end = realise(model, solution)
            checked[key] = check_turn(problem.variant, problem.table, problem.hand, end,
                                      problem.opened)
        return checked[key]

    def legal(solution: np.ndarray) -> bool:
        return check_of(solution).ok

    searchable = rule is None and hand_allowed
    for _ in range(MAX_CUTS):
        work.check()
        model = Model(problem, rule, hand_allowed, cuts)
        builder = model.program
        work.spend(BUILD_WORK + builder.ncol // 4)
        builder.work = work
        solution = builder.solve(rescue if searchable else None,
                            guide if searchable and builder.kept_cols else None,
                            None if builder.dive_ok else legal)
        if isinstance(solution, str):
            return searched.get("guided") or searched.get("play")
        if solution is None:
            return None
        check = check_of(solution)
        if not check.ok and searchable:
            # the refused answer is optimal for a relaxation of the joker rules: its value
            # bounds the primary, its kept melds the tie-break; a search play reaching the
            # primary is the answer (a proven tie-break: reaching both)
            found = search(builder.primary_of(solution))
            if found is not None and (
                    builder.fast or not builder.kept_proven
                    or found.kept_melds >= builder.kept_of(solution)):
                return found
        if not check.ok and problem.tighten():
            cuts = []
            continue
        if check.ok:
            return _arrangement(problem, check)
        cuts.append(solution[: model.base_cols])
    raise RuntimeError("the arrangement search did not converge")


def _accept(problem: Position, end: Table) -> Arrangement | None:
    """The arrangement for an end table, if ``check_turn`` accepts it."""
    check = check_turn(problem.variant, problem.table, problem.hand, end, problem.opened)
    return _arrangement(problem, check) if check.ok else None


def _arrangement(problem: Position, check: TurnCheck) -> Arrangement:
    """An accepted end table with its value and the start melds it keeps whole."""
    assert check.table is not None
    played = check.played
    value = sum(problem.weight[c] for c in played)
    start_sets = [frozenset(m) for m in problem.table.melds]
    end_sets = {frozenset(m) for m in check.table.melds}
    kept = sum(1 for m in start_sets if m in end_sets)
    return Arrangement(FoundPlay(check.table, played, value), kept, check, check.released)
