"""Numbered deals (issue 33): a deal number reads back as typed, a bad one is refused in
words, and the same number gives the same cards and, with the same seats, the same
computer decisions in any process (the hash seed apart: nothing may lean on it)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.deals import MAX_DEAL, DealNumberError, deal_text, deal_words, parse_deal, random_deal
from game.engine.serialize import new_match
from game.solver import PLAY_ORACLE

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("number", [1, 42, 1000, 123456789, MAX_DEAL])
def test_a_deal_number_reads_back_as_it_is_shown(number: int) -> None:
    assert parse_deal(deal_text(number)) == number
    assert parse_deal(str(number)) == number
    assert parse_deal(f"  {number} ") == number


def test_a_deal_number_is_shown_in_groups_of_three() -> None:
    assert deal_text(123456789) == "123 456 789"
    assert deal_text(4242) == "4 242"
    assert deal_words(7) == "Deal 7"


@pytest.mark.parametrize(("typed", "words"), [
    ("12a4", "digits only"),
    ("seven", "digits only"),
    ("1.5", "digits only"),
    ("\u0661\u0662", "digits only"),  # Arabic-Indic digits: digits, but not ones we read
    ("-5", "cannot be negative"),
    ("\u22125", "cannot be negative"),
    ("1234567890", "at most 9 digits"),
    ("9" * 400, "at most 9 digits"),
    ("0", "start at 1"),
    ("000", "start at 1"),
    ("   ", "Type a deal number"),
])
def test_a_bad_deal_number_is_refused_in_words(typed: str, words: str) -> None:
    with pytest.raises(DealNumberError) as refused:
        parse_deal(typed)
    assert words in str(refused.value)
    assert len(str(refused.value)) < 120  # a line for the New game screen's footer


def test_new_deals_are_numbers_a_person_can_type() -> None:
    for _ in range(200):
        assert 1 <= random_deal() <= MAX_DEAL


def test_the_same_number_deals_the_same_cards_on_any_machine() -> None:
    # pinned: the shuffle is sha256 of the number and the hand, then Python's seeded
    # Mersenne Twister, neither of which depends on the machine
    match = new_match("machiavelli", 3, 123456789, {}, ["A", "B", "C"], oracle=PLAY_ORACLE)
    assert [str(c) for c in match.deal.hands[0]] == [
        "6D", "10H", "4D", "QC", "KH", "QS", "10S", "8D", "KD", "AD", "3H", "5C", "2D"]
    assert [str(c) for c in match.deal.stock[-3:]] == ["JS", "7C", "3C"]
    contract = new_match("shanghai-rummy", 3, 123456789, {}, ["A", "B", "C"], oracle=PLAY_ORACLE)
    assert [str(c) for c in contract.deal.hands[0]] == [
        "JH", "5D", "5H", "10S", "QH", "JC", "JD", "KC", "JD", "7D", "9C"]
    other = new_match("machiavelli", 3, 123456788, {}, ["A", "B", "C"], oracle=PLAY_ORACLE)
    assert other.deal.hands[0] != match.deal.hands[0]


_PLAY = """
import json, sys
from game.commands.simulate import CAPS, SeatStats, computer_for, play_match
from game.engine.variants import get_variant
variant, options, levels, number = json.loads(sys.argv[1])
made = []
def make(match, level, seed):
    made.append(match)
    return computer_for(match, level, seed)
play_match(variant, options, levels, number, 0, [SeatStats(level) for level in levels],
           CAPS[get_variant(variant).family], make)
print(json.dumps([made[0].digest(), made[0].over]))
"""


def _match_digest(game: list, hash_seed: str) -> tuple[str, bool]:
    env = dict(os.environ, PYTHONHASHSEED=hash_seed)
    done = subprocess.run([sys.executable, "-c", _PLAY, json.dumps(game)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300, check=True)
    digest, over = json.loads(done.stdout.strip().splitlines()[-1])
    return digest, over


@pytest.mark.parametrize("game", [
    ["machiavelli", {}, ["easy", "medium", "hard"], 123456789],
    ["shanghai-rummy", {"match": "hands:1"}, ["easy", "medium", "hard"], 4242],
], ids=["manipulation", "contract"])
def test_the_same_number_and_seats_play_the_same_whole_match(game: list) -> None:
    first = _match_digest(game, "1")
    second = _match_digest(game, "2")
    assert first[1], "the match was played to its end"
    assert first == second
    game[3] += 1  # another number: another match
    assert _match_digest(game, "1")[0] != first[0]
