"""Problems the store met and worked around, collected for the UI to show.

The store never raises on a bad file; it records a ``StoreMessage`` naming the file
and the problem instead, and carries on with defaults.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("game.store")


@dataclass(frozen=True)
class StoreMessage:
    """One problem with one file, in words a player can read."""

    path: Path
    problem: str

    def __str__(self) -> str:
        return f"{self.path}: {self.problem}"


class MessageLog(list[StoreMessage]):
    """A plain list of ``StoreMessage`` with helpers to add and to take them."""

    def add(self, path: Path, problem: str) -> StoreMessage:
        """Record (and log) a problem with ``path``."""
        message = StoreMessage(Path(path), problem)
        log.warning("%s", message)
        self.append(message)
        return message

    def drain(self) -> list[StoreMessage]:
        """Return every message recorded so far and forget them."""
        taken = list(self)
        self.clear()
        return taken
