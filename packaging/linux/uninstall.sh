#!/usr/bin/env bash
# Remove what packaging/linux/install.sh installed for the current user:
#
#   uninstall.sh           the program, launcher, icons and menu entry; keeps your saves,
#                          statistics and settings
#   uninstall.sh --purge   also deletes the saves, statistics and settings
set -euo pipefail

APP_ID="io.github.machiavelli_rummy.Machiavelli"
DATA_HOME="${XDG_DATA_HOME:-$HOME/.local/share}"
CONFIG_HOME="${XDG_CONFIG_HOME:-$HOME/.config}"
BIN_DIR="$HOME/.local/bin"
APP_HOME="$DATA_HOME/machiavelli-rummy"
TARGET="$APP_HOME/machiavelli"

purge=0
case "${1:-}" in
    "") ;;
    --purge) purge=1 ;;
    *) echo "usage: uninstall.sh [--purge]" >&2; exit 2 ;;
esac

# the launcher, only if it is ours
if [[ -L "$BIN_DIR/machiavelli" ]]; then
    case "$(readlink "$BIN_DIR/machiavelli")" in
        "$TARGET"/*) rm -f "$BIN_DIR/machiavelli" ;;
    esac
fi

rm -f "$DATA_HOME/applications/$APP_ID.desktop" "$DATA_HOME/metainfo/$APP_ID.metainfo.xml"
for icon in "$DATA_HOME"/icons/hicolor/*/apps/"$APP_ID".png \
            "$DATA_HOME"/icons/hicolor/scalable/apps/"$APP_ID".svg; do
    rm -f "$icon"
done
rm -rf "$TARGET" "$TARGET.new" "$TARGET.old"
# folders install.sh made that are now empty (rmdir leaves any that hold something else)
for dir in "$DATA_HOME"/icons/hicolor/*/apps; do
    rmdir "$dir" "$(dirname "$dir")" 2>/dev/null || true
done
rmdir "$DATA_HOME/icons/hicolor" "$DATA_HOME/icons" "$DATA_HOME/metainfo" \
    "$DATA_HOME/applications" 2>/dev/null || true

if [[ $purge -eq 1 ]]; then
    rm -rf "$APP_HOME" "$CONFIG_HOME/machiavelli-rummy"
    echo "Removed Machiavelli, its saves, statistics and settings."
else
    rmdir "$APP_HOME" 2>/dev/null || true  # only if no saves or statistics are left
    echo "Removed Machiavelli. Your saves and statistics stay in $APP_HOME/ and your"
    echo "settings in $CONFIG_HOME/machiavelli-rummy/ (uninstall.sh --purge deletes them)."
fi

if command -v update-desktop-database >/dev/null 2>&1; then
    update-desktop-database -q "$DATA_HOME/applications" 2>/dev/null || true
fi
if command -v gtk-update-icon-cache >/dev/null 2>&1; then
    gtk-update-icon-cache -q -f -t "$DATA_HOME/icons/hicolor" 2>/dev/null || true
fi
