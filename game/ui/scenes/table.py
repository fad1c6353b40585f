"""The manipulation table's old address: the screen lives with its family now
(``game.ui.manipulation.table``), so the coach's tables build on it without importing a
screen; the hosted and joined tables may import it from here."""

from game.ui.manipulation.table import TableScene

__all__ = ["TableScene"]
