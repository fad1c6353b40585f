"""The lobby of a hosted game: where the players on the local network join.

Opened from New game (a seat set to "Network player") or by resuming a saved network game.
It hosts the game (``game.net.NetHost``) from the moment it opens: it shows the address and
the join code in large type, that the game is announced on the local network, and who has
taken each seat. Start begins the match once every network seat is taken and opens the
hosted table; Cancel (or Esc) stops hosting, which frees the port. It polls the host every
frame and never waits on it. "Listen on" lists every address of this computer (the local
network's, a VPN's such as Tailscale's or ZeroTier's, this computer alone): choosing one
hosts there instead, with the same join code; "Playing over a VPN" opens its help page.
"Let spectators watch" lets people watch the table without a seat; the seats panel lists
them as watching. A person's seat still named "You" is named with the player's own name
(the one they join games with), so the others never see "You".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import N_, _
from game.net import HostSettings, NetHost, SeatSpec
from game.net.address import (
    INTERNET,
    LOCAL_NETWORK,
    LOOPBACK_ONLY,
    TAILSCALE,
    VPN,
    ZEROTIER,
    HostAddress,
    host_addresses,
    shown_host,
)
from game.net.events import Listening, Lobby, LobbySeat, Problem
from game.net.internet import InternetInvite, InviteCode, InviteProblem, server_settings
from game.net.web import page_address
from game.session import GameSession
from game.ui import theme
from game.ui.cardtable.talk import keep_watchers
from game.ui.scenes import HOSTED_TABLE_SCREENS, screens
from game.ui.scenes.net_help import VPN_PAGE
from game.ui.theme import font
from game.ui.widgets.drawing import draw_panel, draw_text, fit_text, panel_inner
from game.ui.widgets.lobby_seats import (
    draw_seat_rows,
    join_code_words,
    seat_words,
    with_watchers,
    wrap,
)
from game.ui.widgets.menus import MenuScene
from game.ui.widgets.qr import qr_surface

if TYPE_CHECKING:
    from pygame_gui.elements import UIButton

    from game.ui.scene import AppServices

#: the seat kinds of the New game screen that the host plays itself or waits for
NET_KIND, HUMAN_KIND = "net", "human"
#: how many spectators a lobby lets in when the host allows them
SPECTATORS = 8
#: what each kind of address reaches, as "Listen on" says it
REACH_WORDS = {LOCAL_NETWORK: N_("local network"), TAILSCALE: N_("VPN \u00b7 Tailscale"),
               ZEROTIER: N_("VPN \u00b7 ZeroTier"), VPN: N_("VPN"),
               LOOPBACK_ONLY: N_("this computer only"), INTERNET: N_("internet")}


def listen_addresses() -> list[HostAddress]:
    """The addresses the lobby offers to host on (tests replace it)."""
    return host_addresses()


def profile_name(app: AppServices) -> str:
    """The player's own name (the one they join games with), else their login name."""
    name = app.settings.player_name.strip()
    if not name:
        import getpass  # here: only a host whose seat is still "You" asks

        try:
            name = getpass.getuser().strip().capitalize()
        except (OSError, KeyError, ImportError):
            name = ""
    return name[:32] or _("Host")


def host_settings() -> HostSettings:
    """How the lobby hosts: on this computer's address on the local network, announced
    there (tests replace it to host on the loopback address)."""
    return HostSettings(announce=True)


def seat_specs(seats: Sequence[tuple[str, str]], own_name: str = "") -> list[SeatSpec]:
    """The host's seats for New game's (name, kind) seats: the human seat is this screen's
    (still named "You", in any language: ``own_name``), a network seat's name comes from
    its player (a computer of medium level takes it over when they drop out), a computer
    seat is played by the host."""
    specs = []
    for name, kind in seats:
        if kind == NET_KIND:
            specs.append(SeatSpec("net", "", "medium"))
        elif kind == HUMAN_KIND:
            you = name.strip().casefold() in ("you", _("You").casefold())
            specs.append(SeatSpec("local", own_name if you and own_name else name))
        else:
            specs.append(SeatSpec(kind, name))
    return specs


