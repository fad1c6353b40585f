"""Scenes as a stack: each screen handles events, updates and draws; the top one is live.

A scene creates its pygame-gui elements in ``on_enter`` and kills them in ``on_exit``,
so pushing a scene on top (a dialog, the hand-over screen) and popping it back is cheap.

Screens open each other through typed makers (``app.scenes.push(screens.rules(app,
variant_id))``, ``game.ui.scenes.screens``), never by importing each other: the makers ask
``SceneRegistry``, which maps each name to the module and class that make it
(``game.ui.scenes.SCENES`` lists the game's screens), imported only when first made, as
Tuxemon registers its states by name. The names stay inside: only the makers use them.

Every room of ``game/ui`` takes the App as ``AppServices``, the protocol below: what a
screen, a table, a controller or a widget may use of it (the store, the settings, the
scene stack, the router, the sounds, speech, notices, the window's size). Only
``game.ui.app`` imports ``App``, which matches it structurally; so no room imports the
floor above it, not even for a type.

Navigation has one owner, the App's router. The screens (``game.ui.scenes``) sit on top
and open each other through their makers; the rooms below them (the card-table kit, each
family's table, the coach's tables, the widgets) never import a screen: they ask
``app.router`` for one by name (``app.router.settings()``) and show it through
``app.scenes``. ``Router`` is the protocol they see; its one implementation
(``game.ui.scenes.screens.ScreenRouter``) is the App's. ``pyproject.toml``'s import
contracts hold both rules.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

import pygame
from pygame_gui.core import UIElement

if TYPE_CHECKING:
    import pygame_gui

    from game.session import GameSession
    from game.store import Store
    from game.store.settings import Settings
    from game.ui.card_art import CardArt
    from game.ui.scale import Zoom
    from game.ui.sound import Sounds

ElementT = TypeVar("ElementT", bound=UIElement)  # any pygame-gui element


class Scene:
    """Base of every screen. ``app`` gives the window, the UI manager, the store and sounds."""

    #: covers the whole window (False: the scene below is drawn first, e.g. a dialog)
    opaque = True

    def __init__(self, app: AppServices) -> None:
        self.app = app
        self._elements: list[UIElement] = []

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
    def track(self, element: ElementT) -> ElementT:
        """Remember a widget so it is killed with the scene."""
        self._elements.append(element)
        return element

    def clear_elements(self) -> None:
        for element in self._elements:
            element.kill()
        self._elements.clear()


#: what makes a scene: a Scene class, or any callable taking the app first
SceneFactory = Callable[..., "Scene"]

#: a scene of some kind, as the stack gives it back
SceneT = TypeVar("SceneT", bound=Scene)


class SceneRegistry:
    """Scene factories by name. A name is registered with a factory, or lazily with
    ``"package.module:Class"`` (imported the first time the scene is made, so opening the
    title does not load the table)."""

    def __init__(self, entries: dict[str, str] | None = None) -> None:
        self._paths: dict[str, str] = dict(entries or {})
        self._factories: dict[str, SceneFactory] = {}

    def register(self, name: str, factory: SceneFactory | str) -> None:
        if isinstance(factory, str):
            self._paths[name] = factory
            self._factories.pop(name, None)
        else:
            self._factories[name] = factory

    def __contains__(self, name: object) -> bool:
        return name in self._factories or name in self._paths

    def names(self) -> list[str]:
        return sorted(set(self._factories) | set(self._paths))

    def factory(self, name: str) -> SceneFactory:
        """The factory registered as ``name``; KeyError naming the known ones if none."""
        found = self._factories.get(name)
        if found is not None:
            return found
        path = self._paths.get(name)
        if path is None:
            raise KeyError(f"no scene {name!r}; registered: {', '.join(self.names())}")
        module, _, attribute = path.partition(":")
        made: SceneFactory = getattr(importlib.import_module(module), attribute)
        self._factories[name] = made
        return made


class SceneStack:
    """The scenes on screen, bottom first. ``push``, ``replace`` and ``reset`` show a scene
    made by a typed maker (``game.ui.scenes.screens``); ``create`` is the makers' access to
    the registry by name."""

    def __init__(self, app: AppServices | None = None,
                 registry: SceneRegistry | None = None) -> None:
        self._scenes: list[Scene] = []
        self.app = app
        self.registry = registry if registry is not None else SceneRegistry()

    def create(self, name: str, *args: Any, **kwargs: Any) -> Scene:
        """A new scene of the kind registered as ``name`` (not shown yet): for the typed
        makers of ``game.ui.scenes.screens``, which give each screen its parameters."""
        if self.app is None:
            raise RuntimeError("this scene stack has no app to make scenes for")
        return self.registry.factory(name)(self.app, *args, **kwargs)

    @property
    def top(self) -> Scene | None:
        return self._scenes[-1] if self._scenes else None

    def __len__(self) -> int:
        return len(self._scenes)

    def __iter__(self) -> Iterator[Scene]:
        return iter(self._scenes)

    def push(self, scene: SceneT) -> SceneT:
        """Show ``scene`` on top; it is returned, as its maker typed it."""
        if self.top:
            self.top.on_pause()
        self._scenes.append(scene)
        scene.on_enter()
        return scene

    def pop(self) -> Scene | None:
        if not self._scenes:
            return None
        scene = self._scenes.pop()
        scene.on_exit()
        if self.top:
            self.top.on_resume()
        return scene

    def replace(self, scene: SceneT) -> SceneT:
        """Swap the top scene for ``scene``, which is returned."""
        if self._scenes:
            self._scenes.pop().on_exit()
        self._scenes.append(scene)
        scene.on_enter()
        return scene

    def reset(self, scene: SceneT) -> SceneT:
        """Clear the stack and start again from ``scene`` (e.g. back to the title), which is
        returned."""
        while self._scenes:
            self._scenes.pop().on_exit()
        return self.push(scene)

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first: from the highest opaque one up."""
        start = 0
        for index, scene in enumerate(self._scenes):
            if scene.opaque:
                start = index
        return self._scenes[start:]


