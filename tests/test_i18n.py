"""The translation layer (issue 19): catalogues agree with the code, plural forms, the
choice of language (system, Settings, --lang), the rules in Italian, JSON in English."""

from __future__ import annotations

import gettext
import io
import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from game import i18n
from game.engine.rules_text import HOUSE_MARK, describe
from game.engine.variants import get_variant
from game.store.settings import MIGRATIONS, SETTINGS_SCHEMA

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "packaging"))
translations = pytest.importorskip("translations")  # packaging/translations.py

LANGUAGES = translations.LANGUAGES
PLACEHOLDER = re.compile(r"\{(\w*)\}")


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    yield
    i18n.set_language("en")


def _ids(catalog) -> set[tuple[object, str | None]]:  # type: ignore[no-untyped-def]
    return {(m.id, m.context) for m in catalog if m.id}


@pytest.fixture(scope="module")
def extracted():  # type: ignore[no-untyped-def]
    return translations.extract()


# --- the catalogues agree with the code and with each other ---------------------------------


def test_the_template_holds_exactly_the_messages_the_code_uses(extracted) -> None:  # type: ignore[no-untyped-def]
    committed = translations.read_po(translations.TEMPLATE)
    missing = _ids(extracted) - _ids(committed)
    stale = _ids(committed) - _ids(extracted)
    update = "run `python packaging/translations.py update`"
    assert not missing, f"{update}: new {sorted(missing, key=str)[:5]}"
    assert not stale, f"{update}: stale {sorted(stale, key=str)[:5]}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_language_translates_every_message_and_no_stale_one(extracted, lang: str) -> None:  # type: ignore[no-untyped-def]
    catalog = translations.read_po(translations.po_path(lang))
    assert _ids(catalog) == _ids(extracted), "run `python packaging/translations.py update`"
    assert not catalog.obsolete
    untranslated = [m.id for m in catalog if m.id and (
        not m.string or (isinstance(m.string, tuple) and not all(m.string)))]
    assert not untranslated, f"{lang}: {len(untranslated)} untranslated, e.g. {untranslated[:3]}"
    fuzzy = [m.id for m in catalog if m.id and m.fuzzy]
    assert not fuzzy, f"{lang}: fuzzy (not compiled) {fuzzy[:3]}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_translations_keep_every_placeholder_and_the_house_mark(lang: str) -> None:
    for message in translations.read_po(translations.po_path(lang)):
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if not message.id or not any(strings):
            continue  # untranslated: the completeness test tells
        if isinstance(message.id, tuple):
            names = set(PLACEHOLDER.findall(message.id[1]))
            forms = message.string
            # the singular form may spell the number out ("the top stock card")
            assert set(PLACEHOLDER.findall(forms[-1])) == names, (lang, message.id)
            for form in forms:
                assert set(PLACEHOLDER.findall(form)) <= names, (lang, message.id, form)
            continue
        found = set(PLACEHOLDER.findall(message.string))
        assert found == set(PLACEHOLDER.findall(message.id)), (lang, message.id, message.string)
        if message.id.startswith(HOUSE_MARK + " "):  # a house rule (not the mark's own words)
            assert message.string.startswith(HOUSE_MARK + " "), (lang, message.id)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_compiled_catalogue_is_the_po_file_compiled(lang: str) -> None:
    def entries(data: bytes) -> dict[object, str]:
        return dict(gettext.GNUTranslations(io.BytesIO(data))._catalog)  # type: ignore[attr-defined]

    expected = translations.compiled(translations.read_po(translations.po_path(lang)))
    committed = translations.mo_path(lang).read_bytes()
    assert entries(committed) == entries(expected), (
        "run `python packaging/translations.py compile`")


def test_the_desktop_entry_and_metainfo_carry_the_catalogues_translations() -> None:
    for path, expected in translations.localised_files().items():
        assert path.read_text(encoding="utf-8") == expected, (
            f"{path.name}: run `python packaging/translations.py compile`")
    desktop = translations.DESKTOP.read_text(encoding="utf-8")
    assert "GenericName[it]=Gioco di carte ramino" in desktop
    metainfo = translations.METAINFO.read_text(encoding="utf-8")
    for lang in LANGUAGES:
        assert f'<summary xml:lang="{lang}">' in metainfo


def test_the_package_data_and_the_bundle_carry_the_compiled_catalogues() -> None:
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '"locale/*/LC_MESSAGES/*.mo"' in pyproject
    spec = (ROOT / "packaging" / "machiavelli.spec").read_text(encoding="utf-8")
    assert "locale_datas()" in spec
    for lang in LANGUAGES:
        assert f'"{lang}"' in spec.split("PYGAME_GUI_LOCALES = ")[1].split("\n")[0]


