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
