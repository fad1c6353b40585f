"""The integer program: a HiGHS model assembled column by column, and the strategy that
solves it within a work budget (see ``game.solver.budget``).

The LP relaxation comes first: a whole optimum is the answer. A fractional one goes to a
dive (round the most nearly whole column, solve the LP again from its basis), then to the
combinatorial searches the caller passes in (``guide``, ``rescue``); branch and bound is
the last resort, on the primary objective alone when the tie-break is the fast one.
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Callable, Sequence

import highspy
import numpy as np
from numpy.typing import ArrayLike

from game.solver.budget import ROUND_WORK, RUN_WORK, SIZE_STEP, OutOfWork, Work

KEPT_NODES = 40  # branch-and-bound nodes for proving the most start melds kept (the
# primary is always proven)
_DIVE_STEPS = 40  # LP re-solves in a dive
_NO_LIMIT = 2147483647  # HiGHS's "no limit" for its integer options
USE_INCUMBENT = "incumbent"  # Program.solve: the search's play is the answer
_QUIET_HEURISTICS = (
    "mip_heuristic_run_feasibility_jump", "mip_heuristic_run_rins", "mip_heuristic_run_rens",
    "mip_heuristic_run_root_reduced_cost", "mip_heuristic_run_zi_round",
)

_banner_lock = threading.Lock()
_banner_done = False


def _as_ints(values: ArrayLike) -> np.ndarray:
    """A solution's column values rounded to the integers they are."""
    result: np.ndarray = np.rint(np.asarray(values, dtype=float)).astype(np.int64)
    return result


def new_highs() -> highspy.Highs:
    """A HiGHS instance that prints nothing. HiGHS (1.16 at least) prints its banner on
    the C library's standard output when the first instance of a process is built, before
    any option can be set, and no highspy version offers a constructor option to stop it:
    so that one construction runs with file descriptor 1 on the null device (``os.dup2``
    works on Windows too), and every instance then has ``output_flag`` off."""
    global _banner_done
    if not _banner_done:
        with _banner_lock:
            if not _banner_done:
                sys.stdout.flush()
                saved, null = os.dup(1), os.open(os.devnull, os.O_WRONLY)
                os.dup2(null, 1)
                try:
                    highs = highspy.Highs()  # type: ignore[no-untyped-call]
                finally:
                    os.dup2(saved, 1)
                    os.close(saved)
                    os.close(null)
                _banner_done = True
                highs.setOptionValue("output_flag", False)
                return highs
    highs = highspy.Highs()  # type: ignore[no-untyped-call]
    highs.setOptionValue("output_flag", False)
    return highs


def start_from(highs: highspy.Highs, solution: np.ndarray) -> None:
    """Give branch and bound a whole solution to start from."""
    incumbent = highspy.HighsSolution()
    incumbent.col_value = list(np.asarray(solution, dtype=float))
    incumbent.value_valid = True
    highs.setSolution(incumbent)