class Router(Protocol):
    """The screens a room below them may open; each returns the screen, made, not shown."""

    def title(self) -> Scene:
        """The title screen."""
        ...

    def saves(self, mode: str = "load", session: GameSession | None = None) -> Scene:
        """The saves list: ``mode`` "load", or "save" with the ``session`` to save."""
        ...

    def settings(self) -> Scene:
        """The settings screen."""
        ...

    def table_menu(self, table: Scene) -> Scene:
        """The menu of ``table`` (a card table)."""
        ...

    def handover(self, name: str, on_confirm: Callable[[], None], *, detail: str = "",
                 table: Any = None, on_back: Callable[[], object] | None = None) -> Scene:
        """The hot-seat cover: ``name``'s turn; ``on_confirm`` once they lift it."""
        ...

    def scoreboard(self, session: GameSession, table: Scene | None = None) -> Scene:
        """The manipulation game's end of a hand (``table``: the table it closes)."""
        ...

    def contract_scoreboard(self, session: GameSession, table: Scene | None = None) -> Scene:
        """The contract game's end of a round (``table``: the table it closes)."""
        ...


class AppServices(Protocol):
    """What a screen, a table, a controller or a widget may use of the App
    (``game.ui.app.App``, the one implementation)."""

    @property
    def store(self) -> Store:
        """The player's saves, settings and statistics."""
        ...

    @property
    def settings(self) -> Settings:
        """The store's settings (changed in place, saved by ``apply_settings``)."""
        ...

    @property
    def scenes(self) -> SceneStack:
        """The scenes on screen."""
        ...

    @property
    def router(self) -> Router:
        """Navigation's one owner: the screens, made by name."""
        ...

    @property
    def ui(self) -> pygame_gui.UIManager:
        """pygame-gui's manager of the widgets."""
        ...

    @property
    def card_art(self) -> CardArt:
        """The cards as the settings draw them."""
        ...

    @property
    def sounds(self) -> Sounds:
        """The game's sounds."""
        ...

    @property
    def smoke(self) -> bool:
        """A headless run (``--smoke``): the computer players think in the frame."""
        ...

    @property
    def fullscreen(self) -> bool:
        ...

    @property
    def size(self) -> tuple[int, int]:
        """The window's size."""
        ...

    @property
    def zoom(self) -> Zoom:
        """The player's UI scale and card size."""
        ...

    def set_fullscreen(self, on: bool, save: bool = True) -> None:
        ...

    def resize(self, size: tuple[int, int]) -> None:
        """Make the window ``size`` (its screen laid out again)."""
        ...

    def apply_settings(self) -> None:
        """Take the changed settings into use and save them."""
        ...

    def speak(self, text: str, interrupt: bool = False) -> None:
        """Say ``text`` aloud when "Speak the table" is on."""
        ...

    def notify(self, text: str, info: bool = False) -> None:
        """A message over the scenes for a few seconds (``info``: news, not a problem)."""
        ...

    def frame(self, dt: float) -> None:
        """One frame: events, updates, drawing."""
        ...

    def quit(self) -> None:
        """Close the window (the top scene's ``before_quit`` first)."""
        ...
