"""Review of a hot-seat game (issue 34.1-2, 34.5, 28.5): each human seat reviews its own
turns, under the hand-over cover while a hand is under way; the reviewed turn's table shows
the real players with their card counts, and the live game's buttons are off there."""

from __future__ import annotations

import pygame

from game.ai.players import make_player
from game.session import GameSession
from game.store.seats import Seat
from game.ui.app import App
from game.ui.scenes import screens
from game.ui.scenes.handover import HandOverScene
from game.ui.scenes.review import ReviewScene
from tests.ui.conftest import StartApp, button, click, press, pump, widget


def hot_seat_session(seed: int, actions: int, seats: list[Seat] | None = None) -> GameSession:
    """A Machiavelli game of Ann and Ben at one screen (and any ``seats``), ``actions``
    moves in, each chosen by an Easy player."""
    seats = seats or [Seat("Ann", "human"), Seat("Ben", "human")]
    session = GameSession.new("machiavelli", {}, seats, seed)
    players = [make_player("easy", seed + n) for n in range(len(seats))]
    for _ in range(actions):
        if session.match.hand_over:
            break
        seat = session.match.awaiting
        session.match.apply(players[seat].decide(session.match.view(seat)).action)
    return session


def review_from_saves(app: App, session: GameSession) -> ReviewScene:
    app.store.saves.write("evening", session.to_json(), session.summary())
    app.scenes.push(screens.saves(app, mode="load"))
    click(app, button(app, "Review"))
    scene = app.scenes.top
    assert isinstance(scene, ReviewScene)
    return scene


def wait_for(app: App, scene: ReviewScene) -> None:
    worker = scene.worker
    assert worker is not None or scene.review is not None, "no review under way"
    if worker is not None:
        assert worker.wait(300), "the review did not finish"
    pump(app, 3)
    assert scene.review is not None, scene.problem


def test_an_unfinished_hot_seat_game_is_reviewed_seat_by_seat_under_the_cover(
        start_app: StartApp) -> None:
    app = start_app()
    session = hot_seat_session(21, 6)
    assert not session.match.hand_over
    scene = review_from_saves(app, session)
    # nobody's cards show before a player is chosen: no review runs, no turn is listed
    assert scene.worker is None and scene.review is None
    names = [e.text for e in scene._elements if getattr(e, "text", "").endswith("'s turns")]
    assert names == ["Ann's turns", "Ben's turns"]
    # alike: neither seat is the default, so neither is gold
    assert not [e for e in scene._elements if "@primary" in getattr(e, "class_ids", [])]
    # Ben's review: the screen is passed to Ben first, and only the cover is drawn
    click(app, widget(scene, "seat_1"))
    cover = app.scenes.top
    assert isinstance(cover, HandOverScene) and cover.name == "Ben"
    assert app.scenes.visible() == [cover]
    assert scene.worker is None
    press(app, pygame.K_ESCAPE)  # not Ben after all: back to the choice, nothing shown
    assert app.scenes.top is scene and scene.worker is None
    click(app, widget(scene, "seat_1"))
    press(app, pygame.K_RETURN)
    assert app.scenes.top is scene
    wait_for(app, scene)
    assert scene.review.seat == 1 and scene.review.name == "Ben"
    assert len(scene.review.turns) == len([t for t in session.match.deal.turns if t.player == 1])
    # Ann's turn next: Ben's review is put away before the screen goes to Ann
    click(app, widget(scene, "players"))
    assert scene.review is None and scene.worker is None
    click(app, widget(scene, "seat_0"))
    assert isinstance(app.scenes.top, HandOverScene) and app.scenes.top.name == "Ann"
    press(app, pygame.K_RETURN)
    wait_for(app, scene)
    assert scene.review.seat == 0 and scene.review.name == "Ann"


