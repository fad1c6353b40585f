"""Internet play by a short code: the game's own protocol carried through a magic-wormhole.

The host's lobby (or ``machiavelli serve --internet``) opens an ``InternetInvite``: a code
such as ``4-purple-sausages`` that the mailbox server hands out; a friend types it in Join
(or ``machiavelli join 4-purple-sausages``), which opens an ``InternetLink``. The two ends
agree on a key through the mailbox (PAKE: the code is the password, the mailbox sees
nothing of the game), then the wormhole is *dilated*: one encrypted connection, direct
where the routers allow and through the transit relay otherwise, that comes back by itself
after a blip. The joiner listens on a loopback port; each connection made to it is a
subchannel of that connection, which the host pipes into its own websocket server. So the
game runs over exactly the protocol, checks and faults of the local network: the joiner's
``NetClient`` connects to ``127.0.0.1:PORT`` with the host's join code (sent inside the
wormhole), and a dropped seat comes back with its token through the same code.

The code lasts as long as the invitation: after each friend's wormhole is made, the host
claims the same code again for the next one (and for a friend coming back). A few wrong
codes tried against it (someone guessing) make the host draw a new one.

Magic-wormhole runs on Twisted: its reactor turns on one daemon thread of its own
(``reactor()``), started once; the callers' threads (a screen's frame loop, the host's
and client's asyncio threads) only hand it work and read frozen state or an event queue,
so nothing here blocks them. By default the public mailbox and relay of magic-wormhole are
used; ``InternetSettings`` (the Settings screen's field, ``--mailbox`` / ``--relay``)
points at self-hosted ones.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from twisted.internet.protocol import Factory, Protocol, connectionDone
from twisted.python.failure import Failure

from game.i18n import _
from game.net.events import EventInbox
from game.net.wire import GAME_VERSION

#: the wormhole application: only wormholes of this game meet one another
APP_ID = "machiavelli-rummy/net/v1"
#: magic-wormhole's public mailbox server and transit relay
PUBLIC_MAILBOX = "ws://relay.magic-wormhole.io:4000/v1"
PUBLIC_RELAY = "tcp:transit.magic-wormhole.io:4001"
#: a self-hosted server's usual ports (magic-wormhole-mailbox-server, -transit-relay)
MAILBOX_PORT, RELAY_PORT = 4000, 4001
#: the name of the dilated wormhole's subchannels that carry the game
SUBPROTOCOL = "machiavelli-ws"
#: the words of a code after its number
CODE_WORDS = 2
#: wrong codes tried against one code before the host draws a new one
MAX_WRONG = 5
#: bytes a piped connection holds before its other end is open
MAX_PENDING = 1 << 20
#: a Twisted client endpoint (an ``IStreamClientEndpoint``: zope interfaces, not types)
Endpoint = Any
_CODE = re.compile(r"[0-9]{1,6}(-[a-z]{2,20}){1,6}")


@dataclass(frozen=True)
class InternetSettings:
    """Where the wormholes meet. ``mailbox``: the mailbox server's websocket URL;
    ``relay``: the transit relay (``tcp:HOST:PORT``); ``direct``: also offer a direct
    connection (else every byte goes through the relay, which then sees no address of the
    other side); the timeouts, in seconds: to reach the mailbox, for the other side to
    answer the code (joiner), and for the connection to the other side once the code
    matched."""

    mailbox: str = PUBLIC_MAILBOX
    relay: str = PUBLIC_RELAY
    direct: bool = True
    reach_timeout: float = 20.0
    answer_timeout: float = 90.0
    connect_timeout: float = 45.0

    @property
    def public(self) -> bool:
        return self.mailbox == PUBLIC_MAILBOX


def is_internet_code(text: str) -> bool:
    """Whether ``text`` is a wormhole code (a number and words: ``4-purple-sausages``),
    as typed: any case, spaces for dashes."""
    return bool(_CODE.fullmatch(clean_code(text)))


def clean_code(text: str) -> str:
    """A wormhole code as typed, in the form it is used: lower case, words joined by
    dashes."""
    return "-".join(part for part in re.split(r"[\s\-]+", text.strip().lower()) if part)


def server_settings(text: str) -> InternetSettings:
    """The Settings field's meeting point: empty for magic-wormhole's public servers;
    ``HOST`` (its mailbox on port 4000, its relay on 4001), ``ws://HOST:PORT/v1`` (the
    relay on the same host, port 4001) or ``ws://HOST:PORT/v1 tcp:HOST:PORT`` (both).
    ValueError in words for anything else."""
    parts = text.split()
    if not parts:
        return InternetSettings()
    if len(parts) > 2:
        raise ValueError(_("give a mailbox and at most one relay, not {n} addresses").format(
            n=len(parts)))
    mailbox = relay = ""
    for part in parts:
        if part.startswith(("ws://", "wss://")):
            mailbox = mailbox_url(part)
        elif part.startswith("tcp:"):
            relay = relay_hint(part)
        elif len(parts) == 1:
            host = _host(part)
            mailbox = f"ws://{host}:{MAILBOX_PORT}/v1"
        else:
            raise ValueError(_("'{text}' is neither a mailbox (ws://HOST:PORT/v1) nor a "
                               "relay (tcp:HOST:PORT)").format(text=part[:60]))
    if not mailbox:
        raise ValueError(_("a relay alone is not enough: give the mailbox too "
                           "(ws://HOST:PORT/v1)"))
    if not relay:
        relay = f"tcp:{_bracketed(urlsplit(mailbox).hostname or '')}:{RELAY_PORT}"
    return InternetSettings(mailbox=mailbox, relay=relay)


def mailbox_url(text: str) -> str:
    """A mailbox server's address, ``ws://HOST:PORT/v1`` (or wss://); ValueError in
    words."""
    try:
        parts = urlsplit(text.strip())
        port = parts.port
    except ValueError:
        parts, port = None, None
    if parts is None or parts.scheme not in ("ws", "wss") or not parts.hostname:
        raise ValueError(_("'{text}' is not a mailbox address (ws://HOST:PORT/v1)").format(
            text=text[:60]))
    _host(parts.hostname)
    if port is None and parts.scheme == "ws":
        raise ValueError(_("'{text}' names no port (ws://HOST:PORT/v1)").format(
            text=text[:60]))
    return text.strip()


def relay_hint(text: str) -> str:
    """A transit relay, ``tcp:HOST:PORT`` (``HOST:PORT`` is read as that too); ValueError
    in words."""
    rest = text.strip().removeprefix("tcp:")
    host, sep, port = rest.rpartition(":")
    host = host.strip("[]")
    if not sep or not host or not port.isdigit() or not 1 <= int(port) <= 65535:
        raise ValueError(_("'{text}' is not a relay address (tcp:HOST:PORT)").format(
            text=text[:60]))
    return f"tcp:{_bracketed(_host(host))}:{int(port)}"


def _host(text: str) -> str:
    if not text or len(text) > 253 or not all(ch.isalnum() or ch in ".-_:" for ch in text):
        raise ValueError(_("'{text}' is not a host name or address").format(text=text[:60]))
    return text


def _bracketed(host: str) -> str:
    return f"[{host}]" if ":" in host else host


# --------------------------------------------------------------------------- events


@dataclass(frozen=True)
class InviteCode:
    """(host) The code to tell a friend; a new one replaces the last."""

    code: str


@dataclass(frozen=True)
class InviteProblem:
    """(host) The invitation cannot work now (the mailbox cannot be reached, ...), in
    words; it tries again by itself, and the local network still works."""

    text: str


@dataclass(frozen=True)
class FriendArrived:
    """(host) A friend's wormhole is made: their game now connects through it."""

    count: int


