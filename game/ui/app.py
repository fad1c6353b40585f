"""The application: window, UI manager, store, sounds, card art and the scene stack.

``run_app`` is what ``machiavelli`` starts. With ``smoke_frames`` it opens the table of a
computer-only game, renders that many frames as fast as it can (animations included),
optionally saves a screenshot, prints the frame count and rate, and exits 0.
"""

from __future__ import annotations

import contextlib
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

import pygame
import pygame_gui

from game import i18n
from game.i18n import N_, _
from game.store import Store, StoreMessage
from game.store.settings import WINDOW_HEIGHT_RANGE, WINDOW_WIDTH_RANGE
from game.ui.assets import asset_path, load_theme
from game.ui.card_art import CardArt
from game.ui.scale import Zoom
from game.ui.scene import Router, Scene, SceneRegistry, SceneStack
from game.ui.scenes import SCENES, check_saved_games, screens
from game.ui.sound import Sounds
from game.ui.speech import Speaker, make_speaker
from game.ui.spoken import speakable
from game.ui.theme import (
    NOTICE_EDGE,
    NOTICE_FILL,
    NOTICE_INFO_FILL,
    NOTICE_TEXT,
    font,
    set_high_contrast,
)
from game.ui.widgets.look import Look

MIN_SIZE = (1024, 640)
MAX_SIZE = (WINDOW_WIDTH_RANGE[1], WINDOW_HEIGHT_RANGE[1])  # the largest the settings keep
#: SDL's video drivers without a screen: their "desktop" is a made-up size, not a limit
HEADLESS_DRIVERS = frozenset({"dummy", "offscreen"})
SIZE_SAVE_DELAY = 1.0  # seconds after the last resize before the new size is saved
FPS = 60
NOTICE_SECONDS = 6.0
NOTICE_MAX_WIDTH = 900


class Notice(NamedTuple):
    """A message over the scenes until ``until`` (the monotonic clock); ``info``: news,
    not a problem (drawn in the calm style)."""

    text: str
    until: float
    info: bool = False
STARTUP_TITLE = N_("Some files needed attention")