def test_a_finished_hot_seat_hand_is_reviewed_by_each_seat_without_a_cover(
        start_app: StartApp) -> None:
    app = start_app()
    session = hot_seat_session(21, 400)
    assert session.match.hand_over
    scene = app.scenes.push(screens.review(app, session))
    assert isinstance(scene, ReviewScene) and scene.worker is None
    click(app, widget(scene, "seat_1"))
    assert app.scenes.top is scene  # every hand was shown face up at the hand's end
    wait_for(app, scene)
    assert scene.review.seat == 1
    # each player's accuracy is kept, not the second over the first
    click(app, widget(scene, "players"))
    click(app, widget(scene, "seat_0"))
    wait_for(app, scene)
    keys = {a.hand_key for a in app.store.stats.accuracies()}
    assert len(keys) == 2


def test_a_reviewed_turn_shows_the_real_players_and_no_live_game_buttons(
        start_app: StartApp) -> None:
    from game.ui.cardtable.probe import TableProbe
    from game.ui.coach.staged import StagedTable

    app = start_app(speed=3.0)
    seats = [Seat("Ann", "human"), Seat("Ben", "human"), Seat("Cleo", "medium")]
    session = hot_seat_session(5, 400, seats)
    assert session.match.hand_over
    scene = app.scenes.push(screens.review(app, session))
    click(app, widget(scene, "seat_1"))
    wait_for(app, scene)
    number, turn = next((n, t) for n, t in enumerate(scene.review.turns)
                        if t.solution is not None and n < 12)
    click(app, widget(scene, f"turn_{number}"))
    click(app, widget(scene, "show"))
    table = app.scenes.top
    assert isinstance(table, StagedTable)  # no cover: Ben chose his review
    probe = TableProbe(app, table)
    probe.until(lambda: table.human.hint_show is not None and table.human.hint_show.finished,
                2000, "the best play told")
    # Ben at the bottom, then the others in turn order with the cards they held
    staged = table.session
    assert [s.name for s in staged.seats] == ["Ben", "Cleo", "Ann"]
    assert [s.kind for s in staged.seats] == ["human", "medium", "human"]
    counts = turn.hand_counts
    assert [len(h) for h in staged.match.deal.hands] == [counts[1], counts[2], counts[0]]
    assert table.hand_visible() and set(staged.match.deal.hands[0]) == set(turn.cards)
    # the best play is told; the live game's buttons are off, Apply hint too
    buttons = table.controls.buttons
    assert not buttons["draw"].is_enabled and not buttons["pass"].is_enabled
    assert not buttons["end"].is_enabled  # Apply hint: the review tells, it does not play
    probe.key(pygame.K_RETURN)
    assert table.mode == "hint"  # Enter does not apply it either
    probe.key(pygame.K_ESCAPE)  # dismissed: the player's own try
    probe.settle()
    assert not buttons["draw"].is_enabled and not buttons["pass"].is_enabled
    assert not table.controls.buttons["hint"].is_enabled


def test_the_review_says_how_many_cards_a_turn_drew() -> None:
    from game.coach.review import review_session
    from game.ui.scenes.review import played_words

    session = hot_seat_session(21, 400)
    review = review_session(session, 0)
    draws = [t for t in review.turns if t.ended_by == "draw"]
    assert draws
    for turn in draws:
        assert turn.drawn == 1
        assert played_words(turn) == "You drew 1 card"


def test_the_review_counts_the_draws_of_a_turn_that_played() -> None:
    # issue 45.3: a Shanghai turn of 6 draws and a meld showed only the meld
    from game.coach.review import TurnReview
    from game.engine.cards import parse_cards
    from game.engine.table import Table
    from game.ui.scenes.review import played_words, turn_lines

    cards = tuple(parse_cards("6C 7C 8C")[0])
    turn = TurnReview(1, 2, Table(), cards, True, cards, Table(), "play", 3, None, None,
                      "best", drawn=6)
    assert played_words(turn) == "You played 6\u2663 7\u2663 8\u2663 and drew 6 cards"
    assert turn_lines(turn, "cards") == ["You played 6\u2663 7\u2663 8\u2663 (3 cards).",
                                         "You drew 6 cards in the turn."]
