"""What the network tells a screen: the events ``NetHost.events()`` and
``NetClient.events()`` return, oldest first. Every event is a frozen record, safe to hand
from the network's thread to the screen's; a view inside one is the engine's own frozen
view of a seat (``PlayerView`` / ``ContractView``)."""

from __future__ import annotations

import queue
from dataclasses import dataclass
from typing import Any

from game.engine.actions import Action
from game.engine.protocol import SeatView


class EventInbox:
    """The events the network thread posts, for the caller's thread to take: the one
    queue behind ``NetHost`` and ``NetClient``'s ``events()`` and ``wait_event()``."""

    def __init__(self) -> None:
        self._queue: queue.Queue[object] = queue.Queue()

    def put(self, event: object) -> None:
        self._queue.put(event)

    def drain(self) -> list[object]:
        """Every event since the last call, oldest first (never waits)."""
        out = []
        while True:
            try:
                out.append(self._queue.get_nowait())
            except queue.Empty:
                return out

    def wait(self, timeout: float) -> object | None:
        """The next event, waiting at most ``timeout`` seconds (for headless drivers)."""
        try:
            return self._queue.get(timeout=timeout)
        except queue.Empty:
            return None


@dataclass(frozen=True)
class LobbySeat:
    """One seat as the lobby shows it. ``kind``: "net" (a player who joins), "local" (the
    person at the host's screen) or a computer level. ``state``: "open" (a network seat
    nobody has taken), "taken" (its player is connected), "waiting" (its player dropped
    out: the seat waits for them), "computer" (played by a computer: a computer seat, or a
    network seat taken over after the wait)."""

    name: str
    kind: str
    state: str


@dataclass(frozen=True)
class Listening:
    """(host) The host listens: tell the joiners ``address``:``port`` and ``code``."""

    address: str
    port: int
    code: str


@dataclass(frozen=True)
class Joined:
    """(client) The host took us in: we play ``seat``; ``token`` gets the seat back after a
    drop (``NetClient(..., token=...)``)."""

    seat: int
    token: str
    variant_id: str
    options: dict[str, Any]
    names: tuple[str, ...]
    watching: bool = False  # a spectator: ``seat`` is -1, it plays none


@dataclass(frozen=True)
class JoinRefused:
    """(client) The host refused us: a wrong code, another version, no seat free..."""

    reason: str


@dataclass(frozen=True)
class Lobby:
    """(both) Who has taken which seat; ``started``: the match is under way;
    ``watchers``: the spectators' names; ``watch``: the host lets spectators in."""

    seats: tuple[LobbySeat, ...]
    started: bool
    watchers: tuple[str, ...] = ()
    watch: bool = False


@dataclass(frozen=True)
class Said:
    """(both) A quick table message (``game.net.talk.PHRASES``): ``phrase``'s id, said by
    ``seat`` (-1: a spectator) named ``name``; each screen words it in its own language."""

    seat: int
    name: str
    phrase: str


@dataclass(frozen=True)
class Update:
    """(both) An action was applied (``event``, its public facts; None for the first view
    of a seat) and ``seat``'s view is now ``view``; ``step``: actions applied so far.
    ``buy_queue``: the contract game's seats still to be asked about the offered discard,
    in the order the host resolves their answers (empty otherwise)."""

    seat: int
    view: SeatView
    event: dict[str, Any] | None
    step: int
    buy_queue: tuple[int, ...] = ()


@dataclass(frozen=True)
class Played:
    """(host) An action just applied (every action, every seat's, the next deal too):
    ``action``, the very action the match logged, and ``event``, its public facts (as every
    client gets them). The host's screen keeps its own copy of the match in step by
    applying ``action`` (``game.net.mirror.MatchMirror``)."""

    event: dict[str, Any]
    action: Action | None = None


@dataclass(frozen=True)
class Refused:
    """(both) An action was refused (not the seat's move, against the rules, malformed):
    ``reason`` in words. The match goes on as it was."""

    seat: int
    reason: str


@dataclass(frozen=True)
class Queued:
    """(both) A buy or decline sent before the host asks the seat: the host holds it and
    applies it when the seat's answer is due (seat order)."""

    kind: str


@dataclass(frozen=True)
class SeatChanged:
    """(both) A seat's player dropped out (``state`` "waiting", ``wait`` seconds before a
    computer takes over), was taken over ("computer") or came back ("taken").
    ``timeouts``: taken over because the seat's turn timer ran out three turns in a row (the
    player gets it back by acting again: ``NetHost.back``, a client's ``back``)."""

    seat: int
    state: str
    wait: float = 0.0
    timeouts: bool = False
    #: the host's doing: "handed" (it gave the seat to a computer, or back: state "taken"),
    #: "removed" (it removed the player: a computer plays the seat from now on)
    why: str = ""


@dataclass(frozen=True)
class Rematch:
    """(both) The host started a rematch: the same seats, a new seed (a new commitment to
    it: ``game.net.fair``); each seat's first view of it follows (an ``Update`` with no
    event, step 0)."""

    commitment: str


@dataclass(frozen=True)
class Removed:
    """(client) The host removed us from the game (``reason``, in words): the seat is a
    computer's now and our token no longer takes it back."""

    reason: str


@dataclass(frozen=True)
class TurnClock:
    """(both) The turn timer (``HostSettings.turn_time``) runs for ``seat``'s move: ``left``
    seconds from now of ``total``; at zero the host draws or passes for the seat."""

    seat: int
    left: float
    total: float


@dataclass(frozen=True)
class MatchOver:
    """(both) The match ended: ``result`` as ``game.net.views.match_result_json`` writes it
    (totals, winners, bonuses, settlements), or it stopped (``stalled`` says why)."""

    result: dict[str, Any] | None
    stalled: str = ""


@dataclass(frozen=True)
class HostLost:
    """(client) The connection to the host is gone (``reason``); ``last_view`` is the last
    view we had, kept for the screen to show."""

    reason: str
    last_view: SeatView | None


@dataclass(frozen=True)
class Problem:
    """(both) Something went wrong that the screen should say (``text``), e.g. the host
    could not listen on its address; ``fatal``: the host or client has stopped."""

    text: str
    fatal: bool = False


@dataclass(frozen=True)
class DealsChecked:
    """(client) The match is over and the host revealed its seed: every deal this seat saw
    was rebuilt from it (``game.net.fair``). ``ok``: all match the commitment sent before
    the first deal; ``words``: "Deals verified..." or the first mismatch, for the player.
    Comes just before ``MatchOver``."""

    ok: bool
    words: str
