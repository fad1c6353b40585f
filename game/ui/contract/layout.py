"""Where everything goes on the contract table: a function of the model, the size and the
places the melds had (``FeltPlaces``, kept for the round, so they stay where they were).

The sidebar on the right (on the left for a left-handed player) holds the two piles
(stock and discard, side by side), a panel of the bottom player's facts and the buttons;
opponents run across the top; below them a banner names the round's contract; the felt
shows the melds, each where it was laid, its owner named under it; the staging groups
(the contract being built) sit above the hand; the status line is between the felt and the
staging groups.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from game.engine.cards import Card
from game.engine.contract.params import SET_SIZE
from game.ui.cardtable.felt_places import SPARE, Felt, FeltPlaces, MeldPlace
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
from game.ui.contract.words import LOG_MOST
from game.ui.scale import Zoom, ui_scale

PLAIN = Zoom()  # 100%, cards as usual
#: the most of the window's height (width for the sidebar) each band may take, however
#: large the player's scale: what is left is the felt's
BAND_MOST = {"side": 0.3, "top": 0.15, "banner": 0.065, "hand": 0.19, "stage": 0.17,
             "status": 0.06, "piles": 0.2, "info": 0.16}

MIN_TABLE_HEIGHT = 46
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
    cards_zoom: float = 1.0  # the player's large cards
    seat_rects: dict[int, pygame.Rect] = field(default_factory=dict)
    spots: dict[Card, Spot] = field(default_factory=dict)
    melds: list[MeldBox] = field(default_factory=list)
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
                   places: FeltPlaces | None = None, left: bool = False,
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
    stage_h = clamp(min(height * 0.15 * k * zoom.cards, height * BAND_MOST["stage"]), 84,
                    170 * s * zoom.cards)
    if model.slots is not None:
        stage = pygame.Rect(x0, hand.top - stage_h, main_w, stage_h)
        above = stage.top
    status_h = clamp(min(height * 0.045 * k, height * BAND_MOST["status"]), 28, 42 * s)
    # the status line's top with the staging groups shown: the melds' felt ends above it
    # (and above the turn log's lines) however the groups come and go within a round
    staged_status = hand.top - stage_h - status_h - m // 2
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
                            scale=s, zoom=k, cards_zoom=zoom.cards)
    _place_seats(layout, model)
    _place_piles(layout, model)
    place_hand(layout, model.hand)
    _place_stage(layout, model)
    _place_melds(layout, model, hand_h, places if places is not None else FeltPlaces(),
                 staged_status - 8 - LOG_MOST * _log_pitch(layout))
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


def _log_pitch(layout: ContractLayout) -> int:
    """A turn log's line with its backing."""
    return round(log_px(layout.size, layout.scale, layout.zoom) * 1.25) + 5


def log_strip(layout: ContractLayout, lines: int) -> pygame.Rect:
    """The strip at the foot of the felt kept for ``lines`` lines of the turn log (drawn
    upwards from just above the status line): no meld is laid there."""
    top = layout.status.top - 8 - lines * _log_pitch(layout)
    return pygame.Rect(layout.table.x, top, layout.table.width, layout.table.bottom - top)


#: the felt is sized at a round's start for every seat's contract, each meld with room for
#: this many lay-offs; the round's one zoom-out, between turns, makes room for half as many
#: melds again
LAY_OFFS = 2
MORE_MELDS = 1.5
ZOOM_STEP = 0.88  # a felt fuller still than the zoom-out made room for shrinks by this


def _felt(table: pygame.Rect, h: int) -> tuple[Felt, _Metrics]:
    """The felt's geometry with table cards ``h`` tall: one region, rows of melds with the
    words under each."""
    m = _Metrics.of(round(h / CARD_RATIO), h)
    rows = max(1, (table.height - 2 * m.inner_pad + m.gap) // (m.row_h + m.gap))
    return Felt((table.width - 2 * m.inner_pad,), (rows,), m.gap,
                lambda count, _wide: m.w + m.step * (count - 1) + 2 * m.pad, 1), m


def _hand_height(model: ContractModel, table: pygame.Rect, top: int, more: float = 1.0) -> int:
    """The tallest table card, from ``top`` down, at which the felt holds every seat's
    contract (``more`` times as many melds), each meld with room for ``LAY_OFFS``."""
    contract = model.contract
    melds = math.ceil(len(model.seats) * (contract.sets + contract.runs) * more)
    cards = max(SET_SIZE, contract.run_length) + LAY_OFFS
    h = top
    while h > MIN_TABLE_HEIGHT:
        felt, _m = _felt(table, h)
        place = felt.width(cards + SPARE, False) + felt.gap
        if felt.rows[0] * int((felt.widths[0] + felt.gap) // place) >= melds:
            break
        h = max(MIN_TABLE_HEIGHT, int(h * 0.94))
    return h


def _place_melds(layout: ContractLayout, model: ContractModel, hand_h: int,
                 places: FeltPlaces, felt_bottom: int) -> None:
    """Lay the melds out where they lie (``places``, kept for the round): the card size is
    the round's, every meld keeps its place, a new one takes the first free place (a seat's
    contract lies together, in order); only a full felt zooms out, once, between turns.
    ``felt_bottom``: where the melds' felt ends with the staging groups shown (they come and
    go within a round; the melds' felt does not)."""
    table = pygame.Rect(layout.table.x, layout.table.y, layout.table.width,
                        max(MIN_TABLE_HEIGHT, felt_bottom - layout.table.y))
    places.start((layout.size, layout.zoom, layout.cards_zoom, layout.sidebar.x == 0,
                  model.round_number))
    fresh = places.card_h is None  # the size is chosen now: nothing was seen smaller
    if fresh:
        top = min(round(hand_h * 0.86), table.height - 20)
        places.card_h = _hand_height(model, table, top)
    melds = [(meld.cards, 0, True) for meld in model.melds]
    while True:
        h = places.card_h
        assert h is not None  # chosen above, for the hand
        felt, m = _felt(table, h)
        before = places.copy()
        placed, full, tight = places.arrange(melds, felt)
        if not (full or tight and places.between_turns) or h <= MIN_TABLE_HEIGHT:
            break
        places.restore(before)
        goal = _hand_height(model, table, h, MORE_MELDS) if not places.zoom_outs else 0
        factor = max(min(goal / h, ZOOM_STEP), MIN_TABLE_HEIGHT / h)
        places.zoom_out(factor, _felt(table, max(1, int(h * factor)))[0])
    places.between_turns = False
    if fresh:  # a table that needed smaller cards from the start was never seen larger
        places.zoom_outs = 0
    layout.table_card = (m.w, h)
    for meld, place in zip(model.melds, placed, strict=True):
        if place is None:  # full even at the smallest cards: the last row's end
            place = MeldPlace(0, felt.rows[0] - 1, max(0.0, felt.widths[0] - felt.width(
                len(meld.cards), False)), 0.0)
        x = table.x + m.inner_pad + place.x
        y = table.y + m.inner_pad + place.row * (m.row_h + m.gap)
        mat = pygame.Rect(round(x), y, round(felt.width(len(meld.cards), False)),
                          m.h + 2 * m.pad)
        first = mat.x + m.pad
        layout.melds.append(MeldBox(meld.index, meld.owner, meld.kind, mat, first, m.step,
                                    len(meld.cards)))
        for slot, card in enumerate(meld.cards):
            layout.spots[card] = Spot(first + slot * m.step, y + m.pad, m.w, m.h, "group",
                                      meld.index, slot)
