"""Every address of this computer a host may listen on, with what it reaches: the local
network, a VPN (Tailscale's 100.64.0.0/10, ZeroTier's ranges and adapters), this computer
alone; and hosting on a VPN address works as on any other (here 127.0.0.2 stands in)."""

from __future__ import annotations

import pytest

from game.net import address
from game.net.address import (
    INTERNET,
    LOCAL_NETWORK,
    LOOPBACK_ONLY,
    TAILSCALE,
    VPN,
    ZEROTIER,
    HostAddress,
    host_addresses,
    is_local_network,
    reach_of,
)
from game.net.client import NetClient
from game.net.events import Joined
from game.net.host import HostSettings, NetHost, SeatSpec
from tests.net.helpers import Hosted, wait_client


@pytest.mark.parametrize(("ip", "interface", "reach"), [
    ("100.101.102.103", "tailscale0", TAILSCALE),
    ("100.64.0.1", "utun3", TAILSCALE),  # the shared address space, whatever the adapter
    ("fd7a:115c:a1e0::1", "tailscale0", TAILSCALE),
    ("10.147.17.20", "ztks5abcde", ZEROTIER),
    ("172.24.3.4", "ZeroTier One [8056c2e21c000001]", ZEROTIER),
    ("10.147.17.20", "eth0", LOCAL_NETWORK),  # a home network in that range is a LAN
    ("10.8.0.2", "wg0", VPN),
    ("192.168.1.20", "wlan0", LOCAL_NETWORK),
    ("127.0.0.1", "lo", LOOPBACK_ONLY),
    ("203.0.113.7", "eth1", LOCAL_NETWORK),  # documentation range: private to Python
    ("8.8.4.4", "eth1", INTERNET),
])
def test_what_each_address_reaches(ip: str, interface: str, reach: str) -> None:
    assert reach_of(ip, interface) == reach


def test_a_tailscale_address_is_one_the_window_hosts_on() -> None:
    assert is_local_network("100.100.1.2")  # it was refused: not RFC 1918
    assert not is_local_network("8.8.8.8")


def test_the_list_puts_the_local_network_first_and_never_fails(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(address, "_adapters", lambda: [
        ("lo", "127.0.0.1"), ("tailscale0", "100.90.1.2"), ("eth0", "192.168.1.20"),
        ("eth0", "fe80::1%eth0"), ("ztks5abcde", "10.147.17.3"), ("eth0", "192.168.1.20")])
    assert host_addresses() == [
        HostAddress("192.168.1.20", "eth0", LOCAL_NETWORK),
        HostAddress("100.90.1.2", "tailscale0", TAILSCALE),
        HostAddress("10.147.17.3", "ztks5abcde", ZEROTIER),
        HostAddress("127.0.0.1", "lo", LOOPBACK_ONLY)]

    def broken() -> list[tuple[str, str]]:
        raise OSError("no adapters")

    monkeypatch.setattr(address, "_adapters", broken)
    assert host_addresses() == [HostAddress("127.0.0.1", "lo", LOOPBACK_ONLY)]


def test_this_computers_own_list_holds_its_loopback_address() -> None:
    listed = host_addresses()
    assert any(a.address == "127.0.0.1" and a.reach == LOOPBACK_ONLY for a in listed)


def test_a_host_on_a_second_address_is_joined_there() -> None:
    host = NetHost("machiavelli", [SeatSpec("local", "Ada"), SeatSpec("net")], 1, {},
                   HostSettings(host="127.0.0.2", port=0))
    host.start()
    hosted = Hosted(host)
    try:
        from game.net.events import Listening

        listening = hosted.wait_for(Listening, 10)
        assert listening.address == "127.0.0.2"
        client = NetClient(f"127.0.0.2:{host.port}", host.code, "Bea")
        client.start()
        assert isinstance(wait_client(client, Joined), Joined)
        client.close()
    finally:
        hosted.stop()
