"""Render the app icon (three fanned cards on green felt) into assets/icons/.

Writes ``icon-<N>.png`` for N in 16, 32, 48, 64, 128, 256, 512 and
``machiavelli.ico`` (PNG-compressed entries 16-256, valid for Windows Vista and
later; pygame cannot write .ico, so the container is written here with ``struct``).
The same design, written by hand as SVG, is ``assets/icons/machiavelli.svg``; the
shapes below use the SVG's coordinates (a 512 x 512 view box).

Usage (from the repository root)::

    python assets/make_icons.py            # writes assets/icons/
    python assets/make_icons.py OUT_DIR

Runs headless (``SDL_VIDEODRIVER=dummy`` is set if no driver is chosen).
"""

from __future__ import annotations

import math
import os
import struct
import sys
from collections.abc import Sequence
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import numpy as np  # noqa: E402
import pygame  # noqa: E402

SIZES = (16, 32, 48, 64, 128, 256, 512)
ICO_SIZES = (16, 32, 48, 64, 128, 256)
MASTER = 2048  # drawing resolution; every PNG is reduced from it
VIEW = 512.0  # the SVG view box

Point = tuple[float, float]

# --------------------------------------------------------------------------- the design
# (all numbers in view-box units, matching machiavelli.svg)

TILE = (16.0, 16.0, 480.0, 480.0)  # rounded square of felt
TILE_RADIUS = 96.0
FELT_CENTRE = (60, 150, 92)  # radial gradient, centre -> edge
FELT_EDGE = (12, 70, 40)
TILE_STROKE = (8, 48, 27)
TILE_STROKE_W = 8.0

CARD_W, CARD_H, CARD_R = 172.0, 240.0, 20.0
CARD_FILL = (253, 252, 247)
CARD_STROKE = (134, 130, 118)
CARD_STROKE_W = 4.0
PIVOT = (256.0, 470.0)  # the fan turns about this point
CARD_CENTRE = (256.0, 250.0)  # the middle card's centre, before turning
RED = (204, 24, 44)
BLACK = (26, 26, 32)

# (turn in degrees, suit, colour, pip centre in card coordinates, pip size); drawn in order
CARDS = (
    (-24.0, "H", RED, (-30.0, -58.0), 58.0),
    (24.0, "D", RED, (30.0, -58.0), 58.0),
    (0.0, "S", BLACK, (0.0, -6.0), 84.0),
)

# Suit outlines in a unit box (x, y in -1..1, y down), as SVG path commands:
# ("M", x, y), ("C", x1, y1, x2, y2, x, y), ("Q", x1, y1, x, y), ("L", x, y).
HEART = (
    ("M", 0.0, 0.95),
    ("C", -0.38, 0.62, -1.0, 0.22, -1.0, -0.33),
    ("C", -1.0, -0.74, -0.7, -0.98, -0.48, -0.98),
    ("C", -0.24, -0.98, -0.07, -0.82, 0.0, -0.6),
    ("C", 0.07, -0.82, 0.24, -0.98, 0.48, -0.98),
    ("C", 0.7, -0.98, 1.0, -0.74, 1.0, -0.33),
    ("C", 1.0, 0.22, 0.38, 0.62, 0.0, 0.95),
)
SPADE = (
    ("M", 0.0, -1.0),
    ("C", -0.36, -0.62, -0.96, -0.3, -0.96, 0.2),
    ("C", -0.96, 0.55, -0.68, 0.74, -0.44, 0.74),
    ("C", -0.26, 0.74, -0.12, 0.64, -0.06, 0.52),
    ("Q", -0.1, 0.82, -0.38, 1.0),
    ("L", 0.38, 1.0),
    ("Q", 0.1, 0.82, 0.06, 0.52),
    ("C", 0.12, 0.64, 0.26, 0.74, 0.44, 0.74),
    ("C", 0.68, 0.74, 0.96, 0.55, 0.96, 0.2),
    ("C", 0.96, -0.3, 0.36, -0.62, 0.0, -1.0),
)
DIAMOND = (
    ("M", 0.0, -1.0),
    ("Q", 0.32, -0.42, 0.74, 0.0),
    ("Q", 0.32, 0.42, 0.0, 1.0),
    ("Q", -0.32, 0.42, -0.74, 0.0),
    ("Q", -0.32, -0.42, 0.0, -1.0),
)
SUIT_PATHS = {"H": HEART, "S": SPADE, "D": DIAMOND}


