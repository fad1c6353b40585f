"""The host's match: it begins (every network seat taken), each action is verified,
applied and told to every seat (each its own view), the driver deals the next hand, plays
the computer seats (``game.ai.turns``, seeded as ``simulate`` seeds them) and a move whose
turn timer ran out, and the match ends (its seed and salt revealed) or starts again
(a rematch)."""

from __future__ import annotations

import asyncio
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any

from game.ai.turns import Decision, SeatPlayer, ask, computer_seed, make_computer, settle
from game.engine.actions import Action, NextHand
from game.engine.cards import Card
from game.engine.errors import IllegalAction
from game.engine.protocol import GameState
from game.engine.serialize import new_match
from game.engine.variants import Family
from game.net.actions import public_event
from game.net.events import MatchOver, Played, Problem, Rematch, Update
from game.net.fair import commitment, new_salt
from game.net.host_facts import BUY_QUEUE, VISIBLE
from game.net.host_setup import LOCAL, NET, SeatSpec
from game.net.turn_timer import TIMEOUT_ACTIONS, TIMEOUTS_TO_COMPUTER
from game.net.views import match_result_json, turn_count, view_json
from game.session import FairSeed, GameSession, NetworkSeats
from game.solver import PLAY_ORACLE
from game.store.seats import COMPUTER_KINDS, Seat

if TYPE_CHECKING:
    from game.net.host import NetHost


#: The most actions a match may take before the host calls it stalled (``simulate``'s caps).
ACTION_CAPS = {Family.MANIPULATION: 10_000, Family.CONTRACT: 80_000}


