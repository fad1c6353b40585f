#!/usr/bin/env bash
# Build the Linux one-folder bundle and its tarball from a clean clone:
#
#   packaging/build-linux.sh
#
# makes  dist/machiavelli/machiavelli                       (the program, run it from there)
#        dist/machiavelli-<version>-linux-x86_64.tar.gz      (that folder, packed)
#
# It keeps its own virtual environment in build/venv-pkg (made on first use, reused
# after), installs the project and PyInstaller into it from PyPI, and runs
# packaging/machiavelli.spec with its work files under build/pyinstaller. Running it again
# rebuilds from scratch into the same places.
#
# Environment: PYTHON (default python3, 3.11 or newer, built with a shared libpython as
# PyInstaller needs), BUILD_VENV (default build/venv-pkg).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

PYTHON="${PYTHON:-python3}"
VENV="${BUILD_VENV:-$ROOT/build/venv-pkg}"
WORK="$ROOT/build/pyinstaller"
DIST="$ROOT/dist"

started=$(date +%s)

version="$("$PYTHON" - <<'EOF'
import tomllib
with open("pyproject.toml", "rb") as fh:
    print(tomllib.load(fh)["project"]["version"])
EOF
)"
machine="$(uname -m)"
tarball="$DIST/machiavelli-$version-linux-$machine.tar.gz"
echo "== machiavelli $version for linux-$machine"

if [[ ! -x "$VENV/bin/python" ]]; then
    echo "== creating $VENV"
    "$PYTHON" -m venv "$VENV"
fi
PY="$VENV/bin/python"
"$PY" -m pip install --quiet --upgrade pip

echo "== installing the project and PyInstaller"
# the dependencies and PyInstaller (the "package" extra), then the project itself again
# without its dependencies, so the metadata the bundle copies matches pyproject.toml even
# when the version number did not change
rm -rf "$ROOT/build/lib" "$ROOT"/build/bdist.*  # setuptools leftovers of an earlier install
"$PY" -m pip install --quiet "${ROOT}[package]"
"$PY" -m pip install --quiet --no-deps --force-reinstall "$ROOT"
"$PY" -m PyInstaller --version | sed 's/^/   PyInstaller /'

echo "== running packaging/machiavelli.spec"
rm -rf "$DIST/machiavelli" "$tarball"
mkdir -p "$WORK"
# run from the work folder: the spec's copy_metadata then reads the metadata pip just
# installed, not a machiavelli_rummy.egg-info an install may have left in the checkout
(cd "$WORK" && "$PY" -m PyInstaller --noconfirm --clean --log-level WARN \
    --workpath "$WORK" --distpath "$DIST" "$ROOT/packaging/machiavelli.spec")

program="$DIST/machiavelli/machiavelli"
[[ -x "$program" ]] || { echo "build-linux.sh: $program was not made" >&2; exit 1; }
reported="$("$program" --version)"
echo "== $program --version: $reported"
if [[ "$reported" != "machiavelli $version" ]]; then
    echo "build-linux.sh: expected 'machiavelli $version'" >&2
    exit 1
fi

echo "== bundle check (native libraries load, pygame-gui fonts found)"
SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy MACHIAVELLI_BUNDLE_CHECK=1 "$program" \
    | sed 's/^/   /'

# the installer scripts and desktop files travel with the program, so an unpacked tarball
# installs with machiavelli/install.sh
cp "$ROOT/packaging/linux/install.sh" "$ROOT/packaging/linux/uninstall.sh" \
    "$ROOT"/packaging/linux/*.desktop "$ROOT"/packaging/linux/*.metainfo.xml "$DIST/machiavelli/"

echo "== packing $(basename "$tarball")"
# reproducible-ish: sorted names, fixed owner, no umask surprises
tar --sort=name --owner=0 --group=0 --numeric-owner -C "$DIST" -czf "$tarball" machiavelli

size_bytes=$(du -sb "$DIST/machiavelli" | cut -f1)
tar_bytes=$(stat -c %s "$tarball")
elapsed=$(( $(date +%s) - started ))
printf '== dist/machiavelli/: %s bytes (%.1f MB)\n' "$size_bytes" \
    "$(awk "BEGIN {print $size_bytes / 1048576}")"
printf '== %s: %s bytes (%.1f MB)\n' "dist/$(basename "$tarball")" "$tar_bytes" \
    "$(awk "BEGIN {print $tar_bytes / 1048576}")"
echo "== build took ${elapsed} s"
