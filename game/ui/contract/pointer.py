"""The mouse at the contract table.

Click a hand card to select or unselect it; click a staged card to send it back to the
hand; click the stock or the discard pile to draw; with one card selected, click the
discard pile to discard it or a meld to lay it off. Drag hand cards into a staging group,
back into the hand (to reorder), onto a meld (lay off, or swap a joker by dropping its
real card on it) or onto the discard pile (end the turn); drag the discard pile's top card
into the hand to take it. While dragging, the targets that accept the cards light up.

``Pointer`` sees its table as a ``PointerScene`` and asks the person's turn
(``HumanTurn``, as a ``PointerTurn``) for every action."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

import pygame

from game.engine.cards import Card
from game.i18n import _
from game.ui.cardtable.card_pointer import CardPointer, PointerTable

if TYPE_CHECKING:
    from game.ui.contract.hud import TableHud
    from game.ui.contract.layout import ContractLayout
    from game.ui.scene import AppServices


@dataclass
class Press:
    pos: tuple[int, int]
    card: Card | None
    zone: str | None


@dataclass
class Drag:
    cards: list[Card]
    source: str  # hand | stage | discard
    offset: tuple[float, float]
    valid: dict[object, bool] = field(default_factory=dict)
    hover: object = None
    caret: tuple[int, int, int] | None = None
    position: int | None = None
    under: Card | None = None


class PointerScene(PointerTable, Protocol):
    """The contract table as ``Pointer`` sees it."""

    @property
    def app(self) -> AppServices: ...
    @property
    def layout(self) -> ContractLayout | None: ...
    @property
    def hud(self) -> TableHud: ...
    @property
    def selected(self) -> Sequence[Card]: ...


class PointerTurn(Protocol):
    """What the pointer asks of the person's turn (``HumanTurn``)."""

    def can_drag(self, card: Card, source: str) -> bool: ...
    def drop_targets(self, cards: Sequence[Card], source: str) -> dict[object, bool]: ...
    def toggle_select(self, card: Card) -> None: ...
    def clear_selection(self) -> None: ...
    def draw_from_stock(self) -> bool: ...
    def take_discard(self) -> bool: ...
    def click_discard_pile(self) -> bool: ...
    def discard(self, card: Card | None = None) -> bool: ...
    def stage(self, cards: Sequence[Card], slot: int) -> bool: ...
    def unstage(self, cards: Sequence[Card], position: int | None = None) -> bool: ...
    def lay_off(self, card: Card, meld: int, under: Card | None = None) -> bool: ...
    def reorder_hand(self, cards: Sequence[Card], position: int) -> bool: ...
    def refuse(self, title: str, lines: Sequence[str] = ()) -> bool: ...


