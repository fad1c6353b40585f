"""What a change to Hard's tuning is worth, decision by decision, valued on the real cards.

A match result is mostly the luck of the deal: two hundred matches tell two players apart
only by about 7 points of share, more than most single ideas are worth. This benchmark
looks at the decisions a change alters instead. Hard plays seeded matches against Medium
(the other seats Medium, as in ``bench_tournament``), with its default tuning. Before each
of Hard's decisions a copy of it with the changed tuning (``--change FIELD=VALUE``, each
a ``Tuning`` field) decides too, from the same random state. Where the two differ, the rest
of the hand is played twice from that very position, once after each decision, with the
real hands and the real stock, everyone then playing as before (Hard with its default
tuning). Both ends of the hand are valued for Hard's seat (higher is better):

- Carousel: the points it scores less the mean of the others', and ``DEAL_WON_BONUS`` (the
  25 points every deal won brings at the match's end) for winning the deal (a tie shares);
- the penalty scorings: the mean of the others' penalty less its own.

It prints how many decisions the change altered and what it gained a changed decision and
a match (mean and standard error). The real cards are a fair sample of what Hard could not
see, so the gain is an unbiased estimate of one step of the change (the play after it
stays the default's); both ends share the stock, which removes most of the luck a whole
match carries. The match goes on after the default's decision, so every match is the one
the default plays.

Run: ``python tests/benchmarks/bench_counterfactual.py --variant carousel --games 120
--seed 50000 --change carousel_knock_bonus=0 --change carousel_out_bonus=0 [--jobs 2]
[--json]`` (about 5 minutes on two cores). Not collected by pytest; not a timed test.
"""

from __future__ import annotations

import argparse
import copy
import json
import math
import multiprocessing
import statistics
import sys
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.ai.players.hard import HardPlayer, Tuning  # noqa: E402
from game.ai.turns import (  # noqa: E402
    SeatPlayer,
    Settled,
    applying,
    ask,
    computer_seed,
    settle,
    take_turn,
)
from game.commands.simulate import computer_for, default_cap  # noqa: E402
from game.engine.actions import NextHand  # noqa: E402
from game.engine.match import Match  # noqa: E402
from game.engine.scoring import DEAL_WON_BONUS  # noqa: E402
from game.engine.serialize import new_match  # noqa: E402
from game.engine.variants import Scoring, all_variants, get_variant  # noqa: E402
from game.solver import PLAY_ORACLE  # noqa: E402

HAND_CAP = 5000  # actions a hand played out may take before it counts as stalled


@dataclass(frozen=True)
class Game:
    variant: str
    seed: int
    index: int  # the seats rotate by it
    change: tuple[tuple[str, Any], ...]


@dataclass
class GameResult:
    decisions: int  # Hard's decisions in the match
    gains: list[float]  # one per decision the change altered


def parse_change(text: str) -> tuple[str, Any]:
    """``FIELD=VALUE`` as a Tuning field and a value of its type (``None`` for None)."""
    name, sep, raw = text.partition("=")
    kinds = {f.name: f for f in fields(Tuning)}
    if not sep or name not in kinds:
        raise ValueError(f"'{text}': expected FIELD=VALUE with FIELD one of "
                         f"{', '.join(sorted(kinds))}")
    default = getattr(Tuning(), name)
    if raw == "None":
        return name, None
    if isinstance(default, bool):
        if raw not in ("true", "false", "1", "0"):
            raise ValueError(f"'{text}': {name} is true or false")
        return name, raw in ("true", "1")
    kind = float if default is None or isinstance(default, float) else type(default)
    try:
        return name, kind(raw)
    except ValueError:
        what = "a whole number" if kind is int else "a number"
        raise ValueError(f"'{text}': {name} takes {what}") from None


def hand_worth(match: Match, seat: int) -> float:
    """The finished hand's worth for ``seat`` (see the module's docstring)."""
    result = match.deal.result
    assert result is not None
    others = [s for s in range(match.players) if s != seat]
    if match.variant.scoring.is_carousel:
        points = [float(p) for p in result.points]
        won = [float(s in result.winners) for s in range(match.players)]
        bonus = DEAL_WON_BONUS if match.variant.scoring is Scoring.CAROUSEL_SCARNE else 0
        return (points[seat] + bonus * won[seat]
                - statistics.fmean(points[s] + bonus * won[s] for s in others))
    values = result.hand_values
    return statistics.fmean(values[s] for s in others) - values[seat]


def accepted(settled: Settled, seat: int) -> None:
    """Stop when no action of the seat's was accepted (``settle`` tried its fallbacks)."""
    if settled.decision is None:
        raise RuntimeError(f"seat {seat + 1} has no accepted action: {settled.problem}")


