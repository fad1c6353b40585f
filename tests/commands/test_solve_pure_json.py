"""`solve --json` and `solve --batch` print JSON and nothing else on stdout, whatever the
libraries underneath print, and no batch line (undecodable, not JSON, absurdly nested)
stops the batch or prints a traceback. Run as a fresh process, as a user runs it: a
library's banner (HiGHS prints one on the C stdout when its first solver is built) only
shows in a new process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

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
