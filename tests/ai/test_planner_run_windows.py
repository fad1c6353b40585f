"""Issue 45.8: the computer players find exactly the runs the rules allow, under every ace
rule: their planners take the rules' one enumeration of run windows (``run_windows``)
rather than writing their own (which missed every run through an ace "around the
corner")."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.ai.contract import make_contract_player
from game.ai.contract.hard import HardContractPlayer
from game.ai.contract.memory import interest
from game.ai.contract.planner import (
    could_help,
    deficiency,
    find_contract,
    needed_cards,
    potential,
)
from game.ai.players.simple import hand_melds
from game.engine.actions import Draw
from game.engine.cards import Card, CardMinter, parse_cards
from game.engine.contract.match import ContractMatch
from game.engine.contract.params import Contract
from game.engine.contract.rules import check_lay_down
from game.engine.melds import check_meld, run_windows
from game.engine.variants import AceMode, get_variant

TWO_RUNS_OF_4 = Contract(0, 2, 4)
FILLER = "9C 7D KD"

# two runs of four through every place an ace may stand
RUNS = ["AS 2S 3S 4S AH 2H 3H 4H", "JS QS KS AS JH QH KH AH", "QS KS AS 2S QH KH AH 2H",
        "KS AS 2S 3S KH AH 2H 3H", "5S 6S 7S 8S 5H 6H 7H 8H"]


def cards(text: str) -> list[Card]:
    return parse_cards(text, CardMinter())[0]


@pytest.mark.parametrize("ace", list(AceMode))
@pytest.mark.parametrize("runs", RUNS)
def test_the_contract_planner_finds_the_runs_the_rules_allow(ace: AceMode, runs: str) -> None:
    variant = get_variant("shanghai-rummy", {"ace": ace})
    melds = cards(runs)
    hand = melds + cards(FILLER)
    allowed = check_lay_down(variant, TWO_RUNS_OF_4, [melds[:4], melds[4:]], {}).ok
    ranks = tuple(c.rank for c in melds[:4])
    assert allowed == (ranks in run_windows(ace, 4))  # the rules' windows, as the engine
    found = find_contract(variant, TWO_RUNS_OF_4, hand)
    assert (found is not None) == allowed, (ace, runs)
    if found is not None:
        assert check_lay_down(variant, TWO_RUNS_OF_4, *found).ok
    assert (deficiency(hand, TWO_RUNS_OF_4, variant.ace) == 0) == allowed, (ace, runs)
    if allowed:
        assert set(melds) <= needed_cards(hand, TWO_RUNS_OF_4, variant.ace)


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_every_level_lays_down_two_runs_through_the_ace_around_the_corner(level: str) -> None:
    match = ContractMatch("shanghai-rummy", 3, 2, {"ace": "around"})
    match.deal = match._deal(2)  # the third round: 2 runs of 4
    assert match.contract == TWO_RUNS_OF_4
    me = match.deal.current
    match.deal.hands[me] = cards("AS 2S 3S 4S AH 2H 3H 4H " + FILLER)
    match.apply(Draw(me))
    while match.deal.phase == "buying":
        seat = match.awaiting
        match.apply(make_contract_player("easy", 0).decide(match.view(seat)).action)
    decision = make_contract_player(level, 1).decide(match.view(me))
    assert decision.action.kind == "lay_down", level


@pytest.mark.parametrize("ace", list(AceMode))
@pytest.mark.parametrize("run", ["AS 2S 3S", "QS KS AS", "KS AS 2S", "QS KS AS 2S 3S",
                                 "5S 6S 7S"])
def test_the_manipulation_planner_finds_the_runs_the_rules_allow(ace: AceMode, run: str) -> None:
    variant = get_variant("machiavelli", {"ace": ace})
    meld = cards(run)
    allowed = check_meld(meld, variant).ok
    found = hand_melds(meld + cards("9C 7D"), variant, use_jokers=False)
    assert (set(meld) in [set(m) for m in found]) == allowed, (ace, run)


def rotated(text: str, by: int) -> list[Card]:
    """The cards of ``text`` with every rank moved up ``by`` (past the king to the ace)."""
    return [Card((c.rank + by - 1) % 13 + 1, c.suit, c.copy) for c in cards(text)]


@pytest.mark.parametrize("hand", ["5H 6H 7H 2C 9D", "5H 7H 8H 5C 5D", "5H 6H 8H KC",
                                  "5H 6H 7H 8H 3S"])
def test_around_the_corner_the_planner_weighs_a_near_run_alike_at_every_rank(
        hand: str) -> None:
    """Issue 47.4: with "Aces: around the corner" a run may turn from the king to the ace
    (Q-K-A-2 is a run), so no rank is an edge: the planner's measure of how promising a
    hand is (``potential``, which picks a contract player's discard) must not change when
    every rank of the hand moves up alike. Its own run windows stopped at the king."""
    variant = get_variant("shanghai-rummy", {"ace": "around"})
    for contract in (Contract(0, 1, 4), Contract(1, 1, 4), Contract(0, 2, 4)):
        base = potential(cards(hand), contract, variant.ace)
        for by in range(13):
            assert potential(rotated(hand, by), contract, variant.ace) == base, (hand, by)


def test_the_planner_counts_the_ace_after_the_king_where_the_rules_allow_it() -> None:
    """J-Q-K-A is a run of four when the ace may follow the king (ace high, either, around
    the corner): the ace then makes J-Q-K more promising; ace low only, it adds nothing."""
    contract = Contract(0, 1, 4)
    for ace in AceMode:
        with_ace = potential(cards("JH QH KH AH"), contract, ace)
        without = potential(cards("JH QH KH"), contract, ace)
        assert (with_ace > without) == ((11, 12, 13, 1) in run_windows(ace, 4)), ace


def in_one_run(ace: AceMode, length: int, *ranks: int) -> bool:
    """Do the rules allow a run of ``length`` holding all of ``ranks``?"""
    return any(set(ranks) <= set(window) for window in run_windows(ace, length))


@pytest.mark.parametrize("ace", list(AceMode))
def test_a_card_helps_a_run_only_where_the_rules_allow_a_run_through_both(ace: AceMode
                                                                           ) -> None:
    """Whether a card could join a partial run of the hand (``could_help``: the planner's
    quick test before it weighs taking or buying a card), and how much a seat collecting
    a card is taken to want another (``interest``): one run must hold both, as the ace
    rule allows (Q and 2 share no run of four unless aces go around the corner)."""
    contract = Contract(0, 1, 4)
    for a in range(1, 14):
        for b in range(1, 14):
            if a == b:
                continue
            card, other = Card(a, "H", 0), Card(b, "H", 1)
            allowed = in_one_run(ace, 4, a, b)
            assert could_help(card, [other], contract, ace) == allowed, (ace, a, b)
            assert (interest(card, [other], contract, ace) > 0) == allowed, (ace, a, b)


@pytest.mark.parametrize("ace", list(AceMode))
def test_hard_sees_a_card_two_past_a_run_on_the_table_as_the_rules_allow(ace: AceMode
                                                                          ) -> None:
    """Hard keeps a card that would fit a run on the table once one more card is laid off
    (``_near_fit``): past the king only where the ace may follow it, and so on around the
    corner only where the rules turn it."""
    match = ContractMatch("shanghai-rummy", 3, 2, {"ace": ace})
    view = match.view(0)
    for run in ["5S 6S 7S", "JS QS KS", "QS KS AS", "AS 2S 3S", "2S 3S 4S", "KS AS 2S"]:
        melds = cards(run)
        table = replace(view, melds=((1, "run", tuple(melds)),), declared={})
        ranks = [c.rank for c in melds]
        for rank in range(1, 14):
            card = Card(rank, "S", 1)
            fits = in_one_run(ace, 5, *ranks, rank) and rank not in ranks and any(
                tuple(window[2:]) == tuple(ranks) and window[0] == rank
                or tuple(window[:-2]) == tuple(ranks) and window[-1] == rank
                for window in run_windows(ace, 5))
            assert HardContractPlayer._near_fit(table, card) == fits, (ace, run, rank)
