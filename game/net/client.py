"""A joiner's side of a network game: ``NetClient`` connects to a host, takes a seat and
keeps the seat's view, on its own thread with an asyncio loop; the caller never waits on
it. It polls ``events()`` (see ``game.net.events``) and posts ``act(action)``; ``close()``
leaves. A host that disappears leaves a ``HostLost`` event and the last view in
``last_view``; ``token`` (from ``Joined``) takes the seat back with a new client.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from game.engine.actions import Action
from game.engine.errors import EngineError
from game.engine.protocol import SeatView
from game.engine.variants import Family, get_variant
from game.net.address import parse_address, shown_host, uri
from game.net.events import (
    DealsChecked,
    EventInbox,
    HostLost,
    Joined,
    JoinRefused,
    Lobby,
    LobbySeat,
    MatchOver,
    Problem,
    Queued,
    Refused,
    Rematch,
    Removed,
    Said,
    SeatChanged,
    TurnClock,
    Update,
)
from game.net.fair import (
    DealRecord,
    Verdict,
    check,
    is_deal,
    no_commitment,
    with_changed_commitment,
)
from game.net.views import ViewReader
from game.net.wire import (
    GAME_VERSION,
    MAX_HOST_MESSAGE,
    PROTOCOL_VERSION,
    WireError,
    decode_host,
    encode,
)


class NetClient:
    """One seat played from this computer: see the module's text. ``address`` is written
    as ``game.net.address.parse_address`` reads it (ValueError for a bad one); ``seat``
    asks for a particular network seat; ``record`` keeps every frame received (tests);
    ``deals``: the deals a former connection to the seat saw (``NetClient.deals``)."""

    def __init__(self, address: str, code: str, name: str = "", token: str | None = None,
                 seat: int | None = None, watch: bool = False,
                 connect_timeout: float = 10.0,
                 ping_interval: float | None = 10.0, ping_timeout: float | None = 20.0,
                 record: bool = False, deals: DealRecord | None = None) -> None:
        self.host, self.port = parse_address(address)
        self.code = code
        self.name = name
        self.token = token
        self.wanted_seat = seat
        self.watch = watch  # a spectator: sees the public table, holds no seat
        self.connect_timeout = connect_timeout
        self.ping_interval = ping_interval
        self.ping_timeout = ping_timeout
        self.frames: list[str] | None = [] if record else None
        self.seat: int | None = None
        self.variant_id = ""
        self.family: Family | None = None
        self.last_view: SeatView | None = None
        self.step = -1  # the step of the last view received
        self.over = False
        #: the deals this seat saw, to check against the seed the host reveals at the end
        #: (``game.net.fair``); a client taking the seat back is handed its predecessor's
        self.deals: DealRecord | None = deals
        self.verdict: Verdict | None = None
        #: every match's verdict in turn (a rematch resets ``verdict`` at once, maybe before
        #: whoever reads it has seen the last one)
        self.verdicts: list[Verdict] = []
        self._reader: ViewReader | None = None
        self._events = EventInbox()
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._run, name="net-client", daemon=True)
        self._ws: ClientConnection | None = None
        self._closing = False
        self._refused = False
        self._ended = False

    # ------------------------------------------------------------------ the caller's side

    def start(self) -> None:
        """Connect and say hello (on the network thread): ``Joined`` or ``JoinRefused`` /
        ``HostLost`` follows in ``events()``."""
        self._thread.start()

    def events(self) -> list[object]:
        """Every event since the last call, oldest first (never waits)."""
        return self._events.drain()

    def wait_event(self, timeout: float) -> object | None:
        """The next event, waiting at most ``timeout`` seconds (for headless drivers)."""
        return self._events.wait(timeout)

    def act(self, action: Action, step: int | None = None) -> None:
        """Send our seat's action (``step``: the view's step it answers, so the host refuses
        it if the table has changed since). A ``Refused`` event follows a refusal."""
        message: dict[str, Any] = {"type": "action", "action": action.to_json()}
        if step is not None:
            message["step"] = step
        self.send_raw(encode(message))

    def say(self, phrase: str) -> None:
        """A quick table message: a phrase's id (``game.net.talk.PHRASES``)."""
        self.send_raw(encode({"type": "say", "phrase": phrase[:32]}))
    def back(self) -> None:
        """Play our seat again after the turn timer handed it to a computer."""
        self.send_raw(encode({"type": "back"}))

    def send_raw(self, text: str | bytes) -> None:
        """Send one frame as it is (tests use it to misbehave)."""
        with contextlib.suppress(RuntimeError):  # the loop has closed: nothing to send to
            self._loop.call_soon_threadsafe(self._send_soon, text)

    def close(self) -> None:
        """Leave the game (the host keeps the seat for the token) and stop; returns at once."""
        self._closing = True
        with contextlib.suppress(RuntimeError):
            self._loop.call_soon_threadsafe(self._close_soon)

    def join(self, timeout: float | None = None) -> None:
        if self._thread.is_alive():
            self._thread.join(timeout)

    @property
    def running(self) -> bool:
        return self._thread.is_alive()

    def _put(self, event: object) -> None:
        self._events.put(event)

    # ------------------------------------------------------------------ the network thread

    def _run(self) -> None:
        try:
            self._loop.run_until_complete(self._main())
        except Exception as error:  # noqa: BLE001 - told to the screen, never a crash
            self._lost(f"{type(error).__name__}: {error}")
        finally:
            self._loop.close()

    def _send_soon(self, text: str | bytes) -> None:
        ws = self._ws
        if ws is not None:
            self._loop.create_task(self._send(ws, text))

    async def _send(self, ws: ClientConnection, text: str | bytes) -> None:
        with contextlib.suppress(ConnectionClosed):
            await ws.send(text)

    def _close_soon(self) -> None:
        ws = self._ws
        if ws is not None:
            self._loop.create_task(ws.close(1000, "left"))
        elif not self._ended:
            self._ended = True

    async def _main(self) -> None:
        where = uri(self.host, self.port)
        try:
            ws = await connect(where, compression=None, max_size=MAX_HOST_MESSAGE,
                               open_timeout=self.connect_timeout, proxy=None,
                               ping_interval=self.ping_interval,
                               ping_timeout=self.ping_timeout, close_timeout=2)
        except (OSError, InvalidHandshake, InvalidURI, TimeoutError) as error:
            text = getattr(error, "strerror", None) or str(error) or type(error).__name__
            self._lost(f"cannot reach the host at {shown_host(self.host)}:{self.port}: {text}")
            return
        self._ws = ws
        if self._closing:
            await ws.close(1000, "left")
            return
        hello: dict[str, Any] = {"type": "hello", "protocol": PROTOCOL_VERSION,
                                 "game": GAME_VERSION, "code": self.code[:16],
                                 "name": self.name[:32]}
        if self.token:
            hello["token"] = self.token[:64]
        if self.wanted_seat is not None:
            hello["seat"] = self.wanted_seat
        if self.watch:
            hello["watch"] = True
        reason = "the host closed the connection"
        try:
            await ws.send(encode(hello))
            async for frame in ws:
                if self.frames is not None:
                    self.frames.append(frame if isinstance(frame, str) else repr(frame))
                self._receive(frame)
        except ConnectionClosed:
            pass
        rcvd = ws.protocol.close_rcvd
        if rcvd is not None and rcvd.reason:
            reason = f"the host closed the connection: {rcvd.reason}"
        self._ws = None
        if not (self._closing or self.over or self._refused):
            self._lost(reason)

    def _lost(self, reason: str) -> None:
        if not self._ended:
            self._ended = True
            self._put(HostLost(reason, self.last_view))

    # ------------------------------------------------------------------ messages

    def _receive(self, frame: object) -> None:
        try:
            message = decode_host(frame)
            self._handle(message)
        except (WireError, ValueError, KeyError, TypeError, AttributeError, IndexError,
                EngineError) as error:
            self._put(Problem(f"the host sent a message this client cannot read: {error}"))

    def _handle(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "welcome":
            self.seat = int(message["seat"])
            self.token = str(message["token"])
            self.variant_id = str(message["variant"])
            options = dict(message["options"])
            variant = get_variant(self.variant_id, options)
            self.family = variant.family
            self._reader = ViewReader(variant.family, variant)
            promised = message.get("commitment")
            if isinstance(promised, str):
                promised = promised[:128]
                if self.deals is None or self.deals.seat != self.seat:
                    self.deals = DealRecord(self.variant_id, options, len(message["names"]),
                                            self.seat, promised)
                else:
                    self.deals = with_changed_commitment(self.deals, promised)
            self._put(Joined(self.seat, self.token, self.variant_id, options,
                             tuple(str(n) for n in message["names"]),
                             bool(message.get("watching", False))))
        elif kind == "error":
            text = str(message.get("message", ""))
            if self.seat is None:
                self._refused = True
                self._put(JoinRefused(text))
            else:
                self._put(Problem(text))
        elif kind == "lobby":
            seats = tuple(LobbySeat(str(s["name"]), str(s["kind"]), str(s["state"]))
                          for s in message["seats"])
            self._put(Lobby(seats, bool(message["started"]),
                            tuple(str(n)[:32] for n in message.get("watchers", ())[:64]),
                            bool(message.get("watch", False))))
        elif kind == "said":
            self._put(Said(int(message["seat"]), str(message["name"])[:32],
                           str(message["phrase"])[:32]))
        elif kind == "update" and self._reader is not None:
            view = self._reader.read(message["view"])
            self.last_view = view
            self.step = int(message["step"])
            if self.deals is not None and self.family is not None \
                    and is_deal(self.step, message.get("event")):
                self.deals.saw(self.family, view)
            self._put(Update(int(message["seat"]), view, message.get("event"), self.step,
                             tuple(int(s) for s in message.get("buy_queue", ()))))
        elif kind == "refused":
            self._put(Refused(self.seat if self.seat is not None else -1,
                              str(message["reason"])))
        elif kind == "queued":
            self._put(Queued(str(message["kind"])))
        elif kind == "seat":
            self._put(SeatChanged(int(message["seat"]), str(message["state"]),
                                  float(message.get("wait", 0.0)),
                                  message.get("timeouts") is True,
                                  str(message.get("why", ""))[:16]))
        elif kind == "rematch" and self.seat is not None:
            # the same seat in a new match: its deals are checked against the new commitment
            promised = str(message.get("commitment", ""))[:128]
            self.over, self.verdict, self.step = False, None, -1
            names = self.deals.players if self.deals is not None else 0
            self.deals = DealRecord(self.variant_id, self.deals.options, names, self.seat,
                                    promised) if self.deals is not None and promised else None
            self._put(Rematch(promised))
        elif kind == "removed":
            self._refused = True  # no reconnecting: the token holds no seat any more
            self._put(Removed(str(message.get("message", ""))[:200]))
        elif kind == "clock":
            self._put(TurnClock(int(message["seat"]), float(message["left"]),
                                float(message["total"])))
        elif kind == "over":
            self.over = True
            if self.deals is not None:
                self.deals.reveal(message.get("reveal"))
                self.verdict = check(self.deals)
            else:
                self.verdict = no_commitment()
            self.verdicts.append(self.verdict)
            if self.seat is not None:
                self._put(DealsChecked(self.verdict.ok, self.verdict.words))
            self._put(MatchOver(message.get("result"), str(message.get("stalled", ""))))
