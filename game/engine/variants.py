"""The built-in variants (RULES.md section 6) and their registry: ``get_variant(id,
options)`` is a built-in variant with house-rule options applied (``game.engine.options``).

The types a variant is made of are ``game.engine.variant``'s; they are re-exported here, so
a caller gets a variant and the types it reads from one module. The rules in words are
``game.engine.rules_text``'s, whether a deck deals a game's hands ``game.engine.deal``'s.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from game.engine.contract.params import SHANGHAI_RUMMY_RULES
from game.engine.errors import OptionError
from game.engine.options import apply_options
from game.engine.variant import (
    ABANDON_TURNS,
    ACE_MODES,
    FAMILIES,
    JOKER_IDENTITIES,
    JOKER_MOVES,
    JOKER_RELEASE_FROM,
    KNOCK_WHEN,
    SCORING,
    STOCK_OUT,
    TABLE_LAYOUTS,
    TURN_STRUCTURES,
    AceMode,
    Family,
    InitialMeld,
    InitialMeldKind,
    JokerIdentity,
    JokerMoves,
    KnockRule,
    KnockWhen,
    LargerDeck,
    MatchKind,
    MatchLength,
    ReleaseFrom,
    Scoring,
    StockOut,
    TableLayout,
    TurnStructure,
    Variant,
)
from game.i18n import N_, _

__all__ = [
    "ACE_WORDS",
    "rules_heading",
    "summary_holds",
    "ABANDON_TURNS",
    "ACE_MODES",
    "AceMode",
    "CAROUSEL",
    "CONTRACT_VARIANTS",
    "FAMILIES",
    "Family",
    "GUADALUPE",
    "InitialMeld",
    "InitialMeldKind",
    "JOKER_IDENTITIES",
    "JOKER_MOVES",
    "JOKER_RELEASE_FROM",
    "JokerIdentity",
    "JokerMoves",
    "KNOCK_WHEN",
    "KnockRule",
    "KnockWhen",
    "LargerDeck",
    "MACHIAVELLI",
    "MACHIAVELLI_JOKERS",
    "MANIPULATION",
    "MatchKind",
    "MatchLength",
    "ROBBERS",
    "ReleaseFrom",
    "SCORING",
    "SHANGHAI",
    "SHANGHAI_RUMMY",
    "STOCK_OUT",
    "Scoring",
    "StockOut",
    "TABLE_LAYOUTS",
    "TAHITI",
    "TURN_STRUCTURES",
    "TableLayout",
    "TurnStructure",
    "VARIANTS",
    "VATIKAN",
    "Variant",
    "all_variants",
    "get_variant",
    "register",
]


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
    summary_states=frozenset({"packs", "jokers", "larger_deck", "turn", "abandon_penalty"}),
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
    summary_states=frozenset({"packs", "jokers", "larger_deck", "turn", "abandon_penalty",
                              "released_joker_needs_two_from_hand"}),
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
    summary_states=frozenset({"hand_size", "jokers", "larger_deck", "free_cards",
                              "joker_freezes_meld"}),
)

GUADALUPE = Variant(
    id="guadalupe",
    name=N_("Guadalupe"),
    summary=N_("Five-card hands; draw two if you play nothing, one if you play without going "
               "out."),
    packs=2, jokers=0, min_players=2, max_players=5, hand_size=5, ace=AceMode.EITHER,
    turn=TurnStructure.GUADALUPE, scoring=Scoring.CARDS_COUNT, house_rules=(_HOUSE_STOCK,),
    summary_states=frozenset({"hand_size", "turn"}),
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
    summary_states=frozenset({"initial_meld", "jokers", "larger_deck", "joker_moves",
                              "scoring"}),
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
    summary_states=frozenset({"turn", "carousel_draws", "knock"}),
)

SHANGHAI = Variant(
    id="shanghai",
    name=N_("Shanghai"),
    summary=N_("Aces low; you must meld when you can, and draw until you can."),
    packs=2, jokers=0, min_players=3, max_players=5, hand_size=10, ace=AceMode.LOW,
    turn=TurnStructure.DRAW_UNTIL_ABLE, must_play_if_able=True, scoring=Scoring.CARDS_COUNT,
    match=MatchLength(MatchKind.HANDS, 5),
    house_rules=(_HOUSE_DRAW_UNTIL, _HOUSE_STOCK), house_choices=frozenset({"match"}),
    summary_states=frozenset({"ace", "turn", "must_play_if_able"}),
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
    summary_states=frozenset({"ace", "table_layout", "turn", "must_play_if_able", "match",
                              "scoring"}),
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
    summary_states=frozenset({"jokers", "larger_deck", "joker_identity", "initial_meld",
                              "turn"}),
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
    summary_states=frozenset({"match", "max_buys"}),
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


def summary_holds(variant: Variant) -> bool:
    """Does the game's one-line summary hold for ``variant`` with its options: no option
    changed a parameter the summary states (``summary_states``)?"""
    base = all_variants().get(variant.id)
    return base is None or all(getattr(variant, name) == getattr(base, name)
                               for name in base.summary_states)


# where an ace may stand, in the rules text of both families
ACE_WORDS = {
    AceMode.LOW: N_("Aces are low only: A-2-3 is a run, Q-K-A is not."),
    AceMode.HIGH: N_("Aces are high only: Q-K-A is a run, A-2-3 is not."),
    AceMode.EITHER: N_("An ace is high or low at the end of a run, never inside it (K-A-2 is "
                       "not a run)."),
    AceMode.AROUND: N_("Runs may turn the corner: Q-K-A-2-3 is a run."),
}


def rules_heading(variant: Variant) -> str:
    """The rules text's first line: the game's name and its summary, unless an option
    changed what the summary states (then the lines below say the rules)."""
    if not summary_holds(variant):
        return _("{name} ({id}), with the house rules chosen:").format(
            name=_(variant.name), id=variant.id)
    return _("{name} ({id}): {summary}").format(name=_(variant.name), id=variant.id,
                                                summary=_(variant.summary))


def get_variant(variant_id: str, options: Mapping[str, object] | None = None) -> Variant:
    try:
        base = all_variants()[variant_id]
    except KeyError:
        known = ", ".join(all_variants())
        raise OptionError(f"unknown variant '{variant_id}'; known variants: {known}") from None
    return apply_options(base, options or {})
