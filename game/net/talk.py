"""Quick table messages: a few set phrases and reactions a seat may send the table.

Only a phrase's id travels (``say`` from a client, ``said`` from the host), never text:
each screen shows the phrase in its own player's language, and nobody can write anything
else. The host lets each seat (or spectator) say at most ``TalkLimit.burst`` phrases at
once and one more every ``TalkLimit.every`` seconds; a phrase beyond that is dropped with
a word back to its sender alone.
"""

from __future__ import annotations

from dataclasses import dataclass, field

#: Every phrase a table may hear, by id, in the order a screen offers them.
PHRASES: tuple[str, ...] = ("hello", "good_play", "your_turn", "thinking", "thanks",
                            "oops", "well_played", "good_game")


@dataclass
class TalkLimit:
    """One speaker's allowance (a token bucket on the host's clock): ``burst`` phrases at
    once, then one every ``every`` seconds."""

    burst: float = 3.0
    every: float = 3.0
    allowance: float = -1.0  # -1: not spoken yet (a full bucket)
    last: float = 0.0

    def allow(self, now: float) -> bool:
        """Whether a phrase said at ``now`` goes to the table (and spends the allowance)."""
        if self.allowance < 0:
            self.allowance = self.burst
        else:
            self.allowance = min(self.burst, self.allowance + (now - self.last) / self.every)
        self.last = now
        if self.allowance < 1:
            return False
        self.allowance -= 1
        return True


@dataclass
class TableTalk:
    """The host's side: checks a phrase and its speaker's allowance. ``speakers`` maps
    a speaker's key (a seat number, or a spectator's connection) to their allowance."""

    burst: float = 3.0
    every: float = 3.0
    speakers: dict[object, TalkLimit] = field(default_factory=dict)

    def check(self, speaker: object, phrase: str, now: float) -> str:
        """Why ``phrase`` from ``speaker`` is not said ("" when it goes to the table)."""
        if phrase not in PHRASES:
            return f"unknown phrase {phrase[:32]!r}"
        limit = self.speakers.setdefault(speaker, TalkLimit(self.burst, self.every))
        if not limit.allow(now):
            return "too many messages: wait a moment"
        return ""

    def forget(self, speaker: object) -> None:
        self.speakers.pop(speaker, None)
