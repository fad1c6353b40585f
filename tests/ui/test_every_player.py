"""Every player, every key (issue 51): what stopped a low-vision, colour-blind or
mouse-free player, each rule through real events in the real app."""

from __future__ import annotations

from typing import Any

import pygame

from game.session import GameSession, Seat
from game.store import AUTOSAVE
from game.ui.app import App
from game.ui.scenes import screens
from tests.conftest import rig
from tests.ui.conftest import button, click, open_table, press, pump, top_name


def gold(scene: Any) -> list[str]:
    """The keys of the scene's buttons drawn gold (the one Enter presses)."""
    return [item.key for item in scene.focus.items
            if "@primary" in (item.element.class_ids or [])]


def shown_focus(scene: Any) -> list[str]:
    """The keys of every widget the screen marks as focused: gold or framed."""
    marked = set(gold(scene))
    ring = scene.focus._ring
    if ring is not None and ring.alive() and ring.visible and scene.focus.focused:
        marked.add(scene.focus.focused_key)
    return sorted(marked)


def with_autosave(app: App) -> None:
    game = GameSession.new("machiavelli", {}, [Seat("You", "human"), Seat("Ada", "easy")], 5)
    app.store.saves.write(AUTOSAVE, game.to_json(), game.summary())


# --- one visible focus; Enter presses what it shows


def test_the_title_shows_one_focus_and_enter_presses_it_after_coming_back(app: App) -> None:
    with_autosave(app)
    app.scenes.reset(screens.title(app))
    pump(app)
    title = app.scenes.top
    assert shown_focus(title) == ["continue"]
    click(app, button(app, "Rules"))  # by mouse: no frame is drawn when back
    assert top_name(app) == "RulesScene"
    press(app, pygame.K_ESCAPE)
    assert app.scenes.top is title
    pump(app)
    shown = shown_focus(title)
    assert len(shown) == 1, f"two buttons look focused: {shown}"
    press(app, pygame.K_RETURN)
    assert top_name(app) == {"rules": "RulesScene", "continue": "TableScene"}[shown[0]]


def test_the_title_keys_move_the_one_focus(app: App) -> None:
    with_autosave(app)
    app.scenes.reset(screens.title(app))
    pump(app)
    title = app.scenes.top
    for _ in range(3):
        press(app, pygame.K_DOWN)
    pump(app)
    assert shown_focus(title) == ["load"]  # Continue no longer looks pressed by Enter
    press(app, pygame.K_RETURN)
    assert top_name(app) == "SavesScene"


def test_the_table_menu_shows_one_focus(app: App) -> None:
    probe = open_table(app, "machiavelli", [Seat("You", "human"), Seat("Ada", "easy")], 3)
    probe.key(pygame.K_ESCAPE)
    menu = app.scenes.top
    assert top_name(app) == "TableMenu"
    assert shown_focus(menu) == ["resume"]
    press(app, pygame.K_DOWN)
    press(app, pygame.K_DOWN)
    pump(app)
    assert shown_focus(menu) == ["settings"]
    press(app, pygame.K_RETURN)
    assert top_name(app) == "SettingsScene"


# --- Esc on the scoreboard goes back, never forward


def test_esc_on_the_scoreboard_never_deals_the_next_hand(app: App) -> None:
    from game.ui.scenes.scoreboard import ScoreboardScene

    session = GameSession.new("machiavelli", {"match": "hands:2"},
                              [Seat("You", "human"), Seat("Ada", "easy")], seed=8)
    rig(session.match, table="3H 4H 5H", hands=["6H", "AS 2S 8C 8D JD"], current=0)
    from game.ui.cardtable.probe import TableProbe
    from game.ui.manipulation.table import TableScene
    scene = TableScene(app, session, autosave=False)
    app.scenes.push(scene)
    probe = TableProbe(app, scene)
    probe.settle()
    six = probe.card("6H", "hand")
    box = scene.layout.box(scene.draft.location(probe.card("3H")))
    probe.drag(probe.center(six), box.rect.center)
    probe.key(pygame.K_e)
    probe.until(lambda: isinstance(app.scenes.top, ScoreboardScene), 600, "the scoreboard")
    board = app.scenes.top
    probe.key(pygame.K_ESCAPE)
    probe.frames(3)
    assert session.match.deal.number == 0, "Esc dealt the next hand"
    assert board in list(app.scenes)  # the scores stay, the table's menu over them
    assert top_name(app) == "TableMenu"
    probe.key(pygame.K_RETURN)  # Resume: back to the scores
    assert app.scenes.top is board


