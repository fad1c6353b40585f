"""Keyboard only (issue 33): every registered screen (``game.ui.scenes.SCENES``) opened in
the real app and walked with real key events (Tab, the arrows in a list, F6 into a table's
buttons): every button, drop-down, slider, entry and check box on it takes the focus, with
the gold frame on view around it. Then the tables' actions that had no key: the contract
table's cards (select, stage, lay off, discard) from the keyboard."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pygame
import pytest
from pygame_gui.elements import (
    UIButton,
    UICheckBox,
    UIDropDownMenu,
    UIHorizontalSlider,
    UITextEntryLine,
)

from game.coach.review import TurnReview
from game.engine.cards import parse_cards
from game.engine.table import Table
from game.net import HostSettings
from game.session import GameSession, Seat
from game.store import AUTOSAVE
from game.ui.app import App
from game.ui.cardtable.probe import TableProbe
from game.ui.scenes import SCENES
from game.ui.scenes import join as join_module
from game.ui.scenes import lobby as lobby_module
from game.ui.scenes import screens as makers
from tests.ui.conftest import press, pump

CONTROLS = (UIButton, UIDropDownMenu, UIHorizontalSlider, UITextEntryLine, UICheckBox)


HOSTS: list[Any] = []  # the headless hosts the joined tables joined, stopped after each test


@pytest.fixture(autouse=True)
def loopback(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The lobby hosts on the loopback address, on a free port, unannounced; the Join
    screen looks for no games."""
    monkeypatch.setattr(lobby_module, "host_settings", lambda: HostSettings(
        host="127.0.0.1", port=0, takeover_after=30.0, announce=False))
    monkeypatch.setattr(join_module, "start_browser", lambda: None)
    monkeypatch.setattr(join_module, "TOKENS", {})
    yield
    while HOSTS:
        HOSTS.pop().stop()


def session(variant: str = "machiavelli", seats: list[Seat] | None = None) -> GameSession:
    return GameSession.new(variant, {}, seats or [Seat("You", "human"), Seat("Ada", "easy")], 5)


def controls_of(app: App) -> list[Any]:
    """The live, shown, enabled controls of the top screen (its sidebar's at a table)."""
    scene = app.scenes.top
    assert scene is not None
    found = list(scene._elements)
    if hasattr(scene, "keyboard_buttons"):
        found += list(scene.keyboard_buttons().values())
    listed = {id(e) for e in list_rows(scene).values()}
    seen: set[int] = set()
    out = []
    for element in found:
        if not isinstance(element, CONTROLS) or id(element) in seen or id(element) in listed:
            continue
        seen.add(id(element))
        if element.alive() and element.visible and element.is_enabled:
            out.append(element)
    return out


def list_rows(scene: Any) -> dict[Any, Any]:
    """The rows of the saves' list (one focus item: Up / Down move along it)."""
    rows = getattr(scene, "_rows", None)
    return rows if isinstance(rows, dict) else {}


def ring_of(scene: Any) -> Any:
    """The focus ring moving over ``scene``'s controls (a table's: F6's)."""
    keys = getattr(scene, "button_keys", None)
    return keys.ring if keys is not None else scene.focus


