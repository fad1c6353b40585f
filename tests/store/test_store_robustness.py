"""Fuzzed and truncated files of every kind never raise out of the store and are moved aside."""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.store import MatchRecord, Seat, Settings, Store
from game.store.messages import MessageLog
from game.store.presets import PresetStore
from game.store.saves import SaveStore
from game.store.settings import load_settings
from game.store.stats import StatsStore

FUZZ = settings(
    max_examples=int(os.environ.get("STORE_FUZZ_EXAMPLES", "120")),
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)

# SQLite syncs to disk on every commit; half as many examples keeps these tests quick.
DB_FUZZ = settings(FUZZ, max_examples=max(1, FUZZ.max_examples // 2))

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(), inner, max_size=5),
    max_leaves=20,
)
SETTING_KEYS = list(Settings().to_json())
SAVE_KEYS = ["schema", "app_version", "saved_at", "summary", "game"]
SUMMARY_KEYS = ["variant", "players", "scores", "hand", "names", "hand_number"]


@pytest.fixture(autouse=True, scope="module")
def _no_fsync() -> Iterator[None]:
    """Durability is tested elsewhere; here fsync only costs time."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(os, "fsync", lambda fd: None)
        yield


@contextmanager
def folder() -> Iterator[Path]:
    with tempfile.TemporaryDirectory() as name:
        yield Path(name)


def _valid_settings() -> bytes:
    with folder() as root:
        store = Store.open(root)
        store.settings.card_back = "red"
        store.save_settings()
        return (root / "settings.json").read_bytes()


def _valid_presets() -> bytes:
    with folder() as root:
        presets = PresetStore(root / "presets.json", MessageLog())
        presets.save("Family", "machiavelli", {"jokers": 4, "name": "ünïcode"})
        presets.save("Quick", "carousel", {"knock": 5})
        return (root / "presets.json").read_bytes()


def _valid_save() -> bytes:
    with folder() as root:
        saves = SaveStore(root, MessageLog())
        summary = {"variant": "tahiti", "players": ["Zoë", "Ada"], "scores": [1, 2], "hand": 1}
        saves.write("s", {"table": [["AH", "2H", "3H"]], "turn": 0}, summary)
        return (root / "s.json").read_bytes()


def _assert_set_aside_or_fine(path: Path, messages: MessageLog) -> None:
    """Either nothing was wrong, or the bad file now sits beside under another name."""
    asides = [p for p in path.parent.iterdir() if p.name.startswith(path.name + ".")]
    asides = [p for p in asides if ".corrupt-" in p.name or ".newer-" in p.name]
    for message in messages:
        assert str(path.name) in str(message.path)
    if any("kept as" in m.problem for m in messages):
        assert asides


# -- settings ------------------------------------------------------------------------


def _check_settings(content: bytes) -> None:
    with folder() as root:
        path = root / "settings.json"
        path.write_bytes(content)
        messages = MessageLog()
        settings_ = load_settings(path, messages)
        assert isinstance(settings_, Settings)
        _assert_set_aside_or_fine(path, messages)
        # Whatever happened, a readable settings file is there now and reloads quietly.
        again = MessageLog()
        assert load_settings(path, again) == settings_
        assert list(again) == []


@FUZZ
@given(st.binary(max_size=600))
def test_fuzzed_settings_bytes(content: bytes) -> None:
    _check_settings(content)


@FUZZ
@given(st.dictionaries(st.sampled_from([*SETTING_KEYS, "other"]), json_values))
def test_fuzzed_settings_json(document: dict) -> None:
    _check_settings(json.dumps(document).encode())


def test_truncated_settings() -> None:
    valid = _valid_settings()
    for length in range(len(valid)):
        _check_settings(valid[:length])


# -- presets -------------------------------------------------------------------------


def _check_presets(content: bytes) -> None:
    with folder() as root:
        path = root / "presets.json"
        path.write_bytes(content)
        messages = MessageLog()
        presets = PresetStore(path, messages)
        presets.list()
        _assert_set_aside_or_fine(path, messages)
        presets.save("after", "machiavelli", {})
        assert "after" in PresetStore(path, MessageLog()).names()


@FUZZ
@given(st.binary(max_size=600))
def test_fuzzed_presets_bytes(content: bytes) -> None:
    _check_presets(content)


@FUZZ
@given(
    st.fixed_dictionaries(
        {"schema": st.sampled_from([1, 1, 1, 2, 0, "1"])},
        optional={"presets": st.dictionaries(st.text(max_size=70), json_values) | json_values},
    )
)
def test_fuzzed_presets_json(document: dict) -> None:
    _check_presets(json.dumps(document).encode())


def test_truncated_presets() -> None:
    valid = _valid_presets()
    for length in range(len(valid)):
        _check_presets(valid[:length])


# -- saves ---------------------------------------------------------------------------


def _check_save(content: bytes) -> None:
    with folder() as root:
        path = root / "s.json"
        path.write_bytes(content)
        messages = MessageLog()
        saves = SaveStore(root, messages)
        listed = saves.list()
        payload = saves.read("s")
        assert (payload is None) == (listed == [])
        if payload is None:
            assert not path.exists()
            assert [p for p in root.iterdir() if p.name.startswith("s.json.")]
            assert messages
        else:
            assert isinstance(payload, dict)
        _assert_set_aside_or_fine(path, messages)


@FUZZ
@given(st.binary(max_size=600))
def test_fuzzed_save_bytes(content: bytes) -> None:
    _check_save(content)


@FUZZ
@given(
    st.dictionaries(
        st.sampled_from(SAVE_KEYS),
        json_values | st.dictionaries(st.sampled_from(SUMMARY_KEYS), json_values),
    )
)
def test_fuzzed_save_json(document: dict) -> None:
    _check_save(json.dumps(document).encode())


@FUZZ
@given(
    st.sampled_from([1, 2]),
    st.dictionaries(st.sampled_from(SUMMARY_KEYS), json_values),
    json_values,
)
def test_fuzzed_save_summary(schema: int, summary: dict, game: object) -> None:
    document = {
        "schema": schema,
        "app_version": "0.1.0",
        "saved_at": "2026-01-01T00:00:00+00:00",
        "summary": summary,
        "game": game,
    }
    _check_save(json.dumps(document).encode())


def test_truncated_save() -> None:
    valid = _valid_save()
    for length in range(len(valid)):
        _check_save(valid[:length])


# -- statistics ----------------------------------------------------------------------


def _valid_database() -> bytes:
    with folder() as root:
        stats = StatsStore(root / "stats.sqlite3", MessageLog())
        now = datetime.now(UTC)
        for n in range(30):
            seats = [Seat("You"), Seat("Ada", "hard")]
            stats.record_match(MatchRecord("machiavelli", seats, [n, 1], n % 2, now, now))
        stats._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        stats.close()
        return (root / "stats.sqlite3").read_bytes()


VALID_DATABASE = _valid_database()


def _check_database(content: bytes) -> None:
    with folder() as root:
        path = root / "stats.sqlite3"
        path.write_bytes(content)
        messages = MessageLog()
        stats = StatsStore(path, messages)
        stats.by_variant()
        stats.by_opponent_level()
        stats.matches()
        assert not stats.in_memory
        before = stats.match_count()
        now = datetime.now(UTC)
        assert stats.record_match(MatchRecord("v", [Seat("a")], [1], 0, now, now)) is not None
        assert stats.match_count() == before + 1
        stats.close()
        set_aside = list(root.glob("stats.sqlite3.corrupt-*")) + list(
            root.glob("stats.sqlite3.newer-*")
        )
        for message in messages:
            # Damage SQLite notices moves the file aside; a damaged row alone is left out.
            assert set_aside or "is left out" in message.problem, str(message)
        assert len(messages) == len({m.problem for m in messages})


@DB_FUZZ
@given(st.binary(max_size=2000))
def test_fuzzed_database_bytes(content: bytes) -> None:
    _check_database(content)


@DB_FUZZ
@given(st.integers(0, len(VALID_DATABASE) - 1), st.binary(min_size=1, max_size=64))
def test_fuzzed_database_patch(offset: int, patch: bytes) -> None:
    data = bytearray(VALID_DATABASE)
    data[offset : offset + len(patch)] = patch
    _check_database(bytes(data[: len(VALID_DATABASE)]))


def test_truncated_database() -> None:
    step = max(1, len(VALID_DATABASE) // 37)
    lengths = [*range(1, len(VALID_DATABASE), step), 99, 100, 101, 4096, 4097, 8192, 12288]
    for length in [*lengths, len(VALID_DATABASE) - 1, len(VALID_DATABASE) - 57]:
        with folder() as root:
            path = root / "stats.sqlite3"
            path.write_bytes(VALID_DATABASE[:length])
            messages = MessageLog()
            StatsStore(path, messages).close()
            assert messages, length
            (aside,) = root.glob("stats.sqlite3.corrupt-*")
            assert aside.read_bytes() == VALID_DATABASE[:length]
        _check_database(VALID_DATABASE[:length])
