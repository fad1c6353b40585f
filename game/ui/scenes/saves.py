"""Saved games: load, delete, and (from the table's menu) save the game in play.

``SavesScene(app, mode="load")`` lists every save (the autosave first) with its variant,
players, date and scores; ``SavesScene(app, mode="save", session=...)`` also asks for a
name and writes the game there, asking before it replaces a save.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING

import pygame

from game.i18n import N_, _, month_abbreviation, ngettext, refusal_words
from game.session import SaveFailed, clear_autosave
from game.store import AUTOSAVE, InvalidName, StoreError
from game.store.saves import usable_slot_name, validate_slot_name
from game.ui.scenes import (
    is_contract_game,
    load_session,
    open_table,
    report_store_messages,
    screens,
)
from game.ui.theme import CREAM, GOLD_DARK, GOLD_LIGHT, MUTED
from game.ui.widgets.dialogs import ConfirmDialog, PromptDialog
from game.ui.widgets.drawing import draw_panel, draw_text, fit_text, panel_inner
from game.ui.widgets.focus import Focusable
from game.ui.widgets.lobby_seats import wrap
from game.ui.widgets.menus import MenuScene

if TYPE_CHECKING:
    from pygame_gui.elements import UIButton, UILabel, UITextEntryLine

    from game.session import GameSession
    from game.store import SlotInfo
    from game.ui.scene import AppServices


def slot_title(info: SlotInfo) -> str:
    return _("Autosave") if info.slot == AUTOSAVE else info.slot


def saved_when(moment: datetime) -> str:
    """A save's date and time in local time, e.g. ``05 Mar 2026, 14:20``."""
    local = moment.astimezone()
    return (f"{local.day:02d} {month_abbreviation(local.month)} {local.year}, "
            f"{local.hour:02d}:{local.minute:02d}")


def slot_line(info: SlotInfo) -> str:
    """The one-line listing of a save."""
    players = len(info.players)
    return ngettext("{slot}  \u00b7  {variant}  \u00b7  {n} player  \u00b7  {saved}",
                    "{slot}  \u00b7  {variant}  \u00b7  {n} players  \u00b7  {saved}",
                    players).format(slot=slot_title(info), variant=info.variant, n=players,
                                    saved=saved_when(info.saved_at))


def default_slot_name(session: GameSession) -> str:
    stamp = datetime.now().strftime("%Y-%m-%d %H.%M")
    return usable_slot_name(f"{session.match.variant.name} {stamp}", stamp)


def keep_autosave(app: AppServices) -> str | None:
    """Keep the unfinished game of the autosave as a save of its own, under a new name, and
    clear the autosave (a new game is about to take its place); the name it was kept as,
    or None where there was nothing to keep (a broken autosave is set aside and the player
    told). SaveFailed if it could not be written: the autosave is then left as it was."""
    if not app.store.saves.has_autosave():
        return None
    session = load_session(app, AUTOSAVE)
    if session is None:
        return None
    base = default_slot_name(session)[:58]
    name, number = base, 2
    while app.store.saves.exists(name):
        name, number = f"{base} {number}", number + 1
    session.save(app.store, name)
    try:
        clear_autosave(app.store)
    except SaveFailed as failed:
        app.notify(str(failed))
    return name


def save_match(app: AppServices, session: GameSession) -> None:
    """Ask a name and keep the finished match of ``session`` as a save of its own, so that
    it can be replayed (``machiavelli replay``) and reviewed (Load game, Review) later."""
    stamp = datetime.now().strftime("%Y-%m-%d %H.%M")
    players = " v ".join(seat.name for seat in session.seats)
    base = usable_slot_name(f"{session.match.variant.name} {players}"[:46] + f" {stamp}",
                            stamp)[:58]
    default, number = base, 2
    while app.store.saves.exists(default):
        default, number = f"{base} {number}", number + 1

    def validate(name: str) -> str | None:
        if not name:
            return _("Type a name.")
        if name.casefold() == AUTOSAVE:
            return _("That name is kept for the autosave; choose another.")
        try:
            exists = app.store.saves.exists(name)
        except ValueError as error:
            return refusal_words(error)
        if exists:
            return _('A game is already saved as "{name}"; choose another name.').format(
                name=name)
        return None

    def write(name: str) -> None:
        try:
            session.save(app.store, name)
        except SaveFailed as error:
            app.notify(_("Not saved: {error}").format(error=error))
            return
        app.notify(_('The match was saved as "{name}": review it from Load game, or replay it '
                     'with: machiavelli replay "{path}"').format(
                         name=name, path=app.store.saves.path_for(name)), info=True)

    app.scenes.push(PromptDialog(
        app, _("Save this match"),
        _("Name this save (to replay and review the match later):"), write, text=default,
        confirm=_("Save"), validate=validate))


