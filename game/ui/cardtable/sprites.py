"""Card sprites with float positions and targets, and the layer that moves and draws them.

The layer keeps a cached picture of the board with every resting card on it, rebuilt only
when a card starts or stops moving, or the board changes; each frame it blits that picture
and draws only the cards in flight or in the hand being dragged.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

import pygame

from game.engine.cards import Card, Face
from game.ui.card_art import CardArt
from game.ui.cardtable.geometry import Spot
from game.ui.cardtable.images import CardImages
from game.ui.cardtable.tween import Tween, duration_for, ease_in_out_cubic, ease_out_cubic
from game.ui.theme import FOCUS_COLOUR, FRESH_COLOUR, SELECT_COLOUR
from game.ui.widgets.badges import seat_badge

ZONE_ORDER = {"free": 0, "group": 1, "hand": 2}
LIFT_SPEED = 900.0  # pixels a second for a selected card rising out of the hand


class SpotLayout(Protocol):
    """A layout as the sprites see it: where each card on show goes (both tables' layouts)."""

    @property
    def spots(self) -> Mapping[Card, Spot]: ...


@dataclass
class Origin:
    """Where a card that was not on screen comes from."""

    x: float
    y: float
    w: int
    h: int
    face_down: bool = False  # shows its back for the first part of the flight
    delay: float = 0.0


class CardSprite:
    __slots__ = ("card", "x", "y", "w", "h", "tw", "th", "spot", "tween", "back_until",
                 "lift", "lift_target", "dragging", "selected", "fresh", "focused", "shown",
                 "face_up", "order", "leaving", "mark")

    def __init__(self, card: Card, spot: Spot) -> None:
        self.card = card
        self.spot = spot
        self.x, self.y = float(spot.x), float(spot.y)
        self.w, self.h = spot.w, spot.h
        self.tw, self.th = spot.w, spot.h
        self.tween: Tween | None = None
        self.back_until = 0.0
        self.lift = 0.0
        self.lift_target = 0.0
        self.dragging = False
        self.selected = False
        self.fresh = False
        self.focused = False
        self.shown: Face | None = None  # the card a joker plays
        self.face_up = spot.face_up
        self.order = 0  # draw order among moving sprites
        #: a seat's mark on the card: (colour, "new" from its hand or "moved" by it, number)
        self.mark: SeatMark | None = None

    # --- state

    @property
    def resting(self) -> bool:
        return self.tween is None and not self.dragging and self.lift == self.lift_target

    @property
    def rect(self) -> pygame.Rect:
        return pygame.Rect(round(self.x), round(self.y - self.lift), self.w, self.h)

    @property
    def target(self) -> tuple[float, float]:
        return self.spot.x, self.spot.y

    def pick_up(self) -> None:
        """The card leaves its spot to follow the mouse (out of the hand row's lift)."""
        self.dragging = True
        self.lift = self.lift_target = 0.0

    def hold_at(self, x: float, y: float) -> None:
        """The card, dragged, is at ``(x, y)``: where the mouse holds it."""
        self.x, self.y = x, y

    def put_down(self) -> None:
        """The card stops following the mouse (it goes to its spot)."""
        self.dragging = False

    def visual_key(self) -> tuple[Any, ...]:
        return (self.selected, self.fresh, self.focused, self.shown, self.face_up, self.mark)

    def slide_to(self, spot: Spot, speed: float, delay: float = 0.0,
                 back_until: float = 0.0, arc: float = 0.0,
                 duration: float | None = None) -> None:
        self.spot = spot
        self.tw, self.th = spot.w, spot.h
        if (self.x, self.y) == (spot.x, spot.y) and (self.w, self.h) == (spot.w, spot.h) \
                and self.tween is None:
            return
        distance = ((spot.x - self.x) ** 2 + (spot.y - self.y) ** 2) ** 0.5
        ease = ease_out_cubic if distance < 80 else ease_in_out_cubic
        time = duration_for(distance, speed) if duration is None else duration
        self.tween = Tween((self.x, self.y), (spot.x, spot.y), time, delay, ease, arc)
        self.back_until = back_until

    def snap(self, spot: Spot) -> None:
        self.spot = spot
        self.x, self.y = float(spot.x), float(spot.y)
        self.w, self.h = self.tw, self.th = spot.w, spot.h
        self.tween = None
        self.back_until = 0.0

    def update(self, dt: float) -> None:
        if self.tween is not None:
            self.x, self.y = self.tween.advance(dt)
            if self.tween.progress >= 0.5:
                self.w, self.h = self.tw, self.th
            if self.tween.done:
                self.x, self.y = self.tween.end
                self.w, self.h = self.tw, self.th
                self.tween = None
                self.back_until = 0.0
        if self.lift != self.lift_target:
            step = LIFT_SPEED * dt
            if abs(self.lift_target - self.lift) <= step:
                self.lift = self.lift_target
            else:
                self.lift += step if self.lift_target > self.lift else -step

    def showing_back(self) -> bool:
        if not self.face_up:
            return True
        return self.tween is not None and self.tween.progress < self.back_until


class SpriteLayer:
    """All card sprites of the scene."""

    def __init__(self, art: Callable[[], CardArt]) -> None:
        self._art = art
        self.sprites: dict[Card, CardSprite] = {}
        self.ghosts: list[CardSprite] = []
        self._static: pygame.Surface | None = None
        self._static_key: tuple[Any, ...] | None = None
        self._rest_state: dict[Card, tuple[Any, ...]] = {}
        self._counter = 0
        self._groups: OrderedDict[tuple[Any, ...], pygame.Surface] = OrderedDict()
        self.images = CardImages(art)
        self.rebuilds = 0  # how often the cached picture was redrawn (benchmark figure)

    @property
    def art(self) -> CardArt:
        return self._art()

    # --- syncing with the layout

    def sync(self, layout: SpotLayout, shown: Mapping[Card, Face], speed: float,
             origin: Callable[[Card, Spot], Origin | None], snap: bool = False,
             stagger: float = 0.0) -> list[CardSprite]:
        """Give every card of ``layout`` a sprite sliding to its spot (``snap``: jump there);
        sprites of cards no longer shown are dropped. Returns the sprites that move."""
        moved: list[CardSprite] = []
        keep = layout.spots
        for card in [c for c in self.sprites if c not in keep]:
            del self.sprites[card]
        delay = 0.0
        for card, spot in keep.items():
            sprite = self.sprites.get(card)
            if sprite is None:
                sprite = CardSprite(card, spot)
                self.sprites[card] = sprite
                start = None if snap else origin(card, spot)
                if start is not None:
                    sprite.x, sprite.y, sprite.w, sprite.h = start.x, start.y, start.w, start.h
                    sprite.face_up = spot.face_up
                    sprite.slide_to(spot, speed, start.delay + delay,
                                    0.45 if start.face_down else 0.0, arc=0.0)
                    delay += stagger
                    moved.append(sprite)
            elif snap:
                sprite.snap(spot)
            elif (spot.x, spot.y, spot.w, spot.h) != (sprite.spot.x, sprite.spot.y,
                                                      sprite.spot.w, sprite.spot.h) \
                    or sprite.tween is not None or (sprite.x, sprite.y) != (spot.x, spot.y):
                if not sprite.dragging:
                    sprite.slide_to(spot, speed)
                    moved.append(sprite)
                else:
                    sprite.spot = spot
            else:  # in place already, but maybe of another meld or slot now: the picture
                sprite.spot = spot  # draws a meld's cards together, in slot order
            sprite.face_up = spot.face_up
            sprite.shown = shown.get(card) if card.is_joker else None
        for sprite in moved:
            self._counter += 1
            sprite.order = self._counter
        return moved

    def fly_ghost(self, card: Card, start: Origin, end: tuple[float, float],
                  size: tuple[int, int], speed: float, delay: float = 0.0) -> CardSprite:
        """A face-down card flying from ``start`` to ``end`` and then vanishing (a draw into
        another player's hand)."""
        spot = Spot(end[0], end[1], size[0], size[1], "ghost", face_up=False)
        ghost = CardSprite(card, Spot(start.x, start.y, start.w, start.h, "ghost",
                                      face_up=False))
        ghost.slide_to(spot, speed, delay)
        self._counter += 1
        ghost.order = self._counter
        self.ghosts.append(ghost)
        return ghost

    # --- per frame

    def update(self, dt: float) -> None:
        for sprite in self.sprites.values():
            if not sprite.resting:
                sprite.update(dt)
        if self.ghosts:
            for ghost in self.ghosts:
                ghost.update(dt)
            self.ghosts = [g for g in self.ghosts if g.tween is not None]

    @property
    def busy(self) -> bool:
        """Is any card still moving (not counting drag)?"""
        return bool(self.ghosts) or any(s.tween is not None for s in self.sprites.values())

    def hit(self, pos: tuple[float, float]) -> CardSprite | None:
        """The topmost card under ``pos``."""
        best: CardSprite | None = None
        best_key: tuple[Any, ...] = ()
        for sprite in self.sprites.values():
            if sprite.dragging or not sprite.rect.collidepoint(pos):
                continue
            key = self._z(sprite)
            if best is None or key > best_key:
                best, best_key = sprite, key
        return best

    def hand_card_near(self, pos: tuple[float, float], slack: int) -> CardSprite | None:
        """The face-up hand card nearest ``pos`` when ``pos`` lies within ``slack`` pixels
        of it (a press just beside a card, in the gap between two, means that card)."""
        best: CardSprite | None = None
        best_gap = slack + 1.0
        for sprite in self.sprites.values():
            if sprite.dragging or sprite.spot.zone != "hand" or not sprite.face_up:
                continue
            rect = sprite.rect
            gap = max(rect.left - pos[0], pos[0] - rect.right + 1, 0.0,
                      rect.top - pos[1], pos[1] - rect.bottom + 1)
            if gap < best_gap:
                best, best_gap = sprite, gap
        return best

    def touched(self, area: pygame.Rect) -> list[tuple[CardSprite, list[pygame.Rect]]]:
        """The cards (not dragged ones) of which some visible part lies in ``area``, each
        with its visible parts (what no card drawn over it hides): a card whose corner of
        ``area`` is all under other cards is not touched."""
        shown = [(s, s.rect, self._z(s)) for s in self.sprites.values() if not s.dragging]
        touched = []
        for sprite, rect, z in shown:
            if not rect.colliderect(area):
                continue
            pieces = [rect]
            for _other, above, other_z in shown:
                if other_z > z and above.colliderect(rect):
                    pieces = [rest for piece in pieces for rest in _minus(piece, above)]
            if any(piece.colliderect(area) for piece in pieces):
                touched.append((sprite, pieces))
        return touched

    def _z(self, sprite: CardSprite) -> tuple[Any, ...]:
        if sprite.dragging:
            return (3, sprite.order)
        if not sprite.resting:
            return (2, sprite.order)
        return (0, ZONE_ORDER.get(sprite.spot.zone, 0), sprite.spot.y, sprite.spot.x)

    def draw(self, surface: pygame.Surface, board: pygame.Surface, board_version: int,
             overlay: Callable[[pygame.Surface], None] | None = None) -> None:
        """Blit the board and resting cards (cached), then ``overlay``, then moving cards."""
        if self.images.begin_frame():
            self._static = None
            self._groups.clear()
        resting = [s for s in self.sprites.values() if s.resting]
        state = {s.card: (s.x, s.y, s.w, s.h, s.lift) + s.visual_key() for s in resting}
        key = (board_version, surface.get_size())
        static = self._static
        if static is None or key != self._static_key or state != self._rest_state:
            static = self._rebuild(board, resting, surface.get_size())
            self._static_key = key
            self._rest_state = state
        surface.blit(static, (0, 0))
        if overlay is not None:
            overlay(surface)
        moving = [s for s in self.sprites.values() if not s.resting]
        for group, members in self._moving_units(moving).items():
            image, (ox, oy) = self._group_surface(members, at_spots=True)
            first = members[0]
            dx, dy = first.x - first.spot.x, first.y - first.spot.y
            surface.blit(image, (round(ox + dx), round(oy + dy)))
            moving = [s for s in moving if s.spot.group != group or s.spot.zone != "group"]
        moving += self.ghosts
        moving.sort(key=self._z)
        for sprite in moving:
            self._draw_card(surface, sprite, lifted=sprite.dragging or sprite.tween is not None)
        if self.images.refine():
            self._static = None
            self._groups.clear()

    def _moving_units(self, moving: list[CardSprite]) -> dict[int, list[CardSprite]]:
        """Melds whose every card slides by the same offset (a row reflowing): each is drawn
        as one picture."""
        by_group: dict[int, list[CardSprite]] = {}
        for sprite in moving:
            if sprite.spot.zone == "group" and sprite.spot.group is not None:
                by_group.setdefault(sprite.spot.group, []).append(sprite)
        units: dict[int, list[CardSprite]] = {}
        for group, members in by_group.items():
            first = members[0]
            dx, dy = round(first.x - first.spot.x), round(first.y - first.spot.y)
            whole = sum(1 for s in self.sprites.values()
                        if s.spot.zone == "group" and s.spot.group == group)
            if len(members) != whole or len(members) < 2:
                continue
            if all(not s.dragging and not s.showing_back() and s.lift == 0
                   and (s.w, s.h) == (s.spot.w, s.spot.h)
                   and (round(s.x - s.spot.x), round(s.y - s.spot.y)) == (dx, dy)
                   for s in members):
                units[group] = sorted(members, key=lambda s: s.spot.slot)
        return units

    def _group_surface(self, members: list[CardSprite],
                       at_spots: bool = False) -> tuple[pygame.Surface, tuple[float, float]]:
        """One picture of a meld's cards (with their shadows), cached; and where it goes."""
        def where(s: CardSprite) -> tuple[float, float]:
            return (s.spot.x, s.spot.y) if at_spots else (s.x, s.y - s.lift)

        x0 = min(where(s)[0] for s in members)
        y0 = min(where(s)[1] for s in members)
        key = tuple((s.card, round(where(s)[0] - x0), round(where(s)[1] - y0), s.w, s.h)
                    + s.visual_key() for s in members)
        margin = self.art.glow_spread((members[0].w, members[0].h)) + 4
        cached = self._groups.get(key)
        if cached is None:
            right = max(where(s)[0] + s.w for s in members)
            bottom = max(where(s)[1] + s.h for s in members)
            size = (round(right - x0) + 2 * margin, round(bottom - y0) + 2 * margin)
            cached = pygame.Surface(size, pygame.SRCALPHA)
            for s in members:
                px, py = where(s)
                self._draw_card(cached, s, lifted=False,
                                at=(round(px - x0) + margin, round(py - y0) + margin))
            self._groups[key] = cached
            while len(self._groups) > 64:
                self._groups.popitem(last=False)
        else:
            self._groups.move_to_end(key)
        return cached, (x0 - margin, y0 - margin)

    def _rebuild(self, board: pygame.Surface, resting: Iterable[CardSprite],
                 size: tuple[int, int]) -> pygame.Surface:
        """Draw ``board`` and the ``resting`` cards into the cached picture, and return it."""
        self.rebuilds += 1
        static = self._static
        if static is None or static.get_size() != size:
            static = pygame.Surface(size).convert() if pygame.display.get_surface() \
                else pygame.Surface(size)
            self._static = static
        static.blit(board, (0, 0))
        groups: dict[int, list[CardSprite]] = {}
        singles: list[CardSprite] = []
        for sprite in sorted(resting, key=self._z):
            if sprite.spot.zone == "group" and sprite.spot.group is not None:
                groups.setdefault(sprite.spot.group, []).append(sprite)
            else:
                singles.append(sprite)
        for sprite in (s for s in singles if s.spot.zone == "free"):
            self._draw_card(static, sprite, lifted=False)
        for members in groups.values():
            image, (x, y) = self._group_surface(members)
            static.blit(image, (round(x), round(y)))
        for sprite in (s for s in singles if s.spot.zone != "free"):
            self._draw_card(static, sprite, lifted=False)
        return static

    def _draw_card(self, surface: pygame.Surface, sprite: CardSprite, lifted: bool,
                   at: tuple[int, int] | None = None) -> None:
        art = self.art
        size = (sprite.w, sprite.h)
        x, y = at if at is not None else (round(sprite.x), round(sprite.y - sprite.lift))
        if sprite.fresh and not lifted:
            spread = art.glow_spread(size)
            surface.blit(art.glow(size, FRESH_COLOUR), (x - spread, y - spread))
        spread = max(2, art.glow_spread(size) // (1 if lifted else 2))
        offset = spread // 2 + (4 if lifted else 0)
        surface.blit(art.shadow(size, spread, 150 if lifted else 90),
                     (x - spread + offset // 2, y - spread + offset))
        image = self.images.image(sprite.card, sprite.shown, size, sprite.showing_back())
        surface.blit(image, (x, y))
        if sprite.selected:
            surface.blit(art.highlight(size, SELECT_COLOUR, 70), (x, y))
        if sprite.fresh:
            surface.blit(art.outline(size, FRESH_COLOUR), (x, y))
        if sprite.focused:
            surface.blit(art.outline(size, FOCUS_COLOUR, max(3, sprite.w // 16)), (x, y))
        if sprite.mark is not None and not sprite.showing_back():
            draw_mark(surface, sprite.mark, (x, y), size)


def _minus(rect: pygame.Rect, cut: pygame.Rect) -> list[pygame.Rect]:
    """What is left of ``rect`` once ``cut`` is taken away, as up to four rectangles."""
    if not rect.colliderect(cut):
        return [rect]
    inner = rect.clip(cut)
    pieces = [pygame.Rect(rect.x, rect.y, rect.width, inner.top - rect.top),
              pygame.Rect(rect.x, inner.bottom, rect.width, rect.bottom - inner.bottom),
              pygame.Rect(rect.x, inner.top, inner.left - rect.left, inner.height),
              pygame.Rect(inner.right, inner.top, rect.right - inner.right, inner.height)]
    return [piece for piece in pieces if piece.width > 0 and piece.height > 0]


#: a seat's mark on a card: its colour, "new" (from its hand) or "moved", and its number
SeatMark = tuple[tuple[int, int, int], str, str]


def draw_mark(surface: pygame.Surface, mark: SeatMark, at: tuple[int, int],
              size: tuple[int, int]) -> None:
    """A seat's mark on a card, low on its left edge (the part a meld leaves in view): the
    seat's shape (``theme.seat_shape``) holding its number, filled for a card new from the
    hand, hollow for a table card moved (so no one needs the colour to tell the seats or
    the kinds apart); with a dark edge and a bar of the colour along the card's foot."""
    colour, kind, label = mark
    w, h = size
    x, y = at
    r = max(8, round(w * 0.14))  # its number 12 px high even on the smallest cards
    cx, cy = x + max(r + 4, w // 6), y + h - r - max(6, h // 9)
    pygame.draw.rect(surface, colour, (x + 3, y + h - max(3, h // 28) - 2, max(6, w // 3),
                                       max(3, h // 28)), border_radius=2)
    seat_badge(surface, (cx, cy), r, colour, label, diamond=kind != "new")
