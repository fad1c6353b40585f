"""The coach's panel on a staged table (issue 18): it covers no meld where the felt has room,
stays put while the player moves cards, folds to its title and buttons on a full felt, and a
tutorial step's buttons are its own (not the last step's)."""

from __future__ import annotations

import pygame
import pytest

from game.ui.coach.staged import StagedTable
from tests.ui.coach.test_coach import coach_button, drag_to_new_meld, known_puzzle, staged
from tests.ui.conftest import StartApp


def covered(scene: StagedTable) -> list[pygame.Rect]:
    layout = scene.layout
    assert layout is not None
    return [box.rect for box in layout.groups if box.rect.colliderect(scene.panel_rect)]


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_the_puzzle_panel_covers_no_meld_and_does_not_jump(start_app: StartApp,
                                                           size: tuple[int, int]) -> None:
    app = start_app(size=size, speed=3.0)
    probe = staged(app, "puzzle_table", known_puzzle())
    scene = probe.scene
    probe.frames(2)
    assert scene.panel_rect.w and not scene.panel_folded
    assert covered(scene) == []
    where = scene.panel_rect.copy()
    drag_to_new_meld(probe, ["6D", "6H"])  # a new meld on the felt: the panel stays clear
    probe.frames(2)
    assert covered(scene) == []
    assert scene.panel_rect == where


RANKS = ("2", "3", "4", "5", "7", "8", "10", "J", "Q", "K")


def full_felt(start_app: StartApp, melds: list[str]) -> StagedTable:
    """The known puzzle's melds plus ``melds`` filling the felt, staged at 1024x640."""
    from game.coach.puzzles import make_puzzle
    from game.coach.staging import position

    table, hand = position("3C 4C 5C 6C | 9D 9S 9H | " + " | ".join(melds), "6D 6H")
    puzzle = make_puzzle("machiavelli", {}, 77, table, hand)
    assert puzzle is not None
    app = start_app(size=(1024, 640), speed=3.0)
    probe = staged(app, "puzzle_table", puzzle)
    probe.frames(2)
    return probe.scene


def hand_cards(scene: StagedTable) -> list[pygame.Rect]:
    assert scene.layout is not None
    return [s.rect for s in scene.layout.spots.values() if s.zone == "hand"]


def test_the_panel_folds_on_a_felt_full_of_melds(start_app: StartApp) -> None:
    scene = full_felt(start_app, [f"{r}C {r}D {r}S" for r in RANKS]  # twenty more sets
                      + [f"{r}H {r}D {r}S" for r in RANKS])
    assert scene.panel_folded  # no place on the felt is clear of melds for the whole panel
    # folded to its title and buttons, which stay inside it
    assert scene.panel_rect.h < 120
    assert all(scene.panel_rect.contains(b.rect) for b in scene.coach_buttons.values())
    # ... and it covers no hand card (it may sit on the hand rail beside the cards)
    assert scene.panel_rect.collidelist(hand_cards(scene)) < 0


def test_a_folded_panel_on_a_full_felt_covers_no_meld(start_app: StartApp) -> None:
    scene = full_felt(start_app, [f"{r}C {r}D {r}S" for r in RANKS]
                      + [f"{r}H {r}D {r}S" for r in RANKS])
    assert scene.panel_folded
    assert covered(scene) == [], "the folded panel covers a meld"
    assert scene.panel_rect.collidelist(hand_cards(scene)) < 0


def test_a_tutorial_step_shows_its_own_buttons(start_app: StartApp) -> None:
    app = start_app(speed=3.0)
    probe = staged(app, "tutorial")
    drag_to_new_meld(probe, ["4H", "5H", "6H"])
    probe.click_button("end")
    coach_button(probe, "next")
    top = app.scenes.top
    assert isinstance(top, StagedTable)
    probe.frames(3)
    texts = sorted(e.text for e in app.ui.get_sprite_group().sprites()
                   if isinstance(e, pygame_gui_button()) and e.alive() and e.visible
                   and e.rect.colliderect(top.panel_rect))
    assert texts == ["Leave", "Skip step"]


def pygame_gui_button() -> type:
    from pygame_gui.elements import UIButton
    return UIButton
