#!/usr/bin/env bash
# Install the built game for the current user (no root needed):
#
#   packaging/linux/install.sh [PROGRAM_DIR]
#
# PROGRAM_DIR is the one-folder build: by default dist/machiavelli of this checkout, or the
# folder this script sits in when it is run from an unpacked release tarball
# (machiavelli/install.sh). It puts
#
#   the program    $XDG_DATA_HOME/machiavelli-rummy/machiavelli/   (default ~/.local/share)
#   a launcher     ~/.local/bin/machiavelli  (a symbolic link to the program)
#   the icons      $XDG_DATA_HOME/icons/hicolor/<size>/apps/io.github.machiavelli_rummy.Machiavelli.*
#   the menu entry $XDG_DATA_HOME/applications/io.github.machiavelli_rummy.Machiavelli.desktop
#   the metainfo   $XDG_DATA_HOME/metainfo/io.github.machiavelli_rummy.Machiavelli.metainfo.xml
#
# Installing again upgrades in place. Only the machiavelli/ program folder is replaced: the
# saves and statistics the game keeps in $XDG_DATA_HOME/machiavelli-rummy/ and the settings
# in $XDG_CONFIG_HOME/machiavelli-rummy/ are left as they are.
set -euo pipefail

APP_ID="io.github.machiavelli_rummy.Machiavelli"
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

if [[ $# -ge 1 ]]; then
    SRC="$1"
elif [[ -x "$HERE/machiavelli" && -d "$HERE/_internal" ]]; then
    SRC="$HERE"  # run from inside an unpacked tarball
else
    SRC="$HERE/../../dist/machiavelli"
fi
if [[ ! -x "$SRC/machiavelli" || ! -d "$SRC/_internal" ]]; then
    echo "install.sh: no built program in $SRC (run packaging/build-linux.sh first)" >&2
    exit 1
fi
SRC="$(cd "$SRC" && pwd)"

# the menu entry and metainfo sit next to this script (packaging/linux/ or the tarball)
DESKTOP_FILE="$HERE/$APP_ID.desktop"
METAINFO_FILE="$HERE/$APP_ID.metainfo.xml"
[[ -f "$DESKTOP_FILE" ]] || DESKTOP_FILE="$SRC/$APP_ID.desktop"
[[ -f "$METAINFO_FILE" ]] || METAINFO_FILE="$SRC/$APP_ID.metainfo.xml"
if [[ ! -f "$DESKTOP_FILE" ]]; then
    echo "install.sh: cannot find $APP_ID.desktop next to this script" >&2
    exit 1
fi

DATA_HOME="${XDG_DATA_HOME:-$HOME/.local/share}"
BIN_DIR="$HOME/.local/bin"
APP_HOME="$DATA_HOME/machiavelli-rummy"
TARGET="$APP_HOME/machiavelli"
ICONS_SRC="$SRC/_internal/assets/icons"

echo "Installing Machiavelli from $SRC"

# 1. the program: copy beside, then swap, so a failed copy leaves the old one working
mkdir -p "$APP_HOME"
rm -rf "$TARGET.new" "$TARGET.old"
cp -a "$SRC" "$TARGET.new"
if [[ -e "$TARGET" ]]; then
    mv "$TARGET" "$TARGET.old"
fi
mv "$TARGET.new" "$TARGET"
rm -rf "$TARGET.old"
echo "  program   $TARGET/"

# 2. the launcher
mkdir -p "$BIN_DIR"
ln -sfn "$TARGET/machiavelli" "$BIN_DIR/machiavelli"
echo "  launcher  $BIN_DIR/machiavelli"
case ":$PATH:" in
    *":$BIN_DIR:"*) ;;
    *) echo "  note: $BIN_DIR is not on your PATH; the menu entry works regardless" ;;
esac

# 3. the icons, in every size the game ships
installed_icons=0
if [[ -d "$ICONS_SRC" ]]; then
    for png in "$ICONS_SRC"/icon-*.png; do
        [[ -f "$png" ]] || continue
        size="$(basename "$png" .png)"
        size="${size#icon-}"
        dest="$DATA_HOME/icons/hicolor/${size}x${size}/apps"
        mkdir -p "$dest"
        cp "$png" "$dest/$APP_ID.png"
        installed_icons=$((installed_icons + 1))
    done
    if [[ -f "$ICONS_SRC/machiavelli.svg" ]]; then
        mkdir -p "$DATA_HOME/icons/hicolor/scalable/apps"
        cp "$ICONS_SRC/machiavelli.svg" "$DATA_HOME/icons/hicolor/scalable/apps/$APP_ID.svg"
        installed_icons=$((installed_icons + 1))
    fi
fi
echo "  icons     $installed_icons files under $DATA_HOME/icons/hicolor/"

# 4. the menu entry, pointing at the installed program by its full path
mkdir -p "$DATA_HOME/applications"
sed -e "s|^Exec=.*|Exec=\"$TARGET/machiavelli\"|" \
    -e "s|^TryExec=.*|TryExec=$TARGET/machiavelli|" \
    "$DESKTOP_FILE" > "$DATA_HOME/applications/$APP_ID.desktop"
chmod 644 "$DATA_HOME/applications/$APP_ID.desktop"
echo "  menu      $DATA_HOME/applications/$APP_ID.desktop"

if [[ -f "$METAINFO_FILE" ]]; then
    mkdir -p "$DATA_HOME/metainfo"
    cp "$METAINFO_FILE" "$DATA_HOME/metainfo/$APP_ID.metainfo.xml"
fi

# 5. let the desktop notice (each tool is optional)
if command -v update-desktop-database >/dev/null 2>&1; then
    update-desktop-database -q "$DATA_HOME/applications" || true
fi
if command -v gtk-update-icon-cache >/dev/null 2>&1; then
    gtk-update-icon-cache -q -f -t "$DATA_HOME/icons/hicolor" 2>/dev/null || true
fi

echo "Done: start it from the menu (Games) or with: machiavelli"
echo "Remove it with: $TARGET/uninstall.sh  (or packaging/linux/uninstall.sh)"
