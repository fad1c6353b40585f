"""What the host is told once a connection has said hello: a seat's action (from its client
or the host's own screen: read, checked and applied by the match, or refused in words),
a buy answer given early (held until the seat is asked), quick table messages, and the
spectators' hello and public table."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from game.engine.actions import Action, NotPlaying
from game.net.actions import action_from_wire
from game.net.events import Problem, Queued, Refused, Said
from game.net.host_facts import BUY_ANSWERS, BUY_QUEUE, BUY_WINDOW_OPENED
from game.net.host_setup import LOCAL
from game.net.links import Conn
from game.net.views import view_json
from game.net.watchers import WATCHING, public_view
from game.net.wire import GAME_VERSION, PROTOCOL_VERSION, WireError, decode_client

if TYPE_CHECKING:
    from game.net.host import NetHost


class TableMessages:
    """The messages of seats and spectators for ``host`` (it owns them)."""

    def __init__(self, host: NetHost) -> None:
        self.host = host
        self.links = host._links
        self.seats = host._seats
        self.loop = host._loop
        self.family = host.family

    def receive(self, conn: Conn, frame: object) -> None:
        try:
            message = decode_client(frame)
        except WireError as error:
            self.links.bad(conn, error.code, str(error))
            return
        kind = message["type"]
        if kind == "hello":
            self.links.bad(conn, "hello_again", "already joined")
        elif kind == "leave":
            self.links.close(conn, "left")
        elif kind == "say":
            self.say(conn, conn.seat, message["phrase"])
        elif kind == "back":
            if conn.seat is not None:
                self.host._back(conn.seat)
        elif conn.seat is not None:
            self.client_action(conn, conn.seat, message)

    def say(self, conn: Conn | None, seat: int | None, phrase: str) -> None:
        """A quick table message from a seat (or ``conn``'s spectator): told to everyone
        unless the host's checks refuse it (told to its sender alone)."""
        if seat is None and (conn is None or conn not in self.host._watchers):
            return
        speaker: object = seat if seat is not None else conn
        refusal = self.host._talk.check(speaker, phrase, self.loop.time())
        if refusal:
            if conn is not None:
                self.links.send(conn, {"type": "error", "code": "talk", "message": refusal})
            else:
                self.host._put(Problem(refusal))
            return
        name = self.seats[seat].name if seat is not None else self.host._watchers.names[conn]
        shown = seat if seat is not None else WATCHING
        self.host._put(Said(shown, name, phrase))
        self.host._broadcast({"type": "said", "seat": shown, "name": name, "phrase": phrase})

    def local_say(self, seat: int, phrase: str) -> None:
        if 0 <= seat < len(self.seats) and self.seats[seat].spec.kind == LOCAL:
            self.say(None, seat, phrase)

    def allow_spectators(self, most: int) -> None:
        self.host._watchers.most = max(0, most)
        self.host._lobby_changed()

    def watch(self, conn: Conn, name: str) -> bool:
        """A spectator's hello: let in (welcomed, sent the lobby and the public table)."""
        refusal = self.host._watchers.admit(conn, name)
        if refusal:
            self.links.error(conn, "watch", refusal, close=True)
            return False
        self.links.send(conn, {"type": "welcome", "protocol": PROTOCOL_VERSION,
                               "game": GAME_VERSION, "seat": WATCHING, "token": "",
                               "watching": True, "variant": self.host.variant_id,
                               "options": self.host.options,
                               "names": [s.name for s in self.seats]})
        self.host._lobby_changed()
        if self.host._play.started:
            self.update_watchers(None)
        return True

    def update_watchers(self, event: dict[str, Any] | None) -> None:
        match = self.host._play.match
        if match is None or not self.host._watchers.names:
            return
        message = {"type": "update", "seat": WATCHING, "step": len(match.log),
                   "view": view_json(self.family, public_view(self.family, match)),
                   "event": event, "buy_queue": list(BUY_QUEUE[self.family](match))}
        for conn in self.host._watchers.conns():
            self.links.send(conn, message)  # type: ignore[arg-type]

    def refuse(self, seat: int, reason: str) -> None:
        record = self.seats[seat]
        if record.conn is not None:
            self.links.send(record.conn, {"type": "refused", "reason": reason,
                                          "step": self.host._play.step()})
        if record.spec.kind == LOCAL:
            self.host._put(Refused(seat, reason))

    def client_action(self, conn: Conn, seat: int, message: dict[str, Any]) -> None:
        match = self.host._play.match
        if match is None or not self.host._play.started or match.over:
            self.refuse(seat, "the match is not under way")
            return
        self.links.checked(conn)
        try:
            action = action_from_wire(self.family, message["action"], self.host._most_cards)
        except WireError as error:
            self.links.bad(conn, error.code, str(error))
            return
        step = message.get("step")
        if step is not None and step != len(match.log):
            self.refuse(seat, "the table has changed since: look again")
            return
        self.seat_action(seat, action)

    def local_action(self, seat: int, action: Action, step: int | None = None) -> None:
        if not 0 <= seat < len(self.seats) or self.seats[seat].spec.kind != LOCAL:
            self.host._put(Refused(seat, "not a seat of this screen"))
            return
        match = self.host._play.match
        if match is None or not self.host._play.started or match.over:
            self.host._put(Refused(seat, "the match is not under way"))
            return
        if step is not None and action.kind in BUY_ANSWERS \
                and step < BUY_WINDOW_OPENED[self.family](match):
            self.host._put(Refused(seat, "that buy window has closed"))
            return
        self.seat_action(seat, action)

    def seat_action(self, seat: int, action: Action) -> None:
        """A person's action for ``seat`` (from its client or the host's screen)."""
        match = self.host._play.match
        assert match is not None
        if action.player != seat:
            self.refuse(seat, f"you play seat {seat + 1}")
            return
        if self.seats[seat].handed:
            self.refuse(seat, "the host handed your seat to a computer")
            return
        self.host._back(seat)  # a player acting again takes the seat back from the computer
        if isinstance(action, NotPlaying) and action.unsettled:
            # the must-play search's answer is the host's own: its match asks the search
            # and logs an unsettled answer itself (``Match.apply``)
            action = replace(action, unsettled=False)
        if action.kind in BUY_ANSWERS and seat != match.awaiting \
                and seat in BUY_QUEUE[self.family](match):
            # answered early: applied when the seat is asked
            self.host._play.pending[seat] = action
            record = self.seats[seat]
            if record.conn is not None:
                self.links.send(record.conn, {"type": "queued", "kind": action.kind})
            if record.spec.kind == LOCAL:
                self.host._put(Queued(action.kind))
            return
        if seat != match.awaiting:
            self.refuse(seat, "it is not your move")
            return
        refusal = self.host._play.apply(seat, action)
        if refusal:
            self.refuse(seat, refusal)
        else:
            self.seats[seat].timeouts = 0