# --- plural forms ----------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plural_forms_header(lang: str) -> None:
    catalog = translations.read_po(translations.po_path(lang))
    assert catalog.plural_forms == "nplurals=2; plural=(n != 1);"


@pytest.mark.parametrize(("lang", "one", "two"), [
    ("it", "1 mazzo", "2 mazzi"), ("de", "1 Kartenspiel", "2 Kartenspiele"),
    ("es", "1 baraja", "2 barajas"), ("en", "1 pack", "2 packs")])
def test_ngettext_picks_the_form_for_the_number(lang: str, one: str, two: str) -> None:
    i18n.set_language(lang)
    assert i18n.ngettext("{n} pack", "{n} packs", 1).format(n=1) == one
    assert i18n.ngettext("{n} pack", "{n} packs", 2).format(n=2) == two


def test_the_rules_in_italian_use_singular_and_plural_forms() -> None:
    i18n.set_language("it")
    carousel = " ".join(describe(get_variant("carousel")))
    assert "Carte: 1 mazzo e 1 jolly; da 3 giocatori 2 mazzi e 2 jolly." in carousel
    assert "dopo la terza pescata" in carousel
    one_hand = " ".join(describe(get_variant("machiavelli", {"match": "hands:1"})))
    assert "La partita è una sola smazzata." in one_hand
    assert "La partita dura 3 smazzate." in " ".join(
        describe(get_variant("machiavelli", {"match": "hands:3"})))


def test_changing_language_changes_what_is_drawn_next_without_a_restart() -> None:
    variant = get_variant("machiavelli")
    english = describe(variant)
    i18n.set_language("de")
    german = describe(variant)
    i18n.set_language("en")
    assert describe(variant) == english != german
    assert german[1] == "Spieler: 2-5. Deck: 2 Kartenspiele."


def test_a_house_rule_keeps_its_mark_in_every_language() -> None:
    for lang, _name in i18n.available_languages():
        i18n.set_language(lang)
        lines = describe(get_variant("shanghai-rummy"))
        assert sum(line.startswith(HOUSE_MARK) for line in lines) == 8, lang


# --- choosing the language -------------------------------------------------------------------


@pytest.mark.parametrize(("environ", "expected"), [
    ({"LANGUAGE": "it_IT:en", "LANG": "de_DE.UTF-8"}, "it"),
    ({"LANGUAGE": "fr:es", "LANG": "de_DE.UTF-8"}, "es"),  # the first the game speaks
    ({"LC_ALL": "de_AT.UTF-8", "LANG": "es_ES.UTF-8"}, "de"),
    ({"LC_MESSAGES": "es_MX.UTF-8", "LANG": "it_IT.UTF-8"}, "es"),
    ({"LANG": "it_IT.UTF-8"}, "it"),
    ({"LANG": "C.UTF-8"}, "en"),
    ({"LANG": "POSIX", "LANGUAGE": ""}, "en"),
    ({"LANG": "fr_FR.UTF-8"}, "en"),
    ({}, "en"),
])
def test_the_system_language_follows_the_environment(environ: dict[str, str],
                                                     expected: str) -> None:
    assert i18n.system_language(environ) == expected


def test_command_line_over_settings_over_system() -> None:
    system = {"LANG": "es_ES.UTF-8"}
    assert i18n.choose_language("it", "de", system) == "it"
    assert i18n.choose_language(None, "de", system) == "de"
    assert i18n.choose_language(None, "", system) == "es"  # "" = follow the system
    assert i18n.choose_language("xx", "de", system) == "de"  # unknown codes are passed over
    assert i18n.choose_language("klingon", "qq", {"LANG": "C"}) == "en"


def test_codes_are_read_leniently_and_unknown_ones_mean_english() -> None:
    assert i18n.language_code("it_IT.UTF-8") == "it"
    assert i18n.language_code("de-AT") == "de"
    assert i18n.language_code("ES") == "es"
    assert i18n.language_code("fr") is None
    i18n.set_language("zz")
    assert i18n.current_language() == "en"
    assert [code for code, _name in i18n.available_languages()] == ["en", "it", "de", "es"]


