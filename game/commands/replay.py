"""`machiavelli replay SAVE_FILE`: a saved game's turns again, headless, one line a turn in
the words the table's turn log showed them (``game.coach.replay``).

The save is read and checked as ``review`` reads it (the Load screen's checks); a file
the game would refuse is refused here with one line and exit status 2.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from game.coach.replay import ReplayedTurn, ReplayError, replay_turns
from game.coach.review import ReviewError
from game.commands.usage import fail
from game.i18n import _
from game.session import GameSession, SaveFailed


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "replay", help=_("replay a saved game headless and print its turns"),
        description=_("Replay a saved game from its seed and moves and print each turn as "
                      "the table's turn log showed it."))
    parser.add_argument("save", metavar="SAVE_FILE", help=_("a saved game (.json)"))
    parser.add_argument("--check", action="store_true",
                        help=_("ask each computer player again and mark the turns where it "
                               "now chooses otherwise"))
    parser.add_argument("--json", action="store_true",
                        help=_("print a JSON list, one object a turn"))
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    try:
        path = Path(args.save)
        session = GameSession.from_file(path)
        turns = replay_turns(session, check=args.check)
    except (SaveFailed, ReviewError, ReplayError) as error:
        fail("replay", error)
        return 2
    if args.json:
        print(json.dumps([turn.to_json() for turn in turns]))
    else:
        _print_human(turns)
    return 0


def _print_human(turns: list[ReplayedTurn]) -> None:
    hand = None
    for turn in turns:
        if turn.hand != hand:
            hand = turn.hand
            print(_("hand {hand}:").format(hand=hand))
        mark = "" if turn.same is not False else "  " + _("(now chooses otherwise)")
        print(f"  {turn.words}{mark}")
