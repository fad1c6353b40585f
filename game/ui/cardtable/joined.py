"""A joined table's link to the host (``game.net.NetClient``): what both families' joined
tables do alike.

``JoinedSeat`` takes the client's events every frame: the host's updates wait in
``incoming`` for the table to show them in order; a fresh view (after getting the seat
back) goes to the table at once; a refusal, a seat's player dropping out or coming back, a
stalled match and a problem are told. It sends the table's actions for this seat (each
answering the view it was made on, so the host refuses a stale one) and counts those not
yet seen coming back. A lost connection is tried again with the seat's token (``RETRIES``
tries, ``RETRY_EVERY`` seconds apart: the host keeps a dropped seat for a minute by
default); only then does the table say the host is gone, its last view kept on show.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Protocol

from game.engine.actions import Action, NextHand
from game.i18n import N_, _, ngettext
from game.net import NetClient
from game.net.address import shown_host
from game.net.events import (
    DealsChecked,
    HostLost,
    Joined,
    JoinRefused,
    Lobby,
    MatchOver,
    Problem,
    Queued,
    Refused,
    Rematch,
    Removed,
    Said,
    SeatChanged,
    TurnClock,
    Update,
)
from game.net.fair import record_name, write_record
from game.session import GameSession, NetworkSeats
from game.store.seats import COMPUTER_KINDS, Seat
from game.ui.cardtable.talk import talk_refusal, tell_watchers
from game.ui.cardtable.turn_clock import TurnTimer, timed_out_words

#: tries to get the seat back after a lost connection, and the seconds between them
RETRIES = 5
RETRY_EVERY = 3.0


#: a lost connection's cause (words in the client's reason) and what the player is told
LOST_WORDS = (
    (("refused", "connect call failed"), N_("Nobody is hosting a game at that address now.")),
    (("timed out", "timeout", "TimeoutError"), N_("The host did not answer in time.")),
    (("not known", "nodename", "getaddrinfo", "no address"),
     N_("No computer on this network has that name.")),
    (("no route", "unreachable"), N_("That address cannot be reached from this network.")),
    (("host stopped", "host is stopping"), N_("The host stopped the game.")),
    (("another connection",), N_("Your seat was taken up from another window.")),
    (("too slow",), N_("This computer read the host's news too slowly.")),
    (("closed the connection",), N_("The host closed the connection.")),
)


def lost_words(reason: str) -> str:
    """Why the connection to the host is gone (``HostLost.reason``, the network's own
    words and error texts) in the player's words, never an exception's text."""
    text = reason.casefold()
    for marks, words in LOST_WORDS:
        if any(mark.casefold() in text for mark in marks):
            return _(words)
    return _("The connection to the host was lost.")


class JoinedTable(Protocol):
    """What ``JoinedSeat`` needs of its table."""

    clock: float
    session: GameSession
    turn_timer: TurnTimer

    def say(self, title: str, lines: Sequence[str] = (), tone: str = "info",
            ttl: float = 6.0) -> None: ...
    def stop(self, problem: str) -> None: ...
    def clear_message(self) -> None: ...
    def fresh_view(self, update: Update) -> None: ...
    def refused(self, reason: str) -> None: ...
    def host_gone(self) -> None: ...
    @property
    def match_over(self) -> bool: ...


def joined_session(match: Any, names: Sequence[str], seat: int,
                   kinds: Sequence[str]) -> GameSession:
    """A joined table's session: ``seat`` is the person at this screen, every other seat
    is played elsewhere (a computer level where the host's lobby says so). Never counted
    in this screen's statistics: the game is the host's."""
    seats = [Seat(name, kinds[i] if i < len(kinds) and kinds[i] in COMPUTER_KINDS
                  else "human") for i, name in enumerate(names)]
    others = tuple(i for i in range(len(seats)) if i != seat and seats[i].is_human)
    session = GameSession(match, seats, network=NetworkSeats(others, ("medium",) * len(others)))
    session.recorded = True
    return session


def seat_note(kinds: Sequence[str], seat: int, mine: int) -> str:
    """What another person's seat box says under the name at a joined table: where they
    play (the host's lobby's ``kinds``); nothing for this seat or a computer's."""
    kind = kinds[seat] if seat < len(kinds) else ""
    if seat == mine or kind in COMPUTER_KINDS:
        return ""
    return _("At the host's screen") if kind == "local" else _("Network player")


def host_did_words(event: SeatChanged, name: str, own: bool) -> tuple[str, list[str]]:
    """What a joined table says when the host handed a seat to a computer (or back) or
    removed its player (``own``: this screen's seat)."""
    if event.why == "removed":
        return (_("The host removed {name}").format(name=name),
                [_("A computer plays the seat from now on.")])
    if event.state == "computer":
        if own:
            return (_("The host handed your seat to a computer"),
                    [_("You watch the table; the host may give it back.")])
        return _("The host handed {name}'s seat to a computer").format(name=name), []
    if own:
        return _("The host gave your seat back: you play again"), []
    return _("{name} plays again").format(name=name), []


def waiting_words(kinds: Sequence[str], seat: int, name: str) -> str:
    """The status line while another seat's move is awaited from the host."""
    kind = kinds[seat] if seat < len(kinds) else ""
    if kind in COMPUTER_KINDS:
        return _("{name} is thinking").format(name=name)
    if kind == "local":
        return _("Waiting for {name} (at the host's screen)").format(name=name)
    return _("Waiting for {name} (on the network)").format(name=name)


class JoinedSeat:
    """The table's seat as the host plays it: see the module's text."""

    def __init__(self, table: JoinedTable, client: NetClient, step: int,
                 read: Callable[[dict[str, Any]], Action],
                 deals_dir: Path | None = None) -> None:
        self.table = table
        self.client = client
        self.step = step  # the step of the view on the table
        self.read = read  # the family's action reader
        self.incoming: deque[Update] = deque()
        self.sent = 0  # our actions on their way to the host, not yet in a view
        self.want_next = False  # Next hand pressed before the host dealt it
        self.lost = ""  # why the host is gone, once it is for good
        self.reconnecting = False
        self.retries_left = 0
        self.retry_at: float | None = None  # when (the table's clock) the next try starts
        #: called when the match ends (the Join screen forgets the seat's kept token)
        self.on_over: Callable[[], None] | None = None
        self.watchers: tuple[str, ...] = ()  # the spectators
        self.first_lost = ""  # why the connection was lost before the tries again
        #: the deals checked against the seed the host revealed at the end (``game.net.fair``)
        #: and where the record is kept (in ``deals_dir``) for ``machiavelli verify``
        self.deals_dir = deals_dir
        self.deals: DealsChecked | None = None
        self.deals_kept: Path | None = None
        self.away = False  # a computer plays this seat after its turn ran out three times
        #: the host's rematch: its first view, and the news after it, for the new table
        self.rematching = False
        self.rematch_update: Update | None = None
        self.rematch_backlog: list[object] = []
        self.handed_on = False  # the client plays on at a new table (a rematch)

    # -- every frame

    def poll(self) -> None:
        self.take(self.client.events())
        if self.retry_at is not None and self.table.clock >= self.retry_at:
            self._try_again()

    def take(self, events: list[object]) -> None:
        table = self.table
        if self.rematch_update is not None:  # all for the rematch's table, once it opens
            self.rematch_backlog += events
            return
        for index, event in enumerate(events):
            if self.rematching and isinstance(event, Update) and event.event is None:
                self.rematch_update = event  # the new match's first view: a new table
                self.rematch_backlog = list(events[index + 1:])
                return
            if isinstance(event, Rematch):
                self.rematching = True
            elif isinstance(event, Update):
                if event.event is None:
                    if not self.lost:
                        self.incoming.clear()
                        self.sent = 0
                        table.fresh_view(event)
                else:
                    self.incoming.append(event)
            elif isinstance(event, Joined):
                self.reconnecting = False
                self.retries_left = 0
                table.say(_("Back at the table"), [_("The host gave you your seat back.")])
            elif isinstance(event, JoinRefused):
                self._give_up(event.reason)
            elif isinstance(event, Removed):
                self._removed()
            elif isinstance(event, Refused):
                self.sent = max(0, self.sent - 1)
                table.refused(event.reason)
            elif isinstance(event, Queued):  # the host holds our answer until it is due
                table.say(_("Your answer waits for your turn to be asked"))
            elif isinstance(event, SeatChanged):
                self._seat_changed(event)
            elif isinstance(event, Said) and getattr(table, "talk", None) is not None:
                table.talk.heard(event)  # type: ignore[attr-defined]
            elif isinstance(event, Lobby):
                self.watchers = tell_watchers(table, self.watchers, event.watchers)
            elif isinstance(event, TurnClock):
                table.turn_timer.start(event, table.clock)
            elif isinstance(event, DealsChecked):
                self._deals_checked(event)
            elif isinstance(event, MatchOver):
                if self.on_over is not None:
                    self.on_over()  # the seat's kept token has served
                if event.stalled:
                    table.stop(_("The match stopped: {reason}").format(reason=event.stalled))
            elif isinstance(event, HostLost):
                self._host_lost(event.reason)
            elif isinstance(event, Problem):
                table.say(talk_refusal(event.text) or event.text, tone="warn")

    def _deals_checked(self, event: DealsChecked) -> None:
        """The match is over and its deals were checked: said (loudly when they do not
        match), shown on the end screen, and the record kept for ``machiavelli verify``."""
        self.deals = event
        record = self.client.deals
        if record is not None and self.deals_dir is not None:
            client = self.client
            path = self.deals_dir / record_name(f"{shown_host(client.host)}:{client.port}",
                                                client.code, time.time())
            try:
                write_record(record, path)
                self.deals_kept = path
            except OSError:
                self.deals_kept = None
        if event.ok:
            self.table.say(_("Deals verified"), [event.words], ttl=10.0)
        else:  # loudly: kept on show, and said aloud
            self.table.say(_("The deals do not match!"), [event.words], tone="error",
                           ttl=120.0)

    def _seat_changed(self, event: SeatChanged) -> None:
        seats = self.table.session.seats
        if not 0 <= event.seat < len(seats):
            return
        name = seats[event.seat].name
        own = event.seat == self.client.seat
        was_away = self.away
        if own:
            self.away = event.state == "computer" and event.timeouts
        if event.why:
            title, lines = host_did_words(event, name, own)
            self.table.say(title, lines, tone="warn", ttl=10.0)
        elif event.state == "computer" and event.timeouts:
            title, lines = timed_out_words(name, own)
            # this screen's own seat: kept on show (and said aloud) until the person acts
            self.table.say(title, lines, tone="error" if own else "warn",
                           ttl=600.0 if own else 6.0)
        elif own:  # never "Bea is back" to Bea: a rejoin is told by Joined
            if event.state == "taken" and was_away:
                self.table.say(_("You play your seat again"))
        elif event.state == "waiting":
            self.table.say(_("{name} dropped out").format(name=name),
                           [_("A computer takes over in {n} s unless they come back.").format(
                               n=round(event.wait))], tone="warn")
        elif event.state == "computer":
            self.table.say(_("A computer plays for {name}").format(name=name),
                           [_("They get their seat back when they join again.")], tone="warn")
        else:
            self.table.say(_("{name} is back").format(name=name))

    def frame(self, outbox: list[Action], next_deal: Callable[[], None],
              show_next: Callable[[], None], can_show: Callable[[], bool]) -> None:
        """Every frame of either joined table: the host's news read, this screen's moves
        (``outbox``) sent, the next deal started once the host dealt it, and the next move
        told when the table ``can_show`` it."""
        self.poll()
        self.send(outbox)
        if self.want_next and self.next_deal_ready():
            self.want_next = False
            next_deal()
        if can_show() and self.incoming and not self.next_deal_ready():
            show_next()

    def send(self, outbox: list[Action]) -> None:
        """Send the host this seat's actions the table took, in order."""
        while outbox and not self.lost:
            self.client.act(outbox.pop(0), self.step + self.sent)
            self.sent += 1

    # -- the host's actions, in order

    def next_action(self) -> Action | None:
        event = self.incoming[0].event if self.incoming else None
        return self.read(event["action"]) if event is not None else None

    def next_deal_ready(self) -> bool:
        """Is the host's next deal the next thing to show?"""
        return isinstance(self.next_action(), NextHand)

    def pop(self) -> Update:
        """The next update to show (the table shows it now)."""
        update = self.incoming.popleft()
        self.step = update.step
        event = update.event
        if event is not None and event.get("seat") == self.client.seat:
            self.sent = max(0, self.sent - 1)
        return update

    @property
    def settled(self) -> bool:
        return not self.incoming and self.sent == 0

    # -- a lost connection

    def _host_lost(self, reason: str) -> None:
        if self.lost:
            return
        first = not self.reconnecting
        if first:
            self.first_lost = reason  # what the tries after it fail with says less
        if first and self.client.token and not self.table.match_over:
            self.reconnecting = True
            self.retries_left = RETRIES
        if self.retries_left <= 0:
            self._give_up(reason)
            return
        self.retry_at = self.table.clock + (0.5 if first else RETRY_EVERY)
        self.table.say(_("The connection to the host was lost"),
                       [ngettext("Trying again ({n} try left)\u2026",
                                 "Trying again ({n} tries left)\u2026",
                                 self.retries_left).format(n=self.retries_left)],
                       tone="warn", ttl=RETRY_EVERY + 1)

    def _try_again(self) -> None:
        """A new connection that asks for this seat back with its token."""
        self.retry_at = None
        self.retries_left -= 1
        old = self.client
        self.client = NetClient(f"{shown_host(old.host)}:{old.port}", old.code, old.name,
                                token=old.token, deals=old.deals)
        self.client.start()

    def _removed(self) -> None:
        """The host removed this screen's player: said, the table stays as it was, and the
        seat is never asked back."""
        self.lost = _("removed by the host")
        self.reconnecting = False
        self.retry_at = None
        self.retries_left = 0
        self.incoming.clear()
        self.table.host_gone()
        self.table.stop(_("The host removed you from this game. The table stays as you last "
                          "saw it."))

    def _give_up(self, reason: str) -> None:
        self.lost = reason
        self.reconnecting = False
        self.retry_at = None
        self.retries_left = 0
        self.incoming.clear()
        self.table.host_gone()
        self.table.stop(_("The host is gone: {reason} The table stays as you last saw it."
                          ).format(reason=lost_words(self.first_lost or reason)))

    def back(self) -> bool:
        """Any key or click of the person while a computer plays their seat after
        timeouts: they play it again (the host is told); False when it was not away."""
        if not self.away or self.lost:
            return False
        self.away = False
        self.client.back()
        self.table.clear_message()
        return True

    def close(self) -> None:
        if self.handed_on:
            return
        self.retry_at = None
        self.client.close()
