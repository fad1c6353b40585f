"""Issue 33, Colour: the seats are told apart by a number as well as by their colour: the
marks they leave on the cards they play carry the seat's number (a disc for a card from the
hand, a diamond for a table card moved), and so do their seat boxes."""

from __future__ import annotations

import pygame

from game.store.seats import Seat
from game.ui.cardtable.sprites import draw_mark
from game.ui.theme import SEAT_COLOURS, seat_colour, seat_label
from tests.ui.conftest import StartApp, open_table


def _drawn(mark: tuple[tuple[int, int, int], str, str]) -> bytes:
    surface = pygame.Surface((90, 126))
    surface.fill((250, 248, 240))
    draw_mark(surface, mark, (0, 0), (90, 126))
    return pygame.image.tobytes(surface, "RGB")


def test_a_mark_shows_the_seat_number_and_its_kind_by_shape() -> None:
    pygame.init()
    colour = SEAT_COLOURS[0]
    # the same colour with another number looks different: the number is drawn
    assert _drawn((colour, "new", "2")) != _drawn((colour, "new", "3"))
    # a card new from the hand and a card moved differ in shape, not only in words
    assert _drawn((colour, "new", "2")) != _drawn((colour, "moved", "2"))
    assert [seat_label(seat) for seat in range(8)] == [str(n) for n in range(1, 9)]


def test_the_marks_on_the_table_carry_the_seat_that_played(start_app: StartApp) -> None:
    app = start_app()
    app.settings.animation_speed = 4.0
    seats = [Seat("You", "human"), Seat("Ada", "easy"), Seat("Boole", "easy")]
    probe = open_table(app, "machiavelli", seats, seed=5, rigged={
        "table": "3H 4H 5H | 7S 7D 7C | 9C 10C JC QC | KD KS KH",
        "hands": ["AH 2H 6H 8D 9D 10D JD QS 5C 6C", "6S 7H 8C 2C AD JH", "QH 3D 4D 5D 10S"],
        "current": 1})
    scene = probe.scene
    probe.until(lambda: scene.match.deal.current == 0, 6000, "the computers' turns")
    probe.settle()
    marks = [sprite.mark for sprite in scene.sprites.sprites.values() if sprite.mark]
    assert marks, "the computers played nothing to the table"
    for colour, kind, label in marks:
        assert kind in ("new", "moved")
        assert label in ("2", "3")  # never the viewer's own seat
        assert colour == seat_colour(int(label) - 1)
