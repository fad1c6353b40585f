"""Start-up (issue 30): the title screen's first frame comes without the solver's heavy
imports, and the quick reading of a plain start's command line means what the full
parser means."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.cli import build_parser, parse_plain_start
from tests.ui.first_frame import first_frame

#: what the title screen does not need: loaded on first use (a game, a hint, a command)
NOT_AT_THE_TITLE = ("numpy", "highspy", "game.solver", "game.ai", "game.coach")


def test_the_title_screens_first_frame_imports_neither_numpy_nor_highspy(
        tmp_path: Path) -> None:
    frame = first_frame(tmp_path / "data")
    assert "game.ui.scenes.title" in frame.modules  # it is the title screen that was drawn
    loaded = [name for name in NOT_AT_THE_TITLE if name in frame.modules]
    assert loaded == [], f"imported before the title screen's first frame: {loaded}"


@pytest.mark.parametrize("argv", [
    [], ["--data-dir", "/tmp/x"], ["--data=/tmp/x"], ["--lang", "it"], ["--smoke", "3"],
    ["--smoke", "3", "--screenshot", "a.png"]])
def test_a_plain_start_reads_as_the_full_parser_reads_it(argv: list[str]) -> None:
    quick = parse_plain_start(argv)
    assert quick is not None
    assert vars(quick) == vars(build_parser().parse_args(argv))


@pytest.mark.parametrize("argv", [
    ["rules"], ["rules", "--version"], ["--version"], ["-h"], ["--help"], ["--h"],
    ["--smoke", "0"], ["--smoke"], ["--data-dir", "d", "solve", "x"], ["--nonsense"],
    ["check", "--smoke", "1"]])
def test_anything_else_goes_to_the_full_parser(argv: list[str]) -> None:
    assert parse_plain_start(argv) is None
