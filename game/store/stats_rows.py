"""The statistics' records (a match, its hands, a reviewed hand's accuracy, a line of
figures) and their conversion to and from the database's rows (``game.store.stats``
keeps the store itself)."""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from game.store.seats import Seat

NO_COMPUTER = "none"  # opponent level of a match with human seats only
#: The most hints one match records: far beyond what any match takes, and well inside
#: SQLite's integers (a larger count is damage, refused where a save is read)
MAX_HINTS = 1_000_000
MAX_KEY_LENGTH = 200  # a match's key (``MatchRecord.key``)


@dataclass(frozen=True)
class HandRecord:
    """One finished hand: scores by seat (scores of this hand, not running totals)."""

    number: int
    scores: Sequence[int | float]
    winner_seat: int | None
    started_at: datetime
    finished_at: datetime
    duration_seconds: float | None = None  # default: finished_at - started_at


@dataclass(frozen=True)
class MatchRecord:
    """One finished match: ``seats`` and ``scores`` share the seat order."""

    variant: str
    seats: Sequence[Seat]
    scores: Sequence[int | float]
    winner_seat: int | None
    started_at: datetime
    finished_at: datetime
    options: Mapping[str, Any] = field(default_factory=dict)
    hands: Sequence[HandRecord] = ()
    duration_seconds: float | None = None  # default: finished_at - started_at
    higher_is_better: bool = True  # how the variant scores: for "best score"
    hints: int = 0  # hints the human seats took: a win with hints is marked so
    id: int | None = None  # set when read back
    #: names the match (its variant, seed and start): a match is recorded once, a second
    #: record of the same key is ignored (a game killed before its autosave was removed
    #: finishes its last turn again on Continue)
    key: str | None = None


@dataclass(frozen=True)
class AccuracyRecord:
    """A reviewed hand: how much of what it could have put down the player did (percent,
    ``game.coach.review``), ``hand_key`` naming the hand (a second review replaces it)."""

    hand_key: str
    variant: str
    accuracy: float
    reviewed_at: datetime


@dataclass(frozen=True)
class StatLine:
    """Figures for one player (the human seats of that name), or for every human seat,
    over one group of matches.

    A match counts if the player sat at it (a human seat); it is a win if they won.
    ``best_score`` is ``None`` when the group mixes high-wins and low-wins scoring.
    """

    key: str
    games: int
    wins: int
    win_rate: float
    best_score: int | float | None
    average_score: float | None
    longest_win_streak: int
    hint_wins: int = 0  # of ``wins``, those won with hints



def match_rows(record: MatchRecord) -> tuple[tuple[Any, ...], list[tuple[Any, ...]]]:
    """The database rows of a match and its hands; ``ValueError`` if malformed."""
    if not isinstance(record.variant, str) or not record.variant:
        raise ValueError("a match needs a variant id")
    seats = [Seat.from_json(seat) for seat in record.seats]
    match_scores = _scores(record.scores, len(seats), "match")
    hand_rows = []
    for hand in record.hands:
        hand_rows.append(
            (
                int(hand.number),
                json.dumps(_scores(hand.scores, len(seats), f"hand {hand.number}")),
                _winner(hand.winner_seat, len(seats)),
                _iso(hand.started_at),
                _iso(hand.finished_at),
                _duration(hand.duration_seconds, hand.started_at, hand.finished_at),
            )
        )
    match_row = (
        record.variant,
        json.dumps(dict(record.options), allow_nan=False, sort_keys=True),
        json.dumps([seat.to_json() for seat in seats], ensure_ascii=False),
        json.dumps(match_scores),
        _winner(record.winner_seat, len(seats)),
        _iso(record.started_at),
        _iso(record.finished_at),
        _duration(record.duration_seconds, record.started_at, record.finished_at),
        1 if record.higher_is_better else 0,
        _hints(record.hints),
        _key(record.key),
    )
    return match_row, hand_rows


def _hints(hints: Any) -> int:
    if isinstance(hints, bool) or not isinstance(hints, int) or not 0 <= hints <= MAX_HINTS:
        raise ValueError(f"hints must be a count from 0 to {MAX_HINTS}")
    return hints


def _key(key: Any) -> str | None:
    if key is not None and (not isinstance(key, str) or not 0 < len(key) <= MAX_KEY_LENGTH):
        raise ValueError(f"a match's key must be text of 1-{MAX_KEY_LENGTH} characters")
    return key


def accuracy_row(record: AccuracyRecord) -> tuple[str, str, float, str]:
    """The database row of a reviewed hand; ``ValueError`` if malformed."""
    if not isinstance(record.hand_key, str) or not 0 < len(record.hand_key) <= 200:
        raise ValueError("a reviewed hand needs a key of 1-200 characters")
    if not isinstance(record.variant, str) or not record.variant:
        raise ValueError("a reviewed hand needs a variant")
    if not _is_number(record.accuracy) or not 0 <= record.accuracy <= 100:
        raise ValueError(f"accuracy must be a percentage, not {record.accuracy!r:.40}")
    return record.hand_key, record.variant, float(record.accuracy), _iso(record.reviewed_at)


