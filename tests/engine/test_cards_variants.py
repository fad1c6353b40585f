"""Cards and notation, decks and shuffles, the built-in variants and house-rule options."""

from __future__ import annotations

from collections import Counter

import pytest

from game.engine.cards import (
    Card,
    CardMinter,
    Face,
    format_cards,
    format_melds,
    make_deck,
    parse_cards,
    parse_face,
    parse_melds,
    shuffled_deck,
)
from game.engine.errors import NotationError, OptionError
from game.engine.match import Match
from game.engine.options import option_keys
from game.engine.rules_text import describe
from game.engine.serial import card_from_json, card_to_json
from game.engine.table import Table
from game.engine.variants import VARIANTS, KnockRule, get_variant
from game.solver import PLAY_ORACLE

# --- notation ----------------------------------------------------------------------------


@pytest.mark.parametrize("text, rank, suit", [
    ("AH", 1, "H"), ("2C", 2, "C"), ("9D", 9, "D"), ("10S", 10, "S"), ("TS", 10, "S"),
    ("ts", 10, "S"), ("jd", 11, "D"), ("Qc", 12, "C"), ("kH", 13, "H"), (" 7h ", 7, "H"),
])
def test_parse_face(text, rank, suit):
    assert parse_face(text) == Face(rank, suit)


def test_t_is_read_as_ten_and_printed_as_10():
    cards, _ = parse_cards("TH th 10H")
    assert [str(c) for c in cards] == ["10H", "10H", "10H"]
    assert [c.copy for c in cards] == [0, 1, 2]


@pytest.mark.parametrize("text", [
    "AH 2H 3H", "10S JS QS KS AS", "7C 7D 7H 7S", "JK 5H 6H", "JK=10H 8H 9H",
])
def test_cards_round_trip(text):
    cards, declared = parse_cards(text)
    assert format_cards(cards, declared) == text
    lower, lower_declared = parse_cards(text.lower())
    assert lower == cards and lower_declared == declared


def test_joker_notation():
    cards, declared = parse_cards("JK=10H jk=th JK")
    assert all(c.is_joker for c in cards)
    assert [c.copy for c in cards] == [0, 1, 2]
    assert declared == {cards[0]: Face(10, "H"), cards[1]: Face(10, "H")}
    assert str(cards[0]) == "JK"
    assert format_cards(cards, declared) == "JK=10H JK=10H JK"


def test_commas_separate_cards_too():
    cards, _ = parse_cards("3H,4H, 5H")
    assert [str(c) for c in cards] == ["3H", "4H", "5H"]


def test_melds_and_table_round_trip():
    text = "3H 4H 5H | 7C 7D 7S | 8H 9H JK=10H"
    melds, declared = parse_melds(text)
    assert format_melds(melds, declared) == text
    table = Table.parse(text)
    assert str(table) == text
    assert Table.from_json(table.to_json()) == table
    assert str(Table.parse("")) == ""
    assert Table.parse("").melds == ()


def test_table_free_cards_notation():
    table = Table.parse("3H 4H 5H", free="7C KD")
    assert [str(c) for c in table.free] == ["7C", "KD"]
    assert str(table) == "3H 4H 5H || free: 7C KD"
    assert table.card_count() == 5


def test_one_minter_gives_repeated_faces_distinct_copies():
    minter = CardMinter()
    table = Table.parse("7H 8H 9H", minter)
    hand, _ = parse_cards("7H 7H", minter)
    assert [c.copy for c in hand] == [1, 2]
    assert len(set(table.cards()) | set(hand)) == 5
    fresh = CardMinter()
    fresh.reserve([Card(7, "H", 4)])
    assert fresh.mint(Face(7, "H")) == Card(7, "H", 5)


@pytest.mark.parametrize("bad", ["1H", "ZZ", "11S", "7X", "H", "7HH", "10", "JKX", "JK=",
                                 "JK=1H", "JK=ZZ", "Q"])
