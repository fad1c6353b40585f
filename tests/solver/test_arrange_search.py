"""The combinatorial search in front of the MILP's slow cases (game.solver.search):
it agrees with the MILP's optimum on seeded positions, every play it returns is legal, it
declines the rule sets it does not model, and the solver stays exact when it is used."""

from __future__ import annotations

import random

import pytest

import game.solver.exact as exact_module
from game.engine.cards import CardMinter, parse_cards
from game.engine.scoring import card_value
from game.engine.table import Table
from game.engine.turn import check_turn
from game.engine.variants import get_variant
from game.solver import best_play, solve
from game.solver.milp import Program
from game.solver.search import play_of_value
from tests.solver.positions import Position, big_position

MIX = (  # the solver benchmark's variants: variant id, packs, jokers
    ("machiavelli", 2, 0),
    ("machiavelli-jokers", 2, 2),
    ("carousel", 2, 2),
    ("robbers", 2, 4),
)


def _positions(variant_id: str, packs: int, jokers: int, count: int,
               seed: str) -> list[Position]:
    rng = random.Random(seed)
    variant = get_variant(variant_id)
    return [big_position(rng, variant, packs, jokers, table_cards=rng.randint(0, 60),
                         hand_size=rng.randint(3, 12)) for _ in range(count)]


def _weights(pos: Position, objective: str) -> dict:
    return {c: 1 if objective == "cards" else card_value(pos.variant.scoring, c)
            for c in pos.hand}


def _value(pos: Position, end: Table, weights: dict) -> int:
    """The value of a returned end table; it must be a legal play."""
    verdict = check_turn(pos.variant, pos.table, pos.hand, end, pos.opened)
    assert verdict.ok, (str(pos.table), [str(c) for c in pos.hand], verdict.problems)
    return sum(weights[c] for c in verdict.played)


@pytest.mark.slow  # whole seeded matches solved twice each: 20-30 s a variant on 2 cores
@pytest.mark.parametrize("objective", ["cards", "points"])
@pytest.mark.parametrize(("variant_id", "packs", "jokers"), MIX, ids=[m[0] for m in MIX])
def test_search_agrees_with_the_milp(variant_id: str, packs: int, jokers: int,
                                     objective: str) -> None:
    """Asked for the MILP's optimum, the search finds a legal play worth exactly that (or
    nothing); asked for one more, it never finds a legal play."""
    found = tried = 0
    for pos in _positions(variant_id, packs, jokers, 250, f"{variant_id}-{objective}"):
        best = best_play(pos.variant, pos.table, pos.hand, True, objective=objective)
        if best is None:
            continue
        weights = _weights(pos, objective)
        tried += 1
        end = play_of_value(pos.variant, pos.table, pos.hand, True, None, weights,
                            best.value, nodes=4000)
        if end is not None:
            found += 1
            assert _value(pos, end, weights) == best.value
        beyond = play_of_value(pos.variant, pos.table, pos.hand, True, None, weights,
                               best.value + 1, nodes=400)
        if beyond is not None:
            _value(pos, beyond, weights)  # legal and worth more than the optimum: a bug
            pytest.fail(f"a play above the optimum {best.value}: {beyond}")
    assert tried >= 200
    # the search leaves joker releases to the MILP, and may run out of nodes, but it finds
    # most plays: a search that never answers would pass the checks above
    assert found >= 0.75 * tried, (found, tried)


def _parse(table: str, hand: str, free: str = "") -> tuple[Table, list]:
    minter = CardMinter()
    start = Table.parse(table, minter, free=free)
    cards, _ = parse_cards(hand, minter)
    return start, cards


