"""The actions of a match: frozen records that are applied, logged, saved and replayed."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar

from game.engine.errors import NotationError
from game.engine.table import Table


class ActionKind(StrEnum):
    """The kinds of action of the manipulation games (the contract game's are
    ``game.engine.contract.actions.ContractKind``). A kind is its save-file name, so it
    compares equal to that string."""

    PLAY = "play"
    DRAW = "draw"
    KNOCK = "knock"
    PASS = "pass"
    END_TURN = "end_turn"
    ABANDON = "abandon"
    START_PLAY = "start_play"
    NEXT_HAND = "next_hand"


@dataclass(frozen=True)
class Action:
    kind: ClassVar[str] = ""
    player: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"type": self.kind, "player": self.player}


@dataclass(frozen=True)
class NotPlaying(Action):
    """An action the must-play rule may forbid (a draw, a pass, giving up a play).

    ``unsettled``: the search could not settle, within its work budget, whether the player
    could play, so the rule did not hold the player to play. The match records it in the
    log, and a replay takes the recorded answer instead of asking again: a later version
    of the search (or of its budget) cannot turn a saved game's draw illegal. A log without
    the field (older saves) asks."""

    unsettled: bool = False

    def to_json(self) -> dict[str, Any]:
        data = super().to_json()
        if self.unsettled:
            data["unsettled"] = True
        return data


@dataclass(frozen=True)
class Draw(NotPlaying):
    """Draw from the stock (how many, and what happens next, is the turn structure's)."""

    kind: ClassVar[str] = ActionKind.DRAW


@dataclass(frozen=True)
class Play(Action):
    """Commit a turn's rearrangement: the whole end table."""

    kind: ClassVar[str] = ActionKind.PLAY
    table: Table = Table()

    def to_json(self) -> dict[str, Any]:
        return {"type": self.kind, "player": self.player, "table": self.table.to_json()}


@dataclass(frozen=True)
class Knock(Action):
    kind: ClassVar[str] = ActionKind.KNOCK


@dataclass(frozen=True)
class Pass(NotPlaying):
    """Nothing to draw and no play: the turn passes."""

    kind: ClassVar[str] = ActionKind.PASS


@dataclass(frozen=True)
class EndTurn(Action):
    """End a turn that may go on (after a Carousel meld, or Robber's extra draw)."""

    kind: ClassVar[str] = ActionKind.END_TURN


@dataclass(frozen=True)
class Abandon(NotPlaying):
    """Give up a started play: the table is as it was, and the penalty cards are drawn."""

    kind: ClassVar[str] = ActionKind.ABANDON


@dataclass(frozen=True)
class StartPlay(Action):
    """The player moved a table card or put down a card: from now on this turn, giving up
    costs the abandon penalty (RULES.md 2), even if everything is put back first."""

    kind: ClassVar[str] = ActionKind.START_PLAY


@dataclass(frozen=True)
class NextHand(Action):
    """Deal the next hand of the match."""

    kind: ClassVar[str] = ActionKind.NEXT_HAND


ACTION_TYPES: dict[str, type[Action]] = {
    cls.kind: cls for cls in (Draw, Play, Knock, Pass, EndTurn, Abandon, StartPlay, NextHand)
}


def action_from_json(data: dict[str, Any]) -> Action:
    if not isinstance(data, dict) or data.get("type") not in ACTION_TYPES:
        raise NotationError(f"not a known action: {data!r}")
    cls = ACTION_TYPES[data["type"]]
    player = data.get("player")
    if cls is Play:
        return Play(player, Table.from_json(data["table"]))
    if issubclass(cls, NotPlaying):
        unsettled = data.get("unsettled", False)
        if not isinstance(unsettled, bool):
            raise NotationError(f"an action's 'unsettled' must be true or false: {data!r}")
        return cls(player, unsettled)
    return cls(player)