def test_malformed_cards_are_named(bad):
    with pytest.raises(NotationError) as error:
        parse_cards(f"3H {bad} 5H")
    assert f"'{bad}'" in str(error.value)
    assert "3H" not in str(error.value).replace(f"'{bad}'", "")


def test_empty_meld_between_bars_is_an_error():
    with pytest.raises(NotationError, match="meld 2 is empty"):
        parse_melds("3H 4H 5H || 7C 7D 7S")


def test_saved_card_json_round_trip():
    for card in make_deck(2, 2):
        assert card_from_json(card_to_json(card)) == card
    with pytest.raises(NotationError):
        card_from_json("7H")
    with pytest.raises(NotationError):
        card_from_json("7H.x")


# --- decks and shuffles ------------------------------------------------------------------


@pytest.mark.parametrize("packs", [1, 2, 3])
@pytest.mark.parametrize("jokers", [0, 1, 2, 3, 4])
def test_deck_sizes(packs, jokers):
    deck = make_deck(packs, jokers)
    assert len(deck) == 52 * packs + jokers
    assert len(set(deck)) == len(deck)  # every physical card distinct
    faces = Counter(c.face for c in deck if not c.is_joker)
    assert len(faces) == 52 and set(faces.values()) == {packs}
    assert sum(c.is_joker for c in deck) == jokers


def test_seeded_shuffles_are_reproducible():
    assert shuffled_deck(2, 2, 7) == shuffled_deck(2, 2, 7)
    assert shuffled_deck(2, 2, 7) != shuffled_deck(2, 2, 8)
    assert sorted(shuffled_deck(2, 2, 7)) == sorted(make_deck(2, 2))


def test_matches_with_the_same_seed_deal_the_same_cards():
    a, b, c = (Match("machiavelli", 3, seed, oracle=PLAY_ORACLE) for seed in (11, 11, 12))
    assert a.deal.hands == b.deal.hands and a.deal.stock == b.deal.stock
    assert a.digest() == b.digest()
    assert a.deal.hands != c.deal.hands
    a.draw()
    b.draw()
    assert a.digest() == b.digest()


# --- built-in variants (RULES.md section 6) ----------------------------------------------


def test_the_nine_variants_are_registered():
    assert set(VARIANTS) == {
        "machiavelli", "machiavelli-jokers", "tahiti", "guadalupe", "vatikan", "carousel",
        "shanghai", "manipulation", "robbers",
    }


# id: (packs, jokers, min players, max players, deal, ace, turn, scoring, match)
SECTION_6 = {
    "machiavelli": (2, 0, 2, 5, 13, "either", "play_or_draw", "cards_count"),
    "machiavelli-jokers": (2, 2, 2, 5, 13, "either", "play_or_draw", "cards_count"),
    "tahiti": (2, 4, 2, 5, 5, "either", "play_or_draw", "tahiti"),
    "guadalupe": (2, 0, 2, 5, 5, "either", "guadalupe", "cards_count"),
    "vatikan": (2, 2, 2, 5, 13, "either", "play_or_draw", "none"),
    "carousel": (1, 1, 2, 5, 10, "either", "carousel", "carousel_scarne"),
    "shanghai": (2, 0, 3, 5, 10, "low", "draw_until_able", "cards_count"),
    "manipulation": (2, 0, 3, 7, 7, "high", "draw_until_able", "manipulation"),
    "robbers": (2, 4, 2, 6, 11, "either", "robbers", "cards_count"),
}


@pytest.mark.parametrize("variant_id", list(SECTION_6))
def test_section_6_table(variant_id):
    packs, jokers, low, high, deal, ace, turn, scoring = SECTION_6[variant_id]
    v = get_variant(variant_id)
    assert v.deck_for(low) == (packs, jokers)
    assert (v.min_players, v.max_players, v.hand_size, v.ace, v.turn, v.scoring) == (
        low, high, deal, ace, turn, scoring)
    assert v.run_min == 3 and not v.set_same_suit_allowed


