"""The table's menu (Esc): resume, save the game under a name, the settings, leave to the
title, quit."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import N_, _
from game.ui.widgets.dialogs import ConfirmDialog, Dialog

if TYPE_CHECKING:
    from game.ui.cardtable.card_table import CardTableScene
    from game.ui.scene import AppServices

ENTRIES = (
    ("resume", N_("Resume"), N_("Back to the table (Esc)"), "primary"),
    ("save", N_("Save game…"), N_("Keep this game under a name of your choosing"), "plain"),
    ("players", N_("Players…"), N_("Let a computer play a network seat, or remove its player"),
     "plain"),
    ("settings", N_("Settings…"), N_("Animation speed, sound, cards and colours, full screen"),
     "plain"),
    ("title", N_("Quit to title"), N_("Leave the table; the game stays in the autosave"), "plain"),
)
TALK = ("talk", N_("Table messages…"), N_("Say a short phrase to the table, or mute "
                                              "the others' (F7)"), "plain")
QUIT = ("quit", N_("Quit game"), N_("Close Machiavelli; the game stays in the autosave"), "danger")


class TableMenu(Dialog):
    box_width = 380
    gold_follows_focus = "plain"

    def __init__(self, app: AppServices, table: CardTableScene[Any, Any]) -> None:
        match = table.match
        where = (_("{variant}, round {n}") if match.variant.is_contract  # as each table
                 else _("{variant}, hand {n}"))  # says it
        super().__init__(app, _("Game menu"),
                         where.format(variant=_(match.variant.name), n=match.deal.number + 1))
        self.table = table

    def default_focus(self) -> str | None:
        return "resume"

    def entries(self) -> list[tuple[str, str, str, str]]:
        """The menu's entries: a joined network game is the host's to save; only the host's
        table has its network seats' players to manage."""
        hosting = getattr(self.table, "host", None) is not None
        entries = [e for e in ENTRIES if not (e[0] == "save" and self.table.remote_match)
                   and not (e[0] == "players" and not hosting)]
        if getattr(self.table, "talk", None) is not None:  # a network table
            entries.insert(1, TALK)
        return entries

    def extra_height(self) -> int:
        return len(self.entries()) * self.px(52)

    def build_extra(self, box: object, rect: pygame.Rect) -> None:
        actions = {"resume": self.close, "save": self.save, "players": self.players,
                   "settings": self.settings, "title": self.to_title, "quit": self.quit,
                   "talk": self.talk}
        y = rect.y
        for key, text, tip, style in self.entries():  # N_ only marks them: say them
            self.button(pygame.Rect(rect.x, y, rect.w, self.px(42)), _(text), actions[key],
                        key=key, tooltip=_(tip), style=style, size=17, container=box)
            y += self.px(52)

    def build_buttons(self, box: object, rect: pygame.Rect) -> None:
        key, text, tip, style = QUIT
        self.button(rect, _(text), self.quit, key=key, tooltip=_(tip), style=style, size=17,
                    container=box)

    def accept(self) -> None:
        item = self.focus.focused
        if item is not None and item.activate is not None:
            item.activate()
        else:
            self.close()

    def before_quit(self) -> None:
        self.table.before_quit()

    # --- actions

    def save(self) -> None:
        """Save as: the Saves screen's save mode, the one place a game is named and saved
        (it asks before replacing a save and keeps the autosave's name for the autosave)."""
        self.close()
        self.app.scenes.push(self.app.router.saves("save", self.table.session))

    def players(self) -> None:
        """The host's Players dialog: a network seat to a computer, a player removed."""
        from game.ui.cardtable.host_seats import HostSeatsDialog

        table: Any = self.table  # a hosted table: its host and its HostNews
        self.close()
        self.app.scenes.push(HostSeatsDialog(self.app, table.host, table.network,
                                             [s.name for s in table.session.seats]))

    def settings(self) -> None:
        """The settings screen over the table; Done comes back to the table."""
        self.close()
        self.app.scenes.push(self.app.router.settings())

    def to_title(self) -> None:
        table = self.table
        app = self.app
        self.close()
        if table.autosave and not table.match.over:
            table.before_quit()
            _go_title(app)
            return
        if table.remote_match and not table.match.over:
            app.scenes.push(ConfirmDialog(
                app, _("Leave this game?"),
                _("The host keeps your seat a while; then a computer plays it."),
                lambda: _go_title(app), confirm=_("Leave"), danger=True))
            return
        app.scenes.push(ConfirmDialog(app, _("Leave this game?"),
                                      _("This game is not autosaved; it will be lost."),
                                      lambda: _go_title(app), confirm=_("Leave"), danger=True))

    def quit(self) -> None:
        self.app.quit()

    def talk(self) -> None:
        self.close()
        self.table.talk.open_dialog()  # type: ignore[attr-defined]


def _go_title(app: AppServices) -> None:
    app.scenes.reset(app.router.title())
