"""Scaling: how much bigger than at 1280x800 the screens are drawn in a window.

``ui_scale(size)`` is 1.0 at 1280x800 and grows to 2.5 at 4K; every position, size and
font size on the menu screens is multiplied by it. The menus fill the window at 100%, so
the player's UI scale (``Zoom.user``) only shrinks them (below 100%); the card tables take
it whole: their cards, text and buttons grow or shrink with it, as far as the window has
room (``game/ui/manipulation/layout.py`` and ``game/ui/contract/layout.py`` step it down until
every band fits).

The default UI scale follows the display's: the scale factor the desktop asks of its
programs (``GDK_SCALE``, ``QT_SCALE_FACTOR``; Windows and macOS scale an SDL window
themselves), else 100%.
"""

from __future__ import annotations

import math
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

BASE_SIZE = (1280, 800)
MIN_SCALE = 0.8
MAX_SCALE = 2.5
#: the player's UI scale, as a share (Settings: 75% to 200%)
USER_RANGE = (0.75, 2.0)
#: how much taller the cards are in the large-cards mode
LARGE_CARDS = 1.25
#: the environment variables where desktops tell programs their display's scale
DISPLAY_SCALE_VARIABLES = ("GDK_SCALE", "QT_SCALE_FACTOR")


@dataclass(frozen=True)
class Zoom:
    """The player's choice of size: ``user`` the UI scale (1.0 = 100%), ``large_cards``
    the cards a quarter taller (at the same UI scale)."""

    user: float = 1.0
    large_cards: bool = False

    @property
    def cards(self) -> float:
        """How much taller than at this UI scale the cards are."""
        return LARGE_CARDS if self.large_cards else 1.0

    @classmethod
    def of(cls, percent: int, large_cards: bool,
           environ: Mapping[str, str] | None = None) -> Zoom:
        """The zoom of the Settings' ``ui_scale_percent`` (0 = follow the display)."""
        share = percent / 100 if percent else display_scale(environ)
        low, high = USER_RANGE
        return cls(max(low, min(high, share)), large_cards)


def display_scale(environ: Mapping[str, str] | None = None) -> float:
    """The scale the desktop asks of its programs (1.0 when it says none, or nonsense)."""
    env = os.environ if environ is None else environ
    for name in DISPLAY_SCALE_VARIABLES:
        try:
            value = float(env.get(name, ""))
        except ValueError:
            continue
        if math.isfinite(value) and value > 0:
            low, high = USER_RANGE
            return max(low, min(high, value))
    return 1.0


def fit_scale(size: Sequence[int]) -> float:
    """How much bigger than at 1280x800 the window is (the smaller of its two ratios)."""
    return min(size[0] / BASE_SIZE[0], size[1] / BASE_SIZE[1])


def ui_scale(size: Sequence[int], user: float = 1.0) -> float:
    """How much bigger than at 1280x800 the menus are drawn at ``size``; a ``user`` scale
    below 1 draws them that much smaller (never below ``MIN_SCALE``); above 1 they already
    fill the window."""
    scale = fit_scale(size) * min(1.0, user)
    return max(MIN_SCALE, min(MAX_SCALE, round(scale * 20) / 20))
