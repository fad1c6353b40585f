"""Provably fair deals: the host commits to the match's seed before the first deal and
reveals it at the end; each joiner rebuilds every deal it saw from the seed and checks it.

Before the first deal the host sends every client ``commitment(seed, salt)`` (SHA-256 of
the seed and a random salt: the salt keeps a nine-digit seed from being found by trying
them all). Each client keeps what it was shown at every deal it saw (``DealSeen``: its own
hand, the other hands' sizes, the stock's size, the cards face up, who began), in a
``DealRecord``. When the match ends the host reveals seed and salt; ``check`` then says
whether they match the commitment and whether the engine's own deal of each hand from that
seed (``game.engine``'s ``_deal``, the one the host's match dealt with) is what the client
was shown, naming the first difference. The record is saved as JSON (``record_json`` /
``read_record``) so ``machiavelli verify`` can run the check again later; a host's saved
game keeps its salt (``GameSession.fair``), so its commitment can be checked too.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from game.engine.cards import Card, format_cards
from game.engine.protocol import SeatView
from game.engine.serial import card_from_json, card_to_json
from game.engine.variants import Family, get_variant
from game.i18n import _, ngettext

#: The first field of a joiner's record file (and its format's version).
RECORD_KIND = "fair_deals"
RECORD_VERSION = 1
#: The most deals a record holds (a long contract match has a few dozen hands).
MAX_DEALS = 500


class FairError(ValueError):
    """A record or save that cannot be checked; the message says why, in words."""


def new_salt() -> str:
    """A fresh salt: 32 hex digits."""
    return secrets.token_hex(16)


def commitment(seed: int, salt: str) -> str:
    """The commitment to ``seed``: SHA-256 (hex) of the seed and ``salt``."""
    return hashlib.sha256(f"machiavelli-deal/{seed}/{salt}".encode()).hexdigest()


@dataclass(frozen=True)
class DealSeen:
    """What one seat was shown of a deal: hand ``hand`` (0 first), the seat's ``cards``, every
    hand's size (``counts``), the ``stock``'s size, the cards ``face_up`` (the free cards on
    the table, the discard pile's top card) and the seat that began (``first``)."""

    hand: int
    cards: tuple[Card, ...]
    counts: tuple[int, ...]
    stock: int
    face_up: tuple[Card, ...]
    first: int

    def to_json(self) -> dict[str, Any]:
        return {"hand": self.hand, "cards": [card_to_json(c) for c in self.cards],
                "counts": list(self.counts), "stock": self.stock,
                "face_up": [card_to_json(c) for c in self.face_up], "first": self.first}

    @classmethod
    def from_json(cls, data: Any) -> DealSeen:
        if not isinstance(data, dict):
            raise FairError(_("a deal in the record is not a JSON object"))
        try:
            hand, stock, first = data["hand"], data["stock"], data["first"]
            counts = data["counts"]
            for number in (hand, stock, first, *counts):
                if isinstance(number, bool) or not isinstance(number, int) or number < 0:
                    raise TypeError
            return cls(hand, tuple(card_from_json(c) for c in data["cards"]), tuple(counts),
                       stock, tuple(card_from_json(c) for c in data["face_up"]), first)
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise FairError(_("a deal in the record cannot be read ({error})").format(
                error=type(error).__name__)) from None


def _manipulation_seen(view: Any) -> tuple[tuple[Card, ...], int]:
    return tuple(view.table.cards()), view.hand_number


def _contract_seen(view: Any) -> tuple[tuple[Card, ...], int]:
    top = view.discard_top
    return ((top,) if top is not None else ()), view.round_number


#: A view's face-up cards and hand number, by family.
_SEEN: dict[Family, Callable[[Any], tuple[tuple[Card, ...], int]]] = {
    Family.MANIPULATION: _manipulation_seen, Family.CONTRACT: _contract_seen}


def _manipulation_dealt(state: Any) -> tuple[Card, ...]:
    return tuple(state.table.cards())


def _contract_dealt(state: Any) -> tuple[Card, ...]:
    return tuple(state.discard[-1:])


#: A freshly dealt hand's face-up cards, by family.
_DEALT: dict[Family, Callable[[Any], tuple[Card, ...]]] = {
    Family.MANIPULATION: _manipulation_dealt, Family.CONTRACT: _contract_dealt}


def deal_seen(family: Family, view: SeatView) -> DealSeen:
    """The deal as ``view`` (a seat's view right after the deal) shows it."""
    face_up, number = _SEEN[family](view)
    return DealSeen(number, tuple(sorted(view.hand)), tuple(view.hand_counts),
                    view.stock_size, tuple(sorted(face_up)), view.current)


def is_deal(step: int, event: dict[str, Any] | None) -> bool:
    """Does an update (after ``step`` actions, for ``event``) show a deal: the match's first
    view, or the view after the host dealt the next hand? Told from the step and the
    action, never from a flag the host could leave out."""
    if event is None:
        return step == 0
    action = event.get("action")
    return isinstance(action, dict) and action.get("type") == "next_hand"


@dataclass
class DealRecord:
    """What a joiner keeps to check the deals: the game (variant, options, seats), the
    ``commitment`` the host sent before the first deal, every deal the seat saw, and, once
    the match is over, the ``seed`` and ``salt`` the host revealed. ``changed``: the host
    sent another commitment later (a cheat in itself)."""

    variant_id: str
    options: dict[str, Any]
    players: int
    seat: int
    commitment: str
    deals: list[DealSeen] = field(default_factory=list)
    seed: int | None = None
    salt: str | None = None
    changed: bool = False

    def saw(self, family: Family, view: SeatView) -> None:
        """Keep the deal ``view`` shows (once per hand)."""
        seen = deal_seen(family, view)
        if all(d.hand != seen.hand for d in self.deals) and len(self.deals) < MAX_DEALS:
            self.deals.append(seen)

    def reveal(self, data: Any) -> None:
        """The host's reveal (``{"seed": ..., "salt": ...}``); anything else reveals nothing."""
        if isinstance(data, dict):
            seed, salt = data.get("seed"), data.get("salt")
            if isinstance(seed, int) and not isinstance(seed, bool) and isinstance(salt, str):
                self.seed, self.salt = seed, salt[:128]

    def to_json(self) -> dict[str, Any]:
        return {RECORD_KIND: RECORD_VERSION, "variant": self.variant_id,
                "options": self.options, "players": self.players, "seat": self.seat,
                "commitment": self.commitment, "changed": self.changed,
                "seed": self.seed, "salt": self.salt,
                "deals": [d.to_json() for d in self.deals]}

    @classmethod
    def from_json(cls, data: Any) -> DealRecord:
        if not isinstance(data, dict) or data.get(RECORD_KIND) != RECORD_VERSION:
            raise FairError(_("it is not a record of a network game's deals"))
        variant, options, players = data.get("variant"), data.get("options"), data.get("players")
        seat, promised = data.get("seat"), data.get("commitment")
        seed, salt, deals = data.get("seed"), data.get("salt"), data.get("deals")
        if not isinstance(variant, str) or not isinstance(options, dict) \
                or not isinstance(promised, str) or not isinstance(deals, list) \
                or len(deals) > MAX_DEALS or not _count(players) or not _count(seat) \
                or not (seed is None or _count(seed)) \
                or not (salt is None or isinstance(salt, str)):
            raise FairError(_("the record of the deals is damaged"))
        assert isinstance(players, int) and isinstance(seat, int)
        return cls(variant, options, players, seat, promised,
                   [DealSeen.from_json(d) for d in deals], seed, salt,
                   bool(data.get("changed", False)))


def _count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


@dataclass(frozen=True)
class Verdict:
    """The check's outcome: ``ok`` (every deal seen is the seed's), ``words`` for the player,
    ``deals`` checked, ``problem``: the first mismatch (or why nothing could be checked)."""

    ok: bool
    words: str
    deals: int = 0


def _cards(cards: Sequence[Card]) -> str:
    return format_cards(cards) or "\u2013"


def _differs(shown: Sequence[Card], dealt: Sequence[Card]) -> tuple[list[Card], list[Card]]:
    more = Counter(shown) - Counter(dealt)
    less = Counter(dealt) - Counter(shown)
    return sorted(more.elements()), sorted(less.elements())


def _mismatch(seen: DealSeen, dealt: DealSeen) -> str | None:
    """The first difference between a deal shown and the deal the seed makes, in words."""
    hand = seen.hand + 1
    if Counter(seen.cards) != Counter(dealt.cards):
        shown, made = _differs(seen.cards, dealt.cards)
        return _("Hand {hand}: your cards are not the seed's deal: you were shown {shown}, "
                 "the seed deals you {dealt}").format(hand=hand, shown=_cards(shown),
                                                      dealt=_cards(made))
    if Counter(seen.face_up) != Counter(dealt.face_up):
        return _("Hand {hand}: the cards face up were {shown}, the seed deals {dealt}").format(
            hand=hand, shown=_cards(seen.face_up), dealt=_cards(dealt.face_up))
    if seen.counts != dealt.counts:
        return _("Hand {hand}: the hands held {shown} cards, the seed deals {dealt}").format(
            hand=hand, shown=", ".join(map(str, seen.counts)),
            dealt=", ".join(map(str, dealt.counts)))
    if seen.stock != dealt.stock:
        return _("Hand {hand}: the stock held {shown} cards, the seed deals {dealt}").format(
            hand=hand, shown=seen.stock, dealt=dealt.stock)
    if seen.first != dealt.first:
        return _("Hand {hand}: seat {shown} began, the seed says seat {dealt}").format(
            hand=hand, shown=seen.first + 1, dealt=dealt.first + 1)
    return None


def dealt(record: DealRecord, number: int) -> DealSeen:
    """Hand ``number`` as the engine deals it from the record's revealed seed, as the
    record's seat sees it."""
    from game.engine.serialize import new_match  # the engine's own deal
    from game.solver import PLAY_ORACLE  # a must-play variant's match needs its oracle

    assert record.seed is not None
    match: Any = new_match(record.variant_id, record.players, record.seed, record.options,
                           None, oracle=PLAY_ORACLE)
    state = match._deal(number)  # the very function the host's match dealt each hand with
    family = get_variant(record.variant_id, record.options).family
    return DealSeen(number, tuple(sorted(state.hands[record.seat])),
                    tuple(len(h) for h in state.hands), len(state.stock),
                    tuple(sorted(_DEALT[family](state))), state.current)


def check(record: DealRecord) -> Verdict:
    """Whether the host's reveal keeps its commitment and every deal the seat saw is the one
    its seed makes: "Deals verified", or the first mismatch named."""
    if record.changed:
        return Verdict(False, _("The host changed its commitment during the match: the deals "
                                "cannot be trusted"))
    if record.seed is None or record.salt is None:
        return Verdict(False, _("The host did not reveal the seed: the deals cannot be "
                                "checked"))
    if not secrets.compare_digest(commitment(record.seed, record.salt), record.commitment):
        return Verdict(False, _("The seed the host revealed is not the one it committed to "
                                "before the first deal: the deals cannot be trusted"))
    try:
        for seen in sorted(record.deals, key=lambda d: d.hand):
            problem = _mismatch(seen, dealt(record, seen.hand))
            if problem is not None:
                return Verdict(False, _("DEALS DO NOT MATCH. {problem}").format(
                    problem=problem), len(record.deals))
    except Exception as error:  # noqa: BLE001 - a record the engine cannot deal is a mismatch
        return Verdict(False, _("The deals cannot be rebuilt from the seed ({error})").format(
            error=type(error).__name__))
    count = len(record.deals)
    return Verdict(True, ngettext("Deals verified: {n} deal matches the seed the host "
                                  "committed to",
                                  "Deals verified: {n} deals match the seed the host "
                                  "committed to", count).format(n=count), count)


def no_commitment() -> Verdict:
    """The verdict when the host sent no commitment before the deal."""
    return Verdict(False, _("The host sent no commitment to its seed: the deals cannot be "
                            "checked"))


def with_changed_commitment(record: DealRecord, sent: str) -> DealRecord:
    """The record after a welcome bringing commitment ``sent`` (a rejoin): marked changed
    when it differs from the first one."""
    if sent == record.commitment:
        return record
    return replace(record, changed=True)


def write_record(record: DealRecord, path: Path) -> None:
    """Write ``record`` to ``path`` (its folder made if need be); OSError if it cannot."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(record.to_json(), indent=1), encoding="utf-8")


def record_name(address: str, code: str, when: float) -> str:
    """A kept record's file name: the game's host and code, and when it ended."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(when))
    host = "".join(ch if ch.isalnum() else "-" for ch in address)[:60]
    return f"{stamp}-{host}-{code[:16]}.json"
