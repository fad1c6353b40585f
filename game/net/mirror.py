"""The host's screen's own copy of the match the network thread plays.

The table scenes play a ``GameSession`` whose match they own. A hosted match belongs to the
network thread (``NetHost``), so the host's screen keeps a mirror: a copy of the match taken
when it began (``NetHost.session()``), to which it applies every action the host applied,
in order (``Played.action``, the very action the match logged). The match is deterministic,
so the mirror stays the host's match exactly, hidden cards and all (it is this computer's
own): the table draws it, animates each action as it comes, and for its own seat sends the
person's action with ``NetHost.act`` and sees it come back as a ``Played``. To the table,
every other seat, network or computer, is a seat whose moves arrive from elsewhere.
"""

from __future__ import annotations

from collections.abc import Iterable

from game.engine.actions import Action
from game.net.events import Played
from game.session import GameSession


class MirrorBroken(Exception):
    """The mirror missed an action or the match refused one: take a new ``session()``."""


class MatchMirror:
    def __init__(self, session: GameSession) -> None:
        self.session = session

    @property
    def step(self) -> int:
        return len(self.session.match.log)

    def feed(self, events: Iterable[object]) -> list[tuple[int | None, Action]]:
        """Apply the actions of the ``Played`` events among ``events`` that the mirror has
        not applied yet; the (seat, action) pairs applied, in order, for the table to show.
        ``MirrorBroken`` if one is missing or refused."""
        applied: list[tuple[int | None, Action]] = []
        for event in events:
            if not isinstance(event, Played) or event.action is None:
                continue
            step = event.event["step"]
            if step <= self.step:
                continue  # the copy was taken after it
            if step != self.step + 1:
                raise MirrorBroken(f"the mirror is at step {self.step}, the host at {step}")
            try:
                self.session.match.apply(event.action)
            except Exception as error:  # noqa: BLE001 - said as the mirror's own fault
                raise MirrorBroken(f"the mirror refused step {step}: {error}") from None
            applied.append((event.event["seat"], event.action))
        return applied
