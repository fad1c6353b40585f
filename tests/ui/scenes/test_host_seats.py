"""The host's Players dialog at a hosted table (issue 44), on 127.0.0.1: a network seat
handed to a computer and back, its player removed (asked first); the removed player's
window says so and keeps the table as it was."""

from __future__ import annotations

import time
from typing import Any

import pygame
import pytest

from game.net import HostSettings, NetClient, NetHost, SeatSpec
from game.net.events import Removed, SeatChanged
from game.ui.cardtable.probe import TableProbe
from game.ui.scenes import lobby as lobby_module
from game.ui.scenes import screens
from tests.ui.conftest import StartApp, button, click, press, top_name
from tests.ui.scenes.test_host_lobby import run_until
from tests.ui.scenes.test_join import frames_until, join_and_begin

LOOPBACK = "127.0.0.1"


@pytest.fixture(autouse=True)
def loopback(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lobby_module, "host_settings", lambda: HostSettings(
        host=LOOPBACK, port=0, takeover_after=30.0, announce=False))
    from game.ui.scenes import join as join_module
    monkeypatch.setattr(join_module, "start_browser", lambda: None)
    monkeypatch.setattr(join_module, "TOKENS", {})


def test_the_host_hands_a_seat_to_a_computer_then_removes_its_player(app: Any) -> None:
    lobby = app.scenes.push(screens.lobby(app, "machiavelli", {},
                                          [("Niccolo", "human"), ("", "net")], 2))
    run_until(app, lambda: lobby.listening is not None, 10, "the host to listen")
    listening = lobby.listening
    client = NetClient(f"{listening.address}:{listening.port}", listening.code, "Bea")
    client.start()
    seen: list[object] = []
    try:
        run_until(app, lambda: lobby.seats[1].state == "taken", 10, "the join")
        lobby.start()
        run_until(app, lambda: top_name(app) == "HostedTableScene", 10, "the table")
        table = app.scenes.top
        run_until(app, TableProbe(app, table).idle, 30, "our turn")
        press(app, pygame.K_ESCAPE)
        assert top_name(app) == "TableMenu"
        click(app, button(app, "Players…"))
        assert top_name(app) == "HostSeatsDialog"
        click(app, button(app, "Computer plays"))
        run_until(app, lambda: table.network.seats[1].why == "handed", 10, "the handing")
        assert table.model.seats[1].note == "Handed to a computer"
        press(app, pygame.K_ESCAPE)
        click(app, button(app, "Players…"))
        click(app, button(app, "Remove"))
        assert top_name(app) == "ConfirmDialog"
        click(app, button(app, "Remove"))
        run_until(app, lambda: table.network.seats[1].why == "removed", 10, "the removal")
        table.refresh()
        assert table.model.seats[1].note == "Removed: a computer plays"

        def told() -> bool:
            seen.extend(client.events())
            return any(isinstance(e, Removed) for e in seen)

        run_until(app, told, 10, "the player to be told")
        changes = [e for e in seen if isinstance(e, SeatChanged)]
        # told of the handing; then removed in words (no longer one of the table's seats)
        assert [(e.state, e.why) for e in changes] == [("computer", "handed")]
    finally:
        client.close()


def test_a_removed_players_window_says_so_and_does_not_try_again(
        start_app: StartApp) -> None:
    app = start_app(speed=8.0)
    host = NetHost("machiavelli", [SeatSpec("local", "Ada"), SeatSpec("net")], 2, {},
                   HostSettings(host=LOOPBACK, port=0))
    host.start()
    try:
        table = join_and_begin(app, host, [])
        host.remove(1)
        frames_until([app], lambda: bool(table.lost), 10, "the removal")
        assert any("The host removed you from this game" in e for e in table.errors)
        assert not table.link.reconnecting
        end = time.monotonic() + 1.0
        while time.monotonic() < end:
            app.frame(1 / 60)
        assert table.link.client.token and not table.link.reconnecting
    finally:
        host.stop()
        host.join(10)
