"""Several processes on one data folder: a killed writer and two concurrent instances."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from game.store import Store
from game.store.messages import MessageLog
from game.store.saves import SaveStore

REPO = Path(__file__).resolve().parents[2]
WORKER = Path(__file__).with_name("store_worker.py")


def _spawn(*args: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    return subprocess.Popen(
        [sys.executable, str(WORKER), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )


def _assert_complete(payload: dict[str, object]) -> int:
    n = payload["n"]
    assert isinstance(n, int)
    assert payload["end"] == n
    assert payload["cards"] == [n] * 40_000
    return n


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_killed_mid_save_leaves_a_loadable_save(tmp_path: Path) -> None:
    rng = random.Random(1234)
    last = -1
    for _round in range(12):
        child = _spawn("save-loop", str(tmp_path))
        assert child.stdout is not None
        if child.stdout.readline().strip() != "ready":
            pytest.fail(f"the writer did not start: {child.communicate()[1]}")
        time.sleep(rng.uniform(0.0, 0.25))
        os.kill(child.pid, signal.SIGKILL)
        child.communicate(timeout=30)
        assert child.returncode == -signal.SIGKILL

        messages = MessageLog()
        saves = SaveStore(tmp_path / "saves", messages)
        payload = saves.read("slot")
        assert payload is not None, list(messages)
        n = _assert_complete(payload)
        assert n > last  # the newest complete save, never an older one
        last = n
        bak = json.loads((tmp_path / "saves" / "slot.json.bak").read_text())
        _assert_complete(bak["game"])
        store = Store.open(tmp_path)
        assert list(store.messages) == [], [str(m) for m in store.messages]
        assert 0.0 <= store.settings.volume <= 1.0
        store.close()
    names = [p.name for p in tmp_path.rglob("*")]
    assert not [name for name in names if ".corrupt" in name]


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_killed_between_writing_and_renaming_keeps_the_previous_save(tmp_path: Path) -> None:
    # The random kills above may all land between writes on a fast machine; this one is
    # made to land after the new data is on disk and before it replaces the old file.
    child = _spawn("stall-mid-save", str(tmp_path))
    assert child.stdout is not None
    if child.stdout.readline().strip() != "mid-write":
        pytest.fail(f"the writer did not reach the rename: {child.communicate()[1]}")
    os.kill(child.pid, signal.SIGKILL)
    child.communicate(timeout=30)
    assert [p.name for p in (tmp_path / "saves").iterdir() if p.name.endswith(".tmp")]

    store = Store.open(tmp_path)
    assert list(store.messages) == [], [str(m) for m in store.messages]
    assert _assert_complete(store.saves.read("slot") or {}) == 0
    store.close()


def test_two_instances_do_not_corrupt_the_folder(tmp_path: Path) -> None:
    rounds = 25
    children = {ident: _spawn("instance", str(tmp_path), ident, str(rounds)) for ident in "ab"}
    time.sleep(0.3)
    (tmp_path / "go").touch()
    for ident, child in children.items():
        out, err = child.communicate(timeout=120)
        assert child.returncode == 0, f"instance {ident}: {err}"

    store = Store.open(tmp_path)
    assert list(store.messages) == [], [str(m) for m in store.messages]
    assert store.settings.card_back in ("red", "green")
    _assert_complete(store.saves.read("shared") or {})
    for ident in "ab":
        assert _assert_complete(store.saves.read(f"own-{ident}") or {}) == rounds - 1
    assert sorted(p.name for p in store.presets.list()) == sorted(
        f"{ident}-{n}" for ident in "ab" for n in range(rounds)
    )
    assert store.stats.match_count() == 2 * rounds
    assert store.stats.overall().games == 2 * rounds
    assert not [p for p in tmp_path.rglob("*") if ".corrupt" in p.name or ".newer" in p.name]
    store.close()


def _temporaries(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.rglob("*") if p.name.endswith(".tmp"))


def test_two_processes_saving_one_slot_leave_no_temporary_files(tmp_path: Path) -> None:
    rounds = 150
    children = [_spawn("same-slot", str(tmp_path), str(rounds)) for _ in range(2)]
    time.sleep(0.3)
    (tmp_path / "go").touch()
    for child in children:
        _out, err = child.communicate(timeout=120)
        assert child.returncode == 0, err
    assert _temporaries(tmp_path) == []
    saves = SaveStore(tmp_path / "saves", MessageLog())
    assert (saves.read("slot") or {}).get("n") == rounds - 1


def test_threads_saving_one_slot_leave_no_temporary_files(tmp_path: Path) -> None:
    saves = SaveStore(tmp_path, MessageLog())
    summary = {"variant": "machiavelli", "players": ["You"], "scores": [0], "hand": 1}

    def writer() -> None:
        for n in range(100):
            saves.write("slot", {"n": n}, summary)

    threads = [threading.Thread(target=writer) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert _temporaries(tmp_path) == []


def _dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait(timeout=30)
    return child.pid


def test_leftover_temporary_files_are_swept_when_the_store_opens(tmp_path: Path) -> None:
    saves_dir = tmp_path / "saves"
    saves_dir.mkdir()
    minute_ago = time.time() - 60
    hour_ago = time.time() - 3600
    dead = saves_dir / f".slot.json.{_dead_pid()}.abcd1234.tmp"  # its writer has exited
    old = saves_dir / ".slot.json.bak.x1y2z3w4.tmp"  # no writer named, but long stale
    live = saves_dir / f".slot.json.{os.getpid()}.abcd1234.tmp"  # a live writer's, recent
    fresh_dead = saves_dir / f".other.json.{_dead_pid()}.abcd1234.tmp"  # just written
    foreign = saves_dir / "notes.tmp"  # not of the store's naming
    for path in (dead, old, live, fresh_dead, foreign):
        path.write_bytes(b"{}")
    for path, when in ((dead, minute_ago), (old, hour_ago), (live, minute_ago),
                       (foreign, hour_ago)):
        os.utime(path, (when, when))

    store = Store.open(tmp_path)
    store.close()
    assert not dead.exists()
    assert not old.exists()
    assert live.exists()
    assert fresh_dead.exists()
    assert foreign.exists()
