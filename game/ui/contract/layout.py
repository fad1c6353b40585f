"""Where everything goes on the contract table: a function of the model, the size and the
places the seats' melds had (``places.SectionPlaces``, so they stay where they were).

The sidebar on the right (on the left for a left-handed player) holds the two piles
(stock and discard, side by side), a panel of the bottom player's facts and the buttons;
opponents run across the top; below them a banner names the round's contract; the felt
shows each player's melds in a framed section under the owner's name; the staging groups
(the contract being built) sit above the hand; the status line is between the felt and the
staging groups.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.engine.cards import Card
from game.ui.cardtable.geometry import (
    CARD_RATIO,
    HandRow,
    Spot,
    clamp,
    meld_step,
    place_hand,
    seat_row,
)
from game.ui.contract.model import ContractModel
from game.ui.contract.places import SectionPlace, SectionPlaces
from game.ui.contract.words import LOG_MOST
from game.ui.widgets.scale import Zoom, ui_scale

PLAIN = Zoom()  # 100%, cards as usual
#: the most of the window's height (width for the sidebar) each band may take, however
#: large the player's scale: what is left is the felt's
BAND_MOST = {"side": 0.3, "top": 0.15, "banner": 0.065, "hand": 0.19, "stage": 0.17,
             "status": 0.06, "piles": 0.2, "info": 0.16}

MIN_TABLE_HEIGHT = 46
#: room for this many more cards is left beside a seat's section when another is placed
#: after it, so that a lay-off or two does not make the section outgrow its place
SPARE_CARDS = 2
UNDER_OFFSET = 3  # the discard pile's second card peeks out this far above-left
INFO_LINES = 5  # the bottom player's facts: name, score, buys, contract, deal number


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
    scale: float = 1.0  # how much the caps on sizes grow (the window's and player's scale)
    zoom: float = 1.0  # the player's UI scale
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



def compute_layout(model: ContractModel, size: tuple[int, int],
                   places: SectionPlaces | None = None, left: bool = False,
                   zoom: Zoom = PLAIN) -> ContractLayout:
    """The table for ``model`` in a window of ``size``; ``places`` (kept by the scene
    between layouts, and updated here) puts the seats' melds back where they were; the
    sidebar is on the ``left`` for a left-handed player, the rest beside it. ``zoom``: the
    player's UI scale and large cards; each band grows with it up to its share of the
    window (``BAND_MOST``), so the felt keeps room at any scale."""
    width, height = size
    k = zoom.user
    # 1 at 1280x800, up to 2.5 at 4K, times the player's scale: the caps grow with it
    s = ui_scale(size) * k
    m = clamp(min(width, height) * 0.012, 8, 18 * s)
    side_w = clamp(min(width * 0.165 * k, width * BAND_MOST["side"]), 180, 300 * s)
    sidebar = pygame.Rect(0 if left else width - side_w, 0, side_w, height)
    x0 = (side_w if left else 0) + m  # the left edge of the felt, the seats and the hand
    main_w = width - side_w - 2 * m
    top_h = clamp(min(height * 0.125 * k, height * BAND_MOST["top"]), 78, 128 * s)
    top = pygame.Rect(x0, m // 2, main_w, top_h - m // 2)
    banner_h = clamp(min(height * 0.052 * k, height * BAND_MOST["banner"]), 30, 46 * s)
    banner = pygame.Rect(x0, top.bottom + m // 2, main_w, banner_h)
    hand_h = clamp(min(height * 0.17 * k * zoom.cards, height * BAND_MOST["hand"]), 86,
                   200 * s * zoom.cards)
    hand_card = (round(hand_h / CARD_RATIO), hand_h)
    hand_lift = round(hand_h * 0.16)
    hand_label = clamp(height * 0.028 * k, 18, min(28 * s, height * 0.05))
    hand = pygame.Rect(x0, height - hand_h - hand_lift - hand_label - m, main_w,
                       hand_h + hand_lift + hand_label)
    above = hand.top
    stage = None
    if model.slots is not None:
        stage_h = clamp(min(height * 0.15 * k * zoom.cards, height * BAND_MOST["stage"]), 84,
                        170 * s * zoom.cards)
        stage = pygame.Rect(x0, hand.top - stage_h, main_w, stage_h)
        above = stage.top
    status_h = clamp(min(height * 0.045 * k, height * BAND_MOST["status"]), 28, 42 * s)
    status = pygame.Rect(x0, above - status_h - m // 2, main_w, status_h)
    table = pygame.Rect(x0, banner.bottom + m // 2, main_w,
                        max(MIN_TABLE_HEIGHT, status.top - banner.bottom - m))

    pad = m
    inner_w = sidebar.width - 2 * pad
    label_h = clamp(min(height * 0.024 * k, height * 0.04), 14, 22 * s)
    gap = max(10, inner_w // 12)
    pile_h = clamp(min(height * 0.16 * k * zoom.cards, height * BAND_MOST["piles"]), 84,
                   170 * s * zoom.cards)
    pile_w = min(round(pile_h / CARD_RATIO), (inner_w - gap) // 2)
    pile_h = round(pile_w * CARD_RATIO)
    lift = label_h + 12  # the title and the pile's edges above the top card
    piles = pygame.Rect(sidebar.x + pad, pad, inner_w, lift + pile_h + round(label_h * 1.5))
    piles_x = piles.x + (inner_w - 2 * pile_w - gap) // 2
    stock = pygame.Rect(piles_x, piles.y + lift, pile_w, pile_h)
    discard = pygame.Rect(piles_x + pile_w + gap, piles.y + lift, pile_w, pile_h)
    # room for the facts' lines, up to the panel's share of the window (at a large scale
    # the lines are set smaller to fit it, so the buttons below keep their room)
    info_h = max(clamp(min(height * 0.13 * k, height * BAND_MOST["info"]), 78, 116 * s),
                 min(INFO_LINES * int(info_px(size, s, k) * 1.45) + 12,
                     round(height * BAND_MOST["info"])))
    info = pygame.Rect(sidebar.x + pad, piles.bottom + pad, inner_w, info_h)
    buttons = pygame.Rect(sidebar.x + pad, info.bottom + pad, inner_w,
                          height - info.bottom - 2 * pad)

    layout = ContractLayout(size, m, sidebar, top, banner, table, status, stage, hand, piles,
                            stock, discard, info, buttons, hand_card, hand_lift=hand_lift,
                            scale=s, zoom=k)
    _place_seats(layout, model)
    _place_piles(layout, model)
    place_hand(layout, model.hand)
    _place_stage(layout, model)
    _place_melds(layout, model, hand_h, places if places is not None else SectionPlaces())
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
    label_h = clamp(stage.height * 0.2, 16, 40 * layout.scale)
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
    limit: float = 0.0  # the width its melds are wrapped to
    rows: list[list[int]] = field(default_factory=list)
    width: int = 0
    height: int = 0


@dataclass(frozen=True)
class _Metrics:
    """The sizes of the melds' parts for table cards ``w`` by ``h``."""

    w: int
    h: int
    pad: int
    gap: int
    label_h: int
    inner_pad: int
    section_gap: int
    step: int
    row_h: int

    @classmethod
    def of(cls, w: int, h: int) -> _Metrics:
        pad = max(3, round(w * 0.08))
        tag_h = max(12, round(h * 0.14))
        return cls(w, h, pad, max(pad * 2 + 4, round(w * 0.2)), max(16, round(h * 0.24)),
                   max(6, round(w * 0.12)), max(8, round(w * 0.22)), meld_step(w),
                   h + 2 * pad + tag_h)


