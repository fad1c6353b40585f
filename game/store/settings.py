"""Player preferences in ``settings.json``: a dataclass with defaults, validated key by key.

A value of the wrong type or out of range falls back to its default with a message (a
window larger than the largest one the game opens is made that largest one); the file is then
written again with the values used, and the player's file as it was is kept aside
(``settings.json.corrupt-STAMP``), as every damaged file is. Keys this version does not know
are kept and written back unchanged.
"""

from __future__ import annotations

import dataclasses
import math
import os
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.store import jsonfile
from game.store.atomic import atomic_write_bytes, move_aside
from game.store.messages import MessageLog
from game.store.migrate import MigrationChain
from game.store.seats import MAX_NAME_LENGTH, Seat, clean_name, has_control_character

SETTINGS_SCHEMA = 2
MAX_SETTINGS_BYTES = 256 * 1024

CARD_BACKS = ("blue", "red", "green", "purple", "black")  # every back card_art draws
HAND_SORTS = ("suit", "rank")
ANIMATION_SPEED_RANGE = (0.25, 4.0)
# The largest window is an 8K screen's: a larger one costs gigabytes and a long wait for
# every frame (the game's window is also kept within the screen it opens on).
WINDOW_WIDTH_RANGE = (320, 7680)
WINDOW_HEIGHT_RANGE = (240, 4320)
SEAT_COUNT_RANGE = (2, 8)
BUY_TIMER_RANGE = (0, 300)  # seconds; 0 = the buy window waits for the human
#: the UI scale in percent; 0 (the default) follows the display's scale
UI_SCALE_RANGE = (75, 200)
MAX_OPTION_VARIANTS = 64  # new_game_options: variants remembered
MAX_OPTIONS_PER_VARIANT = 64
MAX_OPTION_TEXT = 200

MIGRATIONS = MigrationChain("settings", SETTINGS_SCHEMA)


@MIGRATIONS.step(1)
def _language_follows_the_system(document: dict[str, Any]) -> dict[str, Any]:
    # Schema 1 always wrote "en" (the game spoke nothing else and had no way to choose);
    # from schema 2 "" means the system's language, which such files never opted out of.
    if document.get("language") == "en":
        document["language"] = ""
    return document

_SERVER = re.compile(r"[\x21-\x7e ]{0,200}")  # the Settings field's server (ASCII, one line)
_VARIANT_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")
# "" = follow the system's language (game/i18n.py choose_language)
_LANGUAGE = re.compile(r"([a-z]{2,3}([-_][A-Za-z0-9]{2,8})?)?")


def _default_seats() -> list[Seat]:
    return [Seat("You", "human"), Seat("Ada", "medium"), Seat("Boole", "medium")]


@dataclass
class Settings:
    """Everything the player can set; ``extra`` holds keys from newer versions."""

    window_size: tuple[int, int] = (1280, 800)
    animation_speed: float = 1.0
    sound_on: bool = True
    volume: float = 0.8
    four_colour_deck: bool = False
    card_back: str = "blue"
    hand_sort: str = "suit"
    default_variant: str = "machiavelli"
    default_seats: list[Seat] = field(default_factory=_default_seats)
    language: str = ""  # "" = the system's; a code = the player's choice
    always_decline_buys: bool = False
    hints_allowed: bool = True
    fullscreen: bool = False
    buy_timer_seconds: int = 0
    left_handed: bool = False  # the tables' side panel on the left
    speak_table: bool = False  # the table spoken aloud (the optional speech library)
    ui_scale_percent: int = 0  # 0 = the display's scale; else 75 to 200
    large_cards: bool = False
    high_contrast: bool = False
    #: the player's own name, as network games show it (the Join screen's name; a host's
    #: seat named "You" takes it); "" = not given yet
    player_name: str = ""
    mute_table_talk: bool = False  # the other players' quick table messages kept off
    # where internet games meet: "" = magic-wormhole's public servers, else a self-hosted
    # mailbox (and relay), read by game.net.internet.server_settings
    internet_server: str = ""
    # variant id -> the house-rule options last chosen on the New game screen
    new_game_options: dict[str, dict[str, Any]] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """The document written to ``settings.json`` (values as they are, not validated)."""
        document: dict[str, Any] = {"schema": SETTINGS_SCHEMA}
        for name in _VALIDATORS:
            value = getattr(self, name)
            if name == "window_size" and isinstance(value, tuple):
                value = list(value)
            elif name == "default_seats" and isinstance(value, list | tuple):
                value = [seat.to_json() if isinstance(seat, Seat) else seat for seat in value]
            document[name] = value
        for key, value in self.extra.items():
            if key != "schema" and key not in _VALIDATORS:
                document[key] = value
        return document

    @classmethod
    def from_json(cls, document: Mapping[str, Any]) -> tuple[Settings, list[str]]:
        """Settings from a (migrated) document, and one problem text per key replaced."""
        defaults = cls()
        values: dict[str, Any] = {}
        problems: list[str] = []
        for name, validate in _VALIDATORS.items():
            if name not in document:
                continue
            try:
                values[name] = validate(document[name])
            except _Replaced as exc:
                values[name] = exc.value
                problems.append(f'setting "{name}" {exc}')
            except (ValueError, TypeError) as exc:
                default = getattr(defaults, name)
                if name == "default_seats":
                    default = [seat.to_json() for seat in default]
                problems.append(f'setting "{name}" {exc}; using the default ({_show(default)})')
        extra = {k: v for k, v in document.items() if k != "schema" and k not in _VALIDATORS}
        return cls(**values, extra=extra), problems

    def copy(self) -> Settings:
        return dataclasses.replace(
            self,
            default_seats=list(self.default_seats),
            new_game_options={k: dict(v) for k, v in self.new_game_options.items()},
            extra=dict(self.extra),
        )


