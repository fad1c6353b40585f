"""Review: a match's turns (the human seat's) against the solver's best plays.

The review (``game.coach.review``) runs in a worker thread: every turn asks the exact solver
for its best play, a few seconds for a long match. Then the screen lists the turns, marked
best, good, held back or missed, with a summary per hand (cards put down against the most
possible, accuracy) and the biggest misses; a turn's best play is shown on the table, step
by step, as the hint tells it (``review_table``). Each hand's accuracy is kept in the
statistics, which track it over time.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from typing import TYPE_CHECKING

import pygame

from game.coach.review import Review, ReviewError, TurnReview, mark_words, review_session
from game.coach.staging import OtherSeat, staged_session
from game.engine.actions import Play
from game.engine.cards import Card
from game.i18n import N_, _, ngettext
from game.solver.edits import card_text, story
from game.store.stats import AccuracyRecord
from game.ui.cardtable.driver import Worker
from game.ui.cardtable.modes import HUMAN, VIEW
from game.ui.coach.staged import APPLY_TOOL, HINT_TOOL, Arrow, CoachButton, StagedTable
from game.ui.scenes import screens
from game.ui.theme import BLUE, CREAM, ERROR, GOLD_LIGHT, GREEN, MUTED
from game.ui.widgets.drawing import draw_text, fit_text, font, wrap_text
from game.ui.widgets.menus import MenuScene

if TYPE_CHECKING:
    from game.engine.variants import Variant
    from game.session import GameSession
    from game.ui.scene import AppServices

PAGE = 12  # turns listed at once
STEPS_SHOWN = 5  # the best play's steps told on the review screen (the table tells all)
MARK_COLOURS = {"best": GREEN, "good": BLUE, "held back": GOLD_LIGHT, "missed": ERROR,
                "no play": MUTED, "unsettled": MUTED}


def hand_key(session: GameSession, hand: int, seat: int) -> str:
    """A reviewed hand's name in the statistics: the match (seed, start), the hand and, for
    any human seat but the first (hot-seat), the seat: each player's review is kept."""
    key = f"{session.match.seed}:{session.started_at:.0f}:{hand}"
    humans = session.humans
    return key if humans and seat == humans[0] else f"{key}:{seat}"