def test_old_settings_that_always_said_english_now_follow_the_system() -> None:
    upgraded = MIGRATIONS.upgrade({"schema": 1, "language": "en"}, 1)
    assert upgraded == {"schema": SETTINGS_SCHEMA, "language": ""}
    assert MIGRATIONS.upgrade({"schema": 1, "language": "it"}, 1)["language"] == "it"


# --- the command line ------------------------------------------------------------------------


def _run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    environ = {k: v for k, v in os.environ.items()
               if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    environ.update({"LANG": "C.UTF-8", "PYTHONIOENCODING": "utf-8", **(env or {})})
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True,
                          text=True, encoding="utf-8", env=environ, cwd=ROOT, timeout=120)


def _settings(tmp_path: Path, language: str) -> Path:
    (tmp_path / "settings.json").write_text(json.dumps({"schema": 2, "language": language}))
    return tmp_path


ITALIAN_RULES = "Il classico italiano: due mazzi, niente jolly"


def test_lang_it_prints_the_italian_rules() -> None:
    result = _run("--lang", "it", "rules", "machiavelli")
    assert result.returncode == 0, result.stderr
    assert ITALIAN_RULES in result.stdout
    assert "(regola della casa) Chi dovrebbe pescare dal mazzo vuoto passa" in result.stdout


def test_language_it_in_the_environment_prints_the_italian_rules(tmp_path: Path) -> None:
    result = _run("--data-dir", str(tmp_path), "rules", "machiavelli",
                  env={"LANGUAGE": "it", "LANG": "it_IT.UTF-8"})
    assert ITALIAN_RULES in result.stdout
    assert not (tmp_path / "settings.json").exists()  # a command never writes settings


def test_lang_beats_settings_which_beat_the_system(tmp_path: Path) -> None:
    data = str(_settings(tmp_path, "de"))
    env = {"LANG": "es_ES.UTF-8"}
    assert "Il classico italiano" in _run("--lang", "it", "--data-dir", data, "rules",
                                          "machiavelli", env=env).stdout
    assert "Der italienische Klassiker" in _run("--data-dir", data, "rules", "machiavelli",
                                                env=env).stdout
    _settings(tmp_path, "")
    assert "El clásico italiano" in _run("--data-dir", data, "rules", "machiavelli",
                                         env=env).stdout


def test_an_unknown_lang_is_told_and_falls_back(tmp_path: Path) -> None:
    result = _run("--lang", "xx", "--data-dir", str(tmp_path), "rules", "machiavelli")
    assert result.returncode == 0
    assert "unknown language 'xx'" in result.stderr and "it (Italiano)" in result.stderr
    assert result.stdout.startswith("Machiavelli (machiavelli): The Italian classic")


def test_json_output_stays_english() -> None:
    args = ("solve", "--variant", "machiavelli", "--table", "3H 4H 5H", "--hand", "6H 9S",
            "--json")
    italian = json.loads(_run("--lang", "it", *args).stdout)
    english = json.loads(_run(*args).stdout)
    assert italian["edits"] == english["edits"] == ["6H: the hand -> meld 1"]
    readable = _run("--lang", "it", *args[:-1]).stdout
    assert "6H: la mano -> combinazione 1" in readable  # the same answer, read by a person


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_help_text_formats_in_every_language(lang: str,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """argparse %-formats help texts: a stray % in a translation would crash --help."""
    from game.cli import SUBCOMMANDS, main

    for command in ("", *SUBCOMMANDS):
        with pytest.raises(SystemExit) as stopped:
            main(["--lang", lang, *([command] if command else []), "--help"])
        assert stopped.value.code == 0, (lang, command)
    assert "--lang" in capsys.readouterr().out


def test_illegal_move_reasons_are_translated() -> None:
    result = _run("--lang", "es", "check", "--variant", "machiavelli", "--table", "3H 4H 6H")
    assert result.returncode == 1
    assert "no válida:" in result.stdout and "no están en secuencia" in result.stdout


def test_dates_shown_to_players_name_the_month_in_their_language() -> None:
    from datetime import UTC, datetime

    from game.ui.scenes.saves import saved_when

    moment = datetime(2026, 3, 15, 12, 0, tzinfo=UTC)  # the 15th in every time zone
    said = {}
    for code in ("en", "it", "de", "es"):
        with i18n.language(code):
            said[code] = saved_when(moment)
    assert "15 Mar 2026" in said["en"]
    assert "15 mar 2026" in said["it"]
    assert "15 März 2026" in said["de"]
    moment = datetime(2026, 5, 15, 12, 0, tzinfo=UTC)
    with i18n.language("it"):
        assert "15 mag 2026" in saved_when(moment)
