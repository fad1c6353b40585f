"""The computer-turn loop, in one place for every driver (``machiavelli simulate`` and both
table screens): ask the seat's player for a decision, check it with the match, fall back
to a safe legal action with a note, and never loop for ever.

A driver does three things:

1. ``make_computer(family, level, seed)``: the computer player for a seat of a match of
   that family (the family's player registry, no ``if family ==`` at the call site), its
   seed ``computer_seed(match_seed, seat)``: made here only, so a game seen at the table
   replays headless (``machiavelli replay``) with the same computer choices.
2. ``ask(player, view)``: the player's decision on what the seat may see. It never raises;
   the screens run it in a worker thread, ``simulate`` times it.
3. ``settle(match, seat, player, decision, commit)``: hand the decision to ``commit``
   (which applies its action, or stages a play for animation) and, if the rules refuse it, try
   the player's fallback, then the simplest legal action that needs no card. At most
   three tries, so a turn always ends: with the decision the match accepted, or with
   none and the reason (the driver stops the game or reports it).

Everything here is below the UI and reads no clock.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from game.ai.contract import make_contract_player
from game.ai.decision import FALLBACK, Decision, SeatPlayer, for_seat
from game.ai.players import make_player
from game.engine.actions import Abandon, Action, Draw, EndTurn, Knock, Pass
from game.engine.contract.actions import Decline
from game.engine.errors import IllegalAction
from game.engine.protocol import GameState
from game.engine.variants import Family

# Decision, SeatPlayer, FALLBACK and for_seat are game.ai.decision's; the drivers import
# them from here with the loop that uses them
__all__ = ["FALLBACK", "PLAYER_MAKERS", "SEAT_ONLY", "Commit", "Decision", "SeatPlayer",
           "Settled", "applying", "ask", "computer_seed", "for_seat", "make_computer", "settle",
           "take_turn"]

#: The actions the last resort may take: they need no card, only the seat, and are tried in
#: this order (move the game on before giving anything up).
SEAT_ONLY: tuple[tuple[str, Callable[[int], Action]], ...] = (
    ("decline", Decline), ("draw", Draw), ("pass", Pass), ("end_turn", EndTurn),
    ("knock", Knock), ("abandon", Abandon))

#: The computer players of each game family (``Variant.family``), by level and seed.
PLAYER_MAKERS: dict[Family, Callable[[str, int], SeatPlayer]] = {
    Family.MANIPULATION: make_player, Family.CONTRACT: make_contract_player}


def make_computer(family: Family | str, level: str, seed: int) -> SeatPlayer:
    """The computer player of ``level`` for a match of ``family``; ValueError for an unknown
    level or family."""
    try:
        maker = PLAYER_MAKERS[Family(family)]
    except ValueError:
        raise ValueError(f"no computer players for the game family '{family}'") from None
    return maker(level, seed)


def computer_seed(match_seed: int, seat: int) -> int:
    """The seed of the computer player at ``seat`` of the match dealt from ``match_seed``:
    the one formula the table screens, ``simulate`` and ``replay`` use (``simulate``'s,
    kept so its seeded figures stay as they were)."""
    return match_seed * 31 + seat


def ask(player: SeatPlayer, view: Any) -> Decision | None:
    """``player``'s decision on ``view``. Never raises: a player that fails is asked for its
    fallback, and None means that failed too."""
    try:
        return player.decide(view)
    except Exception as error:  # noqa: BLE001 - a player bug must never stop a match
        return _fallback(player, view, f"{FALLBACK} after {type(error).__name__}: {error}")


#: Applies a decision's action to the match (or stages a play to be applied after its
#: animation): "" when the rules accept it, else the refusal in words.
Commit = Callable[["Decision"], str]


def applying(match: GameState) -> Commit:
    """The plain ``Commit``: applies the action to ``match`` at once (no animation)."""
    def commit(decision: Decision) -> str:
        try:
            match.apply(decision.action)
        except IllegalAction as refused:
            return str(refused)
        return ""
    return commit


@dataclass(frozen=True)
class Settled:
    """How a computer turn ended."""

    decision: Decision | None  # the decision committed; None when no action was accepted
    fallbacks: int = 0  # times a fallback stood in for the player's choice this turn
    problem: str = ""  # why the player's choice was refused (and, with no decision, the rest)


def settle(match: GameState, seat: int, player: SeatPlayer, decision: Decision | None,
           commit: Commit, why: str = "") -> Settled:
    """Commit ``decision`` for ``seat``; when it is missing (``why`` says why) or refused, the
    player's fallback; when that is refused too, the first seat-only action the match
    accepts. Three tries at most."""
    fallbacks = int(decision is not None and decision.is_fallback)
    if decision is not None:
        decision = for_seat(decision, seat)
        refused = commit(decision)
        if not refused:
            return Settled(decision, fallbacks)
    else:
        refused = why or "the computer player gave no decision"
    fallbacks += 1
    backup = _fallback(player, match.view(seat), f"{FALLBACK}: refused ({refused})")
    again = "the player has no fallback"
    if backup is not None:
        backup = for_seat(backup, seat)
        again = commit(backup)
        if not again:
            return Settled(backup, fallbacks, refused)
    problem = f"{refused}; then {again}"
    legal = match.legal_kinds()
    for kind, make in SEAT_ONLY:
        last = Decision(make(seat), (), f"{FALLBACK}: {kind}")
        if kind in legal and match.can(last.action):
            refused_too = commit(last)
            if not refused_too:
                return Settled(last, fallbacks + 1, problem)
            return Settled(None, fallbacks + 1, f"{problem}; then {refused_too}")
    return Settled(None, fallbacks, problem)


def take_turn(match: GameState, seat: int, player: SeatPlayer, commit: Commit) -> Settled:
    """A whole computer turn at once (no thinking shown): ``ask`` then ``settle``."""
    return settle(match, seat, player, ask(player, match.view(seat)), commit)


def _fallback(player: SeatPlayer, view: Any, note: str) -> Decision | None:
    try:
        return player.fallback(view, note)
    except Exception:  # noqa: BLE001 - the driver reports that no action was found
        return None
