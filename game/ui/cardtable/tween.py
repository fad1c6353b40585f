"""Tweens as small objects: ``t += dt; k = ease(t / duration)``; they stop at 1.

A tween moves one card sprite from where it was to its target, after an optional delay.
Easing functions map 0..1 to 0..1.
"""

from __future__ import annotations

import math
from collections.abc import Callable

Ease = Callable[[float], float]


def ease_out_cubic(t: float) -> float:
    return 1.0 - (1.0 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


class Tween:
    """Interpolates a 2D point from ``start`` to ``end`` over ``duration`` seconds."""

    __slots__ = ("start", "end", "duration", "delay", "ease", "elapsed", "arc")

    def __init__(self, start: tuple[float, float], end: tuple[float, float], duration: float,
                 delay: float = 0.0, ease: Ease = ease_in_out_cubic, arc: float = 0.0) -> None:
        self.start = start
        self.end = end
        self.duration = max(1e-6, duration)
        self.delay = max(0.0, delay)
        self.ease = ease
        self.elapsed = 0.0
        self.arc = arc  # lift (pixels) at the middle of the path, for a thrown card

    @property
    def started(self) -> bool:
        return self.elapsed > self.delay

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration

    @property
    def progress(self) -> float:
        """0 before the delay ends, 1 when done (not eased)."""
        return min(1.0, max(0.0, (self.elapsed - self.delay) / self.duration))

    def advance(self, dt: float) -> tuple[float, float]:
        self.elapsed += dt
        return self.position()

    def position(self) -> tuple[float, float]:
        p = self.progress
        k = self.ease(p)
        x = self.start[0] + (self.end[0] - self.start[0]) * k
        y = self.start[1] + (self.end[1] - self.start[1]) * k
        if self.arc:
            y -= self.arc * math.sin(math.pi * p)
        return x, y


def duration_for(distance: float, speed: float, base: float = 0.22,
                 per_px: float = 0.00028, longest: float = 0.6) -> float:
    """How long a slide over ``distance`` pixels takes at animation ``speed`` (1 = normal,
    2 = twice as fast). Longer paths take a little longer, up to ``longest``."""
    speed = max(0.05, speed)
    return min(longest, base + distance * per_px) / speed
