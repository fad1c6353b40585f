"""The game's screens: title, new game, rules, settings, statistics, saves, table, dialogs.

Each screen is a ``game.ui.scene.Scene`` registered by name in ``SCENES``; screens open
each other through the app's scene stack by that name (``app.scenes.open("rules")``), so no
screen imports another, and a screen's module is imported only when it is first opened.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.variants import Family, all_variants
from game.i18n import _
from game.store import AUTOSAVE, SaveFile

if TYPE_CHECKING:
    from game.session import GameSession
    from game.ui.app import App

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
    "table": "game.ui.scenes.table:TableScene",
    "contract_table": "game.ui.scenes.contract_table:ContractTableScene",
    "lobby": "game.ui.scenes.lobby:LobbyScene",
    "hosted_table": "game.ui.scenes.hosted_table:HostedTableScene",
    "join": "game.ui.scenes.join:JoinScene",
    "joined_table": "game.ui.scenes.joined_table:JoinedTableScene",
    "joined_contract_table": "game.ui.scenes.joined_contract_table:JoinedContractTableScene",
    "hosted_contract_table": "game.ui.scenes.hosted_contract_table:HostedContractTableScene",
    "table_menu": "game.ui.table.menu:TableMenu",
    "handover": "game.ui.scenes.handover:HandOverScene",
    "scoreboard": "game.ui.scenes.scoreboard:ScoreboardScene",
    "contract_scoreboard": "game.ui.contract.scoreboard:ContractScoreboardScene",
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


def report_store_messages(app: App, since: int) -> None:
    """Show (as notices) the store's messages recorded after the first ``since``."""
    for message in list(app.store.messages)[since:]:
        app.notify(_short(message))


def _short(message: object) -> str:
    problem = getattr(message, "problem", None)
    path = getattr(message, "path", None)
    if problem and path is not None:
        return f"{getattr(path, 'name', path)}: {problem}"
    return str(message)


def load_session(app: App, slot: str) -> GameSession | None:
    """The game saved in ``slot``, or ``None`` after telling the player why not.

    A broken save is moved aside by the store (never deleted) and a notice explains it;
    the caller simply carries on.
    """
    name = _("The autosave") if slot == AUTOSAVE else _('The save "{slot}"').format(slot=slot)
    mark = len(app.store.messages)
    try:
        saved = app.store.saves.load(slot)
    except ValueError as error:  # an invalid slot name
        app.notify(_("{name} cannot be opened: {error}").format(name=name, error=error))
        return None
    if saved is None:
        report_store_messages(app, mark)
        app.notify(_("{name} could not be read; it was kept aside unchanged.").format(name=name))
        return None
    session, problem = _session_of(saved)
    if session is not None:
        return session
    # the file reads but its game cannot be played: keep it aside, so Continue and the
    # saves list stop offering it, and say where it went
    kept = app.store.saves.set_aside(slot, _("the game cannot be loaded: {problem}").format(
        problem=problem))
    where = _("; it was kept as {name}").format(name=kept.name) if kept is not None else ""
    app.notify(_("{name} could not be loaded: {problem}{where}.").format(
        name=name, problem=problem, where=where))
    return None


def check_saved_games(app: App) -> None:
    """Read every save once (at start-up): one that is damaged, or whose game does not
    replay to what its listing says, is moved aside now (never deleted) with a store
    message, rather than offered and failing (or crashing) later."""
    saves = app.store.saves
    for info in saves.list():
        if saves.is_checked(info.slot):
            continue  # written by the game, or found sound, and unchanged since
        saved = saves.load(info.slot)
        if saved is None:
            continue
        _session, problem = _session_of(saved)
        if problem is not None:
            saves.set_aside(info.slot, _("the game cannot be loaded: {problem}").format(
                problem=problem))
        else:
            saves.mark_checked(info.slot)


def _session_of(saved: SaveFile) -> tuple[GameSession | None, str | None]:
    """The session in a save, or the problem that stops it loading (the check every reader
    of a save makes: ``game.session.session_from_save``)."""
    # here, not at the top: the saves' format pulls in every game's rules, which the title
    # screen does not need before a save is read
    from game.engine.serialize import SaveError
    from game.session import session_from_save

    try:
        return session_from_save(saved.payload, saved.info), None
    except SaveError as error:
        return None, str(error)


#: The table scene of each game family.
TABLE_SCENES = {Family.MANIPULATION: "table", Family.CONTRACT: "contract_table"}
#: The host's table of a network game (``game.net``) of each game family.
HOSTED_TABLE_SCENES = {Family.MANIPULATION: "hosted_table",
                       Family.CONTRACT: "hosted_contract_table"}


def open_table(app: App, session: GameSession, *, replace: bool = False) -> None:
    """Show the table for ``session`` (pushed, or replacing the top screen): the contract
    game's table or the manipulation table, by the match's family. A hosted game (played
    on the network) reopens its lobby, where its players join again."""
    if session.network is not None:
        scene = app.scenes.create("lobby", resumed=session)
    else:
        scene = app.scenes.create(TABLE_SCENES[session.match.family], session)
    if replace:
        app.scenes.replace(scene)
    else:
        app.scenes.push(scene)