# --- speech names the card drawn, to the one who drew it


def test_speech_names_the_card_you_drew_and_never_anothers(start_app) -> None:  # noqa: ANN001
    from game.ui.speech import RecordingSpeaker

    app = start_app(speed=4.0)
    app.settings.speak_table = True
    recorder = RecordingSpeaker()
    app.speaker = recorder
    probe = open_table(app, "machiavelli", [Seat("You", "human"), Seat("Ada", "easy")], 5,
                       {"table": "3H 4H 5H", "hands": ["9S 2C KD", "AS 2S 8C 8D JD"],
                        "current": 0, "stock": "7H QC 4D 5D 6D 9H 10H"})
    scene = probe.scene
    probe.key(pygame.K_d)
    probe.until(lambda: len(scene.turn_log) >= 2 and scene.mode == "human", 3000,
                "Ada's turn")
    said = " | ".join(recorder.spoken)
    assert "You drew 7 of hearts" in said, said
    assert "Ada drew 1 card" in said or "Ada:" in said  # Ada's turn is said, not her cards
    assert "queen of clubs" not in said, said  # Ada's draw (the next card) is never named


# --- high contrast: a dialog over the table leaves the table in view


def test_a_high_contrast_dialog_leaves_the_table_in_view(app: App) -> None:
    app.settings.high_contrast = True
    app._use_contrast()
    probe = open_table(app, "machiavelli", [Seat("You", "human"), Seat("Ada", "easy")], 3)
    scene = probe.scene
    hand = scene.layout.hand
    probe.frames(2)
    before = app.window.get_at((hand.x + 4, hand.centery))[:3]
    probe.key(pygame.K_ESCAPE)
    assert top_name(app) == "TableMenu"
    probe.frames(2)
    menu_box = app.scenes.top.box
    spots = [(rect.centerx, rect.centery) for rect in [scene.layout.stock]]
    spots += [(hand.x + 4, hand.centery)]
    shown = [app.window.get_at(spot)[:3] for spot in spots if not menu_box.collidepoint(spot)]
    assert shown, "every spot is under the menu"
    for colour in shown:
        assert colour != (0, 0, 0), "the table is hidden behind a black backdrop"
    assert app.window.get_at((hand.x + 4, hand.centery))[:3] != before  # shaded


# --- the "You drew X" note survives a save and a load


def test_the_card_you_drew_is_still_named_after_a_save_and_load(start_app) -> None:  # noqa: ANN001
    from game.solver.edits import card_text
    from game.ui.cardtable.probe import TableProbe
    from game.ui.manipulation.table import TableScene
    from game.ui.scenes.handover import HandOverScene

    app = start_app(speed=4.0)
    session = GameSession.new("machiavelli", {}, [Seat("Ann", "human"), Seat("Ben", "human")],
                              seed=4)
    scene = TableScene(app, session, autosave=True)
    app.scenes.push(scene)
    probe = TableProbe(app, scene)
    probe.until(lambda: isinstance(app.scenes.top, HandOverScene), 600, "Ann's cover")
    probe.key(pygame.K_RETURN)
    probe.settle()
    before = set(session.match.deal.hands[0])
    probe.key(pygame.K_d)  # Ann draws
    (drawn,) = set(session.match.deal.hands[0]) - before
    probe.until(lambda: isinstance(app.scenes.top, HandOverScene), 600, "Ben's cover")
    probe.key(pygame.K_RETURN)
    probe.settle()
    probe.key(pygame.K_d)  # Ben draws; the game is autosaved; the window closes
    probe.until(lambda: isinstance(app.scenes.top, HandOverScene), 600, "Ann's cover")
    saved = app.store.saves.read(AUTOSAVE)
    while len(app.scenes):
        app.scenes.pop()
    loaded = GameSession.from_json(saved)  # Continue, another evening
    scene = TableScene(app, loaded, autosave=True)
    app.scenes.push(scene)
    probe = TableProbe(app, scene)
    probe.until(lambda: isinstance(app.scenes.top, HandOverScene), 600, "Ann's cover")
    assert app.scenes.top.name == "Ann"
    probe.key(pygame.K_RETURN)
    probe.settle()
    assert scene.message is not None and card_text(drawn) in " ".join(scene.message.lines)
    assert scene.sprites.sprites[drawn].fresh


