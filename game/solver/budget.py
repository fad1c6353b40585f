"""The solver's work budget: counted steps, never seconds.

Work is counted, never timed, so that a question gets the same answer on any machine under
any load. A unit is about 1.5 microseconds here; what a step costs grows with the model's
size (its columns plus rows), so HiGHS steps are priced per ``SIZE_STEP`` of size.
"""

from __future__ import annotations

RUN_WORK = 100  # one HiGHS run (setting it up, reading its answer)
SIZE_STEP = 200  # a simplex iteration costs 1 + size / SIZE_STEP units
ROUND_WORK = 5  # per unit of size: one branch-and-bound round (a node, or a round of
# cuts at the root: HiGHS reports each through its interrupt callback)
BUILD_WORK = 1000  # building one model, plus a unit per four columns
SEARCH_WORK = 30  # one node of the combinatorial search


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
        """A budget of at most ``units`` that spends from this one too: see ``PartOfWork``."""
        return PartOfWork(self, units)


class PartOfWork(Work):
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
