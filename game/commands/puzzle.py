"""`machiavelli puzzle`: positions whose best play needs the table rearranged, as JSON lines
(or readable text), seeded and repeatable. See ``game.coach.puzzles``."""

from __future__ import annotations

import argparse
import json

from game.coach.puzzles import MAX_COUNT, Puzzle, PuzzleError, generate
from game.commands.common import add_variant_arguments, parse_options
from game.commands.usage import fail, whole_number
from game.engine.cards import format_cards
from game.engine.errors import OptionError
from game.i18n import _

MAX_SEED = 2**63 - 1


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "puzzle", help=_("make rated puzzles: a table and a hand whose best play rearranges"),
        description=_("Deal puzzles from a seed: each is a table of at least nine cards and a "
                      "hand whose best play (the most cards) needs the table rearranged."))
    add_variant_arguments(parser)
    parser.add_argument("--count", type=whole_number(1, MAX_COUNT), default=1, metavar="N",
                        help=_("puzzles to make (1 to {n})").format(n=MAX_COUNT))
    parser.add_argument("--seed", type=whole_number(-MAX_SEED, MAX_SEED), default=0,
                        metavar="S", help=_("the same seed makes the same puzzles"))
    parser.add_argument("--json", action="store_true",
                        help=_("one JSON object a line (the default is readable text)"))
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    try:
        options = parse_options(args.option)
        for puzzle in generate(args.variant, options, args.seed, args.count):
            if args.json:
                print(json.dumps(puzzle.to_json()), flush=True)
            else:
                _print_human(puzzle)
    except (OptionError, PuzzleError) as error:
        fail("puzzle", error)
        return 2
    return 0


def _print_human(puzzle: Puzzle) -> None:
    difficulty = puzzle.difficulty
    print(_("{game} puzzle (seed {seed}), difficulty {rating}/10: {moved} table cards move, "
            "{broken} melds break up").format(
                game=_(puzzle.variant.name), seed=puzzle.seed, rating=difficulty.rating,
                moved=difficulty.cards_moved, broken=difficulty.melds_broken))
    print("  " + _("table: {table}").format(table=puzzle.table))
    print("  " + _("hand: {cards}").format(cards=format_cards(puzzle.hand)))
    print("  " + _("best: {n} cards ({cards}); without rearranging only {plain}").format(
        n=puzzle.best, cards=format_cards(puzzle.solution.played), plain=puzzle.plain))
    print("  " + _("ends: {table}").format(table=puzzle.solution.table))
