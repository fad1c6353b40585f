"""Issue 45 (fourth audit): every option changes what it says and only that, a game refuses
the options it does not have, and every line of the rules text follows the options."""

from __future__ import annotations

import pytest

from game.engine.errors import OptionError
from game.engine.match import Match
from game.engine.rules_text import describe
from game.engine.serialize import new_match
from game.engine.variants import get_variant

# --- 45.1: the jokers option changes the jokers, never the packs


@pytest.mark.parametrize(("variant_id", "players", "jokers", "deck"), [
    ("carousel", 5, 0, (2, 0)),
    ("carousel", 2, 0, (1, 0)),
    ("carousel", 4, 3, (2, 3)),
    ("manipulation", 6, 0, (3, 0)),
    ("manipulation", 6, 2, (3, 2)),
    ("shanghai-rummy", 8, 2, (3, 2)),
    ("shanghai-rummy", 3, 0, (2, 0)),
])
def test_the_jokers_option_keeps_the_packs_the_seats_are_dealt(
        variant_id: str, players: int, jokers: int, deck: tuple[int, int]) -> None:
    variant = get_variant(variant_id, {"jokers": jokers})
    assert variant.deck_for(players) == deck


def test_a_five_seat_carousel_without_jokers_is_dealt_from_two_packs() -> None:
    match = Match("carousel", 5, 7, {"jokers": 0})
    cards = sum(map(len, match.deal.hands)) + len(match.deal.stock)
    assert cards == 104
    assert len(match.deal.stock) == 104 - 5 * match.variant.hand_size
    contract = new_match("shanghai-rummy", 8, 7, {"jokers": 2})
    round_ = contract.deal  # type: ignore[attr-defined]
    assert sum(map(len, round_.hands)) + len(round_.stock) + len(round_.discard) == 3 * 52 + 2


def test_the_rules_text_keeps_the_larger_deck_with_the_jokers_chosen() -> None:
    text = describe(get_variant("carousel", {"jokers": 0}))
    assert "Deck: 1 pack; from 3 players 2 packs." in "\n".join(text)


# --- 45.4: the contract game refuses the options it does not have, describes those it does

CONTRACT_LACKS = [
    ("scoring", "tahiti"), ("free_cards", "4"), ("knock", "after_meld:5"),
    ("knock", "start_of_turn:10"), ("initial_meld", "points:50"),
    ("must_play_if_able", "true"), ("table_layout", "sets_and_runs_apart"),
    ("joker_identity", "free"), ("jokers_per_meld", "1"), ("joker_freezes_meld", "true"),
    ("joker_moves", "never"), ("joker_release_from", "hand"),
    ("released_joker_needs_two_from_hand", "true"), ("match", "target:150"),
    ("match", "hands:11"),
]


@pytest.mark.parametrize(("key", "value"), CONTRACT_LACKS)
def test_the_contract_game_refuses_an_option_it_does_not_have(key: str, value: str) -> None:
    with pytest.raises(OptionError, match=f"option {key}:"):
        get_variant("shanghai-rummy", {key: value})


@pytest.mark.parametrize(("key", "value"), [
    ("scoring", "contract"), ("free_cards", "0"), ("knock", "none"),
    ("must_play_if_able", "false"), ("initial_meld", "none"), ("match", "hands:10"),
])
def test_the_contract_game_takes_its_own_values(key: str, value: str) -> None:
    assert get_variant("shanghai-rummy", {key: value}) == get_variant("shanghai-rummy")


@pytest.mark.parametrize(("match", "rounds", "word"), [
    ("hands:3", 3, "Three"), ("single", 1, "One"), ("hands:10", 10, "Ten")])
def test_the_contract_rules_text_says_the_rounds_the_match_plays(
        match: str, rounds: int, word: str) -> None:
    variant = get_variant("shanghai-rummy", {"match": match})
    text = "\n".join(describe(variant))
    assert f"{word} round" in text and f"after {word.lower()} round" in text
    assert f"{rounds}. " in text and f"{rounds + 1}. " not in text
    game = new_match("shanghai-rummy", 3, 1, {"match": match})
    assert game.variant.match_hands == rounds


# --- 45.5: a knock after a meld only where a turn goes on after a meld and a draw


@pytest.mark.parametrize("variant_id", [
    "machiavelli", "machiavelli-jokers", "tahiti", "guadalupe", "vatikan", "shanghai",
    "manipulation"])
def test_a_knock_after_the_meld_is_refused_where_a_meld_or_draw_ends_the_turn(
        variant_id: str) -> None:
    with pytest.raises(OptionError, match="option knock:"):
        get_variant(variant_id, {"knock": "after_meld:5"})
    knock = get_variant(variant_id, {"knock": "start_of_turn:5"}).knock
    assert knock is not None and knock.max_points == 5


@pytest.mark.parametrize("variant_id", ["carousel", "robbers"])
def test_a_knock_after_the_meld_is_taken_where_the_turn_goes_on(variant_id: str) -> None:
    knock = get_variant(variant_id, {"knock": "after_meld:7"}).knock
    assert knock is not None and knock.max_points == 7


# --- 45.6: every line of the rules text follows the options


@pytest.mark.parametrize(("variant_id", "options", "stale"), [
    ("machiavelli", {"abandon_penalty": 5}, "costs 3 cards"),
    ("machiavelli", {"abandon_penalty": 0}, "costs 3 cards"),
    ("carousel", {"knock": "none"}, "knock with 5 points"),
    ("carousel", {"culbertson": True}, "knock with 5 points"),
    ("shanghai", {"must_play_if_able": False}, "must meld"),
    ("manipulation", {"must_play_if_able": False}, "meld when you can"),
    ("shanghai", {"ace": "high"}, "Aces low"),
    ("tahiti", {"free_cards": 0}, "four free cards"),
    ("vatikan", {"initial_meld": "none"}, "run of three"),
    ("shanghai-rummy", {"match": "hands:3"}, "ten rounds"),
])
def test_no_line_of_the_rules_text_ignores_an_option(
        variant_id: str, options: dict[str, object], stale: str) -> None:
    assert stale.lower() in "\n".join(describe(get_variant(variant_id))).lower()
    text = "\n".join(describe(get_variant(variant_id, options)))
    assert stale.lower() not in text.lower()


def test_an_option_the_summary_does_not_state_keeps_it() -> None:
    text = describe(get_variant("machiavelli", {"hand_size": 15}))
    assert "a failed attempt costs 3 cards" in text[0]


def test_without_the_must_play_rule_shanghai_says_you_may_draw_instead() -> None:
    text = "\n".join(describe(get_variant("shanghai", {"must_play_if_able": False})))
    assert "may draw even when you could meld" in text


@pytest.mark.parametrize(("ace", "words"), [
    ("around", "Q-K-A-2-3 is a run"), ("low", "Q-K-A is not"), ("high", "A-2-3 is not"),
    ("either", "never inside a run")])
def test_the_contract_rules_text_follows_the_ace_option(ace: str, words: str) -> None:
    text = "\n".join(describe(get_variant("shanghai-rummy", {"ace": ace})))
    assert words in text
    assert ("never inside" in text) is (ace == "either")
