"""Issue 45.3: a turn made of several actions (Carousel's draws, Shanghai's draws until a
meld) is told with every card it drew, in the turn log's words the replay prints."""

from __future__ import annotations

import pytest

from game.ai.players import make_player
from game.coach.replay import replay_turns
from game.engine.actions import Draw
from game.engine.match import Match
from game.session import GameSession
from game.store.seats import Seat


def one_hand(variant_id: str, seed: int) -> GameSession:
    """The first hand of a three-seat match of ``variant_id``, played by Easy."""
    names = ("A", "B", "C")
    session = GameSession.new(variant_id, {}, [Seat(n, "easy") for n in names], seed)
    players = [make_player("easy", seed + k) for k in range(len(names))]
    match = session.match
    assert isinstance(match, Match)
    for _ in range(600):
        if match.hand_over:
            break
        seat = match.awaiting
        match.apply(players[seat].decide(match.view(seat)).action)
    return session


def test_a_carousel_turn_of_three_draws_is_told_as_three_cards() -> None:
    session = GameSession.new("carousel", {}, [Seat("A", "human"), Seat("B", "human")], 5)
    match = session.match
    assert isinstance(match, Match)
    seat = match.current
    while len(match.deal.turns) == 0:
        match.apply(Draw(seat))
    assert match.deal.turns[0].drawn == 3
    turn = replay_turns(session)[0]
    assert turn.drawn == 3 and turn.words == "A drew 3 cards"


@pytest.mark.parametrize(("variant_id", "seed"), [("carousel", 2), ("shanghai", 4)])
def test_every_turn_is_told_with_all_it_drew(variant_id: str, seed: int) -> None:
    session = one_hand(variant_id, seed)
    match = session.match
    assert isinstance(match, Match)
    records = match.deal.turns
    turns = replay_turns(session)
    assert [t.drawn for t in turns] == [r.drawn for r in records]
    # the hand holds a turn that drew more than its last action did
    several = [t for t in turns if t.drawn and (t.kind == "play" or t.drawn > 1)]
    assert several
    for turn in several:
        assert f"drew {turn.drawn}" in turn.words
