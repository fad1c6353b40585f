"""A turn in progress: the table as groups the player is rearranging, checked only at commit.

Edits are single card moves (plus split, merge, declare and release, which are
described as moves too), grouped into undoable steps. ``reset`` returns to the
start of the turn. A draft never changes the match: the match takes the
draft's end table in one ``Play`` action, and refuses it whole if it is illegal.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.engine.cards import Card, Face
from game.engine.errors import IllegalAction
from game.engine.melds import check_meld
from game.engine.serial import card_to_json
from game.engine.table import Table
from game.engine.turn import TurnCheck, check_turn
from game.engine.variants import Variant

HAND = "hand"
FREE = "free"


@dataclass(frozen=True)
class Move:
    """One card going from one place to another. A place is ``hand``, ``free``, or a group
    index; ``to_group`` None starts a new group. (A joker's declared card is not part of a
    move: a solver's answer carries its declarations beside its moves.)"""

    card: Card
    from_group: int | str
    to_group: int | str | None
    position: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"card": card_to_json(self.card), "from": self.from_group,
                "to": self.to_group, "position": self.position}


@dataclass
class _State:
    groups: list[list[Card]]
    free: list[Card]
    hand: list[Card]
    declared: dict[Card, Face]

    def copy(self) -> _State:
        return _State([list(g) for g in self.groups], list(self.free), list(self.hand),
                      dict(self.declared))


