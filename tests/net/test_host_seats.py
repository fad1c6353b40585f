"""The host hands a seat to a computer or removes its player (issue 44), through real
sockets on 127.0.0.1: every screen is told, the removed player in words, their token never
takes the seat back, and a computer plays it to the end of the match."""

from __future__ import annotations

import time

from game.net.client import NetClient
from game.net.events import (
    HostLost,
    JoinRefused,
    Lobby,
    Refused,
    Removed,
    SeatChanged,
    Update,
)
from game.net.host import SeatSpec
from tests.net.helpers import host_game, join_bot, over_of, wait_client

HANDS = {"match": "hands:1"}


def events_until(client: NetClient, seen: list[object], test: object,
                 timeout: float = 20.0) -> object:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        event = client.wait_event(0.05)
        if event is not None:
            seen.append(event)
            if test(event):  # type: ignore[operator]
                return event
    raise AssertionError("not told in time")


def test_the_host_hands_a_seat_to_a_computer_and_back() -> None:
    hosted = host_game("machiavelli", [SeatSpec("net"), SeatSpec("medium")], 4, HANDS)
    client = NetClient(hosted.address, hosted.host.code, "Bea", seat=0)
    client.start()
    seen: list[object] = []
    try:
        events_until(client, seen, lambda e: isinstance(e, Update))
        hosted.host.hand_over(0)
        handed = events_until(client, seen, lambda e: isinstance(e, SeatChanged))
        assert (handed.seat, handed.state, handed.why) == (0, "computer", "handed")
        assert hosted.wait_for(SeatChanged, 10, lambda e: e.why == "handed").state == "computer"
        # the computer plays the seat; the player's own move is refused in words meanwhile
        events_until(client, seen, lambda e: isinstance(e, Update) and e.event is not None
                     and e.event["seat"] == 0)
        from game.engine.actions import Draw

        client.act(Draw(0))
        refused = events_until(client, seen, lambda e: isinstance(e, Refused))
        assert "handed your seat to a computer" in refused.reason
        hosted.host.hand_over(0, computer=False)
        back = events_until(client, seen, lambda e: isinstance(e, SeatChanged)
                            and e.state == "taken")
        assert back.why == "handed"
    finally:
        client.close()
        hosted.stop()


def test_a_removed_player_is_told_in_words_cannot_come_back_and_a_computer_plays_on() -> None:
    hosted = host_game("machiavelli", [SeatSpec("net"), SeatSpec("net"), SeatSpec("medium")],
                       6, HANDS)
    bot = join_bot(hosted, 1, "medium", 2)
    client = NetClient(hosted.address, hosted.host.code, "Bea", seat=0)
    client.start()
    seen: list[object] = []
    try:
        events_until(client, seen, lambda e: isinstance(e, Update))
        token = client.token
        assert token
        hosted.host.remove(0)
        removed = events_until(client, seen, lambda e: isinstance(e, Removed))
        assert removed.reason == "the host removed you from this game"
        client.join(10)
        assert not client.running
        assert not any(isinstance(e, HostLost) for e in client.events())  # no "host gone"
        told = hosted.wait_for(SeatChanged, 10, lambda e: e.seat == 0)
        assert (told.state, told.why) == ("computer", "removed")
        # the old token is refused in words
        again = NetClient(hosted.address, hosted.host.code, "Bea", token=token)
        again.start()
        refusal = wait_client(again, JoinRefused)
        assert refusal.reason == "the host removed you from this game"  # type: ignore[attr-defined]
        again.close()
        # a computer plays the seat to the end of the match
        over = over_of(hosted)
        assert over.result is not None and not over.stalled
        assert bot.result().over is not None
    finally:
        client.close()
        hosted.stop()


def test_in_the_lobby_a_removed_players_seat_is_open_again() -> None:
    hosted = host_game("machiavelli", [SeatSpec("net"), SeatSpec("net")], 6, HANDS,
                       auto_start=False)
    client = NetClient(hosted.address, hosted.host.code, "Bea", seat=0)
    client.start()
    seen: list[object] = []
    try:
        hosted.wait_for(Lobby, 10, lambda e: e.seats[0].state == "taken")
        hosted.host.remove(0)
        events_until(client, seen, lambda e: isinstance(e, Removed))
        lobby = hosted.wait_for(Lobby, 10, lambda e: e.seats[0].state == "open")
        assert lobby.seats[0].name == "Player 1"
    finally:
        client.close()
        hosted.stop()
