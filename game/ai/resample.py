"""A whole engine state from what one seat sees (OpenSpiel's ``ResampleFromInfostate``).

A computer player sees its own hand, the table, the hand sizes, the public turn records and
the match so far (``PlayerView``). The cards it cannot see, the unseen cards, are the other
hands and the stock, in an order nobody knows. ``resample`` deals them at random, each
other hand getting exactly as many cards as it holds, the cards known to be in a hand
(``known``: sampled to fit what its turns showed, or seen picked up) staying there, the
rest the stock; ``position`` builds the engine's ``Match`` standing there, so whatever a
player plans on it (a hand played out, an opponent's reply) runs under the engine's own
rules. Nothing here reads a hidden card: only the view.

The random draws are part of a seeded match's replay: a player's choices follow from them,
so each way of dealing (``Dealing``) consumes the generator in one fixed order.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from enum import Enum

from game.engine.cards import Card, make_deck
from game.engine.match import DealState, Match, PlayerView
from game.engine.oracle import PlayOracle
from game.engine.variants import StockOut
from game.solver import PLAY_ORACLE


def unseen_cards(view: PlayerView) -> list[Card]:
    """Every card of the deck that is neither in this seat's hand nor on the table, in the
    deck's order."""
    packs, jokers = view.variant.deck_for(view.players)
    seen = set(view.hand) | set(view.table.cards())
    return [card for card in make_deck(packs, jokers) if card not in seen]


def opponents(view: PlayerView) -> list[int]:
    """The other seats in playing order after this one."""
    n = view.players
    return [(view.seat + k) % n for k in range(1, n)]


class Dealing(Enum):
    """How the unseen cards are dealt (each uniform over the deals that fit; they differ
    only in the draws they take from the generator)."""

    #: each other hand in playing order draws what it lacks (``random.sample`` of the
    #: cards left), then the stock, the cards left, is shuffled
    EACH = "each"
    #: the cards not known are shuffled once and dealt out in playing order, the stock
    #: last (``order``: shuffle this order of them rather than the deck's)
    SHUFFLE = "shuffle"


def resample(view: PlayerView, rng: random.Random,
             known: Mapping[int, Sequence[Card]] | None = None, *,
             guessed: Mapping[int, Sequence[Card]] | None = None,
             dealing: Dealing = Dealing.EACH, order: Sequence[Card] | None = None,
             oracle: PlayOracle | None = PLAY_ORACLE) -> Match:
    """A full engine state that fits ``view``: this seat's hand, the table and the match
    so far as seen; every other hand of its size and the stock dealt at random from the
    unseen cards (``dealing``).

    ``known``: cards a seat is known to hold (seen picked up, say): placed in its hand
    first, in that order, and dealt to nobody else. ``guessed``: a hand sampled for a seat
    to fit what its turns showed (``HandSampler``): kept after its known cards, but a
    guessed card goes to whoever got it first in playing order (a seat before, or its
    deal), and the seat is dealt what it lacks. A card that is not unseen is dropped."""
    pool = unseen_cards(view)
    unseen = set(pool)
    known, guessed = known or {}, guessed or {}
    taken: set[Card] = set()
    hands: dict[int, list[Card]] = {}
    for seat in opponents(view):  # the known cards first: nobody else may be dealt them
        hands[seat] = [card for card in known.get(seat, ())
                       if card in unseen and card not in taken][:view.hand_counts[seat]]
        taken.update(hands[seat])

    def guess(seat: int) -> list[Card]:
        """``seat``'s guessed cards still to be placed, as many as its hand has room for."""
        room = view.hand_counts[seat] - len(hands[seat])
        cards = [card for card in guessed.get(seat, ()) if card in unseen and card not in taken]
        return cards[:max(0, room)]

    if dealing is Dealing.EACH:
        for seat in opponents(view):
            hand = hands[seat] + guess(seat)
            held = taken.union(hand)
            rest = [card for card in pool if card not in held]
            hand += rng.sample(rest, min(len(rest), view.hand_counts[seat] - len(hand)))
            taken.update(hand)
            hands[seat] = hand
        stock = [card for card in pool if card not in taken]
        rng.shuffle(stock)
    else:
        for seat in opponents(view):
            hands[seat] += guess(seat)
            taken.update(hands[seat])
        cards = [card for card in (pool if order is None else order) if card not in taken]
        rng.shuffle(cards)
        at = 0
        for seat in opponents(view):
            dealt = cards[at:at + max(0, view.hand_counts[seat] - len(hands[seat]))]
            hands[seat] += dealt
            at += len(dealt)
        stock = cards[at:]
    return position(view, hands, stock, oracle)


def dealt_order(match: Match, view: PlayerView) -> list[Card]:
    """The unseen cards as ``resample`` dealt them into ``match``: the other hands in
    playing order, then the stock (bottom first). Handed back as ``order`` with
    ``Dealing.SHUFFLE``, the next deal shuffles on from this one."""
    h = match.deal
    return [card for seat in opponents(view) for card in h.hands[seat]] + list(h.stock)


def position(view: PlayerView, hands: Mapping[int, Sequence[Card]], stock: Sequence[Card],
             oracle: PlayOracle | None = PLAY_ORACLE) -> Match:
    """The engine's match standing where ``view`` stands, the other seats holding ``hands``
    and the stock ``stock`` (its top card last). What the view does not show is read from
    its turn records: the passes in a row, who drew the stock's last card and how many
    turns the last round has left."""
    seats = range(view.players)
    all_hands = [list(view.hand) if seat == view.seat else list(hands.get(seat, ()))
                 for seat in seats]
    turn_start = view.turn_start
    played = [card for card in view.table.cards() if card not in set(turn_start.cards())]
    last_drawer, final_turns = _last_round(view)
    state = DealState(
        number=view.hand_number, stock=list(stock), hands=all_hands, table=view.table,
        opened=list(view.opened), current=view.current, draws=view.draws_this_turn,
        played=view.played_this_turn, passes=_passes(view), last_drawer=last_drawer,
        final_turns=final_turns, turn_start=turn_start, turn_played=played,
        result=view.hand_result, turns=list(view.turns))
    return Match.at_position(view.variant, view.names, state, view.totals, view.history,
                             oracle)


def _passes(view: PlayerView) -> int:
    """Passes in a row: the turns ended by a pass since the last that drew or played (none
    once the last round has begun, which counts its turns instead)."""
    if view.draws_this_turn or view.played_this_turn or view.final_round:
        return 0
    count = 0
    for record in reversed(view.turns):
        if record.ended_by != "pass":
            break
        count += 1
    return count


def _last_round(view: PlayerView) -> tuple[int | None, int | None]:
    """Who drew the stock's last card (None: it is not empty, or nobody drew it) and, in a
    last round, how many turns it has left: it began when that player's turn ended."""
    if view.stock_size:
        return None, None
    if view.draws_this_turn:
        return view.current, None
    index = next((i for i in range(len(view.turns) - 1, -1, -1) if view.turns[i].drawn),
                 None)
    if index is None:
        return None, None
    drawer = view.turns[index].player
    if not view.final_round or view.variant.stock_out is not StockOut.LAST_ROUND:
        return drawer, None
    return drawer, view.players - (len(view.turns) - 1 - index)
