"""A save whose envelope holds out-of-range values is refused with a message naming the
field and kept aside (renamed, never deleted), rather than listed and crashing later."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game.store.messages import MessageLog
from game.store.saves import SaveStore

SUMMARY = {"variant": "machiavelli", "players": ["You", "Ada"], "scores": [12, 30], "hand": 3}
GAME = {"match": {"log": []}, "seats": []}

Edit = Callable[[dict[str, Any]], None]


def _summary(**changes: Any) -> Edit:
    return lambda envelope: envelope["summary"].update(changes)


BAD_ENVELOPES: list[tuple[str, Edit, str]] = [
    ("year 1", lambda e: e.update(saved_at="0001-01-01T00:00:00+01:00"), "saved_at"),
    ("year 9999", lambda e: e.update(saved_at="9999-12-31T23:59:59-01:00"), "saved_at"),
    ("before 1970", lambda e: e.update(saved_at="1900-01-01T00:00:00+00:00"), "saved_at"),
    ("huge date text", lambda e: e.update(saved_at="2026-01-01" + " " * 10_000), "saved_at"),
    ("long version", lambda e: e.update(app_version="1" * 10_000), "app_version"),
    ("long name", _summary(players=["x" * 10_000, "Ada"]), "name"),
    ("blank name", _summary(players=["  ", "Ada"]), "name"),
    ("many players", _summary(players=[f"P{n}" for n in range(50)], scores=[0] * 50),
     "players"),
    ("long variant", _summary(variant="v" * 10_000), "variant"),
    ("absurd score", _summary(scores=[1e300, 0]), "score"),
    ("negative absurd score", _summary(scores=[-10**12, 0]), "score"),
    ("scores disagree with players", _summary(scores=[12]), "scores"),
    ("absurd hand", _summary(hand=10**9), "hand"),
    ("hand as text", _summary(hand="3"), "hand"),
    ("score as text", _summary(scores=["12", 30]), "scores"),
]


def _write_raw(folder: Path, envelope: dict[str, Any]) -> Path:
    path = folder / "slot.json"
    path.write_text(json.dumps(envelope))
    return path


@pytest.mark.parametrize(("edit", "field"), [(e, f) for _, e, f in BAD_ENVELOPES],
                         ids=[name for name, _, _ in BAD_ENVELOPES])
def test_out_of_range_envelope_is_refused_and_kept_aside(
    tmp_path: Path, edit: Edit, field: str
) -> None:
    messages = MessageLog()
    saves = SaveStore(tmp_path, messages)
    saves.write("slot", GAME, SUMMARY)
    envelope = json.loads((tmp_path / "slot.json").read_text())
    edit(envelope)
    (tmp_path / "slot.json.bak").unlink(missing_ok=True)
    original = _write_raw(tmp_path, envelope).read_bytes()

    assert saves.list() == []
    assert saves.read("slot") is None
    kept = sorted(tmp_path.glob("slot.json.corrupt-*"))
    assert len(kept) == 1
    assert kept[0].read_bytes() == original  # moved aside untouched
    assert len(messages) == 1
    assert field in messages[0].problem, messages[0].problem
    assert len(messages[0].problem) < 400  # says what is wrong without quoting it all


SUMMARY_EDITS = [item for item in BAD_ENVELOPES if item[2] not in ("saved_at", "app_version")]


@pytest.mark.parametrize(("edit", "field"), [(e, f) for _, e, f in SUMMARY_EDITS],
                         ids=[name for name, _, _ in SUMMARY_EDITS])
def test_out_of_range_summary_is_not_written(tmp_path: Path, edit: Edit, field: str) -> None:
    envelope: dict[str, Any] = {"summary": json.loads(json.dumps(SUMMARY))}
    edit(envelope)
    saves = SaveStore(tmp_path, MessageLog())
    with pytest.raises(ValueError, match=field):
        saves.write("slot", GAME, envelope["summary"])
    assert not (tmp_path / "slot.json").exists()


def test_a_good_save_at_the_limits_is_kept(tmp_path: Path) -> None:
    messages = MessageLog()
    saves = SaveStore(tmp_path, messages)
    summary = {"variant": "v" * 64, "players": ["x" * 32] * 8, "scores": [-1_000_000] * 8,
               "hand": 10_000}
    saves.write("slot", GAME, summary)
    envelope = json.loads((tmp_path / "slot.json").read_text())
    envelope["saved_at"] = "1970-01-01T00:00:00+00:00"
    _write_raw(tmp_path, envelope)
    info = saves.info("slot")
    assert info is not None and info.hand == 10_000
    assert list(messages) == []
