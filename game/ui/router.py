"""Navigation's one owner, as the rooms below the screens see it.

The screens (``game.ui.scenes``) sit on top and open each other through their typed makers
(``game.ui.scenes.screens``). The rooms below them (the card-table kit, each family's
table, the coach's tables, the widgets) never import a screen: they ask the App's router
for one by name (``app.router.settings()``) and show it through the scene stack
(``app.scenes.push``, ``replace`` or ``reset``), as before. ``Router`` is the protocol they
import; its one implementation (``game.ui.scenes.screens.ScreenRouter``) is the App's.
``pyproject.toml``'s import contracts hold the rule.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from game.session import GameSession
    from game.ui.scene import Scene


class Router(Protocol):
    """The screens a room below them may open; each returns the screen, made, not shown."""

    def title(self) -> Scene:
        """The title screen."""
        ...

    def saves(self, mode: str = "load", session: GameSession | None = None) -> Scene:
        """The saves list: ``mode`` "load", or "save" with the ``session`` to save."""
        ...

    def settings(self) -> Scene:
        """The settings screen."""
        ...

    def table_menu(self, table: Scene) -> Scene:
        """The menu of ``table`` (a card table)."""
        ...

    def handover(self, name: str, on_confirm: Callable[[], None], *, detail: str = "",
                 table: Any = None, on_back: Callable[[], object] | None = None) -> Scene:
        """The hot-seat cover: ``name``'s turn; ``on_confirm`` once they lift it."""
        ...

    def scoreboard(self, session: GameSession, table: Scene | None = None) -> Scene:
        """The manipulation game's end of a hand (``table``: the table it closes)."""
        ...

    def contract_scoreboard(self, session: GameSession, table: Scene | None = None) -> Scene:
        """The contract game's end of a round (``table``: the table it closes)."""
        ...