def finish_hand(match: Match, players: list[SeatPlayer]) -> None:
    for _ in range(HAND_CAP):
        if match.hand_over:
            return
        seat = match.awaiting
        accepted(take_turn(match, seat, players[seat], applying(match)), seat)
    raise RuntimeError(f"a hand played out took over {HAND_CAP} actions")


def play(game: Game) -> GameResult:
    variant = get_variant(game.variant, {})
    seats = max(2, variant.min_players)
    order = [(position + game.index) % seats for position in range(seats)]
    match = new_match(game.variant, seats, game.seed, {}, [f"seat {k + 1}" for k in order],
                      oracle=PLAY_ORACLE)
    assert isinstance(match, Match)
    players: list[SeatPlayer] = [
        HardPlayer(computer_seed(game.seed, k)) if k == 0
        else computer_for(match, "medium", computer_seed(game.seed, k)) for k in order]
    hard_seat = order.index(0)
    changed = replace(Tuning(), **dict(game.change))
    result = GameResult(0, [])
    for _ in range(default_cap(variant)):
        if match.over:
            break
        if match.hand_over:
            match.apply(NextHand(None))
            continue
        seat = match.awaiting
        if seat != hard_seat:
            accepted(take_turn(match, seat, players[seat], applying(match)), seat)
            continue
        result.decisions += 1
        before = copy.deepcopy((match, players))
        other = copy.deepcopy(players[seat])
        assert isinstance(other, HardPlayer)
        other.tuning = changed
        view = match.view(seat)
        default, alternative = ask(players[seat], view), ask(other, view)
        if default is not None and alternative is not None \
                and default.action != alternative.action:
            worth = []
            for decision in (default, alternative):
                copied, copied_players = copy.deepcopy(before)
                accepted(settle(copied, seat, copied_players[seat], decision,
                                applying(copied)), seat)
                finish_hand(copied, copied_players)
                worth.append(hand_worth(copied, seat))
            result.gains.append(worth[1] - worth[0])
        accepted(settle(match, seat, players[seat], default, applying(match)), seat)
    return result


def summary(games: int, results: list[GameResult]) -> dict[str, float]:
    gains = [g for r in results for g in r.gains]
    per_game = [sum(r.gains) for r in results]

    def error(values: list[float]) -> float:
        return statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0

    return {"games": games, "decisions": sum(r.decisions for r in results),
            "changed": len(gains), "gain": statistics.fmean(gains) if gains else 0.0,
            "gain_error": error(gains), "per_match": statistics.fmean(per_game),
            "per_match_error": error(per_game)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="carousel", help="a variant id")
    parser.add_argument("--games", type=int, default=20, help="matches")
    parser.add_argument("--seed", type=int, default=0, help="match i is dealt from seed S+i")
    parser.add_argument("--change", action="append", default=[], metavar="FIELD=VALUE",
                        help="a Tuning field of the changed Hard (repeatable)")
    parser.add_argument("--jobs", type=int, default=2, help="processes (at most 2)")
    parser.add_argument("--json", action="store_true", help="end with one line of JSON")
    args = parser.parse_args(argv)
    if args.variant not in all_variants():
        parser.error(f"unknown variant '{args.variant}'")
    if get_variant(args.variant, {}).is_contract:
        parser.error(f"'{args.variant}' is the contract game, whose Hard has no Tuning")
    if not args.change:
        parser.error("nothing to compare: give at least one --change FIELD=VALUE")
    if args.games < 1:
        parser.error("--games must be at least 1")
    try:
        change = tuple(parse_change(text) for text in args.change)
    except ValueError as problem:
        parser.error(str(problem))
    games = [Game(args.variant, args.seed + i, i, change) for i in range(args.games)]
    jobs = max(1, min(2, args.jobs))
    if jobs == 1:
        results = list(map(play, games))
    else:
        with multiprocessing.Pool(jobs) as pool:
            results = pool.map(play, games, chunksize=2)
    figures = summary(args.games, results)
    print(f"{args.variant}, seeds {args.seed}..{args.seed + args.games - 1}, Hard against "
          f"Medium, changed: {', '.join(f'{k}={v}' for k, v in change)}")
    print(f"{figures['changed']} of {figures['decisions']} decisions changed; gain a changed "
          f"decision {figures['gain']:+.2f} ± {figures['gain_error']:.2f}, a match "
          f"{figures['per_match']:+.2f} ± {figures['per_match_error']:.2f}")
    if args.json:
        print(json.dumps({"variant": args.variant, "seed": args.seed,
                          "change": dict(change), **figures}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