class App:
    def __init__(self, data_dir: Path | None = None, smoke: bool = False,
                 lang: str | None = None) -> None:
        if smoke:
            os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
            os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        self.smoke = smoke
        self.store = Store.open(data_dir)
        self.settings = self.store.settings
        # --lang (this run only) > the language chosen in Settings > the system's
        i18n.set_language(i18n.choose_language(lang, self.settings.language))
        pygame.init()
        size = self._initial_size()
        self.fullscreen = False
        self.window = pygame.display.set_mode(size, pygame.RESIZABLE)
        self._size_changed_at: float | None = None  # a window size not saved yet
        pygame.display.set_caption("Machiavelli")
        self._set_icon()
        # pygame-gui translates its own widgets' texts (python-i18n) in the same language
        self.ui = pygame_gui.UIManager(size, load_theme(), enable_live_theme_updates=False,
                                       starting_language=i18n.current_language())
        self._use_contrast()
        self.card_art = CardArt(self.settings.four_colour_deck, self.settings.card_back)
        self.sounds = Sounds(_sound_on(self.settings) and not smoke, self.settings.volume)
        #: the voice of "Speak the table" (made when first needed; tests put in their own)
        self.speaker: Speaker | None = None
        self._speech_problem_told = False
        self.scenes = SceneStack(self, SceneRegistry(SCENES))
        #: navigation's one owner: the rooms below the screens open them through it
        self.router: Router = screens.ScreenRouter(self)
        self.clock = pygame.time.Clock()
        self.running = True
        self.notices: list[Notice] = []
        # Read every save once at start-up: a damaged one, or one whose game does not
        # replay to what it says, is set aside (never deleted) now, with a message,
        # rather than surprising the player later.
        check_saved_games(self)
        #: the store's messages from start-up, shown all together over the first screen
        self.startup_messages: list[StoreMessage] = list(self.store.messages)
        if not self.store.claim():  # another window plays on this folder: never overwrite it
            self.startup_messages.append(StoreMessage(self.store.paths.data_dir, _(
                "another window of the game is using this folder, and Continue keeps its "
                "unfinished game: this window does not autosave. Save a game under a name "
                "of its own (game menu, Save) to keep it.")))
        self._font = font(16)
        if self.settings.fullscreen and not smoke:
            self.set_fullscreen(True, save=False)

    def _initial_size(self) -> tuple[int, int]:
        """The window's size from the settings, kept within the screen (and ``MAX_SIZE``)."""
        return fit_window(self.settings.window_size, screen_sizes())

    def _set_icon(self) -> None:
        # an icon is a nicety; the window works without one
        with contextlib.suppress(pygame.error, FileNotFoundError):
            pygame.display.set_icon(pygame.image.load(str(asset_path("icons", "icon-64.png"))))

    @property
    def zoom(self) -> Zoom:
        """The player's UI scale (or the display's) and card size, from the Settings."""
        return Zoom.of(self.settings.ui_scale_percent, self.settings.large_cards)

    @property
    def size(self) -> tuple[int, int]:
        return self.window.get_size()

    # --- full screen

    def set_fullscreen(self, on: bool, save: bool = True) -> None:
        """Full screen at the desktop's size, or back to the window at the size it had
        (``settings.window_size`` keeps the window's size, never the screen's)."""
        if on:
            try:
                desktop = pygame.display.get_desktop_sizes()[0]
            except (pygame.error, IndexError):
                desktop = self.size
            size = (max(MIN_SIZE[0], desktop[0]), max(MIN_SIZE[1], desktop[1]))
            try:
                self.window = pygame.display.set_mode(size, pygame.FULLSCREEN)
            except pygame.error as error:  # no full screen here: stay in the window
                self.notify(_("Full screen is not available: {error}").format(error=error))
                on = False
        if not on:
            self.window = pygame.display.set_mode(self._initial_size(), pygame.RESIZABLE)
        self.fullscreen = on
        self.settings.fullscreen = on
        self._window_resized(self.size)
        if save:
            self.store.save_settings()

    def toggle_fullscreen(self) -> None:
        self.set_fullscreen(not self.fullscreen)

    # --- settings and messages

    def apply_settings(self) -> None:
        """Settings changed on the settings screen: take them into use and save them."""
        settings = self.settings
        self._use_contrast()
        self.card_art = CardArt(settings.four_colour_deck, settings.card_back)
        self.sounds.enabled = _sound_on(settings)
        self.sounds.volume = settings.volume
        self.apply_language()
        self.store.save_settings()

    def speak(self, text: str, interrupt: bool = False) -> None:
        """Say ``text`` aloud when "Speak the table" is on (see ``game.ui.speech``)."""
        if not self.settings.speak_table or not text:
            return
        if self.speaker is None:
            self.speaker = make_speaker()
        self.speaker.say(speakable(text), interrupt)
        problem = getattr(self.speaker, "problem", None)
        if problem and not self._speech_problem_told:  # no voice after all: say so once
            self._speech_problem_told = True
            self.notify(_("Speech is not available: {problem}").format(problem=problem))

    def _use_contrast(self) -> None:
        """The Settings' contrast, on the felts and the widgets."""
        set_high_contrast(self.settings.high_contrast)
        Look.of(self.ui).use_contrast(self.settings.high_contrast)

    def apply_language(self) -> None:
        """Speak the Settings' language (or the system's) from the next frame drawn on:
        messages are looked up when drawn, so no restart is needed."""
        code = i18n.choose_language(None, self.settings.language)
        if code != i18n.current_language():
            i18n.set_language(code)
            self.ui.set_locale(code)

    def notify(self, text: str, info: bool = False) -> None:
        """Show a message over the scenes for a few seconds: a problem (a file), or with
        ``info`` news (a game saved, the tutorial finished)."""
        self.notices.append(Notice(text, time.monotonic() + NOTICE_SECONDS, info))

    def show_startup_messages(self) -> None:
        """Show every file problem met while starting, each in full, in one dialog over
        the top screen (it scrolls when they do not all fit)."""
        if not self.startup_messages:
            return
        messages, self.startup_messages = self.startup_messages, []
        folders = sorted({str(message.path.parent) for message in messages})
        where = folders[0] if len(folders) == 1 else _("{first} and {second}").format(
            first=", ".join(folders[:-1]), second=folders[-1])
        self.scenes.push(screens.notices(
            self, _(STARTUP_TITLE), [startup_text(message) for message in messages],
            intro=_("The game started normally, but:"),
            outro=_("Nothing was deleted: a file set aside was renamed and kept in "
                    "{where}.").format(where=where)))

    # --- the loop

    def resize(self, size: tuple[int, int]) -> None:
        """The window's size changed (dragged, or chosen in the settings): lay out again
        and remember the size (saved shortly after, once the dragging stops)."""
        size = fit_window(size, ())
        if self.fullscreen:
            self._window_resized(self.size)  # the screen's size is not the window's
            return
        if size != self.window.get_size():
            self.window = pygame.display.set_mode(size, pygame.RESIZABLE)
        if self.settings.window_size != size:
            self.settings.window_size = size
            self._size_changed_at = time.monotonic()
        self._window_resized(size)

    def _window_resized(self, size: tuple[int, int]) -> None:
        self.ui.set_window_resolution(size)
        for scene in self.scenes:
            if scene is self.scenes.top:
                scene.resize(size)

    def _save_size_later(self) -> None:
        changed = self._size_changed_at
        if changed is not None and time.monotonic() - changed >= SIZE_SAVE_DELAY:
            self._size_changed_at = None
            self.store.save_settings()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            size = (event.w, event.h) if event.type == pygame.VIDEORESIZE else (event.x, event.y)
            self.resize(size)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        top = self.scenes.top
        used_by_ui = self.ui.process_events(event)
        if top is not None and not used_by_ui:
            top.handle_event(event)

    def frame(self, dt: float) -> None:
        """One frame: events, updates, drawing."""
        for event in pygame.event.get():
            self.handle(event)
            if not self.running:
                return
        top = self.scenes.top
        if top is not None:
            top.update(dt)
        self.ui.update(dt)
        self.draw()
        self._save_size_later()

    def draw(self) -> None:
        for scene in self.scenes.visible():
            scene.draw(self.window)
        self.ui.draw_ui(self.window)
        self._draw_notices()
        pygame.display.flip()

    def _draw_notices(self) -> None:
        """The notices, oldest first, each wrapped in full; those that do not fit below
        the others wait (their time starts when they show), so none is lost or cut."""
        now = time.monotonic()
        self.notices = [notice for notice in self.notices if notice.until > now]
        window_w, window_h = self.window.get_size()
        text_w = min(NOTICE_MAX_WIDTH, window_w - 48) - 24
        line_h = self._font.get_linesize()
        y, limit = 12, window_h - 12
        for index, (text, _until, info) in enumerate(self.notices):
            lines = wrap_lines(self._font, text, text_w)
            if index and y + len(lines) * line_h + 12 > limit:
                waiting = self.notices[index:]
                self.notices[index:] = [n._replace(until=max(n.until, now + NOTICE_SECONDS))
                                        for n in waiting]
                break
            lines = lines[: max(1, (limit - y - 12) // line_h)]
            box = pygame.Rect(0, y, max(self._font.size(line)[0] for line in lines) + 24,
                              len(lines) * line_h + 12)
            box.centerx = window_w // 2
            pygame.draw.rect(self.window, NOTICE_INFO_FILL if info else NOTICE_FILL, box,
                             border_radius=8)
            pygame.draw.rect(self.window, NOTICE_EDGE, box, width=1, border_radius=8)
            for n, line in enumerate(lines):
                label = self._font.render(line, True, NOTICE_TEXT)
                top = box.y + 6 + n * line_h
                self.window.blit(label, label.get_rect(midtop=(box.centerx, top)))
            y = box.bottom + 6

    def run(self, first: Scene, *more: Scene) -> int:
        """Show ``first`` (and ``more`` over it, in order) and run until the window closes."""
        self.scenes.push(first)
        for scene in more:
            self.scenes.push(scene)
        self.show_startup_messages()
        while self.running and len(self.scenes):
            dt = self.clock.tick(FPS) / 1000.0
            self.frame(min(dt, 0.1))
        self.shutdown()
        return 0

    def quit(self) -> None:
        top = self.scenes.top
        hook = getattr(top, "before_quit", None)
        if hook is not None:
            hook()  # e.g. the table autosaves
        self.running = False

    def shutdown(self) -> None:
        self.store.save_settings()
        if self.speaker is not None:
            self.speaker.close()
        while len(self.scenes):
            self.scenes.pop()
        pygame.quit()


def fit_window(wanted: Sequence[int], screens: Sequence[tuple[int, int]]) -> tuple[int, int]:
    """The window's size for the ``wanted`` one: no larger than the largest of ``screens``
    (none when headless) nor ``MAX_SIZE``, no smaller than ``MIN_SIZE``."""
    width, height = min(int(wanted[0]), MAX_SIZE[0]), min(int(wanted[1]), MAX_SIZE[1])
    usable = [(w, h) for w, h in screens if w > 0 and h > 0]
    if usable:
        width = min(width, max(w for w, _h in usable))
        height = min(height, max(h for _w, h in usable))
    return max(MIN_SIZE[0], width), max(MIN_SIZE[1], height)


def screen_sizes() -> list[tuple[int, int]]:
    """The sizes of the screens the window can open on; none when headless (the dummy
    driver's desktop is made up) or unknown."""
    try:
        if pygame.display.get_driver() in HEADLESS_DRIVERS:
            return []
        return [(int(w), int(h)) for w, h in pygame.display.get_desktop_sizes()]
    except (pygame.error, TypeError, ValueError):
        return []


def startup_text(message: StoreMessage) -> str:
    """A store message as the start-up dialog shows it: the file's name and the problem."""
    return f"{message.path.name}: {message.problem}"


def wrap_lines(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """``text`` broken into lines no wider than ``width`` (at spaces where it can, inside a
    long word where it must); never an empty list."""
    lines: list[str] = []
    for paragraph in text.splitlines() or [""]:
        line = ""
        for word in paragraph.split(" "):
            candidate = f"{line} {word}" if line else word
            if font.size(candidate)[0] <= width:
                line = candidate
                continue
            if line:
                lines.append(line)
            while font.size(word)[0] > width and len(word) > 1:
                cut = _fitting_prefix(font, word, width)
                lines.append(word[:cut])
                word = word[cut:]
            line = word
        lines.append(line)
    return lines


def _fitting_prefix(font: pygame.font.Font, word: str, width: int) -> int:
    """How many leading characters of ``word`` fit in ``width`` (at least one)."""
    low, high = 1, len(word)
    while low < high:
        middle = (low + high + 1) // 2
        if font.size(word[:middle])[0] <= width:
            low = middle
        else:
            high = middle - 1
    return low


def _sound_on(settings: object) -> bool:
    """The sound preference (``sound_on`` in the store's settings)."""
    return bool(getattr(settings, "sound_on", getattr(settings, "sound", True)))


def run_app(data_dir: Path | None = None, smoke_frames: int | None = None,
            screenshot: Path | None = None, lang: str | None = None,
            deal: int | None = None) -> int:
    """The game from its title screen; with ``deal``, New game over it with that deal
    number filled in (``machiavelli --deal N``)."""
    if smoke_frames is not None:
        return run_smoke(data_dir, smoke_frames, screenshot, lang)
    app = App(data_dir, lang=lang)
    title = screens.title(app)
    if deal is None:
        return app.run(title)
    return app.run(title, screens.new_game(app, deal=deal))


def run_smoke(data_dir: Path | None, frames: int, screenshot: Path | None,
              lang: str | None = None) -> int:
    """Render ``frames`` frames of a computer-only game's table, headless, then exit."""
    # here, not at the top: the session loads the solver, which the title screen must not
    from game.session import GameSession, Seat

    started = time.perf_counter()
    app = App(data_dir, smoke=True, lang=lang)
    seats = [Seat("North", "hard"), Seat("South", "medium")]
    session = GameSession.new("machiavelli", {}, seats, seed=1)
    app.scenes.push(screens.table(app, session, autosave=False))
    first_frame = None
    render_start = time.perf_counter()
    for _frame in range(max(0, frames)):
        app.frame(1.0 / FPS)
        if first_frame is None:
            first_frame = time.perf_counter() - started
    elapsed = time.perf_counter() - render_start
    saved = True
    if screenshot is not None:  # the command line refused a path that cannot be a file
        try:
            screenshot.parent.mkdir(parents=True, exist_ok=True)
            pygame.image.save(app.window, str(screenshot))
        except (OSError, pygame.error) as error:
            print(f"machiavelli: the screenshot could not be saved: {error}", file=sys.stderr)
            saved = False
    fps = frames / elapsed if elapsed > 0 else 0.0
    print(f"frames: {frames}  fps: {fps:.1f}  first frame after: {first_frame or 0:.2f} s")
    sys.stdout.flush()
    app.shutdown()
    return 0 if saved else 1
