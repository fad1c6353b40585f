"""A person's side of the contract table: drawing, taking or buying the discard, building
the contract in staging groups (cards stay in the hand until Lay down), laying off,
swapping a joker, discarding, and the hand's order. Every action goes to the engine one by
one; a refused one shows the engine's reason. A controller owned by ``ContractTableScene``,
which sees its table as a ``HumanTable``; the staging groups are its own (the undo, the hint
and the replay keep and put them back through its methods)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Protocol

from game.engine.actions import Action, Draw
from game.engine.cards import Card, sort_key_by_suit
from game.engine.contract.actions import (
    Buy,
    ContractKind,
    Decline,
    Discard,
    LayDown,
    LayOff,
    SwapJoker,
    TakeDiscard,
)
from game.engine.contract.rules import LayDownCheck, check_lay_down, stands_for
from game.engine.contract.turn_order import kind_problem
from game.i18n import _
from game.ui.cardtable.modes import HUMAN, SETTLE
from game.ui.cardtable.table_host import CardTableHost
from game.ui.contract.model import symbols

if TYPE_CHECKING:
    from game.engine.contract.match import ContractMatch
    from game.session import GameSession
    from game.ui.contract.buy import BuyPrompt
    from game.ui.scene import AppServices

BUY = "buy"  # a person is being asked whether to buy the discard

#: each seat's staging groups
Stages = dict[int, list[list[Card]]]


class HumanTable(CardTableHost, Protocol):
    """The contract table as ``HumanTurn`` sees it."""

    @property
    def app(self) -> AppServices: ...
    @property
    def session(self) -> GameSession: ...
    @property
    def match(self) -> ContractMatch: ...
    @property
    def mode(self) -> str: ...
    @property
    def bottom(self) -> int: ...
    @property
    def version(self) -> int: ...
    @property
    def selected(self) -> Sequence[Card]: ...
    @property
    def sort_mode(self) -> str: ...
    @property
    def prompt(self) -> BuyPrompt | None: ...

    def commit(self, action: Action) -> bool: ...
    def close_prompt(self) -> None: ...
    def reopen_prompt(self, prompt: BuyPrompt | None) -> None: ...
    def update_status(self) -> None: ...
    def hand_visible(self) -> bool: ...
    def bottom_hand(self) -> list[Card]: ...
    def arrange_hand(self, seat: int, order: Sequence[Card]) -> None: ...
    def toggle_selected(self, card: Card) -> None: ...
    def deselect_all(self) -> None: ...


class HumanTurn:
    """The person's actions at the contract table, and the staging groups they build."""

    def __init__(self, table: HumanTable) -> None:
        self.table = table
        #: each seat's staging groups (cards still in that seat's hand)
        self.stages: Stages = {}
        #: every refusal shown, as (title, lines)
        self.refused: list[tuple[str, tuple[str, ...]]] = []
        #: the decline being committed is the buy prompt's timeout
        self.timed_out = False
        self._stage_key: tuple[int, int] | None = None
        self._stage_result: LayDownCheck | None = None

    # ------------------------------------------------------------------ questions

    def my_move(self) -> bool:
        """Is the seat at the bottom, a person, the one the match waits for now?"""
        table = self.table
        match = table.match
        return (table.mode in (HUMAN, SETTLE, BUY) and not match.hand_over
                and match.awaiting == table.bottom and table.session.seats[table.bottom].is_human)

    def legal(self) -> tuple[str, ...]:
        return self.table.match.legal_kinds() if self.my_move() else ()

    def staging(self) -> bool:
        """Are the staging groups shown (the bottom person has not laid down yet)?"""
        table = self.table
        match = table.match
        seat = table.session.seats[table.bottom]
        return seat.is_human and not match.hand_over and not match.deal.laid_down[table.bottom]

    def stage_groups(self) -> list[list[Card]]:
        """The bottom seat's staging groups, without cards that left the hand."""
        count = self.table.match.contract.melds
        groups = self.stages.setdefault(self.table.bottom, [])
        while len(groups) < count:
            groups.append([])
        del groups[count:]
        hand = set(self.table.match.deal.hands[self.table.bottom])
        for group in groups:
            group[:] = [c for c in group if c in hand]
            group.sort(key=lambda c: (c.is_joker, sort_key_by_suit(c)))
        return groups

    def stages_of(self, seat: int) -> list[list[Card]]:
        """A copy of ``seat``'s staging groups as they are kept (none: empty)."""
        return [list(g) for g in self.stages.get(seat, [])]

    def set_stages_of(self, seat: int, groups: Iterable[Iterable[Card]]) -> None:
        """``seat``'s staging groups are ``groups`` now (a hint builds its contract)."""
        self.stages[seat] = [list(g) for g in groups]

    def kept_stages(self) -> Stages:
        """A copy of every seat's staging groups, to put back later."""
        return {seat: [list(g) for g in groups] for seat, groups in self.stages.items()}

    def restore_stages(self, kept: Stages) -> None:
        """Every seat's staging groups as ``kept`` (``kept_stages``) had them."""
        self.stages = {seat: [list(g) for g in groups] for seat, groups in kept.items()}

    def staged(self) -> set[Card]:
        return {c for g in self.stage_groups() for c in g} if self.staging() else set()

    def stage_check(self) -> LayDownCheck:
        """Whether the staging groups make the contract (kept until the table changes)."""
        match = self.table.match
        key = (self.table.version, self.table.bottom)
        if self._stage_result is None or self._stage_key != key:
            self._stage_key = key
            self._stage_result = check_lay_down(match.variant, match.contract,
                                                self.stage_groups(), {})
        return self._stage_result

    def can_drag(self, card: Card, source: str) -> bool:
        if source in ("hand", "stage"):
            table = self.table
            return table.hand_visible() and table.session.seats[table.bottom].is_human \
                and not table.match.hand_over
        if source == "discard":
            r = self.table.match.deal
            return bool(r.discard) and card == r.discard[-1] and "take_discard" in self.legal()
        return False

    def drop_targets(self, cards: Sequence[Card], source: str) -> dict[object, bool]:
        if source == "discard":
            return {"hand": True}
        valid: dict[object, bool] = {"hand": True}
        if self.staging():
            for index in range(len(self.stage_groups())):
                valid[("slot", index)] = True
        legal = self.legal()
        single = len(cards) == 1
        valid["discard"] = single and "discard" in legal
        if single and ("lay_off" in legal or "swap_joker" in legal):
            card = cards[0]
            match, bottom = self.table.match, self.table.bottom
            for index in range(len(match.deal.melds)):
                valid[("meld", index)] = match.can(LayOff(bottom, card, index)) or \
                    (not card.is_joker and match.can(SwapJoker(bottom, card, index)))
        return valid

    # ------------------------------------------------------------------ messages

    def refuse(self, title: str, lines: Sequence[str] = ()) -> bool:
        """Tell the player why not (with a sound); always False."""
        self.table.app.sounds.play("illegal")
        title, lines = symbols(title), [symbols(line) for line in lines]  # 7♥, not 7H
        self.table.say(title, lines, "error", 7.0)
        self.refused.append((title, tuple(lines)))
        return False

    def _not_your_move(self) -> bool:
        match = self.table.match
        if match.hand_over:
            return self.refuse(_("The round is over"))
        who = match.names[match.awaiting]
        if match.deal.phase == "buying":
            return self.refuse(_("Not now"), [_("{who} is deciding whether to buy the "
                                 "discard.").format(
                who=who)])
        return self.refuse(_("Not your move"), [_("It is {who}'s move.").format(who=who)])

    def _act(self, action: Action) -> bool:
        if not self.my_move():
            return self._not_your_move()
        return self.table.commit(action)

    # ------------------------------------------------------------------ drawing

    def draw_from_stock(self) -> bool:
        return self._act(Draw(self.table.bottom))

    def take_discard(self) -> bool:
        return self._act(TakeDiscard(self.table.bottom))

    def click_discard_pile(self) -> bool:
        legal = self.legal()
        if "take_discard" in legal or not self.my_move():
            return self.take_discard()
        if "discard" in legal:
            if len(self.table.selected) == 1:
                return self.discard(self.table.selected[0])
            return self.refuse(_("Choose the card to discard"),
                               [_("Select one card of your hand, then click the pile, or "
                                "drag the card onto it.")])
        return self.take_discard()

    # ------------------------------------------------------------------ buying

    def buy(self) -> bool:
        if self.table.prompt is None:
            return False
        return self._answer(Buy(self.table.prompt.seat))

    def decline(self, timed_out: bool = False) -> bool:
        if self.table.prompt is None:
            return False
        self.timed_out = timed_out
        return self._answer(Decline(self.table.prompt.seat))

    def _answer(self, action: Action) -> bool:
        prompt = self.table.prompt
        self.table.close_prompt()
        if not self.table.commit(action):
            self.table.reopen_prompt(prompt)
            return False
        return True

    # ------------------------------------------------------------------ the turn

    def discard(self, card: Card | None = None) -> bool:
        if card is None:
            if len(self.table.selected) != 1:
                return self.refuse(_("Choose one card to discard"),
                                   [_("Select a single card of your hand first.")])
            card = self.table.selected[0]
        return self._act(Discard(self.table.bottom, card))

    def lay_down(self) -> bool:
        if not self.my_move():
            return self._not_your_move()
        if ContractKind.LAY_DOWN not in self.legal():
            problem = kind_problem(self.table.match, ContractKind.LAY_DOWN)  # the engine's
            return self.refuse(_("You cannot lay down now"), [problem] if problem else [])
        groups = self.stage_groups()
        check = self.stage_check()
        if not check.ok:
            return self.refuse(_("Not the contract yet"), list(check.problems))
        melds = tuple(tuple(g) for g in groups)
        return self.table.commit(LayDown(self.table.bottom, melds, {}))

    def lay_off(self, card: Card, meld: int, under: Card | None = None) -> bool:
        """Put ``card`` on meld ``meld``; a real card dropped on the joker standing for it
        (or refused as a lay-off while such a joker is there) swaps the joker."""
        if not self.my_move():
            return self._not_your_move()
        match = self.table.match
        r = match.deal
        swap = SwapJoker(self.table.bottom, card, meld)
        if not card.is_joker and 0 <= meld < len(r.melds):
            on_joker = under is not None and under.is_joker and under in r.melds[meld].cards \
                and stands_for(r.declared.get(under), card)
            if on_joker and match.can(swap):
                return self.table.commit(swap)
        action = LayOff(self.table.bottom, card, meld)
        if not match.can(action) and not card.is_joker and match.can(swap):
            return self.table.commit(swap)
        return self.table.commit(action)

    # ------------------------------------------------------------------ staging

    def toggle_select(self, card: Card) -> None:
        if not self.can_drag(card, "hand"):
            return
        self.table.toggle_selected(card)
        self.table.refresh()

    def clear_selection(self) -> None:
        if self.table.selected:
            self.table.deselect_all()
            self.table.refresh()

    def stage(self, cards: Sequence[Card], slot: int) -> bool:
        if not self.staging():
            return self.refuse(_("Your contract is down"),
                               [_("Lay off single cards on the melds instead.")])
        hand = set(self.table.match.deal.hands[self.table.bottom])
        cards = [c for c in cards if c in hand]
        groups = self.stage_groups()
        if not cards or not 0 <= slot < len(groups):
            return False
        for group in groups:
            group[:] = [c for c in group if c not in cards]
        groups[slot].extend(cards)
        self.table.deselect_all()
        self.table.app.sounds.play("card_drop")
        self.table.refresh()
        self.table.update_status()
        return True

    def make_meld(self) -> bool:
        if not self.table.selected:
            return self.refuse(_("Select cards first"),
                               [_("Click the cards of your hand that make a set or a run.")])
        groups = self.stage_groups() if self.staging() else []
        empty = next((i for i, g in enumerate(groups) if not g), None)
        if empty is None:
            if not groups:
                return self.stage(self.table.selected, 0)
            return self.refuse(_("Every group is in use"),
                               [_("Drag the cards onto a group, or Clear one first.")])
        return self.stage(list(self.table.selected), empty)

    def unstage(self, cards: Sequence[Card], position: int | None = None) -> bool:
        groups = self.stage_groups()
        moved = [c for c in cards if any(c in g for g in groups)]
        if not moved:
            return False
        if position is not None and self.table.sort_mode == "manual":  # (stays manual)
            self.table.arrange_hand(self.table.bottom, self._placed_in_hand(moved, position))
        for group in groups:
            group[:] = [c for c in group if c not in moved]
        self.table.app.sounds.play("card_drop")
        self.table.refresh()
        self.table.update_status()
        return True

    def clear_stage(self) -> bool:
        groups = self.stage_groups() if self.staging() else []
        if not any(groups):
            return False
        for group in groups:
            group.clear()
        self.table.app.sounds.play("card_drop")
        self.table.refresh()
        self.table.update_status()
        return True

    # ------------------------------------------------------------------ the hand's order

    def reorder_hand(self, cards: Sequence[Card], position: int) -> bool:
        self.table.arrange_hand(self.table.bottom, self._placed_in_hand(list(cards), position))
        self.table.app.sounds.play("card_drop")
        self.table.refresh()
        return True

    def _placed_in_hand(self, cards: list[Card], position: int) -> list[Card]:
        """The hand's order with ``cards`` put at ``position`` of the hand row as shown
        now."""
        staged = self.staged()
        order = self.table.bottom_hand()
        row = [c for c in order if c not in staged]
        before = sum(1 for c in row[:position] if c not in cards)
        rest = [c for c in row if c not in cards]
        kept = [c for c in order if c in staged and c not in cards]
        return rest[:before] + cards + rest[before:] + kept