def flatten(path: Sequence[tuple], steps: int = 24) -> list[Point]:
    """The outline of an SVG-style path as a polygon."""
    pts: list[Point] = []
    cur = (0.0, 0.0)
    for cmd, *a in path:
        if cmd == "M" or cmd == "L":
            cur = (a[0], a[1])
            pts.append(cur)
        elif cmd == "Q":
            p0, p1, p2 = cur, (a[0], a[1]), (a[2], a[3])
            for i in range(1, steps + 1):
                t = i / steps
                u = 1 - t
                pts.append(
                    (
                        u * u * p0[0] + 2 * u * t * p1[0] + t * t * p2[0],
                        u * u * p0[1] + 2 * u * t * p1[1] + t * t * p2[1],
                    )
                )
            cur = p2
        elif cmd == "C":
            p0, p1, p2, p3 = cur, (a[0], a[1]), (a[2], a[3]), (a[4], a[5])
            for i in range(1, steps + 1):
                t = i / steps
                u = 1 - t
                pts.append(
                    (
                        u**3 * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t**3 * p3[0],
                        u**3 * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t**3 * p3[1],
                    )
                )
            cur = p3
        else:
            raise ValueError(f"unknown path command {cmd!r}")
    return pts


def rounded_rect(x: float, y: float, w: float, h: float, r: float, steps: int = 12) -> list[Point]:
    """A rounded rectangle as a polygon (so it can be turned)."""
    pts: list[Point] = []
    corners = ((x + w - r, y + r, -90), (x + w - r, y + h - r, 0), (x + r, y + h - r, 90))
    corners += ((x + r, y + r, 180),)
    for cx, cy, start in corners:
        for i in range(steps + 1):
            ang = math.radians(start + 90 * i / steps)
            pts.append((cx + r * math.cos(ang), cy + r * math.sin(ang)))
    return pts


def turn(points: Sequence[Point], degrees: float, about: Point) -> list[Point]:
    a = math.radians(degrees)
    ca, sa = math.cos(a), math.sin(a)
    ox, oy = about
    return [
        (ox + (x - ox) * ca - (y - oy) * sa, oy + (x - ox) * sa + (y - oy) * ca) for x, y in points
    ]


# --------------------------------------------------------------------------- drawing


def felt(size: int) -> pygame.Surface:
    """The felt tile: a radial gradient clipped to a rounded square, with a dark rim."""
    k = size / VIEW
    yy, xx = np.mgrid[0:size, 0:size].astype(np.float32)
    cx, cy = 256 * k, 220 * k
    d = np.clip(np.hypot(xx - cx, yy - cy) / (300 * k), 0.0, 1.0) ** 1.3
    rgb = np.empty((size, size, 3), np.float32)
    for i in range(3):
        rgb[..., i] = FELT_CENTRE[i] + (FELT_EDGE[i] - FELT_CENTRE[i]) * d
    tile = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.surfarray.blit_array(tile, rgb.transpose(1, 0, 2).astype(np.uint8))
    mask = pygame.Surface((size, size), pygame.SRCALPHA)
    x, y, w, h = (v * k for v in TILE)
    pygame.draw.rect(
        mask, (255, 255, 255, 255), pygame.Rect(x, y, w, h), border_radius=round(TILE_RADIUS * k)
    )
    tile.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    pygame.draw.rect(
        tile,
        TILE_STROKE,
        pygame.Rect(x, y, w, h),
        max(1, round(TILE_STROKE_W * k)),
        border_radius=round(TILE_RADIUS * k),
    )
    return tile


