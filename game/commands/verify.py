"""`machiavelli verify SAVE`: check again that a network game's deals were fair.

SAVE is a joined game's record of its deals (``machiavelli join`` and the Join screen keep
one in the data folder's ``deals`` folder when the match ends) or a hosted game's save: the
seed the host revealed must match the commitment it sent before the first deal, and each
deal the seat saw must be the one the engine deals from that seed (``game.net.fair``).
Exit 0: verified; 1: a mismatch (named); 2: a file that cannot be checked (said why).
"""

from __future__ import annotations

import argparse
import secrets
from pathlib import Path

from game.commands.usage import fail
from game.i18n import _, ngettext
from game.net.fair import RECORD_KIND, DealRecord, FairError, Verdict, check, commitment
from game.session import GameSession, SaveFailed, _read_save_file


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "verify", help=_("check that a network game's deals were the seed's the host "
                         "committed to"),
        description=_("Check a joined network game's record of its deals (kept in the data "
                      "folder's deals folder) or a hosted game's save: the seed revealed at "
                      "the end must match the commitment sent before the first deal, and "
                      "every deal seen must be the one that seed deals."))
    parser.add_argument("save", metavar="SAVE", help=_("a record of deals or a saved game "
                                                       "(.json)"))
    parser.set_defaults(run=run)


def verdict_of(data: object, path: Path) -> Verdict:
    """The check of a record or save read from ``path``; FairError or SaveFailed when it
    cannot be checked."""
    if isinstance(data, dict) and RECORD_KIND in data:
        return check(DealRecord.from_json(data))
    session = GameSession.from_document(data, path)
    if session.fair is None:
        raise FairError(_("a saved game that was not hosted for network play: it holds no "
                          "commitment to check"))
    match = session.match
    if not secrets.compare_digest(commitment(match.seed, session.fair.salt),
                                  session.fair.commitment):
        return Verdict(False, _("The seed the host revealed is not the one it committed to "
                                "before the first deal: the deals cannot be trusted"))
    hands = match.deal.number + 1
    return Verdict(True, ngettext("Deals verified: the seed of this {n} deal is the one the "
                                  "host committed to",
                                  "Deals verified: the seed of these {n} deals is the one the "
                                  "host committed to", hands).format(n=hands), hands)


def run(args: argparse.Namespace) -> int:
    path = Path(args.save)
    try:
        verdict = verdict_of(_read_save_file(path), path)
    except (SaveFailed, FairError) as error:
        fail("verify", _("{path}: {problem}").format(path=path, problem=error)
             if isinstance(error, FairError) else error)
        return 2
    if verdict.ok:
        print(verdict.words)
        return 0
    fail("verify", verdict.words)
    return 1
