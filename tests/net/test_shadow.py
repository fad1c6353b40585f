"""A joined table's match made from its seat's views only (``game.net.shadow``): every
count the table shows is the host's, every card it may not see a stand-in, and it never
plays an action itself: it checks it as the host would and queues it to be sent."""

from __future__ import annotations

import pytest

from game.engine.actions import Draw, Play
from game.engine.errors import IllegalAction
from game.engine.serialize import new_match
from game.engine.table import Table
from game.net.shadow import ShadowContractMatch, ShadowMatch, is_hidden
from game.solver import PLAY_ORACLE


def test_the_shadow_holds_only_what_its_seat_may_see() -> None:
    match = new_match("machiavelli", 3, 5, {}, ["Ada", "Bea", "Cy"], oracle=PLAY_ORACLE)
    match.apply(Draw(0))
    shadow = ShadowMatch("machiavelli", {}, match.view(1))
    real = set(match.deal.stock) | set(match.deal.hands[0]) | set(match.deal.hands[2])
    shown = set(shadow.deal.stock) | set(shadow.deal.hands[0]) | set(shadow.deal.hands[2])
    assert all(is_hidden(card) for card in shown) and not shown & real
    assert [len(h) for h in shadow.deal.hands] == [len(h) for h in match.deal.hands]
    assert len(shadow.deal.stock) == len(match.deal.stock)
    assert shadow.deal.hands[1] == match.deal.hands[1]
    assert shadow.deal.table == match.deal.table and shadow.current == 1


def test_the_shadow_checks_as_the_host_and_queues_never_applies() -> None:
    match = new_match("machiavelli", 2, 2, {}, ["Ada", "Bea"], oracle=PLAY_ORACLE)
    shadow = ShadowMatch("machiavelli", {}, match.view(1))
    with pytest.raises(IllegalAction, match="Ada's turn"):
        shadow.apply(Draw(1))  # not its turn
    match.apply(Draw(0))
    shadow.load(match.view(1))
    one = match.deal.hands[1][0]
    with pytest.raises(IllegalAction):
        shadow.apply(Play(1, Table(((one,),), (), {})))  # a meld of one card
    shadow.apply(Draw(1))
    assert shadow.outbox == [Draw(1)]
    assert len(shadow.deal.hands[1]) == len(match.deal.hands[1])  # the host's view brings it


def test_the_contract_shadow_shows_the_discards_top_only() -> None:
    match = new_match("shanghai-rummy", 3, 4, {}, ["Ada", "Bea", "Cy"], oracle=PLAY_ORACLE)
    match.apply(Draw(0))  # the buy window opens: seat 1 is asked first
    view = match.view(1)
    shadow = ShadowContractMatch("shanghai-rummy", {}, view, match.deal.buy_queue)
    assert shadow.awaiting == 1 and shadow.deal.phase == "buying"
    assert shadow.deal.discard[-1] == match.deal.discard[-1]
    assert all(is_hidden(c) for c in shadow.deal.discard[:-1] + shadow.deal.stock)
    assert all(is_hidden(c) for seat in (0, 2) for c in shadow.deal.hands[seat])
    assert shadow.deal.hands[1] == match.deal.hands[1]
    assert set(shadow.legal_kinds()) == set(match.legal_kinds())
