"""Numbered deals at the screens (issue 33), through real pygame events: New game from a
deal number (and its refusals in words), the number on both tables, Play this deal again
after a hand and after a match, and the stock's order on the scoreboard."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.deals import deal_text, parse_deal
from game.engine.serialize import new_match
from game.session import GameSession, Seat
from game.solver import PLAY_ORACLE
from game.ui.app import App
from game.ui.cardtable.probe import TableProbe
from game.ui.contract.table import ContractTableScene
from game.ui.manipulation.table import TableScene
from game.ui.scenes import screens
from game.ui.scenes.contract_scoreboard import ContractScoreboardScene
from game.ui.scenes.new_game import NewGameScene
from game.ui.scenes.scoreboard import ScoreboardScene
from game.ui.widgets.dialogs import ConfirmDialog
from tests.conftest import rig
from tests.ui.conftest import StartApp, button, click, pump, type_text, widget


def _new_game(app: App) -> NewGameScene:
    app.scenes.push(screens.title(app))
    app.scenes.push(screens.new_game(app))
    pump(app)
    scene = app.scenes.top
    assert isinstance(scene, NewGameScene)
    return scene


def test_new_game_deals_the_number_typed(start_app: StartApp) -> None:
    app = start_app()
    scene = _new_game(app)
    type_text(app, widget(scene, "deal"), "123 456 789")
    assert not scene.status_error
    click(app, widget(scene, "start"))
    table = app.scenes.top
    assert isinstance(table, TableScene)
    match = table.session.match
    assert match.seed == 123456789
    again = new_match(match.variant_id, match.players, 123456789, dict(match.options),
                      list(match.names), oracle=PLAY_ORACLE)
    assert [list(h) for h in match.deal.hands] == [list(h) for h in again.deal.hands]
    pump(app, 3)
    assert table.indicators.facts().deal == "Deal 123 456 789"


def test_new_game_without_a_number_draws_a_new_deal(start_app: StartApp) -> None:
    app = start_app()
    scene = _new_game(app)
    click(app, widget(scene, "start"))
    table = app.scenes.top
    assert isinstance(table, TableScene)
    assert 1 <= table.session.match.seed <= 999_999_999


def test_new_game_refuses_a_bad_deal_number_in_words(start_app: StartApp) -> None:
    app = start_app(size=(1024, 640))
    scene = _new_game(app)
    for typed, words in (("12ab", "digits only"), ("-7", "cannot be negative"),
                         ("1234567890", "at most 9 digits"), ("0", "start at 1")):
        type_text(app, widget(scene, "deal"), typed)
        assert scene.status_error and words in scene.status, (typed, scene.status)
        click(app, widget(scene, "start"))
        assert app.scenes.top is scene and scene.session is None, typed
    type_text(app, widget(scene, "deal"), "77")
    assert not scene.status_error and scene.status == ""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                         unicode="\r", scancode=0))
    pump(app, 4)  # Enter in the box deals
    assert scene.session is not None and scene.session.match.seed == 77


def _finish_hand(app: App, hands: int) -> tuple[GameSession, TableProbe]:
    """A manipulation match of ``hands`` hands, its first hand played out by You going
    out: the scoreboard on top."""
    session = GameSession.new("machiavelli", {"match": f"hands:{hands}"},
                              [Seat("You", "human"), Seat("Ada", "easy")], seed=8)
    rig(session.match, table="3H 4H 5H", hands=["6H", "AS 2S 8C 8D JD"], current=0)
    scene = TableScene(app, session, autosave=False)
    app.scenes.push(scene)
    probe = TableProbe(app, scene)
    probe.settle()
    assert scene.indicators.facts().deal == "Deal 8"
    probe.drag(probe.center(probe.card("6H", "hand")),
               scene.layout.box(scene.draft.location(probe.card("3H"))).rect.center)
    probe.click_button("end")
    probe.until(lambda: isinstance(app.scenes.top, ScoreboardScene), 600, "the scoreboard")
    return session, probe


def _same_deal(old: GameSession, new: GameSession) -> None:
    first = new_match(old.match.variant_id, old.match.players, old.match.seed,
                      dict(old.match.options), list(old.match.names), oracle=PLAY_ORACLE)
    match = new.match
    assert (match.seed, match.variant_id, dict(match.options)) == \
        (old.match.seed, old.match.variant_id, dict(old.match.options))
    assert new.seats == old.seats
    assert match.deal.number == 0 and not match.log
    assert [list(h) for h in match.deal.hands] == [list(h) for h in first.deal.hands]
    assert list(match.deal.stock) == list(first.deal.stock)


def test_play_this_deal_again_after_the_match(start_app: StartApp) -> None:
    app = start_app(speed=4.0)
    session, probe = _finish_hand(app, 1)
    board = app.scenes.top
    assert session.match.over
    probe.click(button(app, "Play this deal again").rect.center)
    table = app.scenes.top
    assert isinstance(table, TableScene) and table.session is not session
    _same_deal(session, table.session)
    assert len(app.scenes) == 1 and app.scenes.top is not board  # in place of the old table


def test_play_this_deal_again_mid_match_asks_first(start_app: StartApp) -> None:
    app = start_app(speed=4.0)
    session, probe = _finish_hand(app, 2)
    board = app.scenes.top
    assert not session.match.over
    probe.click(button(app, "Play this deal again").rect.center)
    dialog = app.scenes.top
    assert isinstance(dialog, ConfirmDialog) and "Deal 8" in dialog.message
    probe.key(pygame.K_ESCAPE)  # kept: the match goes on
    assert app.scenes.top is board
    probe.click(button(app, "Play this deal again").rect.center)
    probe.click(button(app, "Play it again").rect.center)
    table = app.scenes.top
    assert isinstance(table, TableScene) and table.session is not session
    _same_deal(session, table.session)


def test_the_scoreboard_shows_the_stock_in_drawing_order(start_app: StartApp) -> None:
    app = start_app(speed=4.0)
    session, probe = _finish_hand(app, 1)
    board = app.scenes.top
    assert isinstance(board, ScoreboardScene)
    stock = list(session.match.deal.stock)
    assert stock and board.stock_order() == stock[::-1]  # drawn from the end: top first
    probe.click(button(app, "Stock order").rect.center)
    assert board.showing_stock
    pump(app, 2)  # drawn as cards without a fault
    probe.click(button(app, "Scores").rect.center)
    assert not board.showing_stock


def _contract(app: App, kinds: Sequence[str], seed: int) -> ContractTableScene:
    seats = [Seat(name, kind) for name, kind in zip(("Ada", "Boole", "Cleo"), kinds,
                                                      strict=False)]
    session = GameSession.new("shanghai-rummy", {"match": "hands:1"}, seats, seed)
    scene = ContractTableScene(app, session, autosave=False)
    app.scenes.push(scene)
    return scene


def test_the_contract_table_and_scoreboard_show_the_deal(start_app: StartApp) -> None:
    app = start_app(speed=12.0, size=(1024, 640))
    scene = _contract(app, ("easy", "medium", "easy"), 4242)
    pump(app, 3)
    assert ("Deal 4 242", "muted") in scene.facts().info
    for _ in range(40000):
        if isinstance(app.scenes.top, ContractScoreboardScene):
            break
        app.frame(1 / 60)
    board = app.scenes.top
    assert isinstance(board, ContractScoreboardScene) and board.over
    assert board.stock_order() == list(scene.session.match.deal.stock)[::-1]
    click(app, button(app, "Stock order"))
    assert board.showing_stock
    click(app, button(app, "Play this deal again"))
    table = app.scenes.top
    assert isinstance(table, ContractTableScene) and table is not scene
    _same_deal(scene.session, table.session)


def test_new_game_opened_with_a_deal_number_deals_it(start_app: StartApp) -> None:
    # what ``machiavelli --deal 4242`` opens (``run_app``)
    app = start_app()
    app.scenes.push(screens.title(app))
    scene = app.scenes.push(screens.new_game(app, deal=4242))
    pump(app, 3)
    assert isinstance(scene, NewGameScene) and scene.deal == "4 242"
    assert widget(scene, "deal").get_text() == "4 242"
    click(app, widget(scene, "start"))
    assert scene.session is not None and scene.session.match.seed == 4242


def test_play_again_deals_a_new_number_a_person_can_type(start_app: StartApp) -> None:
    # Play again draws the next match's number from this one's: it was up to 2**31 - 1,
    # ten digits that New game's Deal number box refuses
    app = start_app(speed=4.0)
    session, probe = _finish_hand(app, 1)
    probe.click(button(app, "Play again").rect.center)
    table = app.scenes.top
    assert isinstance(table, TableScene) and table.session is not session
    number = table.session.match.seed
    assert number != session.match.seed and 1 <= number <= 999_999_999
    assert parse_deal(deal_text(number)) == number