def draw_icon(size: int = MASTER, bold: float = 1.0, pips: float = 1.0) -> pygame.Surface:
    """The icon at ``size`` px; ``bold`` > 1 thickens the lines and ``pips`` > 1 enlarges
    the suit signs, for tiny sizes."""
    k = size / VIEW
    surf = felt(size)
    for degrees, suit, colour, (px, py), pip in CARDS:
        cx, cy = CARD_CENTRE
        card = rounded_rect(cx - CARD_W / 2, cy - CARD_H / 2, CARD_W, CARD_H, CARD_R)
        card = turn(card, degrees, PIVOT)
        scaled = [(x * k, y * k) for x, y in card]
        # soft shadow on the felt (blurred at a quarter of the size, which is plenty)
        q = max(1, size // 4)
        shadow = pygame.Surface((q, q), pygame.SRCALPHA)
        shadow.fill((0, 0, 0, 0))
        offset = [((x + 6 * k) * q / size, (y + 8 * k) * q / size) for x, y in scaled]
        pygame.draw.polygon(shadow, (0, 0, 0, 70), offset)
        shadow = pygame.transform.gaussian_blur(shadow, max(1, round(6 * k * q / size)))
        surf.blit(pygame.transform.smoothscale(shadow, (size, size)), (0, 0))
        pygame.draw.polygon(surf, CARD_FILL, scaled)
        width = max(1, round(CARD_STROKE_W * bold * k))
        pygame.draw.lines(surf, CARD_STROKE, True, scaled, width)
        for x, y in scaled:  # round the stroke's joins
            pygame.draw.circle(surf, CARD_STROKE, (x, y), width / 2)
        outline = flatten(SUIT_PATHS[suit])
        half = pip * pips / 2
        shape = [(cx + px + x * half, cy + py + y * half) for x, y in outline]
        shape = turn(shape, degrees, PIVOT)
        pygame.draw.polygon(surf, colour, [(x * k, y * k) for x, y in shape])
    return surf


_drawn: dict[tuple[int, float, float], pygame.Surface] = {}


def render(size: int) -> pygame.Surface:
    """The icon reduced to ``size`` px from the large drawing (bolder lines when tiny)."""
    bold = 2.2 if size <= 16 else 1.6 if size <= 32 else 1.0
    pips = 1.3 if size <= 32 else 1.0
    key = (MASTER if size > 64 else 1024, bold, pips)
    if key not in _drawn:
        _drawn[key] = draw_icon(*key)
    master = _drawn[key]
    if master.get_width() == size:
        return master
    return pygame.transform.smoothscale(master, (size, size))


def write_ico(path: Path, pngs: dict[int, bytes]) -> None:
    """An .ico file whose images are PNGs (allowed since Windows Vista)."""
    sizes = sorted(pngs)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    entries = b""
    blobs = b""
    for s in sizes:
        data = pngs[s]
        dim = 0 if s >= 256 else s
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
        blobs += data
    path.write_bytes(header + entries + blobs)


def make_all(out_dir: Path) -> list[Path]:
    """Write every PNG and the .ico into ``out_dir``; returns the files written."""
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    pngs: dict[int, bytes] = {}
    for size in SIZES:
        path = out_dir / f"icon-{size}.png"
        pygame.image.save(render(size), str(path))
        written.append(path)
        if size in ICO_SIZES:
            pngs[size] = path.read_bytes()
    ico = out_dir / "machiavelli.ico"
    write_ico(ico, pngs)
    written.append(ico)
    return written


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    out_dir = Path(args[0]) if args else Path(__file__).resolve().parent / "icons"
    pygame.init()
    try:
        for path in make_all(out_dir):
            print(f"{path}  {path.stat().st_size:>7} bytes")
    finally:
        pygame.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
