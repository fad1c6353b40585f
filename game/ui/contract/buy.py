"""The buy prompt: when a person is asked whether to buy the discard out of turn, a panel
over the felt shows the card, what buying costs and the buys left, with Buy and Decline
buttons. It waits for the person unless the settings ask for a timer
(``buy_timer_seconds``): then a countdown (game time) declines by itself."""

from __future__ import annotations

import math

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from game.engine.cards import Card
from game.i18n import _
from game.ui.card_art import CardArt
from game.ui.contract.layout import ContractLayout
from game.ui.contract.model import card_text
from game.ui.scale import ui_scale
from game.ui.theme import (
    BUY_DIM,
    BUY_FILL,
    BUY_SHADOW,
    BUY_TIMER_TRACK,
    CREAM,
    GOLD,
    GOLD_LIGHT,
    TABLE_MUTED,
    TIMER_LOW,
)
from game.ui.widgets.badges import panel
from game.ui.widgets.drawing import draw_text, fit_text, font
from game.ui.widgets.look import Look


class BuyPrompt:
    """``seconds`` > 0: it declines by itself after that long; 0: it waits."""

    def __init__(self, seat: int, name: str, card: Card, buys_left: int, max_buys: int,
                 seconds: float = 0.0, hot_seat: bool = False) -> None:
        self.seat = seat
        self.name = name
        self.card = card
        self.buys_left = buys_left
        self.max_buys = max_buys
        self.seconds = seconds
        self.remaining = seconds
        self.hot_seat = hot_seat
        #: the player asked before this seat, when it is asked early (a hosted game: the
        #: answer waits its turn at the host)
        self.ahead = ""
        self.buttons: dict[str, UIButton] = {}
        self._rect: pygame.Rect | None = None

    # --- widgets

    def rect(self, layout: ContractLayout) -> pygame.Rect:
        scale = ui_scale(layout.size)
        area = layout.table.union(layout.banner)
        width = min(area.width - 2 * layout.margin, round(640 * scale))
        height = min(round(212 * scale), layout.status.bottom - layout.top.bottom - 8)
        rect = pygame.Rect(0, 0, width, height)
        rect.center = (area.centerx, (layout.top.bottom + layout.status.bottom) // 2)
        return rect

    def build(self, manager: pygame_gui.UIManager, layout: ContractLayout) -> None:
        self.kill()
        rect = self._rect = self.rect(layout)
        scale = ui_scale(layout.size)
        look = Look.of(manager)
        bh = round(44 * scale)
        bw = round(132 * scale)
        gap = round(12 * scale)
        y = rect.bottom - bh - round(16 * scale)
        x = rect.right - round(18 * scale) - 2 * bw - gap
        px = round(17 * scale)
        self.buttons["buy"] = UIButton(
            pygame.Rect(x, y, bw, bh), _("Buy"), manager,
            tool_tip_text=_("Take the card and a penalty card from the stock (B)"),
            object_id=look.oid(px, "@primary", bold=True))
        self.buttons["decline"] = UIButton(
            pygame.Rect(x + bw + gap, y, bw, bh), _("Decline"), manager,
            tool_tip_text=_("Leave the card on the pile (N)"),
            object_id=look.oid(px, "@plain", bold=True))
        if self.buys_left <= 0:
            self.buttons["buy"].disable()

    def kill(self) -> None:
        for button in self.buttons.values():
            button.kill()
        self.buttons.clear()

    def which(self, element: object) -> str | None:
        for name, button in self.buttons.items():
            if button is element:
                return name
        return None

    # --- time

    def tick(self, dt: float) -> bool:
        """Count down; True once the time is up (never when there is no timer)."""
        if not self.timed:
            return False
        self.remaining = max(0.0, self.remaining - dt)
        return self.remaining <= 0.0

    @property
    def timed(self) -> bool:
        return self.seconds > 0

    # --- drawing

    @property
    def title(self) -> str:
        return _("Buy the {card}?").format(
            card=card_text(self.card)) if not self.card.is_joker else \
            _("Buy the joker?")

    def draw(self, surface: pygame.Surface, layout: ContractLayout, art: CardArt,
             clock: float) -> None:
        rect = self.rect(layout)
        scale = ui_scale(layout.size)
        dim = layout.table.union(layout.banner).inflate(layout.margin, layout.margin // 2)
        panel(surface, dim, BUY_DIM, None, 12)
        shadow = pygame.Surface((rect.w + 24, rect.h + 24), pygame.SRCALPHA)
        pygame.draw.rect(shadow, BUY_SHADOW, shadow.get_rect(), border_radius=18)
        surface.blit(shadow, (rect.x - 12, rect.y - 4))
        panel(surface, rect, BUY_FILL, GOLD + (255,), round(14 * scale), 2)
        pad = round(18 * scale)
        ch = rect.height - 2 * pad
        cw = round(ch / 1.4)
        card_rect = pygame.Rect(rect.x + pad, rect.y + pad, cw, ch)
        glow = 0.5 + 0.5 * math.sin(clock * 3.0)
        spread = art.glow_spread((cw, ch))
        halo = art.glow((cw, ch), (255, 214, 64, int(120 + 100 * glow)))
        surface.blit(halo, (card_rect.x - spread, card_rect.y - spread))
        surface.blit(art.render(self.card.rank, self.card.suit, (cw, ch)), card_rect)
        x = card_rect.right + pad
        width = rect.right - pad - x
        y = rect.y + pad - round(2 * scale)
        who = f"{self.name}: " if self.hot_seat else ""
        title = fit_text(who + self.title, round(28 * scale), width, "serif-bold")
        box = draw_text(surface, title, round(28 * scale), GOLD_LIGHT, style="serif-bold",
                        shadow=2, topleft=(x, y))
        y = box.bottom + round(8 * scale)
        body = _("You will also take a penalty card from the stock.")
        for line in _wrap(body, round(16 * scale), width)[:2]:
            draw_text(surface, line, round(16 * scale), CREAM, topleft=(x, y))
            y += round(22 * scale)
        y += round(2 * scale)
        left = _("Buys left this round: {buys_left} of {max_buys}").format(
            buys_left=self.buys_left, max_buys=self.max_buys)
        draw_text(surface, fit_text(left, round(15 * scale), width), round(15 * scale),
                  TABLE_MUTED, style="bold", topleft=(x, y))
        y += round(30 * scale)
        if not self.timed:
            words = _("{name} is asked first  \u00b7  B buy  \u00b7  N decline").format(
                name=self.ahead) if self.ahead else \
                _("Take your time  \u00b7  B buy  \u00b7  N decline")
            draw_text(surface, fit_text(words, round(13 * scale), width), round(13 * scale),
                      TABLE_MUTED, topleft=(x, y))
            return
        bar = pygame.Rect(x, y, width, max(6, round(8 * scale)))
        panel(surface, bar, BUY_TIMER_TRACK, None, bar.height // 2)
        share = self.remaining / self.seconds if self.seconds > 0 else 0.0
        fill = bar.copy()
        fill.width = max(0, round(bar.width * share))
        colour = GOLD if share > 0.3 else TIMER_LOW
        if fill.width:
            panel(surface, fill, colour, None, bar.height // 2)
        seconds = math.ceil(self.remaining)
        words = _("Declines by itself in {seconds} s  \u00b7  B buy  \u00b7  N decline").format(
            seconds=seconds)
        draw_text(surface, fit_text(words, round(13 * scale), width), round(13 * scale),
                  TABLE_MUTED, topleft=(x, bar.bottom + round(6 * scale)))


def _wrap(text: str, px: int, width: int) -> list[str]:
    face = font(px)
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if face.size(trial)[0] <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    lines.append(line)
    return [fit_text(line, px, width) for line in lines]
