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
