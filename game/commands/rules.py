"""`machiavelli rules [ID]`: list the variants, or one variant's rules in words."""

from __future__ import annotations

import argparse

from game.commands.common import parse_options
from game.engine.options import SPECS
from game.engine.variants import all_variants, describe, get_variant


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("rules", help="list the variants or explain one")
    parser.add_argument("variant", nargs="?", metavar="ID")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.variant is None:
        variants = all_variants()
        width = max(len(v) for v in variants)
        for variant in variants.values():
            print(f"{variant.id:<{width}}  {variant.name}: {variant.summary}")
        print("\nHouse-rule options (--option KEY=VALUE):")
        for spec in SPECS:
            print(f"  {spec.key}: {spec.values}")
            print(f"      {spec.label}. {spec.help}")
        return 0
    variant = get_variant(args.variant, parse_options(args.option))
    for line in describe(variant):
        print(line)
    return 0
