"""The mouse at the table: click to select (shift/ctrl-click for several), drag cards from the
hand or any meld onto a meld, between two cards, onto empty felt (a new meld) or back into
the hand; right-click sends a card played this turn back. While dragging, the drop targets
that would make a valid meld are highlighted. Pressing on a meld's mat (its frame, not a
card) takes the whole meld: a click selects it, a drag moves it. Dragging on empty felt or
the hand rail's empty space draws a band that selects every card it touches (with Ctrl or
Shift, in addition to the selection).

``Pointer`` sees its table as a ``PointerScene`` and asks the person's turn (``HumanTurn``,
as a ``PointerTurn``) for every edit."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

import pygame

from game.engine.cards import Card
from game.engine.variants import JokerIdentity
from game.i18n import _
from game.ui.cardtable.card_pointer import CardPointer, PointerTable
from game.ui.cardtable.geometry import meld_step
from game.ui.cardtable.sprites import CardSprite
from game.ui.manipulation.human import split_option

if TYPE_CHECKING:
    from game.engine.draft import TurnDraft
    from game.engine.match import Match
    from game.ui.manipulation.hud import TableHud
    from game.ui.manipulation.layout import Layout
    from game.ui.manipulation.model import TableModel
    from game.ui.scene import AppServices

TOOLTIP_DELAY = 0.35


@dataclass
class Press:
    pos: tuple[int, int]
    card: Card | None
    additive: bool
    group: int | None = None  # the meld whose mat (not a card) was pressed
    band: bool = False  # on empty felt or hand rail: a drag draws a selection band


@dataclass
class Band:
    """A selection band being drawn from ``start`` to ``end``."""

    start: tuple[int, int]
    end: tuple[int, int]
    additive: bool

    @property
    def rect(self) -> pygame.Rect:
        left, top = min(self.start[0], self.end[0]), min(self.start[1], self.end[1])
        return pygame.Rect(left, top, abs(self.end[0] - self.start[0]) + 1,
                           abs(self.end[1] - self.start[1]) + 1)


@dataclass
class Drag:
    cards: list[Card]
    offset: tuple[float, float]
    valid: dict[object, bool] = field(default_factory=dict)
    hover: object = None
    caret: tuple[int, int, int] | None = None
    position: int | None = None
    split_at: int | None = None  # dropping here splits a valid meld in two
    under: CardSprite | None = None
    meld: int | None = None  # the meld dragged whole by its mat


class PointerScene(PointerTable, Protocol):
    """The manipulation table as ``Pointer`` sees it."""

    @property
    def app(self) -> AppServices: ...
    @property
    def match(self) -> Match: ...
    @property
    def draft(self) -> TurnDraft | None: ...
    @property
    def model(self) -> TableModel | None: ...
    @property
    def layout(self) -> Layout | None: ...
    @property
    def hud(self) -> TableHud: ...
    @property
    def version(self) -> int: ...
    @property
    def selected(self) -> Sequence[Card]: ...

    def select(self, cards: Iterable[Card]) -> None: ...
    def select_more(self, cards: Iterable[Card]) -> None: ...
    def deselect(self, cards: Iterable[Card]) -> None: ...
    def toggle_selected(self, card: Card) -> None: ...
    def bottom_hand(self) -> list[Card]: ...
    def lift_hand(self) -> None: ...


class PointerTurn(Protocol):
    """What the pointer asks of the person's turn (``HumanTurn``)."""

    @property
    def can_edit(self) -> bool: ...
    @property
    def hand_active(self) -> bool: ...

    def move_cards(self, cards: Sequence[Card], to_group: int | None,
                   position: int | None = None, at: tuple[float, float] | None = None
                   ) -> bool: ...
    def insert_and_split(self, cards: Sequence[Card], to_group: int, at: int) -> bool: ...
    def release_joker(self, joker: Card, real: Card) -> bool: ...
    def send_back(self, cards: Sequence[Card]) -> bool: ...
    def reorder_hand(self, cards: Sequence[Card], slot: int) -> None: ...
    def open_chooser(self, joker: Card) -> bool: ...
    def close_chooser(self) -> None: ...


