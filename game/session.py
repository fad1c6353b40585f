"""A game being played, below the screens: the match plus who sits where (human or
computer level, names), as a save slot holds it, and what the store is told about it: the
autosave after every committed turn and, once the match is over, its statistics record.
A seat is the store's ``Seat`` (name and kind), the same in the session, its save, the
settings' default seats and the statistics.

No pygame here: the tables call it, and a headless driver could too."""

from __future__ import annotations

import math
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Protocol

from game.engine.protocol import GameState
from game.engine.scoring import points_number
from game.engine.serialize import SaveError
from game.i18n import _
from game.solver.matches import match_from_json, new_match
from game.store import (
    AUTOSAVE,
    FinishedMatch,
    HandRecord,
    HistoryStore,
    MatchRecord,
    Store,
    StoreError,
)
from game.store.saves import EARLIEST_SAVE, LATEST_SAVE, MAX_SEATS, SaveSummary
from game.store.seats import COMPUTER_KINDS, MAX_NAME_LENGTH, Seat
from game.store.stats import MAX_HINTS

#: When a saved match may have started (seconds since 1970, the saves' own date range):
#: a time outside it would crash recording the match's statistics at its end.
EARLIEST_START = EARLIEST_SAVE.timestamp()
LATEST_START = LATEST_SAVE.timestamp()


class SaveListing(Protocol):
    """What a save's listing says about its game (``game.store.SlotInfo``)."""

    @property
    def variant(self) -> str: ...
    @property
    def players(self) -> Sequence[str]: ...
    @property
    def scores(self) -> Sequence[int | float]: ...
    @property
    def hand(self) -> int: ...


@dataclass(frozen=True)
class NetworkSeats:
    """A game hosted for play on the local network (``game.net``): which seats are played
    from other computers (their ``Seat`` is human: people play them) and, for each, the
    computer level that takes it over when its player drops out. A save holding it
    reopens the host's lobby on resuming."""

    remote: tuple[int, ...]
    levels: tuple[str, ...]

    def to_json(self) -> dict:
        return {"remote": list(self.remote), "levels": list(self.levels)}

    @classmethod
    def from_json(cls, data: Any, seats: int) -> NetworkSeats:
        """The network seats of a save with ``seats`` seats; SaveError when malformed."""
        if not isinstance(data, dict):
            raise SaveError('saved game\'s "network" must be an object')
        remote, levels = data.get("remote"), data.get("levels")
        if not isinstance(remote, list) or not isinstance(levels, list) \
                or len(remote) != len(levels) or len(set(map(repr, remote))) != len(remote):
            raise SaveError('saved game\'s "network" must list its seats and their levels')
        for seat in remote:
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < seats:
                raise SaveError(f'saved game\'s network seat {seat!r:.20} is not a seat')
        for level in levels:
            if level not in COMPUTER_KINDS:
                raise SaveError(f'saved game\'s network level {level!r:.20} is not a level')
        return cls(tuple(remote), tuple(levels))


@dataclass
class GameSession:
    match: GameState  # either family's match (``game.engine.protocol``)
    seats: list[Seat]
    started_at: float = field(default_factory=time.time)
    recorded: bool = False  # statistics written for the finished match
    hints: int = 0  # hints the human seats took (the statistics mark a win with hints)
    network: NetworkSeats | None = None  # hosted for network play (``game.net``)

    @classmethod
    def new(cls, variant_id: str, options: dict, seats: list[Seat], seed: int) -> GameSession:
        match = new_match(variant_id, len(seats), seed, options, [s.name for s in seats])
        return cls(match, seats)

    @property
    def humans(self) -> list[int]:
        """The seats people play at this screen (a hosted game's network seats are played
        at other screens: people, but not here)."""
        remote = self.network.remote if self.network is not None else ()
        return [i for i, seat in enumerate(self.seats) if seat.is_human and i not in remote]

    @property
    def hot_seat(self) -> bool:
        return len(self.humans) > 1

    def summary(self) -> dict:
        match = self.match
        return {
            "variant": match.variant.name, "variant_id": match.variant_id,
            "players": [s.name for s in self.seats], "kinds": [s.kind for s in self.seats],
            "scores": [points_number(t) for t in match.totals], "hand": match.hand.number + 1,
        }

    def to_json(self) -> dict:
        data = {
            "match": self.match.to_json(),
            "seats": [seat.to_json() for seat in self.seats],
            "started_at": self.started_at, "recorded": self.recorded,
        }
        if self.hints:  # only then: a save without hints is written as before
            data["hints"] = self.hints
        if self.network is not None:  # only then, likewise
            data["network"] = self.network.to_json()
        return data

    @classmethod
    def from_json(cls, data: Any) -> GameSession:
        """The session saved in ``data``; SaveError naming the problem if any field is of
        the wrong type or out of range, or the match does not replay."""
        if not isinstance(data, dict):
            raise SaveError("saved game is not a JSON object")
        seats = _seats(data.get("seats"))
        started_at = _started_at(data.get("started_at", time.time()))
        recorded = data.get("recorded", False)
        if not isinstance(recorded, bool):
            raise SaveError(f'saved game\'s "recorded" must be true or false, not {recorded!r:.40}')
        hints = data.get("hints", 0)
        if isinstance(hints, bool) or not isinstance(hints, int) or not 0 <= hints <= MAX_HINTS:
            raise SaveError(f'saved game\'s "hints" must be a count from 0 to {MAX_HINTS}, '
                            f"not {hints!r:.40}")
        match_data = data.get("match")
        if not isinstance(match_data, dict):
            raise SaveError("saved game's match is missing or not a JSON object")
        match = match_from_json(match_data)
        if len(seats) != match.players:
            raise SaveError(f"saved game has {len(seats)} seats for {match.players} players")
        if list(match.names) != [seat.name for seat in seats]:
            raise SaveError("saved game's seat names differ from its match's player names")
        network = data.get("network")
        if network is not None:
            network = NetworkSeats.from_json(network, len(seats))
        return cls(match, seats, started_at, recorded, hints, network)

    def summary_problem(self, listing: SaveListing) -> str | None:
        """What a save's listing says that replaying its game does not give, or None."""
        actual = self.summary()
        claims = (
            ("variant", listing.variant, actual["variant"]),
            ("players", list(listing.players), actual["players"]),
            ("scores", list(listing.scores), actual["scores"]),
            ("hand", listing.hand, actual["hand"]),
        )
        for name, said, found in claims:
            if said != found:
                return (f"its listing says {name} {_short(said)}, but replaying its moves "
                        f"gives {_short(found)}")
        return None


