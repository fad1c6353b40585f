"""Saving and loading through the session layer (issue 31, point 3): ``GameSession.save``,
``GameSession.load``, ``check_saves``, ``clear_autosave`` and ``GameSession.from_file``.
Whatever the store refuses or finds wrong comes out as one ``SaveFailed`` with the reason;
a bad file is set aside, never deleted, and nothing else escapes."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from game.session import GameSession, SaveFailed, Seat, check_saves, clear_autosave
from game.store import AUTOSAVE, Store

#: saves written by earlier versions of the game (the store's tests keep them)
OLD_SAVES: dict[str, Any] = json.loads(
    (Path(__file__).parents[1] / "store" / "data" / "saved_sessions.json").read_text(
        encoding="utf-8"))


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    opened = Store.open(tmp_path)
    yield opened
    opened.close()


def _session(seed: int = 3) -> GameSession:
    session = GameSession.new("machiavelli", {}, [Seat("You", "human"), Seat("Ada", "easy")],
                              seed)
    session.match.draw()
    session.match.draw()
    return session


def _slot_files(store: Store) -> list[str]:
    return sorted(p.name for p in store.saves.directory.iterdir() if not p.name.startswith("."))


def test_a_saved_game_loads_as_it_was(store: Store) -> None:
    session = _session()
    session.save(store, "Friday")
    session.save(store)  # the autosave unless named
    for slot in ("Friday", AUTOSAVE):
        loaded = GameSession.load(store, slot)
        assert loaded.match.digest() == session.match.digest()
        assert loaded.to_json() == session.to_json()


@pytest.mark.parametrize("variant", sorted(OLD_SAVES))
def test_saves_of_earlier_versions_still_load(store: Store, variant: str) -> None:
    old = GameSession.from_json(OLD_SAVES[variant])
    store.saves.write("old", OLD_SAVES[variant], old.summary())
    assert GameSession.load(store, "old").to_json() == OLD_SAVES[variant]


def test_a_name_the_store_refuses_is_a_save_failed(store: Store) -> None:
    with pytest.raises(SaveFailed, match="cannot contain"):
        _session().save(store, "bad/name")
    with pytest.raises(SaveFailed, match="cannot be opened"):
        GameSession.load(store, "bad/name")


def test_a_disk_that_refuses_the_write_is_a_save_failed(
        store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    def full(*_args: object, **_kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("game.store.saves.atomic_write_bytes", full)
    with pytest.raises(SaveFailed, match="No space left on device"):
        _session().save(store, "Friday")


def test_a_listing_the_store_refuses_is_a_save_failed(
        store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    session = _session()
    monkeypatch.setattr(GameSession, "summary", lambda self: {"variant": 7})
    with pytest.raises(SaveFailed, match="variant"):
        session.save(store, "Friday")


def test_an_autosave_that_cannot_be_removed_is_a_save_failed(
        store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    _session().save(store)

    def stuck(_path: Path) -> bool:
        raise OSError(13, "Permission denied")

    monkeypatch.setattr("game.store.saves.remove_file", stuck)
    with pytest.raises(SaveFailed, match="could not be removed.*Permission denied"):
        clear_autosave(store)


def test_a_file_that_is_not_json_fails_with_the_stores_reason_and_is_kept(
        store: Store) -> None:
    store.saves.path_for("Friday").write_bytes(b"{not json")
    with pytest.raises(SaveFailed, match="could not be read") as failed:
        GameSession.load(store, "Friday")
    assert failed.value.store_messages  # the store's own reason, for the notices
    assert not store.saves.exists("Friday")
    assert len(_slot_files(store)) == 1  # moved aside, not deleted


def test_a_game_that_does_not_replay_is_set_aside_with_the_reason(store: Store) -> None:
    session = _session()
    broken = session.to_json()
    broken["match"]["seed"] = 4  # another deal: the logged draws no longer match the snapshot
    store.saves.write("Friday", broken, session.summary())
    with pytest.raises(SaveFailed, match=r"could not be loaded: .*snapshot.*kept as"):
        GameSession.load(store, "Friday")
    assert not store.saves.exists("Friday") and len(_slot_files(store)) == 1


def test_the_start_up_check_sets_aside_only_what_does_not_load(store: Store) -> None:
    session = _session()
    session.save(store, "Good")
    lie = session.summary() | {"hand": 7}  # its listing says another hand
    store.saves.write("Lying", session.to_json(), lie)
    (store.saves.directory / ".checked.json").unlink()
    assert sorted(store.saves.unchecked()) == ["Good", "Lying"]
    check_saves(store)
    assert [info.slot for info in store.saves.list()] == ["Good"]
    assert store.saves.unchecked() == []


def test_a_save_file_is_read_from_its_path_with_the_reason_when_it_cannot_be(
        store: Store, tmp_path: Path) -> None:
    session = _session()
    session.save(store, "Friday")
    assert GameSession.from_file(store.saves.path_for("Friday")).to_json() == session.to_json()
    with pytest.raises(SaveFailed, match="no such file"):
        GameSession.from_file(tmp_path / "missing.json")
    (tmp_path / "text.json").write_text("not a save")
    with pytest.raises(SaveFailed, match="not JSON"):
        GameSession.from_file(tmp_path / "text.json")
