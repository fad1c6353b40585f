"""`solve --json` and `solve --batch` print JSON and nothing else on stdout, whatever the
libraries underneath print, and no batch line (undecodable, not JSON, absurdly nested)
stops the batch or prints a traceback. Run as a fresh process, as a user runs it: a
library's banner (HiGHS prints one on the C stdout when its first solver is built) only
shows in a new process."""

from __future__ import annotations

import io
import json
import os
import select
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]


def machiavelli(*argv: str, stdin: bytes = b"") -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.run([sys.executable, "-m", "game", *argv], input=stdin, cwd=ROOT,
                          capture_output=True, timeout=120, env=env, check=False)


def json_lines(out: bytes) -> list[dict]:
    """Every stdout line parsed as JSON: any line that is not fails the test."""
    return [json.loads(line) for line in out.decode("utf-8").splitlines()]


def test_solve_json_prints_only_json() -> None:
    done = machiavelli("solve", "--variant", "machiavelli", "--table",
                       "7C 8C 9C | 7D 8D 9D | 8S 9S 10S", "--hand", "7H 9S JS", "--json")
    assert done.returncode == 0, done.stderr
    lines = json_lines(done.stdout)
    assert len(lines) == 1 and len(lines[0]["played"]) == 3
    assert b"Traceback" not in done.stderr


def test_solve_batch_prints_only_json_and_survives_any_line() -> None:
    good = json.dumps({"variant": "machiavelli", "table": "3H 4H 5H", "hand": "6H"}).encode()
    nested = b"[" * 100_000 + b"]" * 100_000
    deep_options = (b'{"variant": "machiavelli", "options": ' + b"[" * 100_000
                    + b"]" * 100_000 + b', "hand": "7H"}')
    lines = [
        good,
        b'{"variant": "machiavelli", "hand": "7H \xff\xfe"}',  # not UTF-8
        b"\xc3\x28 not json either",
        b"{not json",
        nested,
        deep_options,
        json.dumps({"variant": "machiavelli", "hand": "6H", "opened": "no"}).encode(),
        json.dumps({"variant": "machiavelli", "table": ["3H"], "hand": "6H"}).encode(),
        good,
    ]
    done = machiavelli("solve", "--batch", "-", stdin=b"\n".join(lines) + b"\n")
    assert done.returncode == 0, done.stderr
    assert b"Traceback" not in done.stderr
    out = json_lines(done.stdout)
    assert len(out) == len(lines)
    assert out[0]["played"] == ["6H"] and out[-1]["played"] == ["6H"]
    for number, answer in enumerate(out[1:-1], start=2):
        assert set(answer) == {"error"}, answer
        assert answer["error"].startswith(f"line {number}: ")
    assert "UTF-8" in out[1]["error"] and "UTF-8" in out[2]["error"]
    assert "nested" in out[4]["error"] and "nested" in out[5]["error"]
    assert "opened" in out[6]["error"]
    assert "table" in out[7]["error"]


def test_solve_batch_file_with_bad_bytes(tmp_path: Path) -> None:
    path = tmp_path / "positions.jsonl"
    path.write_bytes(b'\xff\n{"variant": "machiavelli", "table": "3H 4H 5H", "hand": "6H"}\n')
    done = machiavelli("solve", "--batch", str(path))
    assert done.returncode == 0 and b"Traceback" not in done.stderr
    out = json_lines(done.stdout)
    assert "error" in out[0] and out[1]["played"] == ["6H"]


# ------------------------------------------- issue 29, point 2: a batch line without an end


def test_an_over_long_batch_line_is_answered_with_an_error_and_the_batch_goes_on(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from game.cli import main
    from game.commands.solve import MAX_BATCH_LINE

    good = json.dumps({"variant": "machiavelli", "table": "3H 4H 5H", "hand": "6H"}).encode()
    stream = b"\n".join([b"x" * (3 * MAX_BATCH_LINE), good, b" " * MAX_BATCH_LINE + good,
                         b"y" * (MAX_BATCH_LINE + 1)])  # the last without a newline
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stream)))
    assert main(["solve", "--batch", "-"]) == 0
    out = json_lines(capsys.readouterr().out.encode("utf-8"))
    assert out[0] == {"error": f"line 1: longer than {MAX_BATCH_LINE} bytes; skipped"}
    assert out[1]["played"] == ["6H"]
    assert "longer than" in out[2]["error"] and out[2]["error"].startswith("line 3: ")
    assert out[3]["error"].startswith("line 4: longer than")
    assert len(out) == 4


