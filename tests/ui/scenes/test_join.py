"""Joining a network game from the real app, driven by real pygame events: the title's
Join a network game, the Join screen (typing the address, the join code and the name,
pressing Join), its lobby, and the joined table, where the person plays their seat
against the host (a headless ``NetHost``, or a second app hosting) on 127.0.0.1."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pygame
import pytest
from pygame_gui.elements import UIButton

from game.engine.actions import Draw, EndTurn, Pass, Play
from game.engine.contract.actions import Discard
from game.engine.serial import card_to_json
from game.engine.table import Table
from game.net import HostSettings, NetHost, SeatSpec
from game.net.events import Lobby, Played, SeatChanged
from game.ui.cardtable import joined as joined_module
from game.ui.cardtable.modes import HUMAN, PLAYBACK
from game.ui.cardtable.probe import TableProbe
from game.ui.scenes import join as join_module
from game.ui.scenes import lobby as lobby_module
from game.ui.scenes import screens
from tests.ui.conftest import (
    StartApp,
    button,
    click,
    press,
    pump,
    top_name,
    type_text,
    widget,
)
from tests.ui.scenes.test_menus import open_title
from tests.ui.texts import cut_texts

LOOPBACK = "127.0.0.1"


@pytest.fixture(autouse=True)
def loopback(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hosting on the loopback address, unannounced; the Join screen looks for no games."""
    monkeypatch.setattr(lobby_module, "host_settings", lambda: HostSettings(
        host=LOOPBACK, port=0, takeover_after=30.0, announce=False))
    monkeypatch.setattr(join_module, "start_browser", lambda: None)
    monkeypatch.setattr(join_module, "TOKENS", {})


