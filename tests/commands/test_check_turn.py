"""`machiavelli check --before ... --hand ... --table ...`: a whole turn judged as the game
judges it, and positions the variant's deck cannot hold refused by check and solve."""

from __future__ import annotations

import json

import pytest

from game.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


TURN = ["--before", "7C 8C 9C | 7D 8D 9D | 8S 9S 10S", "--hand", "7H 9S JS"]


def test_a_legal_turn_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "check", "--variant", "machiavelli", *TURN, "--table",
                         "7C 7D 7H | 8C 8D 8S | 9C 9D 9S | 9S 10S JS")
    assert (code, out, err) == (0, "legal\n", "")


def test_an_illegal_turn_lists_every_problem_naming_the_meld(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "check", "--variant", "machiavelli", *TURN, "--table",
                         "7C 7D 7H | 8C 8D | 9C 9D 9S 8S | 9S 10S JS")
    assert code == 1 and err == ""
    lines = out.splitlines()
    assert lines[0] == "illegal:"
    assert len(lines) == 3
    assert lines[1].strip().startswith("meld 2 (8C 8D): only 2 cards")
    assert lines[2].strip().startswith("meld 3 (9C 9D 9S 8S):")


def test_table_cards_never_go_back_and_a_play_adds_a_card(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", "--variant", "machiavelli", "--before", "7C 8C 9C",
                       "--hand", "7H", "--table", "7C 8C 9C")
    assert code == 1 and "must add at least a card from your hand" in out
    code, out, _ = run(capsys, "check", "--variant", "machiavelli", "--before",
                       "7C 8C 9C 10C", "--hand", "7H", "--table", "7C 8C 9C")
    assert code == 1 and "10C was on the table and must stay there" in out
    code, out, _ = run(capsys, "check", "--variant", "machiavelli", "--before", "7C 8C 9C",
                       "--hand", "7H", "--table", "7C 8C 9C 10C")
    assert code == 1 and "10C is not in your hand" in out


