"""Several jokers per meld with declared jokers on the table (issue 30): the joker rules
the tagged model cannot hold are counted per meld shape (``game.solver.hosts`` for the
two-from-hand rule, ``game.solver.homes`` for jokers that never move unreleased), so real
positions that used to run out of the budget, refused answer after refused answer, settle
within it; small ones agree with the exhaustive search (see also
``test_solver.test_optimal_against_exhaustive_search``)."""

from __future__ import annotations

import itertools

import pytest

import game.solver.exact as exact_module
from game.ai.players.plays import PLAY_WORK
from game.engine.cards import Card, CardMinter, parse_cards
from game.engine.table import Table
from game.engine.turn import check_turn
from game.engine.variants import get_variant
from game.solver import CAN_PLAY_WORK, best_play, can_play
from game.solver.hosts import deal
from tests.solver.brute_force import brute_best

MANY_JOKERS = {"jokers": "4", "jokers_per_meld": "unlimited"}
FROZEN_MANY = {**MANY_JOKERS, "joker_moves": "never", "joker_freezes_meld": "true"}


def parse(table: str, hand: str) -> tuple[Table, list[Card]]:
    minter = CardMinter()
    start = Table.parse(table, minter)
    cards, _ = parse_cards(hand, minter)
    return start, cards


def played(variant_id: str, options: dict[str, str], table: str, hand: str) -> int:
    """Cards of the best play within the players' budget, checked against the brute force
    and the rules (raises OutOfWork when unsettled)."""
    variant = get_variant(variant_id, options)
    start, cards = parse(table, hand)
    found = best_play(variant, start, cards, True, work=PLAY_WORK)
    brute = brute_best(variant, start, cards, True)
    assert (0 if brute is None else brute.value) == (0 if found is None else len(found.played))
    if found is not None:
        assert check_turn(variant, start, cards, found.table, True).ok
    assert can_play(variant, start, cards, True, work=CAN_PLAY_WORK) == (found is not None)
    return 0 if found is None else len(found.played)


def test_a_released_joker_needs_two_hand_cards_in_its_meld_of_several_jokers() -> None:
    # the real 9H releases the joker; the joker then needs two hand cards beside it
    table = "7H 8H JK=9H"
    assert played("machiavelli-jokers", MANY_JOKERS, table, "9H KS KD") == 3
    assert played("machiavelli-jokers", MANY_JOKERS, table, "9H KS") == 0
    # one hand joker and one natural are two hand cards too
    assert played("machiavelli-jokers", MANY_JOKERS, table, "9H KS JK") == 3


def test_a_joker_that_never_moves_stays_beside_a_mate_in_a_meld_of_several_jokers() -> None:
    table = "6H 7H 8H JK=9H | 5C 5D 5S"
    assert played("vatikan", {"jokers_per_meld": "unlimited"}, table, "10H JH") == 2
    assert played("vatikan", {"jokers_per_meld": "unlimited"}, table, "9S 9D") == 0
    # where a joker may move keeping its card, it joins the nines
    assert played("machiavelli-jokers", MANY_JOKERS, table, "9S 9D") == 2


# Positions met in seeded matches (``bench_positions``) that ran out of the budget before:
# (variant, options, table, hand, cards of the best play)
FORMERLY_UNSETTLED = [
    ("machiavelli-jokers", MANY_JOKERS,
     "AC AD AH | AD AH AS | 2D 2H 2S | 9C 9H 9S | QC QD QS | 5C 6C 7C | 7C 8C 9C | JC QC KC "
     "| 5D 6D 7D | 7D JK=8D 9D 10D | 7H 8H 9H | JK=3H 4H 5H 6H | 6S 7S 8S | 10S JS QS",
     "5C 10D 4S JS 3D KD 8D", 1),
    ("machiavelli-jokers", MANY_JOKERS,
     "AC AD AS | 2C 2D 2H | 3C 3D 3H 3S | 6D 6H 6S | 8C 8D 8H 8S | 10C 10D 10H | JC JH JS "
     "| JK=KC KD KH | KC KD KH KS | 10D JD QD | 2D 3D JK=4D 5D | 5H 6H 7H | QS KS AS "
     "| 4S 5S 6S 7S 8S", "4C QC 7S", 0),
    ("vatikan", {"jokers_per_meld": "unlimited"},
     "3C 3H 3S | 5C 5D 5H | 9D 9H 9S | JC JH JS | JD JH JS | QD QH QS | 10C JC QC | 6D 7D 8D "
     "| QD KD AD | AD 2D 3D 4D | 8H 9H JK=10H | 4H 5H JK=6H 7H 8H | AS 2S 3S",
     "5C 2C 2S 7S 6S 4D 4C 8C KS AS", 6),
    # issue 46, jokers that freeze their meld: two frozen melds share a 9C (no meld holds
    # both, so neither joker stays home beside all its mates: there is no play)
    ("machiavelli-jokers", FROZEN_MANY,
     "3C 3D 3H 3S | 4C 4H 4S | 10D 10H 10S | KC KH KS | 6C 7C JK=8C 9C | 9C JK=10C JC QC "
     "| 4D 5D 6D | 8D 9D 10D JD QD | 6S 7S 8S JK=9S 10S JS", "AS JC QD 2C 9H 6H 9S", 0),
    # the released JK=KD may not leave the meld JK=KC still freezes
    ("tahiti", {"jokers_per_meld": "unlimited"},
     "AC AD AH AS | 3D 3H 3S | 6C 6H 6S | 9C 9H 9S | 10D 10H 10S | QC QD QH | KC KH KS "
     "| JK=KC JK=KD KH KS | 7C 8C 9C | 2C 3C 4C 5C | 5D 6D JK=7D 8D 9D 10D JD QD",
     "JC 10S JC 2C 10H 2S 7C 5D 3D KD", 1),
    # releasing JK=8C must not swap a 7C out of the meld JK=10C freezes
    ("machiavelli-jokers", FROZEN_MANY,
     "AD AH AS | 2C JK=2D 2S | 3D 3H 3S | 4C 4H 4S | 6C 6D 6H | 10D 10H 10S | JC JD JS "
     "| KC KH KS | KD KH KS | AC 2C 3C | 5C 6C 7C JK=8C 9C | 7C 8C 9C JK=10C JC QC KC "
     "| 3D 4D 5D | 8D 9D 10D JD QD | 10H JH QH | 6H 7H 8H 9H | 6S 7S 8S | 9S 10S JS",
     "AH 7S 5D 5H", 2),
]


