"""The host as a screen uses it: local seats act through ``act`` and see their views in
``events()``; the contract game's buy window takes answers early and applies them in the
order the match asks; nothing the caller does waits on the network."""

from __future__ import annotations

import time

from game.ai.turns import ask, for_seat, make_computer
from game.engine.actions import Draw
from game.engine.contract.actions import Buy, Decline
from game.net.events import Lobby, Played, Problem, Queued, Refused, Update
from game.net.host import LOCAL, HostSettings, NetHost, SeatSpec
from game.net.mirror import MatchMirror
from game.session import NetworkSeats
from tests.net.helpers import LOOPBACK, Hosted


def local_host(variant: str, seats: int, seed: int) -> Hosted:
    host = NetHost(variant, [SeatSpec(LOCAL, f"P{i + 1}") for i in range(seats)], seed, {},
                   HostSettings(host=LOOPBACK, port=0))
    host.start()
    return Hosted(host)


def test_buy_answers_given_early_are_applied_in_the_order_the_match_asks() -> None:
    hosted = local_host("shanghai-rummy", 3, 1)
    try:
        hosted.host.begin()
        first = hosted.wait_for(Update, 10, lambda e: e.seat == 0)
        assert first.event is None and first.view.awaiting == 0 and "draw" in first.view.legal
        hosted.host.act(0, Draw(0))
        drawn = hosted.wait_for(Update, 10, lambda e: e.seat == 2 and e.step == 1)
        assert drawn.buy_queue == (1, 2) and drawn.view.awaiting == 1
        hosted.host.act(2, Buy(2))  # seat 2 answers before seat 1 is done
        assert hosted.wait_for(Queued, 10).kind == "buy"
        hosted.host.act(1, Draw(1))  # not seat 1's draw: it is being asked about a buy
        assert "buy or decline" in hosted.wait_for(Refused, 10, lambda e: e.seat == 1).reason
        hosted.host.act(1, Decline(1))
        bought = hosted.wait_for(Played, 10, lambda e: e.event["action"]["type"] == "buy")
        declined = [e.event for e in hosted.events if isinstance(e, Played)
                    and e.event["action"]["type"] == "decline"]
        assert [d["seat"] for d in declined] == [1] and declined[0]["step"] == 2
        assert bought.event["seat"] == 2 and bought.event["step"] == 3
        assert bought.event["drawn"] == 2 and len(bought.event["taken"]) == 1
        view = hosted.wait_for(Update, 10, lambda e: e.seat == 2 and e.step == 3).view
        assert view.hand_counts[2] == view.hand_counts[1] + 2
    finally:
        hosted.stop()


def test_a_local_seat_may_not_act_for_another_and_begin_waits_for_the_network_seats() -> None:
    host = NetHost("machiavelli", [SeatSpec(LOCAL, "Ada"), SeatSpec("net")], 2, {},
                   HostSettings(host=LOOPBACK, port=0))
    host.start()
    hosted = Hosted(host)
    try:
        hosted.wait_for(Lobby, 10)
        host.begin()
        assert "not all taken" in hosted.wait_for(Problem, 10).text
        host.act(1, Draw(1))
        assert hosted.wait_for(Refused, 10).reason == "not a seat of this screen"
        host.act(0, Draw(1))
        assert hosted.wait_for(Refused, 10).reason == "the match is not under way"
        assert host.session() is None
    finally:
        hosted.stop()


def test_the_callers_side_never_waits() -> None:
    host = NetHost("machiavelli", [SeatSpec(LOCAL, "Ada"), SeatSpec("medium")], 2, {},
                   HostSettings(host=LOOPBACK, port=0))
    start = time.perf_counter()
    host.start()
    host.begin()
    host.act(0, Draw(0))
    host.events()
    host.stop()
    assert time.perf_counter() - start < 0.1
    host.join(10)
    assert not host.running
    host.act(0, Draw(0))  # after the end: told, never raised
    assert any(isinstance(e, Problem) and e.fatal for e in host.events())


def test_the_host_screens_mirror_follows_the_match_to_its_end() -> None:
    """As the host's table would: a mirror of the match, fed every event; its own seat
    played from the mirror's view through ``act``."""
    host = NetHost("shanghai", [SeatSpec(LOCAL, "Ada"), SeatSpec("medium"), SeatSpec("easy")],
                   4, {}, HostSettings(host=LOOPBACK, port=0))
    host.start()
    hosted = Hosted(host)
    me = make_computer("manipulation", "easy", 99)
    try:
        host.begin()
        hosted.wait_for(Lobby, 10, lambda e: e.started)
        session = host.session()
        assert session is not None and session.network == NetworkSeats((), ())
        mirror = MatchMirror(session)
        asked = -1
        end = time.monotonic() + 120
        while not mirror.session.match.over and time.monotonic() < end:
            mirror.feed(hosted.pump())
            match = mirror.session.match
            if not match.hand_over and match.awaiting == 0 and asked != mirror.step:
                asked = mirror.step
                decision = ask(me, match.view(0))
                assert decision is not None
                host.act(0, for_seat(decision, 0).action)
            time.sleep(0.002)
        final = host.session()
        assert final is not None and final.match.over
        assert mirror.session.match.digest() == final.match.digest()
    finally:
        hosted.stop()


def test_fill_with_computers_turns_the_open_network_seats_into_computers() -> None:
    host = NetHost("machiavelli", [SeatSpec(LOCAL, "Ada"), SeatSpec("net"), SeatSpec("net")],
                   3, {}, HostSettings(host=LOOPBACK, port=0))
    host.start()
    hosted = Hosted(host)
    try:
        hosted.wait_for(Lobby, 10)
        host.fill_with_computers("easy")
        lobby = hosted.wait_for(Lobby, 10, lambda e: e.seats[1].state != "open")
        assert [(s.kind, s.state) for s in lobby.seats[1:]] == [("easy", "computer")] * 2
        host.begin()
        first = hosted.wait_for(Update, 10, lambda e: e.seat == 0)
        assert first.event is None
        session = host.session()
        assert session is not None and session.network is not None
        assert session.network.remote == ()  # no seat waits for a player any more
        assert [s.kind for s in session.seats] == ["human", "easy", "easy"]
    finally:
        hosted.stop()


def test_an_early_buy_answer_from_a_screen_behind_the_window_is_refused() -> None:
    """The host's screen may be a buy window behind the host: an answer it gave about an
    earlier discard never buys the card on offer now."""
    hosted = local_host("shanghai-rummy", 3, 1)
    try:
        hosted.host.begin()
        hosted.wait_for(Update, 10, lambda e: e.seat == 0)
        hosted.host.act(0, Draw(0))  # the window opens after step 1: seats 1 and 2 asked
        hosted.wait_for(Update, 10, lambda e: e.seat == 2 and e.step == 1)
        hosted.host.act(2, Buy(2), 0)  # chosen at step 0: about another window
        assert hosted.wait_for(Refused, 10, lambda e: e.seat == 2).reason \
            == "that buy window has closed"
        hosted.host.act(2, Buy(2), 1)  # chosen in this window: held for its turn
        assert hosted.wait_for(Queued, 10).kind == "buy"
    finally:
        hosted.stop()
