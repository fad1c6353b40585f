"""The turn log and the hand rail (issue 43), driven by real pygame events through the real
App: the keyboard's help never takes a log line, every log line can be read in full, a meld
that ends as it began is not "remade"; a press just beside a hand card picks it, a click
on the empty rail never sends table cards back, the Last turns note leaves the hand in
view, and a button's tooltip never covers another button."""

from __future__ import annotations

import re
from collections.abc import Callable

import pygame
import pytest

from game.session import Seat
from game.ui.cardtable.probe import TableProbe
from tests.ui.conftest import StartApp, open_table

TWO = [Seat("You", "human"), Seat("Ada", "easy")]


@pytest.fixture
def make(start_app: StartApp) -> Callable[..., TableProbe]:
    def build(rigged: dict, seats: list[Seat] | None = None,
              size: tuple[int, int] = (1280, 800)) -> TableProbe:
        app = start_app(size=size, speed=4.0)
        return open_table(app, "machiavelli", seats or TWO, 5, rigged)

    return build


def group_cards(probe: TableProbe, index: int) -> list:
    draft = probe.scene.draft
    assert draft is not None
    return list(draft.groups[index])


def box_centre(probe: TableProbe, index: int) -> tuple[int, int]:
    layout = probe.scene.layout
    assert layout is not None
    box = layout.box(index)
    assert box is not None
    return box.rect.center


# --------------------------------------------------------------------------- the words


#: a Q♣ of the run goes to a new set, the set's Q♣ takes its place: the run ends as it began
SWAP = {"table": "9C 10C JC QC | QC QD QS QH", "hands": ["QD QH 2S", "AS 2D 8C 8D JD"],
        "current": 0}


def test_a_meld_that_ends_as_it_began_is_not_remade(make) -> None:  # noqa: ANN001
    probe = make(SWAP)
    scene = probe.scene
    run_queen = group_cards(probe, 0)[3]
    set_queen = group_cards(probe, 1)[0]
    assert str(run_queen) == str(set_queen) == "QC"
    probe.drag(probe.center(run_queen), probe.felt_spot())
    new = len(scene.draft.groups) - 1
    assert group_cards(probe, new) == [run_queen]
    for text in ("QD", "QH"):
        probe.drag(probe.center(probe.card(text, "hand")), box_centre(probe, new))
    probe.drag(probe.center(set_queen), box_centre(probe, 0))
    assert [str(c) for c in group_cards(probe, 0)] == ["9C", "10C", "JC", "QC"]
    probe.key(pygame.K_e)
    probe.until(lambda: scene.turn_log and scene.turn_log[-1][0] == 0, 600, "the turn told")
    line = scene.turn_log[-1][1]
    for step in line.removeprefix("You: ").split("; "):
        same = re.match(r"remake (.+) as (.+) \(", step)
        assert same is None or same.group(1) != same.group(2), f"nonsense step: {line!r}"
    assert "Q\u2663 from Q\u2663 Q\u2666 Q\u2660 Q\u2665 into 9\u2663\u2013Q\u2663 in place " \
        "of its own Q\u2663" in line, line
    # the queen's old meld is named as the turn found it, not with both queens half-way
    assert "(Q\u2663 from 9\u2663\u2013Q\u2663)" in line, line


