"""The tutorial's table as a player meets it (issue 43): a step done says what to press and
End turn does nothing it does not say; every arrow ends where its card goes; the last step
points at its cards after the refusal too; a refusal has one wording; Esc asks before it
leaves. Through real pygame events in the real app."""

from __future__ import annotations

import pygame

from game.ui.cardtable.probe import TableProbe
from game.ui.coach.staged import StagedTable
from game.ui.widgets.dialogs import ConfirmDialog
from tests.ui.coach.test_coach import drag_to_new_meld, drawn_pointers, staged, tutorial_step
from tests.ui.conftest import StartApp


def box_of(probe: TableProbe, text: str) -> pygame.Rect:
    scene = probe.scene
    return scene.layout.box(scene.draft.location(probe.card(text, "any"))).rect


def test_a_step_done_never_offers_end_turn(start_app: StartApp) -> None:
    probe = tutorial_step(start_app(speed=4.0), 0)
    scene = probe.scene
    drag_to_new_meld(probe, ["4H", "5H", "6H"])
    probe.settle()
    probe.click_button("end")
    probe.frames(3)
    assert scene.coach.reached
    end = scene.controls.buttons["end"]
    assert not end.is_enabled, "End turn is still offered for a step that is done"
    assert "End turn" not in scene.status.text, scene.status.text
    assert "Next step" in scene.status.text, scene.status.text
    said = scene.coach.verdict()
    probe.key(pygame.K_e)  # E does nothing it does not say
    probe.click(end.rect.center)
    assert scene.coach.verdict() == said and app_top(probe) is scene
    assert scene.message is None or scene.message.tone != "error", scene.message


def app_top(probe: TableProbe) -> object:
    return probe.app.scenes.top


def arrow_to(probe: TableProbe, text: str) -> tuple[int, int]:
    """Where the drawn arrow from the hand card ``text`` ends."""
    start = probe.scene.sprites.sprites[probe.card(text, "hand")].rect
    ends = [end for begin, end in drawn_pointers(probe)[0] if start.collidepoint(begin)]
    assert ends, f"no arrow from {text}"
    return ends[0]


def lies_where_pointed(probe: TableProbe, text: str) -> None:
    """Drop ``text`` at its arrow's end: it lies there, the arrow ended on its place."""
    end = arrow_to(probe, text)
    card = probe.card(text, "hand")
    probe.drag(probe.center(card), end)
    probe.until(lambda: not probe.scene.sprites.busy, 300)
    spot = probe.scene.layout.spots[card]
    assert spot.zone != "hand"
    assert spot.rect.left - 3 <= end[0] <= spot.rect.right and \
        spot.rect.top <= end[1] <= spot.rect.bottom, (end, spot.rect)


def test_the_six_of_hearts_is_pointed_to_the_runs_end(start_app: StartApp) -> None:
    probe = tutorial_step(start_app(speed=4.0), 0)
    drag_to_new_meld(probe, ["4H", "5H"])
    probe.settle()
    five = probe.scene.layout.spots[probe.card("5H", "any")].rect
    end = arrow_to(probe, "6H")
    assert end[0] > five.centerx, (end, five)  # past the 5, not at the run's left edge
    lies_where_pointed(probe, "6H")


def test_the_three_of_hearts_is_pointed_to_its_place_by_the_joker(
        start_app: StartApp) -> None:
    probe = tutorial_step(start_app(speed=4.0), 5)
    scene = probe.scene
    joker = probe.card("JK", "group")
    probe.drag(probe.center(probe.card("5C", "hand")), probe.center(joker))
    probe.until(lambda: not scene.sprites.busy, 300)
    probe.drag(probe.center(probe.card("2H", "hand")), box_of(probe, "JK").center)
    probe.settle()
    lies_where_pointed(probe, "3H")
    assert scene.draft.check().ok


def test_the_last_step_points_at_its_cards_after_the_refusal(start_app: StartApp) -> None:
    probe = tutorial_step(start_app(speed=4.0), 6)
    scene = probe.scene
    assert [str(a.card) for a in scene.coach.arrows()] == ["9H"]  # the lone card first
    drag_to_new_meld(probe, ["9H"])
    probe.settle()
    probe.click_button("end")  # refused, as the step asks
    probe.frames(3)
    assert scene.coach.progress.refused
    assert sorted(str(a.card) for a in scene.coach.arrows()) == ["9C", "9D"]
    for text in ("9D", "9C"):
        arrow_to(probe, text)
        lies_where_pointed(probe, text)
    assert scene.draft.check().ok


def test_a_refusal_is_worded_one_way(start_app: StartApp) -> None:
    probe = tutorial_step(start_app(speed=4.0), 6)
    scene = probe.scene
    drag_to_new_meld(probe, ["9H"])
    probe.settle()
    probe.click_button("end")
    probe.frames(2)
    table_words = scene.message.lines  # the table's note
    coach_words = scene.coach.verdict()[1]  # the coach's panel
    assert table_words and all(line in coach_words for line in table_words), \
        (table_words, coach_words)


def test_esc_asks_before_leaving_the_tutorial(start_app: StartApp) -> None:
    app = start_app(speed=4.0)
    probe = staged(app, "tutorial")
    scene = probe.scene
    probe.key(pygame.K_ESCAPE)
    dialog = app.scenes.top
    assert isinstance(dialog, ConfirmDialog), "Esc left the tutorial without asking"
    probe.key(pygame.K_ESCAPE)  # Esc again: stay
    assert app.scenes.top is scene
    probe.key(pygame.K_ESCAPE)
    dialog = app.scenes.top
    assert isinstance(dialog, ConfirmDialog)
    dialog.confirm()
    probe.frames(2)
    assert app.scenes.top is not scene and not isinstance(app.scenes.top, StagedTable)
