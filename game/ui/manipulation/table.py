"""The table: melds on the felt, the player's hand, opponents, the stock, and the turn flow.

The scene runs the match through modes: the deal, a human turn (a ``TurnDraft`` edited by
mouse or keyboard and committed whole), a computer turn (thinking in a worker thread, then
its edits replayed card by card), the replay of the last turn, and the end of a hand
(scoreboard). What is on screen is a pure function of a ``TableModel`` and the window size
(``layout.compute_layout``); card sprites slide towards the layout's spots.

The scene keeps the table's state and gives the work of each side to a controller it owns:
``human`` (the person's edits and actions), ``computer`` (computer turns), ``replay``
(show last turn), ``indicators`` (buttons, status line, board facts), ``pointer`` and
``keys``. Each is built with the scene as the narrow protocol it uses (defined beside it:
``HumanTable``, ``ComputerTable``, ...) and with the other controllers it must ask, each
typed by what it asks of them. Other screens are opened by name through ``app.router``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, cast

import pygame
import pygame_gui

from game.coach.turn_words import LOG_STEPS, action_words, play_steps, turn_drawn
from game.engine.actions import Action, Knock, Play
from game.engine.cards import Card, Face
from game.engine.draft import TurnDraft
from game.engine.match import Match
from game.engine.turn import freezing_jokers
from game.engine.variants import TableLayout
from game.i18n import _
from game.solver.edits import Step, card_text
from game.ui.cardtable.card_table import CardTableScene
from game.ui.cardtable.controls import Controls
from game.ui.cardtable.driver import STEP_TRAVEL, Playback, Worker
from game.ui.cardtable.felt_places import FeltPlaces
from game.ui.cardtable.geometry import Spot
from game.ui.cardtable.log_view import draw_help_reminder
from game.ui.cardtable.look import Message
from game.ui.cardtable.marks import Mark, TurnMarks, marked_cards
from game.ui.cardtable.modes import HINT, HUMAN, PLAYBACK, REPLAY, SETTLE, THINK
from game.ui.cardtable.sprites import Origin
from game.ui.manipulation import narration
from game.ui.manipulation.computer import ComputerTurns
from game.ui.manipulation.hud import TableHud
from game.ui.manipulation.human import HumanTurn
from game.ui.manipulation.keys import Keyboard
from game.ui.manipulation.layout import LOG_ROWS_MOST, Layout, compute_layout, log_font_px
from game.ui.manipulation.model import SeatInfo, TableModel, build_groups
from game.ui.manipulation.pointer import Pointer
from game.ui.manipulation.replay import LastTurnsReplay
from game.ui.manipulation.status import TableStatus
from game.ui.spoken import cards_names, sentences
from game.ui.theme import seat_colour

if TYPE_CHECKING:
    from game.session import GameSession
    from game.ui.scene import AppServices


#: seconds (at speed 1) the table shows the hand's end before the scoreboard comes up
DEAL_END_HOLD = 1.6
#: seconds (at speed 1) a computer's finished turn (its play, or the card it drew once it
#: has landed) rests in view before the next seat moves: time to read what it did
TURN_REST = 0.8


class TableScene(CardTableScene[TableModel, Layout]):
    """The game table for ``session``; ``autosave`` writes the autosave slot after every
    committed turn."""

    holds_notes = True

    settle_pause = 0.35
    #: a coach's staged table (tutorial, puzzle, review): no turn log (it has no turns), no
    #: word about the penalty for giving up (there is none to pay)
    coached = False
    pointer: Pointer
    computer: ComputerTurns
    human: HumanTurn
    keys: Keyboard
    hud: TableHud
    controls: Controls | None
    buttons_end_keys = True

    def __init__(self, app: AppServices, session: GameSession, autosave: bool = True) -> None:
        super().__init__(app, session, autosave)
        #: not a manipulation game (a contract match): the scene leaves at once
        self._unplayable = session.match.variant.is_contract
        self.match: Match = cast(Match, session.match)
        self.hud = TableHud(self.text, lambda: self.app.card_art)
        self.controls: Controls | None = None
        humans = session.humans
        current = self.match.current
        self.bottom = current if current in humans else (humans[0] if humans else 0)
        self.draft: TurnDraft | None = None
        #: the marks of the turns each seat has not seen yet (cards played and moved)
        self.marks = TurnMarks(self.match.players)
        #: the cards each seat drew last (highlighted in its hand until its next action;
        #: in hot-seat, where the hand goes face down at once, when it is next uncovered)
        self.drawn_by: dict[int, set[Card]] = self._saved_drawn()
        #: where each meld sits on the felt, kept across turns (one map per hand)
        self.places = FeltPlaces()
        self._zooms_told = 0  # the felt's zoom-outs this hand the player was told of
        #: the melds' order saved with a resumed game, put in place at its first layout
        self._saved_places: list[list[Card]] | None = None
        #: one line per turn of this hand: (seat, what it did), for the log on the felt
        self.turn_log: list[tuple[int, str]] = []
        self.note_rect: pygame.Rect | None = None  # where the note on show was drawn
        self.origin_seat: int | None = None  # whose hand new cards fly from
        self.model: TableModel | None = None
        self.layout: Layout | None = None
        self.indicators = self._table_status()
        self.human = HumanTurn(self, self.indicators)
        self.pointer = Pointer(self, self.human)
        self.computer = ComputerTurns(self)
        self.replay = LastTurnsReplay(self, self.pointer, self.human, self.indicators)
        self.keys = Keyboard(self, self.human, self.replay, self.pointer)

    def _table_status(self) -> TableStatus:
        """The controller of the buttons, the status line and the board facts (a staged
        table has its own)."""
        return TableStatus(self)

    # ------------------------------------------------------------------ lifecycle

    def on_enter(self) -> None:
        if self._unplayable:  # not a manipulation game: leave at once
            self.app.notify(_("{name} cannot be played at this table.").format(
                name=_(self.match.variant.name)))
            return
        super().on_enter()

    def _deals_fresh(self) -> bool:
        return not self.match.deal.turns and not self.match.log

    def _build_controls(self) -> None:
        if self.controls is not None:
            self.controls.kill()
        layout = self.layout or self._layout_now()
        self.controls = Controls(self.app.ui, layout.buttons, layout.button_h,
                                 layout.button_font, knock=self.match.variant.knock is not None)

    # ------------------------------------------------------------------ hands and turns

    def _begin_deal(self, fresh_deal: bool) -> None:
        self.cover.reset()  # hot-seat: a new hand (or a loaded game) starts covered
        self.draft = None
        self.deselect_all()
        self.hand_state.forget_orders()
        self.replay.playback = None
        self.places.clear()
        # a game resumed lays its melds out in the order they lay when it was saved
        self._saved_places = None if fresh_deal else self.session.places
        self.turn_log.clear()
        self._start_deal_time()
        if self.match.hand_over:
            self.refresh(snap=True)
            self._deal_finished()
            return
        humans = self.session.humans
        if self.match.current in humans:
            self.bottom = self.match.current
        self._deal_or_resume(fresh_deal, 0.05, _("Hand {n}: dealing").format(
            n=self.match.deal.number + 1))

    def _deal_ghosts(self) -> None:
        layout = self.layout
        if layout is None:
            return
        w, h = layout.hand_card
        stock = layout.stock
        counts = {seat: len(hand) for seat, hand in enumerate(self.match.deal.hands)
                  if seat != self.bottom}
        self._fly_to_seats(counts, Origin(stock.x + 4, stock.y + 4, w // 2, h // 2, True))

    def _hand_over_to(self, seat: int) -> None:
        self.draft = None
        super()._hand_over_to(seat)

    def _cover_detail(self) -> str:
        return self.replay.last_turn_words()

    def _uncovered(self, seat: int) -> None:
        self._start_human()
        drawn = self.drawn & set(self.match.deal.hands[seat])
        if drawn:  # drawn on their last turn, under the cover at once: shown now
            cards = " ".join(sorted(card_text(c) for c in drawn))
            line = _("You drew {cards} on your last turn.").format(cards=cards)
            self.say(_("Your last draw"), [line])
            self.app.speak(line)  # to them alone: their hand is uncovered now

    def _start_person(self, seat: int) -> None:
        self._start_human()

    def _ready_turn(self) -> None:
        self.draft = self.match.draft()
        self.deselect_all()
        self.origin_seat = self.bottom

    def _turn_shown(self) -> None:
        self.human.remember_places()  # Reset brings the melds back to these places
        self.indicators.update_status()
        if not self.coached:
            self.app.speak(_("Your turn. {hand}").format(hand=narration.hand_words(self))
                           if self.is_you(self.bottom) else _("{name}'s turn").format(
                               name=self.name_of(self.bottom)))

    def _update_controls(self) -> None:
        self.indicators.update_controls(self.human.hint_busy, self.human.hint_told)

    # ------------------------------------------------------------------ what controllers set

    def drop_draft(self) -> None:
        """No person's draft on the table (another seat moves)."""
        self.draft = None

    def set_origin(self, seat: int) -> None:
        """New cards on the felt fly from ``seat``'s hand."""
        self.origin_seat = seat

    def log_said(self, seat: int, line: str) -> None:
        self.turn_log.append((seat, line))

    def workers(self) -> list[Worker]:
        return [w for w in (self.computer.worker, self.human.hint_worker) if w is not None]

    # ------------------------------------------------------------------ committing

    def _apply(self, action: Action, quiet: bool, redo: bool) -> Callable[[], None]:
        match = self.match
        seat = match.current
        before = [len(h) for h in match.deal.hands]
        turns_before = len(match.deal.turns)
        start_hand = list(match.deal.hands[seat])
        start_table = match.deal.table
        played: tuple[Card, ...] = ()
        if isinstance(action, Play):
            hand = set(start_hand)
            played = tuple(c for c in action.table.cards() if c in hand)
        match.apply(action)
        self.draft = None
        self.deselect_all()
        if self.message is not None and self.message.tone != "error" \
                and self.message.title != _("The table is full"):
            self.message = None  # a hint or a note about the turn just ended
        steps = play_steps(match.variant, start_table, start_hand, action.table) \
            if isinstance(action, Play) else []
        new, moved = marked_cards(steps)
        self.marks.record(seat, new | set(played), moved)
        if seat == self.bottom:
            self.drawn_by[seat] = set(match.deal.hands[seat]) - set(start_hand)
        return lambda: self._after_action(seat, action, played, before, turns_before, steps)

    def _after_action(self, seat: int, action: Action, played: tuple[Card, ...],
                      before: list[int], turns_before: int, steps: list[Step]) -> None:
        match = self.match
        self.origin_seat = seat
        if played:
            self.app.sounds.play("card_drop")
        if isinstance(action, Knock):
            self.app.sounds.play("knock")
        turn_ended = len(match.deal.turns) > turns_before or match.hand_over
        if turn_ended:
            self.marks.seen(seat)
            self.cover.turn_ended(seat)  # hot-seat: the hand goes face down once played
        after = [len(h) for h in match.deal.hands]
        drawn = after[seat] - (before[seat] - len(played))
        self.places.between_turns = turn_ended
        self.refresh()
        if drawn > 0 and seat != self.bottom:
            self._ghost_draw(seat, drawn)
        if drawn > 0:
            self.app.sounds.play("card_pick")
        # a turn ended is told with every card it drew, not just its last action's
        told = turn_drawn(match.deal.turns, turns_before, drawn)
        words = self._action_words(seat, action, played, told, steps)
        # the person who drew hears the card's name in place of the count
        named = self._drawn_words(seat, action, drawn)
        if named and told != drawn:  # a turn of draws: the count, and this draw's card
            named = sentences(words, named)
        computer = seat not in self.session.humans  # played elsewhere: rests in view
        self._settle_action(words, named, turn_closed=turn_ended,
                            rest=TURN_REST if computer and turn_ended and not match.hand_over
                            else None)
        if match.hand_over:  # the last play rests in view, the hands face up, a while
            self.mode_time = -DEAL_END_HOLD / self.speed
        if turn_ended:  # the log keeps every step: it can be read in full (F4, the mouse)
            self.turn_log.append((seat, self._action_words(seat, action, played, told, steps,
                                                           None)))

    def _saved_drawn(self) -> dict[int, set[Card]]:
        """The cards each seat drew last as a resumed game's save keeps them, those still in
        that seat's hand (a new game: none)."""
        hands = self.match.deal.hands
        return {seat: set(cards) & set(hands[seat])
                for seat, cards in (self.session.drawn or {}).items()
                if seat < len(hands) and set(cards) & set(hands[seat])}

    def _drawn_words(self, seat: int, action: Action, drawn: int) -> str:
        """A draw of the person at this screen, the cards by name, said to them alone
        (another seat's draw, and hot-seat's, whose hand goes face down at once, are not:
        the note when next uncovered names them); "" for any other action."""
        cards = self.drawn_by.get(seat, set())
        if drawn <= 0 or not self.is_you(seat) or not cards or action.kind != "draw":
            return ""
        return _("You drew {cards}.").format(cards=cards_names(sorted(cards)))

    def _ghost_draw(self, seat: int, count: int) -> None:
        layout = self.layout
        if layout is None or seat not in layout.seat_rects:
            return
        rect = layout.seat_rects[seat]
        w, h = layout.hand_card
        stock = layout.stock
        for k in range(min(count, 5)):
            start = Origin(stock.x + 4, stock.y + 4, w * 2 // 3, h * 2 // 3, True)
            self.sprites.fly_ghost(Card(0, "*", 80 + k), start, (rect.x + 8, rect.y + 4),
                                   (w // 2, h // 2), self.speed, k * 0.08 / self.speed)

    def _seat_name(self, seat: int) -> str:
        """A seat's name in the scores and seat boxes: the person at this screen is marked
        "(you)", as "You" names them in the table's sentences."""
        name = self.session.seats[seat].name
        if self.is_you(seat) and name.strip().casefold() not in ("you", _("You").casefold()):
            return _("{name} (you)").format(name=name)
        return name

    def name_of(self, seat: int) -> str:
        """How the table names ``seat``: "You" for the person at this screen, else the
        seat's name (hot-seat names everyone)."""
        return _("You") if self.is_you(seat) else self.session.seats[seat].name

    def _action_words(self, seat: int, action: Action, played: Sequence[Card],
                      drawn: int, steps: list[Step] | None = None,
                      limit: int | None = LOG_STEPS) -> str:
        return action_words(self.name_of(seat), action, played, drawn, steps, limit)

    @property
    def drawn(self) -> set[Card]:
        """The cards the bottom player drew last (highlighted in the hand)."""
        return self.drawn_by.get(self.bottom, set())

    def _deal_finished(self) -> None:
        self.pointer.cancel()
        self.draft = None
        self._close_deal(self.app.router.scoreboard(self.session, self))

    def next_hand(self) -> None:
        """The scoreboard's Next hand: deal the next hand (the scoreboard pops itself)."""
        if not self._next_deal():
            return
        self.marks.clear()
        self.drawn_by.clear()
        self._begin_deal(fresh_deal=True)

    # ------------------------------------------------------------------ the model

    def _source(self) -> tuple[Sequence[Sequence[Card]], Sequence[Card], dict[Card, Face],
                               list[int]]:
        """Groups, free cards, joker declarations and hand sizes now on show."""
        match = self.match
        counts = [len(h) for h in match.deal.hands]
        draft = self._draft_on_show()
        if draft is not None and self.mode == REPLAY:
            counts = self.replay.counts(counts)  # the cards of the moment replayed
            return draft.groups, draft.free, dict(draft.declared), counts
        if draft is not None:
            counts[match.current] = len(draft.hand)
            return draft.groups, draft.free, dict(draft.declared), counts
        table = match.deal.table
        return table.melds, table.free, dict(table.declared), counts

    def _bottom_cards(self) -> Sequence[Card]:
        """The bottom seat's cards: its turn's draft hand while it plays (not in a replay)."""
        match = self.match
        draft = self._draft_on_show()
        if draft is not None and match.current == self.bottom and self.mode != REPLAY:
            return list(draft.hand)
        return list(match.deal.hands[self.bottom])

    def _draft_on_show(self) -> TurnDraft | None:
        """The draft of the story on show (a computer's play, a replayed turn, a hint), else
        the person's."""
        playback = self.story()
        return playback.draft if playback is not None else self.draft

    def story(self) -> Playback | None:
        """The play being told step by step on the table now, if any."""
        if self.mode == PLAYBACK:
            return self.computer.playback
        if self.mode == REPLAY:
            return self.replay.playback
        if self.mode == HINT:
            return self.human.hint_show
        return None

    def _story_seat(self) -> int:
        """Whose play the story on show is."""
        if self.mode == REPLAY and self.replay.showing is not None:
            return self.replay.showing.player
        if self.mode == HINT:
            return self.bottom
        return self.match.current

    def build_model(self) -> TableModel:
        match = self.match
        groups, free, declared, counts = self._source()
        start = self.draft.start if self.draft is not None else match.deal.turn_start
        built, shown = build_groups(groups, match.variant, declared,
                                    freezing_jokers(match.variant, start))
        visible = self.hand_visible()
        hand = tuple(self.bottom_hand()) if visible else ()
        over = match.hand_over and self.mode != REPLAY
        seats = tuple(
            SeatInfo(i, self._seat_name(i), s.kind, counts[i], match.totals[i],
                     i == match.current and not match.hand_over, match.deal.opened[i],
                     over and i != self.bottom)
            for i, s in enumerate(self.session.seats))
        revealed = tuple((i, tuple(match.deal.hands[i])) for i in range(match.players)
                         if over and i != self.bottom)
        return TableModel(built, tuple(free), shown, hand, 0 if visible else counts[self.bottom],
                          self.bottom, seats, len(match.deal.stock),
                          match.variant.table_layout is TableLayout.SETS_AND_RUNS_APART, revealed)

    def _compute_layout(self, model: TableModel) -> Layout:
        self._zoom = self.app.zoom
        if self._saved_places is not None:
            self._seed_places(model)
        layout = compute_layout(model, self.app.size, self.places, 0 if self.coached else None,
                                self.app.settings.left_handed, self._zoom)
        told, self._zooms_told = self._zooms_told, self.places.zoom_outs
        if self.places.zoom_outs > told:
            # the felt was full: said, so no card shrinks without a word
            self.say(_("The table is full"), [_("The cards are smaller now, so every meld "
                                                "keeps its place.")], "info", 6.0)
        return layout

    def keep_places(self) -> None:
        """The melds' order on the felt goes into the save (``GameSession.places``)."""
        self.session.places = [sorted(cards) for cards in self.places.melds()] or None
        self.session.drawn = {seat: sorted(cards) for seat, cards in self.drawn_by.items()
                              if cards} or None

    def _seed_places(self, model: TableModel) -> None:
        """Give the melds on show their places in the order the save keeps: each saved meld
        is the meld on show it shares the most cards with; the others follow as new
        melds do."""
        saved, self._saved_places = self._saved_places or [], None
        groups = [frozenset(group.cards) for group in model.groups]
        order: list[int] = []
        for meld in saved:
            cards = frozenset(meld)
            shared = [(len(cards & group), -index) for index, group in enumerate(groups)
                      if index not in order and cards & group]
            if shared:
                order.append(-max(shared)[1])
        if order:
            self.places.seed([(model.groups[i].cards,
                              1 if model.apart and model.groups[i].kind == "run" else 0)
                             for i in order])

    def refresh(self, snap: bool = False) -> None:
        """Rebuild the model and layout from the state, and send the cards on their way."""
        layout, model = self._rebuild()
        self.sprites.sync(layout, model.shown, self.speed, self._origin, snap=snap,
                          stagger=self._stagger)
        self._mark_sprites()
        chooser = self.human.chooser
        if chooser is not None and (self.draft is None or chooser.joker not in layout.spots):
            self.human.close_chooser()
        self._update_controls()

    def card_marks(self) -> dict[Card, Mark]:
        """The marks on show: the turns the bottom seat has not seen yet (none while a
        story is told) and the steps told so far."""
        playback = self.story()
        if playback is None:
            return dict(self.marks.of(self.bottom))
        seat = self._story_seat()
        new, moved = marked_cards(playback.done)
        marks = {card: Mark(seat, "moved") for card in moved}
        marks.update((card, Mark(seat, "new")) for card in new)
        return marks

    def _card_marks(self) -> dict[Card, Mark]:
        return self.card_marks()

    def _fresh_test(self) -> Callable[[Card, str], bool]:
        """The cards drawn last, in the hand, on the player's turn and as it settles."""
        drawn = self.drawn if self.mode in (HUMAN, SETTLE) else set()
        return lambda card, zone: card in drawn and zone == "hand"

    def key_help(self) -> list[str]:
        return [
            _("Tab: your hand or the melds \u00b7 \u2190 \u2192 a card, or a meld or New "
              "meld \u00b7 \u2191 \u2193 into a meld's cards or back to your hand"),
            _("Space selects a card (Shift+Space, or Space on a meld, its whole meld)"),
            _("Enter moves the selected cards there \u00b7 Backspace takes a card back \u00b7 "
              "J chooses a joker's card"),
            _("E end turn \u00b7 D draw \u00b7 P pass \u00b7 K knock \u00b7 H hint \u00b7 "
              "L last turns \u00b7 S sort \u00b7 R reset"),
            _("Ctrl+Z undo \u00b7 Ctrl+Y redo \u00b7 Esc menu \u00b7 F6 the buttons"),
            _("F2 reads your hand, F3 the table \u00b7 F4 the turn log in full \u00b7 F1 "
              "this help"),
        ]

    def log_lines(self, most: int | None = 3) -> list[tuple[tuple[int, int, int], str]]:
        """The log on the felt: the turns since the bottom seat's last one (the last
        ``most``; all of them when None), each with its seat's colour."""
        last = max((i for i, (seat, _) in enumerate(self.turn_log) if seat == self.bottom),
                   default=-1)
        since = self.turn_log[last + 1:]
        return [(seat_colour(seat), line)
                for seat, line in (since if most is None else since[-most:])]

    def travel(self, cards: Sequence[Card]) -> None:
        """The cards of a story's step travel slowly on an arc over the melds, so the eye
        can follow them (the rest of the table reflows at the usual pace)."""
        layout = self.layout
        if layout is None:
            return
        lift = layout.table_card[1] * 0.6
        for card in cards:
            sprite = self.sprites.sprites.get(card)
            if sprite is not None and sprite.tween is not None and not sprite.dragging:
                sprite.slide_to(sprite.spot, self.speed, arc=lift,
                                duration=STEP_TRAVEL / self.speed)

    def _hover_card(self) -> Card | None:
        return self.pointer.hover_card if self.human.hand_active else None

    def _origin_in(self, layout: Layout, card: Card, spot: Spot) -> Origin | None:
        if spot.zone == "hand":
            stock = layout.stock
            return Origin(stock.x + 4, stock.y + 4, spot.w, spot.h, True)
        if spot.zone == "seat":  # a hand revealed at the end: turned over where it lies
            return Origin(spot.x, spot.y, spot.w, spot.h, True)
        seat = self.origin_seat
        if seat is None:
            return None
        return self._seat_origin(seat, spot)

    # ------------------------------------------------------------------ per frame

    def update(self, dt: float) -> None:
        if self._unplayable:
            if self.app.scenes.top is self:
                self.app.scenes.pop()
            return
        super().update(dt)

    def _update_mode(self, dt: float) -> None:
        self.pointer.update(dt)
        self.human.poll_hint()
        if self.mode == PLAYBACK:
            self.computer.update_playback(dt)
        elif self.mode == REPLAY:
            self.replay.update(dt)
        elif self.mode == HINT:
            self.human.update_hint(dt)
        else:
            super()._update_mode(dt)

    # ------------------------------------------------------------------ events

    def _event_first(self, event: pygame.event.Event) -> bool | None:
        """The buttons, a click on a disabled one, the joker chooser: before F1 and F4."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return self._button(event.ui_element)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._on_blocked_end(
                event.pos):
            self.human.end_turn()  # a click on the disabled End turn: say why it is disabled
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._on_blocked_knock(
                event.pos):
            self.human.knock()  # a click on the disabled Knock: say why
            return True
        chooser = self.human.chooser
        if chooser is not None and chooser.handle(event, self.human):
            return True
        return None

    def _event_then(self, event: pygame.event.Event) -> bool | None:
        """A story told (skip, pause, a hint's keys), then the keyboard's."""
        if self._story_event(event):
            return True
        if self.keys.handle(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.keys.active = False  # the mouse takes over from the keyboard
        return None

    def _story_event(self, event: pygame.event.Event) -> bool:
        """Keys and clicks while a story is told: space (or a click on the felt) skips a
        computer's play to its end; in a replay space pauses, the right arrow steps and
        Esc stops; a hint on show takes Enter (apply), Esc (dismiss), space (to the end)."""
        key = event.key if event.type == pygame.KEYDOWN else None
        felt_click = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 \
            and self.layout is not None and self.layout.table.collidepoint(event.pos)
        if self.mode == PLAYBACK and (key == pygame.K_SPACE or felt_click):
            self.computer.skip()
            return True
        if self.mode == REPLAY:
            if key == pygame.K_SPACE or felt_click:
                self.replay.toggle_pause()
                return True
            if key == pygame.K_RIGHT:
                self.replay.step_once()
                return True
        if self.mode == HINT:
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.human.apply_hint()
                return True
            if key == pygame.K_ESCAPE:
                self.human.dismiss_hint()
                return True
            if key == pygame.K_SPACE or felt_click:
                self.human.skip_hint()
                return True
            return key is not None  # no other keys while the hint is shown
        return False

    def _on_blocked_knock(self, pos: tuple[int, int]) -> bool:
        """Is ``pos`` on the Knock button while it is disabled on the player's turn?"""
        button = self.controls.buttons.get("knock") if self.controls else None
        return button is not None and not button.is_enabled and button.visible \
            and button.rect.collidepoint(pos) and self.mode == HUMAN

    def _on_blocked_end(self, pos: tuple[int, int]) -> bool:
        """Is ``pos`` on the End turn button while it is disabled during a started play?
        (pygame-gui lets the release of a click on a disabled button through.)"""
        button = self.controls.buttons.get("end") if self.controls else None
        return button is not None and not button.is_enabled and button.visible \
            and button.rect.collidepoint(pos) and self.mode == HUMAN \
            and self.draft is not None and self.draft.touched

    def _button_actions(self) -> dict[str, Callable[[], object]]:
        human = self.human
        actions: dict[str, Callable[[], object]] = {
            "end": human.end_turn, "draw": human.draw_card, "pass": human.pass_turn,
            "knock": human.knock, "undo": human.undo, "redo": human.redo,
            "reset": human.reset_turn, "hint": human.ask_hint,
            "sort_suit": lambda: self.sort_hand("suit"),
            "sort_rank": lambda: self.sort_hand("rank"),
            "last": self.replay.show_last_turn, "menu": self.open_menu,
        }
        if self.mode == HINT:  # the hint on show: its two buttons
            actions["end"], actions["hint"] = human.apply_hint, human.dismiss_hint
        return actions

    # ------------------------------------------------------------------ drawing

    def _board(self, layout: Layout, model: TableModel) -> pygame.Surface:
        return self.hud.board(layout, model, self.indicators.facts())

    def _draw_words(self, surface: pygame.Surface, layout: Layout) -> None:
        """The status line, the turn log, the keys' help or the log in full, the chooser."""
        self.hud.draw_status(surface, layout, self.status, self.clock)
        logged = self.mode in (HUMAN, THINK, PLAYBACK, SETTLE)
        self.log_view.rects = self.hud.draw_log(surface, layout, self.log_lines(LOG_ROWS_MOST)) \
            if logged else []
        px = log_font_px(layout.size[1], layout.scale, layout.zoom)
        if self.keys.active and self.mode == HUMAN:  # the keyboard's help has a key
            draw_help_reminder(surface, self.text, layout.hand, px)
        self.draw_panels(surface, layout.table, layout.log.top - 4,
                         self.log_lines(None) if logged else [], px)
        if self.human.chooser is not None:
            self.human.chooser.draw(surface)

    def _note_keeps_clear(self) -> list[pygame.Rect] | None:
        return self.note_keeps_clear()

    def _hint_looking(self) -> tuple[Message | None, float] | None:
        human = self.human
        return (human.looking, human.hint_since) if human.hint_worker is not None else None

    def _draw_over_note(self, surface: pygame.Surface) -> None:
        self.pointer.draw_tooltip(surface)

    def hint_applies(self) -> bool:
        """A hint's play told on the table may be put on the player's turn (Apply)."""
        return True

    def note_keeps_clear(self) -> list[pygame.Rect] | None:
        """What the note must never cover besides the melds (None: it may cover a meld
        where the felt has no room for it)."""
        return None

    def _draw_marks(self, surface: pygame.Surface, layout: Layout) -> None:
        """Whose story is told (a computer's turn, a replay)."""
        if not self.match.hand_over and self.mode in (THINK, PLAYBACK, REPLAY):
            self.hud.draw_turn_marker(surface, layout, self._story_seat(), self.clock)

    def _thinker(self) -> int:
        return self.match.current
