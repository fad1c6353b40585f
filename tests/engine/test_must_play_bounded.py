"""The must-play rule asks the exact search whether a play exists. On a rare position the
search is slow; the legal-action list must still answer promptly and let the game go on."""

from __future__ import annotations

import time

import game.engine.match as match_module
from game.engine.match import Match
from tests.conftest import rig

SLOW_TABLE = ("JK=KC KH KS | JK=9C 9D 9H | 4S 5S 6S 7S 8S 9S JK=10S JS QS | "
              "JK=3C 3D 3H 3S | 6C 7C 8C 9C 10C JC QC KC AC")


def test_a_slow_must_play_question_never_stalls_the_game(monkeypatch) -> None:  # noqa: ANN001
    monkeypatch.setattr(match_module, "CAN_PLAY_SECONDS", 0.3)
    match = Match("tahiti", 2, 3, {"must_play_if_able": "true"})
    rig(match, SLOW_TABLE, ["3C 2C 2S 5H 6H 10S 5D 8D", "4D 4H"], stock="7D")
    started = time.perf_counter()
    kinds = match.legal_kinds()
    assert time.perf_counter() - started < 5.0
    # the search could not settle it in time, so the player is not forced to play
    assert "draw" in kinds and "play" in kinds
    match.draw()
    assert match.current == 1 and match.check_invariants() == []


def test_the_must_play_answer_is_asked_once_per_position(monkeypatch) -> None:  # noqa: ANN001
    calls = []
    import game.engine.arrange as arrange

    real = arrange.can_play
    monkeypatch.setattr(arrange, "can_play",
                        lambda *a, **k: calls.append(1) or real(*a, **k))
    match = Match("shanghai", 3, 8)
    match.legal_kinds()
    match.legal_kinds()
    match.view(match.current)
    assert len(calls) == 1
