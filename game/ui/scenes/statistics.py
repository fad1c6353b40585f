"""Statistics: games, wins, win rate, best and average score and the longest winning streak,
overall, per variant and per opponent level, of one named player (each human seat's name:
in a hot-seat game every player has their own), chosen at the top when there are several.
Clearing them asks first.

"Recent matches" lists the finished matches kept in the history (``game.store.history``,
written when a match ends), each with a Review button that replays it and opens the
coach's review of the human player's turns."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from game.engine.serialize import SaveError
from game.engine.variants import all_variants
from game.i18n import N_, _, month_abbreviation, ngettext
from game.session import GameSession
from game.store import StoreError
from game.store.history import FinishedMatch, HistoryStore
from game.ui.scenes import screens
from game.ui.scenes.saves import save_match
from game.ui.theme import CREAM, GOLD, GOLD_DARK, GOLD_LIGHT, MUTED, STAT_BAND, STAT_TRACK
from game.ui.widgets.dialogs import ConfirmDialog
from game.ui.widgets.drawing import draw_panel, draw_text, fit_text, font
from game.ui.widgets.menus import MenuScene

if TYPE_CHECKING:
    from game.store import StatLine
    from game.ui.scene import AppServices

COLUMNS = (N_("Games"), N_("Wins"), N_("Win rate"), N_("Best score"), N_("Average"),
           N_("Longest streak"))
LEVEL_NAMES = {"easy": N_("Computer \u00b7 Easy"), "medium": N_("Computer \u00b7 Medium"),
               "hard": N_("Computer \u00b7 Hard"), "none": N_("Humans only")}


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
    return _(variant.name) if variant else key


class StatisticsScene(MenuScene):
    title = N_("Statistics")
    subtitle = N_("Your results against the computer and in hot-seat games")

    def __init__(self, app: AppServices) -> None:
        super().__init__(app)
        self.overall: StatLine | None = None
        self.by_variant: list[StatLine] = []
        self.by_level: list[StatLine] = []
        self.accuracy: list[float] = []  # reviewed hands' accuracy, oldest first
        self.matches: list[FinishedMatch] = []  # the history, newest first
        self.view = "results"  # or "matches": the recent finished matches to review
        self.page = 0
        self.players: list[str] = []  # the human seats' names recorded, most games first
        self.player: str | None = None  # whose figures are shown
        self.load()

    def load(self) -> None:
        stats = self.app.store.stats
        self.players = stats.players()
        if self.player not in self.players:
            self.player = self._first_player()
        self.overall = stats.overall(self.player)
        self.by_variant = stats.by_variant(self.player)
        self.by_level = stats.by_opponent_level(self.player)
        self.accuracy = [a.accuracy for a in stats.accuracies(limit=2 * TREND_HANDS)]
        self.matches = HistoryStore.at(self.app.store.paths, self.app.store.messages).recent()

    def _first_player(self) -> str | None:
        """The person at this screen by the settings (their first human seat's name) if they
        have played, else whoever played most."""
        mine = next((s.name for s in self.app.settings.default_seats if s.is_human), None)
        if mine in self.players:
            return mine
        return self.players[0] if self.players else None

    def choose_player(self, name: str) -> None:
        if name in self.players and name != self.player:
            self.player = name
            self.load()
            self.rebuild()

    def tables(self) -> list[tuple[str, list[tuple[str, list[str]]]]]:
        """What the tables show: (title, [(row name, cells)]), for the screen and tests."""
        variants = sorted(self.by_variant, key=lambda line: list(all_variants()).index(line.key)
                          if line.key in all_variants() else len(all_variants()))
        return [
            (_("By variant"), [(variant_name(line.key), stat_cells(line))
                               for line in variants]),
            (_("By opponent level"), [(_(LEVEL_NAMES[line.key]) if line.key in LEVEL_NAMES
                                       else line.key, stat_cells(line))
                                      for line in self.by_level]),
        ]

    # -- widgets

    def build(self) -> None:
        if len(self.players) > 1 and self.view == "results":
            width = self.px(260)
            self.dropdown(pygame.Rect(self.width - self.px(40) - width, self.px(30), width,
                                      self.px(38)),
                          [(name, name) for name in self.players], self.player or "",
                          self.choose_player, key="player")
        top = self.footer_top() + self.px(10)
        row = self.px(44)
        self.button(pygame.Rect(self.px(40), top, self.px(150), row), _("Back"), self.back,
                    key="back", tooltip=_("Return to the title screen (Esc)"))
        switch = self.px(240)
        if self.view == "results":
            self.button(pygame.Rect((self.width - switch) // 2, top, switch, row),
                        _("Recent matches ({n})").format(n=len(self.matches)), self._switch,
                        key="view", tooltip=_("The finished matches kept for review"))
        else:
            self.button(pygame.Rect((self.width - switch) // 2, top, switch, row),
                        _("Results"), self._switch, key="view",
                        tooltip=_("Games, wins and win rates"))
            self._build_matches()
        width = self.px(220)
        clear = self.button(pygame.Rect(self.width - self.px(40) - width, top, width, row),
                            _("Clear statistics\u2026"), self._ask_clear, key="clear",
                            style="danger",
                            tooltip=_("Forget every recorded game (asks first)"))
        if (not self.overall or not self.overall.games) and not self.matches:
            clear.disable()

    def default_focus(self) -> str | None:
        return "back"

    def _switch(self) -> None:
        self.view = "matches" if self.view == "results" else "results"
        self.page = 0
        self.rebuild()

    # -- recent matches

    def _list_rect(self) -> pygame.Rect:
        area = self.content_rect()
        return pygame.Rect(area.x, area.y, area.w, area.h)

    def _rows(self) -> tuple[int, int]:
        """(row height, rows a page holds) of the recent matches' list."""
        row_h = self.px(46)
        inner_h = self._list_rect().h - self.px(28) - self.px(24) - self.px(52)
        return row_h, max(1, inner_h // row_h)

    def shown_matches(self) -> list[FinishedMatch]:
        """The matches on the current page, for the screen and tests."""
        _, per_page = self._rows()
        return self.matches[self.page * per_page:(self.page + 1) * per_page]

    def _build_matches(self) -> None:
        area = self._list_rect()
        row_h, per_page = self._rows()
        width = self.px(120)
        y = area.y + self.px(28) + self.px(24)
        for index, _match in enumerate(self.shown_matches()):
            number = self.page * per_page + index
            self.button(pygame.Rect(area.right - self.px(24) - width, y + self.px(5), width,
                                    row_h - self.px(10)), _("Review"), self._reviewer(number),
                        key=f"review_{number}", size=15,
                        tooltip=_("Step through your turns against the best plays"))
            self.button(pygame.Rect(area.right - self.px(24) - 2 * width - self.px(10),
                                    y + self.px(5), width, row_h - self.px(10)), _("Save…"),
                        self._saver(number), key=f"save_{number}", size=15,
                        tooltip=_("Keep this match under a name, to replay and review it "
                                  "later"))
            y += row_h
        bottom = area.bottom - self.px(20) - self.px(38)
        half = self.px(150)
        if self.page > 0:
            self.button(pygame.Rect(area.x + self.px(24), bottom, half, self.px(38)), _("Newer"),
                        self._turn_page(-1), key="newer")
        if (self.page + 1) * per_page < len(self.matches):
            self.button(pygame.Rect(area.right - self.px(24) - half, bottom, half,
                                    self.px(38)), _("Older"), self._turn_page(1), key="older")

    def _turn_page(self, step: int) -> Callable[[], None]:
        def turn() -> None:
            self.page += step
            self.rebuild()
        return turn

    def _reviewer(self, number: int) -> Callable[[], None]:
        def review() -> None:
            self.review(number)
        return review

    def _saver(self, number: int) -> Callable[[], None]:
        def save() -> None:
            self.save(number)
        return save

    def _kept(self, number: int) -> GameSession | None:
        """The kept match ``number`` (newest first), replayed; None (and the player told)
        if it cannot be."""
        try:
            kept = self.matches[number]
            return GameSession.from_json(kept.game, kept.summary)  # checked as a save is
        except (SaveError, IndexError) as error:
            self.app.notify(_("This match cannot be replayed: {error}").format(error=error))
            return None

    def review(self, number: int) -> None:
        """Replay the kept match ``number`` (newest first) and open its review."""
        session = self._kept(number)
        if session is not None:
            self.app.scenes.push(screens.review(self.app, session))

    def save(self, number: int) -> None:
        """Keep the kept match ``number`` as a save of its own (``machiavelli replay``)."""
        session = self._kept(number)
        if session is not None:
            save_match(self.app, session)

    def _ask_clear(self) -> None:
        games = self.overall.games if self.overall else 0
        self.open_dialog(ConfirmDialog(
            self.app, _("Clear all statistics?"),
            ngettext("This forgets the {n} recorded game, every variant and level. It cannot "
                     "be undone.",
                     "This forgets all {n} recorded games, every variant and level. It cannot "
                     "be undone.", games).format(n=games),
            self.clear, confirm=_("Clear"), danger=True))

    def clear(self) -> None:
        try:  # the kept matches are part of the record: they go too
            HistoryStore.at(self.app.store.paths, self.app.store.messages).clear()
        except StoreError:
            self.app.notify(_("The recent matches could not be forgotten."))
        if not self.app.store.stats.clear():
            self.app.notify(_("The statistics could not be cleared."))
        else:
            self.app.notify(_("Statistics cleared."), info=True)
        self.load()
        self.rebuild()

    def refresh(self) -> None:
        self.load()

    # -- drawing

    def draw_header(self, surface: pygame.Surface) -> None:
        """The title, then whose results these are (a choice of player where there are
        several, at the right)."""
        subtitle = self.subtitle
        if self.player is not None and self.view == "results":
            self.subtitle = _("{name}'s results").format(name=self.player)
        try:
            super().draw_header(surface)
        finally:
            self.subtitle = subtitle

    def draw_content(self, surface: pygame.Surface) -> None:
        if self.view == "matches":
            self._draw_matches(surface)
            return
        area = self.content_rect()
        tiles_h = self.px(96)
        self._draw_tiles(surface, pygame.Rect(area.x, area.y, area.w, tiles_h))
        top = area.y + tiles_h + self.px(18)
        panel = pygame.Rect(area.x, top, area.w, area.bottom - top)
        inner = draw_panel(surface, panel, self.scale, None)
        if not self.overall or not self.overall.games:
            draw_text(surface, _("No games recorded yet."), self.px(22), CREAM, style="bold",
                      center=(inner.centerx, inner.centery - self.px(16)))
            draw_text(surface, fit_text(_("Finish a game with at least one human player and "
                                          "its results appear here."), self.px(15), inner.w),
                      self.px(15), MUTED,
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

    def _draw_matches(self, surface: pygame.Surface) -> None:
        inner = draw_panel(surface, self._list_rect(), self.scale, None)
        if not self.matches:
            draw_text(surface, _("No finished matches kept yet."), self.px(22), CREAM,
                      style="bold", center=(inner.centerx, inner.centery - self.px(16)))
            draw_text(surface, fit_text(_("Each match played to its end is kept here (the "
                                          "last fifty), to be reviewed turn by turn."),
                                        self.px(15), inner.w), self.px(15), MUTED,
                      center=(inner.centerx, inner.centery + self.px(18)))
            return
        area = self._list_rect()
        draw_text(surface, _("RECENT MATCHES"), self.px(14), GOLD_LIGHT, style="bold",
                  topleft=(area.x + self.px(24), area.y + self.px(22)))
        row_h, per_page = self._rows()
        y = area.y + self.px(28) + self.px(24)
        right = area.right - self.px(24) - 2 * self.px(120) - self.px(10) - self.px(16)
        left = area.x + self.px(24)
        date_w = font(self.px(15)).size("30 Sep 2026 23:59")[0] + self.px(24)
        variant_w = self.px(200)
        for index, match in enumerate(self.shown_matches()):
            if index % 2 == 0:
                band = pygame.Surface((area.w - self.px(32), row_h), pygame.SRCALPHA)
                band.fill(STAT_BAND)
                surface.blit(band, (area.x + self.px(16), y))
            middle = y + row_h // 2
            local = match.finished_at.astimezone()
            when = (f"{local.day:02d} {month_abbreviation(local.month)} {local.year} "
                    f"{local.hour:02d}:{local.minute:02d}")
            draw_text(surface, when, self.px(15), MUTED, midleft=(left, middle))
            name = fit_text(variant_name(match.summary.variant), self.px(15),
                            variant_w - self.px(10), "bold")
            draw_text(surface, name, self.px(15), CREAM, style="bold",
                      midleft=(left + date_w, middle))
            scores = ", ".join(f"{player} {number(score)}" for player, score
                               in zip(match.summary.players, match.summary.scores,
                                      strict=False))
            room = right - (left + date_w + variant_w)
            draw_text(surface, fit_text(scores, self.px(15), room), self.px(15), CREAM,
                      midleft=(left + date_w + variant_w, middle))
            y += row_h
        pages = (len(self.matches) + per_page - 1) // per_page
        if pages > 1:
            draw_text(surface, _("Page {page} of {pages}").format(page=self.page + 1,
                                                                  pages=pages),
                      self.px(14), MUTED,
                      midbottom=(area.centerx, area.bottom - self.px(28)))

    def _draw_tiles(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        line = self.overall
        figures = [
            (_("Games played"), number(line.games) if line else "0"),
            (_("Games won"), number(line.wins) if line else "0"),
            (_("Win rate"), f"{line.win_rate * 100:.0f}%" if line and line.games else "\u2014"),
            (_("Longest streak"), number(line.longest_win_streak) if line else "0"),
            (_("Review accuracy"), accuracy_figure(self.accuracy)),
        ]
        gap = self.px(18)
        width = (area.w - gap * (len(figures) - 1)) // len(figures)
        for n, (what, value) in enumerate(figures):
            rect = pygame.Rect(area.x + n * (width + gap), area.y, width, area.h)
            draw_panel(surface, rect, self.scale, None, alpha=170)
            draw_text(surface, value, self.px(34), GOLD_LIGHT, style="bold",
                      shadow=self.px(2), midtop=(rect.centerx, rect.y + self.px(12)))
            draw_text(surface, fit_text(what.upper(), self.px(12), rect.w - self.px(12), "bold"),
                      self.px(12), MUTED, style="bold",
                      midbottom=(rect.centerx, rect.bottom - self.px(12)))

    def _draw_rate_bar(self, surface: pygame.Surface, right: int, middle: int, width: int,
                       rate: float) -> None:
        height = max(4, self.px(7))
        track = pygame.Rect(right - width, middle - height // 2, width, height)
        radius = height // 2
        pygame.draw.rect(surface, STAT_TRACK, track, border_radius=radius)
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
            draw_text(surface, fit_text(_(heading), self.px(12), round(col_w) - self.px(8),
                                        "bold"),
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
                band.fill(STAT_BAND)
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
