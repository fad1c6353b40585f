"""Hot-seat privacy: a full-window cover that hides every hand until the next player, and
only that player, confirms they are at the screen (click, Enter or Space)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import N_, _
from game.ui.theme import (
    CREAM,
    GOLD,
    GOLD_DARK,
    GOLD_LIGHT,
    HANDOVER_SHADE,
    MUTED,
)
from game.ui.widgets.drawing import draw_text, felt_background, font
from game.ui.widgets.menus import MenuBase

if TYPE_CHECKING:
    from game.ui.scene import AppServices


class HandOverScene(MenuBase):
    """Covers the table (``opaque``) until ``on_confirm`` is called; Esc opens the table's
    menu, or calls ``on_back`` where the cover is not over a table (a review)."""

    opaque = True
    hints = N_("Enter or click when you are ready  \u00b7  Esc menu")

    def __init__(self, app: AppServices, name: str, on_confirm: Callable[[], None], *,
                 detail: str = "", table: Any = None,
                 on_back: Callable[[], object] | None = None) -> None:
        super().__init__(app)
        self.on_back = on_back
        if table is None and on_back is not None:
            self.hints = N_("Enter or click when you are ready  \u00b7  Esc back")
        self.name = name
        self.detail = detail
        self.on_confirm = on_confirm
        self.table = table
        self.confirmed = False

    def build(self) -> None:
        w, h = self.app.size
        text = _("I am {name}: show my hand").format(name=self.name)
        # as wide as the words ask (a long name, longer words) within the window, and in a
        # smaller size where even that is not enough; pygame-gui pads 10 px each side
        room = w - 2 * self.px(40)
        width = min(room, max(self.px(320), font(self.px(18), "bold").size(text)[0]
                              + 20 + self.px(12)))
        size = self.fitting_px([text], width - 20 - self.px(4), 18, bold=True) / self.scale
        rect = pygame.Rect(0, 0, width, self.px(54))
        rect.center = (w // 2, h // 2 + self.px(130))
        self.button(rect, text, self.confirm, key="ready",
                    tooltip=_("Only when nobody else can see the screen"), style="primary",
                    size=size)

    def default_focus(self) -> str | None:
        return "ready"

    def confirm(self) -> None:
        if self.confirmed:
            return
        self.confirmed = True
        if self.app.scenes.top is self:
            self.app.scenes.pop()
        self.on_confirm()

    def back(self) -> None:
        if self.table is not None:
            self.table.open_menu()
        elif self.on_back is not None:
            self.on_back()

    def on_key(self, event: pygame.event.Event) -> bool:
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.confirm()
            return True
        return False

    def on_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.confirm()
            return True
        return False

    def before_quit(self) -> None:
        if self.table is not None:
            self.table.before_quit()

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.blit(felt_background((w, h)), (0, 0))
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill(HANDOVER_SHADE)
        surface.blit(shade, (0, 0))
        art = self.app.card_art
        cw = self.px(86)
        ch = round(cw * 1.4)
        for i in range(5):
            angle = (i - 2) * 9
            back = pygame.transform.rotozoom(art.back((cw, ch)), -angle, 1.0)
            x = w // 2 + (i - 2) * self.px(26)
            surface.blit(back, back.get_rect(center=(x, h // 2 - self.px(175) + abs(i - 2) * 6)))
        y = h // 2 - self.px(40)
        draw_text(surface, _("Pass the screen to"), self.px(22), MUTED, style="italic",
                  center=(w // 2, y - self.px(16)))
        # a long name (up to 32 letters) in a smaller size, inside the window
        name_px = self.fitting_px([self.name], w - 2 * self.px(40), 54, style="serif-bold")
        rect = draw_text(surface, self.name, name_px, GOLD_LIGHT, style="serif-bold",
                         shadow=self.px(3), center=(w // 2, y + self.px(34)))
        pygame.draw.line(surface, GOLD, (rect.left, rect.bottom + self.px(6)),
                         (rect.right, rect.bottom + self.px(6)), max(2, self.px(2)))
        pygame.draw.line(surface, GOLD_DARK, (rect.left, rect.bottom + self.px(11)),
                         (rect.right, rect.bottom + self.px(11)), 1)
        if self.detail:
            draw_text(surface, self.detail, self.px(17), CREAM,
                      center=(w // 2, rect.bottom + self.px(40)))
        draw_text(surface, _("Every hand stays hidden until you confirm."), self.px(14), MUTED,
                  center=(w // 2, h // 2 + self.px(182)))
        draw_text(surface, _(self.hints), self.px(13), MUTED,
                  midbottom=(w // 2, h - self.px(10)))
