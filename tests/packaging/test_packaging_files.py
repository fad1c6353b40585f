"""Quick checks of the packaging files that need no build: the desktop entry and AppStream
metainfo (with the freedesktop validators when installed), the version kept in one place,
the spec and scripts parse, and install.sh/uninstall.sh against a stand-in program."""

from __future__ import annotations

import configparser
import os
import shutil
import stat
import subprocess
import sys
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import game

ROOT = Path(__file__).resolve().parents[2]
PACKAGING = ROOT / "packaging"
LINUX = PACKAGING / "linux"
APP_ID = "io.github.machiavelli_rummy.Machiavelli"
DESKTOP = LINUX / f"{APP_ID}.desktop"
METAINFO = LINUX / f"{APP_ID}.metainfo.xml"
SCREENSHOTS = ("title.png", "new-game.png", "table.png", "scoreboard.png", "table-marks.png",
               "table-replay.png", "table-hint.png", "review.png", "puzzle.png", "tutorial.png")
SHELL_SCRIPTS = (PACKAGING / "build-linux.sh", LINUX / "install.sh", LINUX / "uninstall.sh",
                 PACKAGING / "macos" / "build-macos.sh")


def project_version() -> str:
    with open(ROOT / "pyproject.toml", "rb") as fh:
        return tomllib.load(fh)["project"]["version"]


def desktop_entry() -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None, strict=True)
    parser.optionxform = str  # keys are case-sensitive
    parser.read(DESKTOP, encoding="utf-8")
    return parser["Desktop Entry"]


# --- version: one place --------------------------------------------------------------


def test_version_comes_from_pyproject() -> None:
    assert game.__version__ == project_version()


def test_cli_prints_the_version() -> None:
    result = subprocess.run([sys.executable, "-m", "game", "--version"], cwd=ROOT,
                            capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == f"machiavelli {project_version()}"


# --- desktop entry and metainfo --------------------------------------------------------


def test_desktop_entry() -> None:
    entry = desktop_entry()
    assert entry["Type"] == "Application"
    assert entry["Name"] == "Machiavelli"
    assert entry["Exec"] == "machiavelli"  # install.sh points it at the installed program
    assert entry["Icon"] == APP_ID
    assert entry["Terminal"] == "false"
    assert "Game" in entry["Categories"].split(";")
    assert "CardGame" in entry["Categories"].split(";")


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None,
                    reason="desktop-file-validate not installed "
                           "(apt-get install desktop-file-utils)")