def test_batch_lines_never_hold_more_than_the_limit() -> None:
    from game.commands.solve import batch_lines

    class Endless(io.RawIOBase):
        """Ten times the limit of one line, then a short one: counts the bytes read."""

        def __init__(self) -> None:
            self.left = 10 * 4096
            self.tail = b"\nshort\n"

        def readable(self) -> bool:
            return True

        def readinto(self, buffer: Any) -> int:
            if self.left:
                n = min(len(buffer), self.left)
                buffer[:n] = b"\0" * n
                self.left -= n
                return n
            n = min(len(buffer), len(self.tail))
            buffer[:n], self.tail = self.tail[:n], self.tail[n:]
            return n

    lines = list(batch_lines(io.BufferedReader(Endless(), 512), limit=4096))
    assert lines == [None, b"short"]


@pytest.mark.skipif(not (os.path.exists("/dev/zero") and Path("/proc/self/status").exists()),
                    reason="needs /dev/zero and /proc")
def test_solve_batch_dev_zero_answers_at_once_in_bounded_memory() -> None:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    child = subprocess.Popen([sys.executable, "-m", "game", "solve", "--batch", "/dev/zero"],
                             cwd=ROOT, env=env, stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
    assert child.stdout is not None
    try:
        deadline = time.monotonic() + 60
        answered_at = None
        while time.monotonic() < deadline:
            # the memory is watched throughout, so a reader that holds the line is
            # stopped long before it fills the machine
            rss = _resident_mb(child.pid)
            assert rss < 1024, f"the endless line is being held ({rss} MB)"
            if answered_at is None and select.select([child.stdout], [], [], 0.2)[0]:
                first = json.loads(child.stdout.readline())
                assert first["error"].startswith("line 1: longer than")
                answered_at = time.monotonic()
            if answered_at is not None and time.monotonic() - answered_at > 2:
                break  # reading on past the line, in the same few megabytes
        assert answered_at is not None, "no answer within a minute"
        assert child.poll() is None  # still reading: the line has not ended
    finally:
        child.kill()
        child.wait()


def _resident_mb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) // 1024
    return 0


# ---------------------------------------- issue 49, point 5: a batch stream that cannot be read


def _batch_from_a_dead_terminal(lines: bytes) -> subprocess.CompletedProcess[bytes]:
    """``solve --batch -`` reading a terminal whose other end has hung up once ``lines``
    are read: the next read fails with EIO, as a stream on a failing disk does."""
    import tty

    reader, writer = os.openpty()  # the batch reads the controlling side...
    try:
        tty.setraw(writer)  # ...of a terminal that passes the lines as they are
        os.write(writer, lines)
        os.close(writer)  # hung up: what was written is read, then EIO
        env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
        return subprocess.run([sys.executable, "-m", "game", "solve", "--batch", "-"],
                              stdin=reader, cwd=ROOT, capture_output=True, timeout=120,
                              env=env, check=False)
    finally:
        os.close(reader)


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
def test_a_batch_stream_failing_with_eio_is_named_in_one_line() -> None:
    done = _batch_from_a_dead_terminal(b"")
    stderr = done.stderr.decode("utf-8", "replace")
    assert b"Traceback" not in done.stderr, stderr
    assert done.returncode == 2
    assert stderr.count("\n") == 1 and stderr.startswith("machiavelli solve: ")
    assert "Input/output error" in stderr and "-" in stderr
    assert done.stdout == b""


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")
def test_the_lines_answered_before_the_stream_fails_are_kept() -> None:
    good = json.dumps({"variant": "machiavelli", "table": "3H 4H 5H", "hand": "6H"}).encode()
    done = _batch_from_a_dead_terminal(good + b"\n")
    assert b"Traceback" not in done.stderr, done.stderr
    assert done.returncode == 2
    answers = json_lines(done.stdout)
    assert len(answers) == 1 and answers[0]["played"]
    assert done.stderr.decode().count("\n") == 1 and b"after line 1" in done.stderr


@pytest.mark.skipif(not Path("/proc/self/mem").exists(), reason="needs /proc")
def test_solve_batch_of_proc_self_mem_names_the_read_error() -> None:
    done = machiavelli("solve", "--batch", "/proc/self/mem")
    assert b"Traceback" not in done.stderr, done.stderr
    assert done.returncode == 2 and done.stdout == b""
    assert done.stderr.decode() == (
        "machiavelli solve: cannot read /proc/self/mem: Input/output error\n")
