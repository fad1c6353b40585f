"""Where files go: ``--data-dir`` or the platform's user folders, never the program folder."""

from __future__ import annotations

from pathlib import Path

import platformdirs
import pytest

import game
from game.store import Store
from game.store.paths import APP_NAME, DataPaths


def test_data_dir_holds_everything(tmp_path: Path) -> None:
    paths = DataPaths.resolve(tmp_path)
    assert paths.settings_file == tmp_path / "settings.json"
    assert paths.presets_file == tmp_path / "presets.json"
    assert paths.saves_dir == tmp_path / "saves"
    assert paths.stats_file == tmp_path / "stats.sqlite3"


def test_relative_data_dir_is_made_absolute(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    paths = DataPaths.resolve("data")
    assert paths.config_dir == tmp_path.resolve() / "data"
    assert paths.config_dir.is_absolute()


def test_default_uses_platformdirs_config_and_data_folders() -> None:
    paths = DataPaths.resolve(None)
    assert paths.config_dir == platformdirs.user_config_path(APP_NAME, appauthor=False)
    assert paths.data_dir == platformdirs.user_data_path(APP_NAME, appauthor=False)
    assert paths.settings_file.parent == paths.config_dir
    assert paths.presets_file.parent == paths.config_dir
    assert paths.saves_dir.parent == paths.data_dir
    assert paths.stats_file.parent == paths.data_dir
    program = Path(game.__file__).resolve().parent.parent
    for path in (paths.settings_file, paths.saves_dir, paths.stats_file):
        assert program not in path.resolve().parents


def test_store_open_without_data_dir_uses_platform_folders(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(platformdirs, "user_config_path", lambda *a, **k: tmp_path / "cfg")
    monkeypatch.setattr(platformdirs, "user_data_path", lambda *a, **k: tmp_path / "data")
    store = Store.open(None)
    store.saves.write("one", {}, {"variant": "v", "players": [], "scores": [], "hand": 0})
    store.close()
    assert (tmp_path / "cfg" / "settings.json").is_file()
    assert (tmp_path / "data" / "saves" / "one.json").is_file()
    assert (tmp_path / "data" / "stats.sqlite3").is_file()
    assert not (tmp_path / "cfg" / "saves").exists()


def test_a_data_dir_that_is_not_a_folder_is_refused_and_left_alone(tmp_path: Path) -> None:
    """Issue 29, point 8: the folder the player names is never renamed to make room."""
    from game.store import NotAFolder

    precious = tmp_path / "precious.txt"
    precious.write_text("my notes")
    for where in (precious, precious / "data"):
        with pytest.raises(NotAFolder, match="precious.txt is a file, not a folder"):
            Store.open(where)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["precious.txt"]
    assert precious.read_text() == "my notes"
    with Store.open(tmp_path / "new" / "data") as store:  # one not there yet is made
        assert store.paths.data_dir.is_dir()


def test_folder_problem_names_what_is_in_the_way(tmp_path: Path) -> None:
    from game.store.paths import folder_problem

    (tmp_path / "file").write_text("x")
    (tmp_path / "loop").symlink_to(tmp_path / "loop")
    (tmp_path / "gone").symlink_to(tmp_path / "nothing")
    assert folder_problem(tmp_path) is None
    assert folder_problem(tmp_path / "a" / "b") is None  # can be made
    assert folder_problem(tmp_path / "file") == f"{tmp_path / 'file'} is a file, not a folder"
    assert "cannot be made in it" in (folder_problem(tmp_path / "file" / "a" / "b") or "")
    assert "leads back to itself" in (folder_problem(tmp_path / "loop") or "")
    assert "does not exist" in (folder_problem(tmp_path / "gone") or "")
    assert "not a usable name" in (folder_problem(tmp_path / "a\0b") or "")


def test_a_data_dir_of_an_unknown_users_home_is_refused_in_words(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 50.4: ``--data-dir '~nouser/x'`` crashed the start with a RuntimeError."""
    from game.cli import main
    from game.store import NotAFolder

    where = "~no-such-user-50/x"
    with pytest.raises(NotAFolder, match="no user named no-such-user-50"):
        Store.open(where)
    with pytest.raises(SystemExit) as stopped:
        main(["--data-dir", where])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert "--data-dir: ~no-such-user-50/x starts with ~no-such-user-50, but there is no " \
           "user named no-such-user-50" in err
