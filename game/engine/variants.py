"""Variants as data: one frozen ``Variant`` per game, a registry by id, and house-rule options.

Every parameter of RULES.md section 2 is a field here. Rule code reads these
fields and never looks at a variant's id or name.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from game.engine.contract_rules import SHANGHAI_RUMMY_RULES, ContractRules
from game.engine.errors import OptionError
from game.i18n import N_, _, ngettext


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

    def with_options(self, options: Mapping[str, object]) -> Variant:
        from game.engine.options import apply_options

        return apply_options(self, options)


# --- the built-in variants (RULES.md section 6) -------------------------------

_HOUSE_STOCK = N_(
    "(house) A player who should draw from an empty stock passes; when every "
    "player has passed in a row, the hand ends and is scored as it stands."
)
_HOUSE_FROZEN = N_(
    "(house) A meld holding an unreleased joker may gain cards, but none of its "
    "cards may leave it."
)
_HOUSE_NEVER_MOVES = N_(
    "(house) An unreleased joker stays with its meld: it must end the turn in a "
    "meld with at least one card of the meld it started in."
)
_HOUSE_REAL_CARD = N_("(house) Every meld holds at least one real card.")
_HOUSE_DRAW_UNTIL = N_("(house) If the stock is empty, a player who cannot meld passes.")

MACHIAVELLI = Variant(
    id="machiavelli",
    name=N_("Machiavelli"),
    summary=N_("The Italian classic: two packs, no jokers, play or draw; "
            "a failed attempt costs 3 cards."),
    packs=2, jokers=0, min_players=2, max_players=5, hand_size=13, ace=AceMode.EITHER,
    turn=TurnStructure.PLAY_OR_DRAW, abandon_penalty=3, scoring=Scoring.CARDS_COUNT,
    house_rules=(_HOUSE_STOCK,),
)

MACHIAVELLI_JOKERS = dataclasses.replace(
    MACHIAVELLI,
    id="machiavelli-jokers",
    name=N_("Machiavelli with jokers"),
    summary=N_("Machiavelli plus two jokers; a released joker needs two of your cards "
            "in its new meld."),
    jokers=2, joker_identity=JokerIdentity.FIXED, jokers_per_meld=1,
    joker_moves=JokerMoves.KEEP_IDENTITY,
    joker_release_from=ReleaseFrom.HAND_OR_TABLE, released_joker_needs_two_from_hand=True,
    house_rules=(_HOUSE_STOCK, _HOUSE_REAL_CARD),
    house_choices=frozenset({"joker_moves", "joker_release_from"}),
)

TAHITI = Variant(
    id="tahiti",
    name=N_("Tahiti"),
    summary=N_("Small hands, four jokers and four free cards on the table; a joker freezes "
               "its meld."),
    packs=2, jokers=4, min_players=2, max_players=5, hand_size=5, free_cards=4, ace=AceMode.EITHER,
    joker_identity=JokerIdentity.FIXED, jokers_per_meld=1, joker_moves=JokerMoves.KEEP_IDENTITY,
    joker_release_from=ReleaseFrom.HAND, joker_freezes_meld=True, turn=TurnStructure.PLAY_OR_DRAW,
    scoring=Scoring.TAHITI, house_rules=(_HOUSE_STOCK, _HOUSE_FROZEN, _HOUSE_REAL_CARD),
)

GUADALUPE = Variant(
    id="guadalupe",
    name=N_("Guadalupe"),
    summary=N_("Five-card hands; draw two if you play nothing, one if you play without going "
               "out."),
    packs=2, jokers=0, min_players=2, max_players=5, hand_size=5, ace=AceMode.EITHER,
    turn=TurnStructure.GUADALUPE, scoring=Scoring.CARDS_COUNT, house_rules=(_HOUSE_STOCK,),
)

VATIKAN = Variant(
    id="vatikan",
    name=N_("Vatikan"),
    summary=N_("Open with a run of three from your hand; jokers never move unreleased; "
            "first out wins."),
    packs=2, jokers=2, min_players=2, max_players=5, hand_size=13, ace=AceMode.EITHER,
    joker_identity=JokerIdentity.FIXED, jokers_per_meld=1, joker_moves=JokerMoves.NEVER,
    joker_release_from=ReleaseFrom.HAND_OR_TABLE,
    initial_meld=InitialMeld(InitialMeldKind.RUN_OF_3),
    turn=TurnStructure.PLAY_OR_DRAW, scoring=Scoring.NONE,
    house_rules=(_HOUSE_STOCK, _HOUSE_NEVER_MOVES, _HOUSE_REAL_CARD),
    house_choices=frozenset({"jokers_per_meld"}),
)

CAROUSEL = Variant(
    id="carousel",
    name=N_("Carousel"),
    summary=N_("Draw up to three cards a turn, melding between draws; knock with 5 points or "
               "fewer."),
    packs=1, jokers=1, larger_deck=LargerDeck(3, 2, 2), min_players=2, max_players=5,
    hand_size=10, ace=AceMode.EITHER, joker_identity=JokerIdentity.FIXED, jokers_per_meld=1,
    joker_moves=JokerMoves.KEEP_IDENTITY, joker_release_from=ReleaseFrom.HAND_OR_TABLE,
    turn=TurnStructure.CAROUSEL,
    carousel_draws=3, knock=KnockRule(5, KnockWhen.AFTER_MELD), stock_out=StockOut.LAST_ROUND,
    scoring=Scoring.CAROUSEL_SCARNE, match=MatchLength(MatchKind.TARGET, 150),
    house_rules=(_HOUSE_REAL_CARD,),
    house_choices=frozenset({"jokers_per_meld"}),
)

SHANGHAI = Variant(
    id="shanghai",
    name=N_("Shanghai"),
    summary=N_("Aces low; you must meld when you can, and draw until you can."),
    packs=2, jokers=0, min_players=3, max_players=5, hand_size=10, ace=AceMode.LOW,
    turn=TurnStructure.DRAW_UNTIL_ABLE, must_play_if_able=True, scoring=Scoring.CARDS_COUNT,
    match=MatchLength(MatchKind.HANDS, 5),
    house_rules=(_HOUSE_DRAW_UNTIL, _HOUSE_STOCK), house_choices=frozenset({"match"}),
)

MANIPULATION = Variant(
    id="manipulation",
    name=N_("Manipulation (Finagle)"),
    summary=N_("Aces high, sets and runs kept apart; meld when you can; first to 200 loses."),
    packs=2, jokers=0, larger_deck=LargerDeck(6, 3, 0), min_players=3, max_players=7,
    hand_size=7, ace=AceMode.HIGH, turn=TurnStructure.DRAW_UNTIL_ABLE, must_play_if_able=True,
    scoring=Scoring.MANIPULATION, match=MatchLength(MatchKind.TARGET, 200),
    table_layout=TableLayout.SETS_AND_RUNS_APART,
    house_rules=(_HOUSE_DRAW_UNTIL, _HOUSE_STOCK),
)

ROBBERS = Variant(
    id="robbers",
    name=N_("Robber's Rummy"),
    summary=N_("Four wild jokers that change value freely; open with a meld of your own; "
            "draw and play on."),
    packs=2, jokers=4, min_players=2, max_players=6, hand_size=11, ace=AceMode.EITHER,
    joker_identity=JokerIdentity.FREE, jokers_per_meld=1,
    initial_meld=InitialMeld(InitialMeldKind.COMPLETE_MELD),
    turn=TurnStructure.ROBBERS, scoring=Scoring.CARDS_COUNT,
    house_rules=(_HOUSE_STOCK, _HOUSE_REAL_CARD),
)

SHANGHAI_RUMMY = Variant(
    id="shanghai-rummy",
    name=N_("Shanghai Rummy"),
    summary=N_("The contract game: ten rounds of set contracts, a discard pile, and buying out "
            "of turn."),
    family=Family.CONTRACT, packs=2, jokers=1, larger_deck=LargerDeck(5, 3, 2), min_players=3,
    max_players=8, hand_size=11, set_same_suit_allowed=True, ace=AceMode.EITHER,
    joker_identity=JokerIdentity.FIXED, jokers_per_meld=0, turn=TurnStructure.CONTRACT, max_buys=4,
    contract=SHANGHAI_RUMMY_RULES,
    scoring=Scoring.CONTRACT, match=MatchLength(MatchKind.HANDS, 10),
    house_rules=(
        N_("(house) A contract's melds may hold more cards than its minimum."),
        N_("(house) You may go out by laying off or laying down your last card, without a "
        "discard."),
        N_("(house) Penalty values: 2-9 5, 10-K 10, ace 15, joker 50."),
        N_("(house) When the stock has been rebuilt from the discards three times, the round "
        "ends at the next empty stock and is scored as it stands."),
        N_("(house) A joker may be taken from the table only when it can be used that turn: "
        "by a player who has not laid down, only if the hand can then make the contract "
        "with it (and it goes into that lay-down); by one who laid down earlier, only if "
        "it fits a meld; never after laying down in the same turn."),
        N_("(house) A card taken from the discard pile may not be thrown back in the same "
        "turn, unless it is the last card in hand."),
        N_("(house) When every player has had ten turns in a row and nobody drew from the "
        "stock, the round ends and is scored as it stands."),
        N_("(house) Nobody may buy back the card they discarded themselves."),
    ),
)

VARIANTS: dict[str, Variant] = {
    v.id: v
    for v in (
        MACHIAVELLI, MACHIAVELLI_JOKERS, TAHITI, GUADALUPE, VATIKAN, CAROUSEL, SHANGHAI,
        MANIPULATION, ROBBERS,
    )
}
# The contract game is its own mode (game.engine.contract), kept apart from the nine
# manipulation variants that game.engine.match plays.
CONTRACT_VARIANTS: dict[str, Variant] = {SHANGHAI_RUMMY.id: SHANGHAI_RUMMY}


def all_variants() -> dict[str, Variant]:
    return {**VARIANTS, **CONTRACT_VARIANTS}


def register(variant: Variant) -> None:
    registry = CONTRACT_VARIANTS if variant.is_contract else VARIANTS
    registry[variant.id] = variant


def get_variant(variant_id: str, options: Mapping[str, object] | None = None) -> Variant:
    try:
        base = all_variants()[variant_id]
    except KeyError:
        known = ", ".join(all_variants())
        raise OptionError(f"unknown variant '{variant_id}'; known variants: {known}") from None
    from game.engine.options import apply_options  # options reads this module's types

    return apply_options(base, options or {})


# --- the rules in words ------------------------------------------------------
# Marked with N_ and translated (game.i18n) when `describe` runs, so the rules come out in
# the current language. A house rule's line starts with HOUSE_MARK in every language (the
# Rules screen finds them by it; translations keep it).

HOUSE_MARK = "(house)"

_ACE_WORDS = {
    AceMode.LOW: N_("Aces are low only: A-2-3 is a run, Q-K-A is not."),
    AceMode.HIGH: N_("Aces are high only: Q-K-A is a run, A-2-3 is not."),
    AceMode.EITHER: N_("An ace is high or low at the end of a run, never inside it (K-A-2 is "
                       "not a run)."),
    AceMode.AROUND: N_("Runs may turn the corner: Q-K-A-2-3 is a run."),
}
_TURN_WORDS = {
    TurnStructure.PLAY_OR_DRAW:
        N_("On your turn, play one or more cards (rearranging the table as you like) or draw "
           "one card; never both."),
    TurnStructure.CAROUSEL:
        N_("On your turn, draw a card, then you may meld; if you do not, draw again and you "
           "may meld; after your {nth} draw the turn ends without a meld (up to {draws} "
           "draws, melding after any of the first {before_last})."),
    TurnStructure.GUADALUPE:
        N_("If you put down no cards you draw two; if you put down cards without going out "
           "you draw one at the end of your turn."),
    TurnStructure.DRAW_UNTIL_ABLE:
        N_("If you can meld you must meld at least one card; if you cannot, draw one card at "
           "a time until you can, then meld."),
    TurnStructure.ROBBERS:
        N_("Play at least one card or draw one. After playing you may also draw one card, "
           "play more, and then your turn ends."),
}
_SCORING_WORDS = {
    Scoring.CARDS_COUNT:
        N_("Each other player takes 1 penalty point per card left in hand; lowest total "
           "wins."),
    Scoring.TAHITI:
        N_("Penalty per card left in hand: 2-10 face value, J/Q/K 10, ace 11, joker 30; "
           "lowest total wins."),
    Scoring.MANIPULATION:
        N_("Penalty per card left in hand: ace 15, 10/J/Q/K 10, 2-9 5; lowest total wins."),
    Scoring.NONE: N_("No points: the first player to go out wins."),
    Scoring.CAROUSEL_SCARNE:
        N_("Card values: joker 25, J/Q/K 10, 2-10 face value, ace 1. On a knock the lowest "
           "hand wins the difference from every other hand (+10 undercut bonus if it is not "
           "the knocker); going out wins every other hand plus 25. At 150 a player gets 100 "
           "more, everyone 25 per deal won, and the highest total wins."),
    Scoring.CAROUSEL_CULBERTSON:
        N_("Card values: joker 25, J/Q/K 10, 2-10 face value, ace 1. The winner scores the "
           "total of all other hands (tied winners divide it exactly), plus 25 for going out, "
           "or 10 for beating the knocker's hand. At 150 a player gets 100 more, and the "
           "highest total wins."),
}


_INITIAL_WORDS = {
    InitialMeldKind.COMPLETE_MELD: N_("Before touching the table, your first play must "
                                      "include a complete meld made from your hand."),
    InitialMeldKind.RUN_OF_3: N_("Your first play must begin with a run of three or more "
                                 "cards from your hand."),
}
_NUMBER_WORDS = {1: N_("one"), 2: N_("two"), 3: N_("three"), 4: N_("four")}
_ORDINAL_WORDS = {2: N_("second"), 3: N_("third"), 4: N_("fourth")}


# A manipulation deal leaves at least this many cards in the stock (the sources deal the
# hands, and Tahiti's free cards, and draw from what is left); a deal that cannot is
# refused, and the refusal says so.
MIN_STOCK = 1


def deal_problem(variant: Variant, players: int) -> str | None:
    """Why ``players`` seats cannot be dealt the hands the rules text promises, or None.
    The deck for that many seats (``deck_for``) must hold every hand of ``hand_size``
    cards, the free cards and at least ``MIN_STOCK`` cards of stock; the contract game
    asks its own rule (``game.engine.contract.rules.deal_problem``). A match is never
    dealt fewer cards than the rules say: it is refused with this reason."""
    if variant.is_contract:
        from game.engine.contract.rules import deal_problem as contract_deal_problem

        return contract_deal_problem(variant, players)
    packs, jokers = variant.deck_for(players)
    deck = packs * 52 + jokers
    need = players * variant.hand_size + variant.free_cards + MIN_STOCK
    if need <= deck:
        return None
    words = {"players": players, "cards": variant.hand_size, "need": need, "deck": deck,
             "packs": ngettext("{n} pack", "{n} packs", packs).format(n=packs),
             "jokers": ngettext("{n} joker", "{n} jokers", jokers).format(n=jokers)}
    if variant.free_cards:
        return _("too few cards: {players} players with {cards} cards each need {need} (the "
                 "hands, {free} free cards and at least one card in the stock), but the deck "
                 "for {players} players has {deck} ({packs} and {jokers}); deal fewer cards, "
                 "seat fewer players or use more packs").format(free=variant.free_cards,
                                                                **words)
    return _("too few cards: {players} players with {cards} cards each need {need} (the hands "
             "and at least one card in the stock), but the deck for {players} players has "
             "{deck} ({packs} and {jokers}); deal fewer cards, seat fewer players or use more "
             "packs").format(**words)


def dealable_players(variant: Variant) -> list[int]:
    """The seat counts (of ``min_players``..``max_players``) the deck can deal."""
    return [players for players in range(variant.min_players, variant.max_players + 1)
            if deal_problem(variant, players) is None]


def _seat_words(seats: list[int]) -> str:
    """Seat counts in short: ``4-5``, ``5``, or ``2, 4-5``."""
    runs: list[list[int]] = []
    for n in seats:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]}-{r[-1]}" for r in runs)


def _deck_words(packs: int, jokers: int) -> str:
    text = ngettext("{n} pack", "{n} packs", packs).format(n=packs)
    if jokers:
        text = ngettext("{packs} and {n} joker", "{packs} and {n} jokers", jokers).format(
            packs=text, n=jokers)
    return text


def describe(variant: Variant) -> list[str]:
    """The variant's rules in words, one sentence a line, for the CLI and the rules screen,
    in the current language (game.i18n)."""
    if variant.is_contract:
        from game.engine.contract.rules import describe_contract_game

        return describe_contract_game(variant)
    lines = [_("{name} ({id}): {summary}").format(name=_(variant.name), id=variant.id,
                                                  summary=_(variant.summary))]

    def house(param: str, text: str) -> str:
        return f"{HOUSE_MARK} {text}" if param in variant.house_choices else text

    packs, jokers = variant.deck_for(variant.min_players)
    deck = _deck_words(packs, jokers)
    if variant.larger_deck:
        big = variant.larger_deck
        deck = ngettext("{deck}; from {n} player {bigger}", "{deck}; from {n} players {bigger}",
                        big.min_players).format(deck=deck, n=big.min_players,
                                                bigger=_deck_words(big.packs, big.jokers))
    # the seats the deck can deal these hands to: the rules text says the real numbers
    every = list(range(variant.min_players, variant.max_players + 1))
    seats = dealable_players(variant) or every
    if seats[0] == seats[-1]:
        lines.append(_("Players: {n}. Deck: {deck}.").format(n=seats[0], deck=deck))
    else:
        lines.append(_("Players: {low}-{high}. Deck: {deck}.").format(
            low=seats[0], high=seats[-1], deck=deck))
    lines.append(ngettext("Each player is dealt {n} card.", "Each player is dealt {n} cards.",
                          variant.hand_size).format(n=variant.hand_size))
    others = [n for n in every if deal_problem(variant, n)]
    if others:
        lines.append(ngettext(
            "The deck cannot deal {n} card each to {seats} players.",
            "The deck cannot deal {n} cards each to {seats} players.",
            variant.hand_size).format(n=variant.hand_size, seats=_seat_words(others)))
    if variant.free_cards:
        lines.append(ngettext(
            "{n} card is dealt face up to the table as a free card: anyone may use it in a "
            "meld, and using it alone counts as a play.",
            "{n} cards are dealt face up to the table as free cards: anyone may use them in "
            "melds, and using one alone counts as a play.",
            variant.free_cards).format(n=variant.free_cards))
    set_rule = (_("Sets: 3 or more cards of one rank.") if variant.set_same_suit_allowed
                else _("Sets: 3 or 4 cards of one rank, all suits different."))
    runs = ngettext("Runs: {n} or more card of one suit in order.",
                    "Runs: {n} or more cards of one suit in order.",
                    variant.run_min).format(n=variant.run_min)
    lines.append(f"{set_rule} {runs}")
    lines.append(_(_ACE_WORDS[variant.ace]))
    if variant.has_jokers:
        if variant.joker_identity is JokerIdentity.FIXED:
            lines.append(_("A joker is declared as one card when played and keeps that "
                           "identity until a real copy of that card releases it."))
        else:
            lines.append(_("A joker stands for any card that makes its meld valid, and may "
                           "change value when the table is rearranged."))
        limit = variant.jokers_per_meld
        lines.append(house("jokers_per_meld", _("Any number of jokers per meld.") if limit == 0
                           else ngettext("At most {n} joker per meld.",
                                         "At most {n} jokers per meld.", limit).format(n=limit)))
        if variant.joker_identity is JokerIdentity.FIXED:
            if variant.joker_freezes_meld:
                moves = _("An unreleased joker never moves: its meld is frozen until the "
                          "joker is released.")
            elif variant.joker_moves is JokerMoves.KEEP_IDENTITY:
                moves = _("An unreleased joker may move to another meld keeping its card.")
            else:
                moves = _("An unreleased joker never moves to another meld.")
            lines.append(house("joker_moves", moves))
            lines.append(house("joker_release_from",
                               _("The card that releases a joker must come from your hand.")
                               if variant.joker_release_from is ReleaseFrom.HAND
                               else _("The card that releases a joker may come from your "
                                      "hand or the table.")))
            lines.append(_("A released joker never goes to a hand: it must be in a valid "
                           "meld by the end of that turn, standing for any card, its old one "
                           "included."))
        if variant.joker_freezes_meld:
            lines.append(_("A meld holding a joker cannot be rearranged until the joker is "
                           "released."))
        if variant.released_joker_needs_two_from_hand:
            lines.append(_("A released joker re-used in a new meld needs at least two cards "
                           "from your hand in that meld."))
    rule = variant.initial_meld
    if rule.points_needed is not None:
        lines.append(ngettext(
            "Your first play must include melds from your hand worth at least {n} point.",
            "Your first play must include melds from your hand worth at least {n} points.",
            rule.points_needed).format(n=rule.points_needed))
    elif rule.required:
        lines.append(_(_INITIAL_WORDS[rule.kind]))
    turn = _(_TURN_WORDS[variant.turn])
    if variant.draws_before_meld:
        draws = variant.carousel_draws
        nth = _(_ORDINAL_WORDS[draws]) if draws in _ORDINAL_WORDS else f"{draws}."
        turn = turn.format(nth=nth, draws=draws, before_last=draws - 1)
    lines.append(turn)
    if variant.must_play_if_able and not variant.draws_until_able:
        lines.append(_("A player who can play must play at least one card."))
    if variant.abandon_applies:
        lines.append(ngettext(
            "Once you have moved a table card or put down a card, giving up the play restores "
            "the table and you draw {n} card instead of {usual}, even if you put everything "
            "back first.",
            "Once you have moved a table card or put down a card, giving up the play restores "
            "the table and you draw {n} cards instead of {usual}, even if you put everything "
            "back first.",
            variant.abandon_penalty).format(n=variant.abandon_penalty,
                                            usual=_(_NUMBER_WORDS[variant.cards_per_draw])))
    if variant.knock:
        knock = variant.knock
        if knock.when is KnockWhen.AFTER_MELD:
            text = ngettext(
                "You may knock after drawing one or two cards and melding with {n} point or "
                "fewer in hand; the hand ends at once.",
                "You may knock after drawing one or two cards and melding with {n} points or "
                "fewer in hand; the hand ends at once.", knock.max_points)
        else:
            text = ngettext(
                "You may knock at the start of your turn instead of drawing with {n} point or "
                "fewer in hand; the hand ends at once.",
                "You may knock at the start of your turn instead of drawing with {n} points or "
                "fewer in hand; the hand ends at once.", knock.max_points)
        lines.append(text.format(n=knock.max_points))
    if variant.stock_out is StockOut.LAST_ROUND:
        lines.append(_("If the player who draws the last stock card does not knock, everyone "
                       "has one more turn to meld without drawing; then the lowest hand wins."))
    lines.append(_("A player who plays their last card ends the hand at once."))
    lines.append(_(_SCORING_WORDS[variant.scoring]))
    if variant.scoring is Scoring.MANIPULATION and variant.has_jokers:
        lines.append(_("(house) A joker left in hand counts 15, like an ace."))
    if variant.match_target is not None:
        lines.append(house("match", ngettext(
            "The match ends when a player reaches {n} point.",
            "The match ends when a player reaches {n} points.",
            variant.match_target).format(n=variant.match_target)))
    elif variant.match_hands == 1:
        lines.append(house("match", _("The match is a single hand.")))
    else:
        hands = variant.match_hands or 0
        lines.append(house("match", ngettext("The match is {n} hand.", "The match is {n} hands.",
                                             hands).format(n=hands)))
    if variant.table_layout is TableLayout.SETS_AND_RUNS_APART:
        lines.append(_("Sets are kept on one side of the table and runs on the other."))
    lines.extend(_(rule) for rule in variant.house_rules)
    return lines