# --- the hint advises only what the buttons allow


def test_the_hint_never_advises_a_greyed_end_turn(app: App) -> None:
    probe = open_table(app, "machiavelli", [Seat("You", "human"), Seat("Ada", "easy")], 5,
                       {"table": "3H 4H 5H", "hands": ["9S 2C KD", "AS 2S 8C 8D JD"],
                        "current": 0})
    scene = probe.scene
    king = probe.card("KD", "hand")
    box = scene.layout.box(scene.draft.location(probe.card("3H")))
    probe.drag(probe.center(king), box.rect.center)  # a card moved: the play has started
    probe.key(pygame.K_r)  # and put back
    probe.frames(3)
    assert not scene.controls.buttons["end"].is_enabled  # End turn is greyed
    probe.key(pygame.K_h)
    probe.until(lambda: scene.human.hint_worker is None, 1200, "the hint")
    probe.frames(2)
    words = " ".join([scene.message.title, *scene.message.lines])
    assert "(E)" not in words, words
    assert "(D)" in words, words  # the play given up: the one way on


def test_a_tutorial_or_puzzle_banner_never_offers_a_greyed_draw(start_app) -> None:  # noqa: ANN001
    from tests.ui.coach.test_coach import known_puzzle, staged, tutorial_step

    for open_it in (lambda app: tutorial_step(app, 0),
                    lambda app: staged(app, "puzzle_table", known_puzzle())):
        probe = open_it(start_app(speed=4.0))
        scene = probe.scene
        probe.frames(2)
        draw = scene.controls.buttons.get("draw")
        assert draw is None or not draw.is_enabled  # Draw (or Give up) is greyed
        assert "draw" not in scene.status.text.lower(), scene.status.text


# --- Carousel: Draw never throws a ready play away


def carousel_ready(app: App) -> Any:
    """A Carousel turn after its first draw, 7H 8H 9H laid as a new meld: a ready play."""
    probe = open_table(app, "carousel", [Seat("You", "human"), Seat("Ada", "easy")], 5,
                       {"table": "", "hands": ["7H 8H 9H 2C", "AS 2S 8C 8D JD"],
                        "current": 0, "stock": "KD QC JC"})
    scene = probe.scene
    probe.key(pygame.K_d)  # the first draw: now meld, or draw again
    probe.settle()
    cards = [probe.card(t, "hand") for t in ("7H", "8H", "9H")]
    for card in cards:
        probe.click(probe.center(card), mods=pygame.KMOD_CTRL)
    probe.drag(probe.center(cards[0]), scene.layout.new_melds[0].center)
    probe.settle()
    assert scene.draft.touched and scene.draft.check().ok
    return probe


def test_carousel_draw_with_a_ready_play_asks_and_keeps_it(app: App) -> None:
    probe = carousel_ready(app)
    scene = probe.scene
    drawn = len(scene.match.deal.hands[0])
    probe.key(pygame.K_d)
    assert len(scene.match.deal.hands[0]) == drawn, "the play was thrown away for a draw"
    assert top_name(app) == "ConfirmDialog", "Draw threw the ready play away without a word"
    probe.key(pygame.K_ESCAPE)  # keep the play
    assert app.scenes.top is scene
    assert scene.draft is not None and scene.draft.touched and scene.draft.check().ok
    probe.key(pygame.K_d)
    probe.key(pygame.K_RETURN)  # Enter keeps it too (the default)
    assert app.scenes.top is scene and scene.draft.touched
    probe.key(pygame.K_d)
    click(app, button(app, "Draw"))  # yes, draw instead
    assert len(scene.match.deal.hands[0]) == drawn + 1


