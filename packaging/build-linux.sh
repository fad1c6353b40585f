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
# Everything comes from PyPI as wheels (pinned by constraints.txt): nothing is compiled, so
# a fresh build takes a few minutes (see packaging/README.md, "Build time and size").
#
# Environment: PYTHON (default python3, 3.11 or newer, built with a shared libpython as
# PyInstaller needs), BUILD_VENV (default build/venv-pkg), NUMPY_BLAS and
# MACHIAVELLI_WHEEL_CACHE (see the numpy step below: an optional smaller bundle).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

PYTHON="${PYTHON:-python3}"
VENV="${BUILD_VENV:-$ROOT/build/venv-pkg}"
WORK="$ROOT/build/pyinstaller"
DIST="$ROOT/dist"

started=$(date +%s)
step_started=$started
# "   (N s)": how long the step just finished took
step_done() {
    local now
    now=$(date +%s)
    echo "   ($(( now - step_started )) s)"
    step_started=$now
}

version="$("$PYTHON" - <<'EOF'
import tomllib
with open("pyproject.toml", "rb") as fh:
    print(tomllib.load(fh)["project"]["version"])
EOF
)"
machine="$(uname -m)"
tarball="$DIST/machiavelli-$version-linux-$machine.tar.gz"
echo "== machiavelli $version for linux-$machine"

fresh_venv=0
if [[ ! -x "$VENV/bin/python" ]]; then
    echo "== creating $VENV"
    "$PYTHON" -m venv "$VENV"
    fresh_venv=1
fi
PY="$VENV/bin/python"
"$PY" -m pip install --quiet --upgrade pip
step_done

echo "== installing the project and PyInstaller"
# the dependencies and PyInstaller (the "package" extra) as PyPI's wheels, and the project.
# In an environment kept from an earlier build the project is installed once more without
# its dependencies, so the metadata the bundle copies matches pyproject.toml even when the
# version number did not change (a fresh environment has just installed it).
rm -rf "$ROOT/build/lib" "$ROOT"/build/bdist.*  # setuptools leftovers of an earlier install
"$PY" -m pip install --quiet --only-binary numpy,highspy,pygame-ce,pyinstaller \
    -c "$ROOT/constraints.txt" "${ROOT}[package]"
if [[ $fresh_venv == 0 ]]; then
    "$PY" -m pip install --quiet --no-deps --force-reinstall "$ROOT"
fi
"$PY" -m PyInstaller --version | sed 's/^/   PyInstaller /'
step_done

# numpy: PyPI's wheel as it is (NUMPY_BLAS=openblas, the default). It carries OpenBLAS
# (with libgfortran about 28 MB, a third of the bundle) although nothing here does linear
# algebra: the felt uses elementwise maths, highspy passes arrays; but
# numpy's core links it, so it cannot be left out, and the bundle stays under its 85 MiB
# budget with it. NUMPY_BLAS=none makes a bundle about 31 MiB smaller at the price of
# building numpy once from its PyPI source without BLAS/LAPACK and without runtime CPU
# dispatch (the baseline x86-64-v2 code, as in the wheels): 6-25 minutes on 2 cores, gcc and
# g++ with the Python headers needed. That wheel is kept in the cache below, where later
# builds find it.
NUMPY_BLAS="${NUMPY_BLAS:-openblas}"
if [[ "$NUMPY_BLAS" != openblas && "$NUMPY_BLAS" != none ]]; then
    echo "build-linux.sh: NUMPY_BLAS is '$NUMPY_BLAS'; it can be openblas (PyPI's wheel," \
         "the default) or none (numpy built without BLAS)" >&2
    exit 2
fi
WHEEL_CACHE="${MACHIAVELLI_WHEEL_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/machiavelli-build}"
numpy_blas="$("$PY" -c 'import numpy
print(numpy.show_config(mode="dicts")["Build Dependencies"]["blas"]["name"])')"
if [[ "$NUMPY_BLAS" == none && "$numpy_blas" != none ]]; then
    numpy_version="$("$PY" -c 'import numpy; print(numpy.__version__)')"
    numpy_tag="$("$PY" -c 'import sys, sysconfig
print(f"cp{sys.version_info[0]}{sys.version_info[1]}-{sysconfig.get_platform()}")')"
    numpy_dir="$WHEEL_CACHE/numpy-$numpy_version-noblas-$numpy_tag"
    if ! compgen -G "$numpy_dir/numpy-*.whl" >/dev/null; then
        echo "== building numpy $numpy_version without BLAS into $numpy_dir"
        echo "   (once per machine and numpy version; several minutes, needs gcc and g++)"
        rm -rf "$numpy_dir.partial"
        "$PY" -m pip wheel --quiet --no-deps --no-binary numpy "numpy==$numpy_version" \
            -w "$numpy_dir.partial" \
            -Csetup-args=-Dblas=none -Csetup-args=-Dlapack=none \
            -Csetup-args=-Dcpu-dispatch=none
        rm -rf "$numpy_dir"
        mv "$numpy_dir.partial" "$numpy_dir"
    fi
    numpy_wheel="$(compgen -G "$numpy_dir/numpy-*.whl" | head -n 1)"
    echo "== installing $(basename "$numpy_wheel") (no BLAS)"
    "$PY" -m pip install --quiet --no-deps --force-reinstall "$numpy_wheel"
elif [[ "$NUMPY_BLAS" == openblas && "$numpy_blas" == none ]]; then
    # an environment kept from a NUMPY_BLAS=none build: back to PyPI's wheel
    echo "== installing PyPI's numpy wheel over the one without BLAS"
    "$PY" -m pip install --quiet --no-deps --force-reinstall --only-binary numpy \
        -c "$ROOT/constraints.txt" numpy
fi
echo "   numpy $("$PY" -c 'import numpy; print(numpy.__version__)') (BLAS: $("$PY" -c 'import numpy
print(numpy.show_config(mode="dicts")["Build Dependencies"]["blas"]["name"])'))"
step_done

echo "== running packaging/machiavelli.spec"
rm -rf "$DIST/machiavelli" "$tarball"
mkdir -p "$WORK"
# run from the work folder: the spec's copy_metadata then reads the metadata pip just
# installed, not a machiavelli_rummy.egg-info an install may have left in the checkout
(cd "$WORK" && "$PY" -m PyInstaller --noconfirm --clean --log-level WARN \
    --workpath "$WORK" --distpath "$DIST" "$ROOT/packaging/machiavelli.spec")
step_done

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
printf '== dist/machiavelli/: %s bytes (%.1f MiB)\n' "$size_bytes" \
    "$(awk "BEGIN {print $size_bytes / 1048576}")"
printf '== %s: %s bytes (%.1f MiB)\n' "dist/$(basename "$tarball")" "$tar_bytes" \
    "$(awk "BEGIN {print $tar_bytes / 1048576}")"
echo "== build took ${elapsed} s"
