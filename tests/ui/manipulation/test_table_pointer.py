"""The table's mouse conveniences (issue 28, point 12), driven by real pygame events
through the real App: a band dragged on empty felt or the hand rail selects every card it
touches (Ctrl adds to the selection), and a meld's mat (its frame, not a card) takes the
whole meld: a click selects it, a drag moves it onto another meld or onto the felt, one
undo step, refused drops sliding back."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from game.engine.cards import Card
from game.session import Seat
from game.ui.cardtable.probe import TableProbe
from game.ui.manipulation.layout import GroupBox
from tests.ui.conftest import StartApp, open_table

TABLE = {"table": "3H 4H 5H | 7C 7D 7S | 6H 7H 8H", "hands": ["9S 9D 9C 2C KD", "AS 2S 8C 8D JD"],
         "current": 0}


@pytest.fixture
def make(start_app: StartApp) -> Callable[[], TableProbe]:
    def build() -> TableProbe:
        app = start_app(size=(1280, 800), speed=3.0)
        return open_table(app, "machiavelli", [Seat("You", "human"), Seat("Ada", "easy")], 5,
                          TABLE)

    return build


def names(cards: list[Card]) -> list[str]:
    return [str(c) for c in cards]


def box_of(probe: TableProbe, text: str) -> GroupBox:
    """The mat of the meld holding the table card ``text``."""
    layout = probe.scene.layout
    assert layout is not None
    spot = layout.spots[probe.card(text)]
    box = layout.box(spot.group) if spot.group is not None else None
    assert box is not None, f"{text} is in no meld"
    return box


def frame(probe: TableProbe, text: str) -> tuple[int, int]:
    """A point on the mat of the meld holding ``text``, left of its first card."""
    box = box_of(probe, text)
    point = (box.rect.left + 1, box.rect.centery)
    assert probe.scene.sprites.hit(point) is None, "the point is on a card"
    return point


def melds(probe: TableProbe) -> list[list[str]]:
    draft = probe.scene.draft
    assert draft is not None
    return [names(g) for g in draft.groups]


def felt_below(probe: TableProbe, x: float, y: float) -> tuple[int, int]:
    """Empty felt straight below ``(x, y)``."""
    layout = probe.scene.layout
    assert layout is not None
    for fy in range(int(y), layout.table.bottom):
        if layout.on_felt((x, fy)) and probe.scene.sprites.hit((x, fy)) is None \
                and not any(r.collidepoint((x, fy)) for r in layout.new_melds):
            return (int(x), fy + 4)
    raise AssertionError("no felt below")


# --------------------------------------------------------------------------- the band


def test_a_band_on_the_felt_selects_exactly_the_cards_it_touches(make) -> None:  # noqa: ANN001
    probe = make()
    scene = probe.scene
    probe.click(probe.center(probe.card("KD", "hand")))  # a selection the band replaces
    box = box_of(probe, "3H")
    start = felt_below(probe, box.first_x + 2, box.rect.bottom + 2)
    end = (box.first_x + box.step + 3, box.rect.centery)  # on 4H's visible strip
    probe.move(start)
    probe.press(start)
    before = pygame.display.get_surface().copy()
    for k in range(1, 5):
        probe.move((start[0] + (end[0] - start[0]) * k / 4,
                    start[1] + (end[1] - start[1]) * k / 4), (1, 0, 0))
    band = pygame.Rect(start[0], end[1], end[0] - start[0], start[1] - end[1])
    screen = pygame.display.get_surface()
    inside = (band.centerx, (band.centery + start[1]) // 2)  # felt inside the band
    assert screen.get_at(inside) != before.get_at(inside), "no band drawn while dragging"
    probe.release(end)
    assert names(scene.selected) == ["3H", "4H"]
    assert melds(probe) == [["3H", "4H", "5H"], ["7C", "7D", "7S"], ["6H", "7H", "8H"]]


def test_a_band_on_the_hand_rail_selects_the_hand_cards_it_touches(make) -> None:  # noqa: ANN001
    probe = make()
    scene = probe.scene
    layout = scene.layout
    assert layout is not None
    hand = sorted((spot.x, card) for card, spot in layout.spots.items() if spot.zone == "hand")
    first, second, third = (card for _, card in hand[:3])
    start = (layout.hand.left + 4, layout.hand.top + 4)  # the rail's empty corner
    assert scene.sprites.hit(start) is None
    end = probe.center(second)
    probe.drag(start, end)
    assert scene.selected == [first, second]
    assert third not in scene.selected


def test_ctrl_band_adds_to_the_selection(make) -> None:  # noqa: ANN001
    probe = make()
    scene = probe.scene
    king = probe.card("KD", "hand")
    probe.click(probe.center(king))
    assert scene.selected == [king]
    box = box_of(probe, "7C")
    start = felt_below(probe, box.rect.left + 2, box.rect.bottom + 2)
    end = (box.rect.right - 4, box.rect.centery)
    pygame.key.set_mods(pygame.KMOD_CTRL)
    try:
        probe.drag(start, end)
    finally:
        pygame.key.set_mods(0)
    assert names(scene.selected) == ["KD", "7C", "7D", "7S"]


def test_esc_drops_a_band_without_selecting(make) -> None:  # noqa: ANN001
    probe = make()
    scene = probe.scene
    box = box_of(probe, "7C")
    start = felt_below(probe, box.rect.left + 2, box.rect.bottom + 2)
    probe.move(start)
    probe.press(start)
    probe.move((box.rect.right - 4, box.rect.centery), (1, 0, 0))
    probe.key(pygame.K_ESCAPE)
    assert probe.app.scenes.top is scene  # no menu: Esc took the band back
    probe.release((box.rect.right - 4, box.rect.centery))
    assert scene.selected == []


def test_a_plain_click_on_the_felt_still_moves_the_selection_there(make) -> None:  # noqa: ANN001
    probe = make()
    scene = probe.scene
    nines = [probe.card(t, "hand") for t in ("9S", "9D", "9C")]
    for card in nines:
        probe.click(probe.center(card), mods=pygame.KMOD_CTRL)
    probe.click(probe.felt_spot())
    assert getattr(scene.pointer, "band", None) is None  # no band left behind
    assert sorted(melds(probe)[-1]) == ["9C", "9D", "9S"]


# --------------------------------------------------------------------------- the frame


def test_a_click_on_a_melds_frame_selects_the_whole_meld(make) -> None:  # noqa: ANN001
    probe = make()
    scene = probe.scene
    probe.click(frame(probe, "7C"))
    assert names(scene.selected) == ["7C", "7D", "7S"]
    probe.click(frame(probe, "7C"))  # again: unselected
    assert scene.selected == []


def test_the_frame_under_the_mouse_lights_up(make) -> None:  # noqa: ANN001
    probe = make()
    box = box_of(probe, "7C")
    edge = (box.rect.left - 2, box.rect.centery)  # just outside the mat
    probe.move(probe.center(probe.card("7D")))  # on a card: the frame stays dark
    probe.frames(2)
    dark = pygame.display.get_surface().get_at(edge)
    assert probe.scene.pointer.hover_mat is None
    probe.move(frame(probe, "7C"))
    probe.frames(2)
    assert probe.scene.pointer.hover_mat == box.index
    assert pygame.display.get_surface().get_at(edge) != dark


def test_dragging_a_meld_by_its_frame_onto_another_joins_them_and_undo_parts_them(  # noqa: ANN001
        make) -> None:
    probe = make()
    scene = probe.scene
    start = frame(probe, "6H")
    target = box_of(probe, "3H").rect.center
    probe.move(start)
    probe.press(start)
    for k in range(1, 5):
        probe.move((start[0] + (target[0] - start[0]) * k / 4,
                    start[1] + (target[1] - start[1]) * k / 4), (1, 0, 0))
    drag = scene.pointer.drag
    assert drag is not None and names(drag.cards) == ["6H", "7H", "8H"]
    three = box_of(probe, "3H").index
    assert drag.hover == three and drag.valid[three]  # the target is lit
    probe.release(target)
    assert melds(probe) == [["3H", "4H", "5H", "6H", "7H", "8H"], ["7C", "7D", "7S"]]
    probe.until(lambda: not scene.sprites.busy, 300, "the cards to land")
    run = box_of(probe, "3H")
    for text in ("6H", "7H", "8H"):
        assert run.rect.contains(scene.sprites.sprites[probe.card(text)].rect)
    probe.click_button("undo")  # one step takes the whole move back
    assert melds(probe) == [["3H", "4H", "5H"], ["7C", "7D", "7S"], ["6H", "7H", "8H"]]
    assert scene.draft is not None and not scene.draft.can_undo


def test_dragging_a_meld_by_its_frame_onto_the_felt_puts_it_where_it_is_dropped(  # noqa: ANN001
        make) -> None:
    probe = make()
    scene = probe.scene
    layout = scene.layout
    assert layout is not None
    old, run = box_of(probe, "7C").rect.copy(), box_of(probe, "6H").rect.copy()
    spot = (layout.table.right - 80, run.centery)  # empty felt at the first row's end
    assert layout.on_felt(spot)
    probe.drag(frame(probe, "7C"), spot)
    assert melds(probe) == [["3H", "4H", "5H"], ["6H", "7H", "8H"], ["7C", "7D", "7S"]]
    moved = box_of(probe, "7C").rect
    assert moved.collidepoint(spot)  # where the player let go of it
    assert box_of(probe, "6H").rect == run  # the melds around it did not move
    probe.click_button("undo")  # one step: the meld and its place come back
    assert melds(probe) == [["3H", "4H", "5H"], ["7C", "7D", "7S"], ["6H", "7H", "8H"]]
    assert box_of(probe, "7C").rect == old
    assert scene.draft is not None and not scene.draft.can_undo
    probe.click_button("redo")
    assert box_of(probe, "7C").rect == moved


def test_a_meld_sent_to_new_meld_goes_where_new_meld_showed(make) -> None:  # noqa: ANN001
    probe = make()
    layout = probe.scene.layout
    assert layout is not None
    target, run = layout.new_melds[0].copy(), box_of(probe, "6H").rect.copy()
    probe.drag(frame(probe, "7C"), target.center)
    moved = box_of(probe, "7C").rect
    assert moved.topleft == target.topleft
    assert box_of(probe, "6H").rect == run


def test_a_refused_frame_drag_slides_back(make) -> None:  # noqa: ANN001
    probe = make()
    scene = probe.scene
    layout = scene.layout
    assert layout is not None
    spots = {c: layout.spots[c] for c in (probe.card(t) for t in ("7C", "7D", "7S"))}
    probe.drag(frame(probe, "7C"), (layout.hand.centerx, layout.hand.bottom - 10))
    assert scene.message is not None and scene.message.title == "Table cards stay on the table"
    assert melds(probe) == [["3H", "4H", "5H"], ["7C", "7D", "7S"], ["6H", "7H", "8H"]]
    probe.until(lambda: not scene.sprites.busy, 300, "the cards to slide back")
    for card, spot in spots.items():
        assert scene.sprites.sprites[card].rect == spot.rect


# --------------------------------------------------------------------------- the keys


def test_shift_space_selects_the_focused_cards_meld_and_enter_moves_it(make) -> None:  # noqa: ANN001
    probe = make()
    scene = probe.scene
    assert scene.layout is not None
    old = box_of(probe, "7C").rect.copy()
    probe.key(pygame.K_UP)  # the focus goes to the table, on 3H
    for _ in range(4):
        probe.key(pygame.K_RIGHT)  # ... to 7D
    assert scene.keys.focused_card() == probe.card("7D")
    probe.key(pygame.K_SPACE, pygame.KMOD_SHIFT)
    assert names(scene.selected) == ["7C", "7D", "7S"]
    probe.key(pygame.K_TAB)  # to the melds (issue 51): the arrows choose New meld
    while scene.keys.target != "new":
        probe.key(pygame.K_RIGHT)
    probe.key(pygame.K_RETURN)  # as a drag of its mat onto the felt
    assert melds(probe) == [["3H", "4H", "5H"], ["6H", "7H", "8H"], ["7C", "7D", "7S"]]
    assert box_of(probe, "7C").rect.x > old.x
    probe.key(pygame.K_z, pygame.KMOD_CTRL)
    assert box_of(probe, "7C").rect == old


def test_a_meld_dropped_between_two_cards_splits_the_meld_in_one_undo_step(  # noqa: ANN001
        start_app: StartApp) -> None:
    app = start_app(size=(1280, 800), speed=3.0)
    probe = open_table(app, "machiavelli", [Seat("You", "human"), Seat("Ada", "easy")], 5,
                       {"table": "3H 4H 5H 6H 7H 8H | 5H 6H 7H", "hands": ["9S KD", "AS 2S"],
                        "current": 0})
    scene = probe.scene
    assert scene.layout is not None
    run = next(b for b in scene.layout.groups if b.count == 6)
    short = next(b for b in scene.layout.groups if b.count == 3)
    start = (short.rect.left + 1, short.rect.centery)
    between = (run.first_x + 2 * run.step + scene.layout.table_card[0] * 0.2, run.rect.centery)
    probe.move(start)
    probe.press(start)
    for k in range(1, 5):
        probe.move((start[0] + (between[0] - start[0]) * k / 4,
                    start[1] + (between[1] - start[1]) * k / 4), (1, 0, 0))
    assert scene.pointer.drag is not None and scene.pointer.drag.split_at == 2
    probe.release(between)
    assert sorted(" ".join(g) for g in melds(probe)) == ["3H 4H 5H 6H 7H", "5H 6H 7H 8H"]
    probe.click_button("undo")
    assert sorted(" ".join(g) for g in melds(probe)) == ["3H 4H 5H 6H 7H 8H", "5H 6H 7H"]
    assert scene.draft is not None and not scene.draft.can_undo
