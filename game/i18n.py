"""The translation layer: gettext catalogues in game/locale, one current language.

Stands alone like game/store (it imports nothing of the game), so every layer may use it.
Messages are looked up when `_` is called, never at import: a module-level constant is
marked with `N_` and translated where it is shown, so switching language (Settings) takes
effect for everything drawn afterwards without a restart.

The language is chosen by `choose_language`: the command line's --lang, else the
Settings' language, else the system's (`system_language`), else English. English is the
source text and the fallback for anything a catalogue lacks.
"""

from __future__ import annotations

import gettext
import locale
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

__all__ = [
    "N_", "_", "available_languages", "choose_language", "current_language", "language",
    "language_code", "ngettext", "pgettext", "set_language", "system_language",
]

DOMAIN = "machiavelli"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
SOURCE_LANGUAGE = "en"

# Code and name in its own language (what a language menu shows), English first.
_LANGUAGES: tuple[tuple[str, str], ...] = (
    ("en", "English"),
    ("it", "Italiano"),
    ("de", "Deutsch"),
    ("es", "Español"),
)
_CODES = frozenset(code for code, _name in _LANGUAGES)

_current = SOURCE_LANGUAGE
_catalogues: dict[str, gettext.NullTranslations] = {}


def _catalogue(code: str) -> gettext.NullTranslations:
    found = _catalogues.get(code)
    if found is None:
        if code == SOURCE_LANGUAGE:
            found = gettext.NullTranslations()
        else:
            # fallback=True: a missing .mo shows English rather than crashing the game.
            found = gettext.translation(DOMAIN, LOCALE_DIR, languages=[code], fallback=True)
        _catalogues[code] = found
    return found


def _(message: str) -> str:
    """`message` in the current language (English if the catalogue lacks it)."""
    if _current == SOURCE_LANGUAGE:
        return message  # the rules' hot paths (meld checks) pay nothing in English
    return _catalogue(_current).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of singular/plural that fits `n` in the current language's plural rule."""
    return _catalogue(_current).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """`message` translated in `context` (for one English word with two meanings)."""
    return _catalogue(_current).pgettext(context, message)


def month_abbreviation(month: int) -> str:
    """The short name of ``month`` (1-12) in the current language: a date shown to a
    player ("05 mar 2026") must not fall back to the C locale's English months."""
    names = (pgettext("month", "Jan"), pgettext("month", "Feb"), pgettext("month", "Mar"),
             pgettext("month", "Apr"), pgettext("month", "May"), pgettext("month", "Jun"),
             pgettext("month", "Jul"), pgettext("month", "Aug"), pgettext("month", "Sep"),
             pgettext("month", "Oct"), pgettext("month", "Nov"), pgettext("month", "Dec"))
    return names[month - 1]


def N_(message: str) -> str:
    """Mark `message` for extraction only; translate it with `_` where it is shown."""
    return message


def language_code(code: str | None) -> str | None:
    """The supported language `code` names ("it", "it_IT.UTF-8", "de-AT"), else None."""
    if not code:
        return None
    base = code.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return base if base in _CODES else None


def set_language(code: str) -> None:
    """Use `code` from now on; an unsupported or malformed code means English."""
    global _current
    _current = language_code(code) or SOURCE_LANGUAGE


def current_language() -> str:
    return _current


def available_languages() -> list[tuple[str, str]]:
    """(code, native name) of every language the game speaks, English first."""
    return list(_LANGUAGES)


@contextmanager
def language(code: str) -> Iterator[None]:
    """Speak `code` inside the block (e.g. English for JSON output), then go back."""
    before = _current
    set_language(code)
    try:
        yield
    finally:
        set_language(before)


def _env_languages(environ: dict[str, str] | os._Environ[str]) -> list[str]:
    """Candidates in gettext's order: LANGUAGE (a colon list), LC_ALL, LC_MESSAGES, LANG;
    "C"/"POSIX" mean no preference."""
    found: list[str] = []
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "")
        found.extend(part for part in value.split(":") if part and part not in ("C", "POSIX"))
    return found


def _platform_locale() -> str | None:
    """The user's locale where the environment does not say it (Windows, macOS apps)."""
    if sys.platform == "win32":
        try:
            import ctypes

            lcid = ctypes.windll.kernel32.GetUserDefaultUILanguage()  # type: ignore[attr-defined]
            name = locale.windows_locale.get(int(lcid))
            if name:
                return name
        except (AttributeError, OSError, ValueError):
            pass
    try:
        name, _encoding = locale.getlocale(locale.LC_CTYPE)
    except ValueError:
        return None
    if not name or name in ("C", "POSIX"):
        return None
    return locale.normalize(name)


def system_language(environ: dict[str, str] | None = None) -> str:
    """The system's language if the game speaks it, else English.

    Linux: LANGUAGE / LC_ALL / LC_MESSAGES / LANG; Windows and macOS: the user locale.
    """
    env = os.environ if environ is None else environ
    for candidate in _env_languages(env):
        code = language_code(candidate)
        if code:
            return code
    if environ is None:
        code = language_code(_platform_locale())
        if code:
            return code
    return SOURCE_LANGUAGE


def choose_language(command_line: str | None, setting: str | None,
                    environ: dict[str, str] | None = None) -> str:
    """--lang wins over the Settings' language, which wins over the system's; each that
    the game does not speak is passed over."""
    return (language_code(command_line) or language_code(setting)
            or system_language(environ))
