"""The ace rule's run windows are enumerated once (``run_windows``), and the enumeration
agrees with the meld check: every window it lists is a valid run of the rule, and every
run of consecutive ranks it leaves out is refused."""

from dataclasses import replace

import pytest

from game.engine.cards import Card
from game.engine.melds import check_meld, run_windows
from game.engine.variants import AceMode, get_variant

WINDOW_ENDS = {  # (first rank of the first window, of the last) for runs of three
    AceMode.LOW: (1, 11), AceMode.HIGH: (2, 12), AceMode.EITHER: (1, 12),
    AceMode.AROUND: (1, 13)}


@pytest.mark.parametrize("ace", list(AceMode))
def test_the_windows_of_each_ace_rule(ace: AceMode) -> None:
    windows = run_windows(ace, 3)
    assert (windows[0][0], windows[-1][0]) == WINDOW_ENDS[ace]
    assert len(set(windows)) == len(windows)
    assert [w[0] for w in windows] == sorted(w[0] for w in windows)
    assert ((12, 13, 1) in windows) == (ace is not AceMode.LOW)  # Q-K-A
    assert ((13, 1, 2) in windows) == (ace is AceMode.AROUND)  # K-A-2
    assert run_windows(ace, 14) == () and len(run_windows(ace, 13)) >= 1


@pytest.mark.parametrize("ace", list(AceMode))
@pytest.mark.parametrize("length", [3, 4, 7, 12, 13])
def test_the_windows_are_exactly_the_runs_the_meld_check_accepts(ace: AceMode,
                                                                    length: int) -> None:
    variant = replace(get_variant("machiavelli"), ace=ace)
    listed = {frozenset(w) for w in run_windows(ace, length)}
    for start in range(1, 14):
        ranks = [(start + i - 1) % 13 + 1 for i in range(length)]
        accepted = check_meld([Card(r, "H") for r in ranks], variant).ok
        assert accepted == (frozenset(ranks) in listed), (ace, ranks)
