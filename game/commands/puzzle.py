"""`machiavelli puzzle`: positions whose best play needs the table rearranged, as JSON lines
(or readable text), seeded and repeatable. See ``game.coach.puzzles``."""

from __future__ import annotations

import argparse
import json

from game.coach.puzzles import MAX_COUNT, Puzzle, PuzzleError, generate
from game.commands.common import add_variant_arguments, fail, parse_options, whole_number
from game.engine.cards import format_cards
from game.engine.errors import OptionError

MAX_SEED = 2**63 - 1


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "puzzle", help="make rated puzzles: a table and a hand whose best play rearranges",
        description="Deal puzzles from a seed: each is a table of at least nine cards and a "
                    "hand whose best play (the most cards) needs the table rearranged.")
    add_variant_arguments(parser)
    parser.add_argument("--count", type=whole_number(1, MAX_COUNT), default=1, metavar="N",
                        help=f"puzzles to make (1 to {MAX_COUNT})")
    parser.add_argument("--seed", type=whole_number(-MAX_SEED, MAX_SEED), default=0,
                        metavar="S", help="the same seed makes the same puzzles")
    parser.add_argument("--json", action="store_true",
                        help="one JSON object a line (the default is readable text)")
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
    print(f"{puzzle.variant.name} puzzle (seed {puzzle.seed}), difficulty "
          f"{difficulty.rating}/10: {difficulty.cards_moved} table cards move, "
          f"{difficulty.melds_broken} melds break up")
    print(f"  table: {puzzle.table}")
    print(f"  hand:  {format_cards(puzzle.hand)}")
    print(f"  best:  {puzzle.best} cards ({format_cards(puzzle.solution.played)}); "
          f"without rearranging only {puzzle.plain}")
    print(f"  ends:  {puzzle.solution.table}")
