"""Internet play from the real app, driven by real pygame events (issue 48): the host's
lobby's "Invite over the internet" shows the code the loopback mailbox gave; a second app's
Join screen takes that code in its code field and joins the lobby's network seat through the
wormhole; the lobby then shows the seat taken. A mailbox that cannot be reached is said in
the lobby in words, and the address and join code still show."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.net import HostSettings
from game.net.internet import is_internet_code
from game.ui.scenes import join as join_module
from game.ui.scenes import lobby as lobby_module
from tests.net.wormhole_servers import Servers, wormhole_servers
from tests.ui.conftest import StartApp, button, click, type_text, widget
from tests.ui.scenes.test_host_lobby import open_lobby
from tests.ui.scenes.test_join import frames_until, open_join


@pytest.fixture(scope="module")
def servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Servers]:
    with wormhole_servers(tmp_path_factory.mktemp("wormhole")) as running:
        yield running


@pytest.fixture(autouse=True)
def loopback(monkeypatch: pytest.MonkeyPatch, servers: Servers) -> None:
    """Hosting on the loopback address, unannounced; the wormholes meet at the loopback
    servers, relay only (the Settings field's reading is checked in tests/net)."""
    monkeypatch.setattr(lobby_module, "host_settings", lambda: HostSettings(
        host="127.0.0.1", port=0, takeover_after=30.0, announce=False))
    monkeypatch.setattr(join_module, "start_browser", lambda: None)
    monkeypatch.setattr(join_module, "TOKENS", {})
    for module in (lobby_module, join_module):
        monkeypatch.setattr(module, "server_settings", lambda _text: servers.settings())


def test_a_friend_joins_the_lobby_by_the_internet_code_typed_in_join(
        start_app: StartApp, tmp_path: Path) -> None:
    host = start_app()
    friend = start_app(tmp_path / "friend")
    lobby = open_lobby(host)
    click(host, button(host, "Invite over the internet"))
    frames_until([host], lambda: bool(lobby.invite_code), 30, "the internet code")
    code = lobby.invite_code
    assert is_internet_code(code)
    assert not button(host, "Invite over the internet").is_enabled  # one invitation
    scene = open_join(friend)
    type_text(friend, widget(scene, "code"), code)  # no address: the code is enough
    type_text(friend, widget(scene, "name"), "Machiavelli")
    click(friend, button(friend, "Join"))
    frames_until([host, friend], lambda: scene.joined is not None, 60, "the friend to join")
    assert scene.joined.seat == 1 and scene.problem == ""
    frames_until([host, friend], lambda: lobby.seats[1].state == "taken", 20,
                 "the lobby to show the seat taken")
    assert lobby.seats[1].name == "Machiavelli"
    assert host.store.tokens.list() == []
    kept = friend.store.tokens.list()
    assert [t.address for t in kept] == [f"internet:{code}"]  # the code takes it back
    click(friend, button(friend, "Leave"))
    lobby.stop_hosting()


def test_a_mailbox_out_of_reach_is_said_in_the_lobby(start_app: StartApp,
                                                     monkeypatch: pytest.MonkeyPatch,
                                                     servers: Servers) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        nowhere = f"ws://127.0.0.1:{probe.getsockname()[1]}/v1"
    monkeypatch.setattr(lobby_module, "server_settings",
                        lambda _text: servers.settings(mailbox=nowhere))
    host = start_app()
    lobby = open_lobby(host)
    click(host, button(host, "Invite over the internet"))
    frames_until([host], lambda: bool(lobby.invite_problem), 30, "the problem in words")
    assert "cannot be reached" in lobby.invite_problem and nowhere in lobby.invite_problem
    assert lobby.listening is not None and lobby.problem == ""  # the LAN still hosts
    lobby.stop_hosting()




def test_the_meeting_point_typed_in_settings_is_kept(start_app: StartApp) -> None:
    from game.ui.scenes import screens

    app = start_app()
    app.scenes.push(screens.settings(app))
    scene = app.scenes.top
    type_text(app, widget(scene, "internet"), "wormhole.example.org")
    assert app.settings.internet_server == "wormhole.example.org"
    from game.store.messages import MessageLog
    from game.store.settings import load_settings

    kept = load_settings(app.store.paths.settings_file, MessageLog())
    assert kept.internet_server == "wormhole.example.org"  # saved at once
