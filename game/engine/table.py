"""The table: melds, free single cards (Tahiti) and the cards fixed jokers stand for."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.engine.cards import Card, CardMinter, Face, format_melds, parse_melds
from game.engine.serial import card_from_json, card_to_json, face_from_json, face_to_json


@dataclass(frozen=True)
class Table:
    melds: tuple[tuple[Card, ...], ...] = ()
    free: tuple[Card, ...] = ()
    declared: Mapping[Card, Face] = field(default_factory=dict)

    @classmethod
    def of(cls, melds: Sequence[Sequence[Card]], free: Sequence[Card] = (),
           declared: Mapping[Card, Face] | None = None) -> Table:
        on_table = {c for meld in melds for c in meld}
        kept = {c: f for c, f in (declared or {}).items() if c in on_table}
        return cls(tuple(tuple(m) for m in melds), tuple(free), kept)

    @classmethod
    def parse(cls, text: str, minter: CardMinter | None = None, free: str = "") -> Table:
        melds, declared = parse_melds(text, minter)
        free_cards = parse_melds(free, minter)[0] if free.strip() else []
        return cls.of(melds, [c for group in free_cards for c in group], declared)

    def cards(self) -> Iterator[Card]:
        for meld in self.melds:
            yield from meld
        yield from self.free

    def card_count(self) -> int:
        return sum(len(m) for m in self.melds) + len(self.free)

    def meld_of(self, card: Card) -> int | None:
        for index, meld in enumerate(self.melds):
            if card in meld:
                return index
        return None

    def __str__(self) -> str:
        text = format_melds(self.melds, dict(self.declared))
        if self.free:
            text += (" || free: " if text else "free: ") + " ".join(str(c) for c in self.free)
        return text

    def to_json(self) -> dict[str, Any]:
        return {
            "melds": [[card_to_json(c) for c in meld] for meld in self.melds],
            "free": [card_to_json(c) for c in self.free],
            "declared": [[card_to_json(c), face_to_json(f)] for c, f in self.declared.items()],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Table:
        return cls(
            tuple(tuple(card_from_json(c) for c in meld) for meld in data["melds"]),
            tuple(card_from_json(c) for c in data["free"]),
            {card_from_json(c): face_from_json(f) for c, f in data["declared"]},
        )
