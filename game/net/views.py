"""A seat's view on the wire: what the host sends each client of its own seat, and the
client's copy of the very view the engine gave (``PlayerView`` or ``ContractView``), so a
computer player at a client decides on exactly what it would decide on at the host.

A view holds the seat's own hand and nothing of another hand or of the stock but counts.
A manipulation view's finished turns of the hand (``turns``, public records) grow through
a hand, so each message carries only the turns the client has not had (``turns_from``
says where they start) and ``ViewReader`` keeps the rest. The family's writer and reader
are picked through ``WRITERS`` / ``READERS``, never by class.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from game.engine.cards import Card, Face
from game.engine.contract.match import ContractView
from game.engine.contract.rules import face_notation, parse_face_notation, rules_of
from game.engine.match import PlayerView, TurnRecord
from game.engine.protocol import SeatView
from game.engine.scoring import HandResult, MatchResult, Points, points_from_json, points_json
from game.engine.serial import card_from_json, card_to_json
from game.engine.table import Table
from game.engine.variants import Family, Variant


def cards_json(cards: Sequence[Card]) -> list[str]:
    return [card_to_json(c) for c in cards]


def cards_from(data: Sequence[str]) -> tuple[Card, ...]:
    return tuple(card_from_json(c) for c in data)


def match_result_json(result: MatchResult | None) -> dict[str, Any] | None:
    if result is None:
        return None
    return {"totals": [points_json(t) for t in result.totals], "winners": list(result.winners),
            "bonuses": [points_json(b) for b in result.bonuses],
            "settlements": [[a, b, points_json(p)] for a, b, p in result.settlements]}


def match_result_from(data: dict[str, Any] | None) -> MatchResult | None:
    if data is None:
        return None
    return MatchResult(tuple(points_from_json(t) for t in data["totals"]),
                       tuple(data["winners"]),
                       tuple(points_from_json(b) for b in data["bonuses"]),
                       tuple((a, b, points_from_json(p)) for a, b, p in data["settlements"]))


def _hand_result_from(data: dict[str, Any] | None) -> HandResult | None:
    return HandResult.from_json(data) if data is not None else None


def _turn_json(record: TurnRecord) -> dict[str, Any]:
    return {"player": record.player, "before": record.before.to_json(),
            "after": record.after.to_json(), "played": cards_json(record.played),
            "drawn": record.drawn, "ended_by": record.ended_by}


def _turn_from(data: dict[str, Any]) -> TurnRecord:
    return TurnRecord(data["player"], Table.from_json(data["before"]),
                      Table.from_json(data["after"]), cards_from(data["played"]),
                      data["drawn"], data["ended_by"])


def _totals_json(totals: Sequence[Points]) -> list[int | float | str]:
    return [points_json(t) for t in totals]


# --------------------------------------------------------------------------- manipulation


def _manipulation_json(view: SeatView, turns_from: int) -> dict[str, Any]:
    assert isinstance(view, PlayerView)
    return {
        "seat": view.seat, "names": list(view.names), "hand": cards_json(view.hand),
        "hand_counts": list(view.hand_counts), "table": view.table.to_json(),
        "stock_size": view.stock_size, "totals": _totals_json(view.totals),
        "current": view.current, "legal": list(view.legal), "opened": list(view.opened),
        "hand_number": view.hand_number, "draws_this_turn": view.draws_this_turn,
        "played_this_turn": view.played_this_turn, "final_round": view.final_round,
        "turn_start": view.turn_start.to_json(), "turns_from": turns_from,
        "turns": [_turn_json(t) for t in view.turns[turns_from:]],
        "hand_result": view.hand_result.to_json() if view.hand_result else None,
        "match_result": match_result_json(view.match_result),
        "history": [h.to_json() for h in view.history],
    }


def _manipulation_from(data: dict[str, Any], variant: Variant,
                       turns: tuple[Any, ...]) -> PlayerView:
    return PlayerView(
        seat=data["seat"], variant=variant, names=tuple(data["names"]),
        hand=cards_from(data["hand"]), hand_counts=tuple(data["hand_counts"]),
        table=Table.from_json(data["table"]), stock_size=data["stock_size"],
        totals=tuple(points_from_json(t) for t in data["totals"]), current=data["current"],
        legal=tuple(data["legal"]), opened=tuple(data["opened"]),
        hand_number=data["hand_number"], draws_this_turn=data["draws_this_turn"],
        played_this_turn=data["played_this_turn"], final_round=data["final_round"],
        turn_start=Table.from_json(data["turn_start"]), turns=turns,
        hand_result=_hand_result_from(data["hand_result"]),
        match_result=match_result_from(data["match_result"]),
        history=tuple(HandResult.from_json(h) for h in data["history"]))


# --------------------------------------------------------------------------- contract


def _declared_json(declared: dict[Card, Face]) -> list[list[str]]:
    return [[card_to_json(c), face_notation(f)] for c, f in declared.items()]


def _contract_json(view: SeatView, turns_from: int) -> dict[str, Any]:
    assert isinstance(view, ContractView)
    return {
        "seat": view.seat, "names": list(view.names), "hand": cards_json(view.hand),
        "hand_counts": list(view.hand_counts),
        "melds": [[owner, kind, cards_json(cards)] for owner, kind, cards in view.melds],
        "declared": _declared_json(view.declared),
        "discard_top": card_to_json(view.discard_top) if view.discard_top else None,
        "discard_size": view.discard_size, "stock_size": view.stock_size,
        "totals": list(view.totals), "current": view.current, "awaiting": view.awaiting,
        "phase": view.phase, "legal": list(view.legal), "round_number": view.round_number,
        "laid_down": list(view.laid_down), "buys_left": list(view.buys_left),
        "swapped": cards_json(view.swapped),
        "taken": card_to_json(view.taken) if view.taken else None,
        "turn_mode": view.turn_mode,
        "hand_result": view.hand_result.to_json() if view.hand_result else None,
        "match_result": match_result_json(view.match_result),
        "history": [h.to_json() for h in view.history],
    }


def _contract_from(data: dict[str, Any], variant: Variant, turns: tuple[Any, ...]) -> ContractView:
    top, taken = data["discard_top"], data["taken"]
    return ContractView(
        seat=data["seat"], variant=variant, names=tuple(data["names"]),
        hand=cards_from(data["hand"]), hand_counts=tuple(data["hand_counts"]),
        melds=tuple((owner, kind, cards_from(cards)) for owner, kind, cards in data["melds"]),
        declared={card_from_json(c): parse_face_notation(f) for c, f in data["declared"]},
        discard_top=card_from_json(top) if top is not None else None,
        discard_size=data["discard_size"], stock_size=data["stock_size"],
        totals=tuple(data["totals"]), current=data["current"], awaiting=data["awaiting"],
        phase=data["phase"], legal=tuple(data["legal"]),
        contract=rules_of(variant).contract_for(data["round_number"]),
        round_number=data["round_number"], laid_down=tuple(data["laid_down"]),
        buys_left=tuple(data["buys_left"]), swapped=cards_from(data["swapped"]),
        taken=card_from_json(taken) if taken is not None else None,
        turn_mode=data["turn_mode"], hand_result=_hand_result_from(data["hand_result"]),
        match_result=match_result_from(data["match_result"]),
        history=tuple(HandResult.from_json(h) for h in data["history"]))


# --------------------------------------------------------------------------- by family

#: A family's view as JSON, from the ``turns_from``-th finished turn on.
WRITERS: dict[Family, Callable[[SeatView, int], dict[str, Any]]] = {
    Family.MANIPULATION: _manipulation_json, Family.CONTRACT: _contract_json}
_READERS: dict[Family, Callable[[dict[str, Any], Variant, tuple[Any, ...]], SeatView]] = {
    Family.MANIPULATION: _manipulation_from, Family.CONTRACT: _contract_from}


def _no_turns(view: SeatView) -> tuple[Any, ...]:
    return ()


def _manipulation_turns(view: SeatView) -> tuple[Any, ...]:
    assert isinstance(view, PlayerView)
    return view.turns


#: A view's finished turns of the hand (the contract game's views keep none).
TURNS: dict[Family, Callable[[SeatView], tuple[Any, ...]]] = {
    Family.MANIPULATION: _manipulation_turns, Family.CONTRACT: _no_turns}


def hand_number(view: SeatView) -> int:
    """The hand (round) a view is of."""
    number = getattr(view, "hand_number", None)
    return number if isinstance(number, int) else getattr(view, "round_number", 0)


def view_json(family: Family, view: SeatView, turns_from: int = 0) -> dict[str, Any]:
    """``view`` for the wire, with its finished turns from ``turns_from`` on."""
    return WRITERS[family](view, turns_from)


def turn_count(family: Family, view: SeatView) -> int:
    return len(TURNS[family](view))


def seat_to_move(view: SeatView) -> int:
    """The seat whose action the match needs, as the view says (a contract game's buyer
    being asked, else the player in turn)."""
    awaiting = getattr(view, "awaiting", None)
    return awaiting if isinstance(awaiting, int) else view.current


class ViewReader:
    """A client's reader of its seat's views: it keeps the hand's finished turns the
    earlier messages brought. ``read`` raises ``ValueError`` (or the engine's
    ``NotationError``, a ValueError) for a view it cannot read."""

    def __init__(self, family: Family, variant: Variant) -> None:
        self.family = family
        self.variant = variant
        self.turns: list[Any] = []
        self.hand: int | None = None

    def read(self, data: dict[str, Any]) -> SeatView:
        try:
            frm = data.get("turns_from", 0)
            number = data.get("hand_number", data.get("round_number"))
            if not isinstance(frm, int) or frm < 0:
                raise ValueError("bad turns_from")
            if frm == 0 or number != self.hand:
                self.turns = []
            elif frm != len(self.turns):
                raise ValueError(f"the view's turns start at {frm}, not {len(self.turns)}")
            self.hand = number if isinstance(number, int) else None
            self.turns.extend(_turn_from(t) for t in data.get("turns", ()))
            return _READERS[self.family](data, self.variant, tuple(self.turns))
        except (KeyError, TypeError, AttributeError, IndexError, ArithmeticError) as error:
            raise ValueError(f"a view the client cannot read ({type(error).__name__})"
                             ) from None
