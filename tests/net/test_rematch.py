"""A rematch with the same seats from the end of a network match (issue 44), through real
sockets on 127.0.0.1: the host deals a new seed, commits to it afresh, every joiner is
told and plays on at the same seat, and its deals check against the new commitment."""

from __future__ import annotations

import json
import threading

from game.net.bot import BotOutcome, play_seat
from game.net.client import NetClient
from game.net.events import MatchOver, Problem, Rematch
from game.net.fair import commitment
from game.net.host import SeatSpec
from tests.net.helpers import host_game

HANDS = {"match": "hands:1"}


def test_a_rematch_keeps_the_seats_deals_a_new_seed_and_commits_to_it_afresh() -> None:
    hosted = host_game("machiavelli", [SeatSpec("net"), SeatSpec("medium")], 8, HANDS)
    client = NetClient(hosted.address, hosted.host.code, "Bea", seat=0, record=True)
    outcome: list[BotOutcome] = []

    def run() -> None:
        client.start()
        try:
            outcome.append(play_seat(client, "medium", 3, 60, rematches=1))
        finally:
            client.close()
            client.join(5)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    try:
        first = hosted.wait_for(MatchOver, 120)
        assert first.result is not None
        names = hosted.host.session().match.names  # type: ignore[union-attr]
        seed = hosted.host.rematch(4242)
        assert seed == 4242
        hosted.wait_for(Rematch, 10)
        second = hosted.wait_for(MatchOver, 120)
        assert second.result is not None and not second.stalled
        thread.join(30)
        session = hosted.host.session()
    finally:
        hosted.stop()
    assert session is not None and session.match.seed == 4242 and session.match.over
    assert session.match.names == names and session.network is not None
    assert outcome and outcome[0].over is not None and outcome[0].seat == 0
    frames = [json.loads(f) for f in client.frames or ()]
    kinds = [f["type"] for f in frames]
    welcome = frames[kinds.index("welcome")]
    rematch = frames[kinds.index("rematch")]
    overs = [f for f in frames if f["type"] == "over"]
    assert len(overs) == 2
    assert welcome["commitment"] == commitment(8, overs[0]["reveal"]["salt"])
    assert rematch["commitment"] == commitment(4242, overs[1]["reveal"]["salt"])
    assert rematch["commitment"] != welcome["commitment"]
    assert kinds.index("rematch") < kinds.index("update", kinds.index("rematch"))
    # both matches' deals checked against their own commitments (read from the client's
    # record of verdicts: the rematch resets the current one, maybe before a reader sees it)
    assert [v.ok for v in client.verdicts] == [True, True], client.verdicts
    assert client.verdict is not None and client.verdict.ok, client.verdict


def test_no_rematch_before_the_match_is_over() -> None:
    hosted = host_game("machiavelli", [SeatSpec("net"), SeatSpec("medium")], 8, HANDS)
    try:
        hosted.host.rematch(5)
        assert "once the match is over" in hosted.wait_for(Problem, 10).text
    finally:
        hosted.stop()
