"""Every table action from the keyboard.

Arrows move a focus over cards (left/right within the hand or the table, up to the table,
down to the hand), Space selects the focused card (Shift+Space its whole meld), Tab /
Shift+Tab pick a target meld (or "new meld"), Enter moves the selected cards (or the focused
one) there, Backspace sends a card played this turn back. E end turn, D draw, P pass, K
knock, H hint, L last turn, S sort, R reset, Ctrl+Z / Ctrl+Y undo / redo, J choose a joker's
card, Esc menu. With "Speak the table" on, F2 reads your hand, F3 the whole table, and
the focused card, the chosen target and each move are said as the keys move them."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine.cards import Card
from game.i18n import _
from game.ui.manipulation import narration
from game.ui.spoken import cards_names

if TYPE_CHECKING:
    from game.ui.scenes.table import TableScene

NEW = "new"


class Keyboard:
    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.active = False  # the focus is drawn once a navigation key is used
        self.zone = "hand"
        self.index = 0
        self.target: object = None  # a group index, NEW, or None

    # --- what is focused

    def zone_cards(self, zone: str | None = None) -> list[Card]:
        scene = self.scene
        zone = zone or self.zone
        layout = scene.layout
        if zone == "hand":
            return list(scene.model.hand) if scene.model else []
        if layout is None:
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

    def after_move(self) -> None:
        self.index = max(0, self.index)

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
                (scene.human.redo if shift else scene.human.undo)()
                return True
            if key == pygame.K_y:
                scene.human.redo()
                return True
            return False
        if key in (pygame.K_F2, pygame.K_F3):
            words = narration.hand_words(scene) if key == pygame.K_F2 \
                else narration.table_words(scene)
            scene.app.speak(words, interrupt=True)
            return True
        if key == pygame.K_ESCAPE:
            if scene.pointer.dragging:
                scene.pointer.cancel()
            elif scene.phase == "replay":
                scene.replay.show_last_turn()
            else:
                scene.open_menu()
            return True
        simple = {
            pygame.K_e: scene.human.end_turn, pygame.K_d: scene.human.draw_card,
            pygame.K_p: scene.human.pass_turn, pygame.K_k: scene.human.knock,
            pygame.K_h: scene.human.ask_hint, pygame.K_l: scene.replay.show_last_turn,
            pygame.K_s: scene.sort_hand, pygame.K_r: scene.human.reset_turn,
        }
        if key in simple:
            simple[key]()
            return True
        return self._navigate(key, shift)

    def _navigate(self, key: int, shift: bool) -> bool:
        scene = self.scene
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            self._step(-1 if key == pygame.K_LEFT else 1)
        elif key == pygame.K_UP:
            if self.zone_cards("table"):
                self._switch("table")
        elif key == pygame.K_DOWN:
            self._switch("hand")
        elif key == pygame.K_TAB:
            self._cycle_target(-1 if shift else 1)
            self.active = True
            scene.refresh()
            scene.app.speak(narration.target_words(scene), interrupt=True)
            return True
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
                scene.human.send_back(cards)
        elif key == pygame.K_j:
            card = self.focused_card()
            if card is not None and card.is_joker:
                scene.human.open_chooser(card)
        else:
            return False
        self.active = True
        scene.refresh()
        scene.app.speak(narration.focus_words(scene), interrupt=True)
        return True

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
            scene.selected.remove(card)
        elif (self.zone == "hand" and scene.human.hand_active) or scene.human.can_edit:
            scene.selected.append(card)

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
            scene.selected = [c for c in scene.selected if c not in cards]
        elif scene.human.can_edit:
            scene.selected = scene.selected + [c for c in cards if c not in scene.selected]

    def _enter(self) -> None:
        scene = self.scene
        if scene.phase != "human":
            return
        cards = list(scene.selected)
        if not cards:
            card = self.focused_card()
            cards = [card] if card is not None else []
        if not cards:
            return
        target = self.target if self.target in self.targets() else NEW
        if scene.human.move_cards(cards, target if isinstance(target, int) else None):
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
        if not self.active or layout is None or scene.phase != "human":
            return
        if self.target == NEW:
            for rect in layout.new_melds:
                scene.hud.draw_focus_target(surface, rect, scene.clock)
        elif isinstance(self.target, int):
            box = layout.box(self.target)
            if box is not None:
                scene.hud.draw_focus_target(surface, box.rect, scene.clock)
