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
import string
import struct
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

__all__ = [
    "N_", "_", "available_languages", "choose_language", "current_language", "language",
    "language_code", "ngettext", "pgettext", "set_language", "system_language", "translated",
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


# What reading a damaged .mo raises inside gettext: cut short (struct.error), a wrong magic
# number or tables pointing past the end (OSError), text that is not in its charset
# (UnicodeError, LookupError for an unknown one), a garbled plural rule (ValueError,
# SyntaxError, ArithmeticError), and our own placeholder check (_CheckedTranslations).
_DAMAGE = (OSError, struct.error, UnicodeError, LookupError, ValueError, SyntaxError,
           ArithmeticError, RecursionError, TypeError, IndexError)


class _CheckedTranslations(gettext.GNUTranslations):
    """A catalogue read as gettext reads it, then checked: every translation names the
    placeholders its English names (a garbled one would raise where it is formatted), and
    the plural rule answers for any number. ``ValueError`` if not."""

    def _parse(self, fp):  # type: ignore[no-untyped-def]  # gettext's own signature
        super()._parse(fp)
        catalog: dict[object, str] = self._catalog  # type: ignore[attr-defined]
        plurals: dict[str, list[str]] = {}
        for key, text in catalog.items():
            if isinstance(key, tuple):
                plurals.setdefault(key[0], []).append(text)
            elif isinstance(key, str) and key and (
                    _fields(text) != _fields(key.split("\x04", 1)[-1])):  # context\x04id
                raise ValueError(f"a message has placeholders its English lacks: {text[:60]!r}")
        for forms in plurals.values():
            named = _fields(forms[-1])  # the last form names every placeholder
            if any(not _fields(form) <= named for form in forms):
                raise ValueError(f"a plural message is garbled: {forms[-1][:60]!r}")
        plural: Callable[[int], int] = getattr(self, "plural")  # noqa: B009 (set by _parse)
        for n in (0, 1, 2, 3, 5, 11, 21, 101, 1_000_001):
            plural(n)


def _fields(text: str) -> set[str]:
    """The placeholder names of a ``str.format`` text; ``ValueError`` if it is malformed."""
    return {name for _literal, name, _spec, _conv in string.Formatter().parse(text)
            if name is not None}


def _load(code: str) -> gettext.NullTranslations:
    """The catalogue of ``code``; English (with one line on stderr naming the file) if it
    is damaged, English without a word if it is missing."""
    path = gettext.find(DOMAIN, LOCALE_DIR, languages=[code])
    if path is None:
        return gettext.NullTranslations()
    try:
        with open(path, "rb") as handle:
            return _CheckedTranslations(handle)
    except _DAMAGE as error:
        problem = (error.strerror or str(error)) if isinstance(error, OSError) else str(error)
        if sys.stderr is not None:  # a windowed start may have no stderr at all
            print(f"machiavelli: the language catalogue {path} cannot be used "
                  f"({problem or 'it is damaged'}); speaking English",
                  file=sys.stderr)
        return gettext.NullTranslations()


def _catalogue(code: str) -> gettext.NullTranslations:
    found = _catalogues.get(code)
    if found is None:
        found = gettext.NullTranslations() if code == SOURCE_LANGUAGE else _load(code)
        _catalogues[code] = found
    return found


def _(message: str) -> str:
    """`message` in the current language (English if the catalogue lacks it)."""
    if _current == SOURCE_LANGUAGE:
        return message  # the rules' hot paths (meld checks) pay nothing in English
    return _catalogue(_current).gettext(message)


def translated(code: str, message: str) -> str:
    """`message` in the language `code` names, whatever the current one is (a phone's page
    is said in its player's language); English for a code the game does not speak."""
    return _catalogue(language_code(code) or SOURCE_LANGUAGE).gettext(message)


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


def refusal_words(error: Exception) -> str:
    """A refusal in the player's language: an error that carries a catalogue ``template``
    and its ``values`` (the store's ``InvalidName``) said from the catalogue, any other as
    its own words."""
    template = getattr(error, "template", None)
    if not isinstance(template, str):
        return str(error)
    return _(template).format(**getattr(error, "values", {}))