def test_machiavelli_rows():
    m = get_variant("machiavelli")
    assert m.abandon_penalty == 3 and not m.has_jokers and m.initial_meld == "none"
    assert m.match_hands == 1
    mj = get_variant("machiavelli-jokers")
    assert mj.abandon_penalty == 3
    assert (mj.joker_identity, mj.jokers_per_meld, mj.released_joker_needs_two_from_hand) == (
        "fixed", 1, True)
    assert mj.joker_moves == "keep_identity"


def test_tahiti_row():
    t = get_variant("tahiti")
    assert t.free_cards == 4
    assert (t.joker_identity, t.jokers_per_meld, t.joker_release_from) == ("fixed", 1, "hand")
    assert t.joker_freezes_meld and not t.released_joker_needs_two_from_hand
    assert get_variant("tahiti", {"hand_size": 12}).hand_size == 12


def test_vatikan_row():
    v = get_variant("vatikan")
    assert (v.joker_identity, v.joker_moves, v.joker_release_from) == (
        "fixed", "never", "hand_or_table")
    assert v.initial_meld == "run_of_3_from_hand"
    assert v.jokers_per_meld == 1


def test_carousel_row():
    c = get_variant("carousel")
    assert c.deck_for(2) == (1, 1)
    for players in (3, 4, 5):
        assert c.deck_for(players) == (2, 2)
    assert (c.joker_identity, c.joker_moves, c.joker_release_from) == (
        "fixed", "keep_identity", "hand_or_table")
    assert c.carousel_draws == 3 and c.knock == KnockRule(5, "after_meld")
    assert c.stock_out == "last_round" and c.match_target == 150


def test_shanghai_and_manipulation_rows():
    s = get_variant("shanghai")
    assert s.must_play_if_able and s.match_target is None and s.match_hands >= 1
    m = get_variant("manipulation")
    assert m.must_play_if_able and m.match_target == 200
    assert m.table_layout == "sets_and_runs_apart"
    assert m.deck_for(5) == (2, 0) and m.deck_for(6) == (3, 0)
    assert m.min_players == 3 and m.max_players > 5


def test_robbers_row():
    r = get_variant("robbers")
    assert (r.joker_identity, r.jokers_per_meld) == ("free", 1)
    assert r.initial_meld == "complete_meld_from_hand"


@pytest.mark.parametrize("variant_id", list(SECTION_6))
def test_every_variant_deals_a_legal_first_hand(variant_id):
    v = get_variant(variant_id)
    for players in (v.min_players, v.max_players):
        match = Match(variant_id, players, seed=3, oracle=PLAY_ORACLE)
        assert [len(h) for h in match.deal.hands] == [v.hand_size] * players
        assert len(match.deal.table.free) == v.free_cards
        assert match.check_invariants() == []


def test_players_out_of_range_refused():
    from game.engine.errors import IllegalAction

    with pytest.raises(IllegalAction, match="3-5 players"):
        Match("shanghai", 2, seed=1, oracle=PLAY_ORACLE)
    with pytest.raises(IllegalAction):
        Match("machiavelli", 6, seed=1, oracle=PLAY_ORACLE)


# --- house-rule options ------------------------------------------------------------------


