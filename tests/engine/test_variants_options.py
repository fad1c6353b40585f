"""Typed variant parameters and the house-rule option specs: the typed values keep their
option text (saves, presets and the CLI hold it), the rules ask the Variant questions, and
every spec reads, applies and shows its values consistently."""

from __future__ import annotations

import dataclasses
import json

import pytest

from game.engine.errors import OptionError
from game.engine.options import (
    FORM_SPECS,
    OPTION_SPECS,
    SPECS,
    Widget,
    apply_options,
    offered_specs,
)
from game.engine.variants import (
    VARIANTS,
    AceMode,
    InitialMeld,
    InitialMeldKind,
    MatchKind,
    MatchLength,
    Scoring,
    TurnStructure,
    Variant,
    all_variants,
    get_variant,
)


@pytest.mark.parametrize("text, kind, points", [
    ("none", InitialMeldKind.NONE, None),
    ("complete_meld_from_hand", InitialMeldKind.COMPLETE_MELD, None),
    ("run_of_3_from_hand", InitialMeldKind.RUN_OF_3, None),
    ("points:30", InitialMeldKind.POINTS, 30),
    (" Points:51 ", InitialMeldKind.POINTS, 51),
])
def test_initial_meld_reads_and_writes_its_option_text(text: str, kind: InitialMeldKind,
                                                       points: int | None) -> None:
    rule = InitialMeld.parse(text)
    assert rule.kind is kind and rule.points_needed == points
    assert rule.required is (kind is not InitialMeldKind.NONE)
    assert InitialMeld.parse(str(rule)) == rule
    assert str(rule) == text.strip().lower()


@pytest.mark.parametrize("text", ["", "points", "points:x", "run", "none:3"])
def test_initial_meld_refuses_other_text(text: str) -> None:
    with pytest.raises(ValueError):
        InitialMeld.parse(text)


@pytest.mark.parametrize("text, hands, target", [
    ("single", 1, None), ("hands:1", 1, None), ("hands:5", 5, None),
    ("target:150", None, 150),
])
def test_match_length_reads_and_writes_its_option_text(text: str, hands: int | None,
                                                       target: int | None) -> None:
    match = MatchLength.parse(text)
    assert (match.hands, match.target) == (hands, target)
    assert MatchLength.parse(str(match)) == match
    assert str(match) == ("hands:1" if text == "single" else text)


def test_typed_values_equal_their_text_and_hash_alike() -> None:
    rule = InitialMeld(InitialMeldKind.POINTS, 30)
    assert rule == "points:30" and rule != "points:31" and rule != "none"
    assert MatchLength(MatchKind.TARGET, 200) == "target:200"
    assert {rule: 1}[InitialMeld.parse("points:30")] == 1
    assert hash(rule) == hash("points:30")


def test_a_variant_built_from_text_holds_the_types() -> None:
    v = Variant(id="x", name="X", summary="", ace="low", turn="carousel",  # type: ignore[arg-type]
                scoring="tahiti", initial_meld="points:40", match="target:100")  # type: ignore[arg-type]
    assert v.ace is AceMode.LOW and v.turn is TurnStructure.CAROUSEL
    assert v.scoring is Scoring.TAHITI
    assert v.initial_meld == InitialMeld(InitialMeldKind.POINTS, 40)
    assert v.match == MatchLength(MatchKind.TARGET, 100)
    again = dataclasses.replace(v, ace="around")  # type: ignore[arg-type]
    assert again.ace is AceMode.AROUND
    with pytest.raises(ValueError):
        Variant(id="x", name="X", summary="", ace="sideways")  # type: ignore[arg-type]


def test_enums_keep_their_json_and_text_form() -> None:
    v = get_variant("vatikan")
    assert json.dumps([v.ace, v.turn, v.scoring]) == '["either", "play_or_draw", "none"]'
    assert f"{v.joker_moves}" == "never"
    assert v.scoring == "none"  # the text still compares equal


@pytest.mark.parametrize("variant_id, cards_per_draw, after_play, before_meld, play_draw_play, "
                         "until_able, higher_wins", [
    ("machiavelli", 1, 0, False, False, False, False),
    ("guadalupe", 2, 1, False, False, False, False),
    ("carousel", 1, 0, True, False, False, True),
    ("shanghai", 1, 0, False, False, True, False),
    ("robbers", 1, 0, False, True, False, False),
    ("vatikan", 1, 0, False, False, False, True),
])
def test_the_variant_answers_what_its_turn_and_scoring_mean(
        variant_id: str, cards_per_draw: int, after_play: int, before_meld: bool,
        play_draw_play: bool, until_able: bool, higher_wins: bool) -> None:
    v = get_variant(variant_id)
    assert v.cards_per_draw == cards_per_draw
    assert v.draw_after_play == after_play
    assert v.draws_before_meld is before_meld
    assert v.play_draw_play is play_draw_play
    assert v.draws_until_able is until_able
    assert v.higher_score_wins is higher_wins


