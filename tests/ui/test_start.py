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


def _import_failing(monkeypatch: pytest.MonkeyPatch, missing: str) -> None:
    """``import game.commands.serve`` fails for want of the module ``missing``."""
    import importlib

    real = importlib.import_module

    def import_module(name: str, package: str | None = None) -> object:
        if name == "game.commands.serve":
            raise ModuleNotFoundError(f"No module named {missing!r}", name=missing)
        return real(name, package)

    monkeypatch.setattr(importlib, "import_module", import_module)


def test_a_command_missing_a_library_is_an_error_not_a_silent_gap(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # a packaged build once left out ssl, which websockets needs: `serve` and `join` then
    # vanished from --help without a word
    _import_failing(monkeypatch, "ssl")
    with pytest.raises(ModuleNotFoundError, match="ssl"):
        build_parser()


def test_a_command_left_out_of_a_build_is_skipped(monkeypatch: pytest.MonkeyPatch) -> None:
    _import_failing(monkeypatch, "game.commands.serve")
    parser = build_parser()
    commands = parser._subparsers._group_actions[0].choices  # type: ignore[union-attr]
    assert "serve" not in commands and "join" in commands
