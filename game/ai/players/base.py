"""What every computer player shares: the turn flow over the variant's turn structure,
and a safety net so a player never hands the driver an action the rules refuse.

A player sees only a ``PlayerView``. The driver (``game.ai.turns``) asks ``decide`` whenever
the seat is in turn (and the hand is not over), commits ``decision.action`` for that seat,
and asks again while the same seat is still in turn (draw-until-able, Carousel draws,
Robber's extra draw and play); when the match refuses a decision it asks ``fallback``.
"""

from __future__ import annotations

import random
from dataclasses import replace

from game.ai.decision import Decision, for_seat
from game.ai.players.plays import solved_play
from game.ai.players.simple import simple_play
from game.engine.actions import Abandon, Action, Draw, EndTurn, Knock, NextHand, Pass, Play
from game.engine.match import PlayerView
from game.engine.turn import check_turn

# Non-play actions in the order the safety net tries them.
_FALLBACK_ORDER = ("draw", "pass", "end_turn", "knock", "next_hand", "abandon")
_ACTIONS: dict[str, type[Action]] = {
    "draw": Draw, "pass": Pass, "end_turn": EndTurn, "knock": Knock, "next_hand": NextHand,
    "abandon": Abandon,
}


def simple_action(kind: str, seat: int, note: str = "") -> Decision:
    """A non-play action of this kind for ``seat``."""
    player = None if kind == "next_hand" else seat
    return Decision(_ACTIONS[kind](player), (), note or kind)


def play_is_legal(view: PlayerView, decision: Decision) -> bool:
    """Would the engine accept this play now, judged from the view alone?"""
    action = decision.action
    if not isinstance(action, Play) or "play" not in view.legal:
        return False
    result = check_turn(view.variant, view.table, view.hand, action.table,
                        view.opened[view.seat])
    return result.ok


class ComputerPlayer:
    """Base of the computer players. Subclasses choose plays (``choose_play``) and may
    override the non-play choices (``want_knock``, ``want_extra_draw``)."""

    level: str = ""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(level={self.level!r}, seed={self.seed})"

    # --- the driver's entry point

    def decide(self, view: PlayerView) -> Decision:
        """The action to take now. Never raises, and returns only an action kind the view
        lists as legal (a play is checked against the whole-turn rules first)."""
        try:
            decision = self._decide(view)
        except Exception as error:  # a player bug must never stop a match
            return self.fallback(view, f"fallback after {type(error).__name__}: {error}")
        if isinstance(decision.action, Play):
            if play_is_legal(view, decision):
                return for_seat(decision, view.seat)
            return self.fallback(view, "fallback: the chosen play breaks a rule")
        if decision.action.kind in view.legal:
            return for_seat(decision, view.seat)
        return self.fallback(view, f"fallback: {decision.action.kind} is not allowed now")

    def fallback(self, view: PlayerView, note: str = "fallback") -> Decision:
        """A legal non-play action (the driver also calls this when the engine refuses an
        action). When only a play is allowed (must play), the simplest play found."""
        for kind in _FALLBACK_ORDER:
            if kind in view.legal:
                return simple_action(kind, view.seat, note)
        if "play" in view.legal:
            decision = forced_play(view)
            if decision is not None:
                return replace(decision, note=note)
        # Nothing is allowed that we can find: pass, and let the driver report it.
        return simple_action("pass", view.seat, note)

    # --- the turn flow

    def _decide(self, view: PlayerView) -> Decision:
        legal = view.legal
        if "next_hand" in legal:
            return simple_action("next_hand", view.seat)
        if "play" in legal:
            decision = self.choose_play(view)
            if decision is not None:
                return decision
        return self.choose_other(view)

    def choose_play(self, view: PlayerView) -> Decision | None:
        """The play to make now, or None to take a non-play action instead."""
        raise NotImplementedError

    def choose_other(self, view: PlayerView) -> Decision:
        """A non-play action: knock, the Robber's extra draw, draw, end the turn or pass."""
        legal = view.legal
        seat = view.seat
        if "knock" in legal and self.want_knock(view):
            return simple_action("knock", seat)
        if "draw" in legal and view.played_this_turn:  # Robber's optional extra card
            if "end_turn" not in legal or self.want_extra_draw(view):
                return simple_action("draw", seat, "extra draw")
            return simple_action("end_turn", seat)
        for kind in ("draw", "end_turn", "pass", "knock", "abandon"):
            if kind in legal:
                return simple_action(kind, seat)
        return simple_action("pass", seat, "nothing is allowed")

    def want_knock(self, view: PlayerView) -> bool:
        """Knock now (only asked when knocking is allowed)?"""
        return True

    def want_extra_draw(self, view: PlayerView) -> bool:
        """Robber's rummy: draw the optional extra card after playing?"""
        return True


def must_play(view: PlayerView) -> bool:
    """Do the rules leave only a play (the seat can play and must)?"""
    return "play" in view.legal and not any(
        kind in view.legal for kind in ("draw", "pass", "end_turn", "knock"))


def forced_play(view: PlayerView) -> Decision | None:
    """The smallest legal play: a simple one if any, else the solver's (used when the rules
    force a play)."""
    decision = simple_play(view)
    if decision is not None and play_is_legal(view, decision):
        return decision
    for exactly in (1, None):
        decision = solved_play(view, exactly=exactly, note="forced play")
        if decision is not None:
            return decision
    return None

