"""The game's message catalogues (game/locale): extract, update, compile, check.

    python packaging/translations.py update    # after changing a message in the code
    python packaging/translations.py compile   # after translating in a .po file

`update` extracts game/locale/machiavelli.pot from the code (babel.cfg, keywords _,
ngettext, N_, pgettext), merges it into each language's .po (new messages empty, stale
ones dropped) and compiles; compiling also writes the translated lines of the Linux
desktop entry and AppStream metainfo (whose English texts are messages too). The compiled
.mo files are committed next to their .po, so a fresh clone, an editable install and the
PyInstaller bundle have them with no build step;
tests/test_i18n.py checks that the template, the .po files and the .mo files agree with
the code and with each other. Needs Babel (the test extra).
"""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path
from xml.sax.saxutils import escape

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "game" / "locale"
DOMAIN = "machiavelli"
TEMPLATE = LOCALE / f"{DOMAIN}.pot"
LINUX = ROOT / "packaging" / "linux"
DESKTOP = LINUX / "io.github.machiavelli_rummy.Machiavelli.desktop"
METAINFO = LINUX / "io.github.machiavelli_rummy.Machiavelli.metainfo.xml"
DESKTOP_KEYS = ("GenericName", "Comment", "Keywords")  # Name stays the game's name
METAINFO_TAGS = ("summary", "p", "li")
LANGUAGES = ("it", "de", "es")
KEYWORDS = {"_": None, "ngettext": (1, 2), "N_": None, "pgettext": ((1, "c"), 2)}
COMMENT_TAGS = ("Translators:",)
WIDTH = 96
HEADER = ("# The game's messages in language '{lang}' (issue 19).\n"
          "# Update with `python packaging/translations.py update`, translate, then compile.\n"
          "# Keep '(house)' at the start of a house rule, and every {{name}} placeholder.")


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(lang: str) -> Path:
    return po_path(lang).with_suffix(".mo")


