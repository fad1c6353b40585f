"""Odd command lines: every one answers in words with the right exit code, never a
traceback and never a confident answer to a position the game cannot reach."""

from __future__ import annotations

import pytest

from game.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as stopped:  # argparse's usage errors
        code = stopped.code if isinstance(stopped.code, int) else 2
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("argv, words", [
    (["rules", ""], "unknown variant ''"),
    (["solve", "--variant", "carousel", "--table", "JK JK 3H", "--hand", "4H"],
     "the table is not one the game can reach: meld 1 (JK JK 3H): 2 jokers"),
    (["solve", "--variant", "machiavelli", "--table", "3H 4H", "--hand", "5H"],
     "meld 1 (3H 4H): only 2 cards"),
    (["--screenshot", "frame.png"], "--screenshot saves the last frame of --smoke N"),
    (["check", "--variant", "machiavelli", "--table", "3H 4H \udcff"], "is not a card"),
    (["simulate", "--variant", "machiavelli", "--seats", "easy,\udcff"], "unknown level"),
    (["check", "--variant", "machiavelli", "--option", "hand_size=" + "9" * 5000,
      "--table", "3H 4H 5H"], "option hand_size"),
])
def test_refused_in_one_line_on_stderr(capsys: pytest.CaptureFixture[str], argv: list[str],
                                       words: str) -> None:
    code, out, err = run(capsys, *argv)
    assert (code, out) == (2, "")
    assert words in err and err.count("\n") == 1 and "Traceback" not in err


def test_an_empty_position_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", "--variant", "machiavelli", "--table", "", "--hand", "")
    assert code == 0
    assert out.splitlines()[0] == "Machiavelli: table (empty); hand (empty)"
