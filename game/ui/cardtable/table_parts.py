"""What the common table (``card_table.CardTableScene``) needs of a family's parts: its
layout, pointer, computer turns, person's turn, buttons, keyboard and HUD. Each family's
part has it; mypy checks it where the family's scene builds the part."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

import pygame

from game.engine.cards import Card
from game.ui.cardtable.look import Message


class TableLayout(Protocol):
    """What the common table needs of a game's layout (both layouts have it)."""

    size: tuple[int, int]
    hand: pygame.Rect
    hand_card: tuple[int, int]
    seat_rects: dict[int, pygame.Rect]
    scale: float
    status: pygame.Rect
    hand_lift: int


class TablePointer(Protocol):
    """What the common table needs of a game's mouse handler."""

    def cancel(self) -> None: ...
    def handle(self, event: pygame.event.Event) -> bool: ...
    def draw_targets(self, surface: pygame.Surface) -> None: ...


class TableComputer(Protocol):
    """What the common table needs of a game's computer turns."""

    def start(self, seat: int) -> None: ...
    def update_think(self) -> None: ...


class TableHuman(Protocol):
    """What the pipeline asks of a table's person's-turn controller."""

    def refuse(self, title: str, lines: Sequence[str]) -> object: ...


class TableControls(Protocol):
    """What the common table needs of a game's sidebar buttons."""

    def kill(self) -> None: ...
    def name_of(self, element: object) -> str | None: ...


class TableKeys(Protocol):
    """What the common table needs of a game's keyboard: whether it leads (its focus
    drawn), the card it is on."""

    active: bool

    def focused_card(self) -> Card | None: ...
    def draw(self, surface: pygame.Surface) -> None: ...


class TableHudView(Protocol):
    """What the common table draws through a game's HUD: the note and a spinner."""

    version: int

    def draw_message(self, surface: pygame.Surface, layout: Any, message: Message,
                     keep_clear: Any, /) -> pygame.Rect: ...
    def draw_thinking(self, surface: pygame.Surface, anchor: pygame.Rect, clock: float,
                      seconds: float, left: float | None = None, /) -> None: ...
