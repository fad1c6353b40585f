"""Whole matches through the real app with the table's invariants checked (issue 28): a
sample of the long-play run (``tests/benchmarks/bench_long_play.py`` plays them all). Each
case is a seed on which a defect was seen: the table re-sorting, a meld moving up a row when
it shrank, a card drawn with another meld, the free cards' room, sets and runs apart."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.ui.long_play import play

CASES = [
    # (variant, seed, window, resized to, language, turns at most)
    ("machiavelli", 1, (1024, 640), (1280, 800), "en", 70),
    ("machiavelli-jokers", 3, (1024, 640), (1920, 1080), "it", 70),
    ("tahiti", 2, (1280, 800), (1024, 640), "de", 90),
    ("carousel", 2, (1280, 800), (1024, 640), "es", 160),
    ("manipulation", 3, (1280, 800), (1024, 640), "en", 120),
]


@pytest.mark.parametrize(("variant", "seed", "size", "other", "lang", "turns"), CASES,
                         ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_a_long_game_keeps_the_table_in_order(tmp_path: Path, variant: str, seed: int,
                                              size: tuple[int, int], other: tuple[int, int],
                                              lang: str, turns: int) -> None:
    report = play(variant, seed, size, tmp_path / "data", resizes=[other, size],
                  shots=tmp_path / "shots", lang=lang, max_turns=turns)
    assert [str(v) for v in report.violations] == []
    # the run did what it says: the person played by drags and by hints, replayed the last
    # turns, and the window changed size
    assert report.human_turns >= 10 and report.checks > 50
    assert report.drag_plays + report.hint_plays >= 3
    assert report.replays >= 2 and report.resizes >= 2