def extract():  # -> babel.messages.Catalog
    """The template as the code says it now."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir
    from babel.messages.frontend import parse_mapping_cfg

    with open(ROOT / "babel.cfg", encoding="utf-8") as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)
    catalog = Catalog(project="machiavelli", version="", charset="utf-8",
                      msgid_bugs_address="", copyright_holder="machiavelli-rummy")
    found = extract_from_dir(str(ROOT), method_map, options_map, keywords=KEYWORDS,
                             comment_tags=COMMENT_TAGS, strip_comment_tags=True)
    for filename, _lineno, message, comments, context in found:
        catalog.add(message, None, [(Path(filename).as_posix(), None)],
                    auto_comments=comments, context=context)
    for message, filename in desktop_messages():
        catalog.add(message, None, [(filename, None)],
                    auto_comments=["The desktop entry or the software centre's listing"])
    return catalog


# --- the desktop entry and the AppStream metainfo: their English texts are messages of the
# catalogue, and their translated lines (Comment[it]=, <summary xml:lang="it">) are written
# from it by `update`/`compile`, never by hand.


def _desktop_messages(text: str) -> list[str]:
    return [m.group(2) for m in re.finditer(rf"^({'|'.join(DESKTOP_KEYS)})=(.*)$", text, re.M)]


def _metainfo_pattern() -> re.Pattern[str]:
    return re.compile(rf"<({'|'.join(METAINFO_TAGS)})>(.*?)</\1>", re.S)


def _words(text: str) -> str:
    return " ".join(text.split())


def _metainfo_messages(text: str) -> list[str]:
    return [_words(m.group(2)) for m in _metainfo_pattern().finditer(text)]


def desktop_messages() -> list[tuple[str, str]]:
    """(message, file) of every English text of the desktop entry and metainfo."""
    desktop = DESKTOP.read_text(encoding="utf-8")
    metainfo = METAINFO.read_text(encoding="utf-8")
    rel = lambda path: path.relative_to(ROOT).as_posix()  # noqa: E731
    return ([(m, rel(DESKTOP)) for m in _desktop_messages(desktop)]
            + [(m, rel(METAINFO)) for m in _metainfo_messages(metainfo)])


def localised_files() -> dict[Path, str]:
    """The desktop entry and metainfo with a translated line after each English one, for
    every language whose catalogue translates it."""
    catalogs = {lang: read_po(po_path(lang)) for lang in LANGUAGES}

    def translated(message: str) -> list[tuple[str, str]]:
        found = []
        for lang, catalog in catalogs.items():
            entry = catalog.get(message)
            if entry is not None and entry.string and not entry.fuzzy:
                found.append((lang, str(entry.string)))
        return found

    desktop = re.sub(r"^\w+\[[\w@]+\]=.*\n", "", DESKTOP.read_text(encoding="utf-8"),
                     flags=re.M)
    desktop = re.sub(
        rf"^({'|'.join(DESKTOP_KEYS)})=(.*)$",
        lambda m: "\n".join([m.group(0)] + [f"{m.group(1)}[{lang}]={text}"
                                              for lang, text in translated(m.group(2))]),
        desktop, flags=re.M)
    metainfo = re.sub(r"\n[ \t]*<(\w+) xml:lang=\"[^\"]+\">.*?</\1>", "",
                      METAINFO.read_text(encoding="utf-8"), flags=re.S)

    def add(m: re.Match[str]) -> str:
        start = metainfo.rfind("\n", 0, m.start()) + 1
        indent = metainfo[start:m.start()]
        tag = m.group(1)
        lines = [m.group(0)] + [f'{indent}<{tag} xml:lang="{lang}">{escape(text)}</{tag}>'
                                for lang, text in translated(_words(m.group(2)))]
        return "\n".join(lines)

    metainfo = _metainfo_pattern().sub(add, metainfo)
    return {DESKTOP: desktop, METAINFO: metainfo}


def write_localised_files() -> None:
    for path, text in localised_files().items():
        path.write_text(text, encoding="utf-8")


def write_po(catalog, path: Path, **options) -> None:  # type: ignore[no-untyped-def]
    from babel.messages.pofile import write_po as babel_write_po

    out = io.BytesIO()
    babel_write_po(out, catalog, width=WIDTH, include_lineno=False, omit_header=False,
                   **options)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(out.getvalue())


def read_po(path: Path):  # -> babel.messages.Catalog
    from babel.messages.pofile import read_po as babel_read_po

    with open(path, "rb") as handle:
        return babel_read_po(handle)


def compiled(catalog) -> bytes:  # type: ignore[no-untyped-def]
    from babel.messages.mofile import write_mo

    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def update() -> None:
    template = extract()
    template.header_comment = ("# The game's messages, extracted from the code by "
                               "packaging/translations.py.")
    write_po(template, TEMPLATE)
    for lang in LANGUAGES:
        path = po_path(lang)
        if path.exists():
            catalog = read_po(path)
            catalog.update(template, no_fuzzy_matching=True)
            catalog.obsolete.clear()  # a message the code no longer says is dropped
        else:
            from babel.messages.catalog import Catalog

            catalog = Catalog(locale=lang, domain=DOMAIN, project="machiavelli", version="")
            catalog.update(template, no_fuzzy_matching=True)
        catalog.fuzzy = False  # the header is reviewed: compile it
        catalog.header_comment = HEADER.format(lang=lang)
        catalog.last_translator = "machiavelli-rummy"
        catalog.language_team = f"{lang} <machiavelli-rummy>"
        write_po(catalog, path, ignore_obsolete=True)
    compile_all()


def compile_all() -> None:
    for lang in LANGUAGES:
        mo_path(lang).write_bytes(compiled(read_po(po_path(lang))))
    write_localised_files()


def main(argv: list[str]) -> int:
    commands = {"update": update, "compile": compile_all}
    if len(argv) != 1 or argv[0] not in commands:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    commands[argv[0]]()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
