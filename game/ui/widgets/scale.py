"""Scaling: how much bigger than at 1280x800 the menus are drawn in a window.

``ui_scale(size)`` is 1.0 at 1280x800 and grows to 2.5 at 4K; every position, size and
font size on the menu screens is multiplied by it."""

from __future__ import annotations

from collections.abc import Sequence

BASE_SIZE = (1280, 800)
MIN_SCALE = 0.8
MAX_SCALE = 2.5


def ui_scale(size: Sequence[int]) -> float:
    """How much bigger than at 1280x800 the menus are drawn at ``size``."""
    scale = min(size[0] / BASE_SIZE[0], size[1] / BASE_SIZE[1])
    return max(MIN_SCALE, min(MAX_SCALE, round(scale * 20) / 20))