# --- option specs ---------------------------------------------------------------------


@pytest.mark.parametrize("variant_id", list(all_variants()))
@pytest.mark.parametrize("key", list(OPTION_SPECS))
def test_every_spec_writes_back_what_it_reads(variant_id: str, key: str) -> None:
    """The stored form of a variant's own value applies to the same variant (so presets
    and remembered rules round-trip), and the form's widgets show it unchanged."""
    spec = OPTION_SPECS[key]
    base = all_variants()[variant_id]
    value = spec.current(base)
    if spec.refuse and spec.refuse(base, value):
        return  # an option this game refuses (culbertson outside Carousel)
    stored = spec.store(value)
    assert isinstance(stored, str | int | bool)
    assert spec.parse(stored) == value
    if spec.in_form:
        choice, number = spec.form_values(base)
        assert spec.parse(spec.from_form(choice, number)) == value


def test_form_specs_have_labels_choices_and_ranges() -> None:
    for spec in FORM_SPECS:
        assert spec.label and spec.help
        if spec.widget in (Widget.CHOICE, Widget.CHOICE_NUMBER):
            assert spec.choices and len({c.value for c in spec.choices}) == len(spec.choices)
            for choice in spec.choices:
                text = spec.from_form(choice.value, str(choice.number or ""))
                spec.parse(text)  # every choice (with its default number) is a valid value
        if spec.widget in (Widget.SLIDER, Widget.CHOICE_NUMBER):
            assert spec.range is not None


def test_every_option_key_has_one_spec() -> None:
    assert len(OPTION_SPECS) == len(SPECS)
    with pytest.raises(OptionError, match="unknown option 'colour'"):
        apply_options(VARIANTS["machiavelli"], {"colour": "red"})


def test_a_number_out_of_the_specs_range_is_named() -> None:
    with pytest.raises(OptionError, match="option match: 5 is out of range"):
        get_variant("machiavelli", {"match": "target:5"})
    with pytest.raises(OptionError, match="'x' is not a whole number"):
        get_variant("machiavelli", {"match": "hands:x"})
    with pytest.raises(OptionError, match="option initial_meld: 201 is out of range"):
        get_variant("machiavelli", {"initial_meld": "points:201"})


def test_options_still_read_the_old_text_and_give_typed_values() -> None:
    v = get_variant("machiavelli", {"initial_meld": "points:30", "match": "single",
                                    "ace": "AROUND", "knock": "start_of_turn:10"})
    assert v.initial_meld == InitialMeld(InitialMeldKind.POINTS, 30)
    assert v.match.hands == 1 and v.ace is AceMode.AROUND
    assert v.knock is not None and v.knock.when == "start_of_turn"


def test_offered_specs_follow_the_choices_made_before_them() -> None:
    def keys(variant_id: str, options: dict[str, object] | None = None) -> list[str]:
        return [s.key for s in offered_specs(all_variants()[variant_id], options or {})]

    plain = keys("machiavelli")
    assert "joker_identity" not in plain and "abandon_penalty" in plain
    with_jokers = keys("machiavelli", {"jokers": 2})
    assert {"joker_identity", "jokers_per_meld", "joker_moves"} <= set(with_jokers)
    wild = keys("machiavelli", {"jokers": 2, "joker_identity": "free"})
    assert "jokers_per_meld" in wild and "joker_moves" not in wild
    assert "culbertson" in keys("carousel") and "abandon_penalty" not in keys("carousel")
    assert keys("shanghai-rummy") == ["hand_size", "ace", "jokers"]
    # a value in error does not hide what follows it
    assert "joker_identity" in keys("machiavelli-jokers", {"hand_size": "lots"})


def test_a_refused_option_says_why() -> None:
    with pytest.raises(OptionError, match="Carousel is not one: you draw before you meld"):
        get_variant("carousel", {"abandon_penalty": 2})
    assert get_variant("carousel", {"abandon_penalty": 0}).abandon_penalty == 0
