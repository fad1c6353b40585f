"""The deal number and a hand's stock order rebuild every hidden hand (``new_match``): while
another person's hand is hidden from the one at the screen (a hot-seat table, the host of a
network game), no screen shows either; once the match is over they are shown, and a person
playing alone against computers sees them all along. Through the real screens."""

from __future__ import annotations

from typing import Any

import pygame

from game.session import GameSession, Seat
from game.ui.app import App
from game.ui.cardtable.probe import TableProbe
from game.ui.contract.table import ContractTableScene
from game.ui.manipulation.table import TableScene
from game.ui.scenes.handover import HandOverScene
from game.ui.scenes.scoreboard import ScoreboardScene
from game.ui.widgets.dialogs import ConfirmDialog
from tests.conftest import rig
from tests.ui.conftest import StartApp, button, click, pump, top_name
from tests.ui.scenes.test_host_lobby import join_bot, loopback, open_lobby, run_until
from tests.ui.texts import DrawnText

__all__ = ["loopback"]  # the fixture: the lobby hosts on 127.0.0.1

SEED = 8
DEAL = "Deal 8"


def _shown(app: App) -> list[str]:
    """Every text the top screen shows: drawn by the screen, and on its widgets."""
    with DrawnText.recording() as drawn:
        app.frame(1 / 60)
        texts = [text for text, _rect in drawn.texts]
    top = app.scenes.top
    for element in top._elements:
        texts += [str(getattr(element, name)) for name in ("text", "html_text")
                  if getattr(element, name, None)]
    return texts


def _hot_seat_hand(app: App, hands: int) -> tuple[TableScene, TableProbe]:
    """Ann and Ben at one screen; Ann, first to play, goes out: the scoreboard on top."""
    session = GameSession.new("machiavelli", {"match": f"hands:{hands}"},
                              [Seat("Ann", "human"), Seat("Ben", "human")], seed=SEED)
    rig(session.match, table="3H 4H 5H", hands=["6H", "AS 2S 8C 8D JD"], current=0)
    scene = TableScene(app, session, autosave=False)
    app.scenes.push(scene)
    probe = TableProbe(app, scene)
    probe.until(lambda: isinstance(app.scenes.top, HandOverScene), 600, "Ann's cover")
    assert not any(DEAL in text for text in _shown(app))
    probe.key(pygame.K_RETURN)
    probe.settle()
    assert scene.indicators.facts().deal == ""  # Ben's hand is hidden from Ann
    assert not any(DEAL in text for text in _shown(app))
    probe.drag(probe.center(probe.card("6H", "hand")),
               scene.layout.box(scene.draft.location(probe.card("3H"))).rect.center)
    probe.click_button("end")
    probe.until(lambda: isinstance(app.scenes.top, ScoreboardScene), 600, "the scoreboard")
    return scene, probe


def test_a_hot_seat_scoreboard_mid_match_shows_neither_deal_nor_stock(
        start_app: StartApp) -> None:
    app = start_app(speed=4.0)
    scene, probe = _hot_seat_hand(app, 2)
    board = app.scenes.top
    assert not scene.session.match.over
    texts = _shown(app)
    assert not any(DEAL in text for text in texts), texts
    assert "Stock order" not in texts
    probe.click(button(app, "Play this deal again").rect.center)
    dialog = app.scenes.top
    assert isinstance(dialog, ConfirmDialog) and DEAL not in dialog.message
    probe.key(pygame.K_ESCAPE)
    assert app.scenes.top is board and not board.showing_stock


def test_a_hot_seat_match_over_shows_the_deal_and_the_stock(start_app: StartApp) -> None:
    app = start_app(speed=4.0)
    scene, probe = _hot_seat_hand(app, 1)
    board = app.scenes.top
    assert isinstance(board, ScoreboardScene) and scene.session.match.over
    assert DEAL in _shown(app)
    probe.click(button(app, "Stock order").rect.center)
    assert board.showing_stock


def test_a_hot_seat_contract_table_hides_the_deal(start_app: StartApp) -> None:
    app = start_app(speed=4.0)
    app.settings.always_decline_buys = True
    session = GameSession.new("shanghai-rummy", {}, [Seat("Ann", "human"), Seat("Ada", "easy"),
                                                     Seat("Ben", "human")], 4242)
    scene = ContractTableScene(app, session, autosave=False)
    app.scenes.push(scene)
    probe = TableProbe(app, scene)
    probe.until(lambda: isinstance(app.scenes.top, HandOverScene), 600, "the first cover")
    probe.key(pygame.K_RETURN)
    probe.settle()
    info = [text for text, _style in scene.facts().info]
    assert not any("Deal" in text for text in info), info
    assert not any("Deal 4 242" in text for text in _shown(app))


def test_one_person_against_computers_sees_the_deal(start_app: StartApp) -> None:
    app = start_app(speed=4.0)
    session = GameSession.new("shanghai-rummy", {}, [Seat("Ann", "human"), Seat("Ada", "easy"),
                                                     Seat("Cleo", "easy")], 4242)
    scene = ContractTableScene(app, session, autosave=False)
    app.scenes.push(scene)
    pump(app, 3)
    assert ("Deal 4 242", "muted") in scene.facts().info


def test_the_host_of_a_network_game_does_not_see_the_deal(app: Any) -> None:
    lobby = open_lobby(app, seats=3)  # the person, a network player, a computer
    client, thread, _outcome = join_bot(lobby, "Bot")
    run_until(app, lambda: lobby.seats[1].state == "taken", 20, "the bot to join")
    click(app, button(app, "Start"))
    run_until(app, lambda: top_name(app) == "HostedTableScene", 10, "the table")
    table = app.scenes.top
    probe = TableProbe(app, table)
    run_until(app, probe.idle, 60, "the person's turn")
    deal = f"Deal {table.session.match.seed:,}".replace(",", " ")
    assert table.indicators.facts().deal == ""
    assert not any(deal in text for text in _shown(app))
    client.close()
    app.scenes.pop()
    table.host.join(10)
    thread.join(10)