def unfinished_game_words(info: SlotInfo) -> str:
    """What happens to the unfinished game Continue offers (``info``, the autosave's) when
    another game takes its place: it is kept as a save of its own."""
    words = (_("The unfinished game of {variant} (round {hand}) that Continue offers is kept "
               "under Load game, as a save of its own.") if is_contract_game(info.variant)
             else _("The unfinished game of {variant} (hand {hand}) that Continue offers is "
                    "kept under Load game, as a save of its own."))
    return words.format(variant=_(info.variant), hand=max(1, info.hand))


class SavesScene(MenuScene):
    def __init__(self, app: AppServices, mode: str = "load",
                 session: GameSession | None = None) -> None:
        super().__init__(app)
        if mode not in ("load", "save"):
            raise ValueError(f"mode must be 'load' or 'save', not {mode!r}")
        if mode == "save" and session is None:
            raise ValueError("save mode needs the session to save")
        self.mode = mode
        self.session = session
        self.title = N_("Save game") if mode == "save" else N_("Load game")
        self.subtitle = (N_("Name the save, or pick one to replace") if mode == "save"
                         else N_("Pick a saved game to carry on"))
        self.slots: list[SlotInfo] = []
        self.selected = 0
        self.offset = 0
        self.name = default_slot_name(session) if session is not None else ""
        self.status = ""
        self.status_error = False
        self._status_labels: list[UILabel] = []
        self.saved_slot: str | None = None
        self._rows: dict[int, UIButton] = {}
        self._list_item: Focusable | None = None
        self._name_entry: UITextEntryLine | None = None
        self.reload()

    def reload(self) -> None:
        mark = len(self.app.store.messages)
        slots = self.app.store.saves.list()
        if self.mode == "save":
            slots = [info for info in slots if info.slot != AUTOSAVE]
        self.slots = slots
        self.selected = min(self.selected, max(0, len(slots) - 1))
        report_store_messages(self.app, mark)

    @property
    def current(self) -> SlotInfo | None:
        return self.slots[self.selected] if 0 <= self.selected < len(self.slots) else None

    # -- layout

    def _panels(self) -> tuple[pygame.Rect, pygame.Rect]:
        area = self.content_rect()
        gap = self.px(20)
        left_w = round((area.w - gap) * 0.58)
        return (pygame.Rect(area.x, area.y, left_w, area.h),
                pygame.Rect(area.x + left_w + gap, area.y, area.w - left_w - gap, area.h))

    def _row_metrics(self) -> tuple[int, int]:
        return self.px(40), self.px(6)

    def _visible_rows(self, inner: pygame.Rect) -> int:
        row, gap = self._row_metrics()
        return max(1, (inner.h + gap) // (row + gap))

    def build(self) -> None:
        listing, details = self._panels()
        inner = panel_inner(listing, self.scale)
        self._build_list(inner)
        self._build_actions(panel_inner(details, self.scale))
        top = self.footer_top() + self.px(10)
        row = self.px(44)
        self.button(pygame.Rect(self.px(40), top, self.px(150), row), _("Back"), self.back,
                    key="back", tooltip=_("Return without loading or saving (Esc)"))
        x = self.px(210)
        # two lines, so a long refusal is told in full (a save name's rules)
        area = pygame.Rect(x, top, self.width - x - self.px(40), row)
        self._status_labels = [self.label(pygame.Rect(area.x, area.y + i * area.h // 2,
                                                      area.w, area.h // 2), "")
                               for i in range(2)]
        self._show_status(self.status, self.status_error)

    def _build_list(self, inner: pygame.Rect) -> None:
        row, gap = self._row_metrics()
        visible = self._visible_rows(inner)
        if self.selected < self.offset:
            self.offset = self.selected
        if self.selected >= self.offset + visible:
            self.offset = self.selected - visible + 1
        self.offset = max(0, min(self.offset, max(0, len(self.slots) - visible)))
        self._rows = {}
        y = inner.y
        shown = range(self.offset, min(len(self.slots), self.offset + visible))
        # the rows in a smaller size where a line is too long (Italian 'Salvataggio
        # automatico'), cut only past the smallest (a save's name may be long)
        room = inner.w - self.px(30)
        px = self.fitting_px([slot_line(self.slots[i]) for i in shown], room, 15, bold=True)
        for index in shown:
            info = self.slots[index]
            text = fit_text(slot_line(info), px, room, "bold")
            button = self.button(pygame.Rect(inner.x, y, inner.w, row), text,
                                 self._choose(index), key=f"slot{index}", style="row",
                                 size=px / self.scale, focusable=False,
                                 double_click=self._activate,
                                 tooltip=f"{', '.join(info.players)}")
            self._rows[index] = button
            y += row + gap
        self._list_item = None
        if self.selected in self._rows:
            self._rows[self.selected].select()
            self._list_item = self.focus.add(Focusable(
                self._rows[self.selected], "list", "list", activate=self._activate,
                on_step=self._step))

    def _build_actions(self, inner: pygame.Rect) -> None:
        row, gap = self.px(40), self.px(10)
        half = (inner.w - gap) // 2
        bottom = inner.bottom - row
        if self.mode == "save":
            self.label(pygame.Rect(inner.x, inner.y, inner.w, self.px(22)), _("Save as"),
                       style="muted", size=14)
            y = inner.y + self.px(24)
            self._name_entry = self.entry(
                pygame.Rect(inner.x, y, inner.w, row), self.name, self._name_changed,
                key="name", submit=self.save, max_length=64, placeholder=_("Name of the save"))
            self.button(pygame.Rect(inner.x, bottom, half, row), _("Save"), self.save, key="save",
                        style="primary", tooltip=_("Save the game under the name above"))
            delete = self.button(pygame.Rect(inner.x + half + gap, bottom, inner.w - half - gap,
                                             row), _("Delete"), self.ask_delete, key="delete",
                                 style="danger", tooltip=_("Delete the chosen save (asks first)"))
        else:
            load = self.button(pygame.Rect(inner.x, bottom, half, row), _("Load"), self.load,
                               key="load", style="primary",
                               tooltip=_("Carry on with the chosen game (Enter)"))
            delete = self.button(pygame.Rect(inner.x + half + gap, bottom, inner.w - half - gap,
                                             row), _("Delete"), self.ask_delete, key="delete",
                                 style="danger", tooltip=_("Delete the chosen save (asks first)"))
            review = self.button(pygame.Rect(inner.x, bottom - row - gap, inner.w, row),
                                 _("Review"), self.review, key="review",
                                 tooltip=_("Your turns in this game against the best plays"))
            if self.current is None:
                load.disable()
                review.disable()
        if self.current is None:
            delete.disable()

    def default_focus(self) -> str | None:
        if self.mode == "save":
            return "name"
        return "list" if self.slots else "back"

    def on_enter(self) -> None:
        super().on_enter()
        if self.mode == "save" and self.focus.focused_key == "name":
            item = self.focus.focused
            if item is not None:
                self.app.ui.set_focus_set(item.element)

    # -- list

    def _choose(self, index: int) -> Callable[[], None]:
        def choose() -> None:
            self.select(index)
            self.focus.focus_key("list")
        return choose

    def select(self, index: int) -> None:
        """Make ``index`` the chosen save (scrolling the list if it is out of view)."""
        if not self.slots:
            return
        index = max(0, min(len(self.slots) - 1, index))
        if self.mode == "save":
            self.name = self.slots[index].slot
            if self._name_entry is not None:
                self._name_entry.set_text(self.name)
        if index not in self._rows or self._list_item is None:
            self.selected = index
            self.rebuild()
            return
        self._rows[self.selected].unselect()
        self.selected = index
        row = self._rows[index]
        row.select()
        self._list_item.element = row

    def _step(self, step: int) -> None:
        self.select(self.selected + step)

    def _activate(self) -> None:
        if self.mode == "load":
            self.load()
        else:
            self.save()

    def on_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL and self.slots:
            listing = self._panels()[0]
            if listing.collidepoint(pygame.mouse.get_pos()):
                self.offset = max(0, self.offset - event.y)
                visible = self._visible_rows(panel_inner(listing, self.scale))
                self.offset = min(self.offset, max(0, len(self.slots) - visible))
                self.selected = min(max(self.selected, self.offset), self.offset + visible - 1)
                self.rebuild()
                return True
        return False

    # -- actions

    def _name_changed(self, text: str) -> None:
        self.name = text
        if self.status_error:
            self._show_status("")

    def _show_status(self, text: str, error: bool = False) -> None:
        self.status, self.status_error = text, error
        labels = [label for label in self._status_labels if label.alive()]
        if not labels:
            return
        width = labels[0].rect.w - self.px(4)
        style = "error" if error else "muted"
        px, lines = self.px(15), [text]
        for px in range(self.px(15), min(self.px(15), 11) - 1, -1):  # one line, else two
            lines = wrap(text, px, width)
            if len(lines) <= len(labels):
                break
        for label, line in zip(labels, [*lines, "", ""], strict=False):
            label.change_object_id(self.look.oid(px, f"@{style}"))
            label.set_text(line)

    def load(self) -> None:
        info = self.current
        if info is None:
            self._show_status(_("There is no saved game to load."), error=True)
            return
        session = load_session(self.app, info.slot)
        if session is None:
            self.reload()
            self._show_status(_('"{slot}" could not be loaded.').format(
                slot=slot_title(info)), error=True)
            self.rebuild()
            return
        saves = self.app.store.saves
        unfinished = (saves.info(AUTOSAVE) if info.slot != AUTOSAVE and saves.owns_autosave()
                      else None)
        if unfinished is None:
            open_table(self.app, session, replace=True)
            return
        # the game loaded takes the autosave over: the unfinished one Continue offers is kept
        # as a save of its own first, as New game does
        self.open_dialog(ConfirmDialog(
            self.app, _("Load this game?"), unfinished_game_words(unfinished),
            lambda: self._keep_and_load(session), confirm=_("Keep it and load")))

    def _keep_and_load(self, session: GameSession) -> None:
        try:
            kept = keep_autosave(self.app)
        except SaveFailed as error:
            self._show_status(_("The unfinished game could not be kept, so nothing was "
                                "loaded: {error}").format(error=error), error=True)
            return
        if kept is not None:
            self.app.notify(_('The unfinished game was kept as "{name}".').format(name=kept),
                            info=True)
        open_table(self.app, session, replace=True)

    def review(self) -> None:
        """The coach's review of the chosen game (issue 18)."""
        info = self.current
        session = load_session(self.app, info.slot) if info is not None else None
        if session is None:
            self.reload()
            self.rebuild()
            return
        self.app.scenes.push(screens.review(self.app, session))

    def save(self) -> None:
        assert self.session is not None
        name = self.name.strip()
        try:
            validate_slot_name(name)
        except InvalidName as error:
            self._show_status(_("Cannot save: {error}.").format(error=refusal_words(error)),
                              error=True)
            return
        if name.casefold() == AUTOSAVE:
            self._show_status(_("That name is kept for the autosave; choose another."), error=True)
            return
        if self.app.store.saves.exists(name):
            self.open_dialog(ConfirmDialog(
                self.app, _("Replace the save?"),
                _('A game is already saved as "{name}". Replace it with this one?').format(
                    name=name),
                lambda: self.write(name), confirm=_("Replace")))
            return
        self.write(name)

    def write(self, name: str) -> bool:
        """Save the session in slot ``name``; back to the table when it worked."""
        assert self.session is not None
        try:
            self.session.save(self.app.store, name)
        except SaveFailed as error:
            self._show_status(_("The game could not be saved: {error}").format(
                error=error), error=True)
            return False
        self.saved_slot = name
        self.app.notify(_('Game saved as "{name}".').format(name=name), info=True)
        if self.app.scenes.top is self:
            self.app.scenes.pop()
        return True

    def ask_delete(self) -> None:
        info = self.current
        if info is None:
            return
        self.open_dialog(ConfirmDialog(
            self.app, _("Delete the save?"),
            _('Delete "{slot}" ({variant}, {saved})? It cannot be brought back.').format(
                slot=slot_title(info), variant=info.variant, saved=saved_when(info.saved_at)),
            lambda: self.delete(info.slot), confirm=_("Delete"), danger=True))

    def delete(self, slot: str) -> None:
        try:
            self.app.store.saves.delete(slot)
        except StoreError as error:
            self._show_status(_("The save could not be deleted: {error}").format(
                error=error), error=True)
            return
        self.reload()
        self._show_status(_('Deleted "{slot}".').format(
            slot=_("Autosave") if slot == AUTOSAVE else slot))
        self.rebuild()

    def refresh(self) -> None:
        self.rebuild()

    # -- drawing

    def draw_content(self, surface: pygame.Surface) -> None:
        listing, details = self._panels()
        inner = draw_panel(surface, listing, self.scale, _("Saved games"))
        if not self.slots:
            draw_text(surface, _("No saved games yet."), self.px(18), CREAM, style="bold",
                      center=(inner.centerx, inner.centery - self.px(12)))
            tip = (_("Name this game on the right to save it.") if self.mode == "save"
                    else _("Save from the table's menu; the game also saves itself as you play."))
            draw_text(surface, fit_text(tip, self.px(14), inner.w), self.px(14), MUTED,
                      center=(inner.centerx, inner.centery + self.px(16)))
        else:
            visible = self._visible_rows(inner)
            if self.offset > 0:
                draw_text(surface, _("\u25b2 more"), self.px(12), MUTED,
                          topright=(listing.right - self.px(18), listing.y + self.px(18)))
            if self.offset + visible < len(self.slots):
                draw_text(surface, _("\u25bc more"), self.px(12), MUTED,
                          bottomright=(listing.right - self.px(18),
                                       listing.bottom - self.px(4)))
        area = draw_panel(surface, details, self.scale, _("Details"))
        self._draw_details(surface, area)

    def _draw_details(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        info = self.current
        y = area.y + (self.px(24) + self.px(40) + self.px(18) if self.mode == "save" else 0)
        if self.mode == "save" and self.session is not None and info is None:
            return
        if info is None:
            draw_text(surface, _("Nothing chosen."), self.px(15), MUTED, topleft=(area.x, y))
            return
        if self.mode == "save":
            draw_text(surface, _("REPLACES"), self.px(11), MUTED, style="bold", topleft=(area.x, y))
            y += self.px(16)
        title = fit_text(slot_title(info), self.px(22), area.w, "bold")
        y = draw_text(surface, title, self.px(22), GOLD_LIGHT, style="bold",
                      topleft=(area.x, y)).bottom + self.px(4)
        facts = (_("{variant}  \u00b7  round {hand}") if is_contract_game(info.variant)
                 else _("{variant}  \u00b7  hand {hand}")).format(  # as its table says it
            variant=_(info.variant), hand=max(1, info.hand))
        y = draw_text(surface, fit_text(facts, self.px(15), area.w), self.px(15), CREAM,
                      topleft=(area.x, y)).bottom + self.px(2)
        y = draw_text(surface, _("Saved {when}").format(
            when=saved_when(info.saved_at)), self.px(13), MUTED,
                      topleft=(area.x, y)).bottom + self.px(14)
        draw_text(surface, _("PLAYER"), self.px(11), MUTED, style="bold", topleft=(area.x, y))
        draw_text(surface, _("SCORE"), self.px(11), MUTED, style="bold", topright=(area.right, y))
        y += self.px(18)
        pygame.draw.line(surface, GOLD_DARK, (area.x, y), (area.right, y),
                         max(1, round(self.scale)))
        y += self.px(6)
        limit = area.bottom - self.px(40) - self.px(16)
        for n, name in enumerate(info.players):
            if y + self.px(24) > limit:
                draw_text(surface, "\u2026", self.px(15), MUTED, topleft=(area.x, y))
                break
            score = info.scores[n] if n < len(info.scores) else None
            draw_text(surface, fit_text(name, self.px(15), area.w - self.px(80)), self.px(15),
                      CREAM, topleft=(area.x, y))
            draw_text(surface, "\u2014" if score is None else f"{score:g}", self.px(15),
                      GOLD_LIGHT, style="bold", topright=(area.right, y))
            y += self.px(24)
