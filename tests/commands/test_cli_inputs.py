"""The command line's own inputs (``game/cli.py``), run as a user runs them, in a child
process: a settings file no reader can take whole (issue 29, point 1), a ``--screenshot``
that cannot be written (point 3) and a ``--data-dir`` that is not a folder (point 8). Each is
refused in one line or passed over, never a traceback, a hang, or a file renamed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")


def machiavelli(*argv: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "LANGUAGE": "en"}
    return subprocess.run([sys.executable, "-m", "game", *argv], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=timeout, check=False,
                          stdin=subprocess.DEVNULL)


def listing(folder: Path) -> list[str]:
    return sorted(path.name for path in folder.iterdir())


# --------------------------------------------------------- 1: settings read for the language


def test_a_deeply_nested_settings_file_neither_stops_a_command_nor_the_game(
        tmp_path: Path) -> None:
    deep = b'{"schema": 2, "language": ' + b"[" * 100_000 + b"]" * 100_000 + b"}"
    (tmp_path / "settings.json").write_bytes(deep)
    done = machiavelli("--data-dir", str(tmp_path), "rules", "machiavelli")
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert done.stdout.startswith("Machiavelli (machiavelli)")
    # a command touches nothing: the file is the game's to set aside
    assert listing(tmp_path) == ["settings.json"]
    assert (tmp_path / "settings.json").read_bytes() == deep
    game = machiavelli("--data-dir", str(tmp_path), "--smoke", "1")
    assert game.returncode == 0 and "Traceback" not in game.stderr, game.stderr
    (kept,) = tmp_path.glob("settings.json.corrupt-*")
    assert kept.read_bytes() == deep


@needs_fifo
def test_a_named_pipe_as_the_settings_file_does_not_hang_a_command(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "settings.json")  # nobody ever writes to it
    done = machiavelli("--data-dir", str(tmp_path), "rules", "machiavelli", timeout=60)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert listing(tmp_path) == ["settings.json"]


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero here")
def test_settings_linked_to_an_endless_file_are_passed_over(tmp_path: Path) -> None:
    (tmp_path / "settings.json").symlink_to("/dev/zero")
    done = machiavelli("--data-dir", str(tmp_path), "rules", "machiavelli", timeout=60)
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert os.readlink(tmp_path / "settings.json") == "/dev/zero"


def test_the_language_is_still_read_from_good_settings(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text(json.dumps(
        {"schema": 2, "language": "it", "volume": "loud"}))  # one bad key: the rest count
    done = machiavelli("--data-dir", str(tmp_path), "rules", "machiavelli")
    assert done.returncode == 0 and "Giocatori" in done.stdout, done.stdout[:200]


# --------------------------------------------------------------- 3: --smoke N --screenshot


def _refused(done: subprocess.CompletedProcess[str], words: str) -> None:
    assert done.returncode == 2, (done.returncode, done.stderr[-500:])
    assert done.stderr.count("\n") == 1 and words in done.stderr, done.stderr
    assert "Traceback" not in done.stderr and "frames:" not in done.stdout


def test_a_screenshot_into_a_folder_is_refused_before_the_run(tmp_path: Path) -> None:
    shots = tmp_path / "shots"
    shots.mkdir()
    done = machiavelli("--data-dir", str(tmp_path / "data"), "--smoke", "2",
                       "--screenshot", str(shots))
    _refused(done, f"--screenshot: {shots} is a folder")
    assert listing(shots) == [] and not (tmp_path / "data").exists()


def test_a_screenshot_under_a_file_is_refused_before_the_run(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("mine")
    done = machiavelli("--data-dir", str(tmp_path / "data"), "--smoke", "2",
                       "--screenshot", str(tmp_path / "notes.txt" / "shot.png"))
    _refused(done, "notes.txt is a file, not a folder")
    assert (tmp_path / "notes.txt").read_text() == "mine"


@needs_fifo
def test_a_screenshot_onto_a_named_pipe_is_refused(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe")
    done = machiavelli("--data-dir", str(tmp_path / "data"), "--smoke", "2",
                       "--screenshot", str(tmp_path / "pipe"), timeout=60)
    _refused(done, "is a named pipe, not a file")


# -------------------------------------------------------------- 8: --data-dir not a folder


def _untouched(folder: Path, names: list[str]) -> None:
    assert listing(folder) == sorted(names)  # nothing renamed, nothing made


def test_a_data_dir_that_is_a_file_is_refused_and_left_alone(tmp_path: Path) -> None:
    precious = tmp_path / "precious.txt"
    precious.write_text("my notes")
    for argv in (["--smoke", "1"], ["rules", "machiavelli"]):
        done = machiavelli("--data-dir", str(precious), *argv)
        _refused(done, f"--data-dir: {precious} is a file, not a folder")
    _untouched(tmp_path, ["precious.txt"])
    assert precious.read_text() == "my notes"


def test_a_data_dir_under_a_file_or_through_a_link_to_one_is_refused(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("mine")
    (tmp_path / "link").symlink_to(tmp_path / "file")
    _refused(machiavelli("--data-dir", str(tmp_path / "file" / "data"), "--smoke", "1"),
             "is a file, not a folder")
    _refused(machiavelli("--data-dir", str(tmp_path / "link"), "--smoke", "1"),
             "is a file, not a folder")
    _untouched(tmp_path, ["file", "link"])
    assert (tmp_path / "file").read_text() == "mine"


@needs_fifo
def test_a_data_dir_that_is_a_named_pipe_is_refused(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe")
    _refused(machiavelli("--data-dir", str(tmp_path / "pipe"), "--smoke", "1", timeout=60),
             "is a named pipe, not a folder")
    _untouched(tmp_path, ["pipe"])


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0,
                    reason="making a device node needs root")
def test_a_data_dir_that_is_a_device_node_is_refused(tmp_path: Path) -> None:
    import stat

    node = tmp_path / "null"  # a device node of our own, never the system's /dev/null
    os.mknod(node, 0o600 | stat.S_IFCHR, os.makedev(1, 3))
    _refused(machiavelli("--data-dir", str(node), "--smoke", "1"),
             "is a device, not a folder")
    _untouched(tmp_path, ["null"])
    assert stat.S_ISCHR(os.stat(node).st_mode)


# --------------------------------------------------------- issue 33: a numbered deal


def test_a_deal_number_opens_new_game_with_it_and_a_bad_one_is_refused() -> None:
    from game.cli import parse_plain_start

    args = parse_plain_start(["--deal", "123 456 789"])
    assert args is not None and args.deal == 123456789
    for typed, words in (("12ab", "digits only"), ("-4", "cannot be negative"),
                         ("1234567890", "at most 9 digits")):
        done = machiavelli("--deal", typed)
        assert done.returncode == 2 and words in done.stderr, done.stderr
        assert "Traceback" not in done.stderr and done.stdout == ""
    done = machiavelli("--deal", "5", "--smoke", "2")
    assert done.returncode == 2 and "--deal opens New game" in done.stderr