# --------------------------------------------------------------------------- the reactor

_lock = threading.Lock()
_thread: threading.Thread | None = None


def reactor() -> Any:
    """Twisted's reactor, turning on its own daemon thread (started on first use). Call
    into it only with ``reactor().callFromThread``."""
    global _thread
    from twisted.internet import reactor as installed

    twisted_reactor: Any = installed
    with _lock:
        if (_thread is None or not _thread.is_alive()) and not twisted_reactor.running:
            _thread = threading.Thread(target=twisted_reactor.run,
                                       kwargs={"installSignalHandlers": False},
                                       name="net-wormhole", daemon=True)
            _thread.start()
    return twisted_reactor


def _quiet(failure: Failure) -> None:
    """An errback for a Deferred whose failure is handled elsewhere (not logged twice)."""


# --------------------------------------------------------------------------- the pipes


def _transport(protocol: Protocol) -> Any:
    """A protocol's transport (typed by zope interfaces, which mypy does not read)."""
    return protocol.transport


class _Pipe(Protocol):
    """One end of a piped connection: what it receives is written to the other end;
    either end closing closes the other, and either end's reading waits while the other
    cannot send (each is the other's producer: a flood slows the flooder, never fills this
    computer's memory). Bytes that come before the other end is open wait (up to
    ``MAX_PENDING``)."""

    def __init__(self) -> None:
        self.peer: _Pipe | None = None
        self.pending: list[bytes] | None = []
        self.size = 0
        self.gone = False

    def dataReceived(self, data: bytes) -> None:  # noqa: N802 - Twisted's name
        if self.peer is not None and self.peer.transport is not None:
            _transport(self.peer).write(data)
        elif self.pending is not None:
            self.pending.append(data)
            self.size += len(data)
            if self.size > MAX_PENDING and self.transport is not None:
                _transport(self).loseConnection()

    def join(self, peer: _Pipe) -> None:
        """The other end is open: what waited goes through."""
        self.peer = peer
        pending, self.pending = self.pending or [], None
        if self.gone:
            self._close_peer()
            return
        mine, theirs = _transport(self), _transport(peer)
        mine.registerProducer(theirs, True)
        theirs.registerProducer(mine, True)
        for data in pending:
            theirs.write(data)

    def connectionLost(self, reason: Failure = connectionDone) -> None:  # noqa: N802
        self.gone = True
        self._close_peer()

    def _close_peer(self) -> None:
        peer, self.peer = self.peer, None
        if peer is not None and peer.transport is not None and not peer.gone:
            _transport(peer).loseConnection()


