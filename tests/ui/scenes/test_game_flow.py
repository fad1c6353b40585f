"""Whole games at the table through real events: a two-player game against the computer
played to its end, the hot-seat hand-over, the scoreboard's next hand, autosave."""

from __future__ import annotations

import pygame
import pytest

from game.engine.actions import Play
from game.session import GameSession, Seat
from game.ui.app import App
from game.ui.cardtable.probe import TableProbe
from game.ui.manipulation.table import TableScene
from game.ui.scenes.handover import HandOverScene
from game.ui.scenes.scoreboard import ScoreboardScene
from tests.conftest import rig
from tests.ui.conftest import StartApp


@pytest.fixture
def app(start_app: StartApp) -> App:
    """The app at a quick animation speed (whole games are played here)."""
    return start_app(speed=4.0)


def open_table(app: App, session: GameSession, autosave: bool = True) -> TableProbe:
    scene = TableScene(app, session, autosave=autosave)
    app.scenes.push(scene)
    return TableProbe(app, scene)


def test_a_whole_game_against_the_computer(app: App) -> None:
    session = GameSession.new("guadalupe", {"hand_size": 3},
                              [Seat("You", "human"), Seat("Ada", "easy")], seed=11)
    probe = open_table(app, session)
    scene = probe.scene
    turns = 0
    while not isinstance(app.scenes.top, ScoreboardScene):
        probe.until(lambda: probe.idle() or isinstance(app.scenes.top, ScoreboardScene),
                    4000, "our turn or the end of the hand")
        if isinstance(app.scenes.top, ScoreboardScene):
            break
        turns += 1
        assert turns < 80, "the game does not end"
        assert app.store.saves.has_autosave() or not session.match.log
        probe.key(pygame.K_h)
        probe.until(lambda: scene.human.hint_worker is None, 1200, "the hint")
        probe.frames(2)
        if scene.mode == "hint":  # the hint's play is told on the table: apply it
            probe.key(pygame.K_SPACE)
            probe.key(pygame.K_RETURN)
        if scene.draft is not None and scene.draft.touched and scene.draft.check().ok:
            probe.key(pygame.K_e)
            assert isinstance(session.match.log[-1], Play)
        else:
            probe.key(pygame.K_d)
    board = app.scenes.top
    assert session.match.over
    assert session.recorded
    assert app.store.stats.match_count() == 1
    assert not app.store.saves.has_autosave()
    assert "the match" in board.headline()
    probe.frames(3)
    assert app.store.stats.match_count() == 1  # recorded once
    new = next(b for b in board._elements if getattr(b, "text", "") == "Play again")
    probe.click(new.rect.center)
    probe.frames(2)
    top = app.scenes.top
    assert isinstance(top, TableScene) and top is not scene
    assert top.match.seed != session.match.seed


def test_a_loaded_hot_seat_game_opens_under_its_cover_with_no_buttons(app: App) -> None:
    session = GameSession.new("machiavelli", {}, [Seat("Ann", "human"), Seat("Ben", "human")],
                              seed=4)
    session.match.draw()  # a game in progress, as loaded from a save
    probe = open_table(app, session, autosave=False)
    probe.until(lambda: isinstance(app.scenes.top, HandOverScene), 600, "the cover")
    assert app.scenes.top.name == "Ben"
    assert probe.scene.controls is None  # no table buttons drawn over the cover
    probe.key(pygame.K_RETURN)
    probe.settle()
    assert probe.scene.controls is not None


def test_hot_seat_hides_hands_until_the_next_player_confirms(app: App) -> None:
    session = GameSession.new("machiavelli", {}, [Seat("Ann", "human"), Seat("Ben", "human")],
                              seed=4)
    probe = open_table(app, session, autosave=False)
    scene = probe.scene
    probe.until(lambda: isinstance(app.scenes.top, HandOverScene), 600, "the first cover")
    assert app.scenes.top.name == "Ann"
    assert scene.model.hand == () and scene.model.hidden_hand == 13  # dealt face down
    assert scene.controls is None  # no table buttons show over the cover
    probe.key(pygame.K_RETURN)
    probe.settle()
    assert scene.bottom == 0
    ann = set(session.match.deal.hands[0])
    assert set(scene.model.hand) == ann
    probe.key(pygame.K_d)
    assert scene.model.hand == ()  # Ann's hand is face down as soon as her turn ends
    probe.until(lambda: isinstance(app.scenes.top, HandOverScene), 600, "the cover")
    cover = app.scenes.top
    assert cover.name == "Ben"
    assert app.scenes.visible() == [cover]  # the table (and every hand) is not drawn
    assert scene.controls is None
    probe.frames(5)
    assert scene.draft is None
    probe.key(pygame.K_RETURN)
    assert app.scenes.top is scene
    probe.settle()
    assert scene.bottom == 1
    assert set(scene.model.hand) == set(session.match.deal.hands[1])
    assert not set(scene.model.hand) & ann


