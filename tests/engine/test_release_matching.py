"""Releasing several fixed jokers in one play: each real card releases one joker, matched
as a whole, so the order in which the end table lists its melds never decides legality."""

from __future__ import annotations

import pytest

from tests.conftest import position

START = "7H 8H 9H JK=10H | JK=10H JH QH"
HAND = "10H 10H 8H 9H 5C 6C KS KD"
RELEASES = ["8H 9H 10H.0 JH QH", "7H 8H 9H 10H.1", "5C 6C JK=7C", "KS KD JK=KC"]


@pytest.mark.parametrize("order", [(0, 1, 2, 3), (1, 0, 2, 3), (3, 2, 1, 0), (2, 0, 3, 1)])
def test_two_jokers_of_one_card_released_in_any_meld_order(order: tuple[int, ...]) -> None:
    pos = position(START, HAND)
    result = pos.check("carousel", " | ".join(RELEASES[i] for i in order))
    assert result.ok, [str(p) for p in result.problems]
    assert len(result.released) == 2


def test_one_real_card_cannot_release_two_jokers() -> None:
    pos = position(START, "10H 8H 9H 5C 6C KS KD")
    result = pos.check("carousel", "7H 8H 9H 10H JH QH | 5C 6C JK=7C | KS KD JK=KC")
    assert not result.ok
    assert [p.rule for p in result.problems] == ["joker_identity"]
