"""The table of a network game this screen joined: the manipulation table, driven by the
host's views of this seat.

The host's match is the only one (``game.net``); this screen has its seat's views. The
table plays a ``ShadowMatch`` (``game.net.shadow``): the match as the latest view shows it,
other hands and the stock as counts. The person plays their seat exactly as at any table;
an action the view allows is sent to the host (``NetClient.act``) and the table waits for
the host's next view, which brings its effect (a refusal is said like a local illegal
move's). Every other seat's action arrives as the host's update and is shown as a
computer's is: a play told step by step (its cards are public once played), a draw with
its card flying face down, the turn log's line. The host deals each next hand; the
scoreboard's Next hand shows it. A host that disappears leaves a message and the last view
on the table. Nothing here is autosaved: the game is the host's.
"""

from __future__ import annotations

from collections import deque
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from game.ai.turns import Decision
from game.coach.turn_words import play_steps
from game.engine.actions import Action, NextHand, Play, StartPlay, action_from_json
from game.engine.errors import IllegalAction
from game.engine.match import PlayerView
from game.i18n import _, ngettext
from game.net import NetClient
from game.net.events import (
    HostLost,
    Joined,
    JoinRefused,
    MatchOver,
    Problem,
    Refused,
    SeatChanged,
    Update,
)
from game.net.shadow import ShadowMatch
from game.net.views import cards_from
from game.session import GameSession, NetworkSeats
from game.solver.edits import Step
from game.store.seats import COMPUTER_KINDS, Seat
from game.ui.scenes.table import TableScene
from game.ui.table.driver import Pacer, Playback
from game.ui.table.hud import Status
from game.ui.table.marks import marked_cards
from game.ui.table.model import TableModel
from game.ui.table.phases import HUMAN, PLAYBACK, SETTLE, THINK, WAIT

if TYPE_CHECKING:
    from game.ui.app import App

#: seconds (at speed 1) another seat's move that came at once still seems thought about
THINK_MIN = 0.55
#: the phase while this seat's action is on its way to the host
SENDING = "sending"
#: a lost connection is tried again with the seat's token: this many times, this many
#: seconds apart (the host keeps a dropped seat for a minute by default)
RETRIES = 5
RETRY_EVERY = 3.0


def joined_session(variant_id: str, options: dict[str, Any], view: PlayerView,
                   kinds: tuple[str, ...]) -> GameSession:
    """The table's session for ``view``: this seat is the person here, every other seat is
    played elsewhere (a computer level where the host's lobby says so)."""
    match = ShadowMatch(variant_id, options, view)
    seats = [Seat(name, kinds[i] if i < len(kinds) and kinds[i] in COMPUTER_KINDS
                  else "human") for i, name in enumerate(view.names)]
    others = tuple(i for i in range(len(seats)) if i != view.seat and seats[i].is_human)
    session = GameSession(match, seats, network=NetworkSeats(others, ("medium",) * len(others)))
    session.recorded = True  # the host's game: this screen's statistics never count it
    return session


