"""The simulate command: seeded matches between computer levels, ending with a JSON line."""

from __future__ import annotations

import json

import pytest

from game.cli import main
from game.commands.simulate import SeatStats, seat_levels


def _last_json(text: str) -> dict:
    return json.loads(text.strip().splitlines()[-1])


def test_simulate_prints_the_json_summary_last(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "--variant", "machiavelli", "--option", "hand_size=6",
                 "--seats", "medium,easy", "--games", "2", "--seed", "3", "--json"])
    assert code == 0
    data = _last_json(capsys.readouterr().out)
    assert set(data) == {"games", "seats", "wins", "mean_score", "mean_decision_ms",
                         "p99_decision_ms", "unfinished", "stalled"}
    assert data["unfinished"] == 0 and data["stalled"] == 0
    assert data["games"] == 2
    assert data["seats"] == ["medium", "easy"]
    for key in ("wins", "mean_score", "mean_decision_ms", "p99_decision_ms"):
        assert len(data[key]) == 2
    assert all(isinstance(w, int) and 0 <= w <= 2 for w in data["wins"])
    assert sum(data["wins"]) >= 2  # every match has a winner (a shared win counts for each)
    assert all(ms >= 0 for ms in data["mean_decision_ms"])


@pytest.mark.slow  # two whole simulate runs: about 40 s on 2 cores
def test_simulate_is_repeatable(capsys: pytest.CaptureFixture[str]) -> None:
    # Seeded matches repeat exactly, budgets and all: every budget (Hard's look-ahead, the
    # kept-melds tie-break, the must-play question) counts work, never time, so no search
    # is cut short differently on a loaded machine
    argv = ["simulate", "--variant", "guadalupe", "--seats", "easy,hard", "--games", "2",
            "--seed", "11", "--json"]
    assert main(argv) == 0
    first = _last_json(capsys.readouterr().out)
    assert main(argv) == 0
    second = _last_json(capsys.readouterr().out)
    assert first["wins"] == second["wins"]
    assert first["mean_score"] == second["mean_score"]


def test_simulate_fills_seats_for_a_three_player_game(
        capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "--variant", "shanghai", "--option", "match=single",
                 "--seats", "medium,easy", "--games", "1", "--json"])
    out = capsys.readouterr().out
    assert code == 0
    assert "added 1 more easy seat" in out
    assert _last_json(out)["seats"] == ["medium", "easy", "easy"]


def test_seat_levels() -> None:
    assert seat_levels(["hard", "medium"], 2, 5) == (["hard", "medium"], "")
    levels, note = seat_levels(["hard", "medium"], 3, 5)
    assert levels == ["hard", "medium", "medium"] and "3 players" in note
    with pytest.raises(ValueError):
        seat_levels(["hard", "genius"], 2, 5)
    with pytest.raises(ValueError):
        seat_levels(["easy"] * 6, 2, 5)


def test_bad_seats_exit_with_a_message(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--variant", "machiavelli", "--seats", "easy,expert"]) == 2
    captured = capsys.readouterr()
    assert "unknown level" in captured.err and not captured.out


def test_action_cap_reports_stopped_matches(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "--variant", "machiavelli", "--seats", "easy,easy", "--games", "1",
                 "--max-actions", "5", "--json"])
    out = capsys.readouterr().out
    assert code == 0
    assert "stopped at 5 actions" in out
    assert _last_json(out)["wins"] == [0, 0]
    assert _last_json(out)["unfinished"] == 1


def test_an_invariant_violation_stops_the_run_with_seed_and_log(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from game.engine.match import Match

    calls = {"n": 0}

    def broken(self: Match) -> list[str]:
        calls["n"] += 1
        return ["the cards are not the deck"] if calls["n"] >= 3 else []

    monkeypatch.setattr(Match, "check_invariants", broken)
    code = main(["simulate", "--variant", "machiavelli", "--seats", "easy,easy", "--games", "2",
                 "--seed", "7", "--json"])
    out, err = capsys.readouterr()
    assert code == 1
    assert "seed 7" in err and "seed 7" not in out  # an error: on stderr
    report = json.loads(err.strip().splitlines()[-1])
    assert report["seed"] == 7 and len(report["log"]) == 3


def test_decision_time_p99_is_the_nearest_rank() -> None:
    stats = SeatStats("hard", times=[i / 1000 for i in range(1, 201)])  # 1..200 ms
    assert stats.p99_decision_ms == pytest.approx(198.0)
    assert stats.slowest == pytest.approx(0.2)
    assert SeatStats("easy").p99_decision_ms == 0.0


def test_play_match_seats_the_players_its_maker_makes() -> None:
    # a research benchmark seats a player built from the match itself (bench_tournament's
    # reading pair); each seat's maker call gets the match, the level and the seat's seed
    from game.ai.turns import SeatPlayer, make_computer
    from game.commands.simulate import play_match
    from game.engine.protocol import GameState

    made: list[tuple[str, int, int]] = []

    def maker(match: GameState, level: str, seed: int) -> SeatPlayer:
        made.append((level, seed, len(match.log)))
        return make_computer(match.family, level, seed)

    stats = [SeatStats("medium"), SeatStats("easy")]
    outcome = play_match("machiavelli", {"hand_size": "5"}, ["medium", "easy"], 7, 1, stats,
                         make=maker)
    assert sorted(made) == [("easy", 7 * 31 + 1, 0), ("medium", 7 * 31, 0)]
    assert outcome.winners and outcome.order == [1, 0]
    assert stats[0].times and stats[1].times  # both made players were asked to decide
