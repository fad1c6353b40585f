"""A network table's manners, through the real app's screens and real pygame events, with
hosts and joiners on the loopback addresses: the host's name, the Join list's seats and
its seat choice, Rejoin as NAME, the words for a host that is gone, quick table messages,
spectators, and hosting on another address of this computer (a VPN's)."""

from __future__ import annotations

import time
from typing import Any

import pygame
import pytest

from game import i18n
from game.net import HostSettings, NetClient, SeatSpec
from game.net.address import HostAddress
from game.net.discovery import FoundGame
from game.net.events import Joined, Lobby, Said, SeatChanged
from game.net.wire import GAME_VERSION, PROTOCOL_VERSION
from game.ui.cardtable import joined as joined_module
from game.ui.cardtable.talk import TalkDialog
from game.ui.scenes import join as join_module
from game.ui.scenes import lobby as lobby_module
from game.ui.scenes import screens
from tests.ui.conftest import (
    StartApp,
    button,
    choose,
    click,
    press,
    pump,
    top_name,
    type_text,
    widget,
)
from tests.ui.scenes.test_join import (
    LOOPBACK,
    draw_until_the_hand_ends,
    fill_form,
    frames_until,
    headless_host,
    host_events_until,
    join_and_begin,
    open_join,
)


@pytest.fixture(autouse=True)
def loopback(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lobby_module, "host_settings", lambda: HostSettings(
        host=LOOPBACK, port=0, takeover_after=30.0, announce=False))
    monkeypatch.setattr(lobby_module, "listen_addresses", lambda: [
        HostAddress(LOOPBACK, "lo", "loopback")])
    monkeypatch.setattr(join_module, "start_browser", lambda: None)
    monkeypatch.setattr(join_module, "TOKENS", {})


class FakeBrowser:
    """The games "found on this network": announcements as a browser would list them."""

    def __init__(self, games: list[FoundGame]) -> None:
        self.found = games
        self.problem = ""

    def games(self) -> list[FoundGame]:
        return list(self.found)

    def stop(self) -> None:
        pass


def found(port: int, open_seats: tuple[int, ...] | None = (1,), started: bool = False,
          watch: bool = False) -> FoundGame:
    return FoundGame("Machiavelli on ada", LOOPBACK, port, "machiavelli", 3, GAME_VERSION,
                     PROTOCOL_VERSION, open_seats, started, watch)


def listing(monkeypatch: pytest.MonkeyPatch, games: list[FoundGame]) -> FakeBrowser:
    browser = FakeBrowser(games)
    monkeypatch.setattr(join_module, "start_browser", lambda: browser)
    return browser


def type_chars(app: Any, text: str) -> None:
    """Type ``text`` where the keyboard's text goes now (no click first)."""
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    pump(app, 3)


def said(table: Any) -> list[str]:
    """Every note the table says, from now on."""
    notes: list[str] = []
    original = table.say

    def say(title: str, lines: Any = (), tone: str = "info", ttl: float = 6.0) -> None:
        notes.append(title)
        original(title, lines, tone, ttl)

    table.say = say
    return notes


# -- 1. small ones seen on screen


def test_the_hosts_seat_named_you_reaches_joiners_by_the_players_own_name(
        app: Any) -> None:
    app.settings.player_name = "Niccolo"
    lobby = app.scenes.push(screens.lobby(app, "machiavelli", {},
                                          [("You", "human"), ("", "net")], 2))
    frames_until([app], lambda: lobby.listening is not None, 10, "the host to listen")
    client = NetClient(f"{LOOPBACK}:{lobby.listening.port}", lobby.listening.code, "Bea")
    client.start()
    try:
        end = time.monotonic() + 10
        joined = None
        while joined is None and time.monotonic() < end:
            app.frame(1 / 60)
            event = client.wait_event(0.02)
            joined = event if isinstance(event, Joined) else None
        assert joined is not None and joined.names == ("Niccolo", "Bea")
    finally:
        client.close()