def info_px(size: tuple[int, int], scale: float, zoom: float = 1.0) -> int:
    """The facts panel's font size in a window of ``size``."""
    return int(max(11, min(24 * scale, size[1] * 0.0185 * zoom)))


def log_px(size: tuple[int, int], scale: float, zoom: float = 1.0) -> int:
    """The turn log's font size in a window of ``size``."""
    return int(max(11, min(15 * scale, size[1] * 0.017 * zoom, size[1] * 0.026)))


def log_strip(layout: ContractLayout, lines: int) -> pygame.Rect:
    """The strip at the foot of the felt kept for ``lines`` lines of the turn log (drawn
    upwards from just above the status line): no meld is laid there."""
    # a line with its backing
    pitch = round(log_px(layout.size, layout.scale, layout.zoom) * 1.25) + 5
    top = layout.status.top - 8 - lines * pitch
    return pygame.Rect(layout.table.x, top, layout.table.width, layout.table.bottom - top)


def _place_melds(layout: ContractLayout, model: ContractModel, hand_h: int,
                 places: SectionPlaces) -> None:
    log = log_strip(layout, LOG_MOST)  # the melds lie above the turn log's lines
    table = pygame.Rect(layout.table.x, layout.table.y, layout.table.width,
                        max(MIN_TABLE_HEIGHT, log.top - layout.table.y))
    places.start(layout.size, model.round_number, layout.sidebar.x == 0)
    if not model.melds:
        layout.table_card = (round(hand_h * 0.8 / CARD_RATIO), round(hand_h * 0.8))
        return
    h = min(round(hand_h * 0.86), table.height - 20)
    if places.card_h is not None:
        h = min(h, places.card_h)  # within a round the cards never grow back
    while True:
        w = round(h / CARD_RATIO)
        metrics = _Metrics.of(w, h)
        sections = _sections(model, metrics)
        frames = _arrange(table, sections, metrics, places.remembered(h))
        if frames is not None or h <= MIN_TABLE_HEIGHT:
            break
        h = max(MIN_TABLE_HEIGHT, int(h * 0.94))
    if frames is None:  # not even the smallest cards fit: in order, over the edge
        frames = _flow(table, sections, metrics)
    layout.table_card = (w, h)
    places.keep(h, {s.owner: SectionPlace(frames[s.owner], s.limit) for s in sections})
    _lay_sections(layout, model, sections, frames, metrics)


