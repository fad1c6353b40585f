"""One typed maker per screen: ``screens.rules(app, variant_id)`` makes the Rules screen with
that screen's own parameters, checked by mypy, and the caller shows it through the scene
stack (``app.scenes.push``, ``replace`` or ``reset``).

The registry by name (``game.ui.scenes.SCENES``) stays inside: a maker asks it for the
screen, so a screen's module is still imported only when the screen is first made (the
title screen's first frame loads no table, no solver), and no screen imports another.

A maker of a screen of this package returns it as a ``Scene``: naming its class here would
tie this module and every screen, which calls the makers, in a knot of types. A family's
table (``game.ui.manipulation``, ``game.ui.contract``) is named by its class: that import
points down a floor.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

if TYPE_CHECKING:
    from game.coach.puzzles import Puzzle
    from game.coach.review import TurnReview
    from game.coach.tutorial import TutorialProgress
    from game.net import NetClient, NetHost
    from game.net.events import Update
    from game.session import GameSession
    from game.ui.cardtable.menu import TableMenu
    from game.ui.coach.staged import StagedTable
    from game.ui.contract.hosted_table import HostedContractTableScene
    from game.ui.contract.joined_table import JoinedContractTableScene
    from game.ui.contract.table import ContractTableScene
    from game.ui.manipulation.hosted_table import HostedTableScene
    from game.ui.manipulation.joined_table import JoinedTableScene
    from game.ui.manipulation.table import TableScene
    from game.ui.scene import AppServices, Scene


def title(app: AppServices) -> Scene:
    return app.scenes.create("title")


def new_game(app: AppServices, deal: int | None = None) -> Scene:
    """New game; ``deal``: a deal number to fill in (``machiavelli --deal N``)."""
    return app.scenes.create("new_game", deal)


def saves(app: AppServices, mode: str = "load", session: GameSession | None = None) -> Scene:
    """The saves list: ``mode`` "load", or "save" with the ``session`` to save."""
    return app.scenes.create("saves", mode, session)


def rules(app: AppServices, variant_id: str | None = None,
          options: Mapping[str, Any] | None = None) -> Scene:
    return app.scenes.create("rules", variant_id, options)


def settings(app: AppServices) -> Scene:
    return app.scenes.create("settings")


def statistics(app: AppServices) -> Scene:
    return app.scenes.create("statistics")


def notices(app: AppServices, title: str, lines: Sequence[str], *, intro: str = "", outro: str = "",
            on_close: Callable[[], None] | None = None) -> Scene:
    return app.scenes.create(
        "notices", title, lines, intro=intro, outro=outro, on_close=on_close)


def table(app: AppServices, session: GameSession, autosave: bool = True) -> TableScene:
    """The manipulation table (``open_table`` picks the table by the game's family)."""
    return cast("TableScene", app.scenes.create("table", session, autosave))


def contract_table(app: AppServices, session: GameSession,
                   autosave: bool = True) -> ContractTableScene:
    return cast("ContractTableScene", app.scenes.create("contract_table", session, autosave))


def lobby(app: AppServices, variant_id: str = "", options: dict[str, Any] | None = None,
          seats: Sequence[tuple[str, str]] = (), seed: int | None = None,
          resumed: GameSession | None = None, turn_time: float = 0.0) -> Scene:
    """The host's lobby: a new game (variant, options, seats, seed) or a ``resumed`` one;
    ``turn_time``: seconds each network player has for a move (0: no turn timer)."""
    return app.scenes.create(
        "lobby", variant_id, options, seats, seed, resumed, turn_time)


def hosted_table(app: AppServices, session: GameSession, host: NetHost,
                 autosave: bool = True) -> HostedTableScene:
    return cast("HostedTableScene", app.scenes.create("hosted_table", session, host, autosave))


def hosted_contract_table(app: AppServices, session: GameSession, host: NetHost,
                          autosave: bool = True) -> HostedContractTableScene:
    return cast("HostedContractTableScene",
                app.scenes.create("hosted_contract_table", session, host, autosave))


def join(app: AppServices) -> Scene:
    """Join a network game: the games found, an address and code, the joiner's name."""
    return app.scenes.create("join")


def joined_table(app: AppServices, client: NetClient, update: Update,
                 options: dict[str, Any] | None = None, kinds: tuple[str, ...] = (),
                 backlog: list[object] | None = None) -> JoinedTableScene:
    """The manipulation table of ``client``'s seat, from the host's first ``update``."""
    return cast("JoinedTableScene", app.scenes.create(
        "joined_table", client, update, options, kinds, backlog))


def joined_contract_table(app: AppServices, client: NetClient, update: Update,
                          options: dict[str, Any] | None = None, kinds: tuple[str, ...] = (),
                          backlog: list[object] | None = None) -> JoinedContractTableScene:
    return cast("JoinedContractTableScene", app.scenes.create(
        "joined_contract_table", client, update, options, kinds, backlog))


def table_menu(app: AppServices, table: Scene) -> TableMenu:
    """The menu of ``table`` (a card table)."""
    return cast("TableMenu", app.scenes.create("table_menu", table))


def handover(app: AppServices, name: str, on_confirm: Callable[[], None], *, detail: str = "",
             table: Any = None, on_back: Callable[[], object] | None = None) -> Scene:
    return app.scenes.create(
        "handover", name, on_confirm, detail=detail, table=table, on_back=on_back)


def scoreboard(app: AppServices, session: GameSession,
               table: TableScene | None = None) -> Scene:
    return app.scenes.create("scoreboard", session, table)


def contract_scoreboard(app: AppServices, session: GameSession,
                        table: ContractTableScene | None = None) -> Scene:
    return app.scenes.create("contract_scoreboard", session, table)


def puzzles(app: AppServices) -> Scene:
    return app.scenes.create("puzzles")


def puzzle_table(app: AppServices, puzzle: Puzzle, daily: bool = False,
                 ladder_index: int | None = None) -> StagedTable:
    return cast("StagedTable", app.scenes.create("puzzle_table", puzzle, daily, ladder_index))


def tutorial(app: AppServices, progress: TutorialProgress | None = None) -> StagedTable:
    return cast("StagedTable", app.scenes.create("tutorial", progress))


def review(app: AppServices, session: GameSession, seat: int | None = None) -> Scene:
    return app.scenes.create("review", session, seat)


def review_table(app: AppServices, session: GameSession, turn: TurnReview,
                 name: str | None = None) -> StagedTable:
    return cast("StagedTable", app.scenes.create("review_table", session, turn, name))


class ScreenRouter:
    """The App's router (``app.router``, ``game.ui.scene.Router``): the makers above,
    bound to the App, for the rooms below the screens, which never import this module."""

    def __init__(self, app: AppServices) -> None:
        self.app = app

    def title(self) -> Scene:
        return title(self.app)

    def saves(self, mode: str = "load", session: GameSession | None = None) -> Scene:
        return saves(self.app, mode, session)

    def settings(self) -> Scene:
        return settings(self.app)

    def table_menu(self, table: Scene) -> TableMenu:
        return table_menu(self.app, table)

    def handover(self, name: str, on_confirm: Callable[[], None], *, detail: str = "",
                 table: Any = None, on_back: Callable[[], object] | None = None
                 ) -> Scene:
        return handover(self.app, name, on_confirm, detail=detail, table=table,
                        on_back=on_back)

    def scoreboard(self, session: GameSession, table: Scene | None = None) -> Scene:
        return scoreboard(self.app, session, cast("TableScene | None", table))

    def contract_scoreboard(self, session: GameSession,
                            table: Scene | None = None) -> Scene:
        return contract_scoreboard(self.app, session, cast("ContractTableScene | None", table))