def test_typed_code_letters_go_to_the_code_after_picking_a_found_game(
        app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    listing(monkeypatch, [found(47470)])
    scene = open_join(app)
    frames_until([app], lambda: bool(scene.games), 5, "the list")
    click(app, button(app, "Machiavelli on ada \u00b7 1 seat open"))
    assert scene.address == f"{LOOPBACK}:47470"
    type_chars(app, "ABC234")
    assert widget(scene, "code").get_text() == "ABC234"
    assert scene.code == "ABC234"


def test_a_player_who_rejoins_is_not_told_they_are_back(app: Any) -> None:
    host = headless_host([SeatSpec("local", "Ada"), SeatSpec("net")])
    seen: list[object] = []
    try:
        table = join_and_begin(app, host, seen)
        frames_until([app], lambda: table.settled, 20, "the table")
        notes = said(table)
        first = table.client
        first._loop.call_soon_threadsafe(first._ws.transport.abort)
        host_events_until(host, SeatChanged, lambda e: e.seat == 1 and e.state == "taken",
                          seen, app)
        frames_until([app], lambda: table.client is not first and not table.link.reconnecting,
                     10, "the seat back")
        pump(app, 20)
        assert "Back at the table" in notes
        assert not any("is back" in note for note in notes), notes
    finally:
        host.stop()
        host.join(10)


def test_a_host_that_is_not_there_or_stops_is_said_in_words(
        start_app: StartApp, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(joined_module, "RETRIES", 1)
    monkeypatch.setattr(joined_module, "RETRY_EVERY", 0.3)
    app = start_app(speed=8.0)
    scene = open_join(app)
    fill_form(app, scene, f"{LOOPBACK}:1", "ABCDEF", "Bea")
    click(app, button(app, "Join"))
    frames_until([app], lambda: bool(scene.problem), 15, "the unreachable host")
    assert "Nobody is hosting a game at that address now." in scene.problem
    assert "Errno" not in scene.problem and "Connect call" not in scene.problem
    app.scenes.pop()
    host = headless_host([SeatSpec("local", "Ada"), SeatSpec("net")])
    try:
        table = join_and_begin(app, host, [])
        frames_until([app], lambda: table.settled, 20, "the table")
        host.stop()
        frames_until([app], lambda: bool(table.lost), 20, "the host to be gone")
        gone = [e for e in table.errors if "host is gone" in e]
        assert gone and "The host stopped the game." in gone[0], table.errors
    finally:
        host.stop()
        host.join(10)


def test_rejoin_as_name_on_the_join_list_takes_the_kept_seat_back(
        app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    host = headless_host([SeatSpec("local", "Ada"), SeatSpec("net")])
    seen: list[object] = []
    try:
        table = join_and_begin(app, host, seen)
        frames_until([app], lambda: table.settled, 20, "the table")
        hand = tuple(table.match.deal.hands[1])
        app.scenes.reset(screens.title(app))  # the window left the game
        host_events_until(host, SeatChanged, lambda e: e.seat == 1 and e.state == "waiting",
                          seen, app)
        join_module.TOKENS.clear()  # only the data folder remembers the seat
        listing(monkeypatch, [found(host.port, (), started=True)])
        scene = open_join(app)
        frames_until([app], lambda: bool(scene.games), 5, "the list")
        assert scene.code == ""
        click(app, button(app, "Rejoin as Bea"))
        frames_until([app], lambda: top_name(app) == "JoinedTableScene", 15, "the table again")
        again = app.scenes.top
        assert again.seat == 1 and tuple(again.match.deal.hands[1]) == hand
    finally:
        host.stop()
        host.join(10)


def test_the_joined_table_forgets_the_kept_token_when_the_match_ends(
        start_app: StartApp) -> None:
    app = start_app(speed=8.0)
    host = headless_host([SeatSpec("local", "Ada"), SeatSpec("net")])  # one hand a match
    try:
        table = join_and_begin(app, host, [])
        where = f"{LOOPBACK}:{host.port}"
        assert app.store.tokens.get(where, host.code) is not None
        draw_until_the_hand_ends(app, host, table)
        frames_until([app], lambda: top_name(app) == "ScoreboardScene", 20, "the scoreboard")
        assert table.match.over
        assert app.store.tokens.get(where, host.code) is None
    finally:
        host.stop()
        host.join(10)


# -- 2. the Join list: open seats, a match under way, a seat chosen


def test_the_join_list_shows_open_seats_and_games_under_way_and_a_seat_is_chosen(
        app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    host = headless_host([SeatSpec("local", "Ada"), SeatSpec("net"), SeatSpec("net")])
    try:
        host_events_until(host, Lobby, lambda e: True, [])
        running = FoundGame("Shanghai on cy", LOOPBACK, 1, "shanghai-rummy", 4, GAME_VERSION,
                            PROTOCOL_VERSION, (), True)
        listing(monkeypatch, [found(host.port, (1, 2)), running])
        scene = open_join(app)
        frames_until([app], lambda: len(scene.games) == 2, 5, "the list")
        texts = [b.text for b in scene._elements if hasattr(b, "text")]
        assert "Shanghai on cy \u00b7 under way" in texts
        click(app, button(app, "Machiavelli on ada \u00b7 2 seats open"))
        choose(app, widget(scene, "seat"), "2")
        type_text(app, widget(scene, "code"), host.code)
        type_text(app, widget(scene, "name"), "Bea")
        click(app, button(app, "Join"))
        frames_until([app], lambda: scene.in_lobby, 10, "the lobby")
        assert scene.joined.seat == 2
        assert [s.state for s in scene.seats] == ["local", "open", "taken"]
    finally:
        host.stop()
        host.join(10)


# -- 3. hosting on any address of this computer


def test_the_lobby_hosts_on_the_address_chosen_in_listen_on(
        app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lobby_module, "listen_addresses", lambda: [
        HostAddress(LOOPBACK, "lo", "loopback"),
        HostAddress("127.0.0.2", "tailscale0", "tailscale")])
    lobby = app.scenes.push(screens.lobby(app, "machiavelli", {},
                                          [("Ada", "human"), ("", "net")], 2))
    frames_until([app], lambda: lobby.listening is not None, 10, "the host to listen")
    code = lobby.listening.code
    menu = widget(lobby, "listen")
    assert [o[0] for o in menu.options_list] == [
        "127.0.0.1 \u00b7 this computer only", "127.0.0.2 \u00b7 VPN \u00b7 Tailscale"]
    choose(app, menu, "127.0.0.2")
    frames_until([app], lambda: lobby.listening is not None, 10, "the host to listen again")
    assert lobby.listening.address == "127.0.0.2" and lobby.listening.code == code
    client = NetClient(f"127.0.0.2:{lobby.listening.port}", code, "Bea")
    client.start()
    try:
        frames_until([app], lambda: lobby.seats[1].state == "taken", 10, "the joiner")
    finally:
        client.close()
    click(app, button(app, "Playing over a VPN"))
    assert top_name(app) == "RulesScene"
    assert "Tailscale" in app.scenes.top.html() and "100.64.0.0/10" in app.scenes.top.html()


# -- 4. quick table messages


def test_quick_messages_at_a_joined_table_in_its_own_language_with_a_mute(
        app: Any) -> None:
    host = headless_host([SeatSpec("local", "Ada"), SeatSpec("net")])
    seen: list[object] = []
    try:
        table = join_and_begin(app, host, seen)
        frames_until([app], lambda: table.settled, 20, "the table")
        app.settings.language = "it"
        app.apply_language()
        host.say(0, "good_play")
        frames_until([app], lambda: bool(table.talk.heard_lines), 10, "the phrase")
        words = i18n._("Good play!")
        assert words != "Good play!"  # said in Italian at this screen
        assert table.message is not None and words in table.message.title
        assert table.turn_log[-1] == (0, f"Ada: {words}")  # and in the log
        app.settings.language = "en"
        app.apply_language()
        press(app, pygame.K_F7)
        assert isinstance(app.scenes.top, TalkDialog)
        click(app, button(app, "Thanks!"))
        assert top_name(app) == "JoinedTableScene"
        heard = host_events_until(host, Said, lambda e: e.seat == 1, seen, app)
        assert heard == Said(1, "Bea", "thanks")
        # Mute: the others' phrases stay off this screen
        press(app, pygame.K_F7)
        click(app, widget(app.scenes.top, "mute"))
        assert app.settings.mute_table_talk
        press(app, pygame.K_ESCAPE)
        lines = len(table.talk.heard_lines)
        host.say(0, "oops")
        frames_until([app], lambda: table.talk.muted_count == 1, 10, "the muted phrase")
        assert len(table.talk.heard_lines) == lines
    finally:
        host.stop()
        host.join(10)


def test_quick_messages_at_the_hosts_table(start_app: StartApp) -> None:
    app = start_app(speed=4.0)
    lobby = app.scenes.push(screens.lobby(app, "machiavelli", {},
                                          [("Ada", "human"), ("", "net")], 2))
    frames_until([app], lambda: lobby.listening is not None, 10, "the host to listen")
    client = NetClient(f"{LOOPBACK}:{lobby.listening.port}", lobby.listening.code, "Bea")
    client.start()
    try:
        frames_until([app], lambda: lobby.ready, 10, "the joiner")
        click(app, button(app, "Start"))
        frames_until([app], lambda: top_name(app) == "HostedTableScene", 10, "the table")
        table = app.scenes.top
        client.say("your_turn")
        frames_until([app], lambda: bool(table.talk.heard_lines), 10, "the phrase")
        assert table.talk.heard_lines == ["Bea: Your turn!"]
        press(app, pygame.K_ESCAPE)  # the Esc menu offers them too
        click(app, button(app, "Table messages\u2026"))
        click(app, button(app, "Hello!"))
        end = time.monotonic() + 10
        while time.monotonic() < end:
            app.frame(1 / 60)
            event = client.wait_event(0.02)
            if isinstance(event, Said) and event.seat == 0:
                assert event == Said(0, "Ada", "hello")
                break
        else:
            raise AssertionError("the host's phrase never came")
    finally:
        client.close()


# -- 5. spectators


def test_a_spectator_watches_from_the_join_screen_without_a_hand(app: Any,
                                                                  start_app: StartApp,
                                                                  tmp_path: Any) -> None:
    host_app = app
    lobby = host_app.scenes.push(screens.lobby(host_app, "machiavelli", {},
                                               [("Ada", "human"), ("Boole", "easy")], 2))
    frames_until([host_app], lambda: lobby.listening is not None, 10, "the host to listen")
    click(host_app, widget(lobby, "spectators"))
    assert lobby.watch
    watcher = start_app(data_dir=tmp_path / "watcher")
    scene = open_join(watcher)
    fill_form(watcher, scene, f"{LOOPBACK}:{lobby.listening.port}", lobby.listening.code,
              "Eve")
    click(watcher, button(watcher, "Watch"))
    frames_until([host_app, watcher], lambda: lobby.watchers == ("Eve",), 10, "the watcher")
    assert scene.joined is not None and scene.joined.watching
    click(host_app, button(host_app, "Start"))
    frames_until([host_app, watcher], lambda: top_name(watcher) == "JoinedTableScene", 15,
                 "the watched table")
    table = watcher.scenes.top
    assert table.watching and not table.hand_visible()
    model = table.build_model()
    session = lobby.host.session()
    assert session is not None
    counts = [len(hand) for hand in session.match.deal.hands]
    assert model.hand == () and [s.cards for s in model.seats] == counts
    assert [len(hand) for hand in table.match.deal.hands] == counts
    assert all(card.copy >= 100_000 for hand in table.match.deal.hands for card in hand)


@pytest.mark.parametrize("code", ["it", "de", "es"])
def test_the_new_texts_stay_whole_at_1024x640(start_app: StartApp, code: str,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    from tests.ui.texts import cut_texts

    app = start_app(size=(1024, 640))
    app.settings.language = code
    app.apply_language()
    listing(monkeypatch, [found(47470, (1, 2), watch=True), found(47471, (), started=True)])
    app.store.tokens.keep(f"{LOOPBACK}:47471", "ABCDEF", "t" * 32, 1, "Bea")
    join = app.scenes.push(screens.join(app))
    frames_until([app], lambda: len(join.games) == 2, 5, "the list")
    join.pick(join.games[0])
    pump(app)
    assert cut_texts(join._elements) == [], f"{code} join"
    app.scenes.pop()
    host = headless_host([SeatSpec("local", "Ada"), SeatSpec("net")])
    app.settings.language = "en"  # the helpers click English buttons
    app.apply_language()
    try:
        table = join_and_begin(app, host, [])
        frames_until([app], lambda: table.settled, 20, "the table")
        app.settings.language = code
        app.apply_language()
        table.talk.open_dialog()
        pump(app)
        assert cut_texts(app.scenes.top._elements) == [], f"{code} talk"
    finally:
        host.stop()
        host.join(10)


def test_quick_messages_at_a_joined_contract_table_reach_its_log(app: Any) -> None:
    host = headless_host([SeatSpec("local", "Ada"), SeatSpec("net"), SeatSpec("easy", "Cy")],
                         variant="shanghai-rummy")
    try:
        table = join_and_begin(app, host, [])
        assert type(table).__name__ == "JoinedContractTableScene"
        frames_until([app], lambda: table.settled, 20, "the table")
        host.say(0, "well_played")
        frames_until([app], lambda: bool(table.talk.heard_lines), 10, "the phrase")
        assert table.turn_log.entries[-1] == (0, "Ada: Well played!")
        assert "Ada: Well played!" in [line for _colour, line in table.turn_log.lines(1)]
        pump(app, 10)  # the table goes on drawing with the line in its log
    finally:
        host.stop()
        host.join(10)


def test_the_hosts_limit_on_phrases_is_said_in_words(app: Any) -> None:
    host = headless_host([SeatSpec("local", "Ada"), SeatSpec("net")])
    try:
        table = join_and_begin(app, host, [])
        frames_until([app], lambda: table.settled, 20, "the table")
        notes = said(table)
        for _ in range(6):
            table.talk.send("oops")
        frames_until([app], lambda: any("Too many" in n for n in notes), 10, "the limit")
        assert "Too many table messages: wait a moment before the next one." in notes
        assert len(table.talk.heard_lines) <= 3
    finally:
        host.stop()
        host.join(10)
