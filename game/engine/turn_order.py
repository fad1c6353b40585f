"""Which action kinds the player in turn may take now, in the manipulation games (RULES.md
section 3): one small rule per kind, found through one explicit table. ``Match.verify``
asks ``kind_problem`` (a play's table is the turn check's, ``game.engine.turn``); the
contract game's rules are ``game.engine.contract.turn_order``."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.engine.actions import ActionKind
from game.engine.scoring import hand_value
from game.engine.variants import KnockWhen
from game.i18n import _

if TYPE_CHECKING:
    from game.engine.match import Match

#: why an action of one kind is not allowed now (None when it is); the flag: the action
#: records that the must-play question was not settled (``NotPlaying``), so it is not asked
KindRule = Callable[["Match", bool], "str | None"]


def _play(m: Match, unsettled: bool) -> str | None:
    v, h = m.variant, m.deal
    if not h.hands[h.current] and not h.table.free:
        return _("you have no cards to play")
    if h.final_turns is not None:
        return None
    if v.draws_before_meld:
        if h.played:
            return _("you have already melded this turn")
        if h.draws == 0:
            return _("draw a card first")
        if h.draws >= v.carousel_draws:
            return _("no meld after the last draw")
        return None
    if v.play_draw_play:
        if h.played and h.draws == 0:
            return _("draw your extra card or end your turn")
        return None
    return _("you have already played this turn") if h.played else None


def _draw(m: Match, unsettled: bool) -> str | None:
    v, h = m.variant, m.deal
    if h.final_turns is not None:
        return _("no drawing in the last round: meld or pass")
    if not h.stock:
        return _("the stock is empty")
    if h.started and not h.played:
        return _("you have started a play: finish it, or give up and draw "
                 "{n}").format(n=v.abandon_penalty)
    if v.draws_before_meld:
        if h.played:
            return _("you have melded: your turn is over")
        if h.draws >= v.carousel_draws:
            return _("no more draws this turn")
        return None
    if v.play_draw_play:
        if h.played and h.draws:
            return _("you have drawn your extra card")
        return m.must_play_problem(unsettled) if not h.played else None
    if h.played:
        return _("you have already played this turn")
    return m.must_play_problem(unsettled)


def _giving_up_problem(m: Match) -> str | None:
    """What rules out giving up a play, and marking one started, now (None: nothing)."""
    h = m.deal
    if not m.variant.abandon_applies:
        return _("giving up a started play is not part of this game")
    if h.played or h.final_turns is not None or not h.stock:
        return _("giving up a play is not allowed now")
    return None


def _abandon(m: Match, unsettled: bool) -> str | None:
    problem = _giving_up_problem(m)
    if problem is not None:
        return problem
    return None if m.deal.started else m.must_play_problem(unsettled)


def _start_play(m: Match, unsettled: bool) -> str | None:
    problem = _giving_up_problem(m)
    if problem is not None:
        return problem
    return _("the play has already started") if m.deal.started else None


def _knock(m: Match, unsettled: bool) -> str | None:
    v, h = m.variant, m.deal
    knock = v.knock
    if knock is None or h.final_turns is not None:
        return _("no knocking now")
    if hand_value(v.scoring, h.hands[h.current]) > knock.max_points:
        return _("you may knock only with {n} points or fewer").format(n=knock.max_points)
    if knock.when is KnockWhen.START_OF_TURN:
        return None if h.draws == 0 and not h.played else _("knock only instead of drawing")
    # RULES.md 4: "after drawing one or two cards and melding"
    if h.played and 1 <= h.draws <= v.carousel_draws - 1:
        return None
    return _("knock after drawing one or two cards and melding")


def _pass(m: Match, unsettled: bool) -> str | None:
    v, h = m.variant, m.deal
    if h.final_turns is not None:
        return None
    if v.draws_before_meld:
        return None if not h.stock and not h.played and h.draws == 0 else _("you must draw")
    if h.played:
        return _("end your turn instead")
    if h.stock:
        return _("draw a card instead of passing")
    return m.must_play_problem(unsettled)


def _end_turn(m: Match, unsettled: bool) -> str | None:
    v, h = m.variant, m.deal
    if v.draws_before_meld:
        if h.played or (h.draws and not h.stock):
            return None
        return _("draw or meld first")
    if v.play_draw_play and h.played:
        return None
    return _("your turn ends when you play or draw")


#: the rule of each kind taken in a hand's turns, in the order ``Match.legal_kinds`` lists
#: them (the next hand's comes before all: see ``kind_problem``)
KIND_RULES: dict[ActionKind, KindRule] = {
    ActionKind.PLAY: _play,
    ActionKind.DRAW: _draw,
    ActionKind.KNOCK: _knock,
    ActionKind.PASS: _pass,
    ActionKind.END_TURN: _end_turn,
    ActionKind.ABANDON: _abandon,
    ActionKind.START_PLAY: _start_play,
}


def kind_problem(m: Match, kind: str, unsettled: bool = False) -> str | None:
    """Why an action of ``kind`` is not allowed now (None when it is), except a play's
    table, which the turn check judges."""
    h = m.deal
    if m.over:
        return _("the match is over")
    if kind == ActionKind.NEXT_HAND:
        return None if h.result is not None else _("the hand is still being played")
    if h.result is not None:
        return _("the hand is over")
    rule = KIND_RULES.get(kind)  # type: ignore[call-overload]  # a str from a saved log
    if rule is None:
        return _("unknown action {kind}").format(kind=kind)
    problem: str | None = rule(m, unsettled)
    return problem


def legal_kinds(m: Match) -> tuple[ActionKind, ...]:
    """The action kinds the player in turn may take now."""
    return tuple(kind for kind in (*KIND_RULES, ActionKind.NEXT_HAND)
                 if kind_problem(m, kind) is None)
