"""The must-play rule asks the exact search whether a play exists. On a rare position the
search is slow; the legal-action list must still answer promptly and let the game go on,
and the answer must not depend on the machine: the search's budget counts work, and a
question it could not settle is recorded in the log, so a replay does not ask again."""

from __future__ import annotations

import pytest

import game.solver.api as solver_api
from game.engine.actions import Abandon, Draw, Pass, action_from_json
from game.engine.errors import NotationError
from game.engine.match import Match
from game.engine.oracle import MissingOracle
from game.engine.serialize import match_from_json, match_to_json, new_match
from game.solver import PLAY_ORACLE
from tests.conftest import rig

# Tahiti with two jokers a meld (an exotic joker option the exact joker model does not
# cover): no card simply extends a meld. Settling whether a play exists took the search
# millions of units while refused answers were cut off one at a time; with the frozen
# melds counted per meld shape (``game.solver.homes``) it takes about 1,600, so the budget
# below is cut to well short of that. (The position used before, in plain Tahiti, was slow
# only while the engine refused a released joker that kept its card.)
SLOW_OPTIONS = {"must_play_if_able": "true", "jokers_per_meld": "2"}
SLOW_TABLE = ("9D 9S 9H | AH AD AC | 8S JK=8H 8C 8D | 9S JK=10S JS | 7H 7C JK=7D 7S | "
              "AC AD JK=AH AS | 3H 3S 3D | 7C 7H 7S | 4H 4C 4D 4S | 10C JC QC | "
              "6D 6S 6C 6H")
SLOW_HANDS = ["6D 10H 9H QC 8H 5C 4C 2S", "4D 4H"]
SMALL_BUDGET = 500  # solver Work units: far short of what this position needs


def _slow_match() -> Match:
    match = Match("tahiti", 2, 3, SLOW_OPTIONS, oracle=PLAY_ORACLE)
    rig(match, SLOW_TABLE, SLOW_HANDS, stock="7D")
    return match


def test_a_slow_must_play_question_never_stalls_the_game(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(solver_api, "CAN_PLAY_WORK", SMALL_BUDGET)
    match = _slow_match()
    kinds = match.legal_kinds()
    # the search could not settle it within its budget, so the player is not forced to play
    assert "draw" in kinds and "play" in kinds
    match.draw()
    assert match.current == 1 and match.check_invariants() == []
    # ...and the draw says so in the log
    assert match.log[-1] == Draw(0, unsettled=True)
    assert match.log[-1].to_json() == {"type": "draw", "player": 0, "unsettled": True}


def test_the_budget_counts_work_not_time() -> None:
    # the same budget runs out at the same point every time, however busy the machine
    spent = []
    for _ in range(2):
        work = solver_api.Work(SMALL_BUDGET)
        match = _slow_match()
        with pytest.raises(solver_api.OutOfWork):
            solver_api.can_play(match.variant, match.deal.table, match.deal.hands[0], True,
                             work=work)
        spent.append(work.spent)
    assert spent[0] == spent[1] >= SMALL_BUDGET


def test_a_replay_takes_the_recorded_answer_and_does_not_ask(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(solver_api, "CAN_PLAY_WORK", SMALL_BUDGET)
    match = _slow_match()
    match.draw()
    log = [action.to_json() for action in match.log]
    asked = []
    monkeypatch.setattr(solver_api, "can_play", lambda *a, **k: asked.append(1) or True)
    again = _slow_match()
    for item in log:
        again.apply(action_from_json(item))
    assert asked == []  # the recorded draw is taken as it was: the search is not asked
    assert again.current == 1 and again.deal.hands[0] == match.deal.hands[0]
    # the same draw without the record asks, and this search says the player can play
    fresh = _slow_match()
    assert not fresh.can(Draw(0))
    assert asked


def test_a_settled_answer_is_not_recorded() -> None:
    match = Match("tahiti", 2, 3, {"must_play_if_able": "true"}, oracle=PLAY_ORACLE)
    rig(match, "3H 4H 5H", ["KD 2S", "4D 4C"], stock="7D")
    match.draw()
    assert match.log[-1] == Draw(0)
    assert match.log[-1].to_json() == {"type": "draw", "player": 0}


def test_old_saves_without_the_field_load_and_ask() -> None:
    for cls in (Draw, Pass, Abandon):
        action = action_from_json({"type": cls.kind, "player": 1})
        assert action == cls(1) and not action.unsettled  # type: ignore[attr-defined]
        assert action_from_json({"type": cls.kind, "player": 1, "unsettled": True}) == \
            cls(1, unsettled=True)
    with pytest.raises(NotationError):
        action_from_json({"type": "draw", "player": 1, "unsettled": "yes"})
    match = Match("machiavelli", 2, 5)
    match.draw()
    data = match_to_json(match)
    assert "unsettled" not in data["log"][0]
    assert match_from_json(data).state_json() == match.state_json()


def test_the_must_play_answer_is_asked_once_per_position(
        monkeypatch: pytest.MonkeyPatch) -> None:
    calls = []
    real = solver_api.can_play
    monkeypatch.setattr(solver_api, "can_play",
                        lambda *a, **k: calls.append(1) or real(*a, **k))
    match = Match("shanghai", 3, 8, oracle=PLAY_ORACLE)
    match.legal_kinds()
    match.legal_kinds()
    match.view(match.current)
    assert len(calls) == 1


def test_a_must_play_match_needs_an_oracle_and_says_so() -> None:
    # the engine cannot answer "can this player play?" itself: it is given an oracle
    with pytest.raises(MissingOracle, match="must-play rule"):
        Match("shanghai", 3, 8)
    with pytest.raises(MissingOracle):
        Match("tahiti", 2, 3, {"must_play_if_able": "true"})
    with pytest.raises(MissingOracle):
        new_match("shanghai", 3, 8)
    # a variant without the rule needs none, and never asks
    plain = Match("machiavelli", 2, 5)
    assert plain.oracle is None and "draw" in plain.legal_kinds()
    plain.draw()
    # given the solver's oracle, a match keeps it in a clone and a reload
    match = new_match("shanghai", 3, 8, oracle=PLAY_ORACLE)
    assert isinstance(match, Match) and match.oracle is PLAY_ORACLE
    assert match.clone().oracle is PLAY_ORACLE
    again = match_from_json(match_to_json(match), PLAY_ORACLE)
    assert again.digest() == match.digest()


def test_the_oracle_is_what_the_match_asks() -> None:
    class Always:
        def __init__(self, answer: bool | None) -> None:
            self.answer = answer
            self.asked = 0

        def can_play(self, variant, table, hand, opened) -> bool | None:  # noqa: ANN001
            self.asked += 1
            return self.answer

    for answer, must in ((True, True), (False, False), (None, False)):
        oracle = Always(answer)
        match = Match("shanghai", 3, 8, oracle=oracle)
        assert match.can_play_now() is (answer is True)
        assert ("draw" not in match.legal_kinds()) is must
        assert oracle.asked == 1
