"""`machiavelli --data-dir DIR --smoke N` through the real command line, in a child process
(as CI and the packaged build run it), with garbage in every kind of file."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path


def run_smoke(data_dir: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.run(
        [sys.executable, "-m", "game", "--data-dir", str(data_dir), "--smoke", "60", *extra],
        capture_output=True, text=True, timeout=300, env=env,
        cwd=Path(__file__).resolve().parents[2])


def test_smoke_renders_frames_and_saves_a_screenshot(tmp_path: Path) -> None:
    shot = tmp_path / "shot.png"
    result = run_smoke(tmp_path / "data", "--screenshot", str(shot))
    assert result.returncode == 0, result.stderr
    assert "frames: 60" in result.stdout and "fps:" in result.stdout
    assert shot.stat().st_size > 10_000


def test_smoke_with_garbage_files_keeps_them_aside_and_writes_fresh_settings(
        tmp_path: Path) -> None:
    saves = tmp_path / "saves"
    saves.mkdir()
    (tmp_path / "settings.json").write_bytes(b"\x00\xff{{{ not json")
    (saves / "autosave.json").write_text('{"schema": 2, "game": [1, 2')
    (saves / "slot one.json").write_bytes(os.urandom(3000))
    (tmp_path / "stats.sqlite3").write_text("not a database")
    result = run_smoke(tmp_path)
    assert result.returncode == 0, result.stderr
    settings = json.loads((tmp_path / "settings.json").read_text())
    assert settings["schema"] >= 1
    for name in ("settings.json", "stats.sqlite3", "saves/autosave.json", "saves/slot one.json"):
        original = tmp_path / name
        kept = list(original.parent.glob(original.name + ".corrupt-*"))
        assert len(kept) == 1, f"{name} was not kept aside: {sorted(original.parent.iterdir())}"
    assert not (saves / "autosave.json").exists() and not (saves / "slot one.json").exists()