class Program:
    """A MILP assembled column by column (the candidate block is added with numpy), and
    the strategy that solves it: LP relaxation, dive, searches, branch and bound."""

    def __init__(self) -> None:
        self.lb: list[np.ndarray] = []
        self.ub: list[np.ndarray] = []
        self.cost: list[np.ndarray] = []
        self.integer: list[np.ndarray] = []
        self._single: list[tuple[float, float, float]] = []  # scalar columns not yet flushed
        self.ncol = 0
        self.row_lb: list[float] = []
        self.row_ub: list[float] = []
        self.block_rows: list[np.ndarray] = []
        self.block_cols: list[np.ndarray] = []
        self.block_vals: list[np.ndarray] = []
        self._entry_rows: list[int] = []
        self._entry_cols: list[int] = []
        self._entry_vals: list[float] = []
        self.kept_cols: list[int] = []  # the secondary objective's columns
        self.primary_cols: list[int] = []  # hand cards played (cost = big * weight)
        self.big = 1.0
        self.kept_proven = True  # False: the answer's kept melds are only the best found
        self.dive_ok = True  # try diving on a fractional LP relaxation before branching
        # fast: a play whose primary is proven optimal is the answer even when its kept
        # melds are not proven the most (no branch and bound for the tie-break)
        self.fast = True
        self.release_cols = False  # joker releases (penalised in the objective) modelled
        self.work = Work()  # the budget every HiGHS run spends from
        self._work_capped = False  # the last MIP run's node limit was the budget's
        # the column arrays joined, once the model is passed to HiGHS (see ``solve``)
        self._cost_all = self._lb_all = self._ub_all = np.zeros(0)
        self._integ_all = np.zeros(0, dtype=bool)

    def cols(self, lb: ArrayLike, ub: ArrayLike, cost: ArrayLike,
             integer: bool = True) -> np.ndarray:
        self.flush()
        lb = np.asarray(lb, dtype=float)
        n = lb.size
        self.lb.append(lb)
        self.ub.append(np.broadcast_to(np.asarray(ub, dtype=float), (n,)).copy())
        self.cost.append(np.broadcast_to(np.asarray(cost, dtype=float), (n,)).copy())
        self.integer.append(np.full(n, 1 if integer else 0, dtype=np.int32))
        first = self.ncol
        self.ncol += n
        return np.arange(first, first + n)

    def col(self, lb: float, ub: float, cost: float = 0.0) -> int:
        """One integer column (thousands per model: kept as plain tuples until flushed)."""
        self._single.append((lb, ub, cost))
        self.ncol += 1
        return self.ncol - 1

    def flush(self) -> None:
        """Move the single columns into the column arrays, keeping their order."""
        if self._single:
            block = np.array(self._single, dtype=float).reshape(-1, 3)
            self.lb.append(block[:, 0].copy())
            self.ub.append(block[:, 1].copy())
            self.cost.append(block[:, 2].copy())
            self.integer.append(np.ones(len(block), dtype=np.int32))
            self._single = []

    def row(self, lb: float, ub: float, entries: Sequence[tuple[int, float]] = ()) -> int:
        index = len(self.row_lb)
        self.row_lb.append(lb)
        self.row_ub.append(ub)
        for col, val in entries:
            self._entry_rows.append(index)
            self._entry_cols.append(int(col))
            self._entry_vals.append(val)
        return index

    def add(self, row: int, col: int, val: float) -> None:
        self._entry_rows.append(row)
        self._entry_cols.append(int(col))
        self._entry_vals.append(val)

    def block(self, rows: np.ndarray, cols: np.ndarray, vals: np.ndarray) -> None:
        self.block_rows.append(np.asarray(rows, dtype=np.int64))
        self.block_cols.append(np.asarray(cols, dtype=np.int64))
        self.block_vals.append(np.asarray(vals, dtype=float))

    def _run_lp(self, highs: highspy.Highs) -> highspy.HighsModelStatus:
        """Run HiGHS on the LP relaxation within the work budget (OutOfWork past it)."""
        self.work.check()
        left = self.work.left
        per = self._iteration_work(highs)
        highs.setOptionValue("simplex_iteration_limit",
                         _NO_LIMIT if left is None else max(1, min(_NO_LIMIT, left // per)))
        highs.run()
        self.work.spend(RUN_WORK + per * max(0, highs.getInfo().simplex_iteration_count))
        status = highs.getModelStatus()
        if status == highspy.HighsModelStatus.kIterationLimit:
            raise OutOfWork("the arrangement search ran out of its work budget")
        return status

    @staticmethod
    def _iteration_work(highs: highspy.Highs) -> int:
        """Units one simplex iteration of this model costs."""
        return 1 + (highs.getNumCol() + highs.getNumRow()) // SIZE_STEP

    def _run_mip(self, highs: highspy.Highs, nodes: int | None) -> highspy.HighsModelStatus:
        """Run branch and bound on at most ``nodes`` nodes and within the work budget.
        HiGHS's node limit does not bound the root (rounds of cuts), so its interrupt
        callback, called at fixed points of the search, counts rounds and stops the run
        once they and the nodes cost the budget. A node limit reached, or the budget, is
        ``kIterationLimit`` (``_work_capped`` says the budget stopped it)."""
        self.work.check()
        left = self.work.left
        nodes = _NO_LIMIT if nodes is None else nodes
        highs.setOptionValue("simplex_iteration_limit", _NO_LIMIT)
        highs.setOptionValue("mip_max_nodes", int(nodes))
        round_work = ROUND_WORK * (highs.getNumCol() + highs.getNumRow())
        rounds = [0]
        stopped = [False]

        def count(event: object) -> None:
            rounds[0] += 1
            if left is not None and rounds[0] * round_work >= left:
                stopped[0] = True
                event.interrupt()  # type: ignore[attr-defined]

        highs.cbMipInterrupt.subscribe(count)
        try:
            highs.run()
        finally:
            highs.cbMipInterrupt.unsubscribe(count)
        info = highs.getInfo()
        self.work.spend(RUN_WORK + rounds[0] * round_work
                        + self._iteration_work(highs) * max(0, info.simplex_iteration_count))
        status = highs.getModelStatus()
        self._work_capped = stopped[0]
        if status == highspy.HighsModelStatus.kInterrupt:
            return highspy.HighsModelStatus.kIterationLimit
        return status

    def solve(self, rescue: Callable[[int], float | None] | None = None,
              guide: Callable[[np.ndarray, float], tuple[float, bool] | None] | None = None,
              legal: Callable[[np.ndarray], bool] | None = None,
              ) -> np.ndarray | str | None:
        """Maximise; None when infeasible. The LP relaxation first: a whole optimum is the
        answer. A fractional one goes, in turn, to a dive, to ``guide(x, value)`` (a search
        guided by it: the objective value of a legal play reaching the relaxation's bound on
        the primary, and whether no play is worth more) and, with the fast tie-break, to
        ``rescue(bound)`` (the search over the whole table); a play they find reaching the
        bound is the answer (``USE_INCUMBENT`` when it is the search's), its kept melds
        proven or not (``kept_proven``). The proven tie-break takes only proven ones and
        starts branch and bound from the dive's play.

        Branch and bound, with the fast tie-break, runs on the primary alone (see
        ``_primary_alone``: a dive held to its optimum keeps start melds whole), from a play
        one short of the relaxation's bound when a dive finds one (``_short_of_bound``; should
        it reach the bound after all, it is the answer). With the proven
        one it gets ``KEPT_NODES`` nodes for the secondary objective (start melds kept):
        past them, an incumbent whose primary value the dual bound already proves optimal is
        taken; else ``rescue(bound)`` (unless the incumbent is worth more); else the primary
        alone. ``legal`` judges a relaxed joker model's plays. Every HiGHS run spends from
        ``work``: past it, ``OutOfWork``."""
        self.flush()
        rows = np.concatenate(self.block_rows + [np.asarray(self._entry_rows, dtype=np.int64)])
        cols = np.concatenate(self.block_cols + [np.asarray(self._entry_cols, dtype=np.int64)])
        vals = np.concatenate(self.block_vals + [np.asarray(self._entry_vals, dtype=float)])
        order = np.argsort(cols, kind="stable")
        rows, cols, vals = rows[order], cols[order], vals[order]
        start = np.searchsorted(cols, np.arange(self.ncol)).astype(np.int32)
        nrow = len(self.row_lb)
        cost = np.concatenate(self.cost)
        self._cost_all = cost
        self._lb_all, self._ub_all = np.concatenate(self.lb), np.concatenate(self.ub)
        integrality = np.concatenate(self.integer)
        self._integ_all = integrality.astype(bool)
        highs = new_highs()
        highs.setOptionValue("mip_rel_gap", 0.0)
        highs.setOptionValue("mip_abs_gap", 1e-6)
        highs.setOptionValue("threads", 1)
        highs.setOptionValue("presolve", "off")  # small models: presolve's probing costs more
        for name in _QUIET_HEURISTICS:  # the root LP is tight here: these only cost time
            highs.setOptionValue(name, False)
        budget = KEPT_NODES if self.kept_cols else None
        highs.passModel(self.ncol, nrow, len(vals), 1, -1, 0.0,
                    cost, self._lb_all, self._ub_all,
                    np.asarray(self.row_lb, dtype=float), np.asarray(self.row_ub, dtype=float),
                    start, rows.astype(np.int32), vals, integrality)
        # the LP relaxation first: when its optimum is integral it is the answer
        highs.setOptionValue("solve_relaxation", True)
        self._run_lp(highs)
        relaxed = None  # the LP relaxation's optimum, when fractional
        if highs.getModelStatus() == highspy.HighsModelStatus.kInfeasible:
            return None
        if highs.getModelStatus() == highspy.HighsModelStatus.kOptimal:
            x = np.asarray(highs.getSolution().col_value)
            rounded = np.rint(x)
            if np.abs(x - rounded).max(initial=0.0) < 1e-7:
                return _as_ints(rounded)
            relaxed = x
            lp_value = highs.getObjectiveValue()
            dived = None
            if self._can_judge(legal):
                dived = self._dive(highs, x, lp_value)
                if dived is not None and self._accepts(dived, legal):
                    if self.fast or self.kept_proven:
                        return dived
                else:
                    dived = None
                self.kept_proven = True
            if guide is not None:
                guided = guide(x, lp_value)
                if guided is not None and (self.fast or guided[1]):
                    self.kept_proven = guided[1]
                    return USE_INCUMBENT
            if self.fast and rescue is not None and \
                    rescue(self.primary_bound(lp_value)) is not None:
                self.kept_proven = False  # the search's play: the primary only is proven
                return USE_INCUMBENT
            if dived is not None:  # branch and bound starts from the dive's play
                start_from(highs, dived)
        if self.fast and self.kept_cols:
            # dive and searches failed: the LP's bound is likely out of reach, and branch and
            # bound on the primary alone proves that sooner than with the tie-break, far
            # sooner from a play one short of the bound
            warm = (None if relaxed is None
                    else self._short_of_bound(highs, relaxed, lp_value, legal))
            if warm is not None and self.primary_of(warm) >= self.primary_bound(lp_value):
                self.kept_proven = False  # the bound reached after all
                return self._keep_more(highs, cost, warm, legal)
            highs.setOptionValue("solve_relaxation", False)
            return self._primary_alone(highs, cost, warm, legal)
        highs.setOptionValue("solve_relaxation", False)
        if not self.kept_cols:  # the primary is all there is (see _primary_alone)
            highs.setOptionValue("mip_abs_gap", self.big - 0.5)
        status = self._run_mip(highs, budget)
        if status == highspy.HighsModelStatus.kIterationLimit:
            info = highs.getInfo()
            found = info.primal_solution_status == 2
            if found:
                solution = np.asarray(highs.getSolution().col_value)
                primary = sum(cost[c] * solution[c] for c in self.primary_cols) / self.big
                if info.mip_dual_bound < self.big * (round(primary) + 1) - 1e-6:
                    self.kept_proven = False
                    return _as_ints(solution)  # primary proven, kept best found
            if budget is None or self._work_capped:
                raise OutOfWork("the arrangement search ran out of its work budget")
            # releases and kept melds together are worth less than one primary unit (no
            # dual bound yet: the rescue falls back on the whole hand's value)
            dual = info.mip_dual_bound
            bound = self.primary_bound(dual) if np.isfinite(dual) else 1 << 30
            known = None if rescue is None else rescue(bound)
            if known is not None:
                if found and info.objective_function_value > known + 1e-6:
                    self.kept_proven = False
                    return _as_ints(solution)
                return USE_INCUMBENT
            return self._primary_alone(highs, cost, solution if found else None, legal)
        if status != highspy.HighsModelStatus.kOptimal:
            return None  # infeasible: no legal play
        return _as_ints(highs.getSolution().col_value)

    def _primary_alone(self, highs: highspy.Highs, cost: np.ndarray,
                       warm: np.ndarray | None,
                       legal: Callable[[np.ndarray], bool] | None) -> np.ndarray | None:
        """Branch and bound on the primary alone, to proven optimality (from ``warm``, a
        whole solution, if given); then start melds kept whole by ``_keep_more``. None: no
        legal play."""
        keep_cost = cost.copy()
        keep_cost[self.kept_cols] = 0.0
        highs.changeColsCost(self.ncol, np.arange(self.ncol, dtype=np.int32), keep_cost)
        # the objective is big times the primary, less release penalties under one half:
        # an incumbent less than big - 1/2 below the dual bound has the best primary
        highs.setOptionValue("mip_abs_gap", self.big - 0.5)
        if warm is not None:
            start_from(highs, warm)
        status = self._run_mip(highs, None)
        if status == highspy.HighsModelStatus.kIterationLimit:
            raise OutOfWork("the arrangement search ran out of its work budget")
        self.kept_proven = False
        if status != highspy.HighsModelStatus.kOptimal:
            return None  # infeasible: no legal play
        best = _as_ints(highs.getSolution().col_value)
        if self._can_judge(legal):
            return self._keep_more(highs, cost, best, legal)
        return best

    def _short_of_bound(self, highs: highspy.Highs, relaxed: np.ndarray, lp_value: float,
                        legal: Callable[[np.ndarray], bool] | None) -> np.ndarray | None:
        """A legal play one short of the LP relaxation's bound on the primary (or reaching
        it), for branch and bound to start from: with it, proving the bound out of reach
        takes a few milliseconds instead of tens. A dive to it; failing that, a dive after
        giving up the hand card the relaxation plays least. None if neither finds one."""
        if not self._can_judge(legal):
            return None
        proven = self.kept_proven  # a start for branch and bound: it proves nothing
        target = self.primary_bound(lp_value) - 1
        try:
            found = self._dive(highs, relaxed, lp_value, target)
            if found is not None and self._accepts(found, legal):
                return found
            part = relaxed - np.floor(relaxed + 1e-9)
            hand = [c for c in self.primary_cols if 1e-7 < part[c] < 1 - 1e-7]
            if not hand:
                return None
            j = min(hand, key=lambda c: part[c])
            low, high = float(self._lb_all[j]), float(self._ub_all[j])
            highs.changeColBounds(j, low, float(np.floor(relaxed[j])))
            try:
                if self._run_lp(highs) != highspy.HighsModelStatus.kOptimal:
                    return None
                found = self._dive(highs, np.asarray(highs.getSolution().col_value),
                                   highs.getObjectiveValue(), target)
            finally:
                highs.changeColBounds(j, low, high)
            return found if found is not None and self._accepts(found, legal) else None
        finally:
            self.kept_proven = proven

    def _keep_more(self, highs: highspy.Highs, cost: np.ndarray, best: np.ndarray,
                   legal: Callable[[np.ndarray], bool] | None) -> np.ndarray:
        """A solution of ``best``'s (optimal) primary keeping more start melds whole, by a
        dive on the LP relaxation held to that primary (one ``legal`` accepts, for a
        relaxed joker model); else ``best``."""
        primary = self.primary_of(best)
        cols = np.asarray(self.primary_cols, dtype=np.int32)
        highs.addRow(self.big * primary - 1e-6, highspy.kHighsInf, len(cols), cols, cost[cols])
        highs.changeColsCost(self.ncol, np.arange(self.ncol, dtype=np.int32), cost)
        highs.setOptionValue("solve_relaxation", True)
        if self._run_lp(highs) != highspy.HighsModelStatus.kOptimal:
            return best
        x = np.asarray(highs.getSolution().col_value)
        dived = self._dive(highs, x, highs.getObjectiveValue(), primary)
        if dived is None or float(cost @ dived) <= float(cost @ best) + 1e-9:
            return best
        if not self._accepts(dived, legal):
            return best
        return dived

    def _dive(self, highs: highspy.Highs, x: np.ndarray, lp_value: float,
              primary: int | None = None) -> np.ndarray | None:
        """An integral solution whose primary reaches the LP relaxation's bound, by diving:
        the most nearly whole column is rounded up (the other way when that loses the
        bound) and the LP solved again from its basis, until the solution is whole. None
        when a column loses the bound both ways, or after ``_DIVE_STEPS``; the model's
        bounds are restored either way. ``primary``: the primary to reach, when lower."""
        lb, ub, integ = self._lb_all, self._ub_all, self._integ_all
        if primary is None:
            primary = self.primary_bound(lp_value)
        floor_value = self.big * primary - 0.5  # kept melds and releases cost less than this
        changed: list[int] = []
        found = None
        try:
            for _ in range(_DIVE_STEPS):
                frac = np.where(integ, x - np.floor(x + 1e-9), 0.0)
                frac[frac < 1e-7] = 0.0
                frac[frac > 1 - 1e-7] = 0.0
                if not frac.any():
                    found = np.rint(x).astype(np.int64)
                    break
                j = int(np.argmax(frac))
                up, down = float(np.ceil(x[j])), float(np.floor(x[j]))
                changed.append(j)
                for low, high in ((up, ub[j]), (lb[j], down)):
                    highs.changeColBounds(j, low, high)
                    if self._run_lp(highs) == highspy.HighsModelStatus.kOptimal and \
                            highs.getObjectiveValue() >= floor_value - 1e-7:
                        break
                else:
                    return None
                x = np.asarray(highs.getSolution().col_value)
        finally:
            for j in changed:
                highs.changeColBounds(j, lb[j], ub[j])
        if found is not None:
            self.kept_proven = self.proves_kept(float(self._cost_all @ found), lp_value)
        return found

    def _can_judge(self, legal: Callable[[np.ndarray], bool] | None) -> bool:
        """Can a dive's whole solution be judged (so diving is worth it)? In the exact joker
        model always; in the relaxed one only with ``legal``."""
        return self.dive_ok or legal is not None

    def _accepts(self, solution: np.ndarray, legal: Callable[[np.ndarray], bool] | None) -> bool:
        """Is a whole solution a legal play? Always, in the exact joker model; in the
        relaxed one, when ``legal`` says so."""
        return self.dive_ok or legal is None or legal(solution)

    def proves_kept(self, value: float, lp_value: float) -> bool:
        """Does a play worth ``value`` reach the best kept melds too? A better one would be
        worth one more (a kept meld), less release penalties (under one half in all)."""
        penalties = 0.5 if self.release_cols else 0.0
        return value + 1 - penalties > lp_value + 1e-7

    def primary_bound(self, objective_bound: float) -> int:
        """The bound on the primary that a bound on the objective gives: kept melds and
        releases together are worth less than one primary unit."""
        return int(np.floor((objective_bound + 0.5) / self.big + 1e-9))

    def primary_of(self, solution: np.ndarray) -> int:
        """The primary value (cards or points played) of a solution."""
        cost = self._cost_all
        return int(round(float(cost[self.primary_cols] @ solution[self.primary_cols]) / self.big))

    def kept_of(self, solution: np.ndarray) -> int:
        return int(solution[self.kept_cols].sum())
