"""`machiavelli review SAVE_FILE`: each of a seat's turns against the solver's best play.

The save is the store's file, read and checked as the Load screen reads it (so a save the
game refuses is refused here too), or a bare session; the match replays from its seed and
log. See ``game.coach.review`` for the marks and the accuracy figure.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from game.coach.review import (
    Review,
    ReviewError,
    TurnReview,
    mark_words,
    review_session,
)
from game.commands.common import move_words
from game.commands.usage import fail, whole_number
from game.engine.cards import format_cards
from game.i18n import N_, _, ngettext
from game.session import GameSession, SaveFailed


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
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
        path = Path(args.save)
        session = GameSession.from_file(path)
        review = review_session(session, None if args.seat is None else args.seat - 1)
    except (SaveFailed, ReviewError) as error:
        fail("review", error)
        return 2
    if args.json:
        print(json.dumps(review.to_json()))
    else:
        _print_human(review)
    return 0


def _amount(value: int, best: int | None, unit: str) -> str:
    """``3 of 5 cards``, ``0 of 12 points``, ``2 of ? cards`` (unsettled)."""
    shown = "?" if best is None else str(best)
    n = 2 if best is None else best
    if unit == "points":
        return ngettext("{value} of {best} point", "{value} of {best} points", n).format(
            value=value, best=shown)
    return ngettext("{value} of {best} card", "{value} of {best} cards", n).format(
        value=value, best=shown)


def _print_human(review: Review) -> None:
    unit = "points" if review.objective == "points" else "cards"
    heading = (_("{game}: review of {name} (seat {seat}), by points put down")
               if unit == "points" else
               _("{game}: review of {name} (seat {seat}), by cards put down"))
    print(heading.format(game=_(review.variant.name), name=review.name, seat=review.seat + 1))
    hand = None
    for turn in review.turns:
        if turn.hand != hand:
            hand = turn.hand
            print(_("hand {hand}:").format(hand=hand))
        print("  " + _turn_line(turn, unit))
        if turn.solution is not None and turn.mark in ("missed", "good", "held back"):
            for step in turn.solution.edits:
                print("      " + move_words(step))
    for summary in review.hands():
        accuracy = "-" if summary.accuracy is None else f"{summary.accuracy:g}%"
        print(ngettext("hand {hand}: {amount} possible, accuracy {accuracy} over {n} turn",
                       "hand {hand}: {amount} possible, accuracy {accuracy} over {n} turns",
                       summary.turns).format(
            hand=summary.hand, amount=_amount(summary.played, summary.possible, unit),
            accuracy=accuracy, n=summary.turns))
    accuracy = "-" if review.accuracy is None else f"{review.accuracy:g}%"
    print(_("in all: {amount}, accuracy {accuracy}").format(
        amount=_amount(review.played, review.possible, unit), accuracy=accuracy))
    misses = review.biggest_misses()
    if misses:
        words = ", ".join(_("hand {hand} turn {turn} ({amount} short)").format(
            hand=t.hand, turn=t.turn, amount=_short(t.shortfall, unit)) for t in misses)
        print(_("biggest misses: {turns}").format(turns=words))


def _short(value: int, unit: str) -> str:
    if unit == "points":
        return ngettext("{n} point", "{n} points", value).format(n=value)
    return ngettext("{n} card", "{n} cards", value).format(n=value)


_ENDED = {"draw": N_("drew"), "pass": N_("passed"), "abandon": N_("gave up a play"),
          "knock": N_("knocked")}


def _turn_line(turn: TurnReview, unit: str) -> str:
    if turn.played:
        did = _("played {cards}").format(cards=format_cards(turn.played))
    else:
        ended = _ENDED.get(turn.ended_by)
        did = _(ended) if ended is not None else turn.ended_by
    mark = mark_words(turn.mark)
    line = _("turn {turn}: {mark} {did} ({amount})").format(
        turn=turn.turn, mark=f"{mark:<9}", did=did, amount=_amount(turn.value, turn.best, unit))
    if turn.solution is not None and turn.mark not in ("best", "no play"):
        line += _("; best: {cards}").format(
            cards=format_cards(turn.solution.played) or _("free cards"))
    return line
