"""Shanghai Rummy options that leave too few cards are refused up front, with the reason,
wherever a contract match is made: hands, one discard and a few stock cards must fit the
deck the seat count uses."""

from __future__ import annotations

import pytest

from game.engine.contract.match import ContractMatch
from game.engine.errors import EngineError
from game.engine.serialize import new_match


@pytest.mark.parametrize(("players", "options"), [
    (8, {"hand_size": 20}),  # 160 cards of hands, 158 in three packs and two jokers
    (8, {"hand_size": 13, "packs": 1}),  # 104 cards of hands, 53 in one pack and a joker
    (5, {"packs": 1}),  # 55 of 53
    (4, {"packs": 1, "jokers": 0, "hand_size": 12}),  # 48 + discard + stock > 52
])
def test_a_deal_with_too_few_cards_is_refused_with_the_reason(
        players: int, options: dict[str, object]) -> None:
    with pytest.raises(EngineError, match="too few cards") as refused:
        new_match("shanghai-rummy", players, 1, options)
    assert f"{players} players" in str(refused.value)
    with pytest.raises(EngineError, match="too few cards"):
        ContractMatch("shanghai-rummy", players, 1, options)


def test_the_stock_needs_a_few_cards_after_the_hands_and_the_discard() -> None:
    from game.engine.contract.rules import deal_problem
    from game.engine.variants import get_variant

    min_stock = get_variant("shanghai-rummy").contract.min_stock
    assert min_stock == 5

    # one pack and no jokers: 52 cards. Four hands of 11 leave 8: 1 discard + 7 stock
    ok = ContractMatch("shanghai-rummy", 4, 1, {"packs": 1, "jokers": 0})
    assert len(ok.deal.stock) == 52 - 44 - 1 >= min_stock
    # a hand size that leaves the stock one card short of min_stock is refused
    variant = get_variant("shanghai-rummy", {"packs": 1, "jokers": 0, "hand_size": 10})
    assert deal_problem(variant, 4) is None  # 40 + 1 + 11
    big = get_variant("shanghai-rummy", {"packs": 1, "jokers": 0, "hand_size": 11})
    assert deal_problem(big, 4) is None
    tight = 52 - 1 - min_stock  # cards the hands may take
    assert deal_problem(get_variant("shanghai-rummy", {"packs": 1, "jokers": 0,
                                                       "hand_size": tight // 3}), 3) is None
    assert deal_problem(get_variant("shanghai-rummy", {"packs": 1, "jokers": 0,
                                                       "hand_size": tight // 3 + 1}), 3)


@pytest.mark.parametrize("players", range(3, 9))
def test_the_standard_game_deals_for_every_seat_count(players: int) -> None:
    m = ContractMatch("shanghai-rummy", players, 1)
    assert all(len(h) == 11 for h in m.deal.hands) and len(m.deal.discard) == 1
    assert m.check_invariants() == []
