"""Where the game's shipped assets live, and loading the shipped fonts and UI theme.

The ``assets/`` folder sits at the repository root, next to ``game/``. A PyInstaller
bundle carries it as ``assets/`` inside ``sys._MEIPASS`` (add it to the spec's
``datas`` as ``("assets", "assets")``). ``MACHIAVELLI_ASSETS`` in the environment
overrides both (a folder holding ``fonts/``, ``sounds/``, ``icons/`` and ``theme.json``).

Nothing here touches the network: every asset is made in this repository or is a
freely licensed file copied into it (see ``assets/LICENSES``).
"""

from __future__ import annotations

import copy
import json
import os
import sys
from functools import lru_cache
from pathlib import Path
from typing import Any

ASSETS_ENV = "MACHIAVELLI_ASSETS"

#: Font styles shipped in ``assets/fonts``, by the names the rest of the UI uses.
FONT_FILES: dict[str, str] = {
    "regular": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "italic": "DejaVuSans-Oblique.ttf",
    "condensed-bold": "DejaVuSansCondensed-Bold.ttf",
    "serif-bold": "DejaVuSerif-Bold.ttf",
}

#: Sound effects shipped in ``assets/sounds`` as ``<name>.wav``.
SOUNDS: tuple[str, ...] = ("card_pick", "card_drop", "shuffle", "illegal", "win", "knock")

#: Square sizes of the PNG app icons in ``assets/icons`` (``icon-<size>.png``).
ICON_SIZES: tuple[int, ...] = (16, 32, 48, 64, 128, 256, 512)

#: The font name ``theme.json`` gives the shipped DejaVu Sans.
THEME_FONT = "dejavu_sans"

_FONT_PATH_KEYS = ("regular_path", "bold_path", "italic_path", "bold_italic_path")


def _candidate_roots() -> list[Path]:
    roots: list[Path] = []
    override = os.environ.get(ASSETS_ENV)
    if override:
        roots.append(Path(override))
    meipass = getattr(sys, "_MEIPASS", None)
    if meipass:
        roots.append(Path(meipass) / "assets")
    if getattr(sys, "frozen", False):
        roots.append(Path(sys.executable).resolve().parent / "assets")
    # game/ui/assets.py -> repository root is two folders above game/ui
    roots.append(Path(__file__).resolve().parents[2] / "assets")
    roots.append(Path(sys.prefix) / "share" / "machiavelli-rummy" / "assets")
    return roots


@lru_cache(maxsize=1)
def assets_root() -> Path:
    """The ``assets`` folder in use (the first candidate that exists)."""
    roots = _candidate_roots()
    for root in roots:
        if (root / "fonts").is_dir() or (root / "theme.json").is_file():
            return root
    searched = ", ".join(str(r) for r in roots)
    raise FileNotFoundError(f"cannot find the game's assets folder (looked in: {searched})")


def asset_path(*parts: str | os.PathLike[str]) -> Path:
    """Path of a shipped asset, e.g. ``asset_path("sounds", "win.wav")``.

    The path is returned whether or not the file exists; the folder it is under is
    found as described in the module docstring.
    """
    return assets_root().joinpath(*parts)


def font_path(style: str = "regular") -> Path:
    """Path of a shipped DejaVu font: ``regular``, ``bold``, ``italic``,
    ``condensed-bold`` or ``serif-bold``."""
    try:
        name = FONT_FILES[style]
    except KeyError:
        raise ValueError(f"unknown font style {style!r}; known: {sorted(FONT_FILES)}") from None
    return asset_path("fonts", name)


def sound_path(name: str) -> Path:
    """Path of the sound effect ``name`` (one of :data:`SOUNDS`)."""
    return asset_path("sounds", f"{name}.wav")


def icon_path(size: int | None = None) -> Path:
    """Path of the PNG app icon of ``size`` pixels, or of the ``.ico`` file if ``None``."""
    if size is None:
        return asset_path("icons", "machiavelli.ico")
    return asset_path("icons", f"icon-{size}.png")


def theme_path() -> Path:
    """Path of the pygame-gui theme file ``assets/theme.json``."""
    return asset_path("theme.json")


def load_theme() -> dict[str, Any]:
    """The pygame-gui theme as a dict, ready for ``UIManager(size, theme_path=...)``.

    ``theme.json`` names its fonts by paths relative to the assets folder; pygame-gui
    would read those relative to the working directory, so they are made absolute
    here. The result is a fresh copy each call.
    """
    data = _theme_json(str(theme_path()))
    theme = copy.deepcopy(data)
    for block in theme.values():
        if not isinstance(block, dict):
            continue
        fonts = block.get("font")
        for font in fonts if isinstance(fonts, list) else [fonts]:
            if not isinstance(font, dict):
                continue
            for key in _FONT_PATH_KEYS:
                value = font.get(key)
                if isinstance(value, str) and not os.path.isabs(value):
                    font[key] = str(asset_path(*Path(value).parts))
    return theme


@lru_cache(maxsize=4)
def _theme_json(path: str) -> dict[str, Any]:
    with open(path, encoding="utf-8") as fh:
        theme: dict[str, Any] = json.load(fh)
        return theme


def preload_fonts(manager: Any, sizes: tuple[int, ...] = (13, 14, 15, 16, 18, 20, 28)) -> None:
    """Preload the DejaVu faces that pygame-gui's HTML text (``<b>``, ``<i>``) may use,
    so it does not warn about loading them late. ``manager`` is a ``pygame_gui.UIManager``
    built with :func:`load_theme`; faces already loaded are skipped."""
    fonts = manager.get_theme().get_font_dictionary()
    specs = []
    for size in sizes:
        for bold in (False, True):
            for italic in (False, True):
                if fonts.check_font_preloaded(fonts.create_font_id(size, THEME_FONT, bold, italic)):
                    continue
                style = "_".join(n for n, on in (("bold", bold), ("italic", italic)) if on)
                specs.append({"name": THEME_FONT, "point_size": size, "style": style or "regular"})
    if specs:
        manager.preload_fonts(specs)
