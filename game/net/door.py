"""The host's door: a connection's hello (the join code, the versions, a spectator's, a
token taking its seat back), the seat it gets, the seat of a player who drops out (it
waits ``takeover_after`` seconds, then a computer plays it) and the tokens of removed
players, which never take a seat back."""

from __future__ import annotations

import asyncio
import secrets
from dataclasses import dataclass
from typing import TYPE_CHECKING

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from game.net.events import Problem
from game.net.host_setup import NET, SeatSpec, code_key
from game.net.links import Conn
from game.net.wire import GAME_VERSION, PROTOCOL_VERSION, WireError, clean_name, decode_client

if TYPE_CHECKING:
    from game.net.host import NetHost


@dataclass
class HostSeat:
    """A seat as the host holds it: its spec, name and state (open, taken, waiting,
    computer or local), its player's token and connection, and the turn timer's count."""

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


class Door:
    """Connections, seat tokens, hello and rejoin for ``host`` (it owns the door)."""

    def __init__(self, host: NetHost) -> None:
        self.host = host
        self.links = host._links
        self.seats = host._seats
        self.loop = host._loop
        self.settings = host.settings
        self.removed: set[str] = set()  # the tokens of players the host removed

    async def handle(self, ws: ServerConnection) -> None:
        self.host._room_again()
        if self.host._stopping is None or self.host._stopping.is_set():
            await ws.close(1001, "the host is stopping")
            return
        waiting = [c for c in self.links.all if c.seat is None and not c.closing
                   and c not in self.host._watchers]  # a spectator is no idle connection
        if len(waiting) >= self.settings.max_connections:
            # full of connections that hold no seat: the oldest goes, so idle or junk
            # connections can never lock a player out (a dropped one coming back included)
            oldest = min(waiting, key=lambda c: c.opened)
            self.links.close(oldest, "the host is busy: try again")
        conn = self.links.open(ws)
        sender = asyncio.create_task(self.links.send_loop(conn))
        try:
            try:
                first = await asyncio.wait_for(ws.recv(), self.settings.hello_timeout)
            except TimeoutError:
                await ws.close(1008, "no hello in time")
                return
            if not self.hello(conn, first):
                await sender  # the error reply, then the close
                return
            async for frame in ws:
                wait = self.links.throttle(conn)
                if wait > 0:
                    await asyncio.sleep(wait)
                self.host._messages.receive(conn, frame)
                if conn.closing:
                    break
            if conn.closing:
                await sender
        except ConnectionClosed:
            pass
        except Exception as error:  # noqa: BLE001 - one connection's fault, told, not spread
            self.host._put(Problem(f"a connection failed: {type(error).__name__}: {error}"))
        finally:
            self.links.all.discard(conn)
            sender.cancel()
            self.disconnected(conn)

    def hello(self, conn: Conn, frame: object) -> bool:
        try:
            message = decode_client(frame)
        except WireError as error:
            self.links.error(conn, error.code, str(error), close=True)
            return False
        if message["type"] != "hello":
            self.links.error(conn, "hello_first", "say hello first", close=True)
            return False
        if message["protocol"] != PROTOCOL_VERSION:
            self.links.error(conn, "protocol", f"the host speaks protocol {PROTOCOL_VERSION}, "
                             f"you speak {message['protocol']}", close=True)
            return False
        if message["game"] != GAME_VERSION:
            self.links.error(conn, "version", f"the host plays version {GAME_VERSION}, you "
                             f"{message['game'][:32]}: play the same version", close=True)
            return False
        if not secrets.compare_digest(code_key(message["code"]).encode(),
                                      self.host.code.encode()):
            self.links.error(conn, "code", "wrong join code", close=True)
            return False
        if message.get("watch"):
            return self.host._messages.watch(conn, message["name"])
        token = message.get("token")
        if token is not None and token in self.removed:
            self.links.error(conn, "removed", "the host removed you from this game", close=True)
            return False
        if token is not None:
            held = self.seat_of_token(token)
            if held is None:
                self.links.error(conn, "token", "that token holds no seat here", close=True)
                return False
            self.rejoin(conn, held)
            return True
        free = self.free_seat(message.get("seat"))
        if isinstance(free, str):
            self.links.error(conn, "full", free, close=True)
            return False
        seat = free
        record = self.seats[seat]
        if not self.host._play.started and self.host._resumed is None:
            record.name = clean_name(message["name"], record.name)
        record.token = secrets.token_urlsafe(24)
        record.conn = conn
        record.state = "taken"
        conn.seat = seat
        self.welcome(conn, seat)
        self.host._lobby_changed()
        if self.host._play.started:
            self.host._play.send_update(seat, None)
        elif self.settings.auto_start and not any(s.state == "open" for s in self.seats):
            self.host._play.begin()
        return True

    def seat_of_token(self, token: str) -> int | None:
        found = None
        for index, seat in enumerate(self.seats):
            if seat.token is not None and secrets.compare_digest(seat.token.encode(),
                                                                 token.encode()):
                found = index
        return found

    def free_seat(self, wanted: int | None) -> int | str:
        """The network seat a joiner gets: the one asked for, else the first open one; or
        why there is none."""
        if wanted is not None:
            if not 0 <= wanted < len(self.seats) or self.seats[wanted].spec.kind != NET:
                return f"seat {wanted + 1} is not a network seat"
            if self.seats[wanted].state != "open":
                return f"seat {wanted + 1} is taken"
            return wanted
        for index, seat in enumerate(self.seats):
            if seat.spec.kind == NET and seat.state == "open":
                return index
        return "every network seat is taken"

    def welcome(self, conn: Conn, seat: int) -> None:
        record = self.seats[seat]
        self.links.send(conn, {"type": "welcome", "protocol": PROTOCOL_VERSION,
                               "game": GAME_VERSION, "seat": seat, "token": record.token,
                               "variant": self.host.variant_id, "options": self.host.options,
                               "names": [s.name for s in self.seats],
                               "commitment": self.host.commitment})
        record.sent_hand = None

    def rejoin(self, conn: Conn, seat: int) -> None:
        record = self.seats[seat]
        old = record.conn
        if old is not None:
            old.seat = None
            self.links.close(old, "the seat was taken up from another connection")
        if record.timer is not None:
            record.timer.cancel()
            record.timer = None
        record.conn = conn
        conn.seat = seat
        was = record.state
        record.state = "taken"
        self.welcome(conn, seat)
        if was != "taken":
            self.host._seat_changed(seat, "taken")
        self.host._lobby_changed()
        if self.host._play.started:
            self.host._play.send_update(seat, None)
            self.host._timer.tell(conn)
            self.host._play.wake()
        if self.host._play.finished and self.host._play.match is not None:
            self.links.send(conn, self.host._play.over_message())  # it ended while away

    def disconnected(self, conn: Conn) -> None:
        if self.host._watchers.leave(conn):
            self.host._talk.forget(conn)
            self.host._lobby_changed()
            return
        seat = conn.seat
        if seat is None or self.seats[seat].conn is not conn:
            return
        record = self.seats[seat]
        record.conn = None
        if not self.host._play.started:  # in the lobby the seat is free again
            record.state = "open"
            record.token = None
            if self.host._resumed is None:
                record.name = record.spec.name or f"Player {seat + 1}"
            self.host._lobby_changed()
            return
        if self.host._play.finished:
            return
        record.state = "waiting"
        wait = self.settings.takeover_after
        record.timer = self.loop.call_later(wait, self.take_over, seat)
        self.host._seat_changed(seat, "waiting", wait)
        self.host._lobby_changed()

    def take_over(self, seat: int) -> None:
        record = self.seats[seat]
        record.timer = None
        if record.conn is None and record.state == "waiting":
            record.state = "computer"
            self.host._seat_changed(seat, "computer")
            self.host._lobby_changed()
            self.host._play.wake()
