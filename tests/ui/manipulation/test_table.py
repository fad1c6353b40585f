"""The table scene driven by real pygame events through the real App: drag and drop, new
melds, undo/redo/reset, refused and committed turns, keyboard play, jokers, hints, resize."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from game.engine.actions import Abandon, Draw, Play
from game.session import Seat
from game.ui.cardtable.probe import TableProbe
from game.ui.manipulation.board import badge_centre, badge_radius
from game.ui.widgets.dialogs import ConfirmDialog
from tests.ui.conftest import StartApp, open_table

HEARTS = {"table": "3H 4H 5H | 7C 7D 7S", "hands": ["6H 9S 9D 9C 2C KD", "AS 2S 8C 8D JD"],
          "current": 0}


@pytest.fixture
def make(start_app: StartApp) -> Callable[..., TableProbe]:
    def build(variant: str = "machiavelli", rigged: dict | None = None,
              seats: list[Seat] | None = None, seed: int = 5, options: dict | None = None,
              size: tuple[int, int] = (1280, 800), autosave: bool = False) -> TableProbe:
        app = start_app(size=size, speed=3.0)
        return open_table(app, variant, seats or [Seat("You", "human"), Seat("Ada", "easy")],
                          seed, rigged, options, autosave)

    return build


def cards(group: list) -> list[str]:
    return [str(c) for c in group]


def group_of(probe: TableProbe, text: str) -> int:
    draft = probe.scene.draft
    assert draft is not None
    where = draft.location(probe.card(text))
    assert isinstance(where, int), f"{text} is in {where}"
    return where


# --------------------------------------------------------------------------- mouse


def test_drag_a_card_from_the_hand_onto_a_meld(make) -> None:  # noqa: ANN001
    probe = make(rigged=HEARTS)
    scene = probe.scene
    six = probe.card("6H", "hand")
    run = group_of(probe, "3H")
    box = scene.layout.box(run)
    probe.drag(probe.center(six), box.rect.center)
    assert scene.draft.location(six) == run
    assert cards(scene.draft.groups[run]) == ["3H", "4H", "5H", "6H"]
    probe.until(lambda: not scene.sprites.busy, 300, "the card to land")
    landed = scene.sprites.sprites[six].rect
    assert scene.layout.box(run).rect.contains(landed)
    assert scene.controls.buttons["end"].is_enabled


def test_make_a_new_meld_on_empty_felt(make) -> None:  # noqa: ANN001
    probe = make(rigged=HEARTS)
    scene = probe.scene
    nines = [probe.card(t, "hand") for t in ("9S", "9D", "9C")]
    for card in nines:
        probe.click(probe.center(card), mods=pygame.KMOD_CTRL)
    assert scene.selected == nines
    probe.drag(probe.center(nines[0]), probe.felt_spot())
    groups = [cards(g) for g in scene.draft.groups]
    assert sorted(groups[-1]) == ["9C", "9D", "9S"]
    assert scene.draft.check().ok
    assert scene.selected == []


def test_clicking_felt_with_a_selection_makes_a_meld(make) -> None:  # noqa: ANN001
    probe = make(rigged=HEARTS)
    scene = probe.scene
    for text in ("9S", "9D", "9C"):
        probe.click(probe.center(probe.card(text, "hand")), mods=pygame.KMOD_SHIFT)
    probe.click(scene.layout.new_melds[0].center)
    assert sorted(cards(scene.draft.groups[-1])) == ["9C", "9D", "9S"]


def test_undo_redo_by_keys_and_buttons(make) -> None:  # noqa: ANN001
    probe = make(rigged=HEARTS)
    scene = probe.scene
    six = probe.card("6H", "hand")
    run = group_of(probe, "3H")
    probe.drag(probe.center(six), scene.layout.box(run).rect.center)
    assert scene.draft.location(six) == run
    probe.key(pygame.K_z, pygame.KMOD_CTRL)
    assert scene.draft.location(six) == "hand"
    assert six in scene.model.hand
    probe.key(pygame.K_y, pygame.KMOD_CTRL)
    assert scene.draft.location(six) == run
    probe.frames(2)
    probe.click_button("undo")
    assert scene.draft.location(six) == "hand"
    probe.click_button("redo")
    assert scene.draft.location(six) == run


def test_reset_turn_puts_everything_back(make) -> None:  # noqa: ANN001
    probe = make(rigged=HEARTS)
    scene = probe.scene
    start = [cards(g) for g in scene.draft.groups]
    six = probe.card("6H", "hand")
    probe.drag(probe.center(six), scene.layout.box(group_of(probe, "3H")).rect.center)
    seven = probe.card("7C")
    probe.drag(probe.center(seven), probe.felt_spot())
    assert scene.draft.touched
    probe.key(pygame.K_r)
    assert [cards(g) for g in scene.draft.groups] == start
    assert not scene.draft.touched
    probe.drag(probe.center(six), probe.felt_spot())
    probe.frames(2)
    probe.click_button("reset")
    assert [cards(g) for g in scene.draft.groups] == start


def test_an_illegal_end_of_turn_is_refused_with_the_reasons(make) -> None:  # noqa: ANN001
    probe = make(rigged=HEARTS)
    scene = probe.scene
    two = probe.card("2C", "hand")
    probe.drag(probe.center(two), probe.felt_spot())
    log = list(scene.match.log)  # the first edit recorded that the play started
    assert log and log[-1].kind == "start_play"
    lonely = group_of(probe, "2C")
    assert not scene.layout.box(lonely).valid
    assert not scene.controls.buttons["end"].is_enabled
    assert "at least 3" in scene.controls.buttons["end"].tool_tip_text
    probe.click_button("end")  # disabled: it commits nothing, and says why
    assert scene.match.log == log
    message = scene.message
    assert message is not None and message.tone == "error"
    text = " ".join(message.lines)
    # the meld is named by its cards: melds keep their places on screen, so a number in the
    # table's own order would point at another one
    assert "2\u2663: " in text and "at least 3" in text and "Meld " not in text
    assert "2\u2663: " in scene.controls.buttons["end"].tool_tip_text
    scene.message = None
    probe.key(pygame.K_e)
    assert scene.match.log == log
    assert scene.mode == "human"
    assert scene.message is not None and " ".join(scene.message.lines) == text
    # hovering the marked group shows its problem
    probe.move(scene.layout.box(lonely).rect.center)
    probe.frames(40)
    assert scene.pointer._hover_group == lonely


def test_a_legal_turn_is_committed_and_autosaved(make) -> None:  # noqa: ANN001
    probe = make(rigged=HEARTS, autosave=True)
    scene = probe.scene
    six = probe.card("6H", "hand")
    probe.drag(probe.center(six), scene.layout.box(group_of(probe, "3H")).rect.center)
    probe.click_button("end")
    assert isinstance(scene.match.log[-1], Play)
    assert six in scene.match.deal.table.cards()
    assert scene.app.store.saves.has_autosave()
    saved = scene.app.store.saves.read("autosave")
    assert saved["match"]["log"][-1]["type"] == "play"
    probe.settle()  # Ada has played; it is our turn again
    assert scene.match.current == 0


def test_right_click_and_backspace_send_played_cards_back(make) -> None:  # noqa: ANN001
    probe = make(rigged=HEARTS)
    scene = probe.scene
    six = probe.card("6H", "hand")
    probe.drag(probe.center(six), scene.layout.box(group_of(probe, "3H")).rect.center)
    probe.until(lambda: not scene.sprites.busy, 300)
    probe.click(probe.center(six), button=3)
    assert scene.draft.location(six) == "hand"
    three = probe.card("3H")
    probe.click(probe.center(three), button=3)
    assert scene.draft.location(three) != "hand"
    assert scene.message is not None and "stay on the table" in scene.message.title
    probe.drag(probe.center(six), probe.felt_spot())
    probe.click(probe.center(six))
    assert scene.selected == [six]
    probe.key(pygame.K_BACKSPACE)
    assert scene.draft.location(six) == "hand"


def test_drag_within_the_hand_reorders_it_and_sort_keys(make) -> None:  # noqa: ANN001
    probe = make(rigged=HEARTS)
    scene = probe.scene
    hand = list(scene.model.hand)
    first = hand[0]
    last_spot = scene.layout.spots[hand[-1]].rect
    probe.drag(probe.center(first), (last_spot.right - 4, last_spot.centery))
    assert scene.sort_mode == "manual"
    assert list(scene.model.hand)[-1] == first
    probe.click_button("sort_rank")
    assert scene.sort_mode == "rank"
    ranks = [c.rank for c in scene.model.hand]
    assert ranks == sorted(ranks)
    probe.key(pygame.K_s)
    assert scene.sort_mode == "suit"


def test_a_real_card_dropped_on_its_joker_releases_it(make) -> None:  # noqa: ANN001
    probe = make("machiavelli-jokers", rigged={
        "table": "8H 9H JK=10H | 4C 5C 6C", "hands": ["10H 10C 10S 2D", "AS 2S 8C 8D JD"],
        "current": 0})
    scene = probe.scene
    joker = probe.card("JK")
    ten = probe.card("10H", "hand")
    run = group_of(probe, "8H")
    probe.drag(probe.center(ten), probe.center(joker))
    assert scene.draft.location(ten) == run
    assert scene.draft.location(joker) != run
    assert scene.message is not None and scene.message.title == "Joker released"


def test_a_joker_from_the_hand_shows_its_card_and_can_be_declared(make) -> None:  # noqa: ANN001
    probe = make("machiavelli-jokers", rigged={
        "table": "4C 5C 6C", "hands": ["JK 5S 6S 2D KD", "AS 2S 8C 8D JD"], "current": 0})
    scene = probe.scene
    cards = [probe.card(t, "hand") for t in ("JK", "5S", "6S")]
    for card in cards:
        probe.click(probe.center(card), mods=pygame.KMOD_CTRL)
    probe.drag(probe.center(cards[1]), probe.felt_spot())
    joker = cards[0]
    assert str(scene.model.shown[joker]) in ("4S", "7S")  # the rules' pick, shown on the card
    chooser = scene.human.chooser
    assert chooser is not None and [str(f) for f in chooser.options] == ["4S", "7S"]
    chip = next(rect for rect, label, face in chooser.chips if face and str(face) == "4S")
    probe.click(chip.center)
    assert str(scene.draft.declared[joker]) == "4S"
    assert scene.human.chooser is None and scene.draft.check().ok
    probe.until(lambda: not scene.sprites.busy, 300)
    probe.click(probe.center(joker))  # clicking the joker opens the chooser again
    assert scene.human.chooser is not None
    probe.key(pygame.K_ESCAPE)
    assert scene.human.chooser is None


def test_a_card_dropped_between_two_cards_of_a_run_splits_it(make) -> None:  # noqa: ANN001
    probe = make(rigged={"table": "3H 4H 5H 6H 7H 8H", "hands": ["5H 2C KD", "AS 2S 8C"],
                         "current": 0})
    scene = probe.scene
    five = probe.card("5H", "hand")
    box = scene.layout.groups[0]
    between = (box.first_x + 3 * box.step + scene.layout.table_card[0] * 0.2 + 2,
               box.rect.centery)  # the gap between 5H and 6H
    probe.drag(probe.center(five), between)
    melds = sorted(sorted(c.rank for c in g) for g in scene.draft.groups)
    assert melds == [[3, 4, 5], [5, 6, 7, 8]]
    assert scene.draft.check().ok


# --------------------------------------------------------------------------- keyboard


def test_a_whole_turn_by_keyboard(make) -> None:  # noqa: ANN001
    probe = make(rigged=HEARTS)
    scene = probe.scene
    six = probe.card("6H", "hand")
    probe.key(pygame.K_DOWN)
    while scene.keys.focused_card() != six:
        probe.key(pygame.K_RIGHT)
    probe.key(pygame.K_SPACE)
    assert scene.selected == [six]
    run = group_of(probe, "3H")
    probe.key(pygame.K_TAB)  # to the melds (issue 51): the arrows choose one
    while scene.keys.target != run:
        probe.key(pygame.K_RIGHT)
    probe.key(pygame.K_RETURN)
    assert scene.draft.location(six) == run
    probe.key(pygame.K_e)
    assert isinstance(scene.match.log[-1], Play)


def test_draw_key_draws_a_card(make) -> None:  # noqa: ANN001
    probe = make(rigged=HEARTS)
    scene = probe.scene
    before = len(scene.match.deal.hands[0])
    probe.key(pygame.K_d)
    assert isinstance(scene.match.log[-1], Draw)
    assert len(scene.match.deal.hands[0]) == before + 1
    drawn = scene.match.deal.hands[0][-1]
    assert drawn in scene.sprites.sprites
    probe.settle()
    assert scene.layout.spots[drawn].zone == "hand"


def test_give_up_after_putting_everything_back_asks_then_costs_three(make) -> None:  # noqa: ANN001
    # RULES.md 2: once a card has moved, giving up costs the penalty even if all is put back
    probe = make(rigged=HEARTS)
    scene = probe.scene
    match = scene.match
    before = len(match.deal.hands[0])
    six = probe.card("6H", "hand")
    probe.drag(probe.center(six), scene.layout.box(group_of(probe, "3H")).rect.center)
    probe.key(pygame.K_r)
    assert not scene.draft.touched and match.deal.started
    assert scene.controls.buttons["draw"].text.startswith("Give up (draw 3)")
    probe.key(pygame.K_d)
    dialog = scene.app.scenes.top
    assert isinstance(dialog, ConfirmDialog) and "draw 3 cards" in dialog.message
    probe.key(pygame.K_RETURN)  # Enter on the default button keeps playing
    assert scene.app.scenes.top is scene and len(match.deal.hands[0]) == before
    probe.key(pygame.K_d)
    dialog = scene.app.scenes.top
    assert isinstance(dialog, ConfirmDialog)
    confirm = next(i.element for i in dialog.focus.items if i.key == "confirm")
    assert confirm.text == "Give up (draw 3)"
    probe.click(confirm.rect.center)
    assert isinstance(match.log[-1], Abandon)
    assert len(match.deal.hands[0]) == before + 3


def test_a_hint_is_told_on_the_table_then_applied_and_played(make) -> None:  # noqa: ANN001
    probe = make(rigged=HEARTS)
    scene = probe.scene
    probe.key(pygame.K_h)
    probe.until(lambda: scene.mode == "hint", 600, "the hint to be shown")
    assert not scene.draft.touched  # told on a scratch draft: the player's table is as it was
    probe.until(lambda: scene.human.hint_show is not None and scene.human.hint_show.finished
                and not scene.sprites.busy, 600, "the hint's steps")
    shown = scene.human.hint_show
    assert shown.steps and shown.done == shown.steps
    played = set(shown.draft.played())
    marks = {c: s.mark for c, s in scene.sprites.sprites.items() if s.mark is not None}
    assert played and {c for c, (_, kind, _) in marks.items() if kind == "new"} == played
    assert scene.controls.buttons["end"].text == "Apply hint"
    probe.key(pygame.K_RETURN)
    assert scene.mode == "human"
    assert set(scene.draft.played()) == played and scene.draft.check().ok
    probe.key(pygame.K_e)
    assert isinstance(scene.match.log[-1], Play)


def test_a_dismissed_hint_leaves_the_table_as_it_was(make) -> None:  # noqa: ANN001
    probe = make(rigged=HEARTS)
    scene = probe.scene
    before = [cards(g) for g in scene.draft.groups]
    probe.key(pygame.K_h)
    probe.until(lambda: scene.mode == "hint", 600, "the hint to be shown")
    probe.key(pygame.K_SPACE)  # straight to the end of its play
    assert scene.human.hint_show.finished
    probe.click_button("hint")  # "Dismiss hint"
    assert scene.mode == "human" and scene.human.hint_show is None
    assert [cards(g) for g in scene.draft.groups] == before and not scene.draft.touched
    assert all(s.mark is None for s in scene.sprites.sprites.values())


def test_escape_opens_the_menu_and_last_turn_replays(make) -> None:  # noqa: ANN001
    from game.ui.cardtable.menu import TableMenu

    probe = make(rigged=HEARTS)
    scene = probe.scene
    probe.key(pygame.K_l)  # nothing played yet: a message, no replay
    assert scene.mode == "human" and scene.message is not None
    probe.key(pygame.K_d)
    probe.settle()
    probe.key(pygame.K_l)
    assert scene.mode == "replay"
    probe.until(lambda: scene.mode == "human", 600, "the replay to end")
    probe.key(pygame.K_ESCAPE)
    assert isinstance(probe.app.scenes.top, TableMenu)
    probe.key(pygame.K_ESCAPE)
    probe.frames(2)
    assert probe.app.scenes.top is scene


# --------------------------------------------------------------------------- resize


@pytest.mark.parametrize("left", [False, True], ids=["right-hand", "left-hand"])
def test_a_resize_lays_out_every_card_again(make, left: bool) -> None:  # noqa: ANN001
    probe = make(rigged={"table": "3H 4H 5H | 7C 7D 7S | 9S 10S JS QS | AD AC AH",
                         "hands": ["6H 9H 9D 9C 2C KD 4S 5S", "AS 2S 8C 8D JD"],
                         "current": 0})
    scene = probe.scene
    probe.app.settings.left_handed = left  # the table lays itself out again for it
    probe.frames(3)
    before = {c: s.rect.copy() for c, s in scene.sprites.sprites.items()}
    for size in ((1024, 640), (1280, 800), (1920, 1080), (3840, 2160)):
        probe.post(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)
        probe.frames(3)
        window = pygame.Rect((0, 0), size)
        assert probe.app.window.get_size() == size
        assert scene.layout.size == size
        assert set(scene.sprites.sprites) == set(before)
        for card, sprite in scene.sprites.sprites.items():
            assert window.contains(sprite.rect), (str(card), sprite.rect, size)
            assert sprite.rect.topleft != before[card].topleft, str(card)
        before = {c: s.rect.copy() for c, s in scene.sprites.sprites.items()}
        buttons = scene.controls.buttons
        assert all(window.contains(b.rect) for b in buttons.values())
        layout = scene.layout
        side = layout.sidebar
        assert (side.left == 0) if left else (side.right == size[0])
        assert all(side.contains(b.rect) for b in buttons.values())
        for name in ("stock", "info", "buttons"):
            assert side.contains(getattr(layout, name)), name
        if layout.scores is not None:
            assert side.contains(layout.scores)
        for name in ("top", "table", "log", "status", "hand"):
            rect = getattr(layout, name)
            assert window.contains(rect) and not rect.colliderect(side), (name, size, left)
        for card, sprite in scene.sprites.sprites.items():
            assert not sprite.rect.colliderect(side), (str(card), size, left)
    # the hit areas follow the cards: a click on a card of the hand picks it up
    card = probe.card("KD", "hand")
    probe.click(probe.center(card))
    assert scene.selected == [card]


def test_a_meld_frozen_by_its_joker_is_marked_and_breaking_it_is_told_at_once(
        make) -> None:  # noqa: ANN001
    import pygame

    from game.ui.theme import BLUE

    # Tahiti (issue 34.6): the joker freezes its meld until the real card releases it
    probe = make("tahiti", rigged={
        "table": "8H 9H JK=10H | 4C 5C 6C", "hands": ["7C 2D KS QS 3D", "AS 2S 8C 8D JD"],
        "current": 0})
    scene = probe.scene
    frozen = {g.index: g.frozen for g in scene.model.groups}
    run, clubs = group_of(probe, "8H"), group_of(probe, "4C")
    assert frozen[run] and not frozen[clubs]
    box = scene.layout.box(run)
    surface = pygame.Surface(scene.app.size)
    scene.draw(surface)
    r = badge_radius(scene.layout)
    x, y = badge_centre(scene.layout, box.rect.topleft, r)
    assert tuple(surface.get_at((x - r + 3, y)))[:3] == BLUE  # the padlock on its corner
    # a card dragged out of it: the table says so now, not only at End turn
    probe.drag(probe.center(probe.card("8H")), scene.layout.new_melds[0].center)
    assert scene.message is not None and scene.message.title == "That meld is frozen"
    assert scene.message.tone == "error"
    # moving the clubs is no such problem
    probe.key(pygame.K_z, pygame.KMOD_CTRL)
    scene.message = None
    probe.drag(probe.center(probe.card("7C", "hand")), scene.layout.box(clubs).rect.center)
    assert scene.message is None or scene.message.title != "That meld is frozen"


def test_guadalupes_hint_advises_drawing_two(make) -> None:  # noqa: ANN001
    # issue 34.9: the hint said "draw a card (D)" where the rule and the button draw two
    probe = make("guadalupe", rigged={"table": "", "hands": ["2C 5D 9S KH 7H", "AS 3S 8C 8D JD"],
                                      "current": 0})
    scene = probe.scene
    assert scene.controls.buttons["draw"].text == "Draw 2"
    probe.key(pygame.K_h)
    probe.until(lambda: scene.human.hint_worker is None, 1200, "the hint")
    probe.frames(2)
    said = " ".join(scene.message.lines)
    assert "2 cards (D)" in said and "a card" not in said


def test_guadalupes_draw_says_one_card_when_the_stock_holds_one(make) -> None:  # noqa: ANN001
    # the rule draws two, but never more than the stock holds: the button and the hint say
    # what a press of D will really take (a "Draw 2" that draws one misleads the player)
    probe = make("guadalupe", rigged={"table": "", "hands": ["2C 5D 9S KH 7H", "AS 3S 8C 8D JD"],
                                      "current": 0, "stock": "QC", "keep_rest": False})
    scene = probe.scene
    assert scene.controls.buttons["draw"].text == "Draw 1"
    probe.key(pygame.K_h)
    probe.until(lambda: scene.human.hint_worker is None, 1200, "the hint")
    probe.frames(2)
    said = " ".join(scene.message.lines)
    assert "a card (D)" in said and "2 cards" not in said, said
    probe.key(pygame.K_d)
    probe.frames(2)
    assert len(scene.match.deal.hands[0]) == 6  # one card, as told
