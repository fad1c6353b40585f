"""`machiavelli replay SAVE_FILE` (issue 29.13): a saved game's turns, one line a turn, or a
JSON list; a file that is not a save the game would load is refused in one line, exit 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.cli import main
from game.engine.match import Match
from game.session import GameSession
from game.store import Store
from game.store.seats import Seat
from tests.coach.test_review import played_session


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, GameSession]:
    """A finished match saved through the store, as the game saves it."""
    folder = tmp_path_factory.mktemp("replay")
    session = played_session(3)
    with Store.open(folder / "data") as store:
        store.saves.write("finished", session.to_json(), session.summary())
        return store.saves.path_for("finished"), session


def test_replay_prints_a_line_a_turn_under_its_hand(
        saved: tuple[Path, GameSession], capsys: pytest.CaptureFixture[str]) -> None:
    path, session = saved
    match = session.match
    assert isinstance(match, Match)
    assert main(["replay", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    hands = [line for line in lines if not line.startswith("  ")]
    assert hands == [f"hand {n}:" for n in range(1, len(match.history) + 1)]
    turns = [line.removeprefix("  ") for line in lines if line.startswith("  ")]
    assert all(line.startswith(("You", "Bot")) for line in turns)
    assert main(["replay", str(path), "--json"]) == 0
    assert turns == [turn["words"] for turn in json.loads(capsys.readouterr().out)]
    last = lines[len(lines) - len(match.deal.turns):]  # the last hand's, one a turn
    assert all(line.startswith("  ") for line in last)
    assert lines[-len(match.deal.turns) - 1] == f"hand {len(match.history)}:"


def test_replay_json_is_a_list_of_turns(saved: tuple[Path, GameSession],
                                        capsys: pytest.CaptureFixture[str]) -> None:
    path, session = saved
    match = session.match
    assert isinstance(match, Match)
    assert main(["replay", str(path), "--json"]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1
    turns = json.loads(out)
    assert isinstance(turns, list) and turns
    for turn in turns:
        assert set(turn) == {"hand", "seat", "name", "kind", "played", "drawn", "table",
                             "words"}
        assert turn["name"] == ("You" if turn["seat"] == 0 else "Bot")
        assert turn["kind"] in ("play", "draw", "pass", "abandon", "knock", "end_turn")
        assert all(isinstance(card, str) for card in turn["played"])
        assert turn["words"].startswith(turn["name"])
    last_hand = [t for t in turns if t["hand"] == turns[-1]["hand"]]
    assert [t["seat"] for t in last_hand] == [r.player for r in match.deal.turns]
    assert [t["table"] for t in last_hand] == [str(r.after) for r in match.deal.turns]
    assert [t["played"] for t in last_hand] == [[str(c) for c in r.played]
                                                for r in match.deal.turns]


def bad_files(tmp_path: Path, saved: Path) -> list[tuple[str, str]]:
    (tmp_path / "text.json").write_text("hello")
    (tmp_path / "bytes.json").write_bytes(b"\xff\xfe\x00")
    (tmp_path / "deep.json").write_text("[" * 100_000)
    (tmp_path / "shape.json").write_text(json.dumps({"match": 3}))
    envelope = json.loads(saved.read_text(encoding="utf-8"))
    envelope["schema"] = 999
    (tmp_path / "schema.json").write_text(json.dumps(envelope))
    envelope["schema"] = "one"
    (tmp_path / "schema-text.json").write_text(json.dumps(envelope))
    contract = GameSession.new("shanghai-rummy", {}, [Seat("You", "human"), Seat("B", "easy"),
                                                      Seat("C", "easy")], 1)
    (tmp_path / "contract.json").write_text(json.dumps(contract.to_json()))
    return [
        (str(tmp_path / "missing.json"), "no such file"),
        (str(tmp_path), "not a file"),
        (str(tmp_path / "text.json"), "not JSON"),
        (str(tmp_path / "bytes.json"), "not UTF-8"),
        (str(tmp_path / "deep.json"), "not a saved game"),
        (str(tmp_path / "shape.json"), "seats"),
        (str(tmp_path / "schema.json"), "schema"),
        (str(tmp_path / "schema-text.json"), "schema"),
        (str(tmp_path / "contract.json"), "not a manipulation game"),
    ]


@pytest.mark.parametrize("check", [False, True])
def test_replay_refuses_what_is_not_a_save(saved: tuple[Path, GameSession], tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str],
                                           check: bool) -> None:
    for path, reason in bad_files(tmp_path, saved[0]):
        assert main(["replay", path, "--json"] + ["--check"] * check) == 2, path
        out, err = capsys.readouterr()
        assert out == "" and err.count("\n") == 1 and reason in err, (path, err)
        assert err.startswith("machiavelli replay: ")
