"""Every table action from the keyboard.

The keys go by groups (issue 51): the hand is one, the melds another; Tab / Shift+Tab go
from one group to the other and the arrows move within a group. In the hand, left/right
move a focus over its cards; in the melds, left/right choose a meld (or "new meld"), Up
goes into the chosen meld's cards (left/right then walk the table's cards), Down back to
the hand. Space selects the focused card (Shift+Space, or Space on a chosen meld, its whole
meld), Enter moves the selected cards (or the focused one) to the chosen meld,
Backspace sends a card played this turn back. E end turn, D draw, P pass, K
knock, H hint, L last turn, S sort, R reset, Ctrl+Z / Ctrl+Y undo / redo, J choose a joker's
card, Esc menu. With "Speak the table" on, F2 reads your hand, F3 the whole table, and
the focused card, the chosen target and each move are said as the keys move them.

``Keyboard`` sees its table as a ``KeyTable`` and is given the controllers its keys drive:
the person's turn, the replay of the last turns and the pointer (Esc cancels a drag)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Protocol

import pygame

from game.engine.cards import Card
from game.i18n import _
from game.ui.manipulation import narration
from game.ui.spoken import cards_names

if TYPE_CHECKING:
    from game.ui.cardtable.geometry import Spot
    from game.ui.cardtable.sprites import SpriteLayer
    from game.ui.manipulation.hud import TableHud
    from game.ui.manipulation.layout import Layout
    from game.ui.scene import AppServices

NEW = "new"
#: the key group of the melds: the focus is a whole meld (``Keyboard.target``)
MELDS = "melds"


class KeyTable(narration.SpokenTable, Protocol):
    """The manipulation table as ``Keyboard`` sees it."""

    @property
    def app(self) -> AppServices: ...
    @property
    def layout(self) -> Layout | None: ...
    @property
    def sprites(self) -> SpriteLayer: ...
    @property
    def hud(self) -> TableHud: ...
    @property
    def mode(self) -> str: ...
    @property
    def clock(self) -> float: ...

    def select(self, cards: Iterable[Card]) -> None: ...
    def select_more(self, cards: Iterable[Card]) -> None: ...
    def deselect(self, cards: Iterable[Card]) -> None: ...
    def refresh(self, snap: bool = False) -> None: ...
    def sort_hand(self, order: str | None = None) -> None: ...
    def open_menu(self) -> None: ...


class KeyTurn(Protocol):
    """What the keys ask of the person's turn (``HumanTurn``)."""

    @property
    def can_edit(self) -> bool: ...
    @property
    def hand_active(self) -> bool: ...

    def undo(self) -> None: ...
    def redo(self) -> None: ...
    def end_turn(self) -> None: ...
    def draw_card(self) -> None: ...
    def pass_turn(self) -> None: ...
    def knock(self) -> None: ...
    def ask_hint(self) -> None: ...
    def reset_turn(self) -> None: ...
    def move_cards(self, cards: Sequence[Card], to_group: int | None,
                   position: int | None = None) -> bool: ...
    def send_back(self, cards: Sequence[Card]) -> bool: ...
    def open_chooser(self, joker: Card) -> bool: ...


class KeyReplay(Protocol):
    """The replay of the last turns (``LastTurnsReplay``): L starts or stops it."""

    def show_last_turn(self) -> None: ...


class KeyPointer(Protocol):
    """The pointer (``Pointer``): Esc cancels a drag."""

    @property
    def dragging(self) -> bool: ...

    def cancel(self) -> None: ...


