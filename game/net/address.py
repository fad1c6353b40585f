"""Where the host listens and how a joiner writes the host's address.

The host listens on one address of the local network, never on every interface: by
default the address this computer uses to reach the local network (the one the routing
table picks for a private address; no packet is sent to find it), and only when that is
a private (RFC 1918 / link-local / unique-local) address; else on 127.0.0.1, this computer
alone. ``--host`` picks another address explicitly.
"""

from __future__ import annotations

import ipaddress
import socket

from game.net.wire import DEFAULT_PORT

LOOPBACK = "127.0.0.1"
#: A private address to "connect" a UDP socket to: this picks the interface the routing
#: table would use for the local network. UDP connect sends nothing.
_PROBE = ("10.255.255.255", 9)


def is_local_network(address: str) -> bool:
    """Whether ``address`` is on a private, link-local or loopback network."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return ip.is_private or ip.is_loopback or ip.is_link_local


def local_address() -> str:
    """The address to listen on by default: this computer's address on the local network,
    else the loopback address."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(_PROBE)
            address = str(probe.getsockname()[0])
    except OSError:
        return LOOPBACK
    return address if is_local_network(address) and address != "0.0.0.0" else LOOPBACK


def parse_address(text: str) -> tuple[str, int]:
    """A host's address as a joiner writes it: ``HOST``, ``HOST:PORT``, ``[IPv6]:PORT`` or
    ``ws://HOST:PORT``; ValueError naming what is wrong."""
    given = text.strip()
    rest = given.removeprefix("ws://").rstrip("/")
    if not rest or len(rest) > 255 or any(ch.isspace() for ch in rest):
        raise ValueError(f"'{given[:60]}' is not an address (expected HOST or HOST:PORT)")
    port_text = ""
    if rest.startswith("["):
        host, sep, tail = rest[1:].partition("]")
        if not sep or (tail and not tail.startswith(":")):
            raise ValueError(f"'{given[:60]}' is not an address (expected [IPv6]:PORT)")
        port_text = tail[1:]
    elif rest.count(":") == 1:
        host, _sep, port_text = rest.partition(":")
    else:
        host = rest
    if not host:
        raise ValueError(f"'{given[:60]}' names no host")
    if ":" not in host and not all(ch.isalnum() or ch in ".-_" for ch in host):
        raise ValueError(f"'{host[:60]}' is not a host name or address")
    if ":" in host and not rest.startswith("["):
        _unbracketed(given, host)
    if ":" in host or rest.startswith("["):
        try:
            ipaddress.IPv6Address(host)
        except ValueError:
            raise ValueError(f"'{host[:60]}' is not an IPv6 address") from None
    if not port_text:
        return host, DEFAULT_PORT
    if not port_text.isdigit() or not 1 <= int(port_text) <= 65535:
        raise ValueError(f"'{port_text[:20]}' is not a port (1 to 65535)")
    return host, int(port_text)


def _unbracketed(given: str, text: str) -> None:
    """An IPv6 address written without brackets: ValueError when its last part may be a
    port (``::1:47470``, as a joiner copies ``HOST:PORT``): the written forms, in words."""
    address, _sep, last = text.rpartition(":")
    if not (last.isdigit() and 1 <= int(last) <= 65535):
        return
    try:
        ipaddress.IPv6Address(address)
    except ValueError:
        return
    raise ValueError(f"'{given[:60]}': an IPv6 address with a port is written in brackets: "
                     f"[{address}]:{last} (or [{text}] for the address alone)")


def shown_host(host: str) -> str:
    """A host's address as written before ``:PORT``: an IPv6 address in brackets."""
    return f"[{host}]" if ":" in host else host


def uri(host: str, port: int) -> str:
    """The websocket address of a host."""
    return f"ws://{shown_host(host)}:{port}"