class _Entry(_Pipe):
    """A connection coming in (a subchannel at the host, a local connection at the
    joiner): on arrival it opens its other end through ``endpoint``."""

    def __init__(self, endpoint: Callable[[], Endpoint]) -> None:
        super().__init__()
        self._endpoint = endpoint

    def connectionMade(self) -> None:  # noqa: N802 - Twisted's name
        other = _Pipe()
        other.peer = self
        other.pending = None
        try:
            endpoint = self._endpoint()
        except Exception:  # noqa: BLE001 - no way through: this connection closes
            self._refused(None)
            return
        d = endpoint.connect(_OneProtocol(other))
        d.addCallbacks(lambda _proto: self.join(other), self._refused)

    def _refused(self, _failure: Failure | None) -> None:
        self.pending = None
        if self.transport is not None:
            _transport(self).loseConnection()


class _OneProtocol(Factory):
    """A factory that hands out one protocol made beforehand."""

    def __init__(self, protocol: Protocol) -> None:
        self._protocol = protocol

    def buildProtocol(self, addr: Any) -> Protocol:  # noqa: N802 - Twisted's name
        return self._protocol


class _EntryFactory(Factory):
    def __init__(self, endpoint: Callable[[], Endpoint]) -> None:
        self._endpoint = endpoint

    def buildProtocol(self, addr: Any) -> Protocol:  # noqa: N802 - Twisted's name
        entry = _Entry(self._endpoint)
        entry.factory = self
        return entry


# --------------------------------------------------------------------------- words


def _reason(failure: Failure | BaseException | None) -> str:
    error = failure.value if isinstance(failure, Failure) else failure
    text = str(error).strip() or type(error).__name__
    return text[:200]


def unreachable_words(url: str, reason: str) -> str:
    return _("The internet meeting point {url} cannot be reached ({reason}).").format(
        url=url, reason=reason)


# --------------------------------------------------------------------------- the host


