"""Which action kinds the contract game allows now (RULES.md, Shanghai Rummy): one small
rule per kind, found through one explicit table, as ``game.engine.turn_order`` does for the
manipulation games. What a kind's action itself must satisfy (its melds, its card) is
``ContractMatch``'s check of that action."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.engine.actions import ActionKind
from game.engine.contract.actions import ContractKind
from game.i18n import _

if TYPE_CHECKING:
    from game.engine.contract.match import ContractMatch

#: why an action of one kind is not allowed now, once no discard waits for buyers and the
#: player in turn has drawn (None when it is)
KindRule = Callable[["ContractMatch"], "str | None"]


def _lay_down(m: ContractMatch) -> str | None:
    r = m.deal
    return _("you have laid down your contract already") if r.laid_down[r.current] else None


def _lay_off(m: ContractMatch) -> str | None:
    r = m.deal
    if not r.laid_down[r.current] or r.went_down_now:
        return _("lay off only in a turn after you laid down your contract")
    return None


def _swap_joker(m: ContractMatch) -> str | None:
    # anyone may take a joker, but it must be used this turn: after laying down, this turn
    # allows no lay-off, so the joker could not be used
    if m.deal.went_down_now:
        return _("you laid down this turn, so you could not use a joker taken now (in one "
                 "turn you either lay down or lay off); take it before laying down")
    return None


def _discard(m: ContractMatch) -> str | None:
    r = m.deal
    if r.swapped:
        return _("the joker you took must be used this turn")
    return None if r.hands[r.current] else _("you have no card to discard")


#: the kinds of the play phase (after the draw), with their rules
PLAY_RULES: dict[str, KindRule] = {
    ContractKind.LAY_DOWN: _lay_down,
    ContractKind.LAY_OFF: _lay_off,
    ContractKind.SWAP_JOKER: _swap_joker,
    ContractKind.DISCARD: _discard,
}
#: the order ``ContractMatch.legal_kinds`` lists the kinds in
LISTED = (ActionKind.DRAW, ContractKind.TAKE_DISCARD, ContractKind.BUY, ContractKind.DECLINE,
          *PLAY_RULES, ActionKind.NEXT_HAND)


def kind_problem(m: ContractMatch, kind: str) -> str | None:
    """Why an action of ``kind`` is not allowed now (None when it is), before the action
    itself is checked: the round's phase first (a discard offered to buyers, the draw,
    the play), then the kind's own rule."""
    r = m.deal
    if m.over:
        return _("the match is over")
    if kind == ActionKind.NEXT_HAND:
        return None if r.result is not None else _("the round is still being played")
    if r.result is not None:
        return _("the round is over")
    if kind in (ContractKind.BUY, ContractKind.DECLINE):
        if r.phase != "buying":
            return _("no discard is offered")
        if kind == ContractKind.BUY and r.buys[m.awaiting] >= m.variant.max_buys:
            return _("you have bought {n} times this round").format(n=m.variant.max_buys)
        return None
    if r.phase == "buying":
        return _("waiting for {name} to buy or decline").format(name=m.names[m.awaiting])
    if kind in (ActionKind.DRAW, ContractKind.TAKE_DISCARD):
        if r.phase != "draw":
            return _("you have drawn this turn")
        if kind == ContractKind.TAKE_DISCARD and not r.discard:
            return _("the discard pile is empty")
        return None
    if r.phase != "play":
        return _("draw first")
    rule = PLAY_RULES.get(kind)
    return _("unknown action {kind}").format(kind=kind) if rule is None else rule(m)


def legal_kinds(m: ContractMatch) -> tuple[str, ...]:
    """The action kinds the seat the match waits for may take now."""
    return tuple(kind for kind in LISTED if kind_problem(m, kind) is None)
