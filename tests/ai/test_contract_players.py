"""Contract-game computer players: legal, view-only, and distinct by level."""

from __future__ import annotations

import dataclasses

import pytest

from game.ai.contract import make_contract_player
from game.ai.contract.planner import deficiency, find_contract
from game.engine.actions import Draw
from game.engine.cards import Card, CardMinter, parse_cards
from game.engine.contract.match import ContractMatch, ContractView
from game.engine.contract.rules import CONTRACTS, check_lay_down
from game.engine.serialize import new_match
from game.engine.variants import get_variant

VARIANT = get_variant("shanghai-rummy")


def hand(text: str) -> list[Card]:
    return parse_cards(text, CardMinter())[0]


@pytest.mark.parametrize(("text", "round_number", "missing"), [
    ("7H 7S 7D 3C 4C 5C 6C 9D KS", 1, 0),
    ("7H 7S 3C 4C 6C 9D KS", 1, 2),
    ("2C 3C 4C 5C 6C 7C 8C 9C 10C JC 7H 8H 9H", 9, 2),
    ("JK 2D 3D 4D 5D 6D 7D 8D 8S 9D 9S 10D JD", 9, 2),
    ("AC 2C 3C 4C 5C QD KD AD JD 10D 9S 10S JS QS KS", 9, 0),
])
def test_deficiency_counts_missing_cards(text: str, round_number: int, missing: int) -> None:
    assert deficiency(hand(text), CONTRACTS[round_number]) == missing


def test_find_contract_lays_down_a_legal_contract_with_extra_cards() -> None:
    cards = hand("7H 7S 7D 7C 3C 4C 5C 6C 8C 9D KS")
    found = find_contract(VARIANT, CONTRACTS[1], cards)
    assert found is not None
    melds, declared = found
    assert check_lay_down(VARIANT, CONTRACTS[1], melds, declared).ok
    laid = {c for m in melds for c in m}
    # 7C joins the set and 8C extends the run: a lay-down sheds all it can
    assert len(laid) == 9
    assert find_contract(VARIANT, CONTRACTS[1], hand("7H 7S 3C 4C 6C 9D KS")) is None


