"""Where everything goes on the contract table: a pure function of the model and the size.

The sidebar on the right holds the two piles (stock and discard, side by side), a panel of
the bottom player's facts and the buttons; opponents run across the top; below them a
banner names the round's contract; the felt shows each player's melds in a framed section
under the owner's name; the staging groups (the contract being built) sit above the hand;
the status line is between the felt and the staging groups.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.engine.cards import Card
from game.ui.contract.model import ContractModel
from game.ui.table.layout import CARD_RATIO, HandRow, Spot, clamp, meld_step, place_hand, seat_row
from game.ui.widgets.scale import ui_scale

MIN_TABLE_HEIGHT = 46
UNDER_OFFSET = 3  # the discard pile's second card peeks out this far above-left


@dataclass(frozen=True)
class MeldBox:
    index: int  # the meld's index on the table
    owner: int
    kind: str
    rect: pygame.Rect  # the mat around the cards
    first_x: float
    step: float
    count: int


@dataclass(frozen=True)
class SlotBox:
    index: int
    rect: pygame.Rect
    label_h: int


@dataclass
class ContractLayout(HandRow):
    size: tuple[int, int]
    margin: int
    sidebar: pygame.Rect
    top: pygame.Rect
    banner: pygame.Rect
    table: pygame.Rect  # the felt where melds lie
    status: pygame.Rect
    stage: pygame.Rect | None
    hand: pygame.Rect
    piles: pygame.Rect
    stock: pygame.Rect  # the stock's top card
    discard: pygame.Rect  # the discard pile's top card
    info: pygame.Rect
    buttons: pygame.Rect
    hand_card: tuple[int, int]
    table_card: tuple[int, int] = (0, 0)
    stage_card: tuple[int, int] = (0, 0)
    hand_lift: int = 0
    scale: float = 1.0
    seat_rects: dict[int, pygame.Rect] = field(default_factory=dict)
    spots: dict[Card, Spot] = field(default_factory=dict)
    melds: list[MeldBox] = field(default_factory=list)
    sections: list[tuple[int, pygame.Rect, int]] = field(default_factory=list)  # owner, rect, label
    slots: list[SlotBox] = field(default_factory=list)
    hand_step: float = 0.0
    hand_first_x: float = 0.0
    hand_count: int = 0

    # --- hit tests

    def meld_at(self, pos: tuple[float, float], slack: int = 0) -> MeldBox | None:
        for box in self.melds:
            if box.rect.inflate(slack, slack).collidepoint(pos):
                return box
        return None

    def meld(self, index: int) -> MeldBox | None:
        return next((box for box in self.melds if box.index == index), None)

    def slot_at(self, pos: tuple[float, float]) -> SlotBox | None:
        for box in self.slots:
            if box.rect.collidepoint(pos):
                return box
        return None

    def pile_at(self, pos: tuple[float, float], slack: int = 0) -> str | None:
        if self.stock.inflate(slack, slack).collidepoint(pos):
            return "stock"
        if self.discard.inflate(slack + UNDER_OFFSET * 2, slack + UNDER_OFFSET * 2) \
                .collidepoint(pos):
            return "discard"
        return None



def compute_layout(model: ContractModel, size: tuple[int, int]) -> ContractLayout:
    width, height = size
    s = ui_scale(size)  # 1 at 1280x800, up to 2.5 at 4K: the caps grow with it
    m = clamp(min(width, height) * 0.012, 8, 18 * s)
    side_w = clamp(width * 0.165, 180, 300 * s)
    sidebar = pygame.Rect(width - side_w, 0, side_w, height)
    main_w = width - side_w - 2 * m
    top_h = clamp(height * 0.125, 78, 128 * s)
    top = pygame.Rect(m, m // 2, main_w, top_h - m // 2)
    banner_h = clamp(height * 0.052, 30, 46 * s)
    banner = pygame.Rect(m, top.bottom + m // 2, main_w, banner_h)
    hand_h = clamp(height * 0.17, 86, 200 * s)
    hand_card = (round(hand_h / CARD_RATIO), hand_h)
    hand_lift = round(hand_h * 0.16)
    hand_label = clamp(height * 0.028, 18, 28 * s)
    hand = pygame.Rect(m, height - hand_h - hand_lift - hand_label - m, main_w,
                       hand_h + hand_lift + hand_label)
    above = hand.top
    stage = None
    if model.slots is not None:
        stage_h = clamp(height * 0.15, 84, 170 * s)
        stage = pygame.Rect(m, hand.top - stage_h, main_w, stage_h)
        above = stage.top
    status_h = clamp(height * 0.045, 28, 42 * s)
    status = pygame.Rect(m, above - status_h - m // 2, main_w, status_h)
    table = pygame.Rect(m, banner.bottom + m // 2, main_w,
                        max(MIN_TABLE_HEIGHT, status.top - banner.bottom - m))

    pad = m
    inner_w = sidebar.width - 2 * pad
    label_h = clamp(height * 0.024, 14, 22 * s)
    gap = max(10, inner_w // 12)
    pile_w = min(round(clamp(height * 0.16, 84, 170 * s) / CARD_RATIO), (inner_w - gap) // 2)
    pile_h = round(pile_w * CARD_RATIO)
    lift = label_h + 12  # the title and the pile's edges above the top card
    piles = pygame.Rect(sidebar.x + pad, pad, inner_w, lift + pile_h + round(label_h * 1.5))
    left = piles.x + (inner_w - 2 * pile_w - gap) // 2
    stock = pygame.Rect(left, piles.y + lift, pile_w, pile_h)
    discard = pygame.Rect(left + pile_w + gap, piles.y + lift, pile_w, pile_h)
    info_h = clamp(height * 0.13, 78, 116 * s)
    info = pygame.Rect(sidebar.x + pad, piles.bottom + pad, inner_w, info_h)
    buttons = pygame.Rect(sidebar.x + pad, info.bottom + pad, inner_w,
                          height - info.bottom - 2 * pad)

    layout = ContractLayout(size, m, sidebar, top, banner, table, status, stage, hand, piles,
                            stock, discard, info, buttons, hand_card, hand_lift=hand_lift,
                            scale=s)
    _place_seats(layout, model)
    _place_piles(layout, model)
    place_hand(layout, model.hand)
    _place_stage(layout, model)
    _place_melds(layout, model, hand_h)
    return layout


def _place_seats(layout: ContractLayout, model: ContractModel) -> None:
    others = model.others
    top = layout.top
    if others:
        widest = round(360 * layout.scale)
        for info, rect in zip(others, seat_row(top, len(others), layout.margin, widest),
                              strict=True):
            layout.seat_rects[info.seat] = rect
    layout.seat_rects[model.bottom] = layout.hand.copy()


def _place_piles(layout: ContractLayout, model: ContractModel) -> None:
    rect = layout.discard
    w, h = rect.size
    cards = model.discard[-2:]
    if len(cards) == 2:
        layout.spots[cards[0]] = Spot(rect.x - UNDER_OFFSET, rect.y - UNDER_OFFSET, w, h,
                                      "discard", None, 0)
    if cards:
        layout.spots[cards[-1]] = Spot(rect.x, rect.y, w, h, "discard", None, 1)


def _place_stage(layout: ContractLayout, model: ContractModel) -> None:
    stage = layout.stage
    if stage is None or not model.slots:
        return
    count = len(model.slots)
    gap = layout.margin
    label_h = clamp(stage.height * 0.2, 16, 40)
    pad = max(4, round(stage.height * 0.05))
    h = stage.height - label_h - 2 * pad
    w = round(h / CARD_RATIO)
    layout.stage_card = (w, h)
    weights = [max(slot.minimum, len(slot.cards)) + 1.5 for slot in model.slots]
    share = (stage.width - gap * (count - 1)) / sum(weights)
    x = float(stage.x)
    for slot, weight in zip(model.slots, weights, strict=True):
        slot_w = round(share * weight)
        rect = pygame.Rect(round(x), stage.y, slot_w, stage.height)
        layout.slots.append(SlotBox(slot.index, rect, label_h))
        n = len(slot.cards)
        inner = rect.width - 2 * pad
        step = meld_step(w) if n < 2 else min(w * 0.62, (inner - w) / (n - 1))
        for position, card in enumerate(slot.cards):
            layout.spots[card] = Spot(rect.x + pad + position * step, rect.y + label_h + pad,
                                      w, h, "stage", slot.index, position)
        x += slot_w + gap


@dataclass
class _Section:
    owner: int
    melds: list[tuple[int, float]]  # model meld position, width
    rows: list[list[int]] = field(default_factory=list)
    width: float = 0.0
    height: float = 0.0


def _place_melds(layout: ContractLayout, model: ContractModel, hand_h: int) -> None:
    table = layout.table
    if not model.melds:
        layout.table_card = (round(hand_h * 0.8 / CARD_RATIO), round(hand_h * 0.8))
        return
    h = min(round(hand_h * 0.86), table.height - 20)
    while True:
        w = round(h / CARD_RATIO)
        if _try_melds(layout, model, w, h, final=False) or h <= MIN_TABLE_HEIGHT:
            break
        h = max(MIN_TABLE_HEIGHT, int(h * 0.94))
    _try_melds(layout, model, w, h, final=True)


def _try_melds(layout: ContractLayout, model: ContractModel, w: int, h: int,
               final: bool) -> bool:
    table = layout.table
    pad = max(3, round(w * 0.08))
    gap = max(pad * 2 + 4, round(w * 0.2))
    tag_h = max(12, round(h * 0.14))
    label_h = max(16, round(h * 0.24))
    inner_pad = max(6, round(w * 0.12))
    section_gap = max(8, round(w * 0.22))
    step = meld_step(w)
    row_h = h + 2 * pad + tag_h
    sections: list[_Section] = []
    by_owner = {owner: _Section(owner, []) for owner in model.owners()}
    for position, meld in enumerate(model.melds):
        width: float = w + step * (len(meld.cards) - 1) + 2 * pad
        by_owner[meld.owner].melds.append((position, width))
    sections = [by_owner[owner] for owner in model.owners()]
    limit = table.width - 2 * inner_pad
    for section in sections:
        row: list[int] = []
        x = 0.0
        for position, width in section.melds:
            if width > limit and not final:
                return False
            if row and x + width > limit:
                section.rows.append(row)
                row, x = [], 0.0
            row.append(position)
            x += width + gap
            section.width = max(section.width, x - gap)
        section.rows.append(row)
        section.width += 2 * inner_pad
        section.height = label_h + len(section.rows) * row_h + inner_pad
    x, y = float(table.x), float(table.y)
    shelf = 0.0
    placed: list[tuple[_Section, float, float]] = []
    for section in sections:
        if x > table.x and x + section.width > table.right:
            x = float(table.x)
            y += shelf + section_gap
            shelf = 0.0
        placed.append((section, x, y))
        x += section.width + section_gap
        shelf = max(shelf, section.height)
    if y + shelf > table.bottom and not final:
        return False
    if not final:
        return True
    layout.table_card = (w, h)
    widths = {position: width for s in sections for position, width in s.melds}
    for section, sx, sy in placed:
        frame = pygame.Rect(round(sx), round(sy), round(section.width), round(section.height))
        layout.sections.append((section.owner, frame, label_h))
        ry = sy + label_h
        for row in section.rows:
            mx = sx + inner_pad
            for position in row:
                meld = model.melds[position]
                width = widths[position]
                mat = pygame.Rect(round(mx), round(ry), round(width), h + 2 * pad)
                first = mx + pad
                layout.melds.append(MeldBox(meld.index, meld.owner, meld.kind, mat, first,
                                            step, len(meld.cards)))
                for slot, card in enumerate(meld.cards):
                    layout.spots[card] = Spot(first + slot * step, ry + pad, w, h, "group",
                                              meld.index, slot)
                mx += width + gap
            ry += row_h
    return True