def _sections(model: ContractModel, m: _Metrics) -> list[_Section]:
    """Each seat's melds, the seats in the order they laid down (a seat laying down later
    comes last: the sections on the table keep their order)."""
    by_owner: dict[int, _Section] = {}
    for position, meld in enumerate(model.melds):
        width: float = m.w + m.step * (len(meld.cards) - 1) + 2 * m.pad
        by_owner.setdefault(meld.owner, _Section(meld.owner, [])).melds.append((position, width))
    return list(by_owner.values())


def _wrap(section: _Section, limit: float, m: _Metrics) -> bool:
    """Wrap ``section``'s melds into rows at most ``limit`` wide; False if one is wider."""
    rows: list[list[int]] = []
    row: list[int] = []
    x = widest = 0.0
    for position, width in section.melds:
        if width > limit + 0.5:
            return False
        if row and x + width > limit:
            rows.append(row)
            row, x = [], 0.0
        row.append(position)
        x += width + m.gap
        widest = max(widest, x - m.gap)
    rows.append(row)
    section.limit, section.rows = limit, rows
    section.width = round(widest) + 2 * m.inner_pad
    section.height = m.label_h + len(rows) * m.row_h + m.inner_pad
    return True


def _arrange(table: pygame.Rect, sections: list[_Section], m: _Metrics,
             remembered: dict[int, SectionPlace]) -> dict[int, pygame.Rect] | None:
    """The sections' frames on the felt, or None when they do not all fit. A section that
    was on the table before goes back to its place: as it was wrapped, else wrapped inside
    its old width; the sections whose melds did not change are placed first, so a section
    that grew is the one that moves (to the first free place) when it no longer fits. A new
    section takes the first free place (reading the felt from the top left)."""
    full = table.width - 2 * m.inner_pad
    frames: dict[int, pygame.Rect] = {}

    def free(rect: pygame.Rect) -> bool:
        if not table.contains(rect):
            return False
        room = rect.inflate(2 * m.section_gap - 2, 2 * m.section_gap - 2)
        return not any(room.colliderect(other) for other in frames.values())

    def first_free(section: _Section) -> pygame.Rect | None:
        # beside a section, room for a few more cards is left first (its melds grow as
        # cards are laid off: it then stays where it is), else the plain gap
        for spare in (SPARE_CARDS * m.step, 0):
            spots = [(table.x, table.y)]
            for r in frames.values():
                spots += [(r.right + m.section_gap + spare, r.y),
                          (r.x, r.bottom + m.section_gap), (table.x, r.bottom + m.section_gap)]
            for x, y in sorted(spots, key=lambda p: (p[1], p[0])):
                rect = pygame.Rect(x, y, section.width, section.height)
                if free(rect):
                    return rect
        return None

    old = [s for s in sections if s.owner in remembered]
    unchanged = []
    for section in old:
        place = remembered[section.owner]
        if _wrap(section, place.limit, m) and (section.width, section.height) \
                == place.frame.size and table.contains(place.frame):
            unchanged.append(section)
    for section in unchanged:
        frames[section.owner] = remembered[section.owner].frame.copy()
    for section in old:
        if section in unchanged:
            continue
        place = remembered[section.owner]
        inner = place.frame.width - 2 * m.inner_pad
        for limit in (place.limit, inner):  # as it was wrapped, then inside its old width
            if _wrap(section, limit, m):
                stay = pygame.Rect(place.frame.topleft, (section.width, section.height))
                if free(stay):
                    frames[section.owner] = stay
                    break
        else:
            if not _wrap(section, full, m):
                return None
            rect: pygame.Rect | None = first_free(section)
            if rect is None and _wrap(section, inner, m):
                rect = first_free(section)
            if rect is None:
                return None
            frames[section.owner] = rect
    for section in sections:
        if section.owner in frames:
            continue
        if not _wrap(section, full, m):
            return None
        spot = first_free(section)
        if spot is None:
            return None
        frames[section.owner] = spot
    return frames


