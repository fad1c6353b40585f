"""`machiavelli solve`: the best play for a table and a hand, with the moves that make it.

One position from ``--table``/``--hand``, or many from ``--batch FILE`` (JSON lines in, JSON
lines out, in order; a bad line, or one longer than ``MAX_BATCH_LINE`` bytes, answers
``{"error": ...}`` and the rest go on).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
import time
from collections.abc import Iterator, Sequence
from typing import Any, BinaryIO

from game.commands.common import (
    add_variant_arguments,
    move_words,
    parse_options,
    parse_table_and_hand,
)
from game.commands.usage import fail
from game.engine.cards import Card, format_cards, format_melds
from game.engine.errors import EngineError, NotationError, OptionError
from game.engine.melds import check_meld
from game.engine.table import Table
from game.engine.variants import Variant, get_variant
from game.i18n import _, ngettext
from game.solver import Solution, solve

#: The longest batch line read (bytes, newline excluded): a position of the largest deck
#: takes a few kilobytes. A longer line is answered with an error and skipped unread, so an
#: endless one (``--batch /dev/zero``) never fills the memory.
MAX_BATCH_LINE = 1 << 20


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "solve", help=_("find the best play for a table and a hand"),
        description=_("Find the play that puts down the most cards (or points) from a hand, "
                      "rearranging the table as the rules allow."))
    add_variant_arguments(parser, required=False)
    parser.add_argument("--table", default="", metavar="MELDS",
                        help=_('melds separated by |, e.g. "3H 4H 5H | 7C 7D 7S"; '
                               "a declared joker is JK=10H"))
    parser.add_argument("--hand", default="", metavar="CARDS", help=_('e.g. "7H 9S JS"'))
    parser.add_argument("--free", default="", metavar="CARDS",
                        help=_("free single cards on the table (Tahiti)"))
    parser.add_argument("--objective", choices=("cards", "points"), default="cards",
                        help=_("maximise cards played (default) or points shed"))
    opened = parser.add_mutually_exclusive_group()
    opened.add_argument("--opened", dest="opened", action="store_true", default=True,
                        help=_("the player has made the first play already (default)"))
    opened.add_argument("--not-opened", dest="opened", action="store_false",
                        help=_("the first-play rule of the variant applies"))
    parser.add_argument("--json", action="store_true", help=_("print one JSON object"))
    parser.add_argument("--batch", metavar="FILE",
                        help=_('JSON lines {"variant", "options", "table", "hand"} -> one '
                               "JSON line each"))
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.batch:
        return _run_batch(args.batch)
    if not args.variant:
        fail("solve", "--variant is required (or --batch FILE)")
        return 2
    try:
        variant = _variant(args.variant, parse_options(args.option))
        table, hand = _parse_position(args.table, args.hand, args.free, variant)
    except (OptionError, NotationError) as error:
        fail("solve", error)
        return 2
    started = time.perf_counter()
    solution = solve(variant, table, hand, args.opened, objective=args.objective)
    ms = (time.perf_counter() - started) * 1000
    if args.json:
        print(json.dumps(_as_json(solution, ms, edits=True, start=table)))
    else:
        _print_human(variant, table, hand, solution)
    return 0


def _variant(variant_id: str, options: dict[str, Any]) -> Variant:
    variant = get_variant(variant_id, options)
    if variant.is_contract:
        raise OptionError(f"variant '{variant_id}' is a contract game: the table is never "
                          "rearranged, so there is nothing to solve")
    return variant


def _parse_position(table_text: str, hand_text: str, free_text: str,
                    variant: Variant) -> tuple[Table, list[Card]]:
    """Table and hand through one minter, so a face written twice is two physical cards;
    refused when the variant's deck cannot hold them together."""
    table, hand = parse_table_and_hand(variant, table_text, hand_text, free_text,
                                       "the table and the hand")
    broken = [f"meld {index} ({format_cards(meld, dict(table.declared))}): {verdict.reason}"
              for index, meld in enumerate(table.melds, start=1)
              if not (verdict := check_meld(meld, variant, table.declared)).ok]
    if broken:
        raise NotationError("the table is not one the game can reach: " + "; ".join(broken))
    return table, hand


def _as_json(solution: Solution | None, ms: float, *, edits: bool = False,
             start: Table | None = None) -> dict[str, Any]:
    if solution is None:  # no legal play: the table stays as it is
        rows = ([[_card_text(c, start) for c in m] for m in start.melds]
                if start is not None else [])
        data: dict[str, Any] = {"played": [], "table": rows, "ms": round(ms, 3)}
    else:
        data = {
            "played": [str(c) for c in solution.played],
            "table": [[_card_text(c, solution.table) for c in meld]
                      for meld in solution.table.melds],
            "ms": round(ms, 3),
        }
        if solution.table.free:
            data["free"] = [str(c) for c in solution.table.free]
        if edits:
            data["value"] = solution.value
            data["kept_melds"] = solution.kept_melds
            data["edits"] = [move_words(m) for m in solution.edits]
    return data


