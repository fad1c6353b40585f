"""The lobby of a hosted game: where the players on the local network join.

Opened from New game (a seat set to "Network player") or by resuming a saved network game.
It hosts the game (``game.net.NetHost``) from the moment it opens: it shows the address and
the join code in large type, that the game is announced on the local network, and who has
taken each seat. Start begins the match once every network seat is taken and opens the
hosted table; Cancel (or Esc) stops hosting, which frees the port. It polls the host every
frame and never waits on it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import N_, _
from game.net import HostSettings, NetHost, SeatSpec
from game.net.address import shown_host
from game.net.events import Listening, Lobby, LobbySeat, Problem
from game.net.internet import InternetInvite, InviteCode, InviteProblem, server_settings
from game.session import GameSession
from game.ui import theme
from game.ui.scenes import HOSTED_TABLE_SCREENS
from game.ui.widgets.drawing import draw_panel, draw_text, fit_text, panel_inner
from game.ui.widgets.lobby_seats import draw_seat_rows, join_code_words, seat_words, wrap
from game.ui.widgets.menus import MenuScene

if TYPE_CHECKING:
    from pygame_gui.elements import UIButton

    from game.ui.app import App

#: the seat kinds of the New game screen that the host plays itself or waits for
NET_KIND, HUMAN_KIND = "net", "human"
def host_settings() -> HostSettings:
    """How the lobby hosts: on this computer's address on the local network, announced
    there (tests replace it to host on the loopback address)."""
    return HostSettings(announce=True)


def seat_specs(seats: Sequence[tuple[str, str]]) -> list[SeatSpec]:
    """The host's seats for New game's (name, kind) seats: the human seat is this screen's,
    a network seat's name comes from its player (a computer of medium level takes it over
    when they drop out), a computer seat is played by the host."""
    specs = []
    for name, kind in seats:
        if kind == NET_KIND:
            specs.append(SeatSpec("net", "", "medium"))
        elif kind == HUMAN_KIND:
            specs.append(SeatSpec("local", name))
        else:
            specs.append(SeatSpec(kind, name))
    return specs


class LobbyScene(MenuScene):
    title = N_("Host a network game")
    subtitle = N_("Players on this network join with the address and code")

    def __init__(self, app: App, variant_id: str = "", options: dict[str, Any] | None = None,
                 seats: Sequence[tuple[str, str]] = (), seed: int | None = None,
                 resumed: GameSession | None = None) -> None:
        super().__init__(app)
        self.problem = ""
        self.listening: Listening | None = None
        self.handed_over = False  # the table plays the hosted match now
        # a bad variant, option or seat count raises here (OptionError, ValueError)
        if resumed is not None:
            self.host = NetHost.resume(resumed, host_settings())
        else:
            self.host = NetHost(variant_id, seat_specs(seats), seed, options, host_settings())
        self.seats: tuple[LobbySeat, ...] = self.host.lobby()
        self.announced = self.host.settings.announce
        self.variant_name = self.host.variant.name
        self.invite: InternetInvite | None = None  # "Invite over the internet", once asked
        self.invite_code = ""
        self.invite_problem = ""
        self.host.start()

    # -- widgets

    def build(self) -> None:
        top = self.footer_top() + self.px(10)
        row = self.px(44)
        margin = self.px(40)
        self.button(pygame.Rect(margin, top, self.px(150), row), _("Cancel"), self.back,
                    key="cancel", tooltip=_("Stop hosting and return to New game (Esc)"))
        start_w = self.px(210)
        self.start_button: UIButton = self.button(
            pygame.Rect(self.width - margin - start_w, top, start_w, row), _("Start"),
            self.start, key="start", style="primary", size=17,
            tooltip=_("Deal the cards once every network seat is taken"))
        fill_w = self.px(330)
        fill_text = _("Fill empty seats with computers")
        self.fill_button: UIButton = self.button(
            pygame.Rect((self.width - fill_w) // 2, top, fill_w, row), fill_text,
            self.fill, key="fill", size=self.fitting_px([fill_text], fill_w - self.px(16), 16,
                                                       bold=True) / self.scale,
            tooltip=_("Computers (medium) play the network seats nobody has taken"))
        join = panel_inner(self._panels()[0], self.scale)
        invite_text = _("Invite over the internet")
        invite_w = min(join.w, self.px(330))
        self.invite_button: UIButton = self.button(
            pygame.Rect(join.x, join.bottom - row, invite_w, row), invite_text, self.invite_friends,
            key="internet", size=self.fitting_px([invite_text], invite_w - self.px(16), 16,
                                                 bold=True) / self.scale,
            tooltip=_("A short code for friends anywhere: they type it in Join (end-to-end "
                      "encrypted, through magic-wormhole)"))
        self._enable_start()

    def default_focus(self) -> str | None:
        return "start"

    @property
    def ready(self) -> bool:
        return self.listening is not None and not any(s.state == "open" for s in self.seats)

    def _enable_start(self) -> None:
        button = getattr(self, "start_button", None)
        if button is None or not button.alive():
            return
        if self.ready and not self.handed_over:
            button.enable()
        else:
            button.disable()
        fill = getattr(self, "fill_button", None)
        if fill is not None and fill.alive():
            if any(s.state == "open" for s in self.seats) and not self.handed_over:
                fill.enable()
            else:
                fill.disable()
        invite = getattr(self, "invite_button", None)
        if invite is not None and invite.alive():
            if self.listening is not None and self.invite is None:
                invite.enable()
            else:
                invite.disable()

    # -- per frame

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.handed_over:
            return
        for event in self.host.events():
            if isinstance(event, Listening):
                self.listening = event
            elif isinstance(event, Lobby):
                self.seats = event.seats
                if event.started:
                    self._open_table()
                    return
            elif isinstance(event, Problem):
                if "announce" in event.text or "DNS" in event.text:
                    self.announced = False
                self.problem = event.text
        if self.invite is not None:
            for news in self.invite.events():
                if isinstance(news, InviteCode):
                    self.invite_code, self.invite_problem = news.code, ""
                elif isinstance(news, InviteProblem):
                    self.invite_problem = news.text
        self._enable_start()

    def invite_friends(self) -> None:
        """Open the invitation over the internet (magic-wormhole): its code shows when the
        mailbox gives it; it lasts as long as the game is hosted, table included."""
        listening = self.listening
        if listening is None or self.invite is not None:
            return
        try:
            where = server_settings(self.app.settings.internet_server)
        except ValueError as error:
            self.invite_problem = _("The internet server in Settings is not usable: "
                                    "{error}").format(error=error)
            return
        host = self.host
        self.invite = InternetInvite(listening.address, listening.port, listening.code, where,
                                     alive=lambda: host.running)
        self.invite.start()
        self._enable_start()

    def start(self) -> None:
        if self.ready:
            self.host.begin()

    def fill(self) -> None:
        """The network seats nobody has taken are played by computers (medium)."""
        if any(s.state == "open" for s in self.seats) and not self.handed_over:
            self.host.fill_with_computers("medium")

    def _open_table(self) -> None:
        session = self.host.session()
        if session is None:
            return
        self.handed_over = True
        make = HOSTED_TABLE_SCREENS[session.match.family]
        self.app.scenes.replace(make(self.app, session, self.host))

    def back(self) -> None:
        """Cancel: stop hosting (the port is freed) and go back."""
        self.stop_hosting()
        super().back()

    def on_exit(self) -> None:
        super().on_exit()
        if not self.handed_over:
            self.stop_hosting()

    def before_quit(self) -> None:
        self.stop_hosting()

    def stop_hosting(self) -> None:
        if self.host.running and not self.handed_over:
            self.host.stop()
            if self.invite is not None:
                self.invite.stop()

    # -- drawing

    def _panels(self) -> tuple[pygame.Rect, pygame.Rect]:
        area = self.content_rect()
        gap = self.px(20)
        left_w = round((area.w - gap) * 0.46)
        return (pygame.Rect(area.x, area.y, left_w, area.h),
                pygame.Rect(area.x + left_w + gap, area.y, area.w - left_w - gap, area.h))

    def draw_content(self, surface: pygame.Surface) -> None:
        join, seats = self._panels()
        self._draw_join(surface, panel_inner(join, self.scale), join)
        self._draw_seats(surface, panel_inner(seats, self.scale), seats)

    def _draw_join(self, surface: pygame.Surface, inner: pygame.Rect,
                   rect: pygame.Rect) -> None:
        draw_panel(surface, rect, self.scale, _("Join this game"))
        x, y, w = inner.x, inner.y, inner.w
        px = self.px
        draw_text(surface, fit_text(_(self.variant_name), px(20), w, "bold"), px(20),
                  theme.CREAM, style="bold", topleft=(x, y))
        y += px(40)
        listening = self.listening
        if listening is None:
            words = self.problem or _("Opening the game on the network\u2026")
            colour = theme.ERROR if self.problem else theme.MUTED
            draw_text(surface, fit_text(words, px(16), w), px(16), colour, topleft=(x, y))
            return
        draw_text(surface, _("Address"), px(15), theme.MUTED, topleft=(x, y))
        y += px(22)
        address = f"{shown_host(listening.address)}:{listening.port}"
        size = self.fitting_px([address], w, 40, bold=True)
        y = draw_text(surface, address, size, theme.GOLD_LIGHT, style="bold",
                      topleft=(x, y)).bottom + px(18)
        draw_text(surface, _("Join code"), px(15), theme.MUTED, topleft=(x, y))
        y += px(22)
        y = draw_text(surface, join_code_words(listening.code), px(56), theme.GOLD_LIGHT,
                      style="bold", topleft=(x, y)).bottom + px(22)
        if self.announced:
            note = _("Announced on the local network: it shows in Join on the other "
                     "computers.")
        else:
            note = _("Not announced on the local network: type the address on the other "
                     "computers.")
        for line in wrap(note, px(15), w):
            y = draw_text(surface, line, px(15), theme.MUTED, topleft=(x, y)).bottom + px(2)
        if self.problem:
            y += px(10)
            for line in wrap(self.problem, px(15), w):
                y = draw_text(surface, line, px(15), theme.ERROR, topleft=(x, y)).bottom
        self._draw_invite(surface, x, y + px(14), w, inner.bottom - self.px(44) - px(8))

    def _draw_invite(self, surface: pygame.Surface, x: int, y: int, w: int,
                     bottom: int) -> None:
        """The internet code (or why there is none), above the Invite button."""
        if self.invite is None and not self.invite_problem:
            return
        px = self.px
        if self.invite_code:
            draw_text(surface, _("Internet code"), px(15), theme.MUTED, topleft=(x, y))
            y += px(22)
            size = self.fitting_px([self.invite_code], w, 40, bold=True)
            y = draw_text(surface, self.invite_code, size, theme.GOLD_LIGHT, style="bold",
                          topleft=(x, y)).bottom + px(6)
            note = _("Friends anywhere type it in Join: machiavelli join {code}").format(
                code=self.invite_code)
        else:
            note = "" if self.invite_problem else _("Asking for an internet code\u2026")
        lines = [(line, theme.MUTED) for line in wrap(note, px(15), w)] if note else []
        lines += [(line, theme.ERROR) for line in wrap(self.invite_problem, px(15), w)]
        for line, colour in lines:
            if y + px(18) > bottom:
                break
            y = draw_text(surface, line, px(15), colour, topleft=(x, y)).bottom + px(2)

    def _draw_seats(self, surface: pygame.Surface, inner: pygame.Rect,
                    rect: pygame.Rect) -> None:
        draw_panel(surface, rect, self.scale, _("Seats"))
        px = self.px
        draw_seat_rows(surface, inner, self.seats, px, lambda _i, seat: seat_words(seat))
        if not self.ready and self.listening is not None:
            waiting = sum(s.state == "open" for s in self.seats)
            draw_text(surface, fit_text(_("Start once every network seat is taken ({n} to "
                                          "go).").format(n=waiting), px(14), inner.w),
                      px(14), theme.MUTED, bottomleft=(inner.x, inner.bottom))
