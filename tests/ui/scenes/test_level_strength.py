"""The player is told what each computer level is, per variant (issue 46): the New game
screen, beside the seats' level choice, and the Rules show how often Hard beats Medium and
Medium beats Easy there, from the figures kept in ``game/ai/strength.json``, and say where
the game leaves little to choose (Manipulation)."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from game.ai import strength
from game.engine.variants import VARIANTS, all_variants
from game.i18n import language
from tests.ui.conftest import button, choose, click, press, top_name, widget
from tests.ui.scenes.test_new_game import open_new_game


def _stored(variant_id: str) -> dict:
    return json.loads(strength.DATA.read_text(encoding="utf-8"))["variants"][variant_id]


def _shown(app) -> str:  # noqa: ANN001
    box = app.scenes.top._strength
    assert box is not None and box.alive()
    return box.html_text


def _figure_words(item: dict) -> str:
    """The figure as the screen words it: "92% of 36 measured" (or "92% of matches")."""
    share = f"{round(100 * item['value'])}%"
    return f"{share} of {item['games']} measured" if item["games"] else f"{share} of matches"


@pytest.mark.parametrize("variant_id", ["manipulation", "tahiti", "shanghai-rummy"])
def test_the_new_game_screen_shows_the_stored_figures_of_the_chosen_variant(
        app, variant_id: str) -> None:  # noqa: ANN001
    scene = open_new_game(app)
    choose(app, widget(scene, "variant"), variant_id)
    shown = _shown(app)
    stored = _stored(variant_id)
    assert "The computer levels in this game" in shown
    hard = stored["hard-medium"]
    words = "Hard beats Medium in" if hard["figure"] == "share" \
        else "Hard finishes ahead of each Medium in"
    assert f"{words} {_figure_words(hard)}" in shown
    if "medium-easy" in stored:
        assert _figure_words(stored["medium-easy"]) in shown.split("Medium beats Easy")[-1] \
            or _figure_words(stored["medium-easy"]) in shown.split("each Easy")[-1]
    # only where Hard makes Medium's every choice does the screen say so
    assert ("leaves little to choose" in shown) == (variant_id == "manipulation")


def test_the_words_follow_the_variant_chosen(app) -> None:  # noqa: ANN001
    scene = open_new_game(app)
    choose(app, widget(scene, "variant"), "manipulation")
    manipulation = _shown(app)
    choose(app, widget(app.scenes.top, "variant"), "machiavelli")
    machiavelli = _shown(app)
    assert manipulation != machiavelli
    assert _figure_words(_stored("machiavelli")["hard-medium"]) in machiavelli


def test_the_words_stay_with_the_most_seats_the_variant_takes(app) -> None:  # noqa: ANN001
    # eight seats of Shanghai Rummy leave the least room: the figures still show
    scene = open_new_game(app)
    choose(app, widget(scene, "variant"), "shanghai-rummy")
    choose(app, widget(app.scenes.top, "seats"), "8")
    assert "Hard finishes ahead of each Medium" in _shown(app)


def test_the_rules_tell_the_levels_of_the_variant(app) -> None:  # noqa: ANN001
    scene = open_new_game(app)
    choose(app, widget(scene, "variant"), "manipulation")
    click(app, button(app, "Rules of this variant\u2026"))
    assert top_name(app) == "RulesScene"
    text = app.scenes.top.text.html_text
    assert "The computer levels in this game" in text
    assert _figure_words(_stored("manipulation")["hard-medium"]) in text
    assert "leaves little to choose" in text
    press(app, pygame.K_ESCAPE)


def test_every_variant_has_figures_for_both_pairs() -> None:
    for variant in all_variants().values():
        lines = strength.strength_lines(variant)
        assert any(line.startswith("Hard ") for line in lines), variant.id
        assert any(line.startswith("Medium ") for line in lines), variant.id


def test_the_words_are_translated() -> None:
    variant = VARIANTS["manipulation"]
    english = strength.strength_lines(variant)
    for code in ("it", "de", "es"):
        with language(code):
            words = strength.strength_lines(variant)
        assert len(words) == len(english)
        assert all(a != b for a, b in zip(words, english, strict=True)), code


@pytest.mark.parametrize("text", ["{", "[]", '{"variants": {"tahiti": {"hard-medium": '
                                  '{"figure": "share", "value": 7, "games": 3}}}}'])
def test_a_damaged_figures_file_leaves_no_figures_and_no_crash(tmp_path: Path,
                                                               text: str) -> None:
    path = tmp_path / "strength.json"
    path.write_text(text, encoding="utf-8")
    assert not any(line.startswith("Hard") for line in
                   strength.strength_lines(VARIANTS["tahiti"], path))
