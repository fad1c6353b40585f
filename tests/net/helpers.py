"""Hosts, joiners and reference matches for the network tests (all on 127.0.0.1)."""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from typing import Any

from game.ai.turns import applying, ask, computer_seed, make_computer, settle
from game.engine.actions import NextHand
from game.engine.protocol import GameState
from game.engine.serialize import new_match
from game.net.bot import BotOutcome, play_seat
from game.net.client import NetClient
from game.net.events import Listening, MatchOver
from game.net.host import HostSettings, NetHost, SeatSpec
from game.solver import PLAY_ORACLE

LOOPBACK = "127.0.0.1"


def local_match(variant_id: str, levels: list[str], seed: int) -> GameState:
    """The match computer players of ``levels`` play on one computer, as ``machiavelli
    simulate`` plays it (``play_match``: the same players, seeds and settling)."""
    match = new_match(variant_id, len(levels), seed, {}, None, oracle=PLAY_ORACLE)
    players = [make_computer(match.family, level, computer_seed(seed, seat))
               for seat, level in enumerate(levels)]

    commit = applying(match)

    while not match.over:
        if match.hand_over:
            match.apply(NextHand(None))
            continue
        seat = match.awaiting
        settled = settle(match, seat, players[seat], ask(players[seat], match.view(seat)),
                         commit)
        assert settled.decision is not None, settled.problem
    return match


@dataclass
class Hosted:
    host: NetHost
    events: list[object] = field(default_factory=list)

    @property
    def address(self) -> str:
        return f"{LOOPBACK}:{self.host.port}"

    def pump(self) -> list[object]:
        new = self.host.events()
        self.events += new
        return new

    def wait_for(self, kind: type, timeout: float = 30.0, test: Any = None) -> Any:
        """The first event of ``kind`` (passing ``test``) from now on, pumping the host's."""
        seen = len(self.events)
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            for event in self.events[seen:]:
                if isinstance(event, kind) and (test is None or test(event)):
                    return event
            seen = len(self.events)
            event = self.host.wait_event(0.05)
            if event is not None:
                self.events.append(event)
        raise AssertionError(f"no {kind.__name__} within {timeout} s")

    def stop(self) -> None:
        self.host.stop()
        self.host.join(10)


def host_game(variant_id: str, seats: list[SeatSpec], seed: int,
              options: dict[str, object] | None = None, **settings: Any) -> Hosted:
    settings.setdefault("auto_start", True)
    host = NetHost(variant_id, seats, seed, options or {},
                   HostSettings(host=LOOPBACK, port=0, **settings))
    host.start()
    hosted = Hosted(host)
    hosted.wait_for(Listening, 10)
    return hosted


@dataclass
class Bot:
    client: NetClient
    thread: threading.Thread
    outcome: list[BotOutcome]

    def result(self, timeout: float = 120.0) -> BotOutcome:
        self.thread.join(timeout)
        assert self.outcome, "the bot did not finish"
        return self.outcome[0]


def join_bot(hosted: Hosted, seat: int | None, level: str, seed: int, *,
             record: bool = False, token: str | None = None, idle: float = 60.0) -> Bot:
    """A computer player joining ``hosted`` at ``seat`` on its own thread."""
    client = NetClient(hosted.address, hosted.host.code, f"{level} bot", token=token,
                       seat=seat, record=record)
    outcome: list[BotOutcome] = []

    def run() -> None:
        client.start()
        try:
            outcome.append(play_seat(client, level, seed, idle))
        finally:
            client.close()
            client.join(5)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return Bot(client, thread, outcome)


def over_of(hosted: Hosted, timeout: float = 120.0) -> MatchOver:
    return hosted.wait_for(MatchOver, timeout)


def wait_client(client: NetClient, kind: type, timeout: float = 20.0) -> object:
    """The client's next event of ``kind`` within ``timeout`` seconds."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        event = client.wait_event(0.1)
        if isinstance(event, kind):
            return event
    raise AssertionError(f"the client had no {kind.__name__} within {timeout} s")
