"""The engine owns the contract game's undo (as python-chess's push/pop): ``pop`` takes
back the turn's last lay-down, lay-off or joker swap, leaving the match exactly as it was
before it; nothing that showed a card, and nothing of an earlier turn, comes back."""

from __future__ import annotations

import pytest

from game.ai.contract import make_contract_player
from game.engine.contract.match import TAKE_BACK
from game.engine.serialize import new_match


def test_every_table_action_of_whole_rounds_is_taken_back_to_the_same_match() -> None:
    match = new_match("shanghai-rummy", 3, 11, {"match": "hands:3"})
    players = [make_contract_player(level, i) for i, level in enumerate(("hard", "medium",
                                                                          "easy"))]
    taken_back = 0
    while not match.over:
        seat = match.awaiting
        action = players[seat].decide(match.view(seat)).action
        before, log = match.digest(), list(match.log)
        match.apply(action)
        if action.kind in TAKE_BACK:
            assert match.can_pop()
            assert match.pop() == action
            assert match.digest() == before and match.log == log, action
            match.apply(action)  # played again, as Redo does
            taken_back += 1
        else:
            assert not match.can_pop(), f"{action} showed a card or moved the turn on"
    assert taken_back > 10 and len(match.history) == 3


def test_a_turns_actions_come_back_last_first_and_not_past_the_draw() -> None:
    match = new_match("shanghai-rummy", 3, 11, {"match": "hands:3"})
    players = [make_contract_player("hard", i) for i in range(3)]
    while True:  # to a turn with two table actions in a row
        seat = match.awaiting
        action = players[seat].decide(match.view(seat)).action
        before = match.digest()
        match.apply(action)
        if action.kind not in TAKE_BACK:
            continue
        follow = players[seat].decide(match.view(seat)).action
        if follow.kind not in TAKE_BACK:
            match.apply(follow)
            continue
        middle = match.digest()
        match.apply(follow)
        twin = match.clone()
        assert match.pop() == follow and match.digest() == middle
        assert match.pop() == action and match.digest() == before
        assert not match.can_pop()
        with pytest.raises(IndexError):
            match.pop()  # the draw that began the turn showed a card: it stays
        assert twin.pop() == follow and twin.digest() == middle, "a clone keeps its own undo"
        return
