"""Actions of the contract game, logged and replayed like the manipulation game's."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, ClassVar

from game.engine.actions import Action, Draw, NextHand
from game.engine.cards import Card, Face
from game.engine.contract.rules import face_notation, parse_face_notation
from game.engine.errors import NotationError
from game.engine.serial import card_from_json, card_to_json


class ContractKind(StrEnum):
    """The kinds of action of the contract game's own (it also draws from the stock and
    deals the next round: ``ActionKind.DRAW``, ``ActionKind.NEXT_HAND``). A kind is its
    save-file name, so it compares equal to that string."""

    TAKE_DISCARD = "take_discard"
    BUY = "buy"
    DECLINE = "decline"
    LAY_DOWN = "lay_down"
    LAY_OFF = "lay_off"
    SWAP_JOKER = "swap_joker"
    DISCARD = "discard"


@dataclass(frozen=True)
class TakeDiscard(Action):
    kind: ClassVar[str] = ContractKind.TAKE_DISCARD


@dataclass(frozen=True)
class Buy(Action):
    """Out of turn: take the offered discard and a penalty card from the stock."""

    kind: ClassVar[str] = ContractKind.BUY


@dataclass(frozen=True)
class Decline(Action):
    """Out of turn: do not buy the offered discard."""

    kind: ClassVar[str] = ContractKind.DECLINE


def _declared_json(declared: dict[Card, Face]) -> list[Any]:
    return [[card_to_json(c), face_notation(f)] for c, f in declared.items()]


def _declared_from(data: list[Any]) -> dict[Card, Face]:
    return {card_from_json(c): parse_face_notation(f) for c, f in data}


@dataclass(frozen=True)
class LayDown(Action):
    """Lay down the round's contract: melds of hand cards (jokers may be declared)."""

    kind: ClassVar[str] = ContractKind.LAY_DOWN
    melds: tuple[tuple[Card, ...], ...] = ()
    declared: dict[Card, Face] = field(default_factory=dict, hash=False)

    def to_json(self) -> dict[str, Any]:
        return {"type": self.kind, "player": self.player,
                "melds": [[card_to_json(c) for c in m] for m in self.melds],
                "declared": _declared_json(self.declared)}


@dataclass(frozen=True)
class LayOff(Action):
    """Add one hand card to a meld on the table (``meld`` indexes the table)."""

    kind: ClassVar[str] = ContractKind.LAY_OFF
    card: Card | None = None
    meld: int = 0
    declared: Face | None = None  # for a joker: the card it stands for

    def to_json(self) -> dict[str, Any]:
        return {"type": self.kind, "player": self.player, "card": _card_json(self.card),
                "meld": self.meld,
                "declared": face_notation(self.declared) if self.declared else None}


@dataclass(frozen=True)
class SwapJoker(Action):
    """Replace a table joker by the real card it stands for; the joker comes to hand and
    must be used this turn."""

    kind: ClassVar[str] = ContractKind.SWAP_JOKER
    card: Card | None = None
    meld: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"type": self.kind, "player": self.player, "card": _card_json(self.card),
                "meld": self.meld}


@dataclass(frozen=True)
class Discard(Action):
    kind: ClassVar[str] = ContractKind.DISCARD
    card: Card | None = None

    def to_json(self) -> dict[str, Any]:
        return {"type": self.kind, "player": self.player, "card": _card_json(self.card)}


SIMPLE = {cls.kind: cls for cls in (Draw, TakeDiscard, Buy, Decline, NextHand)}


def contract_action_from_json(data: dict[str, Any]) -> Action:
    if not isinstance(data, dict):
        raise NotationError(f"not a contract-game action: {data!r}")
    kind, player = data.get("type"), data.get("player")
    if kind in SIMPLE:
        return SIMPLE[kind](player)
    try:
        if kind == "lay_down":
            return LayDown(player, tuple(tuple(card_from_json(c) for c in m)
                                         for m in data["melds"]),
                           _declared_from(data.get("declared", [])))
        if kind == "lay_off":
            declared = data.get("declared")
            return LayOff(player, card_from_json(data["card"]), int(data["meld"]),
                          parse_face_notation(declared) if declared else None)
        if kind == "swap_joker":
            return SwapJoker(player, card_from_json(data["card"]), int(data["meld"]))
        if kind == "discard":
            return Discard(player, card_from_json(data["card"]))
    except (KeyError, TypeError, ValueError) as error:
        raise NotationError(f"bad contract-game action {data!r}: {error}") from None
    raise NotationError(f"not a contract-game action: {data!r}")


def _card_json(card: Card | None) -> str | None:
    return card_to_json(card) if card is not None else None
