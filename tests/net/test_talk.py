"""Quick table messages through real connections on 127.0.0.1: a phrase's id goes to every
seat and spectator (each screen words it in its own language), never free text; the host
limits how many a seat may say."""

from __future__ import annotations

import time

from game.net.client import NetClient
from game.net.events import Joined, Problem, Said
from game.net.host import SeatSpec
from game.net.talk import PHRASES
from game.net.wire import encode
from tests.net.helpers import host_game, wait_client


def said_within(client: NetClient, seconds: float) -> list[object]:
    out = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        event = client.wait_event(0.05)
        if event is not None:
            out.append(event)
    return out


def next_said(client: NetClient, wanted: Said, seconds: float = 10.0) -> Said:
    """``wanted`` among the client's next events (its own phrases come back too)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        event = client.wait_event(0.05)
        if event == wanted:
            return wanted
    raise AssertionError(f"no {wanted}")


def test_a_phrase_reaches_every_seat_and_spectator_and_the_host_limits_it() -> None:
    hosted = host_game("machiavelli", [SeatSpec("local", "Ada"), SeatSpec("net"),
                                       SeatSpec("net")], 5, auto_start=False, spectators=1)
    bea = NetClient(hosted.address, hosted.host.code, "Bea")
    cy = NetClient(hosted.address, hosted.host.code, "Cy")
    eve = NetClient(hosted.address, hosted.host.code, "Eve", watch=True)
    try:
        for client in (bea, cy, eve):
            client.start()
            wait_client(client, Joined)
        bea.say("good_play")
        assert wait_client(cy, Said) == Said(1, "Bea", "good_play")
        assert wait_client(eve, Said) == Said(1, "Bea", "good_play")
        next_said(bea, Said(1, "Bea", "good_play"))  # its own, as the table shows it
        assert hosted.wait_for(Said, 5) == Said(1, "Bea", "good_play")
        hosted.host.say(0, "thanks")  # the host's own seat
        next_said(bea, Said(0, "Ada", "thanks"))
        eve.say("hello")  # a spectator may speak too
        next_said(cy, Said(-1, "Eve", "hello"))
        # no free text: only a known phrase's id
        bea.say("you all cheat")
        problem = wait_client(bea, Problem)
        assert isinstance(problem, Problem) and "unknown phrase" in problem.text
        bea.send_raw(encode({"type": "say", "phrase": "thanks", "text": "free words"}))
        problem = wait_client(bea, Problem)
        assert isinstance(problem, Problem) and "no field 'text'" in problem.text
        # a flood of phrases: the rest of a burst, then the host says to wait
        for _ in range(10):
            bea.say("thinking")
        events = said_within(cy, 1.5)
        assert sum(isinstance(e, Said) for e in events) <= 3
        assert any(isinstance(e, Problem) and "too many messages" in e.text
                   for e in said_within(bea, 0.5))
    finally:
        for client in (bea, cy, eve):
            client.close()
        hosted.stop()


def test_every_phrase_is_an_id_of_letters() -> None:
    assert len(PHRASES) == len(set(PHRASES)) >= 6
    assert all(p.replace("_", "").isalpha() and p.islower() for p in PHRASES)
