"""TV mode: a hosted game with no seat at the host's screen (every hand on a phone or
another computer) shows the table only, never a hand; its lobby shows the phone page's
address as a QR code."""

from __future__ import annotations

from typing import Any

from game.ui.widgets.qr import QUIET, qr_matrix
from tests.ui.conftest import button, choose, click, pump, top_name, widget
from tests.ui.scenes.test_host_lobby import join_bot, loopback, run_until
from tests.ui.scenes.test_new_game import open_new_game

__all__ = ["loopback"]  # the fixture: the lobby hosts on 127.0.0.1


def open_tv_lobby(app: Any, variant: str = "machiavelli") -> Any:
    """New game: two network seats and a computer, nobody at this screen; hosted."""
    scene = open_new_game(app)
    choose(app, widget(scene, "variant"), variant)
    for key, value in (("seats", "3"), ("seat2.kind", "medium"), ("seat1.kind", "net"),
                       ("seat0.kind", "net")):
        pump(app)  # the screen builds itself afresh for a new variant or seat count
        menu = widget(app.scenes.top, key)
        if menu.selected_option[1] != value:
            choose(app, menu, value)
    click(app, button(app, "Host the game"))
    assert top_name(app) == "LobbyScene"
    lobby = app.scenes.top
    run_until(app, lambda: lobby.listening is not None, 10, "the host to listen")
    return lobby


def test_the_lobby_shows_the_phone_page_as_a_qr_code(app: Any) -> None:
    lobby = open_tv_lobby(app)
    listening = lobby.listening
    assert lobby.page_address == (f"http://127.0.0.1:{listening.port}/?code="
                                  f"{listening.code}")
    code = lobby.phones_qr(300)
    assert code is not None
    # the drawn code is the address's, module for module
    matrix = qr_matrix(lobby.page_address)
    scale = code.get_width() // (len(matrix) + 2 * QUIET)
    for y, row in enumerate(matrix):
        for x, dark in enumerate(row):
            colour = code.get_at(((x + QUIET) * scale + scale // 2,
                                  (y + QUIET) * scale + scale // 2))
            assert (colour.r < 128) == dark, (x, y)
    assert lobby.phones_qr(20) is None  # too small for a camera: not drawn
    click(app, button(app, "Cancel"))
    lobby.host.join(10)


def test_tv_mode_shows_the_table_and_no_hand(app: Any) -> None:
    lobby = open_tv_lobby(app)
    bots = [join_bot(lobby, name) for name in ("Ada", "Bea")]
    run_until(app, lambda: all(s.state != "open" for s in lobby.seats), 20, "the bots")
    run_until(app, lambda: widget(lobby, "start").is_enabled, 5, "Start")
    click(app, button(app, "Start"))
    run_until(app, lambda: top_name(app) == "HostedTableScene", 10, "the table")
    table = app.scenes.top
    assert table.session.humans == []
    # turns go by, played on the other screens and by the host's computer
    run_until(app, lambda: len(table.turn_log) >= 4 or table.match.over, 90, "turns")
    for _frame in range(30):
        app.frame(1 / 60)
        if table.match.hand_over:
            break
        assert not table.hand_visible()
        assert table.model.hand == ()  # no card of any hand face up at this screen
    # the big screen keeps up with the host's match
    run_until(app, lambda: table.match.log == table.host.session().match.log[
        :len(table.match.log)] and len(table.match.log) >= 4, 60, "the table to catch up")
    # nobody plays at this screen: no turn's buttons, only the replay of the last turns
    # and the menu
    shown = {table.controls.name_of(b) for b in table.controls.elements() if b.visible}
    assert shown == {"last", "menu"}, shown
    # nobody at this screen is "you": the bottom seat is named as every other
    bottom = table.session.seats[table.bottom].name
    assert not table.is_you(table.bottom)
    assert table.indicators.facts().bottom_label.startswith(f"{bottom}'s hand")
    assert table.errors == []
    app.scenes.pop()
    table.host.join(10)
    for _client, thread, _outcome in bots:
        thread.join(10)


def test_tv_mode_of_the_contract_game_shows_no_hand(app: Any) -> None:
    lobby = open_tv_lobby(app, "shanghai-rummy")
    bots = [join_bot(lobby, name) for name in ("Ada", "Bea")]
    run_until(app, lambda: all(s.state != "open" for s in lobby.seats), 20, "the bots")
    run_until(app, lambda: widget(lobby, "start").is_enabled, 5, "Start")
    click(app, button(app, "Start"))
    run_until(app, lambda: top_name(app) == "HostedContractTableScene", 10, "the table")
    table = app.scenes.top
    assert table.session.humans == []
    run_until(app, lambda: len(table.match.log) >= 6, 90, "moves")
    for _frame in range(30):
        app.frame(1 / 60)
        if table.match.hand_over:
            break
        assert not table.hand_visible()
        assert not table.is_you(table.bottom)
    shown = {table.controls.name_of(b) for b in table.controls.elements() if b.visible}
    assert shown == {"last", "menu"}, shown
    assert table.errors == []
    app.scenes.pop()
    table.host.join(10)
    for _client, thread, _outcome in bots:
        thread.join(10)
