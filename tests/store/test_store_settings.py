"""settings.json: round trip, defaults, unknown keys kept, bad values and files repaired."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.store import Seat, Settings, Store
from game.store.messages import MessageLog
from game.store.settings import (
    MAX_SETTINGS_BYTES,
    SETTINGS_SCHEMA,
    WINDOW_HEIGHT_RANGE,
    WINDOW_WIDTH_RANGE,
    load_settings,
    save_settings,
)


def _aside(folder: Path, name: str = "settings.json") -> list[Path]:
    return sorted(p for p in folder.iterdir() if p.name.startswith(name + ".corrupt-"))


def _read(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def test_missing_file_gives_defaults_and_writes_them(tmp_path: Path) -> None:
    messages = MessageLog()
    settings = load_settings(tmp_path / "settings.json", messages)
    assert settings == Settings()
    assert list(messages) == []
    document = _read(tmp_path / "settings.json")
    assert document["schema"] == SETTINGS_SCHEMA
    assert document["window_size"] == [1280, 800]


def test_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    messages = MessageLog()
    settings = Settings(
        window_size=(1920, 1080),
        animation_speed=2.5,
        sound_on=False,
        volume=0.3,
        four_colour_deck=True,
        card_back="green",
        hand_sort="rank",
        default_variant="carousel",
        default_seats=[Seat("Me", "human"), Seat("Bot", "hard"), Seat("Bot 2", "easy")],
        language="en",
        always_decline_buys=True,
        hints_allowed=False,
        fullscreen=True,
        buy_timer_seconds=15,
        left_handed=True,
        ui_scale_percent=150,
        large_cards=True,
        high_contrast=True,
        player_name="Bea",
        mute_table_talk=True,
        internet_server="ws://wormhole.example.org:4000/v1 tcp:wormhole.example.org:4001",
        new_game_options={"shanghai": {"jokers": 4, "match": "rounds:7"}, "carousel": {}},
    )
    assert save_settings(path, settings, messages) == settings
    again = load_settings(path, messages)
    assert again == settings
    assert list(messages) == []


def test_file_records_schema_and_every_setting(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    save_settings(path, Settings(), MessageLog())
    document = _read(path)
    assert set(document) == {
        "schema",
        "player_name",
        "mute_table_talk",
        "window_size",
        "animation_speed",
        "sound_on",
        "volume",
        "four_colour_deck",
        "card_back",
        "hand_sort",
        "default_variant",
        "default_seats",
        "language",
        "always_decline_buys",
        "hints_allowed",
        "fullscreen",
        "buy_timer_seconds",
        "left_handed",
        "speak_table",
        "new_game_options",
        "ui_scale_percent",
        "large_cards",
        "high_contrast",
        "internet_server",
    }
    assert document["default_seats"][0] == {"name": "You", "kind": "human"}


def test_an_internet_server_that_is_no_one_line_of_text_falls_back_to_the_public_one(
        tmp_path: Path) -> None:
    for bad in ("ws://a:1/v1\nrm -rf", "x" * 201, 42):
        settings, problems = Settings.from_json({"internet_server": bad})
        assert settings.internet_server == ""
        assert problems and "internet_server" in problems[0]


def test_unknown_keys_are_kept_and_written_back(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"schema": 1, "volume": 0.5, "future": {"x": [1, 2]}, "z": "q"}))
    messages = MessageLog()
    settings = load_settings(path, messages)
    assert settings.volume == 0.5
    assert settings.extra == {"future": {"x": [1, 2]}, "z": "q"}
    settings.volume = 0.1
    save_settings(path, settings, messages)
    document = _read(path)
    assert document["future"] == {"x": [1, 2]}
    assert document["z"] == "q"
    assert document["volume"] == 0.1
    assert list(messages) == []


@pytest.mark.parametrize(
    ("key", "bad"),
    [
        ("window_size", "big"),
        ("window_size", [10, 10]),
        ("window_size", [1280, 800, 3]),
        ("window_size", [True, 800]),
        ("animation_speed", "fast"),
        ("animation_speed", 10),
        ("animation_speed", True),
        ("sound_on", "yes"),
        ("sound_on", 1),
        ("volume", 1.5),
        ("volume", None),
        ("four_colour_deck", 0),
        ("card_back", "plaid"),
        ("card_back", 3),
        ("hand_sort", "colour"),
        ("default_variant", ""),
        ("default_variant", "../../etc"),
        ("default_seats", []),
        ("default_seats", [{"name": "A", "kind": "human"}]),
        ("default_seats", [{"name": "A", "kind": "human"}, {"name": "B", "kind": "genius"}]),
        ("default_seats", [{"name": "", "kind": "human"}, {"name": "B", "kind": "easy"}]),
        ("default_seats", "four"),
        ("language", 7),
        ("language", "english please"),
        ("always_decline_buys", "no"),
        ("hints_allowed", "off"),
        ("fullscreen", 1),
        ("buy_timer_seconds", -1),
        ("buy_timer_seconds", 10_000),
        ("buy_timer_seconds", 2.5),
        ("buy_timer_seconds", True),
        ("left_handed", "left"),
        ("left_handed", 1),
        ("ui_scale_percent", 50),
        ("ui_scale_percent", 250),
        ("ui_scale_percent", 1.5),
        ("ui_scale_percent", True),
        ("large_cards", "yes"),
        ("high_contrast", 1),
        ("new_game_options", []),
        ("new_game_options", {"../x": {}}),
        ("new_game_options", {"shanghai": "jokers=4"}),
        ("new_game_options", {"shanghai": {"jokers": [1, 2]}}),
        ("new_game_options", {"shanghai": {"": 1}}),
        ("new_game_options", {"shanghai": {"x": "y" * 500}}),
        ("new_game_options", {f"v{i}": {} for i in range(100)}),
    ],
)
def test_wrong_value_falls_back_to_default_with_message(
    tmp_path: Path, key: str, bad: object
) -> None:
    other, good = ("hand_sort", "rank") if key == "card_back" else ("card_back", "red")
    path = tmp_path / "settings.json"
    original = json.dumps({"schema": 1, key: bad, other: good})
    path.write_text(original)
    messages = MessageLog()
    settings = load_settings(path, messages)
    assert getattr(settings, key) == getattr(Settings(), key)
    assert len(messages) == 2
    assert all(message.path == path for message in messages)
    assert key in messages[0].problem
    # The valid key survived; the file was rewritten clean, the player's own kept aside.
    assert getattr(settings, other) == good
    (aside,) = _aside(tmp_path)
    assert aside.read_text() == original
    assert messages[1].problem == f"the file as it was is kept as {aside.name}"
    assert _read(path)[key] == json.loads(json.dumps(Settings().to_json()))[key]
    fresh = MessageLog()
    assert load_settings(path, fresh) == settings
    assert list(fresh) == []


def test_integers_are_accepted_for_floats(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"schema": 1, "animation_speed": 2, "volume": 1}')
    settings = load_settings(path, MessageLog())
    assert settings.animation_speed == 2.0
    assert settings.volume == 1.0


def test_garbage_becomes_defaults_and_a_fresh_file(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_bytes(b"\x00\xffthis is { not json")
    messages = MessageLog()
    settings = load_settings(path, messages)
    assert settings == Settings()
    assert len(messages) == 1
    assert messages[0].path == path
    assert "UTF-8" in messages[0].problem
    (aside,) = _aside(tmp_path)
    assert aside.read_bytes() == b"\x00\xffthis is { not json"
    assert _read(path)["schema"] == SETTINGS_SCHEMA
    assert load_settings(path, MessageLog()) == Settings()


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"", "empty"),
        (b'{"schema": 1, "volume": 0.', "not valid JSON"),
        (b"[1, 2, 3]", "wrong shape"),
        (b'{"volume": 0.5}', "schema"),
        (b'{"schema": "one"}', "schema"),
        (b'{"schema": 1, "volume": NaN}', "not valid JSON"),
        (b'{"schema": 1, "volume": 1e999}', "not valid JSON"),
        (b"[" * 100_000, "nested too deeply"),
    ],
)
def test_bad_files_are_moved_aside(tmp_path: Path, content: bytes, words: str) -> None:
    path = tmp_path / "settings.json"
    path.write_bytes(content)
    messages = MessageLog()
    assert load_settings(path, messages) == Settings()
    assert words in messages[0].problem
    assert "settings.json.corrupt-" in messages[0].problem
    (aside,) = _aside(tmp_path)
    assert aside.read_bytes() == content


def test_newer_schema_is_moved_aside(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text('{"schema": 99, "volume": 0.1}')
    messages = MessageLog()
    assert load_settings(path, messages) == Settings()
    assert "newer version" in messages[0].problem
    assert [p.name.startswith("settings.json.newer-") for p in tmp_path.iterdir()].count(True) == 1


def test_too_large_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"schema": 1, "pad": "x" * MAX_SETTINGS_BYTES}))
    messages = MessageLog()
    assert load_settings(path, messages) == Settings()
    assert "too large" in messages[0].problem
    assert len(_aside(tmp_path)) == 1


def test_folder_in_place_of_file(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.mkdir()
    messages = MessageLog()
    assert load_settings(path, messages) == Settings()
    assert "folder" in messages[0].problem
    assert path.is_file()


def test_utf8_bom_is_accepted(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_bytes(b"\xef\xbb\xbf" + b'{"schema": 1, "card_back": "red"}')
    messages = MessageLog()
    assert load_settings(path, messages).card_back == "red"
    assert list(messages) == []


def test_backup_is_restored_when_main_file_is_corrupt(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    save_settings(path, Settings(card_back="red"), MessageLog())
    save_settings(path, Settings(card_back="green"), MessageLog())
    path.write_bytes(b"{garbage")
    messages = MessageLog()
    assert load_settings(path, messages).card_back == "red"
    assert any("restored" in m.problem for m in messages)
    assert len(_aside(tmp_path)) == 1
    assert _read(path)["card_back"] == "red"


def test_unsaveable_values_are_replaced_on_save(tmp_path: Path) -> None:
    store = Store.open(tmp_path)
    store.settings.volume = 7.0
    store.settings.card_back = "red"
    assert store.save_settings()
    assert store.settings.volume == Settings().volume
    assert store.settings.card_back == "red"
    assert any("volume" in m.problem for m in store.messages)
    assert _read(tmp_path / "settings.json")["volume"] == Settings().volume


def test_unwritable_location_records_a_message(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    messages = MessageLog()
    settings = load_settings(blocker / "settings.json", messages)
    assert settings == Settings()
    assert any("could not be saved" in m.problem for m in messages)


def test_copy_does_not_share_remembered_options() -> None:
    settings = Settings(new_game_options={"shanghai": {"jokers": 4}})
    copy = settings.copy()
    copy.new_game_options["shanghai"]["jokers"] = 2
    copy.new_game_options["carousel"] = {}
    assert settings.new_game_options == {"shanghai": {"jokers": 4}}


# ------------------------------------------------------------------------------ issue 29


def test_a_repaired_settings_file_is_kept_aside_as_the_player_wrote_it(tmp_path: Path) -> None:
    """Point 9: one bad value is repaired key by key; the player's own file is kept aside
    (not only in the .bak, which the next two saves overwrite with the repaired text)."""
    original = json.dumps({"schema": 2, "volume": "loud", "card_back": "red",
                           "mine": "kept"}, indent=4).encode()
    (tmp_path / "settings.json").write_bytes(original)
    store = Store.open(tmp_path)
    assert store.settings.card_back == "red" and store.settings.volume == Settings().volume
    assert store.save_settings() and store.save_settings()  # e.g. a change, then quitting
    store.close()
    (aside,) = _aside(tmp_path)
    assert aside.read_bytes() == original
    repaired = _read(tmp_path / "settings.json")
    assert repaired["volume"] == Settings().volume and repaired["mine"] == "kept"
    problems = [m.problem for m in store.messages]
    assert problems == [
        'setting "volume" must be a number from 0.0 to 1.0; using the default (0.8)',
        f"the file as it was is kept as {aside.name}",
    ]
    again = Store.open(tmp_path)  # the repaired file reads clean: nothing more set aside
    again.close()
    assert list(again.messages) == [] and len(_aside(tmp_path)) == 1


def test_a_sound_settings_file_is_neither_moved_nor_rewritten(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"schema": 2, "card_back": "red"}))
    before = path.stat().st_mtime_ns
    load_settings(path, MessageLog())
    assert not _aside(tmp_path) and path.stat().st_mtime_ns == before


@pytest.mark.parametrize(("size", "used"), [
    ([16384, 16384], (7680, 4320)),
    ([20000, 900], (7680, 900)),
    ([1600, 10**30], (1600, 4320)),
])
def test_a_window_larger_than_any_screen_is_made_the_largest_on_load(
        tmp_path: Path, size: list[int], used: tuple[int, int]) -> None:
    """Point 7: 16384 x 16384 took 6.4 GB and 45 s for a first frame at every start."""
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"schema": 2, "window_size": size}))
    messages = MessageLog()
    assert load_settings(path, messages).window_size == used
    assert "larger than the game opens a window" in messages[0].problem
    assert _read(path)["window_size"] == list(used)
    assert (WINDOW_WIDTH_RANGE[1], WINDOW_HEIGHT_RANGE[1]) == (7680, 4320)
    assert load_settings(path, MessageLog()).window_size == used


def test_peeking_at_the_settings_reads_safely_and_touches_nothing(tmp_path: Path) -> None:
    """Point 1: what the command line reads its language with, before the store opens."""
    from game.store.settings import peek_settings

    path = tmp_path / "settings.json"
    assert peek_settings(path) is None  # missing: nothing made
    path.write_text(json.dumps({"schema": 1, "language": "de", "volume": 9}))
    peeked = peek_settings(path)
    assert peeked is not None and peeked.language == "de"  # the bad volume passed over
    for content in (b'{"schema": 2, "language": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
                    b"\xff\xfe", b"[]", b'{"schema": 99}', b" " * (MAX_SETTINGS_BYTES + 1)):
        path.write_bytes(content)
        assert peek_settings(path) is None
        assert path.read_bytes() == content
    path.unlink()
    path.mkdir()
    assert peek_settings(path) is None
    assert sorted(p.name for p in tmp_path.iterdir()) == ["settings.json"]
