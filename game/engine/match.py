"""A match: hands dealt from a seeded deck, the turn structures of RULES.md section 3, the end
of a hand (section 4), scoring (section 5) and match play.

Every action goes through ``verify`` (raises ``IllegalAction`` naming the rule), ``can``
(for the UI) and ``apply`` (verify, change the state, append to the log). The log and
the seed are the save format: replaying them rebuilds the state exactly.
"""

from __future__ import annotations

import copy
import hashlib
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from game.engine import save_format
from game.engine.actions import (
    Abandon,
    Action,
    ActionKind,
    Draw,
    EndTurn,
    Knock,
    NextHand,
    NotPlaying,
    Pass,
    Play,
    StartPlay,
    action_from_json,
)
from game.engine.cards import Card, shuffled_deck
from game.engine.deal import deal_problem
from game.engine.draft import TurnDraft
from game.engine.draws import turn_draw
from game.engine.errors import IllegalAction, OptionError
from game.engine.melds import check_meld
from game.engine.oracle import MissingOracle, PlayOracle
from game.engine.scoring import (
    HandResult,
    MatchResult,
    Points,
    exact,
    match_over,
    match_result,
    points_json,
    score_hand,
)
from game.engine.serial import card_to_json
from game.engine.table import Table
from game.engine.turn import TurnCheck, check_turn
from game.engine.turn_order import kind_problem, legal_kinds
from game.engine.variants import Family, StockOut, Variant, get_variant
from game.i18n import _


@dataclass(frozen=True)
class TurnRecord:
    """One finished turn, as everyone saw it: for 'show last turn' and animation."""

    player: int
    before: Table
    after: Table
    played: tuple[Card, ...]
    drawn: int
    ended_by: str  # play, draw, pass, knock, abandon, out


@dataclass
class DealState:
    """Everything about the deal being played. Hidden parts: ``stock`` order, others' hands."""

    number: int
    stock: list[Card]
    hands: list[list[Card]]
    table: Table
    opened: list[bool]
    current: int
    draws: int = 0  # cards drawn this turn
    played: bool = False  # a play committed this turn
    started: bool = False  # a play started this turn (StartPlay): giving up costs the penalty
    passes: int = 0  # passes in a row
    last_drawer: int | None = None  # who drew the last stock card (last_round rule)
    final_turns: int | None = None  # turns left in the last round
    turn_start: Table = field(default_factory=Table)
    turn_played: list[Card] = field(default_factory=list)
    result: HandResult | None = None
    turns: list[TurnRecord] = field(default_factory=list)

    def copy(self) -> DealState:
        """An independent copy: every list is new; what they hold (cards, tables, turn
        records, results) is immutable and shared."""
        return replace(self, stock=list(self.stock), hands=[list(h) for h in self.hands],
                       opened=list(self.opened), turn_played=list(self.turn_played),
                       turns=list(self.turns))


@dataclass(frozen=True)
class PlayerView:
    """What one seat may see. Computer players get only this."""

    seat: int
    variant: Variant
    names: tuple[str, ...]
    hand: tuple[Card, ...]
    hand_counts: tuple[int, ...]
    table: Table
    stock_size: int
    totals: tuple[Points, ...]
    current: int
    legal: tuple[str, ...]  # action kinds the seat may take now (empty if not its turn)
    opened: tuple[bool, ...]
    hand_number: int
    draws_this_turn: int
    played_this_turn: bool
    final_round: bool
    turn_start: Table
    turns: tuple[TurnRecord, ...]  # this hand's finished turns, public facts only
    hand_result: HandResult | None
    match_result: MatchResult | None
    history: tuple[HandResult, ...]

    @property
    def players(self) -> int:
        return len(self.names)


