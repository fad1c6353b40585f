"""The tutorial's scripted steps: each position stages on a real match, and each goal is
reachable by a legal turn (and refused when the turn falls short)."""

from __future__ import annotations

import pytest

from game.coach.staging import position, staged_session
from game.coach.tutorial import NEW_MELD, STEPS, TutorialProgress
from game.engine.actions import Play
from game.engine.match import Match
from game.engine.variants import get_variant
from game.solver import best_play


@pytest.mark.parametrize("step", STEPS, ids=[s.title for s in STEPS])
def test_every_step_can_be_done_and_only_by_its_goal(step) -> None:
    table, hand = position(step.table, step.hand)
    variant = get_variant(step.variant_id)
    keep = [c for c in hand if str(c) not in step.play]
    found = best_play(variant, table, hand, True, keep=keep)
    assert found is not None
    ok, words = step.reached(table, hand, found.table, refused=True)
    assert ok, words
    if step.refusal_first:
        assert not step.reached(table, hand, found.table, refused=False)[0]
    # leaving the table as it was is never the goal
    assert not step.reached(table, hand, table, refused=True)[0]
    names = {str(c) for c in [*table.cards(), *hand]}
    for pointer in step.pointers:
        assert pointer.card in names and (pointer.target == NEW_MELD or pointer.target in names)
        assert pointer.by == NEW_MELD or pointer.by in names
    # the position stages on a real match, whose seat 0 can make that play
    session = staged_session(step.variant_id, {}, table, hand)
    match = session.match
    assert isinstance(match, Match) and match.current == 0 and match.check_invariants() == []
    match.apply(Play(0, found.table))


def test_progress_walks_the_steps() -> None:
    progress = TutorialProgress()
    seen = [progress.step.title]
    while progress.advance():
        seen.append(progress.step.title)
    assert seen == [s.title for s in STEPS] and progress.finished


def test_a_position_of_a_larger_game_stages_with_its_deck() -> None:
    # Manipulation is for three to seven: a position holding three copies of a card needs
    # the deck of a larger table
    table, hand = position("7H 8H 9H | 7C 7D 7S", "7H 7H")
    session = staged_session("manipulation", {}, table, hand, players=6)
    match = session.match
    assert isinstance(match, Match) and match.players == 6 and len(session.seats) == 6
    assert match.check_invariants() == []
    with pytest.raises(ValueError, match="not in the deck"):
        staged_session("machiavelli", {}, *position("7H 8H 9H", "7H 7H"))


@pytest.mark.parametrize("lang", ["it", "de", "es"])
def test_the_steps_and_their_verdicts_speak_the_players_language(lang: str) -> None:
    """Every step's title, lines and closing words are translated (not left in English),
    and a turn that falls short is told in the chosen language (issue 19)."""
    from game.i18n import _, language

    with language(lang):
        for step in STEPS:
            for text in (step.title, *step.lines, step.done_words):
                assert _(text) != text, (lang, text)
        step = STEPS[2]  # split a run: wants two melds on the table
        table, hand = position(step.table, step.hand)
        ok, words = step.reached(table, hand, table, refused=True)
    assert not ok and words
    with language("en"):
        _ok, english = step.reached(table, hand, table, refused=True)
    assert words != english