def test_carousel_points_in_hand_follow_the_hint_on_show(app: App) -> None:
    from game.engine.scoring import hand_value

    probe = open_table(app, "carousel", [Seat("You", "human"), Seat("Ada", "easy")], 5,
                       {"table": "", "hands": ["7H 8H 9H 2C", "AS 2S 8C 8D JD"],
                        "current": 0, "stock": "KD QC JC"})
    scene = probe.scene
    probe.key(pygame.K_d)
    probe.settle()
    probe.key(pygame.K_h)
    probe.until(lambda: scene.mode == "hint", 1200, "the hint's play")
    probe.key(pygame.K_SPACE)  # to the end of the story
    probe.until(lambda: not scene.sprites.busy, 600)
    shown = list(scene.model.hand)
    assert len(shown) < 5  # the hint's meld has left the hand on show
    points = hand_value(scene.match.variant.scoring, shown)
    label = scene.indicators.facts().bottom_label
    assert f"{points} in hand" in label, label


# --- notes: kept until read, never over the player's hand


def test_a_note_stays_until_the_player_has_seen_it(app: App) -> None:
    probe = open_table(app, "machiavelli", [Seat("You", "human"), Seat("Ada", "easy")], 5,
                       {"table": "3H 4H 5H", "hands": ["9S 2C KD", "AS 2S 8C 8D JD"],
                        "current": 0})
    scene = probe.scene
    probe.drag(probe.center(probe.card("9S", "hand")), probe.felt_spot())
    probe.key(pygame.K_e)  # refused: a note says why
    note = scene.message
    assert note is not None and note.tone == "error"
    probe.frames(20 * 60)  # the player looks away for twenty seconds
    assert scene.message is note, "the note went before the player read it"
    probe.key(pygame.K_LEFT)  # back at the keys: read
    probe.frames(10 * 60)
    assert scene.message is None


def full_felt_notes(app: App) -> Any:
    """A felt crowded with melds at 1024 x 640 and a long note: where it went."""
    app.resize((1024, 640))
    runs = ["A 2 3", "4 5 6", "7 8 9", "10 J Q"]
    melds = [" ".join(rank + suit for rank in run.split()) for suit in "CDSH" for run in runs]
    melds += [" ".join(rank + suit for rank in run.split()) for suit in "CD" for run in runs]
    table = " | ".join(melds)
    return open_table(app, "machiavelli", [Seat("You", "human"), Seat("Ada", "easy")], 5,
                      {"table": table, "hands": ["KC KD KS KH 5H 9S 2H KC KD",
                                                 "JS 10S 3H 4S 8H"], "current": 0})


def test_a_note_never_covers_the_players_hand(app: App) -> None:
    probe = full_felt_notes(app)
    scene = probe.scene
    scene.say("A long note about the turn", ["a line that says a great deal about "
                                             "what the player did and why it matters"] * 5,
              "info")
    probe.frames(3)
    assert scene.note_rect is not None
    cards = [scene.sprites.sprites[c].rect for c in scene.model.hand]
    covered = [str(c) for c, r in zip(scene.model.hand, cards, strict=True)
               if scene.note_rect.colliderect(r)]
    assert covered == [], f"the note lies over the hand's {covered}"


# --- a meld's tooltip is never cut off by the side panel


def test_a_melds_tooltip_is_never_under_the_side_panel(app: App) -> None:
    probe = open_table(app, "machiavelli", [Seat("You", "human"), Seat("Ada", "easy")], 5,
                       {"table": "3H 4H 5H", "hands": ["9S 2C KD", "AS 2S 8C 8D JD"],
                        "current": 0})
    scene = probe.scene
    nine = probe.card("9S", "hand")
    probe.drag(probe.center(nine), probe.felt_spot())  # a one-card meld: not valid yet
    probe.settle()
    box = scene.layout.box(scene.draft.location(nine))
    assert box is not None and not box.valid
    spot = (box.rect.right - 3, box.rect.centery)  # the pointer rests on its right edge
    probe.move(spot)
    probe.frames(40)
    rect = scene.pointer.tooltip_rect
    assert rect is not None, "no tooltip"
    assert not rect.colliderect(scene.layout.sidebar), (rect, scene.layout.sidebar)
    assert rect.right <= scene.layout.sidebar.left


