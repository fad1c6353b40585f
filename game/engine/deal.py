"""Whether a deck can deal a game's hands: ``deal_problem`` (why a number of seats cannot be
dealt, or None) and ``dealable_players``. A match refuses a deal that gives fewer cards
than the rules say; the New game screen and the rules text ask first."""

from __future__ import annotations

from game.engine.contract.rules import deal_problem as contract_deal_problem
from game.engine.variant import Variant
from game.i18n import _, ngettext

# A manipulation deal leaves at least this many cards in the stock (the sources deal the
# hands, and Tahiti's free cards, and draw from what is left); a deal that cannot is
# refused, and the refusal says so.
MIN_STOCK = 1


def deal_problem(variant: Variant, players: int) -> str | None:
    """Why ``players`` seats cannot be dealt the hands the rules text promises, or None.
    The deck for that many seats (``deck_for``) must hold every hand of ``hand_size``
    cards, the free cards and at least ``MIN_STOCK`` cards of stock; the contract game
    asks its own rule (``game.engine.contract.rules.deal_problem``). A match is never
    dealt fewer cards than the rules say: it is refused with this reason."""
    if variant.is_contract:
        return contract_deal_problem(variant, players)
    packs, jokers = variant.deck_for(players)
    deck = packs * 52 + jokers
    need = players * variant.hand_size + variant.free_cards + MIN_STOCK
    if need <= deck:
        return None
    words = {"players": players, "cards": variant.hand_size, "need": need, "deck": deck,
             "packs": ngettext("{n} pack", "{n} packs", packs).format(n=packs),
             "jokers": ngettext("{n} joker", "{n} jokers", jokers).format(n=jokers)}
    if variant.free_cards:
        return _("too few cards: {players} players with {cards} cards each need {need} (the "
                 "hands, {free} free cards and at least one card in the stock), but the deck "
                 "for {players} players has {deck} ({packs} and {jokers}); deal fewer cards, "
                 "seat fewer players or use more packs").format(free=variant.free_cards,
                                                                **words)
    return _("too few cards: {players} players with {cards} cards each need {need} (the hands "
             "and at least one card in the stock), but the deck for {players} players has "
             "{deck} ({packs} and {jokers}); deal fewer cards, seat fewer players or use more "
             "packs").format(**words)


def dealable_players(variant: Variant) -> list[int]:
    """The seat counts (of ``min_players``..``max_players``) the deck can deal."""
    return [players for players in range(variant.min_players, variant.max_players + 1)
            if deal_problem(variant, players) is None]
