"""Statistics: games, wins, win rate, best and average score and the longest winning streak,
overall, per variant and per opponent level. Clearing them asks first."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from game.engine.variants import all_variants
from game.ui.scenes.dialogs import ConfirmDialog
from game.ui.theme import CREAM, GOLD, GOLD_DARK, GOLD_LIGHT, MUTED
from game.ui.widgets.drawing import draw_panel, draw_text, fit_text, font
from game.ui.widgets.menus import MenuScene

if TYPE_CHECKING:
    from game.store import StatLine
    from game.ui.app import App

COLUMNS = ("Games", "Wins", "Win rate", "Best score", "Average", "Longest streak")
LEVEL_NAMES = {"easy": "Computer \u00b7 Easy", "medium": "Computer \u00b7 Medium",
               "hard": "Computer \u00b7 Hard", "none": "Humans only"}


def number(value: float | None, digits: int = 0) -> str:
    if value is None:
        return "\u2014"
    if digits == 0 or float(value).is_integer():
        return f"{round(value):,}"
    return f"{value:,.{digits}f}"


def stat_cells(line: StatLine) -> list[str]:
    """One table row's figures, as shown."""
    return [
        number(line.games),
        number(line.wins),
        f"{line.win_rate * 100:.0f}%" if line.games else "\u2014",
        number(line.best_score),
        number(line.average_score, 1),
        number(line.longest_win_streak),
    ]


TREND_HANDS = 10  # reviewed hands the accuracy tile averages (and compares with before)


def accuracy_figure(accuracies: Sequence[float]) -> str:
    """The mean accuracy of the last ``TREND_HANDS`` reviewed hands (oldest first), with an
    arrow when it rose or fell by a point or more against the hands before them."""
    if not accuracies:
        return "\u2014"
    recent = accuracies[-TREND_HANDS:]
    earlier = accuracies[:-TREND_HANDS]
    mean = sum(recent) / len(recent)
    arrow = ""
    if earlier:
        before = sum(earlier) / len(earlier)
        arrow = " \u2191" if mean >= before + 1 else " \u2193" if mean <= before - 1 else ""
    return f"{mean:.0f}%{arrow}"


def variant_name(key: str) -> str:
    variant = all_variants().get(key)
    return variant.name if variant else key


