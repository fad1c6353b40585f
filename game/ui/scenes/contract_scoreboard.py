"""The end of a round of the contract game: who went out, the ten-round table (round,
contract, each player's penalty or going-out bonus, running totals) and Next round; at the
end of the match the winner (lowest total) with New game and Title."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine.contract.rules import CONTRACTS, ONE_TURN_BONUS, ONE_TURN_NATURAL_BONUS
from game.i18n import N_, _
from game.session import GameSession
from game.ui.scenes.end_of_hand import DEAL_ROW, ButtonSpec, EndOfHandScene
from game.ui.theme import (
    CREAM,
    DIM,
    GOLD,
    GOLD_LIGHT,
    MUTED,
    SCORE_CURRENT_BAND,
    SCORE_GREEN,
)
from game.ui.widgets.drawing import draw_panel, draw_text, fit_text

if TYPE_CHECKING:
    from game.engine.scoring import Points
    from game.ui.contract.table import ContractTableScene
    from game.ui.scene import AppServices



class ContractScoreboardScene(EndOfHandScene):
    """Drawn over the dimmed contract table."""

    hints = N_("Enter continue  \u00b7  Esc menu")
    table: ContractTableScene | None

    def __init__(self, app: AppServices, session: GameSession,
                 table: ContractTableScene | None = None) -> None:
        super().__init__(app, session, table)

    @property
    def rounds(self) -> int:
        return self.match.variant.match_hands or len(CONTRACTS)

    def headline(self) -> str:
        match = self.match
        names = [s.name for s in self.session.seats]
        if match.over and match.result is not None:
            winners = [names[i] for i in match.result.winners]
            if len(winners) == 1:
                return _("{name} wins the match!").format(name=winners[0])
            return _("{names} and {last} share the match!").format(
                names=", ".join(winners[:-1]), last=winners[-1])
        result = match.deal.result
        number = match.deal.number + 1
        if result is None:
            return _("Round {number}").format(number=number)
        if result.reason == "out" and result.ender is not None:
            return _("Round {number}: {name} went out").format(
                number=number, name=names[result.ender])
        if result.reason == "stalled":
            return _("Round {number}: nobody drew from the stock for too long; scored as it "
                     "stands").format(
                number=number)
        return _("Round {number}: the stock ran out").format(number=number)

    def subline(self) -> str:
        match = self.match
        if match.over:
            return _("{name} \u00b7 {n} rounds \u00b7 lowest total wins").format(
                name=_(match.variant.name), n=len(match.history))
        return _("{name} \u00b7 round {n} of {rounds} \u00b7 lowest total wins").format(
            name=_(match.variant.name), n=match.deal.number + 1, rounds=self.rounds)

    # --- widgets

    def _box(self) -> pygame.Rect:
        w, h = self.app.size
        rows = self.rounds
        width = min(w - self.px(40), self.px(330 + 130 * len(self.session.seats)),
                    self.px(1240))
        width = max(width, min(w - self.px(40), self.px(760)))
        height = min(h - self.px(30), self.px(262 + DEAL_ROW) + self.px(28) * rows)
        rect = pygame.Rect(0, 0, width, height)
        rect.center = (w // 2, h // 2)
        return self._stock_room(rect)

    def build(self) -> None:
        specs: list[ButtonSpec]
        if self.over and self.remote:  # the host's game: nothing to set up again here
            specs = [("title", _("Title"), self.to_title, "primary",
                      _("Back to the title screen"))]
        elif self.over:
            specs = [("title", _("Title"), self.to_title, "plain", _("Back to the title screen")),
                     ("new", _("Rematch"), self.new_game, "primary",
                      _("A new match with the same seats and a new deal, for everyone at "
                        "this network table (Enter)")) if self.hosting else
                     ("new", _("New game"), self.new_game, "primary",
                      _("Play again with the same players and rules"))]
        else:
            specs = [("next", _("Next round"), self.next_round, "primary",
                      _("Deal the next round (Enter)"))]
        self._button_row(specs, (170, 44), 18)
        self._build_deal_row(self._deal_row_top(18, 44))

    def default_focus(self) -> str | None:
        if self.over:
            return "title" if self.remote else "new"
        return "next"

    def on_key(self, event: pygame.event.Event) -> bool:
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.over and self.remote:
                self.to_title()
            else:
                (self.new_game if self.over else self.next_round)()
            return True
        return False

    # --- actions

    def next_round(self) -> None:
        self._close()
        if self.table is not None:
            self.table.next_round()

    # --- drawing

    def draw(self, surface: pygame.Surface) -> None:
        self._dim(surface)
        box = self._box()
        inner = draw_panel(surface, box, self.scale, None, alpha=246)
        top = box.y + self.px(20)
        draw_text(surface, fit_text(self.headline(), self.px(30), inner.w, "serif-bold"),
                  self.px(30), GOLD_LIGHT, style="serif-bold", shadow=self.px(2),
                  topleft=(inner.x, top))
        draw_text(surface, self.subline(), self.px(15), MUTED,
                  topleft=(inner.x, top + self.px(42)))
        deal_y = self._deal_row_top(18, 44)
        self._draw_deal_row(surface, deal_y)
        if self.showing_stock:
            y = top + self.px(76)
            self._draw_stock_order(surface, pygame.Rect(inner.x, y, inner.w,
                                                        deal_y - self.px(10) - y))
            return
        y = self._table(surface, inner, top + self.px(76), box.bottom - self.px(80 + DEAL_ROW))
        legend = (_("\u2605 went out  \u00b7  going out in a single turn {ONE_TURN_BONUS}, "
                    "{ONE_TURN_NATURAL_BONUS} without a joker  \u00b7  the others score the "
                    "cards left in hand").format(
            ONE_TURN_BONUS=ONE_TURN_BONUS, ONE_TURN_NATURAL_BONUS=ONE_TURN_NATURAL_BONUS))
        draw_text(surface, fit_text(legend, self.px(13), inner.w), self.px(13), MUTED,
                  topleft=(inner.x, y + self.px(10)))

    def _columns(self, inner: pygame.Rect) -> tuple[int, int, list[int]]:
        n = len(self.session.seats)
        first = inner.x + self.px(6)
        contract_x = first + self.px(70)
        start = contract_x + self.px(190)
        col_w = (inner.right - self.px(6) - start) // max(1, n)
        return first, contract_x, [start + col_w * (i + 1) for i in range(n)]

    def _table(self, surface: pygame.Surface, inner: pygame.Rect, y: int, bottom: int) -> int:
        """The ten-round table from ``y``; where it ends."""
        match = self.match
        seats = self.session.seats
        n = len(seats)
        first, contract_x, cols = self._columns(inner)
        col_w = cols[0] - (contract_x + self.px(190))
        head = self.px(13)
        size = self.px(15) if n <= 6 else self.px(13)
        sub = min(self.px(56), col_w // 2)
        draw_text(surface, _("ROUND"), head, MUTED, style="bold", topleft=(first, y))
        draw_text(surface, _("CONTRACT"), head, MUTED, style="bold", topleft=(contract_x, y))
        for i, seat in enumerate(seats):
            draw_text(surface, fit_text(seat.name.upper(), head, col_w - self.px(8), "bold"),
                      head, MUTED, style="bold", topright=(cols[i], y))
        y += self.px(17)
        for i in range(n):
            draw_text(surface, _("round"), self.px(11), DIM, topright=(cols[i] - sub, y))
            draw_text(surface, _("total"), self.px(11), DIM, topright=(cols[i], y))
        y += self.px(17)
        pygame.draw.line(surface, GOLD, (inner.x, y), (inner.right, y), 1)
        y += self.px(5)
        rows = self.rounds
        row_h = max(self.px(18), min(self.px(28), (bottom - y - self.px(34)) // max(1, rows)))
        running: list[Points] = [0] * n
        current = match.deal.number
        for number in range(rows):
            contract = str(CONTRACTS[number % len(CONTRACTS)])
            result = match.history[number] if number < len(match.history) else None
            now = number == current and not match.over
            if now:
                band = pygame.Rect(inner.x, y - self.px(3), inner.w, row_h)
                pygame.draw.rect(surface, SCORE_CURRENT_BAND, band, border_radius=self.px(4))
            colour = CREAM if result is not None else DIM
            draw_text(surface, str(number + 1), size, colour, style="bold" if now else "regular",
                      topleft=(first, y))
            draw_text(surface, fit_text(contract, size, self.px(186)), size, colour,
                      topleft=(contract_x, y))
            if result is not None:
                for i in range(n):
                    points = result.points[i]
                    running[i] += points
                    out = result.ender == i and result.reason == "out"
                    text = ("\u2605 " if out else "") + (f"{points:+d}" if points < 0
                                                          else str(points))
                    ink = GOLD_LIGHT if out else (SCORE_GREEN if points < 0 else CREAM)
                    draw_text(surface, text, size, ink, style="bold" if out else "regular",
                              topright=(cols[i] - sub, y))
                    draw_text(surface, str(running[i]), size - self.px(2), MUTED,
                              topright=(cols[i], y + self.px(1)))
            y += row_h
        pygame.draw.line(surface, GOLD, (inner.x, y), (inner.right, y), 1)
        y += self.px(6)
        totals = match.result.totals if match.over and match.result else tuple(match.totals)
        winners = set(match.result.winners) if match.over and match.result else set()
        low = min(totals) if totals else 0
        draw_text(surface, _("TOTAL"), self.px(15), GOLD_LIGHT, style="bold", topleft=(first, y))
        for i in range(n):
            best = i in winners or (not match.over and totals[i] == low)
            text = str(totals[i]) + ("  \u2605" if i in winners else "")
            draw_text(surface, text, self.px(17), GOLD_LIGHT if best else CREAM,
                      style="bold", topright=(cols[i], y))
        return y + self.px(24)
