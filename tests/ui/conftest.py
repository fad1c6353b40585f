"""Shared set-up of the UI tests: a real ``App`` on the dummy SDL drivers (set by
``tests/conftest.py``), closed after the test, and the helpers that drive its screens with
real pygame events (pump frames, click a widget, press a key, type into an entry, pick a
drop-down option, find a widget or a button)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from pygame_gui.elements import UIButton, UIDropDownMenu, UITextEntryLine

from game import i18n
from game.ui.app import App

WINDOW = (1280, 800)

#: ``start_app(data_dir=None, size=WINDOW, speed=None)``: a started App, closed at teardown
StartApp = Callable[..., App]


@pytest.fixture(autouse=True)
def english(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The UI tests read English texts: the system's language is English for them, and a
    test that switches language leaves English behind it."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANGUAGE", "en")
    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.fixture
def start_app(tmp_path: Path) -> Iterator[StartApp]:
    """Start as many apps as a test needs (each on ``data_dir``, ``tmp_path`` unless given,
    at ``size``, with the animation ``speed`` if given); every one is closed afterwards:
    its scenes popped, its store closed."""
    apps: list[App] = []

    def start(data_dir: Path | None = None, size: tuple[int, int] = WINDOW,
              speed: float | None = None) -> App:
        app = App(data_dir=tmp_path if data_dir is None else data_dir)
        apps.append(app)
        if speed is not None:
            app.settings.animation_speed = speed
        app.resize(size)
        return app

    yield start
    for app in apps:
        while len(app.scenes):
            app.scenes.pop()
        app.store.close()


@pytest.fixture
def app(start_app: StartApp) -> App:
    """One app on the test's own data folder, 1280 x 800."""
    return start_app()


def pump(app: App, frames: int = 4) -> None:
    for _ in range(frames):
        app.frame(1 / 60)


def click(app: App, element: Any, frames: int = 4) -> None:
    """Press and release the left button at the centre of ``element``."""
    pos = element.get_abs_rect().center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))
    pump(app, frames)


def press(app: App, key: int, mod: int = 0, frames: int = 3) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="",
                                         scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0))
    pump(app, frames)


def type_text(app: App, entry: UITextEntryLine, text: str) -> None:
    """Click into ``entry``, select all and type ``text`` over it."""
    click(app, entry)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=pygame.KMOD_CTRL,
                                         unicode="a", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0,
                                         unicode="", scancode=0))
    pump(app, 2)
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    pump(app, 3)


def widget(scene: Any, key: str) -> Any:
    """The element of ``scene``'s focus item ``key``."""
    for item in scene.focus.items:
        if item.key == key:
            return item.element
    raise LookupError(f"no widget {key!r} on {type(scene).__name__}")


def button(app: App, text: str) -> UIButton:
    """The live button showing ``text`` (the top scene's, or a dialog's)."""
    top = app.scenes.top
    assert top is not None
    found = [e for e in top._elements if isinstance(e, UIButton) and e.text == text]
    if not found:
        texts = [e.text for e in top._elements if isinstance(e, UIButton)]
        raise LookupError(f"no button {text!r}; buttons: {texts}")
    return found[0]


def choose(app: App, menu: UIDropDownMenu, option_id: str) -> None:
    """Open the drop-down with a click and click the option ``option_id``."""
    click(app, menu.current_state.selected_option_button)
    assert menu.current_state is menu.menu_states["expanded"], "the drop-down did not open"
    labels = {option[1]: option[0] for option in menu.options_list}
    for item in menu.current_state.options_selection_list.item_list:
        if item["text"] == labels[option_id] and item["button_element"] is not None:
            click(app, item["button_element"])
            break
    else:
        raise LookupError(f"option {option_id!r} is not on view")
    assert menu.selected_option[1] == option_id


def top_name(app: App) -> str:
    return type(app.scenes.top).__name__


def open_table(app: App, variant: str, seats: list[Any], seed: int,
               rigged: dict | None = None, options: dict | None = None,
               autosave: bool = False) -> Any:
    """A manipulation table of a new match on ``app``, its deal rigged to ``rigged``
    (tests.conftest.rig), settled: the TableProbe that drives it."""
    from game.session import GameSession
    from game.ui.cardtable.probe import TableProbe
    from game.ui.manipulation.table import TableScene
    from tests.conftest import rig

    session = GameSession.new(variant, options or {}, seats, seed)
    if rigged is not None:
        rig(session.match, **rigged)
    scene = TableScene(app, session, autosave=autosave)
    app.scenes.push(scene)
    probe = TableProbe(app, scene)
    probe.settle()
    return probe
