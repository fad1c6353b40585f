"""The first-game tutorial on the real table: one scripted position a step
(``game.coach.tutorial.STEPS``), an instruction panel and arrows from the cards to where they
go. A step waits until the player ends the turn with its goal reached; a wrong End says
why. Offered on first start and from the title screen; finishing it is remembered.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from game.coach.staging import position, staged_session
from game.coach.tutorial import NEW_MELD, STEPS, Side, TutorialProgress
from game.engine.actions import Play
from game.engine.cards import Card, Face
from game.engine.melds import check_meld
from game.engine.table import Table
from game.i18n import _
from game.store.errors import StoreError
from game.store.puzzles import PuzzleStore
from game.ui.coach.staged import Arrow, CoachButton, StagedTable
from game.ui.scenes import screens
from game.ui.widgets.dialogs import ConfirmDialog

if TYPE_CHECKING:
    from collections.abc import Mapping

    from game.engine.variants import Variant
    from game.ui.scene import AppServices


class TutorialCoach:
    """Says the step, points at its cards, judges its End (a staged table's ``Coach``)."""

    def __init__(self, app: AppServices, progress: TutorialProgress, table: Table,
                 hand: Sequence[Card]) -> None:
        self.app = app
        self.progress = progress
        self.start = table
        self.hand = tuple(hand)
        self.scene: StagedTable | None = None
        self.said: tuple[str, str] | None = None
        self.reached = False

    def title(self) -> str:
        return _("Tutorial {step} of {steps}").format(step=self.progress.index + 1,
                                                      steps=len(STEPS))

    def lines(self) -> Sequence[str]:
        step = self.progress.step
        return (f"{_(step.title)}.", *(_(line) for line in step.lines))

    def verdict(self) -> tuple[str, str] | None:
        return self.said

    def buttons(self) -> Sequence[CoachButton]:
        last = self.progress.index + 1 >= len(STEPS)
        if self.reached:
            return (CoachButton("next", _("Finish") if last else _("Next step"),
                                self.next_step),
                    CoachButton("leave", _("Leave"), self.leave))
        return (CoachButton("skip", _("Skip step") if not last else _("Skip"), self.next_step),
                CoachButton("leave", _("Leave"), self.leave))

    def tools_off(self) -> frozenset[str]:
        return frozenset()

    def viewer(self) -> str | None:
        """Once the step is done the table only shows it: Next step (or Finish) goes on,
        End turn has nothing more to end."""
        if not self.reached:
            return None
        last = self.progress.index + 1 >= len(STEPS)
        return _("Step done: press {button} to go on.").format(
            button=_("Finish") if last else _("Next step"))

    def arrows(self) -> Sequence[Arrow]:
        """The step's pointers whose card is not yet where it goes."""
        scene = self.scene
        if scene is None or scene.draft is None or self.reached:
            return ()
        draft = scene.draft
        start_cards = set(self.start.cards())
        out: list[Arrow] = []

        # a table card the step sends to a new meld (a released joker) does not make
        # its new meld an old one
        to_new = {card for pointer in self.progress.step.pointers
                  if pointer.target == NEW_MELD and (card := self._card(pointer.card))}
        old_cards = start_cards - to_new

        def in_new_meld(card: Card) -> bool:
            where = draft.location(card)
            return isinstance(where, int) and not old_cards & set(draft.groups[where])

        # once one card of a new meld is down, the others point into it, not at empty felt
        started = next((card for pointer in self.progress.step.pointers
                        if pointer.target == NEW_MELD
                        and (card := self._card(pointer.card)) is not None
                        and in_new_meld(card)), None)
        step = self.progress.step
        # a step that wants a refused End first points at its first card alone until then
        pointers = step.pointers[:1] if step.refusal_first and not self.progress.refused \
            else step.pointers
        for pointer in pointers:
            card = self._card(pointer.card)
            if card is None:
                continue
            where = draft.location(card)
            if pointer.target == NEW_MELD:
                if not in_new_meld(card):
                    out.append(self._into(card, started))
                continue
            target = self._card(pointer.target, on_table=True)
            near = self._card(pointer.by, on_table=True)
            if target is None or near is None:
                continue
            if isinstance(where, int) and where == draft.location(target):
                continue
            out.append(Arrow(card, near, pointer.side))
        return out[:1] if self.progress.step.pointers[0].target != NEW_MELD else out

    def _into(self, card: Card, started: Card | None) -> Arrow:
        """The arrow for ``card`` going into the new meld holding ``started`` (None: none
        is down yet, the empty felt): to the very place it takes there, the place of the
        meld it lies in once in (in front of the card shown there now, or past the end)."""
        scene = self.scene
        if started is None or scene is None or scene.draft is None or scene.model is None:
            return Arrow(card, started)
        draft = scene.draft
        where = draft.location(started)
        shown = next((group.cards for group in scene.model.groups if group.index == where),
                     None)
        if not isinstance(where, int) or not shown:
            return Arrow(card, started)
        order = ordered(list(draft.groups[where]) + [card], scene.match.variant,
                        draft.declared)
        at = order.index(card)
        if at < len(shown):
            return Arrow(card, shown[at], Side.BEFORE)
        return Arrow(card, shown[-1], Side.AFTER)

    def points_at_end(self) -> bool:
        """Every card is where the step wants it and the turn is ready to be judged (or,
        in the step about a refused turn, to be refused first): point at End turn."""
        scene = self.scene
        if scene is None or scene.draft is None or self.reached or not scene.draft.touched:
            return False
        if self.arrows():
            return False
        step = self.progress.step
        if step.refusal_first and not self.progress.refused:
            return True
        check = scene.indicators.draft_check()
        return check is not None and check.ok

    def _card(self, text: str, on_table: bool = False) -> Card | None:
        """The card written ``text``: the hand's first (a pointer's card comes from the
        hand when it can), else the table's."""
        places = (self.start.cards(),) if on_table else (self.hand, self.start.cards())
        for cards in places:
            for card in cards:
                if str(card) == text:
                    return card
        return None

    def judge(self, play: Play) -> None:
        ok, words = self.progress.step.reached(self.start, self.hand, play.table,
                                               self.progress.refused)
        self.said = ("ok" if ok else "wrong", words)
        self.reached = ok

    def refused(self, problems: Sequence[str]) -> None:
        self.progress.refused = True
        self.said = ("wrong", _("Refused: {problems}. Fix it and try again.").format(
            problems="; ".join(problems)))

    def next_step(self) -> None:
        if self.progress.advance():
            self.app.scenes.replace(screens.tutorial(self.app, self.progress))
            return
        self._remember(done=True)
        self.app.notify(_("Tutorial finished. Have a good game!"), info=True)
        self.app.scenes.pop()

    def leave(self) -> None:
        """Leave (the button, Esc, Menu): asked first, the step's play would be lost."""
        self.app.scenes.push(ConfirmDialog(
            self.app, _("Leave the tutorial?"),
            _("You can take it again from the title screen."), self._left,
            confirm=_("Leave"), cancel=_("Stay")))

    def _left(self) -> None:
        if self.scene is not None and self.app.scenes.top is self.scene:
            self.app.scenes.pop()

    def update(self) -> None:
        """Nothing moves on by itself here."""

    def _remember(self, done: bool) -> None:
        try:
            PuzzleStore.at(self.app.store.paths, self.app.store.messages).mark_tutorial(
                offered=True, done=done)
        except (StoreError, OSError) as error:
            self.app.notify(_("The tutorial's progress could not be saved: {error}").format(
                error=error))


def tutorial_table(app: AppServices, progress: TutorialProgress | None = None) -> StagedTable:
    """The table of the tutorial's current step (the scene registered as ``tutorial``)."""
    progress = progress or TutorialProgress()
    step = progress.step
    table, hand = position(step.table, step.hand)
    coach = TutorialCoach(app, progress, table, hand)
    scene = StagedTable(app, staged_session(step.variant_id, {}, table, hand), coach)
    coach.scene = scene
    return scene


def ordered(cards: Sequence[Card], variant: Variant, declared: Mapping[Card, Face]) -> list[Card]:
    """``cards`` in the order their meld shows them: as the rules lay a meld out, else (too
    few yet) by rank, jokers last."""
    result = check_meld(cards, variant, declared)
    if result.ok:
        return list(result.ordered)
    return sorted(cards, key=lambda c: (c.is_joker, 0 if c.is_joker else c.rank))
