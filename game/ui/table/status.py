"""What the sidebar buttons, the status line and the board's facts say, from the state of
the match and the draft. Mixed into ``TableScene``."""

from __future__ import annotations

from game.engine.scoring import points_text
from game.engine.turn import TurnCheck
from game.ui.table.controls import ButtonState
from game.ui.table.hud import Facts, Status
from game.ui.table.phases import HUMAN, REPLAY, STOPPED


class TableStatus:
    """Button states, the status line and the board facts (uses the scene's state)."""

    def _update_controls(self) -> None:
        if self.controls is None:
            return
        key = (self._version, self.phase, self._hint_worker is None, self.sort_mode,
               id(self.controls), id(self.draft))
        if key == getattr(self, "_controls_key", None):
            return
        self._controls_key = key
        self.controls.apply(self._button_states())

    def draft_check(self) -> TurnCheck | None:
        """``draft.check()`` for the draft as shown (computed once per change)."""
        key = (id(self.draft), self._version)
        if getattr(self, "_check_key", None) != key:
            self._check_key = key
            self._check = self.draft.check() if self.draft is not None else None
        return self._check

    def _button_states(self) -> dict[str, ButtonState]:
        human = self.phase == HUMAN and self.draft is not None
        legal = self.match.legal_kinds() if human else ()
        draft = self.draft
        touched = bool(draft and draft.touched)
        off = ButtonState(enabled=False)
        states: dict[str, ButtonState] = {}
        if human:
            check = self.draft_check() if touched else None
            can_end = (touched and check is not None and check.ok and "play" in legal) or \
                (not touched and "end_turn" in legal)
            tip = None
            if not can_end and touched and check is not None and check.problems:
                tip = "Not yet (E shows why): " + "; ".join(
                    self._problem_text(p) for p in check.problems[:4])
            states["end"] = ButtonState(enabled=can_end, tooltip=tip)
            penalty = self.match.variant.abandon_penalty
            if self.play_started and "abandon" in legal:
                states["draw"] = ButtonState(True, True, f"Give up (draw {penalty})",
                                             "Put the table back and draw the penalty "
                                             f"cards ({penalty}) instead of one (D)", "danger")
            elif "draw" in legal:
                states["draw"] = ButtonState(True, True, self._draw_text())
            else:
                states["draw"] = ButtonState(True, False, self._draw_text())
            states["pass"] = ButtonState(enabled="pass" in legal)
            states["knock"] = ButtonState(enabled="knock" in legal and not touched)
            states["undo"] = ButtonState(enabled=bool(draft and draft.can_undo))
            states["redo"] = ButtonState(enabled=bool(draft and draft.can_redo))
            states["reset"] = ButtonState(enabled=touched or bool(draft and draft.can_undo))
            states["hint"] = ButtonState(enabled=self._hint_worker is None)
        else:
            for name in ("end", "draw", "undo", "redo", "reset", "hint"):
                states[name] = off
            states["draw"] = ButtonState(True, False, self._draw_text())
            states["pass"] = off
            states["knock"] = off
        sortable = self._hand_visible()
        for mode in ("suit", "rank"):
            states[f"sort_{mode}"] = ButtonState(
                enabled=sortable, style="primary" if self.sort_mode == mode else None)
        states["last"] = ButtonState(enabled=bool(self.match.hand.turns) and
                                     self.phase in (HUMAN, REPLAY, STOPPED),
                                     text="Stop replay" if self.phase == REPLAY else None)
        states["menu"] = ButtonState()
        return states

    def _draw_text(self) -> str:
        variant = self.match.variant
        if variant.turn == "guadalupe":
            return "Draw 2"
        if variant.turn == "carousel":
            draws = self.match.hand.draws
            return f"Draw ({draws}/{variant.carousel_draws})"
        return "Draw"

    def _update_status(self) -> None:
        if self.phase != HUMAN or self.draft is None:
            return
        legal = self.match.legal_kinds()
        draft = self.draft
        name = "Your" if not self.session.hot_seat else \
            f"{self.session.seats[self.bottom].name}, your"
        if draft.touched:
            check = self.draft_check()
            if check.ok:
                self.status = Status(f"{name} play is ready: End turn (E)", "you")
            else:
                bad = sum(1 for g in self.model.groups if not g.valid) if self.model else 0
                words = f"{bad} meld{'s' if bad != 1 else ''} not valid yet" if bad else \
                    "not a valid play yet"
                self.status = Status(f"{name} turn: {words}", "you")
            return
        if "play" in legal and "draw" in legal:
            text = f"{name} turn: play cards to the table, or draw"
        elif "play" in legal and "end_turn" in legal:
            text = f"{name} turn: play more, or end the turn"
        elif "play" in legal and "pass" in legal:
            text = f"{name} turn: play cards to the table, or pass"
        elif "play" in legal and "abandon" in legal and self.match.hand.started:
            penalty = self.match.variant.abandon_penalty
            text = f"{name} turn: finish your play, or give up and draw {penalty}"
        elif "play" in legal:
            text = f"{name} turn: you must play"
        elif "draw" in legal:
            text = f"{name} turn: draw a card"
        elif "pass" in legal:
            text = f"{name} turn: pass"
        else:
            text = f"{name} turn"
        self.status = Status(text, "you")

    def facts(self) -> Facts:
        match = self.match
        variant = match.variant
        if variant.match_target is not None:
            text = f"Match to {variant.match_target} points"
        elif (variant.match_hands or 1) == 1:
            text = "Single hand"
        else:
            text = f"Hand {match.hand.number + 1} of {variant.match_hands}"
        seat = self.session.seats[self.bottom]
        count = len(match.hand.hands[self.bottom])
        if self.model is not None:
            count = self.model.seats[self.bottom].cards
        mine = seat.is_human and not self.session.hot_seat
        owner = "Your hand" if mine else f"{seat.name}'s hand"
        label = f"{owner} · {count} card{'s' if count != 1 else ''} · " \
                f"{points_text(match.totals[self.bottom])} pts"
        return Facts(match.hand.number + 1, variant.name, text,
                     match.hand.final_turns is not None, self.phase == HUMAN and self.can_edit,
                     self.sort_mode, label)


