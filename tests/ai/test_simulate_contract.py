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
