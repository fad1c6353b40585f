"""Hot-seat cover, one policy at both tables (``HotSeatCover``), through real events: the
window is covered between two people's turns, never for a computer's turn, and the hand
of the person whose turn ended goes face down at once."""

from __future__ import annotations

import pygame
import pytest

from game.engine.serialize import new_match
from game.session import GameSession, Seat
from game.ui.app import App
from game.ui.cardtable.card_table import CardTableScene
from game.ui.cardtable.probe import TableProbe
from game.ui.contract.table import ContractTableScene
from game.ui.manipulation.table import TableScene
from game.ui.scenes.handover import HandOverScene
from tests.ui.conftest import StartApp

SEATS = [Seat("Ann", "human"), Seat("Ada", "easy"), Seat("Ben", "human")]


def _table(app: App, variant: str) -> CardTableScene:
    match = new_match(variant, len(SEATS), 4, {}, [s.name for s in SEATS])
    session = GameSession(match, list(SEATS))
    if variant == "machiavelli":
        return TableScene(app, session, autosave=False)
    app.settings.always_decline_buys = True  # no buy prompts: the turns alone are covered
    return ContractTableScene(app, session, autosave=False)


def _end_turn(probe: TableProbe, variant: str) -> None:
    """The person at the screen ends their turn: Machiavelli's draw, or draw and discard."""
    probe.key(pygame.K_d)
    if variant != "machiavelli":
        probe.settle()
        scene = probe.scene
        card = scene.match.deal.hands[scene.bottom][0]
        probe.click(scene.sprites.sprites[card].rect.center)
        probe.key(pygame.K_x)


@pytest.mark.parametrize("variant", ["machiavelli", "shanghai-rummy"])
def test_the_cover_comes_between_two_people_never_for_the_computer(
        start_app: StartApp, variant: str) -> None:
    app = start_app(speed=4.0)
    scene = _table(app, variant)
    app.scenes.push(scene)
    probe = TableProbe(app, scene)
    probe.until(lambda: isinstance(app.scenes.top, HandOverScene), 600, "the first cover")
    first = app.scenes.top.name
    assert not scene.hand_visible()  # dealt face down until its player lifts the cover
    probe.key(pygame.K_RETURN)
    probe.settle()
    seat = scene.bottom
    assert SEATS[seat].name == first and scene.hand_visible()
    _end_turn(probe, variant)
    assert not scene.hand_visible()  # face down as soon as the turn ends
    covered_for_computer: list[int] = []
    computer_turns: list[int] = []

    def next_cover() -> bool:
        covered = isinstance(app.scenes.top, HandOverScene)
        seat_now = scene.match.awaiting
        if not SEATS[seat_now].is_human:
            (covered_for_computer if covered else computer_turns).append(seat_now)
        return covered

    probe.until(next_cover, 3000, "the next person's cover")
    assert covered_for_computer == []
    other = "Ben" if first == "Ann" else "Ann"
    assert app.scenes.top.name == other
    assert first == "Ann"  # seed 4: Ann starts at both tables, then Ada, then Ben
    assert computer_turns  # Ada played between them, uncovered
