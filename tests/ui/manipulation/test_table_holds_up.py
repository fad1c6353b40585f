"""The table holds up through a whole real game (issue 28), driven by real pygame events
through the real App at the smallest window: melds keep their order and places when the
table is full, nothing under the pointer moves while the player acts, the turn log has a
place of its own, and the buttons keep their state through a resize."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest
from pygame_gui.elements import UIButton

from game import i18n
from game.engine.cards import Card, parse_cards
from game.i18n import _
from game.session import Seat
from game.solver.edits import card_text
from game.ui.cardtable.probe import TableProbe
from game.ui.manipulation.board import badge_centre, badge_radius
from game.ui.manipulation.table import TableScene
from tests.ui.conftest import StartApp, open_table

SMALL = (1024, 640)
THREE = [Seat("You", "human"), Seat("Ada", "medium"), Seat("Bob", "easy")]
#: sixteen melds, listed runs first and sets from the top down: the solver hands a table
#: back sets in rank order, then runs, so a table that followed its order would re-sort
FULL_MELDS = ["JS QS KS", "9D 10D JD", "2C 3C 4C 5C", "6H 7H 8H 9H", "4S 5S 6S", "10C JC QC",
              "KD KC KH", "QD QH QS", "JH JC JD", "9S 9C 9H", "7C 7D 7S", "5D 5H 5C",
              "4D 4H 4S", "3D 3H 3S", "2D 2H 2S", "AD AH AS"]
FULL = {"table": " | ".join(FULL_MELDS),
        "hands": ["KC 2C", "8C 8D 8S 6C 6D KD QC 3H 10H 10S AC 7H",
                  "6H 2S AD 10S 3C JH 4H AC 8H 2H QH"], "current": 0}


@pytest.fixture
def make(start_app: StartApp) -> Callable[..., TableProbe]:
    def build(rigged: dict | None = None, size: tuple[int, int] = SMALL,
              seats: list[Seat] | None = None, variant: str = "machiavelli") -> TableProbe:
        app = start_app(size=size, speed=4.0)
        return open_table(app, variant, seats or THREE, 5, rigged or FULL)

    return build


def reading_order(scene: TableScene) -> list[frozenset[str]]:
    """The melds on show (by their cards' names) in reading order of their mats."""
    assert scene.layout is not None and scene.model is not None
    cards = {g.index: frozenset(str(c) for c in g.cards) for g in scene.model.groups}
    boxes = sorted(scene.layout.groups, key=lambda b: (b.rect.y, b.rect.x))
    return [cards[b.index] for b in boxes]


def mats(scene: TableScene) -> dict[frozenset[Card], pygame.Rect]:
    """Each meld on show (by its cards) and its mat."""
    assert scene.layout is not None and scene.model is not None
    cards = {g.index: frozenset(g.cards) for g in scene.model.groups}
    return {cards[b.index]: b.rect.copy() for b in scene.layout.groups}


def meld_of(scene: TableScene, names: str) -> frozenset[Card]:
    """The cards of the meld on show whose cards are named ``names``."""
    assert scene.model is not None
    wanted = sorted(names.split())
    for group in scene.model.groups:
        if sorted(str(c) for c in group.cards) == wanted:
            return frozenset(group.cards)
    raise AssertionError(f"no meld {names}")


# --------------------------------------------------------------------------- 1: order


def test_a_full_table_keeps_its_melds_in_order_through_a_computers_play(make) -> None:  # noqa: ANN001
    probe = make()
    scene = probe.scene
    before = reading_order(scene)
    assert before == [frozenset(m.split()) for m in FULL_MELDS]
    probe.key(pygame.K_d)  # the person draws; Ada rebuilds much of the table
    probe.until(lambda: len(scene.match.deal.turns) >= 2 and not scene.sprites.busy,
                3000, "Ada's play")
    after = reading_order(scene)
    assert len(after) > len(before)
    kept = [m for m in after if m in set(before)]
    assert len(kept) >= 5, "enough melds came through untouched to judge their order"
    assert kept == [m for m in before if m in set(kept)], "the old melds were re-sorted"
    # every meld that shares cards with an old one sits in that one's place in the order
    positions = {m: i for i, m in enumerate(before)}
    old_places = [positions[m] for m in kept]
    assert old_places == sorted(old_places)


# --------------------------------------------------------------------------- 2: under the pointer


def test_nothing_else_moves_while_the_player_rearranges_a_full_table(make) -> None:  # noqa: ANN001
    probe = make()
    scene = probe.scene
    assert scene.layout is not None
    card_size = scene.layout.table_card
    start = mats(scene)
    run = meld_of(scene, "2C 3C 4C 5C")
    five = next(c for c in run if str(c) == "5C")
    target = start[meld_of(scene, "5D 5H 5C")]
    # the run gives its 5C to the set of fives: one meld shrinks, one grows
    probe.drag(probe.center(five), target.center)
    probe.frames(30)
    assert scene.draft is not None and scene.draft.touched
    now = mats(scene)
    assert scene.layout.table_card == card_size, "the cards changed size"
    grown = target
    step = next(b.step for b in scene.layout.groups if b.rect.topleft == grown.topleft)
    for meld, rect in start.items():
        if meld not in now:
            continue
        if rect.y == grown.y and rect.x > grown.x:  # after the grown meld in its row: at
            assert now[meld].topleft in (rect.topleft, (rect.x + step, rect.y))  # most a card on
        else:
            assert now[meld] == rect, f"{sorted(map(str, meld))} moved"
    assert now[run - {five}].topleft == start[run].topleft
    assert meld_of(scene, "5C 5C 5D 5H") in now
    # and back: the 5C goes home and, again, no other meld moves (the set keeps its room)
    probe.key(pygame.K_z, pygame.KMOD_CTRL)
    probe.frames(30)
    back = mats(scene)
    assert set(back) == set(start)
    assert back[run] == start[run]
    for meld, rect in back.items():
        if meld in now:
            assert rect == now[meld], f"{sorted(map(str, meld))} moved on undo"


# --------------------------------------------------------------------------- 3: the log


def spy_log(scene: TableScene) -> list[list[str]]:
    """Record what the scene's turn log draws each frame: its lines (the keyboard's help
    has a key of its own, F1, and never takes one of them)."""
    calls: list[list[str]] = []
    draw = scene.hud.draw_log

    def spy(surface, layout, lines):  # noqa: ANN001, ANN202
        calls.append([line for _, line in lines])
        return draw(surface, layout, lines)

    scene.hud.draw_log = spy  # type: ignore[method-assign]
    return calls


def test_the_turn_log_has_its_own_strip_on_a_full_table_and_keys_keep_it(make) -> None:  # noqa: ANN001
    seats = [Seat("You", "human"), Seat("Ada", "medium"), Seat("Bob", "medium")]
    rig = {"table": " | ".join(FULL_MELDS + ["10H JH QH", "8D 9D 10D"]),
           "hands": ["KC 2C 9S 4D 8S", "8C 6C 6D QC 3H 10S AC", "7H 2S"], "current": 2}
    probe = make(rig, seats=seats)
    scene = probe.scene
    layout = scene.layout
    assert len(scene.match.deal.turns) == 1 and scene.log_lines()
    rows = len({box.rect.y for box in layout.groups})
    assert rows >= 3
    covers = [box.rect for box in layout.groups] + list(layout.new_melds)
    assert layout.log.collidelist(covers) < 0, "a meld lies over the log"
    assert layout.log.bottom <= layout.status.top and layout.log.height >= 2 * 19
    calls = spy_log(scene)
    probe.frames(2)
    assert calls and calls[-1] == [line for _, line in scene.log_lines()]
    probe.key(pygame.K_RIGHT)  # the keyboard takes over: the log stays whole
    probe.frames(2)
    assert calls[-1] == [line for _, line in scene.log_lines()]
    # a refusal's note goes above the log, never over it
    probe.click(probe.button("end").center)
    probe.frames(2)
    assert scene.message is None or scene.note_rect is None \
        or not scene.note_rect.colliderect(layout.log)
    probe.drag(probe.center(probe.card("9S", "hand")), probe.felt_spot())
    probe.key(pygame.K_e)
    probe.frames(2)
    assert scene.message is not None and scene.note_rect is not None
    assert not scene.note_rect.colliderect(scene.layout.log), "the note covers the log"


# --------------------------------------------------------------------------- 4: resizes


def button_states(scene: TableScene) -> dict[str, tuple[bool, bool, str, bool]]:
    """Each sidebar button: enabled, shown, its text, and whether it is shown pressed."""
    assert scene.controls is not None
    return {name: (b.is_enabled, b.visible, b.text, b.is_selected)
            for name, b in scene.controls.buttons.items()}


@pytest.mark.parametrize("sizes", [[(1280, 800), (1024, 640), (1920, 1080), (1280, 800)]])
def test_every_button_keeps_its_state_through_resizes(make, sizes) -> None:  # noqa: ANN001
    probe = make(size=sizes[0])
    scene = probe.scene
    before = button_states(scene)
    assert not before["undo"][0] and not before["reset"][0] and not before["end"][0]
    for size in sizes[1:]:
        probe.app.resize(size)
        probe.frames(3)
        assert scene.layout.size == size
        assert button_states(scene) == before, f"at {size}"
    # a started play: End, Undo and Reset come on, and stay on through a resize
    probe.drag(probe.center(probe.card("KC", "hand")), probe.felt_spot())
    probe.frames(3)
    started = button_states(scene)
    assert started["undo"][0] and started["reset"][0]
    probe.app.resize(sizes[1])
    probe.frames(3)
    assert button_states(scene) == started
    # resized under the game menu, then back to the table
    probe.key(pygame.K_ESCAPE)
    assert probe.app.scenes.top is not scene
    probe.app.resize(sizes[2])
    probe.frames(3)
    probe.key(pygame.K_ESCAPE)
    probe.frames(3)
    assert probe.app.scenes.top is scene and scene.layout.size == sizes[2]
    assert button_states(scene) == started


# --------------------------------------------------------------------------- 7: drawn in place


def sprites_match_the_layout(scene: TableScene) -> list[str]:
    """Cards whose sprite holds another meld or slot than the layout gives them (the
    picture draws a meld's cards together, in slot order)."""
    assert scene.layout is not None
    wrong = []
    for card, spot in scene.layout.spots.items():
        sprite = scene.sprites.sprites[card]
        if (sprite.spot.zone, sprite.spot.group, sprite.spot.slot) != (spot.zone, spot.group,
                                                                        spot.slot):
            wrong.append(f"{card}: {sprite.spot.group}/{sprite.spot.slot} for "
                         f"{spot.group}/{spot.slot}")
    return wrong


def test_every_card_is_drawn_with_its_own_meld_after_a_reset(make) -> None:  # noqa: ANN001
    probe = make({"table": "4H 4S 4D | 5S 6S 7S | 9C 10C JC",
                  "hands": ["8S KD 2C", "AS 2S 8C 9D", "KC QC 4C 3D"], "current": 0},
                 size=(1280, 800))
    scene = probe.scene
    run = next(b for b in scene.layout.groups if "5S" in map(str, scene.draft.groups[b.index]))
    probe.drag(probe.center(probe.card("4S")), (run.rect.x + 4, run.rect.centery))
    probe.click(probe.center(probe.card("4H")), mods=pygame.KMOD_CTRL)
    probe.click(probe.center(probe.card("4D")), mods=pygame.KMOD_CTRL)
    probe.drag(probe.center(probe.card("4H")), scene.layout.new_melds[0].center)
    probe.frames(40)
    assert not any(str(c) == "4H" for c in scene.draft.groups[0]), "the fours left meld 1"
    assert sprites_match_the_layout(scene) == []
    probe.key(pygame.K_r)  # Reset turn: the melds take their first places again
    probe.frames(40)
    assert not scene.draft.touched
    assert sprites_match_the_layout(scene) == []


# --------------------------------------------------------------------------- places kept


# --------------------------------------------------------------------------- 8: the hint's words


def wait_for_hint(probe: TableProbe) -> None:
    scene = probe.scene
    probe.key(pygame.K_h)
    probe.until(lambda: scene.human.hint_worker is None and (
        scene.mode != "hint" or scene.human.hint_show.finished), 3000, "the hint")
    probe.frames(2)


def test_the_hint_names_every_change_it_makes(make) -> None:  # noqa: ANN001
    probe = make({"table": "3H 4H 5H | 3C 4C 5C | 3S 4S 5S | 3D 4D 5D",
                  "hands": ["6H 6C 2S 2D", "AS 2S 8C 9D", "KC QC 4C 3D"], "current": 0},
                 size=(1280, 800))
    scene = probe.scene
    wait_for_hint(probe)
    assert scene.mode == "hint" and scene.message is not None
    steps = scene.human.hint_show.steps
    assert len(steps) == 4, [s.words for s in steps]
    lines = scene.message.lines
    for step in steps:
        assert step.words in lines, f"{step.words!r} is not named"
    assert not any("more change" in line for line in lines)


def test_no_hint_on_a_table_left_invalid_says_reset_not_end(make) -> None:  # noqa: ANN001
    probe = make({"table": "3H 4H 5H", "hands": ["9S 2C KD", "AS 2S 8C 9D", "KC QC 4C 3D"],
                  "current": 0}, size=(1280, 800))
    scene = probe.scene
    probe.drag(probe.center(probe.card("5H")), probe.felt_spot())
    probe.frames(20)
    assert scene.draft.touched and not scene.draft.check().ok
    assert not scene.controls.buttons["end"].is_enabled
    wait_for_hint(probe)
    assert scene.message is not None
    words = " ".join(scene.message.lines)
    assert "end your turn" not in words and "Reset turn (R)" in words


# --------------------------------------------------------------------------- 6: Italian


def test_the_game_menu_and_the_default_name_speak_italian(make) -> None:  # noqa: ANN001
    probe = make(size=(1024, 640))
    i18n.set_language("it")  # as Settings does; the fixture puts English back afterwards
    probe.key(pygame.K_ESCAPE)
    menu = probe.app.scenes.top
    texts = {e.text for e in menu._elements if isinstance(e, UIButton)}
    assert {"Riprendi", "Salva partita…", "Esci dal gioco"} <= texts, texts
    tips = {getattr(e, "tool_tip_text", None) for e in menu._elements
            if isinstance(e, UIButton)}
    assert _("Back to the table (Esc)") in tips and "Back to the table (Esc)" not in tips
    probe.key(pygame.K_ESCAPE)
    from game.ui.scenes.new_game import NewGameScene

    form = NewGameScene(probe.app)
    assert form.setup.seats[0][0] == "Tu"
    # dealt in Italian, the default name stays "You" in the settings: English says "You"
    probe.app.scenes.push(form)
    form.start()
    assert probe.app.settings.default_seats[0].name == "You"
    i18n.set_language("en")
    assert NewGameScene(probe.app).setup.seats[0][0] == "You"


def test_a_joker_is_named_in_words_in_the_log() -> None:
    i18n.set_language("it")
    joker = parse_cards("JK")[0][0]
    assert card_text(joker) == _("joker") != "JK"


# --------------------------------------------------------------------------- 12: conveniences


def test_the_first_touch_of_the_table_says_giving_up_costs_three(make) -> None:  # noqa: ANN001
    probe = make({"table": "3H 4H 5H | 7C 7D 7S", "hands": ["6H 7H 2C KD", "AS 2S 8C 9D",
                                                              "KC QC 4C 3D"], "current": 0},
                 size=(1280, 800))
    scene = probe.scene
    hearts = scene.layout.box(scene.draft.location(probe.card("3H")))
    probe.drag(probe.center(probe.card("6H", "hand")), hearts.rect.midright)
    probe.frames(3)
    assert scene.message is not None and scene.message.title == "Your play has started"
    assert "3 cards" in scene.message.lines[0]
    scene.message = None
    probe.drag(probe.center(probe.card("7H", "hand")), scene.layout.box(
        scene.draft.location(probe.card("3H"))).rect.midright)
    probe.frames(3)
    assert scene.message is None or scene.message.title != "Your play has started"


def test_the_hint_note_on_a_full_felt_covers_no_meld(make) -> None:  # noqa: ANN001
    extra = ["6C 6D 6S", "8C 8H 8S", "10H 10D 10S", "KH KS KD", "QC QH QD", "9C 9D 9S"]
    probe = make({"table": " | ".join(FULL_MELDS + extra),
                  "hands": ["2C 7H 3C", "8D 6H", "AS 4C"], "current": 0}, size=(1024, 640))
    scene = probe.scene
    wait_for_hint(probe)
    assert scene.mode == "hint" and scene.message is not None
    probe.frames(2)
    assert scene.note_rect is not None
    mats_now = [box.rect for box in scene.layout.groups]
    assert scene.note_rect.collidelist(mats_now) < 0, "the hint's note covers a meld"


# --------------------------------------------------------------------------- badges


@pytest.mark.parametrize("size", [SMALL, (1920, 1080)])
def test_a_mats_badges_are_whole_on_the_felt_and_grow_with_the_cards(make, size) -> None:  # noqa: ANN001
    """The "!" and the padlock sit on a mat's corners: a mat at the window's edge must not
    show half a badge, and on a big screen the badge grows with the cards."""
    probe = make(size=size)
    layout = probe.scene.layout
    assert layout is not None and layout.groups
    r = badge_radius(layout)
    assert r >= 9 and (size == SMALL or r > 9)
    window = pygame.Rect((0, 0), size)
    assert any(box.rect.left - r < 0 for box in layout.groups)  # a mat at the window's edge
    for box in layout.groups:
        for corner in (box.rect.topleft, box.rect.topright):
            x, y = badge_centre(layout, corner, r)
            assert window.contains(pygame.Rect(x - r, y - r, 2 * r, 2 * r)), (corner, r)
            assert abs(x - corner[0]) <= r // 2 and abs(y - corner[1]) <= r // 2


# --------------------------------------------------------------------------- sets and runs


FIVE = THREE + [Seat("Cy", "medium"), Seat("Di", "easy")]
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
#: sixteen sets and two runs, where sets and runs lie apart: the sets' side overflowed its
#: share of the felt even with the smallest cards, and its last rows lay over the turn log
MANY_SETS = {"table": " | ".join([f"{r}C {r}D {r}H {r}S" for r in RANKS]
                                 + ["QC QD QH", "JC JD JH", "10C 10D 10H", "2S 3S 4S",
                                    "9S 10S JS"]),
             "hands": ["AC 5S", "KD 7S 8C", "AH 6S 4D", "3C 5C 6C", "3D 4H 7D"], "current": 0}


def test_a_side_full_of_sets_takes_more_of_the_felt_and_covers_no_log(make) -> None:  # noqa: ANN001
    probe = make(MANY_SETS, seats=FIVE, variant="manipulation")
    layout = probe.scene.layout
    assert layout is not None and len(layout.regions) == 2
    (_sets, left), (_runs, right) = layout.regions
    assert left.width > right.width  # the line moved towards the runs' emptier side
    felt = layout.table
    for box in layout.groups:
        assert felt.contains(box.rect), (box.rect, felt)
        assert not box.rect.colliderect(layout.log), (box.rect, layout.log)
    for rect in layout.new_melds:
        assert felt.contains(rect) and not rect.colliderect(layout.log)
    # and it stays there: the next layout of the same table keeps the line and the places
    before = {b.index: b.rect.copy() for b in layout.groups}
    probe.scene.refresh(snap=True)
    assert {b.index: b.rect for b in probe.scene.layout.groups} == before
