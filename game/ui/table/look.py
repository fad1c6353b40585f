"""The few facts the board and status line show, and font sizes."""

from __future__ import annotations

from dataclasses import dataclass

from game.i18n import N_
from game.ui.table.layout import Layout

#: a seat's kind in its box: the levels written as the New game screen writes them
KIND_WORDS = {"human": N_("Player"), "easy": N_("Computer \u00b7 Easy"),
              "medium": N_("Computer \u00b7 Medium"), "hard": N_("Computer \u00b7 Hard")}


@dataclass(frozen=True)
class Facts:
    """What the board shows besides the model."""

    hand_number: int
    variant: str
    match_text: str
    final_round: bool
    your_turn: bool  # the bottom seat is playing (mats for new melds are shown)
    sort_mode: str  # suit | rank | manual
    bottom_label: str
    deal: str = ""  # "Deal 123 456 789" (``game.deals``)


@dataclass(frozen=True)
class Status:
    text: str
    tone: str = "info"  # info | you | wait | warn
    animated: bool = False


@dataclass
class Message:
    title: str
    lines: tuple[str, ...] = ()
    tone: str = "error"  # error | info | hint
    ttl: float = 6.0


def font_px(layout: Layout, share: float, low: int, high: int) -> int:
    """A text size: ``share`` of the window's height at the player's UI scale, from
    ``low`` up to ``high`` (a cap that grows with the layout's scale)."""
    return int(max(low, min(high * layout.scale, layout.size[1] * share * layout.zoom)))
