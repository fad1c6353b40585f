"""A network seat as its player sees it: only its own move is taken, only for its own seat;
a buy sent before the host asks is held and applied in the order the match asks; the host
keeps at most so many connections that hold no seat, the oldest making way."""

from __future__ import annotations

import contextlib

import pytest
import websockets.sync.client as sync_client
from websockets.exceptions import ConnectionClosed

from game.engine.actions import Draw
from game.engine.contract.actions import Buy, Decline
from game.net.client import NetClient
from game.net.events import Joined, Played, Queued, Refused, Update
from game.net.host import LOCAL, SeatSpec
from tests.net.helpers import host_game, wait_client


def test_a_network_seat_may_act_only_in_its_turn_and_only_for_itself() -> None:
    hosted = host_game("shanghai-rummy", [SeatSpec(LOCAL, "Ada"), SeatSpec(LOCAL, "Bo"),
                                          SeatSpec("net")], 3)
    try:
        client = NetClient(hosted.address, hosted.host.code, "Cy")
        client.start()
        joined = wait_client(client, Joined)
        assert isinstance(joined, Joined) and joined.seat == 2
        first = wait_client(client, Update)
        assert isinstance(first, Update) and first.view.awaiting == 0 and first.view.legal == ()
        assert len(first.view.hand) == first.view.hand_counts[2]
        client.act(Draw(2))
        refused = wait_client(client, Refused)
        assert isinstance(refused, Refused) and refused.reason == "it is not your move"
        client.act(Draw(0))
        refused = wait_client(client, Refused)
        assert isinstance(refused, Refused) and refused.reason == "you play seat 3"
        hosted.host.act(0, Draw(0))
        update = wait_client(client, Update)
        assert isinstance(update, Update) and update.buy_queue == (1, 2)
        assert update.event is not None and update.event["action"] == {"type": "draw",
                                                                       "player": 0}
        client.act(Buy(2), update.step)  # early: seat 1 is asked first
        assert isinstance(wait_client(client, Queued), Queued)
        hosted.host.act(1, Decline(1))
        bought = hosted.wait_for(Played, 10, lambda e: e.event["action"]["type"] == "buy")
        assert bought.event["seat"] == 2 and bought.event["step"] == 3
    finally:
        hosted.stop()


def test_idle_connections_beyond_the_limit_make_way_for_a_player() -> None:
    hosted = host_game("machiavelli", [SeatSpec("net"), SeatSpec("medium")], 1,
                       max_connections=3, hello_timeout=60.0)
    try:
        with contextlib.ExitStack() as stack:
            idle = [stack.enter_context(sync_client.connect(f"ws://{hosted.address}",
                                                            proxy=None)) for _ in range(3)]
            client = NetClient(hosted.address, hosted.host.code, "Late")
            client.start()
            assert isinstance(wait_client(client, Joined), Joined)
            with pytest.raises(ConnectionClosed) as closed:
                idle[0].recv(timeout=5)  # the oldest made way
            assert closed.value.rcvd is not None
            assert closed.value.rcvd.reason == "the host is busy: try again"
            idle[1].send("still here")  # the others stay
            assert '"code":"not_json"' in str(idle[1].recv(timeout=5))
    finally:
        hosted.stop()
