"""Start-up (issue 30): the title screen's first frame comes without the solver's heavy
imports, and the quick reading of a plain start's command line means what the full
parser means."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game import __version__
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
    ["rules"], ["rules", "--version"], ["-h"], ["--help"], ["--h"],
    ["--smoke", "0"], ["--smoke"], ["--data-dir", "d", "solve", "x"], ["--nonsense"],
    ["check", "--smoke", "1"]])
def test_anything_else_goes_to_the_full_parser(argv: list[str]) -> None:
    assert parse_plain_start(argv) is None


@pytest.mark.parametrize("argv", [["--version"], ["--vers"], ["--lang", "it", "--version"],
                                  ["--version", "--smoke", "x"], ["--version", "rules"]])
def test_version_answers_as_the_full_parser_does(
        argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as quick:
        parse_plain_start(argv) or build_parser().parse_args(argv)
    quick_out = capsys.readouterr()
    with pytest.raises(SystemExit) as full:
        build_parser().parse_args(argv)
    assert (quick.value.code, quick_out) == (full.value.code, capsys.readouterr())
    assert quick_out.out == f"machiavelli {__version__}\n"


def test_version_loads_no_solver() -> None:
    probe = ("import sys\nfrom game.cli import main\ntry:\n    main(['--version'])\n"
             "except SystemExit:\n    pass\nprint('numpy' in sys.modules, "
             "'game.solver' in sys.modules)")
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                            timeout=120, cwd=Path(__file__).resolve().parents[2],
                            env={**os.environ, "PYGAME_HIDE_SUPPORT_PROMPT": "1"}, check=True)
    assert result.stdout.splitlines()[-1] == "False False"
