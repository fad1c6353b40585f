"""The green felt: a radial light pool with a vignette and a fine woven grain, made with numpy
once per window size and cached. The grain is a small seamless tile repeated; the light is
computed at a low resolution and smoothly scaled up."""

from __future__ import annotations

from functools import lru_cache

import numpy as np
import pygame

from game.ui.theme import RGB, table_felt_colours

TILE = 192
LIGHT_SCALE = 8


def _normal(seed: int, stream: int, shape: tuple[int, int]) -> np.ndarray:
    """Standard normal noise of ``shape``, the same for the same seed and stream on any
    machine: splitmix64 over the cell indices, then Box-Muller. Written here rather than
    drawn from ``numpy.random``, which the bundle leaves out (2.7 MB for this one use)."""
    count = shape[0] * shape[1]
    with np.errstate(over="ignore"):  # the hash wraps around 2**64 on purpose
        x = np.arange(2 * count, dtype=np.uint64)
        x += np.uint64((seed * 0x9E3779B97F4A7C15 + stream * 0xD1B54A32D192ED03)
                       % (1 << 64))
        x ^= x >> np.uint64(30)
        x *= np.uint64(0xBF58476D1CE4E5B9)
        x ^= x >> np.uint64(27)
        x *= np.uint64(0x94D049BB133111EB)
        x ^= x >> np.uint64(31)
    uniform = ((x >> np.uint64(11)).astype(np.float64) + 0.5) * (1.0 / (1 << 53))
    radius = np.sqrt(-2.0 * np.log(uniform[:count]))
    normal = radius * np.cos(2.0 * np.pi * uniform[count:])
    return normal.reshape(shape).astype(np.float32)


def felt_noise(seed: int) -> float:
    """One value of the felt's noise (the bundle check prints it: numpy works frozen)."""
    return float(_normal(seed, 0, (1, 1))[0, 0])


@lru_cache(maxsize=2)
def _grain(seed: int) -> np.ndarray:
    """A seamless tile of signed grain (pixels x 3 channels), mean zero."""
    grain = _normal(seed, 1, (TILE, TILE))
    small = _normal(seed, 2, (TILE // 4, TILE // 4))
    blotch = np.repeat(np.repeat(small, 4, axis=0), 4, axis=1)
    ix = np.arange(TILE, dtype=np.float32)[:, None]
    iy = np.arange(TILE, dtype=np.float32)[None, :]
    period = 2 * np.pi * 48 / TILE  # whole periods across the tile: seamless
    weave = np.sin((ix + iy) * period) * np.sin((ix - iy) * period)
    texture = grain * 3.2 + blotch * 1.6 + weave * 1.4
    tinted: np.ndarray = (texture[..., None] * np.array((0.55, 1.0, 0.7), dtype=np.float32))
    return tinted.astype(np.int16)


def _light(width: int, height: int, colours: tuple[RGB, RGB]) -> pygame.Surface:
    centre = np.array(colours[0], dtype=np.float32)
    edge = np.array(colours[1], dtype=np.float32)
    w, h = max(2, width // LIGHT_SCALE), max(2, height // LIGHT_SCALE)
    ys = np.linspace(-1.0, 1.0, h, dtype=np.float32)[None, :]
    xs = np.linspace(-1.0, 1.0, w, dtype=np.float32)[:, None]
    aspect = width / max(1, height)
    dist = np.sqrt((xs * aspect / 1.6) ** 2 + ((ys + 0.15) / 1.15) ** 2)
    k = np.clip(dist, 0.0, 1.25) / 1.25
    k = k * k * (3 - 2 * k)
    base = centre[None, None, :] * (1 - k[..., None]) + edge[None, None, :] * k[..., None]
    small = pygame.surfarray.make_surface(base.astype(np.uint8))
    return pygame.transform.smoothscale(small, (width, height))


def _felt_surface(width: int, height: int, seed: int,
                  colours: tuple[RGB, RGB]) -> pygame.Surface:
    surface = _light(width, height, colours)
    pixels = pygame.surfarray.pixels3d(surface)
    grain = _grain(seed)
    for x in range(0, width, TILE):
        for y in range(0, height, TILE):
            block = pixels[x:x + TILE, y:y + TILE]
            bw, bh = block.shape[0], block.shape[1]
            block[...] = np.clip(block.astype(np.int16) + grain[:bw, :bh], 0, 255)
    del pixels
    return surface


_SURFACES: dict[tuple[tuple[int, int], tuple[RGB, RGB]], pygame.Surface] = {}


def felt(size: tuple[int, int], seed: int = 7) -> pygame.Surface:
    """The felt background for a window of ``size`` (cached; do not draw on it)."""
    size = (max(1, int(size[0])), max(1, int(size[1])))
    colours = table_felt_colours()  # the high-contrast felt is darker
    surface = _SURFACES.get((size, colours))
    if surface is None:
        surface = _felt_surface(size[0], size[1], seed, colours)
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            surface = surface.convert()
        if len(_SURFACES) >= 3:
            _SURFACES.pop(next(iter(_SURFACES)))
        _SURFACES[(size, colours)] = surface
    return surface
