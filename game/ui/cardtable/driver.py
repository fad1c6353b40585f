"""Worker threads (a computer deciding, a hint searching) so the frame rate holds, and the
telling of a play on a scratch draft one meld change at a time, paced so a person can
follow it (``Playback``, ``Pacer``): computer turns, Last turns and hints all use them."""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Any

from game.ai.players.hints import hint_for
from game.coach.turn_words import play_steps
from game.engine.actions import Play
from game.engine.draft import HAND, Move, TurnDraft
from game.engine.errors import EngineError
from game.engine.match import PlayerView
from game.solver.edits import Step


class Worker:
    """Runs ``job()`` in a daemon thread (or at once when ``synchronous``)."""

    def __init__(self, job: Callable[[], Any], synchronous: bool = False) -> None:
        self.result: Any = None
        self.error: BaseException | None = None
        self._done = threading.Event()
        self._job = job
        if synchronous:
            self._run()
        else:
            threading.Thread(target=self._run, name="computer-player", daemon=True).start()

    def _run(self) -> None:
        try:
            self.result = self._job()
        except Exception as error:  # reported to the scene, never lost in the thread
            self.error = error
        finally:
            self._done.set()

    @property
    def done(self) -> bool:
        return self._done.is_set()

    def wait(self, timeout: float | None = None) -> bool:
        return self._done.wait(timeout)


def seek_hint(view: PlayerView, synchronous: bool = False) -> Worker:
    def job() -> Any:
        return hint_for(view)

    return Worker(job, synchronous)


class Playback:
    """Replays a play on a draft as a story, one meld change (``Step``) at a time. When the
    steps cannot be replayed (or there are none), the draft jumps to the play's end table
    in one step. ``edits`` (a player's own edit list) are used, a batch per target, only
    when the story of the two tables cannot be told."""

    def __init__(self, draft: TurnDraft, action: Play, edits: Sequence[Move] = ()) -> None:
        self.draft = draft
        self.action = action
        steps = play_steps(draft.variant, draft.start, draft.start_hand, action.table)
        if not steps and edits:
            steps = [Step(tuple(batch), (), (), "") for batch in _batches(edits)]
        self.steps: list[Step] = steps
        self.done: list[Step] = []  # the steps shown so far
        self._next = 0
        self._jumped = False

    @property
    def finished(self) -> bool:
        return self._jumped or self._next >= max(1, len(self.steps))

    @property
    def current(self) -> Step | None:
        """The step shown last."""
        return self.done[-1] if self.done else None

    def step(self) -> list[Move]:
        """Apply the next step; returns its moves (empty when it jumped to the end)."""
        if self.finished:
            return []
        if not self.steps:
            self._jump()
            return []
        step = self.steps[self._next]
        self._next += 1
        try:
            for move in step.moves:
                _apply(self.draft, move)
        except (EngineError, ValueError, IndexError, KeyError):
            self._jump()
            return []
        self.done.append(step)
        if self._next >= len(self.steps):
            self._finish()
        return list(step.moves)

    def skip(self) -> None:
        """Straight to the end of the play (space or a click on the felt)."""
        if not self.finished:
            self.done = list(self.steps)
            self._jump()

    def _finish(self) -> None:
        """The last step is shown: the draft takes the play's table exactly (a released
        joker's new card, the order of each meld)."""
        if self.draft.table() != self.action.table:
            self.draft.load(self.action.table)

    def _jump(self) -> None:
        self.draft.load(self.action.table)
        self._jumped = True


#: seconds (at speed 1) the cards of a step rest on the table before the next step starts
STEP_HOLD = 0.55
#: seconds (at speed 1) the cards of a step take to travel to their meld
STEP_TRAVEL = 0.6
#: seconds (at speed 1) the last step of a replayed turn rests before the next turn (or the
#: end of the replay) replaces it: time to read it and press Space to stay on it
TURN_HOLD = 1.3


class Pacer:
    """When the next step of a story may start: once the cards of the last step have
    landed and rested ``hold`` seconds (``STEP_HOLD`` unless told, scaled by the speed
    setting); paused, only when the player asks for one step."""

    def __init__(self) -> None:
        self.rest = STEP_HOLD  # the first step starts at once
        self.paused = False
        self._one = False

    def step_once(self) -> None:
        self._one = True

    def due(self, dt: float, busy: bool, speed: float, hold: float = STEP_HOLD) -> bool:
        if busy:
            self.rest = 0.0
            return False
        self.rest += dt
        if self._one:
            self._one = False
            self.rest = 0.0
            return True
        if self.paused or self.rest < hold / max(0.1, speed):
            return False
        self.rest = 0.0
        return True


def _batches(edits: Sequence[Move]) -> list[list[Move]]:
    """Consecutive moves into the same group travel together."""
    out: list[list[Move]] = []
    for move in edits:
        if out and out[-1][-1].to_group == move.to_group and move.to_group is not None \
                and out[-1][-1].from_group == move.from_group:
            out[-1].append(move)
        else:
            out.append([move])
    return out


def _apply(draft: TurnDraft, move: Move) -> None:
    to = move.to_group
    if to == HAND:
        draft.send_back(move.card)
        return
    if not isinstance(to, int) or to >= len(draft.groups):
        draft.move(move.card, None)
        return
    draft.move(move.card, to, move.position)
