"""Puzzles: the daily puzzle, a ladder of rated puzzles, progress and streak.

A puzzle opens on the normal table (``puzzle_table``: the staged, coached table of
``game.ui.coach.staged``); End turn is judged against the puzzle's best play, a wrong End
says why (a broken rule, or how many cards more can go down), and Show solution tells the
answer on the table step by step. Solved puzzles and the daily streak are kept by
``game.store.puzzles``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import date
from typing import TYPE_CHECKING

import pygame

from game.coach.puzzles import LADDER_SEED, Puzzle, check_solution, daily, ladder_seeds, puzzle_at
from game.coach.staging import staged_session
from game.engine.actions import Play
from game.store.errors import StoreError
from game.store.puzzles import PuzzleStore, puzzle_key
from game.ui.coach.staged import Arrow, CoachButton, StagedTable
from game.ui.theme import CREAM, GOLD_LIGHT, GREEN, MUTED
from game.ui.widgets.drawing import draw_text
from game.ui.widgets.menus import MenuScene

if TYPE_CHECKING:
    from game.ui.app import App

LADDER_SIZE = 12
LADDER_VARIANT = "machiavelli"
_LADDER: list[Puzzle] = []  # made once a run: about a second of solver work


def ladder() -> list[Puzzle]:
    """The ladder's puzzles, easiest first (the same on every machine: seeded)."""
    if not _LADDER:
        made = [puzzle_at(LADDER_VARIANT, {}, seed)
                for seed in ladder_seeds(LADDER_SIZE, LADDER_SEED)]
        _LADDER.extend(sorted(made, key=lambda p: (p.difficulty.rating, p.seed)))
    return list(_LADDER)


def today() -> date:
    """The player's date: it picks the daily puzzle (a screen may read the clock; the
    coach's rules never do)."""
    return date.today()


