"""Schema migrations for JSON documents: a registered chain of one-step upgrade functions."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

Document = dict[str, Any]
Step = Callable[[Document], Document]


class MigrationError(ValueError):
    """A document cannot be brought up to the current schema."""


class MigrationChain:
    """Upgrades a document from schema N to ``current`` one step at a time.

    Register a step with ``@chain.step(from_version)``; it receives a document at
    ``from_version`` and returns it at ``from_version + 1`` (the ``"schema"`` key is
    updated by the chain).
    """

    def __init__(self, name: str, current: int) -> None:
        self.name = name
        self.current = current
        self._steps: dict[int, Step] = {}

    def step(self, from_version: int) -> Callable[[Step], Step]:
        """Decorator registering the upgrade ``from_version`` -> ``from_version + 1``."""

        def register(func: Step) -> Step:
            if from_version in self._steps:
                raise ValueError(f"{self.name}: two migrations from schema {from_version}")
            if not 1 <= from_version < self.current:
                raise ValueError(f"{self.name}: no schema {from_version + 1} to migrate to")
            self._steps[from_version] = func
            return func

        return register

    def upgrade(self, document: Document, version: int) -> Document:
        """``document`` (at ``version``) brought to the current schema; the input is not changed."""
        if version > self.current:
            raise MigrationError(f"{self.name} schema {version} is newer than {self.current}")
        result = copy.deepcopy(document) if version < self.current else document
        while version < self.current:
            step = self._steps.get(version)
            if step is None:
                raise MigrationError(f"{self.name}: no migration from schema {version}")
            result = step(result)
            version += 1
            result["schema"] = version
        return result