class Keyboard:
    def __init__(self, scene: KeyTable, turn: KeyTurn, replay: KeyReplay,
                 pointer: KeyPointer) -> None:
        self.scene = scene
        self.turn = turn
        self.replay = replay
        self.pointer = pointer
        self.active = False  # the focus is drawn once a navigation key is used
        self.zone = "hand"
        self.index = 0
        self.target: object = None  # a group index, NEW, or None
        self._hand_index = 0  # where the focus was in the hand when Tab left it

    # --- what is focused

    def zone_cards(self, zone: str | None = None) -> list[Card]:
        scene = self.scene
        zone = zone or self.zone
        layout = scene.layout
        if zone == "hand":
            return list(scene.model.hand) if scene.model else []
        if layout is None or zone == MELDS:
            return []
        spots = sorted(((s.zone != "free", s.y, s.x, c) for c, s in layout.spots.items()
                        if s.zone != "hand"), key=lambda t: t[:3])
        return [t[3] for t in spots]

    def focused_card(self) -> Card | None:
        cards = self.zone_cards()
        if not cards:
            return None
        self.index = max(0, min(self.index, len(cards) - 1))
        return cards[self.index]

    def targets(self) -> list[object]:
        layout = self.scene.layout
        if layout is None:
            return [NEW]
        return [box.index for box in layout.groups] + [NEW]

    # --- keys

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.KEYDOWN:
            return False
        scene = self.scene
        key = event.key
        mods = event.mod
        ctrl = bool(mods & (pygame.KMOD_CTRL | pygame.KMOD_META))
        shift = bool(mods & pygame.KMOD_SHIFT)
        if ctrl:
            if key == pygame.K_z:
                (self.turn.redo if shift else self.turn.undo)()
                return True
            if key == pygame.K_y:
                self.turn.redo()
                return True
            return False
        if key in (pygame.K_F2, pygame.K_F3):
            words = narration.hand_words(scene) if key == pygame.K_F2 \
                else narration.table_words(scene)
            scene.app.speak(words, interrupt=True)
            return True
        if key == pygame.K_ESCAPE:
            if self.pointer.dragging:
                self.pointer.cancel()
            elif scene.mode == "replay":
                self.replay.show_last_turn()
            else:
                scene.open_menu()
            return True
        simple = {
            pygame.K_e: self.turn.end_turn, pygame.K_d: self.turn.draw_card,
            pygame.K_p: self.turn.pass_turn, pygame.K_k: self.turn.knock,
            pygame.K_h: self.turn.ask_hint, pygame.K_l: self.replay.show_last_turn,
            pygame.K_s: scene.sort_hand, pygame.K_r: self.turn.reset_turn,
        }
        if key in simple:
            simple[key]()
            return True
        return self._navigate(key, shift)

    def _navigate(self, key: int, shift: bool) -> bool:
        scene = self.scene
        melds = self.zone == MELDS
        if key == pygame.K_TAB:  # the other key group: the hand, the melds
            self._to_group(-1 if shift else 1)
            melds = self.zone == MELDS
        elif melds and key in (pygame.K_LEFT, pygame.K_RIGHT):
            self._cycle_target(-1 if key == pygame.K_LEFT else 1)
        elif melds and key == pygame.K_UP:
            self._into_meld()
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            self._step(-1 if key == pygame.K_LEFT else 1)
        elif key == pygame.K_UP:
            if self.zone_cards("table"):
                self._switch("table")
        elif key == pygame.K_DOWN:
            self._switch("hand")
            melds = False
        elif melds and key == pygame.K_SPACE:
            self._toggle_target()
        elif key == pygame.K_SPACE:
            self._toggle_meld() if shift else self._toggle()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.active = True
            self._enter()
            scene.refresh()
            return True
        elif key in (pygame.K_BACKSPACE, pygame.K_DELETE):
            cards = list(scene.selected) or [c for c in [self.focused_card()] if c]
            if cards:
                self.turn.send_back(cards)
        elif key == pygame.K_j:
            card = self.focused_card()
            if card is not None and card.is_joker:
                self.turn.open_chooser(card)
        else:
            return False
        self.active = True
        scene.refresh()
        words = narration.target_words(scene, self) if melds else \
            narration.focus_words(scene, self)
        scene.app.speak(words, interrupt=True)
        return True

    def _to_group(self, step: int) -> None:
        """Tab: from the hand (or the table's cards) to the melds, from the melds to the
        hand; the melds' focus is the meld chosen last (else the first)."""
        if self.zone == MELDS:
            self._switch("hand")
            return
        if self.zone == "table":  # from a table card: its meld is the one chosen
            spot = self._focused_spot()
            if spot is not None and spot.zone == "group":
                self.target = spot.group
        targets = self.targets()
        if self.target not in targets:
            self.target = targets[0] if step > 0 else targets[-1]
        self._hand_index = self.index if self.zone == "hand" else self._hand_index
        self.zone = MELDS
        self.index = 0

    def _focused_spot(self) -> Spot | None:
        layout = self.scene.layout
        card = self.focused_card()
        return layout.spots.get(card) if layout is not None and card is not None else None

    def _into_meld(self) -> None:
        """Up from the melds: the chosen meld's first card, among the table's cards."""
        cards = self.zone_cards("table")
        if not cards:
            return
        layout = self.scene.layout
        self.zone = "table"
        self.index = next((n for n, c in enumerate(cards) if layout is not None
                           and (spot := layout.spots.get(c)) is not None
                           and spot.zone == "group" and spot.group == self.target), 0)

    def _toggle_target(self) -> None:
        """Space on a chosen meld: its cards selected (or unselected when all are)."""
        scene = self.scene
        group = next((g for g in scene.model.groups if g.index == self.target), None) \
            if scene.model is not None else None
        cards = list(group.cards) if group is not None else []
        if not cards:
            return
        if all(c in scene.selected for c in cards):
            scene.deselect(cards)
        elif self.turn.can_edit:
            scene.select_more(cards)

    def _step(self, delta: int) -> None:
        cards = self.zone_cards()
        if not cards:
            return
        if not self.active:
            self.index = max(0, min(self.index, len(cards) - 1))
            return
        self.index = (self.index + delta) % len(cards)

    def _switch(self, zone: str) -> None:
        if self.zone == zone:
            return
        if self.zone == MELDS:  # back to the hand where the keys left it
            self.zone = zone
            self.index = self._hand_index if zone == "hand" else 0
            return
        current = self.focused_card() if self.active else None
        self.zone = zone
        cards = self.zone_cards()
        sprites = self.scene.sprites.sprites
        if current is not None and cards and current in sprites:
            x = sprites[current].x
            self.index = min(range(len(cards)),
                             key=lambda i: abs(sprites[cards[i]].x - x)
                             if cards[i] in sprites else 1e9)
        else:
            self.index = 0

    def _cycle_target(self, delta: int) -> None:
        targets = self.targets()
        if self.target in targets:
            self.target = targets[(targets.index(self.target) + delta) % len(targets)]
        else:
            self.target = targets[0] if delta > 0 else targets[-1]

    def _toggle(self) -> None:
        scene = self.scene
        card = self.focused_card()
        if card is None:
            return
        if card in scene.selected:
            scene.deselect([card])
        elif (self.zone == "hand" and self.turn.hand_active) or self.turn.can_edit:
            scene.select_more([card])

    def _toggle_meld(self) -> None:
        """Shift+Space: select every card of the focused card's meld (unselect them when
        all are selected), as a click on the meld's mat does."""
        scene = self.scene
        card = self.focused_card()
        layout = scene.layout
        spot = layout.spots.get(card) if layout is not None and card is not None else None
        if spot is None or spot.zone != "group" or scene.model is None:
            self._toggle()
            return
        group = next((g for g in scene.model.groups if g.index == spot.group), None)
        cards = list(group.cards) if group is not None else []
        if all(c in scene.selected for c in cards):
            scene.deselect(cards)
        elif self.turn.can_edit:
            scene.select_more(cards)

    def _enter(self) -> None:
        scene = self.scene
        if scene.mode != "human":
            return
        cards = list(scene.selected)
        if not cards:
            card = self.focused_card()
            cards = [card] if card is not None else []
        if not cards:
            return
        target = self.target if self.target in self.targets() else NEW
        if self.turn.move_cards(cards, target if isinstance(target, int) else None):
            scene.refresh()
            model = scene.model
            group = narration.group_of(model, cards[0]) if model is not None else None
            where = narration.meld_words(model, group) if model is not None and group else ""
            scene.app.speak(_("Moved {cards}. {meld}").format(
                cards=cards_names(cards), meld=where), interrupt=True)

    # --- drawing

    def draw(self, surface: pygame.Surface) -> None:
        scene = self.scene
        layout = scene.layout
        if not self.active or layout is None or scene.mode != "human":
            return
        if self.target == NEW:
            for rect in layout.new_melds:
                scene.hud.draw_focus_target(surface, rect, scene.clock)
        elif isinstance(self.target, int):
            box = layout.box(self.target)
            if box is not None:
                scene.hud.draw_focus_target(surface, box.rect, scene.clock)
