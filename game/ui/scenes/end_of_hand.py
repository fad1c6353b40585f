"""What the two end-of-hand screens share: the manipulation games' scoreboard
(``ScoreboardScene``) and the contract game's ten-round table (``ContractScoreboardScene``)
are both drawn over the dimmed table that opened them, lay their buttons out in a row at
the bottom right of their box, start the next match with the same players and rules, and
leave to the title. What each shows (and when) stays in its own scene."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from game.ui.theme import END_OF_HAND_SHADE
from game.ui.widgets.drawing import font
from game.ui.widgets.menus import MenuBase

if TYPE_CHECKING:
    from game.session import GameSession
    from game.ui.app import App
    from game.ui.scene import Scene

#: a button of the row: key, text, action, style, tooltip
ButtonSpec = tuple[str, str, Callable[[], None], str, str]


class EndOfHandScene(MenuBase):
    """The end of a hand of ``session``, over ``table`` (None when shown on its own)."""

    opaque = False

    def __init__(self, app: App, session: GameSession, table: Any = None) -> None:
        super().__init__(app)
        self.session = session
        self.table = table
        self.match = session.match

    @property
    def over(self) -> bool:
        """Is the match over (not just the hand)?"""
        return self.match.over

    def _box(self) -> pygame.Rect:
        """The panel the screen is drawn in."""
        raise NotImplementedError

    def _button_row(self, specs: Sequence[ButtonSpec], size: tuple[int, int],
                    bottom_gap: int) -> None:
        """Buttons ``size`` pixels (at 1280x800) in a row at the bottom right of the box,
        ``bottom_gap`` pixels above its bottom; wider when a label needs it (longer words
        in other languages), as far as the box allows."""
        box = self._box()
        bw, bh, gap = self.px(size[0]), self.px(size[1]), self.px(14)
        face = font(self.px(18), "bold")
        # the label, pygame-gui's padding (10 px each side) and a little air
        widest = max(face.size(spec[1])[0] for spec in specs) + 20 + self.px(8)
        room = (box.w - self.px(48) - (len(specs) - 1) * gap) // len(specs)
        bw = max(bw, min(widest, room))
        # where even the widest row leaves a label cut, its words get smaller instead
        label_size = 18
        while label_size > 12 and max(
                font(self.px(label_size), "bold").size(spec[1])[0] for spec in specs) \
                + 20 + self.px(4) > bw:
            label_size -= 1
        y = box.bottom - bh - self.px(bottom_gap)
        x = box.right - self.px(24) - len(specs) * bw - (len(specs) - 1) * gap
        for key, text, action, style, tip in specs:
            self.button(pygame.Rect(x, y, bw, bh), text, action, key=key, tooltip=tip,
                        style=style, size=label_size)
            x += bw + gap

    def _close(self) -> None:
        """Take this screen away (if it is still the top one), uncovering the table."""
        if self.app.scenes.top is self:
            self.app.scenes.pop()

    def _next_seed(self) -> int:
        """The seed of the next match, drawn from this one's (so a series replays)."""
        seed = self.match.seed
        return (seed * 6364136223846793005 + 1442695040888963407) & 0x7FFFFFFF

    def _replace_table(self, make_table: Callable[[bool], Scene]) -> None:
        """Close this screen and put ``make_table(autosave)`` (a new match) in place of
        the table, autosaving as the old table did."""
        autosave = self.table.autosave if self.table is not None else True
        self.app.scenes.pop()  # this screen
        self.app.scenes.replace(make_table(autosave))

    def to_title(self) -> None:
        self.app.scenes.open_alone("title")

    def before_quit(self) -> None:
        if self.table is not None:
            self.table.before_quit()

    def _dim(self, surface: pygame.Surface) -> None:
        """Shade the table below."""
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill(END_OF_HAND_SHADE)
        surface.blit(shade, (0, 0))
