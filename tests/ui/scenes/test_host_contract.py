"""Hosting the contract game (Shanghai Rummy) from the real app, driven by real pygame
events: New game's "Network player" seats, the lobby, and the hosted contract table, where
a ``game.net`` join bot on 127.0.0.1 plays one network seat and the test plays another
(holding its buy answers so that the person's early answer waits in the host's queue).
The person plays with the hint (H, then H again does it) and answers the buy window with
B as soon as the prompt comes up."""

from __future__ import annotations

import time
from typing import Any

import pygame
import pytest

from game.ai.turns import SEAT_ONLY, ask, for_seat, make_computer
from game.engine.actions import Action
from game.engine.contract.actions import Buy, Decline
from game.net import HostSettings, NetClient
from game.net.events import Joined, Refused, Update
from game.net.views import seat_to_move
from game.ui.cardtable.probe import TableProbe
from game.ui.contract.network_turns import NetworkTurns
from game.ui.scenes import AUTOSAVE, load_session
from game.ui.scenes import lobby as lobby_module
from game.ui.scenes import new_game as new_game_module
from game.ui.scenes import open_table as open_scene
from game.ui.scenes.contract_scoreboard import ContractScoreboardScene
from tests.ui.conftest import StartApp, button, choose, click, pump, top_name, type_text, widget
from tests.ui.scenes.test_host_lobby import LOOPBACK, join_bot, run_until
from tests.ui.scenes.test_new_game import open_new_game

SEED = 20261126


@pytest.fixture(autouse=True)
def loopback(monkeypatch: pytest.MonkeyPatch) -> None:
    """The lobby hosts on the loopback address, on a free port, unannounced; New game's
    seed is fixed (the same deal every run)."""
    monkeypatch.setattr(lobby_module, "host_settings", lambda: HostSettings(
        host=LOOPBACK, port=0, takeover_after=30.0, announce=False))
    monkeypatch.setattr(new_game_module, "random_deal", lambda: SEED)


class HeldSeat:
    """A network seat the test plays through its own ``NetClient``, a medium computer's
    moves, except in a buy window where the person waits behind it: there it answers
    only once the person has answered early, declining the first time (the person's
    queued answer is then applied) and buying after that (the person's is dropped)."""

    def __init__(self, address: str, code: str, name: str, buys_first: bool = False) -> None:
        self.buys_first = buys_first  # buy at once (before the person) when it can
        self.client = NetClient(address, code, name)
        self.client.start()
        self.seat: int | None = None
        self.player: Any = None
        self.view: Any = None
        self.step = -1
        self.queue: tuple[int, ...] = ()
        self.acted = -1
        self.held: list[str] = []  # its answers while the person waited behind it

    def poll(self, person_answered: bool) -> None:
        for event in self.client.events():
            if isinstance(event, Joined):
                self.seat = event.seat
                assert self.client.family is not None
                self.player = make_computer(self.client.family, "medium", 7)
            elif isinstance(event, Update) and event.step >= self.step:
                self.view, self.step, self.queue = event.view, event.step, event.buy_queue
            elif isinstance(event, Refused) and self.view is not None:
                kind, make = next((k, m) for k, m in SEAT_ONLY if k in self.view.legal)
                self.client.act(make(self.seat), self.step)  # as the join bot falls back
        view, seat = self.view, self.seat
        if view is None or seat is None or self.player is None or self.acted == self.step \
                or view.hand_result is not None or not view.legal \
                or seat_to_move(view) != seat:
            return
        action: Action
        if view.phase == "buying" and 0 in self.queue[1:]:
            if not person_answered and not self.buys_first:
                return
            action = Buy(seat) if (self.held or self.buys_first) and "buy" in view.legal \
                else Decline(seat)
            self.held.append(action.kind)
        else:
            action = for_seat(ask(self.player, view), seat).action
        self.client.act(action, self.step)
        self.acted = self.step

    def close(self) -> None:
        self.client.close()
        self.client.join(5)


