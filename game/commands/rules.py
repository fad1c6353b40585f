"""`machiavelli rules [ID]`: list the variants, or one variant's rules in words."""

from __future__ import annotations

import argparse

from game.commands.common import parse_options
from game.engine.options import SPECS
from game.engine.rules_text import HOUSE_MARK, describe
from game.engine.variants import all_variants, get_variant
from game.i18n import _


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser("rules", help=_("list the variants or explain one"))
    parser.add_argument("variant", nargs="?", metavar="ID")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.variant is None:
        variants = all_variants()
        width = max(len(v) for v in variants)
        for variant in variants.values():
            print(f"{variant.id:<{width}}  {_(variant.name)}: {_(variant.summary)}")
        print("\n" + _("House-rule options (--option KEY=VALUE):"))
        for spec in SPECS:
            print(f"  {spec.key}: {spec.values}")
            print(f"      {_(spec.label)}. {_(spec.help)}")
        return 0
    variant = get_variant(args.variant, parse_options(args.option))
    house = _("(house)")  # the marker describe() puts first, in the reader's words
    for line in describe(variant):
        if line.startswith(HOUSE_MARK):
            line = house + line[len(HOUSE_MARK):]
        print(line)
    return 0
