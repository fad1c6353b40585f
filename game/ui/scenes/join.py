"""Join a network game: the games announced on the local network, or a typed address, the
join code and the player's name; then the game's lobby until the host starts.

The list of games (``game.net.Browser``, DNS-SD) refreshes while the screen is open; a
click on one fills in its address. Join connects with a ``game.net.NetClient``, which runs
on its own thread: the screen polls its events every frame and never waits on it. A
refusal (a wrong code, a full game, another version) or a host that cannot be reached is
said in words and the form stays as typed. Once joined, the screen shows the lobby as the
host sends it (who holds which seat) and, when the host starts, opens the joined table.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.engine.variants import Family, all_variants
from game.i18n import N_, _, ngettext
from game.net import Browser, FoundGame, NetClient
from game.net.address import parse_address, shown_host
from game.net.events import HostLost, Joined, JoinRefused, Lobby, LobbySeat, Problem, Update
from game.net.host import code_key
from game.net.internet import InternetLink, is_internet_code, server_settings
from game.store import StoreError
from game.store.tokens import SeatToken
from game.ui import theme
from game.ui.cardtable.joined import lost_words
from game.ui.cardtable.talk import keep_watchers
from game.ui.scenes import screens
from game.ui.widgets.drawing import draw_panel, draw_text, fit_text, panel_inner
from game.ui.widgets.lobby_seats import draw_seat_rows, seat_words, with_watchers, wrap
from game.ui.widgets.menus import MenuScene

if TYPE_CHECKING:
    from pygame_gui.elements import UIButton

    from game.ui.scene import AppServices, Scene

#: how often (seconds) the list of games found is read again
REFRESH = 1.0
#: the most games listed at once
MOST_GAMES = 6
#: the seat tokens the hosts gave this app, by (address, join code): joining the same game
#: again (after leaving its table, or a crash of the connection) takes the seat back
TOKENS: dict[tuple[str, str], str] = {}
#: the internet link the last game joined by an internet code plays through: it lasts
#: while that game's table (and its reconnections) may need it, until another one opens
LINKS: list[InternetLink] = []
#: the joined table of each game family
JOINED_TABLES: dict[Family, Callable[
        [AppServices, NetClient, Update, dict[str, Any] | None, tuple[str, ...],
         list[object] | None],
        Scene]] = {Family.MANIPULATION: screens.joined_table,
                   Family.CONTRACT: screens.joined_contract_table}


def start_browser() -> Browser | None:
    """The browser of games announced on the local network, started (tests replace it:
    they join on the loopback address, unannounced)."""
    browser = Browser()
    browser.start()
    return browser


def refusal_words(reason: str) -> str:
    """A host's refusal (``JoinRefused.reason``, the host's words) in the player's words."""
    if "join code" in reason:
        return _("Wrong join code: check it with the host (six letters and digits, or an "
                 "internet code such as 4-purple-sausages).")
    if "version" in reason or "protocol" in reason:
        return _("The host plays another version of the game: {reason}").format(reason=reason)
    if "taken" in reason:
        return _("This game is full: every network seat is taken.")
    return _("The host refused: {reason}").format(reason=reason)


def game_state_words(game: FoundGame) -> str:
    """What a found game's row says of it: under way, its open seats, or full."""
    if game.started:
        return _("under way")
    if game.open_seats is None:
        return _("{n} seats").format(n=game.seats)
    if not game.open_seats:
        return _("full")
    return ngettext("{n} seat open", "{n} seats open", len(game.open_seats)).format(
        n=len(game.open_seats))


def variant_words(variant_id: str) -> str:
    variant = all_variants().get(variant_id)
    return _(variant.name) if variant is not None else variant_id


