"""Hard is never below Medium (issue 46): where none of its ways of choosing was measured to
gain in a variant, Hard makes Medium's choice there. In Manipulation no fair way of
choosing the cards to put down gained over the largest play, so Hard's every decision there
is Medium's. A variant whose table entry turns a way off gets Medium's choice at that
decision."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.ai.players import make_player
from game.ai.players.hard import HardPlayer, Tuning
from game.ai.players.measured import EVERY_WAY, MEASURED, Ways, ways_for
from game.ai.turns import applying, ask, settle
from game.engine.actions import NextHand, Play
from game.engine.match import Match, PlayerView
from game.engine.variants import VARIANTS, get_variant
from game.solver import PLAY_ORACLE
from tests.conftest import rig


def _same_choice(view: PlayerView, seed: int) -> tuple[object, object]:
    hard = make_player("hard", seed).decide(view)
    medium = make_player("medium", seed).decide(view)
    return hard.action, medium.action


def test_hard_puts_down_medium_s_play_in_manipulation_where_its_own_largest_differs() -> None:
    # the ace set and the run to the ace put down as many cards; Hard's own weighing
    # prefers the set (fewer points left), which no measurement showed to gain: it plays
    # Medium's largest play, the run
    match = Match("manipulation", 3, 4, oracle=PLAY_ORACLE)
    rig(match, "4H 5H 6H | 9C 9D 9S", ["AC AD AS KS QS 3H", "KC QD", "5C 7D 4S"],
        stock="3C 4D 2H", keep_rest=False, current=0)
    hard, medium = _same_choice(match.view(0), 1)
    assert isinstance(medium, Play)
    assert hard == medium


@pytest.mark.parametrize("seed", [46_001, 46_002])
def test_hard_chooses_as_medium_on_every_sampled_manipulation_position(seed: int) -> None:
    # positions met in a seeded match of three Mediums: at every turn of seat 0 Hard's
    # decision (whatever it is) is Medium's
    match = Match("manipulation", 3, seed, {"match": "single"}, oracle=PLAY_ORACLE)
    players = [make_player("medium", seed * 7 + i) for i in range(3)]
    commit = applying(match)
    compared = plays = 0
    while not match.over and not match.hand_over:
        seat = match.awaiting
        view = match.view(seat)
        if seat == 0:
            hard, medium = _same_choice(view, seed)
            assert hard == medium, f"turn {compared}: Hard {hard} against Medium {medium}"
            compared += 1
            plays += isinstance(medium, Play)
        settle(match, seat, players[seat], ask(players[seat], view), commit)
    if match.hand_over and not match.over:
        match.apply(NextHand(None))
    assert compared >= 5 and plays >= 2


def test_shanghai_keeps_its_rollouts() -> None:
    # Shanghai: the rollouts measured no loss in matches, so Hard still plays the hand out:
    # putting down 7H lets the next player's 8H go out at once, so it adds only 9H where
    # Medium puts down both
    from game.ai.players.rollouts import Deal

    match = Match("shanghai", 3, 4, oracle=PLAY_ORACLE)
    rig(match, "4H 5H 6H | 9C 9D 9S", ["7H 9H 2C KD JS QD", "8H", "3D 10S 5C 8D QS JC"],
        stock="3C 4S 2D 6D JD 7C", keep_rest=False, current=0)
    real = Deal({1: list(match.deal.hands[1]), 2: list(match.deal.hands[2])},
                list(match.deal.stock))
    view = match.view(0)
    medium = make_player("medium", 1).decide(view).action
    hard = HardPlayer(1, deals=lambda view, rng, count, *rest: [real] * count)
    assert hard.decide(view).action != medium
    # a variant whose table entry turns the rollouts off puts down Medium's play there
    plain = HardPlayer(1, deals=lambda view, rng, count, *rest: [real] * count,
                       ways=Ways(roll_out=False))
    assert plain.decide(view).action == medium


def test_the_ways_come_from_the_variant_s_measured_entry_not_from_house_rules() -> None:
    # the table is keyed by the variant; house rules keep the variant's measurements
    assert ways_for(VARIANTS["manipulation"]) == Ways(roll_out=False, hold_back=False)
    assert ways_for(get_variant("manipulation", {"match": "single"})) == \
        MEASURED["manipulation"]
    assert ways_for(VARIANTS["machiavelli"]) == EVERY_WAY
    assert ways_for(VARIANTS["shanghai"]) == EVERY_WAY


def test_hold_back_follows_the_measured_ways() -> None:
    # Shanghai's holding back (one card while every opponent is far) is kept; a variant
    # whose table entry turns it off puts down the largest play
    match = Match("shanghai", 3, 5, oracle=PLAY_ORACLE)
    rig(match, "9C 10C JC", ["4H 5H 6H QC 2S 8D", "2D 5C 9S JH KC", "3D 7S AH 4C 10D 6S"],
        current=0)
    view = match.view(0)
    medium = make_player("medium", 1).decide(view).action
    held = HardPlayer(1).decide(view).action
    assert isinstance(held, Play) and held != medium
    not_held = HardPlayer(1, replace(Tuning()), ways=Ways(roll_out=False, hold_back=False))
    assert not_held.decide(view).action == medium
