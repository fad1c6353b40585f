"""A finished match can be kept to replay and review later (issue 50.9): "Save this
match" on the scoreboard at the end of a match, and "Save…" beside each of Statistics'
recent matches; the save is one ``machiavelli replay`` reads and Load game reviews."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.cli import main
from game.session import GameSession, record_match
from game.ui.app import App
from game.ui.scenes import screens
from game.ui.widgets.dialogs import PromptDialog
from tests.coach.test_review import played_session
from tests.ui.conftest import button, click, press, pump
from tests.ui.texts import SIZES, cut_texts


def _save_in_dialog(app: App) -> str:
    """Accept the name the Save dialog offers; the name."""
    dialog = app.scenes.top
    assert isinstance(dialog, PromptDialog)
    name = dialog.text
    press(app, pygame.K_RETURN)
    assert dialog.error == "" and app.scenes.top is not dialog
    return name


def _replays(app: App, name: str, session: GameSession,
             capsys: pytest.CaptureFixture[str]) -> None:
    """The save ``name`` is the finished match: ``machiavelli replay`` tells its turns, and
    it loads (for Load game's Review) as the match played."""
    loaded = GameSession.load(app.store, name)
    assert loaded.match.over and loaded.match.log == session.match.log
    capsys.readouterr()
    assert main(["replay", str(app.store.saves.path_for(name))]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "hand 1:" and len(lines) > len(session.match.history)


def test_the_scoreboard_saves_the_finished_match(app: App,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    session = played_session(3)
    assert session.match.over
    board = app.scenes.push(screens.scoreboard(app, session))
    for size in SIZES:  # every button whole, inside the box, at the smallest window too
        app.resize(size)
        pump(app)
        assert cut_texts(app.scenes.top._elements) == []
        box = board._box()
        assert all(box.contains(b.rect) for b in board._elements
                   if getattr(b, "text", "") and hasattr(b, "text_horiz_alignment_padding"))
    click(app, button(app, "Save this match…"))
    name = _save_in_dialog(app)
    assert app.scenes.top is board
    assert [info.slot for info in app.store.saves.list()] == [name]
    _replays(app, name, session, capsys)


def test_statistics_saves_a_recent_match(app: App, capsys: pytest.CaptureFixture[str]) -> None:
    session = played_session(4)
    assert record_match(app.store, session, {}) is None
    stats = app.scenes.push(screens.statistics(app))
    pump(app)
    click(app, button(app, "Recent matches (1)"))
    assert stats.view == "matches"
    assert cut_texts(stats._elements) == []
    click(app, button(app, "Save…"))
    name = _save_in_dialog(app)
    _replays(app, name, session, capsys)


def test_a_name_taken_is_refused_in_words(app: App, tmp_path: Path) -> None:
    session = played_session(3)
    session.save(app.store, "Friday")
    app.scenes.push(screens.scoreboard(app, session))
    pump(app)
    click(app, button(app, "Save this match…"))
    dialog = app.scenes.top
    assert isinstance(dialog, PromptDialog)
    dialog.text = "Friday"
    press(app, pygame.K_RETURN)
    assert dialog.error == 'A game is already saved as "Friday"; choose another name.'
