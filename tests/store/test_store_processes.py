"""Several processes on one data folder: a killed writer and two concurrent instances."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
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
