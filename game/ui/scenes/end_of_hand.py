"""What the two end-of-hand screens share: the manipulation games' scoreboard
(``ScoreboardScene``) and the contract game's ten-round table (``ContractScoreboardScene``)
are both drawn over the dimmed table that opened them, lay their buttons out in a row at
the bottom right of their box, start the next match with the same players and rules, and
leave to the title. What each shows (and when) stays in its own scene.

Both also show the match's deal number (``game.deals``) in a row of its own above the
buttons, with "Play this deal again" (the same deal number, variant, house rules and seats,
from the first hand) and, once the hand is over, the order the stock would have been drawn
in, as cards, in place of the scores. The number and the stock's order rebuild every hidden
hand: while another person's hand is hidden from the screen (hot-seat, a hosted network
game) neither is shown before the match is over (``GameSession.deal_shown``)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from game.deals import MAX_DEAL, deal_words
from game.engine.cards import Card
from game.i18n import _, ngettext
from game.session import GameSession
from game.ui.cardtable.geometry import CARD_RATIO, meld_step
from game.ui.cardtable.talk import keep_watchers, watchers_of
from game.ui.scenes import HOSTED_TABLE_SCREENS, TABLE_SCREENS, screens
from game.ui.spoken import sentences
from game.ui.theme import END_OF_HAND_SHADE, GOLD_LIGHT, MUTED, PALE_RED, SCORE_GREEN
from game.ui.widgets.dialogs import ConfirmDialog
from game.ui.widgets.drawing import draw_text, fit_text, font, wrap_text
from game.ui.widgets.menus import MenuBase

if TYPE_CHECKING:
    from game.ui.scene import AppServices, Scene

#: a button of the row: key, text, action, style, tooltip
ButtonSpec = tuple[str, str, Callable[[], None], str, str]

DEAL_ROW = 46  # the deal row's height with its gap (at 1280x800)


class EndOfHandScene(MenuBase):
    """The end of a hand of ``session``, over ``table`` (None when shown on its own)."""

    opaque = False

    def __init__(self, app: AppServices, session: GameSession, table: Any = None) -> None:
        super().__init__(app)
        self.session = session
        self.table = table
        self.match = session.match
        self.showing_stock = False  # the stock's order in place of the scores
        self._rematch_seed: int | None = None  # a hosted game's rematch under way

    @property
    def over(self) -> bool:
        """Is the match over (not just the hand)?"""
        return self.match.over

    # --- a network game's rematch (issue 44)

    @property
    def hosting(self) -> bool:
        """A game this screen hosts on the network: its end offers a rematch."""
        return not self.remote and getattr(self.table, "host", None) is not None

    def rematch(self) -> None:
        """The host's Rematch: the same seats, a new deal (``NetHost.rematch``); the new
        table opens once the host has begun it."""
        if self._rematch_seed is None:
            self._rematch_seed = self.table.host.rematch()

    def update(self, dt: float) -> None:
        super().update(dt)
        if self._rematch_seed is not None:
            self._open_rematch()
        elif self.remote and self.over:
            self._follow_rematch()

    def _open_rematch(self) -> None:
        table = self.table
        session = table.host.session()
        if session is None or session.match.seed != self._rematch_seed \
                or session.started_at == self.session.started_at:
            return
        table.host_kept = True  # the host goes on: the new table takes it over
        make = HOSTED_TABLE_SCREENS[session.match.family]

        def rematch_table(autosave: bool) -> Scene:
            new = make(self.app, session, table.host, autosave)
            keep_watchers(new, watchers_of(table))  # the spectators watch on
            return new

        self._replace_table(rematch_table)

    def _follow_rematch(self) -> None:
        """At a joined table's end: the host's news, and its rematch, followed at once."""
        link = self.table.link
        link.poll()
        update = link.rematch_update
        if update is None:
            return
        from game.ui.scenes.join import JOINED_TABLES  # the Join screen's tables, by family

        link.handed_on = True  # the client plays on at the new table
        table = self.table
        client = link.client
        make = JOINED_TABLES[client.family or self.match.family]
        new: Any = make(self.app, client, update, dict(self.match.options), tuple(table.kinds),
                   link.rematch_backlog)
        keep_watchers(new, watchers_of(table))  # the spectators watch on
        self._replace_table(lambda _autosave: new)
        new.say(_("The host started a rematch"), [_("The same seats, a new deal.")])

    def headline(self) -> str:
        """The words at the top: how the hand or the match ended (each board says)."""
        raise NotImplementedError

    def intro_words(self) -> str:
        """Said when the board opens: how it ended, and every player's total."""
        result = self.match.result if self.match.over else None
        totals = getattr(result, "totals", None) or self.match.totals
        scores = "; ".join(_("{name}: {points} points").format(name=seat.name, points=total)
                           for seat, total in zip(self.session.seats, totals, strict=False))
        return sentences(self.headline(), _("Totals: {scores}").format(scores=scores))

    def _box(self) -> pygame.Rect:
        """The panel the screen is drawn in."""
        raise NotImplementedError

    def _stock_room(self, box: pygame.Rect) -> pygame.Rect:
        """``box`` (the screen's panel, its size at 100%) grown by the player's UI scale
        above 100% while it shows the stock's order, as far as the window allows: the
        stock's cards grow with the scale as the tables' do (issue 51; the menus already
        fill the window at 100%, so the panel alone kept them the same size at 200%)."""
        grow = max(1.0, self.app.zoom.user)
        if not self.showing_stock or grow == 1.0:
            return box
        w, h = self.app.size
        rect = pygame.Rect(0, 0, min(w - self.px(40), round(box.w * grow)),
                           min(h - self.px(30), round(box.h * grow)))
        rect.center = (w // 2, h // 2)
        return rect.union(box).clip(pygame.Rect(0, 0, w, h))

    def _button_row(self, specs: Sequence[ButtonSpec], size: tuple[int, int],
                    bottom_gap: int) -> None:
        """Buttons ``size`` pixels (at 1280x800) in a row at the bottom right of the box,
        ``bottom_gap`` pixels above its bottom; wider when a label needs it (longer words
        in other languages), as far as the box allows."""
        box = self._box()
        bw, bh, gap = self.px(size[0]), self.px(size[1]), self.px(14)
        face = font(self.px(18), "bold")
        # the label, pygame-gui's padding (10 px each side) and a little air
        widest = max(face.size(spec[1])[0] for spec in specs) + 20 + self.px(8)
        room = (box.w - self.px(48) - (len(specs) - 1) * gap) // len(specs)
        bw = max(bw, min(widest, room))
        # where even the widest row leaves a label cut, its words get smaller instead
        label_size = 18
        while label_size > 12 and max(
                font(self.px(label_size), "bold").size(spec[1])[0] for spec in specs) \
                + 20 + self.px(4) > bw:
            label_size -= 1
        y = box.bottom - bh - self.px(bottom_gap)
        x = box.right - self.px(24) - len(specs) * bw - (len(specs) - 1) * gap
        for key, text, action, style, tip in specs:
            self.button(pygame.Rect(x, y, bw, bh), text, action, key=key, tooltip=tip,
                        style=style, size=label_size)
            x += bw + gap

    # --- the deal (issue 33)

    @property
    def remote(self) -> bool:
        """A joined network game's: the match is the host's, its deal (the seed, which
        would tell every hidden card) and its stock never reach this screen."""
        return self.table is not None and bool(getattr(self.table, "remote_match", False))

    @property
    def deal_shown(self) -> bool:
        """Are the deal number and the stock's order shown? Not while another person's
        hand is hidden from the screen (``GameSession.deal_shown``), nor at a joined
        table."""
        return not self.remote and self.session.deal_shown

    @property
    def deal_offered(self) -> bool:
        """Is "Play this deal again" offered? Not for a game hosted on the network, whose
        other players join from their own screens."""
        return self.session.network is None

    def stock_order(self) -> list[Card]:
        """The cards left in the stock in the order they would have been drawn, top first;
        none before the hand is over."""
        if not self.match.hand_over or not self.deal_shown:
            return []
        return list(reversed(self.match.deal.stock))

    def toggle_stock(self) -> None:
        """Show the stock's order in place of the scores, or the scores again."""
        self.showing_stock = not self.showing_stock
        self.rebuild()

    def replay_deal(self) -> None:
        """Play this deal again: at once after the match, else once the player agreed to
        leave the match being played."""
        if self.over:
            self._play_deal()
            return
        title = _("Play this deal again?")
        text = _("This match stops here and {deal} is dealt again from its first hand, with "
                 "the same players and rules. The match so far is not kept.").format(
            deal=deal_words(self.match.seed)) if self.deal_shown else \
            _("This match stops here and its deal is dealt again from its first hand, with "
              "the same players and rules. The match so far is not kept.")
        self.open_dialog(ConfirmDialog(self.app, title, text, self._play_deal,
                                       confirm=_("Play it again")))

    def new_game(self) -> None:
        """Play again: a new match of the same variant, house rules and seats, dealt from
        the next seed (a network table this screen hosts: the rematch, every seat kept)."""
        if self.hosting:
            self.rematch()
            return
        match = self.match
        session = GameSession.new(match.variant_id, dict(match.options), list(self.session.seats),
                                  self._next_seed())
        make = TABLE_SCREENS[match.family]
        self._replace_table(lambda autosave: make(self.app, session, autosave))

    def back(self) -> None:
        """Esc goes back, never forward (issue 51): the table's menu over the scores (Resume
        comes back to them); Enter or the gold button deals on. A joined game's end has
        only Title: Esc leaves to it."""
        if self.over and self.remote:
            self.to_title()
        elif self.table is not None:
            self.table.open_menu()
        elif self.over:
            self.to_title()

    def _play_deal(self) -> None:
        """A new match of the same deal number, variant, house rules and seats."""
        match = self.match
        session = GameSession.new(match.variant_id, dict(match.options),
                                  list(self.session.seats), match.seed)
        make = TABLE_SCREENS[match.family]
        self._replace_table(lambda autosave: make(self.app, session, autosave))

    def _deal_row_top(self, bottom_gap: int, button_h: int) -> int:
        """Where the deal row starts: above the buttons ``button_h`` tall, ``bottom_gap``
        above the box's bottom (sizes at 1280x800)."""
        return self._box().bottom - self.px(bottom_gap + button_h + DEAL_ROW)

    def _build_deal_row(self, y: int) -> None:
        """The deal's buttons, after its number (drawn by ``_draw_deal_row``); none for a
        joined game, whose deal this screen does not know."""
        if self.remote:
            return
        specs: list[ButtonSpec] = []
        if self.deal_offered:
            specs.append(("deal_again", _("Play this deal again"), self.replay_deal, "plain",
                          _("The same cards from the first hand, with the same players and "
                            "rules")))
        if self.match.hand_over and self.deal_shown:
            specs.append(("stock", _("Scores") if self.showing_stock else _("Stock order"),
                          self.toggle_stock, "plain",
                          _("The scores again") if self.showing_stock else
                          _("The cards left in the stock, in the order they would have been "
                            "drawn")))
        specs += self.deal_row_extras()
        face = font(self.px(15), "bold")
        box = self._box()
        x = box.x + self.px(24) + self._deal_label_width() + self.px(16)
        h = self.px(34)
        for key, text, action, style, tip in specs:
            w = min(face.size(text)[0] + 20 + self.px(16), box.right - self.px(24) - x)
            self.button(pygame.Rect(x, y, w, h), text, action, key=key, tooltip=tip,
                        style=style, size=15)
            x += w + self.px(10)

    def deal_row_extras(self) -> list[ButtonSpec]:
        """More buttons for the deal's row (override)."""
        return []

    def _deal_label_width(self) -> int:
        if not self.deal_shown:
            return -self.px(16)  # the buttons start where the number would
        return font(self.px(17), "bold").size(deal_words(self.match.seed))[0]

    def deals_checked(self) -> tuple[bool, str] | None:
        """At a joined table after the match: were the deals the seed's the host committed to
        (``game.net.fair``)? (verified, the words); None when there is nothing to say."""
        link = getattr(self.table, "link", None) if self.remote and self.over else None
        checked = getattr(link, "deals", None)
        if checked is None:
            return None
        return checked.ok, checked.words

    def _draw_deal_row(self, surface: pygame.Surface, y: int) -> None:
        checked = self.deals_checked()
        if checked is not None:  # where the deal number would be: the deals' check, loudly
            ok, words = checked
            box = self._box()
            width = box.w - self.px(48)
            size = self.px(16) if font(self.px(16), "bold").size(words)[0] <= width \
                else self.px(14)
            lines = wrap_text(words, size, width, "bold")
            if len(lines) > 2:
                lines = [lines[0], fit_text(" ".join(lines[1:]), size, width, "bold")]
            top = y + self.px(17) - len(lines) * (size + 2) // 2
            for line in lines:
                draw_text(surface, line, size, SCORE_GREEN if ok else PALE_RED, style="bold",
                          topleft=(box.x + self.px(24), top))
                top += size + 2
            return
        if not self.deal_shown:
            return
        box = self._box()
        draw_text(surface, deal_words(self.match.seed), self.px(17), GOLD_LIGHT, style="bold",
                  midleft=(box.x + self.px(24), y + self.px(17)))

    def _draw_stock_order(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The stock's cards in ``area``, top first, in rows read left to right."""
        cards = self.stock_order()
        title = ngettext("The stock, top first: {n} card", "The stock, top first: {n} cards",
                         len(cards)).format(n=len(cards))
        draw_text(surface, title.upper(), self.px(13), MUTED, style="bold", topleft=area.topleft)
        room = pygame.Rect(area.x, area.y + self.px(26), area.w, area.h - self.px(26))
        if not cards:
            draw_text(surface, _("The stock was empty."), self.px(15), MUTED,
                      topleft=room.topleft)
            return
        tallest = round(self.px(110) * max(1.0, self.app.zoom.user))
        w, h, step, per_row = stock_grid(len(cards), room.size, tallest)
        gap = max(4, h // 10)
        art = self.app.card_art
        for index, card in enumerate(cards):
            row, col = divmod(index, per_row)
            surface.blit(art.render(card.rank, card.suit, (w, h)),
                         (room.x + round(col * step), room.y + row * (h + gap)))

    def _close(self) -> None:
        """Take this screen away (if it is still the top one), uncovering the table."""
        if self.app.scenes.top is self:
            self.app.scenes.pop()

    def _next_seed(self) -> int:
        """The seed of the next match, drawn from this one's (so a series replays): a deal
        number a person can type (``game.deals``)."""
        seed = self.match.seed
        return ((seed * 6364136223846793005 + 1442695040888963407) & 0x7FFFFFFF) % MAX_DEAL + 1

    def _replace_table(self, make_table: Callable[[bool], Scene]) -> None:
        """Close this screen and put ``make_table(autosave)`` (a new match) in place of
        the table, autosaving as the old table did."""
        autosave = self.table.autosave if self.table is not None else True
        self.app.scenes.pop()  # this screen
        self.app.scenes.replace(make_table(autosave))

    def to_title(self) -> None:
        self.app.scenes.reset(screens.title(self.app))

    def before_quit(self) -> None:
        if self.table is not None:
            self.table.before_quit()

    def _dim(self, surface: pygame.Surface) -> None:
        """Shade the table below."""
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill(END_OF_HAND_SHADE)
        surface.blit(shade, (0, 0))


def stock_grid(count: int, room: tuple[int, int], tallest: int) -> tuple[int, int, float, int]:
    """Cards for ``count`` stock cards in rows filling ``room`` (overlapping as a meld's
    cards do, their corners showing): width, height, the step between two cards of a row
    and the cards in a row, the tallest cards (``tallest`` at most) that fit."""
    width, height = room
    h = max(24, tallest)
    while True:
        w = round(h / CARD_RATIO)
        step = float(meld_step(w, wide=True))
        per_row = max(1, 1 + int((width - w) // step))
        rows = math.ceil(count / per_row)
        if rows * (h + max(4, h // 10)) <= height or h <= 24:
            return w, h, step, per_row
        h = max(24, int(h * 0.94))
