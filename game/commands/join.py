"""`machiavelli join`: take a seat of a game hosted on the local network and play it with
a computer player (how the tests play whole matches over the loopback address)."""

from __future__ import annotations

import argparse
import contextlib
import json
import secrets
import sys
import time
from pathlib import Path

from game.commands import internet
from game.commands.usage import fail, whole_number
from game.i18n import _, ngettext
from game.net.address import shown_host
from game.net.bot import RECONNECT_EVERY, RECONNECT_TRIES, play_seat
from game.net.client import NetClient
from game.net.events import Joined
from game.net.fair import record_name, write_record
from game.net.host import code_key
from game.net.internet import InternetLink, is_internet_code
from game.store.errors import StoreError
from game.store.messages import MessageLog
from game.store.paths import DataPaths
from game.store.seats import COMPUTER_KINDS
from game.store.tokens import TokenStore

MAX_SEED = 2**63 - 1


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "join", help=_("take a seat of a game hosted on the local network, played by a "
                       "computer player"))
    parser.add_argument("address", metavar="ADDRESS",
                        help=_("the host's address, HOST or HOST:PORT, or the internet "
                               "code the host shows (such as 4-purple-sausages)"))
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
                        help=_("take back the seat this token was given for (by default, the "
                               "token kept in the data folder when this game was joined)"))
    parser.add_argument("--keepalive", type=whole_number(1, 600), default=10, metavar="S",
                        help=_("check every S seconds that the host is still there, and give "
                               "it S seconds to answer; no answer is a lost connection, "
                               "asked back with the seat's token"))
    internet.add_arguments(parser)
    parser.add_argument("--json", action="store_true",
                        help=_("print the result as one line of JSON"))
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """An internet code opens its link first (the game then joins through it)."""
    if not is_internet_code(args.address):
        return _run(args, None)
    try:
        link = internet.open_link(args.address, internet.settings(args), args.json)
    except ValueError as error:
        fail("join", error)
        return 2
    try:
        if not link.ready:
            fail("join", link.problem)
            return 1
        args.address, args.code = link.address, link.join_code
        return _run(args, link)
    finally:
        link.close()


def _run(args: argparse.Namespace, link: InternetLink | None) -> int:
    if not args.code:
        fail("join", _("give the host's join code with --code (the host shows it)"))
        return 2
    seat = args.seat - 1 if args.seat is not None else None
    name = args.name or args.level.title()
    def connect(token: str | None, wanted: int | None,
                before: NetClient | None = None) -> NetClient:
        return NetClient(args.address, args.code, name, token=token, seat=wanted,
                         ping_interval=args.keepalive, ping_timeout=args.keepalive,
                         deals=before.deals if before is not None else None)

    try:
        client = connect(args.token, seat)
    except ValueError as error:
        fail("join", error)
        return 2
    where, code = f"{shown_host(client.host)}:{client.port}", code_key(args.code)
    if link is not None:  # the seat is kept by the internet code (the port is this run's)
        where = f"internet:{link.code}"
    tokens = TokenStore(DataPaths.resolve(args.data_dir).tokens_file, MessageLog())
    held = tokens.get(where, code) if args.token is None else None
    if held is not None:  # this game's seat, kept when we joined it before
        _note(args, _("Taking back seat {seat} with the token kept when it was joined").format(
            seat=held.seat + 1))
        client = connect(held.token, seat)
    seed = args.seed if args.seed is not None else secrets.randbits(48)
    tries = RECONNECT_TRIES

    def joined(event: Joined) -> None:
        nonlocal tries
        tries = RECONNECT_TRIES
        with contextlib.suppress(StoreError):
            tokens.keep(where, code, event.token, event.seat, name)
        if args.json:
            print(json.dumps({"event": "joined", "seat": event.seat, "token": event.token}),
                  flush=True)
        else:
            print(_("Seat {seat} is ours; to take it back: machiavelli join {address} --code "
                    "{code} --token {token}").format(seat=event.seat + 1,
                                                    address=link.code if link else where,
                                                    code=code, token=event.token), flush=True)

    while True:
        client.start()
        try:
            outcome = play_seat(client, args.level, seed, joined=joined)
        finally:
            client.close()
            client.join(5)
        if outcome.refused and held is not None and "token" in outcome.problem:
            # the host no longer knows the kept token (a new game at that address)
            with contextlib.suppress(StoreError):
                tokens.forget(where, code)
            held = None
            client = connect(None, seat)
            continue
        if outcome.lost and client.token and tries > 0:  # a blip: ask for the seat back
            _note(args, _("The connection to the host was lost") + f" ({outcome.problem}). "
                  + ngettext("Trying again ({n} try left)\u2026",
                             "Trying again ({n} tries left)\u2026", tries).format(n=tries))
            time.sleep(0.5 if tries == RECONNECT_TRIES else RECONNECT_EVERY)
            tries -= 1
            client = connect(client.token, None, client)
            continue
        break
    if outcome.over is None:
        fail("join", outcome.problem)
        return 1
    with contextlib.suppress(StoreError):
        tokens.forget(where, code)  # the match is over: nothing to take back
    verdict = client.verdict
    kept = _keep_deals(args, client, where, code)
    result = outcome.over.result or {}
    if args.json:
        print(json.dumps({"event": "result", "seat": outcome.seat,
                          "totals": result.get("totals"), "winners": result.get("winners"),
                          "stalled": outcome.over.stalled,
                          "deals_verified": verdict is not None and verdict.ok,
                          "deals": verdict.words if verdict is not None else "",
                          "deals_record": str(kept) if kept is not None else None}),
              flush=True)
    elif outcome.over.stalled:
        print(_("The match stopped: {why}").format(why=outcome.over.stalled))
    else:
        seat_no = (outcome.seat or 0) + 1
        print(_("Match over: totals {totals}; won by seat {winners} (we played seat "
                "{seat})").format(totals=result.get("totals"),
                                  winners=", ".join(str(w + 1) for w in result["winners"]),
                                  seat=seat_no), flush=True)
    if verdict is not None and verdict.ok:
        _note(args, verdict.words)
    elif verdict is not None:  # loudly, and the exit status says it too
        fail("join", verdict.words)
    if kept is not None:
        _note(args, _("The deals are kept in {path}: machiavelli verify {path} checks them "
                      "again").format(path=kept))
    return 0 if verdict is None or verdict.ok else 3


def _keep_deals(args: argparse.Namespace, client: NetClient, where: str,
                code: str) -> Path | None:
    """Write the deals this seat saw, the commitment and the reveal to the data folder's
    deals folder (``machiavelli verify`` reads it); None when there is nothing to keep or
    it cannot be written (said)."""
    if client.deals is None:
        return None
    path = DataPaths.resolve(args.data_dir).deals_dir / record_name(where, code, time.time())
    try:
        write_record(client.deals, path)
    except OSError as error:
        fail("join", _("the deals could not be kept in {path}: {error}").format(
            path=path, error=error.strerror or error))
        return None
    return path


def _note(args: argparse.Namespace, text: str) -> None:
    """A line for the person watching (on stderr with --json, whose output is for
    programs)."""
    print(text, file=sys.stderr if args.json else sys.stdout, flush=True)