class Match:
    def __init__(self, variant_id: str, players: int, seed: int,
                 options: dict[str, object] | None = None,
                 names: Sequence[str] | None = None, oracle: PlayOracle | None = None) -> None:
        """``oracle`` answers the must-play rule's question (see ``game.engine.oracle``): a
        variant with that rule needs one (``MissingOracle`` otherwise); others ignore it."""
        self.variant_id = variant_id
        self.options = dict(options or {})
        self.variant = get_variant(variant_id, self.options)
        if not self.variant.min_players <= players <= self.variant.max_players:
            raise IllegalAction(_("{game} is for {low}-{high} players, not {n}").format(
                game=_(self.variant.name), low=self.variant.min_players,
                high=self.variant.max_players, n=players))
        problem = deal_problem(self.variant, players)
        if problem:  # never a smaller deal than the rules text says: refused, with why
            raise OptionError(problem)
        self.players = players
        self.seed = seed
        self.names = tuple(names) if names else tuple(f"Player {i + 1}" for i in range(players))
        if len(self.names) != players:
            raise IllegalAction(_("{n} players need {n} names").format(n=players))
        if self.variant.must_play_if_able and oracle is None:
            raise MissingOracle(
                f"{self.variant.name} has the must-play rule: its match needs a PlayOracle "
                "(game.solver.PLAY_ORACLE is the solver's)")
        self.oracle = oracle
        self.log: list[Action] = []
        self.totals: list[Points] = [0] * players
        self.deals_won = [0] * players
        self.history: list[HandResult] = []
        self.result: MatchResult | None = None
        self._can_play_cache: tuple[Table, tuple[Card, ...], bool, bool | None] | None = None
        self._unsettled_asked = False  # the last verify met an unsettled must-play question
        self.deal = self._deal(0)

    # --- dealing

    def _deal(self, number: int) -> DealState:
        packs, jokers = self.variant.deck_for(self.players)
        deck = shuffled_deck(packs, jokers, seed=_hand_seed(self.seed, number))
        size = self.variant.hand_size  # the deck holds them: see ``deal_problem``
        hands = [deck[seat * size:(seat + 1) * size] for seat in range(self.players)]
        rest = deck[size * self.players:]
        free = tuple(rest[:self.variant.free_cards])
        stock = rest[self.variant.free_cards:]
        first = number % self.players
        table = Table((), free, {})
        opened = [not self.variant.initial_meld.required] * self.players
        return DealState(number, stock, [list(h) for h in hands], table, opened, first,
                         turn_start=table)

    # --- questions

    @property
    def family(self) -> Family:
        """The family: manipulation (see ``game.engine.protocol.GameState``)."""
        return self.variant.family

    @property
    def current(self) -> int:
        return self.deal.current

    @property
    def awaiting(self) -> int:
        """The seat whose action the match needs: always the player in turn here."""
        return self.deal.current

    @property
    def over(self) -> bool:
        return self.result is not None

    @property
    def hand_over(self) -> bool:
        return self.deal.result is not None

    def can_play_now(self, player: int | None = None) -> bool:
        """Could ``player`` (default: the one in turn) legally add at least one card?

        The match's ``PlayOracle`` answers. If it cannot settle the question within its
        budget (an exotic combination of joker options), the player is treated as unable,
        so the game goes on with a draw rather than stopping (and the draw records it: see
        ``apply``). ``MissingOracle`` for a match created without one."""
        return self._can_play_answer(player) is True

    def _can_play_answer(self, player: int | None = None) -> bool | None:
        """``can_play_now``'s answer, None when the search could not settle it. The answer
        for the last position asked is kept: the legal-action list asks it for several
        action kinds at once."""
        if self.oracle is None:
            raise MissingOracle("this match was created without a PlayOracle: it cannot "
                                "tell whether a player can play")
        seat = self.current if player is None else player
        h = self.deal
        hand = tuple(h.hands[seat])
        cached = self._can_play_cache
        if cached is not None and cached[0] is h.table and cached[1:3] == (hand, h.opened[seat]):
            return cached[3]
        able = self.oracle.can_play(self.variant, h.table, hand, h.opened[seat])
        self._can_play_cache = (h.table, hand, h.opened[seat], able)
        return able

    def legal_kinds(self) -> tuple[str, ...]:
        """The action kinds the player in turn may take now."""
        return legal_kinds(self)

    def must_play_problem(self, unsettled: bool = False) -> str | None:
        """Why the must-play rule forbids not playing now (None when it does not); a
        question the search cannot settle is noted (see ``apply``) and forbids nothing."""
        if not self.variant.must_play_if_able or unsettled:
            return None
        able = self._can_play_answer()
        if able is None:
            self._unsettled_asked = True
            return None
        return _("you can play, so you must play at least one card") if able else None

    def verify(self, action: Action) -> None:
        self._verified(action)

    def _verified(self, action: Action) -> TurnCheck | None:
        """``verify``, returning a play's turn check, which ``apply`` passes on rather
        than make again."""
        self._unsettled_asked = False
        if action.kind == ActionKind.NEXT_HAND or self.deal.result is not None:
            # a hand over (or the match) is the reason, not whose turn it was
            problem = kind_problem(self, action.kind)
        elif action.player != self.deal.current:
            problem = _("it is {name}'s turn").format(name=self.names[self.deal.current])
        else:
            problem = kind_problem(self, action.kind,
                                   isinstance(action, NotPlaying) and action.unsettled)
        if problem:
            raise IllegalAction(problem, rule=action.kind)
        if not isinstance(action, Play):
            return None
        h = self.deal
        result = check_turn(self.variant, h.table, h.hands[h.current], action.table,
                            h.opened[h.current])
        if not result.ok:
            raise IllegalAction(list(result.problems))
        return result

    def can(self, action: Action) -> bool:
        try:
            self.verify(action)
        except IllegalAction:
            return False
        return True

    # --- applying

    def apply(self, action: Action) -> None:
        """Verify and apply an action, and log it. A refused action changes nothing. A
        draw (pass, abandon) that the must-play rule allowed only because the search could
        not settle the question is logged saying so, and replays without asking."""
        check = self._verified(action)
        if self._unsettled_asked and isinstance(action, NotPlaying) and not action.unsettled:
            action = replace(action, unsettled=True)
        EFFECTS[action.kind](self, action, check)
        self.log.append(action)

    def play(self, table: Table) -> None:
        self.apply(Play(self.current, table))

    def draw(self) -> None:
        self.apply(Draw(self.current))

    def knock(self) -> None:
        self.apply(Knock(self.current))

    def pass_turn(self) -> None:
        self.apply(Pass(self.current))

    def end_turn(self) -> None:
        self.apply(EndTurn(self.current))

    def abandon(self) -> None:
        self.apply(Abandon(self.current))

    def next_hand(self) -> None:
        self.apply(NextHand(None))

    def _take(self, count: int) -> int:
        h = self.deal
        taken = 0
        for _step in range(count):
            if not h.stock:
                break
            h.hands[h.current].append(h.stock.pop())
            taken += 1
        if taken and not h.stock and h.last_drawer is None:
            h.last_drawer = h.current
        return taken

    def _do_play(self, action: Play, result: TurnCheck | None) -> None:
        assert result is not None  # verify made it for the play
        h, v = self.deal, self.variant
        seat = h.current
        played = set(result.played)
        h.hands[seat] = [c for c in h.hands[seat] if c not in played]
        h.table = result.table  # type: ignore[assignment]
        h.turn_played.extend(result.played)
        h.opened[seat] = True
        h.played = True
        h.passes = 0
        if not h.hands[seat]:
            self._end_turn("out")
            self._finish_hand("out", seat)
            return
        if h.final_turns is not None:
            self._end_turn("play")
            return
        if v.draws_before_meld:
            # the turn stays open only for a knock after the meld
            if kind_problem(self, ActionKind.KNOCK) is not None:
                self._end_turn("play")
        elif v.play_draw_play:
            if h.draws:
                self._end_turn("play")
        else:
            self._end_turn("play", self._take(turn_draw(v, len(h.stock), played=True)))

    def _do_draw(self, action: Draw, check: TurnCheck | None) -> None:
        h, v = self.deal, self.variant
        h.passes = 0
        drawn = self._take(turn_draw(v, len(h.stock), played=False))
        if v.cards_per_draw > 1:  # one draw of several cards ends the turn (Guadalupe)
            self._end_turn("draw", drawn)
            return
        h.draws += drawn
        if v.draws_before_meld:
            if h.draws >= v.carousel_draws:
                self._end_turn("draw")
        elif v.play_draw_play:
            if not h.played:
                self._end_turn("draw")
        elif not v.draws_until_able:  # else the same player goes on: play if able, or draw
            self._end_turn("draw")

    def _do_start_play(self, action: StartPlay, check: TurnCheck | None) -> None:
        self.deal.started = True

    def _do_abandon(self, action: Abandon, check: TurnCheck | None) -> None:
        self.deal.passes = 0
        self._end_turn("abandon", self._take(self.variant.abandon_penalty))

    def _do_knock(self, action: Knock, check: TurnCheck | None) -> None:
        seat = self.deal.current
        self._end_turn("knock")
        self._finish_hand("knock", seat)

    def _do_pass(self, action: Pass, check: TurnCheck | None) -> None:
        h = self.deal
        if h.final_turns is None:
            h.passes += 1
        self._end_turn("pass")
        if h.result is None and h.final_turns is None and h.passes >= self.players:
            self._finish_hand("stock_out", None)

    def _do_end_turn(self, action: EndTurn, check: TurnCheck | None) -> None:
        self._end_turn("play" if self.deal.played else "draw")

    def _do_next_hand(self, action: NextHand, check: TurnCheck | None) -> None:
        self.deal = self._deal(self.deal.number + 1)

    def _end_turn(self, ended_by: str, extra_drawn: int = 0) -> None:
        h, v = self.deal, self.variant
        seat = h.current
        h.turns.append(TurnRecord(seat, h.turn_start, h.table, tuple(h.turn_played),
                                  h.draws + extra_drawn, ended_by))
        if ended_by in ("out", "knock"):
            return
        if h.final_turns is not None:
            h.final_turns -= 1
            if h.final_turns <= 0:
                self._finish_hand("stock_out", None)
                return
        elif v.stock_out is StockOut.LAST_ROUND and h.last_drawer == seat:
            # the player who drew the last card did not knock: everyone, ending with
            # that player, has one more turn to meld without drawing
            h.final_turns = self.players
        h.current = (seat + 1) % self.players
        h.draws = 0
        h.played = False
        h.started = False
        h.turn_start = h.table
        h.turn_played = []

    def _finish_hand(self, reason: str, ender: int | None) -> None:
        h = self.deal
        result = score_hand(self.variant, h.hands, reason, ender)
        h.result = result
        self.history.append(result)
        for seat, points in enumerate(result.points):
            self.totals[seat] = exact(self.totals[seat] + points)
        for seat in result.winners:
            self.deals_won[seat] += 1
        if match_over(self.variant, self.totals, len(self.history)):
            self.result = match_result(self.variant, self.totals, self.deals_won)

    # --- views, drafts, checks

    def view(self, seat: int) -> PlayerView:
        h = self.deal
        legal = self.legal_kinds() if seat == h.current or h.result is not None else ()
        return PlayerView(
            seat=seat, variant=self.variant, names=self.names, hand=tuple(h.hands[seat]),
            hand_counts=tuple(len(x) for x in h.hands), table=h.table,
            stock_size=len(h.stock), totals=tuple(self.totals), current=h.current,
            legal=legal, opened=tuple(h.opened), hand_number=h.number,
            draws_this_turn=h.draws, played_this_turn=h.played,
            final_round=h.final_turns is not None, turn_start=h.turn_start,
            turns=tuple(h.turns), hand_result=h.result, match_result=self.result,
            history=tuple(self.history),
        )

    def draft(self) -> TurnDraft:
        """A fresh draft of the current player's turn."""
        h = self.deal
        return TurnDraft(self.variant, h.table, tuple(h.hands[h.current]),
                         h.opened[h.current])

    def check_invariants(self) -> list[str]:
        """Broken invariants (empty when all hold): every card in exactly one place, and
        every table meld valid."""
        h = self.deal
        problems: list[str] = []
        places = list(h.stock) + [c for hand in h.hands for c in hand] + list(h.table.cards())
        packs, jokers = self.variant.deck_for(self.players)
        expected = sorted(shuffled_deck(packs, jokers, 0))
        if sorted(places) != expected:
            problems.append("the cards in stock, hands and table are not exactly the deck")
        for index, meld in enumerate(h.table.melds):
            verdict = check_meld(meld, self.variant, h.table.declared)
            if not verdict.ok:
                problems.append(f"table meld {index + 1} is invalid: {verdict.reason}")
        return problems

    # --- persistence

    def state_json(self) -> dict[str, Any]:
        """The full state, hidden parts included, in a canonical JSON form."""
        h = self.deal
        return {
            "hand": h.number, "current": h.current, "stock": [card_to_json(c) for c in h.stock],
            "hands": [[card_to_json(c) for c in hand] for hand in h.hands],
            "table": h.table.to_json(), "opened": list(h.opened), "draws": h.draws,
            "played": h.played, "started": h.started, "passes": h.passes,
            "last_drawer": h.last_drawer,
            "final_turns": h.final_turns,
            "hand_result": h.result.to_json() if h.result else None,
            "totals": [points_json(t) for t in self.totals], "deals_won": list(self.deals_won),
            "history": [r.to_json() for r in self.history],
            "over": self.over,
        }

    def digest(self) -> str:
        text = json.dumps(self.state_json(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()

    def to_json(self) -> dict[str, Any]:
        """The versioned save (``game.engine.save_format``)."""
        return save_format.match_json(self)

    @classmethod
    def from_json(cls, data: object, oracle: PlayOracle | None = None) -> Match:
        """The match a save holds, replayed with ``oracle``; ``SaveError`` says what is
        wrong."""
        def create(variant_id: str, players: int, seed: int, options: dict[str, Any],
                   names: Sequence[str] | None) -> Match:
            return cls(variant_id, players, seed, options, names, oracle)

        return save_format.replay_saved(data, Family.MANIPULATION, create,
                                           action_from_json)

    @classmethod
    def at_position(cls, variant: Variant, names: Sequence[str], deal: DealState,
                    totals: Sequence[Points] = (), history: Sequence[HandResult] = (),
                    oracle: PlayOracle | None = None) -> Match:
        """A match standing at ``deal`` (every card placed: hands, stock, table), with the
        match so far given by its ``totals`` and finished ``history``: a position to play
        on, not a replay (no seed, an empty log, so it cannot be saved). The computer
        players build one from what a seat sees and a guess at the hidden cards
        (``game.ai.resample``), so the rules that play it on are the engine's."""
        match = cls.__new__(cls)
        match.variant_id = variant.id
        match.options = {}
        match.variant = variant
        match.players = len(names)
        match.seed = 0
        match.names = tuple(names)
        if variant.must_play_if_able and oracle is None:
            raise MissingOracle(f"{variant.name} has the must-play rule: a position needs a "
                                "PlayOracle")
        match.oracle = oracle
        match.log = []
        match.totals = list(totals) or [0] * match.players
        match.history = list(history)
        match.deals_won = [sum(seat in result.winners for result in match.history)
                           for seat in range(match.players)]
        match.result = None
        if match.history and match_over(variant, match.totals, len(match.history)):
            match.result = match_result(variant, match.totals, match.deals_won)
        match._can_play_cache = None
        match._unsettled_asked = False
        match.deal = deal
        return match

    def clone(self) -> Match:
        """An independent copy with the same oracle: the state is copied (immutable parts
        such as the variant, tables and the logged actions shared), not the log replayed."""
        twin = copy.copy(self)
        twin.options = dict(self.options)
        twin.log = list(self.log)
        twin.totals = list(self.totals)
        twin.deals_won = list(self.deals_won)
        twin.history = list(self.history)
        twin.deal = self.deal.copy()
        return twin


#: what each kind of action does, once verified (``check``: a play's turn check)
EFFECTS: dict[str, Callable[[Match, Any, TurnCheck | None], None]] = {
    ActionKind.PLAY: Match._do_play,
    ActionKind.DRAW: Match._do_draw,
    ActionKind.KNOCK: Match._do_knock,
    ActionKind.PASS: Match._do_pass,
    ActionKind.END_TURN: Match._do_end_turn,
    ActionKind.ABANDON: Match._do_abandon,
    ActionKind.START_PLAY: Match._do_start_play,
    ActionKind.NEXT_HAND: Match._do_next_hand,
}


def _hand_seed(seed: int, number: int) -> int:
    digest = hashlib.sha256(f"{seed}/{number}".encode()).digest()
    return int.from_bytes(digest[:8], "big")
