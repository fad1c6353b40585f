"""The exact arrangement core: the best legal play from a table and a hand.

The rule "a player who can play must play" needs an exact oracle, and the computer
players need the best play, so both come from one integer program (HiGHS).

Model. A *candidate* is one possible meld shape: a set (3-4 distinct suits of a rank) or a
run (consecutive ranks of a suit under the ace mode), some of whose places may be joker
slots. ``x_c`` counts the copies of candidate ``c`` on the end table. For every face, the
cards it covers equal the table's cards of that face plus the hand (``y_f``) and free
(``z_f``) cards of that face put down; jokers likewise. Maximise the cards (or points)
played, then, with a smaller weight, the start melds kept whole.

Joker rules (fixed identity) are modelled exactly when a meld holds at most one joker (every
built-in variant): a candidate that can take part in a joker rule (hold a joker's start
meld-mates, its declared card, or a released joker) is split into single copies carrying
tags: "this copy holds the joker's release card and one of its mates", "this copy is the
joker's home", "this copy's card of face f comes from the hand". Initial-meld rules tag
copies made from the hand only.

Every answer is turned into physical cards and checked by ``check_turn``, the ground truth.
Should the check ever refuse it (a rule combination outside the exact model, e.g. several
jokers per meld with declared jokers on the table), that exact solution is cut off and the
program solved again, so the answer is always legal.

Runs longer than five cards are left out unless a rule needs them whole (a start meld kept,
a joker's mates): any longer run splits into two valid runs, so nothing is lost.

Branch and bound is the last resort: HiGHS spends milliseconds on it even for models it
closes at the root. A fractional LP relaxation first goes to a dive (round the most nearly
whole column, solve the LP again from its basis), then to ``game.engine.arrange_search``, a
combinatorial search for a play reaching the relaxation's bound on the primary: first among
the start melds the relaxation breaks up (ordered by the melds it uses), then over the whole
table. A play reaching a proven bound is optimal. The kept-melds tie-break is taken as such
a play has it (fast, the default), or proven by branch and bound (``proven_tie_break``, for
hints). Should branch and bound be needed for the primary alone, a dive with the primary
held at its optimum restores the tie-break; it starts from a play one short of the
relaxation's bound (a dive's), which turns tens of milliseconds of proof into a few.
"""

from __future__ import annotations

import itertools
import os
import sys
import threading
from collections import defaultdict
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

import highspy
import numpy as np

from game.engine.arrange_search import SEARCH_NODES, play_of_value
from game.engine.cards import SUITS, Card, Face
from game.engine.melds import check_meld
from game.engine.opening import openings
from game.engine.scoring import card_value, meld_points
from game.engine.table import Table
from game.engine.turn import TurnCheck, check_turn
from game.engine.variants import Variant

NFACES = 52
LONG_RUN = 5  # runs longer than this are split unless a rule needs them whole
_MAX_CUTS = 200
KEPT_NODES = 40  # branch-and-bound nodes for proving the most start melds kept (the
# primary is always proven)
# Work is counted, never timed, so that a question gets the same answer on any machine under
# any load. A unit is about 1.5 microseconds here; what a step costs grows with the model's
# size (its columns plus rows), so steps are priced per ``_SIZE_STEP`` of size.
RUN_WORK = 100  # one HiGHS run (setting it up, reading its answer)
_SIZE_STEP = 200  # a simplex iteration costs 1 + size / _SIZE_STEP units
ROUND_WORK = 5  # per unit of size: one branch-and-bound round (a node, or a round of
# cuts at the root: HiGHS reports each through its interrupt callback)
BUILD_WORK = 1000  # building one model, plus a unit per four columns
SEARCH_WORK = 30  # one node of the combinatorial search
GUIDE_NODES = 32  # nodes of the search guided by the LP relaxation (about 2 ms here)
_DIVE_STEPS = 40  # LP re-solves in a dive
_NO_LIMIT = 2147483647  # HiGHS's "no limit" for its integer options
USE_INCUMBENT = "incumbent"  # Builder.solve: the search's play is the answer
_QUIET_HEURISTICS = (
    "mip_heuristic_run_feasibility_jump", "mip_heuristic_run_rins", "mip_heuristic_run_rens",
    "mip_heuristic_run_root_reduced_cost", "mip_heuristic_run_zi_round",
)


class OutOfWork(TimeoutError):
    """The search used up its work budget before settling the question. The budget counts
    solver steps, never seconds, so the same question runs out on every machine alike."""


class Work:
    """A budget of solver work, in units (see ``RUN_WORK``): one may be shared by several
    searches (a computer player's whole decision). ``spend`` past the budget is allowed;
    ``check`` then raises ``OutOfWork``."""

    def __init__(self, units: int | None = None) -> None:
        self.budget = units
        self.spent = 0

    @property
    def left(self) -> int | None:
        """Units left (None: unbounded; never below zero)."""
        return None if self.budget is None else max(0, self.budget - self.spent)

    @property
    def exhausted(self) -> bool:
        return self.budget is not None and self.spent >= self.budget

    def spend(self, units: int) -> None:
        self.spent += int(units)

    def check(self) -> None:
        if self.exhausted:
            raise OutOfWork("the arrangement search ran out of its work budget")

    def part(self, units: int | None) -> Work:
        """A budget of at most ``units`` that spends from this one too: see ``_Sub``."""
        return _Sub(self, units)


class _Sub(Work):
    """A budget within a parent budget: the smaller of its own units and what the parent
    has left, and whatever it spends the parent spends too."""

    def __init__(self, parent: Work, units: int | None) -> None:
        left = parent.left
        bound = units if left is None else left if units is None else min(units, left)
        super().__init__(bound)
        self.parent = parent

    def spend(self, units: int) -> None:
        super().spend(units)
        self.parent.spend(units)


def as_work(work: int | Work | None) -> Work:
    """A budget from a number of units (None: unbounded) or a budget to share."""
    return work if isinstance(work, Work) else Work(work)


def face_index(face: Face | Card) -> int:
    return SUITS.index(face.suit) * 13 + face.rank - 1


