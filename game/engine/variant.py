"""The ``Variant`` type: one frozen value per game, every parameter of RULES.md section 2 a
typed field (the enums and text values here). Rule code reads these fields and never looks
at a variant's id or name.

The bottom of the variant modules: ``game.engine.options`` (house-rule options) and
``game.engine.variants`` (the built-in variants and their registry) build on it, and it
imports neither.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from game.engine.contract.params import ContractRules


class AceMode(StrEnum):
    LOW = "low"
    HIGH = "high"
    EITHER = "either"
    AROUND = "around"


class JokerIdentity(StrEnum):
    FIXED = "fixed"  # declared as one card when played, kept until released
    FREE = "free"  # wild: stands for any card that makes its meld valid


class JokerMoves(StrEnum):
    KEEP_IDENTITY = "keep_identity"
    NEVER = "never"


class ReleaseFrom(StrEnum):
    HAND = "hand"
    HAND_OR_TABLE = "hand_or_table"


class TurnStructure(StrEnum):
    PLAY_OR_DRAW = "play_or_draw"
    CAROUSEL = "carousel"
    GUADALUPE = "guadalupe"
    DRAW_UNTIL_ABLE = "draw_until_able"
    ROBBERS = "robbers"
    CONTRACT = "contract"


class StockOut(StrEnum):
    LAST_ROUND = "last_round"
    PASS_UNTIL_ALL_PASS = "pass_until_all_pass"


class Scoring(StrEnum):
    CARDS_COUNT = "cards_count"
    TAHITI = "tahiti"
    MANIPULATION = "manipulation"
    NONE = "none"
    CAROUSEL_SCARNE = "carousel_scarne"
    CAROUSEL_CULBERTSON = "carousel_culbertson"
    CONTRACT = "contract"

    @property
    def higher_wins(self) -> bool:
        """Does the highest total win the match? Carousel scores what a winner takes and
        "none" counts deals won; the other schemes are penalties, lowest total wins."""
        return self in (Scoring.CAROUSEL_SCARNE, Scoring.CAROUSEL_CULBERTSON, Scoring.NONE)

    @property
    def is_carousel(self) -> bool:
        return self in (Scoring.CAROUSEL_SCARNE, Scoring.CAROUSEL_CULBERTSON)


class TableLayout(StrEnum):
    MIXED = "mixed"
    SETS_AND_RUNS_APART = "sets_and_runs_apart"


class KnockWhen(StrEnum):
    AFTER_MELD = "after_meld"  # after drawing one or two cards (and melding if able)
    START_OF_TURN = "start_of_turn"  # instead of drawing


class Family(StrEnum):
    # the table may be rearranged (game.engine.match)
    MANIPULATION = "manipulation"
    # Shanghai Rummy's rounds of contracts, discard pile and buying (game.engine.contract)
    CONTRACT = "contract"


# The value lists of the text forms, as the option specs and older callers name them.
ACE_MODES = tuple(AceMode)
JOKER_IDENTITIES = tuple(JokerIdentity)
JOKER_MOVES = tuple(JokerMoves)
JOKER_RELEASE_FROM = tuple(ReleaseFrom)
TURN_STRUCTURES = tuple(TurnStructure)
STOCK_OUT = tuple(StockOut)
SCORING = tuple(Scoring)
FAMILIES = tuple(Family)
TABLE_LAYOUTS = tuple(TableLayout)
KNOCK_WHEN = tuple(KnockWhen)
# Turn structures where a player chooses between playing and drawing, so giving up a
# started play can cost more than the draw (RULES.md 2, abandon_penalty). In Carousel the
# draws come first, and in Shanghai and Manipulation a player who can meld must.
ABANDON_TURNS = (TurnStructure.PLAY_OR_DRAW, TurnStructure.GUADALUPE, TurnStructure.ROBBERS)


class InitialMeldKind(StrEnum):
    NONE = "none"
    COMPLETE_MELD = "complete_meld_from_hand"
    RUN_OF_3 = "run_of_3_from_hand"
    POINTS = "points"


class _TextValue:
    """A typed value whose option text (``str(value)``) is what saves, presets and the
    CLI hold. It equals that text too, so code written against the text still compares
    right while it moves to the typed fields."""

    def __eq__(self, other: object) -> bool:
        if isinstance(other, str):
            return str(self) == other
        if type(other) is type(self):
            return str(self) == str(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(str(self))


@dataclass(frozen=True, eq=False)
class InitialMeld(_TextValue):
    """The first-play condition (RULES.md 2, ``initial_meld``): none, a complete meld from
    hand, a run of three from hand, or melds from hand worth ``points``."""

    kind: InitialMeldKind = InitialMeldKind.NONE
    points: int = 0  # only for POINTS

    @classmethod
    def parse(cls, text: str) -> InitialMeld:
        """``none``, ``complete_meld_from_hand``, ``run_of_3_from_hand`` or ``points:N``;
        ValueError otherwise (the range of N is the option spec's to check)."""
        kind, sep, number = text.strip().lower().partition(":")
        if sep and kind == InitialMeldKind.POINTS:
            return cls(InitialMeldKind.POINTS, int(number))
        if not sep and kind in tuple(InitialMeldKind) and kind != InitialMeldKind.POINTS:
            return cls(InitialMeldKind(kind))
        raise ValueError(text)

    def __str__(self) -> str:
        if self.kind is InitialMeldKind.POINTS:
            return f"points:{self.points}"
        return self.kind.value

    @property
    def required(self) -> bool:
        """Must a player meet a condition before touching the table?"""
        return self.kind is not InitialMeldKind.NONE

    @property
    def points_needed(self) -> int | None:
        return self.points if self.kind is InitialMeldKind.POINTS else None


class MatchKind(StrEnum):
    HANDS = "hands"  # a fixed number of hands
    TARGET = "target"  # until a player's total reaches a target


@dataclass(frozen=True, eq=False)
class MatchLength(_TextValue):
    """How long a match lasts: ``hands:N`` or ``target:N`` (``single`` is ``hands:1``)."""

    kind: MatchKind = MatchKind.HANDS
    count: int = 1

    @classmethod
    def parse(cls, text: str) -> MatchLength:
        """``single``, ``hands:N`` or ``target:N``; ValueError otherwise."""
        text = text.strip().lower()
        if text == "single":
            return cls(MatchKind.HANDS, 1)
        kind, sep, number = text.partition(":")
        if sep and kind in tuple(MatchKind):
            return cls(MatchKind(kind), int(number))
        raise ValueError(text)

    def __str__(self) -> str:
        return f"{self.kind.value}:{self.count}"

    @property
    def hands(self) -> int | None:
        return self.count if self.kind is MatchKind.HANDS else None

    @property
    def target(self) -> int | None:
        return self.count if self.kind is MatchKind.TARGET else None


@dataclass(frozen=True)
class KnockRule:
    """Carousel's knock rule: a player may end the hand holding at most ``max_points``
    (the act of knocking is the action ``game.engine.actions.Knock``).

    ``after_meld``: after drawing one or two cards (and melding if able);
    ``start_of_turn``: instead of drawing, at the start of a turn.
    """

    max_points: int
    when: KnockWhen

    def __post_init__(self) -> None:
        object.__setattr__(self, "when", KnockWhen(self.when))


@dataclass(frozen=True)
class LargerDeck:
    """The deck used from ``min_players`` seats upwards."""

    min_players: int
    packs: int
    jokers: int


# field -> the type its text form is read into (Variant(..., ace="low") stays typed)
_TYPED_FIELDS: dict[str, Any] = {
    "ace": AceMode, "joker_identity": JokerIdentity, "joker_moves": JokerMoves,
    "joker_release_from": ReleaseFrom, "turn": TurnStructure, "stock_out": StockOut,
    "scoring": Scoring, "table_layout": TableLayout, "family": Family,
}


@dataclass(frozen=True)
class Variant:
    id: str
    name: str
    summary: str
    packs: int = 2
    jokers: int = 0
    larger_deck: LargerDeck | None = None
    min_players: int = 2
    max_players: int = 5
    hand_size: int = 13
    free_cards: int = 0
    set_same_suit_allowed: bool = False
    run_min: int = 3
    ace: AceMode = AceMode.EITHER
    joker_identity: JokerIdentity = JokerIdentity.FIXED
    jokers_per_meld: int = 1  # 0 means no limit
    joker_moves: JokerMoves = JokerMoves.KEEP_IDENTITY
    joker_release_from: ReleaseFrom = ReleaseFrom.HAND_OR_TABLE
    joker_freezes_meld: bool = False
    released_joker_needs_two_from_hand: bool = False
    initial_meld: InitialMeld = InitialMeld()
    turn: TurnStructure = TurnStructure.PLAY_OR_DRAW
    carousel_draws: int = 3  # draws allowed in a carousel turn; melding after all but the last
    must_play_if_able: bool = False
    abandon_penalty: int = 0
    knock: KnockRule | None = None
    stock_out: StockOut = StockOut.PASS_UNTIL_ALL_PASS
    scoring: Scoring = Scoring.CARDS_COUNT
    match: MatchLength = MatchLength()
    table_layout: TableLayout = TableLayout.MIXED
    family: Family = Family.MANIPULATION
    max_buys: int = 0  # contract: buys allowed per player per round
    contract: ContractRules | None = None  # contract: rounds, values, buying, house limits
    house_rules: tuple[str, ...] = field(default=())
    # parameters whose value here is our choice where the sources are silent: the rules
    # text marks their lines (house)
    house_choices: frozenset[str] = field(default=frozenset())
    # the parameters the one-line ``summary`` states: where an option changes one of them,
    # the summary no longer holds and is not shown (``variants.summary_holds``)
    summary_states: frozenset[str] = field(default=frozenset())

    def __post_init__(self) -> None:
        # a text value (from a test, a probe or dataclasses.replace) becomes its type, so
        # every Variant holds enums and typed values whatever built it
        for name, kind in _TYPED_FIELDS.items():
            object.__setattr__(self, name, kind(getattr(self, name)))
        if isinstance(self.initial_meld, str):
            object.__setattr__(self, "initial_meld", InitialMeld.parse(self.initial_meld))
        if isinstance(self.match, str):
            object.__setattr__(self, "match", MatchLength.parse(self.match))

    # --- derived facts, so rule code asks questions instead of comparing values

    def deck_for(self, players: int) -> tuple[int, int]:
        """(packs, jokers) for this many seats."""
        if self.larger_deck and players >= self.larger_deck.min_players:
            return self.larger_deck.packs, self.larger_deck.jokers
        return self.packs, self.jokers

    @property
    def match_hands(self) -> int | None:
        return self.match.hands

    @property
    def match_target(self) -> int | None:
        return self.match.target

    @property
    def initial_meld_points(self) -> int | None:
        return self.initial_meld.points_needed

    @property
    def is_contract(self) -> bool:
        return self.family is Family.CONTRACT

    # the turn structures (RULES.md 3) as the questions the rules ask of them

    @property
    def draws_before_meld(self) -> bool:
        """Carousel: a turn is up to ``carousel_draws`` draws, melding after any but the
        last, once; the turn ends after the meld (or a knock) or the last draw."""
        return self.turn is TurnStructure.CAROUSEL

    @property
    def cards_per_draw(self) -> int:
        """Cards taken by a turn's draw (Guadalupe: two when you play nothing)."""
        return 2 if self.turn is TurnStructure.GUADALUPE else 1

    @property
    def draw_after_play(self) -> int:
        """Cards drawn at the end of a turn that played without going out (Guadalupe)."""
        return 1 if self.turn is TurnStructure.GUADALUPE else 0

    @property
    def play_draw_play(self) -> bool:
        """Robber's Rummy: after playing you may draw one card, play more, then end."""
        return self.turn is TurnStructure.ROBBERS

    @property
    def draws_until_able(self) -> bool:
        """Shanghai, Manipulation: a draw does not end the turn; the player draws until
        able to meld, then melds (the must-play rule makes them)."""
        return self.turn is TurnStructure.DRAW_UNTIL_ABLE

    @property
    def turn_goes_on_after_draw_and_meld(self) -> bool:
        """Can a turn still be open with a draw and a meld made (where a knock after
        melding can happen)? Carousel's draws before its meld, Robber's draw after a
        play; elsewhere a play or a draw ends the turn."""
        return self.draws_before_meld or self.play_draw_play

    @property
    def turn_draws_random_cards(self) -> bool:
        """Can a turn that played also take unseen cards from the stock (so the count of a
        player's hand does not follow from the cards they put down)?"""
        return self.draw_after_play > 0 or self.play_draw_play

    @property
    def higher_score_wins(self) -> bool:
        """Does the highest total win the match (lowest for penalty schemes)?"""
        return self.scoring.higher_wins

    @property
    def abandon_applies(self) -> bool:
        """Does giving up a started play cost ``abandon_penalty`` cards here?"""
        return self.abandon_penalty > 0 and self.offers_abandon_penalty

    @property
    def offers_abandon_penalty(self) -> bool:
        """Is a failed-play penalty a rule this game can have (a turn is a play or a
        draw)? The option is refused, and not offered, elsewhere."""
        return self.turn in ABANDON_TURNS

    @property
    def has_jokers(self) -> bool:
        return self.jokers > 0 or bool(self.larger_deck and self.larger_deck.jokers)
