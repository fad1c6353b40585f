"""New game: the variant, its house rules (with named presets) and who sits at the table.

Every change is checked at once through ``apply_options``; a problem is shown in words
at the foot of the screen and Start refuses to deal until it is fixed. Starting
remembers the variant and the seats as the defaults for next time.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from game.engine.contract.rules import deal_problem
from game.engine.errors import OptionError
from game.engine.options import apply_options
from game.engine.variants import Variant, all_variants
from game.session import GameSession, Seat
from game.store import InvalidName, StoreError
from game.store.seats import MAX_NAME_LENGTH, SEAT_KINDS
from game.ui.scenes import open_table
from game.ui.scenes.dialogs import ConfirmDialog
from game.ui.widgets.drawing import draw_panel, escape_html, panel_inner
from game.ui.widgets.menus import MenuScene

if TYPE_CHECKING:
    from pygame_gui.elements import UILabel

    from game.ui.app import App

MAX_SEATS = 8  # the contract game seats up to 8
COMPUTER_NAMES = ("Ada", "Boole", "Cleo", "Dante", "Emmy", "Fermat")

ACE_LABELS = {
    "either": "High or low",
    "low": "Low only",
    "high": "High only",
    "around": "Around the corner",
}
JOKER_IDENTITY_LABELS = {"fixed": "Stands for one card", "free": "Wild (changes freely)"}
JOKER_MOVES_LABELS = {"keep_identity": "May move with its card", "never": "Stays in its meld"}
RELEASE_LABELS = {"hand_or_table": "A card from hand or table", "hand": "A card from hand"}
PER_MELD_LABELS = {"1": "One", "2": "Two", "3": "Three", "4": "Four", "unlimited": "Any number"}
INITIAL_LABELS = {
    "none": "No condition",
    "complete_meld_from_hand": "A meld from hand",
    "run_of_3_from_hand": "A run of 3 from hand",
    "points": "Points from hand",
}
MATCH_LABELS = {"single": "A single hand", "hands": "Number of hands", "target": "Play to points"}
KIND_LABELS = {
    "human": "Human",
    "easy": "Computer \u00b7 Easy",
    "medium": "Computer \u00b7 Medium",
    "hard": "Computer \u00b7 Hard",
}

#: option keys whose value is a plain string the UI holds as is
_PLAIN_KEYS = ("hand_size", "ace", "jokers", "abandon_penalty", "joker_identity",
               "jokers_per_meld", "joker_moves", "joker_release_from")
_INT_KEYS = ("hand_size", "jokers", "abandon_penalty")


def variant_defaults(variant: Variant) -> dict[str, str]:
    """The values the house-rule widgets show for ``variant`` as it comes."""
    points = variant.initial_meld_points
    hands, target = variant.match_hands, variant.match_target
    if target is not None:
        match_kind, match_n = "target", str(target)
    elif hands is not None and hands > 1:
        match_kind, match_n = "hands", str(hands)
    else:
        match_kind, match_n = "single", "3"
    return {
        "hand_size": str(variant.hand_size),
        "ace": variant.ace,
        "jokers": str(variant.jokers),
        "abandon_penalty": str(variant.abandon_penalty),
        "joker_identity": variant.joker_identity,
        "jokers_per_meld": "unlimited" if variant.jokers_per_meld == 0
        else str(variant.jokers_per_meld),
        "joker_moves": variant.joker_moves,
        "joker_release_from": variant.joker_release_from,
        "initial_kind": "points" if points is not None else str(variant.initial_meld),
        "initial_points": str(points if points is not None else 30),
        "match_kind": match_kind,
        "match_n": match_n,
        "culbertson": "true" if variant.scoring == "carousel_culbertson" else "false",
    }


def _match_value(kind: str, number: str) -> str:
    return "single" if kind == "single" else f"{kind}:{number.strip()}"


def _same_match(a: str, b: str) -> bool:
    def norm(text: str) -> str:
        return "hands:1" if text == "single" else text
    return norm(a) == norm(b)


@dataclass
class Setup:
    """What the screen holds: the variant, the option widgets' values and the seats."""

    variant_id: str
    values: dict[str, str]
    seats: list[list[str]]  # [name, kind]
    extra: dict[str, Any] = field(default_factory=dict)  # preset options with no widget
    preset: str = ""

    @property
    def variant(self) -> Variant:
        return all_variants()[self.variant_id]

    @property
    def seat_range(self) -> tuple[int, int]:
        variant = self.variant
        low = max(2, variant.min_players)
        return low, max(low, min(MAX_SEATS, variant.max_players))

    @property
    def has_jokers(self) -> bool:
        try:
            return int(self.values["jokers"]) > 0
        except ValueError:
            return False

    @property
    def is_carousel(self) -> bool:
        return self.variant.turn == "carousel"

    @property
    def is_contract(self) -> bool:
        """The contract game has no manipulation house rules (joker movement, failed
        plays, first-play conditions) and always plays its ten rounds."""
        return self.variant.family == "contract"

    @property
    def can_give_up(self) -> bool:
        """Whether a failed-play penalty is a house rule of this game (RULES.md 2): only
        where a turn is either a play or a draw."""
        return self.variant.offers_abandon_penalty

    def set_variant(self, variant_id: str) -> None:
        self.variant_id = variant_id
        self.values = variant_defaults(self.variant)
        self.extra = {}
        self.preset = ""
        self.fit_seats()

    def fit_seats(self) -> None:
        low, high = self.seat_range
        while len(self.seats) < low:
            self.add_seat()
        del self.seats[high:]

    def add_seat(self) -> None:
        used = {name.casefold() for name, _ in self.seats}
        name = next((n for n in COMPUTER_NAMES if n.casefold() not in used),
                    f"Player {len(self.seats) + 1}")
        self.seats.append([name, "medium"])

    def options(self) -> dict[str, Any]:
        """The house-rule options that differ from the variant as it comes."""
        base = variant_defaults(self.variant)
        values = self.values
        options: dict[str, Any] = dict(self.extra)
        for key in _PLAIN_KEYS:
            if key.startswith("joker") and key != "jokers" and not self.has_jokers:
                continue
            if values[key] != base[key]:
                value: Any = values[key]
                if key in _INT_KEYS or (key == "jokers_per_meld" and value.isdigit()):
                    value = int(value) if value.strip().isdigit() else value
                options[key] = value
        initial = values["initial_kind"]
        if initial == "points":
            initial = "points:" + values["initial_points"].strip()
        base_initial = str(self.variant.initial_meld)
        if initial != base_initial:
            options["initial_meld"] = initial
        match = _match_value(values["match_kind"], values["match_n"])
        if not _same_match(match, str(self.variant.match)):
            options["match"] = match
        if self.is_carousel and values["culbertson"] != base["culbertson"]:
            options["culbertson"] = values["culbertson"] == "true"
        return options

    def load_options(self, options: Mapping[str, Any]) -> None:
        """Show ``options`` (from a preset) in the widgets; others are kept as they are."""
        values = variant_defaults(self.variant)
        extra: dict[str, Any] = {}
        for key, value in options.items():
            text = str(value).strip().lower() if not isinstance(value, bool) else value
            if key in _PLAIN_KEYS:
                if key == "jokers_per_meld" and text in ("0", "unlimited"):
                    text = "unlimited"
                values[key] = str(text)
            elif key == "initial_meld":
                kind, _, number = str(text).partition(":")
                values["initial_kind"] = "points" if kind == "points" else str(text)
                if kind == "points":
                    values["initial_points"] = number
            elif key == "match":
                kind, _, number = str(text).partition(":")
                if text == "single" or (kind == "hands" and number == "1"):
                    values["match_kind"] = "single"
                elif kind in ("hands", "target"):
                    values["match_kind"], values["match_n"] = kind, number
                else:
                    extra[key] = value
            elif key == "culbertson":
                values["culbertson"] = "true" if str(text) in ("true", "1", "yes", "on") \
                    else "false"
            else:
                extra[key] = value
        self.values = values
        self.extra = extra

    def check(self) -> str | None:
        """The first problem with the options or the seats, in words; None if all is well."""
        try:
            variant = apply_options(self.variant, self.options())
        except OptionError as error:
            return str(error)
        if self.is_contract:  # enough cards for this many seats (the engine's own check)
            problem = deal_problem(variant, len(self.seats))
            if problem:
                return problem[0].upper() + problem[1:] + "."
        names = [name.strip() for name, _ in self.seats]
        for n, name in enumerate(names, start=1):
            if not name:
                return f"Seat {n} needs a name."
            if len(name) > MAX_NAME_LENGTH:
                return f"Seat {n}'s name is longer than {MAX_NAME_LENGTH} characters."
        seen: set[str] = set()
        for name in names:
            if name.casefold() in seen:
                return f'Two seats are called "{name}": give each player their own name.'
            seen.add(name.casefold())
        if any(kind not in SEAT_KINDS for _, kind in self.seats):
            return "Every seat must be a human or a computer player."
        return None