class StatisticsScene(MenuScene):
    title = "Statistics"
    subtitle = "Your results against the computer and in hot-seat games"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.overall: StatLine | None = None
        self.by_variant: list[StatLine] = []
        self.by_level: list[StatLine] = []
        self.accuracy: list[float] = []  # reviewed hands' accuracy, oldest first
        self.load()

    def load(self) -> None:
        stats = self.app.store.stats
        self.overall = stats.overall()
        self.by_variant = stats.by_variant()
        self.by_level = stats.by_opponent_level()
        self.accuracy = [a.accuracy for a in stats.accuracies(limit=2 * TREND_HANDS)]

    def tables(self) -> list[tuple[str, list[tuple[str, list[str]]]]]:
        """What the tables show: (title, [(row name, cells)]), for the screen and tests."""
        variants = sorted(self.by_variant, key=lambda line: list(all_variants()).index(line.key)
                          if line.key in all_variants() else len(all_variants()))
        return [
            ("By variant", [(variant_name(line.key), stat_cells(line)) for line in variants]),
            ("By opponent level", [(LEVEL_NAMES.get(line.key, line.key), stat_cells(line))
                                   for line in self.by_level]),
        ]

    # -- widgets

    def build(self) -> None:
        top = self.footer_top() + self.px(10)
        row = self.px(44)
        self.button(pygame.Rect(self.px(40), top, self.px(150), row), "Back", self.back,
                    key="back", tooltip="Return to the title screen (Esc)")
        width = self.px(220)
        clear = self.button(pygame.Rect(self.width - self.px(40) - width, top, width, row),
                            "Clear statistics\u2026", self._ask_clear, key="clear",
                            style="danger",
                            tooltip="Forget every recorded game (asks first)")
        if not self.overall or not self.overall.games:
            clear.disable()

    def default_focus(self) -> str | None:
        return "back"

    def _ask_clear(self) -> None:
        games = self.overall.games if self.overall else 0
        self.open_dialog(ConfirmDialog(
            self.app, "Clear all statistics?",
            f"This forgets all {games} recorded game{'s' if games != 1 else ''}, every "
            "variant and level. It cannot be undone.",
            self.clear, confirm="Clear", danger=True))

    def clear(self) -> None:
        if not self.app.store.stats.clear():
            self.app.notify("The statistics could not be cleared.")
        else:
            self.app.notify("Statistics cleared.")
        self.load()
        self.rebuild()

    def refresh(self) -> None:
        self.load()

    # -- drawing

    def draw_content(self, surface: pygame.Surface) -> None:
        area = self.content_rect()
        tiles_h = self.px(96)
        self._draw_tiles(surface, pygame.Rect(area.x, area.y, area.w, tiles_h))
        top = area.y + tiles_h + self.px(18)
        panel = pygame.Rect(area.x, top, area.w, area.bottom - top)
        inner = draw_panel(surface, panel, self.scale, None)
        if not self.overall or not self.overall.games:
            draw_text(surface, "No games recorded yet.", self.px(22), CREAM, style="bold",
                      center=(inner.centerx, inner.centery - self.px(16)))
            draw_text(surface, "Finish a game with at least one human player and its results "
                      "appear here.", self.px(15), MUTED,
                      center=(inner.centerx, inner.centery + self.px(18)))
            return
        tables = self.tables()
        rows = sum(len(table_rows) or 1 for _, table_rows in tables)
        fixed = len(tables) * (self.px(28) + self.px(18))
        self._row_h = max(self.px(26), min(self.px(38), (inner.h - fixed) // max(1, rows)))
        y = inner.y
        for title, table_rows in tables:
            y = self._draw_table(surface, inner, y, title, table_rows)
            y += self.px(18)

    def _draw_tiles(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        line = self.overall
        figures = [
            ("Games played", number(line.games) if line else "0"),
            ("Games won", number(line.wins) if line else "0"),
            ("Win rate", f"{line.win_rate * 100:.0f}%" if line and line.games else "\u2014"),
            ("Longest streak", number(line.longest_win_streak) if line else "0"),
            ("Review accuracy", accuracy_figure(self.accuracy)),
        ]
        gap = self.px(18)
        width = (area.w - gap * (len(figures) - 1)) // len(figures)
        for n, (what, value) in enumerate(figures):
            rect = pygame.Rect(area.x + n * (width + gap), area.y, width, area.h)
            draw_panel(surface, rect, self.scale, None, alpha=170)
            draw_text(surface, value, self.px(34), GOLD_LIGHT, style="bold",
                      shadow=self.px(2), midtop=(rect.centerx, rect.y + self.px(12)))
            draw_text(surface, what.upper(), self.px(12), MUTED, style="bold",
                      midbottom=(rect.centerx, rect.bottom - self.px(12)))

    def _draw_rate_bar(self, surface: pygame.Surface, right: int, middle: int, width: int,
                       rate: float) -> None:
        height = max(4, self.px(7))
        track = pygame.Rect(right - width, middle - height // 2, width, height)
        radius = height // 2
        pygame.draw.rect(surface, (8, 30, 18), track, border_radius=radius)
        if rate > 0:
            fill = track.copy()
            fill.w = max(height, round(width * min(1.0, rate)))
            pygame.draw.rect(surface, GOLD, fill, border_radius=radius)
        pygame.draw.rect(surface, GOLD_DARK, track, width=1, border_radius=radius)

    def _draw_table(self, surface: pygame.Surface, inner: pygame.Rect, y: int, title: str,
                    rows: Sequence[tuple[str, list[str]]]) -> int:
        row_h = getattr(self, "_row_h", self.px(27))
        name_w = round(inner.w * 0.28)
        col_w = (inner.w - name_w) / len(COLUMNS)
        size = self.px(15)
        draw_text(surface, title.upper(), self.px(14), GOLD_LIGHT, style="bold",
                  topleft=(inner.x, y))
        for n, heading in enumerate(COLUMNS):
            right = inner.x + name_w + round((n + 1) * col_w) - self.px(8)
            draw_text(surface, fit_text(heading, self.px(12), round(col_w) - self.px(8), "bold"),
                      self.px(12), MUTED, style="bold", topright=(right, y + self.px(2)))
        y += self.px(24)
        pygame.draw.line(surface, GOLD_DARK, (inner.x, y), (inner.right, y),
                         max(1, round(self.scale)))
        y += self.px(4)
        if not rows:
            draw_text(surface, "\u2014", size, MUTED, topleft=(inner.x, y + self.px(4)))
            return y + row_h
        for index, (name, cells) in enumerate(rows):
            if y + row_h > inner.bottom + self.px(6):
                draw_text(surface, "\u2026", size, MUTED, topleft=(inner.x, y))
                return y + row_h
            if index % 2 == 0:
                band = pygame.Surface((inner.w, row_h), pygame.SRCALPHA)
                band.fill((255, 255, 255, 12))
                surface.blit(band, (inner.x, y))
            middle = y + row_h // 2
            draw_text(surface, fit_text(name, size, name_w - self.px(10), "bold"), size, CREAM,
                      style="bold", midleft=(inner.x + self.px(8), middle))
            for n, cell in enumerate(cells):
                right = inner.x + name_w + round((n + 1) * col_w) - self.px(8)
                colour = GOLD if n == 2 else CREAM
                draw_text(surface, cell, size, colour, midright=(right, middle))
                if n == 2 and cell.endswith("%"):
                    widest = font(size).size("100%")[0]
                    self._draw_rate_bar(surface, right - widest - self.px(10), middle,
                                        round(col_w * 0.45), float(cell[:-1]) / 100)
            y += row_h
        return y