def session_from_save(game: Any, listing: SaveListing | None = None) -> GameSession:
    """The session in a save's ``game``, checked as every reader of a save checks it (the
    Load screen, Continue, the start-up check, ``machiavelli review``, the review of a kept
    match): read, replayed from its seed and log, and, given the save's ``listing``, found
    to be what the listing says. SaveError naming the problem, whatever is wrong with the
    data: nothing else escapes."""
    try:
        session = GameSession.from_json(game)
    except SaveError:
        raise
    except RecursionError:
        raise SaveError(_("it is damaged (nested too deeply)")) from None
    except (TypeError, ValueError, AttributeError, LookupError, ArithmeticError) as error:
        raise SaveError(_("it is damaged ({error})").format(
            error=error.__class__.__name__)) from None
    if listing is not None:
        problem = session.summary_problem(listing)
        if problem is not None:
            raise SaveError(problem)
    return session


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _seats(data: Any) -> list[Seat]:
    if not isinstance(data, list) or not 1 <= len(data) <= MAX_SEATS:
        raise SaveError(f"saved game must have a list of 1-{MAX_SEATS} seats")
    seats = []
    for number, item in enumerate(data, 1):
        try:
            seats.append(Seat.from_json(item))
        except ValueError as error:
            raise SaveError(f"saved game's seat {number} is not valid: {error}") from None
    return seats


def _started_at(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise SaveError(f'saved game\'s "started_at" must be a number, not {value!r:.40}')
    if not (math.isfinite(value) and EARLIEST_START <= value < LATEST_START):
        raise SaveError(
            f'saved game\'s "started_at" {value:.6g} is out of range (a time between '
            f"{EARLIEST_SAVE.year} and {LATEST_SAVE.year - 1})"
        )
    return float(value)


# --------------------------------------------------------------------------- the store


def autosave(store: Store, session: GameSession) -> str | None:
    """Write the session to the autosave slot; a problem text if it could not be."""
    try:
        store.saves.write(AUTOSAVE, session.to_json(), session.summary())
    except (StoreError, ValueError, OSError) as error:
        return f"Autosave failed: {error}"
    return None


def clear_autosave(store: Store) -> str | None:
    """Remove the autosave (its match is over); a problem text if it could not be."""
    try:
        store.saves.delete(AUTOSAVE)
    except (StoreError, OSError) as error:
        return f"The autosave could not be removed: {error}"
    return None


def _moment(epoch: float) -> datetime:
    return datetime.fromtimestamp(epoch, UTC)


def match_record(session: GameSession, hand_times: Mapping[int, tuple[float, float]],
                 now: float | None = None) -> MatchRecord | None:
    """The statistics record of the session's finished match (None while it goes on):
    its hands timed by ``hand_times`` (hand number: start, end; a hand without times
    spans the whole match), finished at ``now`` (the current time if None)."""
    match = session.match
    if match.result is None:
        return None
    if now is None:
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
    return MatchRecord(
        variant=match.variant_id,
        seats=[Seat(s.name[:MAX_NAME_LENGTH], s.kind) for s in session.seats],
        scores=[points_number(t) for t in final.totals],
        winner_seat=winner,
        started_at=_moment(start),
        finished_at=_moment(now),
        options=dict(match.options),
        hands=hands,
        higher_is_better=match.variant.higher_score_wins,
        hints=session.hints,
    )


def record_match(store: Store, session: GameSession,
                 hand_times: Mapping[int, tuple[float, float]]) -> str | None:
    """Record a finished match in the statistics once (``session.recorded``); a problem
    text if the store refused it."""
    if session.recorded:
        return None
    record = match_record(session, hand_times)
    if record is None:
        return None
    session.recorded = True
    kept = keep_finished(store, session)
    try:
        store.stats.record_match(record)
    except (ValueError, OverflowError, StoreError) as error:
        return f"The match could not be added to the statistics: {error}"
    return kept


def keep_finished(store: Store, session: GameSession) -> str | None:
    """Keep the finished match in the history (replayed for review from the statistics
    screen); a problem text if the store refused it."""
    try:
        HistoryStore.at(store.paths, store.messages).add(FinishedMatch(
            datetime.now(UTC), SaveSummary.from_json(session.summary()), session.to_json()))
    except (ValueError, StoreError, OSError) as error:
        return f"The match could not be kept for review: {error}"
    return None
