"""The contract game's table (Shanghai Rummy, RULES.md section 8).

The felt shows the round's contract, the stock and the face-up discard pile, every
player's laid-down melds under the owner's name, and the opponents with their cards,
scores, buys left and whether they have laid down. A person draws by clicking a pile (or
D / T), builds the contract in staging groups, lays it down, lays off by dragging single
cards onto melds (a real card dropped on the joker standing for it swaps it), and ends the
turn by dragging a card onto the discard pile (or X). When a person is asked to buy the
discard out of turn, a prompt with Buy / Decline counts down and declines by itself (or
at once, with the "always decline buys" setting); in hot-seat play the prompt for someone
not at the screen goes through the hand-over cover. Computer seats act one engine action
at a time, animated. At the end of each round the ten-round scoreboard comes up; the
finished match is recorded in the statistics once and the autosave cleared.

The scene keeps the table's state and gives the work of each side to a controller it owns:
``human`` (the person's actions and staging groups), ``computer`` (the computer seats),
``undo``, ``replay``, ``hint``, ``pointer`` and ``keys``. Each is built with the scene as the
narrow protocol it uses (defined beside it: ``HumanTable``, ``ComputerTable``, ...) and with
the person's seat (or the pointer) where it must ask them, typed by what it asks.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game.engine.actions import Action, NextHand
from game.engine.cards import Card
from game.engine.contract.actions import Decline, Discard
from game.engine.contract.match import ContractMatch
from game.engine.contract.rules import CONTRACTS
from game.i18n import _
from game.ui.cardtable.card_table import CardTableScene
from game.ui.cardtable.controls import ButtonState, Same
from game.ui.cardtable.driver import Worker
from game.ui.cardtable.felt_places import FeltPlaces
from game.ui.cardtable.geometry import Spot
from game.ui.cardtable.log_view import draw_help_reminder
from game.ui.cardtable.look import Message, Status
from game.ui.cardtable.marks import Mark, TurnMarks
from game.ui.cardtable.modes import HUMAN, REPLAY, SETTLE, THINK
from game.ui.cardtable.sprites import Origin
from game.ui.contract.buy import BuyPrompt
from game.ui.contract.computer import ComputerTurns
from game.ui.contract.controls import ROWS as CONTROL_ROWS
from game.ui.contract.controls import ContractControls
from game.ui.contract.facts import board_facts
from game.ui.contract.hint import ContractHint
from game.ui.contract.hud import BoardFacts, TableHud
from game.ui.contract.human import BUY, HumanTurn
from game.ui.contract.keys import Keyboard
from game.ui.contract.layout import ContractLayout, compute_layout, log_px
from game.ui.contract.model import (
    ContractModel,
    MeldFacts,
    SeatFacts,
    card_text,
    joker_faces,
    slot_facts,
    symbols,
    the_card,
)
from game.ui.contract.pointer import Pointer
from game.ui.contract.replay import LastTurnsReplay
from game.ui.contract.undo import TurnUndo
from game.ui.contract.words import TurnLog, action_words
from game.ui.theme import BLUE, GOLD_LIGHT

if TYPE_CHECKING:
    from game.session import GameSession
    from game.ui.scene import AppServices

Location = tuple[Any, ...]  # ("hand", seat) | ("meld", index) | ("discard",) | ("stock",)

#: seconds (at speed 1) a computer's action (a draw, a meld laid down, a discard, a buy or
#: not) rests in view once its cards have landed, before the game goes on: time to read it
ACTION_REST = 0.5


class ContractTableScene(CardTableScene[ContractModel, ContractLayout]):
    """The contract game's table for ``session`` (holding a ``ContractMatch``);
    ``autosave`` writes the autosave slot after every action that ends a turn."""

    pointer: Pointer
    computer: ComputerTurns
    human: HumanTurn
    keys: Keyboard
    hud: TableHud
    controls: ContractControls | None

    def __init__(self, app: AppServices, session: GameSession, autosave: bool = True) -> None:
        # the one class test left outside the engine: it narrows GameState to the contract
        # match this scene draws (open_table chose the scene by the match's family)
        if not isinstance(session.match, ContractMatch):
            raise TypeError("ContractTableScene needs a session holding a ContractMatch")
        super().__init__(app, session, autosave)
        self.match: ContractMatch = session.match
        self.hud = TableHud(self.text, lambda: self.app.card_art)
        self.controls: ContractControls | None = None
        self.prompt: BuyPrompt | None = None
        humans = session.humans
        awaiting = self.match.awaiting
        self.bottom = awaiting if awaiting in humans else (humans[0] if humans else 0)
        self.fresh: set[Card] = set()  # cards just come into the bottom hand
        #: the cards each seat put on the table, marked for the others until their turn ends
        self.marks = TurnMarks(self.match.players)
        self.turn_log = TurnLog()  # the round's turns in words
        self.moved: dict[Card, tuple[Location, Location]] = {}  # by the last action shown
        self.moved_card: Card | None = None  # the card it was about (the pile's top)
        self.moved_seat = 0  # and who played it
        self.last_actor: int | None = None  # who applied the last action
        self._auto_declined = False
        self._came_from: dict[Card, Location] = {}
        self.model: ContractModel | None = None
        self.layout: ContractLayout | None = None
        self.places = FeltPlaces()  # where the melds lie, kept for the round
        self._controls_key: object = None
        # where the turn log's lines and the note on show were last drawn
        self.log_rects: list[pygame.Rect] = []
        self.note_rect: pygame.Rect | None = None
        self.human = HumanTurn(self)
        self.pointer = Pointer(self, self.human)
        self.computer = ComputerTurns(self)
        self.undo = TurnUndo(self, self.human)
        self.replay = LastTurnsReplay(self, self.human, self.pointer)
        self.hint = ContractHint(self, self.human)
        self.keys = Keyboard(self, self.human)

    # ------------------------------------------------------------------ lifecycle

    def _deals_fresh(self) -> bool:
        log = self.match.log
        return not log or isinstance(log[-1], NextHand)

    def workers(self) -> list[Worker]:
        return [w for w in (self.computer.worker, self.hint.worker) if w is not None]

    def _build_controls(self) -> None:
        if self.controls is not None:
            self.controls.kill()
        layout = self.layout or self._layout_now()
        # the buttons' rows (one a third taller) and their gaps fill the column at most
        room = layout.buttons.height / (len(CONTROL_ROWS) + 0.3 + (len(CONTROL_ROWS) - 1) / 7)
        height = int(max(28, min(46 * layout.scale, layout.size[1] * 0.048 * layout.zoom,
                                 room)))
        font_px = int(max(13, min(18 * layout.scale, layout.size[1] * 0.019 * layout.zoom,
                                  height * 0.42)))
        self.controls = ContractControls(self.app.ui, layout.buttons, height, font_px)
        self._controls_key = None
        if self.prompt is not None:
            self.prompt.build(self.app.ui, layout)
        self._update_controls()

    def clear_elements(self) -> None:
        super().clear_elements()
        if self.prompt is not None:
            self.prompt.kill()

    # ------------------------------------------------------------------ rounds

    def _begin_deal(self, fresh_deal: bool) -> None:
        self.deselect_all()
        self.fresh.clear()
        self.marks.clear()
        self.turn_log.clear()
        self.undo.forget()
        self.close_prompt()
        self.cover.reset()  # hot-seat: a new round (or a loaded game) starts covered
        number = self.match.deal.number
        self._start_deal_time()
        if self.match.hand_over:
            self.refresh(snap=True)
            self._deal_finished()
            return
        awaiting = self.match.awaiting
        if awaiting in self.session.humans and not self.session.hot_seat:
            self.bottom = awaiting
        self._deal_or_resume(fresh_deal, 0.045, _("Round {n}: dealing").format(n=number + 1))

    def _deal_ghosts(self) -> None:
        layout = self.layout
        if layout is None:
            return
        stock = layout.stock
        counts = {seat: len(hand) for seat, hand in enumerate(self.match.deal.hands)
                  if not self._shows_hand(seat)}
        self._fly_to_seats(counts, Origin(stock.x, stock.y, stock.w, stock.h, True))

    def _answered_for(self, seat: int) -> bool:
        if self.match.deal.phase == "buying" and self.app.settings.always_decline_buys:
            self._auto_declined = True
            self.commit(Decline(seat))
            return True
        return False

    def _cover_detail(self) -> str:
        deal = self.match.deal
        if deal.phase == "buying":
            return _("{name} drew from the stock: you may buy {card}.").format(
                name=self.match.names[deal.current],
                card=the_card(deal.discard[-1] if deal.discard else None))
        return self.status.text

    def _start_person(self, seat: int) -> None:
        if self.match.deal.phase == "buying" and self.match.awaiting == seat:
            self._start_buy(seat)
        else:
            self._start_human()

    def _turn_shown(self) -> None:
        self.update_status()
        if self.human.my_move():
            self.app.speak(self.status.text)

    def _start_buy(self, seat: int) -> None:
        deal = self.match.deal
        card = deal.discard[-1] if deal.discard else None
        if card is None:
            self._start_human()
            return
        left = self.match.variant.max_buys - deal.buys[seat]
        self.prompt = BuyPrompt(seat, self.session.seats[seat].name, card, left,
                                self.match.variant.max_buys, self.buy_seconds(),
                                hot_seat=self.session.hot_seat)
        self.build_prompt()
        self.set_mode(BUY)
        self.refresh()
        self.update_status()
        if self.session.seats[seat].is_human:
            self.app.speak(self.status.text)

    def buy_seconds(self) -> float:
        """The buy prompt's timer from the settings: 0 (it waits for the person) unless
        the player asked for one."""
        seconds = self.app.settings.buy_timer_seconds
        return float(seconds) if isinstance(seconds, int) and seconds > 0 else 0.0

    def build_prompt(self) -> None:
        if self.prompt is not None and self.layout is not None and self.controls is not None:
            self.prompt.build(self.app.ui, self.layout)

    def reopen_prompt(self, prompt: BuyPrompt | None) -> None:
        """Put ``prompt`` up again (its answer was refused)."""
        self.prompt = prompt
        self.build_prompt()

    def _before_settle(self) -> None:
        self.close_prompt()

    def close_prompt(self) -> None:
        if self.prompt is not None:
            self.prompt.kill()
            self.prompt = None

    def _deal_finished(self) -> None:
        self.pointer.cancel()
        self.close_prompt()
        self._close_deal(self.app.router.contract_scoreboard(self.session, self))

    def next_round(self) -> None:
        """The scoreboard's Next round: deal on (the scoreboard pops itself)."""
        if not self._next_deal():
            return
        self.human.stages.clear()
        self.hand_state.forget_orders()
        self._begin_deal(fresh_deal=True)

    # ------------------------------------------------------------------ committing

    def _apply(self, action: Action, quiet: bool, redo: bool) -> Callable[[], None]:
        if self.replay.active:
            self.replay.end()
        snapshot = self.undo.snapshot(action)
        seat, card = self.show_action(action)
        self.undo.applied(snapshot, redo)
        self.hint.dismiss()
        self.message = None if not quiet else self.message
        return lambda: self._after_action(seat, action, card)

    def show_action(self, action: Action) -> tuple[int, Card | None]:
        """Apply ``action`` to the match on show (the real one, or the replay's) and send
        its cards on their way, marked with the seat's colour; the seat and the card it
        moved (raises ``IllegalAction`` when the rules refuse it)."""
        match = self.match
        seat = action.player if action.player is not None else match.awaiting
        deal = match.deal
        top = deal.discard[-1] if deal.discard else None
        card = getattr(action, "card", None) or top
        before = self._locations()
        rects = {c: s.rect for c, s in self.sprites.sprites.items()}
        match.apply(action)
        # a turn has ended: the felt makes room now if it has to, not under the next move
        self.places.between_turns = action.kind == "discard"
        after = self._locations()
        moved = {c: (before.get(c, ("stock",)), loc) for c, loc in after.items()
                 if before.get(c, ("stock",)) != loc}
        self._came_from = {c: was for c, (was, _) in moved.items()}
        self.marks.record(seat, [c for c, (_, now) in moved.items() if now[0] == "meld"], ())
        self.refresh()
        self._came_from = {}
        self._fly_away(moved, rects)
        sounds = {"draw": "card_pick", "take_discard": "card_pick", "buy": "card_pick",
                  "lay_down": "card_drop", "lay_off": "card_drop", "swap_joker": "card_drop",
                  "discard": "card_drop"}
        if action.kind in sounds:
            self.app.sounds.play(sounds[action.kind])
        self.moved = moved
        self.moved_card, self.moved_seat = card, seat
        return seat, card

    def _locations(self) -> dict[Card, Location]:
        deal = self.match.deal
        out: dict[Card, Location] = {}
        for seat, hand in enumerate(deal.hands):
            for card in hand:
                out[card] = ("hand", seat)
        for index, meld in enumerate(deal.melds):
            for card in meld.cards:
                out[card] = ("meld", index)
        for card in deal.discard:
            out[card] = ("discard",)
        return out

    def _after_action(self, seat: int, action: Action, card: Card | None) -> None:
        match = self.match
        kind = action.kind
        self.last_actor = seat
        moved = self.moved
        if seat == self.bottom:
            if kind == "discard":
                self.fresh.clear()
            self.hand_state.keep_selected(set(match.deal.hands[seat]))
        if kind == "discard":
            self.marks.seen(seat)  # its turn is over: it has seen what the others did
            self.cover.turn_ended(seat)  # hot-seat: the hand goes face down once played
        if kind in ("draw", "take_discard", "buy") and seat == self.bottom:
            self.fresh |= {c for c, (_, now) in moved.items() if now == ("hand", seat)}
        self._mark_sprites()
        self.turn_log.add(self.match, self.session.seats[seat].name, seat, action, card)
        computer = not self.session.seats[seat].is_human
        self._settle_action(self.action_words(seat, action, card),
                            turn_closed=kind == "discard" or match.hand_over,
                            save=not match.hand_over,
                            rest=ACTION_REST if computer and not match.hand_over else None)
        self.human.timed_out = False
        self._auto_declined = False

    def _fly_away(self, moved: dict[Card, tuple[Location, Location]],
                  rects: dict[Card, pygame.Rect]) -> None:
        """Cards going into a hand not on show fly to that player's seat."""
        layout = self.layout
        if layout is None:
            return
        w, h = layout.hand_card
        stock = layout.stock
        delay = 0.0
        for card, (was, now) in moved.items():
            if now[0] != "hand" or self._shows_hand(now[1]):
                continue
            rect = layout.seat_rects.get(now[1])
            if rect is None:
                continue
            end = (rect.x + rect.height * 0.1, rect.y + 6) if rect != layout.hand else \
                (rect.centerx - w / 2, rect.bottom - h)
            size = (w // 2, h // 2) if rect != layout.hand else (w, h)
            old = rects.get(card)
            if old is not None and card not in self.sprites.sprites:
                ghost = self.sprites.fly_ghost(card, Origin(old.x, old.y, old.w, old.h), end,
                                               size, self.speed, delay)
                ghost.face_up = True
            elif was == ("stock",):
                start = Origin(stock.x, stock.y, stock.w, stock.h, True)
                self.sprites.fly_ghost(Card(0, "*", 70), start, end, size, self.speed, delay)
            delay += 0.08 / self.speed

    def action_words(self, seat: int, action: Action, card: Card | None) -> str:
        """The status line's words for ``action`` by ``seat`` (``card``: the one it moved)."""
        you = self.is_you(seat)
        why = "timeout" if self.human.timed_out else "always" if self._auto_declined else ""
        return action_words(self.match, _("You") if you else self.session.seats[seat].name,
                            you, action, card, why)

    def show_match(self, match: ContractMatch) -> None:
        """The match on show: the real one, or the replay's rebuilt past."""
        self.match = match

    def log_said(self, seat: int, line: str) -> None:
        self.turn_log.said(seat, line)

    def restore_turn_log(self, log: TurnLog) -> None:
        """The round's turns in words as ``log`` had them (the turn's Undo)."""
        self.turn_log = log.copy()

    def replay_words(self, action: Action) -> str:
        """The words for ``action``, just shown by ``show_action``."""
        return self.action_words(self.moved_seat, action, self.moved_card)

    # ------------------------------------------------------------------ the model

    def _shows_hand(self, seat: int) -> bool:
        return seat == self.bottom and self.hand_visible()

    def build_model(self) -> ContractModel:
        match = self.match
        deal = match.deal
        variant = match.variant
        buying = deal.phase == "buying" and not match.hand_over
        seats = tuple(
            SeatFacts(i, s.name, s.kind, len(deal.hands[i]), match.totals[i],
                      variant.max_buys - deal.buys[i], variant.max_buys, deal.laid_down[i],
                      i == deal.current and not match.hand_over,
                      buying and i == match.awaiting)
            for i, s in enumerate(self.session.seats))
        visible = self.hand_visible()
        staging = self.human.staging() and visible
        groups = self.human.stage_groups() if staging else []
        staged = {c for g in groups for c in g}
        hand = tuple(c for c in self.bottom_hand() if c not in staged) if visible else ()
        melds = tuple(MeldFacts(i, m.owner, m.kind, tuple(m.cards))
                      for i, m in enumerate(deal.melds))
        return ContractModel(
            round_number=deal.number, rounds=variant.match_hands or len(CONTRACTS),
            contract=match.contract, seats=seats, bottom=self.bottom, melds=melds,
            shown=dict(deal.declared), hand=hand,
            hidden_hand=0 if visible else len(deal.hands[self.bottom]),
            slots=slot_facts(variant, match.contract, groups) if staging else None,
            stock=len(deal.stock), discard=tuple(deal.discard[-2:]), discard_size=len(deal.discard),
            phase=deal.phase, awaiting=match.awaiting, current=deal.current)

    def _compute_layout(self, model: ContractModel) -> ContractLayout:
        # the replay's past tables are laid out from today's places, without changing them
        places = self.places.copy() if self.replay.active else self.places
        self._zoom = self.app.zoom
        zoom_outs = places.zoom_outs
        layout = compute_layout(model, self.app.size, places, self.app.settings.left_handed,
                                self._zoom)
        if places.zoom_outs > zoom_outs and places is self.places:
            # the felt was full: said, so no card shrinks without a word
            self.say(_("The table is full"), [_("The cards are smaller now, so every meld "
                                                "keeps its place.")], "info", 6.0)
        return layout

    def refresh(self, snap: bool = False) -> None:
        """Rebuild the model and layout from the state, and send the cards on their way."""
        layout, model = self._rebuild()
        spots = layout.spots
        self.hand_state.keep_selected({c for c, spot in spots.items() if spot.zone == "hand"})
        self.sprites.sync(layout, joker_faces(model.shown), self.speed,
                          self._origin, snap=snap, stagger=self._stagger)
        self._mark_sprites()
        self._update_controls()

    def _card_marks(self) -> Mapping[Card, Mark]:
        return self.marks.of(self.bottom)

    def _marks_shown_in(self, zone: str) -> bool:
        return zone == "group"  # on the melds laid down

    def _fresh_test(self) -> Callable[[Card, str], bool]:
        """Cards just come into the hand (or staged from it), and the hint's."""
        return lambda card, zone: (card in self.fresh and zone in ("group", "hand")) \
            or card in self.hint.cards

    def _origin_in(self, layout: ContractLayout, card: Card, spot: Spot) -> Origin | None:
        stock = layout.stock
        came = self._came_from.get(card)
        if came is None:
            if self._dealing and spot.zone in ("hand", "discard"):
                return Origin(stock.x, stock.y, stock.w, stock.h, True)
            return None
        if came[0] == "stock":
            return Origin(stock.x, stock.y, stock.w, stock.h, True)
        if came[0] == "discard":
            rect = layout.discard
            return Origin(rect.x, rect.y, rect.w, rect.h)
        if came[0] == "hand":
            return self._seat_origin(came[1], spot)
        return None

    # ------------------------------------------------------------------ per frame

    def _update_mode(self, dt: float) -> None:
        self.hint.update()
        self.hint.stale()
        if self.mode == REPLAY:
            self.replay.update()
        elif self.mode == BUY:
            if self.prompt is None:
                return
            if self.prompt.tick(dt):
                self.human.decline(timed_out=True)
            else:
                self.update_status()
        else:
            super()._update_mode(dt)

    # ------------------------------------------------------------------ status and buttons

    def update_status(self) -> None:
        match = self.match
        deal = match.deal
        name = _("Your") if not self.session.hot_seat else \
            _("{name}, your").format(name=self.session.seats[self.bottom].name)
        if self.mode == BUY and self.prompt is not None:
            text = _("{title} Buy (B) or decline (N)").format(title=self.prompt.title)
            if self.prompt.timed:
                text += f" \u00b7 {max(0, int(self.prompt.remaining + 0.999))} s"
            self.status = Status(text, "you")
            return
        if self.mode != HUMAN or not self.human.my_move():
            return
        legal = self.human.legal()
        top = deal.discard[-1] if deal.discard else None
        if deal.phase == "draw":
            text = _("{name} turn: draw from the stock (D)").format(name=name)
            if "take_discard" in legal:
                text += _(" or take {card} (T)").format(card=the_card(top))
        elif deal.swapped and "lay_down" in legal:
            text = _("{name} turn: use the joker you took: put it in your contract and lay "
                     "down").format(
                name=name)
        elif deal.swapped:
            text = _("{name} turn: use the joker you took (lay it off on a meld)").format(name=name)
        elif "lay_down" in legal:
            if self.human.stage_check().ok:
                text = _("Your contract is ready: Lay down (L)")
            else:
                text = _("Build {contract} below, or discard to end your turn (X)").format(
                    contract=match.contract)
        elif deal.turn_mode == "lay_down":
            text = _("Contract down! Discard a card to end your turn (X)")
        elif "lay_off" in legal:
            text = _("Lay off cards on any meld, then discard (X)")
        else:
            text = _("Discard a card to end your turn (X)")
        self.status = Status(text, "you")

    def _update_controls(self) -> None:
        if self.controls is None:
            return
        key = (self.version, self.mode, Same(self.controls), self.sort_mode)
        if key == self._controls_key:
            return
        self._controls_key = key
        states = self._button_states()
        self.controls.apply(self.controls.watching(states) if self.tv_mode else states)

    def _button_states(self) -> dict[str, ButtonState]:
        match = self.match
        deal = match.deal
        legal = self.human.legal() if self.mode == HUMAN else ()
        states: dict[str, ButtonState] = {}
        staging = self.human.staging() and self.hand_visible()
        if not staging:
            down = match.deal.laid_down[self.bottom]
            states["lay_down"] = ButtonState(enabled=False, style="primary",
                                             text=_("Contract down \u2713") if down else None)
        else:
            check = self.human.stage_check()
            tip = None
            if not check.ok:
                tip = symbols(_("Not yet: ") + "; ".join(check.problems[:3]))
            elif "lay_down" not in legal:
                tip = _("Your groups make the contract: lay them down on your turn, after " \
                      "drawing (L)")
            states["lay_down"] = ButtonState(enabled=check.ok and "lay_down" in legal,
                                             tooltip=tip, style="primary")
        groups = self.human.stage_groups() if staging else []
        states["make"] = ButtonState(enabled=staging and bool(self.selected))
        states["clear"] = ButtonState(enabled=staging and any(groups))
        top = deal.discard[-1] if deal.discard else None
        states["draw"] = ButtonState(enabled="draw" in legal)
        states["take"] = ButtonState(enabled="take_discard" in legal,
                                     text=_("Take {card}").format(
                                         card=card_text(top)) if top is not None else _("Take"))
        one = len(self.selected) == 1
        # the rules may refuse that card (the one just taken from the pile)
        states["discard"] = ButtonState(
            enabled="discard" in legal and one
            and match.can(Discard(self.bottom, self.selected[0])),
            text=_("Discard {card}").format(card=card_text(self.selected[0])) if one else None)
        undo = self.undo
        states["undo"] = ButtonState(enabled=undo.can_undo())
        states["redo"] = ButtonState(enabled=undo.can_redo())
        states["reset"] = ButtonState(enabled=undo.can_undo())
        hint = self.hint
        states["hint"] = ButtonState(
            enabled=hint.allowed() and self.mode in (HUMAN, BUY) and self.human.my_move(),
            text=_("Do it") if hint.showing else None,
            tooltip=None if hint.allowed() else _("Hints are switched off in Settings"))
        replaying = self.replay.active
        states["last"] = ButtonState(enabled=replaying or self.replay.available(),
                                     text=_("Stop") if replaying else None)
        sortable = self.hand_visible()
        for order in ("suit", "rank"):
            states[f"sort_{order}"] = ButtonState(
                enabled=sortable, style="primary" if self.sort_mode == order else None)
        states["menu"] = ButtonState()
        return states

    def facts(self) -> BoardFacts:
        return board_facts(self)

    # ------------------------------------------------------------------ events

    def _event_then(self, event: pygame.event.Event) -> bool | None:
        """After F1 and F4: the buttons, then the keys."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return self._button(event.ui_element)
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return None

    def key_help(self) -> list[str]:
        return [
            _("\u2190 \u2192 a card of your hand \u00b7 Space selects it"),
            _("Tab, Shift+Tab choose a group, a meld or the discard pile \u00b7 Enter puts the "
              "selected cards there \u00b7 Backspace empties the chosen group"),
            _("D draw \u00b7 T take the discard \u00b7 X discard \u00b7 M make a meld \u00b7 "
              "C clear \u00b7 L lay down"),
            _("B buy \u00b7 N do not buy \u00b7 H hint \u00b7 P replay \u00b7 S sort "
              "\u00b7 R reset"),
            _("Ctrl+Z undo \u00b7 Ctrl+Y redo \u00b7 Esc menu \u00b7 F6 the buttons"),
            _("F2 reads your hand, F3 the table \u00b7 F4 the turn log in full \u00b7 F1 "
              "this help"),
        ]

    def keyboard_buttons(self) -> dict[str, Any]:
        """The buy window's two buttons first while it asks, then the sidebar's."""
        prompt = self.prompt.buttons if self.prompt is not None else {}
        return {**{f"buy.{key}": button for key, button in prompt.items()},
                **super().keyboard_buttons()}

    def _own_button(self, element: object) -> bool | None:
        """The buy prompt's two buttons."""
        if self.prompt is not None:
            which = self.prompt.which(element)
            if which == "buy":
                self.human.buy()
                return True
            if which == "decline":
                self.human.decline()
                return True
        return None

    def _button_actions(self) -> dict[str, Callable[[], object]]:
        human = self.human
        actions: dict[str, Callable[[], object]] = {
            "lay_down": human.lay_down, "make": human.make_meld, "clear": human.clear_stage,
            "draw": human.draw_from_stock, "take": human.take_discard,
            "discard": lambda: human.discard(None),
            "undo": self.undo.undo, "redo": self.undo.redo, "reset": self.undo.reset,
            "hint": self.hint.request, "last": self.replay.toggle,
            "sort_suit": lambda: self.sort_hand("suit"),
            "sort_rank": lambda: self.sort_hand("rank"), "menu": self.open_menu,
        }
        return actions

    def _key(self, event: pygame.event.Event) -> bool:
        key = event.key
        if self.replay.active:
            return self._replay_key(key)
        ctrl = bool(getattr(event, "mod", 0) & pygame.KMOD_CTRL)
        if ctrl and key in (pygame.K_z, pygame.K_y):
            (self.undo.undo if key == pygame.K_z else self.undo.redo)()
            return True
        if key == pygame.K_ESCAPE:
            if self.pointer.dragging:
                self.pointer.cancel()
            elif self.hint.showing:
                self.hint.withdraw()
                self.refresh()
            elif self.selected:
                self.human.clear_selection()
            else:
                self.open_menu()
            return True
        if self.keys.handle(key, bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)):
            return True
        if self.prompt is not None and self.mode == BUY:
            if key == pygame.K_b:
                self.human.buy()
                return True
            if key == pygame.K_n:
                self.human.decline()
                return True
        human = self.human
        keys: dict[int, Callable[[], object]] = {
            pygame.K_d: human.draw_from_stock, pygame.K_t: human.take_discard,
            pygame.K_x: lambda: human.discard(None), pygame.K_l: human.lay_down,
            pygame.K_m: human.make_meld, pygame.K_c: human.clear_stage,
            pygame.K_s: lambda: self.sort_hand(None), pygame.K_r: self.undo.reset,
            pygame.K_h: self.hint.request, pygame.K_p: self.replay.toggle}
        action = keys.get(key)
        if action is None:
            return False
        action()
        return True

    def _replay_key(self, key: int) -> bool:
        """Keys while the last turns replay: Space pauses, the right arrow steps, Esc or
        P ends it."""
        replay = self.replay
        if key == pygame.K_SPACE:
            replay.pause()
        elif key == pygame.K_RIGHT:
            replay.step()
        elif key in (pygame.K_ESCAPE, pygame.K_p):
            replay.end()
        else:
            return False
        return True

    # ------------------------------------------------------------------ drawing

    def _board(self, layout: ContractLayout, model: ContractModel) -> pygame.Surface:
        return self.hud.board(layout, model, self.facts(), self.version)

    def _draw_words(self, surface: pygame.Surface, layout: ContractLayout) -> None:
        """The turn log, the keys' help or the log in full, the status line, the buy prompt."""
        self.log_rects = []
        logged = self.mode in (HUMAN, THINK, SETTLE)
        if logged:  # a note goes where it covers none of the log's lines
            self.log_rects = self.hud.draw_log(surface, layout, self.turn_log.lines(self.bottom))
        self.log_view.rects = self.log_rects
        px = log_px(layout.size, layout.scale, layout.zoom)
        if self.keys.active and self.mode == HUMAN:  # the keyboard's help has a key
            draw_help_reminder(surface, self.text, layout.hand, px)
        top = min((rect.top for rect in self.log_rects), default=layout.status.top)
        self.draw_panels(surface, layout.table, top - 4,
                         self.turn_log.lines(self.bottom, None) if logged else [], px)
        self.hud.draw_status(surface, layout, self.status, self.clock)
        if self.prompt is not None and self.mode == BUY:
            self.prompt.draw(surface, layout, self.app.card_art, self.clock)

    def _note_keeps_clear(self) -> list[pygame.Rect]:
        return self.log_rects  # the note goes where it covers none of the log's lines

    def _hint_looking(self) -> tuple[Message | None, float] | None:
        hint = self.hint
        return (hint.looking, hint.since) if hint.worker is not None else None

    def _draw_marks(self, surface: pygame.Surface, layout: ContractLayout) -> None:
        """The piles to draw from, on the player's draw; whose move it is."""
        match, deal = self.match, self.match.deal
        # the table waits for the person (its mode) and the round is at a draw (its phase)
        if self.mode == HUMAN and deal.phase == "draw" and self.human.my_move():
            self.hud.draw_pile_pulse(surface, layout, "stock", self.clock)
            if deal.discard:
                self.hud.draw_pile_pulse(surface, layout, "discard", self.clock)
        if not match.hand_over and self.mode in (THINK, SETTLE, BUY, HUMAN, REPLAY):
            awaiting = match.awaiting
            colour = BLUE if deal.phase == "buying" else GOLD_LIGHT
            self.hud.draw_seat_marker(surface, layout, awaiting, self.clock, colour)

    def _thinker(self) -> int:
        return self.computer.thinker

    def _keys_shown(self) -> bool:
        return self.mode == HUMAN