def _walk(value, seen: set[int]) -> list:
    """Every object reachable from a view's fields."""
    if id(value) in seen:
        return []
    seen.add(id(value))
    found = [value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            found += _walk(getattr(value, f.name), seen)
    elif isinstance(value, dict):
        for k, v in value.items():
            found += _walk(k, seen) + _walk(v, seen)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for item in value:
            found += _walk(item, seen)
    return found


def test_a_view_holds_no_hidden_card_and_no_reference_to_the_match() -> None:
    match = ContractMatch("shanghai-rummy", 4, 5)
    view = match.view(1)
    reachable = _walk(view, set())
    assert not any(isinstance(o, ContractMatch) for o in reachable)
    visible = set(view.hand) | {c for _, _, m in view.melds for c in m} | {view.discard_top}
    cards = {o for o in reachable if isinstance(o, Card)}
    assert cards <= visible
    for seat in (0, 2, 3):
        assert not set(match.deal.hands[seat]) & cards
    assert not set(match.deal.stock) & cards


@pytest.mark.parametrize("levels", [("easy", "medium", "hard"), ("hard", "hard", "medium")])
def test_players_only_make_legal_moves_through_whole_rounds(levels: tuple[str, ...]) -> None:
    match = new_match("shanghai-rummy", len(levels), 11, {"match": "hands:3"})
    players = [make_contract_player(level, i) for i, level in enumerate(levels)]
    actions = 0
    while not match.over and actions < 6000:
        seat = match.awaiting
        decision = players[seat].decide(match.view(seat))
        assert "fallback" not in decision.note, decision.note
        match.apply(decision.action)  # raises if illegal
        assert match.check_invariants() == []
        actions += 1
    assert match.over and len(match.history) == 3


def _view_in_play(match: ContractMatch, seat: int) -> ContractView:
    return match.view(seat)


def test_every_level_lays_down_when_it_can() -> None:
    for level in ("easy", "medium", "hard"):
        match = ContractMatch("shanghai-rummy", 3, 2)
        match.deal.hands[0] = hand("7H 7S 7D 9C 9D 9S 2C 4D 6H KS JD")
        match.apply(Draw(0))
        while match.deal.phase == "buying":
            seat = match.awaiting
            match.apply(make_contract_player("easy", 0).decide(match.view(seat)).action)
        decision = make_contract_player(level, 1).decide(match.view(0))
        assert decision.action.kind == "lay_down", level


def test_easy_never_buys_and_hard_does_not_buy_after_laying_down() -> None:
    match = ContractMatch("shanghai-rummy", 3, 4)
    r = match.deal
    r.hands[1] = hand("7H 7S 3C 4C 6C 9D KS QD 2H 8S 10C")
    r.discard.append(hand("7D")[0])  # makes seat 1's set of sevens
    match.apply(Draw(0))
    assert match.awaiting == 1
    view = match.view(1)
    assert make_contract_player("easy", 0).decide(view).action.kind == "decline"
    assert make_contract_player("medium", 0).decide(view).action.kind == "buy"
    r.laid_down[1] = True
    view = match.view(1)
    assert make_contract_player("hard", 0).decide(view).action.kind == "decline"


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_a_player_short_of_its_contract_swaps_a_table_joker_and_lays_down(level: str) -> None:
    """Any player may take a table joker (not only one who laid down): a hand one card short
    of its contract takes the joker from a set and lays it down the same turn."""
    from game.engine.contract.match import TableMeld

    match = ContractMatch("shanghai-rummy", 3, 2)
    r = match.deal
    minter = CardMinter()
    table = parse_cards("7H 7S JK", minter)[0]
    joker = table[2]
    r.melds = [TableMeld(2, "set", table)]
    r.declared = {joker: dataclasses.replace(table[0].face, suit="*")}  # a seven of any suit
    r.laid_down = [False, False, True]
    r.hands[0] = parse_cards("7D 4C 4D KS KD KC QH 2S 9H", minter)[0]
    match.apply(Draw(0))
    while match.deal.phase == "buying":
        match.apply(make_contract_player("easy", 0).decide(match.view(match.awaiting)).action)
    player = make_contract_player(level, 1)
    first = player.decide(match.view(0))
    assert first.action.kind == "swap_joker", first
    match.apply(first.action)
    second = player.decide(match.view(0))
    assert second.action.kind == "lay_down", second
    match.apply(second.action)
    assert r.laid_down[0] and any(joker in m.cards for m in r.melds[1:])


@pytest.mark.parametrize("players", range(3, 9))
@pytest.mark.parametrize("level", ["easy", "medium",
                                   pytest.param("hard", marks=pytest.mark.slow)])  # 25-45 s
def test_computer_only_matches_always_end(level: str, players: int) -> None:
    """All-easy seats used to take and throw back the same discard for ever; every level at
    every table size now plays its ten rounds to the end, in a bounded number of actions."""
    from game.engine.actions import NextHand

    match = ContractMatch("shanghai-rummy", players, players - 2)  # 3 easy seats, seed 1 looped
    seats = [make_contract_player(level, 7 * players + i) for i in range(players)]
    actions = 0
    while not match.over:
        actions += 1
        assert actions <= 40_000, f"{level} x {players}: round {match.deal.number + 1} " \
                                  "has not ended"
        if match.hand_over:
            match.apply(NextHand(None))
            continue
        seat = match.awaiting
        action = seats[seat].decide(match.view(seat)).action
        match.apply(action if action.kind == "next_hand"
                    else dataclasses.replace(action, player=seat))
    assert len(match.history) == 10


def test_no_level_throws_back_the_discard_it_just_took() -> None:
    match = ContractMatch("shanghai-rummy", 3, 5)
    r = match.deal
    r.hands[0] = hand("7H 7S 2C 5D 9S QH KD 3C 8D JS 4H")
    r.discard.append(hand("7D")[0])
    match.apply(dataclasses.replace(make_contract_player("easy").decide(match.view(0)).action,
                                    player=0))
    assert match.deal.taken is not None and str(match.deal.taken) == "7D"
    for level in ("easy", "medium", "hard"):
        decision = make_contract_player(level, 3).decide(match.view(0))
        assert decision.action.kind == "discard" and str(decision.action.card) != "7D", level
