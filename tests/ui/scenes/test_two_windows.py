"""Two windows of the game on one data folder (issue 50.1): the second is told the folder
is in use and never overwrites the first one's unfinished game in the autosave."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.session import GameSession, Seat
from game.store import AUTOSAVE, Store
from game.ui.app import App, startup_text
from game.ui.cardtable.probe import TableProbe
from game.ui.manipulation.table import TableScene
from tests.ui.conftest import StartApp

REPO = Path(__file__).resolve().parents[3]
FIRST_WINDOW = """
import sys, time
from game.store import Store
store = Store.open(sys.argv[1])
print("claimed" if store.claim() else "refused", flush=True)
time.sleep(600)
"""


@pytest.fixture
def first_window(tmp_path: Path) -> Iterator[subprocess.Popen[str]]:
    """Window A: its Tahiti game in the autosave, and a running game holding the folder."""
    tahiti = GameSession.new("tahiti", {}, [Seat("You", "human"), Seat("Ada", "easy")], seed=3)
    tahiti.match.draw()
    with Store.open(tmp_path) as store:
        tahiti.save(store)
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    child = subprocess.Popen([sys.executable, "-c", FIRST_WINDOW, str(tmp_path)],
                             stdout=subprocess.PIPE, text=True, env=env)
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "claimed"
    yield child
    child.kill()
    child.wait(timeout=30)


def _autosaved_variant(data_dir: Path) -> str:
    with Store.open(data_dir) as store:
        return GameSession.load(store).match.variant_id


def test_a_second_window_is_told_and_never_overwrites_the_first_ones_game(
        tmp_path: Path, first_window: subprocess.Popen[str], start_app: StartApp) -> None:
    app = start_app(speed=4.0)
    told = [startup_text(message) for message in app.startup_messages]
    assert any("another window of the game is using this folder" in text for text in told), told
    session = GameSession.new("machiavelli", {}, [Seat("You", "human"), Seat("Ada", "easy")],
                              seed=2)
    scene = TableScene(app, session, autosave=True)
    app.scenes.push(scene)
    probe = TableProbe(app, scene)
    probe.settle()
    probe.key(pygame.K_d)  # a turn ends: the autosave would be written
    probe.settle()
    assert _autosaved_variant(tmp_path) == "tahiti"
    assert any("does not autosave" in notice.text for notice in app.notices)
    probe.post(pygame.QUIT)  # quitting keeps a game in the autosave
    probe.frames(1)
    assert _autosaved_variant(tmp_path) == "tahiti"


def test_the_folder_is_free_again_once_the_first_window_is_gone(
        tmp_path: Path, first_window: subprocess.Popen[str]) -> None:
    second = Store.open(tmp_path)
    try:
        assert not second.claim()
        first_window.kill()  # however it ends, its claim ends with it
        first_window.wait(timeout=30)
        session = GameSession.new("machiavelli", {}, [Seat("You", "human"),
                                                      Seat("Ada", "easy")], seed=2)
        session.save(second)  # the autosave is this window's now
        assert second.claim()
    finally:
        second.close()
    assert _autosaved_variant(tmp_path) == "machiavelli"


def test_one_window_alone_autosaves_as_ever(app: App, tmp_path: Path) -> None:
    assert not any("another window" in startup_text(m) for m in app.startup_messages)
    session = GameSession.new("machiavelli", {}, [Seat("You", "human"), Seat("Ada", "easy")],
                              seed=2)
    session.save(app.store, AUTOSAVE)
    assert _autosaved_variant(tmp_path) == "machiavelli"