def test_a_meld_that_only_grew_as_the_player_sees_it_is_not_remade(make) -> None:  # noqa: ANN001
    probe = make({**SWAP, "hands": ["QD QH KC 2S", "AS 2D 8C 8D JD"]})
    scene = probe.scene
    run_queen = group_cards(probe, 0)[3]
    set_queen = group_cards(probe, 1)[0]
    probe.drag(probe.center(run_queen), probe.felt_spot())
    new = len(scene.draft.groups) - 1
    for text in ("QD", "QH"):
        probe.drag(probe.center(probe.card(text, "hand")), box_centre(probe, new))
    probe.drag(probe.center(set_queen), box_centre(probe, 0))
    probe.drag(probe.center(probe.card("KC", "hand")), box_centre(probe, 0))
    assert [str(c) for c in group_cards(probe, 0)] == ["9C", "10C", "JC", "QC", "KC"]
    probe.key(pygame.K_e)
    probe.until(lambda: scene.turn_log and scene.turn_log[-1][0] == 0, 600, "the turn told")
    line = scene.turn_log[-1][1]
    assert "remake" not in line, line
    assert "K\u2663 + Q\u2663 from Q\u2663 Q\u2666 Q\u2660 Q\u2665 into 9\u2663\u2013Q\u2663 in " \
        "place of its own Q\u2663" in line, line


# --------------------------------------------------------------------------- the hand rail


RAIL = {"table": "3H 4H 5H | 7C 7D 7S", "hands": ["6H 9S KD", "AS 2S 8C 8D JD"], "current": 0}


def hand_gap(probe: TableProbe) -> tuple[object, object, int, int]:
    """Two neighbouring hand cards with felt between them: left card, right card, the
    gap's first and last pixel column."""
    sprites = sorted((s for s in probe.scene.sprites.sprites.values() if s.spot.zone == "hand"),
                     key=lambda s: s.rect.x)
    for left, right in zip(sprites, sprites[1:], strict=False):
        if right.rect.left - left.rect.right >= 3:
            return left.card, right.card, left.rect.right, right.rect.left - 1
    raise AssertionError("no gap between the hand's cards")


def test_a_press_just_beside_a_hand_card_picks_it(make) -> None:  # noqa: ANN001
    probe = make(RAIL)
    scene = probe.scene
    left, right, first, last = hand_gap(probe)
    y = scene.sprites.sprites[left].rect.centery
    assert scene.sprites.hit((first + 1, y)) is None, "the point is on a card"
    probe.click((first + 1, y))  # 2 px right of the left card
    assert scene.selected == [left]
    probe.click((last - 1, y))  # 2 px left of the right card
    assert scene.selected == [right]
    # a drag from just beside a card takes the card, not a selection band
    probe.click((last - 1, y))
    assert scene.selected == []
    probe.drag((first + 1, y), probe.felt_spot())
    assert probe.scene.pointer.band is None
    where = scene.draft.location(left)
    assert isinstance(where, int), f"{left} stayed in the {where}"


def test_a_click_on_the_empty_rail_never_sends_table_cards_back(make) -> None:  # noqa: ANN001
    probe = make(RAIL)
    scene = probe.scene
    six = probe.card("6H", "hand")
    run = scene.draft.location(probe.card("3H"))
    probe.drag(probe.center(six), box_centre(probe, run))
    assert scene.draft.location(six) == run
    probe.click(probe.center(six))  # the card played this turn, selected on the table
    assert scene.selected == [six]
    layout = scene.layout
    empty = (layout.hand.left + 4, layout.hand.bottom - 4)
    assert scene.sprites.hit(empty) is None and layout.in_hand(empty)
    probe.click(empty)
    assert scene.draft.location(six) == run, "a click on the rail sent the card back"
    assert scene.selected == []
    # the deliberate ways still work: a right-click sends it back
    probe.click(probe.center(six), button=3)
    assert scene.draft.location(six) == "hand"


# --------------------------------------------------------------------------- tooltips


def hover(probe: TableProbe, pos: tuple[int, int], frames: int = 3) -> None:
    """The mouse goes to ``pos`` and rests there (pygame-gui reads where the mouse is)."""
    pygame.mouse.set_pos(pos)
    probe.move(pos)
    probe.frames(frames)


