"""Where each meld lies on the felt, kept for the whole hand: the board of digital Rummikub,
where tiles stay exactly where they were put (issue 43).

A meld has a place: its region (sets or runs, where they lie apart), its row and its left
edge, in pixels for the hand's card size. A meld keeps its place from one refresh to the
next when it shares cards with the meld that held it (the meld that shares most wins), so
a meld that grows extends in place, a meld that gives cards away keeps its left edge, and a
meld nobody touched never moves. Each place keeps room beside its meld for growth; a meld
that outgrows its room moves, alone, to the first free place that fits it, leaving its old
place free. A new meld takes the first free place (in reading order) that holds a meld of
three with room to grow: where the New meld target showed. Melds are never re-sorted,
re-packed or re-flowed.

The card size is chosen once a hand, for the table the hand can reach (``layout``), and is
kept until the window or the player's scale changes. When the felt is truly full (a meld
has no free place), or between turns when the next new meld would find none, the whole
table zooms out by one step, every meld keeping its row and its order in the row; the scene
says so (``zoom_outs``).

The geometry (rows, widths, the felt's regions) is the layout's, given to ``arrange`` as a
``Felt``; this module only remembers and decides.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from game.engine.cards import Card

#: room for this many more cards is kept beside each meld, so a meld that grows by one
#: does not have to move
SPARE = 1
#: a meld's place is kept at least this many cards wide (a new meld starts with one card
#: and grows to a meld of three while the player builds it)
LEAST_CARDS = 3


@dataclass(frozen=True)
class Felt:
    """The felt's geometry for one card size: per region, the usable width and how many
    rows show; the gap kept between two melds in a row; a meld's width in pixels for a
    count of cards (``wide``: it holds a 10, whose index spreads the cards)."""

    widths: tuple[int, ...]
    rows: tuple[int, ...]
    gap: int
    width: Callable[[int, bool], float]
    #: the least gap a meld that grows may leave to the next one's cards (its mat still
    #: clear of the next mat, by a pixel), where a new meld keeps ``gap``
    tight_gap: int | None = None


@dataclass(frozen=True)
class MeldPlace:
    """Where a meld lies: its region, its row and its left edge (from the region's usable
    left edge), and the width kept for it (its cards and their room to grow)."""

    region: int
    row: int
    x: float
    room: float


@dataclass
class _Held:
    cards: frozenset[Card]
    place: MeldPlace


@dataclass
class FeltPlaces:
    """The melds' places for one hand in one window (see the module)."""

    #: the window size and player's scale the places were laid out for
    key: object = None
    card_h: int | None = None  # the hand's table-card height
    #: where sets and runs lie apart, the sets' share of the felt's width (chosen with the
    #: card size)
    sets_share: float | None = None
    free_room: int = 0  # the free cards' room, in cards (what they held this hand)
    zoom_outs: int = 0  # how often the table had to zoom out this hand
    #: a turn has just ended: the next arrangement zooms out if a new meld would find no
    #: place (so the table makes room between turns, not under the next player's hand)
    between_turns: bool = False
    #: where the player put the next new meld (a point on the screen), if they chose
    wish: tuple[float, float] | None = None
    _held: list[_Held] = field(default_factory=list)
    #: melds to move to a free place at the next arrangement (moved whole to the felt)
    _loose: set[frozenset[Card]] = field(default_factory=set)

    def copy(self) -> FeltPlaces:
        other = FeltPlaces()
        other.restore(self)
        return other

    def restore(self, other: FeltPlaces) -> None:
        """Take ``other``'s places (those kept before a replay or a hint showed other
        tables, or before a meld's move that Undo takes back)."""
        self.key, self.card_h, self.free_room = other.key, other.card_h, other.free_room
        self.sets_share = other.sets_share
        self.zoom_outs = other.zoom_outs
        self._held = [_Held(h.cards, h.place) for h in other._held]
        self._loose = set(other._loose)

    def clear(self) -> None:
        """A new hand: no meld lies anywhere, the card size is chosen again."""
        self.key, self.card_h, self.free_room, self.zoom_outs = None, None, 0, 0
        self.sets_share = None
        self._held.clear()
        self._loose.clear()

    def start(self, key: object) -> bool:
        """Lay out for ``key`` (the window size and the player's scale): for a new one the
        card size is chosen again and every meld placed afresh in its reading order (the
        player changed the window). Returns whether the places were kept."""
        if key == self.key:
            return True
        self.key, self.card_h, self.sets_share = key, None, None
        self._held.sort(key=lambda h: (h.place.region, h.place.row, h.place.x))
        self._held = [_Held(h.cards, MeldPlace(h.place.region, -1, 0.0, 0.0))
                      for h in self._held]
        return False

    def seed(self, melds: Sequence[tuple[Sequence[Card], int]]) -> None:
        """The melds (each its cards and region) lay in this reading order (a game saved and
        resumed): the next arrangement places them afresh in it, as after a new window."""
        self._held = [_Held(frozenset(cards), MeldPlace(region, -1, 0.0, 0.0))
                      for cards, region in melds]

    def melds(self) -> list[frozenset[Card]]:
        """The melds' cards in reading order (region, row, left to right): what a save
        keeps of the felt (``GameSession.places``)."""
        held = sorted(self._held, key=lambda h: (h.place.region, h.place.row, h.place.x))
        return [h.cards for h in held]

    def wish_for(self, at: tuple[float, float] | None) -> None:
        """The player put the next new meld ``at`` that point of the screen (None: no
        place of their own): the next arrangement puts it there when it is free."""
        self.wish = at

    def loosen(self, cards: Sequence[Card]) -> None:
        """The meld of ``cards`` was moved whole onto the felt: at the next arrangement it
        leaves its place for the first free one (where New meld showed)."""
        self._loose.add(frozenset(cards))

    def places(self) -> dict[frozenset[Card], MeldPlace]:
        return {h.cards: h.place for h in self._held}

    def arrange(self, melds: Sequence[tuple[Sequence[Card], int, bool]], felt: Felt,
                free_width: float = 0.0, wish: tuple[int, int, float] | None = None,
                room_for: int = 1) -> tuple[list[MeldPlace | None], bool, bool]:
        """The places of ``melds`` (each its cards, its region and whether that region is
        sure: a meld not yet valid may lie on either side, and stays on the side it lies on
        or the player put it on), in their order, on ``felt``; ``free_width``: the free
        cards' block, which lies first in region 0's first row; ``wish``: where the player
        put a new meld (region, row, left edge), taken when free. Returns the places (None:
        no free place for it on the felt), whether the felt is full (a meld has no place)
        and whether it is tight (a region has no place for a new meld, or the felt none for
        ``room_for`` of them: what the next turn may lay)."""
        sets = [frozenset(cards) for cards, _, _ in melds]
        regions = [region for _, region, _ in melds]
        sure = [certain for _, _, certain in melds]
        counts = [len(cards) for cards, _, _ in melds]
        wide = [any(c.rank == 10 for c in cards) for cards, _, _ in melds]
        # each meld takes the place of the held meld it shares most cards with (of those
        # alike, the one that lost fewest cards to it: the meld it grew from)
        pairs = sorted((-len(cards & held.cards), len(held.cards - cards), h, m)
                       for m, cards in enumerate(sets)
                       for h, held in enumerate(self._held)
                       if (held.place.region == regions[m] or not sure[m])
                       and cards & held.cards and held.cards not in self._loose)
        holder: dict[int, int] = {}
        taken: set[int] = set()
        for _, _lost, h, m in pairs:
            if m not in holder and h not in taken:
                holder[m] = h
                taken.add(h)
                regions[m] = self._held[h].place.region
        # a meld moved whole onto the felt goes where New meld showed: its own place stays
        # taken while its new one is found
        loose = [h.place for h in self._held if h.cards in self._loose and h.place.row >= 0]
        self._loose.clear()
        rows = _Rows(felt, free_width)
        for place in loose:
            rows.take(place, place.room)
        placed: list[MeldPlace | None] = [None] * len(sets)
        unplaced: list[int] = []
        kept = [(m, self._held[h].place) for m, h in holder.items()
                if self._held[h].place.row >= 0]
        for m, place in kept:  # the room a kept meld holds, before any meld grows
            rows.take(place, felt.width(counts[m], wide[m]))
        for m, place in kept:
            need = felt.width(counts[m], wide[m])
            rows.give_back(place)
            # within its room, unless a meld has since been put in room it did not use
            if need <= place.room and rows.clear_of_cards(place, need):
                placed[m] = place
                rows.take(place, need)
                continue
            # it may grow into free felt, and into room a neighbour kept but does not use
            room = rows.room_at(place, felt.width(max(counts[m], LEAST_CARDS) + SPARE,
                                                  wide[m]), need)
            if room is None:  # it no longer fits its place: it moves, alone
                unplaced.append(m)
                continue
            grown = MeldPlace(place.region, place.row, place.x, room)
            placed[m] = grown
            rows.take(grown, need)
        # melds placed afresh (the window changed) keep their reading order
        fresh = [m for m, h in sorted(holder.items(), key=lambda mh: mh[1])
                 if self._held[h].place.row < 0]
        unplaced = fresh + sorted(unplaced) + [m for m in range(len(sets)) if m not in holder]
        full = tight = False
        for m in unplaced:
            least = felt.width(counts[m], wide[m])
            want = felt.width(max(counts[m], LEAST_CARDS) + SPARE, wide[m])
            found = None
            if wish is not None and m not in holder and (wish[0] == regions[m] or not sure[m]):
                region, row, x = wish  # the whole meld on the felt, near the edge too
                for width in (want, least):
                    at = max(0.0, min(x, felt.widths[region] - width))
                    room = rows.room_at(MeldPlace(region, row, at, 0.0), width, width,
                                        rooms_only=True)
                    if room is not None:
                        found = MeldPlace(region, row, at, room)
                        wish = None
                        break
            if found is None:
                found = rows.first_free(regions[m], want, least)
            if found is None and not sure[m]:  # not a meld yet: it may lie on the other side
                found = next((free for region in range(len(felt.widths))
                              if (free := rows.first_free(region, want, least)) is not None),
                             None)
            if found is None:
                full = True
                continue
            placed[m] = found
            rows.take(found, least)
        for place in loose:
            rows.give_back(place)
        # room for the next turn's new melds: in every region one, and ``room_for`` in all
        want = felt.width(LEAST_CARDS + SPARE, False)
        free_places = 0
        for region in range(len(felt.widths)):
            here = 0
            while here == 0 or free_places + here < room_for:
                spot = rows.first_free(region, want, want)
                if spot is None:
                    break
                rows.take(spot, want)
                here += 1
            tight = tight or here == 0
            free_places += here
        tight = tight or free_places < room_for
        self._held = [_Held(sets[m], place) for m, place in enumerate(placed)
                      if place is not None]
        return placed, full, tight

    def new_meld_places(self, felt: Felt, free_width: float = 0.0) -> list[MeldPlace | None]:
        """Per region, the place the next new meld takes (where New meld shows)."""
        rows = _Rows(felt, free_width)
        for held in self._held:
            rows.take(held.place, held.place.room)
        return [rows.first_free(region, felt.width(LEAST_CARDS + SPARE, False),
                                felt.width(LEAST_CARDS, False))
                for region in range(len(felt.widths))]

    def zoom_out(self, factor: float, felt: Felt) -> None:
        """The table zooms out by ``factor`` (``felt``: its geometry at the new card size):
        every meld keeps its region, its row and its order in the row, its left edge scaled
        (and moved right as far as its left neighbour's cards at the new size need)."""
        self.zoom_outs += 1
        assert self.card_h is not None
        self.card_h = max(1, int(self.card_h * factor))
        rows: dict[tuple[int, int], list[_Held]] = {}
        for held in self._held:
            rows.setdefault((held.place.region, held.place.row), []).append(held)
        for row in rows.values():
            row.sort(key=lambda h: h.place.x)
            end: float = -felt.gap
            for held in row:
                place = held.place
                cards = felt.width(len(held.cards), any(c.rank == 10 for c in held.cards))
                x = max(place.x * factor, end + felt.gap)
                held.place = MeldPlace(place.region, place.row, x, cards)
                end = x + cards
            # each keeps room to grow up to the next meld's left edge (its room scaled
            # would come out a pixel short of its own cards at the new size)
            for held, after in zip(row, [*row[1:], None], strict=True):
                place = held.place
                limit = (after.place.x - felt.gap if after is not None
                         else felt.widths[place.region]) - place.x
                want = felt.width(max(len(held.cards), LEAST_CARDS) + SPARE,
                                  any(c.rank == 10 for c in held.cards))
                held.place = MeldPlace(place.region, place.row, place.x,
                                       max(place.room, min(want, limit)))


