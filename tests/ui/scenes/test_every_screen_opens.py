"""Every registered screen opens through its typed maker (``game.ui.scenes.screens``) in the
real app, headless, and draws frames (issue 31, point 8). A screen registered without a
maker, or a maker whose parameters no longer reach its screen, fails here."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator

import pytest

from game.ai.players import make_player
from game.coach.review import review_session
from game.net import HostSettings, NetHost, SeatSpec
from game.session import GameSession, NetworkSeats, Seat
from game.ui.app import App
from game.ui.scene import Scene
from game.ui.scenes import SCENES, screens
from tests.ui.coach.test_coach import known_puzzle
from tests.ui.conftest import StartApp, pump

SEATS = [Seat("You", "human"), Seat("Ada", "easy"), Seat("Boole", "easy")]


def _played(variant: str = "machiavelli", actions: int = 0, seed: int = 3) -> GameSession:
    """A game of ``variant``, ``actions`` moves in (each chosen by an Easy player), or to
    the end of its hand if that comes first."""
    session = GameSession.new(variant, {}, list(SEATS), seed)
    players = [make_player("easy", seed + n) for n in range(len(SEATS))]
    for _ in range(actions):
        if session.match.hand_over:
            break
        seat = session.match.awaiting
        session.match.apply(players[seat].decide(session.match.view(seat)).action)
    return session


def _hosted(variant: str) -> tuple[GameSession, NetHost]:
    """A game of ``variant`` hosted for the network (seat 2 played from elsewhere) and its
    host, made, never started: a host table only reads its events, and there are none."""
    session = _played(variant)
    session.network = NetworkSeats((1,), ("easy",))
    host = NetHost(variant, [SeatSpec("local", "You"), SeatSpec("net", level="easy"),
                             SeatSpec("easy", "Boole")],
                   3, {}, HostSettings(host="127.0.0.1", port=0))
    return session, host


def _hosted_table(app: App) -> Scene:
    return screens.hosted_table(app, *_hosted("machiavelli"), autosave=False)


def _hosted_contract_table(app: App) -> Scene:
    return screens.hosted_contract_table(app, *_hosted("shanghai-rummy"), autosave=False)


def _table_menu(app: App) -> Scene:
    table = app.scenes.push(screens.table(app, _played(), autosave=False))
    return screens.table_menu(app, table)


#: the headless hosts a joined table joined, stopped after each test
HOSTS: list[NetHost] = []


def _joined_table(app: App, variant: str) -> Scene:
    """The joined table the Join screen opens (through ``screens.joined_table`` or
    ``joined_contract_table``) once its headless host on the loopback begins."""
    from tests.ui.scenes.test_join import headless_host, join_and_begin

    seats = [SeatSpec("local", "Ada"), SeatSpec("net")]
    if variant == "shanghai-rummy":
        seats.append(SeatSpec("easy", "Cy"))
    host = headless_host(seats, variant=variant)
    HOSTS.append(host)
    scene: Scene = join_and_begin(app, host, [])
    return scene


def _review_table(app: App) -> Scene:
    session = _played(actions=12)
    turn = review_session(session, 0).turns[0]
    return screens.review_table(app, session, turn, "You")


#: each registered screen, made by its maker with the parameters a caller gives it
MAKE: dict[str, Callable[[App], Scene]] = {
    "title": screens.title,
    "new_game": screens.new_game,
    "saves": lambda app: screens.saves(app, "save", _played()),
    "rules": lambda app: screens.rules(app, "carousel", {"culbertson": "true"}),
    "settings": screens.settings,
    "statistics": screens.statistics,
    "notices": lambda app: screens.notices(app, "Notices", ["One thing.", "Another."],
                                           intro="Before:", outro="After."),
    "table": lambda app: screens.table(app, _played(), autosave=False),
    "contract_table": lambda app: screens.contract_table(app, _played("shanghai-rummy"),
                                                         autosave=False),
    "lobby": lambda app: screens.lobby(app, "machiavelli", {}, [("You", "human"),
                                                                ("Guest", "net")], 4),
    "hosted_table": _hosted_table,
    "hosted_contract_table": _hosted_contract_table,
    "join": screens.join,
    "joined_table": lambda app: _joined_table(app, "machiavelli"),
    "joined_contract_table": lambda app: _joined_table(app, "shanghai-rummy"),
    "table_menu": _table_menu,
    "handover": lambda app: screens.handover(app, "Ada", lambda: None, detail="Your turn."),
    "scoreboard": lambda app: screens.scoreboard(app, _played(actions=400)),
    "contract_scoreboard": lambda app: screens.contract_scoreboard(
        app, _played("shanghai-rummy")),
    "puzzles": screens.puzzles,
    "puzzle_table": lambda app: screens.puzzle_table(app, known_puzzle()),
    "tutorial": screens.tutorial,
    "review": lambda app: screens.review(app, _played(actions=12), 0),
    "review_table": _review_table,
}


def test_every_registered_screen_has_a_typed_maker_of_its_name() -> None:
    assert sorted(MAKE) == sorted(SCENES)
    for name in SCENES:
        assert callable(getattr(screens, name, None)), f"no maker screens.{name}"


#: the screens the game itself shows through their makers (the Join screen, once joined)
SHOWN_BY_THE_GAME = {"joined_table", "joined_contract_table"}


@pytest.fixture(autouse=True)
def _stop_hosts() -> Iterator[None]:
    yield
    while HOSTS:
        HOSTS.pop().stop()


@pytest.mark.parametrize("name", sorted(SCENES))
def test_a_screen_opens_through_its_maker_and_draws(start_app: StartApp, name: str) -> None:
    app = start_app()
    made = MAKE[name](app)
    scene = made if name in SHOWN_BY_THE_GAME else app.scenes.push(made)
    module, _, attribute = SCENES[name].partition(":")
    made_by = getattr(importlib.import_module(module), attribute)
    if isinstance(made_by, type):  # a class registered: the maker gives one of it
        assert isinstance(scene, made_by)
    pump(app, 3)  # frames drawn through the real loop (update, draw, pygame-gui)
    assert scene in list(app.scenes)
    host = getattr(scene, "host", None)
    if name == "lobby" and isinstance(host, NetHost):  # it listens: stop it now
        host.stop()
        host.join(10)