@pytest.mark.parametrize(("variant_id", "options", "table", "hand", "cards"),
                         FORMERLY_UNSETTLED, ids=["two-from-hand", "no-play", "never-moves",
                                                      "frozen-shared-face", "frozen-two-jokers",
                                                      "frozen-mate-swap"])
def test_positions_that_ran_out_of_work_settle(variant_id: str, options: dict[str, str],
                                               table: str, hand: str, cards: int,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    variant = get_variant(variant_id, options)
    start, held = parse(table, hand)
    refused = []
    judge = exact_module.check_turn

    def counting(*args, **kwargs):  # type: ignore[no-untyped-def]
        result = judge(*args, **kwargs)
        if not result.ok:
            refused.append(result.problems)
        return result

    monkeypatch.setattr(exact_module, "check_turn", counting)
    found = best_play(variant, start, held, True, work=PLAY_WORK)
    assert (0 if found is None else len(found.played)) == cards
    if found is not None:
        assert check_turn(variant, start, held, found.table, True).ok
    assert can_play(variant, start, held, True, work=CAN_PLAY_WORK) == (cards > 0)
    assert len(refused) <= 2  # the counted rules leave little for the turn check to refuse


def test_an_unmoving_joker_may_move_with_its_mate() -> None:
    # the counted model's answers were cut off whole when their cards were placed badly:
    # here every play was, and the solver said there was none (the must-play rule let the
    # player draw); the joker's home puts its mate QH beside it
    variant = get_variant("vatikan", {"jokers_per_meld": "unlimited"})
    start, held = parse("10C 10H 10S | AC 2C 3C | AD 2D 3D | 8H 9H 10H | JK=JH QH KH AH",
                        "5C 5C 2S 9C JC 9C 2S JS QH")
    found = best_play(variant, start, held, True, work=PLAY_WORK)
    assert found is not None and len(found.played) == 1
    assert check_turn(variant, start, held, found.table, True).ok
    assert can_play(variant, start, held, True, work=CAN_PLAY_WORK)


def test_a_tahiti_table_of_three_frozen_melds_needs_no_tagged_model(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # the counted model broke up the meld frozen by JK=JS (no JS in the hand releases it),
    # and the tagged model built after it (3,500 columns) took 200 ms; its homes keep it
    variant = get_variant("tahiti")
    start, held = parse(
        "AC AH AS | 2C 2D 2H | 4C 4H 4S | 5D 5H 5S | JK=6C 6D 6H 6S | 8C 8H 8S | JC JD JH "
        "| QC QD QH | KC KH KS | 8C 9C 10C | 4C 5C 6C 7C | QD KD AD "
        "| 2D 3D 4D 5D 6D JK=7D 8D 9D 10D | 6H 7H 8H 9H | AS 2S 3S | 3S 4S 5S 6S 7S "
        "| 7S 8S 9S 10S JK=JS", "JH 3D 10C 7D")
    refused = []
    judge = exact_module.check_turn

    def counting(*args, **kwargs):  # type: ignore[no-untyped-def]
        result = judge(*args, **kwargs)
        if not result.ok:
            refused.append(result.problems)
        return result

    monkeypatch.setattr(exact_module, "check_turn", counting)
    found = best_play(variant, start, held, True, work=PLAY_WORK)
    assert found is not None and len(found.played) == 2
    assert check_turn(variant, start, held, found.table, True).ok
    assert refused == []


@pytest.mark.parametrize(("hosts", "faces", "jokers"), [
    (1, {3: 1, 7: 1}, 0), (2, {3: 2, 7: 2}, 0), (3, {1: 3, 2: 2, 5: 1}, 0),
    (2, {4: 1}, 3), (3, {1: 2, 9: 3}, 2), (2, {}, 4)])
def test_host_counts_deal_out_two_hand_cards_to_every_copy(hosts: int, faces: dict[int, int],
                                                            jokers: int) -> None:
    dealt = deal(hosts, faces, jokers)
    assert len(dealt) == hosts
    for cards, hand_jokers in dealt:
        assert len(cards) == len(set(cards))  # never two of a face in one copy
        assert len(cards) + hand_jokers >= 2
        assert hand_jokers <= -(-jokers // hosts)
    got = sorted(itertools.chain.from_iterable(cards for cards, _ in dealt))
    assert got == sorted(itertools.chain.from_iterable([f] * n for f, n in faces.items()))
    assert sum(n for _, n in dealt) == jokers
