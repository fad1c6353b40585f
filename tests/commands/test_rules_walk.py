"""Issue 45: `machiavelli rules ID --option KEY=VALUE` for every variant, every option and
every value the option list names exits 0 with the rules in words, or refuses the value in
words (exit 2, the option named on stderr), never a traceback."""

from __future__ import annotations

import re

import pytest

from game.cli import main
from game.engine.options import SPECS, OptionSpec
from game.engine.variants import all_variants

# the examples a placeholder in an option's listed values stands for
_PLACEHOLDER_VALUES = {
    "N": ("1", "3", "30", "150"),
    "POINTS": ("0", "5", "10"),
    "PACKS+JOKERS[@PLAYERS]": ("3+2", "2+2@3", "1+0@8"),
}


def listed_values(spec: OptionSpec) -> list[str]:
    """Every value of the option as `machiavelli rules` lists it (``spec.values``)."""
    values: list[str] = []
    text = spec.values.split(", e.g.")[0]
    for part in re.split(r", or |, | or ", text):
        part = part.strip()
        low_high = re.fullmatch(r"(\d+)-(\d+)", part)
        if low_high:
            values += [str(n) for n in range(int(low_high[1]), int(low_high[2]) + 1)]
            continue
        head, sep, tail = part.partition(":")
        if sep:
            values += [f"{head}:{n}" for n in _PLACEHOLDER_VALUES[tail]]
        elif part in _PLACEHOLDER_VALUES:
            values += _PLACEHOLDER_VALUES[part]
        else:
            values.append(part)
    return values


def test_the_listing_reads_into_values() -> None:
    by_key = {spec.key: listed_values(spec) for spec in SPECS}
    assert by_key["jokers"] == ["0", "1", "2", "3", "4"]
    assert "after_meld:5" in by_key["knock"] and "none" in by_key["knock"]
    assert "contract" in by_key["scoring"] and "target:150" in by_key["match"]
    assert "2+2@3" in by_key["larger_deck"] and "unlimited" in by_key["jokers_per_meld"]


@pytest.mark.parametrize("variant_id", sorted(all_variants()))
def test_every_listed_option_value_is_described_or_refused_in_words(
        capsys: pytest.CaptureFixture[str], variant_id: str) -> None:
    for spec in SPECS:
        for value in listed_values(spec):
            option = f"{spec.key}={value}"
            code = main(["rules", variant_id, "--option", option])
            out, err = capsys.readouterr()
            if code == 0:
                assert err == "" and len(out.splitlines()) > 3, option
            else:
                assert code == 2 and out == "", option
                assert spec.key in err and "Traceback" not in err, (option, err)


def test_the_contract_scoring_in_a_manipulation_game_is_refused_in_words(
        capsys: pytest.CaptureFixture[str]) -> None:
    # issue 45.2: it was a KeyError traceback from the rules text
    code = main(["rules", "machiavelli", "--option", "scoring=contract"])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert "option scoring" in err and "contract" in err and "Traceback" not in err
