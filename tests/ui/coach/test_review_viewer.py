"""Review is a viewer, not a live table (issue 43): a reviewed turn's table lies as it lay
when the turn was played, names the real deal, offers no game control, and the best
play's words cover none of its melds. Through real pygame events in the real app."""

from __future__ import annotations

import pygame
import pytest

from game.coach.review import TurnReview, review_session
from game.deals import deal_words
from game.session import GameSession
from game.store.seats import Seat
from game.ui.app import App
from game.ui.cardtable.probe import TableProbe
from game.ui.coach.staged import StagedTable
from game.ui.scenes import screens
from game.ui.scenes.review import ReviewScene
from game.ui.scenes.scoreboard import ScoreboardScene
from tests.ui.conftest import StartApp, button, click, open_table, pump, widget

GAME_BUTTONS = ("end", "draw", "pass", "knock", "undo", "redo", "reset", "hint")


def review_on_table(app: App, session: GameSession) -> tuple[ReviewScene, TableProbe]:
    """Scoreboard -> Review -> Show the best play on the table; the probe of the table,
    once the best play has been told to its end."""
    app.scenes.push(screens.scoreboard(app, session))
    click(app, button(app, "Review"))
    review = app.scenes.top
    assert isinstance(review, ReviewScene)
    assert review.worker is None or review.worker.wait(300), "the review did not finish"
    pump(app, 3)
    assert review.review is not None, review.problem
    click(app, widget(review, "show"))
    table = app.scenes.top
    assert isinstance(table, StagedTable)
    probe = TableProbe(app, table)
    told(probe)
    return review, probe


def told(probe: TableProbe) -> None:
    scene = probe.scene
    probe.until(lambda: scene.human.hint_show is not None and scene.human.hint_show.finished
                and not scene.sprites.busy, 3000, "the best play told")
    probe.frames(2)


def landed(probe: TableProbe) -> None:
    probe.until(lambda: not probe.scene.sprites.busy, 600, "the table")
    probe.frames(2)


def shown_order(scene: StagedTable) -> list[frozenset]:
    """The melds on the felt in reading order (row by row, left to right)."""
    layout, model = scene.layout, scene.model
    assert layout is not None and model is not None
    boxes = sorted(((box.rect.y, box.rect.x), box.index) for box in layout.groups)
    cards = {group.index: frozenset(group.cards) for group in model.groups}
    return [cards[index] for _place, index in boxes]


@pytest.fixture
def finished() -> GameSession:
    from tests.coach.test_review import played_session
    return played_session(3)


def test_after_the_best_play_the_review_is_no_live_turn(start_app: StartApp,
                                                        finished: GameSession) -> None:
    app = start_app(speed=4.0)
    _review, probe = review_on_table(app, finished)
    scene = probe.scene
    # the best play is shown, not offered: nothing says Apply (it is off)
    assert "Apply" not in scene.status.text, scene.status.text
    assert scene.message is not None
    assert not any("Apply" in line for line in scene.message.lines), scene.message.lines
    probe.key(pygame.K_ESCAPE)  # the best play put away: the table as it lay
    landed(probe)
    assert app.scenes.top is scene
    assert not scene.status.text.startswith("Your turn"), scene.status.text
    assert "draw" not in scene.status.text, scene.status.text
    # a hand card dragged to the felt stays in the hand
    card = probe.card(str(scene.model.hand[0]), "hand")
    probe.drag(probe.center(card), probe.felt_spot())
    landed(probe)
    assert scene.layout.spots[card].zone == "hand"
    assert scene.draft is None or not scene.draft.touched
    # no game control: no End turn, Draw (nor Give up), Pass, Undo, Reset, Hint
    controls = scene.controls
    assert controls is not None
    on = [name for name in GAME_BUTTONS
          if name in controls.buttons and controls.buttons[name].is_enabled]
    assert on == [], on
    assert not controls.buttons["draw"].text.startswith("Give up")
    for key in (pygame.K_e, pygame.K_d, pygame.K_p, pygame.K_r):
        probe.key(key)
    assert scene.message is None or scene.message.tone != "error", scene.message
    assert scene.draft is None or not scene.draft.touched