class Pointer(CardPointer[PointerScene]):
    """The manipulation table's clicks, drags, hover and tooltips (see the module)."""

    press: Press | None
    drag: Drag | None

    def __init__(self, scene: PointerScene, turn: PointerTurn) -> None:
        super().__init__(scene)
        self.turn = turn
        self._hover_group: int | None = None
        self._hover_time = 0.0
        self.hover_card: Card | None = None
        self._hover_key: object = None
        self.band: Band | None = None
        self.hover_mat: int | None = None  # the meld whose mat (not a card) is under the mouse
        self.tooltip_rect: pygame.Rect | None = None  # where the meld's tooltip was drawn

    @property
    def dragging(self) -> bool:
        """Cards or a selection band follow the mouse (Esc cancels either)."""
        return self.drag is not None or self.band is not None

    # --- events

    def _down(self, pos: tuple[int, int]) -> bool:
        scene = self.scene
        layout = scene.layout
        sprite = self.card_at(pos, layout is not None and layout.in_hand(pos))
        mods = pygame.key.get_mods()
        additive = bool(mods & (pygame.KMOD_SHIFT | pygame.KMOD_CTRL | pygame.KMOD_META))
        self.press = Press(pos, sprite.card if sprite is not None else None, additive)
        if sprite is None and layout is not None:
            box = layout.group_at(pos)
            self.press.group = box.index if box is not None else None
            self.press.band = box is None and (layout.table.collidepoint(pos)
                                               or layout.in_hand(pos))
        return True

    def _movable(self, press: Press) -> bool:
        return press.card is not None or press.group is not None or press.band

    def _motion(self, pos: tuple[int, int]) -> bool:
        if self.band is not None:
            self.band.end = pos
            return True
        return super()._motion(pos)

    def _up(self, pos: tuple[int, int]) -> bool:
        band = self.band
        if band is None:
            return super()._up(pos)
        self.press, self.band = None, None
        band.end = pos
        self._select_band(band)
        return True

    def cancel(self) -> None:
        self.band = None
        super().cancel()

    def _right(self, pos: tuple[int, int]) -> bool:
        scene = self.scene
        sprite = scene.sprites.hit(pos)
        if sprite is None or sprite.spot.zone == "hand":
            return False
        cards = list(scene.selected) if sprite.card in scene.selected else [sprite.card]
        self.turn.send_back(cards)
        return True

    def _click(self, press: Press, pos: tuple[int, int]) -> bool:
        if press.card is not None:
            self._click_card(press.card, press.additive)
        elif press.group is None or not self._click_mat(press.group, press.additive):
            self._click_space(pos)
        return True

    # --- clicks

    def _selectable(self, card: Card) -> bool:
        scene = self.scene
        sprite = scene.sprites.sprites.get(card)
        if sprite is None or not sprite.face_up:
            return False
        if sprite.spot.zone == "hand":
            return self.turn.hand_active
        return self.turn.can_edit

    def _click_card(self, card: Card, additive: bool) -> None:
        scene = self.scene
        if not self._selectable(card):
            return
        if additive:
            scene.toggle_selected(card)
        elif scene.selected == [card]:
            scene.select([])
        else:
            scene.select([card])
            sprite = scene.sprites.sprites.get(card)
            if card.is_joker and sprite is not None and sprite.spot.zone == "group":
                self.turn.open_chooser(card)
        scene.refresh()

    def _meld_cards(self, index: int) -> list[Card]:
        """The cards of meld ``index`` on show, in their order."""
        model = self.scene.model
        group = next((g for g in model.groups if g.index == index), None) \
            if model is not None else None
        return list(group.cards) if group is not None else []

    def _click_mat(self, index: int, additive: bool) -> bool:
        """A click on meld ``index``'s mat: with nothing selected (or with Ctrl/Shift) it
        selects the whole meld, or unselects it when all of it is selected; else it is a
        click on the meld (False), which moves the selected cards there."""
        scene = self.scene
        cards = [c for c in self._meld_cards(index) if self._selectable(c)]
        if not cards or (scene.selected and not additive
                         and set(scene.selected) != set(cards)):
            return False
        if all(c in scene.selected for c in cards):
            scene.deselect(cards)
        elif additive:
            scene.select_more(cards)
        else:
            scene.select(cards)
        scene.refresh()
        return True

    def _select_band(self, band: Band) -> None:
        """Select every card the band touches (added to the selection with Ctrl/Shift)."""
        scene = self.scene
        touched = [card for card, _parts in self.band_cards(band)]
        if band.additive:
            scene.select_more(touched)
        else:
            scene.select(touched)
        scene.refresh()

    def band_cards(self, band: Band) -> list[tuple[Card, list[pygame.Rect]]]:
        """The cards ``band`` touches that may be selected now, in reading order (table
        first, then the hand), each with its visible parts."""
        touched = [(s, parts) for s, parts in self.scene.sprites.touched(band.rect)
                   if s.spot.zone in ("group", "free", "hand") and self._selectable(s.card)]
        touched.sort(key=lambda pair: (pair[0].spot.zone == "hand", pair[0].spot.y,
                                       pair[0].spot.x))
        return [(s.card, parts) for s, parts in touched]

    def _click_space(self, pos: tuple[int, int]) -> None:
        scene = self.scene
        layout = scene.layout
        if layout is None:
            return
        if not scene.selected:
            return
        if self.turn.can_edit:
            box = layout.group_at(pos)
            if box is not None:
                self.turn.move_cards(list(scene.selected), box.index)
                return
            if any(r.collidepoint(pos) for r in layout.new_melds) or layout.on_felt(pos):
                self.turn.move_cards(list(scene.selected), None, at=_new_meld_at(layout, pos))
                return
        # elsewhere (the empty hand rail too) a click only clears the selection: table
        # cards go back to the hand by a drop there, a right-click or Backspace
        scene.select([])
        scene.refresh()

    # --- dragging

    def _start(self, press: Press) -> None:
        scene = self.scene
        if press.card is None and press.group is None:
            self.band = Band(press.pos, press.pos, press.additive)
            self.turn.close_chooser()
            return
        pos = press.pos
        card: Card | None = press.card
        if card is not None:  # a card: it, or the selection it belongs to
            if card in scene.selected:
                cards = [c for c in scene.selected if c in scene.sprites.sprites]
            else:
                cards = [card]
        else:  # a meld's mat: the whole meld, in its order
            assert press.group is not None
            cards = [c for c in self._meld_cards(press.group) if c in scene.sprites.sprites]
            card = cards[0] if cards and self.turn.can_edit else None
        sprite = scene.sprites.sprites.get(card) if card is not None else None
        if card is None or sprite is None or not self._selectable(card):
            self.press = None
            return
        if not self.turn.can_edit:
            cards = [c for c in cards if scene.sprites.sprites[c].spot.zone == "hand"]
        if press.card is not None:
            cards.sort(key=lambda c: (scene.sprites.sprites[c].spot.zone == "hand",
                                      scene.sprites.sprites[c].x))
        drag = Drag(cards, (sprite.x - pos[0], sprite.y - sprite.lift - pos[1]),
                    meld=press.group if press.card is None else None)
        draft = scene.draft
        if self.turn.can_edit and draft is not None and scene.layout is not None:
            for box in scene.layout.groups:
                drag.valid[box.index] = box.index != drag.meld \
                    and draft.would_be_valid(cards, box.index)
            drag.valid["new"] = draft.would_be_valid(cards, None)
        self._lift(cards)
        self.drag = drag
        self.turn.close_chooser()
        scene.app.sounds.play("card_pick")
        self._follow(pos)

    def _spacing(self, width: int) -> float:
        return meld_step(width)

    def _target(self, pos: tuple[int, int]) -> None:
        drag = self.drag
        scene = self.scene
        layout = scene.layout
        assert drag is not None
        drag.hover, drag.caret, drag.position, drag.split_at = None, None, None, None
        if layout is None:
            return
        if layout.in_hand(pos):
            drag.hover = "hand"
            slot = layout.hand_slot(pos[0])
            x = layout.hand_slot_x(slot)
            top = layout.hand.bottom - layout.hand_card[1]
            drag.caret = (round(x), top, layout.hand.bottom)
            drag.position = slot
            return
        if not self.turn.can_edit:
            return
        box = layout.group_at(pos, slack=layout.margin)
        if box is not None:
            drag.hover = box.index
            at = box.insert_position(pos[0] - layout.table_card[0] * 0.2)
            x = box.first_x + at * box.step - 2
            if not box.valid:
                drag.position = at
                drag.caret = (round(x), box.rect.top + 3, box.rect.bottom - 3)
            elif not drag.valid.get(box.index) and self._splits(drag, box.index, at):
                drag.split_at = at
                drag.caret = (round(x), box.rect.top + 3, box.rect.bottom - 3)
            return
        if any(r.collidepoint(pos) for r in layout.new_melds) or layout.on_felt(pos):
            drag.hover = "new"

    def _drop(self, pos: tuple[int, int]) -> None:
        scene = self.scene
        drag = self.drag
        assert drag is not None
        self.drag = None
        drag.under = scene.sprites.hit(pos)  # the card beneath the dragged ones
        self._let_go(drag.cards)
        hover = drag.hover
        done = False
        if hover == "hand":
            done = self._drop_in_hand(drag)
        elif isinstance(hover, int):
            done = self._drop_on_group(drag, hover, pos)
        elif hover == "new":
            layout = scene.layout
            at = _new_meld_at(layout, pos) if layout is not None else None
            done = self.turn.move_cards(drag.cards, None, at=at)
        if not done:
            scene.refresh()  # slide back

    def _drop_in_hand(self, drag: Drag) -> bool:
        scene = self.scene
        hand = set(scene.bottom_hand())
        from_table = [c for c in drag.cards if c not in hand]
        if from_table and not self.turn.send_back(from_table):
            return False
        hand = set(scene.bottom_hand())
        cards = [c for c in drag.cards if c in hand]
        if cards and drag.position is not None:
            self.turn.reorder_hand(cards, drag.position)
        return True

    def _drop_on_group(self, drag: Drag, index: int, pos: tuple[int, int]) -> bool:
        scene = self.scene
        draft = scene.draft
        if draft is None or index == drag.meld:  # a meld dropped on itself stays
            return False
        if len(drag.cards) == 1 and not drag.cards[0].is_joker \
                and scene.match.variant.joker_identity is JokerIdentity.FIXED:
            real = drag.cards[0]
            under = drag.under
            if under is not None and under.card.is_joker and under.spot.group == index \
                    and draft.declared.get(under.card) == real.face:
                return self.turn.release_joker(under.card, real)
        if drag.split_at is not None:
            return self.turn.insert_and_split(drag.cards, index, drag.split_at)
        return self.turn.move_cards(drag.cards, index, drag.position)

    def _splits(self, drag: Drag, index: int, at: int) -> bool:
        scene = self.scene
        group = next((g for g in scene.model.groups if g.index == index), None) \
            if scene.model is not None else None
        if group is None or scene.draft is None:
            return False
        return split_option(group.cards, drag.cards, at, scene.match.variant,
                            scene.draft.declared) is not None

    # --- per frame

    def update(self, dt: float) -> None:
        layout = self.scene.layout
        self._hover_hand()
        self.hover_mat = None
        if layout is not None and self.drag is None and self.band is None \
                and self.turn.can_edit:
            mat = layout.group_at(self.mouse)
            if mat is not None and self.scene.sprites.hit(self.mouse) is None:
                self.hover_mat = mat.index  # its frame takes the whole meld: say so
        box = layout.group_at(self.mouse) if layout is not None and self.drag is None else None
        index = box.index if box is not None and not box.valid else None
        if index != self._hover_group:
            self._hover_group = index
            self._hover_time = 0.0
        else:
            self._hover_time += dt

    def _hover_hand(self) -> None:
        """Follow the hand card under the mouse (it rises a little)."""
        key = (self.mouse, self.scene.version)
        if key == self._hover_key and not self.scene.sprites.busy:
            return
        self._hover_key = key
        card = None
        if self.drag is None and self.press is None:
            sprite = self.scene.sprites.hit(self.mouse)
            if sprite is not None and sprite.spot.zone == "hand" and sprite.face_up:
                card = sprite.card
        if card != self.hover_card:
            self.hover_card = card
            self.scene.lift_hand()

    def draw_targets(self, surface: pygame.Surface) -> None:
        drag = self.drag
        layout = self.scene.layout
        if self.band is not None:
            touched = [part for _card, parts in self.band_cards(self.band) for part in parts]
            self.scene.hud.draw_band(surface, self.band.rect, touched)
        if self.hover_mat is not None and layout is not None:
            mat = layout.box(self.hover_mat)
            if mat is not None:
                self.scene.hud.draw_grab(surface, layout, mat.rect)
        if drag is None or layout is None:
            return
        valid = drag.valid
        if drag.split_at is not None:
            valid = {**valid, drag.hover: True}
        self.scene.hud.draw_targets(surface, layout, valid, drag.hover, drag.caret)

    def draw_tooltip(self, surface: pygame.Surface) -> None:
        scene = self.scene
        layout = scene.layout
        self.tooltip_rect = None
        if self._hover_group is None or self._hover_time < TOOLTIP_DELAY or layout is None:
            return
        box = layout.box(self._hover_group)
        if box is None or box.valid:
            return
        side = layout.sidebar  # the tooltip lies whole beside the side panel, never under
        w, h = surface.get_size()
        area = pygame.Rect(side.right, 0, w - side.right, h) if side.x <= 0 else \
            pygame.Rect(0, 0, side.x, h)
        self.tooltip_rect = scene.hud.draw_tooltip(
            surface, self.mouse, _("Not a valid meld yet"), box.problem, layout.scale, area)


def _new_meld_at(layout: Layout, pos: tuple[int, int]) -> tuple[float, float]:
    """Where a new meld put at ``pos`` goes (the point its first card is centred on): the
    New meld target's own place when ``pos`` is on it, else the felt under the pointer."""
    w, h = layout.table_card
    for rect in layout.new_melds:
        if rect.collidepoint(pos):
            return rect.x + (rect.height - h) / 2 + w / 2, rect.centery
    return pos
