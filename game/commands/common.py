"""Argument helpers shared by the subcommands."""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Callable, Iterable

from game.engine.cards import Card, CardMinter, parse_cards
from game.engine.errors import NotationError, OptionError
from game.engine.table import Table
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


def fail(command: str, message: object) -> None:
    """One line on stderr naming the command. An argument that was not valid UTF-8 comes
    back as \\udcXX escapes, never as an encoding error, whatever stderr's encoding."""
    text = f"machiavelli {command}: {message}".encode("utf-8", "backslashreplace")
    print(text.decode("utf-8"), file=sys.stderr)


def variant_from_args(args: argparse.Namespace) -> Variant:
    return get_variant(args.variant, parse_options(args.option))


def largest_deck(variant: Variant) -> tuple[int, int]:
    """The most packs and the most jokers the variant deals with any number of seats.

    A position on the command line says nothing of how many play, so it is refused only
    when no game of the variant could hold it: the deck of its largest table decides."""
    decks = [variant.deck_for(players)
             for players in range(variant.min_players, variant.max_players + 1)]
    return max(packs for packs, _ in decks), max(jokers for _, jokers in decks)


def check_deck(variant: Variant, cards: Iterable[Card], what: str) -> None:
    """Refuse (NotationError) cards the variant's largest deck cannot hold: more copies of
    a card than it has packs, or more jokers than it has. ``what`` names the cards."""
    packs, jokers = largest_deck(variant)
    counts = Counter(card.face if not card.is_joker else None for card in cards)
    held = counts.pop(None, 0)
    if held > jokers:
        has = f"at most {jokers} joker{'s' if jokers != 1 else ''}" if jokers else "no jokers"
        raise NotationError(f"{held} joker{'s' if held != 1 else ''} in {what}, but "
                            f"{variant.name} is played with {has}")
    for face, count in sorted(counts.items()):
        if count > packs:
            copies = f"{packs} cop{'ies' if packs != 1 else 'y'} of each card"
            raise NotationError(f"{count} copies of {face} in {what}, but {variant.name} is "
                                f"played with {copies}")


def whole_number(low: int, high: int) -> Callable[[str], int]:
    """An argparse ``type`` for a whole number from ``low`` to ``high``: anything else is a
    usage error (exit 2, one line), never a traceback or an endless run."""

    def parse(text: str) -> int:
        shown = text if len(text) <= 24 else text[:20] + "..."
        expected = f"expected a whole number from {low} to {high}"
        try:
            value = int(text.strip()) if len(text) <= 40 else None
        except ValueError:
            value = None
        if value is None:
            raise argparse.ArgumentTypeError(f"{expected}, not '{shown}'")
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{expected}, not {shown.strip()}")
        return value

    parse.__name__ = "whole number"
    return parse


def parse_table_and_hand(variant: Variant, table_text: str, hand_text: str, free_text: str,
                         what: str) -> tuple[Table, list[Card]]:
    """A table (with its free cards) and a hand read through one minter, so a face written
    twice is two physical cards; refused (``NotationError``) when a hand joker is declared
    or the variant's deck cannot hold them together (``what`` names them in the message)."""
    minter = CardMinter()
    table = Table.parse(table_text, minter, free=free_text)
    hand, declared = parse_cards(hand_text, minter)
    if declared:
        raise NotationError("a joker in the hand is written JK (it is declared when played)")
    check_deck(variant, [*table.cards(), *hand], what)
    return table, hand