def open_contract_lobby(app: Any) -> Any:
    """New game: Shanghai Rummy for four, the person at seat 1, network players at seats
    2 and 4, a computer at seat 3; hosted: the lobby, listening."""
    scene = open_new_game(app)
    choose(app, widget(scene, "variant"), "shanghai-rummy")
    scene = app.scenes.top
    choose(app, widget(scene, "seats"), "4")
    scene = app.scenes.top
    type_text(app, widget(scene, "seat0.name"), "Niccolo")
    assert scene.setup.seats[0][1] == "human"
    choose(app, widget(scene, "seat1.kind"), "net")
    choose(app, widget(scene, "seat3.kind"), "net")
    assert scene.setup.seats[2][1] == "medium"
    click(app, button(app, "Host the game"))
    assert top_name(app) == "LobbyScene"
    lobby = app.scenes.top
    run_until(app, lambda: lobby.listening is not None, 10, "the host to listen")
    return lobby


def test_new_game_offers_network_seats_for_the_contract_game(app: Any) -> None:
    scene = open_new_game(app)
    choose(app, widget(scene, "variant"), "shanghai-rummy")
    scene = app.scenes.top
    assert "net" in [o[1] for o in widget(scene, "seat1.kind").options_list]
    choose(app, widget(scene, "seat1.kind"), "net")
    assert button(app, "Host the game")
    assert scene.setup.check() is None


def test_the_host_plays_a_round_of_shanghai_rummy_with_network_seats(
        start_app: StartApp, monkeypatch: pytest.MonkeyPatch) -> None:
    queued: list[str] = []
    told = NetworkTurns.queued
    monkeypatch.setattr(NetworkTurns, "queued",
                        lambda self, event: (queued.append(event.kind), told(self, event)))
    app = start_app(speed=4.0)
    lobby = open_contract_lobby(app)
    client, thread, outcome = join_bot(lobby, "Bot")
    run_until(app, lambda: lobby.seats[1].state == "taken", 20, "the bot to join")
    listening = lobby.listening
    held = HeldSeat(f"{listening.address}:{listening.port}", listening.code, "Held")
    run_until(app, lambda: lobby.seats[3].state == "taken", 20, "the held seat to join")
    assert [s.name for s in lobby.seats] == ["Niccolo", "Bot", "Dante", "Held"] \
        or lobby.seats[0].name == "Niccolo"
    run_until(app, lambda: widget(lobby, "start").is_enabled, 5, "Start")
    click(app, button(app, "Start"))
    run_until(app, lambda: top_name(app) == "HostedContractTableScene", 10, "the table")
    table = app.scenes.top
    assert table.session.humans == [0]
    assert table.model.seats[1].note == "Network player"
    probe = TableProbe(app, table)
    early_answers = 0
    try:
        for _frame in range(60 * 400):
            held.poll(table.early is not None)
            top = app.scenes.top
            if isinstance(top, ContractScoreboardScene):
                break
            assert table.errors == [], table.errors
            if table.sprites.busy or top is not table:
                probe.frames(1)
                continue
            prompt = table.prompt
            if table.mode == "buy" and prompt is not None \
                    and prompt.seat != table.match.awaiting:
                assert prompt.ahead == table.session.seats[table.match.awaiting].name
                probe.key(pygame.K_b)  # asked early: the answer goes to the host's queue
                early_answers += 1
                assert table.early is not None and table.prompt is None
            elif table.mode in ("human", "buy") and table.human.my_move():
                person_moves(table, probe)
            else:
                probe.frames(1)
        else:
            raise AssertionError("the round did not end")
        assert table.match.hand_over and table.errors == []
        log = table.match.log
        # the buy window: the person's early answers were queued by the host and applied
        # in seat order (after the held seat declined), or dropped (it bought first)
        assert early_answers >= 2 and queued
        assert held.held[:2] == ["decline", "buy"]
        assert any(isinstance(a, Decline) and a.player == 3  # the person's queued buy,
                   and isinstance(b, Buy) and b.player == 0  # in its turn
                   for a, b in zip(log, log[1:], strict=False))
        assert any(isinstance(a, Buy) and a.player == 3 for a in log)  # a network seat's
        # the next round: the copy catches up with the host, which waits for the person
        probe.key(pygame.K_RETURN)
        run_until(app, lambda: (held.poll(True) or True) and top_name(app) ==
                  "HostedContractTableScene" and table.mode in ("human", "buy")
                  and table.human.my_move() and not table.sprites.busy, 60, "the person")
        host_match = table.host.session().match
        assert host_match.log == table.match.log
        assert not outcome  # the bot still plays
        assert client.last_view == table.match.view(1)
    finally:
        held.close()
    # leaving stops hosting; the autosave holds the hosted contract game, and resuming
    # it reopens the lobby for the network players to join again
    app.scenes.pop()
    table.host.join(10)
    assert not table.host.running
    thread.join(10)
    session = load_session(app, AUTOSAVE)
    assert session is not None and session.network is not None
    assert session.network.remote == (1, 3)
    saved = session.match.log  # as the last turn ended (the contract table saves then)
    assert saved == table.match.log[:len(saved)] and saved[-1].kind in ("discard", "next_hand")
    assert len(saved) > 40
    open_scene(app, session)
    assert top_name(app) == "LobbyScene"
    resumed = app.scenes.top
    run_until(app, lambda: resumed.listening is not None, 10, "the host to listen")
    assert resumed.variant_name == "Shanghai Rummy"
    assert [s.state for s in resumed.seats] == ["local", "open", "computer", "open"]
    # the players join again and Start: the hosted contract table, where the save left it
    listening = resumed.listening
    back = [NetClient(f"{listening.address}:{listening.port}", listening.code, name)
            for name in ("Bot", "Held")]
    for joiner in back:
        joiner.start()
    run_until(app, lambda: widget(resumed, "start").is_enabled, 20, "the players to rejoin")
    click(app, button(app, "Start"))
    run_until(app, lambda: top_name(app) == "HostedContractTableScene", 10, "the table")
    again = app.scenes.top
    assert again.match.log == saved and again.network.remote == (1, 3)
    app.scenes.pop()
    again.host.join(10)
    for joiner in back:
        joiner.close()


