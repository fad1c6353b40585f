"""A game on screen: the match plus who sits where (human or computer level, names).

This is what a save slot holds and what statistics record when the match ends."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from game.engine.contract import ContractMatch
from game.engine.match import Match
from game.engine.scoring import points_json
from game.engine.serialize import SaveError, match_from_json, match_to_json, new_match

SEAT_KINDS = ("human", "easy", "medium", "hard")


@dataclass(frozen=True)
class Seat:
    name: str
    kind: str  # human | easy | medium | hard

    @property
    def is_human(self) -> bool:
        return self.kind == "human"


@dataclass
class GameSession:
    match: Match | ContractMatch
    seats: list[Seat]
    started_at: float = field(default_factory=time.time)
    recorded: bool = False  # statistics written for the finished match

    @classmethod
    def new(cls, variant_id: str, options: dict, seats: list[Seat], seed: int) -> GameSession:
        match = new_match(variant_id, len(seats), seed, options, [s.name for s in seats])
        return cls(match, seats)

    @property
    def humans(self) -> list[int]:
        return [i for i, seat in enumerate(self.seats) if seat.is_human]

    @property
    def hot_seat(self) -> bool:
        return len(self.humans) > 1

    def summary(self) -> dict:
        match = self.match
        return {
            "variant": match.variant.name, "variant_id": match.variant_id,
            "players": [s.name for s in self.seats], "kinds": [s.kind for s in self.seats],
            "scores": [points_json(t) for t in match.totals], "hand": match.hand.number + 1,
        }

    def to_json(self) -> dict:
        return {
            "match": match_to_json(self.match),
            "seats": [{"name": s.name, "kind": s.kind} for s in self.seats],
            "started_at": self.started_at, "recorded": self.recorded,
        }

    @classmethod
    def from_json(cls, data: dict) -> GameSession:
        """Raises SaveError naming the problem."""
        try:
            seats = [Seat(str(s["name"]), str(s["kind"])) for s in data["seats"]]
        except (KeyError, TypeError) as error:
            raise SaveError(f"saved game has no valid seats ({error})") from None
        if any(s.kind not in SEAT_KINDS for s in seats):
            raise SaveError("saved game has an unknown seat kind")
        match = match_from_json(data.get("match"))
        if len(seats) != match.players:
            raise SaveError("saved game's seats do not match its players")
        return cls(match, seats, float(data.get("started_at", time.time())),
                   bool(data.get("recorded", False)))
