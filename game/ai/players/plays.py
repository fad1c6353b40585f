"""The exact solver's plays for a seat, as Decisions: ``game.solver`` searches every
rearrangement of the table; this module only says what a computer player's turn asks of
it (its own view, its budget, a play that adds a card)."""

from __future__ import annotations

from collections.abc import Iterable

from game.ai.decision import Decision
from game.engine.actions import Play
from game.engine.cards import Card
from game.engine.match import PlayerView
from game.engine.table import Table
from game.solver import FoundPlay, Work, best_play, edit_list

# A rare tangled position can keep the exact search busy for minutes; a computer turn must
# not, so a search without its own budget gets this much work (``game.solver.Work`` units,
# about two seconds here; counted, never timed, so every machine decides alike), then counts
# as no play.
PLAY_WORK = 800_000


def solution_for(view: PlayerView, *, objective: str = "cards", keep: Iterable[Card] = (),
                 exactly: int | None = None, keep_jokers: bool = False,
                 table: Table | None = None, hand: Iterable[Card] | None = None,
                 opened: bool | None = None, work: int | Work | None = None,
                 timeout_is_none: bool = True) -> FoundPlay | None:
    """The solver's best play for this seat (or for another table, hand or opening state:
    a look ahead), or None when no play adds a card. A search that runs out of ``work``
    (``PLAY_WORK`` units when not given; a ``Work`` to share a budget) counts as no play,
    unless ``timeout_is_none=False``: then it raises ``OutOfWork`` (a TimeoutError), for a
    caller with a fallback."""
    cards = list(view.hand if hand is None else hand)
    start = view.table if table is None else table
    is_open = view.opened[view.seat] if opened is None else opened
    try:
        found = best_play(view.variant, start, cards, is_open, objective=objective,
                          keep=tuple(keep), exactly=exactly, keep_jokers=keep_jokers,
                          work=PLAY_WORK if work is None else work)
    except TimeoutError:
        if timeout_is_none:
            return None
        raise
    if found is None or not adds(start, found.table):
        return None
    return found


def adds(start: Table, end: Table) -> bool:
    """Does the end table hold a card (from the hand, or a free card in a meld) it did not?"""
    return end.card_count() > start.card_count() or len(end.free) < len(start.free)


def as_decision(view: PlayerView, found: FoundPlay, note: str) -> Decision:
    """A play decision for a solver play, with its edit list."""
    edits, _ = edit_list(view.variant, view.table, view.hand, found.table,
                         view.opened[view.seat])
    return Decision(Play(view.seat, found.table), tuple(edits),
                    f"{note}: {len(found.played)} card(s)")


def solved_play(view: PlayerView, *, objective: str = "cards", keep: Iterable[Card] = (),
                exactly: int | None = None, keep_jokers: bool = False,
                note: str = "play", timeout_is_none: bool = True) -> Decision | None:
    """The solver's best play as a Decision, or None when there is none (for a search
    out of time too, unless ``timeout_is_none=False``: see ``solution_for``)."""
    found = solution_for(view, objective=objective, keep=keep, exactly=exactly,
                         keep_jokers=keep_jokers, timeout_is_none=timeout_is_none)
    return None if found is None else as_decision(view, found, note)
