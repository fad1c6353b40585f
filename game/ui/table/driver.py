"""Computer turns: the player decides in a worker thread (so the frame rate holds), and a
play is replayed on a scratch draft one edit at a time so the cards can be seen moving."""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Any

from game.engine.actions import Play
from game.engine.draft import HAND, Move, TurnDraft
from game.engine.errors import EngineError
from game.engine.match import PlayerView


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


def make_computer(level: str, seed: int) -> Any:
    """A computer player of ``level`` from ``game.ai.players``."""
    from game.ai.players import make_player

    return make_player(level, seed)


def think(player: Any, view: PlayerView, synchronous: bool = False) -> Worker:
    return Worker(lambda: player.decide(view), synchronous)


def hint(view: PlayerView, synchronous: bool = False) -> Worker:
    def job() -> Any:
        from game.ai.players.hints import hint_for

        return hint_for(view)

    return Worker(job, synchronous)


class Playback:
    """Replays a play's edits on a draft, a batch at a time. When the edits cannot be
    replayed (or there are none), the draft jumps to the play's end table in one step."""

    def __init__(self, draft: TurnDraft, action: Play, edits: Sequence[Move]) -> None:
        self.draft = draft
        self.action = action
        self._batches = _batches(edits)
        if not self._batches:
            self._batches = [[]]  # one step: jump to the end table

    @property
    def finished(self) -> bool:
        return not self._batches

    def step(self) -> list[Move]:
        """Apply the next batch; returns its moves (empty when it jumped to the end)."""
        if not self._batches:
            return []
        batch = self._batches.pop(0)
        if not batch:
            self._jump()
            return []
        try:
            for move in batch:
                _apply(self.draft, move)
        except (EngineError, ValueError, IndexError, KeyError):
            self._jump()
            return []
        return list(batch)

    def _jump(self) -> None:
        self.draft.load(self.action.table)
        self._batches.clear()


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