def test_the_review_table_names_the_real_deal(start_app: StartApp,
                                             finished: GameSession) -> None:
    app = start_app(speed=4.0)
    _review, probe = review_on_table(app, finished)
    facts = probe.scene.indicators.facts()  # the side panel's words
    assert facts.deal == deal_words(finished.match.seed) == "Deal 3"
    assert facts.hand_number == 1


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1600, 1000)])
def test_the_best_plays_words_cover_none_of_its_melds(start_app: StartApp,
                                                      finished: GameSession,
                                                      size: tuple[int, int]) -> None:
    """Turn 30 of deal 3 ends on a felt of 14 melds, its best play told in 11 lines."""
    app = start_app(size=size, speed=4.0)
    review = review_session(finished)
    turn = next(t for t in review.turns if t.turn == 30)
    scene = app.scenes.push(screens.review_table(app, finished, turn, review.name))
    probe = TableProbe(app, scene)
    seen = 0
    for _frame in range(3000):
        probe.frames(1)
        layout = scene.layout
        if scene.message is not None and scene.note_rect is not None and layout is not None:
            seen += 1
            over = [box.rect for box in layout.groups if box.rect.colliderect(scene.note_rect)]
            assert over == [], f"the note {scene.note_rect} covers melds {over}"
            assert not scene.note_rect.colliderect(scene.panel_rect), "the note covers the panel"
        show = scene.human.hint_show
        if show is not None and show.finished and seen > 5:
            break
    assert seen > 5, "the best play's words never showed"


def live_orders(app: App, seed: int, turns: int) -> tuple[GameSession, list[list[frozenset]]]:
    """A table (you, Medium) where you take the hint's play, told to its end, or draw,
    ``turns`` times; the melds' order on screen at the start of each of your turns."""
    from game.ui.manipulation.table import TableScene

    probe = open_table(app, "machiavelli", [Seat("You", "human"), Seat("Bot", "medium")],
                       seed)
    scene = probe.scene
    assert isinstance(scene, TableScene)
    orders: list[list[frozenset]] = []
    for _turn in range(turns):
        if isinstance(app.scenes.top, ScoreboardScene):
            break
        orders.append(shown_order(scene))  # type: ignore[arg-type]
        probe.key(pygame.K_h)
        probe.until(lambda: scene.human.hint_worker is None, 1200, "the hint")
        probe.frames(2)
        if scene.mode == "hint":  # told to its end, as a player watches it, then taken
            told(probe)
            probe.key(pygame.K_RETURN)
        if scene.draft is not None and scene.draft.touched and scene.draft.check().ok:
            probe.key(pygame.K_e)
        else:
            probe.key(pygame.K_d)
        probe.until(lambda: probe.idle() or isinstance(app.scenes.top, ScoreboardScene),
                    4000, "your turn or the end of the hand")
    while len(app.scenes):
        app.scenes.pop()
    return scene.session, orders


def test_a_reviewed_turns_melds_lie_as_they_lay_at_the_table(start_app: StartApp) -> None:
    app = start_app(speed=4.0)
    session, orders = live_orders(app, 3, 12)
    review = review_session(session)
    turns: list[TurnReview] = [t for t in review.turns if t.hand == 1]
    differs = [t for t in turns if [frozenset(m) for m in t.table.melds] != orders[t.turn - 1]]
    assert differs, "no turn whose melds lay otherwise than the rules list them"
    for turn in differs[:2]:
        scene = app.scenes.push(screens.review_table(app, session, turn, review.name))
        probe = TableProbe(app, scene)
        probe.frames(2)
        assert shown_order(scene) == orders[turn.turn - 1], f"turn {turn.turn} at the start"
        if turn.solution is not None:
            told(probe)
            probe.key(pygame.K_ESCAPE)  # the best play put away
            landed(probe)
            assert shown_order(scene) == orders[turn.turn - 1], f"turn {turn.turn} after Esc"
        app.scenes.pop()


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1600, 1000)])
def test_the_coachs_panel_covers_no_meld_on_a_full_felt(start_app: StartApp,
                                                        finished: GameSession,
                                                        size: tuple[int, int]) -> None:
    """Turn 24 of deal 3 ends on a felt of 12 melds with no place clear of them: the panel
    (the turn's title, Show again, Back) covers no meld and no button the player still
    sees, on every frame, and its Back still leaves the table."""
    app = start_app(size=size, speed=4.0)
    review = review_session(finished)
    turn = next(t for t in review.turns if t.turn == 24)
    scene = app.scenes.push(screens.review_table(app, finished, turn, review.name))
    probe = TableProbe(app, scene)

    def panel_clear() -> None:
        layout, controls, panel = scene.layout, scene.controls, scene.panel_rect
        assert layout is not None and controls is not None and panel.w
        over = [box.rect for box in layout.groups if box.rect.colliderect(panel)]
        assert over == [], f"the coach's panel {panel} covers melds {over}"
        hidden = [name for name, b in controls.buttons.items()
                  if b.visible and b.rect.colliderect(panel)]
        assert hidden == [], f"the coach's panel {panel} lies over the buttons {hidden}"

    for _frame in range(3000):
        probe.frames(1)
        panel_clear()
        show = scene.human.hint_show
        if show is not None and show.finished and not scene.sprites.busy:
            break
    probe.key(pygame.K_ESCAPE)  # the best play put away: the table as it lay
    landed(probe)
    panel_clear()
    click(app, scene.coach_buttons["back"])
    pump(app, 3)
    assert app.scenes.top is not scene, "Back did not leave the reviewed table"
