"""`machiavelli check` and `machiavelli rules` through game.cli.main(argv)."""

from __future__ import annotations

import pytest

from game.cli import main
from game.engine.rules_text import describe
from game.engine.variants import VARIANTS, get_variant

NINE = ("machiavelli", "machiavelli-jokers", "tahiti", "guadalupe", "vatikan", "carousel",
        "shanghai", "manipulation", "robbers")


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


# --- check ---------------------------------------------------------------------------------


@pytest.mark.parametrize("table", [
    "3H 4H 5H | 7C 7D 7S",
    "QS KS AS | AH 2H 3H",
    "8H 9H JK=10H",
    "th jh qh",
])
def test_check_valid(capsys, table):
    code, out, err = run(capsys, "check", "--variant", "carousel", "--table", table)
    assert (code, out, err) == (0, "valid\n", "")


def test_check_invalid_lists_every_problem(capsys):
    code, out, err = run(capsys, "check", "--variant", "machiavelli", "--table",
                         "3H 4H 5H | 7C 7D | KS AS 2S | 3C 3C 3D")
    assert code == 1 and err == ""
    lines = out.splitlines()
    assert lines[0] == "invalid:"
    assert len(lines) == 4
    assert lines[1].strip().startswith("meld 2 (7C 7D): only 2 cards")
    assert lines[2].strip().startswith("meld 3 (KS AS 2S):") and "K-A-2" in lines[2]
    assert lines[3].strip().startswith("meld 4 (3C 3C 3D):") and "twice" in lines[3]


def test_check_with_an_option(capsys):
    table = ["--table", "KS AS 2S"]
    assert run(capsys, "check", "--variant", "machiavelli", *table)[0] == 1
    code, out, _ = run(capsys, "check", "--variant", "machiavelli", "--option", "ace=around",
                       *table)
    assert (code, out) == (0, "valid\n")


def test_check_fixed_joker_declaration_counts(capsys):
    code, out, _ = run(capsys, "check", "--variant", "carousel", "--table", "8H 9H JK=JH")
    assert code == 1 and "meld 1 (8H 9H JK=JH)" in out


@pytest.mark.parametrize("argv, words", [
    (["--variant", "poker", "--table", "3H 4H 5H"], "unknown variant 'poker'"),
    (["--variant", "machiavelli", "--table", "3H 4X 5H"], "'4X' is not a card"),
    (["--variant", "machiavelli", "--table", "3H 4H 5H || 7C 7D 7S"], "meld 2 is empty"),
    (["--variant", "machiavelli", "--option", "bogus", "--table", "3H 4H 5H"],
     "'bogus' is not KEY=VALUE"),
    (["--variant", "machiavelli", "--option", "ace=sideways", "--table", "3H 4H 5H"],
     "option ace: 'sideways'"),
    (["--variant", "machiavelli", "--option", "colour=red", "--table", "3H 4H 5H"],
     "unknown option 'colour'"),
])
def test_check_errors_exit_2_with_a_message_on_stderr(capsys, argv, words):
    code, out, err = run(capsys, "check", *argv)
    assert code == 2 and out == ""
    assert err.startswith("machiavelli check: ")
    assert words in err
    assert "Traceback" not in err


def test_check_usage_errors_exit_2(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["check", "--variant", "machiavelli"])
    assert exit_info.value.code == 2
    assert "--table" in capsys.readouterr().err


# --- rules ---------------------------------------------------------------------------------


def test_rules_lists_the_nine_variants_and_the_options(capsys):
    code, out, err = run(capsys, "rules")
    assert code == 0 and err == ""
    ids = [line.split()[0] for line in out.split("\n\n")[0].splitlines()]
    assert set(NINE) <= set(ids)
    for variant_id in NINE:
        line = next(x for x in out.splitlines() if x.split() and x.split()[0] == variant_id)
        assert VARIANTS[variant_id].name in line
    assert "House-rule options" in out
    for key in ("hand_size", "ace", "abandon_penalty", "culbertson", "match"):
        assert f"  {key}: " in out


@pytest.mark.parametrize("variant_id", NINE)
def test_rules_id_prints_the_rules_in_words(capsys, variant_id):
    code, out, err = run(capsys, "rules", variant_id)
    assert code == 0 and err == ""
    assert out.splitlines() == describe(get_variant(variant_id))
    assert "Players:" in out and "Deck:" in out and "dealt" in out
    assert "_" not in out.replace(variant_id, "")  # words, not parameter names


def test_rules_words_for_a_few_parameters(capsys):
    out = run(capsys, "rules", "carousel")[1]
    assert "Deck: 1 pack and 1 joker; from 3 players 2 packs and 2 jokers." in out
    assert "5 points or fewer" in out and "(house)" in out
    out = run(capsys, "rules", "shanghai")[1]
    assert "Aces are low only" in out and "must meld" in out
    out = run(capsys, "rules", "tahiti")[1]
    assert "4 cards are dealt face up" in out and "must come from your hand" in out
    out = run(capsys, "rules", "vatikan")[1]
    assert "never moves" in out and "run of three" in out


def test_rules_with_options(capsys):
    out = run(capsys, "rules", "machiavelli", "--option", "ace=around",
              "--option", "hand_size=15")[1]
    assert "Q-K-A-2-3" in out and "dealt 15 cards" in out


def test_rules_unknown_variant_exits_2(capsys):
    code, out, err = run(capsys, "rules", "poker")
    assert code == 2 and out == "" and "unknown variant 'poker'" in err