def _card_text(card: Card, table: Table) -> str:
    face = table.declared.get(card)
    return f"JK={face}" if card.is_joker and face is not None else str(card)


def _print_human(variant: Variant, table: Table, hand: Sequence[Card],
                 solution: Solution | None) -> None:
    empty = _("(empty)")
    print(_("{game}: table {table}; hand {hand}").format(
        game=_(variant.name), table=str(table) or empty, hand=format_cards(hand) or empty))
    if solution is None:
        print(_("no legal play: draw"))
        return
    count = len(solution.played)
    print(ngettext("play {n} card: {cards}", "play {n} cards: {cards}", count).format(
        n=count, cards=format_cards(solution.played) or "-")
          + (_(" (worth {n})").format(n=solution.value) if solution.value != count else ""))
    print(_("new table: {melds}").format(
        melds=format_melds(solution.table.melds, dict(solution.table.declared)))
          + (_(" || free: {cards}").format(cards=format_cards(solution.table.free))
             if solution.table.free else ""))
    print(_("start melds kept whole: {kept} of {n}").format(kept=solution.kept_melds,
                                                           n=len(table.melds)))
    if solution.edits:
        print(_("moves:"))
        for index, move in enumerate(solution.edits, start=1):
            print(f"  {index}. {move_words(move)}")
    for joker, face in solution.declarations.items():
        print("  " + _("then the released {joker} is declared {card}").format(joker=joker,
                                                                             card=face))


def _run_batch(path: str) -> int:
    try:
        # bytes, so a line that is not UTF-8 is one bad line rather than the end of the batch
        handle = (contextlib.nullcontext(sys.stdin.buffer) if path == "-"
                  else open(path, "rb"))  # noqa: SIM115
    except OSError as error:
        fail("solve", f"cannot read {path}: {error.strerror}")
        return 2
    with handle as stream:
        try:
            for number, raw in enumerate(batch_lines(stream), start=1):
                if raw is None:
                    answer = {"error": f"line {number}: longer than {MAX_BATCH_LINE} bytes; "
                                       "skipped"}
                elif not raw.strip():
                    continue
                else:
                    answer = _batch_line(raw, number)
                print(json.dumps(answer), flush=True)
        except BrokenPipeError:
            raise  # the reader of the answers stopped: main() says nothing of it
        except OSError as error:  # a device or a file that fails part-way (/proc/self/mem)
            fail("solve", f"cannot read {path}: {error.strerror or error}")
            return 2
    return 0


def batch_lines(stream: BinaryIO, limit: int = MAX_BATCH_LINE) -> Iterator[bytes | None]:
    """The lines of ``stream`` (without their newline), each at most ``limit`` bytes; a
    longer line gives ``None`` as soon as it is seen to be too long, and is then read past
    in pieces of ``limit`` bytes, never held whole."""
    while True:
        line = stream.readline(limit + 1)
        if not line:
            return
        if line.endswith(b"\n"):
            yield line[:-1]
        elif len(line) <= limit:
            yield line  # the last line, without a newline
        else:
            yield None
            while line and not line.endswith(b"\n"):
                line = stream.readline(limit + 1)


def _batch_line(raw: bytes, number: int) -> dict[str, Any]:
    """The answer to one batch line: the play, or {"error": ...} naming the line."""
    try:
        return _batch_answer(_batch_item(raw))
    except (EngineError, ValueError) as error:
        return {"error": f"line {number}: {error}"}
    except Exception as error:  # one position must never stop the batch
        return {"error": f"line {number}: could not solve: {type(error).__name__}: {error}"}


def _batch_item(raw: bytes) -> dict[str, Any]:
    try:
        line = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ValueError(f"not UTF-8 text (byte {error.start + 1})") from None
    try:
        item = json.loads(line)
    except RecursionError:
        raise ValueError("JSON nested too deeply") from None
    except ValueError as error:
        raise ValueError(f"not JSON ({error})") from None
    if not isinstance(item, dict):
        raise ValueError("expected a JSON object")
    return item


def _batch_answer(item: dict[str, Any]) -> dict[str, Any]:
    options = item.get("options") or {}
    if not isinstance(options, dict):
        raise ValueError("options must be an object")
    texts = {}
    for key in ("variant", "table", "hand", "free"):
        value = item.get(key, "")
        if not isinstance(value, str):
            raise ValueError(f"{key} must be a string, e.g. \"3H 4H 5H | 7C 7D 7S\"")
        texts[key] = value
    opened = item.get("opened", True)
    if not isinstance(opened, bool):
        raise ValueError("opened must be true or false")
    objective = item.get("objective", "cards")
    if objective not in ("cards", "points"):
        raise ValueError("objective must be cards or points")
    variant = _variant(texts["variant"], options)
    table, hand = _parse_position(texts["table"], texts["hand"], texts["free"], variant)
    started = time.perf_counter()
    solution = solve(variant, table, hand, opened, objective=objective)
    return _as_json(solution, (time.perf_counter() - started) * 1000, start=table)
