"""`machiavelli simulate` and `machiavelli --smoke` on the command line: absurd numbers are
usage errors in one line, Ctrl-C reports the games finished, and the default action cap
leaves room for the longest multi-hand matches."""

from __future__ import annotations

import json

import pytest

import game.commands.simulate as simulate
from game.cli import main
from game.engine.variants import get_variant

BASE = ["simulate", "--variant", "machiavelli", "--option", "hand_size=4",
        "--seats", "easy,easy"]


@pytest.mark.parametrize("argv", [
    ["--games", "0"], ["--games", "-1"], ["--games", str(10**12)], ["--games", "ten"],
    ["--games", ""], ["--games", "9" * 5000], ["--games"],
    ["--max-actions", "0"], ["--max-actions", "-5"], ["--max-actions", str(10**12)],
    ["--max-actions", "1e3"], ["--seed", "x"],
])
def test_simulate_refuses_absurd_numbers_in_one_line(capsys: pytest.CaptureFixture[str],
                                                     argv: list[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main([*BASE, *argv])
    assert stopped.value.code == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert err.startswith("machiavelli simulate: argument ")
    assert len(err) < 200


@pytest.mark.parametrize("value", ["0", "-1", str(10**12), "many", ""])
def test_smoke_refuses_absurd_frame_counts(capsys: pytest.CaptureFixture[str],
                                          value: str) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["--smoke", value])
    assert stopped.value.code == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "--smoke" in err


def test_ctrl_c_reports_the_games_finished_and_exits_130(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    real = simulate.play_match
    calls = {"n": 0}

    def interrupted_in_the_second(*args: object, **kwargs: object) -> simulate.GameOutcome:
        calls["n"] += 1
        if calls["n"] == 2:
            raise KeyboardInterrupt
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(simulate, "play_match", interrupted_in_the_second)
    code = main([*BASE, "--games", "3", "--json"])
    out, err = capsys.readouterr()
    assert code == 130
    assert "interrupted after 1 of 3 games" in err and "Traceback" not in err
    report = json.loads(out.strip().splitlines()[-1])
    assert report["games"] == 1 and sum(report["wins"]) >= 1


def test_unfinished_games_are_counted_in_the_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*BASE, "--games", "2", "--max-actions", "3", "--json"]) == 0
    report = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert report["unfinished"] == 2 and report["games"] == 2


# The longest seeded matches measured between easy and medium seats (seeds 0-5, 2 to 8
# seats; `GameOutcome.actions`): Shanghai over 5 hands 478 actions, Manipulation to 200
# points 1550, Carousel to 150 1005, the contract game's ten rounds 19017 (eight seats).
LONGEST = {"shanghai": 478, "manipulation": 1550, "carousel": 1005, "shanghai-rummy": 19017}


@pytest.mark.parametrize("variant_id, longest", LONGEST.items())
def test_the_default_cap_leaves_room_for_the_longest_matches(variant_id: str,
                                                             longest: int) -> None:
    assert simulate.default_cap(get_variant(variant_id)) >= 4 * longest



def test_simulate_reports_culbertson_split_shares(capsys: pytest.CaptureFixture[str]) -> None:
    # seed 154 ends with totals of 364.5 and 40.5 (tied winners split the winnings, a
    # Fraction in the match): the report still formats them and its JSON still parses
    code = main(["simulate", "--variant", "carousel", "--option", "culbertson=true",
                 "--seats", "easy,easy,easy,easy", "--games", "1", "--seed", "154", "--json"])
    assert code == 0
    report = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert sorted(report["mean_score"]) == [0, 0, 40.5, 364.5]