@dataclass
class TurnDraft:
    variant: Variant
    start: Table
    start_hand: tuple[Card, ...]
    opened: bool = True
    _state: _State = field(init=False)
    _undo: list[_State] = field(default_factory=list, init=False)
    _redo: list[_State] = field(default_factory=list, init=False)

    def __post_init__(self) -> None:
        self._state = self._initial()

    def _initial(self) -> _State:
        return _State([list(m) for m in self.start.melds], list(self.start.free),
                      list(self.start_hand), dict(self.start.declared))

    # --- what the UI reads

    @property
    def groups(self) -> list[list[Card]]:
        return self._state.groups

    @property
    def hand(self) -> list[Card]:
        return self._state.hand

    @property
    def free(self) -> list[Card]:
        return self._state.free

    @property
    def declared(self) -> dict[Card, Face]:
        return self._state.declared

    @property
    def touched(self) -> bool:
        """Has the player played a card or moved a table card (the abandon penalty applies)?"""
        return self.table() != Table.of(self.start.melds, self.start.free, self.start.declared)

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def played(self) -> list[Card]:
        hand = set(self._state.hand)
        return [c for c in self.start_hand if c not in hand]

    def location(self, card: Card) -> int | str | None:
        state = self._state
        if card in state.hand:
            return HAND
        if card in state.free:
            return FREE
        for index, group in enumerate(state.groups):
            if card in group:
                return index
        return None

    def table(self) -> Table:
        state = self._state
        return Table.of([g for g in state.groups if g], state.free, state.declared)

    def check(self) -> TurnCheck:
        return check_turn(self.variant, self.start, self.start_hand, self.table(), self.opened)

    def group_problem(self, index: int) -> str | None:
        """Why group ``index`` is not a valid meld yet (None when it is)."""
        result = check_meld(self._state.groups[index], self.variant, self._state.declared)
        return None if result.ok else result.reason

    def would_be_valid(self, cards: Sequence[Card], to_group: int | None) -> bool:
        """Would moving ``cards`` onto group ``to_group`` (None: a new group) make it a valid
        meld? Used to highlight drop targets while dragging."""
        group = [] if to_group is None else [c for c in self._state.groups[to_group]
                                             if c not in cards]
        return check_meld(group + list(cards), self.variant, self._state.declared).ok

    # --- edits (each one undoable step)

    def _step(self) -> _State:
        self._undo.append(self._state.copy())
        self._redo.clear()
        return self._state

    def move(self, card: Card, to_group: int | None, position: int | None = None) -> Move:
        """Move one card (from the hand, the free cards or any group) to a group, or to a new
        group when ``to_group`` is None."""
        return self.move_many([card], to_group, position)[0]

    def move_many(self, cards: Sequence[Card], to_group: int | None,
                  position: int | None = None) -> list[Move]:
        for card in cards:
            if self.location(card) is None:
                raise IllegalAction(f"{card} is neither in your hand nor on the table")
        if to_group is not None and not 0 <= to_group < len(self._state.groups):
            raise IllegalAction(f"there is no meld {to_group + 1} on the table")
        state = self._step()
        target = state.groups[to_group] if to_group is not None else None
        moves: list[Move] = []
        for offset, card in enumerate(cards):
            source = self.location(card)
            self._remove(card)
            if target is None:
                target = []
                state.groups.append(target)
            index = len(state.groups) - 1 if to_group is None else to_group
            at = len(target) if position is None else min(position + offset, len(target))
            target.insert(at, card)
            moves.append(Move(card, source, index, at))  # type: ignore[arg-type]
        self._drop_empty_groups()
        return moves

    def move_and_split(self, cards: Sequence[Card], to_group: int,
                       split_off: Sequence[Card]) -> None:
        """Move ``cards`` onto group ``to_group``, then ``split_off`` (cards of that group)
        into a new group: a drop between two cards of a meld that splits it there, one
        undoable step."""
        self.move_many(cards, to_group)
        try:
            self.move_many(split_off, None)
        except IllegalAction:
            self._state = self._undo.pop()  # the first move is taken back
            raise
        self._undo.pop()  # the two moves are one step: undo goes back before the first

    def send_back(self, card: Card) -> None:
        """Return a card played this turn to the hand (table cards never go to a hand)."""
        if card not in self.start_hand:
            raise IllegalAction(f"{card} was on the table at the start of the turn: table "
                                "cards never go back to a hand")
        if card in self._state.hand:
            return
        state = self._step()
        self._remove(card)
        state.hand.append(card)
        state.declared.pop(card, None)
        self._drop_empty_groups()

    def declare(self, joker_card: Card, face: Face | None) -> None:
        """Say which card a joker stands for (None: let the rules pick when checking)."""
        if not joker_card.is_joker:
            raise IllegalAction(f"{joker_card} is not a joker")
        state = self._step()
        if face is None:
            state.declared.pop(joker_card, None)
        else:
            state.declared[joker_card] = face

    def release(self, joker_card: Card, real: Card) -> None:
        """Put ``real`` in the joker's place; the joker starts a new group, free to take a
        new identity (the commit checks that ``real`` is the joker's card)."""
        where = self.location(joker_card)
        if not isinstance(where, int):
            raise IllegalAction("only a joker in a meld can be released")
        if self.location(real) is None:
            raise IllegalAction(f"{real} is neither in your hand nor on the table")
        state = self._step()
        group = state.groups[where]
        at = group.index(joker_card)
        self._remove(real)
        where = self.location(joker_card)  # indices may shift after removal
        assert isinstance(where, int)
        group = state.groups[where]
        at = group.index(joker_card)
        group[at] = real
        state.groups.append([joker_card])
        state.declared.pop(joker_card, None)
        self._drop_empty_groups()

    def split(self, group: int, at: int) -> None:
        """Split a group in two before its card at index ``at``."""
        cards = self._state.groups[group]
        if not 0 < at < len(cards):
            raise IllegalAction("a meld is split between two of its cards")
        state = self._step()
        state.groups[group:group + 1] = [cards[:at], cards[at:]]

    def merge(self, first: int, second: int) -> None:
        """Append group ``second`` to group ``first``."""
        if first == second:
            return
        state = self._step()
        state.groups[first].extend(state.groups[second])
        del state.groups[second]

    def reorder_hand(self, card: Card, position: int) -> None:
        """Move a hand card to a new place in the hand (not an undoable rules step)."""
        hand = self._state.hand
        hand.remove(card)
        hand.insert(min(position, len(hand)), card)

    def sort_hand(self, key: Callable[[Card], Any]) -> None:
        self._state.hand.sort(key=key)

    def undo(self) -> bool:
        if not self._undo:
            return False
        self._redo.append(self._state)
        self._state = self._undo.pop()
        return True

    def redo(self) -> bool:
        if not self._redo:
            return False
        self._undo.append(self._state)
        self._state = self._redo.pop()
        return True

    def reset(self) -> None:
        """Back to the start of the turn (undoable)."""
        self._step()
        hand_order = [c for c in self._state.hand if c in self.start_hand]
        self._state = self._initial()
        rest = [c for c in self.start_hand if c not in hand_order]
        self._state.hand = hand_order + rest

    def load(self, table: Table) -> None:
        """Replace the draft's table by ``table`` (a hint or a solver's play), undoably."""
        state = self._step()
        on_table = set(table.cards())
        state.groups = [list(m) for m in table.melds]
        state.free = list(table.free)
        state.hand = [c for c in self.start_hand if c not in on_table]
        state.declared = dict(table.declared)

    # --- internals

    def _remove(self, card: Card) -> None:
        state = self._state
        if card in state.hand:
            state.hand.remove(card)
        elif card in state.free:
            state.free.remove(card)
        else:
            for group in state.groups:
                if card in group:
                    group.remove(card)
                    return

    def _drop_empty_groups(self) -> None:
        self._state.groups[:] = [g for g in self._state.groups if g]
