"""The host of a network game: its engine is the only authority.

``NetHost`` runs a websocket server and the match on its own thread with an asyncio loop;
the caller (a screen's frame loop, or ``machiavelli serve``) never waits on it. It polls
``events()`` (see ``game.net.events``), and posts ``begin()``, ``act(seat, action)`` (the
person at the host's screen) and ``stop()``; each returns at once.

Seats (``SeatSpec``): ``"net"`` seats are taken by joiners in the lobby, ``"local"`` seats
are played through ``act`` from the host's screen, and computer levels are played here by
``game.ai.turns`` exactly as ``machiavelli simulate`` plays them (same players, same seeds:
``computer_seed``). A client's action holds only what a player chooses (never what the
host's own match records: the must-play search's answer, counts, penalties), is read by
the engine's own reader, must be its seat's and its move, and is verified and applied
by the match like a local seat's; each client is then sent its own seat's view and the
action's public facts, never another hand or the stock. The contract game's buy window
takes a buy or decline from any seat being offered the discard as soon as it comes and
applies them in the order the match asks (seat order after the discarder).

Turn timer (``HostSettings.turn_time``, a table manner, not a rule: the host's wall clock):
each network player's move is given that many seconds (every client and the host's screen
are told: ``clock``; the person at the host's own screen is not timed); at zero
the host plays the seat's move itself with the engine's own action (decline a buy, draw,
pass, end the turn, give up a play started; a contract seat that must discard: its
computer's discard), logged like any other, and after ``TIMEOUTS_TO_COMPUTER`` timeouts in
a row a computer plays the seat until its player acts again (``back``).

Faults: a player who drops out keeps the seat for ``takeover_after`` seconds, then a
computer of the seat's level plays it until the player comes back with the token the
welcome gave; a client that floods, sends too much, too slowly reads or breaks the
protocol gets an error reply or is closed; nothing a client sends reaches a file.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import threading
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from game.ai.turns import (
    Decision,
    SeatPlayer,
    ask,
    computer_seed,
    make_computer,
    settle,
)
from game.deals import random_deal
from game.engine.actions import Action, NextHand, NotPlaying
from game.engine.cards import Card
from game.engine.errors import IllegalAction
from game.engine.protocol import GameState
from game.engine.serialize import new_match
from game.engine.variants import Family, get_variant
from game.net.actions import action_from_wire, public_event
from game.net.events import (
    EventInbox,
    Listening,
    Lobby,
    LobbySeat,
    MatchOver,
    Played,
    Problem,
    Queued,
    Refused,
    Rematch,
    Said,
    SeatChanged,
    Update,
)
from game.net.fair import commitment, new_salt
from game.net.host_facts import BUY_ANSWERS, BUY_QUEUE, BUY_WINDOW_OPENED, VISIBLE
from game.net.host_setup import LOCAL, NET, HostSettings, SeatSpec, code_key, new_code
from game.net.links import MAX_BAD_MESSAGES, OUT_OF_ROOM, QUIET, Conn, Links
from game.net.talk import TableTalk
from game.net.turn_timer import TIMEOUT_ACTIONS, TIMEOUTS_TO_COMPUTER, TurnTimer
from game.net.views import match_result_json, turn_count, view_json
from game.net.watchers import WATCHING, Spectators, public_view
from game.net.wire import (
    GAME_VERSION,
    MAX_CLIENT_MESSAGE,
    PROTOCOL_VERSION,
    WireError,
    clean_name,
    decode_client,
)
from game.session import FairSeed, GameSession, NetworkSeats
from game.solver import PLAY_ORACLE
from game.store.seats import COMPUTER_KINDS, Seat

__all__ = [
    "ACTION_CAPS", "BUY_ANSWERS", "BUY_QUEUE", "BUY_WINDOW_OPENED", "LOCAL",
    "MAX_BAD_MESSAGES", "NET", "OUT_OF_ROOM", "TIMEOUTS_TO_COMPUTER", "TIMEOUT_ACTIONS",
    "VISIBLE", "HostSettings", "NetHost", "SeatSpec", "code_key", "new_code",
]

#: The most actions a match may take before the host calls it stalled (``simulate``'s caps).
ACTION_CAPS = {Family.MANIPULATION: 10_000, Family.CONTRACT: 80_000}


# --------------------------------------------------------------------------- the host


@dataclass
class _Seat:
    spec: SeatSpec
    name: str
    state: str
    token: str | None = None
    conn: Conn | None = None
    timer: asyncio.TimerHandle | None = None
    sent_hand: int | None = None  # the hand whose turns the client has, and how many
    sent_turns: int = 0
    timeouts: int = 0  # turns in a row the turn timer ran out on
    away: bool = False  # a computer plays the seat after timeouts, until its player acts
    handed: bool = False  # the host gave the seat to a computer (``NetHost.hand_over``)


class NetHost:
    """A hosted game: see the module's text. Create, ``start()``, poll ``events()``."""

    def __init__(self, variant_id: str, seats: Sequence[SeatSpec], seed: int | None = None,
                 options: Mapping[str, object] | None = None,
                 settings: HostSettings | None = None,
                 resumed: GameSession | None = None) -> None:
        self.variant_id = variant_id
        self.options = dict(options or {})
        self.variant = get_variant(variant_id, self.options)  # OptionError names a bad one
        if not self.variant.min_players <= len(seats) <= self.variant.max_players:
            raise ValueError(f"{self.variant.name} is for {self.variant.min_players}-"
                             f"{self.variant.max_players} players, not {len(seats)}")
        self.family = self.variant.family
        packs, jokers = self.variant.deck_for(len(seats))
        self._most_cards = packs * 52 + jokers  # no action names more cards than the deck
        self.seed = secrets.randbits(48) if seed is None else seed
        # provably fair deals: the seed's commitment goes to every joiner before the first
        # deal, seed and salt at the match's end (``game.net.fair``); a resumed game keeps both
        kept = resumed.fair if resumed is not None else None
        self.salt = kept.salt if kept is not None else new_salt()
        self.commitment = kept.commitment if kept is not None else commitment(self.seed,
                                                                              self.salt)
        self.settings = settings or HostSettings()
        self.code = code_key(self.settings.code) if self.settings.code else new_code()
        self.address = ""
        self.port = 0
        self._seats = [_Seat(spec, spec.name or f"Player {i + 1}",
                             "open" if spec.kind == NET else
                             LOCAL if spec.kind == LOCAL else "computer")
                       for i, spec in enumerate(seats)]
        self._resumed = resumed
        self._match: GameState | None = resumed.match if resumed else None
        self._started_at = resumed.started_at if resumed else time.time()
        if resumed is not None:
            for seat, name in zip(self._seats, resumed.match.names, strict=True):
                seat.name = name
        self._events = EventInbox()
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._run, name="net-host", daemon=True)
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="net-computer")
        self._links = Links(self.settings, self._loop)
        self._players: dict[int, SeatPlayer] = {}
        self._pending: dict[int, Action] = {}  # buy answers held until the seat is asked
        self._started = False
        self._finished = False
        self._snapshot: GameSession | None = None
        self._stopping: asyncio.Event | None = None
        self._wake: asyncio.Event | None = None
        self._driver: asyncio.Task[None] | None = None
        self._loop.set_exception_handler(self._loop_problem)
        self._short = 0  # connections not accepted for want of room (open files) since told
        self._timer = TurnTimer(self.settings.turn_time, self._loop, self._links.send,
                                self._put, self._broadcast, self._timed_out)
        self._removed: set[str] = set()  # the tokens of players the host removed
        self.stalled = ""
        self._watchers = Spectators(self.settings.spectators)
        self._talk = TableTalk()
        self._announcer: Any = None

    @classmethod
    def resume(cls, session: GameSession, settings: HostSettings | None = None) -> NetHost:
        """The network game a saved session holds (``NetHost.session``), back in its lobby:
        its network seats open again for their players to join, its match as saved."""
        network = session.network or NetworkSeats((), ())
        specs = []
        for index, seat in enumerate(session.seats):
            if index in network.remote:
                level = network.levels[network.remote.index(index)]
                specs.append(SeatSpec(NET, seat.name, level))
            elif seat.is_human:
                specs.append(SeatSpec(LOCAL, seat.name))
            else:
                specs.append(SeatSpec(seat.kind, seat.name))
        match = session.match
        return cls(match.variant_id, specs, match.seed, dict(match.options), settings,
                   resumed=session)

    # ------------------------------------------------------------------ the caller's side

    def start(self) -> None:
        """Start listening (on the network thread); ``Listening`` or a fatal ``Problem``
        follows in ``events()``."""
        self._thread.start()

    def events(self) -> list[object]:
        """Every event since the last call, oldest first (never waits)."""
        return self._events.drain()

    def wait_event(self, timeout: float) -> object | None:
        """The next event, waiting at most ``timeout`` seconds (for headless drivers)."""
        return self._events.wait(timeout)

    def begin(self) -> None:
        """Start the match (every network seat must be taken: else a ``Problem`` says so)."""
        self._call(self._begin)

    def fill_with_computers(self, level: str = "medium") -> None:
        """Before the match begins: every network seat nobody has taken becomes a computer
        seat of ``level`` (a ``Lobby`` event follows); taken seats keep their players."""
        if level not in COMPUTER_KINDS:
            raise ValueError(f"unknown level '{level[:20]}'")
        self._call(self._fill, level)

    def act(self, seat: int, action: Action, step: int | None = None) -> None:
        """A local seat's action; a ``Refused`` event follows if the rules refuse it.
        ``step``: the actions the screen's copy of the match had applied when the person
        chose it; a buy answer given early is refused once the buy window it answered has
        closed (the host may be a window ahead of the screen: never buy another card)."""
        self._call(self._local_action, seat, action, step)

    def say(self, seat: int, phrase: str) -> None:
        """A quick table message (``game.net.talk.PHRASES``) from a seat of this screen."""
        self._call(self._local_say, seat, phrase)

    def allow_spectators(self, most: int) -> None:
        """How many spectators may watch from now on (0: none; those watching stay)."""
        self._call(self._allow_spectators, most)
    def back(self, seat: int) -> None:
        """The person at this screen plays ``seat`` again after the turn timer handed it to
        a computer (any key or click of theirs says so); nothing if it was not."""
        self._call(self._back, seat)

    def hand_over(self, seat: int, computer: bool = True) -> None:
        """The host gives network seat ``seat`` to a computer (``computer``), or back to its
        player; every screen is told (``SeatChanged`` with ``why`` "handed")."""
        self._call(self._hand_over, seat, computer)

    def remove(self, seat: int) -> None:
        """The host removes the player of network seat ``seat``: they are told in words and
        their connection closed, their token never takes the seat back, and a computer
        plays it (before the match: the seat is open again)."""
        self._call(self._remove, seat)

    def rematch(self, seed: int | None = None) -> int:
        """Once the match is over: a new match with the same seats and players (a computer
        still plays a removed player's seat), dealt from ``seed`` (a fresh one if None),
        committed to afresh; every client is told (``rematch``) and sent its first view.
        Returns the seed (``session()`` holds the new match once it has begun)."""
        seed = random_deal() if seed is None else seed
        self._call(self._rematch, seed)
        return seed

    def stop(self) -> None:
        """Stop hosting: every connection is closed, the port freed; returns at once."""
        self._call(self._stop)

    def join(self, timeout: float | None = None) -> None:
        """Wait for the network thread to end (after ``stop``); for headless drivers."""
        if self._thread.is_alive():
            self._thread.join(timeout)

    @property
    def running(self) -> bool:
        return self._thread.is_alive()

    @property
    def started(self) -> bool:
        return self._started

    def session(self) -> GameSession | None:
        """The game as it stood after the last action, ready for ``GameSession.save``
        (its ``network`` says which seats are played over the network); None before the
        match begins. Its match is a copy: saving it never races the network thread."""
        return self._snapshot

    def lobby(self) -> tuple[LobbySeat, ...]:
        return tuple(LobbySeat(s.name, s.spec.kind, s.state) for s in self._seats)

    def _call(self, fn: Callable[..., None], *args: object) -> None:
        try:
            self._loop.call_soon_threadsafe(fn, *args)
        except RuntimeError:  # the loop has closed: the host has stopped
            self._put(Problem("the host has stopped", fatal=True))

    def _put(self, event: object) -> None:
        self._events.put(event)

    # ------------------------------------------------------------------ the network thread

    def _run(self) -> None:
        try:
            self._loop.run_until_complete(self._main())
        except Exception as error:  # noqa: BLE001 - told to the screen, never a crash
            self._put(Problem(f"the host stopped: {type(error).__name__}: {error}", True))
        finally:
            with contextlib.suppress(Exception):
                self._loop.run_until_complete(self._loop.shutdown_asyncgens())
            self._loop.close()
            self._pool.shutdown(wait=False, cancel_futures=True)

    async def _main(self) -> None:
        # here, not at the top: announcing loads zeroconf, which only a running host needs
        from game.net.address import local_address, shown_host
        from game.net.discovery import Announcer
        from game.net.web import page_server  # phones and tablets: the page of a seat

        self._stopping = asyncio.Event()
        self._wake = asyncio.Event()
        host = self.settings.host or local_address()
        try:
            server: Server = await serve(
                self._handle, host, self.settings.port, compression=None,
                max_size=MAX_CLIENT_MESSAGE, max_queue=8,
                open_timeout=self.settings.hello_timeout,
                ping_interval=self.settings.ping_interval,
                ping_timeout=self.settings.ping_timeout, close_timeout=2,
                server_header=None, logger=QUIET, process_request=page_server(self.variant))
        except OSError as error:
            self._put(Problem(f"cannot listen on {shown_host(host)}:{self.settings.port}: "
                              f"{error.strerror or error}", fatal=True))
            return
        self.address = host
        self.port = int(server.sockets[0].getsockname()[1])
        self._put(Listening(host, self.port, self.code))
        announcer = None
        if self.settings.announce:
            announcer = Announcer(self.variant.name, host, self.port, self.variant_id,
                                  len(self._seats))
            announcer.set_state(*self._announced())
            problem = await announcer.start()
            if problem:
                self._put(Problem(problem))
                announcer = None
        self._announcer = announcer
        self._lobby_changed()
        try:
            await self._stopping.wait()
        finally:
            if self._driver is not None:
                self._driver.cancel()
                with contextlib.suppress(BaseException):
                    await self._driver
            for seat in self._seats:
                if seat.timer is not None:
                    seat.timer.cancel()
            self._announcer = None
            self._timer.off()
            if announcer is not None:
                await announcer.stop()
            server.close(close_connections=True, reason="the host stopped")
            with contextlib.suppress(Exception):
                await asyncio.wait_for(server.wait_closed(), 5)

    def _stop(self) -> None:
        if self._stopping is not None:
            self._stopping.set()
        self._room_again()

    def _loop_problem(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        """The network loop's own trouble. Out of open files (more connections than this
        computer lets the host hold), ``accept`` fails, and asyncio would print a traceback
        each time it tries again: instead newcomers wait quietly, one ``Problem`` says so,
        and one more counts the tries once a connection is taken again."""
        error = context.get("exception")
        if isinstance(error, OSError) and error.errno in OUT_OF_ROOM:
            self._short += 1
            if self._short == 1:
                self._put(Problem(f"no room for more connections ({error.strerror or error}):"
                                  " newcomers wait until some leave; a higher limit of open "
                                  "files (ulimit -n) makes room for more"))
            return
        loop.default_exception_handler(context)

    def _room_again(self) -> None:
        """Connections are taken again (or hosting stops): the count of the tries that
        failed for want of room, told once."""
        if self._short:
            self._put(Problem(f"{self._short} tries to take a connection failed for want of "
                              "open files"))
            self._short = 0

    # ------------------------------------------------------------------ connections

    async def _handle(self, ws: ServerConnection) -> None:
        self._room_again()
        if self._stopping is None or self._stopping.is_set():
            await ws.close(1001, "the host is stopping")
            return
        waiting = [c for c in self._links.all if c.seat is None and not c.closing
                   and c not in self._watchers]  # a spectator is no idle connection
        if len(waiting) >= self.settings.max_connections:
            # full of connections that hold no seat: the oldest goes, so idle or junk
            # connections can never lock a player out (a dropped one coming back included)
            oldest = min(waiting, key=lambda c: c.opened)
            self._links.close(oldest, "the host is busy: try again")
        conn = self._links.open(ws)
        sender = asyncio.create_task(self._links.send_loop(conn))
        try:
            try:
                first = await asyncio.wait_for(ws.recv(), self.settings.hello_timeout)
            except TimeoutError:
                await ws.close(1008, "no hello in time")
                return
            if not self._hello(conn, first):
                await sender  # the error reply, then the close
                return
            async for frame in ws:
                wait = self._links.throttle(conn)
                if wait > 0:
                    await asyncio.sleep(wait)
                self._receive(conn, frame)
                if conn.closing:
                    break
            if conn.closing:
                await sender
        except ConnectionClosed:
            pass
        except Exception as error:  # noqa: BLE001 - one connection's fault, told, not spread
            self._put(Problem(f"a connection failed: {type(error).__name__}: {error}"))
        finally:
            self._links.all.discard(conn)
            sender.cancel()
            self._disconnected(conn)

    def _hello(self, conn: Conn, frame: object) -> bool:
        try:
            message = decode_client(frame)
        except WireError as error:
            self._links.error(conn, error.code, str(error), close=True)
            return False
        if message["type"] != "hello":
            self._links.error(conn, "hello_first", "say hello first", close=True)
            return False
        if message["protocol"] != PROTOCOL_VERSION:
            self._links.error(conn, "protocol", f"the host speaks protocol {PROTOCOL_VERSION}, "
                        f"you speak {message['protocol']}", close=True)
            return False
        if message["game"] != GAME_VERSION:
            self._links.error(conn, "version", f"the host plays version {GAME_VERSION}, you "
                        f"{message['game'][:32]}: play the same version", close=True)
            return False
        if not secrets.compare_digest(code_key(message["code"]).encode(),
                                      self.code.encode()):
            self._links.error(conn, "code", "wrong join code", close=True)
            return False
        if message.get("watch"):
            return self._watch(conn, message["name"])
        token = message.get("token")
        if token is not None and token in self._removed:
            self._links.error(conn, "removed", "the host removed you from this game", close=True)
            return False
        if token is not None:
            held = self._seat_of_token(token)
            if held is None:
                self._links.error(conn, "token", "that token holds no seat here", close=True)
                return False
            self._rejoin(conn, held)
            return True
        free = self._free_seat(message.get("seat"))
        if isinstance(free, str):
            self._links.error(conn, "full", free, close=True)
            return False
        seat = free
        record = self._seats[seat]
        if not self._started and self._resumed is None:
            record.name = clean_name(message["name"], record.name)
        record.token = secrets.token_urlsafe(24)
        record.conn = conn
        record.state = "taken"
        conn.seat = seat
        self._welcome(conn, seat)
        self._lobby_changed()
        if self._started:
            self._send_update(seat, None)
        elif self.settings.auto_start and not any(s.state == "open" for s in self._seats):
            self._begin()
        return True

    def _seat_of_token(self, token: str) -> int | None:
        found = None
        for index, seat in enumerate(self._seats):
            if seat.token is not None and secrets.compare_digest(seat.token.encode(),
                                                                 token.encode()):
                found = index
        return found

    def _free_seat(self, wanted: int | None) -> int | str:
        """The network seat a joiner gets: the one asked for, else the first open one; or
        why there is none."""
        if wanted is not None:
            if not 0 <= wanted < len(self._seats) or self._seats[wanted].spec.kind != NET:
                return f"seat {wanted + 1} is not a network seat"
            if self._seats[wanted].state != "open":
                return f"seat {wanted + 1} is taken"
            return wanted
        for index, seat in enumerate(self._seats):
            if seat.spec.kind == NET and seat.state == "open":
                return index
        return "every network seat is taken"

    def _welcome(self, conn: Conn, seat: int) -> None:
        record = self._seats[seat]
        self._links.send(conn, {"type": "welcome", "protocol": PROTOCOL_VERSION,
                          "game": GAME_VERSION, "seat": seat, "token": record.token,
                          "variant": self.variant_id, "options": self.options,
                          "names": [s.name for s in self._seats],
                          "commitment": self.commitment})
        record.sent_hand = None

    def _rejoin(self, conn: Conn, seat: int) -> None:
        record = self._seats[seat]
        old = record.conn
        if old is not None:
            old.seat = None
            self._links.close(old, "the seat was taken up from another connection")
        if record.timer is not None:
            record.timer.cancel()
            record.timer = None
        record.conn = conn
        conn.seat = seat
        was = record.state
        record.state = "taken"
        self._welcome(conn, seat)
        if was != "taken":
            self._seat_changed(seat, "taken")
        self._lobby_changed()
        if self._started:
            self._send_update(seat, None)
            self._timer.tell(conn)
            self._wake_driver()
        if self._finished and self._match is not None:  # it ended while they were away
            self._links.send(conn, {"type": "over", "result": match_result_json(self._match.result),
                              "stalled": self.stalled})

    def _disconnected(self, conn: Conn) -> None:
        if self._watchers.leave(conn):
            self._talk.forget(conn)
            self._lobby_changed()
            return
        seat = conn.seat
        if seat is None or self._seats[seat].conn is not conn:
            return
        record = self._seats[seat]
        record.conn = None
        if not self._started:  # in the lobby the seat is free again
            record.state = "open"
            record.token = None
            if self._resumed is None:
                record.name = record.spec.name or f"Player {seat + 1}"
            self._lobby_changed()
            return
        if self._finished:
            return
        record.state = "waiting"
        wait = self.settings.takeover_after
        record.timer = self._loop.call_later(wait, self._take_over, seat)
        self._seat_changed(seat, "waiting", wait)
        self._lobby_changed()

    def _take_over(self, seat: int) -> None:
        record = self._seats[seat]
        record.timer = None
        if record.conn is None and record.state == "waiting":
            record.state = "computer"
            self._seat_changed(seat, "computer")
            self._lobby_changed()
            self._wake_driver()

    def _seat_changed(self, seat: int, state: str, wait: float = 0.0,
                      timeouts: bool = False, why: str = "") -> None:
        self._put(SeatChanged(seat, state, wait, timeouts, why))
        message: dict[str, Any] = {"type": "seat", "seat": seat, "state": state, "wait": wait}
        if timeouts:
            message["timeouts"] = True
        if why:
            message["why"] = why
        self._broadcast(message)

    def _lobby_changed(self) -> None:
        seats = self.lobby()
        watchers, watch = tuple(self._watchers.shown()), self._watchers.most > 0
        self._put(Lobby(seats, self._started, watchers, watch))
        self._broadcast({"type": "lobby", "started": self._started,
                         "seats": [{"name": s.name, "kind": s.kind, "state": s.state}
                                   for s in seats],
                         "watchers": list(watchers), "watch": watch})
        if self._announcer is not None:  # the Join lists show the open seats
            self._loop.create_task(self._announcer.update(*self._announced()))

    def _announced(self) -> tuple[list[int], bool, bool]:
        """What the announcement says of the game: its open seats, whether it is under
        way, whether spectators may watch."""
        return ([i for i, s in enumerate(self._seats) if s.state == "open"], self._started,
                self._watchers.most > 0)

    def _broadcast(self, message: dict[str, Any]) -> None:
        for seat in self._seats:
            if seat.conn is not None:
                self._links.send(seat.conn, message)
        for conn in self._watchers.conns():
            self._links.send(conn, message)  # type: ignore[arg-type]

    # ------------------------------------------------------------------ messages

    def _receive(self, conn: Conn, frame: object) -> None:
        try:
            message = decode_client(frame)
        except WireError as error:
            self._links.bad(conn, error.code, str(error))
            return
        kind = message["type"]
        if kind == "hello":
            self._links.bad(conn, "hello_again", "already joined")
        elif kind == "leave":
            self._links.close(conn, "left")
        elif kind == "say":
            self._say(conn, conn.seat, message["phrase"])
        elif kind == "back":
            if conn.seat is not None:
                self._back(conn.seat)
        elif conn.seat is not None:
            self._client_action(conn, conn.seat, message)

    def _say(self, conn: Conn | None, seat: int | None, phrase: str) -> None:
        """A quick table message from a seat (or ``conn``'s spectator): told to everyone
        unless the host's checks refuse it (told to its sender alone)."""
        if seat is None and (conn is None or conn not in self._watchers):
            return
        speaker: object = seat if seat is not None else conn
        refusal = self._talk.check(speaker, phrase, self._loop.time())
        if refusal:
            if conn is not None:
                self._links.send(conn, {"type": "error", "code": "talk", "message": refusal})
            else:
                self._put(Problem(refusal))
            return
        name = self._seats[seat].name if seat is not None else self._watchers.names[conn]
        shown = seat if seat is not None else WATCHING
        self._put(Said(shown, name, phrase))
        self._broadcast({"type": "said", "seat": shown, "name": name, "phrase": phrase})

    def _local_say(self, seat: int, phrase: str) -> None:
        if 0 <= seat < len(self._seats) and self._seats[seat].spec.kind == LOCAL:
            self._say(None, seat, phrase)

    def _allow_spectators(self, most: int) -> None:
        self._watchers.most = max(0, most)
        self._lobby_changed()

    def _watch(self, conn: Conn, name: str) -> bool:
        """A spectator's hello: let in (welcomed, sent the lobby and the public table)."""
        refusal = self._watchers.admit(conn, name)
        if refusal:
            self._links.error(conn, "watch", refusal, close=True)
            return False
        self._links.send(conn, {"type": "welcome", "protocol": PROTOCOL_VERSION,
                          "game": GAME_VERSION, "seat": WATCHING, "token": "",
                          "watching": True, "variant": self.variant_id,
                          "options": self.options, "names": [s.name for s in self._seats]})
        self._lobby_changed()
        if self._started:
            self._update_watchers(None)
        return True

    def _update_watchers(self, event: dict[str, Any] | None) -> None:
        match = self._match
        if match is None or not self._watchers.names:
            return
        message = {"type": "update", "seat": WATCHING, "step": len(match.log),
                   "view": view_json(self.family, public_view(self.family, match)),
                   "event": event, "buy_queue": list(BUY_QUEUE[self.family](match))}
        for conn in self._watchers.conns():
            self._links.send(conn, message)  # type: ignore[arg-type]

    def _refuse(self, seat: int, reason: str) -> None:
        record = self._seats[seat]
        if record.conn is not None:
            self._links.send(record.conn, {"type": "refused", "reason": reason,
                                     "step": self._step()})
        if record.spec.kind == LOCAL:
            self._put(Refused(seat, reason))

    def _client_action(self, conn: Conn, seat: int, message: dict[str, Any]) -> None:
        match = self._match
        if match is None or not self._started or match.over:
            self._refuse(seat, "the match is not under way")
            return
        self._links.checked(conn)
        try:
            action = action_from_wire(self.family, message["action"], self._most_cards)
        except WireError as error:
            self._links.bad(conn, error.code, str(error))
            return
        step = message.get("step")
        if step is not None and step != len(match.log):
            self._refuse(seat, "the table has changed since: look again")
            return
        self._seat_action(seat, action)

    def _local_action(self, seat: int, action: Action, step: int | None = None) -> None:
        if not 0 <= seat < len(self._seats) or self._seats[seat].spec.kind != LOCAL:
            self._put(Refused(seat, "not a seat of this screen"))
            return
        match = self._match
        if match is None or not self._started or match.over:
            self._put(Refused(seat, "the match is not under way"))
            return
        if step is not None and action.kind in BUY_ANSWERS \
                and step < BUY_WINDOW_OPENED[self.family](match):
            self._put(Refused(seat, "that buy window has closed"))
            return
        self._seat_action(seat, action)

    def _seat_action(self, seat: int, action: Action) -> None:
        """A person's action for ``seat`` (from its client or the host's screen)."""
        match = self._match
        assert match is not None
        if action.player != seat:
            self._refuse(seat, f"you play seat {seat + 1}")
            return
        if self._seats[seat].handed:
            self._refuse(seat, "the host handed your seat to a computer")
            return
        self._back(seat)  # a player acting again takes the seat back from the computer
        if isinstance(action, NotPlaying) and action.unsettled:
            # the must-play search's answer is the host's own: its match asks the search
            # and logs an unsettled answer itself (``Match.apply``)
            action = replace(action, unsettled=False)
        if action.kind in BUY_ANSWERS and seat != match.awaiting \
                and seat in BUY_QUEUE[self.family](match):
            self._pending[seat] = action  # answered early: applied when the seat is asked
            record = self._seats[seat]
            if record.conn is not None:
                self._links.send(record.conn, {"type": "queued", "kind": action.kind})
            if record.spec.kind == LOCAL:
                self._put(Queued(action.kind))
            return
        if seat != match.awaiting:
            self._refuse(seat, "it is not your move")
            return
        refusal = self._apply(seat, action)
        if refusal:
            self._refuse(seat, refusal)
        else:
            self._seats[seat].timeouts = 0

    def _hand_over(self, seat: int, computer: bool) -> None:
        if not 0 <= seat < len(self._seats) or self._seats[seat].spec.kind != NET:
            self._put(Problem(f"seat {seat + 1} is not a network seat"))
            return
        record = self._seats[seat]
        if record.handed == computer:
            return
        record.handed = computer
        record.away = False
        record.timeouts = 0
        state = "computer" if computer else "taken" if record.conn is not None \
            else record.state
        self._seat_changed(seat, state, why="handed")
        self._lobby_changed()
        self._wake_driver()

    def _remove(self, seat: int) -> None:
        if not 0 <= seat < len(self._seats) or self._seats[seat].spec.kind != NET:
            self._put(Problem(f"seat {seat + 1} is not a network seat"))
            return
        record = self._seats[seat]
        if record.token is not None:
            self._removed.add(record.token)
        record.token = None
        conn, record.conn = record.conn, None
        if record.timer is not None:
            record.timer.cancel()
            record.timer = None
        if conn is not None:
            conn.seat = None
            self._links.send(conn, {"type": "removed",
                              "message": "the host removed you from this game"})
            self._links.close(conn, "removed by the host")
        if not self._started:  # in the lobby: the seat is free for someone else
            record.state = "open"
            if self._resumed is None:
                record.name = record.spec.name or f"Player {seat + 1}"
            self._lobby_changed()
            return
        record.state = "computer"
        record.away = False
        self._seat_changed(seat, "computer", why="removed")
        self._lobby_changed()
        self._wake_driver()

    def _rematch(self, seed: int) -> None:
        match = self._match
        if match is None or not self._finished:
            self._put(Problem("a rematch starts once the match is over"))
            return
        try:
            rematch = new_match(self.variant_id, len(self._seats), seed, self.options,
                                [s.name for s in self._seats], oracle=PLAY_ORACLE)
        except (IllegalAction, ValueError) as error:
            self._put(Problem(f"the rematch cannot start: {error}"))
            return
        self.seed, self.salt = seed, new_salt()
        self.commitment = commitment(seed, self.salt)
        self._match = rematch
        self._finished, self.stalled = False, ""
        self._started_at = time.time()
        self._pending.clear()
        self._players.clear()  # the computers are seeded from the new seed
        for record in self._seats:
            record.sent_hand, record.sent_turns = None, 0
            record.timeouts, record.away = 0, False
        self._snapshot = self._session_copy()
        self._put(Rematch(self.commitment))
        self._broadcast({"type": "rematch", "commitment": self.commitment})
        for seat in range(len(self._seats)):
            self._send_update(seat, None)
        self._driver = self._loop.create_task(self._drive())

    def _back(self, seat: int) -> None:
        """``seat``'s player acts again: the computer the turn timer gave it stops."""
        if not 0 <= seat < len(self._seats):
            return
        record = self._seats[seat]
        record.timeouts = 0
        if record.away:
            record.away = False
            self._seat_changed(seat, "taken" if record.spec.kind == LOCAL or record.conn
                               else record.state)
            self._wake_driver()

    # ------------------------------------------------------------------ the turn timer

    async def _timed_out(self, key: tuple[int, int]) -> None:
        """The turn timer ran out on ``key``'s move: the host plays it for the seat, its
        engine's own action (logged like any other), to the end of the seat's move."""
        match = self._match
        seat, move = key
        if match is None or match.over or match.hand_over or match.awaiting != seat \
                or self._controller(seat) == "computer":
            return
        for _try in range(8):
            if match.over or match.hand_over or match.awaiting != seat or self._timer.moves != move:
                break
            legal = match.legal_kinds()
            for kind, make in TIMEOUT_ACTIONS:
                if kind in legal and not self._apply(seat, make(seat)):
                    break
            else:  # nothing that needs no card (a discard is due): the seat's computer's
                if not await self._computer_move(seat, force=True):
                    return
        record = self._seats[seat]
        record.timeouts += 1
        if record.timeouts >= TIMEOUTS_TO_COMPUTER and not record.away:
            record.away = True
            self._seat_changed(seat, "computer", timeouts=True)
        self._wake_driver()

    # ------------------------------------------------------------------ the match

    def _step(self) -> int:
        return len(self._match.log) if self._match is not None else 0

    def _fill(self, level: str) -> None:
        if self._started:
            return
        changed = False
        for index, seat in enumerate(self._seats):
            if seat.state == "open":
                seat.spec = SeatSpec(level, seat.name, level)
                seat.name = seat.name or f"Player {index + 1}"
                seat.state = "computer"
                changed = True
        if changed:
            self._lobby_changed()

    def _begin(self) -> None:
        if self._started:
            return
        open_seats = [i + 1 for i, s in enumerate(self._seats) if s.state == "open"]
        if open_seats:
            self._put(Problem("the network seats are not all taken yet: "
                              + ", ".join(map(str, open_seats))))
            return
        if self._match is None:
            try:
                self._match = new_match(self.variant_id, len(self._seats), self.seed,
                                        self.options, [s.name for s in self._seats],
                                        oracle=PLAY_ORACLE)
            except (IllegalAction, ValueError) as error:
                self._put(Problem(f"the match cannot start: {error}", fatal=True))
                self._stop()
                return
        self._started = True
        self._snapshot = self._session_copy()
        self._lobby_changed()
        self._broadcast({"type": "start"})
        for seat in range(len(self._seats)):
            self._send_update(seat, None)
        self._update_watchers(None)
        self._driver = self._loop.create_task(self._drive())

    def _apply(self, seat: int | None, action: Action) -> str:
        """Verify and apply ``action`` (by ``seat``, None for the next deal) and tell every
        seat; the refusal in words, or "" when applied."""
        match = self._match
        assert match is not None
        try:
            match.verify(action)
        except IllegalAction as error:
            return str(error)
        except Exception as error:  # noqa: BLE001 - a malformed action is refused, not raised
            return f"not a valid action ({type(error).__name__})"
        visible = VISIBLE[self.family](match) if seat is not None else set()
        before = Counter(match.hand.hands[seat]) if seat is not None else Counter()
        current, awaiting = match.current, match.awaiting
        try:
            match.apply(action)
        except Exception as error:  # noqa: BLE001 - verified: this would be an engine bug
            self._put(Problem(f"the match refused a verified action: {error}"))
            return f"not applied ({type(error).__name__})"
        played: list[Card] = []
        came: list[Card] = []
        if seat is not None:
            after = Counter(match.hand.hands[seat])
            played = sorted((before - after).elements())
            came = sorted((after - before).elements())
        ended = match.hand_over or match.current != current or seat is None
        if ended or match.awaiting != awaiting:
            self._timer.next_move()
        step = len(match.log)
        event = public_event(seat, action, len(came), played,
                             [c for c in came if c in visible], ended, step)
        if not BUY_QUEUE[self.family](match):
            self._pending.clear()
        self._snapshot = self._session_copy()
        self._put(Played(event, match.log[-1]))
        for index in range(len(self._seats)):
            self._send_update(index, event)
        self._update_watchers(event)
        if match.over and not self._finished:
            self._finish("")
        self._wake_driver()
        return ""

    def _send_update(self, seat: int, event: dict[str, Any] | None) -> None:
        match = self._match
        record = self._seats[seat]
        if match is None or (record.conn is None and record.spec.kind != LOCAL):
            return
        view = match.view(seat)
        step = len(match.log)
        queue_now = BUY_QUEUE[self.family](match)
        if record.conn is not None:
            number = match.hand.number
            frm = record.sent_turns if record.sent_hand == number else 0
            record.sent_hand, record.sent_turns = number, turn_count(self.family, view)
            self._links.send(record.conn, {"type": "update", "seat": seat, "step": step,
                                     "view": view_json(self.family, view, frm),
                                     "event": event, "buy_queue": list(queue_now)})
        if record.spec.kind == LOCAL:
            self._put(Update(seat, view, event, step, queue_now))

    def _wake_driver(self) -> None:
        if self._wake is not None:
            self._wake.set()

    def _controller(self, seat: int) -> str:
        record = self._seats[seat]
        if record.spec.kind in COMPUTER_KINDS or record.state == "computer" or record.away \
                or record.handed:
            return "computer"
        return record.spec.kind

    def _computer(self, seat: int) -> SeatPlayer:
        player = self._players.get(seat)
        if player is None:
            spec = self._seats[seat].spec
            level = spec.kind if spec.kind in COMPUTER_KINDS else spec.level
            player = make_computer(self.family, level, computer_seed(self.seed, seat))
            self._players[seat] = player
        return player

    async def _drive(self) -> None:
        """Move the match on: deal the next hand, apply a buy answer given early, play the
        computer seats; wait while a person's move is due."""
        match = self._match
        wake = self._wake
        assert match is not None and wake is not None
        cap = self.settings.max_actions or ACTION_CAPS[self.family]
        try:
            while not match.over:
                if len(match.log) >= cap:
                    self._finish(f"stopped after {cap} actions without a result")
                    return
                if match.hand_over:
                    self._timer.off()
                    if self.settings.hand_pause > 0:
                        await asyncio.sleep(self.settings.hand_pause)
                    self._apply(None, NextHand(None))
                    continue
                seat = match.awaiting
                early = self._pending.pop(seat, None)
                if early is not None:
                    refusal = self._apply(seat, early)
                    if refusal:
                        self._refuse(seat, refusal)
                    continue
                if self._controller(seat) == "computer":
                    self._timer.off()
                    if not await self._computer_move(seat):
                        return
                    continue
                if self._seats[seat].spec.kind == NET:
                    self._timer.on(seat)  # a player on the network: the host's is not timed
                else:
                    self._timer.off()
                wake.clear()
                await wake.wait()
        except asyncio.CancelledError:
            raise
        except Exception as error:  # noqa: BLE001 - told to the screen and every client
            self._finish(f"the match stopped: {type(error).__name__}: {error}")

    async def _computer_move(self, seat: int, force: bool = False) -> bool:
        """A computer's move for ``seat`` (thought out on a worker thread); False when the
        match cannot go on. ``force``: for a person's seat whose turn timer ran out."""
        match = self._match
        assert match is not None
        player = self._computer(seat)
        step = len(match.log)
        decision = await self._loop.run_in_executor(self._pool, ask, player, match.view(seat))
        if len(match.log) != step or match.awaiting != seat \
                or (self._controller(seat) != "computer" and not force):
            return True  # the table moved on meanwhile (the player came back)

        def commit(chosen: Decision) -> str:
            return self._apply(seat, chosen.action)

        settled = settle(match, seat, player, decision, commit)
        if settled.decision is None:
            self._finish(f"seat {seat + 1} has no accepted action: {settled.problem}")
            return False
        return True

    def _finish(self, stalled: str) -> None:
        match = self._match
        assert match is not None
        self._finished = True
        self.stalled = stalled
        result = match_result_json(match.result)
        self._timer.off()
        self._put(MatchOver(result, stalled))
        self._broadcast({"type": "over", "result": result, "stalled": stalled,
                         "reveal": {"seed": self.seed, "salt": self.salt}})
        for seat in self._seats:
            if seat.timer is not None:
                seat.timer.cancel()
                seat.timer = None

    def _session_copy(self) -> GameSession:
        match = self._match
        assert match is not None
        seats = [Seat(s.name[:32] or f"Player {i + 1}",
                      s.spec.kind if s.spec.kind in COMPUTER_KINDS else "human")
                 for i, s in enumerate(self._seats)]
        remote = tuple(i for i, s in enumerate(self._seats) if s.spec.kind == NET)
        network = NetworkSeats(remote, tuple(self._seats[i].spec.level for i in remote))
        return GameSession(match.clone(), seats, self._started_at, network=network,
                           fair=FairSeed(self.commitment, self.salt))