class _Rows:
    """The felt's rows as spans taken, to find free room (a pure helper of ``arrange``).
    Each span is a meld's left edge, the end of its cards and the end of its room."""

    def __init__(self, felt: Felt, free_width: float) -> None:
        self.felt = felt
        self.spans: dict[tuple[int, int], list[tuple[float, float, float]]] = {}
        if free_width:
            self.spans[(0, 0)] = [(0.0, free_width, free_width)]

    def take(self, place: MeldPlace, used: float) -> None:
        self.spans.setdefault((place.region, place.row), []).append(
            (place.x, place.x + min(used, place.room), place.x + place.room))

    def give_back(self, place: MeldPlace) -> None:
        spans = self.spans[(place.region, place.row)]
        spans[:] = [span for span in spans if span[0] != place.x]

    def _free_at(self, region: int, row: int, x: float, width: float, rooms: bool,
                 gap: float | None = None) -> bool:
        """Is ``width`` free from ``x`` on: clear of the other melds' cards (by ``gap``, the
        felt's unless given), and unless ``rooms`` is off, of the room they keep too."""
        if x + width > self.felt.widths[region]:
            return False
        gap = self.felt.gap if gap is None else gap
        return all(x + width + gap <= start or x >= (room if rooms else cards) + gap
                   for start, cards, room in self.spans.get((region, row), ()))

    def clear_of_cards(self, place: MeldPlace, width: float) -> bool:
        """Is ``width`` from ``place``'s left edge clear of the other melds' cards?"""
        return self._free_at(place.region, place.row, place.x, width, False,
                             self.felt.tight_gap)

    def room_at(self, place: MeldPlace, want: float, least: float,
                rooms_only: bool = False) -> float | None:
        """The most room up to ``want`` (at least ``least``) free at ``place``'s left edge:
        a growing meld may take room its neighbours keep but do not use (unless
        ``rooms_only``)."""
        tight = self.felt.tight_gap
        tries = ((want, True, None), (least, True, None)) if rooms_only else (
            (want, True, None), (least, True, None), (want, False, None), (least, False, None),
            (least, False, tight))
        for width, rooms, gap in tries:
            if self._free_at(place.region, place.row, place.x, width, rooms, gap):
                return width
        return None

    def first_free(self, region: int, want: float, least: float) -> MeldPlace | None:
        """The first place in reading order with ``want`` free (else ``least``), clear of
        every meld's room; on a felt that has no such place, the first clear of the other
        melds' cards (the room they keep but do not use)."""
        for width, rooms in ((want, True), (least, True), (least, False)):
            for row in range(self.felt.rows[region]):
                spans = self.spans.get((region, row), ())
                starts = [0.0] + sorted((room if rooms else cards) + self.felt.gap
                                        for _, cards, room in spans)
                for x in starts:
                    if self._free_at(region, row, x, width, rooms):
                        return MeldPlace(region, row, x, width)
        return None
