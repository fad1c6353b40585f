"""How good are Hard's choices in the draw-until-able games (Shanghai, Manipulation), valued
on the real hands?

A match result is mostly the luck of the deal: 150 matches tell two players apart only by
about 7 points of share. This benchmark looks at the choices themselves. Three Mediums play
seeded matches; at each turn of seat 0 where Hard would weigh more than one play
(``HardPlayer.weigh_candidates``: the largest play, those holding back a card, ...), Hard's
weighing on its sampled deals is taken as it would be in play, and every candidate is then
valued by playing the hand out on the real opponent hands with the stock shuffled
(``--truths`` times, everyone playing as Medium does). Hard never sees these; the benchmark
reads them from the match.

It prints, per variant, what each way of choosing gains over always putting down the
largest play, in penalty (cards, or points under Manipulation's scoring) a decision, with
its standard error: choosing on the rollouts' means alone (margin 0), Hard's margin
(``Tuning.rollout_margin`` standard errors), a margin of 1, Hard's margin with
``Tuning.play_for_match`` turned the other way (a hand that may end the match weighed by
the chance of winning it, or by the hand's penalty), Hard's margin with the opponents'
hands drawn at random from the unseen cards (``rollouts.random_deals``: set against Hard's
row, what reading their turns is worth), and the best candidate on the real hands (half the
real-hand rollouts choose, the other half value: what knowing every hand would be worth).
The first four are made on the same deals, so they compare pair-wise. Where Hard's row
shows no gain, Hard gives way to the largest play in that variant
(``game.ai.players.measured.MEASURED``); the row is measured all the same, since
``HardPlayer.weigh_candidates`` weighs whatever the table says.

``--for-match`` values the real-hand ends by the chance of winning the match from the totals
they leave (``standings``), so the gains are shares of a match; only the choices in a hand
that may end the match count then (Hard weighs those by the match too). ``--from-hand``
skips the choices of the hands before it (``--from-hand 4 --hands 5``: Shanghai's last
hand, where the match is settled).

Run: ``python tests/benchmarks/bench_play_choice.py [--variants shanghai,manipulation]
[--seeds 100..140] [--hands 2] [--from-hand 0] [--truths 12] [--for-match] [--jobs 2]
[--json]``. Not collected by pytest; not a timed test (about a minute of CPU for two hands).
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import statistics
import sys
from dataclasses import dataclass, replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.ai.players import make_player  # noqa: E402
from game.ai.players.hard import HardPlayer  # noqa: E402
from game.ai.players.plays import solution_for  # noqa: E402
from game.ai.players.rollouts import (  # noqa: E402
    Deal,
    Weighing,
    match_rows,
    outcome,
    play_outs,
    random_deals,
)
from game.ai.players.unseen import opponents  # noqa: E402
from game.ai.turns import applying, ask, settle  # noqa: E402
from game.engine.actions import NextHand  # noqa: E402
from game.engine.match import Match, PlayerView  # noqa: E402
from game.solver import PLAY_ORACLE, Work  # noqa: E402

SEATS = 3
UNBOUNDED = 10**15  # work units: the real-hand rollouts are not Hard's and may take long


@dataclass
class Choice:
    """One decision: what each way of choosing gained over the largest play, on the real
    hands (penalty; above zero, the choice left less than the largest play would have),
    and the deals Hard played out."""

    gains: dict[str, float]
    deals: int


def real_deals(match: Match, view: PlayerView, count: int, rng: random.Random) -> list[Deal]:
    """``count`` deals of the match's real opponent hands, the stock shuffled (read from
    the match: research only, as in bench_tournament's reading pairs)."""
    hand = match.deal
    deals = []
    for _ in range(count):
        stock = list(hand.stock)
        rng.shuffle(stock)
        deals.append(Deal({seat: list(hand.hands[seat]) for seat in opponents(view)}, stock))
    return deals


