"""The few facts the board and status line show, and font sizes."""

from __future__ import annotations

from dataclasses import dataclass

from game.i18n import N_
from game.ui.table.layout import Layout

KIND_WORDS = {"human": N_("Player"), "easy": N_("Computer \u00b7 easy"),
              "medium": N_("Computer \u00b7 medium"), "hard": N_("Computer \u00b7 hard")}


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
    return int(max(low, min(high, layout.size[1] * share)))
