"""How strong each computer level is, per variant, from measured figures kept in the
repository (``strength.json`` beside this module; ``tests/benchmarks/bench_strength.py``
measures and writes them): how often Hard beats Medium and Medium beats Easy, and whether
the game leaves little to choose (Hard making Medium's every choice there).

The figures are read, never computed here; a missing or damaged file leaves the player
without figures (an empty description), never without a game.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from game.ai.players.measured import ways_for
from game.engine.variants import Variant
from game.i18n import N_, _, ngettext

DATA = Path(__file__).with_name("strength.json")
PAIRS = ("hard-medium", "medium-easy")
#: the heading the screens give these words, and the words where nothing was measured
LEVELS_HEADING = N_("The computer levels in this game")
NO_FIGURES = N_("No figures were measured for the computer levels in this game.")


@dataclass(frozen=True)
class Share:
    """One pair's measured figure in a variant. ``figure`` is "share" (two seats: the
    stronger level's share of the matches won, ties split) or "ahead" (more seats: how often
    it finished ahead of each weaker seat, a tie half)."""

    pair: str
    figure: str
    value: float
    games: int | None
    source: str


@dataclass(frozen=True)
class Strength:
    """What is known of the levels in one variant."""

    variant: str
    shares: dict[str, Share]
    little_to_choose: bool  # Hard makes Medium's every choice here (``measured``)


def little_to_choose(variant: Variant) -> bool:
    """Does the game leave Hard nothing measured to gain over Medium: a draw-until-able game
    (whoever can meld must) where every way of choosing Hard has gave way to Medium's?"""
    ways = ways_for(variant)
    return variant.draws_until_able and not ways.roll_out and not ways.hold_back


def _share(pair: str, raw: Any) -> Share | None:
    if not isinstance(raw, dict):
        return None
    figure, value, games = raw.get("figure"), raw.get("value"), raw.get("games")
    if figure not in ("share", "ahead") or not isinstance(value, (int, float)) \
            or not 0 <= value <= 1:
        return None
    if not (games is None or (isinstance(games, int) and games > 0)):
        return None
    return Share(pair, str(figure), float(value), games, str(raw.get("source", "")))


@cache
def _table(path: Path = DATA) -> dict[str, dict[str, Share]]:
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    variants = raw.get("variants") if isinstance(raw, dict) else None
    if not isinstance(variants, dict):
        return {}
    table: dict[str, dict[str, Share]] = {}
    for variant_id, pairs in variants.items():
        if not isinstance(pairs, dict):
            continue
        shares = {pair: share for pair in PAIRS
                  if (share := _share(pair, pairs.get(pair))) is not None}
        table[str(variant_id)] = shares
    return table


def strength_of(variant: Variant, path: Path = DATA) -> Strength:
    """The measured figures for ``variant`` (house rules keep the variant's figures: they
    were measured with its own rules)."""
    return Strength(variant.id, dict(_table(path).get(variant.id, {})),
                    little_to_choose(variant))


def _percent(value: float) -> str:
    return f"{round(100 * value)}%"


def strength_lines(variant: Variant, path: Path = DATA) -> list[str]:
    """The levels described in words for the player, one sentence a line (none when nothing
    was measured)."""
    strength = strength_of(variant, path)
    lines = []
    if strength.little_to_choose:
        lines.append(_("Whoever can meld must, so this game leaves little to choose: Hard "
                       "puts down what Medium would, and the two are about even."))
    hard = strength.shares.get("hard-medium")
    if hard is not None:
        lines.append(_hard_words(hard))
    medium = strength.shares.get("medium-easy")
    if medium is not None:
        lines.append(_medium_words(medium))
    return lines


def _hard_words(share: Share) -> str:
    share_text, n = _percent(share.value), share.games
    if n is None:
        text = _("Hard beats Medium in {share} of matches.") if share.figure == "share" \
            else _("Hard finishes ahead of each Medium in {share} of matches.")
    elif share.figure == "share":
        text = ngettext("Hard beats Medium in {share} of {n} measured match.",
                        "Hard beats Medium in {share} of {n} measured matches.", n)
    else:
        text = ngettext("Hard finishes ahead of each Medium in {share} of {n} measured match.",
                        "Hard finishes ahead of each Medium in {share} of {n} measured "
                        "matches.", n)
    return text.format(share=share_text, n=n)


def _medium_words(share: Share) -> str:
    share_text, n = _percent(share.value), share.games
    if n is None:
        text = _("Medium beats Easy in {share} of matches.") if share.figure == "share" \
            else _("Medium finishes ahead of each Easy in {share} of matches.")
    elif share.figure == "share":
        text = ngettext("Medium beats Easy in {share} of {n} measured match.",
                        "Medium beats Easy in {share} of {n} measured matches.", n)
    else:
        text = ngettext("Medium finishes ahead of each Easy in {share} of {n} measured match.",
                        "Medium finishes ahead of each Easy in {share} of {n} measured "
                        "matches.", n)
    return text.format(share=share_text, n=n)
