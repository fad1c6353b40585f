"""Settings: animation speed, hand order, hints, the tables' side panel, buying in
Shanghai Rummy, sound, the look of the cards, the UI scale and card size, high contrast,
window size and full screen.

Every change is taken into use and saved at once (``App.apply_settings``), so there is
no Apply button to forget; Restore defaults asks first. The screen opens from the title
and from the game menu of either table (Done goes back to where it was opened).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import (
    N_,
    _,
    available_languages,
    ngettext,
    system_language,
)
from game.store.settings import (
    ANIMATION_SPEED_RANGE,
    BUY_TIMER_RANGE,
    CARD_BACKS,
    HAND_SORTS,
    Settings,
)
from game.ui.manipulation.layout import hand_card_height
from game.ui.scale import USER_RANGE, Zoom, display_scale
from game.ui.speech import library_available
from game.ui.theme import CREAM, MUTED
from game.ui.widgets.dialogs import ConfirmDialog
from game.ui.widgets.drawing import draw_panel, draw_text, font, panel_inner
from game.ui.widgets.menus import MenuScene

if TYPE_CHECKING:
    from pygame_gui.elements import UIHorizontalSlider, UILabel

    from game.ui.scene import AppServices

WINDOW_SIZES: tuple[tuple[int, int], ...] = (
    (1024, 640), (1280, 800), (1440, 900), (1600, 1000), (1920, 1080), (1920, 1200),
    (2560, 1440), (3840, 2160),
)
HAND_SORT_LABELS = {"suit": N_("By suit, then rank"), "rank": N_("By rank, then suit")}
BACK_LABELS = {"blue": N_("Royal blue"), "red": N_("Venetian red"), "green": N_("Forest green"),
               "purple": N_("Purple"), "black": N_("Black")}
PREVIEW = ((1, "S"), (13, "H"), (12, "D"), (11, "C"))
BUY_TIMERS = (0, 5, 10, 15, 30, 60)
#: the panels on the left, top to bottom, and their rows
LEFT_PANELS = {"play": 4, "buying": 2, "window": 4}
SYSTEM = "system"  # the Language choice that follows the computer's language
#: the settings Restore defaults puts back (the window's size apart)
RESTORED = ("animation_speed", "sound_on", "volume", "four_colour_deck", "card_back",
            "hand_sort", "always_decline_buys", "hints_allowed", "buy_timer_seconds",
            "left_handed", "ui_scale_percent", "large_cards", "high_contrast")
#: the UI scales offered (percent); 0 follows the display's
UI_SCALES = (0, 75, 90, 100, 110, 125, 150, 175, 200)


def window_choices(current: tuple[int, int]) -> list[tuple[str, str]]:
    """Window sizes that fit the desktop, and the current size if it is none of them."""
    sizes = list(WINDOW_SIZES)
    try:
        desktop = pygame.display.get_desktop_sizes()[0]
    except (pygame.error, IndexError):
        desktop = None
    if desktop and desktop[0] >= sizes[0][0] and desktop[1] >= sizes[0][1]:
        sizes = [s for s in sizes if s[0] <= desktop[0] and s[1] <= desktop[1]]
    choices = [(f"{w} \u00d7 {h}", f"{w}x{h}") for w, h in sizes]
    key = f"{current[0]}x{current[1]}"
    if all(choice[1] != key for choice in choices):
        choices.append((_("{w} \u00d7 {h} (current)").format(w=current[0], h=current[1]), key))
    return choices


def buy_timer_choices(current: int) -> list[tuple[str, str]]:
    """The buy prompt's timers: off (it waits) or a number of seconds; the current value
    is kept if it is none of them (set by hand in the file)."""
    seconds = sorted({*BUY_TIMERS, current} if BUY_TIMER_RANGE[0] <= current <= BUY_TIMER_RANGE[1]
                     else set(BUY_TIMERS))
    return [(_("Off: wait for me") if n == 0 else ngettext("{n} second", "{n} seconds", n).format(
        n=n), str(n)) for n in seconds]


def ui_scale_choices(current: int) -> list[tuple[str, str]]:
    """The UI scales: the display's (with what it is now), then each percent; the current
    value is kept if it is none of them (set by hand in the file)."""
    shown = sorted({*UI_SCALES, current}) if current else list(UI_SCALES)
    display = round(display_scale() * 100)
    return [(_("Follow the display ({percent}%)").format(percent=display) if percent == 0
             else f"{percent}%", str(percent)) for percent in shown]


def language_choices() -> list[tuple[str, str]]:
    """Each language under its own name, after "System" (follow the computer's)."""
    system = dict(available_languages()).get(system_language(), "English")
    return [(_("System ({language})").format(language=system), SYSTEM),
            *((name, code) for code, name in available_languages())]


def speech_tooltip() -> str:
    """What Speak the table does, or why it is greyed (the optional library is missing)."""
    if library_available():
        return _("Say each turn, your hand, the card under the keyboard focus and why a "
                 "move is refused (F2: your hand, F3: the whole table)")
    return _("Needs the optional speech library: install the game with its speech extra "
             "(pip install \"machiavelli-rummy[speech]\"), see README")


def speed_text(speed: float) -> str:
    names = {0.25: _("very slow"), 0.5: _("slow"), 1.0: _("normal"), 2.0: _("fast"),
             4.0: _("very fast")}
    name = names.get(round(speed, 2))
    number = f"{speed:g}\u00d7"
    return f"{number} {name}" if name else number


class SettingsScene(MenuScene):
    title = N_("Settings")
    subtitle = N_("Changes take effect and are saved at once")

    def __init__(self, app: AppServices) -> None:
        super().__init__(app)
        self._speed_label: UILabel | None = None
        self._volume_label: UILabel | None = None
        self._volume_slider: UIHorizontalSlider | None = None

    @property
    def settings(self) -> Settings:
        return self.app.settings

    # -- layout

    def _row(self) -> tuple[int, int]:
        """Row height and gap: a little tighter in a window too low for the left column's
        rows at the usual size (1024x640)."""
        row, gap = self.px(38), self.px(14)
        if self._left_column(row, gap) > self.content_rect().h:
            row, gap = self.px(34), self.px(10)
        if self._left_column(row, gap) > self.content_rect().h:
            row, gap = self.px(31), self.px(8)
        return row, gap

    def _left_column(self, row: int, gap: int) -> int:
        """The height of the left column's panels with rows ``row`` tall, ``gap`` apart."""
        return sum(self._section_height(rows, row=row, gap=gap) for rows in LEFT_PANELS.values()) \
            + (len(LEFT_PANELS) - 1) * self.px(16)

    def _section_height(self, rows: int, extra: int = 0, *, row: int | None = None,
                        gap: int | None = None) -> int:
        if row is None or gap is None:
            row, gap = self._row()
        titled = panel_inner(pygame.Rect(0, 0, 100, 1000), self.scale)
        padding = 1000 - titled.h
        return padding + rows * row + (rows - 1) * gap + extra

    def _panels(self) -> dict[str, pygame.Rect]:
        """Play, Shanghai Rummy and Window stacked on the left; Sound above Cards (with its
        preview) on the right."""
        area = self.content_rect()
        gap = self.px(16)
        left_w = (area.w - gap) // 2
        heights = {name: self._section_height(rows) for name, rows in LEFT_PANELS.items()}
        spare = (area.h - 2 * gap - sum(heights.values())) // 3
        y, rects = area.y, {}
        for name, height in heights.items():
            rects[name] = pygame.Rect(area.x, y, left_w, height + max(0, spare))
            y += rects[name].h + gap
        right = pygame.Rect(area.x + left_w + gap, area.y, area.w - left_w - gap, area.h)
        sound_h = self._section_height(3)  # the cards and display take the rest
        rects["sound"] = pygame.Rect(right.x, right.y, right.w, sound_h)
        rects["cards"] = pygame.Rect(right.x, right.y + sound_h + gap, right.w,
                                     right.h - sound_h - gap)
        return rects

    def build(self) -> None:
        panels = self._panels()
        self._build_play(panel_inner(panels["play"], self.scale))
        self._build_buying(panel_inner(panels["buying"], self.scale))
        self._build_sound(panel_inner(panels["sound"], self.scale))
        self._build_window(panel_inner(panels["window"], self.scale))
        self._build_cards(panel_inner(panels["cards"], self.scale))
        top = self.footer_top() + self.px(10)
        row = self.px(44)
        self.button(pygame.Rect(self.px(40), top, self.px(150), row), _("Done"), self.back,
                    key="back", style="primary", tooltip=_("Return to the previous screen (Esc)"))
        width = self.px(210)
        self.button(pygame.Rect(self.width - self.px(40) - width, top, width, row),
                    _("Restore defaults"), self._ask_defaults, key="defaults",
                    tooltip=_("Put every setting back as it was when the game was installed"))

    def _columns(self, inner: pygame.Rect) -> tuple[int, int, int]:
        label_w = round(inner.w * 0.38)
        return label_w, inner.x + label_w, inner.right - inner.x - label_w

    def _value_width(self, texts: list[str]) -> int:
        """Room for the widest of ``texts`` as a bold value label (never cut short)."""
        face = font(self.px(15), "bold")
        return max(face.size(text)[0] for text in texts) + self.px(10)

    def _build_play(self, inner: pygame.Rect) -> None:
        settings = self.settings
        row, gap = self._row()
        label_w, x, w = self._columns(inner)
        low, high = ANIMATION_SPEED_RANGE
        value_w = self._value_width([speed_text(low + k * 0.25)
                                     for k in range(round((high - low) / 0.25) + 1)])
        y = inner.y
        self.label(pygame.Rect(inner.x, y, label_w, row), _("Animation speed"))
        self.slider(pygame.Rect(x, y + self.px(5), w - value_w - self.px(8), row - self.px(10)),
                    settings.animation_speed, (low, high), self._speed_changed, key="speed",
                    step=0.25)
        self._speed_label = self.label(pygame.Rect(inner.right - value_w, y, value_w, row),
                                       speed_text(settings.animation_speed),
                                       style="label_right", bold=True)
        y += row + gap
        self.label(pygame.Rect(inner.x, y, label_w, row), _("Hand order"))
        self.dropdown(pygame.Rect(x, y, w, row),
                      [(_(HAND_SORT_LABELS.get(key, key)), key) for key in HAND_SORTS],
                      settings.hand_sort, self._hand_sort_changed, key="hand_sort")
        y += row + gap
        self.label(pygame.Rect(inner.x, y, label_w, row), _("Hints"))
        box = self.px(24)
        self.check(pygame.Rect(x, y + (row - box) // 2, box, box), _("Allow hints"),
                   settings.hints_allowed, self._hints_changed, key="hints",
                   tooltip=_("Offer the Hint button at the tables (off: play on your own)"))
        y += row + gap
        self.label(pygame.Rect(inner.x, y, label_w, row), _("Side panel"))
        self.check(pygame.Rect(x, y + (row - box) // 2, box, box), _("On the left (left hand)"),
                   settings.left_handed, self._left_handed_changed, key="left_handed",
                   tooltip=_("Put the tables' buttons, stock and scores on the left"))

    def _build_buying(self, inner: pygame.Rect) -> None:
        settings = self.settings
        row, gap = self._row()
        label_w, x, w = self._columns(inner)
        y = inner.y
        self.label(pygame.Rect(inner.x, y, label_w, row), _("Buying"))
        box = self.px(24)
        self.check(pygame.Rect(x, y + (row - box) // 2, box, box), _("Always decline buys"),
                   settings.always_decline_buys, self._decline_buys_changed,
                   key="decline_buys",
                   tooltip=_("Never ask me to buy a discard out of turn"))
        y += row + gap
        self.label(pygame.Rect(inner.x, y, label_w, row), _("Time to decide"))
        current = settings.buy_timer_seconds
        self.dropdown(pygame.Rect(x, y, w, row), buy_timer_choices(current), str(current),
                      self._buy_timer_changed, key="buy_timer")

    def _build_sound(self, inner: pygame.Rect) -> None:
        settings = self.settings
        row, gap = self._row()
        label_w, x, w = self._columns(inner)
        value_w = self._value_width(["100%"])
        y = inner.y
        self.label(pygame.Rect(inner.x, y, label_w, row), _("Sound"))
        box = self.px(24)
        self.check(pygame.Rect(x, y + (row - box) // 2, box, box), _("Card and table sounds"),
                   settings.sound_on, self._sound_changed, key="sound",
                   tooltip=_("Play card and table sounds"))
        y += row + gap
        self.label(pygame.Rect(inner.x, y, label_w, row), _("Volume"))
        volume = round(settings.volume * 100)
        self._volume_slider = self.slider(
            pygame.Rect(x, y + self.px(5), w - value_w - self.px(8), row - self.px(10)),
            volume, (0, 100), self._volume_changed, key="volume", step=5)
        self._volume_label = self.label(pygame.Rect(inner.right - value_w, y, value_w, row),
                                        f"{volume}%", style="label_right", bold=True)
        self._show_volume(settings.sound_on)
        y += row + gap
        self.label(pygame.Rect(inner.x, y, label_w, row), _("Speech"))
        speech = self.check(pygame.Rect(x, y + (row - box) // 2, box, box), _("Speak the table"),
                            settings.speak_table and library_available(), self._speech_changed,
                            key="speech", tooltip=speech_tooltip())
        if not library_available():
            speech.disable()  # greyed, its tooltip says what to install

    def _show_volume(self, sound_on: bool) -> None:
        """The volume is for the sounds: its slider is off while they are."""
        slider = self._volume_slider
        if slider is None or not slider.alive():
            return
        if sound_on and not slider.is_enabled:
            slider.enable()
        elif not sound_on and slider.is_enabled:
            slider.disable()

    def _build_internet(self, inner: pygame.Rect, y: int) -> None:
        """The internet games' meeting point, the Window panel's last row."""
        row, _gap = self._row()
        label_w, x, w = self._columns(inner)
        self.label(pygame.Rect(inner.x, y, label_w, row), _("Internet play"))
        self.entry(pygame.Rect(x, y, w, row), self.settings.internet_server,
                   self._internet_changed, key="internet", max_length=200,
                   placeholder=_("public (magic-wormhole)"))

    def _internet_changed(self, text: str) -> None:
        """Where internet games meet: empty for magic-wormhole's public servers, else a
        self-hosted mailbox (HOST, ws://HOST:PORT/v1, then tcp:HOST:PORT for its relay);
        the lobby and Join say in words what is wrong with it."""
        self.settings.internet_server = " ".join(text.split())[:200]
        self._apply()

    def _build_window(self, inner: pygame.Rect) -> None:
        row, gap = self._row()
        label_w, x, w = self._columns(inner)
        y = inner.y
        # first in the panel, so its list of languages opens downwards whole
        self.label(pygame.Rect(inner.x, y, label_w, row), _("Language"))
        self.dropdown(pygame.Rect(x, y, w, row), language_choices(),
                      self.settings.language or SYSTEM, self._language_changed, key="language")
        y += row + gap
        self.label(pygame.Rect(inner.x, y, label_w, row), _("Window size"))
        current = self.settings.window_size
        self.dropdown(pygame.Rect(x, y, w, row), window_choices(current),
                      f"{current[0]}x{current[1]}", self._size_changed, key="window")
        y += row + gap
        self.label(pygame.Rect(inner.x, y, label_w, row), _("Full screen"))
        box = self.px(24)
        self.check(pygame.Rect(x, y + (row - box) // 2, box, box), _("Full screen (F11)"),
                   self.app.fullscreen, self._fullscreen_changed, key="fullscreen",
                   tooltip=_("Fill the screen; F11 switches at any time"))
        self._build_internet(inner, y + row + gap)

    def _build_cards(self, inner: pygame.Rect) -> None:
        settings = self.settings
        row, gap = self._row()
        label_w, x, w = self._columns(inner)
        y = inner.y
        self.label(pygame.Rect(inner.x, y, label_w, row), _("Suit colours"))
        box = self.px(24)
        self.check(pygame.Rect(x, y + (row - box) // 2, box, box), _("Four-colour deck"),
                   settings.four_colour_deck, self._four_colour_changed, key="four_colour",
                   tooltip=_("Clubs green and diamonds blue, so every suit has its own colour"))
        y += row + gap
        self.label(pygame.Rect(inner.x, y, label_w, row), _("Card back"))
        self.dropdown(pygame.Rect(x, y, w, row),
                      [(_(BACK_LABELS.get(name, name.title())), name) for name in CARD_BACKS],
                      settings.card_back, self._back_changed, key="card_back")
        y += row + gap
        self.label(pygame.Rect(inner.x, y, label_w, row), _("UI scale"))
        current_scale = settings.ui_scale_percent
        self.dropdown(pygame.Rect(x, y, w, row), ui_scale_choices(current_scale),
                      str(current_scale), self._ui_scale_changed, key="ui_scale")
        y += row + gap
        self.label(pygame.Rect(inner.x, y, label_w, row), _("Card size"))
        self.check(pygame.Rect(x, y + (row - box) // 2, box, box), _("Large cards"),
                   settings.large_cards, self._large_cards_changed, key="large_cards",
                   tooltip=_("Cards a quarter larger at the tables, at the same UI scale"))
        y += row + gap
        self.label(pygame.Rect(inner.x, y, label_w, row), _("Contrast"))
        self.check(pygame.Rect(x, y + (row - box) // 2, box, box), _("High contrast"),
                   settings.high_contrast, self._high_contrast_changed, key="high_contrast",
                   tooltip=_("White text on black panels, bright edges and a darker felt"))

    def _preview_area(self) -> pygame.Rect:
        inner = panel_inner(self._panels()["cards"], self.scale)
        row, gap = self._row()
        top = inner.y + 5 * (row + gap) + self.px(8)
        return pygame.Rect(inner.x, top, inner.w, inner.bottom - top)

    def default_focus(self) -> str | None:
        return "speed"

    # -- changes

    def _apply(self) -> None:
        self.app.apply_settings()

    def _speed_changed(self, value: float) -> None:
        speed = round(float(value) * 4) / 4
        self.settings.animation_speed = min(max(speed, ANIMATION_SPEED_RANGE[0]),
                                            ANIMATION_SPEED_RANGE[1])
        if self._speed_label is not None:
            self._speed_label.set_text(speed_text(self.settings.animation_speed))
        self._apply()

    def _language_changed(self, value: str) -> None:
        """Speak the chosen language at once: this screen is rebuilt in it, and the others
        build their texts when they are next shown."""
        self.settings.language = "" if value == SYSTEM else value
        self._apply()  # App.apply_language: ours and pygame-gui's texts
        self.rebuild()

    def _hints_changed(self, state: bool) -> None:
        self.settings.hints_allowed = bool(state)
        self._apply()

    def _left_handed_changed(self, state: bool) -> None:
        self.settings.left_handed = bool(state)  # a table laid out again as it shows next
        self._apply()

    def _buy_timer_changed(self, value: str) -> None:
        low, high = BUY_TIMER_RANGE
        seconds = int(value) if value.isdigit() else 0
        self.settings.buy_timer_seconds = min(max(seconds, low), high)
        self._apply()

    def _fullscreen_changed(self, state: bool) -> None:
        if bool(state) != self.app.fullscreen:
            self.app.set_fullscreen(bool(state))  # rebuilds this screen for the new size

    def _hand_sort_changed(self, value: str) -> None:
        self.settings.hand_sort = value
        self._apply()

    def _sound_changed(self, state: bool) -> None:
        self.settings.sound_on = bool(state)
        self._show_volume(bool(state))
        self._apply()
        if state:
            self.app.sounds.play("card_drop")

    def _volume_changed(self, value: float) -> None:
        volume = int(round(float(value) / 5) * 5)
        self.settings.volume = volume / 100
        if self._volume_label is not None:
            self._volume_label.set_text(f"{volume}%")
        self._apply()
        self.app.sounds.play("card_drop")

    def _speech_changed(self, state: bool) -> None:
        self.settings.speak_table = bool(state)
        self._apply()
        if state:
            self.app.speak(_("Speech is on. At the table, F2 reads your hand and F3 the "
                             "whole table."))

    def _decline_buys_changed(self, state: bool) -> None:
        self.settings.always_decline_buys = bool(state)
        self._apply()

    def _four_colour_changed(self, state: bool) -> None:
        self.settings.four_colour_deck = bool(state)
        self._apply()

    def _ui_scale_changed(self, value: str) -> None:
        self.settings.ui_scale_percent = int(value)
        self._apply()
        self.rebuild()  # the menus are drawn at the new scale

    def _large_cards_changed(self, state: bool) -> None:
        self.settings.large_cards = bool(state)
        self._apply()

    def _high_contrast_changed(self, state: bool) -> None:
        self.settings.high_contrast = bool(state)
        self._apply()
        self.rebuild()  # the widgets take the new colours

    def _back_changed(self, value: str) -> None:
        self.settings.card_back = value
        self._apply()

    def _size_changed(self, value: str) -> None:
        w, _, h = value.partition("x")
        size = (int(w), int(h))
        self.settings.window_size = size
        if self.app.fullscreen:
            self.app.set_fullscreen(False)  # back to a window of the size chosen
        elif size != self.app.size:
            self.app.resize(size)  # rebuilds this screen for the new size
        self.settings.window_size = self.app.size
        self._apply()

    def _ask_defaults(self) -> None:
        self.open_dialog(ConfirmDialog(
            self.app, _("Restore the default settings?"),
            _("Animation, hints, the side panel, buying, sound, cards, hand order, UI scale, "
              "contrast and window size go back to their defaults. "
            "Your saved games, presets and statistics are kept."),
            self._restore_defaults, confirm=_("Restore")))

    def _restore_defaults(self) -> None:
        defaults = Settings()
        settings = self.settings
        for name in RESTORED:
            setattr(settings, name, getattr(defaults, name))
        width, height = defaults.window_size
        settings.window_size = (width, height)
        if self.app.fullscreen:
            self.app.set_fullscreen(False)
        elif (width, height) != self.app.size:
            self.app.resize((width, height))
        settings.window_size = self.app.size
        self._apply()
        self.rebuild()

    # -- drawing

    def draw_content(self, surface: pygame.Surface) -> None:
        titles = {"play": _("Play"), "buying": _("Shanghai Rummy"),
                  "sound": _("Sound"), "window": _("Window"),
                  "cards": _("Cards and display")}
        for name, rect in self._panels().items():
            draw_panel(surface, rect, self.scale, titles[name])
        self._draw_preview(surface, self._preview_area())

    def _draw_preview(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """Four cards of the chosen colours and the chosen back, as big as the tables' cards
        are at the chosen UI scale and card size beside the largest (issue 51: at 200% or
        with large cards the preview grows, as the hand's cards do)."""
        if area.h < self.px(80):
            return
        art = self.app.card_art
        draw_text(surface, _("PREVIEW"), self.px(12), MUTED, style="bold",
                  topleft=(area.x, area.y))
        top = area.y + self.px(24)  # under the heading's line, which holds the captions too
        largest = min(area.bottom - top - self.px(6), round(area.w / 4.6 * 1.4), self.px(240))
        size = self.app.size
        share = hand_card_height(size, self.app.zoom) / hand_card_height(
            size, Zoom(USER_RANGE[1], large_cards=True))
        card_h = round(largest * min(1.0, share))
        card_w = round(card_h / 1.4)
        step = round(card_w * 0.55)
        gap = self.px(40)
        total = step * (len(PREVIEW) - 1) + card_w + gap + card_w
        x = area.centerx - total // 2
        y = top + (area.bottom - top - card_h) // 2
        spread = art.glow_spread((card_w, card_h))
        shadow = art.shadow((card_w, card_h))
        for n, (rank, suit) in enumerate(PREVIEW):
            pos = (x + n * step, y)
            surface.blit(shadow, (pos[0] - spread + 2, pos[1] - spread + 5))
            surface.blit(art.face(rank, suit, (card_w, card_h)), pos)
        back_x = x + step * (len(PREVIEW) - 1) + card_w + gap
        surface.blit(shadow, (back_x - spread + 2, y - spread + 5))
        surface.blit(art.back((card_w, card_h)), (back_x, y))
        # each caption just above its cards (on the heading's line at the largest)
        caption_y = y - self.px(12)
        draw_text(surface, _("Four colours") if art.four_colour else _("Two colours"), self.px(14),
                  CREAM, midleft=(x, caption_y))
        draw_text(surface, _(BACK_LABELS.get(art.back_style, art.back_style.title())),
                  self.px(14), CREAM, midleft=(back_x, caption_y))
