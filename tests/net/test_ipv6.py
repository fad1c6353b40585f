"""IPv6 on the loopback address ::1: ``serve --host ::1`` (announcing on) hosts and prints
the address as a joiner writes it, ``[::1]:PORT``; that hint, typed to ``join``, plays the
match; ``::1:PORT`` (no brackets) is refused in words that show the written form."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from game.net.address import parse_address, shown_host, uri

ROOT = Path(__file__).resolve().parents[2]


def _has_ipv6() -> bool:
    try:
        with socket.socket(socket.AF_INET6) as probe:
            probe.bind(("::1", 0))
    except OSError:
        return False
    return True


needs_ipv6 = pytest.mark.skipif(not _has_ipv6(), reason="no IPv6 loopback here")


def _game(args: list[str]) -> subprocess.Popen[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.Popen([sys.executable, "-m", "game", *args], cwd=ROOT, env=env,
                            text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def test_an_ipv6_address_is_written_and_read_with_brackets() -> None:
    assert shown_host("::1") == "[::1]" and shown_host("127.0.0.1") == "127.0.0.1"
    assert uri("::1", 47470) == "ws://[::1]:47470"
    assert parse_address("[::1]:47470") == ("::1", 47470)
    assert parse_address("::1") == ("::1", 47470)
    with pytest.raises(ValueError, match=r"in brackets: \[::1\]:5000"):
        parse_address("::1:5000")
    with pytest.raises(ValueError, match=r"in brackets: \[fe80::2\]:47471"):
        parse_address("fe80::2:47471")


@needs_ipv6
def test_serve_on_ipv6_with_announcing_prints_a_hint_that_join_accepts(tmp_path: Path
                                                                        ) -> None:
    serve = _game(["serve", "--variant", "machiavelli", "--option", "match=hands:1",
                   "--seats", "net,medium", "--host", "::1", "--port", "0", "--seed", "5"])
    join = None
    try:
        assert serve.stdout is not None
        lines = [serve.stdout.readline() for _ in range(2)]
        assert serve.poll() is None, serve.communicate(timeout=10)
        assert "at [::1]:" in lines[0], lines
        hint = lines[1].strip()
        assert hint.startswith("Join with: machiavelli join [::1]:"), lines
        args = hint.removeprefix("Join with: machiavelli ").split()
        join = _game(["--data-dir", str(tmp_path), *args, "--as", "medium", "--json"])
        out, err = join.communicate(timeout=120)
        assert join.returncode == 0, err
        assert json.loads(out.strip().splitlines()[-1])["seat"] == 0
        # the rest as the lines read above left it (``communicate`` would skip what
        # ``readline`` buffered already)
        serve.wait(timeout=30)
        assert serve.stderr is not None
        rest, err = serve.stdout.read(), serve.stderr.read()
        assert serve.returncode == 0, err
        assert "Traceback" not in err, err
        assert "not announced" in rest, rest  # said in words, and hosting went on
        # the form without brackets is refused in words
        port = args[1].rsplit(":", 1)[1]
        bad = _game(["--data-dir", str(tmp_path), "join", f"::1:{port}", "--code", args[3]])
        _out, err = bad.communicate(timeout=30)
        assert bad.returncode == 2 and f"[::1]:{port}" in err, err
    finally:
        for process in (serve, join):
            if process is not None and process.poll() is None:
                process.kill()
                process.communicate()
