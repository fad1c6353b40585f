"""The Linux release build, end to end: ``packaging/build-linux.sh`` from this checkout, then
the built program run headless, installed for a throw-away user and removed again.

Slow: a full PyInstaller build (about a minute, plus a few more the first time, when the
script makes its environment in build/venv-pkg from PyPI). Set MACHIAVELLI_SKIP_BUILD=1 to
skip it. The figures (sizes, build time, start-up to the first frame) are printed and
written to build/packaging-report.txt; times are reported, never asserted.

Everything happens in one test so that pytest-xdist never runs two builds into the same
dist/ at once.
"""

from __future__ import annotations

import os
import platform
import re
import subprocess
import sys
import tarfile
import time
import tomllib
from pathlib import Path

import pytest

from tests.net.wormhole_servers import wormhole_servers

ROOT = Path(__file__).resolve().parents[2]
BUILD_SCRIPT = ROOT / "packaging" / "build-linux.sh"
DIST = ROOT / "dist" / "machiavelli"
PROGRAM = DIST / "machiavelli"
REPORT = ROOT / "build" / "packaging-report.txt"
MIB = 1024 * 1024
# issue 30: PyPI's numpy wheel (with OpenBLAS) as it is, nothing compiled, network play's
# libraries (zeroconf as pure Python, websockets, ssl with the system's OpenSSL), no
# numpy.random: 81.7 MiB. Issue 48, internet play by a short code: magic-wormhole with
# dilation brings Twisted, autobahn, cryptography (its Rust core alone 14 MB) and PyNaCl
# (3.6 MB); its command line, Tor and the serializers it does not use are left out: 105.7 MiB
SIZE_LIMIT_MIB = 110
SMOKE_FRAMES = 60
SMOKE_LINE = re.compile(r"frames:\s*(?P<frames>\d+)\s+fps:\s*(?P<fps>[\d.]+)\s+"
                        r"first frame after:\s*(?P<first>[\d.]+)\s*s")

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(os.environ.get("MACHIAVELLI_SKIP_BUILD") == "1",
                       reason="MACHIAVELLI_SKIP_BUILD=1: the PyInstaller build "
                              "(packaging/build-linux.sh) is skipped"),
    pytest.mark.skipif(not sys.platform.startswith("linux"),
                       reason="packaging/build-linux.sh builds the Linux bundle only"),
]


def project_version() -> str:
    with open(ROOT / "pyproject.toml", "rb") as fh:
        return tomllib.load(fh)["project"]["version"]


def headless_env(**extra: str) -> dict[str, str]:
    env = dict(os.environ)
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env.pop("MACHIAVELLI_ASSETS", None)  # the bundle must find its own assets
    env.update(extra)
    return env


def tree_size(path: Path) -> int:
    """Bytes in the files under ``path`` (symbolic links count as links, as du -sb does)."""
    total = 0
    for item in path.rglob("*"):
        total += item.lstat().st_size if item.is_symlink() or item.is_file() else 0
    return total


def run(args: list[str | Path], timeout: float, **kwargs) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(a) for a in args], capture_output=True, text=True,
                          timeout=timeout, check=False, **kwargs)


