"""Undo, redo and reset within a person's turn at the contract table.

The engine takes the turn's table actions (lay down, lay off, swap a joker) back itself
(``ContractMatch.pop``); the table keeps what is its own beside each one: the staging
groups and the turn's log. Nothing before them can be taken back: the draw (or the card
taken or bought) showed a card, and another seat's action ends the turn's history. Redo
applies an undone action again. A
controller owned by ``ContractTableScene``, which sees its table as an ``UndoTable`` and the
person's turn (``HumanTurn``) as an ``UndoTurn``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from game.engine.actions import Action
from game.engine.cards import Card
from game.engine.contract.match import TAKE_BACK
from game.i18n import _
from game.ui.cardtable.modes import HUMAN
from game.ui.cardtable.table_host import CardTableHost
from game.ui.contract.human import Stages
from game.ui.contract.words import TurnLog

if TYPE_CHECKING:
    from game.engine.contract.match import ContractMatch
    from game.ui.scene import AppServices

@dataclass(frozen=True)
class _Before:
    """The table's own state just before ``action`` was applied: the staging groups and
    the turn's log (the engine keeps the match's)."""

    action: Action
    stages: Stages
    log: TurnLog


class UndoTable(CardTableHost, Protocol):
    """The contract table as ``TurnUndo`` sees it."""

    @property
    def app(self) -> AppServices: ...
    @property
    def match(self) -> ContractMatch: ...
    @property
    def mode(self) -> str: ...
    @property
    def bottom(self) -> int: ...
    @property
    def turn_log(self) -> TurnLog: ...

    def restore_turn_log(self, log: TurnLog) -> None: ...
    def deselect_all(self) -> None: ...
    def commit(self, action: Action, quiet: bool = False, redo: bool = False) -> bool: ...
    def action_words(self, seat: int, action: Action, card: Card | None) -> str: ...
    def update_status(self) -> None: ...


class UndoTurn(Protocol):
    """What the undo asks of the person's turn (``HumanTurn``): whether it is their move,
    their staging groups kept and put back, a refusal."""

    def my_move(self) -> bool: ...
    def kept_stages(self) -> Stages: ...
    def restore_stages(self, kept: Stages) -> None: ...
    def refuse(self, title: str, lines: Sequence[str] = ()) -> bool: ...


class TurnUndo:
    """The history of the turn on show: actions to undo and undone actions to redo."""

    def __init__(self, table: UndoTable, turn: UndoTurn) -> None:
        self.table = table
        self.turn = turn
        self._done: list[_Before] = []
        self._undone: list[Action] = []

    # ------------------------------------------------------------------ questions

    def can_undo(self) -> bool:
        return bool(self._done) and self.table.match.can_pop() and self._in_turn()

    def can_redo(self) -> bool:
        return bool(self._undone) and self._in_turn()

    def _in_turn(self) -> bool:
        table = self.table
        return self.turn.my_move() and table.match.deal.phase == "play" \
            and table.mode == HUMAN

    # ------------------------------------------------------------------ recording

    def snapshot(self, action: Action) -> _Before | None:
        """What undoing ``action`` would need, taken just before it is applied; None for
        an action that cannot be undone."""
        if action.kind not in TAKE_BACK or action.player != self.table.bottom:
            return None
        return _Before(action, self.turn.kept_stages(), self.table.turn_log.copy())

    def applied(self, before: _Before | None, redoing: bool = False) -> None:
        """An action was applied (``before``: its snapshot): keep it for undo; any other
        action (a draw, a discard, another seat's) ends the turn's history."""
        if before is None:
            self.forget()
            return
        self._done.append(before)
        if not redoing:
            self._undone.clear()

    def forget(self) -> None:
        self._done.clear()
        self._undone.clear()

    # ------------------------------------------------------------------ the buttons

    def undo(self) -> bool:
        if not self.can_undo():
            return self.turn.refuse(
                _("Nothing to undo"), [_("Only what you laid on the table this turn can be "
                                    "taken back, not the card you drew.")])
        before = self._done.pop()
        self._undone.append(before.action)
        self.table.match.pop()
        self._restore(before)
        words = self.table.action_words(before.action.player or 0, before.action,
                                        getattr(before.action, "card", None))
        self.table.say(_("Undone"), [words], "info", 3.0)
        return True

    def redo(self) -> bool:
        if not self.can_redo():
            return self.turn.refuse(_("Nothing to redo"))
        action = self._undone.pop()
        if not self.table.commit(action, redo=True):
            self._undone.clear()
            return False
        return True

    def reset(self) -> bool:
        """Back to the start of the turn (after the draw), redo still possible."""
        if not self.can_undo():
            return self.turn.refuse(
                _("Nothing to reset"), [_("Nothing has been laid on the table this turn.")])
        first = self._done[0]
        self._undone.extend(reversed([b.action for b in self._done]))
        for _before in self._done:
            self.table.match.pop()
        self._done.clear()
        self._restore(first)
        self.table.say(_("Turn reset"), [_("The table and your hand are as they were after "
                                      "your draw.")], "info", 3.0)
        return True

    def _restore(self, before: _Before) -> None:
        table = self.table
        self.turn.restore_stages(before.stages)
        table.restore_turn_log(before.log)
        table.deselect_all()
        table.app.sounds.play("card_pick")
        table.refresh()
        table.update_status()
