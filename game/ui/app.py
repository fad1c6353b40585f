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
from pathlib import Path

import pygame
import pygame_gui

from game.store import Store
from game.ui.assets import asset_path, load_theme
from game.ui.card_art import CardArt
from game.ui.scene import Scene, SceneStack
from game.ui.sound import Sounds

MIN_SIZE = (1024, 640)
FPS = 60
NOTICE_SECONDS = 6.0


class App:
    def __init__(self, data_dir: Path | None = None, smoke: bool = False) -> None:
        if smoke:
            os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
            os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        self.smoke = smoke
        self.store = Store.open(data_dir)
        self.settings = self.store.settings
        pygame.init()
        size = self._initial_size()
        self.window = pygame.display.set_mode(size, pygame.RESIZABLE)
        pygame.display.set_caption("Machiavelli")
        self._set_icon()
        self.ui = pygame_gui.UIManager(size, load_theme(), enable_live_theme_updates=False)
        self.card_art = CardArt(self.settings.four_colour_deck, self.settings.card_back)
        self.sounds = Sounds(_sound_on(self.settings) and not smoke, self.settings.volume)
        self.scenes = SceneStack()
        self.clock = pygame.time.Clock()
        self.running = True
        self.notices: list[tuple[str, float]] = []
        # Read every save once at start-up: a damaged one is set aside (never deleted) now,
        # with a message, rather than surprising the player later.
        self.store.saves.list()
        for message in self.store.messages:
            self.notify(str(message))
        self._font = pygame.font.Font(str(asset_path("fonts", "DejaVuSans.ttf")), 16)

    def _initial_size(self) -> tuple[int, int]:
        width, height = self.settings.window_size
        return max(MIN_SIZE[0], int(width)), max(MIN_SIZE[1], int(height))

    def _set_icon(self) -> None:
        # an icon is a nicety; the window works without one
        with contextlib.suppress(pygame.error, FileNotFoundError):
            pygame.display.set_icon(pygame.image.load(str(asset_path("icons", "icon-64.png"))))

    @property
    def size(self) -> tuple[int, int]:
        return self.window.get_size()

    # --- settings and messages

    def apply_settings(self) -> None:
        """Settings changed on the settings screen: take them into use and save them."""
        settings = self.settings
        self.card_art = CardArt(settings.four_colour_deck, settings.card_back)
        self.sounds.enabled = _sound_on(settings)
        self.sounds.volume = settings.volume
        self.store.save_settings()

    def notify(self, text: str) -> None:
        """Show a message over the scenes for a few seconds (file problems, saves)."""
        self.notices.append((text, time.monotonic() + NOTICE_SECONDS))

    # --- the loop

    def resize(self, size: tuple[int, int]) -> None:
        size = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
        if size != self.window.get_size():
            self.window = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.ui.set_window_resolution(size)
        self.settings.window_size = size
        for scene in self.scenes:
            if scene is self.scenes.top:
                scene.resize(size)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            size = (event.w, event.h) if event.type == pygame.VIDEORESIZE else (event.x, event.y)
            self.resize(size)
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

    def draw(self) -> None:
        for scene in self.scenes.visible():
            scene.draw(self.window)
        self.ui.draw_ui(self.window)
        self._draw_notices()
        pygame.display.flip()

    def _draw_notices(self) -> None:
        now = time.monotonic()
        self.notices = [(t, until) for t, until in self.notices if until > now]
        y = 12
        for text, _ in self.notices[-3:]:
            label = self._font.render(text, True, (255, 245, 220))
            box = label.get_rect(midtop=(self.window.get_width() // 2, y)).inflate(24, 12)
            pygame.draw.rect(self.window, (90, 30, 30), box, border_radius=8)
            pygame.draw.rect(self.window, (230, 190, 120), box, width=1, border_radius=8)
            self.window.blit(label, label.get_rect(center=box.center))
            y = box.bottom + 6

    def run(self, first: Scene) -> int:
        self.scenes.push(first)
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
        while len(self.scenes):
            self.scenes.pop()
        pygame.quit()


def _sound_on(settings: object) -> bool:
    """The sound preference (``sound_on`` in the store's settings)."""
    return bool(getattr(settings, "sound_on", getattr(settings, "sound", True)))


def run_app(data_dir: Path | None = None, smoke_frames: int | None = None,
            screenshot: Path | None = None) -> int:
    if smoke_frames is not None:
        return run_smoke(data_dir, smoke_frames, screenshot)
    from game.ui.scenes.title import TitleScene

    app = App(data_dir)
    return app.run(TitleScene(app))


def run_smoke(data_dir: Path | None, frames: int, screenshot: Path | None) -> int:
    """Render ``frames`` frames of a computer-only game's table, headless, then exit."""
    from game.ui.scenes.table import TableScene
    from game.ui.session import GameSession, Seat

    started = time.perf_counter()
    app = App(data_dir, smoke=True)
    seats = [Seat("North", "hard"), Seat("South", "medium")]
    session = GameSession.new("machiavelli", {}, seats, seed=1)
    app.scenes.push(TableScene(app, session, autosave=False))
    first_frame = None
    render_start = time.perf_counter()
    for _ in range(max(0, frames)):
        app.frame(1.0 / FPS)
        if first_frame is None:
            first_frame = time.perf_counter() - started
    elapsed = time.perf_counter() - render_start
    if screenshot is not None:
        screenshot.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(app.window, str(screenshot))
    fps = frames / elapsed if elapsed > 0 else 0.0
    print(f"frames: {frames}  fps: {fps:.1f}  first frame after: {first_frame or 0:.2f} s")
    sys.stdout.flush()
    app.shutdown()
    return 0