def test_the_scoreboard_deals_the_next_hand(app: App) -> None:
    session = GameSession.new("machiavelli", {"match": "hands:2"},
                              [Seat("You", "human"), Seat("Ada", "easy")], seed=8)
    rig(session.match, table="3H 4H 5H", hands=["6H", "AS 2S 8C 8D JD"], current=0)
    probe = open_table(app, session, autosave=False)
    scene = probe.scene
    probe.settle()
    six = probe.card("6H", "hand")
    box = scene.layout.box(scene.draft.location(probe.card("3H")))
    probe.drag(probe.center(six), box.rect.center)
    probe.key(pygame.K_e)
    probe.until(lambda: isinstance(app.scenes.top, ScoreboardScene), 600, "the scoreboard")
    board = app.scenes.top
    assert "You went out" in board.headline()
    assert session.match.hand_over and not session.match.over
    probe.key(pygame.K_RETURN)
    probe.frames(2)
    assert app.scenes.top is scene
    assert session.match.deal.number == 1
    probe.until(lambda: probe.idle() or scene.mode == "think", 2000, "the new hand")
    # the new hand is dealt and shown: the person's thirteen fresh cards at the bottom,
    # not the one card left of the hand that went out
    dealt = session.match.deal.hands[0]
    assert scene.bottom == 0
    assert len(dealt) == 13
    assert sorted(map(str, scene.model.hand)) == sorted(map(str, dealt))


def test_autosave_after_each_turn_and_on_quit(app: App) -> None:
    session = GameSession.new("machiavelli", {}, [Seat("You", "human"), Seat("Ada", "easy")],
                              seed=2)
    probe = open_table(app, session)
    probe.settle()
    assert not app.store.saves.has_autosave()
    probe.key(pygame.K_d)
    assert app.store.saves.has_autosave()
    saved = GameSession.from_json(app.store.saves.read("autosave"))
    assert saved.match.log == session.match.log[:len(saved.match.log)]
    probe.settle()
    app.store.saves.delete("autosave")
    probe.post(pygame.QUIT)
    probe.frames(1)
    assert app.store.saves.has_autosave()
    assert GameSession.from_json(app.store.saves.read("autosave")).match.log == \
        session.match.log


def test_match_end_offers_a_new_game_setup(app: App) -> None:
    from game.ui.scenes.new_game import NewGameScene

    session = GameSession.new("machiavelli", {}, [Seat("You", "human"), Seat("Ada", "easy")],
                              seed=8)
    rig(session.match, table="3H 4H 5H", hands=["6H", "AS 2S 8C 8D JD"], current=0)
    probe = open_table(app, session, autosave=False)
    scene = probe.scene
    probe.settle()
    probe.drag(probe.center(probe.card("6H", "hand")),
               scene.layout.box(scene.draft.location(probe.card("3H"))).rect.center)
    probe.click_button("end")
    probe.until(lambda: isinstance(app.scenes.top, ScoreboardScene), 600, "the scoreboard")
    board = app.scenes.top
    assert board.headline() == "You win the match!"
    assert session.recorded and app.store.stats.match_count() == 1
    setup = next(b for b in board._elements if getattr(b, "text", "") == "New game…")
    probe.click(setup.rect.center)
    assert isinstance(app.scenes.top, NewGameScene)
    assert app.store.stats.match_count() == 1


def test_a_hot_seat_player_sees_the_card_they_drew_when_next_uncovered(app: App) -> None:
    from game.solver.edits import card_text

    session = GameSession.new("machiavelli", {}, [Seat("Ann", "human"), Seat("Ben", "human")],
                              seed=4)
    probe = open_table(app, session, autosave=False)
    scene = probe.scene
    probe.until(lambda: isinstance(app.scenes.top, HandOverScene), 600, "Ann's cover")
    probe.key(pygame.K_RETURN)
    probe.settle()
    before = set(session.match.deal.hands[0])
    probe.key(pygame.K_d)  # Ann draws; her hand goes face down at once
    (drawn,) = set(session.match.deal.hands[0]) - before
    probe.until(lambda: isinstance(app.scenes.top, HandOverScene), 600, "Ben's cover")
    probe.key(pygame.K_RETURN)
    probe.settle()
    assert scene.bottom == 1
    probe.key(pygame.K_d)  # Ben draws too
    probe.until(lambda: isinstance(app.scenes.top, HandOverScene), 600, "Ann's cover")
    assert app.scenes.top.name == "Ann"
    probe.key(pygame.K_RETURN)
    probe.settle()
    # Ann's hand uncovered: the card she drew is marked in it and named in a note
    assert scene.bottom == 0
    assert scene.sprites.sprites[drawn].fresh
    assert scene.message is not None and card_text(drawn) in " ".join(scene.message.lines)
