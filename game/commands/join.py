"""`machiavelli join`: take a seat of a game hosted on the local network and play it with
a computer player (how the tests play whole matches over the loopback address)."""

from __future__ import annotations

import argparse
import json
import secrets

from game.commands.usage import fail, whole_number
from game.i18n import _
from game.net.bot import play_seat
from game.net.client import NetClient
from game.store.seats import COMPUTER_KINDS

MAX_SEED = 2**63 - 1


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "join", help=_("take a seat of a game hosted on the local network, played by a "
                       "computer player"))
    parser.add_argument("address", metavar="ADDRESS",
                        help=_("the host's address, HOST or HOST:PORT"))
    parser.add_argument("--code", default=None, metavar="CODE",
                        help=_("the join code the host shows"))
    parser.add_argument("--as", dest="level", default="medium", choices=COMPUTER_KINDS,
                        help=_("the computer player that plays the seat"))
    parser.add_argument("--name", default="", metavar="NAME", help=_("the seat's name"))
    parser.add_argument("--seat", type=whole_number(1, 8), default=None, metavar="N",
                        help=_("take seat N (default: the first one open)"))
    parser.add_argument("--seed", type=whole_number(0, MAX_SEED), default=None, metavar="S",
                        help=_("the computer player's seed (default: a random seed)"))
    parser.add_argument("--token", default=None, metavar="TOKEN",
                        help=_("take back the seat this token was given for"))
    parser.add_argument("--json", action="store_true",
                        help=_("print the result as one line of JSON"))
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if not args.code:
        fail("join", _("give the host's join code with --code (the host shows it)"))
        return 2
    seat = args.seat - 1 if args.seat is not None else None
    try:
        client = NetClient(args.address, args.code, args.name or args.level.title(),
                           token=args.token, seat=seat)
    except ValueError as error:
        fail("join", error)
        return 2
    seed = args.seed if args.seed is not None else secrets.randbits(48)
    client.start()
    try:
        outcome = play_seat(client, args.level, seed)
    finally:
        client.close()
        client.join(5)
    if outcome.over is None:
        fail("join", outcome.problem)
        return 1
    result = outcome.over.result or {}
    if args.json:
        print(json.dumps({"event": "result", "seat": outcome.seat,
                          "totals": result.get("totals"), "winners": result.get("winners"),
                          "stalled": outcome.over.stalled}), flush=True)
    elif outcome.over.stalled:
        print(_("The match stopped: {why}").format(why=outcome.over.stalled))
    else:
        seat_no = (outcome.seat or 0) + 1
        print(_("Match over: totals {totals}; won by seat {winners} (we played seat "
                "{seat})").format(totals=result.get("totals"),
                                  winners=", ".join(str(w + 1) for w in result["winners"]),
                                  seat=seat_no), flush=True)
    return 0
