"""Finding games on the local network: the host announces its game with DNS-SD over
multicast DNS (python-zeroconf), a joiner's screen browses for the announcements.

The announcement names the game and where it listens, never the join code (that is read
off the host's screen). A network without multicast just finds nothing: the joiner types
the address instead, so every failure here is a message, never an exception.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import socket
import threading
from collections.abc import Awaitable
from dataclasses import dataclass

from zeroconf import IPVersion, ServiceBrowser, ServiceInfo, ServiceStateChange, Zeroconf
from zeroconf.asyncio import AsyncServiceInfo, AsyncZeroconf

from game.net.wire import GAME_VERSION, PROTOCOL_VERSION

SERVICE_TYPE = "_machiavelli._tcp.local."
#: The longest a game's announced name may be (DNS-SD allows 63 bytes).
MAX_INSTANCE = 60


@dataclass(frozen=True)
class FoundGame:
    """A game announced on the local network."""

    name: str  # the announcement's own name ("Machiavelli on ada-laptop")
    address: str
    port: int
    variant_id: str
    seats: int
    game_version: str
    protocol: int
    #: the network seats nobody has taken (0-based); None: the host did not say
    open_seats: tuple[int, ...] | None = None
    started: bool = False  # the match is under way
    watch: bool = False  # the host lets spectators in

    @property
    def joinable(self) -> bool:
        """Whether this game's host plays our version."""
        return self.protocol == PROTOCOL_VERSION and self.game_version == GAME_VERSION


def instance_name(game: str) -> str:
    """The announcement's name: the game and this computer's name."""
    text = f"{game} on {socket.gethostname().split('.')[0]}"
    return "".join(ch for ch in text if ch.isprintable() and ch != ".")[:MAX_INSTANCE]


class Announcer:
    """The host's announcement (on the host's asyncio loop): ``start`` then ``stop``."""

    def __init__(self, game: str, address: str, port: int, variant_id: str,
                 seats: int, interfaces: list[str] | None = None) -> None:
        self.interfaces = interfaces or [address]
        self.zeroconf: AsyncZeroconf | None = None
        self._broadcast: Awaitable[object] | None = None
        self.problem = ""
        try:
            packed = ipaddress.IPv4Address(address).packed
        except ValueError:  # the joiners' browsers look for IPv4 announcements only
            self.problem = (f"a game on {address[:60]} is not announced on the local network "
                            "(IPv4 addresses only): joiners type the address "
                            f"[{address[:60]}]:{port}" if ":" in address else
                            f"a game on '{address[:60]}' is not announced on the local "
                            "network: joiners type the address")
            packed = bytes(4)
        self.properties = {"variant": variant_id, "seats": str(seats), "game": GAME_VERSION,
                           "protocol": str(PROTOCOL_VERSION)}
        self.info = AsyncServiceInfo(
            SERVICE_TYPE, f"{instance_name(game)}.{SERVICE_TYPE}",
            addresses=[packed], port=port, properties=self.properties)

    async def start(self) -> str:
        """Announce; a problem in words ("" when announced)."""
        if self.problem:
            return self.problem
        try:
            self.zeroconf = AsyncZeroconf(interfaces=self.interfaces, ip_version=IPVersion.V4Only)
            # the broadcasts go on in the background (zeroconf's task, kept to be awaited)
            self._broadcast = await self.zeroconf.async_register_service(
                self.info, allow_name_change=True)
        except (OSError, ValueError, RuntimeError) as error:
            await self.stop()
            return f"the game could not be announced on the local network ({error}); " \
                   "joiners can still type the address"
        return ""

    def set_state(self, open_seats: list[int], started: bool, watch: bool) -> None:
        """The announcement's facts of the game now (announced by ``start``/``update``)."""
        self.properties.update({"open": ",".join(map(str, open_seats)),
                                "started": "1" if started else "0",
                                "watch": "1" if watch else "0"})
        self.info = AsyncServiceInfo(SERVICE_TYPE, self.info.name,
                                     addresses=self.info.addresses, port=self.info.port,
                                     properties=self.properties, server=self.info.server)

    async def update(self, open_seats: list[int], started: bool, watch: bool) -> None:
        """Announce the seats still open, whether the match is under way and whether
        spectators may watch (the Join lists show them); a failure only leaves the older
        announcement."""
        self.set_state(open_seats, started, watch)
        zc = self.zeroconf
        if zc is None:
            return
        with contextlib.suppress(OSError, ValueError, RuntimeError, KeyError, TimeoutError):
            await zc.async_update_service(self.info)

    async def stop(self) -> None:
        zc, self.zeroconf = self.zeroconf, None
        if zc is None:
            return
        broadcast, self._broadcast = self._broadcast, None
        if isinstance(broadcast, asyncio.Future) and not broadcast.done():
            broadcast.cancel()
        with contextlib.suppress(OSError, ValueError, RuntimeError, KeyError, TimeoutError,
                                 asyncio.CancelledError):
            goodbye = await zc.async_unregister_service(self.info)
            await asyncio.wait_for(goodbye, 3)  # the goodbye packets, so browsers forget us
        with contextlib.suppress(OSError, RuntimeError):
            await zc.async_close()