def peek_settings(path: Path) -> Settings | None:
    """The settings in ``path`` read as ``load_settings`` reads them (the same limits on
    size, kind of file and nesting) but touching nothing: nothing moved aside, restored or
    written. ``None`` when the file is missing or unusable. For the command line, which
    reads the language before the store is opened and must not create a file."""

    def parse(raw: bytes) -> Settings:
        document = jsonfile.upgrade(jsonfile.decode_object(raw), MIGRATIONS)
        return Settings.from_json(document)[0]

    return jsonfile.peek(path, parse, max_bytes=MAX_SETTINGS_BYTES)


def load_settings(path: Path, messages: MessageLog) -> Settings:
    """The settings in ``path``; defaults (written back) if missing, bad, or repaired. A
    file repaired key by key is kept aside as it was before the repaired one is written."""
    problems: list[str] = []

    def parse(raw: bytes) -> Settings:
        problems.clear()
        document = jsonfile.upgrade(jsonfile.decode_object(raw), MIGRATIONS)
        settings, found = Settings.from_json(document)
        problems.extend(found)
        return settings

    loaded = jsonfile.load(path, parse, messages, max_bytes=MAX_SETTINGS_BYTES)
    for problem in problems:
        messages.add(path, problem)
    settings = loaded if loaded is not None else Settings()
    # Write a clean file if there is none now (missing, or the bad one was moved aside) or
    # if values were replaced (the player's file kept aside first: the .bak the write makes
    # would only last until the next save); never over a file that could not be moved aside.
    if problems and loaded is not None and not _keep_aside(path, messages):
        return settings
    if not os.path.lexists(path):
        save_settings(path, settings, messages)
    return settings


def _keep_aside(path: Path, messages: MessageLog) -> bool:
    """Move the file being repaired aside (``NAME.corrupt-STAMP``), with a message; False
    (with a message) if it is still there."""
    try:
        target = move_aside(path, "corrupt")
    except FileNotFoundError:
        return True
    except OSError as exc:
        messages.add(path, f"could not be kept aside before being repaired "
                           f"({exc.strerror or exc}); left as it is")
        return False
    messages.add(path, f"the file as it was is kept as {target.name}")
    return True


