"""The contract table's melds keep their places (issue 28): a seat's section of melds does
not move when another seat lays down or lays off; played with real events through the real
app. Both moved before the layout remembered the sections' places (the sections were laid
out afresh in seat order each time, the bottom seat first)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.engine.contract.actions import LayDown, LayOff
from game.engine.contract.match import ContractMatch, TableMeld
from tests.ui.contract.test_contract_ui import ADA, BOOLE, YOU, Table, _take
from tests.ui.contract.test_contract_ui import make as make  # noqa: F401  (the fixture)

Make = Callable[..., Table]


def _places(t: Table) -> dict[int, tuple[int, int]]:
    layout = t.scene.layout
    assert layout is not None
    return {box.index: tuple(box.rect.topleft) for box in layout.melds}


def _melds_on_table(*melds: tuple[int, str, str]) -> Callable[[ContractMatch], None]:
    """A ``prepare`` putting ``(owner, kind, cards)`` melds on the table, their owners
    laid down."""

    def prepare(match: ContractMatch) -> None:
        r = match.deal
        pool = list(r.stock)
        r.melds = []
        for owner, kind, text in melds:
            cards = _take(pool, text)
            r.stock = [c for c in r.stock if c not in cards]
            r.melds.append(TableMeld(owner, kind, cards))
            r.laid_down[owner] = True

    return prepare


def test_a_seat_laying_down_takes_free_room(make: Make) -> None:
    # Boole's set is on the table; the person lays down after: before, the person's section
    # came first (the bottom seat's always did) and pushed Boole's set along
    t = make(hands=[YOU, ADA, BOOLE], discard="7H", stock="3S QD", size=(1024, 640),
             prepare=_melds_on_table((2, "set", "5C 5D 5S")))
    scene, match = t.scene, t.match
    before = _places(t)
    t.click(scene.layout.stock.center)
    t.until(lambda: match.deal.phase == "play" and match.awaiting == 0, 3000, "the turn")
    t.settle()
    assert _places(t) == before
    for group, cards in enumerate((("9S", "9D", "9C"), ("KH", "KS", "KD"))):
        for text in cards:  # selected, and dragged together
            t.click(t.at(t.card(text)))
        t.drag(t.at(t.card(cards[0])), scene.layout.slots[group].rect.center)
    t.key(pygame.K_l)
    assert isinstance(match.log[-1], LayDown)
    t.settle()
    after = _places(t)
    assert after[0] == before[0]  # Boole's set stayed where it was
    assert set(after) == {0, 1, 2}


def test_a_lay_off_moves_no_other_seats_melds(make: Make) -> None:
    # Ada's run and Boole's set side by side; the person lays the 7H off on Ada's run:
    # before, Ada's section grew and Boole's slid along
    t = make(hands=["7H 2C 4S JD 9C QS", ADA, BOOLE], discard="10D", stock="3S",
             size=(1024, 640),
             prepare=_melds_on_table((1, "run", "3H 4H 5H 6H"), (2, "set", "8C 8D 8S"),
                                     (0, "set", "KC KD KS")))
    scene, match = t.scene, t.match
    t.key(pygame.K_d)
    t.until(lambda: match.deal.phase == "play" and match.awaiting == 0, 3000, "the turn")
    t.settle()
    before = _places(t)
    run = scene.layout.meld(0)
    assert run is not None
    t.drag(t.at(t.card("7H")), t.probe.center(match.deal.melds[0].cards[-1]))
    assert isinstance(match.log[-1], LayOff) and match.log[-1].meld == 0
    t.settle()
    assert _places(t) == before


def test_the_turn_log_has_a_strip_of_its_own(make: Make) -> None:
    # seen at 1024x640 (seed 103 of the long play): a seat's melds reached the foot of the
    # felt, and the turn log's lines were drawn over them; the felt's foot is the log's
    # now (room for its most lines), the melds lie above it
    t = make(hands=[YOU, ADA, BOOLE], discard="7H", size=(1024, 640),
             prepare=_melds_on_table((1, "run", "3H 4H 5H 6H 7H 8H 9H"),
                                     (1, "run", "2S 3S 4S 5S 6S 7S 8S"),
                                     (1, "set", "AC AD AH"),
                                     (1, "set", "10C 10H 10S"),
                                     (2, "run", "2C 3C 4C 5C 6C 7C 8C"),
                                     (2, "run", "9D 10D JD QD KD"),
                                     (2, "set", "QH QS QC"),
                                     (2, "set", "KC KH KS"),
                                     (2, "run", "AD 2D 3D 4D")))
    scene = t.scene
    # the others' last turns, as the log tells them
    scene.turn_log.entries = [(1, "Ada drew from the stock; discarded the 5\u2660"),
                              (2, "Bob bought the 5\u2660"),
                              (2, "Bob drew from the stock; discarded the J\u2665")]
    t.frames(2)
    assert len(scene.log_rects) == 3
    melds = [box.rect for box in scene.layout.melds]
    assert not [(tuple(line), tuple(meld)) for line in scene.log_rects for meld in melds
                if line.colliderect(meld)]
