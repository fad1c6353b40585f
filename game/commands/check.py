"""`machiavelli check`: is a table valid under a variant?"""

from __future__ import annotations

import argparse

from game.commands.common import add_variant_arguments, variant_from_args
from game.engine.cards import format_cards
from game.engine.melds import check_meld
from game.engine.table import Table


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("check", help="check that every meld of a table is valid")
    add_variant_arguments(parser)
    parser.add_argument("--table", required=True, metavar="MELDS",
                        help='melds separated by |, e.g. "3H 4H 5H | 7C 7D 7S"')
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    variant = variant_from_args(args)
    table = Table.parse(args.table)
    problems = []
    for index, meld in enumerate(table.melds, start=1):
        verdict = check_meld(meld, variant, table.declared)
        if not verdict.ok:
            problems.append(f"meld {index} ({format_cards(meld, dict(table.declared))}): "
                            f"{verdict.reason}")
    if not problems:
        print("valid")
        return 0
    print("invalid:")
    for problem in problems:
        print(f"  {problem}")
    return 1
