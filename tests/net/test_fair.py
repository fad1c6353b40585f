"""Provably fair deals, through real sockets on 127.0.0.1: the host commits to the seed
before the first deal and reveals it at the end; each joiner rebuilds every deal it saw
from the seed and says "Deals verified" or names the first card the host lied about."""

from __future__ import annotations

import json
from typing import Any

import pytest

from game.ai.turns import computer_seed
from game.engine.cards import format_cards
from game.engine.serial import card_from_json, card_to_json
from game.net import match_driver as driver_module  # it writes each seat's view
from game.net.client import NetClient
from game.net.events import DealsChecked, Joined, SeatChanged, Update
from game.net.fair import commitment
from game.net.host import SeatSpec
from tests.net.helpers import host_game, join_bot, over_of, wait_client

HANDS = {"match": "hands:2"}


@pytest.mark.parametrize(("variant", "seed"), [("machiavelli", 7), ("shanghai-rummy", 5)])
def test_the_commitment_comes_before_the_first_deal_and_every_deal_is_verified(
        variant: str, seed: int) -> None:
    hosted = host_game(variant, [SeatSpec("net"), SeatSpec("net"), SeatSpec("medium")], seed,
                       HANDS)
    bots = [join_bot(hosted, seat, "medium", computer_seed(seed, seat), record=True)
            for seat in (0, 1)]
    try:
        over = over_of(hosted)
        assert over.result is not None and not over.stalled
        for bot in bots:
            assert bot.result().over is not None
    finally:
        hosted.stop()
    for bot in bots:
        frames = [json.loads(f) for f in bot.client.frames or ()]
        kinds = [f["type"] for f in frames]
        welcome = frames[kinds.index("welcome")]
        first_update = kinds.index("update")
        assert kinds.index("welcome") < first_update  # committed before any card is shown
        revealed = frames[kinds.index("over")]["reveal"]
        assert revealed["seed"] == seed
        assert welcome["commitment"] == commitment(seed, revealed["salt"])
        assert seed not in welcome.values() and "seed" not in welcome  # nothing gives it away
        verdict = bot.client.verdict
        assert verdict is not None and verdict.ok, verdict
        assert verdict.words.startswith("Deals verified") and verdict.deals == 2
    session = hosted.host.session()
    assert session is not None and session.fair is not None
    assert session.fair.commitment == commitment(seed, session.fair.salt)


def _lying(seat: int, deck: list[str]) -> Any:
    """The host's view writer, lying about one card of ``seat``'s first deal."""
    real = driver_module.view_json
    told: list[tuple[str, str]] = []

    def view_json(family: Any, view: Any, turns_from: int = 0) -> dict[str, Any]:
        data = real(family, view, turns_from)
        if view.seat == seat and not told and getattr(view, "hand_number", 1) == 0 \
                and not view.turns and view.draws_this_turn == 0:
            hand = data["hand"]
            swap = next(c for c in deck if c not in hand and c not in json.dumps(data))
            told.append((hand[0], swap))
            data = dict(data, hand=[swap, *hand[1:]])
        return data

    view_json.told = told  # type: ignore[attr-defined]
    return view_json


def test_a_host_lying_about_one_card_of_a_deal_is_caught_and_the_card_named(
        monkeypatch: pytest.MonkeyPatch) -> None:
    seed = 7
    deck = [card_to_json(card_from_json(f"{rank}{suit}.{copy}")) for copy in (0, 1)
            for suit in "SHDC" for rank in ("A", *map(str, range(2, 11)), "J", "Q", "K")]
    lie = _lying(0, deck)
    monkeypatch.setattr(driver_module, "view_json", lie)
    hosted = host_game("machiavelli", [SeatSpec("net"), SeatSpec("medium")], seed, HANDS)
    bot = join_bot(hosted, 0, "medium", computer_seed(seed, 0))
    try:
        over_of(hosted)
        assert bot.result().over is not None
    finally:
        hosted.stop()
    assert len(lie.told) == 1
    real, shown = lie.told[0]
    verdict = bot.client.verdict
    assert verdict is not None and not verdict.ok
    assert verdict.words.startswith("DEALS DO NOT MATCH. Hand 1:")
    assert format_cards([card_from_json(shown)]) in verdict.words
    assert format_cards([card_from_json(real)]) in verdict.words


def test_a_reveal_that_breaks_the_commitment_is_caught() -> None:
    hosted = host_game("machiavelli", [SeatSpec("net"), SeatSpec("medium")], 3, HANDS)
    hosted.host.salt = "not the salt committed to"  # the host changes its mind
    bot = join_bot(hosted, 0, "medium", 1)
    try:
        over_of(hosted)
        assert bot.result().over is not None
    finally:
        hosted.stop()
    verdict = bot.client.verdict
    assert verdict is not None and not verdict.ok
    assert "not the one it committed to" in verdict.words


def test_a_seat_back_after_the_match_ended_is_told_the_seed_and_checks_its_deals() -> None:
    """The player's game crashed; a computer played the seat to the match's end; the game,
    started again, takes the seat back: it is told the end with the seed revealed, as the
    seats still there were, and its deals are verified (not "the host did not reveal")."""
    hosted = host_game("machiavelli", [SeatSpec("net"), SeatSpec("medium")], 7,
                       {"match": "hands:1"}, takeover_after=0.2)
    first = NetClient(hosted.address, hosted.host.code, "Ada", seat=0)
    again = None
    try:
        first.start()
        joined = wait_client(first, Joined)
        assert isinstance(joined, Joined)
        wait_client(first, Update)  # the deal is shown: the record holds it
        kept = first.deals
        first.close()
        first.join(5)
        hosted.wait_for(SeatChanged, 20, lambda e: (e.seat, e.state) == (0, "computer"))
        over_of(hosted)  # the computer played the seat to the end
        again = NetClient(hosted.address, hosted.host.code, "Ada", token=joined.token,
                          deals=kept)
        again.start()
        checked = wait_client(again, DealsChecked)
        assert isinstance(checked, DealsChecked)
        assert checked.ok, checked.words
        assert checked.words.startswith("Deals verified")
    finally:
        if again is not None:
            again.close()
            again.join(5)
        hosted.stop()
