"""The ``Store`` facade: one object for settings, presets, saves, statistics and messages."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

from game.store import AUTOSAVE, MatchRecord, Seat, Settings, Store, StoreMessage

SUMMARY = {"variant": "machiavelli", "players": ["You", "Ada"], "scores": [0, 0], "hand": 1}


def test_fresh_folder(tmp_path: Path) -> None:
    with Store.open(tmp_path / "data") as store:
        assert store.settings == Settings()
        assert store.presets.list() == []
        assert store.saves.list() == []
        assert not store.saves.has_autosave()
        assert store.stats.overall().games == 0
        assert list(store.messages) == []
    assert (tmp_path / "data" / "settings.json").is_file()
    assert (tmp_path / "data" / "saves").is_dir()


def test_everything_round_trips_through_a_restart(tmp_path: Path) -> None:
    with Store.open(tmp_path) as store:
        store.settings.hand_sort = "rank"
        store.settings.default_seats = [Seat("Me"), Seat("Bot", "hard")]
        assert store.save_settings()
        store.presets.save("Mine", "tahiti", {"jokers": 2})
        store.saves.write(AUTOSAVE, {"turn": 3}, SUMMARY)
        now = datetime.now(UTC)
        store.stats.record_match(
            MatchRecord("tahiti", [Seat("Me"), Seat("Bot", "hard")], [5, 9], 1, now, now)
        )
    with Store.open(tmp_path) as store:
        assert store.settings.hand_sort == "rank"
        assert store.settings.default_seats == [Seat("Me"), Seat("Bot", "hard")]
        assert store.presets.names() == ["Mine"]
        assert store.saves.has_autosave()
        assert store.saves.read(AUTOSAVE) == {"turn": 3}
        assert store.stats.by_opponent_level()[0].key == "hard"
        assert store.stats.overall().wins == 0
        assert list(store.messages) == []


def test_every_file_broken_at_once(tmp_path: Path) -> None:
    (tmp_path / "saves").mkdir()
    (tmp_path / "settings.json").write_bytes(b"\x89PNG\r\n")
    (tmp_path / "presets.json").write_text('{"schema": 1, "presets": "none"}')
    (tmp_path / "saves" / "autosave.json").write_text('{"schema": 2, "game": {}')
    (tmp_path / "saves" / "good.json").write_text(
        json.dumps(
            {
                "schema": 2,
                "app_version": "0.1.0",
                "saved_at": "2026-11-01T10:00:00+00:00",
                "summary": SUMMARY,
                "game": {"ok": True},
            }
        )
    )
    (tmp_path / "stats.sqlite3").write_bytes(b"SQLite format 3\x00" + b"\x07" * 5000)
    with Store.open(tmp_path) as store:
        assert store.settings == Settings()
        assert store.presets.list() == []
        assert [info.slot for info in store.saves.list()] == ["good"]
        assert store.stats.overall().games == 0
        assert not store.stats.in_memory
        broken = {message.path.name for message in store.messages}
        assert broken == {"settings.json", "presets.json", "autosave.json", "stats.sqlite3"}
        assert all(isinstance(message, StoreMessage) for message in store.messages)
        assert all(str(message.path) in str(message) for message in store.messages)
        taken = store.messages.drain()
        assert len(taken) == 4
        assert list(store.messages) == []
    aside = sorted(p.name.split(".corrupt-")[0] for p in tmp_path.rglob("*.corrupt-*"))
    assert aside == ["autosave.json", "presets.json", "settings.json", "stats.sqlite3"]


def test_save_settings_keeps_the_same_object(tmp_path: Path) -> None:
    with Store.open(tmp_path) as store:
        settings = store.settings
        settings.card_back = "plaid"  # not a card back: replaced by the default on save
        assert store.save_settings()
        assert store.settings is settings
        assert settings.card_back == Settings().card_back


def test_reload_settings_sees_another_instance(tmp_path: Path) -> None:
    first, second = Store.open(tmp_path), Store.open(tmp_path)
    second.settings.volume = 0.25
    second.save_settings()
    assert first.reload_settings().volume == 0.25
    first.close()
    second.close()
