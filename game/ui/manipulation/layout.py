"""Where everything goes: a pure function of the table model and the window size.

The screen is cut into a sidebar on the right (on the left for a left-handed player:
``left``; stock, game facts, buttons), a strip of
opponents across the top, the player's hand along the bottom with a status line above it,
and the felt in the middle, where each meld lies in its place for the whole hand
(``felt_places``). The table's card size is chosen at the deal for the table the hand can
reach; the hand's card size depends on the window height only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from game.engine.cards import Card
from game.i18n import _
from game.ui.cardtable.felt_places import LEAST_CARDS, SPARE, Felt, FeltPlaces, MeldPlace
from game.ui.cardtable.geometry import (
    CARD_RATIO,
    HandRow,
    Spot,
    clamp,
    meld_step,
    place_hand,
    seat_row,
)
from game.ui.manipulation.model import TableModel
from game.ui.scale import Zoom, ui_scale

PLAIN = Zoom()  # 100%, cards as usual

MIN_TABLE_HEIGHT = 50
#: smaller still only when the felt is truly full (the table zooms out, between turns)
LAST_TABLE_HEIGHT = 34
#: where sets and runs lie apart, the sets' usual share of the felt's width, and the
#: least and most it takes when the hand starts with a table (a loaded game, a puzzle)
SETS_SHARE = 0.4
SETS_SHARES = (0.25, 0.75)
BUTTON_ROWS = 9  # rows of sidebar buttons (controls.ROWS)
INFO_LINES = 4  # under the game facts' title (``info_height``)
LOG_ROWS_MOST = 4  # lines of the turn log under the felt (one per other seat, at most)


#: the most of the window's height (width for the sidebar) each band may take, however
#: large the player's scale: what is left is the felt's
STOCK_LEAST, INFO_LEAST = 80, 60  # the piles' and the facts' boxes at their smallest
SCORE_ROW_LEAST = 15  # a score row's least height (its text 10 px)
BAND_MOST = {"side": 0.3, "top": 0.17, "hand": 0.24, "status": 0.065, "stock": 0.2,
             "info": 0.14}


def info_font_px(height: int, scale: float = 1.0, zoom: float = 1.0) -> tuple[int, int]:
    """The game facts' text sizes in a window ``height`` tall: the title's and the lines'
    (``scale``: how much their caps grow; ``zoom``: the player's UI scale)."""
    return (int(max(12, min(18 * scale, height * 0.021 * zoom))),
            int(max(10, min(15 * scale, height * 0.017 * zoom))))


def info_height(height: int, scale: float = 1.0, zoom: float = 1.0) -> int:
    """The game facts' panel: room for its title and ``INFO_LINES`` lines (the variant,
    the match, the deal number and the last turns' warning) at least."""
    big, small = info_font_px(height, scale, zoom)
    usual = clamp(min(height * 0.095 * zoom, height * BAND_MOST["info"]), 60, 96 * scale)
    return max(usual, int(big * 1.3) + INFO_LINES * int(small * 1.3) + 8)


def log_font_px(height: int, scale: float = 1.0, zoom: float = 1.0) -> int:
    """The turn log's text size in a window ``height`` tall (``scale``: how much its cap
    grows; ``zoom``: the player's UI scale)."""
    return int(max(11, min(15 * scale, height * 0.017 * zoom, height * 0.026)))


def font_px(layout: Layout, share: float, low: int, high: int) -> int:
    """A text size: ``share`` of the window's height at the player's UI scale, from
    ``low`` up to ``high`` (a cap that grows with the layout's scale)."""
    return int(max(low, min(high * layout.scale, layout.size[1] * share * layout.zoom)))


def log_row_height(height: int, scale: float = 1.0, zoom: float = 1.0) -> int:
    return log_font_px(height, scale, zoom) + 8


@dataclass(frozen=True)
class GroupBox:
    index: int  # source group index
    rect: pygame.Rect  # the mat around the cards
    first_x: float  # left edge of the first card
    step: float
    count: int
    kind: str
    valid: bool
    problem: str

    def insert_position(self, x: float) -> int:
        """Where a card dropped at ``x`` goes among this group's cards (0..count)."""
        slot = round((x - self.first_x) / max(1.0, self.step))
        return max(0, min(self.count, slot))


@dataclass
class Layout(HandRow):
    size: tuple[int, int]
    margin: int
    table_card: tuple[int, int]
    hand_card: tuple[int, int]
    sidebar: pygame.Rect
    top: pygame.Rect
    table: pygame.Rect
    status: pygame.Rect
    hand: pygame.Rect
    stock: pygame.Rect
    info: pygame.Rect
    buttons: pygame.Rect
    log: pygame.Rect  # the turn log's strip, between the felt and the status line
    seat_rects: dict[int, pygame.Rect] = field(default_factory=dict)
    spots: dict[Card, Spot] = field(default_factory=dict)
    groups: list[GroupBox] = field(default_factory=list)
    new_melds: list[pygame.Rect] = field(default_factory=list)
    free_rect: pygame.Rect | None = None
    regions: list[tuple[str, pygame.Rect]] = field(default_factory=list)
    hand_lift: int = 0
    hand_step: float = 0.0
    hand_first_x: float = 0.0
    hand_count: int = 0
    button_h: int = 36
    button_font: int = 16
    scores: pygame.Rect | None = None  # the running scores, when the sidebar has room
    score_row: int = 20
    scale: float = 1.0  # how much the caps on sizes grow (the window's and player's scale)
    zoom: float = 1.0  # the player's UI scale
    cards_zoom: float = 1.0  # the player's large cards

    def group_at(self, pos: tuple[float, float], slack: int = 0) -> GroupBox | None:
        """The meld whose mat is under ``pos``, else the nearest one within ``slack``
        (never a neighbour's slack over the mat the pointer is on)."""
        near: list[tuple[float, GroupBox]] = []
        for box in self.groups:
            if box.rect.collidepoint(pos):
                return box
            if slack and box.rect.inflate(slack, slack).collidepoint(pos):
                dx = max(box.rect.left - pos[0], 0, pos[0] - box.rect.right)
                dy = max(box.rect.top - pos[1], 0, pos[1] - box.rect.bottom)
                near.append((dx * dx + dy * dy, box))
        return min(near, key=lambda pair: pair[0])[1] if near else None

    def box(self, index: int) -> GroupBox | None:
        for box in self.groups:
            if box.index == index:
                return box
        return None

    def on_felt(self, pos: tuple[float, float]) -> bool:
        return self.table.collidepoint(pos) and self.group_at(pos) is None \
            and not (self.free_rect and self.free_rect.collidepoint(pos))


def hand_card_height(size: tuple[int, int], zoom: Zoom = PLAIN) -> int:
    """How tall the hand's cards are in a window of ``size`` at ``zoom`` (the player's UI
    scale and large cards), up to the hand band's share of the window."""
    height = size[1]
    s = max(1.0, ui_scale(size)) * zoom.user
    return clamp(min(height * 0.18 * zoom.user * zoom.cards, height * BAND_MOST["hand"]), 92,
                 200 * s * zoom.cards)


def compute_layout(model: TableModel, size: tuple[int, int], places: FeltPlaces | None = None,
                   log_rows: int | None = None, left: bool = False,
                   zoom: Zoom = PLAIN) -> Layout:
    """The layout of ``model`` in a window of ``size``; ``places`` (kept by the scene for
    the hand) say where each meld lies and the hand's card size, and take the places of
    new melds (without them, a fresh felt); the turn log under the felt has
    ``log_rows`` lines (unless given, one per other seat, at most ``LOG_ROWS_MOST``);
    the sidebar is on the ``left`` for a left-handed player, the rest beside it.
    ``zoom``: the player's UI scale and large cards; each band grows with it up to its
    share of the window (``BAND_MOST``), so the felt keeps its room at any scale."""
    width, height = size
    k = zoom.user
    # the caps grow with the window (as the menus do) and with the player's scale
    s = max(1.0, ui_scale(size)) * k
    m = clamp(min(width, height) * 0.012, 8, 18 * s)
    side_w = clamp(min(width * 0.165 * k, width * BAND_MOST["side"]), 180, 300 * s)
    sidebar = pygame.Rect(0 if left else width - side_w, 0, side_w, height)
    x0 = (side_w if left else 0) + m  # the left edge of the felt, the seats and the hand
    top_h = clamp(min(height * 0.125 * k, height * BAND_MOST["top"]), 78, 128 * s)
    top = pygame.Rect(x0, m // 2, width - side_w - 2 * m, top_h - m // 2)
    hand_h = hand_card_height(size, zoom)
    hand_card = (round(hand_h / CARD_RATIO), hand_h)
    lift = round(hand_h * 0.16)
    hand_label = clamp(height * 0.028 * k, 18, min(28 * s, height * 0.05))
    hand = pygame.Rect(x0, height - hand_h - lift - hand_label - m, width - side_w - 2 * m,
                       hand_h + lift + hand_label)
    status_h = clamp(min(height * 0.05 * k, height * BAND_MOST["status"]), 30, 46 * s)
    status = pygame.Rect(x0, hand.top - status_h - m // 2, hand.width, status_h)
    # the turn log has a strip of its own under the melds, so it is never hidden by a meld
    # however full the table
    if log_rows is None:
        log_rows = max(1, min(LOG_ROWS_MOST, len(model.seats) - 1))
    log_h = log_rows * log_row_height(height, s, k)
    log = pygame.Rect(x0, status.top - log_h - m // 3, hand.width, log_h)
    table = pygame.Rect(x0, top.bottom + m, width - side_w - 2 * m,
                        log.top - top.bottom - m - m // 3)

    pad = m
    stock_h = clamp(min(height * 0.15 * k, height * BAND_MOST["stock"]), 80, 170 * s)
    info_h = info_height(height, s, k)
    row_h = clamp(height * 0.026 * k, 17, 24 * s)
    needed = row_h * (len(model.seats) + 1) + 16
    # at a large scale the column's parts, each grown alone, overrun it (the scores fell
    # off the bottom, the buttons shrank while the facts grew): all shrink by one factor
    wanted_h = clamp(height * 0.048 * k, 28, 46 * s)
    column = height - 4 * pad - pad // 2
    natural = stock_h + info_h + _button_block(wanted_h) + needed
    if natural > column:
        factor = column / natural
        stock_h = max(STOCK_LEAST, int(stock_h * factor))
        info_h = max(INFO_LEAST, int(info_h * factor))
        wanted_h = max(28, int(wanted_h * factor))
        row_h = max(17, int(row_h * factor))
        needed = row_h * (len(model.seats) + 1) + 16
    stock = pygame.Rect(sidebar.x + pad, pad, sidebar.width - 2 * pad, stock_h)
    info = pygame.Rect(sidebar.x + pad, stock.bottom + pad // 2, sidebar.width - 2 * pad, info_h)
    # the buttons take what the piles and the facts leave (at a large scale in a small
    # window they stop growing where the column ends)
    room = height - info.bottom - 2 * pad
    button_h = clamp(min(wanted_h, room / (BUTTON_ROWS + 0.3 + BUTTON_ROWS / 7)), 28, 46 * s)
    block = _button_block(button_h)
    buttons = pygame.Rect(sidebar.x + pad, info.bottom + pad, sidebar.width - 2 * pad, block)
    left_over = height - buttons.bottom - 2 * pad
    if needed > left_over:  # closer rows before no scores at all
        row_h = max(SCORE_ROW_LEAST, (left_over - 16) // (len(model.seats) + 1))
        needed = row_h * (len(model.seats) + 1) + 16
    scores = pygame.Rect(sidebar.x + pad, buttons.bottom + pad, buttons.width,
                         min(needed, left_over))

    layout = Layout(size, m, (0, 0), hand_card, sidebar, top, table, status, hand, stock,
                    info, buttons, log, hand_lift=lift, button_h=button_h,
                    button_font=clamp(min(height * 0.019 * k, button_h * 0.42), 13, 18 * s),
                    scores=scores if scores.height >= needed else None, score_row=row_h,
                    scale=s, zoom=k, cards_zoom=zoom.cards)
    _place_seats(layout, model)
    place_hand(layout, model.hand)
    _place_table(layout, model, hand_h, places if places is not None else FeltPlaces())
    return layout


def _button_block(button_h: int) -> int:
    """The height of the sidebar's buttons, rows ``button_h`` tall (the first a third
    taller) and the gaps between them."""
    return round(button_h * (BUTTON_ROWS + 0.3)) + max(4, button_h // 7) * BUTTON_ROWS


def _place_seats(layout: Layout, model: TableModel) -> None:
    others = model.others
    if not others:
        return
    widest = round(340 * layout.scale)
    for info, rect in zip(others, seat_row(layout.top, len(others), layout.margin, widest),
                          strict=True):
        layout.seat_rects[info.seat] = rect
    bottom = model.seats[model.bottom] if model.seats else None
    if bottom is not None:
        layout.seat_rects[bottom.seat] = layout.hand.copy()
    for seat, cards in model.revealed:
        box = layout.seat_rects.get(seat)
        if box is not None and seat != model.bottom:
            _place_revealed(layout, box, seat, cards)


def _place_revealed(layout: Layout, rect: pygame.Rect, seat: int,
                    cards: Sequence[Card]) -> None:
    """A seat's cards left at the end of a hand, face up in a row under its name (zone
    "seat", ``group`` the seat)."""
    if not cards:
        return
    pad = max(5, rect.height // 12)
    name_h = max(14, round(rect.height * 0.24))
    h = rect.height - name_h - 2 * pad
    w = round(h / CARD_RATIO)
    n = len(cards)
    step = w * 0.62 if n == 1 else min(w * 0.62, (rect.width - 2 * pad - w) / (n - 1))
    y = rect.y + pad + name_h
    for slot, card in enumerate(cards):
        layout.spots[card] = Spot(rect.x + pad + slot * step, y, w, h, "seat", seat, slot)


def free_label_width(w: int) -> int:
    """The strip on the left of the free cards that holds their label, read upwards."""
    return max(14, round(w * 0.22))


def _wide(cards: Sequence[Card]) -> bool:
    return any(c.rank == 10 for c in cards)


def _blocks_width(count: int, w: int, wide: bool = False) -> float:
    return w + (count - 1) * meld_step(w, wide) if count else w


#: of the cards that the hand can bring to the table (every card in play), the share the
#: felt is sized for at the deal (whole matches of three Mediums filled it to 53-75%: eight
#: hands of Manipulation, Machiavelli, Carousel and Tahiti, issue 43); the hand's one
#: zoom-out, between turns, makes room for more (``ZOOM_REACH``)
REACH_SHARE = 0.7
#: a meld holds about this many cards (the felt is sized in melds of three with their room)
MELD_CARDS = 3
#: the hand's one zoom-out makes room for this share of the cards in play (melds of three
#: each keeping room for a fourth: more than the cards, as melds are often longer)
ZOOM_REACH = 1.25
#: a felt fuller still than the zoom-out made room for shrinks again by this factor
ZOOM_STEP = 0.88


def _felt(layout: Layout, model: TableModel, h: int, label_h: int,
          share: float = SETS_SHARE) -> tuple[Felt, int]:
    """The felt's geometry with table cards ``h`` tall (the sets' ``share`` of its width
    where sets and runs lie apart), and the pad around a meld's cards."""
    w = round(h / CARD_RATIO)
    pad = max(3, round(w * 0.08))
    gap = max(pad * 2 + 4, round(w * 0.26))
    row_gap = max(pad * 2 + 4, round(h * 0.14))
    inner = [area.inflate(-2 * pad, -2 * pad)
             for _, area in _regions(layout, model, label_h, share)]
    return Felt(tuple(r.width for r in inner),
                tuple(max(1, (r.height + row_gap) // (h + row_gap)) for r in inner), gap,
                lambda count, wide: _blocks_width(count, w, wide), 2 * pad + 1), pad


def _free_block(w: int, pad: int, room: int) -> float:
    """The free cards' block (their label's strip and ``room`` cards), 0 with no room."""
    return free_label_width(w) + w * room + pad * (room - 1) if room else 0.0


def _capacity(layout: Layout, model: TableModel, h: int, label_h: int, free_room: int,
              share: float) -> int:
    """How many melds of three (each with its room to grow) the felt holds at cards ``h``
    tall; where sets and runs lie apart, twice what the smaller side holds (a hand may bring
    mostly sets, or mostly runs)."""
    felt, pad = _felt(layout, model, h, label_h, share)
    place = felt.width(MELD_CARDS + SPARE, False) + felt.gap
    free = _free_block(round(h / CARD_RATIO), pad, free_room)
    sides = []
    for region, (width, rows) in enumerate(zip(felt.widths, felt.rows, strict=True)):
        holds = rows * int((width + felt.gap) // place)
        if region == 0 and free:
            holds -= int((free + felt.gap) // place) + 1
        sides.append(holds)
    return min(sides) * len(sides)


def _hand_height(layout: Layout, model: TableModel, top: int, label_h: int,
                 free_room: int, sets_share: float, share: float = REACH_SHARE,
                 least: int = MIN_TABLE_HEIGHT) -> int:
    """The table cards' height for the hand: the tallest, from ``top`` down to ``least``,
    at which the felt holds the table the hand can reach (``share`` of every card in play,
    in melds of three)."""
    in_play = (sum(len(g.cards) for g in model.groups) + len(model.free) + model.stock
               + sum(seat.cards for seat in model.seats))
    melds = -(-round(in_play * share) // MELD_CARDS)
    h = top
    while h > least and _capacity(layout, model, h, label_h, free_room, sets_share) < melds:
        h = max(least, int(h * 0.94))
    return h


def _sets_share(model: TableModel) -> float:
    """Where sets and runs lie apart, the sets' share of the felt for a hand whose table
    lies as ``model``'s (a game loaded mid-hand, a puzzle): as much as their cards need of
    what the melds on it need, the usual share for an empty table."""
    sets = sum(len(g.cards) + SPARE for g in model.groups if g.kind == "set")
    runs = sum(len(g.cards) + SPARE for g in model.groups if g.kind != "set")
    if not sets or not runs:
        return SETS_SHARE if not sets else max(SETS_SHARES)
    return min(max(SETS_SHARES), max(min(SETS_SHARES), sets / (sets + runs)))


def _next_melds(model: TableModel) -> int:
    """How many new melds the seat in turn could lay from its hand (what the felt keeps
    room for between turns)."""
    cards = max((seat.cards for seat in model.seats if seat.current), default=0)
    return -(-cards // MELD_CARDS) + 1  # and one a rearrangement of the table may add


def _wish(layout: Layout, model: TableModel, h: int, label_h: int, share: float,
          point: tuple[float, float] | None) -> tuple[int, int, float] | None:
    """Where on the felt the player put a new meld (region, row, left edge), its first card
    centred on ``point``; None when the point is off the felt."""
    if point is None:
        return None
    felt, pad = _felt(layout, model, h, label_h, share)
    row_gap = max(pad * 2 + 4, round(h * 0.14))
    w = round(h / CARD_RATIO)
    for region, (_name, area) in enumerate(_regions(layout, model, label_h, share)):
        inner = area.inflate(-2 * pad, -2 * pad)
        if area.collidepoint(point):
            row = int((point[1] - inner.y) // (h + row_gap))
            row = max(0, min(row, felt.rows[region] - 1))
            return region, row, max(0.0, point[0] - inner.x - w / 2)
    return None


def _place_table(layout: Layout, model: TableModel, hand_h: int, places: FeltPlaces) -> None:
    """Lay the melds out where they lie (``places``, kept for the hand): the card size is
    the hand's, every meld keeps its place, a new one takes the first free place; only when
    the felt is truly full (or, between turns, has no place left for a new meld) does the
    whole table zoom out, each meld keeping its row."""
    table = layout.table
    label_h = max(16, round(table.height * 0.05)) if model.apart else 0
    places.start((layout.size, layout.zoom, layout.cards_zoom))
    places.free_room = max(places.free_room, len(model.free))
    fresh = places.card_h is None  # the size is chosen now: nothing was seen smaller
    if fresh:
        places.sets_share = _sets_share(model) if model.apart else SETS_SHARE
        top = min(round(hand_h * 0.86), max(MIN_TABLE_HEIGHT, (table.height - label_h) // 2))
        places.card_h = _hand_height(layout, model, top, label_h, places.free_room,
                                     places.sets_share)
    share = places.sets_share or SETS_SHARE
    melds = [(g.cards, 1 if model.apart and g.kind == "run" else 0, g.valid or not model.apart)
             for g in model.groups]
    while True:
        h = places.card_h
        assert h is not None  # chosen above, for the hand
        w = round(h / CARD_RATIO)
        felt, pad = _felt(layout, model, h, label_h, share)
        free_w = _free_block(w, pad, places.free_room)
        before = places.copy()
        placed, full, tight = places.arrange(melds, felt, free_w,
                                             _wish(layout, model, h, label_h, share,
                                                   places.wish), _next_melds(model))
        if not (full or tight and places.between_turns) or h <= LAST_TABLE_HEIGHT:
            break
        places.restore(before)
        # the one zoom-out of a hand makes room for every card in play; only a table fuller
        # still shrinks again, a step at a time
        # (below the deal's least size if need be: one step, rather than a second later)
        goal = _hand_height(layout, model, h, label_h, places.free_room, share, ZOOM_REACH,
                            LAST_TABLE_HEIGHT) if not places.zoom_outs else 0
        factor = max(min(goal / h, ZOOM_STEP), LAST_TABLE_HEIGHT / h)
        places.zoom_out(factor, _felt(layout, model, max(1, int(h * factor)), label_h,
                                      share)[0])
    places.between_turns = False
    places.wish = None
    if fresh:  # a table that needed smaller cards from the start was never seen larger
        places.zoom_outs = 0
    layout.table_card = (w, h)
    regions = _regions(layout, model, label_h, share)
    layout.regions = [(name, area) for name, area in regions if name]
    inner = [area.inflate(-2 * pad, -2 * pad) for _, area in regions]
    row_gap = max(pad * 2 + 4, round(h * 0.14))

    def corner(region: int, row: int, x: float) -> tuple[float, float]:
        return inner[region].x + x, inner[region].y + row * (h + row_gap)

    def mat(x: float, y: float, width: float) -> pygame.Rect:
        return pygame.Rect(round(x) - pad, round(y) - pad, round(width) + 2 * pad, h + 2 * pad)

    if model.free:
        x, y = corner(0, 0, 0.0)
        layout.free_rect = mat(x, y, _free_block(w, pad, len(model.free)))
        x0 = x + free_label_width(w)
        for slot, card in enumerate(model.free):
            layout.spots[card] = Spot(x0 + slot * (w + pad), y, w, h, "free", None, slot)
    for group, place in zip(model.groups, placed, strict=True):
        if place is None:  # the felt is full even at the smallest cards: the last row's end
            region = melds[group.index][1]
            place = MeldPlace(region, felt.rows[region] - 1,
                              max(0.0, felt.widths[region] - felt.width(len(group.cards),
                                                                        False)), 0.0)
        x, y = corner(place.region, place.row, place.x)
        wide = _wide(group.cards)
        step = meld_step(w, wide)
        layout.groups.append(GroupBox(group.index, mat(x, y, _blocks_width(len(group.cards),
                                                                             w, wide)),
                                      x, step, len(group.cards), group.kind, group.valid,
                                      group.problem))
        for slot, card in enumerate(group.cards):
            layout.spots[card] = Spot(x + slot * step, y, w, h, "group", group.index, slot)
    for place in places.new_meld_places(felt, free_w):
        if place is not None:
            x, y = corner(place.region, place.row, place.x)
            # as wide as the place a new meld keeps (its cards, then room for a meld of three)
            layout.new_melds.append(mat(x, y, felt.width(LEAST_CARDS, False)))


def _regions(layout: Layout, model: TableModel, label_h: int,
             share: float = SETS_SHARE) -> list[tuple[str, pygame.Rect]]:
    table = layout.table
    if not model.apart:
        return [("", table.copy())]
    gap = layout.margin * 2
    left_w = round((table.width - gap) * share)
    sets = pygame.Rect(table.x, table.y + label_h, left_w, table.height - label_h)
    runs = pygame.Rect(sets.right + gap, table.y + label_h, table.width - left_w - gap,
                       table.height - label_h)
    return [(_("Sets"), sets), (_("Runs"), runs)]
