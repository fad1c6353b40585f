"""What the contract table shows, as plain data built from the match and the scene's own
state (the staged groups, the hand order); the layout is a pure function of this model and
the window size."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from game.engine.cards import Card, Face
from game.engine.contract.params import SET_SIZE, Contract
from game.engine.contract.rules import check_meld_as, face_text, is_any_suit
from game.engine.variants import Variant
from game.i18n import N_, _

SUIT_GLYPHS = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}
RANK_WORDS = {1: "A", 11: "J", 12: "Q", 13: "K"}
_CARD_CODE = re.compile(r"\b(10|[2-9AJQK])([CDHS])\b")
_JOKER_CODE = re.compile(r"\bJK\b")


def symbols(text: str) -> str:
    """``text`` (the engine's words) with its card codes written as people write cards:
    ``7H`` -> ``7♥``, ``JK`` -> ``joker``."""
    text = _CARD_CODE.sub(lambda m: m.group(1) + SUIT_GLYPHS[m.group(2)], text)
    return _JOKER_CODE.sub("joker", text)


def card_text(card: Card | Face | None) -> str:
    """A card as people write it: ``7♥``, ``10♠``, ``Joker``."""
    if card is None:
        return "nothing"
    if isinstance(card, Card) and card.is_joker:
        return _("Joker")
    return f"{RANK_WORDS.get(card.rank, str(card.rank))}{SUIT_GLYPHS.get(card.suit, card.suit)}"


def the_card(card: Card | None) -> str:
    """``the 7♥`` / ``a joker``."""
    if card is not None and card.is_joker:
        return _("a joker")
    return _("the {card}").format(card=card_text(card))


@dataclass(frozen=True)
class SeatFacts:
    seat: int
    name: str
    kind: str  # human | easy | medium | hard
    cards: int
    score: int
    buys_left: int
    max_buys: int
    laid_down: bool
    current: bool  # the player in turn
    asked: bool  # being asked whether to buy the discard
    note: str = ""  # said under the name instead of the kind (a network seat's player)


@dataclass(frozen=True)
class MeldFacts:
    index: int  # the meld's index on the table (LayOff / SwapJoker use it)
    owner: int
    kind: str  # set | run
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class SlotFacts:
    """One staging group of the contract being built (cards still in the hand)."""

    index: int
    kind: str  # the contract's set or run this slot is meant for
    minimum: int
    cards: tuple[Card, ...]
    ok: bool
    note: str


@dataclass(frozen=True)
class ContractModel:
    round_number: int  # 0-based
    rounds: int
    contract: Contract
    seats: tuple[SeatFacts, ...]
    bottom: int
    melds: tuple[MeldFacts, ...]
    shown: Mapping[Card, Face]  # the card each joker on the table stands for
    hand: tuple[Card, ...]  # the bottom hand's unstaged cards, in order (empty when hidden)
    hidden_hand: int  # cards of the bottom seat shown face down
    slots: tuple[SlotFacts, ...] | None  # None: no staging area
    stock: int
    discard: tuple[Card, ...]  # the top two cards of the pile, top last
    discard_size: int
    phase: str
    awaiting: int
    current: int

    @property
    def others(self) -> tuple[SeatFacts, ...]:
        """The seats across the top, in turn order after the bottom seat."""
        n = len(self.seats)
        return tuple(self.seats[(self.bottom + k) % n] for k in range(1, n))

    def owners(self) -> list[int]:
        """Seats with melds on the table, the bottom seat first, then in turn order."""
        n = len(self.seats)
        have = {m.owner for m in self.melds}
        return [s for s in ((self.bottom + k) % n for k in range(n)) if s in have]


def slot_kinds(contract: Contract) -> list[tuple[str, int]]:
    """The contract's melds in order: (kind, minimum cards)."""
    return [("set", SET_SIZE)] * contract.sets + [("run", contract.run_length)] * contract.runs


def slot_facts(variant: Variant, contract: Contract,
               groups: Sequence[Sequence[Card]]) -> tuple[SlotFacts, ...]:
    """Each staged group and whether it makes a set or run of the contract."""
    out = []
    for index, (kind, minimum) in enumerate(slot_kinds(contract)):
        cards = tuple(groups[index]) if index < len(groups) else ()
        ok, note = _slot_state(variant, contract, kind, cards)
        out.append(SlotFacts(index, kind, minimum, cards, ok, note))
    return tuple(out)


def _slot_state(variant: Variant, contract: Contract, kind: str,
                cards: tuple[Card, ...]) -> tuple[bool, str]:
    if not cards:
        return False, _("drop cards here")
    as_set = check_meld_as(variant, cards, "set", SET_SIZE, {})
    as_run = check_meld_as(variant, cards, "run", contract.run_length or 3, {}) \
        if contract.runs else None
    if as_set.ok and (kind == "set" or as_run is None or not as_run.ok):
        return True, _("\u2713 set of {n}").format(n=len(cards))
    if as_run is not None and as_run.ok:
        return True, _("\u2713 run of {n}").format(n=len(cards))
    wanted = as_set if kind == "set" or as_run is None else as_run
    return False, symbols(wanted.reason) if wanted.reason else _("not a meld yet")


def joker_faces(declared: Mapping[Card, Face]) -> dict[Card, Face]:
    """The jokers the card art draws as a particular card: a set's joker stands for its
    rank in any suit, so it is drawn as a plain joker (its meld's tag says which rank)."""
    return {card: face for card, face in declared.items() if not is_any_suit(face)}


#: a meld's kind as the table names it (the engine's "set" / "run")
KIND_TAGS = {"set": N_("SET"), "run": N_("RUN")}


def kind_tag(kind: str) -> str:
    return _(KIND_TAGS.get(kind, kind.upper()))


def meld_tag(kind: str, cards: Sequence[Card], shown: Mapping[Card, Face]) -> str:
    """The words under a table meld: ``SET``, ``RUN``, or ``SET · JK (any 7)`` when a
    joker in it stands for a rank in any suit."""
    anys = [face_text(shown[c]) for c in cards if c.is_joker and is_any_suit(shown.get(c))]
    if not anys:
        return kind_tag(kind)
    return f"{kind_tag(kind)} \u00b7 " + ", ".join(_("JK ({text})").format(
        text=text) for text in anys)
