"""The game's screens: title, new game, rules, settings, statistics, saves, table, dialogs.

Each screen is a ``game.ui.scene.Scene`` registered by name in ``SCENES``; screens open
each other through the typed makers of ``screens`` (``app.scenes.push(screens.rules(app))``),
which make them by that name, so no screen imports another, and a screen's module is
imported only when the screen is first made.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from game.engine.variants import Family, all_variants
from game.store import AUTOSAVE
from game.ui.scenes import screens

if TYPE_CHECKING:
    from game.net import NetHost
    from game.session import GameSession
    from game.ui.scene import AppServices, Scene

__all__ = ["AUTOSAVE", "SCENES", "check_saved_games", "load_session", "open_table",
           "report_store_messages"]

#: every screen by name: where its class is (imported when the screen is first opened)
SCENES: dict[str, str] = {
    "title": "game.ui.scenes.title:TitleScene",
    "new_game": "game.ui.scenes.new_game:NewGameScene",
    "saves": "game.ui.scenes.saves:SavesScene",
    "rules": "game.ui.scenes.rules:RulesScene",
    "settings": "game.ui.scenes.settings:SettingsScene",
    "statistics": "game.ui.scenes.statistics:StatisticsScene",
    "notices": "game.ui.scenes.notices:NoticesDialog",
    "table": "game.ui.manipulation.table:TableScene",
    "contract_table": "game.ui.contract.table:ContractTableScene",
    "lobby": "game.ui.scenes.lobby:LobbyScene",
    "hosted_table": "game.ui.manipulation.hosted_table:HostedTableScene",
    "join": "game.ui.scenes.join:JoinScene",
    "joined_table": "game.ui.manipulation.joined_table:JoinedTableScene",
    "joined_contract_table": "game.ui.contract.joined_table:JoinedContractTableScene",
    "hosted_contract_table": "game.ui.contract.hosted_table:HostedContractTableScene",
    "table_menu": "game.ui.cardtable.menu:TableMenu",
    "handover": "game.ui.scenes.handover:HandOverScene",
    "scoreboard": "game.ui.scenes.scoreboard:ScoreboardScene",
    "contract_scoreboard": "game.ui.scenes.contract_scoreboard:ContractScoreboardScene",
    "puzzles": "game.ui.scenes.puzzles:PuzzlesScene",
    "puzzle_table": "game.ui.scenes.puzzles:puzzle_table",
    "tutorial": "game.ui.scenes.tutorial:tutorial_table",
    "review": "game.ui.scenes.review:ReviewScene",
    "review_table": "game.ui.scenes.review:review_table",
}


def is_contract_game(name: str) -> bool:
    """Is the variant a save's listing names (by its English name) the contract game? Its
    deals are rounds, as its table says."""
    return any(v.is_contract for v in all_variants().values() if v.name == name)


def report_store_messages(app: AppServices, since: int) -> None:
    """Show (as notices) the store's messages recorded after the first ``since``."""
    for message in list(app.store.messages)[since:]:
        app.notify(_short(message))


def _short(message: object) -> str:
    problem = getattr(message, "problem", None)
    path = getattr(message, "path", None)
    if problem and path is not None:
        return f"{getattr(path, 'name', path)}: {problem}"
    return str(message)


def load_session(app: AppServices, slot: str) -> GameSession | None:
    """The game saved in ``slot`` (``GameSession.load``), or ``None`` after telling the
    player why not: a broken save is set aside (never deleted) and the caller carries on."""
    # here, not at the top: the session loads every game's rules and the solver, which the
    # title screen does not need before a save is read (tests/ui/test_start.py)
    from game.session import GameSession, SaveFailed

    try:
        return GameSession.load(app.store, slot)
    except SaveFailed as failed:
        for message in failed.store_messages:
            app.notify(_short(message))
        app.notify(str(failed))
        return None


def check_saved_games(app: AppServices) -> None:
    """The start-up check (``game.session.check_saves``), when a save needs it: one the game
    wrote, or found sound, and unchanged since is not replayed again."""
    if not app.store.saves.unchecked():
        return
    # here, not at the top, as in load_session: a start with every save known sound loads
    # no rules
    from game.session import check_saves

    check_saves(app.store)


class TableMaker(Protocol):
    """The maker of a game family's table screen (``screens.table``, ``contract_table``)."""

    def __call__(self, app: AppServices, session: GameSession, autosave: bool = True) -> Scene: ...


class HostedTableMaker(Protocol):
    """The maker of a family's host table (``screens.hosted_table``, ...)."""

    def __call__(self, app: AppServices, session: GameSession, host: NetHost,
                 autosave: bool = True) -> Scene: ...


#: The table screen of each game family.
TABLE_SCREENS: dict[Family, TableMaker] = {
    Family.MANIPULATION: screens.table, Family.CONTRACT: screens.contract_table}
#: The host's table of a network game (``game.net``) of each game family.
HOSTED_TABLE_SCREENS: dict[Family, HostedTableMaker] = {
    Family.MANIPULATION: screens.hosted_table, Family.CONTRACT: screens.hosted_contract_table}


def open_table(app: AppServices, session: GameSession, *, replace: bool = False) -> None:
    """Show the table for ``session`` (pushed, or replacing the top screen): the contract
    game's table or the manipulation table, by the match's family. A hosted game (played
    on the network) reopens its lobby, where its players join again."""
    scene: Scene
    if session.network is not None:
        scene = screens.lobby(app, resumed=session)
    else:
        scene = TABLE_SCREENS[session.match.family](app, session)
    if replace:
        app.scenes.replace(scene)
    else:
        app.scenes.push(scene)