def walk(app: App, where: str) -> list[str]:
    """Tab round the top screen (F6 first at a table, Down along a list); the controls
    never focused with the frame on view around them."""
    scene = app.scenes.top
    if hasattr(scene, "button_keys"):
        press(app, pygame.K_F6)
    controls = controls_of(app)
    assert controls, f"{where}: no controls"
    reached: set[int] = set()
    problems: list[str] = []
    ring = ring_of(scene)
    groups = ring.groups() if ring is not None else []
    # a screen of key groups (issue 51): Tab to each group, Down along each one
    steps = [pygame.K_TAB] * (2 * len(controls) + 4) if len(groups) < 2 else \
        [step for _group in groups for step in
         [pygame.K_TAB] + [pygame.K_DOWN] * (len(controls) + 1)]
    for step in steps:
        press(app, step)
        ring = ring_of(scene)
        item = ring.focused if ring is not None else None
        if item is None:
            continue
        frame = ring._ring
        rect = item.element.get_abs_rect()
        if frame is None or not frame.visible or not frame.get_abs_rect().contains(rect):
            problems.append(f"{where}: {item.key} focused without its frame on view")
        reached.add(id(item.element))
        if item.kind == "list":  # its rows, one by one
            for _row in range(len(list_rows(scene)) + 1):
                press(app, pygame.K_DOWN)
                reached.add(id(ring.focused.element))
    for element in controls:
        if id(element) not in reached:
            text = getattr(element, "text", "") or type(element).__name__
            problems.append(f"{where}: {text!r} never takes the keyboard's focus")
    return problems


def opened(app: App, name: str, *args: Any, settle: bool = False, **kwargs: Any) -> Any:
    scene = app.scenes.push(getattr(makers, name)(app, *args, **kwargs))
    if settle:
        TableProbe(app, scene).settle()
    pump(app, 3)
    return scene


def screens(app: App) -> Iterator[tuple[str, Callable[[], object]]]:
    """Each registered screen by name, and how the game opens it."""
    game = session()
    app.store.saves.write("evening", game.to_json(), game.summary())
    app.store.saves.write(AUTOSAVE, game.to_json(), game.summary())
    contract = session("shanghai-rummy", [Seat("You", "human"), Seat("Ada", "medium"),
                                          Seat("Boole", "medium")])
    yield "title", lambda: opened(app, "title")
    yield "new_game", lambda: opened(app, "new_game")
    yield "saves", lambda: opened(app, "saves", "load")
    yield "saves (save)", lambda: opened(app, "saves", "save", game)
    yield "rules", lambda: opened(app, "rules")
    yield "settings", lambda: opened(app, "settings")
    yield "statistics", lambda: opened(app, "statistics")
    yield "notices", lambda: opened(app, "notices", "Some files", ["one", "two"])
    yield "table", lambda: opened(app, "table", session(), autosave=False, settle=True)
    yield "table_menu", lambda: (opened(app, "table", session(), autosave=False, settle=True),
                                 press(app, pygame.K_ESCAPE))
    yield "contract_table", lambda: opened(app, "contract_table", contract, autosave=False,
                                           settle=True)
    yield "lobby", lambda: opened(app, "lobby", "machiavelli", {},
                                  [("Niccolo", "human"), ("", "net")], 5)
    yield "hosted_table", lambda: _hosted_table(app)
    yield "hosted_contract_table", lambda: _hosted_table(app, "shanghai-rummy")
    yield "join", lambda: opened(app, "join")
    yield "joined_table", lambda: _joined_table(app, "machiavelli")
    yield "joined_contract_table", lambda: _joined_table(app, "shanghai-rummy")
    yield "handover", lambda: opened(app, "handover", "Ada", lambda: None, detail="Boole drew")
    yield "scoreboard", lambda: opened(app, "scoreboard", game)
    yield "contract_scoreboard", lambda: opened(app, "contract_scoreboard", contract)
    yield "puzzles", lambda: opened(app, "puzzles")
    yield "puzzle_table", lambda: opened(app, "puzzle_table", _puzzle(), settle=True)
    yield "tutorial", lambda: opened(app, "tutorial", settle=True)
    yield "review", lambda: opened(app, "review", game)
    yield "review_table", lambda: opened(app, "review_table", game, _turn(), "Ada",
                                         settle=True)


def _hosted_table(app: App, variant: str = "machiavelli") -> object:
    lobby = opened(app, "lobby", variant, {},
                   [("Niccolo", "human"), ("Ada", "easy"), ("Boole", "easy")], 5)
    for _frame in range(600):
        if type(app.scenes.top).__name__ in ("HostedTableScene", "HostedContractTableScene"):
            break
        if lobby.ready:
            lobby.start()
        pump(app, 1)
    scene = app.scenes.top
    TableProbe(app, scene).settle()
    return scene


