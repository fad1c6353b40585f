"""What the table writes to the store: the autosave after every committed turn, and the
finished match (with its hands) in the statistics, exactly once."""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from game.engine.scoring import CAROUSEL_SCHEMES, points_number
from game.store import AUTOSAVE, HandRecord, MatchRecord, Seat, Store, StoreError
from game.ui.session import GameSession

if TYPE_CHECKING:
    from game.ui.app import App


def autosave(store: Store, session: GameSession) -> str | None:
    """Write the session to the autosave slot; a problem text if it could not be."""
    try:
        store.saves.write(AUTOSAVE, session.to_json(), session.summary())
    except (StoreError, ValueError, OSError) as error:
        return f"Autosave failed: {error}"
    return None


def clear_autosave(store: Store) -> str | None:
    try:
        store.saves.delete(AUTOSAVE)
    except (StoreError, OSError) as error:
        return f"The autosave could not be removed: {error}"
    return None


def _moment(epoch: float) -> datetime:
    return datetime.fromtimestamp(epoch, UTC)


def record_match(store: Store, session: GameSession,
                 hand_times: dict[int, tuple[float, float]]) -> str | None:
    """Record a finished match in the statistics once (``session.recorded``)."""
    match = session.match
    if session.recorded or match.result is None:
        return None
    now = time.time()
    start = session.started_at
    hands: list[HandRecord] = []
    for number, result in enumerate(match.history):
        began, ended = hand_times.get(number, (start, now))
        winner = result.winners[0] if len(result.winners) == 1 else None
        scores = [points_number(p) for p in result.points]
        hands.append(HandRecord(number + 1, scores, winner, _moment(began),
                                _moment(max(began, ended))))
    final = match.result
    winner = final.winners[0] if len(final.winners) == 1 else None
    record = MatchRecord(
        variant=match.variant_id,
        seats=[Seat(s.name[:32], s.kind) for s in session.seats],
        scores=[points_number(t) for t in final.totals],
        winner_seat=winner,
        started_at=_moment(start),
        finished_at=_moment(now),
        options=dict(match.options),
        hands=hands,
        higher_is_better=match.variant.scoring in CAROUSEL_SCHEMES or
        match.variant.scoring == "none",
    )
    session.recorded = True
    try:
        store.stats.record_match(record)
    except (ValueError, StoreError) as error:
        return f"The match could not be added to the statistics: {error}"
    return None


def close_hand(app: App, session: GameSession, hand_times: dict[int, tuple[float, float]],
               autosave: bool, write_autosave: Callable[[], None]) -> None:
    """What both tables do when a hand ends: note when it ended; at the end of the match
    record it in the statistics (once), clear the autosave and play the win sound;
    otherwise autosave. Problems with the files are shown as notices."""
    match = session.match
    number = match.hand.number
    began = hand_times.get(number, (time.time(), time.time()))[0]
    hand_times[number] = (began, time.time())
    if not match.over:
        if autosave:
            write_autosave()
        return
    problems = [record_match(app.store, session, hand_times)]
    if autosave:
        problems.append(clear_autosave(app.store))
    for problem in problems:
        if problem:
            app.notify(problem)
    app.sounds.play("win")

