"""The solver's one entry point: every question the game asks of it.

- ``solve``: the best play with the card moves that make it (computer players, the
  ``solve`` command); ``hint``: the same for a person, with a proven tie-break and a budget.
- ``best_play`` and ``arrange``: the best play alone, and the arrangement behind it.
- ``can_play`` and ``PLAY_ORACLE``: can a player add a card at all (the must-play rule:
  the engine's ``Match`` asks it through the ``PlayOracle`` it is given).
- ``edit_list``: the moves that turn one table into another.

Every search is bounded by counted work (``Work``, ``OutOfWork``), never by a clock.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from itertools import combinations

from game.engine.cards import Card, Face
from game.engine.draft import Move
from game.engine.melds import check_meld
from game.engine.table import Table
from game.engine.turn import check_turn
from game.engine.variants import Variant
from game.solver.budget import OutOfWork, Work
from game.solver.edits import edit_list, story
from game.solver.exact import arrange
from game.solver.model import Position
from game.solver.play import Arrangement, FoundPlay

__all__ = ["CAN_PLAY_WORK", "HINT_WORK", "PLAY_ORACLE", "Arrangement", "FoundPlay", "OutOfWork",
           "Solution", "SolverOracle", "Work", "arrange", "best_play", "can_play", "edit_list",
           "fewer_moves", "hint", "moved_cards", "prepare", "solve"]


@dataclass(frozen=True)
class Solution:
    """A best play. ``edits`` replayed with ``TurnDraft.move`` (in order, ``to_group`` None
    meaning a new group) build ``table``. A move cannot say what a joker stands for, so
    ``declarations`` lists the ``TurnDraft.declare`` calls that make the draft match exactly:
    a released joker's new card (needed: without it the draft keeps the old one) and a joker
    played from the hand (optional: the draft would pick a card for it itself)."""

    table: Table
    played: tuple[Card, ...]
    value: int
    edits: list[Move]
    kept_melds: int
    declarations: dict[Card, Face] = field(default_factory=dict)


def solve(variant: Variant, table: Table, hand: Sequence[Card], opened: bool = True,
          objective: str = "cards", keep: Collection[Card] = (), exactly: int | None = None,
          keep_jokers: bool = False, work: int | Work | None = None,
          proven_tie_break: bool = False) -> Solution | None:
    """The optimal play (most cards, or most points with ``objective="points"``), keeping
    start melds whole among those (as many as possible with ``proven_tie_break``; see
    ``arrange``); None when no legal play exists."""
    result = arrange(variant, table, hand, opened, objective=objective, keep=keep,
                     exactly=exactly, keep_jokers=keep_jokers, work=work,
                     proven_tie_break=proven_tie_break)
    if result is None:
        return None
    play = result.play
    edits, declarations = edit_list(variant, table, hand, play.table, opened)
    return Solution(play.table, play.played, play.value, edits, result.kept_melds,
                    declarations)


# a hint's budget: ``arrange.Work`` units (about five seconds here), counted, not timed
HINT_WORK = 2_000_000
# of which the second pass (a play as large that moves fewer table cards) may use at most
SMALLER_WORK = 600_000
# the second pass opens at most this many start melds to change at once
SMALLER_MELDS = 2


def hint(variant: Variant, table: Table, hand: Sequence[Card], opened: bool = True,
         work: int | Work | None = HINT_WORK) -> Solution | None:
    """The play a hint shows: the most cards from the hand, and among the plays that many,
    one that moves few table cards (a person reads and copies it). The exact search finds
    the best count with the proven tie-break (most start melds kept whole); a second pass
    (``fewer_moves``) then looks for a play of that count moving fewer table cards. A rare
    position can take the exact search minutes, so a hint gives up after ``work`` units
    (OutOfWork, a TimeoutError, saying so plainly)."""
    budget = work if isinstance(work, Work) else Work(work)
    try:
        best = solve(variant, table, hand, opened, objective="cards", work=budget,
                     proven_tie_break=True)
    except TimeoutError:
        raise OutOfWork("no best play found within the hint's search budget: this table "
                        "is too tangled for a quick hint") from None
    if best is None:
        return None
    return fewer_moves(variant, table, hand, opened, best, budget.part(SMALLER_WORK))


def moved_cards(variant: Variant, table: Table, hand: Sequence[Card], end: Table) -> int:
    """How many table cards a person moves to make ``end`` (as ``story`` tells the play)."""
    steps, _ = story(variant, table, hand, end)
    return sum(len(step.moved) for step in steps)


def fewer_moves(variant: Variant, table: Table, hand: Sequence[Card], opened: bool,
                best: Solution, work: Work) -> Solution:
    """A play of as many cards as ``best`` that moves fewer table cards, if one is found
    within ``work`` (else ``best``). Only a few start melds (``SMALLER_MELDS``, those a hand
    card could touch) are opened to change at a time, the rest kept whole; the smallest
    such changes are tried first, and every candidate is checked as a whole turn."""
    count = len(best.played)
    least = moved_cards(variant, table, hand, best.table)
    if least == 0 or count == 0:
        return best
    chosen = best
    near = [i for i, meld in enumerate(table.melds) if _touchable(meld, hand)]
    subsets: list[tuple[int, ...]] = [()]
    for size in range(1, SMALLER_MELDS + 1):
        subsets += sorted(combinations(near, size),
                          key=lambda s: sum(len(table.melds[i]) for i in s))
    for subset in subsets:
        if work.exhausted:
            break
        opened_melds = [table.melds[i] for i in subset]
        kept = [m for i, m in enumerate(table.melds) if i not in subset]
        part = Table.of(opened_melds, table.free, table.declared)
        try:
            found = arrange(variant, part, hand, opened, objective="cards", exactly=count,
                            tie_break=False, work=work)
        except (TimeoutError, RuntimeError):
            break
        if found is None or len(found.play.played) != count:
            continue
        declared = dict(table.declared)
        declared.update(found.play.table.declared)
        end = Table.of(kept + [list(m) for m in found.play.table.melds], found.play.table.free,
                       declared)
        if not check_turn(variant, table, hand, end, opened).ok:
            continue
        moved = moved_cards(variant, table, hand, end)
        if moved < least:
            edits, declarations = edit_list(variant, table, hand, end, opened)
            chosen = Solution(end, found.play.played, found.play.value, edits,
                              len(kept) + found.kept_melds, declarations)
            least = moved
            if moved == 0:
                break
    return chosen


def _touchable(meld: Sequence[Card], hand: Sequence[Card]) -> bool:
    """Could a hand card join or reshape ``meld``: a joker on either side, a card of a rank
    in it (a set), or of its suit within three ranks of it (a run)?"""
    if any(c.is_joker for c in meld) or any(c.is_joker for c in hand):
        return True
    ranks = {c.rank for c in meld}
    suits = {c.suit for c in meld}
    low, high = min(ranks), max(ranks)
    return any(c.rank in ranks or (c.suit in suits and low - 3 <= c.rank <= high + 3)
               for c in hand)


def best_play(variant: Variant, table: Table, hand: Sequence[Card], opened: bool, *,
              objective: str = "cards", keep: Collection[Card] = (),
              exactly: int | None = None, keep_jokers: bool = False,
              work: int | Work | None = None) -> FoundPlay | None:
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
    per rule set and joker count in a process (up to about 0.15 s for four jokers, 0.2 s
    wild with aces around the corner: ``bench_positions --cold``), so the first solve of a
    game would otherwise pay for them."""
    Position(variant, table, hand, True, "cards", (), None, False)


# The must-play rule asks whether a play exists; a rare position under exotic joker options
# can take the search far longer than a player should wait. Its budget is counted work
# (``Work``: a few seconds here), never a time, so the answer does not depend on the
# machine; an answer it cannot settle is logged by the match (``NotPlaying.unsettled``).
CAN_PLAY_WORK = 1_500_000


class SolverOracle:
    """The engine's ``PlayOracle`` answered by the exact search: True or False, None when
    ``CAN_PLAY_WORK`` units could not settle it."""

    def can_play(self, variant: Variant, table: Table, hand: Sequence[Card],
                 opened: bool) -> bool | None:
        try:
            return can_play(variant, table, hand, opened, work=CAN_PLAY_WORK)
        except (RuntimeError, TimeoutError):
            return None


PLAY_ORACLE = SolverOracle()
