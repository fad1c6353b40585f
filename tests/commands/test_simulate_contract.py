"""`machiavelli simulate --variant shanghai-rummy`: the contract game between computers."""

from __future__ import annotations

import json

from game.cli import main


def test_simulate_plays_the_contract_game_and_reports_json(capsys) -> None:  # noqa: ANN001
    code = main(["simulate", "--variant", "shanghai-rummy", "--option", "match=hands:2",
                 "--seats", "hard,medium", "--games", "2", "--seed", "3", "--json"])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "needs 3 players" in out  # two levels given, a third seat added
    summary = json.loads(out.strip().splitlines()[-1])
    assert summary["games"] == 2 and summary["seats"] == ["hard", "medium", "medium"]
    assert sum(summary["wins"]) >= 2  # every match has at least one winner
    assert all(ms > 0 for ms in summary["mean_decision_ms"])


def test_simulate_refuses_a_deal_with_too_few_cards_before_playing(capsys) -> None:  # noqa: ANN001
    code = main(["simulate", "--variant", "shanghai-rummy", "--seats",
                 ",".join(["easy"] * 8), "--option", "hand_size=20", "--games", "2"])
    captured = capsys.readouterr()
    assert code == 2
    assert "too few cards" in captured.err and "8 players" in captured.err
    assert "Traceback" not in captured.err
    assert "games, seats" not in captured.out  # refused before the first game
