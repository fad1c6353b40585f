"""Command line: `machiavelli` (and `python -m game`) opens the game; subcommands check
tables, explain rules, solve positions and simulate matches."""

from __future__ import annotations

import argparse
import codecs
import importlib
import os
import sys
import unicodedata
from collections.abc import Sequence
from pathlib import Path
from typing import NoReturn

from game import __version__, i18n
from game.commands.usage import fail, whole_number
from game.engine.errors import EngineError
from game.i18n import _
from game.store.atomic import file_kind
from game.store.paths import folder_problem

SUBCOMMANDS = ("check", "rules", "solve", "simulate", "review", "replay", "puzzle", "serve",
               "join", "verify")
MAX_SMOKE_FRAMES = 1_000_000
#: The suits (and their outlined forms) as letters, where the output cannot hold them
SUIT_LETTERS = {"\u2660": "S", "\u2665": "H", "\u2666": "D", "\u2663": "C",
                "\u2664": "S", "\u2661": "H", "\u2662": "D", "\u2667": "C"}
PLAIN_ERRORS = "machiavelli-plain"


def _plain(error: UnicodeError) -> tuple[str, int]:
    """A codec error handler: what an output's encoding cannot hold written plainly (a
    suit as its letter, "10\u2660" as "10S"; an accented letter without its accent; "?"
    for the rest)."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    words = []
    for char in error.object[error.start:error.end]:
        plain = SUIT_LETTERS.get(char) or unicodedata.normalize("NFKD", char).encode(
            "ascii", "ignore").decode("ascii")
        words.append(plain or "?")
    return "".join(words), error.end


codecs.register_error(PLAIN_ERRORS, _plain)


def plain_output() -> None:
    """Standard output and error never raise on a character their encoding lacks (a
    Windows console or a redirected file is cp1252 there): it is written plainly."""
    for stream in (sys.stdout, sys.stderr):
        encoding = getattr(stream, "encoding", None) or "utf-8"
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is None or codecs.lookup(encoding).name.startswith("utf"):
            continue
        try:
            reconfigure(errors=PLAIN_ERRORS)
        except (ValueError, OSError, AttributeError):  # a stream that cannot change
            continue


class Parser(argparse.ArgumentParser):
    """Usage errors in one line on stderr (exit 2); subcommand parsers are built alike."""

    def error(self, message: str) -> NoReturn:
        text = _("{prog}: {message} (see {prog} --help)").format(prog=self.prog,
                                                                  message=message) + "\n"
        self.exit(2, text.encode("utf-8", "backslashreplace").decode("utf-8"))


class _NotPlain(Exception):
    """The command line is not a plain start of the game (see ``parse_plain_start``)."""


class _PlainStartParser(Parser):
    def error(self, message: str) -> NoReturn:
        raise _NotPlain(message)


def build_parser() -> argparse.ArgumentParser:
    # Built after the language is chosen (main): the help texts are looked up now.
    parser = Parser(
        prog="machiavelli", description=_("Manipulation rummy: Machiavelli and its relatives."))
    _add_game_arguments(parser)
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in SUBCOMMANDS:
        try:
            module = importlib.import_module(f"game.commands.{name}")
        except ModuleNotFoundError as error:
            if error.name != f"game.commands.{name}":
                raise  # a library the command needs is missing: say so, never hide it
            continue  # an optional command whose module is not part of this build
        module.add_parser(subparsers)
    return parser


def parse_plain_start(argv: Sequence[str]) -> argparse.Namespace | None:
    """The arguments of a plain start of the game (no command, no help asked for, nothing
    wrong), parsed without importing the commands' modules: building every command's parser
    imports the solver, the computer players and the coach, which the title screen does
    not need. ``--version`` is answered here too. None for anything else, which
    ``build_parser`` then parses (and explains) exactly as before."""
    parser = _PlainStartParser(prog="machiavelli", add_help=False)
    _add_game_arguments(parser, version=False)
    try:
        args, rest = parser.parse_known_args(argv)
    except _NotPlain:
        return None
    if rest:  # a command, -h/--help, or a mistake to explain
        return None
    if args.version:
        # answered by the full parser's own --version action (printed, exit 0), which this
        # command line reaches before anything else could stop it
        answer = Parser(prog="machiavelli", add_help=False)
        _add_game_arguments(answer)
        answer.parse_args(argv)
    del args.version
    args.command = None
    return args


def _add_game_arguments(parser: argparse.ArgumentParser, version: bool = True) -> None:
    """The options of the program itself (not of a command). Without ``version``,
    ``--version`` is only noted (``args.version``), not answered at once."""
    if version:
        parser.add_argument("--version", action="version",
                            version=f"machiavelli {__version__}")
    else:
        parser.add_argument("--version", action="store_true")
    _add_lang_argument(parser)
    parser.add_argument("--data-dir", type=Path, metavar="DIR",
                        help=_("keep settings, saves and statistics under DIR"))
    parser.add_argument("--smoke", type=whole_number(1, MAX_SMOKE_FRAMES), metavar="N",
                        help=_("render N frames of a computer-only game headless, then exit"))
    parser.add_argument("--screenshot", type=Path, metavar="FILE",
                        help=_("with --smoke: save the last frame as a PNG"))
    parser.add_argument("--deal", type=_deal_number, metavar="N",
                        help=_("open New game with deal number N to play (the number a "
                               "table shows: the same cards again)"))


def _deal_number(text: str) -> int:
    """An argparse ``type`` for a deal number (``game.deals``): a bad one is a usage
    error in the words New game uses."""
    from game.deals import DealNumberError, parse_deal

    try:
        return parse_deal(text)
    except DealNumberError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _add_lang_argument(parser: argparse.ArgumentParser) -> None:
    codes = ", ".join(code for code, _name in i18n.available_languages())
    parser.add_argument("--lang", metavar="CODE",
                        help=_("the language to speak ({codes}); overrides the Settings and "
                               "the system's").format(codes=codes))


def _settings_language(data_dir: Path | None) -> str | None:
    """The language chosen in Settings, read by the store's own reader without touching the
    file (the commands must not create one, nor move a bad one aside: the game does that
    when it opens the store); None if there is none or it cannot be used."""
    # here, not at the top: a plain start reads the command line before the store loads
    # (start-up speed, tests/ui/test_start.py)
    from game.store.paths import DataPaths
    from game.store.settings import peek_settings

    try:
        path = DataPaths.resolve(data_dir).settings_file
    except (OSError, ValueError, RuntimeError):  # a NUL in the path, links in a loop...
        return None
    settings = peek_settings(path)
    return settings.language if settings is not None else None


def screenshot_problem(path: Path) -> str | None:
    """Why ``--screenshot`` cannot be written, told before the frames are rendered: it is
    a folder, a device..., or its folder cannot be made; None if it can be."""
    try:
        mode = os.stat(path).st_mode
    except (FileNotFoundError, NotADirectoryError):
        return folder_problem(path.parent)
    except OSError as error:
        return f"{path}: {error.strerror or error}"
    except ValueError:  # a NUL in the name
        return "not a usable file name"
    kind = file_kind(mode)
    if kind == "a folder":
        return f"{path} is a folder; give the file to write, e.g. {path / 'frame.png'}"
    if kind is not None:
        return f"{path} is {kind}, not a file"
    return None


def choose_language(argv: Sequence[str]) -> str:
    """Set the language before the parser is built: --lang, else Settings, else the
    system's. An unknown --lang is told on stderr and passed over."""
    early = argparse.ArgumentParser(add_help=False)
    _add_lang_argument(early)
    early.add_argument("--data-dir", type=Path)
    known, _rest = early.parse_known_args(argv)
    code = i18n.choose_language(known.lang, _settings_language(known.data_dir))
    i18n.set_language(code)
    if known.lang is not None and i18n.language_code(known.lang) is None:
        names = ", ".join(f"{code} ({name})" for code, name in i18n.available_languages())
        print(_("machiavelli: unknown language '{lang}' for --lang (the game speaks {names}); "
                "speaking {chosen}").format(lang=known.lang, names=names,
                                            chosen=dict(i18n.available_languages())[code]),
              file=sys.stderr)
    return code


