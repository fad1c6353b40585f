"""The player's side of a turn: edits of the draft (move, release a joker, send back,
undo, redo, reset), committing it or refusing it with every reason, drawing, passing,
knocking, hints and the joker chooser. A controller owned by ``TableScene``, which sees
its table as a ``HumanTable`` and the status line's controller as a ``TurnStatus``."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Protocol

from game.coach.turn_words import log_line
from game.engine.actions import Abandon, Draw, EndTurn, Knock, Pass, Play, StartPlay
from game.engine.cards import Card, Face
from game.engine.draft import TurnDraft
from game.engine.draws import turn_draw
from game.engine.errors import IllegalAction
from game.engine.melds import check_meld
from game.engine.variants import JokerIdentity, Variant
from game.i18n import _, ngettext
from game.ui.cardtable.driver import Pacer, Playback, Worker, seek_hint
from game.ui.cardtable.felt_places import FeltPlaces
from game.ui.cardtable.look import Message, Status
from game.ui.cardtable.marks import marked_cards
from game.ui.cardtable.modes import HINT, HUMAN, PLAYBACK, SETTLE, THINK
from game.ui.manipulation.chooser import JokerChooser, joker_options
from game.ui.manipulation.meld_places import MeldPlaces
from game.ui.manipulation.status import (
    TurnState,
    can_edit,
    play_started,
    problem_text,
    with_suits,
)
from game.ui.widgets.dialogs import ConfirmDialog

if TYPE_CHECKING:
    from game.engine.actions import Action
    from game.engine.turn import TurnCheck
    from game.session import GameSession
    from game.ui.cardtable.sprites import SpriteLayer
    from game.ui.cardtable.text import TextCache
    from game.ui.manipulation.layout import Layout
    from game.ui.manipulation.model import TableModel
    from game.ui.scene import AppServices


class HumanTable(TurnState, Protocol):
    """The manipulation table as ``HumanTurn`` sees it."""

    @property
    def app(self) -> AppServices: ...
    @property
    def session(self) -> GameSession: ...
    @property
    def coached(self) -> bool: ...
    @property
    def clock(self) -> float: ...
    @property
    def bottom(self) -> int: ...
    @property
    def selected(self) -> Sequence[Card]: ...
    @property
    def places(self) -> FeltPlaces: ...
    @property
    def model(self) -> TableModel | None: ...
    @property
    def layout(self) -> Layout | None: ...
    @property
    def sprites(self) -> SpriteLayer: ...
    @property
    def text(self) -> TextCache: ...

    def deselect(self, cards: Iterable[Card]) -> None: ...
    def deselect_all(self) -> None: ...
    def arrange_hand(self, seat: int, order: Sequence[Card]) -> None: ...
    def count_hint(self) -> None: ...
    def bottom_hand(self) -> list[Card]: ...
    def hand_visible(self) -> bool: ...
    def commit(self, action: Action) -> bool: ...
    def commit_in_turn(self, action: Action) -> bool: ...
    def travel(self, cards: Sequence[Card]) -> None: ...
    def hint_applies(self) -> bool:
        """May a hint's play told on the table be put on the player's own turn?"""


class TurnStatus(Protocol):
    """What ``HumanTurn`` asks of the status line's controller (``TableStatus``)."""

    def update_status(self) -> None: ...
    def knock_problem(self) -> str: ...
    def draft_check(self) -> TurnCheck | None: ...
    def offered_kinds(self) -> tuple[str, ...]: ...


