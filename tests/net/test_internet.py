"""Internet play by a short code (issue 48): a magic-wormhole mailbox server and transit
relay run on 127.0.0.1 (``wormhole_servers``); the host's invitation gives a code, a
friend's link by that code carries the game's own protocol, and whole matches end exactly as
the same seeds play on one computer. A friend who drops gets the computer and comes back by
the same code; a mailbox that cannot be reached is said in words and the local network still
plays; a wrong code is said in words. Nothing here reaches outside this computer."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.ai.turns import computer_seed
from game.net.bot import BotOutcome, play_seat
from game.net.client import NetClient
from game.net.events import MatchOver, Played, SeatChanged
from game.net.host import SeatSpec
from game.net.internet import (
    InternetInvite,
    InternetLink,
    InternetSettings,
    InviteCode,
    InviteProblem,
    clean_code,
    is_internet_code,
    server_settings,
)
from game.store.messages import MessageLog
from game.store.tokens import TokenStore
from tests.net.helpers import Hosted, host_game, join_bot, local_match, wait_client
from tests.net.wormhole_servers import Servers, wormhole_servers

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Servers]:
    with wormhole_servers(tmp_path_factory.mktemp("wormhole")) as running:
        yield running


def _invite(hosted: Hosted, settings: InternetSettings, code: str | None = None
            ) -> tuple[InternetInvite, str]:
    host = hosted.host
    invite = InternetInvite(host.address, host.port, host.code, settings, code)
    invite.start()
    event = invite.wait_event(20)
    assert isinstance(event, InviteCode), event
    return invite, event.code


def _link(code: str, settings: InternetSettings) -> InternetLink:
    link = InternetLink(code, settings)
    link.start()
    assert link.wait(60), link.problem
    return link


def _play(link: InternetLink, seat: int, seed: int, token: str | None = None
          ) -> tuple[NetClient, threading.Thread, list[BotOutcome]]:
    client = NetClient(link.address, link.join_code, "Friend", token=token, seat=seat)
    outcome: list[BotOutcome] = []

    def run() -> None:
        client.start()
        try:
            outcome.append(play_seat(client, "medium", seed, 60.0))
        finally:
            client.close()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return client, thread, outcome


@pytest.mark.parametrize(("variant", "seed"), [("machiavelli", 7), ("shanghai-rummy", 5)])
def test_two_friends_join_by_the_code_and_play_the_match_the_seeds_play_locally(
        servers: Servers, variant: str, seed: int) -> None:
    hosted = host_game(variant, [SeatSpec("net"), SeatSpec("net"), SeatSpec("medium")], seed)
    invite, code = _invite(hosted, servers.settings())
    links = []
    try:
        assert is_internet_code(code)
        for _friend in (0, 1):  # the same code for both friends, one after the other
            link = _link(code, servers.settings())
            links.append(link)
            assert link.address.startswith("127.0.0.1:")
            assert link.join_code == hosted.host.code  # told inside the wormhole
        players = [_play(link, seat, computer_seed(seed, seat))
                   for seat, link in enumerate(links)]
        over = hosted.wait_for(MatchOver, 240)
        for _client, thread, outcome in players:
            thread.join(30)
            assert outcome and outcome[0].over is not None, outcome
            assert outcome[0].over.result == over.result
        assert invite.friends == 2
        session = hosted.host.session()
        assert session is not None
        digest = session.match.digest()
    finally:
        for link in links:
            link.close()
        invite.stop()
        hosted.stop()
    local = local_match(variant, ["medium"] * 3, seed)
    assert over.result is not None and local.result is not None
    assert over.result["totals"] == list(local.result.totals)
    assert digest == local.digest()  # the same match, action for action


def _join(data: Path, code: str, servers: Servers, *extra: str) -> subprocess.Popen[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.Popen([sys.executable, "-m", "game", "--data-dir", str(data), "join",
                             code, *servers.args(), "--as", "medium",
                             *extra], cwd=ROOT, env=env, text=True, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)


def test_a_friend_who_drops_gets_the_computer_and_takes_the_seat_back_by_the_same_code(
        servers: Servers, tmp_path: Path) -> None:
    hosted = host_game("shanghai-rummy", [SeatSpec("net"), SeatSpec("medium"),
                                          SeatSpec("medium")], 11, takeover_after=0.5,
                       ping_interval=1.0, ping_timeout=3.0, hand_pause=2.0)
    invite, code = _invite(hosted, servers.settings())
    first = again = None
    try:
        first = _join(tmp_path, code, servers, "--seed", "3", "--json")
        assert first.stdout is not None
        joined = json.loads(first.stdout.readline())
        assert joined["event"] == "joined" and joined["seat"] == 0
        kept = TokenStore(tmp_path / "seat_tokens.json", MessageLog()).list()
        assert [(t.address, t.token) for t in kept] == [(f"internet:{code}", joined["token"])]
        hosted.wait_for(Played, 30, lambda e: e.event["seat"] == 0)
        first.kill()  # the friend's game crashes: its wormhole is gone with it
        first.communicate()
        hosted.wait_for(SeatChanged, 30, lambda e: (e.seat, e.state) == (0, "computer"))
        hosted.wait_for(Played, 30, lambda e: e.event["seat"] == 0)  # the computer plays
        # started again with the same code: through a new wormhole, the kept token
        again = _join(tmp_path, code, servers, "--seed", "3", "--json")
        assert again.stdout is not None
        back = json.loads(again.stdout.readline())
        assert back == joined  # the same seat, the same token
        hosted.wait_for(SeatChanged, 30, lambda e: (e.seat, e.state) == (0, "taken"))
        try:
            again.wait(timeout=240)
        except subprocess.TimeoutExpired:
            again.kill()
        assert again.stderr is not None
        out, err = again.stdout.read(), again.stderr.read()
        assert again.returncode == 0, (err, out)
        result = json.loads(out.strip().splitlines()[-1])
        over = next((e for e in hosted.events if isinstance(e, MatchOver)), None) \
            or hosted.wait_for(MatchOver, 30)  # (or the computer ended it before)
        assert over.result is not None and result["totals"] == over.result["totals"]
        assert "Taking back seat 1" in err
    finally:
        for process in (first, again):
            if process is not None and process.poll() is None:
                process.kill()
                process.communicate()
        invite.stop()
        hosted.stop()


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_a_mailbox_that_cannot_be_reached_is_said_in_words_and_the_lan_still_plays(
        servers: Servers) -> None:
    nowhere = servers.settings(mailbox=f"ws://127.0.0.1:{_closed_port()}/v1")
    hosted = host_game("machiavelli", [SeatSpec("net"), SeatSpec("medium")], 7)
    invite = InternetInvite(hosted.host.address, hosted.host.port, hosted.host.code, nowhere)
    invite.start()
    try:
        problem = invite.wait_event(20)
        assert isinstance(problem, InviteProblem), problem
        assert "cannot be reached" in problem.text and nowhere.mailbox in problem.text
        assert "on this network can still join" in problem.text
        assert invite.code is None
        bot = join_bot(hosted, 0, "medium", computer_seed(7, 0))  # the local network
        over = hosted.wait_for(MatchOver, 120)
        assert bot.result().over is not None and over.result is not None
    finally:
        invite.stop()
        hosted.stop()
    link = InternetLink("4-purple-sausages", nowhere)  # the friend's side says it too
    link.start()
    assert not link.wait(20)
    assert "cannot be reached" in link.problem and nowhere.mailbox in link.problem


def test_a_wrong_code_is_said_in_words_and_the_right_one_still_joins(
        servers: Servers) -> None:
    hosted = host_game("machiavelli", [SeatSpec("net"), SeatSpec("medium")], 7)
    invite, code = _invite(hosted, servers.settings(), "7-aardvark-absurd")
    try:
        assert code == "7-aardvark-absurd"
        wrong = InternetLink("7-aardvark-adroitness", servers.settings())
        wrong.start()
        assert not wrong.wait(30)
        assert wrong.problem.startswith("Wrong internet code")
        link = _link(" 7 Aardvark absurd ", servers.settings())  # as a person may type it
        _client, thread, outcome = _play(link, 0, computer_seed(7, 0))
        hosted.wait_for(MatchOver, 120)
        thread.join(30)
        assert outcome and outcome[0].over is not None
        link.close()
    finally:
        invite.stop()
        hosted.stop()


def test_serve_internet_and_join_by_the_code_play_a_whole_match(servers: Servers,
                                                                tmp_path: Path) -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    serve = subprocess.Popen(
        [sys.executable, "-m", "game", "serve", "--variant", "machiavelli", "--seats",
         "net,medium", "--host", "127.0.0.1", "--port", "0", "--seed", "7", "--no-announce",
         "--internet", *servers.args(), "--json"],
        cwd=ROOT, env=env, text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    join = None
    try:
        assert serve.stdout is not None
        assert json.loads(serve.stdout.readline())["event"] == "listening"
        told = json.loads(serve.stdout.readline())
        assert told["event"] == "internet" and is_internet_code(told["code"])
        join = _join(tmp_path, told["code"], servers, "--seed",
                     str(computer_seed(7, 0)), "--json")
        join_out, join_err = join.communicate(timeout=240)
        assert join.returncode == 0, join_err
        out, err = serve.communicate(timeout=60)
        assert serve.returncode == 0, err
        result = json.loads(out.strip().splitlines()[-1])
        assert json.loads(join_out.strip().splitlines()[-1])["totals"] == result["totals"]
    finally:
        for process in (serve, join):
            if process is not None and process.poll() is None:
                process.kill()
                process.communicate()


def test_codes_as_typed_and_the_settings_field_read_in_words() -> None:
    assert is_internet_code("4-purple-sausages") and is_internet_code(" 4 Purple Sausages ")
    assert clean_code(" 4 Purple  sausages") == "4-purple-sausages"
    for text in ("", "ABC123", "192.168.1.20:47470", "purple-sausages", "4", "4-", "host"):
        assert not is_internet_code(text), text
    assert server_settings("") == InternetSettings()
    own = server_settings("wormhole.example.org")
    assert (own.mailbox, own.relay) == ("ws://wormhole.example.org:4000/v1",
                                        "tcp:wormhole.example.org:4001")
    both = server_settings("ws://10.0.0.5:5000/v1 tcp:10.0.0.5:5001")
    assert (both.mailbox, both.relay) == ("ws://10.0.0.5:5000/v1", "tcp:10.0.0.5:5001")
    for bad, words in (("tcp:host:4001", "give the mailbox too"),
                       ("ws://host/v1", "names no port"),
                       ("ws://host:4000/v1 nonsense", "neither a mailbox"),
                       ("a b c", "at most one relay"),
                       ("ws://host:4000/v1 tcp:host:99999", "not a relay address"),
                       ("bad/host", "not a host name")):
        with pytest.raises(ValueError, match=words):
            server_settings(bad)


def test_a_seat_taken_back_after_the_match_ended_is_told_the_end() -> None:
    """(On any network; found by the internet tests: a friend coming back by the code
    once the computer had finished the match waited for ever.)"""
    hosted = host_game("machiavelli", [SeatSpec("net"), SeatSpec("medium")], 7)
    try:
        bot = join_bot(hosted, 0, "medium", computer_seed(7, 0))
        outcome = bot.result()
        over = hosted.wait_for(MatchOver, 60)
        assert outcome.over is not None and outcome.seat == 0
        token = bot.client.token
        assert token is not None
        back = NetClient(hosted.address, hosted.host.code, "Back", token=token)
        back.start()
        try:
            told = wait_client(back, MatchOver, 20)
        finally:
            back.close()
        assert isinstance(told, MatchOver) and told.result == over.result
    finally:
        hosted.stop()


def test_a_relay_that_cannot_be_reached_is_said_in_words(servers: Servers) -> None:
    nowhere = f"tcp:127.0.0.1:{_closed_port()}"
    hosted = host_game("machiavelli", [SeatSpec("net"), SeatSpec("medium")], 7)
    invite, code = _invite(hosted, servers.settings(relay=nowhere))
    try:
        link = InternetLink(code, servers.settings(relay=nowhere, connect_timeout=5.0))
        link.start()
        assert not link.wait(30)
        assert link.problem == ("No connection to the host, neither direct nor through the "
                                f"relay {nowhere.removeprefix('tcp:')}.")
    finally:
        invite.stop()
        hosted.stop()


def test_a_wormhole_that_cannot_start_is_said_in_words(monkeypatch: pytest.MonkeyPatch,
                                                       servers: Servers) -> None:
    """(Found in the frozen game: a library file missing from the bundle made the
    invitation wait for ever, without a word.)"""
    import wormhole

    def broken(*_args: object, **_kwargs: object) -> None:
        raise FileNotFoundError("_utf8validator.c")

    monkeypatch.setattr(wormhole, "create", broken)
    hosted = host_game("machiavelli", [SeatSpec("net"), SeatSpec("medium")], 7)
    invite = InternetInvite(hosted.host.address, hosted.host.port, hosted.host.code,
                            servers.settings())
    invite.start()
    try:
        problem = invite.wait_event(10)
        assert isinstance(problem, InviteProblem), problem
        assert "_utf8validator.c" in problem.text and "trying again" in problem.text
    finally:
        invite.stop()
        hosted.stop()
    link = InternetLink("4-purple-sausages", servers.settings())
    link.start()
    assert not link.wait(10)
    assert link.problem == "The internet connection failed (_utf8validator.c)."
