"""Nobody is lost: ``machiavelli join`` keeps the seat's token in the data folder and prints
it; a join that was killed and started again takes its seat back (also once a computer has
taken it over) and plays on to the match's end; a connection cut in the middle (a blip)
is asked back with the token, as the window does. Real processes, real sockets, 127.0.0.1."""

from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from game.net.events import MatchOver, Played, SeatChanged
from game.net.host import SeatSpec
from game.store.messages import MessageLog
from game.store.tokens import TokenStore
from tests.net.helpers import Hosted, host_game

ROOT = Path(__file__).resolve().parents[2]


def _join(data: Path, address: str, code: str, *extra: str) -> subprocess.Popen[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.Popen([sys.executable, "-m", "game", "--data-dir", str(data), "join",
                             address, "--code", code, "--as", "medium", *extra],
                            cwd=ROOT, env=env, text=True, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)


def _kept(data: Path) -> list[str]:
    return [t.token for t in TokenStore(data / "seat_tokens.json", MessageLog()).list()]


def test_a_restarted_join_takes_its_seat_back_after_a_computer_took_it(tmp_path: Path
                                                                       ) -> None:
    hosted = host_game("shanghai-rummy", [SeatSpec("net"), SeatSpec("medium"),
                                          SeatSpec("medium")], 11, takeover_after=0.5)
    first = again = None
    try:
        first = _join(tmp_path, hosted.address, hosted.host.code, "--seed", "3", "--json")
        assert first.stdout is not None
        joined = json.loads(first.stdout.readline())
        assert joined["event"] == "joined" and joined["seat"] == 0
        assert _kept(tmp_path) == [joined["token"]]  # kept in the data folder
        hosted.wait_for(Played, 30, lambda e: e.event["seat"] == 0)
        first.kill()  # the player's game crashes
        first.communicate()
        hosted.wait_for(SeatChanged, 20, lambda e: (e.seat, e.state) == (0, "computer"))
        hosted.wait_for(Played, 30, lambda e: e.event["seat"] == 0)  # the computer plays
        # started again, with no token given: the kept one takes the seat back
        again = _join(tmp_path, hosted.address, hosted.host.code, "--seed", "3", "--json")
        assert again.stdout is not None
        back = json.loads(again.stdout.readline())
        assert back == joined  # the same seat, the same token
        hosted.wait_for(SeatChanged, 20, lambda e: (e.seat, e.state) == (0, "taken"))
        again.wait(timeout=300)  # then the rest (``communicate`` skips what was buffered)
        assert again.stderr is not None
        out, err = again.stdout.read(), again.stderr.read()
        assert again.returncode == 0, err
        result = json.loads(out.strip().splitlines()[-1])
        assert result["seat"] == 0 and result["stalled"] == ""
        over = next((e for e in hosted.events if isinstance(e, MatchOver)), None) \
            or hosted.wait_for(MatchOver, 30)  # (on a loaded machine the computer may end it)
        assert over.result is not None and result["totals"] == over.result["totals"]
        assert "Taking back seat 1" in err
        assert _kept(tmp_path) == []  # the match is over: nothing left to take back
    finally:
        for process in (first, again):
            if process is not None and process.poll() is None:
                process.kill()
                process.communicate()
        hosted.stop()


class Proxy:
    """A TCP relay on 127.0.0.1 to ``target``; ``cut()`` drops every connection through it
    at once, ``stall()`` stops relaying them (the network goes quiet: a keepalive ping
    times out); new connections are relayed as before."""

    def __init__(self, target: tuple[str, int]) -> None:
        self.target = target
        self.server = socket.create_server(("127.0.0.1", 0))
        self.port = self.server.getsockname()[1]
        self.pairs: list[tuple[socket.socket, socket.socket]] = []
        self.stalled: list[threading.Event] = []
        self.lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        with contextlib.suppress(OSError):
            while True:
                near, _ = self.server.accept()
                far = socket.create_connection(self.target)
                quiet = threading.Event()
                with self.lock:
                    self.pairs.append((near, far))
                    self.stalled.append(quiet)
                for a, b in ((near, far), (far, near)):
                    threading.Thread(target=self._pump, args=(a, b, quiet),
                                     daemon=True).start()

    def stall(self) -> None:
        with self.lock:
            for quiet in self.stalled:
                quiet.set()
            self.stalled = []
            self.pairs = []

    @staticmethod
    def _pump(source: socket.socket, sink: socket.socket, quiet: threading.Event) -> None:
        with contextlib.suppress(OSError):
            while data := source.recv(65536):
                if quiet.is_set():
                    return  # held for ever: nothing more goes through
                sink.sendall(data)
            return
        for end in (source, sink):
            with contextlib.suppress(OSError):
                end.shutdown(socket.SHUT_RDWR)

    def cut(self) -> None:
        with self.lock:
            pairs, self.pairs = self.pairs, []
        for near, far in pairs:
            for end in (near, far):
                with contextlib.suppress(OSError):
                    end.shutdown(socket.SHUT_RDWR)
                end.close()

    def close(self) -> None:
        self.server.close()
        self.cut()


@pytest.mark.parametrize("blip", ["cut", "stall"])
def test_join_asks_for_its_seat_back_after_a_blip(tmp_path: Path, blip: str) -> None:
    hosted: Hosted = host_game("shanghai-rummy", [SeatSpec("net"), SeatSpec("medium"),
                                                  SeatSpec("medium")], 12,
                               takeover_after=60.0)
    proxy = Proxy(("127.0.0.1", hosted.host.port))
    join = None
    try:
        join = _join(tmp_path, f"127.0.0.1:{proxy.port}", hosted.host.code, "--seed", "4",
                     "--keepalive", "1")
        assert join.stdout is not None
        printed = join.stdout.readline()
        token = _kept(tmp_path)[0]
        assert "Seat 1 is ours" in printed and f"--token {token}" in printed, printed
        hosted.wait_for(Played, 30, lambda e: e.event["seat"] == 0)
        if blip == "cut":
            proxy.cut()
            hosted.wait_for(SeatChanged, 20, lambda e: (e.seat, e.state) == (0, "waiting"))
            hosted.wait_for(SeatChanged, 20, lambda e: (e.seat, e.state) == (0, "taken"))
        else:  # the old connection goes silent: join's keepalive ping times out
            proxy.stall()
        join.wait(timeout=300)  # then the rest (``communicate`` skips what was buffered)
        assert join.stderr is not None
        out, err = join.stdout.read(), join.stderr.read()
        assert join.returncode == 0, err
        assert "The connection to the host was lost" in out
        assert out.count("Seat 1 is ours") == 1  # (the first line was read above)
        assert "(we played seat 1)" in out
        over = hosted.wait_for(MatchOver, 30)
        assert over.result is not None and not over.stalled
        computer = [e for e in hosted.events if isinstance(e, SeatChanged)
                    and e.state == "computer"]
        assert computer == []  # back before any computer took the seat
    finally:
        if join is not None and join.poll() is None:
            join.kill()
            join.communicate()
        proxy.close()
        hosted.stop()