def index_face(index: int) -> Face:
    return Face(index % 13 + 1, SUITS[index // 13])


@dataclass(frozen=True)
class Play:
    """A legal play: the end table (normalised by ``check_turn``), the hand cards put down,
    and its value (cards, or points of ``card_value``)."""

    table: Table
    played: tuple[Card, ...]
    value: int


@dataclass(frozen=True)
class Arrangement:
    """A play with what the solver also wants: start melds kept whole and the jokers whose
    declaration changed (released), for edit lists."""

    play: Play
    kept_melds: int
    check: TurnCheck = field(repr=False)
    released: tuple[Card, ...] = ()


# --- candidate templates -----------------------------------------------------------------


def _run_rank_lists(ace: str, run_min: int) -> list[tuple[int, ...]]:
    """Every run's ranks (ace = 1) in order, deduplicated by rank set."""
    seqs: dict[frozenset[int], tuple[int, ...]] = {}
    for length in range(max(run_min, 3), 14):
        starts: list[tuple[int, ...]] = []
        if ace in ("low", "either"):
            starts += [tuple(range(s, s + length)) for s in range(1, 15 - length)]
        if ace in ("high", "either"):
            starts += [tuple((v - 1) % 13 + 1 for v in range(s, s + length))
                       for s in range(2, 16 - length)]
        if ace == "around":
            starts += [tuple((s + i - 1) % 13 + 1 for i in range(length)) for s in range(1, 14)]
        for ranks in starts:
            seqs.setdefault(frozenset(ranks), ranks)
    return list(seqs.values())


@dataclass
class _Template:
    """All candidate shapes of one rule set, as numpy arrays for fast masking."""

    nat: np.ndarray  # (C, 13) natural face indices, -1 padded
    jface: np.ndarray  # (C, J) faces the joker slots play (fixed identity), -1 padded
    nj: np.ndarray  # jokers per candidate
    kind: np.ndarray  # 0 set, 1 run
    length: np.ndarray
    natmat: np.ndarray  # (C, 52) bool
    jmat: np.ndarray  # (C, 52) bool: a joker slot plays this face
    cls: np.ndarray  # class: same naturals, joker count and kind
    points: np.ndarray  # meld_points of the shape (initial-meld rule)
    rep_rank: np.ndarray  # within a class, the shape worth most points first
    by_class: np.ndarray  # the rows ordered by class, then by rep_rank
    nat_pad: np.ndarray  # ``nat`` with NFACES for padding (an index past the 52 faces)
    keys: dict[tuple, int]
    free_identity: bool

    def key_of(self, naturals: Sequence[int], jfaces: Sequence[int], njokers: int) -> tuple:
        if self.free_identity:
            return (tuple(sorted(naturals)), njokers)
        return (tuple(sorted(naturals)), tuple(sorted(jfaces)))


@lru_cache(maxsize=32)
def _template(ace: str, run_min: int, jmax: int, free_identity: bool) -> _Template:
    shapes: list[tuple[int, tuple[int, ...], tuple[int, ...]]] = []  # kind, faces, joker pos
    runs = [(1, tuple(SUITS.index(s) * 13 + r - 1 for r in ranks))
            for s in SUITS for ranks in _run_rank_lists(ace, run_min)]
    sets = [(0, tuple(SUITS.index(s) * 13 + rank - 1 for s in suits))
            for rank in range(1, 14) for size in (3, 4)
            for suits in itertools.combinations(SUITS, size)]
    for kind, faces in sets + runs:
        for nj in range(0, min(jmax, len(faces) - 1) + 1):
            for pos in itertools.combinations(range(len(faces)), nj):
                shapes.append((kind, faces, pos))
    keys: dict[tuple, int] = {}
    rows = []
    probe = _Probe(ace, run_min)
    for kind, faces, pos in shapes:
        naturals = [f for i, f in enumerate(faces) if i not in pos]
        jfaces = [faces[i] for i in pos]
        if free_identity:
            key: tuple = (tuple(sorted(naturals)), len(pos))
        else:
            key = (tuple(sorted(naturals)), tuple(sorted(jfaces)))
        if key in keys:
            continue
        if free_identity and pos:
            verdict = probe.check(naturals, len(pos))
            if verdict is None:
                continue
            kind_c, faces_c = verdict
            jfaces = []
        else:
            kind_c, faces_c = kind, [index_face(f) for f in faces]
        keys[key] = len(rows)
        rows.append((kind_c, naturals, jfaces, len(pos), len(faces),
                     meld_points(faces_c, "run" if kind_c else "set")))
    count = len(rows)
    width = max(1, jmax)
    nat = np.full((count, 13), -1, dtype=np.int16)
    jface = np.full((count, width), -1, dtype=np.int16)
    natmat = np.zeros((count, NFACES), dtype=bool)
    jmat = np.zeros((count, NFACES), dtype=bool)
    nj = np.zeros(count, dtype=np.int16)
    kind_a = np.zeros(count, dtype=np.int8)
    length = np.zeros(count, dtype=np.int16)
    points = np.zeros(count, dtype=np.int32)
    class_keys: dict[tuple, int] = {}
    cls = np.zeros(count, dtype=np.int32)
    for i, (kind_c, naturals, jfaces, njok, size, pts) in enumerate(rows):
        nat[i, :len(naturals)] = naturals
        natmat[i, naturals] = True
        if jfaces:
            jface[i, :len(jfaces)] = jfaces
            jmat[i, jfaces] = True
        nj[i] = njok
        kind_a[i] = kind_c
        length[i] = size
        points[i] = pts
        cls[i] = class_keys.setdefault((tuple(sorted(naturals)), njok, kind_c), len(class_keys))
    rep_rank = np.empty(count, dtype=np.int64)
    by_class = np.lexsort((-points, cls))
    rep_rank[by_class] = np.arange(count)
    nat_pad = np.where(nat < 0, NFACES, nat)
    return _Template(nat, jface, nj, kind_a, length, natmat, jmat, cls, points, rep_rank,
                     by_class, nat_pad, keys,
                     free_identity)


class _Probe:
    """check_meld on made-up cards, to learn what wild jokers play in a shape."""

    def __init__(self, ace: str, run_min: int) -> None:
        self.variant = Variant(id="_probe", name="", summary="", ace=ace, run_min=run_min,
                               joker_identity="free", jokers_per_meld=0)

    def check(self, naturals: Sequence[int], njokers: int) -> tuple[int, list[Face]] | None:
        cards = [Card(f.rank, f.suit) for f in map(index_face, naturals)]
        cards += [Card(0, "*", i) for i in range(njokers)]
        result = check_meld(cards, self.variant)
        if not result.ok:
            return None
        return (1 if result.kind == "run" else 0), list(result.faces)


# --- the problem -------------------------------------------------------------------------


@dataclass
class _Special:
    """A start meld holding a declared (fixed) joker: the joker, its card, its mates."""

    meld: int
    joker: Card
    face: int
    items: list[Card]
    item_faces: list[int]
    can_release: bool = False


_banner_lock = threading.Lock()
_banner_done = False


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
                    h = highspy.Highs()
                finally:
                    os.dup2(saved, 1)
                    os.close(saved)
                    os.close(null)
                _banner_done = True
                h.setOptionValue("output_flag", False)
                return h
    h = highspy.Highs()
    h.setOptionValue("output_flag", False)
    return h


def _start_from(h: highspy.Highs, solution: np.ndarray) -> None:
    """Give branch and bound a whole solution to start from."""
    incumbent = highspy.HighsSolution()
    incumbent.col_value = list(np.asarray(solution, dtype=float))
    incumbent.value_valid = True
    h.setSolution(incumbent)


class _Builder:
    """A MILP assembled column by column; the candidate block is added with numpy."""

    def __init__(self) -> None:
        self.lb: list[np.ndarray] = []
        self.ub: list[np.ndarray] = []
        self.cost: list[np.ndarray] = []
        self.integ: list[np.ndarray] = []
        self._single: list[tuple[float, float, float]] = []  # scalar columns not yet flushed
        self.ncol = 0
        self.row_lb: list[float] = []
        self.row_ub: list[float] = []
        self.er: list[np.ndarray] = []
        self.ec: list[np.ndarray] = []
        self.ev: list[np.ndarray] = []
        self._r: list[int] = []
        self._c: list[int] = []
        self._v: list[float] = []
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

    def cols(self, lb, ub, cost, integer: bool = True) -> np.ndarray:
        self.flush()
        lb = np.asarray(lb, dtype=float)
        n = lb.size
        self.lb.append(lb)
        self.ub.append(np.broadcast_to(np.asarray(ub, dtype=float), (n,)).copy())
        self.cost.append(np.broadcast_to(np.asarray(cost, dtype=float), (n,)).copy())
        self.integ.append(np.full(n, 1 if integer else 0, dtype=np.int32))
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
            self.integ.append(np.ones(len(block), dtype=np.int32))
            self._single = []

    def row(self, lb: float, ub: float, entries: Sequence[tuple[int, float]] = ()) -> int:
        index = len(self.row_lb)
        self.row_lb.append(lb)
        self.row_ub.append(ub)
        for col, val in entries:
            self._r.append(index)
            self._c.append(int(col))
            self._v.append(val)
        return index

    def add(self, row: int, col: int, val: float) -> None:
        self._r.append(row)
        self._c.append(int(col))
        self._v.append(val)

    def block(self, rows: np.ndarray, cols: np.ndarray, vals: np.ndarray) -> None:
        self.er.append(np.asarray(rows, dtype=np.int64))
        self.ec.append(np.asarray(cols, dtype=np.int64))
        self.ev.append(np.asarray(vals, dtype=float))

    def _run_lp(self, h: highspy.Highs) -> highspy.HighsModelStatus:
        """Run HiGHS on the LP relaxation within the work budget (OutOfWork past it)."""
        self.work.check()
        left = self.work.left
        per = self._iteration_work(h)
        h.setOptionValue("simplex_iteration_limit",
                         _NO_LIMIT if left is None else max(1, min(_NO_LIMIT, left // per)))
        h.run()
        self.work.spend(RUN_WORK + per * max(0, h.getInfo().simplex_iteration_count))
        status = h.getModelStatus()
        if status == highspy.HighsModelStatus.kIterationLimit:
            raise OutOfWork("the arrangement search ran out of its work budget")
        return status

    @staticmethod
    def _iteration_work(h: highspy.Highs) -> int:
        """Units one simplex iteration of this model costs."""
        return 1 + (h.getNumCol() + h.getNumRow()) // _SIZE_STEP

    def _run_mip(self, h: highspy.Highs, nodes: int | None) -> highspy.HighsModelStatus:
        """Run branch and bound on at most ``nodes`` nodes and within the work budget.
        HiGHS's node limit does not bound the root (rounds of cuts), so its interrupt
        callback, called at fixed points of the search, counts rounds and stops the run
        once they and the nodes cost the budget. A node limit reached, or the budget, is
        ``kIterationLimit`` (``_work_capped`` says the budget stopped it)."""
        self.work.check()
        left = self.work.left
        nodes = _NO_LIMIT if nodes is None else nodes
        h.setOptionValue("simplex_iteration_limit", _NO_LIMIT)
        h.setOptionValue("mip_max_nodes", int(nodes))
        round_work = ROUND_WORK * (h.getNumCol() + h.getNumRow())
        rounds = [0]
        stopped = [False]

        def count(event: object) -> None:
            rounds[0] += 1
            if left is not None and rounds[0] * round_work >= left:
                stopped[0] = True
                event.interrupt()  # type: ignore[attr-defined]

        h.cbMipInterrupt.subscribe(count)
        try:
            h.run()
        finally:
            h.cbMipInterrupt.unsubscribe(count)
        info = h.getInfo()
        self.work.spend(RUN_WORK + rounds[0] * round_work
                        + self._iteration_work(h) * max(0, info.simplex_iteration_count))
        status = h.getModelStatus()
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
        rows = np.concatenate(self.er + [np.asarray(self._r, dtype=np.int64)])
        cols = np.concatenate(self.ec + [np.asarray(self._c, dtype=np.int64)])
        vals = np.concatenate(self.ev + [np.asarray(self._v, dtype=float)])
        order = np.argsort(cols, kind="stable")
        rows, cols, vals = rows[order], cols[order], vals[order]
        start = np.searchsorted(cols, np.arange(self.ncol)).astype(np.int32)
        nrow = len(self.row_lb)
        cost = np.concatenate(self.cost)
        self._cost_all = cost
        self._lb_all, self._ub_all = np.concatenate(self.lb), np.concatenate(self.ub)
        integrality = np.concatenate(self.integ)
        self._integ_all = integrality.astype(bool)
        h = new_highs()
        h.setOptionValue("mip_rel_gap", 0.0)
        h.setOptionValue("mip_abs_gap", 1e-6)
        h.setOptionValue("threads", 1)
        h.setOptionValue("presolve", "off")  # small models: presolve's probing costs more
        for name in _QUIET_HEURISTICS:  # the root LP is tight here: these only cost time
            h.setOptionValue(name, False)
        budget = KEPT_NODES if self.kept_cols else None
        h.passModel(self.ncol, nrow, len(vals), 1, -1, 0.0,
                    cost, self._lb_all, self._ub_all,
                    np.asarray(self.row_lb, dtype=float), np.asarray(self.row_ub, dtype=float),
                    start, rows.astype(np.int32), vals, integrality)
        # the LP relaxation first: when its optimum is integral it is the answer
        h.setOptionValue("solve_relaxation", True)
        self._run_lp(h)
        relaxed = None  # the LP relaxation's optimum, when fractional
        if h.getModelStatus() == highspy.HighsModelStatus.kInfeasible:
            return None
        if h.getModelStatus() == highspy.HighsModelStatus.kOptimal:
            x = np.asarray(h.getSolution().col_value)
            rounded = np.rint(x)
            if np.abs(x - rounded).max(initial=0.0) < 1e-7:
                return rounded.astype(np.int64)
            relaxed = x
            lp_value = h.getObjectiveValue()
            dived = None
            if self._can_judge(legal):
                dived = self._dive(h, x, lp_value)
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
                _start_from(h, dived)
        if self.fast and self.kept_cols:
            # dive and searches failed: the LP's bound is likely out of reach, and branch and
            # bound on the primary alone proves that sooner than with the tie-break, far
            # sooner from a play one short of the bound
            warm = None if relaxed is None else self._short_of_bound(h, relaxed, lp_value, legal)
            if warm is not None and self.primary_of(warm) >= self.primary_bound(lp_value):
                self.kept_proven = False  # the bound reached after all
                return self._keep_more(h, cost, warm, legal)
            h.setOptionValue("solve_relaxation", False)
            return self._primary_alone(h, cost, warm, legal)
        h.setOptionValue("solve_relaxation", False)
        if not self.kept_cols:  # the primary is all there is (see _primary_alone)
            h.setOptionValue("mip_abs_gap", self.big - 0.5)
        status = self._run_mip(h, budget)
        if status == highspy.HighsModelStatus.kIterationLimit:
            info = h.getInfo()
            found = info.primal_solution_status == 2
            if found:
                sol = np.asarray(h.getSolution().col_value)
                primary = sum(cost[c] * sol[c] for c in self.primary_cols) / self.big
                if info.mip_dual_bound < self.big * (round(primary) + 1) - 1e-6:
                    self.kept_proven = False
                    return np.rint(sol).astype(np.int64)  # primary proven, kept best found
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
                    return np.rint(sol).astype(np.int64)
                return USE_INCUMBENT
            return self._primary_alone(h, cost, sol if found else None, legal)
        if status != highspy.HighsModelStatus.kOptimal:
            return None  # infeasible: no legal play
        return np.rint(np.asarray(h.getSolution().col_value)).astype(np.int64)

    def _primary_alone(self, h: highspy.Highs, cost: np.ndarray,
                       warm: np.ndarray | None,
                       legal: Callable[[np.ndarray], bool] | None) -> np.ndarray | None:
        """Branch and bound on the primary alone, to proven optimality (from ``warm``, a
        whole solution, if given); then start melds kept whole by ``_keep_more``. None: no
        legal play."""
        keep_cost = cost.copy()
        keep_cost[self.kept_cols] = 0.0
        h.changeColsCost(self.ncol, np.arange(self.ncol, dtype=np.int32), keep_cost)
        # the objective is big times the primary, less release penalties under one half:
        # an incumbent less than big - 1/2 below the dual bound has the best primary
        h.setOptionValue("mip_abs_gap", self.big - 0.5)
        if warm is not None:
            _start_from(h, warm)
        status = self._run_mip(h, None)
        if status == highspy.HighsModelStatus.kIterationLimit:
            raise OutOfWork("the arrangement search ran out of its work budget")
        self.kept_proven = False
        if status != highspy.HighsModelStatus.kOptimal:
            return None  # infeasible: no legal play
        best = np.rint(np.asarray(h.getSolution().col_value)).astype(np.int64)
        if self._can_judge(legal):
            return self._keep_more(h, cost, best, legal)
        return best

    def _short_of_bound(self, h: highspy.Highs, relaxed: np.ndarray, lp_value: float,
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
            found = self._dive(h, relaxed, lp_value, target)
            if found is not None and self._accepts(found, legal):
                return found
            part = relaxed - np.floor(relaxed + 1e-9)
            hand = [c for c in self.primary_cols if 1e-7 < part[c] < 1 - 1e-7]
            if not hand:
                return None
            j = min(hand, key=lambda c: part[c])
            low, high = float(self._lb_all[j]), float(self._ub_all[j])
            h.changeColBounds(j, low, float(np.floor(relaxed[j])))
            try:
                if self._run_lp(h) != highspy.HighsModelStatus.kOptimal:
                    return None
                found = self._dive(h, np.asarray(h.getSolution().col_value),
                                   h.getObjectiveValue(), target)
            finally:
                h.changeColBounds(j, low, high)
            return found if found is not None and self._accepts(found, legal) else None
        finally:
            self.kept_proven = proven

    def _keep_more(self, h: highspy.Highs, cost: np.ndarray, best: np.ndarray,
                   legal: Callable[[np.ndarray], bool] | None) -> np.ndarray:
        """A solution of ``best``'s (optimal) primary keeping more start melds whole, by a
        dive on the LP relaxation held to that primary (one ``legal`` accepts, for a
        relaxed joker model); else ``best``."""
        primary = self.primary_of(best)
        cols = np.asarray(self.primary_cols, dtype=np.int32)
        h.addRow(self.big * primary - 1e-6, highspy.kHighsInf, len(cols), cols, cost[cols])
        h.changeColsCost(self.ncol, np.arange(self.ncol, dtype=np.int32), cost)
        h.setOptionValue("solve_relaxation", True)
        if self._run_lp(h) != highspy.HighsModelStatus.kOptimal:
            return best
        x = np.asarray(h.getSolution().col_value)
        dived = self._dive(h, x, h.getObjectiveValue(), primary)
        if dived is None or float(cost @ dived) <= float(cost @ best) + 1e-9:
            return best
        if not self._accepts(dived, legal):
            return best
        return dived

    def _dive(self, h: highspy.Highs, x: np.ndarray, lp_value: float,
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
                    h.changeColBounds(j, low, high)
                    if self._run_lp(h) == highspy.HighsModelStatus.kOptimal and \
                            h.getObjectiveValue() >= floor_value - 1e-7:
                        break
                else:
                    return None
                x = np.asarray(h.getSolution().col_value)
        finally:
            for j in changed:
                h.changeColBounds(j, lb[j], ub[j])
        if found is not None:
            self.kept_proven = self.proves_kept(float(self._cost_all @ found), lp_value)
        return found

    def _can_judge(self, legal: Callable[[np.ndarray], bool] | None) -> bool:
        """Can a dive's whole solution be judged (so diving is worth it)? In the exact joker
        model always; in the relaxed one only with ``legal``."""
        return self.dive_ok or legal is not None

    def _accepts(self, sol: np.ndarray, legal: Callable[[np.ndarray], bool] | None) -> bool:
        """Is a whole solution a legal play? Always, in the exact joker model; in the
        relaxed one, when ``legal`` says so."""
        return self.dive_ok or legal is None or legal(sol)

    def proves_kept(self, value: float, lp_value: float) -> bool:
        """Does a play worth ``value`` reach the best kept melds too? A better one would be
        worth one more (a kept meld), less release penalties (under one half in all)."""
        penalties = 0.5 if self.release_cols else 0.0
        return value + 1 - penalties > lp_value + 1e-7

    def primary_bound(self, objective_bound: float) -> int:
        """The bound on the primary that a bound on the objective gives: kept melds and
        releases together are worth less than one primary unit."""
        return int(np.floor((objective_bound + 0.5) / self.big + 1e-9))

    def primary_of(self, sol: np.ndarray) -> int:
        """The primary value (cards or points played) of a solution."""
        cost = self._cost_all
        return int(round(float(cost[self.primary_cols] @ sol[self.primary_cols]) / self.big))

    def kept_of(self, sol: np.ndarray) -> int:
        return int(sol[self.kept_cols].sum())


@dataclass
class _Copy:
    """One meld of the end table being assembled: its slots and fixed assignments."""

    cand: int
    naturals: list[int]
    jfaces: list[int]
    nj: int
    hand_faces: set[int] = field(default_factory=set)  # faces whose card is from the hand
    own: bool = False
    kept: int | None = None  # start meld whose cards fill it
    items: dict[int, Card] = field(default_factory=dict)
    jokers: list[tuple[Card, int]] = field(default_factory=list)  # (joker, slot face)
    release_for: list[int] = field(default_factory=list)  # specials released here
    cards: dict[int, Card] = field(default_factory=dict)

    def from_hand(self, hand: set[Card]) -> int:
        """How many of its natural cards are ``hand`` cards."""
        return sum(1 for c in self.cards.values() if c in hand)


class _Problem:
    """One position: builds the model, solves it, and turns answers into tables."""

    def __init__(self, variant: Variant, table: Table, hand: Sequence[Card], opened: bool,
                 objective: str, keep: Collection[Card], exactly: int | None,
                 keep_jokers: bool, tie_break: bool = True,
                 proven_tie_break: bool = False) -> None:
        if objective not in ("cards", "points"):
            raise ValueError(f"objective must be 'cards' or 'points', not {objective!r}")
        if variant.set_same_suit_allowed:
            raise NotImplementedError("sets with repeated suits are not supported")
        self.variant = variant
        self.table = table
        self.hand = tuple(hand)
        self.opened = opened
        self.objective = objective
        self.exactly = exactly
        self.tie_break = tie_break
        self.proven_tie_break = proven_tie_break
        self.keep = tuple(keep)
        self.keep_jokers = keep_jokers
        keep_set = set(keep)
        self.usable = [c for c in self.hand if c not in keep_set
                       and not (keep_jokers and c.is_joker)]
        self.fixed = variant.joker_identity == "fixed"
        self.weight = {c: (1 if objective == "cards" else card_value(variant.scoring, c))
                       for c in self.usable}
        # supplies by face
        self.hand_cards: dict[int, list[Card]] = defaultdict(list)
        self.hand_jokers: list[Card] = []
        for card in self.usable:
            (self.hand_jokers if card.is_joker else self.hand_cards[face_index(card)]).append(card)
        self.table_cards: dict[int, list[Card]] = defaultdict(list)
        self.table_jokers: list[Card] = []
        self.meld_of: dict[Card, int] = {}
        for index, meld in enumerate(table.melds):
            for card in meld:
                self.meld_of[card] = index
                if card.is_joker:
                    self.table_jokers.append(card)
                else:
                    self.table_cards[face_index(card)].append(card)
        self.free_cards: dict[int, list[Card]] = defaultdict(list)
        self.free_jokers: list[Card] = []
        for card in table.free:
            (self.free_jokers if card.is_joker else self.free_cards[face_index(card)]).append(card)
        self.T = np.zeros(NFACES, dtype=np.int64)
        self.H = np.zeros(NFACES, dtype=np.int64)
        self.FR = np.zeros(NFACES, dtype=np.int64)
        for f, cards in self.table_cards.items():
            self.T[f] = len(cards)
        for f, cards in self.hand_cards.items():
            self.H[f] = len(cards)
        for f, cards in self.free_cards.items():
            self.FR[f] = len(cards)
        self.njokers = len(self.table_jokers) + len(self.hand_jokers) + len(self.free_jokers)
        limit = variant.jokers_per_meld or 4
        self.jmax = min(limit, self.njokers)
        self.tpl = _template(variant.ace, variant.run_min, self.jmax, not self.fixed)
        self._specials()
        # joker rules start as counts only (a relaxation, small and fast); the tagged exact
        # model is built only if check_turn refuses the relaxed answer
        self.exact_ok = not self._needs_lazy()
        self.exact = self.exact_ok and not self.specials

    # --- rule analysis

    def _specials(self) -> None:
        v = self.variant
        self.specials: list[_Special] = []
        if not self.fixed:
            return
        for joker, face in self.table.declared.items():
            meld = self.meld_of.get(joker)
            if meld is None or not joker.is_joker:
                continue
            items = [c for c in self.table.melds[meld] if not c.is_joker]
            fi = face_index(face)
            if v.joker_release_from == "hand":
                can = self.H[fi] > 0
            else:
                can = self.T[fi] + self.H[fi] + self.FR[fi] > 0
            self.specials.append(_Special(meld, joker, fi, items, [face_index(c) for c in items],
                                          bool(can)))

    def _needs_lazy(self) -> bool:
        """Rule combinations the exact model does not cover; those rely on cuts."""
        v = self.variant
        if self.specials:
            if (v.jokers_per_meld or 99) != 1:
                return True
            if any(sum(1 for c in self.table.melds[s.meld] if c.is_joker) > 1
                   for s in self.specials):
                return True
        if v.joker_freezes_meld:
            special_melds = {s.meld for s in self.specials}
            for index, meld in enumerate(self.table.melds):
                if index not in special_melds and any(c.is_joker for c in meld):
                    return True
        return False

    # --- candidates

    def _columns(self, initial: bool) -> None:
        tpl = self.tpl
        avail = self.T + self.H + self.FR
        ok = ~(tpl.natmat[:, avail == 0].any(axis=1))
        ok &= tpl.nj <= self.njokers
        # the start melds' own shapes (kept whole: the secondary objective)
        self.signature: dict[int, int] = {}  # start meld -> candidate
        for index, meld in enumerate(self.table.melds):
            key = self._meld_key(meld)
            if key is not None and key in tpl.keys and ok[tpl.keys[key]]:
                self.signature[index] = tpl.keys[key]
        sig_set = np.zeros(len(ok), dtype=bool)
        sig_set[list(self.signature.values())] = True
        if self.jmax:
            # shapes with the same naturals, joker count and kind differ only in what a
            # joker is declared as: keep the one worth most points, unless a rule looks at
            # that declaration (a declared joker's card) or it is a start meld's shape
            free = ok & ~sig_set
            if self.specials:
                free &= ~tpl.jmat[:, [s.face for s in self.specials]].any(axis=1)
            idx = tpl.by_class[free[tpl.by_class]]  # free rows, by class then rep_rank
            classes = tpl.cls[idx]
            first = np.r_[True, classes[1:] != classes[:-1]] if len(idx) else idx
            ok = ok.copy()
            ok[idx] = False
            ok[idx[first]] = True
        # copies that carry joker-rule tags are split into single copies
        split = np.zeros(len(ok), dtype=bool)
        v = self.variant
        hand_face = self.H > 0
        self.home_cands: dict[int, np.ndarray] = {}
        self.rel_cands: dict[int, np.ndarray] = {}
        self.two_cands: np.ndarray | None = None
        if self.exact:
            for si, s in enumerate(self.specials):
                items = s.item_faces
                has_item = tpl.natmat[:, items].any(axis=1) if items else np.zeros(len(ok), bool)
                if s.can_release:
                    rel = ok & tpl.natmat[:, s.face] & has_item
                    self.rel_cands[si] = rel
                    split |= rel
                if v.joker_freezes_meld or v.joker_moves == "never":
                    home = ok & tpl.jmat[:, s.face]
                    if v.joker_freezes_meld:
                        home &= tpl.natmat[:, items].all(axis=1) if items else True
                    else:
                        home &= has_item
                    self.home_cands[si] = home
                    split |= home
                if s.meld in self.signature:
                    split[self.signature[s.meld]] = True
            if v.released_joker_needs_two_from_hand and any(s.can_release for s in self.specials):
                two = ok & (tpl.nj > 0) & ((tpl.natmat & hand_face).sum(axis=1) >= 2)
                self.two_cands = two
                split |= two
        split &= ok
        long = tpl.length > LONG_RUN
        keep_cols = ok & (~long | split | sig_set)
        cand = np.flatnonzero(keep_cols)
        # copies of a candidate: as many as the scarcest of its faces (and of the jokers)
        ub = np.append(avail, 99)[tpl.nat_pad[cand]].min(axis=1)
        if self.njokers:
            nj = tpl.nj[cand]
            ub = np.minimum(ub, np.where(nj > 0, self.njokers // np.maximum(nj, 1), 99))
        self.cand = cand
        self.cand_ub = ub
        self.cand_split = split[cand]

    def _meld_key(self, meld: Sequence[Card]) -> tuple | None:
        naturals = [face_index(c) for c in meld if not c.is_joker]
        jokers = [c for c in meld if c.is_joker]
        if not self.fixed:
            return self.tpl.key_of(naturals, [], len(jokers))
        jfaces = []
        for j in jokers:
            face = self.table.declared.get(j)
            if face is None:
                return None
            jfaces.append(face_index(face))
        return self.tpl.key_of(naturals, jfaces, len(jokers))

    # --- the model

    def build(self, initial: str | None, hand_allowed: bool, cuts: list) -> _Builder:
        """``initial``: the first-play rule to enforce (None when opened or none);
        ``hand_allowed``: False for the free-cards-only play of a player not yet opened."""
        self._columns(initial is not None)
        tpl, b = self.tpl, _Builder()
        cand, ub, split = self.cand, self.cand_ub, self.cand_split
        # expand split candidates into single copies
        reps = np.where(split, ub, 1)
        col_cand = np.repeat(cand, reps)
        col_split = np.repeat(split, reps)
        col_ub = np.where(col_split, 1, np.repeat(ub, reps))
        self.col_cand, self.col_split = col_cand, col_split
        self.col_ub = col_ub
        n = len(col_cand)
        xcols = b.cols(np.zeros(n), col_ub, 0.0)
        self.x = xcols
        nstart = len(self.table.melds)
        big = float(nstart + 1)
        b.big = big
        b.dive_ok = self.exact  # a relaxed joker model's whole solutions may break a rule
        b.fast = not self.proven_tie_break
        # hand, free supplies
        faces = np.flatnonzero(self.T + self.H + self.FR)
        self.face_row = {}
        for f in faces:
            self.face_row[int(f)] = b.row(float(self.T[f]), float(self.T[f]))
        self.y: dict[int, int] = {}
        self.z: dict[int, int] = {}
        wsum: list[tuple[int, float]] = []
        for f in faces:
            f = int(f)
            if self.H[f] and hand_allowed:
                w = self.weight[self.hand_cards[f][0]]
                self.y[f] = b.col(0, float(self.H[f]), big * w)
                b.primary_cols.append(self.y[f])
                b.add(self.face_row[f], self.y[f], -1.0)
                wsum.append((self.y[f], 1.0))
            if self.FR[f]:
                self.z[f] = b.col(0, float(self.FR[f]), 0.0)
                b.add(self.face_row[f], self.z[f], -1.0)
        # candidate incidence
        nat = tpl.nat[col_cand]
        rows_of_face = np.full(NFACES + 1, -1, dtype=np.int64)
        for f, r in self.face_row.items():
            rows_of_face[f] = r
        mask = nat >= 0
        colidx = np.broadcast_to(xcols[:, None], nat.shape)[mask]
        b.block(rows_of_face[nat[mask]], colidx, np.ones(int(mask.sum())))
        self.yJ = self.zJ = None
        nj = tpl.nj[col_cand].astype(float)
        if self.njokers:
            jrow = b.row(float(len(self.table_jokers)), float(len(self.table_jokers)))
            has = nj > 0
            b.block(np.full(int(has.sum()), jrow), xcols[has], nj[has])
            if self.hand_jokers and hand_allowed:
                w = self.weight[self.hand_jokers[0]]
                self.yJ = b.col(0, len(self.hand_jokers), big * w)
                b.primary_cols.append(self.yJ)
                b.add(jrow, self.yJ, -1.0)
                wsum.append((self.yJ, 1.0))
            if self.free_jokers:
                self.zJ = b.col(0, len(self.free_jokers), 0.0)
                b.add(jrow, self.zJ, -1.0)
        elif (nj > 0).any():
            raise AssertionError("joker shapes without jokers")
        # at least one card added
        adders = wsum + [(c, 1.0) for c in self.z.values()] + (
            [(self.zJ, 1.0)] if self.zJ is not None else [])
        b.row(1, np.inf, adders)
        if self.exactly is not None and hand_allowed:
            b.row(self.exactly, self.exactly, wsum)
        self._tags(b, initial, big)
        self.base_cols = b.ncol
        for cut in cuts:
            self._add_cut(b, cut)
        return b

    def tighten(self) -> bool:
        """Switch from the relaxed joker model to the exact one; False if already exact."""
        if self.exact or not self.exact_ok:
            return False
        self.exact = True
        return True

    def _tags(self, b: _Builder, initial: str | None, big: float) -> None:
        tpl, v = self.tpl, self.variant
        col_cand, col_split, xcols = self.col_cand, self.col_split, self.x
        self._home_index: dict[tuple[int, int], int] = {}
        # per split copy: what pins each face slot and the joker slot
        pins: dict[tuple[int, int], list[int]] = defaultdict(list)  # (col, face|-1) -> vars
        reserve: dict[int, list[tuple[int, float]]] = defaultdict(list)  # face -> hand vars
        # the columns of each candidate: col_cand is sorted, only split ones have several
        first = np.flatnonzero(np.r_[True, col_cand[1:] != col_cand[:-1]])
        ends = np.r_[first[1:], len(col_cand)]

        def columns_of(c: int) -> list[int]:
            at = int(np.searchsorted(col_cand, c))
            if at == len(col_cand) or col_cand[at] != c:
                return []
            return list(range(at, int(ends[np.searchsorted(first, at)])))
        # kept start melds (secondary objective)
        self.kept_vars: dict[int, list[tuple[int, int]]] = {}  # start meld -> [(var, col)]
        groups: dict[int, list[int]] = defaultdict(list)
        for meld, c in self.signature.items():
            if self.tie_break:
                groups[c].append(meld)
        special_melds = {s.meld: si for si, s in enumerate(self.specials)}
        self.kept_group: dict[int, tuple[int, list[int]]] = {}
        for c, melds in groups.items():
            cols = columns_of(c)
            if not cols:
                continue
            if not col_split[cols[0]]:
                var = b.col(0, len(melds), 1.0)
                b.kept_cols.append(var)
                b.row(-np.inf, 0, [(var, 1.0), (cols[0], -1.0)])
                self.kept_group[var] = (cols[0], melds)
                continue
            for meld in melds:
                vars_ = []
                for j in cols:
                    var = b.col(0, 1, 1.0)
                    b.kept_cols.append(var)
                    vars_.append((var, j))
                    b.row(-np.inf, 0, [(var, 1.0), (j, -1.0)])
                    if meld not in special_melds:
                        for f in tpl.nat[c][tpl.nat[c] >= 0]:
                            pins[(j, int(f))].append(var)
                        if tpl.nj[c]:
                            pins[(j, -1)].append(var)
                self.kept_vars[meld] = vars_
                b.row(-np.inf, 1, [(var, 1.0) for var, _ in vars_])
        # own melds (the first-play rule)
        self.own: dict[int, int] = {}  # var -> col
        if initial is not None:
            ownable = ~(tpl.natmat[col_cand][:, self.H == 0].any(axis=1))
            ownable &= tpl.nj[col_cand] <= len(self.hand_jokers)
            if initial == "run_of_3_from_hand":
                ownable &= tpl.kind[col_cand] == 1
            need = b.row(1, np.inf) if initial != "points" else b.row(
                float(v.initial_meld_points or 0), np.inf)
            joker_res: list[tuple[int, float]] = []
            for j in np.flatnonzero(ownable):
                c = int(col_cand[j])
                limit = 1 if col_split[j] else int(min(self.H[tpl.nat[c][tpl.nat[c] >= 0]].min(),
                                                       self.col_ub[j]))
                var = b.col(0, limit, 0.0)
                self.own[var] = int(j)
                b.row(-np.inf, 0, [(var, 1.0), (int(xcols[j]), -1.0)])
                b.add(need, var, float(tpl.points[c]) if initial == "points" else 1.0)
                for f in tpl.nat[c][tpl.nat[c] >= 0]:
                    reserve[int(f)].append((var, 1.0))
                    if col_split[j]:
                        pins[(int(j), int(f))].append(var)
                if tpl.nj[c]:
                    joker_res.append((var, float(tpl.nj[c])))
                    if col_split[j]:
                        pins[(int(j), -1)].append(var)
            if joker_res:
                b.row(-np.inf, 0, joker_res + ([(self.yJ, -1.0)] if self.yJ is not None else []))
            # own and kept copies of an unsplit candidate are different copies
            kept_of_col = {col: var for var, (col, _) in self.kept_group.items()}
            for var, j in self.own.items():
                if not col_split[j] and j in kept_of_col:
                    b.row(-np.inf, 0, [(var, 1.0), (kept_of_col[j], 1.0), (int(xcols[j]), -1.0)])
        # joker rules
        self.home: dict[int, tuple[int, int]] = {}  # var -> (special, col)
        self.relv: dict[int, tuple[int, int]] = {}  # releaser var -> (special, col)
        self.twov: dict[int, tuple[int, int]] = {}  # released joker home var -> (special, col)
        self.itemv: dict[int, tuple[Card, int]] = {}  # var -> (item card, col)
        self.handv: dict[int, tuple[int, int]] = {}  # var -> (col, face)
        self.rel_var: dict[int, int] = {}
        hand_var: dict[tuple[int, int], int] = {}

        def hand_slot(j: int, f: int) -> int:
            if (j, f) not in hand_var:
                var = b.col(0, 1, 0.0)
                hand_var[(j, f)] = var
                self.handv[var] = (j, f)
                reserve[f].append((var, 1.0))
                pins[(j, f)].append(var)
            return hand_var[(j, f)]

        item_vars: dict[tuple[int, Card], int] = {}

        def item_slot(j: int, card: Card) -> int:
            if (j, card) not in item_vars:
                var = b.col(0, 1, 0.0)
                item_vars[(j, card)] = var
                self.itemv[var] = (card, j)
                pins[(j, face_index(card))].append(var)
            return item_vars[(j, card)]

        if self.specials:
            keep_identity = not (v.joker_freezes_meld or v.joker_moves == "never")
            joker_pin_two: dict[int, list[int]] = defaultdict(list)
            # a release that gains nothing is not made (ties only: less than one kept meld)
            penalty = -0.5 / (len(self.specials) + 1)
            for si, s in enumerate(self.specials):
                rel = b.col(0, 1 if s.can_release else 0, penalty)
                b.release_cols = True
                self.rel_var[si] = rel
                if not self.exact:
                    continue
                if s.meld in self.kept_vars:  # kept whole: its items and joker in that copy
                    for var, j in self.kept_vars[s.meld]:
                        for item in s.items:
                            b.row(-np.inf, 0, [(var, 1.0), (item_slot(j, item), -1.0)])
                        if keep_identity:
                            pins[(j, -1)].append(var)
                        else:
                            home_vars = []
                            self._home_var(b, si, j, home_vars)
                            b.row(-np.inf, 0, [(var, 1.0), (home_vars[0], -1.0)])
                if not keep_identity:
                    home_vars: list[int] = []
                    for j in np.flatnonzero(self.home_cands[si][col_cand]):
                        self._home_var(b, si, int(j), home_vars)
                    b.row(1, 1, [(h, 1.0) for h in home_vars] + [(rel, 1.0)])
                    for h in home_vars:
                        j = self.home[h][1]
                        pins[(j, -1)].append(h)
                        c = int(col_cand[j])
                        present = [it for it in s.items if tpl.natmat[c, face_index(it)]]
                        if v.joker_freezes_meld:
                            for it in present:
                                b.row(-np.inf, 0, [(h, 1.0), (item_slot(j, it), -1.0)])
                        else:
                            b.row(-np.inf, 0, [(h, 1.0)] + [(item_slot(j, it), -1.0)
                                                             for it in present])
                if s.can_release:
                    rvars = []
                    for j in np.flatnonzero(self.rel_cands[si][col_cand]):
                        j = int(j)
                        c = int(col_cand[j])
                        w = b.col(0, 1, 0.0)
                        self.relv[w] = (si, j)
                        rvars.append(w)
                        present = [it for it in s.items if tpl.natmat[c, face_index(it)]]
                        b.row(-np.inf, 0, [(w, 1.0)] + [(item_slot(j, it), -1.0)
                                                         for it in present])
                        if v.joker_release_from == "hand":
                            b.row(-np.inf, 0, [(w, 1.0), (hand_slot(j, s.face), -1.0)])
                    b.row(0, 0, [(w, 1.0) for w in rvars] + [(rel, -1.0)])
                    if v.released_joker_needs_two_from_hand:
                        tvars = []
                        for j in np.flatnonzero(self.two_cands[col_cand]):
                            j = int(j)
                            t = b.col(0, 1, 0.0)
                            self.twov[t] = (si, j)
                            tvars.append(t)
                            pins[(j, -1)].append(t)
                            joker_pin_two[j].append(t)
                        b.row(0, 0, [(t, 1.0) for t in tvars] + [(rel, -1.0)])
            # one release card per copy for each face
            per_copy: dict[tuple[int, int], list[int]] = defaultdict(list)
            for w, (si, j) in self.relv.items():
                per_copy[(j, self.specials[si].face)].append(w)
            for (j, _), ws in per_copy.items():
                if len(ws) > 1:
                    b.row(-np.inf, 0, [(w, 1.0) for w in ws] + [(int(xcols[j]), -1.0)])
            # a released joker's new meld holds two cards from the hand
            for j, ts in joker_pin_two.items():
                c = int(col_cand[j])
                entries = [(t, 2.0) for t in ts]
                for f in tpl.nat[c][tpl.nat[c] >= 0]:
                    if self.H[f]:
                        entries.append((hand_slot(j, int(f)), -1.0))
                b.row(-np.inf, 0, entries)
            if keep_identity:
                # unreleased jokers keep their card: enough joker slots playing it
                by_face: dict[int, list[int]] = defaultdict(list)
                for si, s in enumerate(self.specials):
                    by_face[s.face].append(si)
                own_by_col = defaultdict(list)
                for var, j in self.own.items():
                    own_by_col[j].append(var)
                for face, sis in by_face.items():
                    entries = []
                    for j in np.flatnonzero(tpl.jmat[col_cand, face]):
                        entries.append((int(xcols[j]), 1.0))
                        for t in joker_pin_two.get(int(j), []):
                            entries.append((t, -1.0))
                        for o in own_by_col.get(int(j), []):
                            entries.append((o, -float(tpl.nj[col_cand[j]])))
                    entries += [(self.rel_var[si], 1.0) for si in sis]
                    b.row(len(sis), np.inf, entries)
            # each item sits in at most one tagged copy
            by_item: dict[Card, list[int]] = defaultdict(list)
            for var, (card, _) in self.itemv.items():
                by_item[card].append(var)
            for vars_ in by_item.values():
                if len(vars_) > 1:
                    b.row(-np.inf, 1, [(var, 1.0) for var in vars_])
        if not self.exact and self.specials:
            self._relaxed_jokers(b)
        # slot capacity of split copies
        for (j, _), vars_ in pins.items():
            b.row(-np.inf, 0, [(var, 1.0) for var in vars_] + [(int(xcols[j]), -1.0)])
        # hand cards reserved for tagged copies come out of the hand cards played
        for f, entries in reserve.items():
            yv = self.y.get(f)
            b.row(-np.inf, 0, entries + ([(yv, -1.0)] if yv is not None else []))
        # split copies: copy 2 only if copy 1 (symmetry)
        for k in np.flatnonzero(ends - first > 1):
            for a in range(int(first[k]), int(ends[k]) - 1):
                b.row(0, np.inf, [(int(xcols[a]), 1.0), (int(xcols[a + 1]), -1.0)])

    def _home_var(self, b: _Builder, si: int, j: int, out: list[int]) -> None:
        key = (si, j)
        existing = self._home_index
        if key not in existing:
            var = b.col(0, 1, 0.0)
            existing[key] = var
            self.home[var] = key
        out.append(existing[key])

    def _relaxed_jokers(self, b: _Builder) -> None:
        """Joker rules as counts and aggregated necessary conditions (a relaxation); the
        check, then the exact model (or cuts), do the rest."""
        tpl, xcols = self.tpl, self.x
        cand_nat = tpl.natmat[self.col_cand]

        def with_melds(row: int, mask: np.ndarray, value: float | np.ndarray) -> None:
            cols = xcols[mask]
            b.block(np.full(len(cols), row), cols, np.broadcast_to(value, cols.shape))

        if self.exact_ok and self.variant.released_joker_needs_two_from_hand:
            two = (tpl.nj[self.col_cand] > 0) & ((cand_nat & (self.H > 0)).sum(axis=1) >= 2)
            row = b.row(-np.inf, 0, [(self.rel_var[si], 1.0)
                                     for si in range(len(self.specials))])
            with_melds(row, two, -1.0)
        by_face: dict[int, list[int]] = defaultdict(list)
        for si, s in enumerate(self.specials):
            by_face[s.face].append(si)
        for face, sis in by_face.items():
            releases = [(self.rel_var[si], 1.0) for si in sis]
            slots = tpl.jmat[self.col_cand, face]
            with_melds(b.row(len(sis), np.inf, releases), slots, 1.0)
            if self.exact_ok:
                # necessary conditions, aggregated over copies: a meld holding the joker's
                # card and a mate's face for each release; a joker meld with two hand
                # faces for each released joker that needs them
                for si in sis:
                    s = self.specials[si]
                    near = cand_nat[:, s.face] & cand_nat[:, s.item_faces].any(axis=1)
                    with_melds(b.row(-np.inf, 0, [(self.rel_var[si], 1.0)]), near, -1.0)
            if self.variant.joker_release_from == "hand":
                b.row(-np.inf, 0, releases + ([(self.y[face], -1.0)] if face in self.y else []))
            else:
                supply = [(var[face], -1.0) for var in (self.y, self.z) if face in var]
                b.row(-np.inf, float(self.T[face]), releases + supply)

    def _add_cut(self, b: _Builder, solution: np.ndarray) -> None:
        """Exclude one exact integer solution (by its values on the first columns)."""
        entries: list[tuple[int, float]] = []
        rhs = 1.0
        b.flush()
        ub = np.concatenate(b.ub)
        for col, value in enumerate(solution):
            top = ub[col]
            if value == 0:
                entries.append((col, 1.0))
            elif value >= top:
                entries.append((col, -1.0))
                rhs -= value
            else:
                d = b.col(0, 1, 0.0)  # d <= |x - value| via a binary side
                side = b.col(0, 1, 0.0)
                span = float(top + 1)
                b.row(-np.inf, -value + span, [(d, 1.0), (col, -1.0), (side, span)])
                b.row(-np.inf, value, [(d, 1.0), (col, 1.0), (side, -span)])
                entries.append((d, 1.0))
        b.row(rhs, np.inf, entries)

    def kept_in(self, x: np.ndarray) -> set[int]:
        """The start melds a (relaxed) solution keeps whole: whole indicators only."""
        kept: set[int] = set()
        for var, (_, melds) in self.kept_group.items():
            kept.update(melds[: int(np.floor(x[var] + 1e-6))])
        for meld, vars_ in self.kept_vars.items():
            if sum(x[var] for var, _ in vars_) > 1 - 1e-6:
                kept.add(meld)
        return kept

    def melds_used(self, x: np.ndarray) -> dict[tuple[frozenset[int], int], float]:
        """How much a (relaxed) solution uses each meld: (natural faces, jokers) -> copies."""
        used: dict[tuple[frozenset[int], int], float] = defaultdict(float)
        values = x[self.x]
        tpl = self.tpl
        for j in np.flatnonzero(values > 1e-6):
            c = self.col_cand[j]
            naturals = frozenset(int(f) for f in tpl.nat[c] if f >= 0)
            used[(naturals, int(tpl.nj[c]))] += float(values[j])
        return used

    def releases_in(self, x: np.ndarray) -> dict[int, float]:
        """How far a (relaxed) solution releases each declared joker, by its face."""
        return {self.specials[si].face: float(x[var]) for si, var in self.rel_var.items()}

    # --- from a solution to a table

    def realise(self, sol: np.ndarray) -> Table:
        """The end table a whole solution describes: which card of each face goes where is
        the realisation's choice (see ``_place_mates`` and ``_hand_pairs``)."""
        tpl = self.tpl
        copies: list[_Copy] = []
        col_copies: dict[int, list[_Copy]] = defaultdict(list)
        for j in np.flatnonzero(sol[self.x] > 0):
            c = int(self.col_cand[j])
            naturals = [int(f) for f in tpl.nat[c] if f >= 0]
            jfaces = [int(f) for f in tpl.jface[c] if f >= 0]
            for _ in range(int(sol[self.x[j]])):
                copy = _Copy(c, naturals, jfaces, int(tpl.nj[c]))
                copies.append(copy)
                col_copies[int(j)].append(copy)
        used: set[Card] = set()
        # kept start melds
        for var, (j, melds) in self.kept_group.items():
            count = int(sol[var])
            free = [cp for cp in col_copies[j] if cp.kept is None and not cp.own]
            for meld, copy in zip(melds[:count], free, strict=False):
                copy.kept = meld
        for meld, vars_ in self.kept_vars.items():
            for var, j in vars_:
                if sol[var]:
                    col_copies[j][0].kept = meld
        for copy in copies:
            if copy.kept is not None:
                for card in self.table.melds[copy.kept]:
                    if card.is_joker:
                        copy.jokers.append((card, self._kept_joker_face(card, copy)))
                    else:
                        copy.cards[face_index(card)] = card
                    used.add(card)
        for var, j in self.own.items():
            count = int(sol[var])
            for copy in col_copies[j]:
                if count and not copy.own and copy.kept is None:
                    copy.own = True
                    count -= 1
        for var, (card, j) in self.itemv.items():
            if sol[var] and card not in used:
                col_copies[j][0].cards[face_index(card)] = card
                used.add(card)
        released = {si for si, var in self.rel_var.items() if sol[var]}
        for var, (si, j) in self.home.items():
            if sol[var]:
                s = self.specials[si]
                copy = col_copies[j][0]
                if s.joker not in used:
                    copy.jokers.append((s.joker, s.face))
                    used.add(s.joker)
        for var, (si, j) in self.twov.items():
            if sol[var]:
                s = self.specials[si]
                copy = col_copies[j][0]
                face = next((f for f in copy.jfaces if f != s.face), copy.jfaces[0]) \
                    if copy.jfaces else -1
                copy.jokers.append((s.joker, face))
                used.add(s.joker)
        for var, (j, f) in self.handv.items():
            if sol[var]:
                col_copies[j][0].hand_faces.add(f)
        for var, (si, j) in self.relv.items():
            if sol[var]:
                col_copies[j][0].release_for.append(si)
        # hand cards: reserved slots first, then own melds
        hand_left = {f: list(cards) for f, cards in self.hand_cards.items()}
        for copy in copies:
            faces = copy.naturals if copy.own else sorted(copy.hand_faces)
            for f in faces:
                if f not in copy.cards:
                    copy.cards[f] = hand_left[f].pop(0)
        hand_jokers = list(self.hand_jokers)
        n_hand_jokers = int(sol[self.yJ]) if self.yJ is not None else 0
        for copy in copies:
            if copy.own:
                for slot in self._open_joker_slots(copy):
                    copy.jokers.append((hand_jokers.pop(0), slot))
                    n_hand_jokers -= 1
        # unreleased jokers that may move keeping their card
        for si, s in enumerate(self.specials):
            if si in released or s.joker in used:
                continue
            target = next((cp for cp in copies if cp.kept is None and not cp.own
                           and s.face in self._open_joker_slots(cp)), None)
            if target is None:
                target = next((cp for cp in copies if s.face in self._open_joker_slots(cp)), None)
            if target is not None:
                target.jokers.append((s.joker, s.face))
                used.add(s.joker)
        # every other natural slot: table cards, then free cards, then hand cards
        table_left = {f: [c for c in cards if c not in used]
                      for f, cards in self.table_cards.items()}
        free_left = {f: list(cards) for f, cards in self.free_cards.items()}
        free_count = {f: int(sol[var]) for f, var in self.z.items()}
        for copy in copies:
            for f in copy.naturals:
                if f in copy.cards:
                    continue
                if table_left.get(f):
                    copy.cards[f] = table_left[f].pop(0)
                elif free_count.get(f, 0) > 0:
                    copy.cards[f] = free_left[f].pop(0)
                    free_count[f] -= 1
                else:
                    copy.cards[f] = hand_left[f].pop(0)
        hand_set = set(self.hand)
        mates = self._place_mates(copies, released, hand_set)
        # jokers: released ones avoid their old card (and, when the rule asks, go where two
        # hand cards are), then wild table, free, hand jokers
        wild = [j for j in self.table_jokers if j not in used]
        order_key = {s.joker: s.face for si, s in enumerate(self.specials) if si in released}
        free_j = list(self.free_jokers[: int(sol[self.zJ]) if self.zJ is not None else 0])
        slots = [(cp, f) for cp in copies for f in self._open_joker_slots(cp)]
        pool = wild + free_j + hand_jokers[:max(0, n_hand_jokers)]
        pool.sort(key=lambda jk: 0 if jk in order_key else 1)
        two = self.variant.released_joker_needs_two_from_hand

        def worse(slot: tuple[_Copy, int], avoid: int | None) -> tuple[bool, bool]:
            copy, f = slot
            few = two and avoid is not None and copy.from_hand(hand_set) < 2
            return f == avoid, few

        for joker_card in pool:
            if not slots:
                break
            avoid = order_key.get(joker_card)
            pick = min(range(len(slots)), key=lambda i: worse(slots[i], avoid))
            copy, f = slots.pop(pick)
            copy.jokers.append((joker_card, f))
        if two:
            self._hand_pairs(copies, set(order_key), hand_set, mates)
        # assemble: melds holding a release card first, in declaration order
        declared: dict[Card, Face] = {}
        rank_of = {s.joker: n for n, s in enumerate(self.specials)}

        def order(cp: _Copy) -> int:
            if not cp.release_for:
                return len(self.specials)
            return min(rank_of[self.specials[si].joker] for si in cp.release_for)

        melds: list[list[Card]] = []
        for copy in sorted(copies, key=order):
            cards = [copy.cards[f] for f in copy.naturals]
            for joker_card, f in copy.jokers:
                cards.append(joker_card)
                if self.fixed and f >= 0:
                    declared[joker_card] = index_face(f)
            melds.append(cards)
        on_table = {c for m in melds for c in m}
        free_end = [c for c in self.table.free if c not in on_table]
        return Table.of(melds, free_end, declared)

    def _place_mates(self, copies: list[_Copy], released: set[int],
                     hand: set[Card]) -> set[Card]:
        """A released joker needs a real copy of its card ending in a meld with one of its
        old mates. The relaxed joker model counts faces only, so the copies of a mate's face
        may have landed the other way round: swap a mate into a meld holding the joker's
        card, for the table or free card of the same face there (so every meld's faces, and
        which melds hold hand cards, stay as they were). A swap breaking up a start meld
        kept whole comes last: it costs only the tie-break. Returns the mates that now sit
        beside a real card of their joker's."""
        from_hand = self.variant.joker_release_from == "hand"
        where = {card: cp for cp in copies for card in cp.cards.values()}
        serving: set[Card] = set()
        for si in sorted(released):
            s = self.specials[si]
            hosts = [cp for cp in copies if s.face in cp.cards
                     and (not from_hand or cp.cards[s.face] in hand)]
            beside = {it for it in s.items for cp in hosts if cp.cards.get(face_index(it)) == it}
            if beside:
                serving |= beside
                continue
            swaps = []
            for host in hosts:
                for it in s.items:
                    f = face_index(it)
                    other, card = where.get(it), host.cards.get(f)
                    if card is not None and other is not None and card not in hand:
                        swaps.append((host.kept is not None or other.kept is not None,
                                      len(swaps), host, other, f, it, card))
            if swaps:
                _, _, host, other, f, it, card = min(swaps)
                host.cards[f], other.cards[f] = it, card
                where[it], where[card] = host, other
                host.kept = other.kept = None  # no longer a start meld's very cards
                serving.add(it)
        return serving

    @staticmethod
    def _hand_pairs(copies: list[_Copy], released: set[Card], hand: set[Card],
                    mates: set[Card]) -> None:
        """A released joker's new meld needs two cards from the hand. The relaxed joker
        model does not say which copy of a face is the hand's, so swap hand cards in from
        other melds for table or free cards of the same face (not out of a meld made only
        from the hand, nor out of another released joker's meld short of two; the
        ``mates`` that make a release stay where they are)."""
        homes = [cp for cp in copies if any(j in released for j, _ in cp.jokers)]
        for home in homes:
            for f, card in list(home.cards.items()):
                if home.from_hand(hand) >= 2:
                    break
                if card in hand or card in mates:
                    continue
                for other in copies:
                    mine = other.cards.get(f)
                    if other is home or mine is None or mine not in hand or other.own:
                        continue
                    if other in homes and other.from_hand(hand) <= 2:
                        continue
                    home.cards[f], other.cards[f] = mine, card
                    break

    def _kept_joker_face(self, card: Card, copy: _Copy) -> int:
        face = self.table.declared.get(card)
        if face is not None:
            return face_index(face)
        return copy.jfaces[0] if copy.jfaces else -1

    @staticmethod
    def _open_joker_slots(copy: _Copy) -> list[int]:
        taken = [f for _, f in copy.jokers]
        if copy.jfaces:
            slots = list(copy.jfaces)
            for f in taken:
                if f in slots:
                    slots.remove(f)
            return slots
        return [-1] * (copy.nj - len(taken))


# --- public API --------------------------------------------------------------------------


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
    problem = _Problem(variant, table, hand, opened, objective, keep, exactly, keep_jokers,
                       tie_break, proven_tie_break)
    budget = as_work(work)
    initial = None
    if not opened and variant.initial_meld != "none":
        initial = "points" if variant.initial_meld_points is not None else variant.initial_meld
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


def _joined_opening(problem: _Problem, found: Arrangement,
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
    opened = _solve_loop(_Problem(v, table, problem.hand, True, problem.objective,
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
        sub = _Problem(v, start, rest, True, problem.objective, problem.keep, None,
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


def _solve_loop(problem: _Problem, rule: str | None, hand_allowed: bool,
                work: Work) -> Arrangement | None:
    cuts: list[np.ndarray] = []
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
        kept = problem.kept_in(relaxed)
        table = problem.table
        rest = Table.of([m for i, m in enumerate(table.melds) if i not in kept], table.free,
                        table.declared)
        work.check()
        work.spend(SEARCH_WORK * GUIDE_NODES)
        end = play_of_value(problem.variant, rest, problem.usable, problem.opened,
                            problem.exactly, problem.weight, bound, GUIDE_NODES,
                            check=False,
                            prefer=problem.melds_used(relaxed),
                            releases=problem.releases_in(relaxed))
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

    def check_of(sol: np.ndarray) -> TurnCheck:
        """What ``check_turn`` says of a whole solution's table (each judged once)."""
        key = sol.tobytes()
        if key not in checked:
            end = problem.realise(sol)
            checked[key] = check_turn(problem.variant, problem.table, problem.hand, end,
                                      problem.opened)
        return checked[key]

    def legal(sol: np.ndarray) -> bool:
        return check_of(sol).ok

    searchable = rule is None and hand_allowed
    for _ in range(_MAX_CUTS):
        work.check()
        builder = problem.build(rule, hand_allowed, cuts)
        work.spend(BUILD_WORK + builder.ncol // 4)
        builder.work = work
        sol = builder.solve(rescue if searchable else None,
                            guide if searchable and builder.kept_cols else None,
                            None if builder.dive_ok else legal)
        if isinstance(sol, str):
            return searched.get("guided") or searched.get("play")
        if sol is None:
            return None
        check = check_of(sol)
        if not check.ok and searchable:
            # the refused answer is optimal for a relaxation of the joker rules: its value
            # bounds the primary, its kept melds the tie-break; a search play reaching the
            # primary is the answer (a proven tie-break: reaching both)
            found = search(builder.primary_of(sol))
            if found is not None and (
                    builder.fast or not builder.kept_proven
                    or found.kept_melds >= builder.kept_of(sol)):
                return found
        if not check.ok and problem.tighten():
            cuts = []
            continue
        if check.ok:
            return _arrangement(problem, check)
        cuts.append(sol[: problem.base_cols])
    raise RuntimeError("the arrangement search did not converge")


def _accept(problem: _Problem, end: Table) -> Arrangement | None:
    """The arrangement for an end table, if ``check_turn`` accepts it."""
    check = check_turn(problem.variant, problem.table, problem.hand, end, problem.opened)
    return _arrangement(problem, check) if check.ok else None


def _arrangement(problem: _Problem, check: TurnCheck) -> Arrangement:
    """An accepted end table with its value and the start melds it keeps whole."""
    assert check.table is not None
    played = check.played
    value = sum(problem.weight[c] for c in played)
    start_sets = [frozenset(m) for m in problem.table.melds]
    end_sets = {frozenset(m) for m in check.table.melds}
    kept = sum(1 for m in start_sets if m in end_sets)
    return Arrangement(Play(check.table, played, value), kept, check, check.released)


def best_play(variant: Variant, table: Table, hand: Sequence[Card], opened: bool, *,
              objective: str = "cards", keep: Collection[Card] = (),
              exactly: int | None = None, keep_jokers: bool = False,
              work: int | Work | None = None) -> Play | None:
    """The optimal legal play: most hand cards put down (``objective="cards"``) or most
    points shed (``"points"``, by the variant's ``card_value``), never playing ``keep``
    (nor jokers with ``keep_jokers``), exactly ``exactly`` cards when given. Among optimal
    plays, one keeping many start melds whole (see ``arrange``; the primary objective is
    always proven). None when no legal play exists.
    ``work`` bounds the whole search (see ``arrange``): past it, ``OutOfWork``."""
    result = arrange(variant, table, hand, opened, objective=objective, keep=keep,
                     exactly=exactly, keep_jokers=keep_jokers, work=work)
    return None if result is None else result.play


def can_play(variant: Variant, table: Table, hand: Sequence[Card], opened: bool,
             work: int | Work | None = None) -> bool:
    """Can the player legally add at least one card? A quick look for a card that simply
    extends a meld comes first; the exact search settles the rest (TimeoutError past
    ``work`` units: see ``arrange``)."""
    if opened or variant.initial_meld == "none":
        for card in hand:
            for index, meld in enumerate(table.melds):
                if check_meld(list(meld) + [card], variant, table.declared).ok:
                    melds = [list(m) for m in table.melds]
                    melds[index].append(card)
                    end = Table.of(melds, table.free, table.declared)
                    if check_turn(variant, table, hand, end, opened).ok:
                        return True
    return arrange(variant, table, hand, opened, tie_break=False,
                   work=work) is not None


def prepare(variant: Variant, table: Table, hand: Sequence[Card]) -> None:
    """Build the candidate shapes a position needs, ahead of its solve: they are built once
    per rule set and joker count in a process (up to about 0.2 s for four jokers), so the
    first solve of a game would otherwise pay for them."""
    _Problem(variant, table, hand, True, "cards", (), None, False)
