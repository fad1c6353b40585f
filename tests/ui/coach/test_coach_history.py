"""Review from the statistics screen (issue 18): a match played to its end through the real
table is kept in the history, listed under Statistics' "Recent matches" and reviewed from
there by real clicks; the review's texts write cards with suit symbols and moves in words."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pygame
import pytest

from game.session import GameSession, Seat
from game.store.history import FinishedMatch, HistoryStore
from game.store.saves import SaveSummary
from game.ui.cardtable.probe import TableProbe
from game.ui.manipulation.table import TableScene
from game.ui.scenes import screens
from game.ui.scenes.review import ReviewScene, best_play_lines, played_words, turn_label
from game.ui.scenes.scoreboard import ScoreboardScene
from tests.ui.coach.test_coach import wait_for_review
from tests.ui.conftest import StartApp, button, click, pump

CARD_CODE = re.compile(r"\b(10|[2-9AJQK])[CDHS]\b")  # 6C: the engine's code, not for people


def play_to_the_end(app, session: GameSession) -> None:  # noqa: ANN001 - the test's App
    """The human seat's turns taken by the table's own hint (the solver plays them), the
    computer's by the computer: the whole match through the real table scene."""
    scene = TableScene(app, session, autosave=False)
    app.scenes.push(scene)
    probe = TableProbe(app, scene)
    for _ in range(80):
        probe.until(lambda: probe.idle() or isinstance(app.scenes.top, ScoreboardScene),
                    4000, "our turn or the end of the hand")
        if isinstance(app.scenes.top, ScoreboardScene):
            return
        probe.key(pygame.K_h)
        probe.until(lambda: scene.human.hint_worker is None, 1200, "the hint")
        probe.frames(2)
        if scene.mode == "hint":
            probe.key(pygame.K_SPACE)
            probe.key(pygame.K_RETURN)
        if scene.draft is not None and scene.draft.touched and scene.draft.check().ok:
            probe.key(pygame.K_e)
        else:
            probe.key(pygame.K_d)
    raise AssertionError("the match does not end")


def test_a_finished_match_is_reviewed_from_the_statistics(start_app: StartApp) -> None:
    app = start_app(speed=4.0)
    session = GameSession.new("guadalupe", {"hand_size": 3},
                              [Seat("You", "human"), Seat("Ada", "easy")], seed=11)
    play_to_the_end(app, session)
    assert session.match.over and session.recorded
    kept = HistoryStore.at(app.store.paths, app.store.messages).recent()
    assert len(kept) == 1 and kept[0].summary == SaveSummary.from_json(session.summary())
    while len(app.scenes):
        app.scenes.pop()
    stats = app.scenes.push(screens.statistics(app))
    pump(app)
    click(app, button(app, "Recent matches (1)"))
    assert stats.view == "matches" and len(stats.shown_matches()) == 1
    click(app, button(app, "Review"))
    scene = app.scenes.top
    assert isinstance(scene, ReviewScene)
    wait_for_review(app, scene)
    # the replayed match is the one played: same seed, same log, same end
    assert scene.session.match.seed == session.match.seed
    assert scene.session.summary() == session.summary()
    assert scene.review.turns
    # the reviewed hands' accuracy goes to the statistics, as after a hand
    assert [a.accuracy for a in app.store.stats.accuracies()] == \
        [h.accuracy for h in scene.review.hands() if h.accuracy is not None]
    click(app, button(app, "Back"))
    assert app.scenes.top is stats


def test_a_damaged_history_entry_is_told_not_crashed(start_app: StartApp) -> None:
    from tests.store.test_history import finished

    app = start_app()
    HistoryStore.at(app.store.paths, app.store.messages).add(finished(1))  # no real game
    stats = app.scenes.push(screens.statistics(app))
    click(app, button(app, "Recent matches (1)"))
    click(app, button(app, "Review"))
    assert app.scenes.top is stats


@pytest.mark.parametrize("options", ["x", [1], 7])
def test_a_kept_match_whose_options_are_no_object_is_told_not_crashed(
        start_app: StartApp, options: object) -> None:
    """Issue 29, point 4: Statistics > Recent matches > Review checks a kept match as the
    Load screen checks a save; a match whose options are no object killed the app."""
    session = GameSession.new("machiavelli", {}, [Seat("You", "human"), Seat("Ada", "easy")],
                              seed=3)
    game = session.to_json()
    game["match"]["options"] = options
    app = start_app()
    HistoryStore.at(app.store.paths, app.store.messages).add(FinishedMatch(
        datetime.now(UTC), SaveSummary.from_json(session.summary()), game))
    stats = app.scenes.push(screens.statistics(app))
    click(app, button(app, "Recent matches (1)"))
    click(app, button(app, "Review"))
    assert app.scenes.top is stats
    assert any('"options" must be an object' in text for text, *_ in app.notices), app.notices


def test_the_review_texts_write_cards_with_suit_symbols() -> None:
    from game.coach.review import review_session
    from tests.coach.test_review import played_session

    session = played_session(3)
    review = review_session(session)
    told = [t for t in review.turns if t.solution is not None and t.solution.played]
    assert told, "no turn with a best play to tell"
    texts: list[str] = []
    for turn in told:
        texts += best_play_lines(review.variant, turn, "cards")
        texts.append(played_words(turn))
        texts.append(turn_label(turn, "cards"))
    joined = "\n".join(texts)
    assert not CARD_CODE.search(joined), CARD_CODE.search(joined)
    assert re.search("[\u2663\u2666\u2665\u2660]", joined)
    # moves are told in words (into a meld, a new meld, split...), never by meld number
    assert "meld 1 \u2192" not in joined and "\u2192" not in joined
    assert any(word in joined for word in ("into", "new meld", "split", "remake"))
    many = next((t for t in told if len(best_play_lines(review.variant, t, "cards")) > 7),
                None)
    if many is not None:
        last = best_play_lines(review.variant, many, "cards")[-1]
        assert re.fullmatch(r"\u2026 and (1 more step|\d+ more steps) \(shown on the table\)",
                            last)
