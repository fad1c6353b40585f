"""`machiavelli serve` with two `machiavelli join` computer players plays whole matches on
127.0.0.1, and they end exactly as the same seeds played on one computer."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.ai.turns import computer_seed
from tests.net.helpers import local_match

ROOT = Path(__file__).resolve().parents[2]
GAME = [sys.executable, "-m", "game"]


def _run(args: list[str], **kwargs: object) -> subprocess.Popen[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.Popen([*GAME, *args], cwd=ROOT, env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kwargs)


@pytest.mark.parametrize(("variant", "seed"), [
    ("machiavelli", 7), ("shanghai", 3), ("shanghai-rummy", 7)])
def test_serve_with_two_join_bots_plays_the_match_the_seeds_play_locally(
        variant: str, seed: int, tmp_path: Path) -> None:
    serve = _run(["serve", "--variant", variant, "--seats", "net,net,medium", "--host",
                  "127.0.0.1", "--port", "0", "--seed", str(seed), "--no-announce",
                  "--json"])
    joins: list[subprocess.Popen[str]] = []
    try:
        assert serve.stdout is not None
        listening = json.loads(serve.stdout.readline())
        assert listening["event"] == "listening" and listening["address"] == "127.0.0.1"
        address = f"127.0.0.1:{listening['port']}"
        for seat in (0, 1):
            joins.append(_run(["--data-dir", str(tmp_path / str(seat)), "join", address,
                               "--code", listening["code"], "--as",
                               "medium", "--seat", str(seat + 1), "--seed",
                               str(computer_seed(seed, seat)), "--json"]))
        out, err = serve.communicate(timeout=240)
        assert serve.returncode == 0, err
        result = json.loads(out.strip().splitlines()[-1])
        for join in joins:
            join_out, join_err = join.communicate(timeout=30)
            assert join.returncode == 0, join_err
            lines = [json.loads(line) for line in join_out.strip().splitlines()]
            assert lines[0]["event"] == "joined" and lines[0]["token"]
            assert lines[-1]["totals"] == result["totals"]
    finally:
        for process in (serve, *joins):
            if process.poll() is None:
                process.kill()
                process.communicate()
    local = local_match(variant, ["medium"] * 3, seed)
    assert local.result is not None
    assert result["stalled"] == ""
    assert result["actions"] == len(local.log)
    assert result["digest"] == local.digest()
    assert result["winners"] == list(local.result.winners)
