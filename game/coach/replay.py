"""A saved game's turns again, headless: its match replayed from its seed and log, each
turn told in the words of the table's turn log (``turn_words``), one entry a turn, for
``machiavelli replay``.

With ``check``, each computer seat is also asked again, as the table asked it: one player
a seat for the whole match, made from ``computer_seed``, asked on the seat's view before
each of its actions. A turn where it now chooses otherwise is marked, so "Hard did X"
can be reproduced, or shown not to be (a game loaded part-way through at the table made
its players afresh there, and a changed player chooses otherwise).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from game.ai.turns import SeatPlayer, ask, computer_seed, make_computer
from game.coach.turn_words import action_words, play_steps, turn_drawn
from game.engine.actions import Action, NextHand, Play
from game.engine.cards import Card
from game.engine.match import Match
from game.engine.serialize import new_match
from game.engine.table import Table
from game.i18n import _
from game.solver import PLAY_ORACLE

if TYPE_CHECKING:
    from game.session import GameSession


class ReplayError(ValueError):
    """The game cannot be replayed here (not a manipulation match)."""


@dataclass(frozen=True)
class ReplayedTurn:
    """One turn as the table's log showed it."""

    hand: int  # from 1
    seat: int  # from 0
    name: str  # as the table names the seat ("You" for the person at the screen)
    kind: str  # the action that ended the turn (play, draw, pass, knock, abandon, end_turn)
    played: tuple[Card, ...]  # the cards it put down from the hand
    drawn: int  # the cards it took in the whole turn
    table: Table  # the table after the turn
    words: str  # the turn log's line
    #: with ``check``: did the seat's computer player choose its actions again? None for a
    #: person's turn, or without ``check``
    same: bool | None = None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"hand": self.hand, "seat": self.seat, "name": self.name,
                      "kind": self.kind, "played": [str(card) for card in self.played],
                      "drawn": self.drawn, "table": str(self.table), "words": self.words}
        if self.same is not None:
            data["same"] = self.same
        return data


def table_name(session: GameSession, seat: int) -> str:
    """How the table names ``seat`` in its log: "You" for the one person at the screen
    (not in hot-seat, where everyone is named), else the seat's name."""
    if session.seats[seat].is_human and not session.hot_seat:
        return _("You")
    return session.seats[seat].name


def replay_turns(session: GameSession, check: bool = False) -> list[ReplayedTurn]:
    """Every turn of the session's match, as the table's turn log wrote it; with ``check``,
    each computer turn marked by whether its player chooses the same actions again."""
    saved = session.match
    if not isinstance(saved, Match):
        raise ReplayError(_("{game} is not a manipulation game: its turns cannot be "
                            "replayed yet").format(game=_(saved.variant.name)))
    match = new_match(saved.variant_id, saved.players, saved.seed, saved.options, saved.names,
                      oracle=PLAY_ORACLE)
    assert isinstance(match, Match)
    players: dict[int, SeatPlayer] = {}
    differs: set[int] = set()  # seats whose computer chose otherwise this turn
    turns: list[ReplayedTurn] = []
    for action in saved.log:
        if isinstance(action, NextHand):
            match.apply(action)
            continue
        seat = match.current
        if check and not session.seats[seat].is_human and not _chooses(
                _player(players, session, seat), match, seat, action):
            differs.add(seat)
        turn = _apply(match, session, seat, action)
        if turn is not None:
            same = None if not check or session.seats[seat].is_human else seat not in differs
            differs.discard(seat)
            turns.append(turn if same is None else replace(turn, same=same))
    return turns


def _apply(match: Match, session: GameSession, seat: int, action: Action
           ) -> ReplayedTurn | None:
    """Apply ``action`` as the table commits it; the turn it ended, else None."""
    hand = match.deal
    before = [len(h) for h in hand.hands]
    turns_before = len(hand.turns)
    start_hand = list(hand.hands[seat])
    start_table = hand.table
    played: tuple[Card, ...] = ()
    if isinstance(action, Play):
        held = set(start_hand)
        played = tuple(c for c in action.table.cards() if c in held)
    match.apply(action)
    if not (len(hand.turns) > turns_before or match.hand_over):
        return None
    steps = play_steps(match.variant, start_table, start_hand, action.table) \
        if isinstance(action, Play) else []
    drawn = turn_drawn(hand.turns, turns_before,
                       len(hand.hands[seat]) - (before[seat] - len(played)))
    name = table_name(session, seat)
    return ReplayedTurn(hand.number + 1, seat, name, action.kind, played, drawn, hand.table,
                        action_words(name, action, played, drawn, steps, limit=None))


def _player(players: dict[int, SeatPlayer], session: GameSession, seat: int) -> SeatPlayer:
    player = players.get(seat)
    if player is None:
        match = session.match
        player = players[seat] = make_computer(
            match.family, session.seats[seat].kind, computer_seed(match.seed, seat))
    return player


def _chooses(player: SeatPlayer, match: Match, seat: int, action: Action) -> bool:
    """Does ``player``, asked on ``seat``'s view, choose ``action`` again?"""
    decision = ask(player, match.view(seat))
    return decision is not None and _same_action(decision.action, action, seat)


def _same_action(chosen: Action, logged: Action, seat: int) -> bool:
    if chosen.kind != logged.kind or chosen.player not in (seat, logged.player):
        return False
    if isinstance(chosen, Play) and isinstance(logged, Play):
        return _table_key(chosen.table) == _table_key(logged.table)
    return True


def _table_key(table: Table) -> tuple[Any, ...]:
    """A table regardless of the order of its melds and of the cards in each."""
    return (sorted(sorted(map(str, meld)) for meld in table.melds),
            sorted(map(str, table.free)), sorted(f"{c}={f}" for c, f in table.declared.items()))
