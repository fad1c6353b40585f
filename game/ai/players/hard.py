"""Hard: plans its turns instead of always putting down the largest play.

- Goes out whenever it can.
- Weighs what a play shows: every card put down may let an opponent play (or go out) next
  turn. Hard samples the opponents' hands from the unseen cards, keeping only hands that fit
  their last turns (a player who drew could not play; one who played kept only dead cards),
  solves each opponent's best reply to each candidate move exactly, and picks the move with
  the best chance to win the race: the largest play, the largest play holding back one of
  its cards, or drawing instead. When one hand decides the match, a card it could put down
  but holds back hardly counts in that race: it can still go down later without a draw,
  and meanwhile it feeds no opponent (so Hard keeps playable cards back and goes out in
  one sweep, as good Machiavelli players do).
- Never below Medium: a way of choosing measured to gain nothing in a variant gives way to
  Medium's choice there (``measured.MEASURED``): in Manipulation Hard puts down the largest
  play every turn.
- Keeps jokers in hand while they are worth more there (card-count scorings, a single
  hand) and sheds them when their points count against it (Carousel, Manipulation, Tahiti
  over several hands) or go out with it.
- Draw-until-able games (Shanghai, Manipulation): the only choice of a turn is which cards
  to put down, and its worth shows turns later. Where cards, not points, are counted
  (Shanghai), while every opponent is far from going out it puts down one card a turn
  (``Tuning.hold_above``): what it shows lets opponents play instead of drawing, and what
  it holds is next turn's play without a draw. Otherwise it plays each candidate (the largest
  play by cards and by points, those holding back one of its cards, a single card) out to
  the end of the hand on sampled deals of the unseen cards, everyone then playing as
  Medium does. Each end of the hand is worth its penalty against the others' (weighing a
  hand that may end the match by the chance of winning it, ``Tuning.play_for_match``, was
  measured no better and is off). It puts down the best play when it beats the largest
  play by more than the noise of the deals (``game.ai.players.rollouts``); the deals get
  a small counted budget, so in a long hand it keeps the largest play. Under a points
  scoring its largest play is, of those putting down the most cards, the one shedding the
  most points.
- Under a points scoring, sheds its highest-penalty cards first (unless one hand is the
  whole match, as in Tahiti: whoever goes out wins whatever the others hold, so it races
  by cards and keeps its jokers). Its moves are weighed by the race to go out until an
  opponent is close to going out (few cards left), then by expected points: the race's
  chance times what winning takes, less the points left in hand when it is lost (a play
  of fewer, higher cards may then beat the longest one).
- Carousel: after each draw it melds now, or draws again when one more card is expected
  (over unseen cards) to leave a better turn's end after its best meld then: a lower
  count, or one that ends the deal (a knock, going out), which is worth far more than its
  count; it knocks only when the sampled opponent hands say the knock is more likely won
  than undercut. Near the deal's end (an opponent close to going out, or a short stock) it
  holds back a meld that would neither knock nor go out at the turn's last chance to meld,
  and draws instead: a meld shown then feeds the opponent's last lay-offs, while held it
  goes down with the rest in one sweep that goes out. Robber's: no optional extra card.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.ai.decision import Decision
from game.ai.players import plays
from game.ai.players.base import ComputerPlayer
from game.ai.players.carousel import (
    EndBonus,
    draw_again_worth,
    knock_limit,
    knock_worth,
    next_draw_is_last,
    turn_worth,
    value_after,
)
from game.ai.players.lookahead import Candidate, weigh
from game.ai.players.measured import Ways, ways_for
from game.ai.players.opponents import HandSampler, hand_model
from game.ai.players.plays import as_decision, solution_for
from game.ai.players.rollouts import (
    DealSource,
    Weighing,
    random_deals,
    sample_deals,
    weigh_by_rollouts,
)
from game.ai.players.simple import simple_play
from game.ai.players.unseen import opponents, unseen_cards
from game.engine.cards import Card
from game.engine.draws import hand_after_move
from game.engine.match import PlayerView
from game.engine.scoring import hand_value
from game.engine.variants import Scoring
from game.solver import FoundPlay, Work

POINTS_SCHEMES = (Scoring.TAHITI, Scoring.MANIPULATION, Scoring.CAROUSEL_SCARNE,
                  Scoring.CAROUSEL_CULBERTSON)
JOKERS_COST = POINTS_SCHEMES  # a joker left in hand is a heavy penalty under each


@dataclass(frozen=True)
class Tuning:
    """Hard's knobs (the tournament figures were taken with the defaults). The budgets are
    ``game.solver.Work`` units (about 2.5 microseconds each here): counted, never timed, so a
    seeded match plays alike on any machine under any load."""

    budget: int = 140_000  # work of a decision after which no new sample is weighed
    cutoff: int = 240_000  # work of a decision after which every search stops
    samples: int = 8  # opponent hands sampled per decision
    alternatives: int = 4  # plays holding back one card that are weighed
    race_slope: float = 0.6  # how much the ratio of hand sizes weighs in the race
    knock_margin: float = 0.0  # Carousel: knock when it is expected to win more than this
    # Carousel: unseen cards tried when weighing another draw, and how much more its turn's
    # end must be expected to be worth (``carousel.turn_worth``). Drawing again whenever it
    # is expected to leave a lower count (24 cards, no margin) beat the old 12 cards and a
    # 2-point margin in 100 paired seeded matches against Medium (67% against 60%); never
    # drawing again fell to 53%.
    carousel_draws: int = 24
    carousel_margin: float = 0.0
    # Carousel: what a turn's end that ends the deal is worth beyond the count it leaves
    # (knocking; going out). Measured by playing the rest of the deal both ways from the
    # very position, with the real stock: declining a knock lost 38 points of the deal on
    # average (points won, less the other's, and 25 a deal won), so ending a deal is worth
    # far more than its count says. Weighing another draw so, rather than by counts alone,
    # changed 1 decision in 77 and won 7.1 +- 4.1 points a changed decision (236 of them,
    # tuning seeds 50000-50119); 50 and 90 won alike (6.7 +- 4.0), and measured again from
    # this rule (``bench_counterfactual``, no bonus as the change) +2.0 +- 4.6 (210); 100
    # and 150 changed 25 more and won nothing clear. Against Medium on the fresh seeds
    # 100000-100199 and 110000-110199: 65.0% and 71.5% (62.5% and 68.5% before)
    carousel_knock_bonus: float = 35.0
    carousel_out_bonus: float = 60.0
    # Carousel, at the turn's last chance to meld (the next draw ends it with no meld): hold
    # the meld back and draw when the deal is near its end (an opponent holds at most
    # ``carousel_hold_cards`` cards, or the stock at most ``carousel_hold_stock``), unless
    # the meld knocks or goes out (None: never hold). A meld shown late feeds the opponent's
    # last lay-offs (its knock or going out); held, it goes down with the rest in one sweep
    # that goes out (+25 and the opponent's whole count). Each last-chance meld played out
    # both ways on the real cards (tuning seeds 480000-480204, 475 decisions): drawing
    # instead won +12.6 +- 3.4 points of the deal overall, +19.1 +- 4.2 near the end so
    # defined (325) and -1.6 +- 5.8 elsewhere (at the first chance to meld, drawing again
    # instead: -3.5 +- 2.7, 746). Against Medium, 300 paired matches (seeds 476000-476149):
    # 99.0% won, against 65.0% without it on the same deals; 98.0% on fresh seeds
    # (strength.json). Against Hard without it: 96.6% (119 paired matches)
    carousel_hold_cards: int | None = 6
    carousel_hold_stock: int | None = 15
    look: bool = True  # weigh candidates on sampled opponent replies
    keep_jokers: bool = True  # keep jokers in hand under a card-count scoring
    shed_near: int = 3  # points scorings: weigh moves by expected points (not the race
    # alone) once an opponent holds this few cards
    held_weight: float = 0.0  # single-hand matches: in the race, a card the largest play
    # would put down but the move keeps back counts this much (matches of several hands
    # count it whole: its penalty adds up)
    race_single_hand: bool = True  # a one-hand match under a points scoring: race by cards
    # draw-until-able: weigh the candidate plays by playing the hand out on up to this many
    # sampled deals, beginning a deal only while it should end within ``rollout_budget``
    # units; every rollout stops at ``rollout_cutoff``. The rollouts bought nothing
    # measurable at 600k/900k (Hard against two Mediums at par, 1.3-1.4 s p99 a decision,
    # issue 30), so they get about a quarter of that, and a deal may take at most half the
    # budget (``play_outs``): long hands keep the largest play, short ones (the hand's end,
    # where a choice shows soonest) are still played out on a few deals. bench_players,
    # 3 matches (seeds 1000-1002), CPU: p99 878 -> 301 ms (Shanghai), 858 -> 255 ms
    # (Manipulation), max 1.10 -> 0.33 s; Shanghai against two Mediums (seeds 7000-7059)
    # 50.8% ahead of each, as before within the noise
    rollouts: bool = True
    rollout_deals: int = 8
    rollout_budget: int = 160_000
    rollout_cutoff: int = 200_000
    rollout_sampling: int = 40_000  # the most work sampling the deals may take (at 140k,
    # the decision budget, it took about 100k units at the median in Shanghai). At 40k the
    # dead-card checks of Manipulation are cut short, and a sampled hand of 7 or more cards
    # could often be played at once on its owner's last table (46-90%, by size), which the
    # real hand never can. Checking each such hand whole and swapping cards until it is
    # dead (140k) made that rare but measured no better against two Mediums: 47.7% ahead
    # of each against 51.2% (100 paired matches, tuning seeds 50000-50099), and 50.2%
    # with three times the rollouts as well
    # a play other than the largest is taken only when it beats it, on the same deals, by
    # more than this many standard errors: with one deal in the work, never. Valued on the
    # real hands (bench_play_choice, 438 Shanghai decisions in two samples) it chose as well
    # as the mean alone (+0.02 against +0.01 cards a decision over the largest play, each
    # +- 0.02), leaving the largest play less often on the noise of a deal or two
    rollout_margin: float = 0.5
    # draw-until-able: the rollouts' opponents hold hands sampled to fit their turns
    # (``HandSampler``); False: hands drawn at random from the unseen cards. What the turns
    # show measured worth little in Manipulation: valued on the real hands
    # (``bench_play_choice``, seeds 600-720, 415 decisions), Hard's choices came to -0.20
    # +- 0.17 and -0.13 +- 0.12 points a decision against the largest play, the same choice
    # on random hands to +0.10 +- 0.10 and +0.04 +- 0.08; in Hard's own play
    # (``bench_counterfactual``, tuning seeds 50300-50459) not reading changed 945
    # decisions at -0.30 +- 0.48 each. Shanghai: +0.005 and -0.003 (204). So it reads
    read_hands: bool = True
    # in a hand that may end the match, weigh each played-out end of it by the chance of
    # winning the match from the totals it leaves (``standings``), not by the hand's penalty
    # against the others'. Off: it measured no better in 150 seeded matches, every hand so
    # (Shanghai 33.3%, Manipulation 31.0%, 44.9% ahead of each Medium) or only the hands
    # that may end the match (Shanghai 31.7%), against 35.3%, 33.3% and 51.2% off; valued on
    # the real hands, Shanghai's last-hand choices came out alike either way (-0.002 against
    # +0.001 of a match a decision, each +- 0.004). With so few deals a chance of 0 or 1 a
    # deal lets a single deal move Hard off the largest play
    play_for_match: bool = False
    # draw-until-able: while every opponent holds more than this many cards, put down one
    # card a turn and hold the rest back (None: never). Each card put down may let an
    # opponent play instead of drawing, and a card held back is next turn's play without
    # a draw; once an opponent is close, the race is for the cards left in hand and the
    # largest play (weighed by the rollouts) goes down. Against two Mediums in Shanghai
    # (300 paired matches, tuning seeds 50000-50299, a Medium taking this one rule and no
    # rollouts) it finished ahead of each Medium 52.2% against 46.1% for a Medium in its
    # seat (+6.1 +- 2.6 points, paired); holding back above 2 cards: +5.0; always one
    # card: -14.5 (at the hand's end the cards left count); holding back one card of the
    # largest play while far: -1.0, one card while its own hand is large: +1.5. Not under
    # a points scoring (Manipulation), where it lost: Hard against two Mediums, tuning seeds
    # 50000-50149, 45.8% ahead of each with it against 53.2% without
    hold_above: int | None = 4


class HardPlayer(ComputerPlayer):
    level = "hard"

    def __init__(self, seed: int = 0, tuning: Tuning | None = None,
                 deals: DealSource | None = None, ways: Ways | None = None) -> None:
        super().__init__(seed)
        self.tuning = tuning or Tuning()
        # the ways of choosing it keeps (None: those measured to gain in the variant played,
        # ``measured.MEASURED``; elsewhere it makes Medium's choice)
        self.ways = ways
        self.sampler = HandSampler(self.rng)
        # what the draw-until-able rollouts play out on (None: as ``Tuning.read_hands`` says)
        self.deals = deals
        self._work = Work(0)  # this decision's budget (``Tuning.cutoff``)

    # --- plays

    def choose_play(self, view: PlayerView) -> Decision | None:
        self._work = Work(self.tuning.cutoff)
        points = self._points_count(view)
        first_work = Work()  # each search for the largest play has a budget of its own
        try:
            most = solution_for(view, objective="cards", timeout_is_none=False,
                                work=first_work.part(plays.PLAY_WORK))
        except TimeoutError:  # the search ran out of work: a simple play, if there is one
            return self._free_only(view) or simple_play(view)
        if most is None:
            return self._free_only(view)
        if len(most.played) == len(view.hand):
            return as_decision(view, most, "going out")
        ways = self.ways or ways_for(view.variant)
        if view.variant.draws_until_able and ways.hold_back and self._holding_back(view, most):
            single = solution_for(view, objective="cards", exactly=1,
                                  work=self._work.part(plays.PLAY_WORK))
            if single is not None:
                return as_decision(view, single, "one card, the rest held back")
        if view.variant.draws_until_able and not ways.roll_out:
            # measured to gain nothing here: Medium's choice (the same search, its budget)
            return as_decision(view, most, "largest play")
        if self.tuning.rollouts and view.variant.draws_until_able:
            return self._rolled_out(view, most)
        first = self._first_choice(view, most, points, first_work)
        self._work.spend(first_work.spent)  # it counts towards the decision's budget
        if view.variant.draws_before_meld and not view.final_round:
            return self._carousel_meld(view, first)
        if view.variant.draws_before_meld or view.final_round or not self.tuning.look:
            return as_decision(view, first, "lowering the count" if points else "largest play")
        candidates = self._candidates(view, first, points)
        if len(candidates) == 1:
            return as_decision(view, first, "largest play")
        hands = {seat: self.sampler.sample(view, hand_model(view, seat), self.tuning.samples,
                                           self._work, self.tuning.budget)
                 for seat in opponents(view)[:1]}
        scores = weigh(view, candidates, hands, self.tuning.race_slope, self._work,
                       self.tuning.budget)
        if self._shedding(view):
            scores = self._expected_points(view, candidates, scores)
        best = max(range(len(candidates)), key=lambda i: (scores[i], -candidates[i].left))
        chosen = candidates[best]
        if chosen.play is None:
            return None
        return as_decision(view, chosen.play, f"{chosen.label} ({scores[best]:.2f})")

    def _rolled_out(self, view: PlayerView, most: FoundPlay) -> Decision:
        """Draw-until-able: the candidate play that leaves the lowest penalty against the
        others' when the hand is played out on sampled deals (see ``rollouts``)."""
        options, weighing = self.weigh_candidates(view, most)
        if weighing is None:
            return as_decision(view, options[0], "largest play")
        best = weighing.choice(self.tuning.rollout_margin)
        return as_decision(view, options[best], f"played out ({weighing.mean(best):+.2f})")

    def _holding_back(self, view: PlayerView, most: FoundPlay) -> bool:
        """Draw-until-able: put down a single card while every opponent is far from going
        out (``Tuning.hold_above``), unless the points left in hand count: then what is
        held back may cost its points when someone goes out."""
        if self.tuning.hold_above is None or len(most.played) < 2 \
                or self._points_count(view):
            return False
        return min((view.hand_counts[s] for s in opponents(view)), default=0) \
            > self.tuning.hold_above

    def weigh_candidates(self, view: PlayerView,
                         most: FoundPlay) -> tuple[list[FoundPlay], Weighing | None]:
        """The candidate plays, the largest first, and their outcomes on the sampled deals
        there was work for (None: only one candidate, or no deal done). Under a points
        scoring the largest is, of the plays putting down as many cards as ``most``, the
        one shedding the most points: as many cards leave the hand, and less is left to
        count if the hand ends. The searches spend a decision's budget of their own
        (``Tuning.cutoff``)."""
        self._work = Work(self.tuning.cutoff)
        points = self._points_count(view)
        objective = "points" if points else "cards"
        if points and len(most.played) > 1:
            most = solution_for(view, objective="points", exactly=len(most.played),
                                work=self._work.part(plays.PLAY_WORK)) or most
        options = [most]
        kept = {frozenset(c.face for c in most.played)}

        def consider(keep: tuple[Card, ...] = (), exactly: int | None = None,
                     by: str = objective) -> None:
            found = solution_for(view, objective=by, keep=keep, exactly=exactly,
                                 work=self._work.part(plays.PLAY_WORK))
            if found is None:
                return
            faces = frozenset(c.face for c in found.played)
            if faces not in kept:
                kept.add(faces)
                options.append(found)

        if points:
            consider(by="points")
        for card in most.played[:self.tuning.alternatives]:
            consider(keep=(card,))
        if len(most.played) > 1:
            consider(exactly=1)
        if len(options) == 1:
            return options, None
        work = Work(self.tuning.rollout_cutoff)
        source = self.deals or (sample_deals if self.tuning.read_hands else random_deals)
        deals = source(view, self.rng, self.tuning.rollout_deals, self.sampler, self._work,
                       self._work.spent + self.tuning.rollout_sampling)
        return options, weigh_by_rollouts(view, options, deals, work,
                                          self.tuning.rollout_budget,
                                          for_match=self.tuning.play_for_match)

    def _carousel_meld(self, view: PlayerView, first: FoundPlay) -> Decision | None:
        """Meld now, or draw again when one more card is expected to leave a better turn's
        end (``carousel.turn_worth``: a lower count, or a knock or going out; None: draw)."""
        now = value_after(view, first)
        limit = knock_limit(view)
        if "draw" in view.legal and not (limit is not None and now <= limit):
            if self._holding_meld(view):
                return None
            bonus = EndBonus(self.tuning.carousel_knock_bonus, self.tuning.carousel_out_bonus)
            later = draw_again_worth(view, self.rng, self.tuning.carousel_draws, self._work,
                                     bonus)
            worth_now = turn_worth(now, len(view.hand) - len(first.played), limit, bonus)
            if later is not None and later > worth_now + self.tuning.carousel_margin:
                return None
        return as_decision(view, first, f"meld down to {now}")

    def _holding_meld(self, view: PlayerView) -> bool:
        """Carousel: hold a meld that neither knocks nor goes out, drawing the turn's last
        card instead, when it is the turn's last chance to meld and the deal is near its end
        (``Tuning.carousel_hold_cards``, ``carousel_hold_stock``)."""
        if not next_draw_is_last(view):
            return False
        cards, stock = self.tuning.carousel_hold_cards, self.tuning.carousel_hold_stock
        near = min((view.hand_counts[s] for s in opponents(view)), default=99)
        return (cards is not None and near <= cards) \
            or (stock is not None and view.stock_size <= stock)

    def _first_choice(self, view: PlayerView, most: FoundPlay, points: bool,
                      work: Work) -> FoundPlay:
        """The largest play: by points under a points scoring, keeping jokers in hand when
        they are worth more there (each search ``plays.PLAY_WORK``, spent from ``work``)."""
        first = most
        if points:
            first = solution_for(view, objective="points",
                                 work=work.part(plays.PLAY_WORK)) or most
        if self._keep_jokers(view) and any(c.is_joker for c in first.played):
            other = solution_for(view, objective="points" if points else "cards",
                                 keep_jokers=True, work=work.part(plays.PLAY_WORK))
            if other is not None:
                first = other
        return first

    def _candidates(self, view: PlayerView, first: FoundPlay, points: bool) -> list[Candidate]:
        """The largest play, the largest plays holding back one of its cards, and a draw."""
        candidates = [Candidate("largest play", first, self._race_count(view, first, first))]
        seen = {frozenset(first.played)}
        objective = "points" if points else "cards"
        for card in first.played[:self.tuning.alternatives]:
            if self._work.spent >= self.tuning.budget:
                break
            other = solution_for(view, objective=objective, keep=[card],
                                 keep_jokers=self._keep_jokers(view), work=self._work)
            if other is None or frozenset(other.played) in seen:
                continue
            seen.add(frozenset(other.played))
            candidates.append(Candidate(f"holding {card} back", other,
                                        self._race_count(view, other, first)))
        if view.table.free and self._work.spent < self.tuning.budget:
            free = solution_for(view, exactly=0, work=self._work)
            if free is not None:
                candidates.append(Candidate("free cards only", free,
                                            self._race_count(view, free, first)))
        if "draw" in view.legal:
            candidates.append(Candidate("drawing instead", None,
                                        self._race_count(view, None, first)))
        return candidates

    def _expected_points(self, view: PlayerView, candidates: list[Candidate],
                         chances: list[float]) -> list[float]:
        """Under a points scoring the race is not all: a move that wins it less often may
        still cost less when it is lost. Each candidate's expected points: winning takes
        the opponents' hands (their sizes times the mean unseen card), losing costs the
        points it leaves in hand (and, drawing, a card more)."""
        pool = unseen_cards(view)
        mean = hand_value(view.variant.scoring, pool) / len(pool) if pool else 0.0
        gain = mean * sum(view.hand_counts[s] for s in opponents(view))
        out = []
        for candidate, chance in zip(candidates, chances, strict=True):
            cost = value_after(view, candidate.play) + (mean if candidate.play is None else 0)
            out.append(chance * gain - (1 - chance) * cost)
        return out

    def _race_count(self, view: PlayerView, found: FoundPlay | None, first: FoundPlay) -> float:
        """The cards a move leaves, as the race counts them. When one hand decides the
        match, only going out counts, and a card the largest play puts down but this move
        keeps back counts ``held_weight``: it can still go down on a later turn, with no
        draw, and meanwhile it helps no opponent. The rest count whole."""
        held = len(first.played) - (0 if found is None else len(found.played))
        weight = self.tuning.held_weight if view.variant.match_hands == 1 else 1.0
        return self._left(view, found) - (1 - weight) * max(0, held)

    def _left(self, view: PlayerView, found: FoundPlay | None) -> int:
        """Cards in hand after this play (None: drawing), with the draws that follow it
        (the engine's ``hand_after_move``: no more than the stock holds)."""
        return hand_after_move(view.variant, view.stock_size, len(view.hand),
                               None if found is None else len(found.played))

    def _free_only(self, view: PlayerView) -> Decision | None:
        """Tahiti: a play of free cards only (the hand keeps everything)."""
        if not view.table.free:
            return None
        found = solution_for(view, exactly=0)
        return None if found is None else as_decision(view, found, "free cards only")

    def _shedding(self, view: PlayerView) -> bool:
        """Is the hand's penalty near? Under a points scoring, when an opponent may go out
        soon: its moves are then weighed by the points they leave as well as the race."""
        if not self._points_count(view):
            return False
        return min((view.hand_counts[s] for s in opponents(view)), default=99) \
            <= self.tuning.shed_near

    def _keep_jokers(self, view: PlayerView) -> bool:
        return self.tuning.keep_jokers and view.variant.has_jokers \
            and not (view.variant.scoring in JOKERS_COST and self._points_count(view))

    def _points_count(self, view: PlayerView) -> bool:
        """Do the points left in hand count? Under a points scoring, unless one hand is the
        whole match: then whoever goes out wins whatever the others hold (the count only
        decides a hand that ends on an empty stock), so it is a race of cards."""
        if view.variant.scoring not in POINTS_SCHEMES:
            return False
        return not (self.tuning.race_single_hand and view.variant.match_hands == 1)

    # --- non-play choices

    def want_knock(self, view: PlayerView) -> bool:
        """Knock when the points expected from it, over sampled opponent hands, are worth
        more than the chance of being undercut."""
        return knock_worth(view, self.rng) > self.tuning.knock_margin

    def want_extra_draw(self, view: PlayerView) -> bool:
        """Robber's: the optional card only adds to the hand."""
        return False
