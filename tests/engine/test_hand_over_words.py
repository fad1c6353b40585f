"""Issue 45.7: once a player has gone out, any other seat's action is refused because the
hand (the contract game's round) is over, not because it is the winner's turn."""

from __future__ import annotations

import pytest

from game.ai.turns import make_computer
from game.engine.actions import Draw, Play
from game.engine.errors import IllegalAction
from game.engine.match import Match
from game.engine.serialize import new_match
from tests.conftest import rig


@pytest.mark.parametrize(("options", "words"), [
    ({"match": "hands:3"}, "the hand is over"), ({}, "the match is over")])
def test_after_a_player_goes_out_another_seat_hears_the_hand_is_over(
        options: dict[str, object], words: str) -> None:
    match = Match("machiavelli", 3, 5, options)
    p = rig(match, "", ["3H 4H 5H", "2C 2D 9S", "KD KC 7S"], current=0)
    match.apply(Play(0, p.end("3H 4H 5H")))
    assert match.hand_over and match.deal.current == 0
    for seat in (1, 2):
        with pytest.raises(IllegalAction, match=words) as refused:
            match.apply(Draw(seat))
        assert "turn" not in str(refused.value)


def test_after_a_round_ends_another_seat_hears_the_round_is_over() -> None:
    match = new_match("shanghai-rummy", 3, 11, {"match": "hands:2"})
    players = [make_computer(match.family, "easy", seat) for seat in range(3)]
    for _ in range(3000):
        if match.hand_over:
            break
        seat = match.awaiting
        match.apply(players[seat].decide(match.view(seat)).action)
    assert match.hand_over and not match.over
    for seat in range(3):
        with pytest.raises(IllegalAction, match="the round is over"):
            match.apply(Draw(seat))
