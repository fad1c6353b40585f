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

``NetHost`` is the façade; it owns one collaborator for each job: ``links.Links`` (each
connection's outbox, allowances and close), ``door.Door`` (hello, seat tokens, rejoin,
drop-outs), ``table_messages.TableMessages`` (what seats and spectators send: actions,
early buy answers, table talk), ``match_driver.MatchDriver`` (begin, apply, drive the
computers and the hands, finish, rematch) and ``turn_timer.TurnTimer``; what a game is
made of (``SeatSpec``, ``HostSettings``, the join code) is in ``host_setup``, each table
family's facts in ``host_facts``. Everything is re-exported here.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import threading
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from websockets.asyncio.server import Server, serve

from game.deals import random_deal
from game.engine.actions import Action
from game.engine.variants import get_variant
from game.net.door import Door, HostSeat
from game.net.events import EventInbox, Listening, Lobby, LobbySeat, Problem, SeatChanged
from game.net.fair import commitment, new_salt
from game.net.host_facts import BUY_ANSWERS, BUY_QUEUE, BUY_WINDOW_OPENED, VISIBLE
from game.net.host_setup import LOCAL, NET, HostSettings, SeatSpec, code_key, new_code
from game.net.links import MAX_BAD_MESSAGES, OUT_OF_ROOM, QUIET, Links
from game.net.match_driver import ACTION_CAPS, MatchDriver
from game.net.table_messages import TableMessages
from game.net.talk import TableTalk
from game.net.turn_timer import TIMEOUT_ACTIONS, TIMEOUTS_TO_COMPUTER, TurnTimer
from game.net.watchers import Spectators
from game.net.wire import MAX_CLIENT_MESSAGE
from game.session import GameSession, NetworkSeats
from game.store.seats import COMPUTER_KINDS

__all__ = [
    "ACTION_CAPS", "BUY_ANSWERS", "BUY_QUEUE", "BUY_WINDOW_OPENED", "LOCAL",
    "MAX_BAD_MESSAGES", "NET", "OUT_OF_ROOM", "TIMEOUTS_TO_COMPUTER", "TIMEOUT_ACTIONS",
    "VISIBLE", "HostSettings", "NetHost", "SeatSpec", "code_key", "new_code",
]


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
        self._seats = [HostSeat(spec, spec.name or f"Player {i + 1}",
                                "open" if spec.kind == NET else
                                LOCAL if spec.kind == LOCAL else "computer")
                       for i, spec in enumerate(seats)]
        self._resumed = resumed
        if resumed is not None:
            for seat, name in zip(self._seats, resumed.match.names, strict=True):
                seat.name = name
        self._events = EventInbox()
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._run, name="net-host", daemon=True)
        self._links = Links(self.settings, self._loop)
        self._stopping: asyncio.Event | None = None
        self._loop.set_exception_handler(self._loop_problem)
        self._short = 0  # connections not accepted for want of room (open files) since told
        self._door = Door(self)  # connections, seat tokens, hello, rejoin, drop-outs
        self._messages = TableMessages(self)  # what a seat or a spectator says or plays
        self._play = MatchDriver(self)  # the match: begin, apply, drive, finish, rematch
        self._timer = TurnTimer(self.settings.turn_time, self._loop, self._links.send,
                                self._put, self._broadcast, self._play.timed_out)
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
        self._call(self._play.begin)

    def fill_with_computers(self, level: str = "medium") -> None:
        """Before the match begins: every network seat nobody has taken becomes a computer
        seat of ``level`` (a ``Lobby`` event follows); taken seats keep their players."""
        if level not in COMPUTER_KINDS:
            raise ValueError(f"unknown level '{level[:20]}'")
        self._call(self._play.fill, level)

    def act(self, seat: int, action: Action, step: int | None = None) -> None:
        """A local seat's action; a ``Refused`` event follows if the rules refuse it.
        ``step``: the actions the screen's copy of the match had applied when the person
        chose it; a buy answer given early is refused once the buy window it answered has
        closed (the host may be a window ahead of the screen: never buy another card)."""
        self._call(self._messages.local_action, seat, action, step)

    def say(self, seat: int, phrase: str) -> None:
        """A quick table message (``game.net.talk.PHRASES``) from a seat of this screen."""
        self._call(self._messages.local_say, seat, phrase)

    def allow_spectators(self, most: int) -> None:
        """How many spectators may watch from now on (0: none; those watching stay)."""
        self._call(self._messages.allow_spectators, most)
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
        self._call(self._play.rematch, seed)
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
        return self._play.started

    def session(self) -> GameSession | None:
        """The game as it stood after the last action, ready for ``GameSession.save``
        (its ``network`` says which seats are played over the network); None before the
        match begins. Its match is a copy: saving it never races the network thread."""
        return self._play.snapshot

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
            self._play.pool.shutdown(wait=False, cancel_futures=True)

    async def _main(self) -> None:
        # here, not at the top: announcing loads zeroconf, which only a running host needs
        from game.net.address import local_address, shown_host
        from game.net.discovery import Announcer
        from game.net.web import page_server  # phones and tablets: the page of a seat

        self._stopping = asyncio.Event()
        self._play.wake_event = asyncio.Event()
        host = self.settings.host or local_address()
        try:
            server: Server = await serve(
                self._door.handle, host, self.settings.port, compression=None,
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
            if self._play.task is not None:
                self._play.task.cancel()
                with contextlib.suppress(BaseException):
                    await self._play.task
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

    # ------------------------------------------------------------------ telling everyone

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
        self._put(Lobby(seats, self._play.started, watchers, watch))
        self._broadcast({"type": "lobby", "started": self._play.started,
                         "seats": [{"name": s.name, "kind": s.kind, "state": s.state}
                                   for s in seats],
                         "watchers": list(watchers), "watch": watch})
        if self._announcer is not None:  # the Join lists show the open seats
            self._loop.create_task(self._announcer.update(*self._announced()))

    def _announced(self) -> tuple[list[int], bool, bool]:
        """What the announcement says of the game: its open seats, whether it is under
        way, whether spectators may watch."""
        return ([i for i, s in enumerate(self._seats) if s.state == "open"],
                self._play.started, self._watchers.most > 0)

    def _broadcast(self, message: dict[str, Any]) -> None:
        for seat in self._seats:
            if seat.conn is not None:
                self._links.send(seat.conn, message)
        for conn in self._watchers.conns():
            self._links.send(conn, message)  # type: ignore[arg-type]

    # ------------------------------------------------------------------ the host's say on seats

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
        self._play.wake()

    def _remove(self, seat: int) -> None:
        if not 0 <= seat < len(self._seats) or self._seats[seat].spec.kind != NET:
            self._put(Problem(f"seat {seat + 1} is not a network seat"))
            return
        record = self._seats[seat]
        if record.token is not None:
            self._door.removed.add(record.token)
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
        if not self._play.started:  # in the lobby: the seat is free for someone else
            record.state = "open"
            if self._resumed is None:
                record.name = record.spec.name or f"Player {seat + 1}"
            self._lobby_changed()
            return
        record.state = "computer"
        record.away = False
        self._seat_changed(seat, "computer", why="removed")
        self._lobby_changed()
        self._play.wake()

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
            self._play.wake()
