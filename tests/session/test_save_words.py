"""Issue 45.10: what a save that fails says is in the player's language, as every other
text of the game: a failed write, a failed removal, a save file that cannot be read."""

from __future__ import annotations

import errno
from pathlib import Path
from typing import Any

import pytest

from game import i18n
from game.session import GameSession, SaveFailed, Seat, clear_autosave
from game.store import AUTOSAVE, Store
from game.store.errors import StoreWriteError


@pytest.fixture(autouse=True)
def english_afterwards() -> Any:
    yield
    i18n.set_language("en")


def session() -> GameSession:
    return GameSession.new("machiavelli", {}, [Seat("You", "human"), Seat("Ada", "easy")], 3)


def failing(store: Store, monkeypatch: pytest.MonkeyPatch, action: str) -> None:
    """Make the store's ``action`` (write or delete) fail as a full disk does."""

    def fail(slot: str, *args: object) -> Any:
        path = store.saves.path_for(slot)
        try:
            raise OSError(errno.ENOSPC, "No space left on device")
        except OSError as exc:
            done = {"write": "written", "delete": "deleted"}[action]
            raise StoreWriteError(path, f"cannot be {done} ({exc.strerror})") from exc

    monkeypatch.setattr(store.saves, action, fail)


def words(lang: str, make: Any) -> str:
    with i18n.language(lang), pytest.raises(SaveFailed) as failed:
        make()
    return str(failed.value)


@pytest.mark.parametrize("lang", ["it", "de", "es"])
def test_a_save_that_cannot_be_written_says_so_in_the_language(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    with Store.open(tmp_path / "data") as store:
        failing(store, monkeypatch, "write")
        english = words("en", lambda: session().save(store, "Keep me"))
        assert "cannot be written" in english and "No space left on device" in english
        said = words(lang, lambda: session().save(store, "Keep me"))
        assert "cannot be written" not in said and "No space left on device" in said


@pytest.mark.parametrize("lang", ["it", "de", "es"])
def test_an_autosave_that_cannot_be_removed_says_so_in_the_language(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    with Store.open(tmp_path / "data") as store:
        session().save(store)
        assert store.saves.exists(AUTOSAVE)
        failing(store, monkeypatch, "delete")
        english = words("en", lambda: clear_autosave(store))
        assert english.startswith("The autosave could not be removed")
        said = words(lang, lambda: clear_autosave(store))
        assert "could not be removed" not in said and "No space left on device" in said


@pytest.mark.parametrize("lang", ["it", "de", "es"])
def test_a_save_file_with_unexpected_content_says_so_in_the_language(lang: str) -> None:
    data = {"schema": 1, "app_version": "1", "saved_at": "2026-01-01T00:00:00+00:00",
            "summary": {"variant": "Machiavelli", "players": ["A"], "scores": [0],
                        "hand": 1}, "game": {"match": "nonsense"}}
    english = words("en", lambda: GameSession.from_document(data))
    said = words(lang, lambda: GameSession.from_document(data))
    assert said != english


@pytest.mark.parametrize("lang", ["it", "de", "es"])
def test_a_saved_match_from_a_newer_game_says_so_in_the_language(lang: str) -> None:
    data = session().to_json()
    data["match"]["schema"] = 999
    english = words("en", lambda: GameSession.from_document(data))
    assert "newer than this game" in english
    said = words(lang, lambda: GameSession.from_document(data))
    assert "newer than this game" not in said and "999" in said
