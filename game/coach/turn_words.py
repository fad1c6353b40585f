"""A manipulation turn in words, as the table's turn log writes it ("Ada: 7♥ into 5♥ 6♥;
drew 1", "Bob drew 1 card"): here, below the screens, so ``machiavelli replay`` prints a
saved game's turns in the very words the table showed."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from game.engine.actions import Abandon, Action, Draw, EndTurn, Knock, Pass, Play
from game.engine.cards import Card
from game.engine.match import TurnRecord
from game.engine.table import Table
from game.engine.variants import Variant
from game.i18n import _, ngettext
from game.solver.edits import Step, story

#: the steps of a play the status line names before "n more changes"
LOG_STEPS = 3


def play_steps(variant: Variant, before: Table, hand: Iterable[Card], after: Table
               ) -> list[Step]:
    """The steps of a play from ``before`` to ``after`` (``hand``: the player's cards at its
    start), or none when the tables do not connect (a bad record never stops the table)."""
    try:
        steps, _unused = story(variant, before, list(hand), after)
    except (AssertionError, KeyError, ValueError):
        return []
    return steps


def turn_drawn(turns: Sequence[TurnRecord], turns_before: int, action_drawn: int) -> int:
    """The cards to tell as drawn after an action: every card of the turn it ended (the
    engine's record counts each draw of a turn made of several actions, as Carousel's
    draws or Shanghai's draws before a meld), else the action's own ``action_drawn``."""
    return turns[-1].drawn if len(turns) > turns_before else action_drawn


def log_line(name: str, steps: list[Step], limit: int | None = 4) -> str:
    """"Ada: 7\u2665 into 5\u2665 6\u2665; split 3\u2663\u20138\u2663; new meld ..." (at most
    ``limit`` steps named, then how many more; every step when ``limit`` is None)."""
    words = [step.words for step in steps[:limit]]
    if limit is not None and len(steps) > limit:
        more = len(steps) - limit
        words.append(ngettext("{n} more change", "{n} more changes", more).format(n=more))
    return f"{name}: " + "; ".join(words)


def action_words(name: str, action: Action, played: Sequence[Card], drawn: int,
                 steps: list[Step] | None = None, limit: int | None = LOG_STEPS) -> str:
    """What ``name`` did with ``action`` (just applied): ``played``, the cards it put down
    from the hand, ``drawn``, the cards it took, ``steps``, a play's meld changes (at most
    ``limit`` named, then how many more: the status line's short words; None: every one,
    the turn log's words, which the log shows in full)."""
    if isinstance(action, Play):
        if steps:
            words = log_line(name, steps, limit)
        else:
            n = len(played)
            words = ngettext("{name} played {n} card", "{name} played {n} cards", n).format(
                name=name, n=n)
        if drawn:
            words += _("; drew {drawn}").format(drawn=drawn)
        return words
    if isinstance(action, Draw):
        return ngettext("{name} drew {drawn} card", "{name} drew {drawn} cards", drawn).format(
            name=name, drawn=drawn)
    if isinstance(action, Abandon):
        return _("{name} gave up the play and drew {drawn}").format(name=name, drawn=drawn)
    if isinstance(action, Knock):
        return _("{name} knocked").format(name=name)
    if isinstance(action, Pass):
        return _("{name} passed").format(name=name)
    if isinstance(action, EndTurn):
        return _("{name} ended the turn").format(name=name)
    return f"{name}: {action.kind}"