def test_options_apply():
    assert get_variant("machiavelli", {"ace": "around"}).ace == "around"
    assert get_variant("machiavelli", {"ace": "AROUND"}).ace == "around"
    assert get_variant("machiavelli", {"hand_size": 15}).hand_size == 15
    assert get_variant("machiavelli", {"hand_size": "15"}).hand_size == 15
    assert get_variant("machiavelli", {"abandon_penalty": 0}).abandon_penalty == 0
    assert get_variant("machiavelli", {"scoring": "tahiti"}).scoring == "tahiti"
    two = get_variant("machiavelli", {"jokers": 2})
    assert two.jokers == 2 and two.has_jokers and two.deck_for(5) == (2, 2)
    # issue 45.1: no jokers, and the packs of five seats stay
    assert get_variant("carousel", {"jokers": 0}).deck_for(5) == (2, 0)
    assert get_variant("manipulation", {"match": "target:300"}).match_target == 300
    assert get_variant("shanghai", {"match": "hands:3"}).match_hands == 3
    assert get_variant("vatikan", {"match": "single"}).match_hands == 1
    assert get_variant("robbers", {"initial_meld": "points:30"}).initial_meld_points == 30
    assert get_variant("robbers", {"jokers_per_meld": "unlimited"}).jokers_per_meld == 0
    assert get_variant("tahiti", {"joker_freezes_meld": "false"}).joker_freezes_meld is False
    assert get_variant("shanghai", {"knock": "start_of_turn:10"}).knock == KnockRule(
        10, "start_of_turn")


def test_options_do_not_change_the_registry():
    get_variant("machiavelli", {"ace": "around", "hand_size": 15})
    assert VARIANTS["machiavelli"].ace == "either"
    assert get_variant("machiavelli").hand_size == 13


def test_culbertson_option():
    c = get_variant("carousel", {"culbertson": "true"})
    assert c.carousel_draws == 4
    assert c.knock == KnockRule(10, "start_of_turn")
    assert c.scoring == "carousel_culbertson"
    back = get_variant("carousel", {"culbertson": False})
    assert back == get_variant("carousel")


@pytest.mark.parametrize("variant_id, options, words", [
    ("machiavelli", {"colour": "red"}, "unknown option 'colour'"),
    ("machiavelli", {"hand_size": 0}, "option hand_size: 0 is out of range"),
    ("machiavelli", {"hand_size": 21}, "out of range (expected 3 to 20)"),
    ("machiavelli", {"hand_size": 1}, "option hand_size: 1 is out of range"),  # RULES.md: 3
    ("guadalupe", {"hand_size": 2}, "option hand_size: 2 is out of range"),
    ("machiavelli", {"hand_size": "lots"}, "'lots' is not a whole number"),
    ("machiavelli", {"hand_size": True}, "option hand_size"),
    ("machiavelli", {"jokers": 5}, "option jokers: 5 is out of range"),
    ("machiavelli", {"packs": 4}, "option packs: 4 is out of range"),
    ("machiavelli", {"ace": "sideways"}, "option ace: 'sideways' is not one of"),
    ("machiavelli", {"abandon_penalty": -1}, "option abandon_penalty"),
    ("machiavelli", {"scoring": "golf"}, "option scoring: 'golf'"),
    ("machiavelli", {"match": "forever"}, "option match: 'forever'"),
    ("machiavelli", {"match": "target:5"}, "option match: 5 is out of range"),
    ("machiavelli", {"free_cards": 3}, "option free_cards"),
    ("machiavelli", {"culbertson": "true"}, "option culbertson"),
    ("carousel", {"culbertson": "maybe"}, "option culbertson: 'maybe' is not true or false"),
    ("machiavelli", {"initial_meld": "points:0"}, "option initial_meld"),
    ("machiavelli", {"knock": "always"}, "option knock"),
    ("machiavelli", {"jokers_per_meld": 9}, "option jokers_per_meld"),
])
def test_bad_options_raise_option_error(variant_id, options, words):
    with pytest.raises(OptionError) as error:
        get_variant(variant_id, options)
    assert words in str(error.value)


def test_unknown_option_lists_the_known_ones():
    with pytest.raises(OptionError) as error:
        get_variant("machiavelli", {"colour": "red"})
    for key in ("hand_size", "ace", "culbertson", "match"):
        assert key in str(error.value)


def test_unknown_variant():
    with pytest.raises(OptionError) as error:
        get_variant("poker")
    assert "unknown variant 'poker'" in str(error.value)
    assert "machiavelli" in str(error.value)


