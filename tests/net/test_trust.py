"""The host decides everything: a field of a client's action that only the host may know
(the must-play search's answer, whether a play was started, penalties, counts) is never
taken from the wire. Every action kind the host accepts, of both families, is sent with a
forged field by a seated client: the host refuses it in words and its match stays as the
honest rules leave it. The host's own screen cannot slip one in either."""

from __future__ import annotations

from typing import Any

import pytest

from game.engine.actions import ACTION_TYPES, Abandon, Action, Draw
from game.engine.contract.actions import (
    Buy,
    Decline,
    Discard,
    LayDown,
    LayOff,
    SwapJoker,
    TakeDiscard,
)
from game.net.actions import CLIENT_FIELDS, HOST_ONLY
from game.net.client import NetClient
from game.net.events import Played, Problem, Refused, Update
from game.net.host import LOCAL, SeatSpec
from game.net.views import seat_to_move
from game.net.wire import encode
from tests.net.helpers import Hosted, host_game, wait_client

EMPTY_TABLE = {"melds": [], "free": [], "declared": []}
MUST_PLAY = "you can play, so you must play"


def _my_move(client: NetClient, seat: int = 0) -> Update:
    while True:
        update = wait_client(client, Update)
        assert isinstance(update, Update)
        if seat_to_move(update.view) == seat:
            return update


def _answer(client: NetClient) -> Problem | Refused:
    """The host's answer to the last message: an error or a refusal (never a new view)."""
    while True:
        event = client.wait_event(10)
        assert event is not None, "the host did not answer"
        assert not isinstance(event, Update), f"the host applied it: {event.event}"
        if isinstance(event, Problem | Refused):
            return event


def _log(hosted: Hosted) -> list[dict[str, Any]]:
    session = hosted.host.session()
    assert session is not None
    return [a.to_json() for a in session.match.log]


def _seated(variant: str, seed: int, options: dict[str, object] | None = None
            ) -> tuple[Hosted, NetClient]:
    hosted = host_game(variant, [SeatSpec("net"), SeatSpec("medium"), SeatSpec("medium")],
                       seed, options)
    client = NetClient(hosted.address, hosted.host.code, "Mallory", seat=0)
    client.start()
    _my_move(client)
    return hosted, client


def _forge(client: NetClient, action: dict[str, Any]) -> Problem | Refused:
    client.send_raw(encode({"type": "action", "action": action}))
    return _answer(client)


def test_a_forged_unsettled_draw_does_not_break_the_must_play_rule() -> None:
    hosted, client = _seated("shanghai", 0)  # seat 0 can play on its first turn
    try:
        refused = _forge(client, {"type": "draw", "player": 0})
        assert isinstance(refused, Refused) and MUST_PLAY in refused.reason
        forged = _forge(client, {"type": "draw", "player": 0, "unsettled": True})
        assert "unsettled" in (forged.text if isinstance(forged, Problem) else forged.reason)
        assert _log(hosted) == []  # nothing applied: seat 0 must still play
        assert hosted.host.session().match.awaiting == 0  # type: ignore[union-attr]
    finally:
        client.close()
        hosted.stop()


#: Every action kind a client may send, each with a field only the host may know.
FORGED: dict[str, list[dict[str, Any]]] = {
    "shanghai": [
        {"type": "draw", "player": 0, "unsettled": True},
        {"type": "pass", "player": 0, "unsettled": True},
        {"type": "abandon", "player": 0, "unsettled": True},
        {"type": "draw", "player": 0, "drawn": 0},
        {"type": "play", "player": 0, "table": EMPTY_TABLE, "opened": True},
        {"type": "knock", "player": 0, "points": 0},
        {"type": "end_turn", "player": 0, "played": True},
        {"type": "start_play", "player": 0, "started": False},
    ],
    "machiavelli": [  # must play if able, and a failed play costs cards
        {"type": "abandon", "player": 0, "unsettled": True},
        {"type": "abandon", "player": 0, "started": True},
        {"type": "abandon", "player": 0, "penalty": 0},
        {"type": "draw", "player": 0, "unsettled": True},
        {"type": "start_play", "player": 0, "started": False},
    ],
    "shanghai-rummy": [
        {"type": "draw", "player": 0, "unsettled": True},
        {"type": "draw", "player": 0, "count": 0},
        {"type": "take_discard", "player": 0, "penalty": 0},
        {"type": "buy", "player": 0, "buys": 0},
        {"type": "decline", "player": 0, "asked": True},
        {"type": "lay_down", "player": 0, "melds": [], "declared": [], "contract": 0},
        {"type": "lay_off", "player": 0, "card": "9C.0", "meld": 0, "down": True},
        {"type": "swap_joker", "player": 0, "card": "9C.0", "meld": 0, "used": True},
        {"type": "discard", "player": 0, "card": "3D.0", "went_out": True},
    ],
}
GAMES = {"shanghai": (0, {}), "machiavelli": (0, {"must_play_if_able": True}),
         "shanghai-rummy": (1, {})}


@pytest.mark.parametrize("variant", list(FORGED))
def test_every_action_kind_with_a_forged_field_is_refused_in_words(variant: str) -> None:
    seed, options = GAMES[variant]
    hosted, client = _seated(variant, seed, options)
    try:
        before = _log(hosted)
        for action in FORGED[variant]:
            forged = list(action)[-1]
            answer = _forge(client, action)
            assert isinstance(answer, Problem), (action, answer)
            assert f"no field '{forged}'" in answer.text, (action, answer.text)
            assert _log(hosted) == before, action
    finally:
        client.close()
        hosted.stop()


@pytest.mark.parametrize(("variant", "options", "action"), [
    ("shanghai", {}, Draw(0, unsettled=True)),
    ("machiavelli", {"must_play_if_able": True}, Abandon(0, unsettled=True)),
])
def test_the_hosts_own_screen_cannot_skip_the_must_play_rule(
        variant: str, options: dict[str, object], action: Draw | Abandon) -> None:
    hosted = host_game(variant, [SeatSpec(LOCAL, "Host"), SeatSpec("medium"),
                                 SeatSpec("medium")], 0, options)
    try:
        hosted.host.begin()
        hosted.wait_for(Update, 10, lambda e: e.seat == 0)
        hosted.host.act(0, action)
        refused = hosted.wait_for(Refused, 10)
        assert MUST_PLAY in refused.reason
        assert not any(isinstance(e, Played) for e in hosted.events)
        assert _log(hosted) == []
    finally:
        hosted.stop()


def test_an_honest_clients_actions_hold_only_the_fields_a_client_may_send() -> None:
    """Every action kind of both families is either the host's alone or one a client may
    send as ``Action.to_json`` writes it (an action not marked unsettled)."""
    made: list[Action] = [cls(0) for cls in ACTION_TYPES.values()]
    made += [TakeDiscard(0), Buy(0), Decline(0), LayDown(0), LayOff(0), SwapJoker(0),
             Discard(0)]
    for action in made:
        if action.kind in HOST_ONLY:
            assert action.kind not in CLIENT_FIELDS
            continue
        fields = set(action.to_json()) - {"type", "player"}
        assert fields <= CLIENT_FIELDS[action.kind], action
    assert "unsettled" not in set().union(*CLIENT_FIELDS.values())
