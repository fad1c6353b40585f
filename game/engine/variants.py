"""Variants as data: one frozen ``Variant`` per game, a registry by id, and house-rule options.

Every parameter of RULES.md section 2 is a field here. Rule code reads these
fields and never looks at a variant's id or name.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from game.engine.errors import OptionError

ACE_MODES = ("low", "high", "either", "around")
JOKER_IDENTITIES = ("fixed", "free")
JOKER_MOVES = ("keep_identity", "never")
JOKER_RELEASE_FROM = ("hand", "hand_or_table")
TURN_STRUCTURES = (
    "play_or_draw", "carousel", "guadalupe", "draw_until_able", "robbers", "contract",
)
STOCK_OUT = ("last_round", "pass_until_all_pass")
SCORING = (
    "cards_count", "tahiti", "manipulation", "none", "carousel_scarne", "carousel_culbertson",
    "contract",
)
FAMILIES = ("manipulation", "contract")
# Turn structures where a player chooses between playing and drawing, so giving up a
# started play can cost more than the draw (RULES.md 2, abandon_penalty). In Carousel the
# draws come first, and in Shanghai and Manipulation a player who can meld must.
ABANDON_TURNS = ("play_or_draw", "guadalupe", "robbers")
TABLE_LAYOUTS = ("mixed", "sets_and_runs_apart")
KNOCK_WHEN = ("after_meld", "start_of_turn")


@dataclass(frozen=True)
class KnockRule:
    """Carousel's knock rule: a player may end the hand holding at most ``max_points``
    (the act of knocking is the action ``game.engine.actions.Knock``).

    ``after_meld``: after drawing one or two cards (and melding if able);
    ``start_of_turn``: instead of drawing, at the start of a turn.
    """

    max_points: int
    when: str


@dataclass(frozen=True)
class LargerDeck:
    """The deck used from ``min_players`` seats upwards."""

    min_players: int
    packs: int
    jokers: int


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
    ace: str = "either"
    joker_identity: str = "fixed"
    jokers_per_meld: int = 1  # 0 means no limit
    joker_moves: str = "keep_identity"
    joker_release_from: str = "hand_or_table"
    joker_freezes_meld: bool = False
    released_joker_needs_two_from_hand: bool = False
    initial_meld: str = "none"  # none | complete_meld_from_hand | run_of_3_from_hand | points:N
    turn: str = "play_or_draw"
    carousel_draws: int = 3  # draws allowed in a carousel turn; melding after all but the last
    must_play_if_able: bool = False
    abandon_penalty: int = 0
    knock: KnockRule | None = None
    stock_out: str = "pass_until_all_pass"
    scoring: str = "cards_count"
    match: str = "hands:1"  # hands:N | target:N
    table_layout: str = "mixed"
    # "manipulation": the table may be rearranged; "contract": Shanghai Rummy's rounds of
    # contracts with a discard pile and buying (game.engine.contract)
    family: str = "manipulation"
    max_buys: int = 0  # contract: buys allowed per player per round
    house_rules: tuple[str, ...] = field(default=())
    # parameters whose value here is our choice where the sources are silent: the rules
    # text marks their lines (house)
    house_choices: frozenset[str] = field(default=frozenset())

    # --- derived facts, so rule code asks questions instead of comparing strings

    def deck_for(self, players: int) -> tuple[int, int]:
        """(packs, jokers) for this many seats."""
        if self.larger_deck and players >= self.larger_deck.min_players:
            return self.larger_deck.packs, self.larger_deck.jokers
        return self.packs, self.jokers

    @property
    def match_hands(self) -> int | None:
        kind, _, value = self.match.partition(":")
        return int(value) if kind == "hands" else None

    @property
    def match_target(self) -> int | None:
        kind, _, value = self.match.partition(":")
        return int(value) if kind == "target" else None

    @property
    def initial_meld_points(self) -> int | None:
        kind, _, value = self.initial_meld.partition(":")
        return int(value) if kind == "points" else None

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
        return apply_options(self, options)


# --- the built-in variants (RULES.md section 6) -------------------------------

_HOUSE_STOCK = (
    "(house) A player who should draw from an empty stock passes; when every "
    "player has passed in a row, the hand ends and is scored as it stands."
)
_HOUSE_FROZEN = (
    "(house) A meld holding an unreleased joker may gain cards, but none of its "
    "cards may leave it."
)
_HOUSE_NEVER_MOVES = (
    "(house) An unreleased joker stays with its meld: it must end the turn in a "
    "meld with at least one card of the meld it started in."
)
_HOUSE_REAL_CARD = "(house) Every meld holds at least one real card."
_HOUSE_DRAW_UNTIL = "(house) If the stock is empty, a player who cannot meld passes."

MACHIAVELLI = Variant(
    id="machiavelli",
    name="Machiavelli",
    summary="The Italian classic: two packs, no jokers, play or draw; "
            "a failed attempt costs 3 cards.",
    packs=2, jokers=0, min_players=2, max_players=5, hand_size=13, ace="either",
    turn="play_or_draw", abandon_penalty=3, scoring="cards_count",
    house_rules=(_HOUSE_STOCK,),
)

MACHIAVELLI_JOKERS = dataclasses.replace(
    MACHIAVELLI,
    id="machiavelli-jokers",
    name="Machiavelli with jokers",
    summary="Machiavelli plus two jokers; a released joker needs two of your cards "
            "in its new meld.",
    jokers=2, joker_identity="fixed", jokers_per_meld=1, joker_moves="keep_identity",
    joker_release_from="hand_or_table", released_joker_needs_two_from_hand=True,
    house_rules=(_HOUSE_STOCK, _HOUSE_REAL_CARD),
    house_choices=frozenset({"joker_moves", "joker_release_from"}),
)

TAHITI = Variant(
    id="tahiti",
    name="Tahiti",
    summary="Small hands, four jokers and four free cards on the table; a joker freezes its meld.",
    packs=2, jokers=4, min_players=2, max_players=5, hand_size=5, free_cards=4, ace="either",
    joker_identity="fixed", jokers_per_meld=1, joker_moves="keep_identity",
    joker_release_from="hand", joker_freezes_meld=True, turn="play_or_draw",
    scoring="tahiti", house_rules=(_HOUSE_STOCK, _HOUSE_FROZEN, _HOUSE_REAL_CARD),
)

GUADALUPE = Variant(
    id="guadalupe",
    name="Guadalupe",
    summary="Five-card hands; draw two if you play nothing, one if you play without going out.",
    packs=2, jokers=0, min_players=2, max_players=5, hand_size=5, ace="either",
    turn="guadalupe", scoring="cards_count", house_rules=(_HOUSE_STOCK,),
)

VATIKAN = Variant(
    id="vatikan",
    name="Vatikan",
    summary="Open with a run of three from your hand; jokers never move unreleased; "
            "first out wins.",
    packs=2, jokers=2, min_players=2, max_players=5, hand_size=13, ace="either",
    joker_identity="fixed", jokers_per_meld=1, joker_moves="never",
    joker_release_from="hand_or_table", initial_meld="run_of_3_from_hand",
    turn="play_or_draw", scoring="none",
    house_rules=(_HOUSE_STOCK, _HOUSE_NEVER_MOVES, _HOUSE_REAL_CARD),
    house_choices=frozenset({"jokers_per_meld"}),
)

CAROUSEL = Variant(
    id="carousel",
    name="Carousel",
    summary="Draw up to three cards a turn, melding between draws; knock with 5 points or fewer.",
    packs=1, jokers=1, larger_deck=LargerDeck(3, 2, 2), min_players=2, max_players=5,
    hand_size=10, ace="either", joker_identity="fixed", jokers_per_meld=1,
    joker_moves="keep_identity", joker_release_from="hand_or_table", turn="carousel",
    carousel_draws=3, knock=KnockRule(5, "after_meld"), stock_out="last_round",
    scoring="carousel_scarne", match="target:150", house_rules=(_HOUSE_REAL_CARD,),
    house_choices=frozenset({"jokers_per_meld"}),
)

SHANGHAI = Variant(
    id="shanghai",
    name="Shanghai",
    summary="Aces low; you must meld when you can, and draw until you can.",
    packs=2, jokers=0, min_players=3, max_players=5, hand_size=10, ace="low",
    turn="draw_until_able", must_play_if_able=True, scoring="cards_count", match="hands:5",
    house_rules=(_HOUSE_DRAW_UNTIL, _HOUSE_STOCK), house_choices=frozenset({"match"}),
)

MANIPULATION = Variant(
    id="manipulation",
    name="Manipulation (Finagle)",
    summary="Aces high, sets and runs kept apart; meld when you can; first to 200 loses.",
    packs=2, jokers=0, larger_deck=LargerDeck(6, 3, 0), min_players=3, max_players=7,
    hand_size=7, ace="high", turn="draw_until_able", must_play_if_able=True,
    scoring="manipulation", match="target:200", table_layout="sets_and_runs_apart",
    house_rules=(_HOUSE_DRAW_UNTIL, _HOUSE_STOCK),
)

ROBBERS = Variant(
    id="robbers",
    name="Robber's Rummy",
    summary="Four wild jokers that change value freely; open with a meld of your own; "
            "draw and play on.",
    packs=2, jokers=4, min_players=2, max_players=6, hand_size=11, ace="either",
    joker_identity="free", jokers_per_meld=1, initial_meld="complete_meld_from_hand",
    turn="robbers", scoring="cards_count", house_rules=(_HOUSE_STOCK, _HOUSE_REAL_CARD),
)

SHANGHAI_RUMMY = Variant(
    id="shanghai-rummy",
    name="Shanghai Rummy",
    summary="The contract game: ten rounds of set contracts, a discard pile, and buying out "
            "of turn.",
    family="contract", packs=2, jokers=1, larger_deck=LargerDeck(5, 3, 2), min_players=3,
    max_players=8, hand_size=11, set_same_suit_allowed=True, ace="either",
    joker_identity="fixed", jokers_per_meld=0, turn="contract", max_buys=4,
    scoring="contract", match="hands:10",
    house_rules=(
        "(house) A contract's melds may hold more cards than its minimum.",
        "(house) You may go out by laying off or laying down your last card, without a "
        "discard.",
        "(house) Penalty values: 2-9 5, 10-K 10, ace 15, joker 50.",
        "(house) When the stock has been rebuilt from the discards three times, the round "
        "ends at the next empty stock and is scored as it stands.",
        "(house) A joker may be taken from the table only when it can be used that turn: "
        "by a player who has not laid down, only if the hand can then make the contract "
        "with it (and it goes into that lay-down); by one who laid down earlier, only if "
        "it fits a meld; never after laying down in the same turn.",
        "(house) A card taken from the discard pile may not be thrown back in the same "
        "turn, unless it is the last card in hand.",
        "(house) When every player has had ten turns in a row and nobody drew from the "
        "stock, the round ends and is scored as it stands.",
        "(house) Nobody may buy back the card they discarded themselves.",
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
    registry = CONTRACT_VARIANTS if variant.family == "contract" else VARIANTS
    registry[variant.id] = variant


def get_variant(variant_id: str, options: Mapping[str, object] | None = None) -> Variant:
    try:
        base = all_variants()[variant_id]
    except KeyError:
        known = ", ".join(all_variants())
        raise OptionError(f"unknown variant '{variant_id}'; known variants: {known}") from None
    return apply_options(base, options or {})


# --- house-rule options ------------------------------------------------------


def _as_int(key: str, value: object, low: int, high: int) -> int:
    if isinstance(value, bool):
        raise OptionError(f"option {key}: expected a whole number from {low} to {high}")
    try:
        number = int(str(value).strip())
    except ValueError:
        raise OptionError(
            f"option {key}: '{value}' is not a whole number (expected {low} to {high})"
        ) from None
    if not low <= number <= high:
        raise OptionError(f"option {key}: {number} is out of range (expected {low} to {high})")
    return number


def _as_bool(key: str, value: object) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in ("true", "yes", "on", "1"):
        return True
    if text in ("false", "no", "off", "0"):
        return False
    raise OptionError(f"option {key}: '{value}' is not true or false")


def _as_choice(key: str, value: object, choices: tuple[str, ...]) -> str:
    text = str(value).strip().lower()
    if text not in choices:
        raise OptionError(f"option {key}: '{value}' is not one of {', '.join(choices)}")
    return text


def _as_match(key: str, value: object) -> str:
    text = str(value).strip().lower()
    if text == "single":
        return "hands:1"
    kind, sep, number = text.partition(":")
    if sep and kind == "hands":
        return f"hands:{_as_int(key, number, 1, 50)}"
    if sep and kind == "target":
        return f"target:{_as_int(key, number, 10, 10000)}"
    raise OptionError(f"option {key}: '{value}' is not single, hands:N or target:N")


def _as_initial_meld(key: str, value: object) -> str:
    text = str(value).strip().lower()
    if text in ("none", "complete_meld_from_hand", "run_of_3_from_hand"):
        return text
    kind, sep, number = text.partition(":")
    if sep and kind == "points":
        return f"points:{_as_int(key, number, 1, 200)}"
    raise OptionError(
        f"option {key}: '{value}' is not one of none, complete_meld_from_hand, "
        "run_of_3_from_hand, points:N"
    )


def _as_knock(key: str, value: object) -> KnockRule | None:
    if value is None or isinstance(value, KnockRule):
        return value
    text = str(value).strip().lower()
    if text == "none":
        return None
    when, sep, points = text.partition(":")
    if sep and when in KNOCK_WHEN:
        return KnockRule(_as_int(key, points, 0, 100), when)
    raise OptionError(
        f"option {key}: '{value}' is not none, after_meld:POINTS or start_of_turn:POINTS"
    )


def _as_larger_deck(key: str, value: object) -> LargerDeck:
    packs, sep, jokers = str(value).strip().partition("+")
    if not sep:
        raise OptionError(f"option {key}: '{value}' is not PACKS+JOKERS (e.g. 3+2)")
    return LargerDeck(5, _as_int(key, packs, 1, 3), _as_int(key, jokers, 0, 4))


def _as_jokers_per_meld(key: str, value: object) -> int:
    if str(value).strip().lower() in ("unlimited", "0"):
        return 0
    return _as_int(key, value, 1, 4)


# key -> (description, parser returning {field: value})
_OPTIONS: dict[str, tuple[str, object]] = {
    "hand_size": ("cards dealt to each player (1-20)",
                  lambda k, v: {"hand_size": _as_int(k, v, 1, 20)}),
    "ace": ("low, high, either or around",
            lambda k, v: {"ace": _as_choice(k, v, ACE_MODES)}),
    "packs": ("52-card packs in the deck (1-3)",
              lambda k, v: {"packs": _as_int(k, v, 1, 3), "larger_deck": None}),
    "jokers": ("jokers in the deck (0-4)",
               lambda k, v: {"jokers": _as_int(k, v, 0, 4), "larger_deck": None}),
    "larger_deck": ("deck from 5 players as PACKS+JOKERS, e.g. 3+2 or 2+2 (contract game)",
                    lambda k, v: {"larger_deck": _as_larger_deck(k, v)}),
    "free_cards": ("cards dealt face up to the table as singles (0 or 4)",
                   lambda k, v: {"free_cards": _as_choice(k, str(v), ("0", "4")) and int(v)}),
    "abandon_penalty": ("cards drawn when giving up a started play (0-5); only in games "
                        "where a turn is either a play or a draw",
                        lambda k, v: {"abandon_penalty": _as_int(k, v, 0, 5)}),
    "joker_identity": ("fixed or free",
                       lambda k, v: {"joker_identity": _as_choice(k, v, JOKER_IDENTITIES)}),
    "jokers_per_meld": ("1-4, or unlimited",
                        lambda k, v: {"jokers_per_meld": _as_jokers_per_meld(k, v)}),
    "joker_moves": ("keep_identity or never",
                    lambda k, v: {"joker_moves": _as_choice(k, v, JOKER_MOVES)}),
    "joker_release_from": ("hand or hand_or_table",
                           lambda k, v: {"joker_release_from":
                                         _as_choice(k, v, JOKER_RELEASE_FROM)}),
    "joker_freezes_meld": ("true or false",
                           lambda k, v: {"joker_freezes_meld": _as_bool(k, v)}),
    "released_joker_needs_two_from_hand": (
        "true or false",
        lambda k, v: {"released_joker_needs_two_from_hand": _as_bool(k, v)}),
    "initial_meld": ("none, complete_meld_from_hand, run_of_3_from_hand or points:N",
                     lambda k, v: {"initial_meld": _as_initial_meld(k, v)}),
    "must_play_if_able": ("true or false",
                          lambda k, v: {"must_play_if_able": _as_bool(k, v)}),
    "knock": ("none, after_meld:POINTS or start_of_turn:POINTS",
              lambda k, v: {"knock": _as_knock(k, v)}),
    "scoring": (", ".join(SCORING), lambda k, v: {"scoring": _as_choice(k, v, SCORING)}),
    "match": ("single, hands:N or target:N", lambda k, v: {"match": _as_match(k, v)}),
    "table_layout": ("mixed or sets_and_runs_apart",
                     lambda k, v: {"table_layout": _as_choice(k, v, TABLE_LAYOUTS)}),
    "culbertson": (
        "Culbertson's Carousel: four draws, knock at the start of a turn with 10 or fewer, "
        "Culbertson scoring (true or false)",
        lambda k, v: (
            {"carousel_draws": 4, "knock": KnockRule(10, "start_of_turn"),
             "scoring": "carousel_culbertson"}
            if _as_bool(k, v)
            else {"carousel_draws": 3, "knock": KnockRule(5, "after_meld"),
                  "scoring": "carousel_scarne"}
        ),
    ),
}


_NO_ABANDON_WHY = {
    "carousel": "you draw before you meld",
    "draw_until_able": "a player who can meld must",
    "contract": "nothing on the table can be rearranged",
}


def option_keys() -> dict[str, str]:
    """Every house-rule option key with a description of its values."""
    return {key: desc for key, (desc, _) in _OPTIONS.items()}


def apply_options(variant: Variant, options: Mapping[str, object]) -> Variant:
    """The variant with house-rule overrides applied, every key and value checked."""
    changes: dict[str, Any] = {}
    for key, value in options.items():
        if key not in _OPTIONS:
            known = ", ".join(_OPTIONS)
            raise OptionError(f"unknown option '{key}'; known options: {known}")
        _, parse = _OPTIONS[key]
        changes.update(parse(key, value))  # type: ignore[operator]
    if "culbertson" in options and variant.turn != "carousel":
        raise OptionError("option culbertson: only a variant with the carousel turn has it")
    if changes.get("abandon_penalty") and not variant.offers_abandon_penalty:
        raise OptionError(
            "option abandon_penalty: only games where you either play or draw have it "
            f"({variant.name} is not one: {_NO_ABANDON_WHY[variant.turn]})")
    result = dataclasses.replace(variant, **changes)
    _check_consistent(result)
    return result


def _check_consistent(variant: Variant) -> None:
    packs, jokers = variant.deck_for(variant.max_players)
    if variant.free_cards + variant.min_players * variant.hand_size > packs * 52 + jokers:
        raise OptionError(
            f"option hand_size: {variant.hand_size} cards each do not fit in the deck"
        )
    if variant.turn == "carousel" and variant.carousel_draws < 2:
        raise OptionError("the carousel turn needs at least two draws")


# --- the rules in words ------------------------------------------------------

_ACE_WORDS = {
    "low": "Aces are low only: A-2-3 is a run, Q-K-A is not.",
    "high": "Aces are high only: Q-K-A is a run, A-2-3 is not.",
    "either": "An ace is high or low at the end of a run, never inside it (K-A-2 is not a run).",
    "around": "Runs may turn the corner: Q-K-A-2-3 is a run.",
}
_TURN_WORDS = {
    "play_or_draw": "On your turn, play one or more cards (rearranging the table as you like) "
                    "or draw one card; never both.",
    "carousel": "On your turn, draw a card, then you may meld; if you do not, draw again and "
                "you may meld; {last}",
    "guadalupe": "If you put down no cards you draw two; if you put down cards without going "
                 "out you draw one at the end of your turn.",
    "draw_until_able": "If you can meld you must meld at least one card; if you cannot, draw "
                       "one card at a time until you can, then meld.",
    "robbers": "Play at least one card or draw one. After playing you may also draw one card, "
               "play more, and then your turn ends.",
}
_SCORING_WORDS = {
    "cards_count": "Each other player takes 1 penalty point per card left in hand; lowest "
                   "total wins.",
    "tahiti": "Penalty per card left in hand: 2-10 face value, J/Q/K 10, ace 11, joker 30; "
              "lowest total wins.",
    "manipulation": "Penalty per card left in hand: ace 15, 10/J/Q/K 10, 2-9 5; lowest "
                    "total wins.",
    "none": "No points: the first player to go out wins.",
    "carousel_scarne": "Card values: joker 25, J/Q/K 10, 2-10 face value, ace 1. On a knock "
                       "the lowest hand wins the difference from every other hand (+10 "
                       "undercut bonus if it is not the knocker); going out wins every other "
                       "hand plus 25. At 150 a player gets 100 more, everyone 25 per deal "
                       "won, and the highest total wins.",
    "carousel_culbertson": "Card values: joker 25, J/Q/K 10, 2-10 face value, ace 1. The "
                           "winner scores the total of all other hands (tied winners divide "
                           "it exactly), plus 25 for going out, or 10 for beating the "
                           "knocker's hand. At 150 a player gets 100 more, and the highest "
                           "total wins.",
}


def _deck_words(packs: int, jokers: int) -> str:
    text = f"{packs} pack{'s' if packs > 1 else ''}"
    if jokers:
        text += f" and {jokers} joker{'s' if jokers > 1 else ''}"
    return text


def describe(variant: Variant) -> list[str]:
    """The variant's rules in words, one sentence a line, for the CLI and the rules screen."""
    if variant.family == "contract":
        from game.engine.contract.rules import describe_contract_game

        return describe_contract_game(variant)
    lines = [f"{variant.name} ({variant.id}): {variant.summary}"]

    def house(param: str, text: str) -> str:
        return f"(house) {text}" if param in variant.house_choices else text

    packs, jokers = variant.deck_for(variant.min_players)
    deck = _deck_words(packs, jokers)
    if variant.larger_deck:
        big = variant.larger_deck
        deck += f"; from {big.min_players} players {_deck_words(big.packs, big.jokers)}"
    lines.append(f"Players: {variant.min_players}-{variant.max_players}. Deck: {deck}.")
    lines.append(f"Each player is dealt {variant.hand_size} cards.")
    if variant.free_cards:
        lines.append(f"{variant.free_cards} cards are dealt face up to the table as free "
                     "cards: anyone may use them in melds, and using one alone counts as a play.")
    set_rule = ("Sets: 3 or more cards of one rank." if variant.set_same_suit_allowed
                else "Sets: 3 or 4 cards of one rank, all suits different.")
    lines.append(f"{set_rule} Runs: {variant.run_min} or more cards of one suit in order.")
    lines.append(_ACE_WORDS[variant.ace])
    if variant.has_jokers:
        if variant.joker_identity == "fixed":
            lines.append("A joker is declared as one card when played and keeps that "
                         "identity until a real copy of that card releases it.")
        else:
            lines.append("A joker stands for any card that makes its meld valid, and may "
                         "change value when the table is rearranged.")
        limit = variant.jokers_per_meld
        lines.append(house("jokers_per_meld", "Any number of jokers per meld." if limit == 0
                           else f"At most {limit} joker{'s' if limit > 1 else ''} per meld."))
        if variant.joker_identity == "fixed":
            if variant.joker_freezes_meld:
                moves = ("An unreleased joker never moves: its meld is frozen until the "
                         "joker is released.")
            elif variant.joker_moves == "keep_identity":
                moves = "An unreleased joker may move to another meld keeping its card."
            else:
                moves = "An unreleased joker never moves to another meld."
            lines.append(house("joker_moves", moves))
            lines.append(house("joker_release_from",
                               "The card that releases a joker must come from your hand."
                               if variant.joker_release_from == "hand"
                               else "The card that releases a joker may come from your hand "
                                    "or the table."))
            lines.append("A released joker never goes to a hand: it must be in a valid "
                         "meld by the end of that turn, with any new identity.")
        if variant.joker_freezes_meld:
            lines.append("A meld holding a joker cannot be rearranged until the joker is "
                         "released.")
        if variant.released_joker_needs_two_from_hand:
            lines.append("A released joker re-used in a new meld needs at least two cards "
                         "from your hand in that meld.")
    initial = {
        "none": None,
        "complete_meld_from_hand": "Before touching the table, your first play must "
                                   "include a complete meld made from your hand.",
        "run_of_3_from_hand": "Your first play must begin with a run of three or more "
                              "cards from your hand.",
    }
    if variant.initial_meld_points is not None:
        lines.append(f"Your first play must include melds from your hand worth at least "
                     f"{variant.initial_meld_points} points.")
    elif initial[variant.initial_meld]:
        lines.append(initial[variant.initial_meld])  # type: ignore[arg-type]
    turn = _TURN_WORDS[variant.turn]
    if variant.turn == "carousel":
        draws = variant.carousel_draws
        nth = {2: "second", 3: "third", 4: "fourth"}.get(draws, f"{draws}th")
        turn = turn.format(last=f"after your {nth} draw the turn ends without a meld "
                                f"(up to {draws} draws, melding after any of the first "
                                f"{draws - 1}).")
    lines.append(turn)
    if variant.must_play_if_able and variant.turn != "draw_until_able":
        lines.append("A player who can play must play at least one card.")
    if variant.abandon_applies:
        usual = "two" if variant.turn == "guadalupe" else "one"
        lines.append(f"Once you have moved a table card or put down a card, giving up the "
                     f"play restores the table and you draw {variant.abandon_penalty} cards "
                     f"instead of {usual}, even if you put everything back first.")
    if variant.knock:
        knock = variant.knock
        when = ("after drawing one or two cards and melding"
                if knock.when == "after_meld" else "at the start of your turn instead of drawing")
        lines.append(f"You may knock {when} with {knock.max_points} points or fewer in hand; "
                     "the hand ends at once.")
    if variant.stock_out == "last_round":
        lines.append("If the player who draws the last stock card does not knock, everyone "
                     "has one more turn to meld without drawing; then the lowest hand wins.")
    lines.append("A player who plays their last card ends the hand at once.")
    lines.append(_SCORING_WORDS[variant.scoring])
    if variant.scoring == "manipulation" and variant.has_jokers:
        lines.append("(house) A joker left in hand counts 15, like an ace.")
    if variant.match_target is not None:
        lines.append(house("match",
                           f"The match ends when a player reaches {variant.match_target} "
                           "points."))
    elif variant.match_hands == 1:
        lines.append(house("match", "The match is a single hand."))
    else:
        lines.append(house("match", f"The match is {variant.match_hands} hands."))
    if variant.table_layout == "sets_and_runs_apart":
        lines.append("Sets are kept on one side of the table and runs on the other.")
    lines.extend(variant.house_rules)
    return lines