def test_a_buttons_tooltip_covers_no_other_button(make) -> None:  # noqa: ANN001
    probe = make(RAIL)
    buttons = probe.scene.controls.buttons
    shown = [name for name, b in buttons.items() if b.visible and b.is_enabled]
    assert {"draw", "hint", "sort_rank", "menu"} <= set(shown)
    for name in shown:
        button = buttons[name]
        hover(probe, probe.felt_spot())
        hover(probe, button.rect.center, 90)  # past pygame-gui's tooltip delay
        tip = button.tool_tip
        assert tip is not None, f"no tooltip on {name}"
        for other_name, other in buttons.items():
            if other is not button and other.visible:
                assert not tip.rect.colliderect(other.rect), \
                    f"{name}'s tooltip covers {other_name}"
        assert probe.app.window.get_rect().contains(tip.rect)


@pytest.mark.parametrize("left_handed", [False, True])
def test_the_contract_tables_tooltips_cover_no_button(start_app, left_handed) -> None:  # noqa: ANN001
    from game.session import GameSession
    from game.ui.scenes import screens

    app = start_app(size=(1024, 640), speed=4.0)
    app.settings.left_handed = left_handed
    session = GameSession.new("shanghai-rummy", {}, [*TWO, Seat("Bob", "easy")], 5)
    scene = screens.contract_table(app, session, autosave=False)
    app.scenes.push(scene)
    probe = TableProbe(app, scene)
    probe.settle()
    buttons = scene.controls.buttons
    shown = [name for name, b in buttons.items() if b.visible and b.is_enabled]
    assert len(shown) >= 3
    for name in shown:
        button = buttons[name]
        hover(probe, (app.window.get_width() // 2, 5))
        hover(probe, button.rect.center, 90)
        tip = button.tool_tip
        assert tip is not None, f"no tooltip on {name}"
        for other_name, other in buttons.items():
            if other is not button and other.visible:
                assert not tip.rect.colliderect(other.rect), \
                    f"{name}'s tooltip covers {other_name}"


# --------------------------------------------------------------------------- Last turns


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1600, 1000)])
def test_the_last_turns_replay_leaves_the_hand_in_view(make, size) -> None:  # noqa: ANN001
    ranks = ["A", *map(str, range(2, 11)), "J", "Q", "K"]
    runs = [" ".join(r + suit for r in ranks) for suit in "CDHS"]  # four whole suits
    sets = [f"{r}C {r}D {r}H" for r in ranks[1:]]  # and twelve sets: a felt with no room
    fuller = {"table": " | ".join(runs + sets), "current": 0,
              "hands": ["4S 7S 10S KS AC", "2S 5S 8S JS AD", "3S 6S 9S QS AH"]}
    seats = [Seat("You", "human"), Seat("Ada", "easy"), Seat("Bob", "easy")]
    probe = make(fuller, seats=seats, size=size)
    scene = probe.scene
    probe.key(pygame.K_d)  # the others play; then Last turns
    probe.settle()
    probe.key(pygame.K_l)
    assert scene.mode == "replay"
    hand = [s.rect for s in scene.sprites.sprites.values() if s.spot.zone == "hand"]
    assert hand
    for _ in range(20):
        probe.frames(3)
        note = scene.note_rect
        assert note is None or note.collidelist(hand) < 0, "a note covers the hand"
    # what the note said is in the status line: the turns to show and the keys
    assert "Esc" in scene.status.text and "/2" in scene.status.text, scene.status.text


# --------------------------------------------------------------------------- the log


#: two computers play before you: the log has a line for each
PLAYED = {"table": "3H 4H 5H | 7C 7D 7S | JS QS KS", "current": 1,
          "hands": ["6H 9S KD 2C", "8H 9H 10H 7H 2D 4C", "JC JD 5S 6S 7S 3D"]}


