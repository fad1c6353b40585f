"""Whole Shanghai Rummy rounds through the real app with the table's invariants checked
(issue 28): a sample of the contract game's long play (``tests/benchmarks/bench_long_play.py
--contract`` plays whole matches), and the defects it found, each on the seed that showed
it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.ui.contract_long_play import play

CASES = [
    # (seed, window, resized to, language, actions at most)
    (1, (1024, 640), (1280, 800), "it", 260),
    (2, (1280, 800), (1024, 640), "de", 260),
]


@pytest.mark.parametrize(("seed", "size", "other", "lang", "turns"), CASES,
                         ids=[f"seed{c[0]}-{c[1][0]}x{c[1][1]}-{c[3]}" for c in CASES])
def test_a_long_contract_game_keeps_the_table_in_order(
        tmp_path: Path, seed: int, size: tuple[int, int], other: tuple[int, int], lang: str,
        turns: int) -> None:
    report = play(seed, size, tmp_path / "data", resizes=[other, size],
                  shots=tmp_path / "shots", lang=lang, max_turns=turns)
    assert [str(v) for v in report.violations] == []
    # the run did what it says: rounds ended, the person played from hints with keys and
    # the mouse (lay-offs and contracts by drags too), answered buy windows, laid down,
    # replayed the last turns, and the window changed size
    assert report.hands >= 2 and report.human_turns >= 60 and report.checks > 300
    assert report.hint_plays >= 60 and report.mouse_moves >= 10 and report.drags >= 2
    assert report.buys + report.declines >= 10 and report.lay_downs >= 1
    assert report.replays >= 3 and report.resizes >= 4


def test_the_hints_note_covers_no_meld(tmp_path: Path) -> None:
    # seed 1 at 1024x640: by turn 29 the melds fill the felt's middle, and the hint's note
    # ("Hint: discard the 10C") was drawn over a meld, above the status line
    report = play(1, (1024, 640), tmp_path / "data", max_turns=40)
    assert report.checks > 30
    assert [str(v) for v in report.violations if v.kind == "covered"] == []
