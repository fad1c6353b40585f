"""The turn timer (issue 44), through real sockets on 127.0.0.1: every seat is told the
countdown; at zero the host draws or passes for the seat with the engine's own action,
logged like any other (the saved game replays exactly); three timeouts in a row hand the
seat to a computer until its player acts again."""

from __future__ import annotations

import time
from typing import Any

import pytest

from game.engine.serialize import match_from_json
from game.net.client import NetClient
from game.net.events import MatchOver, SeatChanged, TurnClock
from game.net.host import TIMEOUTS_TO_COMPUTER, SeatSpec
from game.solver import PLAY_ORACLE
from tests.net.helpers import Hosted, host_game, over_of

TURN = 0.4  # seconds: a short timer for the tests (the New game offers 30 s to 2 min)


def idle_client(hosted: Hosted) -> tuple[NetClient, list[object]]:
    """A client that takes seat 0 and never plays (a player gone to make tea)."""
    client = NetClient(hosted.address, hosted.host.code, "Bea", seat=0)
    client.start()
    return client, []


def client_events(client: NetClient, seen: list[object], until: Any,
                  timeout: float = 30.0) -> Any:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        event = client.wait_event(0.05)
        if event is not None:
            seen.append(event)
            if until(event):
                return event
    raise AssertionError("the client was not told in time")


@pytest.mark.parametrize(("variant", "seats"), [
    ("machiavelli", 2), ("shanghai-rummy", 3)])
def test_an_idle_seat_times_out_three_times_then_a_computer_plays_it(variant: str,
                                                                      seats: int) -> None:
    specs = [SeatSpec("net")] + [SeatSpec("medium") for _ in range(seats - 1)]
    hosted = host_game(variant, specs, 3, {"match": "hands:1"}, turn_time=TURN)
    client, seen = idle_client(hosted)
    try:
        away = client_events(client, seen, lambda e: isinstance(e, SeatChanged)
                             and e.seat == 0 and e.state == "computer")
        assert away.timeouts
        clocks = [e for e in seen if isinstance(e, TurnClock)]
        assert clocks and all(c.total == TURN and 0 < c.left <= TURN for c in clocks)
        assert {c.seat for c in clocks} == {0}  # only people's moves are timed
        over = over_of(hosted, 120)
        assert over.result is not None and not over.stalled
        session = hosted.host.session()
        assert session is not None
    finally:
        client.close()
        hosted.stop()
    host_seen = [e for e in hosted.events if isinstance(e, SeatChanged) and e.seat == 0]
    assert [(e.state, e.timeouts) for e in host_seen][:1] == [("computer", True)]
    log = session.match.log
    ours = [a for a in log if a.player == 0]
    # the host's own moves for the idle seat: the engine's draw/pass/decline (a contract
    # seat that must discard: its computer's discard), each in the log like any other
    timed = ours[:TIMEOUTS_TO_COMPUTER]
    assert timed and all(a.kind in ("draw", "pass", "decline", "discard") for a in timed)
    assert any(a.kind in ("draw", "pass") for a in timed)
    # the saved game replays exactly from its seed and log
    again = match_from_json(session.match.to_json(), PLAY_ORACLE)
    assert again.state_json() == session.match.state_json()


def test_the_player_takes_the_seat_back_by_acting_again_and_is_timed_again() -> None:
    hosted = host_game("machiavelli", [SeatSpec("net"), SeatSpec("medium")], 5,
                       {"match": "hands:1"}, turn_time=TURN)
    client, seen = idle_client(hosted)
    try:
        client_events(client, seen, lambda e: isinstance(e, SeatChanged) and e.seat == 0
                      and e.state == "computer")
        client.back()
        back = client_events(client, seen, lambda e: isinstance(e, SeatChanged)
                             and e.seat == 0 and e.state == "taken")
        assert not back.timeouts
        mark = len(seen)
        # seat 0's move is timed again (unless the computer ended the hand meanwhile)
        client_events(client, seen, lambda e: isinstance(e, TurnClock) and e.seat == 0
                      or isinstance(e, MatchOver))
        assert any(isinstance(e, TurnClock) for e in seen[mark:]) \
            or hosted.host.session().match.over  # type: ignore[union-attr]
    finally:
        client.close()
        hosted.stop()


def test_without_a_timer_nobody_is_timed_and_a_late_move_is_still_taken() -> None:
    hosted = host_game("machiavelli", [SeatSpec("net"), SeatSpec("medium")], 5,
                       {"match": "hands:1"})
    client, seen = idle_client(hosted)
    try:
        client_events(client, seen, lambda e: type(e).__name__ == "Update")
        time.sleep(1.0)
        seen += [e for e in iter(lambda: client.wait_event(0.05), None)]
        assert not any(isinstance(e, TurnClock | SeatChanged) for e in seen)
        session = hosted.host.session()
        assert session is not None and len(session.match.log) == 0  # still waiting for us
    finally:
        client.close()
        hosted.stop()
