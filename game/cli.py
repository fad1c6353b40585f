"""Command line: `machiavelli` (and `python -m game`) opens the game; subcommands check
tables, explain rules, solve positions and simulate matches."""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

from game import __version__
from game.commands.common import fail, whole_number
from game.engine.errors import EngineError

SUBCOMMANDS = ("check", "rules", "solve", "simulate", "review", "puzzle")
MAX_SMOKE_FRAMES = 1_000_000


class Parser(argparse.ArgumentParser):
    """Usage errors in one line on stderr (exit 2); subcommand parsers are built alike."""

    def error(self, message: str) -> NoReturn:
        text = f"{self.prog}: {message} (see {self.prog} --help)\n"
        self.exit(2, text.encode("utf-8", "backslashreplace").decode("utf-8"))


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="machiavelli", description="Manipulation rummy: Machiavelli and its relatives.")
    parser.add_argument("--version", action="version", version=f"machiavelli {__version__}")
    parser.add_argument("--data-dir", type=Path, metavar="DIR",
                        help="keep settings, saves and statistics under DIR")
    parser.add_argument("--smoke", type=whole_number(1, MAX_SMOKE_FRAMES), metavar="N",
                        help="render N frames of a computer-only game headless, then exit")
    parser.add_argument("--screenshot", type=Path, metavar="FILE",
                        help="with --smoke: save the last frame as a PNG")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in SUBCOMMANDS:
        try:
            module = importlib.import_module(f"game.commands.{name}")
        except ModuleNotFoundError:
            continue  # an optional command whose module is not part of this build
        module.add_parser(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command:
        try:
            return args.run(args)
        except EngineError as error:
            fail(args.command, error)
            return 2
        except KeyboardInterrupt:  # Ctrl-C: stop quietly, as a shell expects
            fail(args.command, "interrupted")
            return 130
        except BrokenPipeError:
            # the reader stopped early (e.g. piped into head): not an error of ours
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            return 0
    if args.screenshot is not None and args.smoke is None:
        parser.error("--screenshot saves the last frame of --smoke N: give --smoke too")
    from game.ui.app import run_app

    return run_app(data_dir=args.data_dir, smoke_frames=args.smoke, screenshot=args.screenshot)