class ReviewScene(MenuScene):
    title = N_("Review")
    subtitle = N_("Your turns against the best play the solver finds")
    hints = N_("\u2191\u2193 move  \u00b7  Enter select  \u00b7  Esc back")

    def __init__(self, app: AppServices, session: GameSession, seat: int | None = None) -> None:
        super().__init__(app)
        self.session = session
        self.review: Review | None = None
        self.problem: str | None = None
        self.page = 0
        self.chosen: TurnReview | None = None
        self.worker: Worker | None = None
        #: whose turns are reviewed: None while a hot-seat game's players choose
        self.seat: int | None = None
        if seat is not None or not session.hot_seat:
            self.start(seat, rebuild=False)

    # -- whose turns (hot-seat: each human seat reviews its own, under the cover)

    def start(self, seat: int | None, rebuild: bool = True) -> None:
        """Review ``seat``'s turns (the only human seat's if None)."""
        session = self.session
        self.seat = seat
        self.review, self.problem, self.chosen, self.page = None, None, None, 0
        self.worker = Worker(lambda: review_session(session, seat), synchronous=self.app.smoke)
        if rebuild:
            self.rebuild()

    def choose_seat(self, seat: int) -> None:
        """A hot-seat player asks for their review: while a hand is under way it shows
        their cards, so the screen is passed to them under the cover first."""
        name = self.session.seats[seat].name
        if not hand_in_play(self.session):
            self.start(seat)
            return
        self.app.scenes.push(screens.handover(
            self.app, name, lambda: self.start(seat),
            detail=_("The review shows {name}'s cards in the hand under way.").format(
                name=name),
            on_back=self.app.scenes.pop))

    def other_player(self) -> None:
        """Back to the choice of player; the review on show (its cards) is put away."""
        self.seat, self.worker = None, None
        self.review, self.problem, self.chosen, self.page = None, None, None, 0
        self.rebuild()

    def choosing(self) -> bool:
        return self.session.hot_seat and self.seat is None

    # -- the review, computed off the frame loop

    def update(self, dt: float) -> None:
        super().update(dt)
        worker = self.worker
        if worker is None or not worker.done:
            return
        self.worker = None
        if isinstance(worker.error, ReviewError):
            self.problem = str(worker.error)
        elif worker.error is not None:
            self.problem = _("The review failed: {error}").format(
                error=f"{type(worker.error).__name__}: {worker.error}")
        else:
            self.review = worker.result
            self._keep_accuracy()
            misses = self.review.biggest_misses(1) if self.review else []
            self.chosen = misses[0] if misses else None
        self.rebuild()

    def _keep_accuracy(self) -> None:
        review = self.review
        if review is None:
            return
        now = datetime.now(UTC)
        for summary in review.hands():
            if summary.accuracy is None:
                continue
            record = AccuracyRecord(hand_key(self.session, summary.hand, review.seat),
                                    self.session.match.variant_id, summary.accuracy, now)
            if not self.app.store.stats.record_accuracy(record):
                self.app.notify(_("The review's accuracy could not be kept in the "
                                  "statistics."))
                return

    # -- widgets

    def build(self) -> None:
        if self.choosing():
            self._build_chooser()
            return
        content = self.content_rect()
        height, gap = self.px(32), self.px(6)
        right = content.x + content.w // 2 + self.px(10)
        width = content.right - right
        turns = self.review.turns if self.review is not None else []
        shown = turns[self.page * PAGE:(self.page + 1) * PAGE]
        y = content.y + self.px(30)
        for index, turn in enumerate(shown):
            number = self.page * PAGE + index
            self.button(pygame.Rect(right + self.px(22), y, width - self.px(22), height),
                        turn_label(turn, self.unit()),
                        self._chooser(number), key=f"turn_{number}",
                        style="primary" if turn is self.chosen else "plain", size=14)
            y += height + gap
        row = content.bottom - self.px(44)
        half = (width - self.px(10)) // 2
        if self.page > 0:
            self.button(pygame.Rect(right, row, half, self.px(38)), _("Earlier turns"),
                        self._page(-1), key="earlier")
        if (self.page + 1) * PAGE < len(turns):
            self.button(pygame.Rect(right + half + self.px(10), row, half, self.px(38)),
                        _("Later turns"), self._page(1), key="later")
        left = content.x
        column = content.w // 2 - self.px(20)
        back_w = self.px(120)
        if self.chosen is not None and self.chosen.solution is not None:
            show_w = column - back_w - self.px(16)
            text = _("Show the best play on the table")
            if font(self.px(16), "bold").size(text)[0] > show_w - self.px(24):
                text = _("Show on the table")
            self.button(pygame.Rect(left, row, show_w, self.px(38)), text, self.show_on_table,
                        key="show", style="primary",
                        tooltip=_("The best play of this turn, step by step on the table"))
        self.button(pygame.Rect(left + column - back_w, row, back_w, self.px(38)), _("Back"),
                    self.back, key="back")
        if self.session.hot_seat:
            self.button(pygame.Rect(left, row - self.px(46), column, self.px(38)),
                        _("Another player's turns"), self.other_player, key="players",
                        tooltip=_("Put this review away and choose whose turns to see"))

    def _build_chooser(self) -> None:
        """A button per human seat: whose turns to review (alike: no seat is the default)."""
        content = self.content_rect()
        texts = {seat: _("{name}'s turns").format(name=self.session.seats[seat].name)
                 for seat in self.session.humans}
        # as wide as the longest name asks (a seat's name may have 32 letters), within the
        # screen, and in a smaller size where even that is not enough
        face = font(self.px(16), "bold")
        widest = max((face.size(text)[0] for text in texts.values()), default=0)
        width = min(content.w, max(self.px(420), widest + 20 + self.px(12)))
        size = self.fitting_px(list(texts.values()), width - 20 - self.px(4), 16,
                               bold=True) / self.scale
        x = content.centerx - width // 2
        # below the words above them, however many lines they take in the language
        y = max(content.y + self.px(90), content.y + self.px(36)
                + len(self._chooser_lines(content)) * self.px(22) + self.px(12))
        for seat, text in texts.items():
            self.button(pygame.Rect(x, y, width, self.px(44)), text,
                        self._seat_chooser(seat), key=f"seat_{seat}", style="menu",
                        size=size)
            y += self.px(54)
        self.button(pygame.Rect(x, y + self.px(10), width, self.px(40)), _("Back"), self.back,
                    key="back")

    def _seat_chooser(self, seat: int) -> Callable[[], None]:
        return lambda: self.choose_seat(seat)

    def default_focus(self) -> str | None:
        if self.choosing():
            return f"seat_{self.session.humans[0]}"
        return "show" if self.chosen is not None and self.chosen.solution is not None \
            else "back"

    def _chooser(self, number: int) -> Callable[[], None]:
        def choose() -> None:
            if self.review is not None:
                self.chosen = self.review.turns[number]
                self.rebuild()
        return choose

    def _page(self, step: int) -> Callable[[], None]:
        def turn_page() -> None:
            self.page += step
            self.rebuild()
        return turn_page

    def show_on_table(self) -> None:
        if self.chosen is not None and self.chosen.solution is not None:
            name = self.review.name if self.review is not None else _("You")
            self.app.scenes.push(screens.review_table(self.app, self.session, self.chosen, name))

    def back(self) -> None:
        self.app.scenes.pop()

    def unit(self) -> str:
        return "points" if self.review is not None and self.review.objective == "points" \
            else "cards"

    # -- drawing

    def draw_content(self, surface: pygame.Surface) -> None:
        content = self.content_rect()
        x, y = content.x, content.y
        width = content.w // 2 - self.px(20)
        if self.choosing():
            self._draw_chooser(surface, content)
            return
        if self.problem is not None:
            draw_text(surface, fit_text(self.problem, self.px(17), content.w), self.px(17),
                      ERROR, topleft=(x, y))
            return
        review = self.review
        if review is None:
            dots = "." * (1 + int(pygame.time.get_ticks() / 400) % 3)
            draw_text(surface, _("Reviewing your turns") + dots, self.px(20), GOLD_LIGHT,
                      style="bold", topleft=(x, y))
            draw_text(surface, _("The solver looks for the best play of every turn."),
                      self.px(15), MUTED, topleft=(x, y + self.px(32)))
            return
        unit = "points" if review.objective == "points" else "cards"
        accuracy = "\u2014" if review.accuracy is None else f"{review.accuracy:g}%"
        heading = _("{name}: accuracy {accuracy}").format(name=review.name, accuracy=accuracy)
        draw_text(surface, fit_text(heading, self.px(22), width, "bold"), self.px(22),
                  GOLD_LIGHT, style="bold", topleft=(x, y))
        y += self.px(34)
        total = (ngettext("{played} of {n} point put down that could have been",
                          "{played} of {n} points put down that could have been",
                          review.possible) if unit == "points" else
                 ngettext("{played} of {n} card put down that could have been",
                          "{played} of {n} cards put down that could have been",
                          review.possible)).format(played=review.played, n=review.possible)
        for line in wrap_text(total, self.px(15), width):
            draw_text(surface, line, self.px(15), CREAM, topleft=(x, y))
            y += self.px(22)
        y += self.px(4)
        for summary in review.hands():
            hand_accuracy = "\u2014" if summary.accuracy is None else f"{summary.accuracy:g}%"
            text = (ngettext("Hand {hand}: {played} of {n} point, accuracy {accuracy}",
                             "Hand {hand}: {played} of {n} points, accuracy {accuracy}",
                             summary.possible) if unit == "points" else
                    ngettext("Hand {hand}: {played} of {n} card, accuracy {accuracy}",
                             "Hand {hand}: {played} of {n} cards, accuracy {accuracy}",
                             summary.possible)).format(
                hand=summary.hand, played=summary.played, n=summary.possible,
                accuracy=hand_accuracy)
            draw_text(surface, fit_text(text, self.px(15), width), self.px(15), CREAM,
                      topleft=(x, y))
            y += self.px(22)
        misses = review.biggest_misses()
        if misses:
            y += self.px(6)
            words = ", ".join(_("hand {hand} turn {turn} ({amount} short)").format(
                hand=t.hand, turn=t.turn, amount=amount(t.shortfall, unit)) for t in misses)
            for line in wrap_text(_("Biggest misses: {turns}").format(turns=words), self.px(15),
                             width):
                draw_text(surface, line, self.px(15), ERROR, topleft=(x, y))
                y += self.px(22)
        self._draw_turn(surface, x, y + self.px(14), width, unit)
        self._draw_marks(surface, content)

    def _draw_chooser(self, surface: pygame.Surface, content: pygame.Rect) -> None:
        draw_text(surface, _("Whose turns?"), self.px(22), GOLD_LIGHT, style="bold",
                  midtop=(content.centerx, content.y))
        y = content.y + self.px(36)
        for line in self._chooser_lines(content):
            draw_text(surface, line, self.px(15), CREAM, midtop=(content.centerx, y))
            y += self.px(22)

    def _chooser_lines(self, content: pygame.Rect) -> list[str]:
        """The words over the choice of player, in lines."""
        words = _("Each player reviews their own turns.")
        if hand_in_play(self.session):
            words += " " + _("A hand is under way: the screen is passed to the player "
                             "you choose before their cards show.")
        return wrap_text(words, self.px(15), min(content.w, self.px(560)))

    def _draw_turn(self, surface: pygame.Surface, x: int, y: int, width: int,
                   unit: str) -> None:
        turn = self.chosen
        if turn is None:
            return
        colour = MARK_COLOURS.get(turn.mark, CREAM)
        heading = _("Hand {hand}, turn {turn}: {mark}").format(
            hand=turn.hand, turn=turn.turn, mark=mark_words(turn.mark))
        draw_text(surface, fit_text(heading, self.px(18), width, "bold"), self.px(18),
                  colour, style="bold", topleft=(x, y))
        y += self.px(28)
        lines = turn_lines(turn, unit)
        if turn.solution is not None and self.review is not None:
            lines += best_play_lines(self.review.variant, turn, unit)
        elif turn.best == 0:
            lines.append(_("No legal play existed."))
        # above the buttons under the column (two rows in a hot-seat game)
        bottom = self.content_rect().bottom - self.px(98 if self.session.hot_seat else 52)
        for text in lines:
            for line in wrap_text(text, self.px(15), width):
                if y + self.px(22) > bottom:
                    return
                draw_text(surface, line, self.px(15), CREAM, topleft=(x, y))
                y += self.px(22)

    def _draw_marks(self, surface: pygame.Surface, content: pygame.Rect) -> None:
        """A dot in each listed turn's mark colour, left of its button."""
        if self.review is None:
            return
        right = content.x + content.w // 2 + self.px(10)
        draw_text(surface, _("Turns"), self.px(16), CREAM, style="bold",
                  topleft=(right, content.y))
        height, gap = self.px(32), self.px(6)
        y = content.y + self.px(30)
        for turn in self.review.turns[self.page * PAGE:(self.page + 1) * PAGE]:
            pygame.draw.circle(surface, MARK_COLOURS.get(turn.mark, CREAM),
                               (right + self.px(8), y + height // 2), self.px(6))
            y += height + gap


def hand_in_play(session: GameSession) -> bool:
    """A hot-seat hand under way: every hand is covered until its player confirms (a
    finished hand was shown face up at its end)."""
    match = session.match
    return session.hot_seat and not match.over and not match.hand_over


def amount(value: int, unit: str) -> str:
    """``1 card``, ``3 cards``, ``5 points`` (in the player's language)."""
    if unit == "points":
        return ngettext("{n} point", "{n} points", value).format(n=value)
    return ngettext("{n} card", "{n} cards", value).format(n=value)


def cards_text(cards: Sequence[Card]) -> str:
    """Cards as people write them: ``6♣ 7♣ 8♣``."""
    return " ".join(card_text(card) for card in cards)


# What a turn did that put nothing down, as the start of a sentence about the player.
ENDED_WORDS = {"draw": N_("You drew"), "pass": N_("You passed"),
               "abandon": N_("You gave up a play"), "knock": N_("You knocked")}


def turn_lines(turn: TurnReview, unit: str) -> list[str]:
    """What went down, counted, and every card the turn drew (a turn that put nothing down
    says only what it did: a draw's "(0 cards)" read as no card drawn)."""
    if not turn.played:
        return [_("{did}.").format(did=played_words(turn))]
    lines = [_("{did} ({amount}).").format(
        did=_("You played {cards}").format(cards=cards_text(turn.played)),
        amount=amount(turn.value, unit))]
    if turn.drawn:
        lines.append(ngettext("You drew {n} card in the turn.",
                              "You drew {n} cards in the turn.", turn.drawn).format(
            n=turn.drawn))
    return lines


def played_words(turn: TurnReview) -> str:
    """What the turn did, as a sentence's start: ``You played 6♣ 7♣ 8♣``, ``You drew 1
    card``, ``You played 6♣ 7♣ 8♣ and drew 6 cards`` (every card drawn in the turn)."""
    if turn.played and turn.drawn:
        return ngettext("You played {cards} and drew {n} card",
                        "You played {cards} and drew {n} cards", turn.drawn).format(
            cards=cards_text(turn.played), n=turn.drawn)
    if turn.played:
        return _("You played {cards}").format(cards=cards_text(turn.played))
    if turn.drawn and turn.ended_by == "draw":
        return ngettext("You drew {n} card", "You drew {n} cards", turn.drawn).format(
            n=turn.drawn)
    if turn.drawn and turn.ended_by == "abandon":
        return ngettext("You gave up a play and drew {n} card",
                        "You gave up a play and drew {n} cards", turn.drawn).format(
            n=turn.drawn)
    words = ENDED_WORDS.get(turn.ended_by)
    return _(words) if words is not None else _("You: {how}").format(how=turn.ended_by)


def turn_label(turn: TurnReview, unit: str) -> str:
    """A turn in the list: ``Hand 1, turn 3: missed, 2 of 5 cards``."""
    mark = mark_words(turn.mark)
    if not turn.best:  # unsettled, or nothing could go down: no figures to compare
        return _("Hand {hand}, turn {turn}: {mark}").format(hand=turn.hand, turn=turn.turn,
                                                           mark=mark)
    return _("Hand {hand}, turn {turn}: {mark}, {value} of {amount}").format(
        hand=turn.hand, turn=turn.turn, mark=mark, value=turn.value,
        amount=amount(turn.best, unit))


def best_play_lines(variant: Variant, turn: TurnReview, unit: str) -> list[str]:
    """The best play in words, as the table's hint tells it: what goes down, then each
    meld change ("6♣ from 6♣–9♣ into a new meld ...")."""
    solution = turn.solution
    if solution is None:
        return []
    best = cards_text(solution.played) or _("only cards already on the table")
    lines = [_("Best: {cards} ({amount}).").format(cards=best,
                                                   amount=amount(turn.best or 0, unit))]
    steps, _moves = story(variant, turn.table, turn.cards, solution.table)
    for step in steps[:STEPS_SHOWN]:
        lines.append(f"• {step.words[:1].upper()}{step.words[1:]}")
    hidden = len(steps) - STEPS_SHOWN
    if hidden > 0:
        lines.append(ngettext("\u2026 and {n} more step (shown on the table)",
                              "\u2026 and {n} more steps (shown on the table)",
                              hidden).format(n=hidden))
    return lines


class ReviewCoach:
    """A reviewed turn on the table, a viewer: the table as it lay at that turn, the best
    play told step by step at once, and again on request; nothing is played here."""

    def __init__(self, app: AppServices, turn: TurnReview) -> None:
        self.app = app
        self.turn = turn
        self.scene: StagedTable | None = None
        self.started = False

    def title(self) -> str:  # short: the panel is narrow on a small window
        return _("Turn {turn}: {mark}").format(turn=self.turn.turn,
                                               mark=mark_words(self.turn.mark))

    def lines(self) -> Sequence[str]:
        turn = self.turn
        best = len(turn.solution.played) if turn.solution is not None else 0
        return (ngettext("Hand {hand}. {did}. The best play puts down {n} card, told here "
                         "step by step.",
                         "Hand {hand}. {did}. The best play puts down {n} cards, told here "
                         "step by step.", best).format(hand=turn.hand, did=played_words(turn),
                                                       n=best),)

    def verdict(self) -> tuple[str, str] | None:
        return None  # nothing is played here, so nothing is judged

    def buttons(self) -> Sequence[CoachButton]:
        return (CoachButton("again", _("Show again"), self.show),
                CoachButton("back", _("Back"), self.leave))

    def arrows(self) -> Sequence[Arrow]:
        return ()

    def points_at_end(self) -> bool:
        return False

    def tools_off(self) -> frozenset[str]:
        """The best play is the coach's to tell (Show again), not the table's hint's, and
        it is not put on the table: the table is a view."""
        return frozenset({HINT_TOOL, APPLY_TOOL})

    def viewer(self) -> str | None:
        """Always a view: the turn was played long ago."""
        return _("Hand {hand}, turn {turn}, as the table lay: Show again, or Back "
                 "(Esc)").format(hand=self.turn.hand, turn=self.turn.turn)

    def update(self) -> None:
        scene = self.scene
        if not self.started and scene is not None and scene.mode in (HUMAN, VIEW) \
                and not scene.sprites.busy:
            self.started = True
            self.show()

    def show(self) -> None:
        solution = self.turn.solution
        if self.scene is not None and solution is not None:
            self.scene.show_play(Play(0, solution.table), solution.edits)

    def judge(self, play: Play) -> None:
        """Never asked: a view has no End turn."""

    def refused(self, problems: Sequence[str]) -> None:
        """Never asked: a view has no End turn."""

    def leave(self) -> None:
        self.app.scenes.pop()


def review_table(app: AppServices, session: GameSession, turn: TurnReview,
                 name: str | None = None) -> StagedTable:
    """A reviewed turn's position on the table (the scene registered as ``review_table``)."""
    match = session.match
    coach = ReviewCoach(app, turn)
    # the other seats as they were at that turn, in turn order after the reviewed one
    count = len(turn.hand_counts)
    others = [OtherSeat(session.seats[(turn.seat + n) % count],
                        turn.hand_counts[(turn.seat + n) % count],
                        turn.seats_opened[(turn.seat + n) % count]) for n in range(1, count)]
    staged = staged_session(match.variant_id, {k: str(v) for k, v in match.options.items()},
                            turn.table, turn.cards, name=name or _("You"), opened=turn.opened,
                            players=match.players, others=others, seed=match.seed,
                            hand_number=turn.hand - 1)
    scene = StagedTable(app, staged, coach, turn.earlier)
    coach.scene = scene
    return scene
