"""The wire: the schema a client's message must meet, addresses, join codes, actions read
by the engine's readers, and views that come out as the very views the engine gave."""

from __future__ import annotations

import json

import pytest

from game.ai.turns import ask, computer_seed, make_computer, settle
from game.engine.actions import Draw, NextHand, Play
from game.engine.contract.actions import Discard
from game.engine.serialize import SaveError, new_match
from game.engine.variants import Family
from game.net.actions import action_from_wire
from game.net.address import is_local_network, local_address, parse_address, uri
from game.net.host import code_key, new_code
from game.net.views import ViewReader, turn_count, view_json
from game.net.wire import (
    CODE_ALPHABET,
    DEFAULT_PORT,
    MAX_CLIENT_MESSAGE,
    WireError,
    clean_name,
    decode_client,
)
from game.session import NetworkSeats
from game.solver import PLAY_ORACLE

HELLO = {"type": "hello", "protocol": 1, "game": "0.1.0", "code": "ABC", "name": "Ada"}


@pytest.mark.parametrize(("frame", "code"), [
    (b"{}", "binary"),
    ("x" * (MAX_CLIENT_MESSAGE + 1), "too_big"),
    ("{", "not_json"),
    ("[" * 10_000 + "]" * 10_000, "not_json"),  # nested too deep for the reader
    ("[" * 30_000, "not_json"),
    ("[1]", "not_object"),
    ('{"type": "deal_me_aces"}', "unknown_type"),
    ('{"type": 3}', "unknown_type"),
    (json.dumps({**HELLO, "admin": True}), "bad_field"),
    (json.dumps({**HELLO, "protocol": True}), "bad_field"),
    (json.dumps({**HELLO, "name": "x" * 33}), "bad_field"),
    (json.dumps({"type": "hello", "protocol": 1}), "missing_field"),
    (json.dumps({"type": "action", "action": "draw"}), "bad_field"),
])
def test_a_message_that_breaks_the_schema_is_named_never_raised(frame: object,
                                                                code: str) -> None:
    with pytest.raises(WireError) as caught:
        decode_client(frame)
    assert caught.value.code == code


def test_a_message_the_schema_allows_is_read() -> None:
    assert decode_client(json.dumps(HELLO)) == HELLO
    message = {"type": "action", "action": {"type": "draw", "player": 0}, "step": 4}
    assert decode_client(json.dumps(message)) == message


@pytest.mark.parametrize("data", [
    {"type": "draw"}, {"type": "draw", "player": True}, {"type": "draw", "player": "0"},
    {"type": "next_hand", "player": 0}, {"type": "play", "player": 0},
    {"type": "play", "player": 0, "table": {"melds": [["ZZ.0"]], "free": [], "declared": []}},
    {"type": "play", "player": 0, "table": {"melds": 5, "free": [], "declared": []}},
    {"type": "fly", "player": 0}, {"type": 7, "player": 0},
])
def test_a_bad_manipulation_action_is_a_wire_error(data: dict) -> None:
    with pytest.raises(WireError):
        action_from_wire(Family.MANIPULATION, data)


@pytest.mark.parametrize("data", [
    {"type": "discard", "player": 0}, {"type": "discard", "player": 0, "card": 5},
    {"type": "lay_off", "player": 0, "card": "7H.0", "meld": "x"},
    {"type": "lay_down", "player": 0, "melds": [[1, 2]]},
    {"type": "lay_down", "player": 0, "melds": "7H"},
])
def test_a_bad_contract_action_is_a_wire_error(data: dict) -> None:
    with pytest.raises(WireError):
        action_from_wire(Family.CONTRACT, data)


def test_actions_come_through_as_the_engines_own() -> None:
    assert action_from_wire(Family.MANIPULATION, Draw(1).to_json()) == Draw(1)
    play = Play(0)
    assert action_from_wire(Family.MANIPULATION, play.to_json()) == play
    discard = {"type": "discard", "player": 2, "card": "7H.1"}
    assert action_from_wire(Family.CONTRACT, discard).to_json() == discard
    assert isinstance(action_from_wire(Family.CONTRACT, discard), Discard)


