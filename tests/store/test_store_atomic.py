"""Atomic writes keep a backup and leave no temporary files; bad files are moved aside."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from game.store.atomic import (
    FileTooLarge,
    atomic_write_bytes,
    backup_path,
    clean_stale_temps,
    move_aside,
    read_limited,
)
from game.store.lock import locked
from game.store.migrate import MigrationChain, MigrationError


def test_write_replaces_and_keeps_previous_version(tmp_path: Path) -> None:
    target = tmp_path / "sub" / "file.json"
    atomic_write_bytes(target, b"one")
    assert target.read_bytes() == b"one"
    assert not backup_path(target).exists()
    atomic_write_bytes(target, b"two")
    assert target.read_bytes() == b"two"
    assert backup_path(target).read_bytes() == b"one"
    atomic_write_bytes(target, b"three")
    assert backup_path(target).read_bytes() == b"two"
    assert sorted(p.name for p in target.parent.iterdir()) == ["file.json", "file.json.bak"]


def test_backup_works_without_hard_links(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def no_link(*args: object) -> None:
        raise OSError("hard links not supported")

    monkeypatch.setattr(os, "link", no_link)
    target = tmp_path / "file"
    atomic_write_bytes(target, b"one")
    atomic_write_bytes(target, b"two")
    assert backup_path(target).read_bytes() == b"one"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file", "file.bak"]


def test_failed_write_leaves_old_file_and_no_temp(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "file"
    atomic_write_bytes(target, b"old")

    def broken_fsync(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", broken_fsync)
    with pytest.raises(OSError):
        atomic_write_bytes(target, b"new")
    assert target.read_bytes() == b"old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file"]


def test_read_limited_refuses_large_files(tmp_path: Path) -> None:
    target = tmp_path / "big"
    target.write_bytes(b"x" * 101)
    with pytest.raises(FileTooLarge):
        read_limited(target, 100)
    assert read_limited(target, 101) == b"x" * 101


def test_move_aside_never_overwrites(tmp_path: Path) -> None:
    names = []
    for content in (b"a", b"b", b"c"):
        target = tmp_path / "settings.json"
        target.write_bytes(content)
        names.append(move_aside(target).name)
    assert len(set(names)) == 3
    assert all(name.startswith("settings.json.corrupt-") for name in names)
    assert sorted((tmp_path / name).read_bytes() for name in names) == [b"a", b"b", b"c"]
    assert not (tmp_path / "settings.json").exists()


def test_clean_stale_temps_only_removes_old_temporaries(tmp_path: Path) -> None:
    old, new, keep = tmp_path / ".a.json.x.tmp", tmp_path / ".b.json.y.tmp", tmp_path / "c.json"
    for path in (old, new, keep):
        path.write_bytes(b"")
    past = time.time() - 7200
    os.utime(old, (past, past))
    clean_stale_temps(tmp_path)
    assert not old.exists()
    assert new.exists()
    assert keep.exists()


def test_lock_is_reentrant_across_sequential_uses(tmp_path: Path) -> None:
    with locked(tmp_path / "presets.json") as taken:
        assert taken
    with locked(tmp_path / "presets.json", timeout=0.1) as taken:
        assert taken


def test_migration_chain_runs_steps_in_order() -> None:
    chain = MigrationChain("doc", 3)

    @chain.step(1)
    def one(doc: dict) -> dict:
        doc["trail"] = ["1->2"]
        return doc

    @chain.step(2)
    def two(doc: dict) -> dict:
        doc["trail"].append("2->3")
        return doc

    original = {"schema": 1}
    assert chain.upgrade(original, 1) == {"schema": 3, "trail": ["1->2", "2->3"]}
    assert original == {"schema": 1}
    with pytest.raises(MigrationError):
        chain.upgrade({"schema": 4}, 4)
    with pytest.raises(ValueError):
        chain.step(1)(one)


def test_migration_chain_reports_a_missing_step() -> None:
    chain = MigrationChain("doc", 3)
    chain.step(2)(lambda doc: doc)
    with pytest.raises(MigrationError):
        chain.upgrade({"schema": 1}, 1)