class HumanTurn:
    """The person's actions at the table, on the scene's draft (``table.draft``); the
    joker chooser on show (``chooser``) is this turn's."""

    def __init__(self, table: HumanTable, status: TurnStatus) -> None:
        self.table = table
        self.status = status
        self.chooser: JokerChooser | None = None  # the joker's card being chosen
        #: the hint being looked for in a worker thread, if any
        self.hint_worker: Worker | None = None
        self.hint_since = 0.0  # the table's clock when the hint was asked for
        self.looking: Message | None = None  # the note saying it is being looked for
        #: the hint's play being told on the table (mode HINT), to apply or dismiss
        self.hint_show: Playback | None = None
        self._places_before_hint: FeltPlaces | None = None  # the melds' places before it
        self.hint_pacer = Pacer()
        self._told_penalty: set[int] = set()  # seats told that giving up now costs cards
        self.meld_places = MeldPlaces()  # the places of each state of the turn

    @property
    def can_edit(self) -> bool:
        """May the player change the table now?"""
        return can_edit(self.table)

    @property
    def hint_busy(self) -> bool:
        """Is a hint being looked for?"""
        return self.hint_worker is not None

    @property
    def hint_told(self) -> bool:
        """Has the hint's play been told to its end (Apply or Dismiss now)?"""
        return self.hint_show is not None and self.hint_show.finished

    @property
    def hand_active(self) -> bool:
        """May the player rearrange the hand now?"""
        return self.table.mode in (HUMAN, THINK, SETTLE, PLAYBACK) and self.table.hand_visible() \
            and self.table.session.seats[self.table.bottom].is_human

    def refuse(self, title: str, lines: Sequence[str]) -> None:
        self.table.app.sounds.play("illegal")
        self.table.say(title, [with_suits(line) for line in lines], "error", 8.0)

    def edited(self) -> None:
        """After any draft edit: show it (and remember where its melds lie, for Undo)."""
        self.table.app.sounds.play("card_drop")
        self.table.refresh()
        self.remember_places()
        self.status.update_status()

    def remember_places(self) -> None:
        """The melds of the turn's draft lie where the table shows them now."""
        draft = self.table.draft
        if draft is not None:
            self.meld_places.remember(draft, self.table.places)

    def started_play(self) -> None:
        """After the player's own edit (not a hint's): where giving up costs a penalty, the
        engine records that the play has started (RULES.md 2), so putting everything back
        and drawing costs the penalty too; the table applies it and autosaves."""
        if "start_play" not in self.table.match.legal_kinds():
            return
        seat = self.table.match.current
        if not self.table.commit_in_turn(StartPlay(seat)):
            return
        self.status.update_status()
        if seat not in self._told_penalty and not self.table.coached:  # the first time in
            # the match: say what giving up costs from now on
            self._told_penalty.add(seat)
            penalty = self.table.match.variant.abandon_penalty
            self.table.say(_("Your play has started"), [ngettext(
                "From now on, giving it up costs {penalty} card, even if you put everything "
                "back.", "From now on, giving it up costs {penalty} cards, even if you put "
                "everything back.", penalty).format(penalty=penalty)], "info", 6.0)

    @property
    def play_started(self) -> bool:
        """Has the player touched the table this turn (giving up costs the penalty)?"""
        return play_started(self.table)

    def move_cards(self, cards: Sequence[Card], to_group: int | None,
                   position: int | None = None, at: tuple[float, float] | None = None) -> bool:
        """Move ``cards`` into meld ``to_group`` (None: a new meld, put ``at`` that point of
        the felt when it is free there, else in the first free place)."""
        draft = self.table.draft
        if draft is None or not self.can_edit:
            return False
        cards = [c for c in cards if draft.location(c) is not None]
        if not cards:
            return False
        if to_group is None:
            self.table.places.wish_for(at)
        if to_group is None and _whole_meld(draft, cards):
            return self._move_meld(cards)
        return self._move(cards, to_group, position)

    def _move(self, cards: Sequence[Card], to_group: int | None,
              position: int | None = None) -> bool:
        draft = self.table.draft
        assert draft is not None
        try:
            draft.move_many(cards, to_group, position)
        except IllegalAction as error:
            self.refuse(_("That move is not possible"), [str(p) for p in error.problems])
            return False
        self.table.deselect_all()
        self.edited()
        self.started_play()
        self._offer_joker_choice(cards)
        self._warn_frozen()
        return True

    def _move_meld(self, cards: Sequence[Card]) -> bool:
        """A whole meld moved to a new meld (dragged by its mat onto the felt): it goes to
        the first free place (where New meld shows), its old place left free; Undo puts it
        back."""
        draft = self.table.draft
        assert draft is not None
        felt = self.table.places
        places = felt.copy()
        felt.loosen(cards)
        if not self._move(cards, None):
            felt.restore(places)
            return False
        return True

    def _warn_frozen(self) -> None:
        """Say at once when a move breaks a meld a joker freezes (Tahiti), not only at End."""
        draft = self.table.draft
        if draft is None or not self.table.match.variant.joker_freezes_meld:
            return
        frozen = [p for p in draft.check().problems if p.rule == "frozen_meld"]
        if frozen:
            self.table.say(_("That meld is frozen"),
                           [problem_text(frozen[0], draft.table().melds)], "error", 6.0)

    def insert_and_split(self, cards: Sequence[Card], to_group: int, at: int) -> bool:
        """Drop ``cards`` between two cards of a meld, splitting it there so both parts are
        melds (a run 3-8 takes a second 5 as 3-4-5 and 5-6-7-8)."""
        draft = self.table.draft
        model = self.table.model
        if draft is None or model is None or not self.can_edit:
            return False
        group = next((g for g in model.groups if g.index == to_group), None)
        if group is None:
            return False
        parts = split_option(group.cards, cards, at, self.table.match.variant, draft.declared)
        if parts is None:
            return self.move_cards(cards, to_group)
        try:
            draft.move_and_split(list(cards), to_group, list(parts[1]))
        except IllegalAction as error:
            self.refuse(_("That move is not possible"), [str(p) for p in error.problems])
            return False
        self.table.deselect_all()
        self.edited()
        self.started_play()
        self._warn_frozen()
        return True

    def release_joker(self, joker: Card, real: Card) -> bool:
        draft = self.table.draft
        if draft is None or not self.can_edit:
            return False
        try:
            draft.release(joker, real)
        except IllegalAction as error:
            self.refuse(_("The joker cannot be released"), [str(p) for p in error.problems])
            return False
        self.table.deselect_all()
        self.edited()
        self.started_play()
        self.table.say(_("Joker released"),
                       [_("Put the joker into a valid meld before you end the turn.")], "info", 5.0)
        return True

    def send_back(self, cards: Sequence[Card]) -> bool:
        draft = self.table.draft
        if draft is None or self.table.mode != HUMAN:
            return False
        back = [c for c in cards if c in draft.start_hand and c not in draft.hand]
        refused = [c for c in cards if c not in draft.start_hand]
        if refused and not back:
            self.refuse(_("Table cards stay on the table"),
                        [_("{name} was on the table when your turn began; only cards you played "
                           "this turn go back to your hand.").format(
                            name=_name(refused[0]))])
            return False
        if not back:
            return False
        try:
            for card in back:
                draft.send_back(card)
        except IllegalAction as error:
            self.refuse(_("That card cannot go back"), [str(p) for p in error.problems])
            return False
        self.table.deselect(back)
        self.edited()
        return True

    def reorder_hand(self, cards: Sequence[Card], slot: int) -> None:
        hand = self.table.bottom_hand()
        moving = [c for c in hand if c in cards]
        rest = [c for c in hand if c not in cards]
        before = sum(1 for c in hand[:slot] if c not in cards)
        new = rest[:before] + moving + rest[before:]
        self.table.arrange_hand(self.table.bottom, new)
        self.table.app.sounds.play("card_drop")
        self.table.refresh()

    def undo(self) -> None:
        draft = self.table.draft
        if draft is not None and self.table.mode == HUMAN and draft.undo():
            self.meld_places.put_back(draft, self.table.places)
            self.table.deselect_all()
            self.edited()

    def redo(self) -> None:
        draft = self.table.draft
        if draft is not None and self.table.mode == HUMAN and draft.redo():
            self.meld_places.put_back(draft, self.table.places)
            self.table.deselect_all()
            self.edited()

    def reset_turn(self) -> None:
        if self.table.draft is not None and self.table.mode == HUMAN and \
                (self.table.draft.touched or self.table.draft.can_undo):
            self.table.draft.reset()
            self.meld_places.put_back(self.table.draft, self.table.places)
            self.table.deselect_all()
            self.edited()

    def end_turn(self) -> None:
        """E / End turn: commit the draft, or say exactly why not."""
        draft = self.table.draft
        if draft is None or self.table.mode != HUMAN:
            return
        legal = self.table.match.legal_kinds()
        if not draft.touched and "end_turn" in legal:
            self.table.commit(EndTurn(self.table.match.current))
            return
        if "play" not in legal:
            self.refuse(_("You cannot play now"), [self._not_play_reason(legal)])
            return
        check = draft.check()
        if not check.ok:
            melds = draft.table().melds
            self.refuse(_("You cannot end your turn yet"), [problem_text(p, melds)
                                                          for p in check.problems])
            return
        self.table.commit(Play(self.table.match.current, draft.table()))

    def _not_play_reason(self, legal: Sequence[str]) -> str:
        if "draw" in legal:
            return _("Draw a card first.") if self.table.match.variant.draws_before_meld else \
                _("Draw a card or pass.")
        return _("It is not your turn to play.")

    def draw_card(self) -> None:
        """D / the Draw button: draw, or give up a started play (abandon), or pass."""
        if self.table.mode != HUMAN:
            return
        legal = self.table.match.legal_kinds()
        seat = self.table.match.current
        if self.play_started and "abandon" in legal:
            self.ask_give_up()
        elif "draw" in legal and self._play_ready(legal):
            self.ask_draw_instead()
        elif "draw" in legal:
            self.table.commit(Draw(seat))
        elif "pass" in legal:
            self.table.commit(Pass(seat))
        else:
            self.refuse(_("You cannot draw now"), [self._draw_problem()])

    def _play_ready(self, legal: Sequence[str]) -> bool:
        """Is a valid play laid out on the table, one End turn would make?"""
        draft = self.table.draft
        check = self.status.draft_check() if draft is not None and draft.touched else None
        return check is not None and check.ok and "play" in legal

    def ask_draw_instead(self) -> None:
        """Draw with a ready play on the table: the play would go back to the hand, so ask
        first (keeping it is the default: Enter or Esc keeps it)."""
        seat = self.table.match.current

        def draw() -> None:
            if self.table.mode == HUMAN and self.table.match.current == seat \
                    and "draw" in self.table.match.legal_kinds():
                self.table.commit(Draw(seat))

        self.table.app.scenes.push(ConfirmDialog(
            self.table.app, _("Draw instead of playing?"),
            _("Your play is ready on the table: End turn (E) plays it. Drawing now puts "
              "its cards back in your hand."),
            draw, confirm=_("Draw"), cancel=_("Keep my play"), danger=True))

    def ask_give_up(self) -> None:
        """Giving up costs cards: ask first (Cancel is the default)."""
        seat = self.table.match.current
        penalty = self.table.match.variant.abandon_penalty

        def give_up() -> None:
            if self.table.mode == HUMAN and self.table.match.current == seat:
                self.table.commit(Abandon(seat))

        self.table.app.scenes.push(ConfirmDialog(
            self.table.app, _("Give up this play?"),
            ngettext("The table goes back as it was at the start of your turn and you draw "
                     "{penalty} card instead of one. Once you have moved a card, this is the "
                     "cost even if you put everything back.",
                     "The table goes back as it was at the start of your turn and you draw "
                     "{penalty} cards instead of one. Once you have moved a card, this is the "
                     "cost even if you put everything back.", penalty).format(penalty=penalty),
            give_up, confirm=_("Give up (draw {penalty})").format(
                penalty=penalty), cancel=_("Keep playing"),
            danger=True))

    def _draw_problem(self) -> str:
        if self.table.match.variant.must_play_if_able:
            return _("You can play, so you must play at least one card.")
        if not self.table.match.deal.stock:
            return _("The stock is empty.")
        return _("Drawing is not allowed at this point of the turn.")

    def pass_turn(self) -> None:
        if self.table.mode == HUMAN and "pass" in self.table.match.legal_kinds():
            self.table.commit(Pass(self.table.match.current))
        elif self.table.mode == HUMAN:
            self.refuse(_("You cannot pass now"), [_("Passing is allowed only when the stock is "
                                                "empty and you cannot or do not play.")])

    def knock(self) -> None:
        if self.table.mode == HUMAN and "knock" in self.table.match.legal_kinds():
            if self.table.draft is not None and self.table.draft.touched:
                self.refuse(_("Finish or reset your play first"),
                            [_("End your turn with the play, or reset it, before knocking.")])
                return
            self.table.commit(Knock(self.table.match.current))
        elif self.table.mode == HUMAN:
            self.refuse(_("You cannot knock now"), [self.status.knock_problem()])

    def ask_hint(self) -> None:
        if self.table.mode != HUMAN or self.hint_worker is not None:
            return
        if not self.table.app.settings.hints_allowed:
            self.table.say(_("Hints are off"), [_("Hints are switched off in Settings (Assist).")],
                           "info", 4.0)
            return
        self.hint_worker = seek_hint(self.table.match.view(self.table.match.current),
                                 synchronous=self.table.app.smoke)
        self.hint_since = self.table.clock
        self.table.say(_("Looking for a play…"), (), "hint", 30.0)
        self.looking = self.table.message

    def poll_hint(self) -> None:
        worker = self.hint_worker
        if worker is None:
            return
        if not worker.done:
            looking = self.looking
            if looking is not None:  # the note stays up while the search runs
                self.table.keep_message(looking, 1.0)
            return
        self.hint_worker = None
        if self.table.mode != HUMAN or self.table.draft is None:
            self.table.clear_message()
            return
        if worker.error is not None:
            self.table.say(_("No hint available"), [str(worker.error)], "info")
            return
        decision = worker.result
        if decision is None:
            self.table.say(_("No hint"), [self._no_play_advice()], "hint")
            return
        action = decision.action
        if isinstance(action, Play) and "play" in self.table.match.legal_kinds():
            # told on a scratch draft from the start of the turn, then applied or dismissed
            self.hint_show = Playback(self.table.match.draft(), action, decision.edits)
            # the story moves melds about; Dismiss puts every meld back where it was
            self.keep_places()
            self.table.count_hint()  # the statistics mark a win with hints
            self.hint_pacer = Pacer()
            self.table.deselect_all()
            self.table.clear_message()
            self.table.set_mode(HINT)
            self.table.refresh()
            return
        words = {"draw": self._draw_words()[1], "pass": _("Pass (P)."), "knock": _("Knock (K)."),
                 "end_turn": _("End your turn (E)."), "abandon": _("Give up the play (D).")}
        self.table.say(_("Hint"), [words.get(action.kind, action.kind)], "hint", 6.0)

    def _no_play_advice(self) -> str:
        """What to do when the hint finds no play: what the buttons on show allow (a table
        left invalid must be put right or reset first: End refuses it)."""
        legal = self.status.offered_kinds()
        draft = self.table.draft
        check = self.status.draft_check() if draft is not None and draft.touched \
            else None
        if check is not None and not check.ok:
            if "abandon" in legal:
                return _("No play found: put the table back with Reset turn (R), or give the "
                         "play up (D).")
            return _("No play found: put the table back with Reset turn (R).")
        if "draw" in legal:
            return _("No play found: {advice}").format(advice=self._draw_words()[0])
        # only what a button on show allows: End turn is greyed unless it may end the turn
        if "pass" in legal:
            advice = _("pass (P).")
        elif "end_turn" in legal:
            advice = _("end your turn (E).")
        elif "abandon" in legal:
            advice = ngettext("give the play up and draw {n} card (D).",
                              "give the play up and draw {n} cards (D).",
                              self.table.match.variant.abandon_penalty).format(
                n=self.table.match.variant.abandon_penalty)
        else:
            return _("No play found.")
        return _("No play found: {advice}").format(advice=advice)

    def _draw_words(self) -> tuple[str, str]:
        """Drawing as the hint advises it (within a sentence, then on its own), with as
        many cards as a press of D takes: Guadalupe's "Draw 2" button draws two, or the
        one card left in the stock."""
        match = self.table.match
        n = turn_draw(match.variant, len(match.deal.stock), played=False)
        if n <= 1:
            return _("draw a card (D)."), _("Draw a card (D).")
        return (ngettext("draw {n} card (D).", "draw {n} cards (D).", n).format(n=n),
                ngettext("Draw {n} card (D).", "Draw {n} cards (D).", n).format(n=n))

    def keep_places(self) -> None:
        """A hint's play is about to be told: the melds' places now are kept, for Dismiss
        to put them back."""
        self._places_before_hint = self.table.places.copy()

    def update_hint(self, dt: float) -> None:
        """The hint's play, a step at a time; at its end, Apply or Dismiss."""
        show = self.hint_show
        if show is None or show.finished:
            return
        if not self.hint_pacer.due(dt, self.table.sprites.busy, self.table.speed):
            return
        moves = show.step()
        self.table.refresh()
        self.table.travel([m.card for m in moves])
        if moves:
            self.table.app.sounds.play("card_drop")
        self._say_hint()

    def _say_hint(self) -> None:
        show = self.hint_show
        if show is None:
            return
        if not show.finished:
            step = log_line(_("Hint"), show.done[-1:]) if show.done else _("Hint")
            self.table.show_status(Status(step + _("  (Space: to the end)"), "you"))
            return
        _new, moved = marked_cards(show.done)
        n = len(show.draft.played())
        applies = self.table.hint_applies()  # else only shown (a review): nothing to apply
        # every change is named, one a line: the player sees each meld the hint touches
        self.table.say(_("Hint") if applies else _("Best play"), [
            ngettext("Play {n} card", "Play {n} cards", n).format(n=n) + ", " + ngettext(
                "moving {n} table card", "moving {n} table cards", len(moved)).format(
                n=len(moved)) + _(" (marked \u25c6; cards from your hand \u25cf)."),
            *(step.words for step in show.steps if step.words),
            _("Apply (Enter) puts it on your table; Dismiss (Esc) leaves the table as it was.")
            if applies else _("Esc puts it away: the table as it lay.")],
            "hint", 600.0)
        self.table.show_status(Status(_("Hint shown: Apply (Enter) or Dismiss (Esc)")
                                      if applies else _("Best play shown: Esc puts it away"),
                                      "you"))

    def skip_hint(self) -> None:
        if self.hint_show is not None and not self.hint_show.finished:
            self.hint_show.skip()
            self.table.refresh()
            self._say_hint()

    def apply_hint(self) -> None:
        """Put the hint's play on the player's own draft (one step: Undo takes it back)."""
        show = self.hint_show
        if show is None:
            return
        # the story moved melds about on its way: the play lands on the places the table
        # had, so a meld the play leaves as it was stays where it lay
        if self._places_before_hint is not None:
            self.table.places.restore(self._places_before_hint)
        self._close_hint()
        draft = self.table.draft
        if draft is None or "play" not in self.table.match.legal_kinds():
            return
        draft.load(show.action.table)
        self.table.deselect_all()
        self.edited()
        self.table.say(_("Hint applied"), [_("End turn (E) plays it; Undo (Ctrl+Z) takes it "
                         "back.")],
                       "hint", 6.0)

    def dismiss_hint(self) -> None:
        if self.hint_show is None:
            return
        if self._places_before_hint is not None:  # (before closing forgets them)
            self.table.places.restore(self._places_before_hint)
        self._close_hint()
        self.table.refresh()
        self.status.update_status()

    def _close_hint(self) -> None:
        self.hint_show = None
        self._places_before_hint = None
        self.table.clear_message()
        self.table.set_mode(HUMAN)

    # ------------------------------------------------------------------ jokers

    def _offer_joker_choice(self, cards: Sequence[Card]) -> None:
        draft = self.table.draft
        if draft is None or self.table.match.variant.joker_identity is not JokerIdentity.FIXED:
            return
        where = draft.location(cards[0]) if cards else None
        meld = draft.groups[where] if isinstance(where, int) else []
        # a joker among the cards moved, or in the meld they joined (a released joker)
        for card in list(cards) + [c for c in meld if c not in cards]:
            if card.is_joker and self.joker_is_open(card) and self.open_chooser(card):
                return

    def joker_is_open(self, joker: Card) -> bool:
        """May the player say what ``joker`` stands for: played from the hand this turn, or
        released from a meld (its old card is gone: the rules or the player pick anew)?"""
        draft = self.table.draft
        if draft is None or not joker.is_joker:
            return False
        if joker in draft.start_hand:
            return True
        old = draft.start.declared.get(joker)
        return old is not None and draft.declared.get(joker) != old

    def open_chooser(self, joker: Card) -> bool:
        draft = self.table.draft
        layout = self.table.layout
        if draft is None or layout is None or not self.can_edit:
            return False
        fixed = self.table.match.variant.joker_identity is JokerIdentity.FIXED
        if not self.joker_is_open(joker) or not fixed:
            return False
        where = draft.location(joker)
        if not isinstance(where, int):
            return False
        options = joker_options(draft.groups[where], joker, self.table.match.variant,
                                draft.declared)
        if len(options) < 2:
            return False
        spot = layout.spots.get(joker)
        if spot is None:
            return False
        self.chooser = JokerChooser(joker, options, draft.declared.get(joker), spot.rect,
                                    self.table.text, layout)
        return True

    def close_chooser(self) -> None:
        """The chooser goes without a choice (Esc, a click elsewhere, a drag, a replay)."""
        self.chooser = None

    def choose_joker(self, face: Face | None) -> None:
        chooser = self.chooser
        self.chooser = None
        if chooser is None or self.table.draft is None:
            return
        self.table.draft.declare(chooser.joker, face)
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


def _whole_meld(draft: TurnDraft, cards: Sequence[Card]) -> bool:
    """Are ``cards`` every card of one meld of ``draft``?"""
    where = draft.location(cards[0])
    return isinstance(where, int) and set(draft.groups[where]) == set(cards) \
        and len(cards) == len(draft.groups[where])


def _name(card: Card) -> str:
    return _("The joker") if card.is_joker else _("The {name}").format(name=card.face.name)
