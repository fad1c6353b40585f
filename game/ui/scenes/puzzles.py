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
from game.i18n import N_, _, ngettext
from game.store.errors import StoreError
from game.store.puzzles import PuzzleStore, puzzle_key
from game.ui.coach.staged import Arrow, CoachButton, StagedTable
from game.ui.scenes import screens
from game.ui.theme import CREAM, GOLD_LIGHT, GREEN, MUTED
from game.ui.widgets.drawing import draw_text, fit_text
from game.ui.widgets.menus import MenuScene

if TYPE_CHECKING:
    from game.ui.scene import AppServices

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
    title = N_("Puzzles")
    subtitle = N_("Find the play that puts down every card it can: the table must be rearranged")

    def __init__(self, app: AppServices) -> None:
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
                    _("Daily puzzle \u00b7 {date}").format(date=self.day.isoformat())
                    + (" \u2713" if solved else ""),
                    lambda: self.open_puzzle(self.daily_puzzle, daily=True), key="daily",
                    style="primary", size=18,
                    tooltip=_("Difficulty {rating}/10").format(
                        rating=self.daily_puzzle.difficulty.rating))
        right = x + width + self.px(40)
        for index, puzzle in enumerate(self.puzzles):
            mark = " \u2713" if self.progress.is_solved(self._key(puzzle)) else ""
            row = pygame.Rect(right, content.y + self.px(54) + index * (height + gap),
                              width, height)
            label = ngettext("{number}. Difficulty {rating}/10 \u00b7 {n} card in hand",
                             "{number}. Difficulty {rating}/10 \u00b7 {n} cards in hand",
                             len(puzzle.hand)).format(number=index + 1,
                                                      rating=puzzle.difficulty.rating,
                                                      n=len(puzzle.hand))
            self.button(row, label + mark, self._opener(index), key=f"ladder_{index}",
                        tooltip=_("Table cards that move: {moved}; melds that break up: "
                                  "{broken}").format(moved=puzzle.difficulty.cards_moved,
                                                     broken=puzzle.difficulty.melds_broken))
        self.button(pygame.Rect(x, y + self.px(80), width, height), _("Back"), self.back,
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
        self.app.scenes.push(screens.puzzle_table(self.app, puzzle, daily=daily,
                                                  ladder_index=ladder_index))

    def back(self) -> None:
        self.app.scenes.pop()

    def draw_content(self, surface: pygame.Surface) -> None:
        content = self.content_rect()
        x = content.x
        solved = self.progress.solved_count()
        streak = self.progress.streak(self.day)
        best = self.progress.best_streak()
        width = min(self.px(520), content.w // 2 - self.px(20))
        draw_text(surface, fit_text(ngettext("Solved {n} puzzle", "Solved {n} puzzles",
                                             solved).format(n=solved), self.px(20), width,
                                    "bold"), self.px(20),
                  GOLD_LIGHT, style="bold", topleft=(x, content.y))
        draw_text(surface, fit_text(ngettext("Daily streak: {n} day (best {best})",
                                             "Daily streak: {n} days (best {best})",
                                             streak).format(n=streak, best=best), self.px(16),
                                    width), self.px(16), GREEN if streak else MUTED,
                  topleft=(x, content.y + self.px(28)))
        draw_text(surface, _("The ladder, easiest first"), self.px(16), CREAM, style="bold",
                  topleft=(x + width + self.px(40), content.y + self.px(28)))


class PuzzleCoach:
    """Judges a puzzle's End turn, keeps the progress, offers the solution and the next
    puzzle (the ``Coach`` of a staged table)."""

    def __init__(self, app: AppServices, puzzle: Puzzle, daily: bool,
                 ladder_index: int | None) -> None:
        self.app = app
        self.puzzle = puzzle
        self.daily = daily
        self.ladder_index = ladder_index
        self.table: StagedTable | None = None
        self.said: tuple[str, str] | None = None
        self.solved = False
        self.shown = False  # the solution was shown: solving now does not count

    def title(self) -> str:
        rating = self.puzzle.difficulty.rating
        if self.daily:
            return _("Daily puzzle \u00b7 {rating}/10").format(rating=rating)
        if self.ladder_index is not None:
            return _("Puzzle {number} \u00b7 {rating}/10").format(number=self.ladder_index + 1,
                                                                  rating=rating)
        return _("Puzzle \u00b7 {rating}/10").format(rating=rating)

    def lines(self) -> Sequence[str]:
        plain = self.puzzle.plain
        without = _("Without rearranging the table, none can.") if not plain else ngettext(
            "Without rearranging the table, only {n} can.",
            "Without rearranging the table, only {n} can.", plain).format(n=plain)
        ask = ngettext("Difficulty {rating} of 10. Put down {n} card from your hand in one "
                       "turn, then press End turn.",
                       "Difficulty {rating} of 10. Put down {n} cards from your hand in one "
                       "turn, then press End turn.", self.puzzle.best).format(
            rating=self.puzzle.difficulty.rating, n=self.puzzle.best)
        return (f"{ask} {without}",)

    def verdict(self) -> tuple[str, str] | None:
        return self.said

    def buttons(self) -> Sequence[CoachButton]:
        items = [CoachButton("solution", _("Solution"), self.show_solution,
                             enabled=not self.solved)]
        if self.ladder_index is not None and self.ladder_index + 1 < LADDER_SIZE:
            items.append(CoachButton("next", _("Next"), self.next_puzzle))
        items.append(CoachButton("back", _("Back"), self.leave))
        return items

    def viewer(self) -> str | None:
        """A puzzle stays open to other tries, solved or not."""
        return None

    def tools_off(self) -> frozenset[str]:
        return frozenset()

    def arrows(self) -> Sequence[Arrow]:
        return ()

    def points_at_end(self) -> bool:
        return False

    def judge(self, play: Play) -> None:
        ok, words = check_solution(self.puzzle, play.table)
        if not ok:
            self.said = ("wrong", _("Not yet: {why}.").format(why=words))
            return
        self.solved = True
        if self.shown:
            self.said = ("ok", _("That is the answer. Shown, so it does not count: try "
                                 "another."))
            return
        self.said = ("ok", _("Solved! {how}.").format(how=words))
        store = PuzzleStore.at(self.app.store.paths, self.app.store.messages)
        try:
            store.mark_solved(puzzle_key(self.puzzle.variant_id, self.puzzle.seed), today(),
                              daily=self.daily)
        except (StoreError, OSError, ValueError) as error:
            self.app.notify(_("Your progress could not be saved: {error}").format(error=error))

    def refused(self, problems: Sequence[str]) -> None:
        self.said = ("wrong", _("Not legal: {problems}").format(problems="; ".join(problems)))

    def show_solution(self) -> None:
        if self.table is None:
            return
        self.shown = True
        solution = self.puzzle.solution
        self.said = ("ok", _("The answer, step by step: Enter puts it on your table."))
        self.table.show_play(Play(0, solution.table), solution.edits)

    def next_puzzle(self) -> None:
        if self.ladder_index is None:
            return
        index = self.ladder_index + 1
        self.app.scenes.replace(screens.puzzle_table(self.app, ladder()[index], ladder_index=index))

    def leave(self) -> None:
        self.app.scenes.pop()

    def update(self) -> None:
        """Nothing moves on by itself here."""


def puzzle_table(app: AppServices, puzzle: Puzzle, daily: bool = False,
                 ladder_index: int | None = None) -> StagedTable:
    """The table of ``puzzle`` (the scene registered as ``puzzle_table``)."""
    coach = PuzzleCoach(app, puzzle, daily, ladder_index)
    session = staged_session(puzzle.variant_id, puzzle.options, puzzle.table, puzzle.hand)
    table = StagedTable(app, session, coach)
    coach.table = table
    return table