class LobbyScene(MenuScene):
    title = N_("Host a network game")
    subtitle = N_("Players on this network join with the address and code")

    def __init__(self, app: AppServices, variant_id: str = "",
                 options: dict[str, Any] | None = None,
                 seats: Sequence[tuple[str, str]] = (), seed: int | None = None,
                 resumed: GameSession | None = None, turn_time: float = 0.0) -> None:
        super().__init__(app)
        self.problem = ""
        self.listening: Listening | None = None
        self.handed_over = False  # the table plays the hosted match now
        # a bad variant, option or seat count raises here (OptionError, ValueError)
        self._resumed = resumed
        self._game = (variant_id, seat_specs(seats, profile_name(app)), seed, options)
        settings = host_settings()
        if turn_time:  # New game's turn timer (a table manner of this game only)
            settings = replace(settings, turn_time=turn_time)
        self.host = self._new_host(settings)
        self.addresses = listen_addresses()
        self.watch = False  # spectators let in
        self.seats: tuple[LobbySeat, ...] = self.host.lobby()
        self.watchers: tuple[str, ...] = ()
        self.announced = self.host.settings.announce
        self.variant_name = self.host.variant.name
        self._qr: tuple[str, int, pygame.Surface | None] | None = None  # (address, size, code)
        self.invite: InternetInvite | None = None  # "Invite over the internet", once asked
        self.invite_code = ""
        self.invite_problem = ""
        self.host.start()

    def _new_host(self, settings: HostSettings) -> NetHost:
        if self._resumed is not None:
            return NetHost.resume(self._resumed, settings)
        variant_id, specs, seed, options = self._game
        return NetHost(variant_id, specs, seed, options, settings)

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
        join, seats = self._panels()
        inner = panel_inner(join, self.scale)
        field_h = self.px(38)
        vpn_text = _("Playing over a VPN")
        help_w = min(inner.w * 2 // 5, max(self.px(150), font(self.px(15), "bold").size(
            vpn_text)[0] + self.px(34)))
        # under the address and the join code (the menu opens downwards, into the panel)
        y = inner.y + self.px(262)
        listening = self.listening.address if self.listening is not None else ""
        options = [(address_words(a), a.address) for a in self.addresses]
        if listening and listening not in [a.address for a in self.addresses]:
            options.insert(0, (listening, listening))
        if options:
            self.dropdown(pygame.Rect(inner.x, y, inner.w - help_w - self.px(10), field_h),
                          options, listening or options[0][1], self.listen_on, key="listen",
                          size=15)
        self.button(pygame.Rect(inner.right - help_w, y, help_w, field_h), vpn_text,
                    self.vpn_help, key="vpn", size=self.fitting_px(
                        [vpn_text], help_w - self.px(16), 15, bold=True) / self.scale,
                    tooltip=_("How friends elsewhere join through Tailscale, ZeroTier or "
                              "another VPN"))
        self._listen_top = y - self.px(24)
        self._listen_bottom = y + field_h
        inner = panel_inner(seats, self.scale)
        box = self.px(24)
        self.check(pygame.Rect(inner.x, inner.bottom - self.px(54), box, box),
                   _("Let spectators watch (no seat, no cards)"), self.watch,
                   self.allow_watch, key="spectators",
                   tooltip=_("People who join with Watch see the table and the log, never "
                             "a hand"))
        # the internet invitation under the seats, above the spectators' box: the join panel
        # is full (address, code, Listen on, the phones' QR code)
        invite_text = _("Invite over the internet")
        invite_w = min(inner.w, self.px(330))
        self._invite_top = inner.bottom - self.px(54) - self.px(12) - row
        self.invite_button: UIButton = self.button(
            pygame.Rect(inner.x, self._invite_top, invite_w, row), invite_text,
            self.invite_friends,
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
                self.rebuild()  # "Listen on" shows where
            elif isinstance(event, Lobby):
                self.seats = event.seats
                self.watchers = event.watchers
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

    def listen_on(self, address: str) -> None:
        """Host on ``address`` instead (the same join code): the lobby starts again there;
        players who had joined join again."""
        if self.handed_over or (self.listening is not None
                                and address == self.listening.address):
            return
        code = self.listening.code if self.listening is not None else self.host.code
        self.host.stop()
        settings = replace(self.host.settings, host=address, code=code,
                           spectators=SPECTATORS if self.watch else 0)
        self.host = self._new_host(settings)
        self.listening = None
        self.problem = ""
        self.announced = settings.announce
        self.seats = self.host.lobby()
        self.watchers = ()
        self.host.start()
        self.rebuild()

    def allow_watch(self, on: bool) -> None:
        self.watch = on
        self.host.allow_spectators(SPECTATORS if on else 0)

    def vpn_help(self) -> None:
        self.app.scenes.push(screens.rules(self.app, VPN_PAGE))

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
        table = make(self.app, session, self.host)
        keep_watchers(table, self.watchers)  # those already watching, in its facts panel
        self.app.scenes.replace(table)

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
        listen_top = getattr(self, "_listen_top", 0)
        if listen_top:
            draw_text(surface, _("Listen on"), px(15), theme.MUTED, topleft=(x, listen_top))
            y = max(y, self._listen_bottom + px(14))  # the notes below "Listen on"
        if self.announced:
            note = _("Announced on the local network: it shows in Join on the other "
                     "computers.")
        else:
            note = _("Not announced on the local network: type the address on the other "
                     "computers.")
        for line in wrap(note, px(15), w):
            y = draw_text(surface, line, px(15), theme.MUTED, topleft=(x, y)).bottom + px(2)
        room = inner.bottom - y - px(14) - (px(50) if self.problem else 0)  # the problem's
        y = self._draw_phones(surface, pygame.Rect(x, y + px(14), w, room), listening)
        if self.problem:
            y += px(10)
            for line in wrap(self.problem, px(15), w):
                y = draw_text(surface, line, px(15), theme.ERROR, topleft=(x, y)).bottom

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

    @property
    def page_address(self) -> str:
        """The address a phone or tablet opens to take a seat ("" before listening)."""
        listening = self.listening
        if listening is None:
            return ""
        return page_address(listening.address, listening.port, listening.code)

    def phones_qr(self, most: int) -> pygame.Surface | None:
        """The QR code of the phone page's address, at most ``most`` pixels square
        (made once for each address and size)."""
        address = self.page_address
        if self._qr is None or self._qr[:2] != (address, most):
            self._qr = (address, most, qr_surface(address, most) if address else None)
        return self._qr[2]

    def _draw_phones(self, surface: pygame.Surface, area: pygame.Rect,
                     listening: Listening) -> int:
        """Phones and tablets: the QR code of the page and the address to type, beside it
        (under it where the panel is narrow); the bottom of what was drawn."""
        px = self.px
        words = _("Phones and tablets: scan the code, or open http://{address} in the "
                  "browser and type the join code.").format(
            address=f"{shown_host(listening.address)}:{listening.port}")
        if area.h < px(60):
            return area.y
        y = draw_text(surface, _("Play from a phone"), px(15), theme.GOLD_LIGHT, style="bold",
                      topleft=area.topleft).bottom + px(6)
        code = self.phones_qr(min(area.bottom - y, area.w // 2))
        text_x, text_w = area.x, area.w
        if code is not None:
            rect = surface.blit(code, (area.x, y))
            text_x, text_w = rect.right + px(12), area.right - rect.right - px(12)
        line_y = y
        for line in wrap(words, px(14), max(text_w, px(80))):
            line_y = draw_text(surface, line, px(14), theme.MUTED,
                               topleft=(text_x, line_y)).bottom + px(2)
        return max(line_y, y + (code.get_height() if code is not None else 0))

    def _draw_seats(self, surface: pygame.Surface, inner: pygame.Rect,
                    rect: pygame.Rect) -> None:
        draw_panel(surface, rect, self.scale, _("Seats"))
        px = self.px
        invite_top = getattr(self, "_invite_top", inner.bottom - px(110))
        block_top = invite_top - px(100)  # the internet code and its note, when asked
        rows = pygame.Rect(inner.x, inner.y, inner.w, block_top - px(8) - inner.y)
        self._draw_invite(surface, inner.x, block_top, inner.w, invite_top - px(4))
        bottom = draw_seat_rows(surface, rows, with_watchers(self.seats, self.watchers), px,
                                lambda _i, seat: seat_words(seat))
        if not any(seat.kind == "local" for seat in self.seats):
            y = bottom + px(12)
            for line in wrap(_("No seat at this screen: this window will show the table "
                               "only (TV mode), every hand is held elsewhere."), px(14), inner.w):
                y = draw_text(surface, line, px(14), theme.GOLD_LIGHT, topleft=(inner.x, y)
                              ).bottom + px(2)
        if not self.ready and self.listening is not None:
            waiting = sum(s.state == "open" for s in self.seats)
            draw_text(surface, fit_text(_("Start once every network seat is taken ({n} to "
                                          "go).").format(n=waiting), px(14), inner.w),
                      px(14), theme.MUTED, bottomleft=(inner.x, inner.bottom))


def address_words(address: HostAddress) -> str:
    """An address as "Listen on" lists it: the address and what it reaches."""
    return f"{shown_host(address.address)} \u00b7 {_(REACH_WORDS[address.reach])}"
