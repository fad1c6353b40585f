"""Scenes as a stack: each screen handles events, updates and draws; the top one is live.

A scene creates its pygame-gui elements in ``on_enter`` and kills them in ``on_exit``,
so pushing a scene on top (a dialog, the hand-over screen) and popping it back is cheap.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from game.ui.app import App


class Scene:
    """Base of every screen. ``app`` gives the window, the UI manager, the store and sounds."""

    #: covers the whole window (False: the scene below is drawn first, e.g. a dialog)
    opaque = True

    def __init__(self, app: App) -> None:
        self.app = app
        self._elements: list = []

    # lifecycle
    def on_enter(self) -> None:
        """Build the scene's widgets (also called after a resize)."""

    def on_exit(self) -> None:
        self.clear_elements()

    def on_resume(self) -> None:
        """The scene above was popped."""
        self.on_enter()

    def on_pause(self) -> None:
        """Another scene is pushed on top."""
        self.clear_elements()

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size: rebuild widgets for the new layout."""
        self.clear_elements()
        self.on_enter()

    # per frame
    def handle_event(self, event: pygame.event.Event) -> bool:
        """Handle one event; return True when it was used."""
        return False

    def update(self, dt: float) -> None:
        """Advance animations and computer players by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw everything that is not a pygame-gui widget."""

    # widgets
    def track(self, element):  # noqa: ANN001, ANN201 - any pygame-gui element
        """Remember a widget so it is killed with the scene."""
        self._elements.append(element)
        return element

    def clear_elements(self) -> None:
        for element in self._elements:
            element.kill()
        self._elements.clear()


class SceneStack:
    def __init__(self) -> None:
        self._scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self._scenes[-1] if self._scenes else None

    def __len__(self) -> int:
        return len(self._scenes)

    def __iter__(self):  # noqa: ANN204
        return iter(self._scenes)

    def push(self, scene: Scene) -> None:
        if self.top:
            self.top.on_pause()
        self._scenes.append(scene)
        scene.on_enter()

    def pop(self) -> Scene | None:
        if not self._scenes:
            return None
        scene = self._scenes.pop()
        scene.on_exit()
        if self.top:
            self.top.on_resume()
        return scene

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for another."""
        if self._scenes:
            self._scenes.pop().on_exit()
        self._scenes.append(scene)
        scene.on_enter()

    def reset(self, scene: Scene) -> None:
        """Clear the stack and start again from ``scene`` (e.g. back to the title)."""
        while self._scenes:
            self._scenes.pop().on_exit()
        self.push(scene)

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first: from the highest opaque one up."""
        start = 0
        for index, scene in enumerate(self._scenes):
            if scene.opaque:
                start = index
        return self._scenes[start:]
