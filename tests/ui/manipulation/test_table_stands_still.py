"""The table stands still under the player's own hand (issue 43), through real drags: a meld
that grows extends in place, no other meld moves, no card changes size; a meld that no longer
fits its place moves alone. Before the felt kept places, the melds after a grown meld slid
right or down a row, and a full felt shrank every card mid-turn."""

from __future__ import annotations

import pygame

from game.session import Seat
from game.ui.cardtable.probe import TableProbe
from tests.ui.conftest import StartApp, open_table

SEATS = [Seat("You", "human"), Seat("Ada", "easy")]
#: a first row of melds, a hand that lengthens the first run by three
TABLE = {"table": "3S 4S 5S | 7C 7D 7S | 9H 10H JH | 2D 3D 4D | QC QD QH | 5C 6C 7C | "
                  "KS KH KD | 8D 9D 10D",
         "hands": ["6S 7S 8S 2C KC", "AS 2S 8C 8H JD"], "current": 0}


def places(probe: TableProbe) -> dict[frozenset[str], tuple[int, int]]:
    scene = probe.scene
    assert scene.layout is not None and scene.model is not None
    cards = {g.index: frozenset(str(c) for c in g.cards) for g in scene.model.groups}
    return {cards[b.index]: b.rect.topleft for b in scene.layout.groups}


def add_to(probe: TableProbe, card: str, meld_card: str) -> None:
    """Drag ``card`` from the hand to the end of the meld holding ``meld_card``."""
    scene = probe.scene
    layout = scene.layout
    assert layout is not None
    spot = layout.spots[probe.card(meld_card)]
    box = layout.box(spot.group) if spot.group is not None else None
    assert box is not None
    probe.drag(probe.center(probe.card(card)), (box.rect.right - 2, box.rect.centery))
    probe.frames(2)
    probe.settle()


def open_run(start_app: StartApp, size: tuple[int, int]) -> TableProbe:
    app = start_app(size=size, speed=3.0)
    return open_table(app, "machiavelli", SEATS, 5, TABLE)


def no_overlap(probe: TableProbe) -> list[str]:
    layout = probe.scene.layout
    assert layout is not None
    mats = [b.rect for b in layout.groups]
    return [f"{a} {b}" for i, a in enumerate(mats) for b in mats[i + 1:] if a.colliderect(b)]


def test_cards_added_to_a_meld_move_no_other_meld_and_no_card_changes_size(
        start_app: StartApp) -> None:
    probe = open_run(start_app, (1280, 800))
    scene = probe.scene
    assert scene.layout is not None
    before, card = places(probe), scene.layout.table_card
    first = frozenset({"3S", "4S", "5S"})
    add_to(probe, "6S", "5S")  # within the room the run keeps: it grows in place
    assert places(probe)[first | {"6S"}] == before[first]
    add_to(probe, "7S", "5S")  # beyond it, and the sevens lie right after it
    now = places(probe)
    assert first | {"6S", "7S"} in now, "the card joined the run"
    for meld, at in before.items():
        if meld != first:
            assert now[meld] == at, f"{sorted(meld)} moved when the run grew"
    assert scene.layout.table_card == card, "the cards changed size mid-turn"
    assert no_overlap(probe) == []


def test_a_meld_that_no_longer_fits_its_place_moves_alone_and_undo_brings_it_back(
        start_app: StartApp) -> None:
    probe = open_run(start_app, (1024, 640))
    scene = probe.scene
    assert scene.layout is not None
    before, card = places(probe), scene.layout.table_card
    first = frozenset({"3S", "4S", "5S"})
    seen = []
    for added in ("6S", "7S", "8S"):
        add_to(probe, added, "5S")
        seen.append(places(probe))
    now = seen[-1]
    assert first | {"6S", "7S", "8S"} in now
    for meld, at in before.items():
        if meld != first:
            assert now[meld] == at, f"{sorted(meld)} moved when the run grew"
    assert scene.layout.table_card == card
    assert no_overlap(probe) == []
    # Undo brings every meld back where it lay a step ago, then two steps ago
    for back in (seen[1], seen[0]):
        probe.key(pygame.K_z, pygame.KMOD_CTRL)
        probe.settle()
        assert places(probe) == back