def test_hand_size_that_cannot_be_dealt():
    with pytest.raises(OptionError, match="option hand_size: 20 cards each do not fit"):
        get_variant("shanghai", {"packs": 1, "hand_size": 20})
    assert get_variant("shanghai", {"packs": 1, "hand_size": 17}).hand_size == 17


def test_option_keys_describe_every_key():
    keys = option_keys()
    for key in ("hand_size", "ace", "jokers", "abandon_penalty", "match", "culbertson",
                "scoring"):
        assert keys[key]


# --- describe ----------------------------------------------------------------------------


@pytest.mark.parametrize("variant_id", list(VARIANTS))
def test_describe_lists_every_house_rule(variant_id):
    v = get_variant(variant_id)
    lines = describe(v)
    assert lines[0].startswith(f"{v.name} ({v.id})")
    assert v.house_rules, "every built-in variant has at least the empty-stock house rule"
    for rule in v.house_rules:
        assert rule.startswith("(house)")
        assert rule in lines


def test_every_variant_with_a_stock_names_the_empty_stock_house_rule():
    for v in VARIANTS.values():
        text = " ".join(describe(v))
        if v.stock_out == "pass_until_all_pass":
            assert "(house) A player who should draw from an empty stock passes" in text
        else:
            assert "one more turn to meld" in text


def test_describe_reflects_options():
    def text(variant_id, options=None):
        return "\n".join(describe(get_variant(variant_id, options)))

    assert "corner" not in text("machiavelli")
    assert "Q-K-A-2-3" in text("machiavelli", {"ace": "around"})
    assert "dealt 15 cards" in text("machiavelli", {"hand_size": 15})
    assert "draw 3 cards" in text("machiavelli")
    assert "draw 3 cards" not in text("machiavelli", {"abandon_penalty": 0})
    assert "joker" not in text("machiavelli").lower().replace("no jokers", "")
    assert "2 jokers" in text("machiavelli", {"jokers": 2})
    assert "reaches 300 points" in text("manipulation", {"match": "target:300"})
    assert "joker 30" in text("machiavelli", {"scoring": "tahiti"})
    culbertson = text("carousel", {"culbertson": True})
    assert "start of your turn" in culbertson and "10 points or fewer" in culbertson
    assert "5 points or fewer" in text("carousel")


def test_describe_carousel_draws_in_words():
    assert "after your third draw" in " ".join(describe(get_variant("carousel")))
    culbertson = " ".join(describe(get_variant("carousel", {"culbertson": True})))
    assert "after your fourth draw" in culbertson
    assert "3th" not in " ".join(describe(get_variant("carousel")))


@pytest.mark.parametrize("variant, options, line", [
    ("carousel", None, "(house) At most 1 joker per meld."),
    ("vatikan", None, "(house) At most 1 joker per meld."),
    ("machiavelli-jokers", None,
     "(house) An unreleased joker may move to another meld keeping its card."),
    ("machiavelli-jokers", None,
     "(house) The card that releases a joker may come from your hand or the table."),
    ("manipulation", {"jokers": 2}, "(house) A joker left in hand counts 15, like an ace."),
    ("shanghai", None, "(house) The match is 5 hands."),
    ("tahiti", None, "An unreleased joker never moves: its meld is frozen until the joker is "
                     "released."),
])
def test_house_choices_are_marked_in_the_rules_text(variant, options, line):
    assert line in describe(get_variant(variant, options))


def test_rules_text_of_tahiti_and_culbertson_say_what_the_game_does():
    tahiti = "\n".join(describe(get_variant("tahiti")))
    assert "may move to another meld" not in tahiti
    culbertson = "\n".join(describe(get_variant("carousel", {"culbertson": True})))
    assert "divide it exactly" in culbertson
    assert "10 for beating the knocker" in culbertson and "At 150 a player gets 100" in culbertson

