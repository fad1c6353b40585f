"""Computer players: each sees only its own view, makes only legal decisions in every
variant, and plays the way its level says (Easy never rearranges, Medium plays the solver's
largest play)."""

from __future__ import annotations

import dataclasses
import gc
import types
from collections.abc import Callable, Iterator
from dataclasses import replace

import pytest

import game.ai.players.plays as plays_module
from game.ai.players import LEVELS, ComputerPlayer, Decision, make_player
from game.ai.players.base import must_play, play_is_legal
from game.ai.players.plays import PLAY_WORK
from game.ai.players.unseen import sample_hands, unseen_cards
from game.engine.actions import NextHand, Play
from game.engine.cards import Card, Face
from game.engine.match import DealState, Match, PlayerView, TurnRecord
from game.engine.scoring import HandResult, MatchResult
from game.engine.table import Table
from game.engine.variants import (
    VARIANTS,
    InitialMeld,
    KnockRule,
    LargerDeck,
    MatchLength,
    Variant,
)
from game.solver import PLAY_ORACLE

# Hard plays whole matches with look-ahead: 10-45 s each on 2 cores, run by .ci/run's slow step
LEVELS_FAST_FIRST = [pytest.param(level, marks=pytest.mark.slow) if level == "hard" else level
                     for level in LEVELS]

# Short matches: one hand each, smaller deals where the variant deals many cards.
SHORT: dict[str, dict[str, str]] = {
    "machiavelli": {"hand_size": "8"},
    "machiavelli-jokers": {"hand_size": "8"},
    "tahiti": {},
    "guadalupe": {},
    "vatikan": {"hand_size": "9"},
    "carousel": {"match": "single"},
    "shanghai": {"match": "single", "hand_size": "7"},
    "manipulation": {"match": "single"},
    "robbers": {"hand_size": "8"},
}
CAP = 1500

Observer = Callable[[Match, PlayerView, Decision, int], None]


def play(variant_id: str, levels: list[str], seed: int, observe: Observer | None = None,
         options: dict[str, str] | None = None) -> tuple[Match, list[ComputerPlayer]]:
    """Play one match, handing each decision (before it is applied) to ``observe``."""
    variant = VARIANTS[variant_id]
    while len(levels) < variant.min_players:
        levels = [*levels, levels[-1]]
    match = Match(variant_id, len(levels), seed, SHORT[variant_id] if options is None
                  else options, oracle=PLAY_ORACLE)
    players = [make_player(level, seed + i) for i, level in enumerate(levels)]
    for _ in range(CAP):
        if match.over:
            break
        if match.hand_over:
            match.apply(NextHand(None))
            continue
        seat = match.current
        view = match.view(seat)
        decision = players[seat].decide(view)
        if observe is not None:
            observe(match, view, decision, seat)
        match.apply(replace(decision.action, player=seat)
                    if decision.action.kind != "next_hand" else decision.action)
        assert match.check_invariants() == []
    return match, players


# --- each player sees only its own view ------------------------------------------------

_VALUE_TYPES = (int, str, bool, float, type(None))
_STRUCTURES = (PlayerView, Variant, KnockRule, LargerDeck, InitialMeld, MatchLength, Table,
               Face, TurnRecord, HandResult, MatchResult)  # dataclasses; a Card is a named
# tuple of values, the variant's enumerations are strings


def _reachable(root: object) -> Iterator[object]:
    """Everything a view holds, recursively; fails on any type a view should not hold."""
    stack, seen = [root], set()
    while stack:
        item = stack.pop()
        if id(item) in seen:
            continue
        seen.add(id(item))
        yield item
        if isinstance(item, _VALUE_TYPES):
            continue
        if isinstance(item, _STRUCTURES):
            stack.extend(getattr(item, f.name) for f in dataclasses.fields(item))
        elif isinstance(item, tuple | list | set | frozenset):
            stack.extend(item)
        elif isinstance(item, dict | types.MappingProxyType):
            stack.extend(item.keys())
            stack.extend(item.values())
        else:
            raise AssertionError(f"a view holds a {type(item).__name__}: {item!r}")


def assert_view_is_private(match: Match, view: PlayerView) -> None:
    visible = set(view.hand) | set(view.table.cards())
    hidden = set(match.deal.stock) | {c for seat, hand in enumerate(match.deal.hands)
                                      if seat != view.seat for c in hand}
    for item in _reachable(view):
        assert not isinstance(item, Match | DealState)
        if isinstance(item, Card):
            assert item in visible, f"{item} is neither in the seat's hand nor on the table"
            assert item not in hidden


def _objects_of(root: object) -> Iterator[object]:
    """Objects reachable from a player through the garbage collector's references (not
    descending into classes, modules and functions, which hold only code)."""
    stack, seen = [root], set()
    skip = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType,
            types.CodeType)
    while stack:
        item = stack.pop()
        if id(item) in seen or isinstance(item, skip):
            continue
        seen.add(id(item))
        yield item
        stack.extend(gc.get_referents(item))