def frames_until(apps: list[Any], done: Callable[[], bool], seconds: float = 30.0,
                 what: str = "") -> None:
    """Frames of every app (in real time: the network is) until ``done()``."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if done():
            return
        for app in apps:
            app.frame(1 / 60)
        time.sleep(0.003)
    assert done(), f"gave up waiting for {what}"


def open_join(app: Any) -> Any:
    open_title(app)
    click(app, button(app, "Join a network game"))
    assert top_name(app) == "JoinScene"
    return app.scenes.top


def fill_form(app: Any, scene: Any, address: str, code: str, name: str) -> None:
    type_text(app, widget(scene, "address"), address)
    type_text(app, widget(scene, "code"), code)
    type_text(app, widget(scene, "name"), name)


def headless_host(seats: list[SeatSpec], seed: int = 2, variant: str = "machiavelli"
                  ) -> NetHost:
    host = NetHost(variant, seats, seed, {}, HostSettings(host=LOOPBACK, port=0))
    host.start()
    return host


def host_events_until(host: NetHost, kind: type, test: Callable[[Any], bool],
                      seen: list[object], app: Any = None, seconds: float = 20.0) -> Any:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        for event in host.events():
            seen.append(event)
            if isinstance(event, kind) and test(event):
                return event
        if app is not None:
            app.frame(1 / 60)
        time.sleep(0.005)
    raise AssertionError(f"no {kind.__name__} from the host")


def test_a_wrong_code_is_refused_in_words_and_the_form_stays(app: Any) -> None:
    host = headless_host([SeatSpec("local", "Ada"), SeatSpec("net")])
    try:
        seen: list[object] = []
        host_events_until(host, Lobby, lambda e: True, seen)
        scene = open_join(app)
        fill_form(app, scene, f"{LOOPBACK}:{host.port}", "WRONG1", "Bea")
        click(app, button(app, "Join"))
        frames_until([app], lambda: bool(scene.problem), 10, "the refusal")
        assert "Wrong join code" in scene.problem
        assert scene.client is None and top_name(app) == "JoinScene"
        assert widget(scene, "address").get_text() == f"{LOOPBACK}:{host.port}"
        # a host that is not there: said, never a frozen window
        type_text(app, widget(scene, "address"), f"{LOOPBACK}:1")
        start = time.monotonic()
        click(app, button(app, "Join"))
        assert time.monotonic() - start < 1.0
        frames_until([app], lambda: "Cannot reach the host" in scene.problem, 15,
                     "the unreachable host")
    finally:
        host.stop()
        host.join(10)


def test_join_with_the_keyboard_then_play_turns_at_the_joined_table(app: Any) -> None:
    host = headless_host([SeatSpec("local", "Ada"), SeatSpec("net")])
    seen: list[object] = []
    try:
        host_events_until(host, Lobby, lambda e: True, seen)
        scene = open_join(app)
        fill_form(app, scene, f"{LOOPBACK}:{host.port}", host.code.lower(), "Bea")
        # Enter in the last field joins (the keyboard alone reaches everything)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                             unicode="\r", scancode=0))
        pump(app, 3)
        frames_until([app], lambda: scene.in_lobby and len(scene.seats) == 2, 10, "the lobby")
        assert scene.joined.seat == 1 and scene.seats[1].name == "Bea"
        assert scene.seats[0].name == "Ada"
        host.begin()
        frames_until([app], lambda: top_name(app) == "JoinedTableScene", 10, "the table")
        table = app.scenes.top
        assert table.seat == 1 and table.session.humans == [1]
        probe = TableProbe(app, table)
        # the host's person (seat 0) lays a meld first, then draws; the joined table tells
        # the play step by step, as a computer's, once its cards are public
        for turn in range(3):
            frames_until([app], lambda: table.match.current == 0 and table.settled, 20,
                         "seat 0's turn")
            if turn == 0:
                match = host.session().match
                meld = meld_in(tuple(match.deal.hands[0]), match.variant)
                host.act(0, Play(0, Table((tuple(meld),), (), {})))
                frames_until([app], lambda: table.mode == PLAYBACK, 10, "the play told")
                assert set(meld) <= set(table.match.deal.hands[0])  # public now
                frames_until([app], lambda: table.mode == HUMAN, 20, "the play to land")
                assert [sorted(m) for m in table.match.deal.table.melds] == [sorted(meld)]
                assert table.turn_log[-1][0] == 0 and "Ada" in table.turn_log[-1][1]
                assert not set(meld) & set(table.match.deal.hands[0])
            else:
                host.act(0, Draw(0))
            frames_until([app], lambda: table.mode == HUMAN, 20, "the joiner's turn")
            assert table.errors == []
            hand = len(table.match.deal.hands[1])
            stock = len(table.match.deal.stock)
            probe.click_button("draw")  # a real click on Draw, sent to the host
            frames_until([app], lambda: table.match.current == 0 and table.settled, 20,
                         "the draw to come back")
            assert len(table.match.deal.hands[1]) == hand + 1
            assert len(table.match.deal.stock) == stock - 1
            played = host_events_until(host, Played, lambda e: e.event["seat"] == 1, seen)
            assert played.event["action"]["type"] == "draw"
        assert sum(1 for seat, _ in table.turn_log if seat == 0) >= 3
        assert sum(1 for seat, _ in table.turn_log if seat == 1) >= 3
        # the joined table holds only what its seat may see: its hand is the host's
        view = table.client.last_view
        assert tuple(table.match.deal.hands[1]) == view.hand
        assert table.match.deal.table == view.table
    finally:
        host.stop()
        host.join(10)


def meld_in(hand: tuple[Any, ...], variant: Any) -> list[Any]:
    """Three cards of ``hand`` that make a meld on their own (the person's own cards)."""
    from itertools import combinations

    from game.engine.melds import check_meld

    for combo in combinations(hand, 3):
        if check_meld(list(combo), variant, {}).ok:
            return list(combo)
    raise AssertionError("no meld in the hand: pick another seed")


def test_a_second_app_joins_the_host_app_and_plays_a_turn_the_host_shows(
        start_app: StartApp, tmp_path: Any) -> None:
    host_app = start_app(speed=4.0)
    joiner = start_app(data_dir=tmp_path / "joiner", speed=4.0)
    lobby = host_app.scenes.push(screens.lobby(host_app, "machiavelli", {},
                                               [("Niccolo", "human"), ("", "net")], 2))
    frames_until([host_app], lambda: lobby.listening is not None, 10, "the host to listen")
    listening = lobby.listening
    # the second app joins through its Join screen, typing what the host's lobby shows
    scene = open_join(joiner)
    fill_form(joiner, scene, f"{listening.address}:{listening.port}", listening.code, "Bea")
    click(joiner, button(joiner, "Join"))
    frames_until([host_app, joiner], lambda: scene.in_lobby and lobby.seats[1].state == "taken"
                 and len(scene.seats) == 2 and scene.seats[1].state == "taken", 15, "the join")
    assert lobby.seats[1].name == "Bea" and scene.seats[0].name == "Niccolo"
    click(host_app, button(host_app, "Start"))
    frames_until([host_app, joiner], lambda: top_name(host_app) == "HostedTableScene"
                 and top_name(joiner) == "JoinedTableScene", 15, "both tables")
    hosted, joined = host_app.scenes.top, joiner.scenes.top
    host_probe, join_probe = TableProbe(host_app, hosted), TableProbe(joiner, joined)
    # the host's person draws (a real click at the host's table)
    frames_until([host_app, joiner], host_probe.idle, 30, "the host's turn")
    host_probe.click_button("draw")
    frames_until([host_app, joiner], lambda: joined.mode == HUMAN and not joined.sprites.busy,
                 30, "the joiner's turn")
    assert [seat for seat, _ in joined.turn_log] == [0]
    # its seat boxes say where the others play; the deal (the host's seed) is not known here,
    # and the host's screen keeps it back too while the joiner's hand is hidden from it
    assert joined.model.seats[0].note == "At the host's screen"
    assert joined.indicators.facts().deal == "" and hosted.indicators.facts().deal == ""
    # the joiner lays a meld from its hand: select, drag to a new meld, End turn
    cards = meld_in(tuple(joined.match.deal.hands[1]), joined.match.variant)
    for card in cards:
        join_probe.click(join_probe.center(card), mods=pygame.KMOD_CTRL)
    join_probe.drag(join_probe.center(cards[0]), joined.layout.new_melds[0].center)
    join_probe.frames(3)
    assert sorted(joined.draft.groups[-1]) == sorted(cards)
    join_probe.click_button("end")
    # the host's match has the play, and the host's table shows it in its log and melds
    frames_until([host_app, joiner], lambda: any(seat == 1 for seat, _ in hosted.turn_log)
                 and joined.settled, 30, "the host to show the joiner's play")
    assert any(sorted(meld) == sorted(cards) for meld in hosted.match.deal.table.melds)
    assert hosted.errors == [] and joined.errors == []
    assert joined.match.deal.table == hosted.match.deal.table
    assert len(joined.match.deal.hands[1]) == len(hosted.match.deal.hands[1])
    # the joined table never held another seat's card: the host's hand is counts only
    assert not set(hosted.match.deal.hands[0]) & set(joined.match.deal.hands[0])
    assert any("Bea" in line for seat, line in hosted.turn_log if seat == 1)
    # leaving: the joiner's client closes; the host says the seat waits
    joiner.scenes.pop()
    frames_until([host_app], lambda: hosted.network.seats[1].state == "waiting", 10,
                 "the host to see the joiner leave")


def join_and_begin(app: Any, host: NetHost, seen: list[object]) -> Any:
    host_events_until(host, Lobby, lambda e: True, seen)
    scene = open_join(app)
    fill_form(app, scene, f"{LOOPBACK}:{host.port}", host.code, "Bea")
    click(app, button(app, "Join"))
    frames_until([app], lambda: scene.in_lobby, 10, "the lobby")
    host.begin()
    frames_until([app], lambda: top_name(app) in ("JoinedTableScene",
                                                  "JoinedContractTableScene"), 10, "the table")
    return app.scenes.top


def draw_until_the_hand_ends(app: Any, host: NetHost, table: Any) -> None:
    """Seats 0 (at the host) and 1 (at the joined table, by its Draw and End turn) only
    draw, end their turns and pass, until the hand ends."""
    for _turn in range(600):
        frames_until([app], lambda: table.match.hand_over or table.settled and (
            table.mode == HUMAN or table.match.current == 0), 20, "a turn")
        if table.match.hand_over:
            return
        step = table.link.step
        if table.match.current == 0:
            session = host.session()
            legal = session.match.legal_kinds() if session is not None else ()
            kind = next((k for k in ("draw", "end_turn", "pass") if k in legal), legal)
            host.act(0, {"draw": Draw, "end_turn": EndTurn, "pass": Pass}[kind](0))
        elif "draw" in table.match.legal_kinds() or "pass" in table.match.legal_kinds():
            table.human.draw_card()  # Draw, or Pass once the stock is out
        else:
            table.human.end_turn()
        frames_until([app], lambda before=step: table.link.step > before, 20, "the move")
    raise AssertionError("the hand did not end")


def test_the_joined_table_shows_the_match_result_and_only_title_after_it(
        start_app: StartApp) -> None:
    app = start_app(speed=8.0)
    host = headless_host([SeatSpec("local", "Ada"), SeatSpec("net")])  # one hand a match
    try:
        table = join_and_begin(app, host, [])
        draw_until_the_hand_ends(app, host, table)
        frames_until([app], lambda: top_name(app) == "ScoreboardScene", 20, "the scoreboard")
        board = app.scenes.top
        assert board.over and table.match.result is not None
        # the host's game: nothing to review, save or play again here
        assert [e.text for e in board._elements if isinstance(e, UIButton)] == [
            "See the table", "Title"]
        press(app, pygame.K_ESCAPE)  # Esc, as the main button: back to the title
        assert top_name(app) == "TitleScene"
    finally:
        host.stop()
        host.join(10)


def test_the_joined_table_shows_the_next_deal_and_then_a_lost_host(
        start_app: StartApp, monkeypatch: pytest.MonkeyPatch) -> None:
    """Carousel (hands until a score of 150): the joined scoreboard's Next hand shows the
    deal the host made; then the host stops and the table says so, its cards kept."""
    monkeypatch.setattr(joined_module, "RETRIES", 2)
    monkeypatch.setattr(joined_module, "RETRY_EVERY", 0.3)
    app = start_app(speed=8.0)
    host = headless_host([SeatSpec("local", "Ada"), SeatSpec("net")], variant="carousel")
    try:
        table = join_and_begin(app, host, [])
        draw_until_the_hand_ends(app, host, table)
        frames_until([app], lambda: top_name(app) == "ScoreboardScene", 20, "the scoreboard")
        click(app, button(app, "Next hand"))
        frames_until([app], lambda: top_name(app) == "JoinedTableScene"
                     and table.match.deal.number == 1 and table.settled, 20, "the next deal")
        assert table.match.deal.hands[1] == list(table.client.last_view.hand)
        hand = list(table.match.deal.hands[1])
        host.stop()  # for good: the table tries again (twice, here), then says so
        frames_until([app], lambda: bool(table.lost), 20, "the host to be gone")
        assert any("host is gone" in e for e in table.errors)
        assert table.match.deal.hands[1] == hand  # the last view stays on the table
        pump(app, 5)  # the window goes on
    finally:
        host.stop()
        host.join(10)


@pytest.mark.parametrize("code", ["it", "de", "es"])
def test_the_join_screen_and_the_lobby_keep_their_texts_whole_at_1024x640(
        start_app: StartApp, code: str) -> None:
    app = start_app(size=(1024, 640))
    app.settings.language = code
    app.apply_language()
    join = app.scenes.push(screens.join(app))
    pump(app)
    assert cut_texts(join._elements) == [], f"{code} join"
    app.scenes.pop()
    lobby = app.scenes.push(screens.lobby(app, "machiavelli", {},
                                          [("Ada", "human"), ("", "net")], 2))
    frames_until([app], lambda: lobby.listening is not None, 10, "the host to listen")
    assert cut_texts(lobby._elements) == [], f"{code} lobby"
    app.scenes.pop()


def test_the_contract_game_joined_buy_window_draw_and_discard_by_keys(app: Any) -> None:
    """Shanghai Rummy: the host's person draws from the stock, the host's buy window asks
    the joined seat (N declines), the computer seat answers, the person discards; the
    joined seat draws (D) and discards the card it selected (X): the host applies both."""
    host = headless_host([SeatSpec("local", "Ada"), SeatSpec("net"), SeatSpec("easy", "Cy")],
                         variant="shanghai-rummy")
    seen: list[object] = []
    try:
        table = join_and_begin(app, host, seen)
        assert type(table).__name__ == "JoinedContractTableScene"
        probe = TableProbe(app, table)
        frames_until([app], lambda: table.match.awaiting == 0 and table.settled, 20,
                     "seat 0's turn")
        assert table.status.text == "Waiting for Ada (at the host's screen)"
        assert [s.note for s in table.model.seats] == ["At the host's screen", "", ""]
        host.act(0, Draw(0))
        frames_until([app], lambda: table.mode == "buy" and table.prompt is not None, 20,
                     "the buy prompt")
        assert table.match.deal.phase == "buying"
        probe.key(pygame.K_n)  # decline
        declined = host_events_until(host, Played, lambda e: e.event["seat"] == 1, seen, app)
        assert declined.event["action"]["type"] == "decline"
        frames_until([app], lambda: table.match.deal.phase == "play"
                     and table.match.awaiting == 0 and table.settled, 20, "seat 0's play")
        session = host.session()
        assert session is not None
        top = session.match.deal.hands[0][0]
        host.act(0, Discard(0, top))
        frames_until([app], lambda: table.mode == HUMAN and table.match.awaiting == 1, 30,
                     "the joiner's turn")
        assert table.match.deal.discard[-1] == top  # the discard shown face up
        hand = len(table.match.deal.hands[1])
        probe.key(pygame.K_d)  # draw from the stock
        frames_until([app], lambda: table.settled and table.mode == HUMAN
                     and len(table.match.deal.hands[1]) == hand + 1, 20, "the drawn card")
        card = table.match.deal.hands[1][0]
        probe.click(probe.center(card))
        assert table.selected == [card]
        probe.key(pygame.K_x)  # discard it
        discarded = host_events_until(host, Played, lambda e: e.event["seat"] == 1
                                      and e.event["action"]["type"] == "discard", seen, app)
        assert discarded.event["played"] == [card_to_json(card)]
        frames_until([app], lambda: table.settled and table.match.awaiting != 1, 20,
                     "the discard shown")
        assert table.errors == []
        assert tuple(table.match.deal.hands[1]) == table.client.last_view.hand
    finally:
        host.stop()
        host.join(10)


def test_a_dropped_connection_gets_the_seat_back_with_its_token(app: Any) -> None:
    host = headless_host([SeatSpec("local", "Ada"), SeatSpec("net")])
    seen: list[object] = []
    try:
        table = join_and_begin(app, host, seen)
        frames_until([app], lambda: table.match.current == 0 and table.settled, 20,
                     "seat 0's turn")
        first = table.client
        ws = first._ws
        assert ws is not None
        first._loop.call_soon_threadsafe(ws.transport.abort)  # the network drops it
        host_events_until(host, SeatChanged, lambda e: e.seat == 1 and e.state == "waiting",
                          seen, app)
        host_events_until(host, SeatChanged, lambda e: e.seat == 1 and e.state == "taken",
                          seen, app)
        frames_until([app], lambda: table.client is not first and not table.link.reconnecting,
                     10, "the seat back")
        assert table.errors == [] and not table.lost
        host.act(0, Draw(0))
        frames_until([app], lambda: table.mode == HUMAN, 20, "the joiner's turn")
        probe = TableProbe(app, table)
        probe.click_button("draw")
        played = host_events_until(host, Played, lambda e: e.event["seat"] == 1, seen, app)
        assert played.event["action"]["type"] == "draw"
        frames_until([app], lambda: table.match.current == 0 and table.settled, 20,
                     "the draw shown")
        assert tuple(table.match.deal.hands[1]) == table.client.last_view.hand
    finally:
        host.stop()
        host.join(10)


def test_joining_the_same_game_again_takes_the_seat_back(app: Any) -> None:
    """Leaving the joined table keeps the seat at the host a while; Join with the same
    address and code (the app kept the seat's token) goes straight back to it."""
    host = headless_host([SeatSpec("local", "Ada"), SeatSpec("net")])
    seen: list[object] = []
    try:
        table = join_and_begin(app, host, seen)
        frames_until([app], lambda: table.settled, 20, "the table")
        hand = tuple(table.match.deal.hands[1])
        app.scenes.reset(screens.title(app))  # Quit to title
        host_events_until(host, SeatChanged, lambda e: e.seat == 1 and e.state == "waiting",
                          seen, app)
        scene = open_join(app)
        fill_form(app, scene, f"{LOOPBACK}:{host.port}", host.code, "Bea")
        click(app, button(app, "Join"))
        frames_until([app], lambda: top_name(app) == "JoinedTableScene", 15, "the table again")
        host_events_until(host, SeatChanged, lambda e: e.seat == 1 and e.state == "taken",
                          seen, app)
        again = app.scenes.top
        assert again is not table and again.seat == 1
        assert tuple(again.match.deal.hands[1]) == hand
    finally:
        host.stop()
        host.join(10)


def test_a_restarted_window_takes_its_seat_back_with_the_kept_token(
        start_app: StartApp, tmp_path: Any) -> None:
    """The window's game crashes: the next start of the game, on the same data folder,
    joins the same address and code and is given its seat back (the token was kept in
    the data folder), with its hand, never told the game is full."""
    first = start_app(data_dir=tmp_path)
    host = headless_host([SeatSpec("local", "Ada"), SeatSpec("net")])
    seen: list[object] = []
    try:
        table = join_and_begin(first, host, seen)
        frames_until([first], lambda: table.settled, 20, "the table")
        hand = tuple(table.match.deal.hands[1])
        table.link.client.close()  # the game crashes: the connection goes, nothing said
        host_events_until(host, SeatChanged, lambda e: e.seat == 1 and e.state == "waiting",
                          seen)
        join_module.TOKENS.clear()  # a new start of the game remembers nothing in memory
        second = start_app(data_dir=tmp_path)
        scene = open_join(second)
        fill_form(second, scene, f"{LOOPBACK}:{host.port}", host.code, "Bea")
        click(second, button(second, "Join"))
        frames_until([second], lambda: top_name(second) == "JoinedTableScene"
                     or bool(scene.problem), 15, "the table again")
        assert not scene.problem and top_name(second) == "JoinedTableScene", scene.problem
        host_events_until(host, SeatChanged, lambda e: e.seat == 1 and e.state == "taken",
                          seen, second)
        again = second.scenes.top
        assert again.seat == 1 and tuple(again.match.deal.hands[1]) == hand
    finally:
        host.stop()
        host.join(10)
