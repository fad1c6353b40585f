"""What both card tables do alike, whatever the game: the manipulation table
(``TableScene``) and the contract table (``ContractTableScene``) inherit it.

Here: the state every table keeps (session, sprites, mode clock, note on screen, the
bottom seat's hand order), the animation speed, the deal, the modes that only wait for
cards to land (deal, settle), resizing, the autosave, the game menu and the notes to the
player, and the turn pipeline (``_commit``: apply an action, show it, then after it the
end-of-turn autosave, the settle mode, the status line and the voice), whose family hooks
(``_apply``, ``_before_settle``) say what differs. It builds on ``TableFrame``
(``table_frame.py``: an event's way, the drawing's order, each card's looks, the notes).
What a game's actions do on its felt, what its felt shows and which buttons it has stay in
the scene of that game.

Controllers change the table only through its methods: the selection and the hands'
order are its ``HandState``'s (``select``, ``deselect_all``, ``arrange_hand``, ...), and
an action the turn goes on after (a started play) is applied and autosaved by
``commit_in_turn``. No controller applies an action, writes the autosave or writes a
field of its table (``tests/ui/cardtable/test_controllers_ask_the_scene.py``).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from game.ai.turns import computer_seed
from game.engine.actions import Action, NextHand
from game.engine.cards import Card
from game.engine.errors import EngineError, IllegalAction
from game.i18n import _
from game.session import SaveFailed, clear_autosave, record_match
from game.store import FolderInUse
from game.ui.cardtable.driver import Worker
from game.ui.cardtable.geometry import Spot
from game.ui.cardtable.hand_state import HandState, KeptOrders
from game.ui.cardtable.hot_seat import HotSeatCover
from game.ui.cardtable.log_view import LogView
from game.ui.cardtable.look import Message, Status
from game.ui.cardtable.modes import DEAL, HUMAN, SETTLE, STOPPED, THINK, WAIT
from game.ui.cardtable.sidebar_focus import SidebarFocus
from game.ui.cardtable.sprites import Origin, SpriteLayer
from game.ui.cardtable.table_frame import LayoutT, ModelT, TableFrame
from game.ui.cardtable.table_parts import (
    TableComputer,
    TableHuman,
)
from game.ui.cardtable.text import TextCache
from game.ui.cardtable.turn_clock import TurnTimer
from game.ui.scene import Scene
from game.ui.widgets.look import Look

if TYPE_CHECKING:
    from game.session import GameSession
    from game.ui.scene import AppServices

DEAL_PAUSE = 0.2  # seconds after the dealt cards have landed before play starts


class CardTableScene(TableFrame[ModelT, LayoutT]):
    """The common part of a card table for ``session``; ``autosave`` writes the autosave
    slot after every action that ends a turn. A game's table (one subclass per game
    family, parametrised by its model and layout types) sets ``match``, ``pointer``,
    ``controls`` and ``bottom`` and provides the hooks below that raise
    ``NotImplementedError``; the rest of its work it gives to controllers it owns."""

    computer: TableComputer
    human: TableHuman

    #: seconds the cards of an applied action rest before the game goes on (speed 1)
    settle_pause = 0.3
    #: the match is another computer's (a network game joined): this screen cannot save
    #: it, review it or play it again
    remote_match = False

    def __init__(self, app: AppServices, session: GameSession, autosave: bool = True) -> None:
        super().__init__(app)
        self.session = session
        self.autosave = autosave
        #: a network game's turn timer, as the host tells it (``game.ui.cardtable.turn_clock``)
        self.turn_timer = TurnTimer()
        self.text = TextCache()
        self.sprites = SpriteLayer(lambda: self.app.card_art)
        #: the bottom hand as its player handles it: the selection and the hands' order
        #: (controllers change it only through the methods below: ``select``, ...)
        self.hand_state = HandState(app.settings.hand_sort)
        self.mode = STOPPED
        self.mode_time = 0.0
        self.clock = 0.0
        self.message: Message | None = None
        self.log_view = LogView()  # the turn log read in full (F4, the mouse on a line)
        self.status = Status("")
        self.hand_times: dict[int, tuple[float, float]] = {}
        self.errors: list[str] = []
        self._in_use_told = False  # "another window autosaves here" was told
        self._players: dict[int, Any] = {}
        self._started = False
        self._size: tuple[int, int] | None = None
        self._left = app.settings.left_handed  # the side panel's side laid out for
        self._zoom = app.zoom  # the player's UI scale and card size laid out for
        self.version = 0  # goes up with every new model and layout
        self._dealing = False  # refresh() during the deal: cards come from the stock
        self._stagger = 0.0  # seconds between the cards of the deal
        #: seconds (at speed 1) the action just applied rests once its cards have landed
        #: (a computer's: time to read what it did); None: ``settle_pause`` from the action
        self.landing_rest: float | None = None
        #: F6: the sidebar's buttons from the keyboard
        self.button_keys = SidebarFocus(self)
        #: hot-seat: whose hand may show, and the cover between two people's turns
        self.cover = HotSeatCover(self)

    # ------------------------------------------------------------------ lifecycle

    def on_enter(self) -> None:
        """First entry: begin the hand (dealt now, or a loaded one under way); back from a
        screen over the table: lay out again if the window or zoom changed. The buttons are
        made only when the table is on top (not under a hot-seat cover or scoreboard)."""
        size = self.app.size
        if not self._started:
            self._started = True
            self._size = size
            self._begin_deal(fresh_deal=self._deals_fresh())
        elif self.zoom_changed() or size != self._size:
            self._size = size
            self.refresh(snap=True)
        if self.app.scenes.top is not self:
            return
        self._build_controls()
        self._update_controls()

    def _begin_deal(self, fresh_deal: bool) -> None:
        """Start the hand on the table: deal it (``fresh_deal``) or go on with it."""
        raise NotImplementedError

    def _deals_fresh(self) -> bool:
        """On first entry, is the hand still to be dealt (not a loaded game under way)?"""
        raise NotImplementedError

    def hand_visible(self) -> bool:
        """Is the bottom seat's hand shown face up? Once the hand is over, every hand is;
        in hot-seat, only once that player has lifted the cover; else the hand of the human
        at this screen, and a computer's only when no one human plays. A hosted game with
        no seat at this screen (TV mode: every hand on a phone or another computer) shows
        none."""
        if self.match.hand_over:
            return True
        if self.cover.active:
            return not self.cover.hides(self.bottom)
        humans = self.session.humans
        if humans:
            return self.bottom in humans
        return not any(seat.is_human for seat in self.session.seats)

    @property
    def speed(self) -> float:
        """The animation speed setting (1 is normal), never below 0.1."""
        try:
            return max(0.1, float(self.app.settings.animation_speed))
        except (TypeError, ValueError):
            return 1.0

    def clear_elements(self) -> None:
        super().clear_elements()
        self.button_keys.clear()
        if self.controls is not None:
            self.controls.kill()
            self.controls = None

    def resize(self, size: tuple[int, int]) -> None:
        self._size = size
        self._left = self.app.settings.left_handed
        self.pointer.cancel()
        self.refresh(snap=True)
        self.clear_elements()
        self._build_controls()
        self._update_controls()

    def before_quit(self) -> None:
        """The app is closing: keep the game in the autosave slot."""
        if self.autosave and not self.match.over:
            self.write_autosave()

    def open_menu(self) -> None:
        self.pointer.cancel()
        self.app.scenes.push(self.app.router.table_menu(self))

    def keep_places(self) -> None:
        """Put what the table shows of the game's places into the session before it is
        saved (the manipulation table: the melds' order on the felt)."""

    def write_autosave(self) -> None:
        self.keep_places()
        try:
            self.session.save(self.app.store)
        except SaveFailed as failed:
            if isinstance(failed.__cause__, FolderInUse):  # another window's: told once
                if not self._in_use_told:
                    self._in_use_told = True
                    self.app.notify(_("This window does not autosave: another window of the "
                                      "game is using the data folder. Save this game under "
                                      "a name of its own to keep it."))
                return
            self.app.notify(_("Autosave failed: {error}").format(error=failed))

    # ------------------------------------------------------------------- modes

    def set_mode(self, mode: str) -> None:
        self.mode = mode
        self.mode_time = 0.0

    def restart_mode_clock(self) -> None:
        """The mode's clock counts from now (a rest waits for the cards to land)."""
        self.mode_time = 0.0

    def stop(self, problem: str) -> None:
        """The game cannot go on (a computer player cannot move): say why and stop."""
        self.errors.append(problem)
        self.app.notify(problem)
        self.set_mode(STOPPED)
        self.status = Status(problem, "warn")

    def computer_player(self, seat: int, make: Callable[[str, int], Any]) -> Any:
        """The computer player at ``seat``: made by ``make(level, seed)`` the first time,
        with the seat's seed (``computer_seed``: as ``simulate`` and ``replay`` make it);
        None (and the game stopped) if it cannot be."""
        player = self._players.get(seat)
        if player is None:
            try:
                player = make(self.session.seats[seat].kind,
                              computer_seed(self.match.seed, seat))
            except (ImportError, ValueError) as error:
                self.stop(_("The computer player cannot play: {error}").format(error=error))
                return None
            self._players[seat] = player
        return player

    def _deal_or_resume(self, fresh_deal: bool, stagger: float, dealing: str) -> None:
        """Start play on the hand: deal it (``_deal``, with ``dealing`` on the status line)
        or, when it was already under way (a loaded game), show it as it is and go on."""
        if fresh_deal:
            self._deal(stagger)
            self.status = Status(dealing, "wait", True)
        else:
            self.refresh(snap=True)
            self._advance()

    def _deal(self, stagger: float) -> None:
        """Clear the felt and deal the hand on show from the stock, ``stagger`` seconds
        (at speed 1) between cards; face-down ghosts fly to the seats not on show."""
        self.app.sounds.play("shuffle")
        self.sprites.sprites.clear()
        self.set_mode(DEAL)
        self._dealing = True
        self._stagger = stagger / self.speed
        self.refresh()
        self._dealing = False
        self._stagger = 0.0
        self._deal_ghosts()

    def _deal_ghosts(self) -> None:
        """Face-down cards flying to the seats whose hands are not on show."""

    def _fly_to_seats(self, counts: Mapping[int, int], start: Origin) -> None:
        """Face-down ghosts from ``start`` to each seat in ``counts`` (six at most each)."""
        layout = self.layout
        if layout is None:
            return
        w, h = layout.hand_card
        delay = 0.0
        for seat, count in counts.items():
            rect = layout.seat_rects.get(seat)
            if rect is None:
                continue
            for k in range(min(count, 6)):
                self.sprites.fly_ghost(Card(0, "*", 90 + k), start,
                                       (rect.x + rect.height * 0.1, rect.y + 6),
                                       (w // 2, h // 2), self.speed, delay)
                delay += 0.03 / self.speed

    def _close_deal(self, scoreboard: Scene) -> None:
        """The hand is over: record it (statistics once, the autosave written or cleared)
        and put ``scoreboard`` up over the table."""
        self.set_mode(WAIT)
        self._end_deal_time()
        if not self.match.over:
            if self.autosave:
                self.write_autosave()
        else:
            problem = record_match(self.app.store, self.session, self.hand_times)
            if problem:
                self.app.notify(problem)
            if self.autosave:
                try:
                    clear_autosave(self.app.store)
                except SaveFailed as failed:
                    if not isinstance(failed.__cause__, FolderInUse):  # else: not ours
                        self.app.notify(str(failed))
            self.app.sounds.play("win")
        self.app.scenes.push(scoreboard)

    def _next_deal(self) -> bool:
        """The scoreboard's Next: the engine deals the next hand, which is autosaved.
        False when there is none to deal, or the engine refused (the game stops)."""
        if self.match.over or not self.match.hand_over:
            return False
        try:
            self.match.apply(NextHand(None))
        except EngineError as error:
            self.stop(str(error))
            return False
        if self.autosave:
            self.write_autosave()
        return True

    def _start_deal_time(self) -> None:
        """The hand on the table started now (kept if it started before a reload)."""
        self.hand_times.setdefault(self.match.deal.number, (_now(), _now()))

    def _end_deal_time(self) -> None:
        """The hand on the table has been played until now."""
        number = self.match.deal.number
        self.hand_times[number] = (self.hand_times.get(number, (_now(), _now()))[0], _now())

    # ------------------------------------------------------------------ the turn pipeline

    def _commit(self, action: Action, quiet: bool = False, redo: bool = False) -> bool:
        """Apply ``action`` and show what it did (the family's ``_apply``), then what
        comes after it; False (with the engine's reason, unless ``quiet``) when the rules
        refuse it. ``redo``: the turn's Redo applies it again. Each table's ``commit``
        (whose signature its hosted table keeps) runs this."""
        try:
            after = self._apply(action, quiet, redo)
        except IllegalAction as error:
            if not quiet:
                self.human.refuse(_("That is not allowed now"), [str(p) for p in error.problems])
            return False
        after()
        return True

    def commit(self, action: Action, quiet: bool = False, redo: bool = False) -> bool:
        """Apply ``action`` for the seat in turn and show what it did; False (with the
        engine's reason, unless ``quiet``) when the rules refuse it. ``redo``: the turn's
        Redo applies it again. A network table adds what goes over the wire."""
        return self._commit(action, quiet, redo)

    def commit_in_turn(self, action: Action) -> bool:
        """Apply ``action``, one the turn goes on after with nothing to show (the
        manipulation game's ``StartPlay``: from now on giving up the play costs the
        penalty), and keep it in the autosave; False, nothing applied, when the rules
        refuse it. Controllers ask this; they never apply an action or save themselves."""
        try:
            self.match.apply(action)
        except IllegalAction:
            return False
        self._keep_game()
        return True

    def _keep_game(self) -> None:
        """The game as it stands goes into the autosave slot (never a finished match)."""
        if self.autosave and not self.match.over:
            self.write_autosave()

    def _apply(self, action: Action, quiet: bool, redo: bool) -> Callable[[], None]:
        """The family's part of a commit: apply ``action`` to the match (raising
        ``IllegalAction`` when the rules refuse it) and show it; returns what is left to do
        once it stands (the family's ``_after_action``, which ends in ``_settle_action``)."""
        raise NotImplementedError

    def _settle_action(self, words: str, speech: str = "", *, turn_closed: bool,
                       save: bool = True, rest: float | None = None) -> None:
        """After an action shown: when it closed a turn (or the hand) the hand's clock
        stops and, ``save`` allowing, the game is autosaved (never a finished match); the
        family's ``_before_settle``; the cards settle, resting ``rest`` seconds (a
        computer's move, in view) before the game goes on; the status line says ``words``
        and the voice ``speech`` (or the same words)."""
        if turn_closed:
            self._end_deal_time()
            if save:
                self._keep_game()
        self._before_settle()
        self.set_mode(SETTLE)
        self.landing_rest = rest
        self.status = Status(words, "info")
        self.app.speak(speech or words)

    def _before_settle(self) -> None:
        """What the family closes before the cards settle (the contract table's buy
        prompt); nothing here."""

    # ------------------------------------------------------------------ per frame

    def zoom_changed(self) -> bool:
        """Whether the player's UI scale or card size changed since the last layout (in
        Settings, opened from the game menu); the next layout takes the new one."""
        return self._zoom != self.app.zoom

    def update(self, dt: float) -> None:
        self.clock += dt
        self.mode_time += dt
        if self._size != self.app.size or self._left != self.app.settings.left_handed \
                or self.zoom_changed():
            self.resize(self.app.size)  # the window, the side panel's side or the scale changed
        self.sprites.update(dt)
        if self.message is not None and (self.message.read or not self.holds_notes):
            self.message.ttl -= dt
            if self.message.ttl <= 0:
                self.message = None
        self._update_mode(dt)
        self._update_controls()
        self.button_keys.update_frame()

    def _update_mode(self, dt: float) -> None:
        """The mode's work this frame: the deal and the settle wait for the cards to land,
        a computer's thinking for its worker. Subclasses add their own modes."""
        mode = self.mode
        if mode == DEAL:
            if not self.sprites.busy and self.mode_time > DEAL_PAUSE:
                self._advance()
        elif mode == THINK:
            self._update_think()
        elif mode == SETTLE and self.landing_rest is not None:
            if self.sprites.busy:  # the rest counts from when the cards have landed
                self.mode_time = 0.0
            elif self.mode_time >= self.landing_rest / self.speed:
                self._advance()
        elif mode == SETTLE and not self.sprites.busy \
                and self.mode_time >= self.settle_pause / self.speed:
            self._advance()

    # ------------------------------------------------------------------ a game's hooks

    def build_model(self) -> ModelT:
        """This game's model of the state on show."""
        raise NotImplementedError

    def _compute_layout(self, model: ModelT) -> LayoutT:
        """This game's layout of ``model`` in the window (a pure function of the two)."""
        raise NotImplementedError

    def refresh(self, snap: bool = False) -> None:
        """Rebuild the model and layout from the state and send the cards on their way."""
        raise NotImplementedError

    def _build_controls(self) -> None:
        """Make the sidebar buttons for the current layout."""
        raise NotImplementedError

    def _update_controls(self) -> None:
        """Bring the sidebar buttons up to date with the state."""
        raise NotImplementedError

    def _advance(self) -> None:
        """What happens next, once the last action has been shown: the hand's end, a
        computer's move, or a person's (in hot-seat, behind the cover first). Each
        family's table fills in the steps (the hooks below); a network table first takes
        the moves of the seats played elsewhere."""
        match = self.match
        if match.hand_over:
            self._deal_finished()
            return
        seat = match.awaiting
        if not self.session.seats[seat].is_human:
            self.computer.start(seat)
            return
        if self._answered_for(seat):
            return
        if self.cover.hides(seat):  # hot-seat: cover the window for them first
            self._hand_over_to(seat)
            return
        if seat != self.bottom:
            self.bottom = seat
            self.refresh(snap=True)
        self._start_person(seat)

    def _hand_over_to(self, seat: int) -> None:
        """Hot-seat: cover the window until ``seat``'s player is at the screen, then
        start their move."""
        self.pointer.cancel()  # no drag goes on under the cover
        self.cover.cover(seat, self._cover_detail(), lambda: self._uncovered(seat))

    def _uncovered(self, seat: int) -> None:
        """``seat``'s player lifted the cover: their move starts."""
        self._start_person(seat)

    def _deal_finished(self) -> None:
        """The hand (the contract game's round) is over: show its end."""
        raise NotImplementedError

    def _answered_for(self, seat: int) -> bool:
        """A move the table makes for the person at ``seat`` without asking them (the
        contract game: a buy declined by the setting); True if it made one."""
        return False

    def _start_person(self, seat: int) -> None:
        """The person at ``seat`` (at the bottom, face up) is to move: let them."""
        raise NotImplementedError

    def _start_human(self) -> None:
        """The person at the bottom is to move: the family readies the turn
        (``_ready_turn``), the table shows it, and the family says it (``_turn_shown``)."""
        self._ready_turn()
        self.set_mode(HUMAN)
        self.refresh()
        self._turn_shown()

    def _ready_turn(self) -> None:
        """What the family sets up before a person's turn shows; nothing here."""

    def _turn_shown(self) -> None:
        """What the family does once a person's turn shows (the status line, the voice)."""
        raise NotImplementedError

    def _cover_detail(self) -> str:
        """What the hot-seat cover tells the next player happened since their turn."""
        raise NotImplementedError

    def _update_think(self) -> None:
        """A computer is thinking: go on once its worker has decided."""
        self.computer.update_think()

    def workers(self) -> list[Worker]:
        """The worker threads (computer players, hints) this table may be waiting for."""
        return []

    def seated_player(self, seat: int) -> Any:
        """The computer player made for ``seat`` so far, or None."""
        return self._players.get(seat)

    def _layout_now(self) -> LayoutT:
        """The layout of the state now, before the first refresh has made one."""
        if self.model is None:
            self.model = self.build_model()
        return self._compute_layout(self.model)

    def _rebuild(self) -> tuple[LayoutT, ModelT]:
        """A new model and layout from the state (returned); the table's version goes up."""
        model = self.model = self.build_model()
        layout = self.layout = self._compute_layout(model)
        self.version += 1
        Look.of(self.app.ui).scale_tooltips(layout.scale)  # the buttons' tooltips: as big
        return layout, model

    def _layout_for(self, surface: pygame.Surface) -> None:
        """Lay the table out again if ``surface`` is not the size of the current layout."""
        if self.layout is None or self.layout.size != surface.get_size():
            self._size = surface.get_size()
            self.refresh(snap=True)

    # ------------------------------------------------------------------ cards

    def _seat_origin(self, seat: int, spot: Spot) -> Origin | None:
        """Where a card for ``spot`` played from ``seat``'s hand starts its flight: the
        bottom of the hand on show, or (face down) that player's seat."""
        layout = self.layout
        if layout is None:
            return None
        if seat == self.bottom:
            hand = layout.hand
            return Origin(hand.centerx - spot.w / 2, hand.bottom - spot.h, spot.w, spot.h)
        rect = layout.seat_rects.get(seat)
        if rect is None:
            return None
        return Origin(rect.x + rect.height * 0.1, rect.y, spot.w, spot.h, True)

    def _ordered(self, seat: int, cards: Sequence[Card]) -> list[Card]:
        """``cards`` of ``seat``'s hand in the player's order (``HandState.ordered``)."""
        return self.hand_state.ordered(seat, cards)

    def bring_to_bottom(self, seat: int) -> None:
        """``seat``'s hand is the one at the bottom of the screen now."""
        self.bottom = seat

    @property
    def selected(self) -> Sequence[Card]:
        """The cards selected, in the order picked (a copy: the methods below change it)."""
        return self.hand_state.selected

    @property
    def sort_mode(self) -> str:
        """How the hand is ordered: "suit", "rank" or "manual" (the player's own)."""
        return self.hand_state.sort_mode

    def select(self, cards: Iterable[Card]) -> None:
        """``cards`` are the selection now (controllers set it through this)."""
        self.hand_state.select(cards)

    def toggle_selected(self, card: Card) -> None:
        """``card`` leaves the selection if it was in it, else joins it."""
        self.hand_state.toggle(card)

    def select_more(self, cards: Iterable[Card]) -> None:
        """``cards`` join the selection (those not in it yet)."""
        self.hand_state.add(cards)

    def deselect(self, cards: Iterable[Card]) -> None:
        """``cards`` are no longer selected."""
        self.hand_state.deselect(cards)

    def deselect_all(self) -> None:
        """Nothing is selected."""
        self.hand_state.deselect_all()

    def arrange_hand(self, seat: int, order: Sequence[Card]) -> None:
        """The player arranged ``seat``'s hand as ``order``: no sorting until a sort
        button is pressed again."""
        self.hand_state.arrange(seat, order)

    def sort_hand(self, order: str | None = None) -> None:
        """Sort the hand by ``order`` ("suit" or "rank"; None: the other one)."""
        self.hand_state.sort(order)
        self.refresh()

    def kept_hand_orders(self) -> KeptOrders:
        """Every seat's hand order as it is now (``restore_hand_orders`` puts it back)."""
        return self.hand_state.kept_orders()

    def restore_hand_orders(self, kept: KeptOrders) -> None:
        """The hands' order is ``kept`` again (after a replay that showed other hands)."""
        self.hand_state.restore_orders(kept)

    def count_hint(self) -> None:
        """A hint was shown: the match's statistics mark a win with hints."""
        self.session.hints += 1

    def keep_message(self, message: Message, seconds: float) -> None:
        """``message``, while it is the note on show, stays at least ``seconds`` more (a
        search it tells of still runs)."""
        if self.message is message:
            message.ttl = max(message.ttl, seconds)

    def log_said(self, seat: int, line: str) -> None:
        """``line`` said at the table by ``seat`` (a network table's quick message) goes
        into the turn log, in a line of its own."""
        raise NotImplementedError

    @property
    def tv_mode(self) -> bool:
        """Does nobody play at this screen while people play elsewhere (a hosted game with
        no seat here: the window shows the table only)?"""
        session = self.session
        return not session.humans and any(seat.is_human for seat in session.seats)

    def is_you(self, seat: int) -> bool:
        """Is ``seat`` the person at this screen (not hot-seat, where names are used; nor a
        network player's seat at the bottom of a table with nobody at it, TV mode)?"""
        return seat == self.bottom and seat in self.session.humans \
            and not self.session.hot_seat


def _now() -> float:
    return time.time()