def _joined_table(app: App, variant: str) -> object:
    """A table joined from the Join screen, its host headless on the loopback address."""
    from game.net import SeatSpec
    from tests.ui.scenes.test_join import headless_host, join_and_begin

    seats = [SeatSpec("local", "Ada"), SeatSpec("net")]
    if variant == "shanghai-rummy":
        seats.append(SeatSpec("easy", "Cy"))
    host = headless_host(seats, variant=variant)
    HOSTS.append(host)
    scene = join_and_begin(app, host, [])
    pump(app, 3)
    return scene


def _puzzle() -> Any:
    from tests.ui.coach.test_coach import known_puzzle

    return known_puzzle()


def _turn() -> TurnReview:
    table = Table.parse("3C 4C 5C 6C | 9D 9S 9H", __import__(
        "game.engine.cards", fromlist=["CardMinter"]).CardMinter())
    cards = tuple(parse_cards("6D 6H KS")[0])
    return TurnReview(hand=1, turn=1, table=table, cards=cards, opened=True, played=(),
                      after=table, ended_by="draw", value=0, best=None, solution=None,
                      mark="held", seat=0, hand_counts=(3, 5), seats_opened=(True, True),
                      drawn=1)


def test_every_registered_screen_is_walked(app: App) -> None:
    names = {name.split(" ")[0] for name, _open in screens(app)}
    assert names == set(SCENES), set(SCENES) ^ names


def dialogs(app: App) -> Iterator[tuple[str, Callable[[], object]]]:
    """The dialogs the screens open over themselves (not registered: made where asked)."""
    from game.ui.widgets.dialogs import ConfirmDialog, MessageDialog, PromptDialog

    yield "confirm dialog", lambda: (opened(app, "title"), press(app, pygame.K_ESCAPE))
    yield "message dialog", lambda: app.scenes.push(MessageDialog(app, "Note", "Said."))
    yield "prompt dialog", lambda: app.scenes.push(PromptDialog(app, "Save game", "Name:",
                                                                lambda _text: None))
    yield "danger dialog", lambda: app.scenes.push(ConfirmDialog(app, "Sure?", "Really.",
                                                                 lambda: None, danger=True))


def test_every_control_of_every_screen_takes_the_focus_with_its_frame(app: App) -> None:
    problems: list[str] = []
    for name, open_it in [*screens(app), *dialogs(app)]:
        while len(app.scenes):
            app.scenes.pop()
        open_it()
        problems += walk(app, name)
    while len(app.scenes):
        app.scenes.pop()
    assert not problems, "\n".join(problems)


def test_f6_presses_the_tables_buttons_and_esc_goes_back_to_the_cards(app: App) -> None:
    from tests.ui.conftest import open_table

    probe = open_table(app, "machiavelli", [Seat("You", "human"), Seat("Ada", "easy")], 5)
    scene = probe.scene
    probe.key(pygame.K_F6)
    assert scene.button_keys.focused is scene.controls.buttons["draw"]  # the first enabled
    while scene.button_keys.focused is not scene.controls.buttons["hint"]:
        probe.key(pygame.K_DOWN)
    probe.key(pygame.K_RETURN)
    assert scene.human.hint_worker is not None or scene.message is not None
    probe.until(lambda: scene.human.hint_worker is None, 3000, "the hint")
    probe.key(pygame.K_ESCAPE)  # Esc leaves the buttons for the cards
    assert scene.button_keys.focused is None
    assert scene.button_keys.ring is not None and not scene.button_keys.ring._ring.visible
    if scene.mode == "hint":
        probe.key(pygame.K_ESCAPE)  # the hint on show: Esc dismisses it
    probe.key(pygame.K_ESCAPE)  # at the cards Esc opens the menu
    assert type(app.scenes.top).__name__ == "TableMenu"