def _found(info: ServiceInfo) -> FoundGame | None:
    props = {k.decode("utf-8", "replace"): (v or b"").decode("utf-8", "replace")
             for k, v in info.properties.items()}
    addresses = info.parsed_addresses(IPVersion.V4Only)
    if not addresses or info.port is None:
        return None
    try:
        seats, protocol = int(props.get("seats", "0")), int(props.get("protocol", "0"))
    except ValueError:
        return None
    name = info.name.removesuffix("." + SERVICE_TYPE)[:MAX_INSTANCE]
    open_text = props.get("open")
    open_seats = None
    if open_text is not None:
        parts = [p for p in open_text.split(",")[:16] if p]
        if not all(p.isdigit() and int(p) < max(seats, 0) for p in parts):
            return None
        open_seats = tuple(int(p) for p in parts)
    return FoundGame(name, addresses[0], info.port, props.get("variant", "")[:40], seats,
                     props.get("game", "")[:32], protocol, open_seats,
                     props.get("started") == "1", props.get("watch") == "1")


class Browser:
    """A joiner's list of the games announced on the local network, kept up to date by
    zeroconf's own thread: ``start``, read ``games()`` from any thread (never waits),
    ``stop``. ``problem`` says why browsing could not start ("" when it runs)."""

    def __init__(self, interfaces: list[str] | None = None) -> None:
        self.interfaces = interfaces
        self.problem = ""
        self._games: dict[str, FoundGame] = {}
        self._lock = threading.Lock()
        self._zeroconf: Zeroconf | None = None
        self._browser: ServiceBrowser | None = None

    def start(self) -> str:
        try:
            if self.interfaces:
                self._zeroconf = Zeroconf(interfaces=self.interfaces,
                                          ip_version=IPVersion.V4Only)
            else:
                self._zeroconf = Zeroconf(ip_version=IPVersion.V4Only)
            self._browser = ServiceBrowser(self._zeroconf, SERVICE_TYPE,
                                           handlers=[self._changed])
        except (OSError, ValueError, RuntimeError) as error:
            self.problem = f"cannot look for games on the local network ({error})"
            self.stop()
        return self.problem

    def _changed(self, zeroconf: Zeroconf, service_type: str, name: str,
                 state_change: ServiceStateChange) -> None:
        if state_change is ServiceStateChange.Removed:
            with self._lock:
                self._games.pop(name, None)
            return
        # zeroconf's own thread: a short wait for the address records is fine here
        info = zeroconf.get_service_info(service_type, name, timeout=1500)
        found = _found(info) if info is not None else None
        if found is not None:
            with self._lock:
                self._games[name] = found

    def games(self) -> list[FoundGame]:
        with self._lock:
            return sorted(self._games.values(), key=lambda g: g.name.casefold())

    def stop(self) -> None:
        browser, self._browser = self._browser, None
        zeroconf, self._zeroconf = self._zeroconf, None
        if browser is not None:
            with contextlib.suppress(OSError, RuntimeError):
                browser.cancel()
        if zeroconf is not None:
            with contextlib.suppress(OSError, RuntimeError):
                zeroconf.close()