@pytest.mark.parametrize("level", LEVELS_FAST_FIRST)
@pytest.mark.parametrize("variant_id", ["machiavelli-jokers", "carousel", "tahiti"])
def test_each_level_sees_only_its_own_view(level: str, variant_id: str) -> None:
    checked = {"views": 0}

    def observe(match: Match, view: PlayerView, decision: Decision, seat: int) -> None:
        assert view.seat == seat
        assert_view_is_private(match, view)
        checked["views"] += 1

    match, players = play(variant_id, [level, "easy"], seed=5, observe=observe)
    assert checked["views"] > 5
    for player in players:
        for item in _objects_of(player):
            assert not isinstance(item, Match | DealState), "a player holds the match"


def test_unseen_cards_are_the_other_hands_and_the_stock() -> None:
    match = Match("machiavelli", 3, 2, oracle=PLAY_ORACLE)
    match.draw()
    view = match.view(1)
    hidden = list(match.deal.stock) + match.deal.hands[0] + match.deal.hands[2]
    assert sorted(unseen_cards(view)) == sorted(hidden)
    import random

    for deal in sample_hands(view, random.Random(1), 5):
        assert [len(deal[s]) for s in (2, 0)] == [view.hand_counts[2], view.hand_counts[0]]
        cards = deal[0] + deal[2]
        assert len(set(cards)) == len(cards)
        assert set(cards) <= set(hidden)


# --- legal decisions in every variant --------------------------------------------------

OPPONENT = {"easy": "medium", "medium": "hard", "hard": "medium"}


@pytest.mark.parametrize("level", LEVELS_FAST_FIRST)
@pytest.mark.parametrize("variant_id", sorted(SHORT))
def test_every_decision_is_legal(level: str, variant_id: str) -> None:
    decisions = {"n": 0}

    def observe(match: Match, view: PlayerView, decision: Decision, seat: int) -> None:
        action = decision.action
        assert action.kind in view.legal, (action.kind, view.legal)
        if action.kind != "next_hand":
            action = replace(action, player=seat)
        assert match.can(action), f"{decision.note}: refused"
        assert not decision.note.startswith("fallback"), decision.note
        decisions["n"] += 1

    for seed in (1, 2):
        match, _ = play(variant_id, [level, OPPONENT[level]], seed, observe)
        assert match.over, f"{variant_id} seed {seed} did not finish in {CAP} actions"
    assert decisions["n"] > 0


# --- each level plays its own way ------------------------------------------------------

def _no_rearranging(start: Table, end: Table) -> bool:
    """Every start meld still lies whole inside one end meld."""
    return all(any(set(meld) <= set(other) for other in end.melds) for meld in start.melds)


@pytest.mark.parametrize("variant_id", sorted(SHORT))
def test_easy_never_rearranges_the_table(variant_id: str) -> None:
    plays = {"n": 0}

    def observe(match: Match, view: PlayerView, decision: Decision, seat: int) -> None:
        if isinstance(decision.action, Play) and seat == 0:
            if decision.note.startswith("forced play"):
                # draw-until-able: the rules force a play Easy cannot see; nothing else is
                # allowed, so it takes the smallest legal play
                assert must_play(view)
                return
            assert _no_rearranging(view.table, decision.action.table)
            plays["n"] += 1

    for seed in (1, 2, 3):
        play(variant_id, ["easy", "medium"], seed, observe)
    assert plays["n"] > 0


@pytest.mark.parametrize("variant_id", sorted(SHORT))
def test_medium_plays_the_solver_optimum(variant_id: str) -> None:
    from game.solver import solve

    plays = {"n": 0}

    def observe(match: Match, view: PlayerView, decision: Decision, seat: int) -> None:
        if seat != 0 or "play" not in view.legal:
            return
        if isinstance(decision.action, Play) and not decision.note.startswith("largest play"):
            return  # Medium's search ran out of its work budget: a simple play
        try:
            best = solve(view.variant, view.table, list(view.hand), view.opened[seat],
                         objective="cards", work=PLAY_WORK)
        except TimeoutError:
            return  # a tangled position the reference cannot settle either
        most = len(best.played) if best is not None else 0
        if isinstance(decision.action, Play):
            hand = set(view.hand)
            played = [c for c in decision.action.table.cards() if c in hand]
            assert len(played) == most
            plays["n"] += 1
        elif most:
            pytest.fail(f"medium did not play although {most} card(s) could be played")

    for seed in (1, 2):
        play(variant_id, ["medium", "easy"], seed, observe)
    assert plays["n"] > 0


def test_a_refused_play_falls_back_to_a_legal_action() -> None:
    match = Match("machiavelli", 2, 4, oracle=PLAY_ORACLE)
    view = match.view(0)
    player = make_player("medium", 0)
    bogus = Decision(Play(0, Table.of([list(view.hand[:2])])))
    assert not play_is_legal(view, bogus)

    class Broken(type(player)):  # type: ignore[misc]
        def choose_play(self, view: PlayerView) -> Decision | None:
            return bogus

    decision = Broken(0).decide(view)
    assert decision.action.kind == "draw"
    assert decision.note.startswith("fallback")
    assert match.can(decision.action)


