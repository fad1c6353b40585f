"""`machiavelli review SAVE_FILE`: a saved game's turns marked, as text or JSON; a file that
is not a save is refused in one line with exit code 2."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

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
    (tmp_path / "shape.json").write_text(json.dumps({"match": 3}))
    contract = GameSession.new("shanghai-rummy", {}, [Seat("You", "human"), Seat("B", "easy"),
                                                      Seat("C", "easy")], 1)
    (tmp_path / "contract.json").write_text(json.dumps(contract.to_json()))
    # the game in a bare {"game": ...}: not a save the game itself would load
    (tmp_path / "envelope.json").write_text(json.dumps({"game": contract.to_json()}))
    return [
        (str(tmp_path / "missing.json"), "no such file"),
        (str(tmp_path), "not a file"),
        (str(tmp_path / "text.json"), "not JSON"),
        (str(tmp_path / "bytes.json"), "not UTF-8"),
        (str(tmp_path / "list.json"), "not a JSON object"),
        (str(tmp_path / "deep.json"), "not a saved game"),
        (str(tmp_path / "shape.json"), "seats"),
        (str(tmp_path / "contract.json"), "contract game"),
        (str(tmp_path / "envelope.json"), 'no valid "schema" number'),
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


# ------------------------------------------------------ issue 29: saves the game refuses


def _tampered(saved: Path, folder: Path, edit: Callable[[dict[str, Any]], None]) -> Path:
    """A copy of the store's save ``saved`` in ``folder``, changed by ``edit``."""
    envelope = json.loads(saved.read_text(encoding="utf-8"))
    edit(envelope)
    path = folder / "tampered.json"
    path.write_text(json.dumps(envelope), encoding="utf-8")  # Infinity, NaN as Python writes
    return path


def _match_field(name: str, value: object) -> Callable[[dict[str, Any]], None]:
    return lambda envelope: envelope["game"]["match"].__setitem__(name, value)


def _refused(path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    assert main(["review", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and err.startswith("machiavelli review: "), err
    return err


@pytest.mark.parametrize("options", ["x", [1], 7])
def test_a_save_whose_options_are_not_an_object_is_refused(
        saved: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        options: object) -> None:
    path = _tampered(saved, tmp_path, _match_field("options", options))
    assert '"options" must be an object' in _refused(path, capsys)


@pytest.mark.parametrize(("seed", "words"), [
    (float("inf"), "Infinity is not allowed"),
    (float("-inf"), "-Infinity is not allowed"),
    (float("nan"), "NaN is not allowed"),
    (1e300, '"seed" must be a whole number'),
    ("7", '"seed" must be a whole number'),
])
def test_a_save_whose_seed_is_no_whole_number_is_refused(
        saved: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        seed: object, words: str) -> None:
    path = _tampered(saved, tmp_path, _match_field("seed", seed))
    assert words in _refused(path, capsys)


def test_a_save_with_more_hints_than_a_match_can_take_is_refused(
        saved: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _tampered(saved, tmp_path, lambda envelope: envelope["game"].__setitem__(
        "hints", 2**63))
    assert '"hints" must be a count' in _refused(path, capsys)


def test_review_refuses_what_the_load_screen_refuses_in_the_same_words(
        saved: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The listing says other players than the moves give: the Load screen's check
    (``GameSession.from_json`` with the save's listing) refuses it, and so does review."""
    from game.engine.serialize import SaveError
    from game.session import GameSession

    path = _tampered(saved, tmp_path, lambda envelope: envelope["summary"].__setitem__(
        "players", ["Eve", "Mallory"]))
    err = _refused(path, capsys)
    with Store.open(tmp_path / "data") as store:
        store.paths.saves_dir.joinpath("lies.json").write_bytes(path.read_bytes())
        loaded = store.saves.load("lies")
        assert loaded is not None  # the file reads; its game is what is refused
        with pytest.raises(SaveError) as refused:
            GameSession.from_json(loaded.payload, loaded.info)
    assert "its listing says players" in str(refused.value)
    assert err == f"machiavelli review: {refused.value}\n"


def test_review_refuses_a_save_the_store_refuses(
        saved: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _tampered(saved, tmp_path, lambda envelope: envelope.__setitem__(
        "saved_at", "9999-06-01T00:00:00+00:00"))
    assert f'{path}: has a "saved_at" out of range' in _refused(path, capsys)
    path = _tampered(saved, tmp_path, lambda envelope: envelope.__setitem__("schema", 99))
    assert "newer version of the game" in _refused(path, capsys)
