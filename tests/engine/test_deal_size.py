"""Issue 29.12: a match is dealt what the rules text says, or refused with the reason. With
one pack, Machiavelli's 13 cards reach three seats only: a fourth and fifth are refused
where the match is made (the engine, the command line, the New game screen), never dealt
10 cards in silence, and the rules text names the seats the deck can deal."""

from __future__ import annotations

import pytest

from game.cli import main
from game.engine.deal import deal_problem, dealable_players
from game.engine.errors import OptionError
from game.engine.match import Match
from game.engine.rules_text import describe
from game.engine.serialize import new_match
from game.engine.variants import get_variant


@pytest.mark.parametrize(("variant_id", "players", "options", "need"), [
    ("machiavelli", 5, {"packs": 1}, 66),  # 5 x 13 + a stock card, of 52
    ("machiavelli", 4, {"packs": 1}, 53),
    ("guadalupe", 5, {"packs": 1, "hand_size": 11}, 56),
    ("tahiti", 5, {"packs": 1, "hand_size": 11}, 60),  # 55 + 4 free cards + 1, of 56
])
def test_a_deal_the_deck_cannot_hold_is_refused_with_the_reason(
        variant_id: str, players: int, options: dict[str, object], need: int) -> None:
    for make in (Match, new_match):
        with pytest.raises(OptionError, match="too few cards") as refused:
            make(variant_id, players, 1, options)
        text = str(refused.value)
        assert f"{players} players" in text and f"need {need}" in text
    assert deal_problem(get_variant(variant_id, options), players) is not None


@pytest.mark.parametrize(("variant_id", "players", "options"), [
    ("machiavelli", 3, {"packs": 1}),
    ("guadalupe", 4, {"packs": 1, "hand_size": 11}),
    ("tahiti", 2, {"packs": 1, "hand_size": 20}),
    ("machiavelli", 5, {"hand_size": 20}),  # 100 of 104
])
def test_a_deal_that_fits_gives_every_seat_the_full_hand(
        variant_id: str, players: int, options: dict[str, object]) -> None:
    match = Match(variant_id, players, 1, options)
    variant = match.variant
    assert [len(h) for h in match.deal.hands] == [variant.hand_size] * players
    assert len(match.deal.table.free) == variant.free_cards
    assert len(match.deal.stock) >= 1
    assert match.check_invariants() == []


def test_the_rules_text_says_which_seats_the_deck_deals() -> None:
    one_pack = get_variant("machiavelli", {"packs": 1})
    assert dealable_players(one_pack) == [2, 3]
    text = describe(one_pack)
    assert "Players: 2-3. Deck: 1 pack." in text
    assert "Each player is dealt 13 cards." in text
    assert "The deck cannot deal 13 cards each to 4-5 players." in text
    guadalupe = describe(get_variant("guadalupe", {"packs": 1, "hand_size": 11}))
    assert "Players: 2-4. Deck: 1 pack." in guadalupe
    assert "The deck cannot deal 11 cards each to 5 players." in guadalupe
    two = describe(get_variant("machiavelli", {"packs": 1, "hand_size": 20}))
    assert "Players: 2. Deck: 1 pack." in two
    # the games as they come deal every seat count they allow
    assert not any("cannot deal" in line for line in describe(get_variant("machiavelli")))


def test_the_command_line_refuses_or_says_the_real_numbers(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "machiavelli", "--option", "packs=1"]) == 0
    out = capsys.readouterr().out
    assert "Players: 2-3. Deck: 1 pack." in out and "to 4-5 players" in out
    code = main(["simulate", "--variant", "machiavelli", "--option", "packs=1",
                 "--seats", "easy,easy,easy,easy,easy"])
    out, err = capsys.readouterr()
    assert (code, out) == (2, "")
    assert err.startswith("machiavelli simulate: too few cards: 5 players with 13 cards")
    assert err.count("\n") == 1
    assert main(["rules", "machiavelli", "--option", "hand_size=2"]) == 2
    assert "out of range (expected 3 to 20)" in capsys.readouterr().err
