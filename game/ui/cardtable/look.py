"""What both tables show the same way: a seat's kind in words, the status line's
record and a message's."""

from __future__ import annotations

from dataclasses import dataclass

from game.i18n import N_

#: a seat's kind in its box: the levels written as the New game screen writes them
KIND_WORDS = {"human": N_("Player"), "easy": N_("Computer \u00b7 Easy"),
              "medium": N_("Computer \u00b7 Medium"), "hard": N_("Computer \u00b7 Hard")}


@dataclass(frozen=True)
class Status:
    text: str
    tone: str = "info"  # info | you | wait | warn
    animated: bool = False


@dataclass
class Message:
    title: str
    lines: tuple[str, ...] = ()
    tone: str = "error"  # error | info | hint
    ttl: float = 6.0
    #: the player has pressed a key or clicked since it showed: only then does ``ttl``
    #: run down, on a table that keeps its notes until read (``CardTableScene.holds_notes``)
    read: bool = False
