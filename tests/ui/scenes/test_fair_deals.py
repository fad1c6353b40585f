"""A joined window checks the deals at the match's end (issue 44): the end screen says
"Deals verified" where a hosted table shows the deal number, or names the card the host
lied about, loudly; the record is kept in the data folder for `machiavelli verify`."""

from __future__ import annotations

import json
from typing import Any

import pytest

from game.engine.cards import format_cards
from game.engine.serial import card_from_json
from game.net import SeatSpec
from game.net import match_driver as driver_module  # it writes each seat's view
from game.net.fair import DealRecord, check
from tests.net.test_fair import _lying
from tests.ui.conftest import StartApp, top_name
from tests.ui.scenes.test_join import (
    draw_until_the_hand_ends,
    frames_until,
    headless_host,
    join_and_begin,
    loopback,
)

__all__ = ["loopback"]  # the Join tests' fixture: hosting on 127.0.0.1, unannounced


def _to_the_end(app: Any) -> Any:
    host = headless_host([SeatSpec("local", "Ada"), SeatSpec("net")])  # one hand a match
    try:
        table = join_and_begin(app, host, [])
        draw_until_the_hand_ends(app, host, table)
        frames_until([app], lambda: top_name(app) == "ScoreboardScene", 20, "the scoreboard")
        frames_until([app], lambda: table.link.deals is not None, 10, "the deals' check")
    finally:
        host.stop()
        host.join(10)
    return table


def test_the_joined_end_screen_says_deals_verified_and_keeps_the_record(
        start_app: StartApp) -> None:
    app = start_app(speed=8.0)
    table = _to_the_end(app)
    board = app.scenes.top
    ok, words = board.deals_checked()
    assert ok and words.startswith("Deals verified: 1 deal matches")
    kept = table.link.deals_kept
    assert kept is not None and kept.parent == app.store.paths.deals_dir
    assert check(DealRecord.from_json(json.loads(kept.read_text()))).ok


def test_the_joined_end_screen_names_the_card_a_host_lied_about(
        start_app: StartApp, monkeypatch: pytest.MonkeyPatch) -> None:
    deck = [f"{rank}{suit}.{copy}" for copy in (0, 1) for suit in "SHDC"
            for rank in ("A", *map(str, range(2, 11)), "J", "Q", "K")]
    lie = _lying(1, deck)
    monkeypatch.setattr(driver_module, "view_json", lie)
    app = start_app(speed=8.0)
    table = _to_the_end(app)
    board = app.scenes.top
    ok, words = board.deals_checked()
    real, shown = lie.told[0]
    assert not ok and words.startswith("DEALS DO NOT MATCH. Hand 1:")
    assert format_cards([card_from_json(shown)]) in words
    assert format_cards([card_from_json(real)]) in words
    assert table.link.deals is not None and not table.link.deals.ok