def _choice(match: Match, view: PlayerView, hard: HardPlayer, twin: HardPlayer,
            blind: HardPlayer, truths: int, rng: random.Random,
            for_match: bool) -> Choice | None:
    most = solution_for(view, objective="cards")
    if most is None or len(most.played) == len(view.hand):
        return None
    options, weighing = hard.weigh_candidates(view, most)
    # the same deals (the twin's generator is where Hard's is), weighed the other way
    _, twin_weighing = twin.weigh_candidates(view, most)
    _, blind_weighing = blind.weigh_candidates(view, most)
    if weighing is None or twin_weighing is None:
        return None
    ends = play_outs(view, options, real_deals(match, view, truths, rng), Work(), UNBOUNDED)
    rows = match_rows(view, ends) if for_match else [[outcome(view, e) for e in row]
                                                     for row in ends]
    if rows is None:  # valued for the match, and this hand cannot end it
        return None
    real = Weighing(rows)
    margin = hard.tuning.rollout_margin
    picks = {"margin 0": weighing.choice(0.0), f"margin {margin:g} (Hard)": weighing.choice(margin),
             "margin 1": weighing.choice(1.0),
             f"margin {margin:g}, {_way(twin)}": twin_weighing.choice(margin),
             # a blind weighing that played no deal keeps the largest play, as Hard would
             f"margin {margin:g}, hands not read":
                 0 if blind_weighing is None else blind_weighing.choice(margin)}
    gains = {name: real.mean(0) - real.mean(pick) for name, pick in picks.items()}
    half = len(real.rows) // 2  # one half chooses, the other values the choice
    chooser, judge = Weighing(real.rows[:half]), Weighing(real.rows[half:])
    knowing = min(range(len(options)), key=chooser.mean)
    gains["knowing the hands"] = judge.mean(0) - judge.mean(knowing)
    return Choice(gains, len(weighing.rows))


def _way(player: HardPlayer) -> str:
    return "by the match" if player.tuning.play_for_match else "by the hand"


def play(variant: str, seed: int, hands: int, truths: int, first_hand: int = 0,
         for_match: bool = False) -> list[Choice]:
    """Seat 0's choices from hand ``first_hand`` (counted from 0) until ``hands`` hands of
    a seeded all-Medium match are played."""
    match = Match(variant, SEATS, seed, oracle=PLAY_ORACLE)
    players = [make_player("medium", seed * 31 + i) for i in range(SEATS)]
    hard = HardPlayer(seed)
    twin = HardPlayer(seed, replace(hard.tuning, play_for_match=not hard.tuning.play_for_match))
    blind = HardPlayer(seed, deals=random_deals)
    rng = random.Random(seed)
    choices: list[Choice] = []

    commit = applying(match)  # a refusal: settle asks for the fallback, as in play_match

    done = 0
    while not match.over and done < hands:
        if match.hand_over:
            done += 1
            match.apply(NextHand(None))
            continue
        seat = match.awaiting
        view = match.view(seat)
        if seat == 0 and "play" in view.legal and done >= first_hand:
            choice = _choice(match, view, hard, twin, blind, truths, rng, for_match)
            if choice is not None:
                choices.append(choice)
        settle(match, seat, players[seat], ask(players[seat], view), commit)
    return choices


def _play(args: tuple[str, int, int, int, int, bool]) -> list[Choice]:
    return play(*args)


def summary(choices: list[Choice]) -> dict[str, tuple[float, float]]:
    """Each way of choosing: mean gain over the largest play a decision, standard error."""
    out = {}
    for name in choices[0].gains:
        gains = [c.gains[name] for c in choices]
        error = statistics.stdev(gains) / math.sqrt(len(gains)) if len(gains) > 1 else 0.0
        out[name] = (statistics.fmean(gains), error)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variants", default="shanghai,manipulation")
    parser.add_argument("--seeds", default="100..140", help="first..last+1")
    parser.add_argument("--hands", type=int, default=2, help="hands of each match")
    parser.add_argument("--from-hand", type=int, default=0,
                        help="value the choices from this hand on (counted from 0)")
    parser.add_argument("--truths", type=int, default=12, help="real-hand rollouts")
    parser.add_argument("--for-match", action="store_true",
                        help="value each end of the hand by the chance of winning the match "
                             "from the totals it leaves, not by the hand's penalty")
    parser.add_argument("--jobs", type=int, default=1, help="matches played at once")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.jobs < 1:
        parser.error("--jobs: at least 1")
    first, _, last = args.seeds.partition("..")
    seeds = range(int(first), int(last))
    for variant in args.variants.split(","):
        games = [(variant, seed, args.hands, args.truths, args.from_hand, args.for_match)
                 for seed in seeds]
        if args.jobs > 1:
            with multiprocessing.Pool(args.jobs) as pool:
                per_game = pool.map(_play, games, chunksize=1)
        else:
            per_game = [_play(game) for game in games]
        choices = [c for game in per_game for c in game]
        if not choices:
            where = " in a hand that may end the match" if args.for_match else ""
            print(f"{variant}: no decision with more than one candidate{where}")
            continue
        rows = summary(choices)
        deals = statistics.fmean(c.deals for c in choices)
        unit = "share of the match" if args.for_match else "penalty"
        print(f"{variant}: {len(choices)} decisions, {deals:.1f} deals each on average; "
              f"gain over the largest play a decision ({unit}, +- standard error):")
        for name, (gain, error) in rows.items():
            print(f"  {name:<28} {gain:+.3f} +- {error:.3f}")
        if args.json:
            print(json.dumps({"variant": variant, "decisions": len(choices), "deals": deals,
                              "gain": rows}))


if __name__ == "__main__":
    main()
