"""The board picture: felt, sidebar, meld mats, opponents, stock, game facts, scores and the
hand's rail. Drawn once and cached until something on it changes."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from game.engine.scoring import points_text
from game.i18n import _, ngettext
from game.ui.card_art import CardArt
from game.ui.cardtable.board_cache import BoardCache
from game.ui.cardtable.felt import felt
from game.ui.cardtable.look import KIND_WORDS
from game.ui.cardtable.overlays import draw_back_fan, draw_hand_caption
from game.ui.cardtable.text import TextCache
from game.ui.cardtable.turn_clock import tab_room
from game.ui.manipulation.layout import Layout, font_px, free_label_width, info_font_px
from game.ui.manipulation.model import SeatInfo, TableModel
from game.ui.theme import (
    BLUE,
    BOARD_BADGE_INK,
    BOARD_FREE_EDGE,
    BOARD_FREE_FILL,
    BOARD_MAT_BAD_FILL,
    BOARD_MAT_EDGE,
    BOARD_MAT_FILL,
    BOARD_REGION_EDGE,
    BOARD_REGION_FILL,
    BOARD_SLOT_EDGE,
    CREAM,
    GOLD,
    GOLD_LIGHT,
    GOLD_TAG_TEXT,
    PALE_RED,
    RED,
    TABLE_EMPTY_DASH,
    TABLE_INFO_EDGE,
    TABLE_INFO_FILL,
    TABLE_MUTED,
    TABLE_PLACEHOLDER_TEXT,
    TABLE_RAIL_EDGE,
    TABLE_RAIL_FILL,
    TABLE_SEAT_EDGE,
    TABLE_SEAT_FILL,
    TABLE_SEAT_LIT_FILL,
    TABLE_SIDE_FILL,
    TABLE_SIDE_LINE,
    seat_colour,
    seat_label,
)
from game.ui.widgets.badges import dashed_rect, panel, seat_badge


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
    watching: str = ""  # "Watching: Eve, Tom" at a network table spectators watch



class Board(BoardCache):
    """The manipulation table's board picture (see the module)."""

    def __init__(self, text: TextCache, art: Callable[[], CardArt]) -> None:
        super().__init__(text, art)
        self._seats: dict[tuple[Any, ...], pygame.Surface] = {}
        self._chrome_surface: pygame.Surface | None = None
        self._chrome_key: object = None
        self._mats: dict[tuple[Any, ...], pygame.Surface] = {}

    # --- the board (cached)

    def board(self, layout: Layout, model: TableModel, facts: Facts) -> pygame.Surface:
        """The board picture; redrawn only when something on it changed."""
        full_key = (id(self._art()), layout.size, facts, model.seats, model.stock,
                    model.hidden_hand,
                    tuple((b.rect.topleft, b.rect.size, b.valid) for b in layout.groups),
                    frozen_groups(model),
                    tuple(tuple(r) for r in layout.new_melds),
                    tuple(layout.free_rect) if layout.free_rect else None,
                    tuple(tuple(r) for _, r in layout.regions))
        return self._cached_board(full_key, lambda: self._draw_board(layout, model, facts))

    def _chrome(self, layout: Layout) -> pygame.Surface:
        """The felt with what depends only on the window's geometry: the sidebar, the hand's
        rail and the sets / runs regions (cached)."""
        w, h = layout.hand_card
        rail = pygame.Rect(layout.hand.x, layout.hand.bottom - h - 10, layout.hand.width,
                           h + 10 + layout.margin // 2)
        key = (layout.size, tuple(layout.sidebar), tuple(rail),
               tuple((name, tuple(rect)) for name, rect in layout.regions))
        if self._chrome_key != key or self._chrome_surface is None:
            surface = felt(layout.size).copy()
            side = layout.sidebar
            panel(surface, side, TABLE_SIDE_FILL)
            edge = side.x if side.x > 0 else side.right - 1  # the side facing the felt
            pygame.draw.line(surface, TABLE_SIDE_LINE, (edge, side.y), (edge, side.bottom), 1)
            panel(surface, rail, TABLE_RAIL_FILL, TABLE_RAIL_EDGE, 14)
            self._draw_regions(surface, layout)
            self._chrome_surface, self._chrome_key = surface, key
        return self._chrome_surface

    def _draw_board(self, layout: Layout, model: TableModel, facts: Facts) -> pygame.Surface:
        chrome = self._chrome(layout)
        if self._board is None or self._board.get_size() != chrome.get_size():
            self._board = chrome.copy()
        else:
            self._board.blit(chrome, (0, 0))
        surface = self._board
        self._draw_mats(surface, layout, model, facts)
        for info in model.others:
            rect = layout.seat_rects.get(info.seat)
            if rect is not None:
                self._draw_seat(surface, rect, info, layout.scale)
        self._draw_stock(surface, layout, model.stock)
        self._draw_info(surface, layout, facts)
        self._draw_scores(surface, layout, model)
        self._draw_hand_rail(surface, layout, model, facts)
        return surface

    def _draw_regions(self, surface: pygame.Surface, layout: Layout) -> None:
        size = font_px(layout, 0.018, 11, 16)
        for name, rect in layout.regions:
            frame = rect.inflate(layout.margin // 2, layout.margin // 2)
            panel(surface, frame, BOARD_REGION_FILL, BOARD_REGION_EDGE, 12, 1)
            label = self.text.render(name.upper(), size, TABLE_MUTED, bold=True)
            surface.blit(label, (frame.x + 8, frame.y - label.get_height() - 2))

    def _draw_mats(self, surface: pygame.Surface, layout: Layout, model: TableModel,
                   facts: Facts) -> None:
        radius = max(6, layout.table_card[0] // 9)
        frozen = frozen_groups(model)
        badge = badge_radius(layout)
        for box in layout.groups:
            surface.blit(self._mat(box.rect.size, box.valid, radius), box.rect)
            if not box.valid:
                self._badge(surface, badge_centre(layout, box.rect.topright, badge), badge,
                            "!", RED)
            if box.index in frozen:
                self._padlock(surface, badge_centre(layout, box.rect.topleft, badge), badge)
        if layout.free_rect is not None:
            panel(surface, layout.free_rect, BOARD_FREE_FILL, BOARD_FREE_EDGE, radius, 1)
            # the label lies in its own strip inside the mat, read upwards, so it never
            # reaches a meld of the next row
            rect = layout.free_rect
            strip = free_label_width(layout.table_card[0])
            size = max(9, min(strip - 3, font_px(layout, 0.016, 10, 14)))
            text = self.text.fit(_("FREE CARDS"), size, rect.height - 8, bold=True)
            tag = pygame.transform.rotate(self.text.render(text, size, GOLD_LIGHT, bold=True,
                                                           shadow=False), 90)
            surface.blit(tag, tag.get_rect(center=(rect.x + strip // 2 + 3, rect.centery)))
        if facts.your_turn:
            size = font_px(layout, 0.017, 10, 15)
            for rect in layout.new_melds:
                dashed_rect(surface, rect, BOARD_SLOT_EDGE, dash=7, width=1)
                plus = self.text.render("+", size * 2, TABLE_PLACEHOLDER_TEXT, shadow=False)
                plus.set_alpha(150)
                surface.blit(plus, plus.get_rect(center=(rect.centerx, rect.centery - size)))
                # the words shrink to the slot (a card wide) before they are cut
                px = size
                while px > 10 and self.text.font(px).size(_("New meld"))[0] > rect.width - 6:
                    px -= 1
                words = self.text.fit(_("New meld"), px, rect.width - 6)
                label = self.text.render(words, px, TABLE_PLACEHOLDER_TEXT, shadow=False)
                surface.blit(label, label.get_rect(center=(rect.centerx,
                                                           rect.centery + size)))

    def _mat(self, size: tuple[int, int], valid: bool, radius: int) -> pygame.Surface:
        key = (size, valid, radius)
        mat = self._mats.get(key)
        if mat is None:
            mat = pygame.Surface(size, pygame.SRCALPHA)
            fill = BOARD_MAT_FILL if valid else BOARD_MAT_BAD_FILL
            edge = BOARD_MAT_EDGE if valid else RED + (255,)
            panel(mat, mat.get_rect(), fill, edge, radius, 1 if valid else 3, direct=True)
            if len(self._mats) > 200:
                self._mats.clear()
            self._mats[key] = mat
        return mat

    def _padlock(self, surface: pygame.Surface, at: tuple[int, int], r: int) -> None:
        """A padlock badge on a mat's corner: the meld is frozen by its joker."""
        pygame.draw.circle(surface, BLUE, at, r)
        pygame.draw.circle(surface, BOARD_BADGE_INK, at, r, 1)
        x, y = at
        unit = r / 9  # the lock was drawn for a badge of radius 9
        body = pygame.Rect(round(x - 4 * unit), round(y - unit), round(8 * unit), round(6 * unit))
        shackle = pygame.Rect(round(x - 3 * unit), round(y - 6 * unit), round(6 * unit),
                              round(8 * unit))
        pygame.draw.arc(surface, BOARD_BADGE_INK, shackle, 0, 3.1416, max(2, round(2 * unit)))
        pygame.draw.rect(surface, BOARD_BADGE_INK, body, border_radius=1)

    def _badge(self, surface: pygame.Surface, at: tuple[int, int], r: int, text: str,
               colour: tuple[int, int, int]) -> None:
        pygame.draw.circle(surface, colour, at, r)
        pygame.draw.circle(surface, BOARD_BADGE_INK, at, r, 1)
        label = self.text.render(text, max(13, round(r * 1.45)), BOARD_BADGE_INK, bold=True,
                                 shadow=False)
        surface.blit(label, label.get_rect(center=at))

    def _draw_seat(self, surface: pygame.Surface, rect: pygame.Rect, info: SeatInfo,
                   layout_scale: float) -> None:
        key = (rect.size, info, id(self._art()), layout_scale)
        image = self._seats.get(key)
        if image is None:
            image = pygame.Surface(rect.size, pygame.SRCALPHA)
            self._paint_seat(image, image.get_rect(), info, layout_scale)
            if len(self._seats) > 24:
                self._seats.clear()
            self._seats[key] = image
        surface.blit(image, rect)

    def _paint_seat(self, surface: pygame.Surface, rect: pygame.Rect, info: SeatInfo,
                    layout_scale: float) -> None:
        art = self._art()
        current = info.current
        panel(surface, rect, TABLE_SEAT_FILL if not current else TABLE_SEAT_LIT_FILL,
              GOLD + (255,) if current else TABLE_SEAT_EDGE, 12, 3 if current else 1,
              direct=True)
        if info.revealed:  # the cards themselves lie in the box (sprites): one line above
            px = int(max(12, min(18 * layout_scale, rect.height * 0.17)))
            line = ngettext("{name} \u00b7 {cards} card left", "{name} \u00b7 {cards} cards "
                            "left", info.cards).format(
                name=info.name, cards=info.cards)
            badge = max(7, round(px * 0.6))
            left = rect.x + max(5, rect.height // 12)
            seat_badge(surface, (left + badge, rect.y + 4 + px // 2 + 1), badge,
                       seat_colour(info.seat), seat_label(info.seat))
            line = self.text.fit(line, px, rect.width - 20 - 2 * badge - 6, bold=True)
            surface.blit(self.text.render(line, px, CREAM, bold=True),
                         (left + 2 * badge + 6, rect.y + 4))
            pygame.draw.rect(surface, seat_colour(info.seat),
                             (rect.x + 14, rect.y + 3, rect.width - 28, 3), border_radius=1)
            return
        pad = max(6, rect.height // 10)
        ch = rect.height - 2 * pad
        narrow = rect.width < 230  # many opponents: the name comes first, the fan shrinks
        if narrow:
            ch = min(ch, round(rect.width * 0.3 * 1.4))
        cw = round(ch / 1.4)
        shown = min(info.cards, 3 if narrow else 7)
        step = cw * 0.13
        fan_w = cw + step * max(0, shown - 1) if shown else cw
        x0 = rect.x + pad
        draw_back_fan(surface, art, x0, rect.y + pad, (cw, ch), shown)
        if info.cards == 0:
            dashed_rect(surface, pygame.Rect(x0, rect.y + pad, cw, ch), TABLE_EMPTY_DASH, 5, 1)
        # the seat's number on its colour, over its cards: the marks it leaves carry both
        seat_badge(surface, (x0 + cw // 2, rect.y + pad + ch // 2), max(7, round(cw * 0.3)),
                   seat_colour(info.seat), seat_label(info.seat))
        tx = int(x0 + fan_w + pad)
        width = rect.right - tx - pad
        name_px = int(max(13, min(22 * layout_scale, rect.height * 0.2)))
        small_px = int(max(11, min(16 * layout_scale, rect.height * 0.145)))
        name_px = self.text.shrink(info.name, name_px, width, True, min(name_px, 13))
        name = self.text.fit(info.name, name_px, width, bold=True)
        y = rect.y + pad - 2
        surface.blit(self.text.render(name, name_px, GOLD_LIGHT if current else CREAM,
                                      bold=True), (tx, y))
        y += int(name_px * 1.35)
        if current:  # the thinking (or turn timer's) tab sits at the right of these lines
            width = max(20, width - tab_room(rect.height, self.text))
        words = info.note or _(KIND_WORDS.get(info.kind, info.kind))
        if narrow or self.text.font(small_px).size(words)[0] > width:
            words = words.replace(_("Computer · "), "")
        kind = self.text.fit(words, small_px, width)
        surface.blit(self.text.render(kind, small_px, TABLE_MUTED), (tx, y))
        y += int(small_px * 1.4)
        cards = ngettext("{cards} card", "{cards} cards", info.cards).format(cards=info.cards)
        line = _("{cards}  \u00b7  {points} pts").format(
            cards=cards, points=points_text(info.score))
        if narrow or self.text.font(small_px, True).size(line)[0] > width:
            line = _("{cards} \u25aa {points} pts").format(
                cards=info.cards, points=points_text(info.score))
        line = self.text.fit(line, small_px, width, bold=True)
        surface.blit(self.text.render(line, small_px, CREAM, bold=True), (tx, y))
        # the seat's colour: the marks it leaves on the cards it plays and moves
        pygame.draw.rect(surface, seat_colour(info.seat),
                         (rect.x + 14, rect.y + 3, rect.width - 28, 3), border_radius=1)
        if current:
            tag = self.text.render(_("PLAYING"), max(10, small_px - 2), GOLD_TAG_TEXT,
                                   bold=True, shadow=False)
            box = tag.get_rect(topright=(rect.right - 8, rect.bottom - tag.get_height() - 8))
            panel(surface, box.inflate(10, 4), GOLD, None, 6)
            surface.blit(tag, box)
        elif not info.opened:
            pass

    def _draw_stock(self, surface: pygame.Surface, layout: Layout, count: int) -> None:
        art = self._art()
        rect = layout.stock
        ch = rect.height - 8
        cw = round(ch / 1.4)
        x, y = rect.x + 4, rect.y + 4
        if count == 0:
            dashed_rect(surface, pygame.Rect(x, y, cw, ch), TABLE_EMPTY_DASH, 6, 1)
        else:
            layers = min(4, 1 + count // 12)
            for i in range(layers):
                off = (layers - 1 - i) * 2
                surface.blit(art.shadow((cw, ch), 4, 80), (x - 4 + off, y - 2 + off))
                surface.blit(art.back((cw, ch)), (x + off, y + off))
        tx = x + cw + 14
        width = rect.right - tx
        # the words are at most a fifth of the box (a box that gave up room at a large
        # scale keeps the count legible between them)
        small = max(9, min(font_px(layout, 0.018, 11, 16), (rect.height - 20) // 5))
        # the title, the number and "cards left" stay within the stock's box
        big = max(22, min(font_px(layout, 0.05, 22, 44), round((rect.height - 30) / 1.2)
                          - 2 * small))
        surface.blit(self.text.render(_("STOCK"), small, TABLE_MUTED, bold=True), (tx, y + 2))
        number = self.text.render(str(count), big, CREAM, bold=True)
        surface.blit(number, (tx, y + small + 8))
        left = _("empty") if count == 0 else ngettext("card left", "cards left", count)
        surface.blit(self.text.render(self.text.fit(left, small, width), small, TABLE_MUTED),
                     (tx, y + small + 10 + number.get_height()))

    def _draw_info(self, surface: pygame.Surface, layout: Layout, facts: Facts) -> None:
        rect = layout.info
        panel(surface, rect, TABLE_INFO_FILL, TABLE_INFO_EDGE, 8)
        big, small = info_font_px(layout.size[1], layout.scale, layout.zoom)
        width = rect.width - 16
        lines = [(_("Hand {hand_number}").format(
            hand_number=facts.hand_number), big, GOLD_LIGHT, True),
                 (facts.variant, small, CREAM, True),
                 (facts.match_text, small, TABLE_MUTED, False)]
        if facts.deal:
            lines.append((facts.deal, small, TABLE_MUTED, False))
        if facts.final_round:
            lines.append((_("Last turns of the hand: no drawing"), small, PALE_RED, True))
        if facts.watching:
            lines.append((facts.watching, small, TABLE_MUTED, False))
        total = sum(int(px * 1.3) for _, px, _, _ in lines)
        if total > rect.height - 8:  # the box gave up room to the buttons: smaller text
            factor = (rect.height - 8) / total
            lines = [(text, max(9, int(px * factor)), colour, bold)
                     for text, px, colour, bold in lines]
            total = sum(int(px * 1.3) for _, px, _, _ in lines)
        y = rect.y + max(4, (rect.height - total) // 2)
        for text, px, colour, bold in lines:
            # a bold line a little too wide (Spanish 'Machiavelli con comodines' at
            # 1024x640) is set in the narrower regular weight before it is cut
            bold = bold and self.text.font(px, True).size(text)[0] <= width
            label = self.text.render(self.text.fit(text, px, width, bold), px, colour, bold=bold)
            surface.blit(label, (rect.x + 8, y))
            y += int(px * 1.3)

    def _draw_scores(self, surface: pygame.Surface, layout: Layout,
                     model: TableModel) -> None:
        rect = layout.scores
        if rect is None:
            return
        panel(surface, rect, TABLE_INFO_FILL, TABLE_INFO_EDGE, 8)
        row = layout.score_row
        small = max(10, int(row * 0.62))
        x, right = rect.x + 8, rect.right - 8
        y = rect.y + 6
        surface.blit(self.text.render(_("SCORES"), small, TABLE_MUTED, bold=True), (x, y))
        column = max(44, round(small * 3))  # the scores' column (it grows with the text)
        cards = self.text.render(_("CARDS"), max(9, small - 2), TABLE_MUTED)
        surface.blit(cards, (right - column - cards.get_width(), y + 1))
        y += row
        # each seat's badge (its number on its colour) leads its line
        badge = max(7, round(small * 0.6))
        indent = 2 * badge + 3  # from the panel's edge: the badge sits in its padding
        # the names take what the two columns of figures leave (a fixed 112 px left "Ada
        # (you)" cut at 1024x640)
        counts = max((self.text.font(small).size(str(info.cards))[0] for info in model.seats),
                     default=0)
        room = right - column - counts - 8 - (rect.x + 6 + indent)
        for info in model.seats:
            colour = GOLD_LIGHT if info.current else CREAM
            mark = "\u25b6 " if info.current else ""
            name = self.text.fit(mark + info.name, small, room, bold=info.current)
            seat_badge(surface, (rect.x + 3 + badge, y + small // 2 + 2), badge,
                       seat_colour(info.seat), seat_label(info.seat))
            surface.blit(self.text.render(name, small, colour, bold=info.current),
                         (rect.x + 6 + indent, y))
            count = self.text.render(str(info.cards), small, TABLE_MUTED)
            surface.blit(count, (right - column - count.get_width(), y))
            score = self.text.render(str(info.score), small, colour, bold=True)
            surface.blit(score, (right - score.get_width(), y))
            y += row

    def _draw_hand_rail(self, surface: pygame.Surface, layout: Layout, model: TableModel,
                        facts: Facts) -> None:
        draw_hand_caption(surface, self.text, self._art(), layout.hand, layout.hand_card,
                          font_px(layout, 0.02, 12, 18), facts.bottom_label, facts.sort_mode,
                          model.hidden_hand)


def frozen_groups(model: TableModel) -> frozenset[int]:
    """The groups marked frozen by a joker (their source indices)."""
    return frozenset(group.index for group in model.groups if group.frozen)


def badge_radius(layout: Layout) -> int:
    """A mat's badge ("!", the padlock) grows with the table's cards, to be seen on a big
    screen and never smaller than a fingertip's worth of a small one; and with the player's
    UI scale above 100% (issue 51: at 200% the felt's cards are smaller than at 100%, their
    bands taking the room, and a sixth of a card left the padlock smaller than at 100%). It
    lies under the cards (they cover its inner quarter), so it never hides an index."""
    card_share = layout.table_card[0] * max(1.0, layout.zoom) / 6
    return max(9, min(round(16 * layout.scale), round(card_share)))


def badge_centre(layout: Layout, corner: tuple[int, int], r: int) -> tuple[int, int]:
    """A badge on a mat's ``corner`` (under the cards, which cover its inner quarter), kept
    whole inside the window (a mat at the felt's edge showed half a badge)."""
    width, height = layout.size
    return (max(r, min(width - r, corner[0])), max(r, min(height - r, corner[1])))