class MatchDriver:
    """The match of ``host`` (it owns the driver): begin, apply, drive, finish, rematch."""

    def __init__(self, host: NetHost) -> None:
        self.host = host
        self.links = host._links
        self.seats = host._seats
        self.loop = host._loop
        self.family = host.family
        self.settings = host.settings
        resumed = host._resumed
        self.match: GameState | None = resumed.match if resumed else None
        self.started_at = resumed.started_at if resumed else time.time()
        self.started = False  # the match has begun (the lobby is over)
        self.finished = False
        self.snapshot: GameSession | None = None  # the game after the last action, a copy
        self._players: dict[int, SeatPlayer] = {}
        self.pending: dict[int, Action] = {}  # buy answers held until the seat is asked
        self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="net-computer")
        self.wake_event: asyncio.Event | None = None
        self.task: asyncio.Task[None] | None = None

    async def timed_out(self, key: tuple[int, int]) -> None:
        """The turn timer ran out on ``key``'s move: the host plays it for the seat, its
        engine's own action (logged like any other), to the end of the seat's move."""
        match = self.match
        seat, move = key
        if match is None or match.over or match.hand_over or match.awaiting != seat \
                or self.controller(seat) == "computer":
            return
        for _try in range(8):
            if match.over or match.hand_over or match.awaiting != seat \
                    or self.host._timer.moves != move:
                break
            legal = match.legal_kinds()
            for kind, make in TIMEOUT_ACTIONS:
                if kind in legal and not self.apply(seat, make(seat)):
                    break
            else:  # nothing that needs no card (a discard is due): the seat's computer's
                if not await self.computer_move(seat, force=True):
                    return
        record = self.seats[seat]
        record.timeouts += 1
        if record.timeouts >= TIMEOUTS_TO_COMPUTER and not record.away:
            record.away = True
            self.host._seat_changed(seat, "computer", timeouts=True)
        self.wake()

    def step(self) -> int:
        return len(self.match.log) if self.match is not None else 0

    def fill(self, level: str) -> None:
        if self.started:
            return
        changed = False
        for index, seat in enumerate(self.seats):
            if seat.state == "open":
                seat.spec = SeatSpec(level, seat.name, level)
                seat.name = seat.name or f"Player {index + 1}"
                seat.state = "computer"
                changed = True
        if changed:
            self.host._lobby_changed()

    def begin(self) -> None:
        if self.started:
            return
        open_seats = [i + 1 for i, s in enumerate(self.seats) if s.state == "open"]
        if open_seats:
            self.host._put(Problem("the network seats are not all taken yet: "
                                   + ", ".join(map(str, open_seats))))
            return
        if self.match is None:
            try:
                self.match = new_match(self.host.variant_id, len(self.seats),
                                             self.host.seed, self.host.options,
                                             [s.name for s in self.seats], oracle=PLAY_ORACLE)
            except (IllegalAction, ValueError) as error:
                self.host._put(Problem(f"the match cannot start: {error}", fatal=True))
                self.host._stop()
                return
        self.started = True
        self.snapshot = self.session_copy()
        self.host._lobby_changed()
        self.host._broadcast({"type": "start"})
        for seat in range(len(self.seats)):
            self.send_update(seat, None)
        self.host._messages.update_watchers(None)
        self.task = self.loop.create_task(self.drive())

    def apply(self, seat: int | None, action: Action) -> str:
        """Verify and apply ``action`` (by ``seat``, None for the next deal) and tell every
        seat; the refusal in words, or "" when applied."""
        match = self.match
        assert match is not None
        try:
            match.verify(action)
        except IllegalAction as error:
            return str(error)
        except Exception as error:  # noqa: BLE001 - a malformed action is refused, not raised
            return f"not a valid action ({type(error).__name__})"
        visible = VISIBLE[self.family](match) if seat is not None else set()
        before = Counter(match.deal.hands[seat]) if seat is not None else Counter()
        current, awaiting = match.current, match.awaiting
        try:
            match.apply(action)
        except Exception as error:  # noqa: BLE001 - verified: this would be an engine bug
            self.host._put(Problem(f"the match refused a verified action: {error}"))
            return f"not applied ({type(error).__name__})"
        played: list[Card] = []
        came: list[Card] = []
        if seat is not None:
            after = Counter(match.deal.hands[seat])
            played = sorted((before - after).elements())
            came = sorted((after - before).elements())
        ended = match.hand_over or match.current != current or seat is None
        if ended or match.awaiting != awaiting:
            self.host._timer.next_move()
        step = len(match.log)
        event = public_event(seat, action, len(came), played,
                             [c for c in came if c in visible], ended, step)
        if not BUY_QUEUE[self.family](match):
            self.pending.clear()
        self.snapshot = self.session_copy()
        self.host._put(Played(event, match.log[-1]))
        for index in range(len(self.seats)):
            self.send_update(index, event)
        self.host._messages.update_watchers(event)
        if match.over and not self.finished:
            self.finish("")
        self.wake()
        return ""

    def send_update(self, seat: int, event: dict[str, Any] | None) -> None:
        match = self.match
        record = self.seats[seat]
        if match is None or (record.conn is None and record.spec.kind != LOCAL):
            return
        view = match.view(seat)
        step = len(match.log)
        queue_now = BUY_QUEUE[self.family](match)
        if record.conn is not None:
            number = match.deal.number
            frm = record.sent_turns if record.sent_hand == number else 0
            record.sent_hand, record.sent_turns = number, turn_count(self.family, view)
            self.links.send(record.conn, {"type": "update", "seat": seat, "step": step,
                                          "view": view_json(self.family, view, frm),
                                          "event": event, "buy_queue": list(queue_now)})
        if record.spec.kind == LOCAL:
            self.host._put(Update(seat, view, event, step, queue_now))

    def wake(self) -> None:
        if self.wake_event is not None:
            self.wake_event.set()

    def controller(self, seat: int) -> str:
        record = self.seats[seat]
        if record.spec.kind in COMPUTER_KINDS or record.state == "computer" or record.away \
                or record.handed:
            return "computer"
        return record.spec.kind

    def computer(self, seat: int) -> SeatPlayer:
        player = self._players.get(seat)
        if player is None:
            spec = self.seats[seat].spec
            level = spec.kind if spec.kind in COMPUTER_KINDS else spec.level
            player = make_computer(self.family, level, computer_seed(self.host.seed, seat))
            self._players[seat] = player
        return player

    async def drive(self) -> None:
        """Move the match on: deal the next hand, apply a buy answer given early, play the
        computer seats; wait while a person's move is due."""
        match = self.match
        wake = self.wake_event
        assert match is not None and wake is not None
        cap = self.settings.max_actions or ACTION_CAPS[self.family]
        try:
            while not match.over:
                if len(match.log) >= cap:
                    self.finish(f"stopped after {cap} actions without a result")
                    return
                if match.hand_over:
                    self.host._timer.off()
                    if self.settings.hand_pause > 0:
                        await asyncio.sleep(self.settings.hand_pause)
                    self.apply(None, NextHand(None))
                    continue
                seat = match.awaiting
                early = self.pending.pop(seat, None)
                if early is not None:
                    refusal = self.apply(seat, early)
                    if refusal:
                        self.host._messages.refuse(seat, refusal)
                    continue
                if self.controller(seat) == "computer":
                    self.host._timer.off()
                    if not await self.computer_move(seat):
                        return
                    continue
                if self.seats[seat].spec.kind == NET:
                    # a player on the network: the person at the host's screen is not timed
                    self.host._timer.on(seat)
                else:
                    self.host._timer.off()
                wake.clear()
                await wake.wait()
        except asyncio.CancelledError:
            raise
        except Exception as error:  # noqa: BLE001 - told to the screen and every client
            self.finish(f"the match stopped: {type(error).__name__}: {error}")

    async def computer_move(self, seat: int, force: bool = False) -> bool:
        """A computer's move for ``seat`` (thought out on a worker thread); False when the
        match cannot go on. ``force``: for a person's seat whose turn timer ran out."""
        match = self.match
        assert match is not None
        player = self.computer(seat)
        step = len(match.log)
        decision = await self.loop.run_in_executor(self.pool, ask, player, match.view(seat))
        if len(match.log) != step or match.awaiting != seat \
                or (self.controller(seat) != "computer" and not force):
            return True  # the table moved on meanwhile (the player came back)

        def commit(chosen: Decision) -> str:
            return self.apply(seat, chosen.action)

        settled = settle(match, seat, player, decision, commit)
        if settled.decision is None:
            self.finish(f"seat {seat + 1} has no accepted action: {settled.problem}")
            return False
        return True

    def finish(self, stalled: str) -> None:
        match = self.match
        assert match is not None
        self.finished = True
        self.host.stalled = stalled
        result = match_result_json(match.result)
        self.host._timer.off()
        self.host._put(MatchOver(result, stalled))
        self.host._broadcast(self.over_message())
        for seat in self.seats:
            if seat.timer is not None:
                seat.timer.cancel()
                seat.timer = None

    def over_message(self) -> dict[str, Any]:
        """The match's end as every seat is told it, the seed and salt revealed (a seat that
        comes back after the end is told the same, so it can check its deals too)."""
        match = self.match
        assert match is not None
        return {"type": "over", "result": match_result_json(match.result),
                "stalled": self.host.stalled,
                "reveal": {"seed": self.host.seed, "salt": self.host.salt}}

    def session_copy(self) -> GameSession:
        match = self.match
        assert match is not None
        seats = [Seat(s.name[:32] or f"Player {i + 1}",
                      s.spec.kind if s.spec.kind in COMPUTER_KINDS else "human")
                 for i, s in enumerate(self.seats)]
        remote = tuple(i for i, s in enumerate(self.seats) if s.spec.kind == NET)
        network = NetworkSeats(remote, tuple(self.seats[i].spec.level for i in remote))
        return GameSession(match.clone(), seats, self.started_at, network=network,
                           fair=FairSeed(self.host.commitment, self.host.salt))

    def rematch(self, seed: int) -> None:
        match = self.match
        if match is None or not self.finished:
            self.host._put(Problem("a rematch starts once the match is over"))
            return
        try:
            rematch = new_match(self.host.variant_id, len(self.seats), seed, self.host.options,
                                [s.name for s in self.seats], oracle=PLAY_ORACLE)
        except (IllegalAction, ValueError) as error:
            self.host._put(Problem(f"the rematch cannot start: {error}"))
            return
        self.host.seed, self.host.salt = seed, new_salt()
        self.host.commitment = commitment(seed, self.host.salt)
        self.match = rematch
        self.finished, self.host.stalled = False, ""
        self.started_at = time.time()
        self.pending.clear()
        self._players.clear()  # the computers are seeded from the new seed
        for record in self.seats:
            record.sent_hand, record.sent_turns = None, 0
            record.timeouts, record.away = 0, False
        self.snapshot = self.session_copy()
        self.host._put(Rematch(self.host.commitment))
        self.host._broadcast({"type": "rematch", "commitment": self.host.commitment})
        for seat in range(len(self.seats)):
            self.send_update(seat, None)
        self.task = self.loop.create_task(self.drive())