class InternetInvite:
    """A hosted game's invitation over the internet (see the module's text): ``start()``,
    then poll ``events()`` (``InviteCode``, ``InviteProblem``, ``FriendArrived``) or read
    ``code`` / ``problem``; ``stop()`` closes every wormhole. ``address``:``port`` is the
    host's websocket server, ``join_code`` its join code (the friends' ends get it inside
    the wormhole). ``code``: claim this code rather than ask the mailbox for one.
    ``alive``: whether the host still runs (asked every few seconds: the invitation ends
    with the game it invites to, whichever screen holds it then)."""

    def __init__(self, address: str, port: int, join_code: str,
                 settings: InternetSettings | None = None, code: str | None = None,
                 alive: Callable[[], bool] | None = None) -> None:
        self.address, self.port, self.join_code = address, port, join_code
        self.settings = settings or InternetSettings()
        self.code: str | None = clean_code(code) if code else None
        self.problem = ""
        self.friends = 0
        self._told = ""  # the code the last InviteCode said
        self._events = EventInbox()
        self._stopped = False
        self._wrong = 0
        self._crowded = 0
        self._waiting: Any = None  # the wormhole open for the next friend
        self._made: list[Any] = []  # friends' wormholes, dilated
        self._retry: Any = None
        self._alive = alive

    # -- the caller's side

    def start(self) -> None:
        reactor().callFromThread(self._open)
        if self._alive is not None:
            reactor().callFromThread(self._watch)

    def stop(self) -> None:
        self._stopped = True
        reactor().callFromThread(self._close_all)

    def events(self) -> list[object]:
        return self._events.drain()

    def wait_event(self, timeout: float) -> object | None:
        return self._events.wait(timeout)

    # -- the reactor's thread

    def _watch(self) -> None:
        if self._stopped:
            return
        if self._alive is not None and not self._alive():
            self._stopped = True
            self._close_all()
            return
        reactor().callLater(2.0, self._watch)

    def _versions(self) -> dict[str, Any]:
        return {"machiavelli": {"game": GAME_VERSION, "code": self.join_code}}

    def _open(self) -> None:
        self._retry = None
        if self._stopped:
            return
        r = reactor()
        try:
            import wormhole

            w = wormhole.create(APP_ID, self.settings.mailbox, r, versions=self._versions(),
                                dilation=True)
        except Exception as error:  # noqa: BLE001 - said in words, never a silent end
            self.problem = _("The internet invitation failed ({reason}); trying again\u2026"
                             ).format(reason=_reason(error))
            self._events.put(InviteProblem(self.problem))
            self._again(15.0)
            return
        self._waiting = w
        if self.code:
            w.set_code(self.code)
        else:
            w.allocate_code(CODE_WORDS)
        timer = r.callLater(self.settings.reach_timeout, self._timed_out, w)
        welcome = w.get_welcome()
        welcome.addBoth(lambda result: timer.cancel() if timer.active() else None)
        welcome.addErrback(_quiet)
        code = w.get_code()
        code.addCallbacks(lambda text: self._got_code(w, text), _quiet)
        versions = w.get_versions()
        versions.addCallbacks(lambda theirs: self._matched(w, theirs),
                              lambda failure: self._failed(w, failure))

    def _got_code(self, w: Any, code: str) -> None:
        if w is not self._waiting or self._stopped:
            return
        self.problem = ""
        if code != self._told:
            self.code = self._told = code
            self._events.put(InviteCode(code))

    def _timed_out(self, w: Any) -> None:
        if w is not self._waiting or self._stopped:
            return
        self._waiting = None
        self._unreachable(_("no answer in {n} seconds").format(
            n=round(self.settings.reach_timeout)))
        w.close().addErrback(_quiet)

    def _unreachable(self, reason: str) -> None:
        self.problem = unreachable_words(self.settings.mailbox, reason) + " " + _(
            "Players on this network can still join; trying again\u2026")
        self._events.put(InviteProblem(self.problem))
        self._again(15.0)

    def _again(self, delay: float) -> None:
        if not self._stopped and self._retry is None:
            self._retry = reactor().callLater(delay, self._open)

    def _failed(self, w: Any, failure: Failure) -> None:
        from wormhole.errors import ServerConnectionError, ServerError, WrongPasswordError

        if w is not self._waiting or self._stopped:
            return
        self._waiting = None
        error = failure.value
        if isinstance(error, WrongPasswordError):
            self._wrong += 1
            if self._wrong >= MAX_WRONG:  # someone guesses: a new code
                self._wrong = 0
                self.code = None
            self._again(0.5)
        elif isinstance(error, ServerConnectionError):
            self._unreachable(_reason(error))
        elif isinstance(error, ServerError) and "crowded" in str(error):
            self._crowded += 1  # two friends at once: the next try is this host's
            if self._crowded >= 3:  # ... else the code is stuck: a new one
                self._crowded = 0
                self.code = None
            self._again(1.0)
        else:
            self.problem = _("The internet invitation failed ({reason}); trying again\u2026"
                             ).format(reason=_reason(error))
            self._events.put(InviteProblem(self.problem))
            self._again(5.0)

    def _matched(self, w: Any, versions: object) -> None:
        """A friend's end knew the code: dilate, pipe each of its subchannels into the
        host's websocket server, and claim the code again for the next friend."""
        from twisted.internet.endpoints import HostnameEndpoint

        if w is not self._waiting or self._stopped:
            w.close().addErrback(_quiet)
            return
        self._waiting = None
        self._wrong = self._crowded = 0
        r = reactor()
        dilated = w.dilate(transit_relay_location=self.settings.relay,
                           no_listen=not self.settings.direct)
        target = (self.address.strip("[]"), self.port)

        def endpoint() -> Endpoint:
            return HostnameEndpoint(r, *target)

        listening = dilated.listener_for(SUBPROTOCOL).listen(_EntryFactory(endpoint))
        listening.addErrback(_quiet)
        self._made.append(w)
        self.friends += 1
        self._events.put(FriendArrived(self.friends))
        self._open()

    def _close_all(self) -> None:
        if self._retry is not None and self._retry.active():
            self._retry.cancel()
        self._retry = None
        wormholes = [self._waiting, *self._made] if self._waiting else list(self._made)
        self._waiting = None
        self._made.clear()
        for w in wormholes:
            w.close().addErrback(_quiet)


