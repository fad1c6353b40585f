"""A damaged language catalogue in the install (issue 49, point 3): a .mo file cut short or
garbled is never a traceback. The game speaks English, and says once, in one line, which
file it could not use. Run against a copy of the installed package whose catalogue is
damaged, as the player's damaged install would be."""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CATALOGUE = Path("game", "locale", "it", "LC_MESSAGES", "machiavelli.mo")
ENGLISH_RULES = "The Italian classic: two packs, no jokers"
ITALIAN_RULES = "Il classico italiano: due mazzi, niente jolly"


def _garbled(good: bytes) -> bytes:
    data = bytearray(good)
    rng = random.Random(49)
    for at in range(0, len(data), 7):
        data[at] = rng.randrange(256)
    return bytes(data)


DAMAGES: dict[str, Callable[[bytes], bytes]] = {
    "empty": lambda good: b"",
    "cut to 10 bytes": lambda good: good[:10],
    "cut to 50 bytes": lambda good: good[:50],
    "cut in half": lambda good: good[: len(good) // 2],
    "no magic number": lambda good: b"JUNK" + good[4:],
    "tables pointing past the end": lambda good: good[:12] + b"\xff" * 8 + good[20:],
    "garbled throughout": _garbled,
    "text not UTF-8": lambda good: good.replace("à".encode(), b"\xff\xfe"),
}


@pytest.fixture(scope="module")
def install(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the game's package, as installed: its catalogues are the tests' to damage."""
    root = tmp_path_factory.mktemp("install")
    shutil.copytree(ROOT / "game", root / "game",
                    ignore=shutil.ignore_patterns("__pycache__", "*.po"))
    (root / "assets").symlink_to(ROOT / "assets")  # beside the package, as installed
    return root


def _machiavelli(install: Path, *args: str, data_dir: Path) -> subprocess.CompletedProcess[str]:
    environ = {k: v for k, v in os.environ.items()
               if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG", "PYTHONPATH")}
    environ.update({"LANG": "C.UTF-8", "PYTHONIOENCODING": "utf-8",
                    "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"})
    return subprocess.run([sys.executable, "-m", "game", "--data-dir", str(data_dir), *args],
                          capture_output=True, text=True, encoding="utf-8", env=environ,
                          cwd=install, timeout=300, check=False)


def _damage(install: Path, damage: Callable[[bytes], bytes]) -> Path:
    path = install / CATALOGUE
    path.write_bytes(damage((ROOT / CATALOGUE).read_bytes()))
    return path


def _the_one_line(stderr: str, path: Path) -> str:
    assert "Traceback" not in stderr, stderr
    lines = stderr.splitlines()
    assert len(lines) == 1, stderr
    assert str(path) in lines[0] and "English" in lines[0], lines[0]
    return lines[0]


def test_the_copied_install_speaks_italian_while_its_catalogue_is_whole(
        install: Path, tmp_path: Path) -> None:
    shutil.copyfile(ROOT / CATALOGUE, install / CATALOGUE)
    done = _machiavelli(install, "--lang", "it", "rules", "machiavelli", data_dir=tmp_path)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    assert ITALIAN_RULES in done.stdout


@pytest.mark.parametrize("damage", list(DAMAGES))
def test_a_damaged_catalogue_means_english_and_one_line_naming_it(
        install: Path, tmp_path: Path, damage: str) -> None:
    path = _damage(install, DAMAGES[damage])
    done = _machiavelli(install, "--lang", "it", "rules", "machiavelli", data_dir=tmp_path)
    _the_one_line(done.stderr, path)
    assert done.returncode == 0
    assert ENGLISH_RULES in done.stdout


def test_a_translation_whose_placeholder_was_garbled_is_not_used(
        install: Path, tmp_path: Path) -> None:
    # a catalogue that still parses, but one of whose messages names a placeholder the code
    # does not give: formatting it would raise wherever the message is shown
    path = _damage(install, lambda good: good.replace(b"impossibile leggere {path}",
                                                      b"impossibile leggere {pxth}"))
    missing = tmp_path / "missing.jsonl"
    done = _machiavelli(install, "--lang", "it", "solve", "--batch", str(missing),
                        data_dir=tmp_path)
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode == 2
    first, second = done.stderr.splitlines()
    assert str(path) in first and "English" in first
    assert second == f"machiavelli solve: cannot read {missing}: No such file or directory"


def test_the_game_starts_in_english_with_a_damaged_catalogue(
        install: Path, tmp_path: Path) -> None:
    path = _damage(install, DAMAGES["cut to 10 bytes"])
    done = _machiavelli(install, "--lang", "it", "--smoke", "3", data_dir=tmp_path)
    line = _the_one_line(done.stderr, path)
    assert done.returncode == 0, line
    # the settings the game keeps are untouched by the language it could not speak
    assert not list(tmp_path.glob("*.corrupt-*"))
