"""The contract table's board picture (felt, banner, opponents, meld sections, staging
groups, piles, facts panel, hand rail) and its per-frame overlays (drop targets, the
pulse on the piles and the seat whose move it is, the status pill and messages, drawn
like the manipulation table's and sized for any window up to 4K)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game.i18n import _, ngettext
from game.ui.cardtable.board_cache import BoardCache
from game.ui.cardtable.felt import felt
from game.ui.cardtable.look import KIND_WORDS, Message, Status
from game.ui.cardtable.overlays import (
    draw_back_fan,
    draw_hand_caption,
    draw_note,
    draw_status_pill,
)
from game.ui.cardtable.thinking import draw_thinking
from game.ui.cardtable.turn_clock import tab_room
from game.ui.contract.layout import UNDER_OFFSET, ContractLayout, info_px, log_px
from game.ui.contract.model import ContractModel, SeatFacts, kind_tag, meld_tag
from game.ui.theme import (
    BLUE,
    CONTRACT_BADGE_TEXT,
    CONTRACT_BANNER_FILL,
    CONTRACT_BANNER_TEXT,
    CONTRACT_EMPTY_FELT_TITLE,
    CONTRACT_MELD_EDGE,
    CONTRACT_MELD_FILL,
    CONTRACT_NOTE_ERROR_FILL,
    CONTRACT_NOTE_INFO_FILL,
    CONTRACT_SECTION_MINE_FILL,
    CONTRACT_SLOT_EMPTY_DASH,
    CONTRACT_SLOT_EMPTY_FILL,
    CONTRACT_SLOT_OK_FILL,
    CONTRACT_SLOT_SHORT_EDGE,
    CONTRACT_SLOT_SHORT_FILL,
    CONTRACT_TARGET_BAD_FILL,
    CONTRACT_TARGET_SLOT_FILL,
    CONTRACT_UNDER_CARD_EDGE,
    CONTRACT_UNDER_CARD_FILL,
    CREAM,
    GOLD,
    GOLD_LIGHT,
    GREEN,
    LOG_TEXT,
    NOTE_ERROR_EDGE,
    NOTE_ERROR_TEXT,
    NOTE_INFO_EDGE,
    PALE_RED,
    RED,
    TABLE_EMPTY_DASH,
    TABLE_INFO_EDGE,
    TABLE_INFO_FILL,
    TABLE_LOG_BACK,
    TABLE_MUTED,
    TABLE_PLACEHOLDER_TEXT,
    TABLE_RAIL_EDGE,
    TABLE_RAIL_FILL,
    TABLE_SEAT_EDGE,
    TABLE_SEAT_FILL,
    TABLE_SEAT_LIT_FILL,
    TABLE_SIDE_FILL,
    TABLE_SIDE_LINE,
    TABLE_TARGET_OK_FILL,
    seat_colour,
    seat_label,
)
from game.ui.widgets.badges import dashed_rect, panel, seat_badge
from game.ui.widgets.drawing import draw_text, fit_text, font

LOG_BACK = TABLE_LOG_BACK  # behind a line of the turn log
NOTE_TONES = {"error": (CONTRACT_NOTE_ERROR_FILL, NOTE_ERROR_EDGE, NOTE_ERROR_TEXT),
              "info": (CONTRACT_NOTE_INFO_FILL, NOTE_INFO_EDGE, CREAM)}


@dataclass(frozen=True)
class BoardFacts:
    """What the board shows besides the model."""

    banner: str  # "Round 3 of 10"
    contract: str  # "2 runs of 4"
    bottom_label: str
    sort_mode: str
    info: tuple[tuple[str, str], ...]  # (text, tone) lines of the facts panel
    stock_key: str  # "(D)" when the human may draw
    discard_key: str
    empty_felt: tuple[str, ...]  # the words on an empty felt


#: the least room between the stock's and the discard pile's words
PILE_WORDS_GAP = 8


def _px(layout: ContractLayout, share: float, low: int, high: int) -> int:
    """A font size: ``share`` of the window height, at least ``low``, at most ``high``
    at 1280x800 (the cap grows with the window)."""
    return int(max(low, min(high * layout.scale, layout.size[1] * share * layout.zoom)))


class TableHud(BoardCache):
    """The contract table's board picture and what is drawn over it each frame."""

    def board(self, layout: ContractLayout, model: ContractModel, facts: BoardFacts,
              key: object) -> pygame.Surface:
        """The board picture; redrawn when ``key`` (the table's version), the window, the
        facts or the card art changed."""
        return self._cached_board((key, layout.size, facts, id(self.art)),
                                  lambda: self._draw_board(layout, model, facts))

    # ------------------------------------------------------------------ the board

    def _draw_board(self, layout: ContractLayout, model: ContractModel,
                    facts: BoardFacts) -> pygame.Surface:
        surface = felt(layout.size).copy()
        side = layout.sidebar
        panel(surface, side, TABLE_SIDE_FILL)
        edge = side.x if side.x > 0 else side.right - 1  # the side facing the felt
        pygame.draw.line(surface, TABLE_SIDE_LINE, (edge, side.y), (edge, side.bottom), 1)
        self._draw_banner(surface, layout, facts)
        for info in model.others:
            rect = layout.seat_rects.get(info.seat)
            if rect is not None:
                self._draw_seat(surface, rect, info, layout.scale)
        self._draw_melds(surface, layout, model, facts)
        self._draw_slots(surface, layout, model)
        self._draw_piles(surface, layout, model, facts)
        self._draw_info(surface, layout, facts)
        self._draw_hand_rail(surface, layout, model, facts)
        return surface

    def _draw_banner(self, surface: pygame.Surface, layout: ContractLayout,
                     facts: BoardFacts) -> None:
        rect = layout.banner
        panel(surface, rect, CONTRACT_BANNER_FILL, GOLD + (110,), rect.height // 2, 1)
        big = max(14, round(rect.height * 0.56))
        small = max(11, round(rect.height * 0.36))
        left = self.text.render(facts.banner.upper(), small, GOLD_LIGHT, bold=True)
        room = rect.width - left.get_width() - 80
        # a large UI scale: the contract's words get smaller (to the usual size) before
        # they are cut
        least = min(big, max(14, round(layout.size[1] * 0.052 * 0.56)))
        while big > least and font(big, "serif-bold").size(facts.contract)[0] > room:
            big -= 1
        dash = self.text.render("\u2014", big, GOLD, bold=True)
        words = fit_text(facts.contract, big, room, "serif-bold")
        width = left.get_width() + dash.get_width() + 28 + font(big, "serif-bold").size(words)[0]
        x = rect.centerx - width // 2
        surface.blit(left, left.get_rect(midleft=(x, rect.centery)))
        x += left.get_width() + 14
        surface.blit(dash, dash.get_rect(midleft=(x, rect.centery)))
        x += dash.get_width() + 14
        draw_text(surface, words, big, CONTRACT_BANNER_TEXT, style="serif-bold", shadow=2,
                  midleft=(x, rect.centery))

    def _draw_seat(self, surface: pygame.Surface, rect: pygame.Rect, info: SeatFacts,
                   scale: float) -> None:
        art = self.art
        lit = info.current or info.asked
        edge = BLUE if info.asked else GOLD
        panel(surface, rect, TABLE_SEAT_FILL if not lit else TABLE_SEAT_LIT_FILL,
              edge + (255,) if lit else TABLE_SEAT_EDGE, 12, 3 if lit else 1)
        pad = max(6, rect.height // 10)
        x = rect.x + pad
        if rect.width >= 210:
            ch = rect.height - 2 * pad
            cw = round(ch / 1.4)
            shown = min(info.cards, 7)
            step = cw * 0.13
            draw_back_fan(surface, art, x, rect.y + pad, (cw, ch), shown)
            if info.cards == 0:
                dashed_rect(surface, pygame.Rect(x, rect.y + pad, cw, ch), TABLE_EMPTY_DASH, 5)
            # the seat's number on its colour, over its cards, as on the marks it leaves
            seat_badge(surface, (x + cw // 2, rect.y + pad + ch // 2), max(7, round(cw * 0.3)),
                       seat_colour(info.seat), seat_label(info.seat))
            x = int(x + cw + step * max(0, shown - 1) + pad)
        else:  # no room for the cards: the badge leads the name
            radius = max(6, round(rect.height * 0.08))
            seat_badge(surface, (x + radius, rect.y + pad + radius), radius,
                       seat_colour(info.seat), seat_label(info.seat))
            x += 2 * radius + 6
        width = rect.right - x - pad
        name_px = int(max(12, min(24 * scale, rect.height * 0.19)))
        small_px = int(max(10, min(18 * scale, rect.height * 0.135)))
        y = rect.y + pad - 2
        badge = _("BUYING?") if info.asked else (_("PLAYING") if info.current else "")
        badge_w = 0
        if badge:
            tag = self.text.render(badge, max(9, small_px - 2), CONTRACT_BADGE_TEXT, bold=True,
                                   shadow=False)
            box = tag.get_rect(topright=(rect.right - pad, rect.y + pad))
            panel(surface, box.inflate(10, 4), BLUE if info.asked else GOLD, None, 6)
            surface.blit(tag, box)
            badge_w = box.width + 14
        name = self.text.fit(info.name, name_px, max(20, width - badge_w), bold=True)
        surface.blit(self.text.render(name, name_px, GOLD_LIGHT if lit else CREAM, bold=True),
                     (x, y))
        y += int(name_px * 1.3)
        full = width  # the last line, below the tab, has the whole width
        if lit:  # the thinking (or turn timer's) tab sits at the right of these lines
            width = max(20, width - tab_room(rect.height, self.text))
        compact = rect.width < 190 * scale
        cards = ngettext("{cards} card", "{cards} cards", info.cards).format(cards=info.cards)
        if compact and not info.note:  # narrow: the level goes, the score gets its own line
            kind = self.text.fit(_("{score} pts").format(score=info.score), small_px, width, True)
            surface.blit(self.text.render(kind, small_px, GOLD_LIGHT, bold=True), (x, y))
        else:
            kind = self.text.fit(info.note or _(KIND_WORDS.get(info.kind, info.kind)), small_px,
                                 width)
            surface.blit(self.text.render(kind, small_px, TABLE_MUTED), (x, y))
            cards += _(" \u00b7 {score} pts").format(score=info.score)
        y += int(small_px * 1.4)
        surface.blit(self.text.render(self.text.fit(cards, small_px, width, True), small_px,
                                      CREAM, bold=True), (x, y))
        y += int(small_px * 1.4)
        down = _("\u2713 down") if info.laid_down else ("" if compact else _("not down"))
        down_label = self.text.render(down, small_px, GREEN if info.laid_down else TABLE_MUTED,
                                      bold=info.laid_down)
        buys = ngettext("{buys_left} buy", "{buys_left} buys", info.buys_left).format(
            buys_left=info.buys_left)
        room = max(10, full - down_label.get_width() - 8)
        if not compact and self.text.font(small_px).size(buys + _(" left"))[0] <= room:
            buys += _(" left")
        buys = self.text.fit(buys, small_px, room)
        surface.blit(self.text.render(buys, small_px, TABLE_MUTED), (x, y))
        surface.blit(down_label, (rect.right - pad - down_label.get_width(), y))

    def _draw_melds(self, surface: pygame.Surface, layout: ContractLayout,
                       model: ContractModel, facts: BoardFacts) -> None:
        if not model.melds:
            self._draw_empty_felt(surface, layout, facts)
            return
        names = {s.seat: s.name for s in model.seats}
        w, h = layout.table_card
        tag_px = max(9, min(round(14 * layout.scale), round(h * 0.1)))
        radius = max(6, w // 9)
        for box in layout.melds:
            mine = box.owner == model.bottom
            # each meld lies where it was laid: its mat in its owner's colours, its owner
            # named under it with what it is
            panel(surface, box.rect, CONTRACT_SECTION_MINE_FILL if mine else CONTRACT_MELD_FILL,
                  (GOLD + (120,)) if mine else CONTRACT_MELD_EDGE, radius, 1)
            words = meld_tag(box.kind, model.melds[box.index].cards, model.shown)
            words = self.text.fit(f"{names.get(box.owner, '?')} \u00b7 {words}", tag_px,
                                  max(20, box.rect.width + 40), True)
            tag = self.text.render(words, tag_px, GOLD_LIGHT if mine else TABLE_MUTED,
                                   bold=True, shadow=False)
            surface.blit(tag, tag.get_rect(midtop=(box.rect.centerx, box.rect.bottom + 1)))

    def _draw_empty_felt(self, surface: pygame.Surface, layout: ContractLayout,
                         facts: BoardFacts) -> None:
        rect = layout.table
        big = _px(layout, 0.026, 14, 34)
        small = _px(layout, 0.019, 11, 24)
        lines = facts.empty_felt
        total = int(big * 1.6) + int(small * 1.5) * (len(lines) - 1)
        y = rect.centery - total // 2
        for i, line in enumerate(lines):
            px = big if i == 0 else small
            # smaller (to the usual size) before cut, where a large UI scale is too wide
            px = self.text.shrink(line, px, rect.width - 40, i == 0,
                                  min(px, round(layout.size[1] * (0.026 if i == 0 else 0.019))))
            label = self.text.render(self.text.fit(line, px, rect.width - 40, i == 0), px,
                                     CONTRACT_EMPTY_FELT_TITLE if i == 0 else TABLE_MUTED,
                                     bold=i == 0)
            label.set_alpha(220)
            surface.blit(label, label.get_rect(midtop=(rect.centerx, y)))
            y += int(px * (1.6 if i == 0 else 1.5))

    def _draw_slots(self, surface: pygame.Surface, layout: ContractLayout,
                    model: ContractModel) -> None:
        if not model.slots or layout.stage is None:
            return
        label_px_cap = round(18 * layout.scale)
        for box, slot in zip(layout.slots, model.slots, strict=True):
            rect = box.rect
            px = max(10, min(label_px_cap, round(box.label_h * 0.62)))
            if slot.cards:
                fill = CONTRACT_SLOT_OK_FILL if slot.ok else CONTRACT_SLOT_SHORT_FILL
                edge = GREEN + (220,) if slot.ok else CONTRACT_SLOT_SHORT_EDGE
                panel(surface, rect, fill, edge, 10, 2 if slot.ok else 1)
            else:
                panel(surface, rect, CONTRACT_SLOT_EMPTY_FILL, None, 10)
                dashed_rect(surface, rect.inflate(-2, -2), CONTRACT_SLOT_EMPTY_DASH, 7, 1)
            words = _("{kind} {n} \u00b7 {least}+").format(
                kind=kind_tag(slot.kind), n=self._kind_number(model, slot.index),
                least=slot.minimum)
            label = self.text.render(words, px, GOLD_LIGHT, bold=True)
            surface.blit(label, (rect.x + 8, rect.y + (box.label_h - label.get_height()) // 2
                                 + 2))
            note_w = rect.width - label.get_width() - 26
            if note_w > 30:
                colour = GREEN if slot.ok else (TABLE_MUTED if not slot.cards else PALE_RED)
                note = self.text.render(self.text.fit(slot.note, max(9, px - 2), note_w),
                                        max(9, px - 2), colour, bold=slot.ok)
                surface.blit(note, (rect.right - 8 - note.get_width(),
                                    rect.y + (box.label_h - note.get_height()) // 2 + 3))
            if not slot.cards:
                w, h = layout.stage_card
                plus = self.text.render("+", max(16, h // 3), TABLE_PLACEHOLDER_TEXT, shadow=False)
                plus.set_alpha(120)
                surface.blit(plus, plus.get_rect(center=(rect.centerx,
                                                         rect.y + box.label_h + h // 2)))

    @staticmethod
    def _kind_number(model: ContractModel, index: int) -> int:
        assert model.slots is not None
        kind = model.slots[index].kind
        return sum(1 for s in model.slots[:index + 1] if s.kind == kind)

    def _draw_piles(self, surface: pygame.Surface, layout: ContractLayout,
                    model: ContractModel, facts: BoardFacts) -> None:
        art = self.art
        # each pile's words sit over and under it, pushed apart where they would meet, kept
        # within the side column and within the room the layout left above and below the
        # piles (a large UI scale grows the words faster than the piles)
        side = layout.sidebar
        small = min(_px(layout, 0.017, 10, 22), max(10, layout.stock.y - layout.piles.y - 12))
        count_px = min(_px(layout, 0.022, 12, 30),
                       max(12, round((layout.piles.bottom - layout.stock.bottom) / 1.15)))
        titles = ((_("STOCK") + " " + facts.stock_key).strip(),
                  (_("DISCARD") + " " + facts.discard_key).strip())
        counts = tuple(ngettext("{count} card", "{count} cards", n).format(count=n)
                       for n in (model.stock, model.discard_size))
        centres = (layout.stock.centerx, layout.discard.centerx)
        for words, px, least, y in ((titles, small, min(small, 9), layout.stock.y - 11),
                                    (counts, count_px, min(count_px, 11),
                                     layout.stock.bottom + small // 2)):
            gap = max(PILE_WORDS_GAP, px)  # a word's space at least, so they read apart
            room = side.width - 6 - gap
            while px > least and sum(self.text.font(px, True).size(w)[0] for w in words) > room:
                px -= 1
            half = room // 2
            images = [self.text.render(self.text.fit(w, px, half if px <= least else room, True),
                                       px, TABLE_MUTED if words is titles else CREAM, bold=True)
                      for w in words]
            boxes = [image.get_rect(centerx=centre) for image, centre in
                     zip(images, centres, strict=True)]
            overlap = boxes[0].right + gap - boxes[1].left
            if overlap > 0:
                boxes[0].x -= overlap // 2
                boxes[1].x += overlap - overlap // 2
            boxes[0].left = max(boxes[0].left, side.x + 3)
            boxes[1].right = min(boxes[1].right, side.right - 3)
            for image, box in zip(images, boxes, strict=True):
                if words is titles:
                    box.bottom = y
                else:
                    box.top = y
                surface.blit(image, box)
        rect = layout.stock
        size = rect.size
        if model.stock == 0:
            dashed_rect(surface, rect, TABLE_EMPTY_DASH, 6, 1)
        else:
            layers = min(4, 1 + model.stock // 12)
            for i in range(layers):
                off = (layers - 1 - i) * 2
                surface.blit(art.shadow(size, 4, 80), (rect.x - 4 + off, rect.y - 2 + off))
                surface.blit(art.back(size), (rect.x + off - 2 * (layers - 1),
                                              rect.y + off - 2 * (layers - 1)))
        rect = layout.discard
        if model.discard_size == 0:
            dashed_rect(surface, rect, TABLE_EMPTY_DASH, 6, 1)
            return
        surface.blit(art.shadow(size, 5, 90), (rect.x - 5, rect.y - 3))
        depth = min(4, max(0, model.discard_size - 2) // 3 + (1 if model.discard_size > 2
                                                                else 0))
        for i in range(depth, 0, -1):
            edge = rect.move(-UNDER_OFFSET - i * 2, -UNDER_OFFSET - i * 2)
            panel(surface, edge, CONTRACT_UNDER_CARD_FILL, CONTRACT_UNDER_CARD_EDGE,
                  max(4, size[0] // 12), 1)

    def _draw_info(self, surface: pygame.Surface, layout: ContractLayout,
                   facts: BoardFacts) -> None:
        rect = layout.info
        panel(surface, rect, TABLE_INFO_FILL, TABLE_INFO_EDGE, 8)
        lines = facts.info
        # the lines keep inside the panel, however large the UI scale
        px = min(info_px(layout.size, layout.scale, layout.zoom),
                 max(11, int((rect.height - 8) / 1.45 / max(1, len(lines)))))
        colours = {"title": GOLD_LIGHT, "good": GREEN, "warn": PALE_RED, "muted": TABLE_MUTED,
                   "text": CREAM}
        total = sum(int(px * 1.45) for _ in lines)
        y = rect.y + max(6, (rect.height - total) // 2)
        for text, tone in lines:
            bold = tone in ("title", "good")
            label = self.text.render(self.text.fit(text, px, rect.width - 16, bold), px,
                                     colours.get(tone, CREAM), bold=bold)
            surface.blit(label, (rect.x + 8, y))
            y += int(px * 1.45)

    def _draw_hand_rail(self, surface: pygame.Surface, layout: ContractLayout,
                        model: ContractModel, facts: BoardFacts) -> None:
        rect = layout.hand
        w, h = layout.hand_card
        rail = pygame.Rect(rect.x, rect.bottom - h - 10, rect.width, h + 10 + layout.margin // 2)
        panel(surface, rail, TABLE_RAIL_FILL, TABLE_RAIL_EDGE, 14)
        draw_hand_caption(surface, self.text, self.art, rect, (w, h),
                          _px(layout, 0.02, 12, 26), facts.bottom_label, facts.sort_mode,
                          model.hidden_hand)

    # ------------------------------------------------------------------ overlays

    def draw_status(self, surface: pygame.Surface, layout: ContractLayout, status: Status,
                    clock: float) -> None:
        """The status pill (the manipulation table's look, sized for any window)."""
        draw_status_pill(surface, self.text, layout.status, status, clock,
                         _px(layout, 0.024, 13, 21), fit=True)

    def draw_log(self, surface: pygame.Surface, layout: ContractLayout,
                 lines: list[tuple[tuple[int, int, int], str]]) -> list[pygame.Rect]:
        """What the other seats did since your turn, one line a turn above the status line
        (newest lowest), each behind a dot of the seat's colour (as at the other table);
        where each line went."""
        size = log_px(layout.size, layout.scale, layout.zoom)  # the layout keeps a strip for it
        y = layout.status.top - 4
        rects: list[pygame.Rect] = []
        for colour, line in reversed(lines):
            label = self.text.render(self.text.fit(line, size, layout.table.width - 40), size,
                                     LOG_TEXT)
            y -= label.get_height() + 3
            back = pygame.Rect(layout.table.x + 2, y - 1, label.get_width() + 30,
                               label.get_height() + 2)
            panel(surface, back, LOG_BACK, None, 6)
            pygame.draw.circle(surface, colour, (back.x + 10, back.centery), max(3, size // 3))
            surface.blit(label, (back.x + 22, y))
            rects.append(back)
        return rects

    def draw_message(self, surface: pygame.Surface, layout: ContractLayout,
                     message: Message, log: Sequence[pygame.Rect] = ()) -> pygame.Rect:
        """A refusal (with the engine's reasons) or a note, just above the status line
        (elsewhere when the turn ``log``'s lines are there); where it went."""
        width = min(layout.table.width - 40, max(round(380 * layout.scale),
                                                 layout.size[0] // 3))
        # in a place on the felt that covers no meld (the hint's note is about them), else
        # over the hand rail, as at the other table
        return draw_note(surface, self.text, layout.table, layout.status, message,
                         _px(layout, 0.021, 12, 18), width, NOTE_TONES,
                         avoid=[box.rect for box in layout.melds] + list(log),
                         rail=layout.hand)

    def draw_pile_pulse(self, surface: pygame.Surface, layout: ContractLayout, which: str,
                        clock: float) -> None:
        rect = layout.stock if which == "stock" else layout.discard
        glow = 0.5 + 0.5 * math.sin(clock * 3.4)
        panel(surface, rect.inflate(10, 10), None, GOLD_LIGHT + (int(90 + 150 * glow),),
              max(8, rect.width // 8), 3)

    def draw_thinking(self, surface: pygame.Surface, anchor: pygame.Rect, clock: float,
                      seconds: float, left: float | None = None) -> None:
        """Someone thinking (a seat's box, the hint's note): a turning spinner and, after
        a while, the seconds taken; ``left``: the seconds left on a timed network move."""
        draw_thinking(surface, self.text, anchor, clock, seconds, left)

    def draw_seat_marker(self, surface: pygame.Surface, layout: ContractLayout, seat: int,
                         clock: float, colour: tuple[int, int, int] = GOLD_LIGHT) -> None:
        rect = layout.seat_rects.get(seat)
        if rect is None or rect == layout.hand:
            return
        glow = 0.5 + 0.5 * math.sin(clock * 3.2)
        panel(surface, rect.inflate(6, 6), None, colour + (int(50 + 150 * glow),), 14, 2)

    def draw_targets(self, surface: pygame.Surface, layout: ContractLayout,
                     valid: dict[object, bool], hover: object,
                     caret: tuple[int, int, int] | None) -> None:
        radius = max(6, layout.table_card[0] // 9)
        for box in layout.melds:
            key = ("meld", box.index)
            ok = valid.get(key, False)
            if hover == key:
                panel(surface, box.rect.inflate(6, 6), TABLE_TARGET_OK_FILL if ok
                      else CONTRACT_TARGET_BAD_FILL, (GREEN if ok else RED) + (255,), radius, 3)
            elif ok:
                panel(surface, box.rect.inflate(4, 4), None, GREEN + (210,), radius, 2)
        for slot in layout.slots:
            key = ("slot", slot.index)
            if hover == key:
                panel(surface, slot.rect.inflate(4, 4), CONTRACT_TARGET_SLOT_FILL, GREEN + (255,),
                      12, 3)
            elif valid.get(key):
                panel(surface, slot.rect.inflate(2, 2), None, GREEN + (120,), 12, 1)
        if "discard" in valid:
            rect = layout.discard.inflate(12, 12)
            ok = valid["discard"]
            if hover == "discard":
                panel(surface, rect, TABLE_TARGET_OK_FILL if ok else CONTRACT_TARGET_BAD_FILL,
                      (GREEN if ok else RED) + (255,), 10, 3)
            elif ok:
                panel(surface, rect, None, GREEN + (210,), 10, 2)
        if hover == "hand":
            panel(surface, layout.hand.inflate(4, 4), TABLE_RAIL_EDGE, GOLD + (200,), 14, 2)
        if caret is not None:
            x, top, bottom = caret
            pygame.draw.line(surface, GOLD_LIGHT, (x, top), (x, bottom), 4)
