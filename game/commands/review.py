"""`machiavelli review SAVE_FILE`: each of a seat's turns against the solver's best play.

The save is the store's file (or a bare session); the match replays from its seed and log.
See ``game.coach.review`` for the marks and the accuracy figure.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from game.coach.review import Review, ReviewError, TurnReview, load_session, review_session
from game.commands.common import fail, whole_number
from game.engine.cards import format_cards
from game.i18n import _

MAX_SAVE_BYTES = 5 * 1024 * 1024  # as the store's own limit on a save


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "review", help=_("review a saved game's turns against the best plays"),
        description=_("Replay a saved game and mark each of a player's turns: best, good, "
                      "missed or held back, with the best play's moves and an accuracy per "
                      "hand."))
    parser.add_argument("save", metavar="SAVE_FILE", help=_("a saved game (.json)"))
    parser.add_argument("--seat", type=whole_number(1, 8), default=None, metavar="N",
                        help=_("review seat N (default: the first human seat)"))
    parser.add_argument("--json", action="store_true", help=_("print one JSON object"))
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    try:
        data = _read(Path(args.save))
        session = load_session(data)
        review = review_session(session, None if args.seat is None else args.seat - 1)
    except ReviewError as error:
        fail("review", error)
        return 2
    if args.json:
        print(json.dumps(review.to_json()))
    else:
        _print_human(review)
    return 0


def _read(path: Path) -> object:
    try:
        if not path.is_file():
            raise ReviewError((_("{path}: no such file") if not path.exists()
                               else _("{path}: not a file")).format(path=path))
        if path.stat().st_size > MAX_SAVE_BYTES:
            raise ReviewError(_("{path}: larger than a save can be ({n} bytes)").format(
                path=path, n=MAX_SAVE_BYTES))
        raw = path.read_bytes()
    except OSError as error:
        raise ReviewError(_("cannot read {path}: {error}").format(
            path=path, error=error.strerror or error)) from None
    try:
        return json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise ReviewError(_("{path}: not a saved game (not UTF-8 text)").format(
            path=path)) from None
    except RecursionError:
        raise ReviewError(_("{path}: not a saved game (JSON nested too deeply)").format(
            path=path)) from None
    except ValueError as error:
        raise ReviewError(_("{path}: not a saved game (not JSON: {error})").format(
            path=path, error=error)) from None


def _print_human(review: Review) -> None:
    unit = "points" if review.objective == "points" else "cards"
    print(f"{review.variant.name}: review of {review.name} (seat {review.seat + 1}), "
          f"by {unit} put down")
    hand = None
    for turn in review.turns:
        if turn.hand != hand:
            hand = turn.hand
            print(f"hand {hand}:")
        print("  " + _turn_line(turn, unit))
        if turn.solution is not None and turn.mark in ("missed", "good", "held back"):
            for step in turn.solution.edits:
                print(f"      {step.card}: {_place(step.from_group)} -> "
                      f"{_place(step.to_group)}")
    for summary in review.hands():
        accuracy = "-" if summary.accuracy is None else f"{summary.accuracy:g}%"
        print(f"hand {summary.hand}: {summary.played} of {summary.possible} {unit} possible, "
              f"accuracy {accuracy} over {summary.turns} turns")
    accuracy = "-" if review.accuracy is None else f"{review.accuracy:g}%"
    print(f"in all: {review.played} of {review.possible} {unit}, accuracy {accuracy}")
    misses = review.biggest_misses()
    if misses:
        print("biggest misses: " + ", ".join(
            f"hand {t.hand} turn {t.turn} ({t.shortfall} {unit} short)" for t in misses))


def _turn_line(turn: TurnReview, unit: str) -> str:
    did = (f"played {format_cards(turn.played)}" if turn.played
           else {"draw": "drew", "pass": "passed", "abandon": "gave up a play",
                 "knock": "knocked"}.get(turn.ended_by, turn.ended_by))
    best = "?" if turn.best is None else str(turn.best)
    line = f"turn {turn.turn}: {turn.mark:<9} {did} ({turn.value} of {best} {unit})"
    if turn.solution is not None and turn.mark not in ("best", "no play"):
        line += f"; best: {format_cards(turn.solution.played) or 'free cards'}"
    return line


def _place(place: int | str | None) -> str:
    if place is None:
        return "a new meld"
    if isinstance(place, int):
        return f"meld {place + 1}"
    return {"hand": "the hand", "free": "the free cards"}.get(place, str(place))
