"""What the sidebar buttons, the status line and the board's facts say, from the state of
the match and the draft. A controller owned by ``TableScene``, which sees its table as a
``StatusTable`` and is told by the table whether a hint is being looked for or told."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from game.deals import deal_words
from game.engine.cards import Card
from game.engine.draws import turn_draw
from game.engine.scoring import hand_value, points_text
from game.engine.turn import TurnCheck
from game.engine.variants import KnockWhen
from game.i18n import _, ngettext
from game.solver.edits import meld_text
from game.ui.cardtable.controls import ButtonState, Same
from game.ui.cardtable.look import Status
from game.ui.cardtable.modes import HINT, HUMAN, REPLAY, STOPPED
from game.ui.cardtable.table_host import CardTableHost
from game.ui.cardtable.talk import watching_line
from game.ui.manipulation.board import Facts

if TYPE_CHECKING:
    from game.engine.draft import TurnDraft
    from game.engine.match import Match
    from game.session import GameSession
    from game.ui.cardtable.controls import Controls
    from game.ui.manipulation.model import TableModel
    from game.ui.scene import AppServices


class TurnState(CardTableHost, Protocol):
    """What says whether the person may edit the table, and whether their play started."""

    @property
    def mode(self) -> str: ...
    @property
    def match(self) -> Match: ...
    @property
    def draft(self) -> TurnDraft | None: ...


class StatusTable(TurnState, Protocol):
    """The manipulation table as ``TableStatus`` sees it."""

    @property
    def app(self) -> AppServices: ...
    @property
    def session(self) -> GameSession: ...
    @property
    def controls(self) -> Controls | None: ...
    @property
    def model(self) -> TableModel | None: ...
    @property
    def version(self) -> int: ...
    @property
    def sort_mode(self) -> str: ...
    @property
    def bottom(self) -> int: ...
    @property
    def remote_match(self) -> bool: ...

    @property
    def tv_mode(self) -> bool: ...

    def hand_visible(self) -> bool: ...
    def is_you(self, seat: int) -> bool: ...


def can_edit(table: TurnState) -> bool:
    """May the player change the table now?"""
    return table.mode == HUMAN and table.draft is not None \
        and "play" in table.match.legal_kinds()


def play_started(table: TurnState) -> bool:
    """Has the player touched the table this turn (giving up costs the penalty)?"""
    draft = table.draft
    return table.match.deal.started or bool(draft is not None and draft.touched)


class TableStatus:
    """Button states, the status line and the board facts, from the table's state."""

    def __init__(self, table: StatusTable) -> None:
        self.table = table
        self._controls_key: object = None  # the state the buttons were last set for
        self._check_key: object = None  # the draft and version ``_check`` is for
        self._check: TurnCheck | None = None

    def update_controls(self, hint_busy: bool, hint_told: bool) -> None:
        """Bring the buttons up to date; ``hint_busy``: a hint is being looked for,
        ``hint_told``: the hint's play has been told to its end (the person's turn
        ``HumanTurn`` knows both)."""
        if self.table.controls is None:
            return
        table = self.table
        # the controls and the draft themselves, not their id(): a rebuilt set of buttons
        # (a resize) can be given a dead one's id, and kept its fresh, all-enabled look
        key = (table.version, table.mode, not hint_busy, table.sort_mode, hint_told,
               Same(table.controls), Same(table.draft))
        if key == self._controls_key:
            return
        self._controls_key = key
        states = self._button_states(hint_busy)
        if self.table.tv_mode:
            states = self.table.controls.watching(states)
        self.table.controls.apply(states)

    def draft_check(self) -> TurnCheck | None:
        """``draft.check()`` for the draft as shown (computed once per change)."""
        key = (id(self.table.draft), self.table.version)
        if self._check_key != key:
            self._check_key = key
            self._check = self.table.draft.check() if self.table.draft is not None else None
        return self._check

    def offered_kinds(self) -> tuple[str, ...]:
        """The kinds of action the rules allow now that this table offers a way to take:
        what the status line and the hint's advice may name (a coached table leaves drawing,
        passing and knocking to its coach)."""
        return tuple(self.table.match.legal_kinds())

    def _button_states(self, hint_busy: bool) -> dict[str, ButtonState]:
        human = self.table.mode == HUMAN and self.table.draft is not None
        legal = self.table.match.legal_kinds() if human else ()
        draft = self.table.draft
        touched = bool(draft and draft.touched)
        off = ButtonState(enabled=False)
        states: dict[str, ButtonState] = {}
        if human:
            check = self.draft_check() if touched else None
            can_end = (touched and check is not None and check.ok and "play" in legal) or \
                (not touched and "end_turn" in legal)
            tip = None
            if not can_end and touched and check is not None and check.problems:
                check_melds = draft.table().melds if draft is not None else ()
                tip = _("Not yet (E shows why): ") + "; ".join(
                    problem_text(p, check_melds) for p in check.problems[:4])
            states["end"] = ButtonState(enabled=can_end, tooltip=tip)
            penalty = self.table.match.variant.abandon_penalty
            if play_started(self.table) and "abandon" in legal:
                states["draw"] = ButtonState(True, True, _("Give up (draw {penalty})").format(
                    penalty=penalty),
                                             _("Put the table back and draw the penalty cards "
                                               "({penalty}) instead of one (D)").format(
                                                 penalty=penalty), "danger")
            elif "draw" in legal:
                states["draw"] = ButtonState(True, True, self._draw_text())
            else:
                states["draw"] = ButtonState(True, False, self._draw_text())
            states["pass"] = ButtonState(enabled="pass" in legal)
            can_knock = "knock" in legal and not touched
            states["knock"] = ButtonState(enabled=can_knock,
                                          tooltip=None if can_knock else self.knock_problem())
            states["undo"] = ButtonState(enabled=bool(draft and draft.can_undo))
            states["redo"] = ButtonState(enabled=bool(draft and draft.can_redo))
            states["reset"] = ButtonState(enabled=touched or bool(draft and draft.can_undo))
            allowed = bool(self.table.app.settings.hints_allowed)
            states["hint"] = ButtonState(
                enabled=allowed and not hint_busy,
                tooltip=None if allowed else _("Hints are switched off in Settings"))
        elif self.table.mode == HINT:
            for name in ("draw", "undo", "redo", "reset"):
                states[name] = off
            states["end"] = ButtonState(text=_("Apply hint"),
                                        tooltip=_("Put the hint's play on your table (Enter)"))
            states["hint"] = ButtonState(text=_("Dismiss hint"),
                                         tooltip=_("Leave your table as it was (Esc)"))
            states["pass"] = off
            states["knock"] = off
        else:
            for name in ("end", "draw", "undo", "redo", "reset", "hint"):
                states[name] = off
            states["draw"] = ButtonState(True, False, self._draw_text())
            states["pass"] = off
            states["knock"] = off
        sortable = self.table.hand_visible()
        for order in ("suit", "rank"):
            states[f"sort_{order}"] = ButtonState(
                enabled=sortable, style="primary" if self.table.sort_mode == order else None)
        states["last"] = ButtonState(enabled=bool(self.table.match.deal.turns) and
                                     self.table.mode in (HUMAN, REPLAY, STOPPED),
                                     text=_("Stop replay") if self.table.mode == REPLAY else None)
        states["menu"] = ButtonState()
        return states

    def hand_points(self) -> int:
        """The points of the bottom hand as the variant counts them (what knocking weighs),
        as the turn under way leaves it: a knock comes after the play is on the table. The
        hand on show is counted (a hint's play told on the table takes its cards out)."""
        match = self.table.match
        model = self.table.model
        if model is not None and self.table.hand_visible():
            return hand_value(match.variant.scoring, model.hand)
        draft = self.table.draft
        mine = draft is not None and match.current == self.table.bottom
        hand = draft.hand if mine and draft is not None else match.deal.hands[self.table.bottom]
        return hand_value(match.variant.scoring, hand)

    def knock_problem(self) -> str:
        """Why the player may not knock now, in words (Carousel)."""
        match = self.table.match
        knock = match.variant.knock
        if knock is None:
            return _("There is no knocking in this game.")
        if match.deal.final_turns is not None:
            return _("No knocking in the last turns of the hand.")
        points = self.hand_points()
        if points > knock.max_points:
            return _("Knock needs {max_points} points or fewer in your hand; you hold "
                     "{points}.").format(
                max_points=knock.max_points, points=points)
        draft = self.table.draft
        if draft is not None and draft.touched:
            return _("End your turn with the play, or reset it, before knocking.")
        if knock.when is KnockWhen.START_OF_TURN:
            return _("Knock only at the start of your turn, instead of drawing.")
        return _("Knock after drawing one or two cards and melding.")

    def _draw_text(self) -> str:
        variant = self.table.match.variant
        if variant.cards_per_draw > 1:  # as many as a press takes: the stock may hold fewer
            drawn = turn_draw(variant, len(self.table.match.deal.stock), played=False)
            return _("Draw {cards_per_draw}").format(cards_per_draw=max(1, drawn))
        if variant.draws_before_meld:
            draws = self.table.match.deal.draws
            return _("Draw ({draws}/{carousel_draws})").format(
                draws=draws, carousel_draws=variant.carousel_draws)
        return _("Draw")

    def update_status(self) -> None:
        if self.table.mode != HUMAN or self.table.draft is None:
            return
        legal = self.offered_kinds()  # only what a button on show allows (issue 51)
        draft = self.table.draft
        name = _("Your") if not self.table.session.hot_seat else \
            _("{name}, your").format(name=self.table.session.seats[self.table.bottom].name)
        if draft.touched:
            check = self.draft_check()
            if check is not None and check.ok:
                self.table.show_status(Status(_("{name} play is ready: End turn (E)").format(
                    name=name), "you"))
            else:
                model = self.table.model
                bad = sum(1 for g in model.groups if not g.valid) if model else 0
                words = ngettext("{bad} meld not valid yet", "{bad} melds not valid yet",
                                 bad).format(bad=bad) if bad else \
                    _("not a valid play yet")
                self.table.show_status(Status(_("{name} turn: {words}").format(
                    name=name, words=words), "you"))
            return
        if "play" in legal and "draw" in legal:
            text = _("{name} turn: play cards to the table, or draw").format(name=name)
        elif "play" in legal and "end_turn" in legal:
            text = _("{name} turn: play more, or end the turn").format(name=name)
        elif "play" in legal and "pass" in legal:
            text = _("{name} turn: play cards to the table, or pass").format(name=name)
        elif "play" in legal and "abandon" in legal and self.table.match.deal.started:
            penalty = self.table.match.variant.abandon_penalty
            text = _("{name} turn: finish your play, or give up and draw {penalty}").format(
                name=name, penalty=penalty)
        elif "play" in legal:
            text = _("{name} turn: you must play").format(name=name)
        elif "draw" in legal:
            text = _("{name} turn: draw a card").format(name=name)
        elif "pass" in legal:
            text = _("{name} turn: pass").format(name=name)
        else:
            text = _("{name} turn").format(name=name)
        self.table.show_status(Status(text, "you"))

    def facts(self) -> Facts:
        match = self.table.match
        variant = match.variant
        if variant.match_target is not None:
            text = _("Match to {match_target} points").format(match_target=variant.match_target)
        elif (variant.match_hands or 1) == 1:
            text = _("Single hand")
        else:
            text = _("Hand {n} of {match_hands}").format(
                n=match.deal.number + 1, match_hands=variant.match_hands)
        seat = self.table.session.seats[self.table.bottom]
        count = len(match.deal.hands[self.table.bottom])
        if self.table.model is not None:
            count = self.table.model.seats[self.table.bottom].cards
        mine = self.table.is_you(self.table.bottom)  # never a spectator's
        owner = _("Your hand") if mine else _("{name}'s hand").format(name=seat.name)
        label = ngettext("{owner} \u00b7 {count} card \u00b7 ", "{owner} \u00b7 {count} cards "
                                                                "\u00b7 ", count).format(
            owner=owner, count=count)
        if variant.knock is not None and self.table.hand_visible():  # what knocking weighs
            label += _("{points} in hand (knock \u2264 {max_points}) \u00b7 ").format(
                points=self.hand_points(), max_points=variant.knock.max_points)
        label += _("{points} pts").format(points=points_text(match.totals[self.table.bottom]))
        return Facts(match.deal.number + 1, _(variant.name), text,
                     match.deal.final_turns is not None,
                     self.table.mode == HUMAN and can_edit(self.table),
                     self.table.sort_mode, label,
                     deal_words(match.seed) if self.table.session.deal_shown
                     and not self.table.remote_match else "",
                     watching_line(self.table))




CARD_CODE = re.compile(r"\b(10|[2-9AJQK])([CDHS])\b")
SUITS = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}


def with_suits(text: str) -> str:
    """``text`` with card codes (3C, 10H) written with suit symbols (3\u2663, 10\u2665),
    as the cards show them."""
    return CARD_CODE.sub(lambda m: m.group(1) + SUITS[m.group(2)], text)


def problem_text(problem: Any, melds: Sequence[Sequence[Card]] = ()) -> str:
    """A problem of the turn check as the player reads it: the meld named by its cards
    ("5\u2665 6\u2665 9\u2665: ...", ``melds``: the checked table's melds), since melds keep
    their places on screen and a number in the table's own order would point elsewhere;
    "Meld 2: ..." only when the melds are not known."""
    meld = getattr(problem, "meld", None)
    message = with_suits(getattr(problem, "message", str(problem)))
    if meld is None:
        return message[:1].upper() + message[1:]
    if 0 <= meld < len(melds):
        return f"{meld_text(melds[meld])}: {message}"
    return _("Meld {n}: {message}").format(n=meld + 1, message=message)