def usage_error(message: str) -> NoReturn:
    """A usage error found after parsing, told as the parser tells its own (exit 2)."""
    Parser(prog="machiavelli").error(message)


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    plain_output()
    choose_language(argv)
    args = parse_plain_start(argv)
    if args is None:
        args = build_parser().parse_args(argv)
    if args.data_dir is not None:
        # a file or device named here is refused, never moved aside to make the folder
        problem = folder_problem(args.data_dir)
        if problem is not None:
            usage_error(f"--data-dir: {problem}; it is left as it is")
    if getattr(args, "json", False):
        i18n.set_language("en")  # JSON output is for programs: English and stable
    if args.command:
        try:
            status: int = args.run(args)
            return status
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
    if args.deal is not None and args.smoke is not None:
        usage_error("--deal opens New game; --smoke plays a computer-only game of its own")
    if args.screenshot is not None and args.smoke is None:
        usage_error("--screenshot saves the last frame of --smoke N: give --smoke too")
    if args.screenshot is not None:
        problem = screenshot_problem(args.screenshot)
        if problem is not None:
            usage_error(f"--screenshot: {problem}")
    # here, not at the top: the commands never load pygame and the screens
    from game.ui.app import run_app

    return run_app(data_dir=args.data_dir, smoke_frames=args.smoke, screenshot=args.screenshot,
                   lang=i18n.language_code(args.lang), deal=args.deal)
