"""The green felt: a radial light pool with a vignette and a fine woven grain, made with numpy
once per window size and cached."""

from __future__ import annotations

from functools import lru_cache

import numpy as np
import pygame

CENTRE = np.array((44, 122, 74), dtype=np.float32)
EDGE = np.array((14, 58, 34), dtype=np.float32)


@lru_cache(maxsize=3)
def _felt_pixels(width: int, height: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    ys = np.linspace(-1.0, 1.0, height, dtype=np.float32)[None, :]
    xs = np.linspace(-1.0, 1.0, width, dtype=np.float32)[:, None]
    aspect = width / max(1, height)
    # light pool slightly above the middle, like a lamp over the table
    dist = np.sqrt((xs * aspect / 1.6) ** 2 + ((ys + 0.15) / 1.15) ** 2)
    k = np.clip(dist, 0.0, 1.25) / 1.25
    k = k * k * (3 - 2 * k)
    base = CENTRE[None, None, :] * (1 - k[..., None]) + EDGE[None, None, :] * k[..., None]
    # fine grain plus a faint diagonal weave
    grain = rng.normal(0.0, 1.0, (width, height)).astype(np.float32)
    small = rng.normal(0.0, 1.0, (width // 4 + 2, height // 4 + 2)).astype(np.float32)
    blotch = np.repeat(np.repeat(small, 4, axis=0), 4, axis=1)[:width, :height]
    ix = np.arange(width, dtype=np.float32)[:, None]
    iy = np.arange(height, dtype=np.float32)[None, :]
    weave = np.sin((ix + iy) * 1.7) * np.sin((ix - iy) * 1.7)
    texture = grain * 3.2 + blotch * 1.6 + weave * 1.4
    pixels = base + texture[..., None] * np.array((0.55, 1.0, 0.7), dtype=np.float32)
    return np.clip(pixels, 0, 255).astype(np.uint8)


_SURFACES: dict[tuple[int, int], pygame.Surface] = {}


def felt(size: tuple[int, int], seed: int = 7) -> pygame.Surface:
    """The felt background for a window of ``size`` (cached; do not draw on it)."""
    size = (max(1, int(size[0])), max(1, int(size[1])))
    surface = _SURFACES.get(size)
    if surface is None:
        surface = pygame.surfarray.make_surface(_felt_pixels(size[0], size[1], seed))
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            surface = surface.convert()
        if len(_SURFACES) >= 3:
            _SURFACES.pop(next(iter(_SURFACES)))
        _SURFACES[size] = surface
    return surface
