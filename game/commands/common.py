"""Argument helpers shared by the subcommands."""

from __future__ import annotations

import argparse

from game.engine.errors import OptionError
from game.engine.variants import Variant, get_variant


def add_variant_arguments(parser: argparse.ArgumentParser, required: bool = True) -> None:
    parser.add_argument("--variant", required=required, metavar="ID",
                        help="variant id (see 'machiavelli rules')")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="house-rule override, repeatable (e.g. ace=around)")


def parse_options(pairs: list[str]) -> dict[str, str]:
    options: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise OptionError(f"option '{pair}' is not KEY=VALUE")
        options[key.strip()] = value.strip()
    return options


def variant_from_args(args: argparse.Namespace) -> Variant:
    return get_variant(args.variant, parse_options(args.option))
