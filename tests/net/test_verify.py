"""`machiavelli join` checks the deals at the match's end and keeps them; `machiavelli
verify` checks a kept record or a hosted game's save again: verified, the first mismatch
named, or a clear error for a file it cannot check (never a traceback)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.ai.turns import computer_seed
from game.engine.cards import format_cards
from game.engine.serial import card_from_json, card_to_json
from game.net.host import SeatSpec
from game.session import GameSession
from game.store.seats import Seat
from tests.net.helpers import host_game, join_bot, over_of

ROOT = Path(__file__).resolve().parents[2]
GAME = [sys.executable, "-m", "game"]


def _run(args: list[str]) -> subprocess.Popen[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.Popen([*GAME, *args], cwd=ROOT, env=env, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def verify(path: Path) -> tuple[int, str, str]:
    done = _run(["verify", str(path)])
    out, err = done.communicate(timeout=60)
    return done.returncode, out, err


@pytest.fixture(scope="module")
def kept(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A real match: `serve` and one `join`, whose record of the deals is returned."""
    data = tmp_path_factory.mktemp("join")
    serve = _run(["serve", "--variant", "machiavelli", "--option", "match=hands:2",
                  "--seats", "net,medium", "--host", "127.0.0.1", "--port", "0", "--seed",
                  "11", "--no-announce", "--json"])
    join = None
    try:
        assert serve.stdout is not None
        listening = json.loads(serve.stdout.readline())
        join = _run(["--data-dir", str(data), "join", f"127.0.0.1:{listening['port']}",
                     "--code", listening["code"], "--seed", str(computer_seed(11, 0)),
                     "--json"])
        out, err = join.communicate(timeout=120)
        assert join.returncode == 0, err
        serve.communicate(timeout=30)
    finally:
        for process in (serve, join):
            if process is not None and process.poll() is None:
                process.kill()
                process.communicate()
    result = json.loads(out.strip().splitlines()[-1])
    assert result["deals_verified"] is True
    assert result["deals"].startswith("Deals verified: 2 deals")
    path = Path(result["deals_record"])
    assert path.parent == data / "deals" and path.is_file()
    return path


def test_verify_a_kept_record_of_a_joined_match(kept: Path) -> None:
    code, out, err = verify(kept)
    assert code == 0, err
    assert out.startswith("Deals verified: 2 deals")


def test_verify_names_the_card_of_a_tampered_record(kept: Path, tmp_path: Path) -> None:
    data = json.loads(kept.read_text())
    hand = data["deals"][1]["cards"]
    real = hand[0]
    fake = next(card_to_json(card_from_json(f"{r}{s}.{c}")) for c in "01" for s in "SHDC"
                for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
                if f"{r}{s}.{c}" not in hand)
    data["deals"][1]["cards"] = [fake, *hand[1:]]
    tampered = tmp_path / "tampered.json"
    tampered.write_text(json.dumps(data))
    code, out, err = verify(tampered)
    assert code == 1 and out == ""
    assert "DEALS DO NOT MATCH. Hand 2:" in err
    assert format_cards([card_from_json(fake)]) in err
    assert format_cards([card_from_json(real)]) in err


def test_verify_a_record_whose_reveal_breaks_the_commitment(kept: Path,
                                                            tmp_path: Path) -> None:
    data = json.loads(kept.read_text())
    data["seed"] += 1
    tampered = tmp_path / "seed.json"
    tampered.write_text(json.dumps(data))
    code, _out, err = verify(tampered)
    assert code == 1 and "not the one it committed to" in err


def test_verify_a_hosts_saved_game_and_a_tampered_one(tmp_path: Path) -> None:
    hosted = host_game("machiavelli", [SeatSpec("net"), SeatSpec("medium")], 5,
                       {"match": "hands:1"})
    bot = join_bot(hosted, 0, "medium", 1)
    try:
        over_of(hosted)
        assert bot.result().over is not None
        session = hosted.host.session()
    finally:
        hosted.stop()
    assert session is not None
    save = tmp_path / "host.json"
    save.write_text(json.dumps(session.to_json()))
    code, out, err = verify(save)
    assert code == 0 and out.startswith("Deals verified"), err
    data = session.to_json()
    data["fair"]["salt"] = "0" * 32
    save.write_text(json.dumps(data))
    code, out, err = verify(save)
    assert code == 1 and "not the one it committed to" in err


@pytest.mark.parametrize(("content", "words"), [
    (None, "no such file"),
    ("this is not JSON {", "JSON"),
    ('{"fair_deals": 1, "variant": 3}', "damaged"),
    ('{"fair_deals": 1, "variant": "machiavelli", "options": {}, "players": 2, "seat": 0, '
     '"commitment": "ab", "seed": 1, "salt": "x", "deals": [{"hand": "one"}]}',
     "cannot be read"),
    ("[1, 2, 3]", "JSON object"),
])
def test_verify_refuses_a_missing_or_junk_file_in_words(content: str | None, words: str,
                                                        tmp_path: Path) -> None:
    path = tmp_path / "junk.json"
    if content is not None:
        path.write_text(content)
    code, out, err = verify(path)
    assert code == 2 and out == ""
    assert words in err and "Traceback" not in err
    assert err.startswith("machiavelli verify: ") and err.count("\n") == 1


def test_verify_refuses_a_game_that_was_not_hosted_for_network_play(tmp_path: Path) -> None:
    session = GameSession.new("machiavelli", {}, [Seat("Ada", "human"), Seat("Bob", "medium")],
                              3)
    path = tmp_path / "local.json"
    path.write_text(json.dumps(session.to_json()))
    code, _out, err = verify(path)
    assert code == 2 and "not hosted for network play" in err and "Traceback" not in err
