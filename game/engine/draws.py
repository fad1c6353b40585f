"""How many cards a turn takes from the stock (RULES.md 3): one home for the rule, read by
the match as it deals them (``Match._do_play``, ``Match._do_draw``) and by whoever counts a
move's cards ahead of it (Hard's race, its look-ahead at the next seat's reply, the review).

Pure functions of the variant's typed turn structure and the stock's size."""

from __future__ import annotations

from game.engine.variant import Variant


def turn_draw(variant: Variant, stock: int, *, played: bool) -> int:
    """Cards the stock gives the seat in turn at its draw: drawing instead of playing, one
    draw's cards (Guadalupe's turn: two; one elsewhere, where a turn of draws until able
    goes on with the next); after a play that keeps cards in hand, the draw the turn adds
    (Guadalupe's turn: one; none elsewhere: Robber's Rummy's extra draw is the player's
    choice). Never more than the ``stock`` holds, so none from an empty stock (the seat
    passes instead) and none in the last round, which begins on an empty stock."""
    wanted = variant.draw_after_play if played else variant.cards_per_draw
    return max(0, min(wanted, stock))


def drawn_by_move(variant: Variant, stock: int, hand: int, played: int | None) -> int:
    """Cards a move takes from the ``stock``: a play putting down ``played`` of the
    ``hand``'s cards (none if it goes out), or a draw instead (``played`` None)."""
    if played is None:
        return turn_draw(variant, stock, played=False)
    return turn_draw(variant, stock, played=True) if hand - played > 0 else 0


def hand_after_move(variant: Variant, stock: int, hand: int, played: int | None) -> int:
    """Cards the seat holds once its move (see ``drawn_by_move``) ends its turn."""
    return hand - (played or 0) + drawn_by_move(variant, stock, hand, played)
