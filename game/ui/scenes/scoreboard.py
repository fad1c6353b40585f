"""The end of a hand: who went out or knocked, each seat's cards left and points, and the
running totals; Next hand deals on. At the end of the match: the winner, a table of every
hand, and New game / Title."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine.scoring import points_text
from game.i18n import N_, _, ngettext
from game.session import GameSession
from game.ui.scenes import screens
from game.ui.scenes.end_of_hand import DEAL_ROW, ButtonSpec, EndOfHandScene
from game.ui.scenes.saves import save_match
from game.ui.theme import CREAM, GOLD, GOLD_LIGHT, MUTED, ROW_LINE
from game.ui.widgets.drawing import draw_panel, draw_text, fit_text

if TYPE_CHECKING:
    from game.ui.manipulation.table import TableScene
    from game.ui.scene import AppServices

REASONS = {"out": N_("went out"), "knock": N_("knocked"), "stock_out": N_("the stock ran out")}
#: who ended the hand and how, as one sentence (translators may reorder it)
ENDED = {"out": N_("{name} went out"), "knock": N_("{name} knocked")}


class ScoreboardScene(EndOfHandScene):
    """Drawn over the dimmed table; "See the table" folds it into a bar over the bottom
    hand's row (no dimming), so the last play and every hand, face up, can be read;
    "Show scores" opens it again."""

    table: TableScene | None

    def __init__(self, app: AppServices, session: GameSession,
                 table: TableScene | None = None) -> None:
        super().__init__(app, session, table)
        self.collapsed = False

    def toggle(self) -> None:
        """Fold the panel away to look at the table, or open it again (L)."""
        self.collapsed = not self.collapsed
        self.rebuild()

    # --- text

    def headline(self) -> str:
        match = self.match
        names = [s.name for s in self.session.seats]
        if match.over and match.result is not None:
            winners = [names[i] for i in match.result.winners]
            if len(winners) == 1:
                if winners[0].lower() == "you":
                    return _("You win the match!")
                return _("{name} wins the match!").format(name=winners[0])
            return _("{names} and {last} share the match!").format(
                names=", ".join(winners[:-1]), last=winners[-1])
        result = match.deal.result
        if result is None:
            return _("Scores")
        return _("Hand {n}: {words}").format(n=match.deal.number + 1,
                                             words=self.reason_words(result))

    def reason_words(self, result: object) -> str:
        names = [s.name for s in self.session.seats]
        reason = getattr(result, "reason", "")
        ender = getattr(result, "ender", None)
        if reason in ("out", "knock") and ender is not None:
            return _(ENDED[reason]).format(name=names[ender])
        winners = [names[i] for i in getattr(result, "winners", ())]
        words = _(REASONS.get(reason, reason))
        return _("{words}; {names} lowest").format(
            words=words, names=", ".join(winners)) if winners else words

    # --- widgets

    def build(self) -> None:
        specs: list[ButtonSpec]
        look: ButtonSpec = ("look", _("Show scores") if self.collapsed else _("See the table"),
                            self.toggle, "plain",
                            _("Open the scores again (L)") if self.collapsed else
                            _("Fold the scores away to see the table and every hand (L)"))
        remote = self.remote
        if self.over and remote:  # the host's game: nothing to set up again here
            specs = [("title", _("Title"), self.to_title, "primary",
                      _("Back to the title screen"))]
        elif self.over:
            again: ButtonSpec = ("again", _("Rematch"), self.new_game, "primary",
                                 _("A new match with the same seats and a new deal, for "
                                   "everyone at this network table (Enter)")) \
                if self.hosting else ("again", _("Play again"), self.new_game, "primary",
                                      _("A new match with the same players and rules (Enter)"))
            specs = [("title", _("Title"), self.to_title, "plain", _("Back to the title screen")),
                     ("setup", _("New game…"), self.setup_game, "plain",
                      _("Choose a variant, rules and players")),
                     again]
        else:
            specs = [("next", _("Next hand"), self.next_hand, "primary",
                      _("Deal the next hand (Enter)"))]
        if self.table is not None:
            specs.insert(0, look)
        if self.session.humans and not self.match.variant.is_contract and not remote:
            specs.insert(len(specs) - 1, ("review", _("Review"), self.review, "plain",
                                          _("Your turns so far against the best plays")))
        if self.collapsed:
            specs = [spec for spec in specs if spec[0] in ("look", "next", "again")]
            self._button_row(specs, (180, 40), 10)
        else:
            self._button_row(specs, (150 if len(specs) > 4 else 180, 46), 22)
            self._build_deal_row(self._deal_row_top(22, 46))

    def default_focus(self) -> str | None:
        if self.over:
            return "title" if self.remote else "again"
        return "next"

    def _box(self) -> pygame.Rect:
        w, h = self.app.size
        if self.collapsed:  # a bar over the bottom hand's row: melds and hands stay in view
            layout = self.table.layout if self.table is not None else None
            area = layout.hand if layout is not None else pygame.Rect(0, 0, w, h)
            rect = pygame.Rect(0, 0, min(area.width - self.px(20), self.px(900)), self.px(60))
            rect.center = area.center
            return rect
        rows = len(self.match.history) if self.over else 0
        seats = len(self.session.seats)
        width = min(w - self.px(60), self.px(760 if not self.over else 860))
        content = self.px(22 + 80 + 34) + self.px(34) * seats
        if self.over:
            content += self.px(18 + 30) + self.px(28) * rows + self.px(32)
        height = min(h - self.px(40), content + self.px(28 + 46 + 22 + DEAL_ROW))
        rect = pygame.Rect(0, 0, width, height)
        rect.center = (w // 2, h // 2)
        return self._stock_room(rect)

    # --- actions

    def next_hand(self) -> None:
        self._close()
        if self.table is not None:
            self.table.next_hand()

    def review(self) -> None:
        """The coach's review of the match so far (issue 18)."""
        self.app.scenes.push(screens.review(self.app, self.session))

    def deal_row_extras(self) -> list[ButtonSpec]:
        """At the end of the match, beside the deal: keep the match to replay it later."""
        if not self.over or self.remote:
            return []
        return [("save", _("Save this match…"), self.save_match, "plain",
                 _("Keep this match under a name, to replay and review it later"))]

    def save_match(self) -> None:
        """Keep the finished match under a name (replayed and reviewed later)."""
        save_match(self.app, self.session)

    def setup_game(self) -> None:
        self.app.scenes.reset(screens.title(self.app))
        self.app.scenes.push(screens.new_game(self.app))

    # --- drawing

    def on_key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_l and self.table is not None:
            self.toggle()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if self.collapsed:
            self._draw_bar(surface)
            return
        self._dim(surface)
        box = self._box()
        inner = draw_panel(surface, box, self.scale, None, alpha=245)
        title = self.headline()
        colour = GOLD_LIGHT
        top = box.y + self.px(22)
        draw_text(surface, fit_text(title, self.px(30), box.w - self.px(48), "serif-bold"),
                  self.px(30), colour, style="serif-bold", shadow=self.px(2),
                  topleft=(inner.x, top))
        sub = f"{_(self.match.variant.name)} \u00b7 " + (
            ngettext("{n} hand played", "{n} hands played", len(self.match.history)).format(
                n=len(self.match.history)) if self.over else self._match_words())
        hints = self.session.hints
        if hints:  # the statistics mark such a match too
            sub += " \u00b7 " + ngettext("{n} hint taken", "{n} hints taken", hints).format(
                n=hints)
        draw_text(surface, sub, self.px(15), MUTED, topleft=(inner.x, top + self.px(42)))
        y = top + self.px(80)
        deal_y = self._deal_row_top(22, 46)
        self._draw_deal_row(surface, deal_y)
        if self.showing_stock:
            self._draw_stock_order(surface, pygame.Rect(inner.x, y, inner.w,
                                                        deal_y - self.px(10) - y))
            return
        y = self._hand_table(surface, inner, y)
        if self.over:
            self._history_table(surface, inner, y + self.px(18))

    def _draw_bar(self, surface: pygame.Surface) -> None:
        """The folded scoreboard: the headline and the buttons in one bar."""
        box = self._box()
        inner = draw_panel(surface, box, self.scale, None, alpha=235)
        buttons = 3 if self.over else 2
        room = box.w - self.px(48) - buttons * self.px(194)
        title = fit_text(self.headline(), self.px(20), room, "serif-bold")
        draw_text(surface, title, self.px(20), GOLD_LIGHT, style="serif-bold",
                  midleft=(inner.x, box.centery))

    def _match_words(self) -> str:
        variant = self.match.variant
        if variant.match_target is not None:
            return _("match to {n} points").format(n=variant.match_target)
        hands = variant.match_hands or 1
        return _("hand {n} of {hands}").format(n=self.match.deal.number + 1, hands=hands)

    def _columns(self, inner: pygame.Rect, count: int) -> list[int]:
        first = inner.x + self.px(8)
        rest = (inner.right - self.px(8) - (first + self.px(230))) // max(1, count)
        return [first] + [first + self.px(230) + rest * (i + 1) for i in range(count)]

    def _hand_table(self, surface: pygame.Surface, inner: pygame.Rect, y: int) -> int:
        match = self.match
        result = match.history[-1] if match.history else match.deal.result
        seats = self.session.seats
        size = self.px(17)
        cols = self._columns(inner, 3)
        heads = (_("Player"), _("Left in hand"), _("This hand"), _("Total"))
        for i, head in enumerate(heads):
            if i == 0:
                draw_text(surface, head.upper(), self.px(13), MUTED, style="bold",
                          topleft=(cols[0], y))
            else:
                draw_text(surface, head.upper(), self.px(13), MUTED, style="bold",
                          topright=(cols[i], y))
        y += self.px(26)
        pygame.draw.line(surface, GOLD, (inner.x, y), (inner.right, y), 1)
        y += self.px(8)
        totals = match.result.totals if match.over and match.result else match.totals
        winners = set(result.winners) if result is not None else set()
        for seat, info in enumerate(seats):
            won = seat in winners
            colour = GOLD_LIGHT if won else CREAM
            name = info.name + ("  \u2605" if won else "")
            if result is not None and result.ender == seat and result.reason in REASONS:
                name += f"  ({_(REASONS[result.reason])})"
            draw_text(surface, fit_text(name, size, self.px(300), "bold"), size, colour,
                      style="bold", topleft=(cols[0], y))
            if result is not None:
                left = len(match.deal.hands[seat])
                value = result.hand_values[seat]
                cards = ngettext("{n} card", "{n} cards", left).format(n=left)
                if value != left:
                    cards += f" ({value})"
                draw_text(surface, cards, size, CREAM, topright=(cols[1], y))
                points = result.points[seat]
                draw_text(surface, points_text(points, sign=True), size, colour,
                          style="bold", topright=(cols[2], y))
            draw_text(surface, points_text(totals[seat]), size, GOLD_LIGHT, style="bold",
                      topright=(cols[3], y))
            y += self.px(34)
            pygame.draw.line(surface, ROW_LINE, (inner.x, y - self.px(6)),
                             (inner.right, y - self.px(6)), 1)
        return y

    def _history_table(self, surface: pygame.Surface, inner: pygame.Rect, y: int) -> None:
        match = self.match
        seats = self.session.seats
        n = len(seats)
        size = self.px(15)
        first = inner.x + self.px(8)
        col_w = (inner.right - self.px(8) - first - self.px(90)) // max(1, n)
        cols = [first + self.px(90) + col_w * (i + 1) for i in range(n)]
        draw_text(surface, _("HAND"), self.px(13), MUTED, style="bold", topleft=(first, y))
        for i, seat in enumerate(seats):
            draw_text(surface, fit_text(seat.name.upper(), self.px(13), col_w - 8, "bold"),
                      self.px(13), MUTED, style="bold", topright=(cols[i], y))
        y += self.px(24)
        pygame.draw.line(surface, GOLD, (inner.x, y), (inner.right, y), 1)
        y += self.px(6)
        bottom = inner.bottom - self.px(70 + DEAL_ROW)
        for number, result in enumerate(match.history, start=1):
            if y > bottom:
                draw_text(surface, "\u2026", size, MUTED, topleft=(first, y))
                break
            draw_text(surface, str(number), size, CREAM, topleft=(first, y))
            for i in range(n):
                colour = GOLD_LIGHT if i in result.winners else CREAM
                draw_text(surface, points_text(result.points[i]), size, colour,
                          topright=(cols[i], y))
            y += self.px(28)
        if match.result is not None:
            pygame.draw.line(surface, GOLD, (inner.x, y), (inner.right, y), 1)
            y += self.px(6)
            draw_text(surface, _("TOTAL"), self.px(13), GOLD_LIGHT, style="bold",
                      topleft=(first, y))
            for i in range(n):
                draw_text(surface, points_text(match.result.totals[i]), size, GOLD_LIGHT,
                          style="bold",
                          topright=(cols[i], y))
