"""Things that are not our files where our files should be: named pipes, devices, folders,
another program's SQLite database. The store never blocks on them and never adopts them:
they are moved aside (never deleted) with a message, and the game starts with defaults."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from game.store import Store

REPO = Path(__file__).resolve().parents[2]

# Opens the store, lists the saves and reads back what a starting game reads; prints the
# messages as JSON. Run in a child process so that a blocking open fails the test.
OPEN_AND_READ = """
import json, sys
from game.store import Store
store = Store.open(sys.argv[1])
store.saves.list()
store.saves.read("slot")
store.presets.list()
store.stats.overall()
store.stats.match_count()
print(json.dumps([f"{m.path.name}: {m.problem}" for m in store.messages]))
store.close()
"""

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")


def _open_in_child(data_dir: Path, timeout: float = 10.0) -> list[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    try:
        done = subprocess.run(
            [sys.executable, "-c", OPEN_AND_READ, str(data_dir)],
            capture_output=True, text=True, timeout=timeout, env=env, check=False,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"opening the store hung for {timeout} s")
    assert done.returncode == 0, done.stderr
    messages = json.loads(done.stdout.strip().splitlines()[-1])
    assert isinstance(messages, list)
    return messages


def _aside(folder: Path, name: str) -> list[Path]:
    return sorted(folder.glob(f"{name}.corrupt-*"))


@needs_fifo
@pytest.mark.parametrize(
    "relative",
    ["settings.json", "presets.json", "saves/slot.json", "saves/slot.json.bak",
     "settings.json.bak", "stats.sqlite3", "stats.sqlite3-wal", "stats.sqlite3-journal"],
)
def test_a_named_pipe_in_place_of_a_file_is_moved_aside_without_blocking(
    tmp_path: Path, relative: str
) -> None:
    target = tmp_path / relative
    target.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(target)
    if target.name.endswith(".bak"):  # a backup is read when the file itself is bad
        target.with_suffix("").write_bytes(b"\x00garbage")
    messages = _open_in_child(tmp_path)
    assert any(target.name in text and "named pipe" in text for text in messages), messages
    kept = _aside(target.parent, target.name)
    assert len(kept) == 1 and kept[0].is_fifo()  # kept aside, not deleted
    if relative.startswith("stats"):
        assert (tmp_path / "stats.sqlite3").is_file()  # a new database was started in its place
    # the next start finds nothing wrong
    assert _open_in_child(tmp_path) == []


@needs_fifo
def test_a_named_pipe_in_place_of_the_settings_does_not_block_a_save(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "settings.json.bak")
    store = Store.open(tmp_path)  # the .bak is only read if settings.json is bad
    store.settings.volume = 0.25
    assert store.save_settings()
    store.close()
    assert json.loads((tmp_path / "settings.json").read_text())["volume"] == 0.25


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
@pytest.mark.parametrize("relative", ["settings.json", "saves/slot.json", "stats.sqlite3"])
def test_a_device_in_place_of_a_file_is_moved_aside(tmp_path: Path, relative: str) -> None:
    target = tmp_path / relative
    target.parent.mkdir(parents=True, exist_ok=True)
    target.symlink_to("/dev/zero")
    messages = _open_in_child(tmp_path)
    assert any(target.name in text and "device" in text for text in messages), messages
    kept = _aside(target.parent, target.name)
    assert len(kept) == 1 and kept[0].is_symlink()
    assert Path("/dev/zero").exists()


@pytest.mark.parametrize("relative", ["settings.json", "presets.json", "saves/slot.json",
                                      "stats.sqlite3"])
def test_a_folder_in_place_of_a_file_is_moved_aside(tmp_path: Path, relative: str) -> None:
    target = tmp_path / relative
    target.mkdir(parents=True)
    (target / "inside.txt").write_text("mine")
    messages = _open_in_child(tmp_path)
    assert any(target.name in text and "folder" in text for text in messages), messages
    kept = _aside(target.parent, target.name)
    assert len(kept) == 1 and (kept[0] / "inside.txt").read_text() == "mine"


def test_a_foreign_sqlite_database_is_moved_aside_not_adopted(tmp_path: Path) -> None:
    foreign = tmp_path / "stats.sqlite3"
    conn = sqlite3.connect(foreign)
    conn.execute("CREATE TABLE recipes (name TEXT, minutes INTEGER)")
    conn.execute("INSERT INTO recipes VALUES ('bread', 240)")
    conn.commit()
    conn.close()

    store = Store.open(tmp_path)
    assert store.stats.match_count() == 0
    assert not store.stats.in_memory
    texts = [str(m) for m in store.messages]
    store.close()
    assert any("stats.sqlite3" in text and "not a statistics database" in text
               for text in texts), texts
    kept = sorted(tmp_path.glob("stats.sqlite3.foreign-*"))
    assert len(kept) == 1
    conn = sqlite3.connect(kept[0])
    tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert conn.execute("SELECT name, minutes FROM recipes").fetchall() == [("bread", 240)]
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 0
    conn.close()
    assert tables == {"recipes"}  # none of our tables were added to it


def test_an_empty_database_file_is_used_as_a_new_one(tmp_path: Path) -> None:
    (tmp_path / "stats.sqlite3").write_bytes(b"")
    store = Store.open(tmp_path)
    assert store.stats.match_count() == 0
    assert list(store.messages) == []
    store.close()


def test_links_that_lead_nowhere_are_moved_aside(tmp_path: Path) -> None:
    (tmp_path / "saves").mkdir()
    (tmp_path / "settings.json").symlink_to("settings.json")  # leads back to itself
    (tmp_path / "saves" / "slot.json").symlink_to("missing.json")  # leads to nothing
    messages = _open_in_child(tmp_path)
    assert any("settings.json: is a link that leads back to itself" in m for m in messages)
    assert any("slot.json: is a link to a file that does not exist" in m for m in messages)
    assert len(_aside(tmp_path, "settings.json")) == 1
    assert len(_aside(tmp_path / "saves", "slot.json")) == 1
    assert _open_in_child(tmp_path) == []  # reported once, not at every start


def test_a_file_where_the_saves_folder_belongs_is_moved_aside(tmp_path: Path) -> None:
    (tmp_path / "saves").write_text("mine")
    messages = _open_in_child(tmp_path)
    assert any(m.startswith("saves: is a file, not a folder") for m in messages), messages
    assert (tmp_path / "saves").is_dir()
    kept = _aside(tmp_path, "saves")
    assert len(kept) == 1 and kept[0].read_text() == "mine"
    store = Store.open(tmp_path)
    store.saves.write("slot", {}, {"variant": "v", "players": [], "scores": [], "hand": 0})
    store.close()
