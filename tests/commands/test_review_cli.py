"""`machiavelli review SAVE_FILE`: a saved game's turns marked, as text or JSON; a file that
is not a save is refused in one line with exit code 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.cli import main
from game.session import GameSession
from game.store import Store
from game.store.seats import Seat
from tests.coach.test_review import played_session


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A finished match saved through the store, as the game saves it."""
    folder = tmp_path_factory.mktemp("review")
    session = played_session(3)
    with Store.open(folder / "data") as store:
        store.saves.write("finished", session.to_json(), session.summary())
        return store.saves.path_for("finished")


def test_review_prints_each_turn_and_the_accuracy(saved: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review", str(saved)]) == 0
    out = capsys.readouterr().out
    assert "review of You (seat 1)" in out
    assert "turn 1:" in out and "accuracy" in out
    assert main(["review", str(saved), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    turns = data["turns"]
    assert turns and all(t["mark"] in ("best", "good", "held back", "missed", "no play")
                         for t in turns)
    assert data["played"] == sum(t["value"] for t in turns if t["best"] is not None)
    for turn in turns:
        if turn["mark"] == "best":
            assert turn["value"] == turn["best"]
        if turn["best_play"] is not None:
            assert len(turn["best_play"]["played"]) == turn["best"]
            assert turn["best_play"]["steps"]
    # the other seat can be asked for too
    assert main(["review", str(saved), "--seat", "2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["player"] == "Bot"


def bad_files(tmp_path: Path) -> list[tuple[str, str]]:
    (tmp_path / "text.json").write_text("hello")
    (tmp_path / "bytes.json").write_bytes(b"\xff\xfe\x00")
    (tmp_path / "list.json").write_text("[]")
    (tmp_path / "deep.json").write_text("[" * 100_000)
    (tmp_path / "shape.json").write_text(json.dumps({"game": {"match": 3}}))
    contract = GameSession.new("shanghai-rummy", {}, [Seat("You", "human"), Seat("B", "easy"),
                                                      Seat("C", "easy")], 1)
    (tmp_path / "contract.json").write_text(json.dumps({"game": contract.to_json()}))
    return [
        (str(tmp_path / "missing.json"), "no such file"),
        (str(tmp_path), "not a file"),
        (str(tmp_path / "text.json"), "not JSON"),
        (str(tmp_path / "bytes.json"), "not UTF-8"),
        (str(tmp_path / "list.json"), "not a JSON object"),
        (str(tmp_path / "deep.json"), "not a saved game"),
        (str(tmp_path / "shape.json"), "seats"),
        (str(tmp_path / "contract.json"), "contract game"),
    ]


def test_review_refuses_what_is_not_a_save(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    for path, reason in bad_files(tmp_path):
        assert main(["review", path]) == 2, path
        out, err = capsys.readouterr()
        assert out == "" and err.count("\n") == 1 and reason in err, (path, err)
        assert err.startswith("machiavelli review: ")


def test_review_refuses_a_seat_that_is_not_there(saved: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review", str(saved), "--seat", "3"]) == 2
    assert "no seat 3" in capsys.readouterr().err
    with pytest.raises(SystemExit) as stopped:
        main(["review", str(saved), "--seat", "0"])
    assert stopped.value.code == 2
