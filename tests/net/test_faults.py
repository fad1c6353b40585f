"""Network faults: a player who drops out keeps the seat for a while, then a computer plays
it, and the player takes it back with the token; the lobby frees a seat whose player
left; a host that goes leaves each client a clear event and its last view; a saved
network game reopens its lobby and plays on."""

from __future__ import annotations

import os
import socket
import struct
import time
from pathlib import Path

import websockets.sync.client as sync_client

from game.engine.actions import Draw
from game.net.client import NetClient
from game.net.events import (
    HostLost,
    Joined,
    JoinRefused,
    Lobby,
    MatchOver,
    Played,
    SeatChanged,
    Update,
)
from game.net.host import HostSettings, NetHost, SeatSpec
from game.net.wire import GAME_VERSION, encode
from game.session import GameSession
from game.store import AUTOSAVE, Store
from tests.net.helpers import LOOPBACK, Hosted, host_game, join_bot, over_of, wait_client


def test_a_dropped_seat_waits_then_a_computer_plays_it_until_the_token_takes_it_back() -> None:
    hosted = host_game("shanghai-rummy", [SeatSpec("net", level="easy"), SeatSpec("medium"),
                                          SeatSpec("medium")], 4, takeover_after=0.3)
    try:
        first = NetClient(hosted.address, hosted.host.code, "Ada", seat=0)
        first.start()
        joined = wait_client(first, Joined)
        assert isinstance(joined, Joined) and joined.seat == 0 and joined.token
        wait_client(first, Update)  # the match began: seat 0 is the first to move
        first.close()
        dropped = hosted.wait_for(SeatChanged, 10, lambda e: e.state == "waiting")
        dropped_at = time.monotonic()
        assert dropped.seat == 0 and dropped.wait == 0.3
        taken = hosted.wait_for(SeatChanged, 10, lambda e: e.state == "computer")
        assert taken.seat == 0 and time.monotonic() - dropped_at >= 0.2
        # the computer plays seat 0 now
        hosted.wait_for(Played, 10, lambda e: e.event["seat"] == 0)
        back = join_bot(hosted, None, "medium", 11, token=joined.token)
        hosted.wait_for(SeatChanged, 10, lambda e: e.state == "taken" and e.seat == 0)
        over = over_of(hosted)
        assert over.result is not None and not over.stalled
        outcome = back.result()
        assert outcome.over is not None and outcome.seat == 0
        assert hosted.host.lobby()[0].state == "taken"
        session = hosted.host.session()
        assert session is not None and session.match.check_invariants() == []
    finally:
        hosted.stop()


def test_in_the_lobby_a_seat_whose_player_left_is_open_again() -> None:
    hosted = host_game("machiavelli", [SeatSpec("net"), SeatSpec("net")], 1)
    try:
        client = NetClient(hosted.address, hosted.host.code, "Ada")
        client.start()
        assert isinstance(wait_client(client, Joined), Joined)
        hosted.wait_for(Lobby, 10, lambda e: e.seats[0].state == "taken")
        client.close()
        lobby = hosted.wait_for(Lobby, 10, lambda e: e.seats[0].state == "open")
        assert lobby.seats[0].name == "Player 1" and not lobby.started
    finally:
        hosted.stop()


def test_a_joiner_is_refused_with_a_reason() -> None:
    hosted = host_game("machiavelli", [SeatSpec("net"), SeatSpec("medium")], 1)
    try:
        for code, token, seat, words in (("WRONG1", None, None, "wrong join code"),
                                         (hosted.host.code, "nobodys", None, "token"),
                                         (hosted.host.code, None, 1, "not a network seat")):
            client = NetClient(hosted.address, code, "Eve", token=token, seat=seat)
            client.start()
            refused = wait_client(client, JoinRefused)
            assert isinstance(refused, JoinRefused) and words in refused.reason
            client.join(5)
            assert not client.running
        with sync_client.connect(f"ws://{hosted.address}", proxy=None) as ws:
            ws.send(encode({"type": "hello", "protocol": 99, "game": GAME_VERSION,
                            "code": hosted.host.code, "name": "Old"}))
            assert '"code":"protocol"' in str(ws.recv(timeout=5))
        with sync_client.connect(f"ws://{hosted.address}", proxy=None) as ws:
            ws.send(encode({"type": "hello", "protocol": 1, "game": "0.0.1",
                            "code": hosted.host.code, "name": "Old"}))
            assert '"code":"version"' in str(ws.recv(timeout=5))
    finally:
        hosted.stop()


