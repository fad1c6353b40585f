"""The player's side of a turn: edits of the draft (move, release a joker, send back,
undo, redo, reset), committing it or refusing it with every reason, drawing, passing,
knocking, hints and the joker chooser. Mixed into ``TableScene``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from game.engine.actions import Abandon, Draw, EndTurn, Knock, Pass, Play, StartPlay
from game.engine.cards import Card, Face
from game.engine.errors import IllegalAction
from game.engine.melds import check_meld
from game.engine.variants import Variant
from game.ui.scenes.dialogs import ConfirmDialog
from game.ui.table.chooser import JokerChooser, joker_options
from game.ui.table.driver import hint
from game.ui.table.phases import HUMAN, PLAYBACK, SETTLE, THINK


class HumanTurn:
    """Player actions of the table scene (uses the scene's state)."""

    @property
    def can_edit(self) -> bool:
        """May the player change the table now?"""
        return self.phase == HUMAN and self.draft is not None and "play" in self.match.legal_kinds()

    @property
    def hand_active(self) -> bool:
        """May the player rearrange the hand now?"""
        return self.phase in (HUMAN, THINK, SETTLE, PLAYBACK) and self._hand_visible() \
            and self.session.seats[self.bottom].is_human

    def refuse(self, title: str, lines: Sequence[str]) -> None:
        self.app.sounds.play("illegal")
        self.say(title, lines, "error", 8.0)

    def edited(self) -> None:
        """After any draft edit: show it."""
        self.app.sounds.play("card_drop")
        self.refresh()
        self._update_status()

    def started_play(self) -> None:
        """After the player's own edit (not a hint's): where giving up costs a penalty, the
        engine records that the play has started (RULES.md 2), so putting everything back
        and drawing costs the penalty too; the autosave keeps it."""
        if "start_play" not in self.match.legal_kinds():
            return
        self.match.apply(StartPlay(self.match.current))
        if self.autosave:
            self._write_autosave()
        self._update_status()

    @property
    def play_started(self) -> bool:
        """Has the player touched the table this turn (giving up costs the penalty)?"""
        return self.match.hand.started or bool(self.draft is not None and self.draft.touched)

    def move_cards(self, cards: Sequence[Card], to_group: int | None,
                   position: int | None = None) -> bool:
        draft = self.draft
        if draft is None or not self.can_edit:
            return False
        cards = [c for c in cards if draft.location(c) is not None]
        if not cards:
            return False
        try:
            draft.move_many(cards, to_group, position)
        except IllegalAction as error:
            self.refuse("That move is not possible", [str(p) for p in error.problems])
            return False
        self.selected.clear()
        self.keys.after_move()
        self.edited()
        self.started_play()
        self._offer_joker_choice(cards)
        return True

    def insert_and_split(self, cards: Sequence[Card], to_group: int, at: int) -> bool:
        """Drop ``cards`` between two cards of a meld, splitting it there so both parts are
        melds (a run 3-8 takes a second 5 as 3-4-5 and 5-6-7-8)."""
        draft = self.draft
        model = self.model
        if draft is None or model is None or not self.can_edit:
            return False
        group = next((g for g in model.groups if g.index == to_group), None)
        if group is None:
            return False
        parts = split_option(group.cards, cards, at, self.match.variant, draft.declared)
        if parts is None:
            return self.move_cards(cards, to_group)
        try:
            draft.move_many(list(cards), to_group)
            draft.move_many(list(parts[1]), None)
        except IllegalAction as error:
            self.refuse("That move is not possible", [str(p) for p in error.problems])
            return False
        self.selected.clear()
        self.edited()
        self.started_play()
        return True

    def release_joker(self, joker: Card, real: Card) -> bool:
        draft = self.draft
        if draft is None or not self.can_edit:
            return False
        try:
            draft.release(joker, real)
        except IllegalAction as error:
            self.refuse("The joker cannot be released", [str(p) for p in error.problems])
            return False
        self.selected.clear()
        self.edited()
        self.started_play()
        self.say("Joker released", ["Put the joker into a valid meld before you end the turn."],
                 "info", 5.0)
        return True

    def send_back(self, cards: Sequence[Card]) -> bool:
        draft = self.draft
        if draft is None or self.phase != HUMAN:
            return False
        back = [c for c in cards if c in draft.start_hand and c not in draft.hand]
        refused = [c for c in cards if c not in draft.start_hand]
        if refused and not back:
            self.refuse("Table cards stay on the table",
                        [f"{_name(refused[0])} was on the table when your turn began; "
                         "only cards you played this turn go back to your hand."])
            return False
        if not back:
            return False
        try:
            for card in back:
                draft.send_back(card)
        except IllegalAction as error:
            self.refuse("That card cannot go back", [str(p) for p in error.problems])
            return False
        self.selected = [c for c in self.selected if c not in back]
        self.edited()
        return True

    def reorder_hand(self, cards: Sequence[Card], slot: int) -> None:
        hand = self.bottom_hand()
        moving = [c for c in hand if c in cards]
        rest = [c for c in hand if c not in cards]
        before = sum(1 for c in hand[:slot] if c not in cards)
        new = rest[:before] + moving + rest[before:]
        self.hand_order[self.bottom] = new
        self.sort_mode = "manual"
        self.app.sounds.play("card_drop")
        self.refresh()

    def undo(self) -> None:
        if self.draft is not None and self.phase == HUMAN and self.draft.undo():
            self.selected.clear()
            self.edited()

    def redo(self) -> None:
        if self.draft is not None and self.phase == HUMAN and self.draft.redo():
            self.selected.clear()
            self.edited()

    def reset_turn(self) -> None:
        if self.draft is not None and self.phase == HUMAN and \
                (self.draft.touched or self.draft.can_undo):
            self.draft.reset()
            self.selected.clear()
            self.edited()

    def end_turn(self) -> None:
        """E / End turn: commit the draft, or say exactly why not."""
        draft = self.draft
        if draft is None or self.phase != HUMAN:
            return
        legal = self.match.legal_kinds()
        if not draft.touched and "end_turn" in legal:
            self.commit(EndTurn(self.match.current))
            return
        if "play" not in legal:
            self.refuse("You cannot play now", [self._not_play_reason(legal)])
            return
        check = draft.check()
        if not check.ok:
            self.refuse("You cannot end your turn yet", [self._problem_text(p)
                                                          for p in check.problems])
            return
        self.commit(Play(self.match.current, draft.table()))

    def _problem_text(self, problem: Any) -> str:
        meld = getattr(problem, "meld", None)
        message = getattr(problem, "message", str(problem))
        if meld is None:
            return message[:1].upper() + message[1:]
        return f"Meld {meld + 1}: {message}"

    def _not_play_reason(self, legal: Sequence[str]) -> str:
        if "draw" in legal:
            return "Draw a card first." if self.match.variant.turn == "carousel" else \
                "Draw a card or pass."
        return "It is not your turn to play."

    def draw_card(self) -> None:
        """D / the Draw button: draw, or give up a started play (abandon), or pass."""
        if self.phase != HUMAN:
            return
        legal = self.match.legal_kinds()
        seat = self.match.current
        if self.play_started and "abandon" in legal:
            self.ask_give_up()
        elif "draw" in legal:
            self.commit(Draw(seat))
        elif "pass" in legal:
            self.commit(Pass(seat))
        else:
            self.refuse("You cannot draw now", [self._draw_problem()])

    def ask_give_up(self) -> None:
        """Giving up costs cards: ask first (Cancel is the default)."""
        seat = self.match.current
        penalty = self.match.variant.abandon_penalty

        def give_up() -> None:
            if self.phase == HUMAN and self.match.current == seat:
                self.commit(Abandon(seat))

        self.app.scenes.push(ConfirmDialog(
            self.app, "Give up this play?",
            f"The table goes back as it was at the start of your turn and you draw "
            f"{penalty} card{'s' if penalty != 1 else ''} instead of one. Once you have "
            "moved a card, this is the cost even if you put everything back.",
            give_up, confirm=f"Give up (draw {penalty})", cancel="Keep playing",
            danger=True))

    def _draw_problem(self) -> str:
        if self.match.variant.must_play_if_able:
            return "You can play, so you must play at least one card."
        if not self.match.hand.stock:
            return "The stock is empty."
        return "Drawing is not allowed at this point of the turn."

    def pass_turn(self) -> None:
        if self.phase == HUMAN and "pass" in self.match.legal_kinds():
            self.commit(Pass(self.match.current))
        elif self.phase == HUMAN:
            self.refuse("You cannot pass now", ["Passing is allowed only when the stock is "
                                                "empty and you cannot or do not play."])

    def knock(self) -> None:
        if self.phase == HUMAN and "knock" in self.match.legal_kinds():
            if self.draft is not None and self.draft.touched:
                self.refuse("Finish or reset your play first",
                            ["End your turn with the play, or reset it, before knocking."])
                return
            self.commit(Knock(self.match.current))
        elif self.phase == HUMAN:
            self.refuse("You cannot knock now", ["Knocking needs a low enough hand at the "
                                                 "right moment of the turn."])

    def ask_hint(self) -> None:
        if self.phase != HUMAN or self._hint_worker is not None:
            return
        self._hint_worker = hint(self.match.view(self.match.current),
                                 synchronous=self.app.smoke)
        self.say("Looking for a play…", (), "hint", 30.0)

    def _poll_hint(self) -> None:
        worker = self._hint_worker
        if worker is None or not worker.done:
            return
        self._hint_worker = None
        if self.phase != HUMAN or self.draft is None:
            self.message = None
            return
        if worker.error is not None:
            self.say("No hint available", [str(worker.error)], "info")
            return
        decision = worker.result
        if decision is None:
            legal = self.match.legal_kinds()
            advice = "draw a card (D)." if "draw" in legal else \
                "pass (P)." if "pass" in legal else "end your turn (E)."
            self.say("No hint", [f"No play found: {advice}"], "hint")
            return
        action = decision.action
        if isinstance(action, Play) and "play" in self.match.legal_kinds():
            self.draft.load(action.table)
            self.selected.clear()
            self.edited()
            n = len(self.draft.played())
            self.say("Hint", [f"Play {n} card{'s' if n != 1 else ''} as shown, then End turn "
                              "(E). Undo (Ctrl+Z) takes it back."], "hint", 8.0)
            return
        words = {"draw": "Draw a card (D).", "pass": "Pass (P).", "knock": "Knock (K).",
                 "end_turn": "End your turn (E).", "abandon": "Give up the play (D)."}
        self.say("Hint", [words.get(action.kind, action.kind)], "hint", 6.0)

    # ------------------------------------------------------------------ jokers

    def _offer_joker_choice(self, cards: Sequence[Card]) -> None:
        draft = self.draft
        if draft is None or self.match.variant.joker_identity != "fixed":
            return
        for card in cards:
            if card.is_joker and card in draft.start_hand:
                self.open_chooser(card)
                return

    def open_chooser(self, joker: Card) -> bool:
        draft = self.draft
        layout = self.layout
        if draft is None or layout is None or not self.can_edit:
            return False
        if joker not in draft.start_hand or self.match.variant.joker_identity != "fixed":
            return False
        where = draft.location(joker)
        if not isinstance(where, int):
            return False
        options = joker_options(draft.groups[where], joker, self.match.variant,
                                draft.declared)
        if len(options) < 2:
            return False
        spot = layout.spots.get(joker)
        if spot is None:
            return False
        self.chooser = JokerChooser(joker, options, draft.declared.get(joker), spot.rect,
                                    self.text, layout)
        return True

    def choose_joker(self, face: Face | None) -> None:
        chooser = self.chooser
        self.chooser = None
        if chooser is None or self.draft is None:
            return
        self.draft.declare(chooser.joker, face)
        self.edited()


def split_option(shown: Sequence[Card], cards: Sequence[Card], at: int, variant: Variant,
                 declared: Mapping[Card, Face]) -> tuple[list[Card], list[Card]] | None:
    """The two melds a valid meld shown as ``shown`` splits into when ``cards`` are dropped
    before its card ``at`` (None when that is not how the cards fit)."""
    moving = set(cards)
    if not 0 < at < len(shown) or moving & set(shown):
        return None
    left, right = list(shown[:at]), list(shown[at:])
    if check_meld(left + right + list(cards), variant, declared).ok:
        return None  # they simply join the meld
    for first, second in ((left + list(cards), right), (left, list(cards) + right)):
        if check_meld(first, variant, declared).ok and check_meld(second, variant, declared).ok:
            return first, second
    return None


def _name(card: Card) -> str:
    return "The joker" if card.is_joker else f"The {card.face.name}"