# --------------------------------------------------------------------------- the joiner


class InternetLink:
    """A joiner's end of an invitation (see the module's text): ``start()``, then wait for
    ``ready`` (``wait`` for headless callers; a screen polls ``done``): ``address``
    (``127.0.0.1:PORT``, for ``NetClient``) and ``join_code`` (the host's), or
    ``problem`` in words. ``close()`` closes the wormhole and the loopback port."""

    def __init__(self, code: str, settings: InternetSettings | None = None) -> None:
        if not is_internet_code(code):
            raise ValueError(_("'{code}' is not an internet code (a number and words, such "
                               "as 4-purple-sausages)").format(code=code.strip()[:40]))
        self.code = clean_code(code)
        self.settings = settings or InternetSettings()
        self.address = ""
        self.join_code = ""
        self.problem = ""
        self._done = threading.Event()
        self._closed = False
        self._tries = 10  # a code another friend is using at this moment: try again
        self._wormhole: Any = None
        self._port: Any = None
        self._timer: Any = None

    @property
    def done(self) -> bool:
        return self._done.is_set()

    @property
    def ready(self) -> bool:
        return self._done.is_set() and not self.problem

    def start(self) -> None:
        reactor().callFromThread(self._open)

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until the link is ready or failed; whether it is ready."""
        self._done.wait(timeout)
        return self.ready

    def close(self) -> None:
        self._closed = True
        reactor().callFromThread(self._close)

    # -- the reactor's thread

    def _open(self) -> None:
        if self._closed:
            return
        r = reactor()
        try:
            import wormhole

            w = wormhole.create(APP_ID, self.settings.mailbox, r,
                                versions={"machiavelli": {"game": GAME_VERSION}},
                                dilation=True)
        except Exception as error:  # noqa: BLE001 - said in words, never a silent wait
            self._fail(_("The internet connection failed ({reason}).").format(
                reason=_reason(error)))
            return
        self._wormhole = w
        w.set_code(self.code)
        self._arm(self.settings.reach_timeout, lambda: unreachable_words(
            self.settings.mailbox, _("no answer in {n} seconds").format(
                n=round(self.settings.reach_timeout))))
        welcome = w.get_welcome()
        welcome.addCallbacks(lambda _welcome: self._arm(
            self.settings.answer_timeout, lambda: _(
                "No game answered the code {code} in {n} seconds: check it with the host "
                "(it lasts while their game invites).").format(
                    code=self.code, n=round(self.settings.answer_timeout))), _quiet)
        versions = w.get_versions()
        versions.addCallbacks(lambda theirs: self._matched(w, theirs),
                              lambda failure: self._failed(w, failure))

    def _arm(self, delay: float, words: Callable[[], str]) -> None:
        if self._timer is not None and self._timer.active():
            self._timer.cancel()
        self._timer = reactor().callLater(delay, lambda: self._fail(words()))

    def _fail(self, words: str) -> None:
        if self._done.is_set():
            return
        self.problem = words
        self._close()
        self._done.set()

    def _failed(self, w: Any, failure: Failure) -> None:
        from wormhole.errors import ServerConnectionError, ServerError, WrongPasswordError

        if w is not self._wormhole or self._done.is_set():
            return
        error = failure.value
        if isinstance(error, WrongPasswordError):
            self._fail(_("Wrong internet code: check it with the host (a number and words, "
                         "such as 4-purple-sausages)."))
        elif isinstance(error, ServerConnectionError):
            self._fail(unreachable_words(self.settings.mailbox, _reason(error)))
        elif isinstance(error, ServerError) and "crowded" in str(error) and self._tries > 0:
            self._tries -= 1  # another friend is joining by this code: our turn next
            if self._timer is not None and self._timer.active():
                self._timer.cancel()
            self._wormhole = None
            reactor().callLater(1.0, self._open)
        else:
            self._fail(_("The internet connection failed ({reason}).").format(
                reason=_reason(error)))

    def _matched(self, w: Any, versions: object) -> None:
        if w is not self._wormhole or self._done.is_set():
            return
        theirs = versions.get("machiavelli") if isinstance(versions, dict) else None
        if not isinstance(theirs, dict) or not isinstance(theirs.get("code"), str):
            self._fail(_("The code {code} does not lead to a game of ours.").format(
                code=self.code))
            return
        if theirs.get("game") != GAME_VERSION:
            self._fail(_("The host plays version {theirs} of the game, this is {ours}: play "
                         "the same version.").format(theirs=str(theirs.get("game"))[:32],
                                                     ours=GAME_VERSION))
            return
        self.join_code = theirs["code"][:64]
        r = reactor()
        dilated = w.dilate(transit_relay_location=self.settings.relay,
                           no_listen=not self.settings.direct)
        self._arm(self.settings.connect_timeout, lambda: _(
            "No connection to the host, neither direct nor through the relay {relay}.").format(
                relay=self.settings.relay.removeprefix("tcp:")))
        try:
            self._port = r.listenTCP(0, _EntryFactory(
                lambda: dilated.connector_for(SUBPROTOCOL)), interface="127.0.0.1")
        except Exception as error:  # noqa: BLE001 - said in words
            self._fail(_("No local port for the game ({reason}).").format(
                reason=_reason(error)))
            return
        dilated.when_dilated().addCallbacks(lambda _result: self._up(), _quiet)

    def _up(self) -> None:
        if self._done.is_set() or self._port is None:
            return
        if self._timer is not None and self._timer.active():
            self._timer.cancel()
        self.address = f"127.0.0.1:{self._port.getHost().port}"
        self._done.set()

    def _close(self) -> None:
        if self._timer is not None and self._timer.active():
            self._timer.cancel()
        port, self._port = self._port, None
        if port is not None:
            port.stopListening()
        w, self._wormhole = self._wormhole, None
        if w is not None:
            w.close().addErrback(_quiet)