def test_a_host_that_goes_leaves_the_client_a_clear_event_and_its_last_view() -> None:
    hosted = host_game("machiavelli", [SeatSpec("net"), SeatSpec("medium")], 1)
    client = NetClient(hosted.address, hosted.host.code, "Ada")
    client.start()
    update = wait_client(client, Update)
    assert isinstance(update, Update)
    hosted.stop()
    lost = wait_client(client, HostLost)
    assert isinstance(lost, HostLost) and "host" in lost.reason
    assert lost.last_view == update.view == client.last_view
    client.join(5)
    assert not client.running
    client.act(Draw(0))
    assert client.events() == []  # acting after the end changes nothing, raises nothing


def test_a_saved_network_game_reopens_its_lobby_and_plays_on(tmp_path: Path) -> None:
    hosted = host_game("shanghai", [SeatSpec("net", level="easy"), SeatSpec("medium"),
                                    SeatSpec("medium")], 3)
    try:
        bot = join_bot(hosted, 0, "medium", 5)
        hosted.wait_for(Played, 30, lambda e: e.event["step"] >= 12)
        session = hosted.host.session()
        assert session is not None and session.network is not None
    finally:
        hosted.stop()
    assert bot.result().over is None  # its host went
    store = Store.open(tmp_path)
    session.save(store)
    saved = store.saves.read(AUTOSAVE)
    resumed = GameSession.from_json(saved)
    assert resumed.network == session.network
    assert resumed.network.remote == (0,) and resumed.network.levels == ("easy",)
    saved_log = [a.to_json() for a in resumed.match.log]
    host = NetHost.resume(resumed, HostSettings(host=LOOPBACK, port=0, auto_start=True))
    host.start()
    again = Hosted(host)
    try:
        lobby = again.wait_for(Lobby, 10)
        assert [s.state for s in lobby.seats] == ["open", "computer", "computer"]
        assert not lobby.started
        assert [s.name for s in lobby.seats] == list(resumed.match.names)
        join_bot(again, None, "medium", 5)
        over = again.wait_for(MatchOver, 120)
        assert over.result is not None and not over.stalled
        final = host.session()
        assert final is not None
        assert [a.to_json() for a in final.match.log][:len(saved_log)] == saved_log
    finally:
        again.stop()


def _raw_hello(address: str, code: str) -> socket.socket:
    """A connection that says hello and then goes silent: it answers no ping (a computer
    switched off, a cable pulled), written by hand so that nothing answers for it."""
    host, port = address.rsplit(":", 1)
    raw = socket.create_connection((host, int(port)), timeout=5)
    raw.sendall(b"GET / HTTP/1.1\r\nHost: " + host.encode() + b"\r\nUpgrade: websocket\r\n"
                b"Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                b"Sec-WebSocket-Version: 13\r\n\r\n")
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += raw.recv(4096)
    assert answer.startswith(b"HTTP/1.1 101")
    payload = encode({"type": "hello", "protocol": 1, "game": GAME_VERSION, "code": code,
                      "name": "Silent"}).encode()
    mask = os.urandom(4)
    header = bytes([0x81, 0x80 | 126]) + struct.pack("!H", len(payload)) + mask
    raw.sendall(header + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))
    return raw


def test_a_player_gone_silent_is_found_out_by_the_heartbeat_and_replaced() -> None:
    hosted = host_game("machiavelli", [SeatSpec("net"), SeatSpec("medium")], 2,
                       ping_interval=0.2, ping_timeout=0.3, takeover_after=0.2)
    raw = _raw_hello(hosted.address, hosted.host.code)
    try:
        hosted.wait_for(Lobby, 10, lambda e: e.started)
        waiting = hosted.wait_for(SeatChanged, 10, lambda e: e.state == "waiting")
        assert waiting.seat == 0
        hosted.wait_for(SeatChanged, 10, lambda e: e.state == "computer")
        over = over_of(hosted, 60)
        assert over.result is not None and not over.stalled
    finally:
        raw.close()
        hosted.stop()