def rendered(probe: TableProbe, frames: int = 2) -> list[str]:
    """Every text the table draws in ``frames`` frames, in order."""
    text = probe.scene.text
    seen: list[str] = []
    render = text.render

    def spy(words, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN202
        seen.append(words)
        return render(words, *args, **kwargs)

    text.render = spy  # type: ignore[method-assign]
    try:
        probe.frames(frames)
    finally:
        del text.render
    return seen


def words(*texts: str) -> str:
    """``texts`` as one line of words (a wrapped line is read across its rows)."""
    return " ".join(" ".join(texts).split())


def test_the_keys_help_never_takes_a_log_line(make) -> None:  # noqa: ANN001
    seats = [Seat("You", "human"), Seat("Ada", "easy"), Seat("Bob", "easy")]
    probe = make(PLAYED, seats=seats)
    scene = probe.scene
    lines = [line for _colour, line in scene.log_lines()]
    assert len(lines) == 2, lines
    drawn = rendered(probe)
    assert all(line in drawn for line in lines)
    for key in (pygame.K_RIGHT, pygame.K_TAB, pygame.K_UP):
        probe.key(key)  # the keyboard takes over: every log line stays on show
        drawn = rendered(probe)
        assert all(line in drawn for line in lines), f"a log line went: {drawn}"
    assert "F1: keys" in drawn  # where the keys' help is, in the hand's caption row
    probe.key(pygame.K_F1)  # the help, above the log: every log line stays on show
    drawn = rendered(probe)
    assert "Keys (F1)" in drawn and all(line in drawn for line in lines)
    assert any("Tab" in line and "meld" in line for line in scene.key_help())
    assert all(words(line) in words(*drawn) for line in scene.key_help())
    probe.key(pygame.K_F1)
    assert "Keys (F1)" not in rendered(probe)


LONG = ("Ada Augusta King, Countess of Lovelace, daughter of Lord Byron, friend of Charles "
        "Babbage, first of the programmers")


def test_a_long_log_line_is_read_in_full(make) -> None:  # noqa: ANN001
    seats = [Seat("You", "human"), Seat(LONG, "easy"), Seat("Bob", "easy")]
    busy = {**PLAYED, "hands": ["6H 9S KD 2C", "8H 9H 10H 7H 2D 2H 2S 4C 4D 4S 9C",
                                "JC JD 5S 6S 7S 3D"]}
    probe = make(busy, seats=seats, size=(1024, 640))
    scene = probe.scene
    line = next(line for _colour, line in scene.log_lines() if line.startswith(LONG))
    layout = scene.layout
    assert line not in rendered(probe), "the line fits: the test shows nothing"
    away = probe.felt_spot()
    # the mouse on the log's line: the log opens in full
    lines = [line for _colour, line in scene.log_lines()]
    probe.move((layout.log.x + 30, layout.log.bottom - 6))
    shown = words(*rendered(probe))
    assert all(words(each) in shown for each in lines), shown
    probe.move(away)
    assert words(line) not in words(*rendered(probe))
    # from the keyboard: F4 opens and closes it
    probe.key(pygame.K_F4)
    assert all(words(each) in words(*rendered(probe)) for each in lines)
    probe.key(pygame.K_F4)
    assert words(line) not in words(*rendered(probe))


#: four sets from the hand in one turn
FOUR = {"table": "3H 4H 5H", "current": 0,
        "hands": ["2S 2D 2C 6S 6D 6C 9S 9D 9C QS QD QC KH", "AS 2H 8C 8D JD"]}


def test_a_long_turn_is_logged_step_by_step_with_none_left_out(make) -> None:  # noqa: ANN001
    probe = make(FOUR)
    scene = probe.scene
    for rank in ("2", "6", "9", "Q"):  # three cards selected, a click on the felt
        for suit in "SDC":
            probe.click(probe.center(probe.card(rank + suit, "hand")), mods=pygame.KMOD_CTRL)
        probe.click(probe.felt_spot())
    assert len(scene.draft.groups) == 5
    probe.key(pygame.K_e)
    probe.until(lambda: bool(scene.turn_log) and scene.turn_log[0][0] == 0, 600, "the turn")
    line = scene.turn_log[0][1]
    assert line.count("new meld") == 4 and "more change" not in line, line
