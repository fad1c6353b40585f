"""A table you can follow (issue 16), driven by real pygame events through the real App:
melds keep their places across a computer's turn, the computers' marks on what they put
down and moved, Last turns covering every other seat, the end of a hand with every hand
face up and a scoreboard that folds away, and the safer controls."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from game.engine.actions import Draw
from game.engine.scoring import hand_value
from game.i18n import _
from game.session import Seat
from game.ui.cardtable.probe import TableProbe
from game.ui.cardtable.text import TextCache
from game.ui.manipulation.table import TableScene
from game.ui.scenes.new_game import KIND_LABELS
from game.ui.scenes.scoreboard import ScoreboardScene
from game.ui.theme import seat_colour
from game.ui.widgets.dialogs import ConfirmDialog
from tests.ui.conftest import StartApp, open_table

THREE = [Seat("You", "human"), Seat("Ada", "medium"), Seat("Bob", "easy")]
#: Ada can lay 8C 8D 8H down and play 6C 6D only by taking 6S out of the spade run;
#: Bob can put 6H on the hearts
STORY = {"table": "3H 4H 5H | 7C 7D 7S | 6S 7S 8S 9S 10S",
         "hands": ["2C 2D KD QC", "8C 8D 8H 6C 6D KH", "6H 2S AD"], "current": 0}


@pytest.fixture
def make(start_app: StartApp) -> Callable[..., TableProbe]:
    def build(variant: str = "machiavelli", rigged: dict | None = None,
              seats: list[Seat] | None = None, seed: int = 5,
              size: tuple[int, int] = (1280, 800)) -> TableProbe:
        app = start_app(size=size, speed=4.0)
        return open_table(app, variant, seats or THREE, seed, rigged)

    return build


def meld_places(scene: TableScene) -> dict[frozenset, tuple[int, int]]:
    """Each meld on show (by its cards) and the top-left corner of its mat."""
    assert scene.layout is not None and scene.model is not None
    cards = {g.index: frozenset(g.cards) for g in scene.model.groups}
    return {cards[box.index]: box.rect.topleft for box in scene.layout.groups}


def anchor_of(places: dict[frozenset, tuple[int, int]], card: object) -> tuple[int, int]:
    return next(at for cards, at in places.items() if card in cards)


def play_round(probe: TableProbe) -> None:
    """Draw (ending the person's turn) and run until the person's turn comes again."""
    probe.key(pygame.K_d)
    probe.frames(2)
    probe.settle()


# --------------------------------------------------------------------------- stable table


def test_melds_keep_their_places_across_the_computers_turns(make) -> None:  # noqa: ANN001
    probe = make(rigged=STORY)
    scene = probe.scene
    before = meld_places(scene)
    hearts, sevens, spades = (probe.card(t) for t in ("3H", "7C", "10S"))
    play_round(probe)
    assert len(scene.match.deal.turns) == 3  # You, Ada and Bob have played
    assert [t.player for t in scene.match.deal.turns] == [0, 1, 2]
    after = meld_places(scene)
    assert len(after) > len(before), "the computers laid new melds down"
    for card in (hearts, sevens, spades):  # grown or shrunk, every old meld kept its place
        assert anchor_of(after, card) == anchor_of(before, card), str(card)
    # the new melds lie in free places: no meld's mat over another's
    mats = [box.rect for box in scene.layout.groups]
    assert not [(a, b) for i, a in enumerate(mats) for b in mats[i + 1:] if a.colliderect(b)]


# --------------------------------------------------------------------------- marks and log


def test_the_computers_marks_tell_new_cards_from_moved_ones(make) -> None:  # noqa: ANN001
    probe = make(rigged=STORY)
    scene = probe.scene
    play_round(probe)
    turns = scene.match.deal.turns
    ada, bob = turns[1], turns[2]
    assert ada.played and bob.played
    marks = {card: sprite.mark for card, sprite in scene.sprites.sprites.items()
             if sprite.mark is not None}
    for card in ada.played:
        assert marks[card] == (seat_colour(1), "new", "2"), str(card)
    for card in bob.played:
        assert marks[card] == (seat_colour(2), "new", "3"), str(card)
    moved = [c for c, (colour, kind, _label) in marks.items() if kind == "moved"]
    assert moved, "a table card moved by a computer is marked too"
    assert all(c not in ada.played and c not in bob.played for c in moved)
    assert all(c in set(ada.before.cards()) for c in moved)
    assert all(sprite.mark is None for sprite in scene.sprites.sprites.values()
               if sprite.spot.zone == "hand")
    lines = [line for _, line in scene.log_lines()]
    assert len(lines) == 2 and lines[0].startswith("Ada: ") and lines[1].startswith("Bob: ")
    assert "\u2665" in lines[1] and "6H" not in lines[1]  # suit symbols, not card codes
    # the marks stay through the person's turn and go when it ends
    assert scene.marks.of(0)
    probe.key(pygame.K_d)  # the person's turn ends: the marks it has seen go
    assert not scene.marks.of(0) and scene.match.deal.turns[-1].player == 0
    assert all(s.mark is None for s in scene.sprites.sprites.values())


def test_a_computer_play_is_told_a_meld_change_at_a_time(make) -> None:  # noqa: ANN001
    probe = make(rigged=STORY)
    scene = probe.scene
    probe.key(pygame.K_d)
    probe.until(lambda: scene.mode == "playback", 3000, "Ada's play on show")
    playback = scene.computer.playback
    assert playback is not None and len(playback.steps) >= 2
    seen: list[int] = []
    while scene.mode == "playback" and scene.computer.playback is playback:
        if not seen or seen[-1] != len(playback.done):
            seen.append(len(playback.done))
        probe.frames(1)
    assert seen[:3] == [0, 1, 2], "the steps came one at a time"


def test_space_skips_a_computers_play_to_its_end(make) -> None:  # noqa: ANN001
    probe = make(rigged=STORY)
    scene = probe.scene
    probe.key(pygame.K_d)
    probe.until(lambda: scene.mode == "playback", 3000, "Ada's play on show")
    playback = scene.computer.playback
    probe.key(pygame.K_SPACE)
    assert playback.finished and playback.draft.table() == playback.action.table


# --------------------------------------------------------------------------- last turns


def test_last_turns_replays_every_other_seat_in_order(make) -> None:  # noqa: ANN001
    probe = make(rigged=STORY)
    scene = probe.scene
    play_round(probe)
    probe.click_button("last")
    assert scene.mode == "replay"
    assert scene.controls.buttons["last"].text == "Stop replay"
    replay = scene.replay
    assert [r.player for r in replay.records] == [1, 2]
    probe.key(pygame.K_SPACE)  # pause: nothing moves on however long we wait
    assert replay.pacer.paused
    done = len(replay.playback.done)
    probe.frames(120)
    assert len(replay.playback.done) == done and scene.mode == "replay"
    probe.key(pygame.K_RIGHT)  # one step
    probe.frames(2)
    assert len(replay.playback.done) == done + 1 or replay.index > 0
    probe.key(pygame.K_SPACE)  # go on to the end
    probe.until(lambda: scene.mode == "human", 3000, "the replay to end")
    assert replay.shown_seats == [1, 2]
    assert scene.layout is not None and scene.draft is not None
    assert meld_places(scene)  # back to the table of now


def test_the_replay_shows_the_table_before_each_turn(make) -> None:  # noqa: ANN001
    probe = make(rigged=STORY)
    scene = probe.scene
    play_round(probe)
    ada = scene.match.deal.turns[1]
    probe.key(pygame.K_l)
    probe.key(pygame.K_SPACE)  # paused on the table before Ada's turn
    shown = {frozenset(g.cards) for g in scene.model.groups}
    assert shown == {frozenset(m) for m in ada.before.melds}
    probe.key(pygame.K_ESCAPE)
    assert scene.mode == "human"


# --------------------------------------------------------------------------- end of hand


def test_the_end_of_a_hand_shows_every_hand_and_the_scores_fold_away(make) -> None:  # noqa: ANN001
    probe = make(rigged={"table": "3H 4H 5H", "hands": ["6H", "AS 2S 8C", "KD QC"],
                         "current": 0})
    scene = probe.scene
    app = probe.app
    probe.drag(probe.center(probe.card("6H", "hand")),
               scene.layout.box(scene.draft.location(probe.card("3H"))).rect.center)
    probe.click_button("end")
    probe.frames(3)
    assert not isinstance(app.scenes.top, ScoreboardScene), "the last play is seen first"
    probe.until(lambda: isinstance(app.scenes.top, ScoreboardScene), 600, "the scoreboard")
    board = app.scenes.top
    for seat in (1, 2):
        for card in scene.match.deal.hands[seat]:
            spot = scene.layout.spots[card]
            assert spot.zone == "seat" and spot.face_up
            assert scene.layout.seat_rects[seat].contains(spot.rect)
            assert not scene.sprites.sprites[card].showing_back()
    look = next(b for b in board._elements if getattr(b, "text", "") == "See the table")
    probe.click(look.rect.center)
    assert board.collapsed and app.scenes.top is board
    bar = board._box()
    assert not any(bar.colliderect(scene.layout.seat_rects[s]) for s in (1, 2))
    assert not any(bar.colliderect(box.rect) for box in scene.layout.groups)
    probe.key(pygame.K_l)  # and back
    assert not board.collapsed


# --------------------------------------------------------------------------- safer controls


def test_giving_up_asks_first_and_says_the_cost(make) -> None:  # noqa: ANN001
    probe = make(rigged={"table": "3H 4H 5H", "hands": ["6H 9S 2C", "AS 2S 8C", "KD QC"],
                         "current": 0}, seats=THREE[:2] + [Seat("Bob", "easy")])
    scene = probe.scene
    before = len(scene.match.deal.hands[0])
    probe.drag(probe.center(probe.card("6H", "hand")),
               scene.layout.box(scene.draft.location(probe.card("3H"))).rect.center)
    probe.click_button("draw")  # now "Give up (draw 3)"
    dialog = probe.app.scenes.top
    assert isinstance(dialog, ConfirmDialog) and "3 cards" in dialog.message
    probe.key(pygame.K_ESCAPE)
    assert probe.app.scenes.top is scene and len(scene.match.deal.hands[0]) == before


def test_the_card_just_drawn_is_highlighted_in_carousel(make) -> None:  # noqa: ANN001
    probe = make("carousel", rigged={"table": "3H 4H 5H", "hands": ["9S 2C KD", "AS 2S 8C",
                                                                      "KC QC 4D"],
                                      "stock": "JD", "current": 0})
    scene = probe.scene
    probe.key(pygame.K_d)
    assert isinstance(scene.match.log[-1], Draw)
    probe.settle()
    drawn = probe.card("JD", "hand")
    assert scene.sprites.sprites[drawn].fresh
    assert sum(1 for s in scene.sprites.sprites.values() if s.fresh) == 1


def test_carousel_shows_the_hands_points_and_why_knock_is_off(make) -> None:  # noqa: ANN001
    probe = make("carousel", rigged={"table": "3H 4H 5H", "hands": ["9S 2C KD", "AS 2S 8C",
                                                                      "KC QC 4D"],
                                      "current": 0})
    scene = probe.scene
    facts = scene.indicators.facts()
    points = scene.indicators.hand_points()
    assert points > 5 and f"{points} in hand" in facts.bottom_label
    knock = scene.controls.buttons["knock"]
    assert not knock.is_enabled
    probe.click(knock.rect.center)
    assert scene.message is not None and f"you hold {points}" in scene.message.lines[0]


def test_a_released_joker_can_be_given_its_new_card(make) -> None:  # noqa: ANN001
    probe = make("machiavelli-jokers", seats=THREE[:2], rigged={
        "table": "8H 9H JK=10H | 4C 5C 6C", "hands": ["10H 5S 6S 2D", "AS 2S 8C 8D JD"],
        "current": 0})
    scene = probe.scene
    joker = probe.card("JK")
    probe.drag(probe.center(probe.card("10H", "hand")), probe.center(joker))
    assert scene.message is not None and scene.message.title == "Joker released"
    probe.until(lambda: not scene.sprites.busy, 300)
    fives = [probe.card(t, "hand") for t in ("5S", "6S")]
    for card in fives:
        probe.click(probe.center(card), mods=pygame.KMOD_CTRL)
    probe.drag(probe.center(fives[0]), scene.layout.box(scene.draft.location(joker)).rect.center)
    chooser = scene.human.chooser
    assert chooser is not None and chooser.joker == joker
    assert sorted(str(f) for f in chooser.options) == ["4S", "7S"]
    chip = next(rect for rect, label, face in chooser.chips if face and str(face) == "7S")
    probe.click(chip.center)
    assert str(scene.draft.declared[joker]) == "7S" and scene.draft.check().ok


def test_hints_can_be_switched_off_and_a_hint_taken_is_counted(make) -> None:  # noqa: ANN001
    probe = make(rigged={"table": "3H 4H 5H | 7C 7D 7S", "hands": ["6H 9S 2C", "AS 2S 8C",
                                                                    "KD QC 4D"], "current": 0})
    scene = probe.scene
    probe.app.settings.hints_allowed = False
    scene.refresh()
    probe.frames(2)
    assert not scene.controls.buttons["hint"].is_enabled
    probe.key(pygame.K_h)
    assert scene.mode == "human" and scene.human.hint_worker is None
    assert scene.message is not None and scene.message.title == "Hints are off"
    assert scene.session.hints == 0
    probe.app.settings.hints_allowed = True
    probe.key(pygame.K_h)
    probe.until(lambda: scene.mode == "hint", 600, "the hint")
    assert scene.session.hints == 1
    assert scene.session.to_json()["hints"] == 1


# --------------------------------------------------------------------------- polish


def test_free_cards_label_and_tens_read_at_1024_wide(make) -> None:  # noqa: ANN001
    probe = make("tahiti", seats=THREE[:2], size=(1024, 640), rigged={
        "table": "10H 10C 10S 10D | 3H 4H 5H 6H | 9C 9D 9S | JS QS KS | 2C 3C 4C 5C 6C 7C",
        "free": "7D 8D", "hands": ["6H 2S KD QC", "AS 2S 8C 8H JD"], "current": 0})
    scene = probe.scene
    layout = scene.layout
    free = layout.free_rect
    assert free is not None
    assert not any(free.colliderect(box.rect) for box in layout.groups)
    first_free = min(layout.spots[c].x for c in scene.model.free)
    assert first_free - free.x >= 14  # the label's strip comes before the cards
    tens = layout.box(group_of(probe, "10H"))
    nines = layout.box(group_of(probe, "9C"))
    assert tens.step > nines.step  # two-digit indexes get more room


def test_the_hint_note_leaves_the_melds_in_view(make) -> None:  # noqa: ANN001
    probe = make(rigged={"table": "3H 4H 5H | 7C 7D 7S | 9S 10S JS | AD AC AH | 5C 6C 7C 8C",
                         "hands": ["6H 9C 9D 2C", "AS 2S 8C", "KD QC 4D"], "current": 0})
    scene = probe.scene
    probe.key(pygame.K_h)
    probe.until(lambda: scene.mode == "hint" and scene.human.hint_show.finished
                and not scene.sprites.busy, 600, "the hint")
    probe.frames(2)
    assert scene.note_rect is not None
    assert not any(scene.note_rect.colliderect(box.rect) for box in scene.layout.groups)


def test_refusals_write_cards_with_suit_symbols(make) -> None:  # noqa: ANN001
    probe = make(rigged={"table": "3H 4H 5H", "hands": ["9S 2C KD", "AS 2S 8C", "KC QC 4D"],
                         "current": 0})
    scene = probe.scene
    nine = probe.card("9S", "hand")
    probe.drag(probe.center(nine), scene.layout.box(group_of(probe, "3H")).rect.center)
    probe.key(pygame.K_e)
    assert scene.message is not None and scene.message.tone == "error"
    text = " ".join(scene.message.lines)
    assert "9S" not in text and "3H" not in text
    assert "\u2660" in text or "\u2665" in text


def group_of(probe: TableProbe, text: str) -> int:
    draft = probe.scene.draft
    assert draft is not None
    where = draft.location(probe.card(text))
    assert isinstance(where, int)
    return where


def test_carousels_points_in_hand_count_the_hand_as_the_turn_leaves_it(make) -> None:  # noqa: ANN001
    probe = make("carousel", rigged={"table": "3H 4H 5H", "hands": ["6H 7H 2C KD",
                                                                      "AS 2S 8C", "KC QC 4D"],
                                      "stock": "9D", "current": 0})
    scene = probe.scene
    probe.key(pygame.K_d)
    probe.settle()
    before = scene.indicators.hand_points()
    assert f"{before} in hand" in scene.indicators.facts().bottom_label
    for name in ("6H", "7H"):  # onto the run: the hand keeps 2C KD 9D
        probe.drag(probe.center(probe.card(name, "hand")), probe.center(probe.card("5H")))
        probe.settle()
    assert scene.draft is not None and len(scene.draft.hand) == 3
    now = hand_value(scene.match.variant.scoring, scene.draft.hand)
    assert now < before
    assert f"{now} in hand" in scene.indicators.facts().bottom_label


def test_the_replays_seat_boxes_count_the_cards_of_the_moment_shown(make) -> None:  # noqa: ANN001
    probe = make(rigged=STORY)
    scene = probe.scene
    play_round(probe)
    turns = scene.match.deal.turns
    now = [len(hand) for hand in scene.match.deal.hands]
    ada, bob = turns[1], turns[2]
    assert ada.played, "Ada lays cards down: her count must change in the replay"

    def before(seat: int, *records) -> int:  # noqa: ANN002
        return now[seat] + sum(len(r.played) - r.drawn for r in records if r.player == seat)

    def boxes() -> list[int]:
        assert scene.model is not None
        return [seat.cards for seat in scene.model.seats]

    probe.key(pygame.K_l)
    probe.key(pygame.K_SPACE)  # paused on the table before Ada's turn
    assert boxes() == [now[0], before(1, ada, bob), before(2, ada, bob)]
    counts = [boxes()[1]]
    while scene.replay.index == 0:  # step by step: her count falls with each card laid
        probe.key(pygame.K_RIGHT)
        probe.frames(2)
        if scene.replay.index == 0:
            counts.append(boxes()[1])
    assert counts == sorted(counts, reverse=True) and counts[-1] < counts[0]
    assert boxes() == [now[0], now[1], before(2, bob)]  # before Bob's turn
    probe.key(pygame.K_ESCAPE)
    assert boxes() == now


def test_the_seat_boxes_name_the_levels_as_the_new_game_screen_does(
        make, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: ANN001
    drawn: list[str] = []
    render = TextCache.render

    def spy(self: TextCache, text: str, *args, **kwargs):  # noqa: ANN002, ANN003, ANN202
        drawn.append(text)
        return render(self, text, *args, **kwargs)

    monkeypatch.setattr(TextCache, "render", spy)
    probe = make(rigged=STORY)
    probe.frames(2)
    for level in ("medium", "easy"):  # Ada and Bob
        assert _(KIND_LABELS[level]) in drawn, (level, sorted(set(drawn)))
