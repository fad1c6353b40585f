"""The contract table's turn log (issue 43), driven by real events through the real App: a
line too long for the felt is read in full (the mouse resting on it, or F4), the keys'
help has a key of its own (F1) and never takes the log's place."""

from __future__ import annotations

import pygame

from game.engine.contract.match import ContractMatch
from game.engine.serialize import new_match
from game.session import GameSession, Seat
from game.ui.contract.table import ContractTableScene
from tests.ui.conftest import StartApp
from tests.ui.contract.test_contract_ui import BOOLE, YOU, Table, rig
from tests.ui.manipulation.test_log_and_rail import rendered, words

#: 32 characters, the longest name a seat may have
NAME = "Augusta Ada King of Lovelace Byr"
#: two sets to lay down at once
ADA = "7C 7D 7S 7H 3H 3C 3S 3D 8H 9D 10S"


def open_table(start_app: StartApp) -> Table:
    app = start_app(size=(1024, 640), speed=6.0)
    app.settings.ui_scale_percent = 150  # larger words, as a player who needs them sets
    seats = [Seat("You", "human"), Seat(NAME, "medium"), Seat("Boole", "easy")]
    match = new_match("shanghai-rummy", 3, 5, {}, [s.name for s in seats])
    assert isinstance(match, ContractMatch)
    rig(match, [YOU, ADA, BOOLE], "2D", "5H 6C", current=1)
    app.settings.always_decline_buys = True
    scene = ContractTableScene(app, GameSession(match, seats), autosave=False)
    app.scenes.push(scene)
    table = Table(app, scene)
    table.settle()
    return table


def test_a_long_log_line_is_read_in_full_and_keys_keep_the_log(start_app) -> None:  # noqa: ANN001
    t = open_table(start_app)
    scene, probe = t.scene, t.probe
    lines = [line for _colour, line in scene.turn_log.lines(scene.bottom)]
    long = next(line for line in lines if line.startswith(NAME))
    assert "laid down" in long, lines
    drawn = rendered(probe)
    assert long not in drawn, "the line fits: the test shows nothing"
    # the mouse on its line opens the log in full
    rect = scene.log_rects[::-1][lines.index(long)]  # drawn from the newest up
    probe.move(rect.center)
    assert all(words(line) in words(*rendered(probe)) for line in lines)
    probe.move(scene.layout.stock.center)
    assert words(long) not in words(*rendered(probe))
    # F4 opens and closes it
    probe.key(pygame.K_F4)
    assert all(words(line) in words(*rendered(probe)) for line in lines)
    probe.key(pygame.K_F4)
    assert words(long) not in words(*rendered(probe))
    # the keyboard: the log stays, F1 gives the keys' help
    probe.key(pygame.K_RIGHT)
    probe.key(pygame.K_TAB)
    drawn = rendered(probe)
    assert "F1: keys" in drawn
    visible = len(scene.log_rects)
    assert visible == len(lines)
    probe.key(pygame.K_F1)
    drawn = rendered(probe)
    assert "Keys (F1)" in drawn
    assert any("discard pile" in line for line in scene.key_help())
    assert all(words(line) in words(*drawn) for line in scene.key_help())
    assert len(scene.log_rects) == visible, "the keys' help took the log's place"
    probe.key(pygame.K_ESCAPE)
    assert "Keys (F1)" not in rendered(probe)
