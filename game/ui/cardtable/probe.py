"""Drive a table through real pygame events, frame by frame: what the UI tests, the
rendering benchmark and smoke checks use. Mouse and key events are posted to pygame's
queue and the app's own ``frame`` handles them, exactly as when a person plays."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.engine.cards import Card
from game.ui.cardtable.controls import Controls

if TYPE_CHECKING:
    from game.ui.cardtable.card_table import CardTableScene
    from game.ui.cardtable.driver import Worker
    from game.ui.scene import AppServices

DT = 1.0 / 60.0
THINKING_SECONDS = 120.0


class TableProbe:
    def __init__(self, app: AppServices, scene: CardTableScene[Any, Any], dt: float = DT) -> None:
        self.app = app
        self.scene = scene
        self.dt = dt
        self.mouse = (0, 0)

    # --- time

    def frames(self, count: int = 1) -> None:
        for _ in range(count):
            self.app.frame(self.dt)

    def until(self, done: Callable[[], bool], limit: int = 3000, what: str = "") -> None:
        """Run frames until ``done()``; AssertionError after ``limit`` frames.

        Frames spent while a computer player or a hint is still thinking in its thread do
        not count: the probe waits for the thread in real time instead (up to
        ``THINKING_SECONDS`` in all), since a busy machine can make a search take far more
        wall time than a fixed number of fast headless frames."""
        frames = 0
        waited_until = time.monotonic() + THINKING_SECONDS
        while frames < limit:
            if done():
                return
            pending = self._thinking()
            if pending is not None and time.monotonic() < waited_until:
                pending.wait(0.02)
            else:
                frames += 1
            self.app.frame(self.dt)
        if done():
            return
        raise AssertionError(f"gave up waiting{' for ' + what if what else ''}: "
                             f"mode {self.scene.mode}, top {self.app.scenes.top!r}, "
                             f"errors {self.scene.errors}")

    def _thinking(self) -> Worker | None:
        """A worker thread of the scene (computer turn or hint) that has not finished."""
        return next((worker for worker in self.scene.workers() if not worker.done), None)

    def idle(self) -> bool:
        """The table waits for a person (to play, or to look: a coach's view) and nothing
        moves."""
        scene = self.scene
        return self.app.scenes.top is scene and scene.mode in ("human", "view") \
            and not scene.sprites.busy

    def settle(self, limit: int = 3000) -> None:
        """Run until it is a person's turn and every card has landed."""
        self.until(self.idle, limit, "a human turn")

    # --- finding things

    def card(self, text: str, where: str = "any") -> Card:
        """The card shown as ``text`` (e.g. ``"7H"``) in the hand, on the table, or anywhere."""
        layout = self.scene.layout
        assert layout is not None
        for card, spot in layout.spots.items():
            zone_ok = where == "any" or (where == "hand") == (spot.zone == "hand")
            if zone_ok and str(card) == text:
                found: Card = card
                return found
        raise AssertionError(f"no {text} ({where}) on screen")

    def center(self, card: Card) -> tuple[int, int]:
        sprite = self.scene.sprites.sprites[card]
        rect = sprite.rect
        return (rect.x + min(rect.width // 4, 14), rect.centery)

    def button(self, name: str) -> pygame.Rect:
        controls = self.scene.controls
        assert isinstance(controls, Controls)  # either family's sidebar buttons
        rect: pygame.Rect = controls.buttons[name].rect
        return rect

    # --- input

    def post(self, kind: int, **fields: Any) -> None:
        pygame.event.post(pygame.event.Event(kind, **fields))

    def move(self, pos: tuple[float, float], buttons: tuple[int, int, int] = (0, 0, 0)) -> None:
        pos = (int(pos[0]), int(pos[1]))
        rel = (pos[0] - self.mouse[0], pos[1] - self.mouse[1])
        self.mouse = pos
        self.post(pygame.MOUSEMOTION, pos=pos, rel=rel, buttons=buttons, touch=False)
        self.frames()

    def press(self, pos: tuple[float, float], button: int = 1) -> None:
        pos = (int(pos[0]), int(pos[1]))
        self.mouse = pos
        self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button, touch=False)
        self.frames()

    def release(self, pos: tuple[float, float], button: int = 1) -> None:
        pos = (int(pos[0]), int(pos[1]))
        self.mouse = pos
        self.post(pygame.MOUSEBUTTONUP, pos=pos, button=button, touch=False)
        self.frames()

    def click(self, pos: tuple[float, float], button: int = 1, mods: int = 0) -> None:
        pygame.key.set_mods(mods)
        try:
            self.move(pos)
            self.press(pos, button)
            self.release(pos, button)
            self.frames()  # pygame-gui's button events arrive on the next frame
        finally:
            pygame.key.set_mods(0)

    def click_button(self, name: str) -> None:
        self.click(self.button(name).center)

    def drag(self, start: tuple[float, float], end: tuple[float, float],
             steps: int = 6) -> None:
        """Press at ``start``, move to ``end`` in ``steps``, release there."""
        self.move(start)
        self.press(start)
        for k in range(1, steps + 1):
            t = k / steps
            self.move((start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t),
                      (1, 0, 0))
        self.release(end)

    def key(self, key: int, mod: int = 0, text: str = "") -> None:
        self.post(pygame.KEYDOWN, key=key, mod=mod, unicode=text, scancode=0)
        self.post(pygame.KEYUP, key=key, mod=mod, unicode=text, scancode=0)
        self.frames()

    def felt_spot(self) -> tuple[int, int]:
        """A point of empty felt (no meld, no card) inside the table area."""
        layout = self.scene.layout
        assert layout is not None
        table = layout.table
        for y in range(table.bottom - 10, table.top, -12):
            for x in range(table.right - 10, table.left, -12):
                if layout.on_felt((x, y)) and self.scene.sprites.hit((x, y)) is None \
                        and not any(r.collidepoint((x, y)) for r in layout.new_melds):
                    return (x, y)
        raise AssertionError("no empty felt")