def save_settings(path: Path, settings: Settings, messages: MessageLog) -> Settings | None:
    """Write ``settings`` atomically; returns the values written (invalid ones replaced by
    defaults, with a message), or ``None`` with a message if the file could not be written.
    """
    try:
        clean, problems = Settings.from_json(settings.to_json())
        data = jsonfile.dump_json(clean.to_json(), indent=2)
    except (TypeError, ValueError) as exc:
        messages.add(path, f"settings could not be saved ({exc})")
        return None
    for problem in problems:
        messages.add(path, f"not saved as given: {problem}")
    if len(data) > MAX_SETTINGS_BYTES:
        messages.add(path, f"settings could not be saved (over {MAX_SETTINGS_BYTES} bytes)")
        return None
    try:
        atomic_write_bytes(path, data)
    except OSError as exc:
        messages.add(path, f"settings could not be saved ({exc.strerror or exc})")
        return None
    return clean


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _bool(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError("must be true or false")
    return value


def _number_in(low: float, high: float) -> Callable[[Any], float]:
    def check(value: Any) -> float:
        if not _is_number(value) or not math.isfinite(value) or not low <= value <= high:
            raise ValueError(f"must be a number from {low} to {high}")
        return float(value)

    return check


def _choice(choices: tuple[str, ...]) -> Callable[[Any], str]:
    def check(value: Any) -> str:
        if not isinstance(value, str) or value not in choices:
            raise ValueError(f"must be one of {', '.join(choices)}")
        return value

    return check


def _matching(pattern: re.Pattern[str], what: str) -> Callable[[Any], str]:
    def check(value: Any) -> str:
        if not isinstance(value, str) or not pattern.fullmatch(value):
            raise ValueError(f"must be {what}")
        return value

    return check


class _Replaced(ValueError):
    """A value out of range that has a nearest usable one: ``value`` is used instead."""

    def __init__(self, problem: str, value: Any) -> None:
        super().__init__(problem)
        self.value = value


def _window_size(value: Any) -> tuple[int, int]:
    (w_low, w_high), (h_low, h_high) = WINDOW_WIDTH_RANGE, WINDOW_HEIGHT_RANGE
    if (
        isinstance(value, list | tuple)
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
        and w_low <= value[0]
        and h_low <= value[1]
    ):
        width, height = value
        if width <= w_high and height <= h_high:
            return (width, height)
        largest = (min(width, w_high), min(height, h_high))
        raise _Replaced(
            f"{_show(list(value))} is larger than the game opens a window "
            f"({w_high}x{h_high} at most); using {list(largest)}",
            largest,
        )
    raise ValueError(
        f"must be [width, height] with width {w_low}-{w_high} and height {h_low}-{h_high}"
    )


def _int_in(low: int, high: int) -> Callable[[Any], int]:
    def check(value: Any) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise ValueError(f"must be a whole number from {low} to {high}")
        return value

    return check


def _ui_scale(value: Any) -> int:
    low, high = UI_SCALE_RANGE
    if not isinstance(value, int) or isinstance(value, bool) or not (
            value == 0 or low <= value <= high):
        raise ValueError(f"must be 0 (follow the display) or a whole number from {low} to "
                         f"{high}")
    return value


def _option_value(value: Any) -> bool:
    """A house-rule option value is a JSON scalar: text, number, true/false or null."""
    if value is None or isinstance(value, bool | int):
        return True
    if isinstance(value, float):
        return math.isfinite(value)
    return isinstance(value, str) and len(value) <= MAX_OPTION_TEXT


def _new_game_options(value: Any) -> dict[str, dict[str, Any]]:
    problem = (
        f"must map up to {MAX_OPTION_VARIANTS} variant ids to up to "
        f"{MAX_OPTIONS_PER_VARIANT} options each (text, number or true/false)"
    )
    if not isinstance(value, Mapping) or len(value) > MAX_OPTION_VARIANTS:
        raise ValueError(problem)
    checked: dict[str, dict[str, Any]] = {}
    for variant, options in value.items():
        if (
            not isinstance(variant, str)
            or not _VARIANT_ID.fullmatch(variant)
            or not isinstance(options, Mapping)
            or len(options) > MAX_OPTIONS_PER_VARIANT
            or not all(
                isinstance(k, str) and 0 < len(k) <= 64 and _option_value(v)
                for k, v in options.items()
            )
        ):
            raise ValueError(problem)
        checked[variant] = dict(options)
    return checked


def _seats(value: Any) -> list[Seat]:
    low, high = SEAT_COUNT_RANGE
    if not isinstance(value, list | tuple) or not low <= len(value) <= high:
        raise ValueError(f"must be a list of {low} to {high} seats")
    seats = [Seat.from_json(seat) for seat in value]
    odd = [seat.name for seat in seats if has_control_character(seat.name)]
    if not odd:
        return seats
    # a NUL, an escape, a line break... in a name: taken in without them (a font cannot
    # draw a NUL: the table would fail), or the default seats if nothing else is left
    cleaned = [Seat(clean_name(seat.name), seat.kind) for seat in seats]
    if any(not seat.name for seat in cleaned):
        raise ValueError(f"has a name of control characters only ({_show(odd[0])})")
    shown = ", ".join(_show(name) for name in odd)
    raise _Replaced(f"has names holding control characters ({shown}); using "
                    f"{_show([seat.name for seat in cleaned])}", cleaned)


def _player_name(value: Any) -> str:
    if not isinstance(value, str) or len(value) > MAX_NAME_LENGTH:
        raise ValueError(f"must be a name of at most {MAX_NAME_LENGTH} characters")
    return clean_name(value)


_VALIDATORS: dict[str, Callable[[Any], Any]] = {
    "window_size": _window_size,
    "animation_speed": _number_in(*ANIMATION_SPEED_RANGE),
    "sound_on": _bool,
    "volume": _number_in(0.0, 1.0),
    "four_colour_deck": _bool,
    "card_back": _choice(CARD_BACKS),
    "hand_sort": _choice(HAND_SORTS),
    "default_variant": _matching(_VARIANT_ID, 'a variant id such as "machiavelli"'),
    "default_seats": _seats,
    "language": _matching(_LANGUAGE, 'a language code such as "it", or "" for the system\'s'),
    "always_decline_buys": _bool,
    "hints_allowed": _bool,
    "fullscreen": _bool,
    "buy_timer_seconds": _int_in(*BUY_TIMER_RANGE),
    "left_handed": _bool,
    "speak_table": _bool,
    "new_game_options": _new_game_options,
    "ui_scale_percent": _ui_scale,
    "large_cards": _bool,
    "high_contrast": _bool,
    "player_name": _player_name,
    "mute_table_talk": _bool,
    "internet_server": _matching(_SERVER, "at most 200 printable characters"),
}
