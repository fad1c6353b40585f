"""Issue 29.14, 47.4: Hard's rollouts in the draw-until-able games (Shanghai, Manipulation)
play hands out (``rollouts.play_out``: the largest play each turn, else a draw or a pass)
on the engine's match resampled from the player's view (``game.ai.resample``), so the
rules that end turns and the hand are the engine's. Here the real match plays the same
seeded hands with the same choices, and both must end them with the same hands: the
resampled state, dealt the real hidden cards, must be the real one."""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from game.ai.players.rollouts import Deal, play_out
from game.engine.actions import Draw, Pass, Play
from game.engine.match import Match, PlayerView
from game.engine.scoring import hand_value
from game.engine.serialize import new_match
from game.solver import PLAY_ORACLE, FoundPlay, Work, arrange


def largest_play(match: Match, seat: int) -> FoundPlay | None:
    """The play the rollout loop makes for ``seat`` now (as Medium: the largest)."""
    h = match.deal
    found = arrange(match.variant, h.table, h.hands[seat], h.opened[seat], tie_break=False,
                    work=Work())
    return None if found is None else found.play


def play_the_hand(match: Match) -> tuple[PlayerView, FoundPlay, Deal] | None:
    """Play the hand to its end as the rollout loop would, through the real match (its
    rules decide when a turn ends, when a draw is allowed, when the hand is over); the
    position at the first play: the player's view, its play and the real hidden cards."""
    start: tuple[PlayerView, FoundPlay, Deal] | None = None
    for _action in range(2000):
        h = match.deal
        if h.result is not None:
            return start
        seat = h.current
        play = largest_play(match, seat)
        if play is not None:
            if start is None:
                hands = {s: list(cards) for s, cards in enumerate(h.hands) if s != seat}
                start = (match.view(seat), play, Deal(hands, list(h.stock)))
            match.apply(Play(seat, play.table))
        elif h.stock:
            match.apply(Draw(seat))
        else:
            match.apply(Pass(seat))
    raise AssertionError("the hand did not end")


@settings(max_examples=20, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(variant=st.sampled_from(["shanghai", "manipulation"]),
       players=st.integers(3, 5), hand_size=st.integers(5, 7), stock=st.integers(4, 20),
       jokers=st.sampled_from([0, 0, 1]), seed=st.integers(0, 2**31 - 1))
def test_the_rollout_loop_ends_a_hand_as_the_match_does(
        variant: str, players: int, hand_size: int, stock: int, jokers: int,
        seed: int) -> None:
    options = {"hand_size": str(hand_size), "jokers": str(jokers)}
    match = new_match(variant, players, seed, options, oracle=PLAY_ORACLE)
    assert isinstance(match, Match) and match.variant.draws_until_able
    h = match.deal
    h.stock = h.stock[len(h.stock) - stock:]  # a short stock (top last): a quick hand
    start = play_the_hand(match)
    assume(start is not None)  # nobody could ever play: no rollout to compare
    assert start is not None
    view, play, deal = start
    ends = play_out(view, play, deal, Work())
    real = match.deal.hands
    assert {seat: Counter(ends[seat]) for seat in range(players)} == \
        {seat: Counter(real[seat]) for seat in range(players)}
    scheme = match.variant.scoring
    assert [hand_value(scheme, ends[seat]) for seat in range(players)] == \
        [hand_value(scheme, real[seat]) for seat in range(players)]


def test_the_rollout_loop_is_compared_on_real_positions() -> None:
    """The property above is not vacuous: a seeded hand reaches a play and its end."""
    match = new_match("shanghai", 3, 3, {"hand_size": "6"}, oracle=PLAY_ORACLE)
    assert isinstance(match, Match)
    match.deal.stock = match.deal.stock[-12:]
    start = play_the_hand(match)
    assert start is not None and match.deal.result is not None
    view, play, deal = start
    assert play.played and match.deal.result.reason == "out"  # played to someone going out
    ends = play_out(view, play, deal, Work())
    assert all(Counter(ends[s]) == Counter(match.deal.hands[s]) for s in range(3))
