"""The title screen: the game's name over the felt, a fan of cards and the main menu."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from game import __version__
from game.engine.variants import all_variants
from game.i18n import N_, _, ngettext
from game.store import AUTOSAVE
from game.store.errors import StoreError
from game.store.puzzles import PuzzleStore
from game.ui.scenes import is_contract_game, load_session, open_table, screens
from game.ui.theme import CREAM, GOLD, GOLD_DARK, GOLD_LIGHT, MUTED
from game.ui.widgets.dialogs import ConfirmDialog
from game.ui.widgets.drawing import draw_text, felt_background, fit_text
from game.ui.widgets.menus import MenuScene

if TYPE_CHECKING:
    from game.ui.card_art import CardArt
    from game.ui.scene import AppServices

TITLE = "Machiavelli"
TAGLINE = N_("Manipulation rummy \u00b7 ten ways to play")

#: The fan on the title screen: (rank, suit), 0 / "*" is the joker.
FAN = ((1, "S"), (13, "H"), (12, "D"), (11, "C"), (0, "*"))



MENU_ROWS = 10  # the menu's rows with Continue; Quit keeps the last row without it

class TitleScene(MenuScene):
    hints = N_("\u2191\u2193 move  \u00b7  Enter select  \u00b7  Esc quit")
    gold_follows_focus = "menu"

    def __init__(self, app: AppServices) -> None:
        super().__init__(app)
        self.has_autosave = False
        self.autosave_summary = ""
        self.autosave_line = ""
        self.tutorial_seen = True  # read from the coach's progress file when built

    # -- widgets

    def build(self) -> None:
        saves = self.app.store.saves
        info = saves.info(AUTOSAVE) if saves.has_autosave() else None
        self.has_autosave = info is not None
        if info is not None:
            number, players = max(1, info.hand), ", ".join(info.players)
            variant = _(info.variant)
            if is_contract_game(info.variant):  # its deals are rounds, as on its table
                self.autosave_summary = _("{variant}, round {round}: {players}").format(
                    variant=variant, round=number, players=players)
                self.autosave_line = _("{variant} \u00b7 round {round}").format(
                    variant=variant, round=number)
            else:
                self.autosave_summary = _("{variant}, hand {hand}: {players}").format(
                    variant=variant, hand=number, players=players)
                self.autosave_line = _("{variant} \u00b7 hand {hand}").format(
                    variant=variant, hand=number)
        progress = PuzzleStore.at(self.app.store.paths, self.app.store.messages)
        self.tutorial_seen = progress.tutorial_offered or progress.tutorial_done
        x, top, width = self._menu_origin()
        height, gap = self._button_size()
        entries = []
        if self.has_autosave:
            entries.append(("continue", _("Continue"), self.continue_game,
                            _("Resume your last game ({summary})").format(
                                summary=self.autosave_summary), "primary"))
        entries += [
            ("new", _("New game"), self.new_game,
             _("Choose a variant, house rules and players, and deal"),
             "menu" if self.has_autosave else "primary"),  # the one Enter presses is gold
            ("join", _("Join a network game"), self.join_game,
             _("Play at a game hosted on another computer of this network"), "menu"),
            ("load", _("Load game"), self.load_game, _("Open a game you saved"), "menu"),
            ("rules", _("Rules"), self.rules, _("Read the rules of every variant"), "menu"),
            # not gold even on a first start (the line beside it offers it): one button
            # stands out, the one Enter presses
            ("tutorial", _("Tutorial"), self.tutorial,
             _("Learn the table in seven short steps, on real cards"), "menu"),
            ("puzzles", _("Puzzles"), self.puzzles,
             _("The daily puzzle and a ladder of rated ones: find the play that rearranges"),
             "menu"),
            ("settings", _("Settings"), self.settings,
             _("Animation speed, sound, language, cards and window size"), "menu"),
            ("stats", _("Statistics"), self.statistics, _("Your wins, scores and streaks"),
             "menu"),
            ("quit", _("Quit"), self.back, _("Close the game (asks first)"), "menu"),
        ]
        y = top
        for key, text, action, tooltip, style in entries:
            if key == "quit":  # its own place, last of ten: never where Statistics was
                y = top + (MENU_ROWS - 1) * (height + gap)
            self.button(pygame.Rect(x, y, width, height), text, action, key=key,
                        tooltip=tooltip, style=style, size=18)
            y += height + gap

    def default_focus(self) -> str | None:
        return "continue" if self.has_autosave else "new"

    def _title_px(self) -> int:
        return self.px(104)

    def _button_size(self) -> tuple[int, int]:
        """Menu buttons' height and gap: a little tighter than other menus, to fit ten."""
        return self.px(40), self.px(8)

    def _menu_origin(self) -> tuple[int, int, int]:
        w, h = self.app.size
        x = max(self.px(60), round(w * 0.09))
        top = self.px(70) + round(self._title_px() * 1.25) + self.px(72)
        height, gap = self._button_size()
        needed = MENU_ROWS * (height + gap)
        top = min(top, h - needed - self.px(40))
        return x, top, self.px(330)

    # -- actions

    def continue_game(self) -> None:
        session = load_session(self.app, AUTOSAVE)
        if session is None:
            self.rebuild()  # the broken autosave was moved aside: no Continue any more
            return
        open_table(self.app, session)

    def new_game(self) -> None:
        self.app.scenes.push(screens.new_game(self.app))

    def join_game(self) -> None:
        self.app.scenes.push(screens.join(self.app))

    def load_game(self) -> None:
        self.app.scenes.push(screens.saves(self.app, mode="load"))

    def rules(self) -> None:
        self.app.scenes.push(screens.rules(self.app))

    def tutorial(self) -> None:
        """The first-game tutorial (issue 18); once opened, no longer offered first."""
        if not self.tutorial_seen:
            try:
                PuzzleStore.at(self.app.store.paths, self.app.store.messages).mark_tutorial()
            except (StoreError, OSError) as error:
                self.app.notify(_("The tutorial's progress could not be saved: {error}").format(
                    error=error))
        self.app.scenes.push(screens.tutorial(self.app))

    def puzzles(self) -> None:
        self.app.scenes.push(screens.puzzles(self.app))

    def settings(self) -> None:
        self.app.scenes.push(screens.settings(self.app))

    def statistics(self) -> None:
        self.app.scenes.push(screens.statistics(self.app))

    def quit(self) -> None:
        self.app.quit()

    def back(self) -> None:
        self.open_dialog(ConfirmDialog(self.app, _("Quit the game?"),
                                       _("Close Machiavelli and return to the desktop."),
                                       self.quit, confirm=_("Quit"), cancel=_("Stay")))

    # -- drawing

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt_background(surface.get_size()), (0, 0))
        w, h = surface.get_size()
        self._draw_fan(surface)
        x = max(self.px(60), round(w * 0.09))
        title_px = self._title_px()
        rect = draw_text(surface, TITLE, title_px, GOLD_LIGHT, style="serif-bold",
                         shadow=self.px(5), topleft=(x - self.px(4), self.px(70)))
        y = rect.bottom + self.px(8)
        pygame.draw.line(surface, GOLD, (x, y), (x + rect.w, y), max(2, self.px(2)))
        pygame.draw.line(surface, GOLD_DARK, (x, y + self.px(5)), (x + rect.w, y + self.px(5)),
                         max(1, self.px(1)))
        draw_text(surface, _(TAGLINE), self.px(20), CREAM, style="italic", shadow=self.px(2),
                  topleft=(x, y + self.px(16)))
        if not self.tutorial_seen:  # first start: the tutorial is offered
            left, top, width = self._menu_origin()
            height, gap = self._button_size()
            row = 5 if self.has_autosave else 4
            draw_text(surface, _("New here? Start with the tutorial"), self.px(15), GOLD_LIGHT,
                      style="italic",
                      midleft=(left + width + self.px(16), top + row * (height + gap)
                               + height // 2))
        if self.has_autosave and self.autosave_line:
            left, top, width = self._menu_origin()
            draw_text(surface, fit_text(self.autosave_line, self.px(14), self.px(220)),
                      self.px(14), MUTED, style="italic",
                      midleft=(left + width + self.px(16), top + self.px(25)))
        count = len(all_variants())
        draw_text(surface, ngettext("v{version}  \u00b7  {n} variant",
                                    "v{version}  \u00b7  {n} variants", count).format(
                      version=__version__, n=count), self.px(13),
                  MUTED, bottomright=(w - self.px(16), h - self.px(10)))
        draw_text(surface, _(self.hints), self.px(13), MUTED,
                  bottomleft=(self.px(16), h - self.px(10)))

    def _draw_fan(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        card_w = min(round(w * 0.135), round(h * 0.215))
        art = self.app.card_art
        fan = _fan_surface(art, card_w, art.four_colour, art.back_style)
        centre = (round(w * 0.71), round(h * 0.54))
        surface.blit(fan, fan.get_rect(center=centre))


@lru_cache(maxsize=4)
def _fan_surface(art: CardArt, card_w: int, four_colour: bool, back: str) -> pygame.Surface:
    """Five cards fanned from a common pivot below them, with soft shadows."""
    del four_colour, back  # part of the cache key only
    card_h = round(card_w * 1.4)
    size = (card_w * 4, card_h * 3)
    fan = pygame.Surface(size, pygame.SRCALPHA)
    pivot = pygame.Vector2(size[0] / 2, size[1] * 0.86)
    spread = 14.0
    count = len(FAN)
    for n, (rank, suit) in enumerate(FAN):
        angle = (n - (count - 1) / 2) * spread
        face = art.joker((card_w, card_h)) if rank == 0 else art.face(rank, suit,
                                                                      (card_w, card_h))
        _blit_rotated(fan, face, art, pivot, angle, card_h * 1.05, (card_w, card_h))
    bounds = fan.get_bounding_rect()
    return fan.subsurface(bounds).copy()


def _blit_rotated(target: pygame.Surface, card: pygame.Surface, art: CardArt,
                  pivot: pygame.Vector2, angle: float, radius: float,
                  size: tuple[int, int], dy: float = 0.0) -> None:
    offset = pygame.Vector2(0, -radius / 2).rotate(angle)
    centre = pivot + offset + pygame.Vector2(0, dy)
    shadow = art.shadow(size, alpha=120)
    shadow_rot = pygame.transform.rotozoom(shadow, -angle, 1.0)
    target.blit(shadow_rot, shadow_rot.get_rect(center=(centre.x + 4, centre.y + 8)))
    rotated = pygame.transform.rotozoom(card, -angle, 1.0)
    target.blit(rotated, rotated.get_rect(center=(round(centre.x), round(centre.y))))