class JoinedTableScene(TableScene):
    """The table of ``client``'s seat, from its first ``update``; ``options``: the game's
    house rules (the host's welcome says them); ``kinds``: each seat's kind in the host's
    lobby; ``backlog``: the client's events that came with the update, not yet shown."""

    remote_match = True

    def __init__(self, app: App, client: NetClient, update: Update,
                 options: dict[str, Any] | None = None, kinds: tuple[str, ...] = (),
                 backlog: list[object] | None = None) -> None:
        view = update.view
        assert isinstance(view, PlayerView)
        session = joined_session(client.variant_id, dict(options or {}), view, kinds)
        super().__init__(app, session, autosave=False)
        self.kinds = kinds
        self.client = client
        self.shadow: ShadowMatch = session.match  # type: ignore[assignment]
        self.seat = view.seat
        self.step = update.step
        self.incoming: deque[Update] = deque()
        self.playing: Update | None = None  # another seat's play being told
        self.sent = 0  # our actions on their way to the host, not yet in a view
        self.want_next = False  # Next hand pressed before the host dealt it
        self.lost = ""  # why the host is gone, once it is for good
        self.retries_left = 0  # tries left to get the seat back after a lost connection
        self.retry_at: float | None = None  # when (the table's clock) the next try starts
        self.reconnecting = False
        self._take(backlog or [])

    # -- the host's news, every frame

    def update(self, dt: float) -> None:
        self._take(self.client.events())
        if self.retry_at is not None and self.clock >= self.retry_at:
            self._try_again()
        self._send_outbox()
        if self.want_next and self._next_hand_ready():
            self.want_next = False
            self.next_hand()
        if self.phase in (SENDING, HUMAN) and self.incoming \
                and not isinstance(self._next_action(), NextHand):
            self._show_next()
        super().update(dt)

    def _take(self, events: list[object]) -> None:
        for event in events:
            if isinstance(event, Update):
                if event.event is None:
                    self._fresh_view(event)
                else:
                    self.incoming.append(event)
            elif isinstance(event, Joined):
                self.retries_left = 0
                self.reconnecting = False
                self.say(_("Back at the table"), [_("The host gave you your seat back.")])
            elif isinstance(event, JoinRefused):
                self._give_up(event.reason)
            elif isinstance(event, Refused):
                self._refused(event.reason)
            elif isinstance(event, SeatChanged):
                self._seat_changed(event)
            elif isinstance(event, MatchOver) and event.stalled:
                self.stop(_("The match stopped: {reason}").format(reason=event.stalled))
            elif isinstance(event, HostLost):
                self._host_lost(event.reason)
            elif isinstance(event, Problem):
                self.app.notify(event.text)

    def _refused(self, reason: str) -> None:
        self.sent = max(0, self.sent - 1)
        self.human.refuse(_("The host refused this move"), [reason])
        if self.phase == SENDING:
            self.set_phase(HUMAN)
            self.refresh()
            self.indicators.update_status()

    def _seat_changed(self, event: SeatChanged) -> None:
        if not 0 <= event.seat < len(self.session.seats):
            return
        name = self.session.seats[event.seat].name
        if event.state == "waiting":
            self.say(_("{name} dropped out").format(name=name),
                     [_("A computer takes over in {n} s unless they come back.").format(
                         n=round(event.wait))], tone="warn")
        elif event.state == "computer":
            self.say(_("A computer plays for {name}").format(name=name),
                     [_("They get their seat back when they join again.")], tone="warn")
        else:
            self.say(_("{name} is back").format(name=name))

    def _host_lost(self, reason: str) -> None:
        """The connection is gone: try again with the seat's token (a dropped seat waits
        at the host), and give up after ``RETRIES`` tries."""
        if self.lost:
            return
        first = not self.reconnecting
        if first and self.client.token and not self.match.over:
            self.reconnecting = True
            self.retries_left = RETRIES
        if self.retries_left <= 0:
            self._give_up(reason)
            return
        self.retry_at = self.clock + (0.5 if first else RETRY_EVERY)
        self.say(_("The connection to the host was lost"),
                 [ngettext("Trying again ({n} try left)\u2026",
                           "Trying again ({n} tries left)\u2026",
                           self.retries_left).format(n=self.retries_left)],
                 tone="warn", ttl=RETRY_EVERY + 1)

    def _try_again(self) -> None:
        """A new connection that asks for this seat back with its token."""
        self.retry_at = None
        self.retries_left -= 1
        old = self.client
        client = NetClient(f"{old.host}:{old.port}", old.code, old.name, token=old.token)
        self.client = client
        client.start()

    def _give_up(self, reason: str) -> None:
        self.lost = reason
        self.reconnecting = False
        self.retry_at = None
        self.retries_left = 0
        self.incoming.clear()
        self.playing = None
        self.draft = None
        self.refresh()
        self.stop(_("The host is gone ({reason}). The table stays as you last saw it."
                    ).format(reason=reason))

    def _fresh_view(self, update: Update) -> None:
        """The whole table as the host has it now (after getting the seat back): what was
        waiting or on its way is superseded."""
        if self.lost:
            return
        self.incoming.clear()
        self.playing = None
        self.computer.playback = None
        self.computer.pending = None
        self.sent = 0
        self.shadow.outbox.clear()
        self.draft = None
        self.selected.clear()
        self._load(update)
        self.refresh(snap=True)
        self._advance()

    def _send_outbox(self) -> None:
        """Send the host this seat's actions the table took (a play, a draw, the start of a
        play that makes giving up cost), each answering the view it was made on."""
        outbox = self.shadow.outbox
        while outbox and not self.lost:
            action = outbox.pop(0)
            self.client.act(action, self.step + self.sent)
            self.sent += 1

    # -- turns

    def _advance(self) -> None:
        match = self.match
        if self.lost:
            return
        if match.hand_over or match.current == self.seat:
            super()._advance()
            return
        self.draft = None
        self.origin_seat = match.current
        self.set_phase(THINK)
        name = self.session.seats[match.current].name
        if self.session.seats[match.current].is_human:
            words = _("Waiting for {name} (on the network)").format(name=name)
        else:
            words = _("{name} is thinking").format(name=name)
        self.status = Status(words, "wait", True)
        self.refresh()

    def _update_think(self) -> None:
        """Another seat's move, once the host has told it (and it has seemed thought)."""
        if self.sprites.busy or self.phase_time < THINK_MIN / self.speed or not self.incoming:
            return
        if isinstance(self._next_action(), NextHand):
            return  # the scoreboard's Next hand shows it
        self._show_next()

    def _next_action(self) -> Action | None:
        event = self.incoming[0].event if self.incoming else None
        return action_from_json(event["action"]) if event is not None else None

    def _show_next(self) -> None:
        update = self.incoming.popleft()
        event = update.event
        assert event is not None  # a fresh view is taken at once (``_fresh_view``)
        action = action_from_json(event["action"])
        seat = event["seat"]
        if seat == self.seat and isinstance(action, StartPlay):
            self.sent = max(0, self.sent - 1)  # our started play, noted already
            self._load(update)
            return
        if isinstance(action, Play) and seat != self.seat and self.phase == THINK:
            played = cards_from(event["played"])
            self.shadow.show_play(seat, played)
            self.playing = update
            computer = self.computer
            computer.pending = Decision(action)
            computer.playback = Playback(self.match.draft(), action)
            computer.pacer = Pacer()
            self.set_phase(PLAYBACK)
            self.status = Status(_("{name} plays").format(
                name=self.session.seats[seat].name), "wait")
            return
        self._land(update)

    def commit(self, action: Action) -> bool:
        """This seat's action: verified as the host would and sent (the host's view brings
        its effect); another seat's play, told step by step: shown landed."""
        playing = self.playing
        if playing is not None:
            self.playing = None
            self._land(playing)
            return True
        try:
            self.match.apply(action)
        except IllegalAction as error:
            self.human.refuse(_("That is not allowed now"), [str(p) for p in error.problems])
            return False
        self._send_outbox()
        self.set_phase(SENDING)
        self.status = Status(_("Sending your move to the host\u2026"), "wait", True)
        return True

    def _load(self, update: Update) -> None:
        view = update.view
        assert isinstance(view, PlayerView)
        self.shadow.load(view, update.event)
        self.step = update.step

    def _land(self, update: Update) -> None:
        """Show an action the host applied: the table takes the new view, and the action is
        told as the table tells any (marks, a draw's card, the log line, sounds)."""
        event = update.event
        assert event is not None
        match = self.match
        seat = int(event["seat"]) if event["seat"] is not None else match.current
        action = action_from_json(event["action"])
        if seat == self.seat:
            self.sent = max(0, self.sent - 1)
        before = [len(h) for h in match.hand.hands]
        turns_before = len(match.hand.turns)
        start_hand = list(match.hand.hands[seat])
        start_table = match.hand.table
        played = cards_from(event["played"])
        self._load(update)
        self.draft = None
        self.selected.clear()
        if self.message is not None and self.message.tone != "error":
            self.message = None
        steps: list[Step] = play_steps(match.variant, start_table, played, action.table) \
            if isinstance(action, Play) else []
        new, moved = marked_cards(steps)
        self.marks.record(seat, new | set(played), moved)
        if seat == self.bottom:
            self.drawn_by[seat] = set(match.hand.hands[seat]) - set(start_hand)
        self._after_action(seat, action, played, before, turns_before, steps)

    # -- the next hand: the host deals it

    def _next_hand_ready(self) -> bool:
        return isinstance(self._next_action(), NextHand)

    def _deal_next_hand(self) -> bool:
        if not self._next_hand_ready():
            self.want_next = not self.lost
            self.set_phase(WAIT)
            self.status = Status(_("Waiting for the host to deal the next hand\u2026"), "wait",
                                 True)
            return False
        self._load(self.incoming.popleft())
        return True

    def build_model(self) -> TableModel:
        """Only this seat's hand is known: no other hand is shown at the hand's end. The
        seats of people say where they play: at the host's screen, or on the network."""
        model = super().build_model()
        seats = tuple(replace(info, note=self._seat_note(info.seat)) for info in model.seats)
        return replace(model, seats=seats, revealed=())

    def _seat_note(self, seat: int) -> str:
        kind = self.kinds[seat] if seat < len(self.kinds) else ""
        if seat == self.seat or kind in COMPUTER_KINDS:
            return ""
        return _("At the host's screen") if kind == "local" else _("Network player")

    # -- leaving

    def on_exit(self) -> None:
        super().on_exit()
        self.client.close()

    def before_quit(self) -> None:
        self.client.close()

    @property
    def settled(self) -> bool:
        """Everything the host has said is on the table (tests)."""
        return not self.incoming and self.playing is None and self.sent == 0 \
            and self.phase in (HUMAN, THINK, WAIT, SETTLE)
