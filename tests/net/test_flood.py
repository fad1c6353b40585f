"""One client cannot slow the table for the others: a play holding more cards than the
game's deck is refused in words before its cards are read, and the actions the host checks
for one connection are bounded per second (a faster client is read more slowly, never
dropped), while another seat's round trip stays low. The figures: ``bench_net`` (burst)."""

from __future__ import annotations

import contextlib
import json
import threading
import time
from typing import Any

import websockets.sync.client as sync_client

from game.net.host import SeatSpec
from game.net.wire import GAME_VERSION, MAX_CLIENT_MESSAGE, PROTOCOL_VERSION, encode
from tests.net.helpers import Hosted, host_game


def _seated(hosted: Hosted, seat: int, stack: contextlib.ExitStack) -> Any:
    ws = stack.enter_context(sync_client.connect(
        f"ws://{hosted.address}", proxy=None, open_timeout=10, max_size=None, max_queue=None))
    ws.send(encode({"type": "hello", "protocol": PROTOCOL_VERSION, "game": GAME_VERSION,
                    "code": hosted.host.code, "name": f"seat {seat}", "seat": seat}))
    assert json.loads(ws.recv(timeout=10))["type"] == "welcome"
    return ws


def _answers(ws: Any, count: int, timeout: float = 30.0) -> list[dict[str, Any]]:
    """The next ``count`` answers (errors and refusals) the host sent ``ws``."""
    found: list[dict[str, Any]] = []
    end = time.monotonic() + timeout
    while len(found) < count:
        message = json.loads(ws.recv(timeout=max(0.1, end - time.monotonic())))
        if message["type"] in ("error", "refused"):
            found.append(message)
    return found


def _play(cards: int) -> str:
    melds = [["AH.0", "2H.0", "3H.0"]] * (cards // 3)
    return encode({"type": "action", "action": {
        "type": "play", "player": 0, "table": {"melds": melds, "free": [], "declared": []}}})


def test_a_play_with_more_cards_than_the_deck_is_refused_in_words() -> None:
    hosted = host_game("shanghai", [SeatSpec("net"), SeatSpec("medium"), SeatSpec("medium")],
                       7)
    try:
        with contextlib.ExitStack() as stack:
            ws = _seated(hosted, 0, stack)
            big = _play(8000)
            assert len(big) < MAX_CLIENT_MESSAGE
            ws.send(big)
            answer = _answers(ws, 1)[0]
            assert answer["type"] == "error" and answer["code"] == "too_many_cards", answer
            assert "7998 cards" in answer["message"] and "104" in answer["message"], answer
            ws.send(_play(30))  # a play of a size a deck allows: the rules judge it
            answer = _answers(ws, 1)[0]
            assert answer["type"] == "refused", answer
    finally:
        hosted.stop()


def test_one_connections_checks_are_bounded_per_second() -> None:
    hosted = host_game("shanghai", [SeatSpec("net"), SeatSpec("net"), SeatSpec("medium")], 7,
                       check_rate=20.0, check_burst=5.0)
    try:
        with contextlib.ExitStack() as stack:
            flooder, other = _seated(hosted, 0, stack), _seated(hosted, 1, stack)
            play = _play(30)
            started = time.monotonic()
            for _ in range(45):
                flooder.send(play)
            answers = _answers(flooder, 45)
            took = time.monotonic() - started
            assert all(a["type"] == "refused" for a in answers)  # read late, never dropped
            assert took >= (45 - 5) / 20 * 0.9, took  # no faster than 20 a second
            # meanwhile another seat is answered at once
            start = time.monotonic()
            other.ping().wait(5)
            assert time.monotonic() - start < 1.0
    finally:
        hosted.stop()


def test_another_seats_round_trip_stays_low_during_a_flood_of_big_plays() -> None:
    hosted = host_game("shanghai", [SeatSpec("net"), SeatSpec("net"), SeatSpec("medium")], 7)
    stop = threading.Event()
    try:
        with contextlib.ExitStack() as stack:
            flooder, other = _seated(hosted, 0, stack), _seated(hosted, 1, stack)
            big = encode({"type": "action", "action": {
                "type": "play", "player": 0,
                "table": {"melds": [["AH.0", "2H.0", "3H.0"]] * 2700, "free": [],
                          "declared": []}}})

            def flood() -> None:
                with contextlib.suppress(Exception):
                    while not stop.is_set():
                        flooder.send(big)

            def drain() -> None:
                with contextlib.suppress(Exception):
                    while not stop.is_set():
                        with contextlib.suppress(TimeoutError):
                            flooder.recv(timeout=0.2)

            threading.Thread(target=drain, daemon=True).start()
            threading.Thread(target=flood, daemon=True).start()
            trips = []
            end = time.monotonic() + 3.0
            while time.monotonic() < end:
                start = time.monotonic()
                other.ping().wait(10)
                trips.append(time.monotonic() - start)
                time.sleep(0.05)
            stop.set()
            trips.sort()
            # the median: a shared test machine may stall any single one
            assert trips[len(trips) // 2] < 0.1, trips
    finally:
        stop.set()
        hosted.stop()
