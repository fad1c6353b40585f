#!/usr/bin/env bash
# Build Machiavelli.app on macOS (run on a Mac; untested on Linux, where it refuses to run):
#
#   packaging/macos/build-macos.sh
#
# Needs Python 3.11+ (python.org's universal2 installer gives an app that runs on both
# Intel and Apple silicon Macs; a Homebrew Python gives one for its own architecture) and
# the Xcode command line tools (iconutil, sips, codesign, hdiutil). Makes
#
#   build/macos/machiavelli.icns                    from the PNG icon set in assets/icons
#   dist/Machiavelli.app                            the application (PyInstaller BUNDLE)
#   dist/machiavelli-<version>-macos-<arch>.dmg     a disk image holding it
#
# PyInstaller signs the app ad hoc, which is enough to run it on the Mac that built it. To
# give it to others, sign it with a Developer ID and notarize it (see packaging/README.md).
set -euo pipefail

if [[ "$(uname -s)" != "Darwin" ]]; then
    echo "build-macos.sh: run this on macOS" >&2
    exit 1
fi

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"
PYTHON="${PYTHON:-python3}"
VENV="$ROOT/build/venv-pkg"
WORK="$ROOT/build/pyinstaller"
ICONS="$ROOT/assets/icons"

version="$("$PYTHON" -c 'import tomllib; print(tomllib.load(open("pyproject.toml", "rb"))["project"]["version"])')"
arch="$(uname -m)"
echo "== machiavelli $version for macos-$arch"

# 1. the .icns, from the PNGs: iconutil wants an .iconset folder with these exact names
iconset="$ROOT/build/macos/machiavelli.iconset"
rm -rf "$iconset"
mkdir -p "$iconset"
for size in 16 32 128 256 512; do
    double=$((size * 2))
    if [[ -f "$ICONS/icon-$size.png" ]]; then
        cp "$ICONS/icon-$size.png" "$iconset/icon_${size}x${size}.png"
    else
        sips -z "$size" "$size" "$ICONS/icon-512.png" --out "$iconset/icon_${size}x${size}.png" >/dev/null
    fi
    if [[ -f "$ICONS/icon-$double.png" ]]; then
        cp "$ICONS/icon-$double.png" "$iconset/icon_${size}x${size}@2x.png"
    else
        # 512@2x (1024 px) is not shipped: scale the largest PNG up
        sips -z "$double" "$double" "$ICONS/icon-512.png" --out "$iconset/icon_${size}x${size}@2x.png" >/dev/null
    fi
done
iconutil -c icns "$iconset" -o "$ROOT/build/macos/machiavelli.icns"
export MACHIAVELLI_ICON="$ROOT/build/macos/machiavelli.icns"

# 2. the build environment
if [[ ! -x "$VENV/bin/python" ]]; then
    "$PYTHON" -m venv "$VENV"
fi
PY="$VENV/bin/python"
"$PY" -m pip install --quiet --upgrade pip
"$PY" -m pip install --quiet -c "$ROOT/constraints.txt" "${ROOT}[package]"
"$PY" -m pip install --quiet --no-deps --force-reinstall "$ROOT"

# 3. the app (the spec adds the BUNDLE step on macOS)
rm -rf "$ROOT/dist/machiavelli" "$ROOT/dist/Machiavelli.app"
mkdir -p "$WORK"
(cd "$WORK" && "$PY" -m PyInstaller --noconfirm --clean --log-level WARN \
    --workpath "$WORK" --distpath "$ROOT/dist" "$ROOT/packaging/machiavelli.spec")
"$ROOT/dist/Machiavelli.app/Contents/MacOS/machiavelli" --version

# 4. a disk image with the app and a link to /Applications
dmg="$ROOT/dist/machiavelli-$version-macos-$arch.dmg"
staging="$ROOT/build/macos/dmg"
rm -rf "$staging" "$dmg"
mkdir -p "$staging"
cp -R "$ROOT/dist/Machiavelli.app" "$staging/"
ln -s /Applications "$staging/Applications"
hdiutil create -volname "Machiavelli $version" -srcfolder "$staging" -ov -format UDZO "$dmg"
echo "== $dmg"
du -sh "$ROOT/dist/Machiavelli.app"