DECLINED = [
    # (what the search declines, the same position with that one thing changed)
    (("machiavelli", {"ace": "around"}, "QH KH AH", "", "JH", True, None),
     ("machiavelli", {}, "QH KH AH", "", "JH", True, None)),
    (("tahiti", {}, "5H 6H 7H", "9H", "8H", True, None),
     ("tahiti", {}, "5H 6H 7H", "", "8H", True, None)),
    (("vatikan", {}, "5H 6H 7H", "", "8H 9H 10H", False, None),
     ("vatikan", {}, "5H 6H 7H", "", "8H 9H 10H", True, None)),
    (("vatikan", {}, "5H JK=6H 7H", "", "8H", True, None),
     ("machiavelli-jokers", {}, "5H JK=6H 7H", "", "8H", True, None)),
    (("tahiti", {}, "5H JK=6H 7H", "", "8H", True, None),
     ("carousel", {}, "5H JK=6H 7H", "", "8H", True, None)),
    (("machiavelli", {}, "5H 6H 7H", "", "8H", True, 1),
     ("machiavelli", {}, "5H 6H 7H", "", "8H", True, None)),
]


@pytest.mark.parametrize(("declined", "control"), DECLINED,
                         ids=["around", "free-cards", "first-play", "joker-never-moves",
                              "frozen-meld", "exactly"])
def test_rules_outside_the_search_are_declined(declined: tuple, control: tuple) -> None:
    """Ace around, free cards, a first play still to make, jokers pinned to their meld,
    ``exactly``: the search declines and the MILP answers alone. The control position
    differs in that one rule and is searched, so the refusal is that rule's."""
    for case, expected in ((declined, False), (control, True)):
        variant_id, options, table, free, hand, opened, exactly = case
        variant = get_variant(variant_id, options)
        start, cards = _parse(table, hand, free)
        end = play_of_value(variant, start, cards, opened, exactly, dict.fromkeys(cards, 1),
                            len(cards))
        assert (end is not None) == expected, case
        if end is not None:
            assert check_turn(variant, start, cards, end, opened).ok


def test_search_keeps_a_start_meld_whole_and_plays_the_hand() -> None:
    variant = get_variant("machiavelli")
    start, hand = _parse("3H 4H 5H | 3C 4C 5C | 9S 9D 9C", "6H 9H")
    end = play_of_value(variant, start, hand, True, None, dict.fromkeys(hand, 1), 2)
    assert end is not None
    assert check_turn(variant, start, hand, end).ok
    assert {frozenset(m) for m in start.melds} & {frozenset(m) for m in end.melds}


def test_search_leaves_cards_in_the_hand_within_the_slack() -> None:
    variant = get_variant("machiavelli")
    start, hand = _parse("3H 4H 5H", "6H KD 2C")
    weights = dict.fromkeys(hand, 1)
    end = play_of_value(variant, start, hand, True, None, weights, 1)
    assert end is not None and check_turn(variant, start, hand, end).played == (hand[0],)
    assert play_of_value(variant, start, hand, True, None, weights, 2) is None