def test_linux_build_runs_headless_and_installs(tmp_path: Path) -> None:
    version = project_version()
    figures: list[str] = [f"machiavelli {version} linux-{platform.machine()} build report",
                          time.strftime("date: %Y-%m-%d %H:%M:%S %z")]

    # 1. the build, as a release engineer runs it
    started = time.perf_counter()
    build = run(["bash", BUILD_SCRIPT], timeout=3600, cwd=ROOT)
    build_seconds = time.perf_counter() - started
    assert build.returncode == 0, (
        f"build-linux.sh failed ({build.returncode}):\n{build.stdout[-4000:]}\n"
        f"{build.stderr[-4000:]}")
    figures.append(f"build time: {build_seconds:.1f} s (packaging/build-linux.sh, whole script)")
    assert PROGRAM.is_file() and os.access(PROGRAM, os.X_OK), "dist/machiavelli/machiavelli missing"

    tarball = ROOT / "dist" / f"machiavelli-{version}-linux-{platform.machine()}.tar.gz"
    assert tarball.is_file(), f"{tarball.name} missing"
    with tarfile.open(tarball) as tar:
        names = set(tar.getnames())
    assert "machiavelli/machiavelli" in names
    assert "machiavelli/install.sh" in names

    dist_bytes = tree_size(DIST)
    figures.append(f"dist/machiavelli/: {dist_bytes} bytes ({dist_bytes / MIB:.1f} MiB; "
                   f"limit {SIZE_LIMIT_MIB} MiB)")
    figures.append(f"{tarball.name}: {tarball.stat().st_size} bytes "
                   f"({tarball.stat().st_size / MIB:.1f} MiB)")

    # 2. the version comes from pyproject.toml (timed: the bundle's bare start-up, no UI)
    started = time.perf_counter()
    result = run([PROGRAM, "--version"], timeout=60, env=headless_env())
    version_seconds = time.perf_counter() - started
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == f"machiavelli {version}"
    figures.append(f"--version (start-up without the UI): {version_seconds:.2f} s")

    # 3. a command that needs no window
    result = run([PROGRAM, "rules", "machiavelli"], timeout=60, env=headless_env())
    assert result.returncode == 0, result.stderr
    assert "Machiavelli" in result.stdout

    # 4. every native piece loads (numpy, highspy's HiGHS, SDL, pygame-gui's fonts)
    result = run([PROGRAM], timeout=120, env=headless_env(MACHIAVELLI_BUNDLE_CHECK="1"))
    assert result.returncode == 0, result.stdout + result.stderr
    assert "highspy objective 9" in result.stdout
    assert "pygame-gui default theme and fonts ok" in result.stdout
    assert "zeroconf 1 answer, pure Python True" in result.stdout
    assert "network play" in result.stdout

    # 4b. network play from the bundle: a host and a joining computer on the loopback
    serve = subprocess.Popen(
        [PROGRAM, "serve", "--variant", "machiavelli", "--seats", "net,medium", "--seed", "3",
         "--host", "127.0.0.1", "--port", "0", "--code", "BNDL", "--no-announce"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=headless_env())
    try:
        assert serve.stdout is not None
        hosting = serve.stdout.readline()
        address = re.search(r"(127\.0\.0\.1:\d+)", hosting)
        assert address, f"serve printed no address: {hosting!r}"
        joined = run([PROGRAM, "join", address[1], "--code", "BNDL", "--as", "medium"],
                     timeout=300, env=headless_env())
        served, served_err = serve.communicate(timeout=300)
    finally:
        serve.kill()
    assert joined.returncode == 0, joined.stdout + joined.stderr
    assert serve.returncode == 0, served + served_err
    assert "Match over" in joined.stdout and "Won by" in served, joined.stdout + served

    # 4c. internet play from the bundle: a code through a mailbox and relay on the loopback
    with wormhole_servers(tmp_path / "wormhole") as servers:
        serve = subprocess.Popen(
            [PROGRAM, "serve", "--variant", "machiavelli", "--seats", "net,medium", "--seed",
             "3", "--host", "127.0.0.1", "--port", "0", "--no-announce", "--internet",
             *servers.args(), "--json"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=headless_env())
        try:
            assert serve.stdout is not None
            serve.stdout.readline()  # listening
            told = serve.stdout.readline()
            code = re.search(r'"code": "([0-9a-z-]+)"', told)
            assert code and '"internet"' in told, f"serve printed no internet code: {told!r}"
            joined = run([PROGRAM, "--data-dir", tmp_path / "internet", "join", code[1],
                          *servers.args(), "--as", "medium"], timeout=300, env=headless_env())
            served, served_err = serve.communicate(timeout=300)
        finally:
            serve.kill()
    assert joined.returncode == 0, joined.stdout + joined.stderr
    assert serve.returncode == 0, served + served_err
    assert "Match over" in joined.stdout, joined.stdout + served

    # 5. the smoke run: a computer-only game rendered headless, timed from outside too
    data_dir = tmp_path / "data"
    started = time.perf_counter()
    smoke = run([PROGRAM, "--smoke", str(SMOKE_FRAMES), "--data-dir", data_dir],
                timeout=600, env=headless_env(), cwd=tmp_path)
    process_seconds = time.perf_counter() - started
    match = SMOKE_LINE.search(smoke.stdout)
    if match:
        figures.append(f"smoke --smoke {SMOKE_FRAMES}: first frame {match['first']} s after the "
                       f"game set out to open its window (its own figure, imports not "
                       f"counted); {match['frames']} frames at {match['fps']} fps")
    figures.append(f"smoke whole process, launch to exit: {process_seconds:.2f} s "
                   f"(exit {smoke.returncode})")
    if match and float(match["fps"]) > 0:
        # launch to first frame ~ whole process less the other frames' rendering (and a
        # little for shutting down, which this leaves in)
        others = int(match["frames"]) - 1
        first = max(0.0, process_seconds - others / float(match["fps"]))
        figures.append(f"launch to first frame (estimate: whole process less {others} "
                       f"frames' rendering): {first:.2f} s")

    REPORT.parent.mkdir(parents=True, exist_ok=True)
    REPORT.write_text("\n".join(figures) + "\n", encoding="utf-8")
    print("\n" + "\n".join(figures))

    assert smoke.returncode == 0, (
        f"--smoke exited {smoke.returncode}:\n{smoke.stdout[-3000:]}\n{smoke.stderr[-3000:]}")
    assert match, f"no 'frames: ... first frame after: ...' line in:\n{smoke.stdout}"
    assert int(match["frames"]) == SMOKE_FRAMES
    assert not (DIST / "settings.json").exists(), "the game wrote next to the program"

    # 6. the size budget (after the report, so the figures are kept even when over)
    assert dist_bytes < SIZE_LIMIT_MIB * MIB, (
        f"dist/machiavelli/ is {dist_bytes / MIB:.1f} MiB, over {SIZE_LIMIT_MIB} MiB")

    # 7. install for a throw-away user, run the launcher, upgrade, uninstall
    home = tmp_path / "home"
    home.mkdir()
    user_env = headless_env(HOME=str(home))
    user_env.pop("XDG_DATA_HOME", None)
    user_env.pop("XDG_CONFIG_HOME", None)
    installed = home / ".local/share/machiavelli-rummy/machiavelli/machiavelli"
    result = run(["bash", ROOT / "packaging/linux/install.sh"], timeout=300, env=user_env)
    assert result.returncode == 0, result.stdout + result.stderr
    launcher = home / ".local/bin/machiavelli"
    assert launcher.is_symlink() and launcher.resolve() == installed.resolve()
    result = run([launcher, "--version"], timeout=60, env=user_env)
    assert result.stdout.strip() == f"machiavelli {version}"
    desktop = home / ".local/share/applications/io.github.machiavelli_rummy.Machiavelli.desktop"
    assert f"Exec=\"{installed}\"" in desktop.read_text(encoding="utf-8")
    assert (home / ".local/share/icons/hicolor/256x256/apps"
            / "io.github.machiavelli_rummy.Machiavelli.png").is_file()

    save = home / ".local/share/machiavelli-rummy/saves/keep-me.json"
    save.parent.mkdir(parents=True)
    save.write_text("{}", encoding="utf-8")
    result = run(["bash", ROOT / "packaging/linux/install.sh"], timeout=300, env=user_env)
    assert result.returncode == 0, result.stdout + result.stderr  # installing again = upgrade
    assert save.is_file(), "an upgrade must keep the saves"
    result = run(["bash", installed.parent / "uninstall.sh"], timeout=60, env=user_env)
    assert result.returncode == 0, result.stdout + result.stderr
    assert not installed.exists() and not launcher.exists() and not desktop.exists()
    assert save.is_file(), "uninstalling without --purge keeps the saves"