class NewGameScene(MenuScene):
    title = "New game"
    subtitle = "Pick a variant, adjust its rules and seat the players"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        settings = app.settings
        variant_id = settings.default_variant if settings.default_variant in all_variants() \
            else next(iter(all_variants()))
        seats = [[seat.name, seat.kind] for seat in settings.default_seats]
        self.setup = Setup(variant_id, variant_defaults(all_variants()[variant_id]), seats)
        self.setup.fit_seats()
        self.preset_name = ""
        self.status = ""
        self.status_error = False
        self._status_label: UILabel | None = None
        self._hand_label: UILabel | None = None
        self.session: GameSession | None = None  # the game started (for tests and callers)

    # -- layout

    def _columns(self) -> list[pygame.Rect]:
        area = self.content_rect()
        gap = self.px(20)
        widths = [0.31, 0.36, 0.33]
        usable = area.w - 2 * gap
        rects, x = [], area.x
        for share in widths:
            w = round(usable * share)
            rects.append(pygame.Rect(x, area.y, w, area.h))
            x += w + gap
        return rects

    def _rows(self, inner: pygame.Rect) -> tuple[int, int]:
        """Row height and gap: roomy when the window is tall, never under 30 px (scaled).

        Sized for the longest house-rules column (ten rows and the defaults button), the
        same for every variant so that the layout does not jump when the variant changes.
        """
        gap = self.px(9)
        fit = inner.h // 11 - gap
        return max(self.px(30), min(self.px(40), fit)), gap

    # -- widgets

    def build(self) -> None:
        game, rules, players = self._columns()
        self._build_game(panel_inner(game, self.scale))
        self._build_rules(panel_inner(rules, self.scale))
        self._build_players(panel_inner(players, self.scale))
        self._build_footer()
        self._validate()

    def _build_game(self, inner: pygame.Rect) -> None:
        setup = self.setup
        row, gap = self._rows(inner)
        y = inner.y
        self.label(pygame.Rect(inner.x, y, inner.w, self.px(22)), "Variant", style="muted",
                   size=14)
        y += self.px(24)
        options = [(v.name, v.id) for v in all_variants().values()]
        self.dropdown(pygame.Rect(inner.x, y, inner.w, row), options, setup.variant_id,
                      self._variant_changed, key="variant", size=16)
        y += row + gap
        # the presets sit at the foot of the column; the summary fills what is between
        presets_h = self.px(28) + 3 * row + 2 * gap
        presets_y = inner.bottom - presets_h
        summary_h = max(self.px(70), presets_y - self.px(24) - row - gap - y)
        variant = setup.variant
        low, high = max(2, variant.min_players), variant.max_players
        deck = f"{variant.packs} pack{'s' if variant.packs > 1 else ''}"
        if variant.has_jokers:
            deck += f", {variant.jokers} joker{'s' if variant.jokers != 1 else ''}"
        facts = [f"{low} to {high} players", f"{variant.hand_size} cards each", deck]
        if variant.match_target is not None:
            facts.append(f"play to {variant.match_target} points")
        elif variant.match_hands and variant.match_hands > 1:
            facts.append(f"{variant.match_hands} hands")
        html = (f"{escape_html(variant.summary)}<br><br><font color='#f5d27a'>"
                + "<br>".join(f"\u2022 {escape_html(fact)}" for fact in facts) + "</font>")
        self.text_box(pygame.Rect(inner.x, y, inner.w, summary_h), html, size=14)
        y += summary_h + gap
        self.button(pygame.Rect(inner.x, y, inner.w, row), "Rules of this variant\u2026",
                    self._show_rules, key="rules",
                    tooltip="Read the full rules of the chosen variant, house rules marked")
        y = presets_y
        self.label(pygame.Rect(inner.x, y, inner.w, self.px(24)), "House-rule presets",
                   style="heading", size=15, bold=True)
        y += self.px(28)
        names = self.app.store.presets.names()
        choices = [("Choose a preset\u2026", "")] + [(name, name) for name in names]
        selected = setup.preset if setup.preset in names else ""
        half = (inner.w - gap) // 2
        self.dropdown(pygame.Rect(inner.x, y, inner.w, row), choices, selected,
                      self._preset_chosen, key="preset")
        y += row + gap
        self.entry(pygame.Rect(inner.x, y, inner.w, row), self.preset_name,
                   self._preset_name_changed, key="preset_name", submit=self._save_preset,
                   placeholder="Name for these rules", max_length=64)
        y += row + gap
        self.button(pygame.Rect(inner.x, y, half, row), "Save preset", self._save_preset,
                    key="preset_save",
                    tooltip="Keep this variant and its house rules under the name above")
        self.button(pygame.Rect(inner.x + half + gap, y, inner.w - half - gap, row),
                    "Delete preset", self._delete_preset, key="preset_delete", style="danger",
                    tooltip="Remove the chosen preset (asks first)")

    def _build_rules(self, inner: pygame.Rect) -> None:
        setup, values = self.setup, self.setup.values
        row, gap = self._rows(inner)
        label_w = round(inner.w * 0.42)
        control_x = inner.x + label_w + self.px(10)
        control_w = inner.right - control_x
        y = inner.y

        def caption(text: str) -> None:
            self.label(pygame.Rect(inner.x, y, label_w, row), text, style="label", size=15)

        caption("Cards dealt")
        slider_w = control_w - self.px(64)
        self.slider(pygame.Rect(control_x, y + self.px(5), slider_w, row - self.px(10)),
                    int(values["hand_size"]), (1, 20), self._hand_size_changed,
                    key="hand_size")
        self._hand_label = self.label(pygame.Rect(control_x + slider_w + self.px(6), y,
                                                  self.px(58), row),
                                      values["hand_size"], style="label_right", size=16,
                                      bold=True)
        y += row + gap
        caption("Aces")
        self.dropdown(pygame.Rect(control_x, y, control_w, row), list(_swap(ACE_LABELS)),
                      values["ace"], self._set("ace"), key="ace")
        y += row + gap
        caption("Jokers in the deck")
        jokers = [("None", "0")] + [(str(n), str(n)) for n in range(1, 5)]
        self.dropdown(pygame.Rect(control_x, y, control_w, row), jokers, values["jokers"],
                      self._set("jokers", rebuild=True), key="jokers")
        y += row + gap
        if setup.has_jokers and not setup.is_contract:
            caption("A joker")
            self.dropdown(pygame.Rect(control_x, y, control_w, row),
                          list(_swap(JOKER_IDENTITY_LABELS)), values["joker_identity"],
                          self._set("joker_identity", rebuild=True), key="joker_identity")
            y += row + gap
            caption("Jokers per meld")
            self.dropdown(pygame.Rect(control_x, y, control_w, row),
                          list(_swap(PER_MELD_LABELS)), values["jokers_per_meld"],
                          self._set("jokers_per_meld"), key="jokers_per_meld")
            y += row + gap
            if values["joker_identity"] == "fixed":
                caption("Unreleased joker")
                self.dropdown(pygame.Rect(control_x, y, control_w, row),
                              list(_swap(JOKER_MOVES_LABELS)), values["joker_moves"],
                              self._set("joker_moves"), key="joker_moves")
                y += row + gap
                caption("Joker released by")
                self.dropdown(pygame.Rect(control_x, y, control_w, row),
                              list(_swap(RELEASE_LABELS)), values["joker_release_from"],
                              self._set("joker_release_from"), key="joker_release_from")
                y += row + gap
        if setup.can_give_up:
            caption("Failed play costs")
            penalties = [("Nothing extra", "0"), ("1 card", "1")] + [
                (f"{n} cards", str(n)) for n in range(2, 6)]
            self.dropdown(pygame.Rect(control_x, y, control_w, row), penalties,
                          values["abandon_penalty"], self._set("abandon_penalty"),
                          key="abandon_penalty")
            y += row + gap
        if not setup.is_contract:
            caption("First play needs")
            if values["initial_kind"] == "points":
                number_w = self.px(64)
                self.dropdown(pygame.Rect(control_x, y, control_w - number_w - gap, row),
                              list(_swap(INITIAL_LABELS)), "points",
                              self._set("initial_kind", rebuild=True), key="initial_kind")
                self.entry(pygame.Rect(inner.right - number_w, y, number_w, row),
                           values["initial_points"], self._set("initial_points"),
                           key="initial_points", max_length=4)
            else:
                self.dropdown(pygame.Rect(control_x, y, control_w, row),
                              list(_swap(INITIAL_LABELS)), values["initial_kind"],
                              self._set("initial_kind", rebuild=True), key="initial_kind")
            y += row + gap
            caption("Match")
            if values["match_kind"] == "single":
                self.dropdown(pygame.Rect(control_x, y, control_w, row), list(_swap(MATCH_LABELS)),
                              "single", self._set("match_kind", rebuild=True), key="match_kind")
            else:
                number_w = self.px(72)
                self.dropdown(pygame.Rect(control_x, y, control_w - number_w - gap, row),
                              list(_swap(MATCH_LABELS)), values["match_kind"],
                              self._set("match_kind", rebuild=True), key="match_kind")
                self.entry(pygame.Rect(inner.right - number_w, y, number_w, row),
                           values["match_n"], self._set("match_n"), key="match_n",
                           max_length=5)
            y += row + gap
        if setup.is_carousel:
            self.check(pygame.Rect(inner.x, y + self.px(6), self.px(22), self.px(22)),
                       "Culbertson's Carousel (4 draws, knock at 10)",
                       values["culbertson"] == "true", self._culbertson_changed,
                       key="culbertson",
                       tooltip="Four draws a turn, knock at the start of a turn with 10 or "
                               "fewer, Culbertson scoring")
            y += row + gap
        bottom = inner.bottom - row
        self.button(pygame.Rect(inner.right - self.px(190), max(y + gap, bottom),
                                self.px(190), row),
                    "Variant defaults", self._restore_defaults, key="defaults",
                    tooltip="Put every house rule back as the variant has it")

    def _build_players(self, inner: pygame.Rect) -> None:
        setup = self.setup
        row, gap = self._rows(inner)
        low, high = setup.seat_range
        y = inner.y
        label_w = round(inner.w * 0.42)
        self.label(pygame.Rect(inner.x, y, label_w, row), "Players", size=15)
        counts = [(f"{n} players", str(n)) for n in range(low, high + 1)]
        self.dropdown(pygame.Rect(inner.x + label_w + self.px(10), y,
                                  inner.w - label_w - self.px(10), row),
                      counts, str(len(setup.seats)), self._seat_count_changed, key="seats")
        y += row + self.px(16)
        name_w = round(inner.w * 0.41)
        for n, (name, kind) in enumerate(setup.seats):
            self.entry(pygame.Rect(inner.x, y, name_w, row), name, self._seat_name(n),
                       key=f"seat{n}.name", max_length=MAX_NAME_LENGTH,
                       placeholder=f"Seat {n + 1}")
            self.dropdown(pygame.Rect(inner.x + name_w + gap, y, inner.w - name_w - gap, row),
                          list(_swap(KIND_LABELS)), kind, self._seat_kind(n),
                          key=f"seat{n}.kind", size=14)
            y += row + gap
        humans = sum(1 for _, kind in setup.seats if kind == "human")
        if humans > 1:
            note = ("Hot seat: the players share this screen; each hand stays hidden until "
                    "its player is ready.")
        elif humans == 0:
            note = "No human seat: you will watch the computer players."
        else:
            note = ("Set a second seat to Human for a hot-seat game with a friend at this "
                    "screen.")
        note_h = min(self.px(64), inner.bottom - y - self.px(4))
        if note_h > self.px(30):
            self.text_box(pygame.Rect(inner.x, inner.bottom - note_h, inner.w, note_h),
                          f"<font color='#b4c8ba'>{escape_html(note)}</font>", size=13,
                          style="plain_text")

    def _build_footer(self) -> None:
        top = self.footer_top() + self.px(10)
        row = self.px(44)
        margin = self.px(40)
        self.button(pygame.Rect(margin, top, self.px(150), row), "Back", self.back, key="back",
                    tooltip="Return to the title screen (Esc)")
        start_w = self.px(210)
        self.button(pygame.Rect(self.width - margin - start_w, top, start_w, row), "Deal the cards",
                    self.start, key="start", style="primary", size=17,
                    tooltip="Start the game with these rules and players")
        x = margin + self.px(170)
        self._status_label = self.label(
            pygame.Rect(x, top, self.width - margin - start_w - self.px(20) - x, row),
            self.status, style="error" if self.status_error else "muted", size=15)

    def default_focus(self) -> str | None:
        return "start"

    # -- drawing

    def draw_content(self, surface: pygame.Surface) -> None:
        for rect, title in zip(self._columns(), ("Game", "House rules", "Players"),
                               strict=True):
            draw_panel(surface, rect, self.scale, title)

    # -- changes

    def _set(self, key: str, rebuild: bool = False):  # noqa: ANN202
        def change(value: Any) -> None:
            self.setup.values[key] = str(value)
            self.setup.preset = ""
            if rebuild:
                self.rebuild()
            else:
                self._validate()
        return change

    def _hand_size_changed(self, value: float) -> None:
        self.setup.values["hand_size"] = str(int(round(value)))
        self.setup.preset = ""
        if self._hand_label is not None:
            self._hand_label.set_text(self.setup.values["hand_size"])
        self._validate()

    def _culbertson_changed(self, state: bool) -> None:
        self.setup.values["culbertson"] = "true" if state else "false"
        self.setup.preset = ""
        self._validate()

    def _variant_changed(self, variant_id: str) -> None:
        if variant_id in all_variants() and variant_id != self.setup.variant_id:
            self.setup.set_variant(variant_id)
            self.status = ""
            self.rebuild()

    def _restore_defaults(self) -> None:
        self.setup.set_variant(self.setup.variant_id)
        self._show_status("House rules set back to the variant's own.")
        self.rebuild()

    def _seat_count_changed(self, value: str) -> None:
        count = int(value)
        seats = self.setup.seats
        while len(seats) < count:
            self.setup.add_seat()
        del seats[count:]
        self.rebuild()

    def _seat_name(self, index: int):  # noqa: ANN202
        def change(text: str) -> None:
            self.setup.seats[index][0] = text
            self._validate()
        return change

    def _seat_kind(self, index: int):  # noqa: ANN202
        def change(kind: str) -> None:
            self.setup.seats[index][1] = kind
            self.rebuild()  # the note under the seats may change
        return change

    def _show_rules(self) -> None:
        self.app.scenes.open("rules", self.setup.variant_id, options=self._options_or_none())

    def _options_or_none(self) -> dict[str, Any] | None:
        try:
            options = self.setup.options()
            apply_options(self.setup.variant, options)
        except OptionError:
            return None
        return options

    # -- presets

    def _preset_name_changed(self, text: str) -> None:
        self.preset_name = text

    def _preset_chosen(self, name: str) -> None:
        if not name:
            return
        preset = self.app.store.presets.get(name)
        if preset is None:
            self._show_status(f'The preset "{name}" cannot be read.', error=True)
            self.rebuild()
            return
        if preset.variant not in all_variants():
            self._show_status(f'The preset "{name}" is for an unknown variant '
                              f'("{preset.variant}").', error=True)
            self.rebuild()
            return
        self.setup.set_variant(preset.variant)
        self.setup.load_options(preset.options)
        self.setup.preset = name
        self.preset_name = name
        problem = self.setup.check()
        if problem:
            self._show_status(f'Preset "{name}": {problem}', error=True)
        else:
            self._show_status(f'Loaded the preset "{name}".')
        self.rebuild()

    def _save_preset(self) -> None:
        name = self.preset_name.strip()
        if not name:
            self._show_status("Type a name for the preset first.", error=True)
            return
        try:
            options = self.setup.options()
            apply_options(self.setup.variant, options)
        except OptionError as error:
            self._show_status(f"Cannot save these rules: {error}", error=True)
            return
        if name in self.app.store.presets.names():
            self.open_dialog(ConfirmDialog(
                self.app, "Replace the preset?",
                f'A preset called "{name}" exists. Replace it with these rules?',
                lambda: self._write_preset(name, options), confirm="Replace"))
            return
        self._write_preset(name, options)

    def _write_preset(self, name: str, options: dict[str, Any]) -> None:
        try:
            self.app.store.presets.save(name, self.setup.variant_id, options)
        except (InvalidName, ValueError) as error:
            self._show_status(f"Cannot save the preset: {error}", error=True)
            return
        except StoreError as error:
            self._show_status(f"The preset could not be saved: {error}", error=True)
            return
        self.setup.preset = name
        self._show_status(f'Saved the preset "{name}".')
        self.rebuild()

    def _delete_preset(self) -> None:
        name = self.setup.preset or self.preset_name.strip()
        if not name or name not in self.app.store.presets.names():
            self._show_status("Choose a preset to delete first.", error=True)
            return
        self.open_dialog(ConfirmDialog(
            self.app, "Delete the preset?", f'Delete the house-rule preset "{name}"?',
            lambda: self._remove_preset(name), confirm="Delete", danger=True))

    def _remove_preset(self, name: str) -> None:
        try:
            self.app.store.presets.delete(name)
        except StoreError as error:
            self._show_status(f"The preset could not be deleted: {error}", error=True)
            return
        if self.setup.preset == name:
            self.setup.preset = ""
        if self.preset_name == name:
            self.preset_name = ""
        self._show_status(f'Deleted the preset "{name}".')
        self.rebuild()

    # -- status and start

    def _show_status(self, text: str, error: bool = False) -> None:
        self.status, self.status_error = text, error
        label = self._status_label
        if label is not None and label.alive():
            label.change_object_id(self.look.oid(self.px(15), "@error" if error else "@muted"))
            label.set_text(text)

    def _validate(self) -> str | None:
        problem = self.setup.check()
        if problem:
            self._show_status(problem, error=True)
        elif self.status_error:
            self._show_status("")
        return problem

    def start(self) -> None:
        problem = self._validate()
        if problem:
            return
        setup = self.setup
        seats = [Seat(name.strip(), kind) for name, kind in setup.seats]
        seed = time.time_ns() % (2**31 - 1)
        try:
            session = GameSession.new(setup.variant_id, setup.options(), seats, seed)
        except (OptionError, ValueError) as error:
            self._show_status(f"Cannot deal: {error}", error=True)
            return
        settings = self.app.settings
        settings.default_variant = setup.variant_id
        settings.default_seats = list(seats)
        self.app.store.save_settings()
        self.session = session
        open_table(self.app, session, replace=True)


def _swap(labels: Mapping[str, str]) -> list[tuple[str, str]]:
    """``{id: label}`` as pygame-gui drop-down options ``(label, id)``."""
    return [(label, key) for key, label in labels.items()]