def test_an_early_answer_that_comes_too_late_is_told_and_play_goes_on(
        start_app: StartApp) -> None:
    """The seat asked first buys at the host while this screen still shows the prompt:
    the person's answer is refused by the host, the table says so and plays on."""
    app = start_app(speed=4.0)
    lobby = open_contract_lobby(app)
    client, thread, _outcome = join_bot(lobby, "Bot")
    listening = lobby.listening
    held = HeldSeat(f"{listening.address}:{listening.port}", listening.code, "Held",
                    buys_first=True)
    run_until(app, lambda: widget(lobby, "start").is_enabled, 30, "the players to join")
    click(app, button(app, "Start"))
    run_until(app, lambda: top_name(app) == "HostedContractTableScene", 10, "the table")
    table = app.scenes.top
    probe = TableProbe(app, table)
    try:
        for _frame in range(60 * 300):
            held.poll(False)
            assert table.errors == [], table.errors
            if isinstance(app.scenes.top, ContractScoreboardScene):
                raise AssertionError("no buy window where the held seat bought first")
            if table.sprites.busy or app.scenes.top is not table:
                probe.frames(1)
                continue
            prompt = table.prompt
            if table.mode == "buy" and prompt is not None \
                    and prompt.seat != table.match.awaiting:
                if table.match.awaiting == 3 and bought_at_host(table, held):
                    probe.key(pygame.K_b)  # too late: the window has closed at the host
                    break
                probe.key(pygame.K_n)
            elif table.mode in ("human", "buy") and table.human.my_move():
                person_moves(table, probe)
            else:
                probe.frames(1)
        run_until(app, lambda: table.message is not None
                  and table.message.title == "Too late to answer", 10, "the refusal")
        assert table.errors == [] and not table.answer_out
        bought = len(table.match.log)
        run_until(app, lambda: any(isinstance(a, Buy) and a.player == 3
                                   for a in table.match.log[bought - 3:]), 20, "the buy")
        assert table.errors == []
    finally:
        held.close()
        app.scenes.pop()
        table.host.join(10)
        client.close()
        thread.join(10)