class Pointer(CardPointer[PointerScene]):
    """The contract table's clicks and drags (see the module)."""

    press: Press | None
    drag: Drag | None

    def __init__(self, scene: PointerScene, turn: PointerTurn) -> None:
        super().__init__(scene)
        self.turn = turn

    # --- presses and clicks

    def _down(self, pos: tuple[int, int]) -> bool:
        layout = self.scene.layout
        sprite = self.card_at(pos, layout is not None and layout.in_hand(pos))
        card, zone = (sprite.card, sprite.spot.zone) if sprite is not None else (None, None)
        self.press = Press(pos, card, zone)
        return True

    def _right(self, pos: tuple[int, int]) -> bool:
        sprite = self.scene.sprites.hit(pos)
        if sprite is not None and sprite.spot.zone == "stage":
            self.turn.unstage([sprite.card])
            return True
        return False

    def _click(self, press: Press, pos: tuple[int, int]) -> bool:
        scene = self.scene
        layout = scene.layout
        if layout is None:
            return False
        if press.zone == "hand" and press.card is not None:
            self.turn.toggle_select(press.card)
            return True
        if press.zone == "stage" and press.card is not None:
            self.turn.unstage([press.card])
            return True
        pile = layout.pile_at(pos)
        if pile == "stock":
            self.turn.draw_from_stock()
            return True
        if pile == "discard":
            self.turn.click_discard_pile()
            return True
        slot = layout.slot_at(pos)
        if slot is not None and scene.selected:
            self.turn.stage(list(scene.selected), slot.index)
            return True
        box = layout.meld_at(pos)
        if box is not None and len(scene.selected) == 1:
            self.turn.lay_off(scene.selected[0], box.index, press.card)
            return True
        if scene.selected:
            self.turn.clear_selection()
        return True

    # --- dragging

    def _start(self, press: Press) -> None:
        scene = self.scene
        card = press.card
        assert card is not None
        sprite = scene.sprites.sprites.get(card)
        source = press.zone or ""
        if sprite is None or not self.turn.can_drag(card, source):
            self.press = None
            return
        if source == "hand" and card in scene.selected:
            cards = [c for c in scene.selected if c in scene.sprites.sprites]
            cards.sort(key=lambda c: scene.sprites.sprites[c].x)
        else:
            cards = [card]
        drag = Drag(cards, source, (sprite.x - press.pos[0], sprite.y - sprite.lift
                                    - press.pos[1]))
        drag.valid = self.turn.drop_targets(cards, source)
        self._lift(cards)
        self.drag = drag
        scene.app.sounds.play("card_pick")
        self._follow(press.pos)

    def _spacing(self, width: int) -> float:
        return max(12, width * 0.4)

    def _target(self, pos: tuple[int, int]) -> None:
        drag = self.drag
        layout = self.scene.layout
        assert drag is not None
        drag.hover, drag.caret, drag.position = None, None, None
        if layout is None:
            return
        if drag.source != "discard" and layout.pile_at(pos, slack=layout.margin) == "discard":
            drag.hover = "discard"
            return
        slot = layout.slot_at(pos)
        if slot is not None and drag.source != "discard":
            drag.hover = ("slot", slot.index)
            return
        box = layout.meld_at(pos, slack=layout.margin)
        if box is not None and drag.source != "discard":
            drag.hover = ("meld", box.index)
            return
        if layout.in_hand(pos):
            drag.hover = "hand"
            slot_index = layout.hand_slot(pos[0])
            drag.position = slot_index
            if drag.source == "hand" and layout.hand_count:
                x = layout.hand_slot_x(slot_index)
                top = layout.hand.bottom - layout.hand_card[1]
                drag.caret = (round(x), top, layout.hand.bottom)

    def _drop(self, pos: tuple[int, int]) -> None:
        scene = self.scene
        drag = self.drag
        assert drag is not None
        self.drag = None
        under = scene.sprites.hit(pos)
        drag.under = under.card if under is not None else None
        self._let_go(drag.cards)
        hover = drag.hover
        done = False
        if hover == "hand":
            if drag.source == "discard":
                done = self.turn.take_discard()
            elif drag.source == "stage":
                done = self.turn.unstage(drag.cards, drag.position)
            else:
                done = self.turn.reorder_hand(drag.cards, drag.position or 0)
        elif hover == "discard":
            done = len(drag.cards) == 1 and self.turn.discard(drag.cards[0]) or \
                (len(drag.cards) > 1 and self.turn.refuse(
                    _("Discard one card"), [_("Drag a single card to the pile.")]))
        elif isinstance(hover, tuple) and hover[0] == "slot":
            done = self.turn.stage(drag.cards, hover[1])
        elif isinstance(hover, tuple) and hover[0] == "meld":
            if len(drag.cards) == 1:
                done = self.turn.lay_off(drag.cards[0], hover[1], drag.under)
            else:
                self.turn.refuse(_("Lay off one card at a time"),
                             [_("Drag a single card onto a meld.")])
        if not done:
            scene.refresh()  # the cards slide back

    def draw_targets(self, surface: pygame.Surface) -> None:
        drag = self.drag
        layout = self.scene.layout
        if drag is None or layout is None:
            return
        self.scene.hud.draw_targets(surface, layout, drag.valid, drag.hover, drag.caret)
