"""House-rule options as typed specs: what each option is called, which values it takes, what
it changes in a ``Variant``, and which games offer it.

One table serves every reader: ``apply_options`` validates through it (saves, presets and
the CLI's ``--option KEY=VALUE`` hold the option text), ``machiavelli rules`` lists it, and
the New game screen builds its house-rules column from the specs marked ``in_form``.
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from game.engine.errors import OptionError
from game.engine.variant import (
    AceMode,
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
    TableLayout,
    TurnStructure,
    Variant,
)
from game.i18n import N_, _

# Cards dealt to each player: RULES.md 6 (Machiavelli: "over 5 players fewer, minimum 3")
MIN_HAND = 3
MAX_HAND = 20


class Widget(StrEnum):
    """How the New game screen shows an option."""

    SLIDER = "slider"  # a whole number in ``range``
    CHOICE = "choice"  # a drop-down of ``choices``
    CHOICE_NUMBER = "choice_number"  # a drop-down, plus a number for the choices that take one
    SWITCH = "switch"  # a check box
    NONE = "none"  # command line and presets only


@dataclass(frozen=True)
class Choice:
    """One value of a choice, as the option text holds it and as a person reads it.
    ``number``: the choice takes a number (its default given here), as in ``points:30``."""

    value: str
    label: str
    number: int | None = None


def _always(variant: Variant) -> bool:
    return True


@dataclass(frozen=True)
class OptionSpec:
    """One house-rule option.

    ``read`` turns the stored value (text, number or true/false) into the typed value,
    raising OptionError in words; ``changes`` says which Variant fields that value sets
    in the variant given (the jokers keep its larger deck's packs);
    ``current`` reads the typed value back from a Variant; ``store`` writes a typed value
    as saves and presets hold it. ``offered``: does this game have the option (the form
    shows it only then); ``refuse``: why apply_options refuses the value for this game;
    ``contract_game``: the contract game has the option (else it refuses other values than
    its own).
    """

    key: str
    label: str  # label and help (and Choice labels) are English, marked N_: show _(label)
    help: str
    values: str  # the accepted values in words, for the command line
    read: Callable[[str, object], Any]
    changes: Callable[[Any, Variant], dict[str, Any]]
    current: Callable[[Variant], Any]
    store: Callable[[Any], str | int | bool]
    widget: Widget = Widget.NONE
    choices: tuple[Choice, ...] = ()
    range: tuple[int, int] | None = None  # of the number (SLIDER, CHOICE_NUMBER)
    offered: Callable[[Variant], bool] = _always
    refuse: Callable[[Variant, Any], str | None] | None = None
    #: does the contract game have this option? Where it does not, only the game's own
    #: value is taken (a preset or save may hold it); any other is refused
    contract_game: bool = False

    @property
    def in_form(self) -> bool:
        return self.widget is not Widget.NONE

    def parse(self, value: object) -> Any:
        return self.read(self.key, value)

    # --- the form's side: a widget holds a choice (or number, or switch) text and, for
    # CHOICE_NUMBER, a number text

    def form_values(self, variant: Variant) -> tuple[str, str]:
        """(choice, number) texts showing ``variant``'s value in the widgets."""
        return self.form_of(self.current(variant))

    def form_of(self, value: Any) -> tuple[str, str]:
        """(choice, number) texts showing a typed value of this option in the widgets."""
        stored = self.store(value)
        if self.widget is Widget.SWITCH:
            return ("true" if stored else "false"), ""
        text = str(stored)
        if self.widget is Widget.CHOICE_NUMBER:
            # a plain choice first: "single" is the match "hands:1"
            for choice in self.choices:
                if choice.number is None and self.parse(choice.value) == value:
                    return choice.value, ""
            for choice in self.choices:
                if choice.number is not None and text.startswith(choice.value + ":"):
                    return choice.value, text.partition(":")[2]
        return text, ""

    def from_form(self, choice: str, number: str = "") -> str | int | bool:
        """The stored option value the widgets say; a text ``read`` refuses in words if
        the number typed is not one."""
        if self.widget is Widget.SWITCH:
            return choice == "true"
        if self.widget is Widget.CHOICE_NUMBER:
            picked = self.choice(choice)
            if picked is not None and picked.number is not None:
                return f"{choice}:{number.strip()}"
            return choice
        try:
            return self.store(self.parse(choice))
        except OptionError:
            return choice

    def choice(self, value: str) -> Choice | None:
        return next((c for c in self.choices if c.value == value), None)

    def label_of(self, value: str) -> str:
        """The choice's label in the current language (the value itself if unlabelled)."""
        picked = self.choice(value)
        return _(picked.label) if picked else value


# --- readers: stored value -> typed value, problems in words


def read_int(key: str, value: object, low: int, high: int) -> int:
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


def read_bool(key: str, value: object) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in ("true", "yes", "on", "1"):
        return True
    if text in ("false", "no", "off", "0"):
        return False
    raise OptionError(f"option {key}: '{value}' is not true or false")


def _reader_of(kind: type[StrEnum]) -> Callable[[str, object], Any]:
    def read(key: str, value: object) -> StrEnum:
        text = str(value).strip().lower()
        try:
            return kind(text)
        except ValueError:
            raise OptionError(
                f"option {key}: '{value}' is not one of {', '.join(kind)}") from None
    return read


def _int_reader(low: int, high: int) -> Callable[[str, object], int]:
    return lambda key, value: read_int(key, value, low, high)


MATCH_HANDS = (1, 50)
MATCH_TARGET = (10, 10000)
OPENING_POINTS = (1, 200)


def read_match(key: str, value: object) -> MatchLength:
    try:
        match = MatchLength.parse(str(value))
    except ValueError:
        # the number's own problem (not a number, out of range) is the one to tell
        kind, sep, number = str(value).strip().lower().partition(":")
        if sep and kind in tuple(MatchKind):
            low, high = MATCH_HANDS if kind == MatchKind.HANDS else MATCH_TARGET
            read_int(key, number, low, high)
        raise OptionError(f"option {key}: '{value}' is not single, hands:N or target:N") \
            from None
    low, high = MATCH_HANDS if match.kind is MatchKind.HANDS else MATCH_TARGET
    read_int(key, match.count, low, high)
    return match


def read_initial_meld(key: str, value: object) -> InitialMeld:
    try:
        rule = InitialMeld.parse(str(value))
    except ValueError:
        kind, sep, number = str(value).strip().lower().partition(":")
        if sep and kind == InitialMeldKind.POINTS:
            read_int(key, number, *OPENING_POINTS)
        raise OptionError(
            f"option {key}: '{value}' is not one of none, complete_meld_from_hand, "
            "run_of_3_from_hand, points:N") from None
    if rule.kind is InitialMeldKind.POINTS:
        read_int(key, rule.points, *OPENING_POINTS)
    return rule


def read_knock(key: str, value: object) -> KnockRule | None:
    if value is None or isinstance(value, KnockRule):
        return value
    text = str(value).strip().lower()
    if text == "none":
        return None
    when, sep, points = text.partition(":")
    if sep and when in tuple(KnockWhen):
        return KnockRule(read_int(key, points, 0, 100), KnockWhen(when))
    raise OptionError(
        f"option {key}: '{value}' is not none, after_meld:POINTS or start_of_turn:POINTS"
    )


def read_larger_deck(key: str, value: object) -> LargerDeck | None:
    text = str(value).strip().lower()
    if text == "none":
        return None
    deck, at, players = text.partition("@")
    packs, sep, jokers = deck.partition("+")
    if not sep:
        raise OptionError(
            f"option {key}: '{value}' is not none or PACKS+JOKERS[@PLAYERS] (e.g. 3+2)")
    return LargerDeck(read_int(key, players, 2, 8) if at else 5, read_int(key, packs, 1, 3),
                      read_int(key, jokers, 0, 4))


def _larger_deck_text(deck: LargerDeck | None) -> str:
    if deck is None:
        return "none"
    text = f"{deck.packs}+{deck.jokers}"
    return text if deck.min_players == 5 else f"{text}@{deck.min_players}"


def read_jokers_per_meld(key: str, value: object) -> int:
    if str(value).strip().lower() in ("unlimited", "0"):
        return 0
    return read_int(key, value, 1, 4)


def read_free_cards(key: str, value: object) -> int:
    number = read_int(key, value, 0, 4)
    if number not in (0, 4):
        raise OptionError(f"option {key}: '{value}' is not one of 0, 4")
    return number


# --- the conditions under which a game offers an option


def _manipulation(variant: Variant) -> bool:
    return not variant.is_contract


def _jokers(variant: Variant) -> bool:
    return variant.has_jokers and not variant.is_contract


def _pinned_jokers(variant: Variant) -> bool:
    return _jokers(variant) and variant.joker_identity is JokerIdentity.FIXED


def _movable_jokers(variant: Variant) -> bool:
    """May an unreleased joker move at all? Not where it freezes its meld (Tahiti): there it
    never moves, whatever this option says, so the form does not offer it."""
    return _pinned_jokers(variant) and not variant.joker_freezes_meld


def _carousel(variant: Variant) -> bool:
    return variant.draws_before_meld


_NO_ABANDON_WHY = {
    TurnStructure.CAROUSEL: "you draw before you meld",
    TurnStructure.DRAW_UNTIL_ABLE: "a player who can meld must",
    TurnStructure.CONTRACT: "nothing on the table can be rearranged",
}


def _refuse_abandon(variant: Variant, penalty: int) -> str | None:
    if not penalty or variant.offers_abandon_penalty:
        return None
    return ("only games where you either play or draw have it "
            f"({variant.name} is not one: {_NO_ABANDON_WHY[variant.turn]})")


def _refuse_scoring(variant: Variant, scoring: Scoring) -> str | None:
    if scoring is Scoring.CONTRACT and not variant.is_contract:
        return (f"'contract' scores the contract game's rounds; {variant.name} is not a "
                "contract game")
    return None


def _refuse_match(variant: Variant, match: MatchLength) -> str | None:
    """The contract game plays its contracts in order, one a round: as many rounds as it
    has contracts at most, never to a points target."""
    if variant.contract is None:
        return None
    rounds = variant.contract.rounds
    if match.target is not None:
        return (f"{variant.name} plays rounds, one contract each, not to a points target "
                f"(single or hands:1 to hands:{rounds})")
    if (match.hands or 0) > rounds:
        return f"{variant.name} has {rounds} contracts: at most hands:{rounds}"
    return None


def _refuse_knock(variant: Variant, knock: KnockRule | None) -> str | None:
    if knock is None or knock.when is not KnockWhen.AFTER_MELD \
            or variant.turn_goes_on_after_draw_and_meld or variant.is_contract:
        return None
    return (f"after_meld can never happen in {variant.name}: a play or a draw ends the turn "
            "(start_of_turn:POINTS knocks instead of drawing)")


def _refuse_culbertson(variant: Variant, value: bool) -> str | None:
    return None if _carousel(variant) else "only a variant with the carousel turn has it"


def _culbertson(on: bool, variant: Variant) -> dict[str, Any]:
    if on:
        return {"carousel_draws": 4, "knock": KnockRule(10, KnockWhen.START_OF_TURN),
                "scoring": Scoring.CAROUSEL_CULBERTSON}
    return {"carousel_draws": 3, "knock": KnockRule(5, KnockWhen.AFTER_MELD),
            "scoring": Scoring.CAROUSEL_SCARNE}


def _field(name: str, **more: Any) -> Callable[[Any, Variant], dict[str, Any]]:
    return lambda value, variant: {name: value, **more}


def _set_jokers(jokers: int, variant: Variant) -> dict[str, Any]:
    """The jokers chosen, whatever the seats: the packs that grow with the seats stay."""
    bigger = variant.larger_deck
    return {"jokers": jokers,
            "larger_deck": dataclasses.replace(bigger, jokers=jokers) if bigger else None}


def _get(name: str) -> Callable[[Variant], Any]:
    return lambda variant: getattr(variant, name)


def _text(value: Any) -> str:
    return str(value)


def _number(value: Any) -> int:
    return int(value)


def _switch(value: Any) -> bool:
    return bool(value)


def _enum_choices(labels: Mapping[StrEnum, str]) -> tuple[Choice, ...]:
    return tuple(Choice(kind.value, label) for kind, label in labels.items())


def _enum_spec(key: str, kind: type[StrEnum], label: str, help: str,
               labels: Mapping[StrEnum, str] | None = None, **more: Any) -> OptionSpec:
    return OptionSpec(
        key, label, help, " or ".join(kind) if len(kind) < 3 else ", ".join(kind),
        _reader_of(kind), _field(key), _get(key), _text,
        widget=Widget.CHOICE if labels else Widget.NONE,
        choices=_enum_choices(labels) if labels else tuple(Choice(k.value, k.value)
                                                           for k in kind),
        **more)


def _switch_spec(key: str, label: str, help: str) -> OptionSpec:
    return OptionSpec(key, label, help, "true or false", read_bool, _field(key), _get(key),
                      _switch)


# Choice labels of the failed-play cost (whole texts, so each language words its plural).
_CARDS = (N_("1 card"), N_("2 cards"), N_("3 cards"), N_("4 cards"), N_("5 cards"))


SPECS: tuple[OptionSpec, ...] = (
    OptionSpec(
        "hand_size", N_("Cards dealt"), N_("Cards dealt to each player."),
        f"{MIN_HAND}-{MAX_HAND}", _int_reader(MIN_HAND, MAX_HAND), _field("hand_size"),
        _get("hand_size"), _number, widget=Widget.SLIDER, range=(MIN_HAND, MAX_HAND),
        contract_game=True),
    _enum_spec(
        "ace", AceMode, N_("Aces"), N_("Where an ace may stand in a run."),
        {AceMode.EITHER: N_("High or low"), AceMode.LOW: N_("Low only"),
         AceMode.HIGH: N_("High only"), AceMode.AROUND: N_("Around the corner")},
        contract_game=True),
    OptionSpec(
        "packs", N_("Packs"), N_("52-card packs in the deck."), "1-3",
        _int_reader(1, 3), _field("packs", larger_deck=None), _get("packs"), _number,
        range=(1, 3), contract_game=True),
    OptionSpec(
        "jokers", N_("Jokers in the deck"),
        N_("Jokers shuffled into the deck, whatever the seats."),
        "0-4", _int_reader(0, 4), _set_jokers, _get("jokers"), _number,
        widget=Widget.CHOICE,
        choices=(Choice("0", N_("None")), *(Choice(str(n), str(n)) for n in range(1, 5))),
        contract_game=True),
    OptionSpec(
        "larger_deck", N_("Larger deck"),
        N_("The deck used from PLAYERS seats upwards (5 unless given), e.g. the contract "
           "game's."),
        "none, or PACKS+JOKERS[@PLAYERS], e.g. 3+2 or 2+2@3", read_larger_deck,
        _field("larger_deck"), _get("larger_deck"), _larger_deck_text, contract_game=True),
    OptionSpec(
        "free_cards", N_("Free cards"), N_("Cards dealt face up to the table as singles."),
        "0 or 4",
        read_free_cards, _field("free_cards"), _get("free_cards"), _number),
    _enum_spec(
        "joker_identity", JokerIdentity, N_("A joker"),
        N_("Does a joker stand for one declared card, or for any card its meld needs?"),
        {JokerIdentity.FIXED: N_("Stands for one card"),
         JokerIdentity.FREE: N_("Wild (changes freely)")}, offered=_jokers),
    OptionSpec(
        "jokers_per_meld", N_("Jokers per meld"), N_("How many jokers one meld may hold."),
        "1-4, or unlimited", read_jokers_per_meld, _field("jokers_per_meld"),
        _get("jokers_per_meld"), lambda n: int(n) if n else "unlimited",
        widget=Widget.CHOICE,
        choices=(Choice("1", N_("One")), Choice("2", N_("Two")), Choice("3", N_("Three")),
                 Choice("4", N_("Four")), Choice("unlimited", N_("Any number"))),
        offered=_jokers),
    _switch_spec("joker_freezes_meld", N_("Joker freezes its meld"),
                 N_("A meld holding an unreleased joker cannot be rearranged.")),
    _enum_spec(
        "joker_moves", JokerMoves, N_("Unreleased joker"),
        N_("May a joker not yet released move to another meld, keeping its card?"),
        {JokerMoves.KEEP_IDENTITY: N_("Moves with its card"),
         JokerMoves.NEVER: N_("Stays in its meld")}, offered=_movable_jokers),
    _enum_spec(
        "joker_release_from", ReleaseFrom, N_("Joker released by"),
        N_("Where the real card that releases a joker may come from."),
        {ReleaseFrom.HAND_OR_TABLE: N_("Hand or table card"),
         ReleaseFrom.HAND: N_("Card from hand")}, offered=_pinned_jokers),
    _switch_spec("released_joker_needs_two_from_hand", N_("Released joker needs two"),
                 N_("A released joker re-used in a new meld needs two cards from your hand "
                 "there.")),
    OptionSpec(
        "abandon_penalty", N_("Failed play costs"),
        N_("Cards drawn when you give up a play you started; only in games where a turn is "
        "either a play or a draw."), "0-5",
        _int_reader(0, 5), _field("abandon_penalty"), _get("abandon_penalty"), _number,
        widget=Widget.CHOICE,
        choices=(Choice("0", N_("Nothing extra")),
                 *(Choice(str(n), label) for n, label in enumerate(_CARDS, start=1))),
        offered=lambda v: v.offers_abandon_penalty, refuse=_refuse_abandon),
    OptionSpec(
        "initial_meld", N_("First play needs"),
        N_("What your first play must include, made only of cards from your hand, before "
        "you may touch the table."),
        "none, complete_meld_from_hand, run_of_3_from_hand or points:N",
        read_initial_meld, _field("initial_meld"), _get("initial_meld"), _text,
        widget=Widget.CHOICE_NUMBER, range=OPENING_POINTS,
        choices=(Choice("none", N_("No condition")),
                 Choice("complete_meld_from_hand", N_("A meld")),
                 Choice("run_of_3_from_hand", N_("A run of 3")),
                 Choice("points", N_("Points"), number=30)),
        offered=_manipulation),
    _switch_spec("must_play_if_able", N_("Must play if able"),
                 N_("A player who can play must play at least one card.")),
    OptionSpec(
        "knock", N_("Knock"), N_("Carousel's knock: when, and with how many points at most."),
        "none, after_meld:POINTS or start_of_turn:POINTS", read_knock, _field("knock"),
        _get("knock"), lambda k: f"{k.when}:{k.max_points}" if k else "none",
        refuse=_refuse_knock),
    _enum_spec("scoring", Scoring, N_("Scoring"), N_("How a finished hand is scored."),
               refuse=_refuse_scoring),
    OptionSpec(
        "match", N_("Match"), N_("How long the match lasts."), "single, hands:N or target:N",
        read_match, _field("match"), _get("match"), _text,
        widget=Widget.CHOICE_NUMBER, range=MATCH_TARGET,
        choices=(Choice("single", N_("Single hand")), Choice("hands", N_("Hands"), number=3),
                 Choice("target", N_("To points"), number=150)),
        offered=_manipulation, refuse=_refuse_match, contract_game=True),
    _enum_spec("table_layout", TableLayout, N_("Table layout"),
               N_("Whether sets and runs share the table or keep to their own sides.")),
    OptionSpec(
        "culbertson", N_("Culbertson: 4 draws, knock at 10"),
        N_("Four draws a turn, knock at the start of a turn with 10 or fewer, Culbertson "
        "scoring."), "true or false",
        read_bool, _culbertson, lambda v: v.scoring is Scoring.CAROUSEL_CULBERTSON, _switch,
        widget=Widget.SWITCH, offered=_carousel, refuse=_refuse_culbertson),
)

OPTION_SPECS: dict[str, OptionSpec] = {spec.key: spec for spec in SPECS}
FORM_SPECS: tuple[OptionSpec, ...] = tuple(spec for spec in SPECS if spec.in_form)


def option_keys() -> dict[str, str]:
    """Every house-rule option key with a description of its values."""
    return {spec.key: f"{spec.values}: {spec.help}" for spec in SPECS}


def apply_options(variant: Variant, options: Mapping[str, object]) -> Variant:
    """The variant with house-rule overrides applied, every key and value checked."""
    result = variant
    for key, value in options.items():
        spec = OPTION_SPECS.get(key)
        if spec is None:
            known = ", ".join(OPTION_SPECS)
            raise OptionError(f"unknown option '{key}'; known options: {known}")
        typed = spec.parse(value)
        problem = spec.refuse(variant, typed) if spec.refuse else None
        if problem is None and variant.is_contract and not spec.contract_game \
                and typed != spec.current(variant):
            problem = (f"{variant.name}, the contract game, does not have this option "
                       f"(only its own {spec.store(spec.current(variant))})")
        if problem:
            raise OptionError(f"option {key}: {problem}")
        result = dataclasses.replace(result, **spec.changes(typed, result))
    _check_consistent(result)
    return result


def offered_specs(variant: Variant, options: Mapping[str, object]) -> list[OptionSpec]:
    """The form's options for ``variant`` with ``options`` chosen, in order. An option's
    offer depends on those before it (the joker rules on the jokers chosen), so each is
    asked of the variant with the earlier valid choices applied."""
    offered: list[OptionSpec] = []
    current = variant
    for spec in FORM_SPECS:
        if not spec.offered(current) or (current.is_contract and not spec.contract_game):
            continue
        offered.append(spec)
        if spec.key in options:
            # a value in error: the form shows the problem, later offers ask without it
            with contextlib.suppress(OptionError):
                current = dataclasses.replace(current,
                                              **spec.changes(spec.parse(options[spec.key]),
                                                                           current))
    return offered


def _check_consistent(variant: Variant) -> None:
    # hands that no deck of the game holds are refused here; a deal that fits only some
    # seat counts is refused for the others where the match is made (``deal_problem``),
    # and the rules text names the seats it fits (``describe``)
    packs, jokers = variant.deck_for(variant.max_players)
    if variant.free_cards + variant.min_players * variant.hand_size > packs * 52 + jokers:
        raise OptionError(
            f"option hand_size: {variant.hand_size} cards each do not fit in the deck"
        )
    if variant.draws_before_meld and variant.carousel_draws < 2:
        raise OptionError("the carousel turn needs at least two draws")
