"""The internet options of `machiavelli serve` and `machiavelli join` (``game.net.internet``):
where the wormholes meet, the host's invitation printed as it comes, and the joiner's link
made before the seat is taken."""

from __future__ import annotations

import argparse
import json
import sys

from game.i18n import _
from game.net.events import Listening
from game.net.internet import (
    PUBLIC_MAILBOX,
    PUBLIC_RELAY,
    FriendArrived,
    InternetInvite,
    InternetLink,
    InternetSettings,
    InviteCode,
    InviteProblem,
    mailbox_url,
    relay_hint,
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--mailbox", default=PUBLIC_MAILBOX, metavar="URL",
                        help=_("internet play: the magic-wormhole mailbox server "
                               "(default: the public one, {url})").format(url=PUBLIC_MAILBOX))
    parser.add_argument("--relay", default=None, metavar="tcp:HOST:PORT",
                        help=_("internet play: the transit relay (default: the public one "
                               "with the public mailbox, else port 4001 of the mailbox's "
                               "host)"))
    parser.add_argument("--relay-only", action="store_true",
                        help=_("internet play: every byte through the relay, no direct "
                               "connection"))


def settings(args: argparse.Namespace) -> InternetSettings:
    """The options as settings; ValueError in words."""
    mailbox = mailbox_url(args.mailbox)
    if args.relay is not None:
        relay = relay_hint(args.relay)
    elif mailbox == PUBLIC_MAILBOX:
        relay = PUBLIC_RELAY
    else:
        from urllib.parse import urlsplit

        host = urlsplit(mailbox).hostname or ""
        relay = relay_hint(f"tcp:{host}:4001")
    return InternetSettings(mailbox=mailbox, relay=relay, direct=not args.relay_only)


class Invitation:
    """``serve --internet``: the invitation opened once the host listens, its code and
    problems printed as they come (a JSON line each with --json)."""

    def __init__(self, args: argparse.Namespace, chosen: InternetSettings) -> None:
        self.args = args
        self.chosen = chosen
        self.invite: InternetInvite | None = None

    def listening(self, event: Listening) -> None:
        if self.invite is None:
            self.invite = InternetInvite(event.address, event.port, event.code, self.chosen)
            self.invite.start()

    def poll(self) -> None:
        if self.invite is None:
            return
        for event in self.invite.events():
            if isinstance(event, InviteCode):
                if self.args.json:
                    print(json.dumps({"event": "internet", "code": event.code}), flush=True)
                else:
                    print(_("Invite over the internet: machiavelli join {code}").format(
                        code=event.code), flush=True)
            elif isinstance(event, InviteProblem):
                if self.args.json:
                    print(json.dumps({"event": "internet_problem", "text": event.text}),
                          flush=True)
                else:
                    print(_("note: {text}").format(text=event.text), flush=True)
            elif isinstance(event, FriendArrived) and not self.args.json:
                print(_("A friend came in over the internet"), flush=True)

    def stop(self) -> None:
        if self.invite is not None:
            self.invite.stop()


def open_link(code: str, chosen: InternetSettings, quiet: bool) -> InternetLink:
    """The joiner's link to the game of ``code``, made (or failed: ``problem``)."""
    link = InternetLink(code, chosen)
    print(_("Opening the internet code {code}\u2026").format(code=link.code),
          file=sys.stderr if quiet else sys.stdout, flush=True)
    link.start()
    link.wait()
    return link
