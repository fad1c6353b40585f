"""Out of file descriptors (more idle connections than the host's limit of open files), the
host refuses newcomers quietly: no traceback, one line with the count once it can take
connections again, and it plays on."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
import websockets.sync.client as sync_client

from game.net.wire import GAME_VERSION, PROTOCOL_VERSION, encode

ROOT = Path(__file__).resolve().parents[2]
LIMIT = 80  # the host's open files: its own (~30) and a few dozen connections


def _low_limit() -> None:
    import resource

    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    resource.setrlimit(resource.RLIMIT_NOFILE, (LIMIT, hard))


@pytest.mark.skipif(sys.platform == "win32", reason="a POSIX limit of open files")
def test_out_of_file_descriptors_the_host_refuses_quietly_and_counts_once(
        tmp_path: Path) -> None:
    out, err = tmp_path / "out.txt", tmp_path / "err.txt"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    with out.open("w") as stdout, err.open("w") as stderr:
        serve = subprocess.Popen(
            [sys.executable, "-m", "game", "serve", "--variant", "shanghai", "--seats",
             "net,medium,medium", "--host", "127.0.0.1", "--port", "0", "--no-announce",
             "--code", "ABCDEF"],
            cwd=ROOT, env=env, text=True, stdout=stdout, stderr=stderr,
            preexec_fn=_low_limit)
    try:
        port = 0
        end = time.monotonic() + 60
        while not port and time.monotonic() < end and serve.poll() is None:
            for line in out.read_text().splitlines():
                if line.startswith("Hosting"):
                    port = int(line.rsplit(":", 1)[1].split(",")[0])
            time.sleep(0.1)
        assert port, out.read_text() + err.read_text()
        idle = []
        for _ in range(2 * LIMIT):  # far more than the host can hold
            sock = socket.create_connection(("127.0.0.1", port), timeout=5)
            idle.append(sock)
        time.sleep(3.5)  # the host tries to accept again every second
        for sock in idle:
            sock.close()
        time.sleep(1.0)
        # the host takes a newcomer again, and answers it
        with sync_client.connect(f"ws://127.0.0.1:{port}", proxy=None,
                                 open_timeout=20) as ws:
            ws.send(encode({"type": "hello", "protocol": PROTOCOL_VERSION,
                            "game": GAME_VERSION, "code": "NOPE00", "name": "probe"}))
            assert "wrong join code" in json.loads(ws.recv(timeout=20))["message"]
        time.sleep(0.5)
        errors, printed = err.read_text(), out.read_text()
        assert "Traceback" not in errors and len(errors) < 200, errors[:2000]
        notes = [line for line in printed.splitlines() if "open files" in line]
        assert len(notes) == 2, printed  # it began, and how often it refused when it ended
        assert any(ch.isdigit() for ch in notes[1]), notes
    finally:
        serve.kill()
        serve.wait(10)
