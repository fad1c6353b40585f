"""The one computer-turn loop (``game.ai.turns``): a player's decision is committed when the
match accepts it; a failing or refused player falls back, then to a seat-only action; a
turn with nothing accepted ends after three tries with the reasons, never looping."""

from __future__ import annotations

from typing import Any

import pytest

from game.ai.contract import ContractPlayer
from game.ai.players import ComputerPlayer
from game.ai.turns import Decision, applying, ask, make_computer, settle, take_turn
from game.engine.actions import Draw, Pass, Play
from game.engine.protocol import GameState
from game.engine.serialize import new_match
from game.engine.table import Table


class Scripted:
    """A player that returns fixed decisions, or raises."""

    def __init__(self, decide: Decision | Exception, fallback: Decision | Exception) -> None:
        self._decide, self._fallback = decide, fallback
        self.notes: list[str] = []

    def decide(self, view: Any) -> Decision:
        if isinstance(self._decide, Exception):
            raise self._decide
        return self._decide

    def fallback(self, view: Any, note: str) -> Decision:
        self.notes.append(note)
        if isinstance(self._fallback, Exception):
            raise self._fallback
        return self._fallback


def recording(match: GameState, tries: list[Decision]):
    """``turns.applying``, noting every decision tried."""
    apply = applying(match)

    def commit(decision: Decision) -> str:
        tries.append(decision)
        return apply(decision)
    return commit


def refusing(tries: list[Decision]):
    def commit(decision: Decision) -> str:
        tries.append(decision)
        return "refused by the test"
    return commit


def fresh() -> GameState:
    return new_match("machiavelli", 2, 5)  # no must-play rule: draw is always legal


def test_an_accepted_decision_is_committed_once() -> None:
    match, tries = fresh(), []
    player = Scripted(Decision(Draw(0), (), "draw"), RuntimeError("not asked"))
    settled = take_turn(match, 0, player, recording(match, tries))
    assert settled.decision == Decision(Draw(0), (), "draw")
    assert settled.fallbacks == 0 and settled.problem == ""
    assert tries == [Decision(Draw(0), (), "draw")] and player.notes == []
    assert match.log == [Draw(0)]


def test_a_decision_is_made_the_asked_seats() -> None:
    match, tries = fresh(), []
    settled = take_turn(match, 0, Scripted(Decision(Draw(1)), RuntimeError()),
                        recording(match, tries))
    assert settled.decision is not None and settled.decision.action == Draw(0)
    assert match.log == [Draw(0)]


def test_a_refused_play_falls_back_to_the_players_safe_action() -> None:
    match, tries = fresh(), []
    hand = match.deal.hands[0]
    bad = Play(0, Table.of([hand[:2]]))  # two cards are no meld
    player = Scripted(Decision(bad), Decision(Draw(0), (), "fallback: draw"))
    settled = take_turn(match, 0, player, recording(match, tries))
    assert settled.decision is not None and settled.decision.action == Draw(0)
    assert settled.fallbacks == 1 and settled.problem
    assert player.notes == [f"fallback: refused ({settled.problem})"]
    assert match.log == [Draw(0)]


def test_a_player_that_raises_everywhere_still_moves_the_game_on() -> None:
    match, tries = fresh(), []
    player = Scripted(RuntimeError("decide broke"), RuntimeError("fallback broke"))
    assert ask(player, match.view(0)) is None
    settled = take_turn(match, 0, player, recording(match, tries))
    assert settled.decision is not None and settled.decision.action == Draw(0)
    assert settled.decision.is_fallback
    assert match.log == [Draw(0)]


def test_a_turn_with_nothing_accepted_ends_after_three_tries() -> None:
    match, tries = fresh(), []
    player = Scripted(Decision(Pass(0)), Decision(Pass(0), (), "fallback"))
    settled = take_turn(match, 0, player, refusing(tries))
    assert settled.decision is None
    assert len(tries) == 3  # the choice, the player's fallback, one seat-only action
    assert "refused by the test" in settled.problem and " then " in settled.problem
    assert match.log == []


def test_a_missing_decision_says_why() -> None:
    match, tries = fresh(), []
    player = Scripted(Decision(Pass(0)), RuntimeError("no fallback"))
    settled = settle(match, 0, player, None, refusing(tries), "the thread died")
    assert settled.decision is None
    assert settled.problem.startswith("the thread died; then the player has no fallback")


@pytest.mark.parametrize("family, kind", [("manipulation", ComputerPlayer),
                                          ("contract", ContractPlayer)])
def test_each_family_gets_its_own_players(family: str, kind: type) -> None:
    for level in ("easy", "medium", "hard"):
        assert isinstance(make_computer(family, level, 3), kind)


def test_an_unknown_family_or_level_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        make_computer("poker", "easy", 0)
    with pytest.raises(ValueError):
        make_computer("contract", "grandmaster", 0)


@pytest.mark.parametrize("variant_id, players", [("machiavelli", 2), ("shanghai-rummy", 3)])
def test_real_players_finish_a_hand_through_the_loop(variant_id: str, players: int) -> None:
    match = new_match(variant_id, players, 7)
    seats = [make_computer(match.family, "easy", seat) for seat in range(players)]
    tries: list[Decision] = []
    accepted = []
    for _ in range(3000):
        if match.hand_over:
            break
        seat = match.awaiting
        settled = take_turn(match, seat, seats[seat], recording(match, tries))
        assert settled.decision is not None, settled.problem
        accepted.append(settled.decision.action)
    assert match.hand_over
    assert accepted == match.log  # what the loop reports is what the match applied
