"""What a hosted game is made of before it runs: its seats (``SeatSpec``), how the host
listens and how patient it is (``HostSettings``), and its join code."""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from game.net.wire import CODE_ALPHABET, CODE_LENGTH, DEFAULT_PORT
from game.store.seats import COMPUTER_KINDS

__all__ = ["LOCAL", "NET", "HostSettings", "SeatSpec", "code_key", "new_code"]

#: A seat's kinds besides the computer levels.
NET, LOCAL = "net", "local"


@dataclass(frozen=True)
class SeatSpec:
    """A seat of a hosted game. ``kind``: "net" (a joiner plays it), "local" (the host's
    screen) or a computer level; ``name``: its name (a joiner's own name replaces it in a
    new game); ``level``: the computer that takes over a network seat whose player
    dropped out and did not come back in time."""

    kind: str
    name: str = ""
    level: str = "medium"

    def __post_init__(self) -> None:
        if self.kind not in (NET, LOCAL, *COMPUTER_KINDS):
            raise ValueError(f"unknown seat kind '{self.kind[:20]}': expected net, local or "
                             f"one of {', '.join(COMPUTER_KINDS)}")
        if self.level not in COMPUTER_KINDS:
            raise ValueError(f"unknown level '{self.level[:20]}'")


@dataclass(frozen=True)
class HostSettings:
    """How the host listens and how patient it is. ``host`` None: this computer's address
    on the local network (``game.net.address.local_address``); ``port`` 0: any free port.
    ``takeover_after``: seconds a dropped player's seat waits before a computer takes it.
    ``rate``/``burst``: messages a second the host reads from a connection, and how many
    at once (a faster client is read more slowly, never dropped). ``auto_start``: begin once
    every network seat is taken. ``announce``: announce the game on the local network
    (DNS-SD). ``hand_pause``: seconds between a hand's end and the next deal.
    ``check_rate``/``check_burst``: actions a second the host checks against the rules for
    one connection (reading and verifying them is the costly part), and how many at once:
    a client sending more has its next messages read later, so it slows itself, never the
    table. ``max_connections``: connections holding no seat (yet) kept at once: a newcomer beyond
    it makes the oldest of them go. ``hello_timeout``: seconds a connection may take to say
    hello. ``outbox``: messages waiting for a client that reads too slowly before it is
    closed (it may come back with its token and read the table afresh). ``turn_time``:
    seconds each person has for a move (0: no timer; see the module's text)."""

    host: str | None = None
    port: int = DEFAULT_PORT
    code: str | None = None
    takeover_after: float = 60.0
    hello_timeout: float = 10.0
    max_connections: int = 64
    rate: float = 200.0
    burst: float = 400.0
    check_rate: float = 50.0
    check_burst: float = 100.0
    outbox: int = 1024
    ping_interval: float | None = 10.0
    ping_timeout: float | None = 20.0
    hand_pause: float = 0.0
    auto_start: bool = False
    announce: bool = False
    max_actions: int | None = None
    spectators: int = 0  # how many may watch (``game.net.watchers``); 0: none
    turn_time: float = 0.0


def new_code() -> str:
    """A join code: six letters and digits that cannot be mistaken for one another."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def code_key(text: str) -> str:
    """A join code as typed (any case, spaces or dashes) in the form it is compared."""
    return "".join(ch for ch in text.upper() if ch.isalnum())