class PuzzlesScene(MenuScene):
    title = "Puzzles"
    subtitle = "Find the play that puts down every card it can: the table must be rearranged"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.day = today()
        self.progress = PuzzleStore.at(app.store.paths, app.store.messages)
        self.daily_puzzle = daily(self.day)
        self.puzzles = ladder()

    def build(self) -> None:
        self.progress.reload()
        content = self.content_rect()
        x, y = content.x, content.y + self.px(54)
        width = min(self.px(520), content.w // 2 - self.px(20))
        height, gap = self.px(44), self.px(8)
        solved = self.progress.daily_solved(self.day)
        self.button(pygame.Rect(x, y, width, self.px(56)),
                    f"Daily puzzle \u00b7 {self.day.isoformat()}" + (" \u2713" if solved else ""),
                    lambda: self.open_puzzle(self.daily_puzzle, daily=True), key="daily",
                    style="primary", size=18,
                    tooltip=f"Difficulty {self.daily_puzzle.difficulty.rating}/10")
        right = x + width + self.px(40)
        for index, puzzle in enumerate(self.puzzles):
            mark = " \u2713" if self.progress.is_solved(self._key(puzzle)) else ""
            row = pygame.Rect(right, content.y + self.px(54) + index * (height + gap),
                              width, height)
            self.button(row, f"{index + 1}. Difficulty {puzzle.difficulty.rating}/10 \u00b7 "
                        f"{len(puzzle.hand)} cards in hand{mark}",
                        self._opener(index), key=f"ladder_{index}",
                        tooltip=f"{puzzle.difficulty.cards_moved} table cards move, "
                                f"{puzzle.difficulty.melds_broken} melds break up")
        self.button(pygame.Rect(x, y + self.px(80), width, height), "Back", self.back,
                    key="back")

    def default_focus(self) -> str | None:
        return "daily"

    def _opener(self, index: int) -> Callable[[], None]:
        return lambda: self.open_puzzle(self.puzzles[index], ladder_index=index)

    @staticmethod
    def _key(puzzle: Puzzle) -> str:
        return puzzle_key(puzzle.variant_id, puzzle.seed)

    def open_puzzle(self, puzzle: Puzzle, daily: bool = False,
                    ladder_index: int | None = None) -> None:
        self.app.scenes.open("puzzle_table", puzzle, daily=daily, ladder_index=ladder_index)

    def back(self) -> None:
        self.app.scenes.pop()

    def draw_content(self, surface: pygame.Surface) -> None:
        content = self.content_rect()
        x = content.x
        solved = self.progress.solved_count()
        streak = self.progress.streak(self.day)
        best = self.progress.best_streak()
        draw_text(surface, f"Solved {solved} puzzle{'s' if solved != 1 else ''}", self.px(20),
                  GOLD_LIGHT, style="bold", topleft=(x, content.y))
        draw_text(surface, f"Daily streak: {streak} day{'s' if streak != 1 else ''} "
                  f"(best {best})", self.px(16), GREEN if streak else MUTED,
                  topleft=(x, content.y + self.px(28)))
        width = min(self.px(520), content.w // 2 - self.px(20))
        draw_text(surface, "The ladder, easiest first", self.px(16), CREAM, style="bold",
                  topleft=(x + width + self.px(40), content.y + self.px(28)))


class PuzzleCoach:
    """Judges a puzzle's End turn, keeps the progress, offers the solution and the next
    puzzle (the ``Coach`` of a staged table)."""

    def __init__(self, app: App, puzzle: Puzzle, daily: bool, ladder_index: int | None) -> None:
        self.app = app
        self.puzzle = puzzle
        self.daily = daily
        self.ladder_index = ladder_index
        self.table: StagedTable | None = None
        self.said: tuple[str, str] | None = None
        self.solved = False
        self.shown = False  # the solution was shown: solving now does not count

    def title(self) -> str:
        what = "Daily puzzle" if self.daily else (
            f"Puzzle {self.ladder_index + 1}" if self.ladder_index is not None else "Puzzle")
        return f"{what} \u00b7 {self.puzzle.difficulty.rating}/10"

    def lines(self) -> Sequence[str]:
        plain = self.puzzle.plain
        without = "none can" if not plain else f"only {plain} can"
        return (f"Difficulty {self.puzzle.difficulty.rating} of 10. "
                f"Put down {self.puzzle.best} cards from your hand in one turn, then press "
                f"End turn. Without rearranging the table, {without}.",)

    def verdict(self) -> tuple[str, str] | None:
        return self.said

    def buttons(self) -> Sequence[CoachButton]:
        items = [CoachButton("solution", "Solution", self.show_solution,
                             enabled=not self.solved)]
        if self.ladder_index is not None and self.ladder_index + 1 < LADDER_SIZE:
            items.append(CoachButton("next", "Next", self.next_puzzle))
        items.append(CoachButton("back", "Back", self.leave))
        return items

    def arrows(self) -> Sequence[Arrow]:
        return ()

    def judge(self, play: Play) -> None:
        ok, words = check_solution(self.puzzle, play.table)
        if not ok:
            self.said = ("wrong", f"Not yet: {words}.")
            return
        self.solved = True
        if self.shown:
            self.said = ("ok", "That is the answer. Shown, so it does not count: try another.")
            return
        self.said = ("ok", f"Solved! {words}.")
        store = PuzzleStore.at(self.app.store.paths, self.app.store.messages)
        try:
            store.mark_solved(puzzle_key(self.puzzle.variant_id, self.puzzle.seed), today(),
                              daily=self.daily)
        except (StoreError, OSError, ValueError) as error:
            self.app.notify(f"Your progress could not be saved: {error}")

    def refused(self, problems: Sequence[str]) -> None:
        self.said = ("wrong", "Not legal: " + "; ".join(problems))

    def show_solution(self) -> None:
        if self.table is None:
            return
        self.shown = True
        solution = self.puzzle.solution
        self.said = ("ok", "The answer, step by step: Enter puts it on your table.")
        self.table.show_play(Play(0, solution.table), solution.edits)

    def next_puzzle(self) -> None:
        if self.ladder_index is None:
            return
        index = self.ladder_index + 1
        self.app.scenes.open_instead("puzzle_table", ladder()[index], ladder_index=index)

    def leave(self) -> None:
        self.app.scenes.pop()

    def update(self) -> None:
        """Nothing moves on by itself here."""


def puzzle_table(app: App, puzzle: Puzzle, daily: bool = False,
                 ladder_index: int | None = None) -> StagedTable:
    """The table of ``puzzle`` (the scene registered as ``puzzle_table``)."""
    coach = PuzzleCoach(app, puzzle, daily, ladder_index)
    session = staged_session(puzzle.variant_id, puzzle.options, puzzle.table, puzzle.hand)
    table = StagedTable(app, session, coach)
    coach.table = table
    return table
