"""A spectator seat, where the host allows it: it watches the public table and the log
through a real connection on 127.0.0.1, never a card of any hand, and the lobby lists it
as watching."""

from __future__ import annotations

import json
from typing import Any

from game.engine.cards import Card
from game.engine.serial import card_from_json
from game.engine.serialize import new_match
from game.net.client import NetClient
from game.net.events import Joined, JoinRefused, Lobby, MatchOver, Update
from game.net.host import SeatSpec
from game.solver import PLAY_ORACLE
from tests.net.helpers import host_game, join_bot, over_of, wait_client


def strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in strings(v)]
    return []


def cards_in(message: dict[str, Any]) -> set[Card]:
    found = set()
    for text in strings(message):
        try:
            found.add(card_from_json(text))
        except Exception:  # noqa: BLE001 - any other string
            continue
    return found


def test_a_spectator_sees_the_table_and_log_but_never_a_card_of_any_hand() -> None:
    hosted = host_game("machiavelli", [SeatSpec("net"), SeatSpec("medium", "Cy")], 5,
                       auto_start=False, spectators=2)
    watcher = NetClient(hosted.address, hosted.host.code, "Eve", watch=True, record=True)
    watcher.start()
    try:
        joined = wait_client(watcher, Joined)
        assert isinstance(joined, Joined) and joined.watching and joined.seat == -1
        lobby = hosted.wait_for(Lobby, 10, lambda e: e.watchers == ("Eve",))
        assert lobby.watch and [s.state for s in lobby.seats] == ["open", "computer"]
        bot = join_bot(hosted, 0, "easy", 3)
        hosted.wait_for(Lobby, 10, lambda e: e.seats[0].state == "taken")
        hosted.host.begin()
        over_of(hosted, 180)
        bot.result()
        wait_client(watcher, MatchOver, 20)
        session = hosted.host.session()
        assert session is not None
        log = session.match.log
        frames = [json.loads(f) for f in watcher.frames or []]
        updates = [f for f in frames if f["type"] == "update"]
        assert len(updates) == len(log) + 1  # the first view, then each action's
        replay = new_match("machiavelli", 2, 5, {}, None, oracle=PLAY_ORACLE)
        step = 0
        for message in frames:
            if message["type"] != "update":
                continue
            while step < message["step"]:
                replay.apply(log[step])
                step += 1
            assert message["view"]["hand"] == []
            held = {c for hand in replay.deal.hands for c in hand}
            assert not cards_in(message) & held, f"step {step}: a card of a hand"
        assert any(m["view"]["table"] for m in updates), "the public table was shown"
        assert sum(1 for m in updates if m["event"] is not None) == len(log)
    finally:
        watcher.close()
        hosted.stop()


def test_a_host_that_takes_no_spectators_refuses_one_in_words() -> None:
    hosted = host_game("machiavelli", [SeatSpec("net"), SeatSpec("medium")], 5)
    watcher = NetClient(hosted.address, hosted.host.code, "Eve", watch=True)
    watcher.start()
    try:
        refused = wait_client(watcher, JoinRefused)
        assert isinstance(refused, JoinRefused)
        assert refused.reason == "this game takes no spectators"
    finally:
        watcher.close()
        hosted.stop()


def test_a_spectator_joins_a_match_under_way_with_the_public_view() -> None:
    hosted = host_game("machiavelli", [SeatSpec("local", "Ada"), SeatSpec("medium")], 5,
                       auto_start=False, spectators=1)
    try:
        hosted.host.begin()
        watcher = NetClient(hosted.address, hosted.host.code, "Eve", watch=True)
        watcher.start()
        update = wait_client(watcher, Update)
        assert isinstance(update, Update) and update.seat == -1 and update.view.hand == ()
        assert sum(update.view.hand_counts) > 0
        second = NetClient(hosted.address, hosted.host.code, "Fay", watch=True)
        second.start()
        refused = wait_client(second, JoinRefused)
        assert isinstance(refused, JoinRefused)
        assert refused.reason == "every spectator place is taken"
        watcher.close()
        second.close()
    finally:
        hosted.stop()
