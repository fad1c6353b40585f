"""The host's connections, one by one: each one's outbox (a task sends it, so a slow reader
never stalls the host), its rate allowances, its errors and its close. What a connection
says and which seat it holds are the host's business (``game.net.host``, ``game.net.door``).
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from game.net.host_setup import HostSettings
from game.net.wire import encode

__all__ = ["MAX_BAD_MESSAGES", "OUT_OF_ROOM", "QUIET", "Conn", "Links"]

#: How many bad messages a connection may send before it is closed.
MAX_BAD_MESSAGES = 50
#: What ``accept`` fails with when this computer has no room for another connection.
OUT_OF_ROOM = frozenset({errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM})
_CLOSE = object()  # the outbox's last item: close the connection after what is before it


@dataclass(eq=False)
class Conn:
    """One client connection: its outbox (a task sends it, so a slow reader never stalls
    the host), its rate allowance and its seat once it said hello."""

    ws: ServerConnection
    outbox: asyncio.Queue[object] = field(default_factory=asyncio.Queue)
    seat: int | None = None
    allowance: float = 0.0
    last: float = 0.0
    checks: float = 0.0  # the allowance of actions checked against the rules
    checks_last: float = 0.0
    bad: int = 0
    closing: bool = False
    reason: str = ""  # why the host closes it (the close frame's reason)
    opened: float = 0.0


class Links:
    """Every connection the host holds (``all``), and what it does to one of them."""

    def __init__(self, settings: HostSettings, loop: asyncio.AbstractEventLoop) -> None:
        self.settings = settings
        self._loop = loop
        self.all: set[Conn] = set()

    def open(self, ws: ServerConnection) -> Conn:
        """A new connection, its allowances full."""
        now = self._loop.time()
        conn = Conn(ws, allowance=self.settings.burst, last=now, opened=now,
                    checks=self.settings.check_burst, checks_last=now)
        self.all.add(conn)
        return conn

    async def send_loop(self, conn: Conn) -> None:
        with contextlib.suppress(ConnectionClosed):
            while True:
                item = await conn.outbox.get()
                if item is _CLOSE:
                    await conn.ws.close(1008, conn.reason)
                    return
                assert isinstance(item, str)
                await conn.ws.send(item)

    def send(self, conn: Conn, message: dict[str, Any]) -> None:
        if conn.closing:
            return
        if conn.outbox.qsize() >= self.settings.outbox:
            self.close(conn, "too slow: messages piled up")  # it may come back and resync
            return
        conn.outbox.put_nowait(encode(message))

    def close(self, conn: Conn, reason: str) -> None:
        if not conn.closing:
            conn.closing = True
            conn.reason = reason[:100]
            conn.outbox.put_nowait(_CLOSE)

    def error(self, conn: Conn, code: str, text: str, close: bool = False) -> None:
        self.send(conn, {"type": "error", "code": code, "message": text})
        if close:
            self.close(conn, text)

    def bad(self, conn: Conn, code: str, text: str) -> None:
        """A message the host cannot take: an error reply, and the close after too many."""
        conn.bad += 1
        self.error(conn, code, text, close=conn.bad > MAX_BAD_MESSAGES)

    def throttle(self, conn: Conn) -> float:
        """The connection's rate allowance (a token bucket): how long to wait before the
        next message is read. While the host waits, websockets reads no further frames
        from it, so a flood slows the flooder down (TCP's own back-pressure), never the
        host, and no message of a fast but honest client is lost."""
        now = self._loop.time()
        s = self.settings
        conn.allowance = min(s.burst, conn.allowance + (now - conn.last) * s.rate)
        conn.last = now
        conn.allowance -= 1
        wait = -conn.allowance / s.rate if conn.allowance < 0 else 0.0
        checks = min(s.check_burst, conn.checks + (now - conn.checks_last) * s.check_rate)
        return max(wait, -checks / s.check_rate if checks < 0 else 0.0)

    def checked(self, conn: Conn) -> None:
        """An action of ``conn`` is about to be read and checked: it spends one of the
        connection's checks (``throttle`` makes its next message wait when none is left)."""
        now = self._loop.time()
        s = self.settings
        conn.checks = min(s.check_burst, conn.checks + (now - conn.checks_last) * s.check_rate)
        conn.checks_last = now
        conn.checks -= 1


class _Quiet:
    """websockets' logger: a client's broken handshake is not the host's news."""

    def debug(self, *args: object, **kwargs: object) -> None: ...
    def info(self, *args: object, **kwargs: object) -> None: ...
    def warning(self, *args: object, **kwargs: object) -> None: ...
    def error(self, *args: object, **kwargs: object) -> None: ...
    def exception(self, *args: object, **kwargs: object) -> None: ...
    def isEnabledFor(self, level: int) -> bool:  # noqa: N802 - logging's own name
        return False


QUIET: Any = _Quiet()
