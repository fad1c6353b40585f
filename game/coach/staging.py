"""A position put on a real table: a two-seat match whose first seat is to play a given hand
on a given table (a puzzle, a tutorial step). The screens show it with the normal table; the
match is only a stage, never saved or recorded (its log cannot replay a position that no
deal makes), so the coach's tables judge the End of the turn themselves.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from game.engine.cards import Card, CardMinter, make_deck, parse_cards
from game.engine.match import Match
from game.engine.serialize import new_match
from game.engine.table import Table
from game.engine.variants import get_variant
from game.i18n import _
from game.session import GameSession
from game.solver import PLAY_ORACLE
from game.store.seats import Seat

OPPONENT_CARDS = 7  # the other seat holds this many of the cards left (shown face down)


@dataclass(frozen=True)
class OtherSeat:
    """A real seat beside the staged one (a reviewed turn's table): who sits there, how
    many cards they held and whether they were past the first-play rule."""

    seat: Seat
    cards: int
    opened: bool = True


def staged_session(variant_id: str, options: Mapping[str, str], table: Table,
                   hand: Sequence[Card], name: str | None = None, opponent: str | None = None,
                   opened: bool = True, players: int | None = None,
                   others: Sequence[OtherSeat] | None = None, seed: int = 0,
                   hand_number: int = 0) -> GameSession:
    """A session whose match has seat 0 (human; ``opened``: past the first-play rule) to
    play ``hand`` on ``table``; the other seats (``others`` as they were, or ``players`` in
    all: the variant's fewest when None, and never fewer than two) hold some of the other
    cards, the stock the rest; ``seed`` and ``hand_number`` (from 0) name the deal and
    the hand of a real match the position comes from. ValueError when the position's
    cards are not in the deck of that many players, or the others hold more cards than
    are left. The seats' names default to "You" and "Coach" in the player's language."""
    name = name or _("You")
    opponent = opponent or _("Coach")
    variant = get_variant(variant_id, dict(options))
    if others:
        count = 1 + len(others)
        names = [name] + [other.seat.name for other in others]
    else:
        count = max(2, variant.min_players) if players is None else players
        names = [name] + [opponent if count == 2 else f"{opponent} {n}"
                          for n in range(1, count)]
    match = new_match(variant_id, count, seed, dict(options), names, oracle=PLAY_ORACLE)
    if not isinstance(match, Match):
        raise ValueError(_("{game} is a contract game: no position to stage").format(
            game=_(match.variant.name)))
    packs, jokers = match.variant.deck_for(count)
    rest = make_deck(packs, jokers)
    for card in [*table.cards(), *hand]:
        if card not in rest:
            raise ValueError(_("{card} is not in the deck of {game} (or is written "
                               "twice)").format(card=card, game=_(match.variant.name)))
        rest.remove(card)
    counts = [other.cards for other in others] if others else [OPPONENT_CARDS] * (count - 1)
    if sum(counts) > len(rest):
        raise ValueError(_("the other seats hold {n} cards, but only {left} are left in the "
                           "deck").format(n=sum(counts), left=len(rest)))
    h = match.deal
    h.number = hand_number
    h.hands = [list(hand)]
    for held in counts:
        h.hands.append(rest[:held])
        rest = rest[held:]
    h.stock = rest
    h.table = h.turn_start = table
    h.opened = [opened] + ([o.opened for o in others] if others else [True] * (count - 1))
    h.current = 0
    seats = [Seat(name, "human")] + ([o.seat for o in others] if others else
                                     [Seat(n, "easy") for n in names[1:]])
    return GameSession(match, seats)


def position(table_text: str, hand_text: str) -> tuple[Table, list[Card]]:
    """A table and a hand written as text (``"3H 4H 5H | 7C 7D 7S"``, ``"JK=5H"`` for a
    declared joker), minted together so a face written twice is two physical cards."""
    minter = CardMinter()
    table = Table.parse(table_text, minter)
    hand, _ = parse_cards(hand_text, minter)
    return table, hand
