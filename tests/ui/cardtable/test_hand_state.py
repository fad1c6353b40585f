"""The hand at the bottom as its player handles it (``HandState``): what is selected, in
the order picked, and each seat's order, changed only through its methods."""

from __future__ import annotations

from game.engine.cards import Card, parse_cards
from game.ui.cardtable.hand_state import HandState


def cards_of(text: str) -> list[Card]:
    return parse_cards(text)[0]


def test_the_selection_keeps_the_order_the_cards_were_picked_in() -> None:
    a, b, c, d = cards_of("3H 9S KD 2C")
    hand = HandState("suit")
    hand.toggle(b)
    hand.toggle(a)
    hand.add([a, c, d])
    assert hand.selected == [b, a, c, d]
    hand.toggle(a)
    assert hand.selected == [b, c, d]
    hand.deselect([d, a])
    assert hand.selected == [b, c]
    hand.keep_selected({c, d})
    assert hand.selected == [c]
    hand.deselect_all()
    assert hand.selected == []


def test_what_is_read_is_a_copy() -> None:
    a, b = cards_of("3H 9S")
    hand = HandState("rank")
    hand.select([a])
    hand.selected.append(b)
    assert hand.selected == [a]


def test_an_arranged_hand_stays_so_until_sorted_and_a_replay_puts_it_back() -> None:
    cards = cards_of("KD 3H 9S 2C")
    hand = HandState("nonsense")
    assert hand.sort_mode == "suit"
    assert hand.ordered(0, cards) != cards  # sorted by suit
    hand.arrange(0, cards)
    assert hand.sort_mode == "manual" and hand.ordered(0, cards) == cards
    kept = hand.kept_orders()
    hand.arrange(0, list(reversed(cards)))
    hand.forget_orders()
    assert hand.ordered(0, cards) == cards  # no order remembered: as they come
    hand.restore_orders(kept)
    assert hand.ordered(0, cards[1:]) == cards[1:]  # the kept order, the card gone left out
    hand.sort()
    assert hand.sort_mode == "suit"
    hand.sort()
    assert hand.sort_mode == "rank"
