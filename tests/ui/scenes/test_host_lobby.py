"""Hosting a network game from the real app, driven by real pygame events: New game's
"Network player" seat, the lobby (address, join code, who has joined, Start, Cancel) and
the host's table, where a ``game.net`` bot on 127.0.0.1 plays the network seat."""

from __future__ import annotations

import socket
import threading
import time
from typing import Any

import pytest

from game.net import HostSettings, NetClient
from game.net.bot import BotOutcome, play_seat
from game.ui.cardtable.probe import TableProbe
from game.ui.scenes import AUTOSAVE, load_session
from game.ui.scenes import lobby as lobby_module
from game.ui.scenes import open_table as open_scene
from tests.ui.conftest import button, choose, click, pump, top_name, type_text, widget
from tests.ui.scenes.test_new_game import open_new_game

LOOPBACK = "127.0.0.1"


@pytest.fixture(autouse=True)
def loopback(monkeypatch: pytest.MonkeyPatch) -> None:
    """The lobby hosts on the loopback address, on a free port, unannounced."""
    monkeypatch.setattr(lobby_module, "host_settings", lambda: HostSettings(
        host=LOOPBACK, port=0, takeover_after=30.0, announce=False))


def run_until(app: Any, done: Any, seconds: float = 30.0, what: str = "") -> None:
    """Frames (in real time: the network is) until ``done()``."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if done():
            return
        app.frame(1 / 60)
        time.sleep(0.005)
    assert done(), f"gave up waiting for {what}"


def open_lobby(app: Any, seats: int = 2) -> Any:
    """New game with the person at seat 1, a network player at seat 2 (and computers at
    the others), hosted: the lobby, listening."""
    scene = open_new_game(app)
    choose(app, widget(scene, "variant"), "machiavelli")
    scene = app.scenes.top
    choose(app, widget(scene, "seats"), str(seats))
    for seat in range(2, seats):
        choose(app, widget(scene, f"seat{seat}.kind"), "medium")
    type_text(app, widget(scene, "seat0.name"), "Niccolo")
    choose(app, widget(scene, "seat1.kind"), "net")
    click(app, button(app, "Host the game"))
    assert top_name(app) == "LobbyScene"
    lobby = app.scenes.top
    run_until(app, lambda: lobby.listening is not None, 10, "the host to listen")
    return lobby


def join_bot(lobby: Any, name: str = "Bot") -> tuple[NetClient, threading.Thread,
                                                     list[BotOutcome]]:
    listening = lobby.listening
    client = NetClient(f"{listening.address}:{listening.port}", listening.code, name)
    outcome: list[BotOutcome] = []

    def run() -> None:
        client.start()
        try:
            outcome.append(play_seat(client, "medium", 5, 60))
        finally:
            client.close()
            client.join(5)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return client, thread, outcome


def port_free(port: int) -> bool:
    with socket.socket() as probe:
        try:
            probe.bind((LOOPBACK, port))
        except OSError:
            return False
    return True


def test_new_game_offers_network_seats_and_hosts(app: Any) -> None:
    scene = open_new_game(app)
    choose(app, widget(scene, "variant"), "machiavelli")
    scene = app.scenes.top
    kinds = [option[1] for option in widget(scene, "seat1.kind").options_list]
    assert "net" in kinds
    assert button(app, "Deal the cards")
    choose(app, widget(scene, "seat1.kind"), "net")
    assert button(app, "Host the game")  # a network seat: the lobby comes first
    # the contract game is hosted too (tests/ui/scenes/test_host_contract.py): the seat stays
    choose(app, widget(app.scenes.top, "variant"), "shanghai-rummy")
    scene = app.scenes.top
    assert scene.setup.seats[1][1] == "net"


def test_lobby_cancel_stops_listening(app: Any) -> None:
    lobby = open_lobby(app)
    port = lobby.listening.port
    assert not port_free(port)
    assert not widget(lobby, "start").is_enabled  # the network seat is open
    click(app, button(app, "Cancel"))
    assert top_name(app) == "NewGameScene"
    lobby.host.join(10)
    assert not lobby.host.running
    assert port_free(port)


def test_host_plays_a_network_seat_driven_by_a_bot(app: Any) -> None:
    lobby = open_lobby(app, seats=3)  # the person, the bot, a computer the host plays
    assert len(lobby.listening.code) == 6
    client, thread, outcome = join_bot(lobby, "Bot")
    run_until(app, lambda: lobby.seats[1].state == "taken", 20, "the bot to join")
    assert lobby.seats[1].name == "Bot"
    run_until(app, lambda: widget(lobby, "start").is_enabled, 5, "Start")
    click(app, button(app, "Start"))
    run_until(app, lambda: top_name(app) == "HostedTableScene", 10, "the table")
    table = app.scenes.top
    assert table.session.seats[1].name == "Bot"
    assert table.session.humans == [0]
    probe = TableProbe(app, table)
    bot_turns = 0
    for _turn in range(4):
        run_until(app, probe.idle, 60, "the person's turn")
        bot_turns = sum(1 for seat, _ in table.turn_log if seat == 1)
        probe.click_button("draw")  # the person draws: a real click on Draw
        assert table.errors == []
    run_until(app, lambda: probe.idle() and client.step == len(table.match.log), 60,
              "the bot's view to catch up")
    assert sum(1 for seat, _ in table.turn_log if seat == 1) >= bot_turns >= 1
    assert any(seat == 2 for seat, _ in table.turn_log)  # the host's computer moved too
    # the table's copy, the host's match and the bot's view are the same match
    host_match = table.host.session().match
    assert host_match.log == table.match.log
    assert client.last_view == table.match.view(1)
    assert not outcome  # the bot still plays
    # leaving the table stops hosting; the autosave holds the network game, and
    # resuming it reopens the lobby for the network seat's player to join again
    app.scenes.pop()
    table.host.join(10)
    assert not table.host.running
    thread.join(10)
    session = load_session(app, AUTOSAVE)
    assert session is not None and session.network is not None
    assert session.network.remote == (1,)
    assert session.match.log == table.match.log
    open_scene(app, session)
    assert top_name(app) == "LobbyScene"
    resumed = app.scenes.top
    run_until(app, lambda: resumed.listening is not None, 10, "the host to listen")
    assert [(s.name, s.state) for s in resumed.seats][:2] == [("Niccolo", "local"),
                                                              ("Bot", "open")]
    click(app, button(app, "Cancel"))
    resumed.host.join(10)


def test_a_dropped_player_shows_on_the_seat_until_they_come_back(
        app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lobby_module, "host_settings", lambda: HostSettings(
        host=LOOPBACK, port=0, takeover_after=4.0, announce=False))
    lobby = open_lobby(app)
    client, thread, _outcome = join_bot(lobby, "Bot")
    run_until(app, lambda: lobby.seats[1].state == "taken", 20, "the bot to join")
    run_until(app, lambda: widget(lobby, "start").is_enabled, 5, "Start")
    click(app, button(app, "Start"))
    run_until(app, lambda: top_name(app) == "HostedTableScene", 10, "the table")
    table = app.scenes.top
    assert table.model.seats[1].note == "Network player"
    run_until(app, TableProbe(app, table).idle, 60, "the person's turn")
    token = client.token
    client.close()
    # dropped: the seat's box counts down to the takeover, a note says so
    run_until(app, lambda: table.network.seats[1].state == "waiting", 20, "the drop")
    pump(app, 2)
    box = table.model.seats[1]
    assert box.name == "Bot"
    # the seconds first: the thinking tab beside them never hides them (issue 44)
    assert box.note.split()[0].isdigit() and box.note.endswith(" s to come back, then a computer")
    assert table.message is not None and "dropped out" in table.message.title
    # taken over by a computer after the wait
    run_until(app, lambda: table.network.seats[1].state == "computer", 20, "the takeover")
    pump(app, 2)
    assert table.model.seats[1].note == "Dropped out: a computer plays"
    thread.join(10)
    # back with the token: the seat is theirs again
    listening = lobby.listening
    back = NetClient(f"{listening.address}:{listening.port}", listening.code, "Bot",
                     token=token)
    back.start()
    run_until(app, lambda: table.network.seats[1].state == "taken", 20, "the rejoin")
    pump(app, 2)
    assert table.model.seats[1].note == "Network player"
    assert table.errors == []
    back.close()
    table.host.stop()


def test_lobby_lists_joiners_as_the_host_reports_them(app: Any) -> None:
    lobby = open_lobby(app)
    assert [s.state for s in lobby.seats] == ["local", "open"]
    client, thread, _outcome = join_bot(lobby, "Ada")
    run_until(app, lambda: lobby.seats[1].state == "taken", 20, "the bot to join")
    client.close()
    run_until(app, lambda: lobby.seats[1].state == "open", 20, "the seat to free up")
    assert not widget(lobby, "start").is_enabled
    thread.join(10)
    click(app, button(app, "Cancel"))


def test_hosting_asks_first_and_keeps_the_unfinished_game(app: Any) -> None:
    """The hosted game's autosave would replace the unfinished game: asked, as Deal asks."""
    from game.session import GameSession, Seat
    from game.store import AUTOSAVE as SLOT

    unfinished = GameSession.new("machiavelli", {}, [Seat("You", "human"),
                                                     Seat("Ada", "easy")], seed=3)
    unfinished.match.draw()
    unfinished.save(app.store)
    scene = open_new_game(app)
    choose(app, widget(scene, "variant"), "machiavelli")
    choose(app, widget(app.scenes.top, "seat1.kind"), "net")
    click(app, button(app, "Host the game"))
    assert top_name(app) == "ConfirmDialog"
    click(app, button(app, "Keep it and deal"))
    assert top_name(app) == "LobbyScene"
    kept = [info for info in app.store.saves.list() if info.slot != SLOT]
    assert len(kept) == 1
    lobby = app.scenes.top
    click(app, button(app, "Cancel"))
    lobby.host.join(10)
    assert not lobby.host.running


def test_fill_empty_seats_with_computers_then_start(app: Any) -> None:
    lobby = open_lobby(app, seats=3)  # the person, a network seat, a computer
    assert not widget(lobby, "start").is_enabled
    click(app, button(app, "Fill empty seats with computers"))
    run_until(app, lambda: lobby.seats[1].state == "computer", 10, "the computer seat")
    assert lobby.seats[1].kind == "medium"
    run_until(app, lambda: widget(lobby, "start").is_enabled, 5, "Start")
    assert not widget(lobby, "fill").is_enabled  # no open seat left
    click(app, button(app, "Start"))
    run_until(app, lambda: top_name(app) == "HostedTableScene", 10, "the table")
    table = app.scenes.top
    assert table.session.network is not None and table.session.network.remote == ()
    assert [s.kind for s in table.session.seats] == ["human", "medium", "medium"]
    app.scenes.pop()
    table.host.join(10)
