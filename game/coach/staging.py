"""A position put on a real table: a two-seat match whose first seat is to play a given hand
on a given table (a puzzle, a tutorial step). The screens show it with the normal table; the
match is only a stage, never saved or recorded (its log cannot replay a position that no
deal makes), so the coach's tables judge the End of the turn themselves.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from game.engine.cards import Card, CardMinter, make_deck, parse_cards
from game.engine.match import Match
from game.engine.table import Table
from game.session import GameSession
from game.solver.matches import new_match
from game.store.seats import Seat

OPPONENT_CARDS = 7  # the other seat holds this many of the cards left (shown face down)


def staged_session(variant_id: str, options: Mapping[str, str], table: Table,
                   hand: Sequence[Card], name: str = "You", opponent: str = "Coach",
                   opened: bool = True) -> GameSession:
    """A session whose match has seat 0 (human; ``opened``: past the first-play rule) to
    play ``hand`` on ``table``;
    seat 1 holds some of the other cards and the stock the rest. Raises ValueError when the
    position's cards are not in the variant's deck."""
    match = new_match(variant_id, 2, 0, dict(options), [name, opponent])
    if not isinstance(match, Match):
        raise ValueError(f"{match.variant.name} is a contract game: no position to stage")
    packs, jokers = match.variant.deck_for(2)
    rest = make_deck(packs, jokers)
    for card in [*table.cards(), *hand]:
        if card not in rest:
            raise ValueError(f"{card} is not in the deck of {match.variant.name} "
                             "(or is written twice)")
        rest.remove(card)
    h = match.hand
    h.hands = [list(hand), rest[:OPPONENT_CARDS]]
    h.stock = rest[OPPONENT_CARDS:]
    h.table = h.turn_start = table
    h.opened = [opened, True]
    h.current = 0
    return GameSession(match, [Seat(name, "human"), Seat(opponent, "easy")])


def position(table_text: str, hand_text: str) -> tuple[Table, list[Card]]:
    """A table and a hand written as text (``"3H 4H 5H | 7C 7D 7S"``, ``"JK=5H"`` for a
    declared joker), minted together so a face written twice is two physical cards."""
    minter = CardMinter()
    table = Table.parse(table_text, minter)
    hand, _ = parse_cards(hand_text, minter)
    return table, hand
