"""The rules of each variant in words (from ``describe``), with the house rules marked."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import pygame
from pygame_gui.elements import UITextBox

from game.ai.strength import LEVELS_HEADING, NO_FIGURES, strength_lines
from game.engine.deal import dealable_players
from game.engine.errors import OptionError
from game.engine.options import OPTION_SPECS
from game.engine.rules_text import describe
from game.engine.variants import Scoring, TurnStructure, Variant, all_variants, get_variant
from game.i18n import N_, _, ngettext
from game.ui.scenes.net_help import HELP_PAGES, help_html
from game.ui.theme import CREAM, GOLD, GOLD_DARK, GOLD_LIGHT, HOUSE_TAG_TEXT, MUTED, html_colour
from game.ui.widgets.drawing import draw_panel, draw_text, escape_html, panel_inner, wrap_text
from game.ui.widgets.menus import MenuScene

if TYPE_CHECKING:
    from game.ui.scene import AppServices

HOUSE = "(house)"
HOUSE_NOTE = (N_("House rules settle what the traditional rules leave open; "
              "this game plays them as written here."))

_TURN = {TurnStructure.PLAY_OR_DRAW: N_("Play or draw"),
         TurnStructure.CAROUSEL: N_("Draw, meld, draw again"),
         TurnStructure.GUADALUPE: N_("Play, then draw 1 or 2"),
         TurnStructure.DRAW_UNTIL_ABLE: N_("Draw until you can meld"),
         TurnStructure.ROBBERS: N_("Play, draw, play on"),
         TurnStructure.CONTRACT: N_("Draw, meet the contract, discard")}
_SCORING = {Scoring.CARDS_COUNT: N_("1 point a card left"),
            Scoring.TAHITI: N_("Card values, low wins"),
            Scoring.MANIPULATION: N_("Card values, to 200 loses"),
            Scoring.NONE: N_("First out wins"),
            Scoring.CAROUSEL_SCARNE: N_("Scarne's carousel points"),
            Scoring.CAROUSEL_CULBERTSON: N_("Culbertson's points"),
            Scoring.CONTRACT: N_("Card values, lowest total wins")}


def rules_html(variant: Variant) -> str:
    """The rules of ``variant`` as UITextBox HTML; house rules carry a gold HOUSE RULE tag."""
    lines = describe(variant)
    head, *body = lines
    rules = [line for line in body if not line.startswith(HOUSE)]
    house = [line[len(HOUSE):].strip() for line in body if line.startswith(HOUSE)]
    gold, muted = html_colour(GOLD_LIGHT), html_colour(MUTED)
    parts = [
        f"<font pixel_size=__H1__ color='{gold}'><b>{escape_html(_(variant.name))}</b></font>",
        f"<i>{escape_html(_(variant.summary))}</i>",
        "",
    ]
    parts += [f"\u2022 {escape_html(line)}" for line in rules]
    if house:
        parts += ["", f"<font color='{gold}'><b>{escape_html(_('House rules'))}</b></font>",
                  f"<font color='{muted}'><i>{escape_html(_(HOUSE_NOTE))}</i></font>"]
        tag = escape_html(_("HOUSE RULE"))
        tag_back, tag_ink = html_colour(GOLD), html_colour(HOUSE_TAG_TEXT)
        parts += [f"<body bgcolor='{tag_back}'><font color='{tag_ink}'><b>&nbsp;{tag}&nbsp;</b>"
                  f"</font></body>&nbsp; {escape_html(line)}" for line in house]
    # what each computer level is here, from the measured figures (``game.ai.strength``)
    levels = strength_lines(variant) or [_(NO_FIGURES)]
    parts += ["", f"<font color='{gold}'><b>{escape_html(_(LEVELS_HEADING))}</b></font>"]
    parts += [f"\u2022 {escape_html(line)}" for line in levels]
    del head
    return "<br>".join(parts)


def variant_facts(variant: Variant) -> list[tuple[str, str]]:
    """Short facts for the side panel: (what, value)."""
    packs, jokers = variant.deck_for(variant.min_players)
    deck = ngettext("{n} pack", "{n} packs", packs).format(n=packs)
    if jokers:
        deck = ngettext("{packs} + {n} joker", "{packs} + {n} jokers", jokers).format(
            packs=deck, n=jokers)
    if variant.match_target is not None:
        match = _("To {n} points").format(n=variant.match_target)
    elif variant.match_hands == 1:
        match = _("A single hand")
    elif variant.is_contract:  # its deals are rounds, as on its table and in its rules
        match = ngettext("{n} round", "{n} rounds", variant.match_hands or 1).format(
            n=variant.match_hands)
    else:
        match = ngettext("{n} hand", "{n} hands", variant.match_hands or 1).format(
            n=variant.match_hands)
    # the seats the deck can deal these hands to (house rules may leave out the largest)
    seats = dealable_players(variant) or [variant.min_players, variant.max_players]
    return [
        (_("Players"), _("{low} to {high}").format(low=seats[0], high=seats[-1])),
        (_("Deck"), deck),
        (_("Cards dealt"), str(variant.hand_size)),
        (_("Aces"), OPTION_SPECS["ace"].label_of(variant.ace)),
        (_("Turn"), _(_TURN.get(variant.turn, variant.turn))),
        (_("Scoring"), _(_SCORING.get(variant.scoring, variant.scoring))),
        (_("Match"), match),
        (_("House rules"), str(sum(1 for line in describe(variant) if line.startswith(HOUSE)))),
    ]


class RulesScene(MenuScene):
    title = N_("Rules")

    def __init__(self, app: AppServices, variant_id: str | None = None,
                 options: Mapping[str, Any] | None = None) -> None:
        super().__init__(app)
        if variant_id not in all_variants() and variant_id not in HELP_PAGES:
            variant_id = app.settings.default_variant
        if variant_id not in all_variants() and variant_id not in HELP_PAGES:
            variant_id = next(iter(all_variants()))
        assert variant_id is not None
        self.variant_id: str = variant_id
        self.options: dict[str, Any] = dict(options or {})
        self.text: UITextBox | None = None
        self.subtitle = N_("Choose a variant to read how it is played")

    @property
    def help_page(self) -> bool:
        """A help page (``net_help``) is on show, not a variant's rules."""
        return self.variant_id in HELP_PAGES

    @property
    def variant(self) -> Variant:
        if self.help_page:
            return all_variants()[self.app.settings.default_variant] \
                if self.app.settings.default_variant in all_variants() \
                else next(iter(all_variants().values()))
        try:
            return get_variant(self.variant_id, self.options)
        except OptionError:
            return all_variants()[self.variant_id]

    def html(self) -> str:
        html = help_html(self.variant_id) if self.help_page else rules_html(self.variant)
        return html.replace("__H1__", str(self.px(26)))

    # -- layout

    def _side(self) -> pygame.Rect:
        area = self.content_rect()
        return pygame.Rect(area.x, area.y, max(self.px(280), round(area.w * 0.27)), area.h)

    def _main(self) -> pygame.Rect:
        area, side = self.content_rect(), self._side()
        x = side.right + self.px(20)
        return pygame.Rect(x, area.y, area.right - x, area.h)

    def build(self) -> None:
        inner = panel_inner(self._side(), self.scale)
        row = self.px(38)
        options = [(_(v.name), v.id) for v in all_variants().values()]
        options += [(_(title), page) for page, (title, _text) in HELP_PAGES.items()]
        self.dropdown(pygame.Rect(inner.x, inner.y, inner.w, row), options,
                      self.variant_id, self._variant_changed, key="variant", size=16)
        text_rect = panel_inner(self._main(), self.scale, titled=False)
        self.look.preload_text_fonts(self.px(26))
        self.text = self.text_box(text_rect, self.html(), size=16, style="plain_text")
        top = self.footer_top() + self.px(10)
        self.button(pygame.Rect(self.px(40), top, self.px(150), self.px(44)), _("Back"), self.back,
                    key="back", tooltip=_("Return to the previous screen (Esc)"))

    def default_focus(self) -> str | None:
        return "variant"

    def _variant_changed(self, variant_id: str) -> None:
        if (variant_id in all_variants() or variant_id in HELP_PAGES) \
                and variant_id != self.variant_id:
            self.variant_id = variant_id
            self.options = {}
            self.rebuild()

    # -- scrolling with the keyboard

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and self.focus.focused is not None:
            step = {pygame.K_PAGEUP: -0.8, pygame.K_PAGEDOWN: 0.8, pygame.K_HOME: -100.0,
                    pygame.K_END: 100.0}.get(event.key)
            if event.key in (pygame.K_UP, pygame.K_DOWN) and self.focus.focused.key == "back":
                step = -0.15 if event.key == pygame.K_UP else 0.15
            if step is not None and self.scroll(step):
                return True
        return super().handle_event(event)

    def scroll(self, pages: float) -> bool:
        """Scroll the rules by ``pages`` screens of text; False if there is nothing to scroll."""
        bar = getattr(self.text, "scroll_bar", None)
        if bar is None:
            return False
        visible = bar.visible_percentage
        start = min(max(0.0, bar.start_percentage + pages * visible), 1.0 - visible)
        bar.set_scroll_from_start_percentage(start)
        return True

    # -- drawing

    def draw_content(self, surface: pygame.Surface) -> None:
        side = self._side()
        inner = draw_panel(surface, side, self.scale, _("Variant"))
        draw_panel(surface, self._main(), self.scale, None)
        if self.help_page:
            return  # a help page has no facts at a glance
        y = inner.y + self.px(38) + self.px(26)
        draw_text(surface, _("AT A GLANCE"), self.px(13), GOLD_LIGHT, style="bold",
                  topleft=(inner.x, y))
        y += self.px(22)
        pygame.draw.line(surface, GOLD_DARK, (inner.x, y), (inner.right, y),
                         max(1, round(self.scale)))
        y += self.px(12)
        size = self.px(15)
        # a value too long for one line (longer words: "Kartenwerte, niedrigste Summe
        # gewinnt") takes a second line, and the facts below it move down by one
        facts = [(what, wrap_text(value, size, inner.w, "bold"))
                 for what, value in variant_facts(self.variant)]
        line = round(size * 1.2)
        extra = line * sum(len(lines) - 1 for _what, lines in facts)
        step = max(self.px(40), min(self.px(54), (inner.bottom - y - extra) // len(facts)))
        for what, lines in facts:
            if y + self.px(16) + line * len(lines) > inner.bottom:
                break
            draw_text(surface, what.upper(), self.px(11), MUTED, style="bold",
                      topleft=(inner.x, y))
            for n, text in enumerate(lines):
                draw_text(surface, text, size,
                          GOLD_LIGHT if what == _("House rules") else CREAM, style="bold",
                          topleft=(inner.x, y + self.px(16) + n * line))
            y += step + line * (len(lines) - 1)