def _flow(table: pygame.Rect, sections: list[_Section], m: _Metrics) -> dict[int, pygame.Rect]:
    """The sections one after another in rows, whatever their size (the last resort)."""
    frames: dict[int, pygame.Rect] = {}
    x, y, shelf = table.x, table.y, 0
    for section in sections:
        widest = max(width for _, width in section.melds)
        _wrap(section, max(table.width - 2 * m.inner_pad, widest), m)
        if x > table.x and x + section.width > table.right:
            x, y, shelf = table.x, y + shelf + m.section_gap, 0
        frames[section.owner] = pygame.Rect(x, y, section.width, section.height)
        x, shelf = x + section.width + m.section_gap, max(shelf, section.height)
    return frames


def _lay_sections(layout: ContractLayout, model: ContractModel, sections: list[_Section],
                  frames: dict[int, pygame.Rect], m: _Metrics) -> None:
    widths = {position: width for s in sections for position, width in s.melds}
    for section in sections:
        frame = frames[section.owner]
        layout.sections.append((section.owner, frame.copy(), m.label_h))
        ry = frame.y + m.label_h
        for row in section.rows:
            mx = float(frame.x + m.inner_pad)
            for position in row:
                meld = model.melds[position]
                width = widths[position]
                mat = pygame.Rect(round(mx), ry, round(width), m.h + 2 * m.pad)
                first = mx + m.pad
                layout.melds.append(MeldBox(meld.index, meld.owner, meld.kind, mat, first,
                                            m.step, len(meld.cards)))
                for slot, card in enumerate(meld.cards):
                    layout.spots[card] = Spot(first + slot * m.step, ry + m.pad, m.w, m.h,
                                              "group", meld.index, slot)
                mx += width + m.gap
            ry += m.row_h