def test_the_searches_settle_the_primary_and_it_stays_exact(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """With no dive (it settles most positions first), the searches settle the primary of
    fractional LPs: the values equal the MILP's own, proven without them."""
    positions = [pos for variant_id, packs, jokers in MIX
                 for pos in _positions(variant_id, packs, jokers, 12, f"rescue-{variant_id}")]
    exact = []
    monkeypatch.setattr(exact_module, "play_of_value", lambda *args, **kwargs: None)
    for pos in positions:
        result = best_play(pos.variant, pos.table, pos.hand, True)
        exact.append(None if result is None else result.value)
    calls = []

    def counted(*args, **kwargs):
        result = play_of_value(*args[:7], nodes=20000)  # more than the solver's own budget
        calls.append(result is not None)
        return result

    monkeypatch.setattr(exact_module, "play_of_value", counted)
    monkeypatch.setattr(Program, "_dive", lambda *args, **kwargs: None)
    for pos, value in zip(positions, exact, strict=True):
        solution = solve(pos.variant, pos.table, pos.hand, True)
        assert (None if solution is None else solution.value) == value
        if solution is not None:
            assert check_turn(pos.variant, pos.table, pos.hand, solution.table).ok
    assert sum(calls) >= 5, calls  # the path under test was taken


def test_an_illegal_search_answer_is_never_returned(monkeypatch: pytest.MonkeyPatch) -> None:
    """The search's table goes through check_turn: a wrong one leaves the MILP in charge
    (the dive is off, so that every fractional LP reaches the searches)."""
    variant = get_variant("robbers")
    rng = random.Random(5)
    positions = [big_position(rng, variant, 2, 4, table_cards=40) for _ in range(6)]
    expected = [best_play(variant, p.table, p.hand, True) for p in positions]
    calls = []

    def wrong(variant, table, usable, *rest, **kwargs) -> Table:
        calls.append(1)
        return Table.of(list(table.melds) + [list(usable)], (), table.declared)

    monkeypatch.setattr(exact_module, "play_of_value", wrong)
    monkeypatch.setattr(Program, "_dive", lambda *args, **kwargs: None)
    for pos, best in zip(positions, expected, strict=True):
        result = best_play(pos.variant, pos.table, pos.hand, True)
        assert (result is None) == (best is None)
        if result is not None:
            assert result.value == best.value
            assert check_turn(pos.variant, pos.table, pos.hand, result.table).ok
    assert calls  # the wrong answers were offered


def test_branch_and_bound_on_the_primary_still_keeps_melds_whole(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """When neither the dive nor the searches reach the LP's bound, branch and bound settles
    the primary alone; a dive held to that primary then keeps start melds whole again
    (without it such answers kept almost none)."""
    variant = get_variant("robbers")
    rng = random.Random(17)
    positions = [big_position(rng, variant, 2, 4, table_cards=70) for _ in range(8)]
    proven = [solve(p.variant, p.table, p.hand, True, proven_tie_break=True)
              for p in positions]
    original = Program._dive

    def only_held(self, h, x, lp_value, primary=None):  # noqa: ANN001, ANN202
        return None if primary is None else original(self, h, x, lp_value, primary)

    monkeypatch.setattr(Program, "_dive", only_held)
    monkeypatch.setattr(exact_module, "play_of_value", lambda *args, **kwargs: None)
    kept = proven_kept = 0
    for pos, best in zip(positions, proven, strict=True):
        solution = solve(pos.variant, pos.table, pos.hand, True)
        assert (solution is None) == (best is None)
        if solution is None:
            continue
        assert solution.value == best.value
        assert check_turn(pos.variant, pos.table, pos.hand, solution.table).ok
        kept += solution.kept_melds
        proven_kept += best.kept_melds
    assert proven_kept > 40  # big tables: many melds to keep
    assert kept >= 0.9 * proven_kept, (kept, proven_kept)


def test_branch_and_bound_starts_one_short_of_an_unreachable_bound(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Here the LP's bound is one card more than any legal play: the dive and the searches
    cannot reach it, so branch and bound must prove it out of reach. It starts from a play one
    short of the bound, found by a dive, which is the optimum itself (with it, the proof
    takes a few milliseconds; without, tens)."""
    variant = get_variant("robbers")
    minter = CardMinter()
    start = Table.parse("9H JK JH QH", minter)
    hand, _ = parse_cards("7H QD 9C 10H JS 7C 10D 7S JH JS JC 10C 7D 7H QD", minter)
    starts: list[int | None] = []
    original = Program._primary_alone

    def spy(self, h, cost, warm, legal):  # noqa: ANN001, ANN202
        starts.append(None if warm is None else self.primary_of(warm))
        return original(self, h, cost, warm, legal)

    monkeypatch.setattr(Program, "_primary_alone", spy)
    solution = solve(variant, start, hand, True)
    assert solution is not None
    assert check_turn(variant, start, hand, solution.table).ok
    assert starts == [solution.value]
    monkeypatch.setattr(Program, "_short_of_bound", lambda *args: None)
    assert solve(variant, start, hand, True).value == solution.value == 10
