"""The host's Players dialog at a hosted table (the table menu's "Players…"): each network
seat with its player's name and state, and what the host may do with it: let a computer
play it (or give it back to its player), or remove its player from the game (asked first;
they are told in words, cannot come back with their seat's token, and a computer plays on).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.i18n import _
from game.ui.widgets.dialogs import ConfirmDialog, Dialog

if TYPE_CHECKING:
    from game.net import NetHost
    from game.ui.cardtable.host_news import HostNews
    from game.ui.scene import AppServices


class HostSeatsDialog(Dialog):
    """The network seats of ``host``, as ``news`` (the table's ``HostNews``) knows them."""

    box_width = 700

    def __init__(self, app: AppServices, host: NetHost, news: HostNews, names: list[str]) -> None:
        super().__init__(app, _("Players"),
                         _("Let a computer play a network seat, or remove its player from "
                           "the game."))
        self.host = host
        self.news = news
        self.names = names

    def default_focus(self) -> str | None:
        return "close"

    def extra_height(self) -> int:
        return len(self.news.remote) * self.px(52)

    def build_extra(self, box: object, rect: pygame.Rect) -> None:
        y = rect.y
        button_w = self.px(175)
        gap = self.px(10)
        for seat in self.news.remote:
            state = self.news.seats.get(seat)
            handed = state is not None and state.why == "handed"
            removed = state is not None and state.why == "removed"
            words = f"{self.names[seat]} \u00b7 {self.news.seat_words(seat)}"
            label_w = rect.w - 2 * (button_w + gap)
            self.label(pygame.Rect(rect.x, y, label_w, self.px(42)), words, size=15,
                       container=box, fit=True)
            x = rect.x + label_w + gap
            if not removed:
                text = _("Give it back") if handed else _("Computer plays")
                tip = _("The player plays the seat again") if handed else \
                    _("A computer plays the seat until you give it back")
                self.button(pygame.Rect(x, y, button_w, self.px(42)), text,
                            self._hand(seat, not handed), key=f"hand{seat}", tooltip=tip,
                            container=box)
                self.button(pygame.Rect(x + button_w + gap, y, button_w, self.px(42)),
                            _("Remove"), self._remove(seat), key=f"remove{seat}",
                            style="danger", container=box,
                            tooltip=_("Remove the player from the game; a computer plays on"))
            y += self.px(52)

    def build_buttons(self, box: object, rect: pygame.Rect) -> None:
        self.buttons_right(box, rect, [("close", _("Close"), self.close, "primary",
                                        _("Back to the table (Esc)"))])

    def _hand(self, seat: int, computer: bool) -> Callable[[], None]:
        def hand() -> None:
            self.host.hand_over(seat, computer)
            self.close()
        return hand

    def _remove(self, seat: int) -> Callable[[], None]:
        def ask() -> None:
            name = self.names[seat]
            self.close()

            def remove() -> None:
                self.host.remove(seat)

            self.app.scenes.push(ConfirmDialog(
                self.app, _("Remove {name}?").format(name=name),
                _("{name} is told they were removed and cannot take the seat back; a "
                  "computer plays it to the end of the match.").format(name=name),
                remove, confirm=_("Remove"), danger=True))
        return ask
