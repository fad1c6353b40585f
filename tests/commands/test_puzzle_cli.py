"""`machiavelli puzzle`: N seeded puzzles as JSON lines whose solutions are legal and play
the most cards; bad requests are refused in one line with exit code 2."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from game.cli import main
from game.commands.common import parse_table_and_hand
from game.engine.melds import check_meld
from game.engine.turn import check_turn
from game.engine.variants import get_variant
from game.solver import best_play


def test_puzzles_print_as_json_lines(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["puzzle", "--variant", "machiavelli-jokers", "--count", "3", "--seed", "12",
            "--json"]
    assert main(argv) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 3
    assert main(argv) == 0
    assert capsys.readouterr().out.splitlines() == lines  # seeded: the same again
    variant = get_variant("machiavelli-jokers")
    for line in lines:
        item = json.loads(line)
        assert {"variant", "options", "table", "hand", "difficulty", "solution"} <= set(item)
        assert item["variant"] == "machiavelli-jokers"
        table_text = " | ".join(" ".join(meld) for meld in item["table"])
        table, hand = parse_table_and_hand(variant, table_text, " ".join(item["hand"]), "",
                                           "the puzzle")
        assert table.card_count() >= 9
        # the printed solution, read back as text, is a legal turn of the printed position
        end_text = " | ".join(" ".join(meld) for meld in item["solution"]["table"])
        end, _ = parse_table_and_hand(variant, end_text, "", "", "the solution")
        assert all(check_meld(meld, variant, end.declared).ok for meld in end.melds)
        assert Counter(map(str, end.cards())) == \
            Counter([*map(str, table.cards()), *item["solution"]["played"]])
        best = best_play(variant, table, hand, True)
        assert best is not None and best.value == len(item["solution"]["played"])
        assert sum(len(m) for m in item["solution"]["table"]) == \
            table.card_count() + len(item["solution"]["played"])
        assert check_turn(variant, table, hand, best.table, True).ok
        assert 1 <= item["difficulty"]["rating"] <= 10


def test_puzzles_print_as_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["puzzle", "--variant", "machiavelli", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "difficulty" in out and "table:" in out and "hand:" in out and "best:" in out


@pytest.mark.parametrize(("argv", "reason"), [
    (["--count", "0"], "--count"), (["--count", "100000000"], "--count"),
    (["--count", "many"], "--count"), (["--seed", "x"], "--seed"),
    (["--option", "ace"], "KEY=VALUE"), (["--option", "ace=sideways"], "sideways"),
    (["--option", "colour=blue"], "colour"),
])
def test_bad_requests_are_refused_in_one_line(capsys: pytest.CaptureFixture[str],
                                              argv: list[str], reason: str) -> None:
    try:
        code = main(["puzzle", "--variant", "machiavelli", *argv])
    except SystemExit as stopped:
        code = stopped.code  # type: ignore[assignment]
    assert code == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and reason in err


@pytest.mark.parametrize(("variant", "reason"), [("nope", "unknown variant"),
                                                 ("shanghai-rummy", "contract game")])
def test_variants_without_puzzles_are_refused(capsys: pytest.CaptureFixture[str],
                                              variant: str, reason: str) -> None:
    assert main(["puzzle", "--variant", variant]) == 2
    assert reason in capsys.readouterr().err
