"""Errors the engine raises. Each message names what is wrong in words a player reads."""

from __future__ import annotations

from dataclasses import dataclass


class EngineError(Exception):
    """Base of every error the engine raises on purpose."""


class NotationError(EngineError, ValueError):
    """Text that does not spell a card, a meld or a table."""


class OptionError(EngineError, ValueError):
    """An unknown variant, an unknown option, or an option value out of range."""


@dataclass(frozen=True)
class Problem:
    """One broken rule in a turn: which meld (index into the draft, or None) and why."""

    rule: str
    message: str
    meld: int | None = None

    def __str__(self) -> str:
        where = f"meld {self.meld + 1}: " if self.meld is not None else ""
        return f"{where}{self.message}"


class IllegalAction(EngineError):
    """An action the rules forbid; ``problems`` lists every reason."""

    def __init__(self, problems: list[Problem] | str, rule: str = "illegal") -> None:
        if isinstance(problems, str):
            problems = [Problem(rule, problems)]
        self.problems = problems
        super().__init__("; ".join(str(p) for p in problems))
