"""Saved games: envelope, slots, listing, migration, limits, and bad files set aside."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

import game
from game.store import AUTOSAVE, InvalidName, SaveStore, SaveSummary, StoreWriteError
from game.store.messages import MessageLog
from game.store.saves import MAX_SAVE_BYTES, SAVE_SCHEMA

SUMMARY = {"variant": "machiavelli", "players": ["You", "Ada"], "scores": [12, 30], "hand": 3}
GAME = {"table": [["7H", "8H", "9H"]], "hands": [["AS"], ["2C", "3C"]], "turn": 1}


def _store(folder: Path) -> tuple[SaveStore, MessageLog]:
    messages = MessageLog()
    return SaveStore(folder / "saves", messages), messages


def test_round_trip_and_envelope(tmp_path: Path) -> None:
    saves, messages = _store(tmp_path)
    info = saves.write("Game one", GAME, SUMMARY)
    assert saves.read("Game one") == GAME
    envelope = json.loads((tmp_path / "saves" / "Game one.json").read_text())
    assert envelope["schema"] == SAVE_SCHEMA
    assert envelope["app_version"] == game.__version__
    assert datetime.fromisoformat(envelope["saved_at"]).tzinfo is not None
    assert envelope["summary"] == SUMMARY
    assert envelope["game"] == GAME
    assert info.slot == "Game one"
    assert info.players == ("You", "Ada")
    assert info.scores == (12, 30)
    assert info.hand == 3
    assert saves.info("Game one") == info
    assert list(messages) == []


def test_summary_dataclass_is_accepted(tmp_path: Path) -> None:
    saves, _ = _store(tmp_path)
    saves.write("s", {}, SaveSummary("tahiti", ("a", "b"), (1, 2), 0))
    assert saves.info("s").variant == "tahiti"  # type: ignore[union-attr]


def test_list_autosave_first_then_newest(tmp_path: Path) -> None:
    saves, _ = _store(tmp_path)
    assert saves.list() == []
    assert not saves.has_autosave()
    saves.write("older", GAME, SUMMARY)
    saves.write(AUTOSAVE, GAME, SUMMARY)
    saves.write("newer", GAME, {**SUMMARY, "variant": "carousel"})
    path = tmp_path / "saves" / "older.json"
    envelope = json.loads(path.read_text())
    envelope["saved_at"] = "2020-01-01T00:00:00+00:00"
    path.write_text(json.dumps(envelope))
    listed = saves.list()
    assert [info.slot for info in listed] == [AUTOSAVE, "newer", "older"]
    assert listed[1].variant == "carousel"
    assert listed[2].saved_at == datetime(2020, 1, 1, tzinfo=UTC)
    assert saves.has_autosave()


def test_delete(tmp_path: Path) -> None:
    saves, _ = _store(tmp_path)
    saves.write("x", GAME, SUMMARY)
    saves.write("x", GAME, SUMMARY)
    assert saves.delete("x")
    assert not saves.delete("x")
    assert saves.read("x") is None
    assert list((tmp_path / "saves").iterdir()) == []


def test_missing_slot_reads_none(tmp_path: Path) -> None:
    saves, messages = _store(tmp_path)
    assert saves.read("nothing") is None
    assert list(messages) == []


@pytest.mark.parametrize(
    "slot",
    [
        "",
        "a/b",
        "a\\b",
        "..",
        ".",
        "../escape",
        "x" * 65,
        "trailing.",
        "trailing ",
        " lead",
        ".hidden",
        "con",
        "LPT1",
        "nul.txt",
        "a:b",
        "star*",
        "new\nline",
    ],
)
def test_bad_slot_names_are_refused(tmp_path: Path, slot: str) -> None:
    saves, _ = _store(tmp_path)
    with pytest.raises(InvalidName) as raised:
        saves.write(slot, GAME, SUMMARY)
    assert str(raised.value)
    with pytest.raises(InvalidName):
        saves.read(slot)
    assert not (tmp_path / "saves").exists() or list((tmp_path / "saves").iterdir()) == []


@pytest.mark.parametrize("slot", ["autosave", "Game 2", "x" * 64, "Partie à trois", "v1.2_b-c"])
def test_good_slot_names(tmp_path: Path, slot: str) -> None:
    saves, _ = _store(tmp_path)
    saves.write(slot, GAME, SUMMARY)
    assert saves.read(slot) == GAME
    assert [info.slot for info in saves.list()] == [slot]


def test_schema_1_save_is_migrated(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    # Written by hand the way version 1 of the envelope looked.
    (folder / "old.json").write_text(
        """{
  "schema": 1,
  "app_version": "0.0.9",
  "saved_at": "2026-03-01T20:15:00+00:00",
  "summary": {"variant": "vatikan", "names": ["Ann", "Bob", "Cy"],
              "scores": [5, 0, 17], "hand_number": 4},
  "game": {"state": "whatever the engine wrote"}
}"""
    )
    saves, messages = _store(tmp_path)
    info = saves.info("old")
    assert info is not None
    assert info.players == ("Ann", "Bob", "Cy")
    assert info.hand == 4
    assert info.app_version == "0.0.9"
    assert saves.read("old") == {"state": "whatever the engine wrote"}
    assert list(messages) == []


def test_newer_schema_is_moved_aside(tmp_path: Path) -> None:
    saves, messages = _store(tmp_path)
    saves.write("future", GAME, SUMMARY)
    path = tmp_path / "saves" / "future.json"
    envelope = json.loads(path.read_text())
    envelope["schema"] = SAVE_SCHEMA + 1
    path.write_text(json.dumps(envelope))
    (tmp_path / "saves" / "future.json.bak").unlink(missing_ok=True)
    assert saves.list() == []
    assert "newer version" in messages[0].problem
    assert [p.name for p in path.parent.iterdir() if p.name.startswith("future.json.newer-")]


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda e: e.pop("game"), '"game"'),
        (lambda e: e.update(game=[1]), '"game"'),
        (lambda e: e.update(saved_at="yesterday"), "saved_at"),
        (lambda e: e["summary"].update(players="Ann"), "players"),
        (lambda e: e["summary"].update(hand=-1), "hand"),
        (lambda e: e["summary"].pop("variant"), "variant"),
        (lambda e: e.pop("app_version"), "app_version"),
        (lambda e: e.update(schema=0), "schema"),
    ],
)
def test_wrong_shape_is_moved_aside(tmp_path: Path, change, words: str) -> None:  # noqa: ANN001
    saves, messages = _store(tmp_path)
    saves.write("s", GAME, SUMMARY)
    (tmp_path / "saves" / "s.json.bak").unlink(missing_ok=True)
    path = tmp_path / "saves" / "s.json"
    envelope = json.loads(path.read_text())
    change(envelope)
    path.write_text(json.dumps(envelope))
    assert saves.read("s") is None
    assert words in messages[0].problem
    assert messages[0].path == path
    assert not path.exists()
    assert len(list(path.parent.glob("s.json.corrupt-*"))) == 1


def test_corrupt_save_falls_back_to_previous_version(tmp_path: Path) -> None:
    saves, messages = _store(tmp_path)
    saves.write("s", {"n": 1}, SUMMARY)
    saves.write("s", {"n": 2}, SUMMARY)
    path = tmp_path / "saves" / "s.json"
    path.write_bytes(path.read_bytes()[:40])
    assert saves.read("s") == {"n": 1}
    assert any("restored" in m.problem for m in messages)
    assert saves.read("s") == {"n": 1}


def test_other_files_in_folder_are_ignored(tmp_path: Path) -> None:
    saves, messages = _store(tmp_path)
    saves.write("s", GAME, SUMMARY)
    folder = tmp_path / "saves"
    (folder / "notes.txt").write_text("hello")
    (folder / ".hidden.json").write_text("{")
    (folder / "s.json.corrupt-20260101T000000").write_text("{")
    assert [info.slot for info in saves.list()] == ["s"]
    assert list(messages) == []


def test_oversized_save_is_refused_on_write_and_on_read(tmp_path: Path) -> None:
    saves, messages = _store(tmp_path)
    with pytest.raises(StoreWriteError, match="limit"):
        saves.write("big", {"blob": "x" * MAX_SAVE_BYTES}, SUMMARY)
    assert saves.read("big") is None
    path = tmp_path / "saves" / "big.json"
    path.parent.mkdir()
    path.write_text(json.dumps({"schema": 2, "pad": "x" * MAX_SAVE_BYTES}))
    assert saves.list() == []
    assert "too large" in messages[0].problem
    assert len(list(path.parent.glob("big.json.corrupt-*"))) == 1


def test_payload_that_is_not_json_is_refused(tmp_path: Path) -> None:
    saves, _ = _store(tmp_path)
    with pytest.raises(StoreWriteError):
        saves.write("s", {"x": object()}, SUMMARY)
    with pytest.raises(StoreWriteError):
        saves.write("s", {"x": float("inf")}, SUMMARY)
    with pytest.raises(ValueError):
        saves.write("s", GAME, {"variant": "v"})
    assert saves.read("s") is None


def test_write_failure_raises_store_write_error(tmp_path: Path) -> None:
    (tmp_path / "saves").write_text("a file where the folder should be")
    saves, _ = _store(tmp_path)
    with pytest.raises(StoreWriteError):
        saves.write("s", GAME, SUMMARY)
    assert saves.list() == []


def test_an_unplayable_save_is_set_aside_not_deleted(tmp_path: Path) -> None:
    store, messages = _store(tmp_path)
    store.write(AUTOSAVE, {"match": "nonsense"}, SUMMARY)
    original = store.path_for(AUTOSAVE).read_bytes()
    kept = store.set_aside(AUTOSAVE, "the game cannot be loaded: bad log")
    assert kept is not None and kept.read_bytes() == original
    assert not store.has_autosave() and AUTOSAVE not in [i.slot for i in store.list()]
    assert "bad log" in messages[-1].problem
    assert store.set_aside(AUTOSAVE, "again") is None  # nothing left to move
