"""A hosted game is announced on the local network (DNS-SD over multicast DNS) and a
joiner's browser lists it: here on the loopback interface, where this sandbox carries
multicast. Where a machine's loopback carries none, the test says so and skips."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest

from game.net.discovery import Browser, FoundGame, instance_name
from game.net.events import Problem
from game.net.host import SeatSpec
from game.net.wire import GAME_VERSION, PROTOCOL_VERSION
from tests.net.helpers import LOOPBACK, host_game, join_bot


def test_a_hosted_game_is_announced_and_found_then_withdrawn() -> None:
    hosted = host_game("machiavelli", [SeatSpec("net"), SeatSpec("medium")], 1,
                       announce=True)
    browser = Browser(interfaces=[LOOPBACK])
    try:
        problems = [e for e in hosted.pump() if isinstance(e, Problem)]
        if problems:
            pytest.skip(f"no multicast on this machine's loopback: {problems[0].text}")
        assert browser.start() == ""
        end = time.monotonic() + 10
        while not browser.games() and time.monotonic() < end:
            time.sleep(0.05)
        games = browser.games()
        end = time.monotonic() + 10
        while browser.games()[0].open_seats is None and time.monotonic() < end:
            time.sleep(0.05)
        games = browser.games()
        assert games == [FoundGame(instance_name("Machiavelli"), LOOPBACK, hosted.host.port,
                                   "machiavelli", 2, GAME_VERSION, PROTOCOL_VERSION,
                                   (0,), False, False)]
        assert games[0].joinable
        hosted.stop()
        end = time.monotonic() + 10
        while browser.games() and time.monotonic() < end:
            time.sleep(0.05)
        assert browser.games() == []  # the host said goodbye when it stopped
    finally:
        browser.stop()
        hosted.stop()


def test_the_join_list_shows_open_seats_and_a_match_under_way() -> None:
    hosted = host_game("machiavelli", [SeatSpec("net"), SeatSpec("net"), SeatSpec("medium")],
                       1, announce=True, spectators=2)
    browser = Browser(interfaces=[LOOPBACK])
    bots = []
    try:
        problems = [e for e in hosted.pump() if isinstance(e, Problem)]
        if problems:
            pytest.skip(f"no multicast on this machine's loopback: {problems[0].text}")
        assert browser.start() == ""

        def found(test: Callable[[FoundGame], bool]) -> FoundGame:
            end = time.monotonic() + 10
            while time.monotonic() < end:
                games = browser.games()
                if games and test(games[0]):
                    return games[0]
                time.sleep(0.05)
            raise AssertionError(f"not seen: {browser.games()}")

        game = found(lambda g: g.open_seats == (0, 1))
        assert not game.started and game.watch
        bots.append(join_bot(hosted, 1, "easy", 2))
        found(lambda g: g.open_seats == (0,) and not g.started)
        bots.append(join_bot(hosted, 0, "easy", 3))
        found(lambda g: g.open_seats == () and g.started)
    finally:
        browser.stop()
        hosted.stop()


def test_a_found_game_of_another_version_is_not_joinable() -> None:
    other = FoundGame("x", LOOPBACK, 1, "machiavelli", 2, "0.0.1", PROTOCOL_VERSION)
    assert not other.joinable
