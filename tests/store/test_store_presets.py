"""presets.json: named house-rule sets, saved, listed, deleted; bad content never raises."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.store import InvalidName, Preset, PresetStore, StoreWriteError
from game.store.messages import MessageLog


def test_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "presets.json"
    presets = PresetStore(path, MessageLog())
    assert presets.list() == []
    presets.save("Family night", "machiavelli", {"jokers": 4, "hand_size": 15})
    presets.save("Quick", "carousel", {})
    again = PresetStore(path, MessageLog())
    assert again.list() == [
        Preset("Family night", "machiavelli", {"jokers": 4, "hand_size": 15}),
        Preset("Quick", "carousel", {}),
    ]
    assert again.get("Quick") == Preset("Quick", "carousel", {})
    assert again.get("missing") is None
    document = json.loads(path.read_text())
    assert document["schema"] == 1
    assert document["presets"]["Quick"] == {"variant": "carousel", "options": {}}


def test_save_replaces_and_delete_removes(tmp_path: Path) -> None:
    presets = PresetStore(tmp_path / "presets.json", MessageLog())
    presets.save("A", "machiavelli", {"jokers": 2})
    presets.save("A", "tahiti", {"jokers": 0})
    assert presets.list() == [Preset("A", "tahiti", {"jokers": 0})]
    assert presets.delete("A")
    assert not presets.delete("A")
    assert PresetStore(tmp_path / "presets.json", MessageLog()).list() == []


def test_changes_from_another_instance_are_kept(tmp_path: Path) -> None:
    first = PresetStore(tmp_path / "presets.json", MessageLog())
    second = PresetStore(tmp_path / "presets.json", MessageLog())
    first.save("one", "machiavelli", {})
    second.save("two", "machiavelli", {})
    assert PresetStore(tmp_path / "presets.json", MessageLog()).names() == ["one", "two"]


@pytest.mark.parametrize("name", ["", "   ", " lead", "x" * 65, "tab\there", 7])
def test_bad_names_are_refused(tmp_path: Path, name: object) -> None:
    presets = PresetStore(tmp_path / "presets.json", MessageLog())
    with pytest.raises(InvalidName):
        presets.save(name, "machiavelli", {})  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("variant", "options"),
    [("", {}), ("../x", {}), ("machiavelli", {"": 1}), ("machiavelli", {"x": float("nan")})],
)
def test_bad_content_is_refused(tmp_path: Path, variant: str, options: dict) -> None:
    presets = PresetStore(tmp_path / "presets.json", MessageLog())
    with pytest.raises(ValueError):
        presets.save("name", variant, options)
    assert not (tmp_path / "presets.json").exists()


def test_unreadable_entries_are_skipped_but_kept(tmp_path: Path) -> None:
    path = tmp_path / "presets.json"
    path.write_text(
        json.dumps(
            {
                "schema": 1,
                "presets": {"good": {"variant": "tahiti"}, "bad": {"options": []}, "odd": 5},
                "other": True,
            }
        )
    )
    messages = MessageLog()
    presets = PresetStore(path, messages)
    assert presets.list() == [Preset("good", "tahiti", {})]
    assert presets.list() == [Preset("good", "tahiti", {})]
    assert len(messages) == 2  # once per bad entry, not once per listing
    presets.save("new", "carousel", {})
    document = json.loads(path.read_text())
    assert set(document["presets"]) == {"good", "bad", "odd", "new"}
    assert document["other"] is True


def test_corrupt_file_is_moved_aside(tmp_path: Path) -> None:
    path = tmp_path / "presets.json"
    path.write_text('{"schema": 1, "presets": [1, 2]}')
    messages = MessageLog()
    presets = PresetStore(path, messages)
    assert presets.list() == []
    assert "wrong shape" in messages[0].problem
    assert [p.name for p in tmp_path.iterdir() if ".corrupt-" in p.name]
    presets.save("fresh", "machiavelli", {})
    assert PresetStore(path, MessageLog()).names() == ["fresh"]


def test_write_failure_raises_store_write_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    presets = PresetStore(blocker / "presets.json", MessageLog())
    with pytest.raises(StoreWriteError):
        presets.save("x", "machiavelli", {})
