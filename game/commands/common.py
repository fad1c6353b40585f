"""Argument helpers shared by the subcommands."""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Iterable

from game.engine.cards import Card, CardMinter, parse_cards
from game.engine.draft import Move
from game.engine.errors import NotationError, OptionError
from game.engine.table import Table
from game.engine.variants import Variant, get_variant
from game.i18n import _, ngettext


def add_variant_arguments(parser: argparse.ArgumentParser, required: bool = True) -> None:
    parser.add_argument("--variant", required=required, metavar="ID",
                        help=_("variant id (see 'machiavelli rules')"))
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help=_("house-rule override, repeatable (e.g. ace=around)"))


def parse_options(pairs: list[str]) -> dict[str, str]:
    options: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise OptionError(_("option '{pair}' is not KEY=VALUE").format(pair=pair))
        options[key.strip()] = value.strip()
    return options


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
        has = (ngettext("at most {n} joker", "at most {n} jokers", jokers).format(n=jokers)
               if jokers else _("no jokers"))
        raise NotationError(ngettext("{n} joker in {what}, but {game} is played with {has}",
                                     "{n} jokers in {what}, but {game} is played with {has}",
                                     held).format(n=held, what=what, game=_(variant.name),
                                                  has=has))
    for face, count in sorted(counts.items()):
        if count > packs:
            copies = ngettext("{n} copy of each card", "{n} copies of each card",
                              packs).format(n=packs)
            raise NotationError(_("{count} copies of {card} in {what}, but {game} is played "
                                  "with {copies}").format(count=count, card=face, what=what,
                                                          game=_(variant.name), copies=copies))


def parse_table_and_hand(variant: Variant, table_text: str, hand_text: str, free_text: str,
                         what: str) -> tuple[Table, list[Card]]:
    """A table (with its free cards) and a hand read through one minter, so a face written
    twice is two physical cards; refused (``NotationError``) when a hand joker is declared
    or the variant's deck cannot hold them together (``what`` names them in the message)."""
    minter = CardMinter()
    table = Table.parse(table_text, minter, free=free_text)
    hand, declared = parse_cards(hand_text, minter)
    if declared:
        raise NotationError(_("a joker in the hand is written JK (it is declared when "
                              "played)"))
    check_deck(variant, [*table.cards(), *hand], what)
    return table, hand


def place_words(place: int | str | None) -> str:
    """Where a card of a solution's move is, for the readable output of solve and review."""
    if place is None:
        return _("a new meld")
    if isinstance(place, int):
        return _("meld {n}").format(n=place + 1)
    return {"hand": _("the hand"), "free": _("the free cards")}.get(place, str(place))


def move_words(move: Move) -> str:
    """One move of a solution: ``7H: the hand -> meld 2``."""
    return f"{move.card}: {place_words(move.from_group)} -> {place_words(move.to_group)}"
