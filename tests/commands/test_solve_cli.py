"""The solve subcommand through argparse: human and JSON output, batch mode, bad input."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from game.commands import solve as solve_command


def run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser()
    solve_command.add_parser(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["solve", *argv])
    return args.run(args)


def test_human_output_names_cards_table_and_moves(capsys: pytest.CaptureFixture[str]) -> None:
    code = run(["--variant", "machiavelli", "--table", "7C 8C 9C | 7D 8D 9D | 8S 9S 10S",
                "--hand", "7H 9S JS"])
    out = capsys.readouterr().out
    assert code == 0
    assert "play 3 cards: 7H 9S JS" in out
    assert "new table: 7C 7D 7H | 8C 8D 8S | 9C 9D 9S | 9S 10S JS" in out
    assert "7H: the hand -> meld 1" in out


def test_json_output_is_one_object(capsys: pytest.CaptureFixture[str]) -> None:
    code = run(["--variant", "carousel", "--table", "8H 9H JK=10H", "--hand", "10H", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0
    assert data["played"] == ["10H"]
    assert len(data["table"]) == 1 and "10H" in data["table"][0]
    assert any(card.startswith("JK=") and card != "JK=10H" for card in data["table"][0])
    assert data["ms"] >= 0 and data["edits"]


def test_duplicate_faces_are_distinct_cards(capsys: pytest.CaptureFixture[str]) -> None:
    code = run(["--variant", "machiavelli", "--table", "8S 9S 10S", "--hand", "9S 10S JS",
                "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0 and sorted(data["played"]) == ["10S", "9S", "JS"]


def test_points_objective_and_not_opened(capsys: pytest.CaptureFixture[str]) -> None:
    code = run(["--variant", "vatikan", "--table", "5D 6D 7D", "--hand", "8D 2C 3C 4C",
                "--not-opened", "--json"])
    assert code == 0
    assert len(json.loads(capsys.readouterr().out)["played"]) == 4
    code = run(["--variant", "vatikan", "--table", "5D 6D 7D", "--hand", "8D", "--not-opened",
                "--json"])
    assert code == 0
    assert json.loads(capsys.readouterr().out)["played"] == []
    code = run(["--variant", "tahiti", "--table", "5C 6C 7C", "--hand", "8C 3H",
                "--objective", "points", "--json"])
    assert code == 0
    assert json.loads(capsys.readouterr().out)["played"] == ["8C"]


def test_no_play_says_draw(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["--variant", "machiavelli", "--table", "3H 4H 5H", "--hand", "9S"]) == 0
    assert "no legal play" in capsys.readouterr().out


def test_options_apply(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--variant", "machiavelli", "--table", "QS KS AS", "--hand", "2S", "--json"]
    assert run(argv) == 0
    assert json.loads(capsys.readouterr().out)["played"] == []
    assert run([*argv, "--option", "ace=around"]) == 0
    assert json.loads(capsys.readouterr().out)["played"] == ["2S"]


@pytest.mark.parametrize(("argv", "message"), [
    (["--variant", "nope", "--hand", "7H"], "unknown variant"),
    (["--variant", "machiavelli", "--hand", "7X"], "not a card"),
    (["--variant", "machiavelli", "--option", "ace=sideways", "--hand", "7H"], "ace"),
    (["--hand", "7H"], "--variant is required"),
])
def test_unusable_input_exits_2(argv: list[str], message: str,
                                capsys: pytest.CaptureFixture[str]) -> None:
    assert run(argv) == 2
    captured = capsys.readouterr()
    assert message in captured.err and not captured.out


def test_batch_answers_every_line_in_order(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    lines = [
        {"variant": "machiavelli", "table": "3H 4H 5H 6H | 3C 4C 5C 6C", "hand": "6S"},
        "not json",
        {"variant": "zzz", "table": "", "hand": "7H"},
        {"variant": "machiavelli", "options": {"ace": "around"}, "table": "QS KS AS",
         "hand": "2S"},
        {"variant": "machiavelli", "table": "3H 4H 5H", "hand": "7X"},
        {"variant": "robbers", "table": "8H 9H JK", "hand": "7H 10C 10S"},
    ]
    path = tmp_path / "positions.jsonl"
    path.write_text("\n".join(json.dumps(x) if isinstance(x, dict) else x for x in lines)
                    + "\n", encoding="utf-8")
    assert run(["--batch", str(path)]) == 0
    out = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(out) == len(lines)
    assert out[0]["played"] == ["6S"]
    assert sorted(map(sorted, out[0]["table"])) == [["3C", "4C", "5C"], ["3H", "4H", "5H"],
                                                    ["6C", "6H", "6S"]]
    assert out[0]["ms"] >= 0
    assert "error" in out[1] and "line 2" in out[1]["error"]
    assert "unknown variant" in out[2]["error"]
    assert out[3]["played"] == ["2S"]
    assert "not a card" in out[4]["error"]
    assert len(out[5]["played"]) == 3


def test_batch_missing_file_exits_2(tmp_path: Path,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["--batch", str(tmp_path / "missing.jsonl")]) == 2
    assert "cannot read" in capsys.readouterr().err


@pytest.mark.skipif(not Path("/proc/self/mem").exists(), reason="needs Linux's /proc")
def test_batch_of_a_file_that_fails_to_read_exits_2_in_words(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 50.7: ``solve --batch /proc/self/mem`` opens, then fails to read (EIO)."""
    assert run(["--batch", "/proc/self/mem"]) == 2
    assert capsys.readouterr().err == \
        "machiavelli solve: cannot read /proc/self/mem: Input/output error\n"