def _scores(scores: Sequence[Any], seats: int, what: str) -> list[int | float]:
    values = list(scores)
    if len(values) != seats or not all(_is_number(v) and math.isfinite(v) for v in values):
        raise ValueError(f"the {what} needs one finite score per seat")
    return values


def _winner(winner: int | None, seats: int) -> int | None:
    if winner is None:
        return None
    if isinstance(winner, bool) or not isinstance(winner, int) or not 0 <= winner < seats:
        raise ValueError("the winner must be a seat number or None")
    return winner


def _duration(given: float | None, started: datetime, finished: datetime) -> float:
    if given is None:
        return max(0.0, (utc(finished) - utc(started)).total_seconds())
    if not _is_number(given) or not math.isfinite(given) or given < 0:
        raise ValueError("a duration must be a number of seconds")
    return float(given)


def utc(moment: datetime) -> datetime:
    """Aware UTC; a naive time is taken as local time."""
    return moment.astimezone(UTC)


def _iso(moment: datetime) -> str:
    return utc(moment).isoformat(timespec="microseconds")


def hand_from_row(row: Sequence[Any]) -> HandRecord:
    number, scores, winner, started, finished, duration = row
    return HandRecord(
        number=int(number),
        scores=tuple(_json_scores(scores)),
        winner_seat=winner,
        started_at=datetime.fromisoformat(started),
        finished_at=datetime.fromisoformat(finished),
        duration_seconds=float(duration),
    )


def match_from_row(row: Sequence[Any], hands: list[HandRecord]) -> MatchRecord:
    (match_id, variant, options, seats, scores, winner, started, finished, duration, high,
     hints) = row
    seat_list = tuple(Seat.from_json(seat) for seat in json.loads(seats))
    score_list = tuple(_json_scores(scores))
    options_map = json.loads(options)
    if not isinstance(options_map, dict) or len(score_list) != len(seat_list):
        raise ValueError("malformed match row")
    if winner is not None and not 0 <= winner < len(seat_list):
        raise ValueError("malformed winner")
    return MatchRecord(
        id=match_id,
        variant=str(variant),
        seats=seat_list,
        scores=score_list,
        winner_seat=winner,
        started_at=datetime.fromisoformat(started),
        finished_at=datetime.fromisoformat(finished),
        options=options_map,
        hands=tuple(hands),
        duration_seconds=float(duration),
        higher_is_better=bool(high),
        hints=int(hints),
    )


def _json_scores(text: str) -> list[int | float]:
    values = json.loads(text)
    if not isinstance(values, list) or not all(_is_number(v) for v in values):
        raise ValueError("malformed scores")
    return values


def stat_lines(records: list[MatchRecord], keys: Callable[[MatchRecord], list[str]],
           player: str | None = None) -> list[StatLine]:
    """StatLines over ``records`` (oldest first) for ``player`` (every human seat if None),
    one per key ``keys`` gives a match."""
    grouped: dict[str, list[MatchRecord]] = {}
    for record in records:
        if _seats_of(record, player):
            for key in keys(record):
                grouped.setdefault(key, []).append(record)
    return [_line(key, grouped[key], player) for key in sorted(grouped)]


def _seats_of(record: MatchRecord, player: str | None) -> list[int]:
    """The seats of ``record`` whose figures count: the human seats named ``player`` (every
    human seat if None)."""
    return [n for n, seat in enumerate(record.seats)
            if seat.is_human and (player is None or seat.name == player)]


def _line(key: str, records: list[MatchRecord], player: str | None = None) -> StatLine:
    wins = streak = longest = hint_wins = 0
    scores: list[int | float] = []
    for record in records:
        humans = _seats_of(record, player)
        scores.extend(record.scores[n] for n in humans)
        if record.winner_seat in humans:
            wins += 1
            hint_wins += record.hints > 0
            streak += 1
            longest = max(longest, streak)
        else:
            streak = 0
    directions = {record.higher_is_better for record in records}
    best: int | float | None = None
    if scores and len(directions) == 1:
        best = max(scores) if directions.pop() else min(scores)
    return StatLine(
        key=key,
        games=len(records),
        wins=wins,
        win_rate=wins / len(records) if records else 0.0,
        best_score=best,
        average_score=sum(scores) / len(scores) if scores else None,
        longest_win_streak=longest,
        hint_wins=hint_wins,
    )


def empty_line(key: str) -> StatLine:
    return StatLine(key, 0, 0, 0.0, None, None, 0)


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)
