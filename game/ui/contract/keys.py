"""The contract table's cards from the keyboard (its other actions have letter keys).

Left / right move a focus along your hand row, Space selects the focused card, Tab /
Shift+Tab choose a target (a staging group while the contract is not down, a meld on the
table, the discard pile), Enter puts the selected cards (or the focused one) there: staged
in the group, laid off on the meld, or discarded; Backspace sends the chosen staging
group's cards back to the hand. F2 reads your hand and F3 the whole table aloud when
"Speak the table" is on.

``Keyboard`` sees its table as a ``KeyTable`` and the person's turn
(``HumanTurn``) as a ``KeyTurn``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

import pygame

from game.i18n import _
from game.ui.contract import narration

if TYPE_CHECKING:
    from game.engine.cards import Card
    from game.ui.contract.hud import TableHud
    from game.ui.contract.layout import ContractLayout
    from game.ui.scene import AppServices

#: a target: ("slot", n), ("meld", n) or "discard"
Target = object


class KeyTable(narration.SpokenTable, Protocol):
    """The contract table as ``Keyboard`` sees it."""

    @property
    def app(self) -> AppServices: ...
    @property
    def layout(self) -> ContractLayout | None: ...
    @property
    def hud(self) -> TableHud: ...

    def refresh(self, snap: bool = False) -> None: ...


class KeyTurn(Protocol):
    """What the keys ask of the person's turn (``HumanTurn``)."""

    def toggle_select(self, card: Card) -> None: ...
    def stage_groups(self) -> list[list[Card]]: ...
    def stage(self, cards: Sequence[Card], slot: int) -> bool: ...
    def unstage(self, cards: Sequence[Card], position: int | None = None) -> bool: ...
    def discard(self, card: Card | None = None) -> bool: ...
    def lay_off(self, card: Card, meld: int, under: Card | None = None) -> bool: ...
    def refuse(self, title: str, lines: Sequence[str] = ()) -> bool: ...


class Keyboard:
    def __init__(self, scene: KeyTable, turn: KeyTurn) -> None:
        self.scene = scene
        self.turn = turn
        self.active = False  # the focus is drawn once a navigation key is used
        self.index = 0
        self.target: Target = None

    # --- what is focused

    def hand_cards(self) -> list[Card]:
        model = self.scene.model
        return list(model.hand) if model is not None else []

    def focused_card(self) -> Card | None:
        cards = self.hand_cards()
        if not cards:
            return None
        self.index = max(0, min(self.index, len(cards) - 1))
        return cards[self.index]

    def targets(self) -> list[Target]:
        scene = self.scene
        layout = scene.layout
        if layout is None:
            return ["discard"]
        found: list[Target] = [("slot", slot.index) for slot in layout.slots]
        found += [("meld", box.index) for box in layout.melds]
        return [*found, "discard"]

    # --- keys

    def handle(self, key: int, shift: bool) -> bool:
        scene = self.scene
        if key in (pygame.K_F2, pygame.K_F3):
            words = narration.hand_words(scene) if key == pygame.K_F2 \
                else narration.table_words(scene)
            scene.app.speak(words, interrupt=True)
            return True
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            cards = self.hand_cards()
            if cards and self.active:
                self.index = (self.index + (-1 if key == pygame.K_LEFT else 1)) % len(cards)
            self._shown(narration.focus_words(scene, self))
        elif key == pygame.K_SPACE:
            card = self.focused_card()
            if card is not None:
                self.turn.toggle_select(card)
            self._shown(narration.focus_words(scene, self))
        elif key == pygame.K_TAB:
            targets = self.targets()
            step = -1 if shift else 1
            if self.target in targets:
                self.target = targets[(targets.index(self.target) + step) % len(targets)]
            else:
                self.target = targets[0] if step > 0 else targets[-1]
            self._shown(narration.target_words(scene, self.target))
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.active = True
            self._enter()
        elif key in (pygame.K_BACKSPACE, pygame.K_DELETE):
            self.active = True
            target = self.target
            if isinstance(target, tuple) and target[0] == "slot":
                groups = self.turn.stage_groups()
                if 0 <= target[1] < len(groups) and groups[target[1]]:
                    self.turn.unstage(list(groups[target[1]]))
        else:
            return False
        return True

    def _shown(self, words: str) -> None:
        self.active = True
        self.scene.refresh()
        self.scene.app.speak(words, interrupt=True)

    def _enter(self) -> None:
        scene = self.scene
        cards = list(scene.selected)
        if not cards:
            card = self.focused_card()
            cards = [card] if card is not None else []
        target = self.target if self.target in self.targets() else None
        human = self.turn
        if target is None:
            human.refuse(_("Choose where first"),
                         [_("Tab chooses a group, a meld or the discard pile.")])
            return
        if not cards:
            human.refuse(_("Select cards first"),
                         [_("Space selects the card under the focus.")])
            return
        if target == "discard":
            if len(cards) != 1:
                human.refuse(_("Discard one card"), [_("Select a single card.")])
                return
            human.discard(cards[0])
        elif isinstance(target, tuple) and target[0] == "slot":
            human.stage(cards, target[1])
        elif isinstance(target, tuple) and target[0] == "meld":
            if len(cards) != 1:
                human.refuse(_("Lay off one card at a time"), [_("Select a single card.")])
                return
            human.lay_off(cards[0], target[1])
        scene.refresh()

    # --- drawing

    def draw(self, surface: pygame.Surface) -> None:
        scene = self.scene
        layout = scene.layout
        if not self.active or layout is None or self.target not in self.targets():
            return
        scene.hud.draw_targets(surface, layout, {self.target: True}, self.target, None)
