"""A joined screen words each action of a manipulation game as the host's table does."""

from __future__ import annotations

from game.ai.turns import ask, computer_seed, make_computer, settle
from game.coach.turn_words import action_words, play_steps
from game.engine.actions import NextHand, Play
from game.engine.serialize import new_match
from game.net.actions import public_event
from game.net.host import VISIBLE
from game.net.words import manipulation_words
from game.solver import PLAY_ORACLE


def test_an_events_words_are_the_tables() -> None:
    match = new_match("shanghai", 3, 8, {}, None, oracle=PLAY_ORACLE)
    players = [make_computer(match.family, "medium", computer_seed(8, s)) for s in range(3)]
    plays = 0
    for _ in range(300):
        if match.over:
            break
        if match.hand_over:
            match.apply(NextHand(None))
            continue
        seat = match.awaiting
        before_table = match.deal.table
        start_hand = list(match.deal.hands[seat])
        visible = VISIBLE[match.family](match)
        decision = ask(players[seat], match.view(seat))
        settled = settle(match, seat, players[seat], decision,
                         lambda d: (match.apply(d.action), "")[1])
        assert settled.decision is not None
        action = match.log[-1]
        after = list(match.deal.hands[seat])
        played = tuple(c for c in start_hand if c not in after)
        came = [c for c in after if c not in start_hand]
        event = public_event(seat, action, len(came), played,
                             [c for c in came if c in visible], True, len(match.log))
        steps = play_steps(match.variant, before_table, start_hand, action.table) \
            if isinstance(action, Play) else []
        table_words = action_words("Ada", action, played, len(came), steps)
        assert manipulation_words(match.variant, "Ada", event, before_table) == table_words
        plays += isinstance(action, Play)
    assert plays > 5