def bought_at_host(table: Any, held: HeldSeat) -> bool:
    """Let the held seat answer the window on show (no frame runs meanwhile: the table
    keeps its prompt); did it buy, and has the host applied it?"""
    step = len(table.match.log)  # the host's next action is the held seat's answer
    end = time.monotonic() + 10
    while time.monotonic() < end:
        held.poll(False)
        log = table.host.session().match.log
        if len(log) > step:
            return isinstance(log[step], Buy) and log[step].player == 3
        time.sleep(0.01)
    raise AssertionError("the held seat did not answer")


def person_moves(table: Any, probe: TableProbe) -> None:
    """The person's move from the hint (H, then H again does it); without one, the
    plainest move (decline, draw, discard the first card)."""
    before = len(table.match.log)
    probe.key(pygame.K_h)
    for _ in range(4000):
        worker = table.hint.worker
        if worker is None:
            break
        worker.wait(0.02)
        probe.frames(1)
    probe.frames(1)
    if table.hint.action is not None:
        probe.key(pygame.K_h)
    elif table.mode == "buy":
        probe.key(pygame.K_n)
    elif table.match.deal.phase == "draw":
        probe.key(pygame.K_d)
    else:
        hand = table.bottom_hand()
        probe.click(probe.center(hand[0]))
        probe.key(pygame.K_x)
    probe.frames(2)
    assert len(table.match.log) > before or table.mode != "human", table.status.text


def test_a_dropped_network_player_shows_on_the_contract_seat_box(
        app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lobby_module, "host_settings", lambda: HostSettings(
        host=LOOPBACK, port=0, takeover_after=3.0, announce=False))
    scene = open_new_game(app)
    choose(app, widget(scene, "variant"), "shanghai-rummy")
    scene = app.scenes.top
    assert len(scene.setup.seats) == 3 and scene.setup.seats[0][1] == "human"
    choose(app, widget(scene, "seat1.kind"), "net")
    assert scene.setup.seats[2][1] == "medium"
    click(app, button(app, "Host the game"))
    lobby = app.scenes.top
    run_until(app, lambda: lobby.listening is not None, 10, "the host to listen")
    client, thread, _outcome = join_bot(lobby, "Bot")
    run_until(app, lambda: lobby.seats[1].state == "taken", 20, "the bot to join")
    run_until(app, lambda: widget(lobby, "start").is_enabled, 5, "Start")
    click(app, button(app, "Start"))
    run_until(app, lambda: top_name(app) == "HostedContractTableScene", 10, "the table")
    table = app.scenes.top
    assert table.model.seats[1].note == "Network player"
    client.close()
    run_until(app, lambda: table.network.seats[1].state == "waiting", 20, "the drop")
    pump(app, 2)
    # the seconds first: the thinking tab beside them never hides them (issue 44)
    note = table.model.seats[1].note
    assert note.split()[0].isdigit() and note.endswith(" s to come back, then a computer")
    assert table.message is not None and "dropped out" in table.message.title
    run_until(app, lambda: table.network.seats[1].state == "computer", 20, "the takeover")
    pump(app, 2)
    assert table.model.seats[1].note == "Dropped out: a computer plays"
    # the host's computer plays the seat now: its moves reach the table
    taken_over = len(table.host.session().match.log)
    probe = TableProbe(app, table)
    for _frame in range(60 * 120):
        if any(a.player == 1 for a in table.match.log[taken_over:]):
            break
        if table.mode in ("human", "buy") and table.human.my_move() \
                and not table.sprites.busy and app.scenes.top is table:
            person_moves(table, probe)
        else:
            probe.frames(1)
    assert any(a.player == 1 for a in table.match.log[taken_over:])
    assert table.errors == []
    thread.join(10)
    table.host.stop()