def test_a_crashing_player_still_returns_a_legal_action() -> None:
    match = Match("carousel", 2, 4, oracle=PLAY_ORACLE)
    view = match.view(0)

    class Crashing(type(make_player("easy", 0))):  # type: ignore[misc]
        def choose_play(self, view: PlayerView) -> Decision | None:
            raise RuntimeError("bug")

    match.draw()
    view = match.view(0)
    decision = Crashing(0).decide(view)
    assert decision.note.startswith("fallback")
    assert match.can(replace(decision.action, player=0))


def test_make_player_levels() -> None:
    for level in LEVELS:
        player = make_player(level, 3)
        assert player.level == level
    with pytest.raises(ValueError):
        make_player("grandmaster", 0)


def test_hint_is_the_largest_play_and_its_edits_build_it() -> None:
    from game.ai.players.hints import hint_for
    from game.engine.draft import TurnDraft
    from game.solver import best_play

    hinted = 0
    for seed in range(3):
        match = Match("machiavelli", 2, seed, oracle=PLAY_ORACLE)
        medium = make_player("medium", seed)
        while not match.over and hinted < 6:
            seat = match.current
            view = match.view(seat)
            decision = hint_for(view)
            best = best_play(view.variant, view.table, view.hand, view.opened[seat])
            if decision is None:
                assert best is None
            else:
                assert play_is_legal(view, decision)
                hand = set(view.hand)
                played = [c for c in decision.action.table.cards() if c in hand]
                assert best is not None and len(played) == len(best.played)
                draft = TurnDraft(view.variant, view.table, view.hand, view.opened[seat])
                for move in decision.edits:
                    draft.move(move.card, move.to_group, move.position)  # type: ignore[arg-type]
                got = sorted(sorted(group) for group in draft.groups)
                assert got == sorted(sorted(m) for m in decision.action.table.melds)
                hinted += 1
            assert hint_for(match.view(1 - seat)) is None  # not that seat's turn
            match.apply(replace(medium.decide(view).action, player=seat))
    assert hinted >= 6


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_a_search_out_of_time_still_makes_a_simple_play(level: str, monkeypatch) -> None:  # noqa: ANN001
    from tests.conftest import rig

    match = Match("machiavelli", 2, 4, oracle=PLAY_ORACLE)
    # 8C joins the club run plainly; 6D 6S need the 6H split out of the long heart run
    rig(match, "3H 4H 5H 6H 7H 8H 9H | 5C 6C 7C", ["8C 6D 6S KD", "2D 3D"], current=0)
    view = match.view(0)
    assert len(list(make_player(level, 1).decide(view).action.table.cards())) == 13
    monkeypatch.setattr(plays_module, "PLAY_WORK", 1)  # every search runs out of work
    decision = make_player(level, 1).decide(view)
    assert isinstance(decision.action, Play)
    assert "no rearranging" in decision.note
    assert sorted(map(str, decision.action.table.cards())) == sorted(
        ["3H", "4H", "5H", "6H", "7H", "8H", "9H", "5C", "6C", "7C", "8C"])


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_no_play_at_all_costs_no_simple_search(level: str, monkeypatch) -> None:  # noqa: ANN001
    from tests.conftest import rig

    match = Match("machiavelli", 2, 4, oracle=PLAY_ORACLE)
    rig(match, "3H 4H 5H | 9C 10C JC", ["KD 2S 7D", "2D 3D"], current=0)
    view = match.view(0)
    looked = []

    def spy(seen: PlayerView) -> None:
        looked.append(seen)

    monkeypatch.setattr(f"game.ai.players.{level}.simple_play", spy)
    assert make_player(level, 1).choose_play(view) is None  # it draws
    assert looked == []  # the solver said no play: no greedy pass after it
    monkeypatch.setattr(plays_module, "PLAY_WORK", 1)  # a search out of work
    make_player(level, 1).choose_play(view)
    assert looked  # ...is what the simple play is for


def test_hard_keeps_its_joker_where_medium_spends_it(monkeypatch) -> None:  # noqa: ANN001
    from tests.conftest import rig

    # scored by cards left: a joker costs no more
    match = Match("machiavelli-jokers", 2, 4, oracle=PLAY_ORACLE)
    rig(match, "5C 6C 7C", ["8C JK KD QH", "2D 3D 9S"], current=0)
    view = match.view(0)

    def jokers_put_down(level: str) -> int:
        action = make_player(level, 1).decide(view).action
        assert isinstance(action, Play)
        return sum(1 for card in action.table.cards() if card.is_joker)

    assert jokers_put_down("medium") == 1  # the largest play spends the joker on the run
    assert jokers_put_down("hard") == 0  # Hard plays 8C and keeps the joker for later
