"""The game's message catalogues (game/locale): extract, update, compile, check.

    python packaging/translations.py update    # after changing a message in the code
    python packaging/translations.py compile   # after translating in a .po file

`update` extracts game/locale/machiavelli.pot from the code (babel.cfg, keywords _,
ngettext, N_, pgettext), merges it into each language's .po (new messages empty, stale
ones dropped) and compiles. The compiled .mo files are committed next to their .po, so a
fresh clone, an editable install and the PyInstaller bundle have them with no build step;
tests/test_i18n.py checks that the template, the .po files and the .mo files agree with
the code and with each other. Needs Babel (the test extra).
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "game" / "locale"
DOMAIN = "machiavelli"
TEMPLATE = LOCALE / f"{DOMAIN}.pot"
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
    return catalog


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


def main(argv: list[str]) -> int:
    commands = {"update": update, "compile": compile_all}
    if len(argv) != 1 or argv[0] not in commands:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    commands[argv[0]]()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
