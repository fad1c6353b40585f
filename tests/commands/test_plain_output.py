"""Commands whose standard output cannot hold every character (issue 50.2): a Windows
console or a redirected file there is cp1252, which has no suit symbols. What the
encoding lacks is written plainly (a suit as its letter), never a crash."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from game.store import Store
from tests.coach.test_review import played_session

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A finished match saved through the store, as the game saves it."""
    folder = tmp_path_factory.mktemp("plain")
    session = played_session(3)
    with Store.open(folder / "data") as store:
        store.saves.write("finished", session.to_json(), session.summary())
        return store.saves.path_for("finished")


def _run(args: list[str], encoding: str, out: Path) -> tuple[int, str, str]:
    """``machiavelli ARGS > out`` with standard output in ``encoding``: exit code, output
    (read in that encoding), errors."""
    env = {**os.environ, "PYTHONPATH": str(REPO), "PYTHONIOENCODING": encoding}
    with out.open("wb") as sink:
        done = subprocess.run([sys.executable, "-m", "game", *args], stdout=sink,
                              stderr=subprocess.PIPE, env=env, timeout=300, check=False)
    return done.returncode, out.read_bytes().decode(encoding), done.stderr.decode(
        encoding, "replace")


def test_replay_into_a_cp1252_file_writes_suits_as_letters(saved: Path, tmp_path: Path) -> None:
    code, out, err = _run(["replay", str(saved)], "cp1252", tmp_path / "out.txt")
    assert code == 0, err
    assert "Traceback" not in err
    assert out.startswith("hand 1:")
    assert "?" not in out
    melds = [line for line in out.splitlines() if "new meld" in line]
    assert melds, out
    for line in melds:  # every card whole: its rank and the suit's letter
        cards = line.split("new meld ", 1)[1].split(" (")[0].split(";")[0].split()
        card = r"(10|[2-9JQKA])[SHDC]"
        assert all(re.fullmatch(rf"{card}(\u2013{card})?|joker", c) for c in cards), line


@pytest.mark.parametrize("args", [
    ["review", "SAVE"],
    ["rules", "machiavelli"],
    ["rules"],
    ["solve", "--variant", "machiavelli", "--table", "7C 8C 9C | 7D 8D 9D",
     "--hand", "7H 9S JS"],
])
def test_the_other_commands_write_into_a_cp1252_file(args: list[str], saved: Path,
                                                      tmp_path: Path) -> None:
    args = [str(saved) if arg == "SAVE" else arg for arg in args]
    code, out, err = _run(args, "cp1252", tmp_path / "out.txt")
    assert code == 0, err
    assert "Traceback" not in err and out.strip()


def test_rules_in_german_into_plain_ascii_loses_only_the_accents(tmp_path: Path) -> None:
    code, out, err = _run(["--lang", "de", "rules", "machiavelli"], "ascii",
                          tmp_path / "out.txt")
    assert code == 0, err
    assert "Traceback" not in err and out.strip()
