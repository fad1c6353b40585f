"""A rematch from the end of a network match (issue 44), at the real windows on 127.0.0.1:
the host's end screen offers Rematch and opens the new match's table, still hosting, the
joiner playing on at the same seat; a joined window's end screen follows the host's
rematch to the new table by itself."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from game.net import HostSettings, NetClient, NetHost, SeatSpec
from game.net.bot import BotOutcome, play_seat
from game.ui.cardtable.modes import HUMAN
from game.ui.scenes import lobby as lobby_module
from game.ui.scenes import screens
from tests.ui.conftest import StartApp, button, click, top_name
from tests.ui.scenes.test_host_lobby import run_until
from tests.ui.scenes.test_join import draw_until_the_hand_ends, frames_until, join_and_begin

LOOPBACK = "127.0.0.1"


@pytest.fixture(autouse=True)
def loopback(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lobby_module, "host_settings", lambda: HostSettings(
        host=LOOPBACK, port=0, takeover_after=30.0, announce=False))
    from game.ui.scenes import join as join_module
    monkeypatch.setattr(join_module, "start_browser", lambda: None)
    monkeypatch.setattr(join_module, "TOKENS", {})


def test_the_hosts_end_screen_offers_rematch_and_the_joiner_plays_on(app: Any) -> None:
    app.settings.animation_speed = 8.0
    lobby = app.scenes.push(screens.lobby(app, "machiavelli", {},
                                          [("Niccolo", "human"), ("", "net")], 2))
    run_until(app, lambda: lobby.listening is not None, 10, "the host to listen")
    listening = lobby.listening
    client = NetClient(f"{listening.address}:{listening.port}", listening.code, "Bea")
    outcome: list[BotOutcome] = []

    def run() -> None:
        client.start()
        try:
            outcome.append(play_seat(client, "medium", 5, 120, rematches=1))
        finally:
            client.close()
            client.join(5)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    run_until(app, lambda: lobby.seats[1].state == "taken", 10, "the join")
    host = lobby.host
    lobby.start()
    run_until(app, lambda: top_name(app) == "HostedTableScene", 10, "the table")
    table = app.scenes.top
    try:
        for _turn in range(400):  # the host's person draws (or passes) till the match ends
            run_until(app, lambda: top_name(app) == "ScoreboardScene"
                      or table.mode == HUMAN and not table.sprites.busy, 60, "a turn")
            if top_name(app) == "ScoreboardScene":
                break
            table.human.draw_card()
        board = app.scenes.top
        assert board.over and board.hosting
        first_seed = table.match.seed
        click(app, button(app, "Rematch"))
        run_until(app, lambda: top_name(app) == "HostedTableScene"
                  and app.scenes.top is not table, 20, "the rematch's table")
        again = app.scenes.top
        assert again.host is host and host.running  # still hosting, the same game
        assert again.match.seed != first_seed and not again.match.over
        assert [s.name for s in again.session.seats] == [s.name for s in table.session.seats]
        run_until(app, lambda: client.deals is not None and client.step >= 0 and
                  not client.over, 20, "the joiner at the new match")
    finally:
        host.stop()
        thread.join(10)


def test_a_joined_end_screen_follows_the_hosts_rematch(start_app: StartApp) -> None:
    app = start_app(speed=8.0)
    host = NetHost("machiavelli", [SeatSpec("local", "Ada"), SeatSpec("net")], 2, {},
                   HostSettings(host=LOOPBACK, port=0))
    host.start()
    try:
        table = join_and_begin(app, host, [])
        draw_until_the_hand_ends(app, host, table)
        frames_until([app], lambda: top_name(app) == "ScoreboardScene", 20, "the scoreboard")
        client = table.client
        host.rematch(77)
        frames_until([app], lambda: top_name(app) == "JoinedTableScene"
                     and app.scenes.top is not table, 20, "the rematch's table")
        again = app.scenes.top
        assert again.client is client and client.running  # the same connection and seat
        assert again.seat == table.seat and not again.match.over
        assert again.match.deal.number == 0
        assert again.message is not None and again.message.title == \
            "The host started a rematch"
    finally:
        host.stop()
        host.join(10)
