"""A hostile client while a match goes on: random, truncated, oversized and out-of-order
messages, actions out of turn and for another seat, many connections. The match still
ends as a match should, and the host answers others promptly all along."""

from __future__ import annotations

import contextlib
import json
import random
import threading
import time

import websockets.sync.client as sync_client

from game.ai.turns import computer_seed
from game.net.events import MatchOver, Problem, SeatChanged
from game.net.host import MAX_BAD_MESSAGES, SeatSpec
from game.net.wire import GAME_VERSION, MAX_CLIENT_MESSAGE, PROTOCOL_VERSION, encode
from tests.net.helpers import Hosted, host_game, join_bot

SEED = 6


def junk(rng: random.Random, step: int) -> str | bytes:
    """One bad message of many kinds."""
    draw = {"type": "action", "action": {"type": "draw", "player": 1}}
    choices: list[str | bytes] = [
        bytes(rng.getrandbits(8) for _ in range(rng.randint(1, 64))),  # binary
        "".join(chr(rng.randint(32, 0x2FF)) for _ in range(rng.randint(1, 80))),  # not JSON
        encode(draw)[:rng.randint(1, 20)],  # truncated
        "[" * 5000 + "]" * 5000,  # nested deep
        encode({"type": "action", "action": {"type": "draw", "player": 0}}),  # another seat
        encode({"type": "action", "action": {"type": "draw", "player": True}}),
        encode({"type": "action", "action": {"type": "discard", "player": 1,
                                             "card": "ZZ.9"}}),
        encode({"type": "action", "action": {"type": "lay_off", "player": 1,
                                             "card": "7H.0", "meld": -3}}),
        encode({"type": "action", "action": {"type": "next_hand", "player": None}}),
        encode({**draw, "step": step - 3}),  # stale: out of order
        encode({**draw, "step": 10**12}),
        encode(draw),  # out of turn, most of the time
        encode({"type": "hello", "protocol": PROTOCOL_VERSION, "game": GAME_VERSION,
                "code": "X", "name": "again"}),
        encode({"type": "gimme_cards"}),
        encode({"type": "action", "action": {"type": "draw", "player": 1}, "extra": 1}),
        encode({"type": "action", "action": "draw"}),
        json.dumps([1, 2, 3]),
        "null",
    ]
    return choices[rng.randrange(len(choices))]


def probe(hosted: Hosted) -> float:
    """Seconds the host takes to answer a newcomer with the wrong code."""
    start = time.perf_counter()
    with sync_client.connect(f"ws://{hosted.address}", proxy=None, open_timeout=10) as ws:
        ws.send(encode({"type": "hello", "protocol": PROTOCOL_VERSION, "game": GAME_VERSION,
                        "code": "NOPE00", "name": "probe"}))
        answer = ws.recv(timeout=10)
    assert "wrong join code" in str(answer)
    return time.perf_counter() - start


def test_a_hostile_client_neither_breaks_nor_stalls_the_match() -> None:
    hosted = host_game("shanghai-rummy", [SeatSpec("net"), SeatSpec("net"),
                                          SeatSpec("medium")], SEED,
                       takeover_after=0.2, hello_timeout=60.0)
    with contextlib.ExitStack() as idle:
        try:
            _play_with_a_hostile_client(hosted, idle)
        finally:
            hosted.stop()


def _play_with_a_hostile_client(hosted: Hosted, idle: contextlib.ExitStack) -> None:
    for number in range(50):  # many connections: idle, or junk before any hello
        ws = idle.enter_context(sync_client.connect(f"ws://{hosted.address}", proxy=None,
                                                    open_timeout=10))
        if number % 2:
            ws.send("not a hello")
    honest = join_bot(hosted, 0, "medium", computer_seed(SEED, 0))
    hostile = join_bot(hosted, 1, "medium", computer_seed(SEED, 1), record=True)
    rng = random.Random(1)
    waits: list[float] = []
    stop = threading.Event()

    def spam() -> None:
        # below the host's count of bad messages that closes a connection (50)
        for _ in range(MAX_BAD_MESSAGES - 5):
            if stop.is_set():
                return
            hostile.client.send_raw(junk(rng, max(hostile.client.step, 0)))
            time.sleep(0.02)

    spammer = threading.Thread(target=spam, daemon=True)
    spammer.start()
    for _ in range(5):
        waits.append(probe(hosted))
        time.sleep(0.2)
    spammer.join(30)
    stop.set()
    # then a message over the size cap: the host closes that connection, the seat
    # waits, a computer takes it over, and the match goes on to its end
    hostile.client.send_raw("x" * (MAX_CLIENT_MESSAGE + 1))
    over = hosted.wait_for(MatchOver, 180)
    assert over.result is not None and not over.stalled
    assert honest.result().over is not None
    session = hosted.host.session()
    assert session is not None and session.match.over
    assert session.match.check_invariants() == []
    assert max(waits) < 5.0, waits  # a wrong-code answer: milliseconds when the machine is idle
    problems = [e for e in hosted.events if isinstance(e, Problem)]
    assert not problems, problems  # no handler failed, no verified action was refused
    changes = [(e.seat, e.state) for e in hosted.events if isinstance(e, SeatChanged)]
    assert changes[:2] == [(1, "waiting"), (1, "computer")]
    # every bad message had its answer: an error naming the fault, or a refusal
    answers = [json.loads(f) for f in hostile.client.frames or []]
    codes = {a["code"] for a in answers if a["type"] == "error"}
    reasons = {a["reason"] for a in answers if a["type"] == "refused"}
    assert {"binary", "not_json", "not_object", "unknown_type", "bad_field", "bad_action",
            "hello_again"} <= codes, codes
    assert {"you play seat 2", "the table has changed since: look again"} <= reasons, reasons