def test_desktop_entry_validates() -> None:
    result = subprocess.run(["desktop-file-validate", str(DESKTOP)], capture_output=True,
                            text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stdout + result.stderr


def test_metainfo_describes_the_game() -> None:
    root = ET.parse(METAINFO).getroot()
    assert root.tag == "component" and root.get("type") == "desktop-application"
    assert root.findtext("id") == APP_ID
    assert root.findtext("project_license") == "MIT"
    assert root.find("launchable").text == DESKTOP.name
    releases = root.findall("releases/release")
    assert releases, "no <release>"
    assert releases[0].get("version") == project_version(), (
        "the newest <release> in the metainfo must match pyproject.toml's version")
    images = [image.text for image in root.iter("image")]
    assert [Path(url).name for url in images] == [
        "table.png", "title.png", "new-game.png", "scoreboard.png", "table-marks.png",
        "table-replay.png", "table-hint.png", "review.png", "puzzle.png", "tutorial.png"]
    assert all("/packaging/screenshots/" in url for url in images)
    assert sorted(Path(url).name for url in images) == sorted(SCREENSHOTS)


@pytest.mark.skipif(shutil.which("appstreamcli") is None,
                    reason="appstreamcli not installed (apt-get install appstream)")
def test_metainfo_validates() -> None:
    result = subprocess.run(["appstreamcli", "validate", "--no-net", str(METAINFO)],
                            capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 0, result.stdout + result.stderr


# --- the spec, the launcher and the scripts ---------------------------------------------


def test_spec_and_entry_compile() -> None:
    spec = (PACKAGING / "machiavelli.spec").read_text(encoding="utf-8")
    compile(spec, "machiavelli.spec", "exec")
    assert "SPECPATH" in spec and "console=False" in spec
    assert 'copy_metadata(DIST_NAME)' in spec
    assert '("assets"' in spec or 'Path("assets")' in spec
    entry = (PACKAGING / "entry.py").read_text(encoding="utf-8")
    compile(entry, "entry.py", "exec")
    assert "from game.cli import main" in entry


def test_spec_keeps_the_assets_where_the_game_looks() -> None:
    # game/ui/assets.py looks for <_MEIPASS>/assets; the spec puts assets/ there
    assets_module = (ROOT / "game" / "ui" / "assets.py").read_text(encoding="utf-8")
    assert '"_MEIPASS"' in assets_module and '/ "assets"' in assets_module


@pytest.mark.parametrize("script", SHELL_SCRIPTS, ids=lambda p: p.name)
def test_shell_script_parses(script: Path) -> None:
    assert os.access(script, os.X_OK), f"{script.name} is not executable"
    result = subprocess.run(["bash", "-n", str(script)], capture_output=True, text=True,
                            timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    if shutil.which("shellcheck"):
        result = subprocess.run(["shellcheck", str(script)], capture_output=True, text=True,
                                timeout=60, check=False)
        assert result.returncode == 0, result.stdout


def test_inno_setup_script() -> None:
    iss = (PACKAGING / "windows" / "machiavelli.iss").read_text(encoding="utf-8")
    for needle in ("AppId={{", "DefaultDirName={autopf}", "[Icons]", "{autoprograms}",
                   r"dist\machiavelli\*", r"assets\icons\machiavelli.ico",
                   "UninstallDisplayIcon="):
        assert needle in iss, needle


# --- install.sh / uninstall.sh against a stand-in program ------------------------------


@pytest.fixture
def fake_program(tmp_path: Path) -> Path:
    """A folder shaped like dist/machiavelli with a shell script as the program."""
    folder = tmp_path / "dist" / "machiavelli"
    icons = folder / "_internal" / "assets" / "icons"
    icons.mkdir(parents=True)
    for size in (16, 48, 256):
        (icons / f"icon-{size}.png").write_bytes(b"\x89PNG fake")
    (icons / "machiavelli.svg").write_text("<svg/>", encoding="utf-8")
    program = folder / "machiavelli"
    program.write_text("#!/bin/sh\necho 'machiavelli 9.9.9'\n", encoding="utf-8")
    program.chmod(program.stat().st_mode | stat.S_IXUSR)
    return folder


def run_script(name: str, home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {key: value for key, value in os.environ.items()
           if key not in ("XDG_DATA_HOME", "XDG_CONFIG_HOME")}
    env["HOME"] = str(home)
    result = subprocess.run(["bash", str(LINUX / name), *args], env=env, capture_output=True,
                            text=True, timeout=120, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    return result


def test_install_upgrade_uninstall_for_the_user(tmp_path: Path, fake_program: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    share = home / ".local" / "share"
    run_script("install.sh", home, str(fake_program))

    program = share / "machiavelli-rummy" / "machiavelli" / "machiavelli"
    launcher = home / ".local" / "bin" / "machiavelli"
    desktop = share / "applications" / f"{APP_ID}.desktop"
    assert program.is_file()
    assert launcher.is_symlink() and launcher.resolve() == program.resolve()
    assert subprocess.run([str(launcher)], capture_output=True, text=True,
                          check=True).stdout.strip() == "machiavelli 9.9.9"
    text = desktop.read_text(encoding="utf-8")
    assert f'Exec="{program}"' in text and f"TryExec={program}" in text
    assert (share / "icons/hicolor/48x48/apps" / f"{APP_ID}.png").is_file()
    assert (share / "icons/hicolor/scalable/apps" / f"{APP_ID}.svg").is_file()
    assert (share / "metainfo" / f"{APP_ID}.metainfo.xml").is_file()

    # the game's own files share the folder: an upgrade must not touch them
    saves = share / "machiavelli-rummy" / "saves"
    saves.mkdir()
    (saves / "autosave.json").write_text("{}", encoding="utf-8")
    (share / "machiavelli-rummy" / "stats.sqlite3").write_bytes(b"")
    (program.parent / "stale-file-of-old-version").write_text("", encoding="utf-8")
    run_script("install.sh", home, str(fake_program))
    assert (saves / "autosave.json").is_file()
    assert (share / "machiavelli-rummy" / "stats.sqlite3").is_file()
    assert not (program.parent / "stale-file-of-old-version").exists()

    run_script("uninstall.sh", home)
    assert not program.exists() and not launcher.exists() and not desktop.exists()
    assert not list(share.rglob(f"{APP_ID}.*"))
    assert (saves / "autosave.json").is_file(), "uninstall without --purge keeps the saves"

    config = home / ".config" / "machiavelli-rummy"
    config.mkdir(parents=True)
    (config / "settings.json").write_text("{}", encoding="utf-8")
    run_script("uninstall.sh", home, "--purge")
    assert not (share / "machiavelli-rummy").exists() and not config.exists()


def test_install_refuses_without_a_build(tmp_path: Path) -> None:
    env = dict(os.environ, HOME=str(tmp_path))
    result = subprocess.run(["bash", str(LINUX / "install.sh"), str(tmp_path / "nothing")],
                            env=env, capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode != 0
    assert "build-linux.sh" in result.stderr