class JoinScene(MenuScene):
    title = N_("Join a network game")
    subtitle = N_("Pick a game found on this network, or type the host's address")

    def __init__(self, app: AppServices) -> None:
        super().__init__(app)
        self.address = ""
        self.code = ""
        self.name = app.settings.player_name  # the player's own name, as last joined
        self.picked: FoundGame | None = None  # the found game picked (its open seats)
        self.seat_wanted: int | None = None  # the seat asked for (None: any free one)
        self.client: NetClient | None = None
        self.link: InternetLink | None = None  # joining by an internet code: its link
        self.joined: Joined | None = None
        self.seats: tuple[LobbySeat, ...] = ()
        self.watchers: tuple[str, ...] = ()
        self.started = False
        self.problem = ""  # the last refusal or failure, in words
        self.handed_over = False  # the table plays on with the client
        self.games: list[FoundGame] = []
        self._since_refresh = REFRESH
        self.browser: Browser | None = None
        self.browse_problem = ""
        try:
            self.browser = start_browser()
        except Exception as error:  # noqa: BLE001 - said on the screen, never a crash
            self.browse_problem = str(error)
        if self.browser is not None and self.browser.problem:
            self.browse_problem = self.browser.problem

    # -- state

    @property
    def connecting(self) -> bool:
        return (self.client is not None or self.link is not None) and self.joined is None

    @property
    def in_lobby(self) -> bool:
        return self.joined is not None

    # -- widgets

    def build(self) -> None:
        games, form = self._panels()
        top = self.footer_top() + self.px(10)
        row = self.px(44)
        margin = self.px(40)
        leave = self.in_lobby or self.connecting
        self.button(pygame.Rect(margin, top, self.px(150), row),
                    _("Leave") if leave else _("Back"), self.back, key="back",
                    tooltip=_("Leave this game (Esc)") if leave else
                    _("Back to the title screen (Esc)"))
        inner = panel_inner(games, self.scale)
        y = inner.y
        for index, game in enumerate(self.games[:MOST_GAMES]):
            # the host's own words (the game and the computer), then its seats
            text = f"{game.name} \u00b7 {game_state_words(game)}"
            kept = self._kept_for(game)
            rejoin_w = self.px(190) if kept is not None else 0
            row_w = inner.w - rejoin_w
            self.button(pygame.Rect(inner.x, y, row_w, self.px(40)), text,
                        partial(self.pick, game), key=f"game{index}",
                        size=self.fitting_px([text], row_w - self.px(16), 15,
                                             bold=True) / self.scale,
                        tooltip=_("{address}:{port} \u00b7 {seats} seats").format(
                            address=shown_host(game.address), port=game.port,
                            seats=game.seats))
            if kept is not None:
                words = _("Rejoin as {name}").format(name=kept.name or _("Player"))
                self.button(pygame.Rect(inner.right - rejoin_w + self.px(6), y,
                                        rejoin_w - self.px(6), self.px(40)), words,
                            partial(self.rejoin, game, kept), key=f"rejoin{index}",
                            style="primary", size=self.fitting_px(
                                [words], rejoin_w - self.px(20), 15, bold=True) / self.scale,
                            tooltip=_("Take back the seat this computer held in this game "
                                      "(seat {n})").format(n=kept.seat + 1))
            y += self.px(48)
        if self.in_lobby:
            return
        inner = panel_inner(form, self.scale)
        x, w = inner.x, inner.w
        y = inner.y
        label_h, entry_h = self.px(24), self.px(38)
        fields = [
            ("address", _("Host's address"), self.address, self._set_address,
             _("e.g. 192.168.1.20:47470"), 64),
            ("code", _("Join code"), self.code, self._set_code,
             _("six letters and digits, or an internet code"), 40),
            ("name", _("Your name"), self.name, self._set_name, _("as the others see you"),
             32),
        ]
        for key, caption, text, change, placeholder, most in fields:
            self.label(pygame.Rect(x, y, w, label_h), caption, size=15, fit=True)
            y += label_h + self.px(2)
            self.entry(pygame.Rect(x, y, w, entry_h), text, change, key=key,
                       submit=self.join, placeholder=placeholder, max_length=most, size=17)
            y += entry_h + self.px(14)
        picked = self.picked
        if picked is not None and picked.open_seats and not picked.started:
            self.label(pygame.Rect(x, y, w, label_h), _("Seat"), size=15, fit=True)
            y += label_h + self.px(2)
            options = [(_("Any free seat"), "any")] + [
                (_("Seat {n}").format(n=seat + 1), str(seat)) for seat in picked.open_seats]
            wanted = str(self.seat_wanted) if self.seat_wanted is not None else "any"
            self.dropdown(pygame.Rect(x, y, w, entry_h), options, wanted, self._set_seat,
                          key="seat", size=16)
            y += entry_h + self.px(14)
        join_w = self.px(210)
        self.join_button: UIButton = self.button(
            pygame.Rect(self.width - margin - join_w, top, join_w, row), _("Join"), self.join,
            key="join", style="primary", size=17,
            tooltip=_("Connect to the host with this address and code (Enter)"))
        watch_w = self.px(170)
        self.watch_button: UIButton = self.button(
            pygame.Rect(self.width - margin - join_w - self.px(12) - watch_w, top, watch_w,
                        row), _("Watch"), self.watch, key="watch", size=17,
            tooltip=_("Watch the game without a seat, where its host lets spectators in"))
        if self.connecting:
            self.join_button.disable()
            self.watch_button.disable()
        self._form_bottom = y

    def default_focus(self) -> str | None:
        if self.in_lobby:
            return "back"
        if self.games and not self.address:
            return "game0"
        return "code" if self.address and not self.code else "address"

    def _set_address(self, text: str) -> None:
        self.address = text.strip()

    def _set_code(self, text: str) -> None:
        self.code = text.strip()

    def _set_name(self, text: str) -> None:
        self.name = text.strip()

    def _set_seat(self, value: str) -> None:
        self.seat_wanted = int(value) if value.isdigit() else None

    def _kept_for(self, game: FoundGame) -> SeatToken | None:
        """The seat this computer holds in ``game`` (its token kept in the data folder),
        while the game is under way; None otherwise."""
        if not game.started:
            return None
        where = f"{shown_host(game.address)}:{game.port}"
        with contextlib.suppress(StoreError):
            kept = [t for t in self.app.store.tokens.list() if t.address == where]
            return kept[-1] if kept else None
        return None

    # -- actions

    def pick(self, game: FoundGame) -> None:
        """A game in the list: its address in the form; the code is the host's to tell."""
        if self.in_lobby or self.connecting:
            return
        self.address = f"{shown_host(game.address)}:{game.port}"
        self.picked = game
        self.seat_wanted = None
        self.problem = "" if game.joinable else _(
            "This game's host plays another version of the game.")
        self.rebuild()
        self.focus.focus_key("code", text=True)  # the code is typed next, no click needed

    def rejoin(self, game: FoundGame, kept: SeatToken) -> None:
        """Take back the seat this computer holds in ``game`` with its kept token."""
        if self.in_lobby or self.connecting:
            return
        self.address = f"{shown_host(game.address)}:{game.port}"
        self.code = kept.code
        self.name = kept.name or self.name
        self.picked = game
        self._connect(kept.token)

    def watch(self) -> None:
        """Watch the game at the address and code typed, without a seat."""
        if self.client is not None:
            return
        if not self.address or not self.code:
            self.problem = _("Type the host's address and the join code (the host's lobby "
                             "shows them).")
            return
        self._connect(None, watch=True)

    def join(self) -> None:
        if self.client is not None or self.link is not None:
            return
        internet = self._internet_code()
        if internet:
            self._open_link(internet)
            return
        if not self.address:
            self.problem = _("Type the host's address (the host's lobby shows it).")
            return
        if not self.code:
            self.problem = _("Type the join code (the host's lobby shows it).")
            return
        self._remember_name()
        self._connect(self._held_token())

    def _internet_code(self) -> str:
        """The internet code typed (in the code's field, or the address's), if one is."""
        for text in (self.code, self.address):
            if is_internet_code(text):
                return text
        return ""

    def _open_link(self, code: str) -> None:
        """Joining by an internet code: its link first (``update`` connects through it)."""
        try:
            link = InternetLink(code, server_settings(self.app.settings.internet_server))
        except ValueError as error:
            self.problem = str(error)
            return
        self.problem = ""
        self.link = link
        link.start()
        self.rebuild()

    def _target(self) -> tuple[str, str]:
        """The address and join code the client connects with: the link's, joining by an
        internet code."""
        if self.link is not None:
            return self.link.address, self.link.join_code
        return self.address, self.code

    def _game_key(self) -> tuple[str, str]:
        return (self._where() or self.address, code_key(self._target()[1]))

    def _where(self) -> str:
        """The host's address as the data folder keeps it ("" if it is none); a game joined
        by an internet code is kept by that code (its port here is this run's)."""
        if self.link is not None:
            return f"internet:{self.link.code}"
        try:
            host, port = parse_address(self.address)
        except ValueError:
            return ""
        return f"{shown_host(host)}:{port}"

    def _held_token(self) -> str | None:
        """The token of the seat this app holds in the game at the address and code typed:
        given while it runs, else kept in the data folder by an earlier run (the game
        crashed, the computer restarted)."""
        token = TOKENS.get(self._game_key())
        if token is None and self._where():
            held = self.app.store.tokens.get(self._where(), code_key(self._target()[1]))
            token = held.token if held is not None else None
        return token

    def _keep_token(self, joined: Joined) -> None:
        TOKENS[self._game_key()] = joined.token
        if self._where():
            with contextlib.suppress(StoreError):
                self.app.store.tokens.keep(self._where(), code_key(self._target()[1]),
                                           joined.token, joined.seat, self.name)

    def _forget_token(self) -> None:
        TOKENS.pop(self._game_key(), None)
        if self._where():
            with contextlib.suppress(StoreError):
                self.app.store.tokens.forget(self._where(), code_key(self._target()[1]))

    def _remember_name(self) -> None:
        """The name typed is the player's own from now on (a host's seat takes it too)."""
        if self.name and self.name != self.app.settings.player_name:
            self.app.settings.player_name = self.name
            self.app.store.save_settings()

    def _connect(self, token: str | None, watch: bool = False) -> None:
        seat = self.seat_wanted if token is None and not watch else None
        address, code = self._target()
        try:
            client = NetClient(address, code, self.name, token=token, seat=seat, watch=watch)
        except ValueError as error:
            self.problem = _("That is not an address: {error}").format(error=error)
            return
        self.problem = ""
        self.client = client
        client.start()
        self.rebuild()

    def back(self) -> None:
        """Leave: a game joined is left (the host keeps the seat a while), the search
        stops."""
        if (self.client is not None or self.link is not None) and (self.in_lobby
                                                                    or self.connecting):
            self._drop_client()
            self.rebuild()
            return
        super().back()

    def _drop_client(self, keep_link: bool = False) -> None:
        client, self.client = self.client, None
        self.joined = None
        self.seats = ()
        self.started = False
        if client is not None:
            client.close()
        if keep_link:
            return
        link, self.link = self.link, None
        if link is not None:
            link.close()

    # -- per frame

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.handed_over:
            return
        self._since_refresh += dt
        if self._since_refresh >= REFRESH and self.browser is not None:
            self._since_refresh = 0.0
            games = self.browser.games()[:MOST_GAMES]
            if games != self.games:
                self.games = games
                self.rebuild()
        link = self.link
        if link is not None and self.client is None and link.done:
            if not link.ready:
                self._failed(link.problem)
                return
            self._connect(self._held_token())
        client = self.client
        if client is None:
            return
        events = client.events()
        for index, event in enumerate(events):
            if isinstance(event, Joined):
                self.joined = event
                if not event.watching:
                    self._keep_token(event)
                self.rebuild()
            elif isinstance(event, JoinRefused):
                if client.token is not None and "token" in event.reason:
                    # the seat it held is gone (another game at that address): join anew
                    self._forget_token()
                    self._drop_client(keep_link=True)
                    self._connect(None)
                    return
                self._failed(refusal_words(event.reason))
                return
            elif isinstance(event, HostLost):
                self._failed(self._lost_words(event.reason))
                return
            elif isinstance(event, Lobby):
                self.seats = event.seats
                self.watchers = event.watchers
                self.started = event.started
            elif isinstance(event, Update) and event.event is None:
                self._open_table(event, events[index + 1:])
                return
            elif isinstance(event, Problem):
                self.problem = event.text

    def _lost_words(self, reason: str) -> str:
        if self.joined is None:
            return _("Cannot reach the host at {address}: {reason} Check the address, and "
                     "that both computers are on the same network.").format(
                address=self.address, reason=lost_words(reason))
        return _("The host is gone: {reason}").format(reason=lost_words(reason))

    def _failed(self, words: str) -> None:
        self.problem = words
        self._drop_client()
        self.rebuild()

    def _open_table(self, update: Update, backlog: list[object]) -> None:
        client, joined = self.client, self.joined
        if client is None or joined is None:
            return
        self.handed_over = True
        if self.link is not None:  # it lasts while the table plays (until another opens)
            for old in LINKS:
                old.close()
            LINKS[:] = [self.link]
        kinds = tuple(seat.kind for seat in self.seats)
        make = JOINED_TABLES[client.family or Family.MANIPULATION]
        table = make(self.app, client, update, joined.options, kinds, backlog)
        keep_watchers(table, self.watchers)  # those already watching, in its facts panel
        link = getattr(table, "link", None)
        if link is not None and not joined.watching:
            link.on_over = self._forget_token  # the match ended: its token has served
        self.app.scenes.replace(table)

    def on_exit(self) -> None:
        super().on_exit()
        if not self.handed_over:
            self._drop_client()
        browser, self.browser = self.browser, None
        if browser is not None:  # zeroconf's goodbye takes a moment: never in the frame
            threading.Thread(target=browser.stop, name="net-browser-stop", daemon=True).start()

    def before_quit(self) -> None:
        self.on_exit()

    # -- drawing

    def _panels(self) -> tuple[pygame.Rect, pygame.Rect]:
        area = self.content_rect()
        gap = self.px(20)
        left_w = round((area.w - gap) * 0.46)
        return (pygame.Rect(area.x, area.y, left_w, area.h),
                pygame.Rect(area.x + left_w + gap, area.y, area.w - left_w - gap, area.h))

    def draw_content(self, surface: pygame.Surface) -> None:
        games, form = self._panels()
        self._draw_games(surface, games)
        if self.in_lobby:
            self._draw_lobby(surface, form)
        else:
            self._draw_form(surface, form)

    def _draw_games(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        draw_panel(surface, rect, self.scale, _("Games on this network"))
        inner = panel_inner(rect, self.scale)
        px = self.px
        if self.games:
            y = inner.y + min(len(self.games), MOST_GAMES) * px(48) + px(6)
            note = _("Pick a game, then type the join code its host shows.")
        elif self.browser is None or self.browse_problem:
            y = inner.y
            note = _("Games on this network cannot be listed ({problem}): type the host's "
                     "address.").format(problem=self.browse_problem or _("search is off"))
        else:
            y = inner.y
            dots = "." * (1 + int(pygame.time.get_ticks() / 500) % 3)
            note = _("Looking for games on this network") + dots
        for line in wrap(note, px(15), inner.w):
            y = draw_text(surface, line, px(15), theme.MUTED, topleft=(inner.x, y)).bottom

    def _draw_form(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        draw_panel(surface, rect, self.scale, _("Join with an address"))
        inner = panel_inner(rect, self.scale)
        px = self.px
        y = getattr(self, "_form_bottom", inner.y) + px(6)
        if self.connecting:
            words = _("Connecting to {address}\u2026").format(
                address=self.link.code if self.link is not None else self.address)
            draw_text(surface, fit_text(words, px(16), inner.w), px(16), theme.GOLD_LIGHT,
                      topleft=(inner.x, y))
            return
        if self.problem:
            for line in wrap(self.problem, px(15), inner.w):
                y = draw_text(surface, line, px(15), theme.ERROR, topleft=(inner.x, y)).bottom
            return
        tip = _("A friend's internet code (such as 4-purple-sausages) goes in Join code: no "
                 "address needed.")
        for line in wrap(tip, px(15), inner.w):
            y = draw_text(surface, line, px(15), theme.MUTED, topleft=(inner.x, y)).bottom

    def _draw_lobby(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        joined = self.joined
        assert joined is not None
        draw_panel(surface, rect, self.scale, _("Seats"))
        inner = panel_inner(rect, self.scale)
        px = self.px
        draw_text(surface, fit_text(variant_words(joined.variant_id), px(20), inner.w, "bold"),
                  px(20), theme.CREAM, style="bold", topleft=(inner.x, inner.y))
        rows = pygame.Rect(inner.x, inner.y + px(36), inner.w, inner.h - px(36 + 50))

        def words(index: int, seat: LobbySeat) -> tuple[str, tuple[int, int, int]]:
            return seat_words(seat, host_screen=False, you=index == joined.seat)

        draw_seat_rows(surface, rows, with_watchers(self.seats, self.watchers), px, words)
        waiting = _("The host starts the game\u2026") if self.started else _(
            "Joined: waiting for the host to start the game\u2026")
        draw_text(surface, fit_text(waiting, px(15), inner.w), px(15), theme.GOLD_LIGHT,
                  bottomleft=(inner.x, inner.bottom))
        if self.problem:
            draw_text(surface, fit_text(self.problem, px(14), inner.w), px(14), theme.ERROR,
                      bottomleft=(inner.x, inner.bottom - px(24)))
