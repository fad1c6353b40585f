"""A magic-wormhole mailbox server and transit relay on the loopback address, each a
subprocess on a free port (the port 0 the server was given, read back from its log), for the
internet-play tests: nothing in them reaches outside this computer."""

from __future__ import annotations

import re
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from game.net.internet import InternetSettings

_PORT = re.compile(r"starting on (\d+)")


@dataclass(frozen=True)
class Servers:
    mailbox: str
    relay: str

    def settings(self, **changes: object) -> InternetSettings:
        """Where the tests' wormholes meet: these servers, relay only (no direct hints:
        they would name this computer's addresses on its networks, not the loopback)."""
        values: dict[str, object] = {"mailbox": self.mailbox, "relay": self.relay,
                                     "direct": False, "reach_timeout": 10.0,
                                     "answer_timeout": 30.0, "connect_timeout": 30.0}
        values.update(changes)
        return InternetSettings(**values)  # type: ignore[arg-type]

    def args(self) -> list[str]:
        """The same, as ``serve`` / ``join`` options."""
        return ["--mailbox", self.mailbox, "--relay", self.relay, "--relay-only"]


def _start(args: list[str], cwd: Path) -> tuple[subprocess.Popen[str], int]:
    process = subprocess.Popen([sys.executable, "-m", "twisted", *args], cwd=cwd, text=True,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    found: list[int] = []
    seen: list[str] = []

    def read() -> None:
        assert process.stdout is not None
        for line in process.stdout:  # read to the end: a full pipe would stop the server
            seen.append(line)
            match = _PORT.search(line)
            if match and not found:
                found.append(int(match.group(1)))

    threading.Thread(target=read, daemon=True).start()
    end = time.monotonic() + 30
    while not found and time.monotonic() < end and process.poll() is None:
        time.sleep(0.05)
    if not found:
        process.kill()
        raise RuntimeError(f"{args[0]} did not start: {''.join(seen)[-2000:]}")
    return process, found[0]


@contextmanager
def wormhole_servers(folder: Path) -> Iterator[Servers]:
    """Both servers running until the block ends."""
    folder.mkdir(parents=True, exist_ok=True)
    mailbox, mailbox_port = _start(["wormhole-mailbox", "--port", "tcp:0:interface=127.0.0.1",
                                    "--channel-db", str(folder / "mailbox.sqlite")], folder)
    try:
        relay, relay_port = _start(["transitrelay", "--port",
                                    "tcp:0:interface=127.0.0.1"], folder)
    except BaseException:
        mailbox.kill()
        raise
    try:
        yield Servers(f"ws://127.0.0.1:{mailbox_port}/v1", f"tcp:127.0.0.1:{relay_port}")
    finally:
        for process in (mailbox, relay):
            process.terminate()
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