def test_the_first_play_rule_applies_only_with_first_play(
        capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["check", "--variant", "vatikan", "--before", "", "--hand", "7C 7D 7H 2S",
            "--table", "7C 7D 7H"]
    assert run(capsys, *argv)[:2] == (0, "legal\n")
    code, out, _ = run(capsys, *argv, "--first-play")
    assert code == 1 and "run of three or more cards from your hand" in out


def test_a_fixed_joker_is_released_only_by_its_card(
        capsys: pytest.CaptureFixture[str]) -> None:
    before = ["--variant", "carousel", "--before", "JK=8H 9H 10H"]
    # JK written without its card keeps the card it stood for
    assert run(capsys, "check", *before, "--hand", "JH", "--table", "JK 9H 10H JH")[0] == 0
    code, out, _ = run(capsys, "check", *before, "--hand", "JH", "--table",
                       "JK=QH 9H 10H JH")
    assert code == 1
    assert "meld 1 (JK=QH 9H 10H JH): the joker stands for 8H" in out
    # the real 8H released it: legal whichever card the joker now plays
    assert run(capsys, "check", *before, "--hand", "8H JH", "--table",
               "8H 9H 10H JH JK")[0] == 0


def test_free_cards_not_melded_stay_free(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["check", "--variant", "tahiti", "--before", "7H 8H 9H", "--free", "5C 5D 2S"]
    assert run(capsys, *argv, "--hand", "5S", "--table", "7H 8H 9H | 5C 5D 5S")[0] == 0
    # a free card alone is no play
    code, out, _ = run(capsys, *argv, "--hand", "5S", "--table", "7H 8H 9H")
    assert code == 1 and "must add" in out


@pytest.mark.parametrize("argv, words", [
    (["--variant", "machiavelli", "--before", "7C 8C 9C", "--hand", "7C 7C", "--table",
      "7C 8C 9C"], "3 copies of 7C in the table before the turn and the hand"),
    (["--variant", "machiavelli", "--before", "", "--hand", "JK 7C 8C", "--table",
      "JK 7C 8C"], "1 joker in the table before the turn and the hand, but Machiavelli is "
                   "played with no jokers"),
    (["--variant", "carousel", "--before", "JK=8H 9H 10H", "--hand", "JK JK", "--table",
      "JK=8H 9H 10H"], "3 jokers in the table before the turn and the hand"),
    (["--variant", "machiavelli", "--before", "7C 8C 9C", "--hand", "7H", "--table",
      "7C 8C 9C | 7H 7H 7H"], "3 copies of 7H in the table"),
    (["--variant", "carousel", "--before", "", "--hand", "JK=8H 9H 10H", "--table",
      "JK 9H 10H"], "a joker in the hand is written JK"),
    (["--variant", "carousel", "--before", "8H 9H JK", "--hand", "10H", "--table",
      "8H 9H 10H JK"], "the joker JK could stand for 7H or 10H"),
    (["--variant", "machiavelli", "--before", "7C 8C", "--hand", "9C", "--table",
      "7C 8C 9C"], "the table before the turn is not one the game can reach: meld 1 (7C 8C)"),
    (["--variant", "shanghai-rummy", "--before", "", "--hand", "7C", "--table", "7C"],
     "contract game"),
    (["--variant", "machiavelli", "--hand", "7C", "--table", "7C 8C 9C"], "--before"),
    (["--variant", "machiavelli", "--first-play", "--table", "7C 8C 9C"], "--before"),
    (["--variant", "machiavelli", "--table", "7C 8C 9C | 7C 7C"], "3 copies of 7C"),
    (["--variant", "machiavelli", "--table", "7C 8C JK"], "played with no jokers"),
    (["--variant", "machiavelli", "--before", "", "--hand", "7C", "--table", "7C ||"],
     "meld 2 is empty"),
])
def test_unusable_turns_exit_2_with_one_line(capsys: pytest.CaptureFixture[str],
                                             argv: list[str], words: str) -> None:
    code, out, err = run(capsys, "check", *argv)
    assert (code, out) == (2, "")
    assert err.startswith("machiavelli check: ") and err.count("\n") == 1
    assert words in err


@pytest.mark.parametrize("table, words", [
    ("8H JK 3C", "no card the joker (JK) could stand for makes this meld valid"),
    ("8H 9H JK=JH", "the joker JK=JH does not fit here (it could stand for 7H or 10H)"),
])
def test_a_joker_that_cannot_be_placed_is_named(capsys: pytest.CaptureFixture[str],
                                                table: str, words: str) -> None:
    code, out, _ = run(capsys, "check", "--variant", "carousel", "--table", table)
    assert code == 1 and words in out


@pytest.mark.parametrize("argv, words", [
    (["--variant", "machiavelli", "--table", "7H 8H 9H", "--hand", "7H 7H"],
     "3 copies of 7H"),
    (["--variant", "machiavelli", "--table", "7H 8H 9H", "--hand", "JK"],
     "played with no jokers"),
    (["--variant", "carousel", "--table", "JK=7H 8H 9H", "--hand", "JK JK"], "3 jokers"),
    (["--variant", "tahiti", "--table", "7H 8H 9H", "--free", "7H 7H", "--hand", "2C"],
     "3 copies of 7H"),
])
def test_solve_refuses_what_the_deck_cannot_hold(capsys: pytest.CaptureFixture[str],
                                                 argv: list[str], words: str) -> None:
    code, out, err = run(capsys, "solve", *argv)
    assert (code, out) == (2, "")
    assert err.startswith("machiavelli solve: ") and words in err and err.count("\n") == 1


# --- issue 29: a freed joker may keep its card; one real card and four jokers ------------

TAHITI_RELEASE = ["--variant", "tahiti", "--before", "JK=9S 9C 9D", "--hand", "9S 10S JS"]


@pytest.mark.parametrize("end", ["9C 9D 9S | JK=9S 10S JS", "9C 9D 9S | JK=QS 10S JS"])
def test_tahiti_a_released_joker_keeps_its_card_or_takes_another(
        capsys: pytest.CaptureFixture[str], end: str) -> None:
    # "replace the joker by the real card and then use the joker in another combination"
    assert run(capsys, "check", *TAHITI_RELEASE, "--table", end) == (0, "legal\n", "")


@pytest.mark.parametrize("jokers", ["unlimited", "4"])
def test_one_real_card_and_four_jokers_is_a_run(capsys: pytest.CaptureFixture[str],
                                                 jokers: str) -> None:
    for variant in ("robbers", "tahiti"):
        option = ["--option", f"jokers_per_meld={jokers}"]
        assert run(capsys, "check", "--variant", variant, *option,
                   "--table", "7H JK JK JK JK") == (0, "valid\n", "")
        code, out, _ = run(capsys, "solve", "--variant", variant, *option,
                           "--hand", "7H JK JK JK JK", "--json")
        assert code == 0 and len(json.loads(out)["played"]) == 5
