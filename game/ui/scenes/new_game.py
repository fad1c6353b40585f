"""New game: the variant, its house rules (with named presets) and who sits at the table.

The house-rules column is generated from the option specs (``new_game_form``); what the
screen holds lives in ``new_game_setup.Setup``. Every change is checked at once through
``apply_options``; a problem is shown in words at the foot of the screen and Start refuses
to deal until it is fixed. Starting remembers the variant, the seats and the house rules
chosen for that variant (restored the next time the screen opens).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.ai.strength import LEVELS_HEADING, NO_FIGURES, strength_lines
from game.deals import MAX_DIGITS, DealNumberError, deal_text, parse_deal, random_deal
from game.engine.errors import OptionError
from game.engine.options import apply_options
from game.engine.variants import all_variants, summary_holds
from game.i18n import N_, _, ngettext, refusal_words
from game.session import GameSession, SaveFailed, Seat
from game.store import AUTOSAVE, InvalidName, StoreError
from game.store.seats import MAX_NAME_LENGTH
from game.ui import theme
from game.ui.scenes import open_table, screens
from game.ui.scenes.new_game_form import HouseRulesColumn, RulesFormScene
from game.ui.scenes.new_game_setup import NET_KIND, Setup
from game.ui.scenes.saves import keep_autosave, unfinished_game_words
from game.ui.widgets.dialogs import ConfirmDialog
from game.ui.widgets.drawing import draw_panel, escape_html, panel_inner

if TYPE_CHECKING:
    from pygame_gui.elements import UILabel, UITextBox

    from game.ui.scene import AppServices

KIND_LABELS = {
    "human": N_("Human"),
    "easy": N_("Computer \u00b7 Easy"),
    "medium": N_("Computer \u00b7 Medium"),
    "hard": N_("Computer \u00b7 Hard"),
}
#: the seat kind of a player who joins from another computer (a hosted game)
NET_LABEL = N_("Network player")


def _html_colour(rgb: tuple[int, int, int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb)


#: the turn timer's choices for a hosted game: seconds a network player has for a move
TURN_TIMES = ((0, N_("Off")), (30, N_("30 s a turn")), (60, N_("60 s a turn")),
              (120, N_("2 min a turn")))

class NewGameScene(RulesFormScene):
    title = N_("New game")
    subtitle = N_("Pick a variant, adjust its rules and seat the players")

    def __init__(self, app: AppServices, deal: int | None = None) -> None:
        super().__init__(app)
        settings = app.settings
        variant_id = settings.default_variant if settings.default_variant in all_variants() \
            else next(iter(all_variants()))
        # the stored default name is the English "You": say it in the player's language
        seats = [[_("You") if seat.name == "You" else seat.name, seat.kind]
                 for seat in settings.default_seats]
        remembered = {key: dict(options) for key, options in settings.new_game_options.items()}
        self.setup = Setup(variant_id, seats, remembered=remembered)
        self.setup.set_variant(variant_id)  # with the house rules last chosen for it
        self.rules = HouseRulesColumn(self)
        self.preset_name = ""
        #: the deal number typed (empty: a new deal is drawn); see ``game.deals``
        self.deal = "" if deal is None else deal_text(deal)
        self.status = ""
        self.status_error = False
        self._status_label: UILabel | None = None
        self._status_rect: pygame.Rect | None = None
        self._summary: UITextBox | None = None
        self._strength: UITextBox | None = None  # the levels' strength (players column)
        self.session: GameSession | None = None  # the game started (for tests and callers)
        #: a hosted game's turn timer: seconds each network player has for a move (0: none)
        self.turn_time = 0

    # -- layout

    def _columns(self) -> list[pygame.Rect]:
        area = self.content_rect()
        gap = self.px(20)
        widths = [0.31, 0.36, 0.33]
        usable = area.w - 2 * gap
        rects, x = [], area.x
        for share in widths:
            w = round(usable * share)
            rects.append(pygame.Rect(x, area.y, w, area.h))
            x += w + gap
        return rects

    def _rows(self, inner: pygame.Rect) -> tuple[int, int]:
        """Row height and gap, the same in every column (the house-rules column's)."""
        return self.rules.rows(inner)

    # -- widgets

    def build(self) -> None:
        game, rules, players = self._columns()
        built = 0
        columns: tuple[tuple[str, Callable[[], object]], ...] = (
            ("game", lambda: self._build_game(panel_inner(game, self.scale))),
            ("rules", lambda: self.rules.build(panel_inner(rules, self.scale))),
            ("players", lambda: self._build_players(panel_inner(players, self.scale))),
            ("buttons", self._build_footer))
        for group, build in columns:
            build()
            for item in self.focus.items[built:]:  # a column is a key group: Tab goes
                item.group = group  # from one to the next, the arrows within (issue 51)
            built = len(self.focus.items)
        self._validate()

    def _build_game(self, inner: pygame.Rect) -> None:
        setup = self.setup
        row, gap = self._rows(inner)
        y = inner.y
        self.label(pygame.Rect(inner.x, y, inner.w, self.px(22)), _("Variant"), style="muted",
                   size=14)
        y += self.px(24)
        options = [(_(v.name), v.id) for v in all_variants().values()]
        self.dropdown(pygame.Rect(inner.x, y, inner.w, row), options, setup.variant_id,
                      self._variant_changed, key="variant", size=16)
        y += row + gap
        # the presets sit at the foot of the column; the summary fills what is between
        presets_h = self.px(28) + 3 * row + 2 * gap
        presets_y = inner.bottom - presets_h
        summary_h = max(self.px(70), presets_y - self.px(24) - 2 * (row + gap) - y)
        self._summary = self.text_box(pygame.Rect(inner.x, y, inner.w, summary_h),
                                      self._summary_html(), size=14)
        y += summary_h + gap
        # the deal number to play (``game.deals``; empty: a new deal is drawn)
        label_w = round(inner.w * 0.45)
        self.label(pygame.Rect(inner.x, y, label_w, row), _("Deal number"), size=15, fit=True)
        self.entry(pygame.Rect(inner.x + label_w, y, inner.w - label_w, row), self.deal,
                   self._deal_changed, key="deal", submit=self.start,
                   placeholder=_("New deal"), max_length=MAX_DIGITS + 11)
        y += row + gap
        self.button(pygame.Rect(inner.x, y, inner.w, row), _("Rules of this variant\u2026"),
                    self._show_rules, key="rules",
                    tooltip=_("Read the full rules of the chosen variant, house rules marked"))
        y = presets_y
        self.label(pygame.Rect(inner.x, y, inner.w, self.px(24)), _("House-rule presets"),
                   style="heading", size=15, bold=True)
        y += self.px(28)
        names = self.app.store.presets.names()
        choices = [(_("Choose a preset\u2026"), "")] + [(name, name) for name in names]
        selected = setup.preset if setup.preset in names else ""
        half = (inner.w - gap) // 2
        self.dropdown(pygame.Rect(inner.x, y, inner.w, row), choices, selected,
                      self._preset_chosen, key="preset")
        y += row + gap
        self.entry(pygame.Rect(inner.x, y, inner.w, row), self.preset_name,
                   self._preset_name_changed, key="preset_name", submit=self._save_preset,
                   placeholder=_("Name for these rules"), max_length=64)
        y += row + gap
        self.button(pygame.Rect(inner.x, y, half, row), _("Save preset"), self._save_preset,
                    key="preset_save",
                    tooltip=_("Keep this variant and its house rules under the name above"))
        self.button(pygame.Rect(inner.x + half + gap, y, inner.w - half - gap, row),
                    _("Delete preset"), self._delete_preset, key="preset_delete", style="danger",
                    tooltip=_("Remove the chosen preset (asks first)"))

    def _summary_html(self) -> str:
        """The variant in a sentence (unless a house rule chosen changes what it says) and
        its facts for the seats and house rules chosen."""
        setup = self.setup
        gold = _html_colour(theme.GOLD_LIGHT)
        summary = (f"{escape_html(_(setup.variant.summary))}<br><br>"
                   if summary_holds(setup.preview()) else "")
        return (f"{summary}<font color='{gold}'>"
                + "<br>".join(f"\u2022 {escape_html(fact)}" for fact in setup.facts())
                + "</font>")

    def _build_players(self, inner: pygame.Rect) -> None:
        setup = self.setup
        row, gap = self._rows(inner)
        low, high = setup.seat_range
        y = inner.y
        label_w = round(inner.w * 0.42)
        self.label(pygame.Rect(inner.x, y, label_w, row), _("Players"), size=15)
        counts = [(ngettext("{n} player", "{n} players", n).format(n=n), str(n))
                  for n in range(low, high + 1)]
        self.dropdown(pygame.Rect(inner.x + label_w + self.px(10), y,
                                  inner.w - label_w - self.px(10), row),
                      counts, str(len(setup.seats)), self._seat_count_changed, key="seats")
        y += row + self.px(16)
        name_w = round(inner.w * 0.36)  # the rest shows "Computer \u00b7 Medium" whole
        kinds = [(_(label), kind) for kind, label in KIND_LABELS.items()]
        kinds.append((_(NET_LABEL), NET_KIND))  # every game can be hosted
        for n, (name, kind) in enumerate(setup.seats):
            self.entry(pygame.Rect(inner.x, y, name_w, row), name, self._seat_name(n),
                       key=f"seat{n}.name", max_length=MAX_NAME_LENGTH,
                       placeholder=_("Seat {n}").format(n=n + 1))
            self.dropdown(pygame.Rect(inner.x + name_w + gap, y, inner.w - name_w - gap, row),
                          kinds, kind, self._seat_kind(n),
                          key=f"seat{n}.kind", size=14)
            y += row + gap
        if setup.hosted:  # a table manner of network games: how long a move may take
            self.label(pygame.Rect(inner.x, y, name_w, row), _("Turn timer"), size=15)
            self.dropdown(pygame.Rect(inner.x + name_w + gap, y, inner.w - name_w - gap, row),
                          [(_(label), str(seconds)) for seconds, label in TURN_TIMES],
                          str(self.turn_time), self._turn_time_changed, key="turn_time",
                          size=14)
            y += row + gap
        humans = sum(1 for _, kind in setup.seats if kind == "human")
        if setup.hosted:
            note = _("Network players join from their own computers on this network: Host "
                     "opens the lobby with the address and join code to give them.")
        elif humans > 1:
            note = (_("Hot seat: the players share this screen; each hand stays hidden until "
                    "its player is ready."))
        elif humans == 0:
            note = _("No human seat: you will watch the computer players.")
        else:
            note = (_("Set a second seat to Human for a hot-seat game with a friend at this "
                    "screen."))
        note_h = min(self.px(64), inner.bottom - y - self.px(4))
        # the computer levels' measured strength in this variant, between the seats and
        # the note (the note gives way when the seats leave too little room for both)
        room = inner.bottom - y - self.px(4)
        strength_h = room - note_h - gap if room - note_h - gap >= self.px(90) else room
        if strength_h >= self.px(40):
            self._strength = self.text_box(pygame.Rect(inner.x, y + self.px(4), inner.w,
                                                       strength_h), self._strength_html(),
                                           size=13, style="plain_text")
        if strength_h == room:
            return
        if note_h > self.px(30):
            self.text_box(pygame.Rect(inner.x, inner.bottom - note_h, inner.w, note_h),
                          f"<font color='{_html_colour(theme.MUTED)}'>{escape_html(note)}</font>",
                          size=13,
                          style="plain_text")

    def _strength_html(self) -> str:
        """What each computer level is in the chosen variant: the measured figures
        (``game.ai.strength``), under a heading."""
        gold, cream = _html_colour(theme.GOLD_LIGHT), _html_colour(theme.CREAM)
        lines = strength_lines(self.setup.variant)
        if not lines:
            lines = [_(NO_FIGURES)]
        return (f"<font color='{gold}'><b>{escape_html(_(LEVELS_HEADING))}</b></font>"
                f"<br><font color='{cream}'>"
                + "<br>".join(f"\u2022 {escape_html(line)}" for line in lines) + "</font>")

    def _build_footer(self) -> None:
        top = self.footer_top() + self.px(10)
        row = self.px(44)
        margin = self.px(40)
        self.button(pygame.Rect(margin, top, self.px(150), row), _("Back"), self.back, key="back",
                    tooltip=_("Return to the title screen (Esc)"))
        start_w = self.px(210)
        if self.setup.hosted:
            start, tip = _("Host the game"), _("Open the lobby: network players join there, "
                                               "then the game starts")
        else:
            start, tip = _("Deal the cards"), _("Start the game with these rules and players")
        self.button(pygame.Rect(self.width - margin - start_w, top, start_w, row), start,
                    self.start, key="start", style="primary", size=17, tooltip=tip)
        x = margin + self.px(170)
        rect = pygame.Rect(x, top, self.width - margin - start_w - self.px(20) - x, row)
        self._status_rect = rect
        size = self._status_size(self.status)
        if size is not None:
            self._status_label = self.label(rect, self.status,
                                            style="error" if self.status_error else "muted",
                                            size=size)
        else:  # a long refusal (the deal's numbers) wraps onto two lines rather than be cut
            self._status_label = None
            colour = theme.ERROR if self.status_error else theme.MUTED
            # taller than the row: into the gap above it, so three short lines fit
            box = pygame.Rect(rect.x, rect.y - self.px(10), rect.w, rect.h + self.px(10))
            self.text_box(box, f"<font color='{_html_colour(colour)}'>"
                               f"{escape_html(self.status)}</font>", size=12,
                          style="plain_text")

    def _status_size(self, text: str) -> float | None:
        """The size at which the status fits its one line (15 at most, 13 at least), or
        None when it must wrap."""
        rect = self._status_rect
        if rect is None or not text:
            return 15
        for size in (15, 14, 13):
            if self.fitting_px([text], rect.width - self.px(8), size) == self.px(size):
                return size
        return None

    def default_focus(self) -> str | None:
        return "start"

    # -- drawing

    def draw_content(self, surface: pygame.Surface) -> None:
        for rect, title in zip(self._columns(), (_("Game"), _("House rules"), _("Players")),
                               strict=True):
            draw_panel(surface, rect, self.scale, title)

    # -- changes

    def rules_changed(self, rebuild: bool) -> None:
        """A house rule changed: rebuild when rows may appear or go, else check the rules
        and refresh the summary in place (a slider being dragged keeps its grip)."""
        self.setup.preset = ""
        if rebuild:
            self.rebuild()
            return
        self._validate()
        if self._summary is not None and self._summary.alive():
            self._summary.set_text(self._summary_html())

    def _variant_changed(self, variant_id: str) -> None:
        if variant_id in all_variants() and variant_id != self.setup.variant_id:
            self.setup.set_variant(variant_id)
            self.status = ""
            self.rebuild()

    def restore_defaults(self) -> None:
        self.setup.set_variant(self.setup.variant_id, restore=False)
        self._show_status(_("House rules set back to the variant's own."))
        self.rebuild()

    def _turn_time_changed(self, value: str) -> None:
        self.turn_time = int(value)

    def _seat_count_changed(self, value: str) -> None:
        self.setup.set_seat_count(int(value))
        self.rebuild()  # the seats, and the deck in the summary

    def _seat_name(self, index: int) -> Callable[[str], None]:
        def change(text: str) -> None:
            self.setup.seats[index][0] = text
            self._validate()
        return change

    def _seat_kind(self, index: int) -> Callable[[str], None]:
        def change(kind: str) -> None:
            self.setup.seats[index][1] = kind
            self.rebuild()  # the note under the seats may change
        return change

    def _show_rules(self) -> None:
        self.app.scenes.push(screens.rules(self.app, self.setup.variant_id,
                                           options=self._options_or_none()))

    def _options_or_none(self) -> dict[str, Any] | None:
        try:
            options = self.setup.options()
            apply_options(self.setup.variant, options)
        except OptionError:
            return None
        return options

    # -- presets

    def _preset_name_changed(self, text: str) -> None:
        self.preset_name = text

    def _preset_chosen(self, name: str) -> None:
        if not name:
            return
        preset = self.app.store.presets.get(name)
        if preset is None:
            self._show_status(_('The preset "{name}" cannot be read.').format(
                name=name), error=True)
            self.rebuild()
            return
        if preset.variant not in all_variants():
            self._show_status(_('The preset "{name}" is for an unknown variant '
                                '("{variant}").').format(
                name=name, variant=preset.variant), error=True)
            self.rebuild()
            return
        self.setup.set_variant(preset.variant)
        self.setup.load_options(preset.options)
        self.setup.preset = name
        self.preset_name = name
        problem = self.setup.check()
        if problem:
            self._show_status(_('Preset "{name}": {problem}').format(
                name=name, problem=problem), error=True)
        else:
            self._show_status(_('Loaded the preset "{name}".').format(name=name))
        self.rebuild()

    def _save_preset(self) -> None:
        name = self.preset_name.strip()
        if not name:
            self._show_status(_("Type a name for the preset first."), error=True)
            return
        try:
            options = self.setup.options()
            apply_options(self.setup.variant, options)
        except OptionError as error:
            self._show_status(_("Cannot save these rules: {error}").format(error=error), error=True)
            return
        if name in self.app.store.presets.names():
            self.open_dialog(ConfirmDialog(
                self.app, _("Replace the preset?"),
                _('A preset called "{name}" exists. Replace it with these rules?').format(
                    name=name),
                lambda: self._write_preset(name, options), confirm=_("Replace")))
            return
        self._write_preset(name, options)

    def _write_preset(self, name: str, options: dict[str, Any]) -> None:
        try:
            self.app.store.presets.save(name, self.setup.variant_id, options)
        except (InvalidName, ValueError) as error:
            self._show_status(_("Cannot save the preset: {error}").format(
                error=refusal_words(error)), error=True)
            return
        except StoreError as error:
            self._show_status(_("The preset could not be saved: {error}").format(
                error=error), error=True)
            return
        self.setup.preset = name
        self._show_status(_('Saved the preset "{name}".').format(name=name))
        self.rebuild()

    def _delete_preset(self) -> None:
        name = self.setup.preset or self.preset_name.strip()
        if not name or name not in self.app.store.presets.names():
            self._show_status(_("Choose a preset to delete first."), error=True)
            return
        self.open_dialog(ConfirmDialog(
            self.app, _("Delete the preset?"), _('Delete the house-rule preset "{name}"?').format(
                name=name),
            lambda: self._remove_preset(name), confirm=_("Delete"), danger=True))

    def _remove_preset(self, name: str) -> None:
        try:
            self.app.store.presets.delete(name)
        except StoreError as error:
            self._show_status(_("The preset could not be deleted: {error}").format(
                error=error), error=True)
            return
        if self.setup.preset == name:
            self.setup.preset = ""
        if self.preset_name == name:
            self.preset_name = ""
        self._show_status(_('Deleted the preset "{name}".').format(name=name))
        self.rebuild()

    # -- status and start

    def _show_status(self, text: str, error: bool = False) -> None:
        if (text, error) == (self.status, self.status_error) and self._status_label is None \
                and self._status_rect is not None:
            return  # already shown, wrapped (the rebuild below validates again)
        self.status, self.status_error = text, error
        label = self._status_label
        size = self._status_size(text)
        if label is not None and label.alive() and size is not None:
            label.change_object_id(self.look.oid(self.px(size), "@error" if error else "@muted"))
            label.set_text(text)
        else:
            self.rebuild()  # to or from the two-line box

    def _deal_changed(self, text: str) -> None:
        self.deal = text
        self._validate()

    def deal_number(self) -> int:
        """The deal to play: the number typed, else a new one (DealNumberError when what is
        typed is not a deal number)."""
        return parse_deal(self.deal) if self.deal.strip() else random_deal()

    def _deal_problem(self) -> str | None:
        if not self.deal.strip():
            return None
        try:
            parse_deal(self.deal)
        except DealNumberError as error:
            return str(error)
        return None

    def _validate(self) -> str | None:
        problem = self.setup.check() or self._deal_problem()
        if problem:
            self._show_status(problem, error=True)
        elif self.status_error:
            self._show_status("")
        return problem

    def start(self) -> None:
        problem = self._validate()
        if problem:
            return
        setup = self.setup
        seed = self.deal_number()  # checked by _validate: a valid number or none
        if setup.hosted:
            self._host(seed)
            return
        seats = [Seat(name.strip(), kind) for name, kind in setup.seats]
        try:
            session = GameSession.new(setup.variant_id, setup.options(), seats, seed)
        except (OptionError, ValueError) as error:
            self._show_status(_("Cannot deal: {error}").format(error=error), error=True)
            return
        self._remember_choices(seats)
        self._unless_unfinished(lambda: self._deal(session))

    def _unless_unfinished(self, go: Callable[[], None]) -> None:
        """``go()`` now, or, when an unfinished game is in the autosave (this game's
        autosave would overwrite it), once the player chose to keep it."""
        saves = self.app.store.saves
        # another window's autosave (it holds the folder) is left alone, as this game is
        info = saves.info(AUTOSAVE) if saves.owns_autosave() else None
        if info is None:
            go()
            return
        self.open_dialog(ConfirmDialog(
            self.app, _("Start a new game?"),
            unfinished_game_words(info),
            lambda: self._keep_and_deal(go), confirm=_("Keep it and deal")))

    def _host(self, seed: int) -> None:
        """Open the lobby for the seats chosen: it hosts the game (``game.net``)."""
        setup = self.setup
        options = setup.options()
        try:
            apply_options(setup.variant, options)
        except OptionError as error:
            self._show_status(_("Cannot deal: {error}").format(error=error), error=True)
            return
        self._remember_choices([Seat(name.strip(), "medium" if kind == NET_KIND else kind)
                                for name, kind in setup.seats])
        seats = [(name.strip(), kind) for name, kind in setup.seats]
        self._unless_unfinished(lambda: self._open_lobby(setup.variant_id, options, seats, seed))

    def _open_lobby(self, variant_id: str, options: dict[str, Any],
                    seats: list[tuple[str, str]], seed: int) -> None:
        try:
            self.app.scenes.push(screens.lobby(self.app, variant_id, options, seats, seed,
                                               turn_time=self.turn_time))
        except (OptionError, ValueError) as error:
            self._show_status(_("Cannot host: {error}").format(error=error), error=True)

    def _keep_and_deal(self, go: Callable[[], None]) -> None:
        try:
            kept = keep_autosave(self.app)
        except SaveFailed as error:
            self._show_status(_("The unfinished game could not be kept, so nothing was "
                                "dealt: {error}").format(error=error), error=True)
            return
        if kept is not None:
            self.app.notify(_('The unfinished game was kept as "{name}".').format(name=kept),
                            info=True)
        go()

    def _deal(self, session: GameSession) -> None:
        self.session = session
        open_table(self.app, session, replace=True)

    def _remember_choices(self, seats: list[Seat]) -> None:
        """The variant, the seats (a network seat as a computer: the settings keep the
        seats of this screen's games) and the house rules, for the next visit."""
        settings = self.app.settings
        settings.default_variant = self.setup.variant_id
        # "You" in the player's language is kept as the default name itself, so another
        # language shows its own word for it next time (not "Tu" in an English game)
        settings.default_seats = [Seat("You", seat.kind) if seat.name == _("You") else seat
                                  for seat in seats]
        self._remember_rules()

    def back(self) -> None:
        """Leaving keeps the variant and the house rules chosen, for the next visit."""
        self.app.settings.default_variant = self.setup.variant_id
        self._remember_rules()
        super().back()

    def _remember_rules(self) -> None:
        """The house rules last chosen for each variant, into the settings store (saved)."""
        self.setup.remember()
        self.app.settings.new_game_options = {
            key: dict(options) for key, options in self.setup.remembered.items()}
        self.app.store.save_settings()