# --- seats told apart by shape as well as colour, their numbers larger

#: red-green colour blindness (deuteranopia), Machado, Oliveira and Fernandes (2009)
DEUTERANOPIA = ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                (-0.011820, 0.042940, 0.968881))


def deuteranope(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    def linear(v: float) -> float:
        v /= 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    def srgb(v: float) -> int:
        v = min(1.0, max(0.0, v))
        return round(255 * (12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055))

    rgb = [linear(v) for v in colour]
    return tuple(srgb(sum(m * c for m, c in zip(row, rgb, strict=True)))  # type: ignore[return-value]
                 for row in DEUTERANOPIA)


def silhouette(seat: int, colour: tuple[int, int, int], kind: str = "new") -> frozenset:
    """The pixels a seat's mark covers on a card (its outline, not its number's ink)."""
    from game.ui.cardtable.sprites import draw_mark
    from game.ui.theme import seat_label

    pygame.init()
    surface = pygame.Surface((52, 73))
    surface.fill((250, 248, 240))
    draw_mark(surface, (colour, kind, seat_label(seat)), (0, 0), (52, 73))
    return frozenset((x, y) for x in range(52) for y in range(66)
                     if surface.get_at((x, y))[:3] != (250, 248, 240))


def test_seats_that_look_alike_to_a_red_green_blind_player_differ_in_shape() -> None:
    from game.ui.theme import SEAT_COLOURS

    alike = [(a, b) for a in range(len(SEAT_COLOURS)) for b in range(a + 1, len(SEAT_COLOURS))
             if sum(abs(p - q) for p, q in zip(deuteranope(SEAT_COLOURS[a]),
                                                deuteranope(SEAT_COLOURS[b]),
                                                strict=True)) < 120]
    assert (1, 2) in alike  # seats 2 and 3: the same olive to a deuteranope
    grey = (150, 150, 110)
    for a, b in alike + [(0, 1), (2, 3)]:
        # drawn in one colour, the marks of the two seats still differ in their outline
        assert silhouette(a, grey) != silhouette(b, grey), (a + 1, b + 1)


def test_a_seats_number_on_a_card_is_large_enough_to_read() -> None:
    from game.ui.theme import SEAT_COLOURS

    covered = silhouette(1, SEAT_COLOURS[1])
    height = max(y for _x, y in covered) - min(y for _x, y in covered) + 1
    assert height >= 18, f"the mark is {height} px high on the smallest table cards"


# --- at 200% everything scales


def hover_tooltip(app: App, element: Any) -> Any:
    """Rest the mouse on ``element`` past the tooltip's delay: its tooltip."""
    pos = element.get_abs_rect().center
    pygame.mouse.set_pos(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    pump(app, 90)
    return element.tool_tip


def point_size(element: Any) -> int:
    return element.ui_theme.get_font(element.combined_element_ids).point_size


def test_at_200_percent_tooltips_and_slider_arrows_scale(start_app) -> None:  # noqa: ANN001
    app = start_app(size=(3840, 2160))
    app.settings.ui_scale_percent = 200
    app.resize((3840, 2160))
    app.scenes.reset(screens.title(app))
    pump(app)
    rules = button(app, "Rules")
    tip = hover_tooltip(app, rules)
    assert tip is not None
    assert point_size(tip.text_block) >= 0.6 * rules.font.point_size, \
        f"a {point_size(tip.text_block)} px tooltip beside {rules.font.point_size} px buttons"
    app.scenes.push(screens.settings(app))
    pump(app, 3)
    from tests.ui.conftest import widget
    slider = widget(app.scenes.top, "speed")
    for arrow in (slider.left_button, slider.right_button):
        assert arrow.rect.width >= 0.5 * slider.rect.height, \
            f"{arrow.rect.width} px arrow buttons on a {slider.rect.height} px slider"
    # a table's buttons' tooltips too
    probe = open_table(app, "machiavelli", [Seat("You", "human"), Seat("Ada", "easy")], 3)
    hint = probe.scene.controls.buttons["hint"]
    tip = hover_tooltip(app, hint)
    assert tip is not None
    assert point_size(tip.text_block) >= 0.6 * hint.font.point_size


# --- the keyboard goes by groups: the hand, the melds


def test_one_tab_reaches_the_melds_and_the_arrows_walk_them(app: App) -> None:
    runs = ["A 2 3", "4 5 6", "7 8 9", "10 J Q"]
    table = " | ".join(" ".join(rank + suit for rank in run.split()) for suit in "CDS"
                       for run in runs)  # twelve melds
    probe = open_table(app, "machiavelli", [Seat("You", "human"), Seat("Ada", "easy")], 5,
                       {"table": table, "hands": ["KS 9H 2H", "JS 10S 3H 4H 8H"],
                        "current": 0})
    scene = probe.scene
    keys = scene.keys
    while keys.focused_card() != probe.card("KS", "hand"):
        probe.key(pygame.K_RIGHT)
    probe.key(pygame.K_SPACE)
    hand_index = keys.index
    probe.key(pygame.K_TAB)  # one key to the melds, however many there are
    assert keys.zone == "melds", keys.zone
    target = scene.draft.location(probe.card("QS"))
    presses = 0
    while keys.target != target:
        probe.key(pygame.K_RIGHT)
        presses += 1
        assert presses <= 13, "the arrows never reach the meld"
    probe.key(pygame.K_RETURN)  # the king goes on the spades' 10 J Q
    assert scene.draft.location(probe.card("KS")) == target
    probe.key(pygame.K_TAB)  # and one key back to the hand, where it was
    assert keys.zone == "hand" and keys.index == min(hand_index, len(scene.model.hand) - 1)


def test_a_new_game_of_another_variant_in_a_few_keys(app: App) -> None:
    app.scenes.reset(screens.title(app))
    pump(app)
    press(app, pygame.K_RETURN)  # New game
    assert top_name(app) == "NewGameScene"
    form = app.scenes.top
    keys = 1
    while form.focus.focused_key != "variant":
        press(app, pygame.K_TAB, pygame.KMOD_SHIFT)
        keys += 1
        assert keys <= 5, f"{keys} keys and the variant is not reached"
    before = form.setup.variant_id if hasattr(form, "setup") else None
    press(app, pygame.K_RIGHT)  # another variant
    keys += 1
    while form.focus.focused_key != "start":
        press(app, pygame.K_TAB)
        keys += 1
        assert keys <= 10, f"{keys} keys and Start is not reached"
    press(app, pygame.K_RETURN)
    keys += 1
    pump(app, 5)
    assert top_name(app) in ("TableScene", "ContractTableScene", "HandOverScene"), top_name(app)
    assert keys <= 10
    assert before is None or app.scenes.top is not form


# --- a player with no turns has no accuracy


def test_a_player_with_no_turns_shows_no_review_accuracy(app: App) -> None:
    from game.ui.scenes.review import ReviewScene

    session = GameSession.new("machiavelli", {}, [Seat("Ann", "human"), Seat("Ben", "human")],
                              seed=4)
    session.match.draw()  # Ann's one turn; Ben has had none
    app.scenes.push(screens.review(app, session, seat=1))
    review = app.scenes.top
    assert isinstance(review, ReviewScene)
    assert review.worker is None or review.worker.wait(300)
    pump(app, 3)
    assert review.review is not None, review.problem
    drawn: list[str] = []
    import game.ui.scenes.review as module
    real = module.draw_text

    def spy(surface: Any, text: str, *args: Any, **kwargs: Any) -> Any:
        drawn.append(text)
        return real(surface, text, *args, **kwargs)

    module.draw_text = spy
    try:
        pump(app, 2)
    finally:
        module.draw_text = real
    assert not any("100%" in text for text in drawn), drawn
    assert any("accuracy \u2014" in text for text in drawn), drawn
