"""`machiavelli serve`: host a game on the local network from the command line and play
it to the end: network seats wait for `machiavelli join` (or the game's Join screen),
computer seats are played here. Prints the address and join code, then the result."""

from __future__ import annotations

import argparse
import json
import secrets
from typing import Any

from game.commands import internet
from game.commands.common import add_variant_arguments, parse_options
from game.commands.usage import fail, whole_number
from game.i18n import _
from game.net.address import shown_host
from game.net.events import Listening, Lobby, MatchOver, Problem, SeatChanged
from game.net.host import NET, HostSettings, NetHost, SeatSpec
from game.store.seats import COMPUTER_KINDS

MAX_SEED = 2**63 - 1
MAX_WAIT = 24 * 3600


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "serve", help=_("host a game on the local network and play it to the end"))
    add_variant_arguments(parser)
    parser.add_argument("--seats", default="net,medium", metavar="SEATS",
                        help=_("comma-separated seats: net (a player who joins; net:LEVEL "
                               "names the computer that takes over if they drop out) or a "
                               "computer level (easy, medium, hard)"))
    parser.add_argument("--host", default=None, metavar="ADDRESS",
                        help=_("the address to listen on (default: this computer's address "
                               "on the local network, else 127.0.0.1)"))
    parser.add_argument("--port", type=whole_number(0, 65535), default=47470, metavar="P",
                        help=_("the port to listen on (0: any free port)"))
    parser.add_argument("--seed", type=whole_number(0, MAX_SEED), default=None, metavar="S",
                        help=_("deal the match from seed S (default: a random seed)"))
    parser.add_argument("--code", default=None, metavar="CODE",
                        help=_("the join code (default: a new random code)"))
    parser.add_argument("--takeover-after", type=whole_number(0, MAX_WAIT), default=60,
                        metavar="SECONDS",
                        help=_("how long a dropped player's seat waits before a computer "
                               "takes it over"))
    parser.add_argument("--no-announce", action="store_true",
                        help=_("do not announce the game on the local network"))
    parser.add_argument("--internet", action="store_true",
                        help=_("also invite over the internet: print a short code for "
                               "machiavelli join CODE"))
    internet.add_arguments(parser)
    parser.add_argument("--json", action="store_true",
                        help=_("print the address and the result as JSON lines"))
    parser.set_defaults(run=run)


def parse_seats(text: str) -> list[SeatSpec]:
    """``net,net:hard,medium`` as seats; ValueError naming a bad one."""
    seats = []
    for number, item in enumerate(text.split(","), 1):
        kind, _sep, level = item.strip().lower().partition(":")
        if kind == NET:
            if level and level not in COMPUTER_KINDS:
                raise ValueError(f"seat {number}: unknown level '{level[:20]}' after net: "
                                 f"expected one of {', '.join(COMPUTER_KINDS)}")
            seats.append(SeatSpec(NET, f"Player {number}", level or "medium"))
        elif kind in COMPUTER_KINDS and not level:
            seats.append(SeatSpec(kind, f"{kind} {number}"))
        else:
            raise ValueError(f"seat {number}: '{item.strip()[:20]}' is not net, net:LEVEL or "
                             f"a level ({', '.join(COMPUTER_KINDS)})")
    if not any(seat.kind == NET for seat in seats):
        raise ValueError("no net seat: give at least one (e.g. --seats net,medium)")
    return seats


def run(args: argparse.Namespace) -> int:
    options = parse_options(args.option)
    try:
        seats = parse_seats(args.seats)
    except ValueError as error:
        fail("serve", error)
        return 2
    if args.code is not None and not (1 <= len(args.code) <= 16 and args.code.isalnum()):
        fail("serve", "--code: 1 to 16 letters and digits")
        return 2
    try:
        invitation = internet.Invitation(args, internet.settings(args)) if args.internet \
            else None
    except ValueError as error:
        fail("serve", error)
        return 2
    seed = args.seed if args.seed is not None else secrets.randbits(48)
    settings = HostSettings(host=args.host, port=args.port, code=args.code,
                            takeover_after=float(args.takeover_after), auto_start=True,
                            announce=not args.no_announce)
    try:
        host = NetHost(args.variant, seats, seed, options, settings)
    except ValueError as error:
        fail("serve", error)
        return 2
    host.start()
    try:
        return _watch(host, args, seed, invitation)
    finally:
        if invitation is not None:
            invitation.stop()
        host.stop()
        host.join(10)


def _watch(host: NetHost, args: argparse.Namespace, seed: int,
           invitation: internet.Invitation | None = None) -> int:
    lobby: tuple[Any, ...] = ()
    while True:
        if invitation is not None:
            invitation.poll()
        event = host.wait_event(1.0 if invitation is None else 0.2)
        if event is None:
            if not host.running:
                fail("serve", "the host stopped")
                return 1
            continue
        if isinstance(event, Listening):
            if invitation is not None:
                invitation.listening(event)
            if args.json:
                print(json.dumps({"event": "listening", "address": event.address,
                                  "port": event.port, "code": event.code}), flush=True)
            else:
                address = shown_host(event.address)  # [::1]: as join reads it
                print(_("Hosting {game} at {address}:{port}, join code {code}").format(
                    game=host.variant.name, address=address, port=event.port,
                    code=event.code), flush=True)
                print(_("Join with: machiavelli join {address}:{port} --code {code}").format(
                    address=address, port=event.port, code=event.code), flush=True)
        elif isinstance(event, Problem):
            if event.fatal:
                fail("serve", event.text)
                return 1
            if not args.json:
                print(_("note: {text}").format(text=event.text), flush=True)
        elif isinstance(event, Lobby) and not args.json:
            for index, seat in enumerate(event.seats):
                was = lobby[index].state if index < len(lobby) else "open"
                if seat.kind == NET and seat.state == "taken" and was == "open":
                    print(_("Seat {n}: {name} joined").format(n=index + 1, name=seat.name),
                          flush=True)
            lobby = event.seats
            if event.started:
                lobby = event.seats
        elif isinstance(event, SeatChanged) and not args.json:
            print(_("Seat {n}: {state}").format(n=event.seat + 1, state=_seat_words(event)),
                  flush=True)
        elif isinstance(event, MatchOver):
            _report(host, args, seed, event)
            return 0 if event.result is not None else 1


def _seat_words(event: SeatChanged) -> str:
    if event.state == "waiting":
        return _("the player dropped out; a computer takes over in {n} s").format(
            n=round(event.wait))
    if event.state == "computer":
        return _("a computer plays it now")
    return _("the player is back")


def _report(host: NetHost, args: argparse.Namespace, seed: int, over: MatchOver) -> None:
    names = [seat.name for seat in host.lobby()]
    result = over.result or {}
    session = host.session()
    if args.json:
        print(json.dumps({"event": "result", "variant": host.variant_id, "seed": seed,
                          "names": names, "totals": result.get("totals"),
                          "winners": result.get("winners"), "stalled": over.stalled,
                          "actions": len(session.match.log) if session else 0,
                          "digest": session.match.digest() if session else ""}),
              flush=True)
        return
    if over.stalled:
        print(_("The match stopped: {why}").format(why=over.stalled), flush=True)
        return
    for index, name in enumerate(names):
        print(f"{index + 1}. {name}: {result['totals'][index]}")
    winners = ", ".join(names[w] for w in result["winners"])
    print(_("Won by {names}").format(names=winners), flush=True)
