"""The opponent-hand sampler's quick test of whether cards dead one by one could still be
played together reads the variant's own run rule (``run_windows``), not a private copy:
under aces high or low a king and a two of one suit share no run (K-A-2 wraps round), a
queen and an ace do (Q-K-A); around the corner, both do."""

from __future__ import annotations

import pytest

from game.ai.players.opponents import _related_pair
from game.engine.cards import Card, parse_cards
from game.engine.variants import get_variant


def _cards(*texts: str) -> list[Card]:
    return parse_cards(" ".join(texts))[0]


@pytest.mark.parametrize(("ace", "pair", "related"), [
    ("either", ("KH", "2H"), False),  # K-A-2 is no run unless aces go around the corner
    ("either", ("QH", "AH"), True),   # Q-K-A
    ("either", ("AH", "3H"), True),   # A-2-3
    ("around", ("KH", "2H"), True),   # K-A-2
    ("low", ("QH", "AH"), False),     # the ace is low only
    ("high", ("AH", "3H"), False),    # the ace is high only
    ("either", ("5H", "8H"), False),  # too far apart for a run of three
    ("either", ("5H", "5S"), True),   # a set
])
def test_two_cards_share_a_meld_as_the_variant_says(ace: str, pair: tuple[str, str],
                                                    related: bool) -> None:
    variant = get_variant("machiavelli", {"ace": ace})
    assert _related_pair(variant, _cards(*pair)) is related