@pytest.mark.parametrize(("text", "expected"), [
    ("192.168.1.5", ("192.168.1.5", DEFAULT_PORT)),
    ("192.168.1.5:5000", ("192.168.1.5", 5000)),
    ("ws://ada-laptop.local:81/", ("ada-laptop.local", 81)),
    ("[fe80::1]:9000", ("fe80::1", 9000)),
    ("  localhost  ", ("localhost", DEFAULT_PORT)),
])
def test_an_address_as_a_joiner_writes_it(text: str, expected: tuple[str, int]) -> None:
    assert parse_address(text) == expected


@pytest.mark.parametrize("text", ["", "a b", "host:0", "host:70000", "host:x", ":80",
                                  "[::1", "[nope]:80", "h@st", "x" * 300, "a:b:c"])
def test_a_bad_address_is_one_clear_error(text: str) -> None:
    with pytest.raises(ValueError):
        parse_address(text)


def test_the_default_listening_address_is_on_the_local_network_or_loopback() -> None:
    assert is_local_network(local_address())
    assert not is_local_network("8.8.8.8") and not is_local_network("nonsense")
    assert uri("::1", 5) == "ws://[::1]:5"


def test_join_codes_read_off_a_screen() -> None:
    code = new_code()
    assert len(code) == 6 and set(code) <= set(CODE_ALPHABET)
    assert code_key(" ab-c d ") == "ABCD"
    assert clean_name("\x1b[31mAda\n", "Player 1") == "[31mAda"
    assert clean_name("\x00\t", "Player 1") == "Player 1"


@pytest.mark.parametrize("variant", ["machiavelli", "carousel", "shanghai-rummy"])
def test_a_view_off_the_wire_is_the_view_the_engine_gave(variant: str) -> None:
    seed = 5
    match = new_match(variant, 3, seed, {}, None, oracle=PLAY_ORACLE)
    players = [make_computer(match.family, "easy", computer_seed(seed, s)) for s in range(3)]
    readers = [ViewReader(match.family, match.variant) for _ in range(3)]
    sent = [(None, 0)] * 3
    for _step in range(400):
        if match.over:
            break
        if match.hand_over:
            match.apply(NextHand(None))
        else:
            seat = match.awaiting
            settle(match, seat, players[seat], ask(players[seat], match.view(seat)),
                   lambda d: (match.apply(d.action), "")[1])
        for seat in range(3):
            view = match.view(seat)
            hand, count = sent[seat]
            start = count if hand == match.deal.number else 0
            data = json.loads(json.dumps(view_json(match.family, view, start)))
            assert readers[seat].read(data) == view
            sent[seat] = (match.deal.number, turn_count(match.family, view))


def test_a_view_the_client_cannot_read_is_a_value_error() -> None:
    match = new_match("machiavelli", 2, 1, {}, None, oracle=PLAY_ORACLE)
    reader = ViewReader(match.family, match.variant)
    data = view_json(match.family, match.view(0))
    for broken in ({**data, "hand": ["nope"]}, {**data, "turns_from": 3},
                   {k: v for k, v in data.items() if k != "table"}):
        with pytest.raises(ValueError):
            reader.read(broken)


def test_a_saved_games_network_seats_are_checked() -> None:
    assert NetworkSeats.from_json({"remote": [0, 2], "levels": ["easy", "hard"]}, 3) == \
        NetworkSeats((0, 2), ("easy", "hard"))
    for bad in ([], {"remote": [3], "levels": ["easy"]}, {"remote": [0], "levels": []},
                {"remote": [True], "levels": ["easy"]}, {"remote": [0, 0],
                                                         "levels": ["easy", "easy"]},
                {"remote": [0], "levels": ["god"]}):
        with pytest.raises(SaveError):
            NetworkSeats.from_json(bad, 3)
