"""The turn timer at the real windows (issue 44), on 127.0.0.1: New game offers it for a
hosted game; a joined table counts its own move down, says when a computer took its seat
after three timeouts, and a key gives the seat back; the host's seat box of a dropped
player keeps the seconds before the takeover readable beside the thinking tab."""

from __future__ import annotations

import time
from typing import Any

import pygame
import pytest

from game.net import HostSettings, NetClient, NetHost, SeatSpec
from game.net.events import SeatChanged
from game.ui.cardtable.probe import TableProbe
from game.ui.cardtable.turn_clock import tab_room
from game.ui.scenes import lobby as lobby_module
from tests.ui.conftest import StartApp, button, choose, click, top_name, type_text, widget
from tests.ui.scenes.test_host_lobby import run_until
from tests.ui.scenes.test_join import frames_until, open_join
from tests.ui.scenes.test_new_game import open_new_game

LOOPBACK = "127.0.0.1"


@pytest.fixture(autouse=True)
def loopback(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lobby_module, "host_settings", lambda: HostSettings(
        host=LOOPBACK, port=0, takeover_after=30.0, announce=False))
    from game.ui.scenes import join as join_module
    monkeypatch.setattr(join_module, "start_browser", lambda: None)


def test_new_game_offers_the_turn_timer_for_a_hosted_game_and_the_lobby_hosts_with_it(
        app: Any) -> None:
    scene = open_new_game(app)
    choose(app, widget(scene, "variant"), "machiavelli")
    scene = app.scenes.top
    choose(app, widget(scene, "seats"), "2")
    with pytest.raises(LookupError):  # no network seat: no timer
        widget(scene, "turn_time")
    choose(app, widget(scene, "seat1.kind"), "net")
    menu = widget(app.scenes.top, "turn_time")
    assert [label for label, _value in menu.options_list] == [
        "Off", "30 s a turn", "60 s a turn", "2 min a turn"]
    choose(app, menu, "60")
    click(app, button(app, "Host the game"))
    assert top_name(app) == "LobbyScene"
    lobby = app.scenes.top
    try:
        assert lobby.host.settings.turn_time == 60
    finally:
        lobby.host.stop()


def test_a_joined_table_counts_its_move_down_and_a_key_takes_the_seat_back(
        start_app: StartApp) -> None:
    host = NetHost("machiavelli", [SeatSpec("medium", "Carla"), SeatSpec("net")], 2,
                   {"match": "hands:3"}, HostSettings(host=LOOPBACK, port=0, turn_time=0.6))
    host.start()
    app = start_app(speed=8.0)
    try:
        end = time.monotonic() + 10
        while not host.port and time.monotonic() < end:
            time.sleep(0.02)
        scene = open_join(app)
        type_text(app, widget(scene, "address"), f"{LOOPBACK}:{host.port}")
        type_text(app, widget(scene, "code"), host.code)
        type_text(app, widget(scene, "name"), "Bea")
        click(app, button(app, "Join"))
        frames_until([app], lambda: scene.in_lobby, 10, "the lobby")
        host.begin()
        frames_until([app], lambda: top_name(app) == "JoinedTableScene", 10, "the table")
        table = app.scenes.top
        # our move is timed: the table counts it down
        frames_until([app], lambda: table.turn_timer.left(1, table.clock) is not None, 20,
                     "our move's countdown")
        assert 0 < table.turn_timer.left(1, table.clock) <= 0.6
        # three timeouts later a computer plays for us, and the table says so until we act
        frames_until([app], lambda: table.link.away, 30, "the seat handed to a computer")
        assert table.message is not None and table.message.title == "A computer plays for you"
        assert table.message.tone == "error"
        app.frame(1 / 60)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0,
                                             unicode=" ", scancode=0))
        seen: list[object] = []

        def back() -> bool:
            seen.extend(host.events())
            return any(isinstance(e, SeatChanged) and e.seat == 1 and e.state == "taken"
                       for e in seen)

        frames_until([app], back, 10, "the host to give the seat back")
        assert not table.link.away and table.message is None
    finally:
        host.stop()
        host.join(10)


def test_a_dropped_players_seconds_stay_readable_beside_the_thinking_tab(
        app: Any) -> None:
    from game.ui.scenes import screens

    lobby = app.scenes.push(screens.lobby(app, "machiavelli", {},
                                          [("Niccolo", "human"), ("", "net")], 2))
    run_until(app, lambda: lobby.listening is not None, 10, "the host to listen")
    listening = lobby.listening
    client = NetClient(f"{listening.address}:{listening.port}", listening.code, "Bea")
    client.start()
    run_until(app, lambda: lobby.seats[1].state == "taken", 10, "the join")
    lobby.start()
    run_until(app, lambda: top_name(app) == "HostedTableScene", 10, "the table")
    table = app.scenes.top
    probe = TableProbe(app, table)
    run_until(app, probe.idle, 30, "our turn")
    probe.click_button("draw")
    run_until(app, lambda: table.match.current == 1 and table.mode == "think", 30, "Bea's turn")
    client.close()
    run_until(app, lambda: table.network.seats[1].state == "waiting", 10, "Bea to drop out")
    run_until(app, lambda: table.mode_time > 2.5, 10, "the seconds taken to show")
    words = table.network.seat_words(1)
    # the seconds before the takeover lead the box's words, which keep clear of the tab
    assert words.split()[0].isdigit() and words.endswith("then a computer")
    box = table.layout.seat_rects[1]
    assert tab_room(box.height, table.text) < box.width // 2
