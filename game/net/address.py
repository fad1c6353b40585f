"""Where the host listens and how a joiner writes the host's address.

The host listens on one address of the local network, never on every interface: by
default the address this computer uses to reach the local network (the one the routing
table picks for a private address; no packet is sent to find it), and only when that is
a private (RFC 1918 / link-local / unique-local) or VPN (100.64.0.0/10, as Tailscale
uses) address; else on 127.0.0.1, this computer alone. ``--host`` picks another address
explicitly; ``host_addresses`` lists every address of this computer for the lobby to
offer, each with what it reaches (the local network, a VPN such as Tailscale or ZeroTier,
this computer alone, the internet).
"""

from __future__ import annotations

import ipaddress
import socket
from dataclasses import dataclass

from game.net.wire import DEFAULT_PORT

LOOPBACK = "127.0.0.1"
#: A private address to "connect" a UDP socket to: this picks the interface the routing
#: table would use for the local network. UDP connect sends nothing.
_PROBE = ("10.255.255.255", 9)


#: the shared address space (RFC 6598) Tailscale gives its devices, and Tailscale's IPv6
SHARED_SPACE = ipaddress.ip_network("100.64.0.0/10")
TAILSCALE_V6 = ipaddress.ip_network("fd7a:115c:a1e0::/48")
#: the address ranges ZeroTier offers a network (its "auto-assign" pools)
ZEROTIER_RANGES = tuple(ipaddress.ip_network(n) for n in (
    "10.147.17.0/24", "10.147.18.0/24", "10.147.19.0/24", "10.147.20.0/24",
    "10.144.0.0/16", "10.241.0.0/16", "10.242.0.0/16", "10.243.0.0/16", "10.244.0.0/16",
    "172.22.0.0/15", "172.24.0.0/14", "172.28.0.0/15", "172.30.0.0/16",
    "192.168.191.0/24", "192.168.192.0/24", "192.168.193.0/24", "192.168.194.0/24",
    "192.168.195.0/24", "192.168.196.0/24"))
#: what an address reaches (``HostAddress.reach``)
LOOPBACK_ONLY, LOCAL_NETWORK, TAILSCALE, ZEROTIER, VPN, INTERNET = (
    "loopback", "local", "tailscale", "zerotier", "vpn", "internet")


def is_local_network(address: str) -> bool:
    """Whether ``address`` is on a private, link-local, loopback or VPN network (the
    shared address space 100.64.0.0/10 Tailscale uses included)."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return ip.is_private or ip.is_loopback or ip.is_link_local or ip in SHARED_SPACE


@dataclass(frozen=True)
class HostAddress:
    """An address of this computer the host may listen on: ``interface``, the network
    adapter's name; ``reach``, what it reaches (``LOOPBACK_ONLY``, ``LOCAL_NETWORK``,
    ``TAILSCALE``, ``ZEROTIER``, ``VPN``, ``INTERNET``)."""

    address: str
    interface: str
    reach: str


def reach_of(address: str, interface: str = "") -> str:
    """What ``address`` (on the adapter named ``interface``) reaches."""
    ip = ipaddress.ip_address(address)
    name = interface.casefold()
    if ip.is_loopback:
        return LOOPBACK_ONLY
    if "tailscale" in name or ip in SHARED_SPACE or ip in TAILSCALE_V6:
        return TAILSCALE
    if name.startswith("zt") or "zerotier" in name or (
            ip.version == 4 and any(ip in net for net in ZEROTIER_RANGES)
            and not name.startswith(("eth", "en", "wl", "wi"))):
        return ZEROTIER
    if name.startswith(("wg", "tun", "tap", "utun", "ppp")) or "vpn" in name \
            or "wireguard" in name:
        return VPN
    if ip.is_private or ip.is_link_local:
        return LOCAL_NETWORK
    return INTERNET


def _adapters() -> list[tuple[str, str]]:
    """(adapter name, address) of every address of this computer (``ifaddr``, which
    zeroconf brings); IPv6 link-local addresses left out (they need a scope to reach)."""
    import ifaddr  # here: only the lobby's list needs it

    found = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            text = ip.ip if isinstance(ip.ip, str) else ip.ip[0]
            found.append((str(adapter.nice_name), text))
    return found


def host_addresses() -> list[HostAddress]:
    """Every address of this computer a host may listen on, the local network's first,
    then VPNs, this computer alone, and the internet's last; never fails (at worst the
    loopback address alone)."""
    order = (LOCAL_NETWORK, TAILSCALE, ZEROTIER, VPN, LOOPBACK_ONLY, INTERNET)
    seen: dict[str, HostAddress] = {}
    try:
        adapters = _adapters()
    except Exception:  # noqa: BLE001 - no list of adapters: this computer alone
        adapters = []
    for interface, text in adapters:
        try:
            ip = ipaddress.ip_address(text.split("%")[0])
        except ValueError:
            continue
        if ip.version == 6 and ip.is_link_local or ip.is_unspecified or ip.is_multicast:
            continue
        if str(ip) not in seen:
            seen[str(ip)] = HostAddress(str(ip), interface, reach_of(str(ip), interface))
    if LOOPBACK not in seen:
        seen[LOOPBACK] = HostAddress(LOOPBACK, "lo", LOOPBACK_ONLY)
    return sorted(seen.values(), key=lambda a: (order.index(a.reach), ":" in a.address))


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
