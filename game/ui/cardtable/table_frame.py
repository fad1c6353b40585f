"""What a player sees and touches at a card table, the same at both tables: the way an
event goes (``handle_event``), the order of the drawing (``draw``, ``_overlay``), each
card's looks (``_mark_sprites``, ``lift_hand``, ``_origin``), the notes and the status line,
the keys' help and the turn log in full. ``CardTableScene`` (``card_table.py``) builds on
it, and each family's table fills in the hooks (``_event_first``, ``_draw_words``,
``_card_marks``, ...) with what differs.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Generic, TypeVar

import pygame

from game.engine.cards import Card
from game.engine.protocol import GameState
from game.ui.cardtable.geometry import Spot
from game.ui.cardtable.log_view import LogView, draw_log_panel, help_title, log_title
from game.ui.cardtable.look import Message, Status
from game.ui.cardtable.marks import Mark
from game.ui.cardtable.modes import THINK
from game.ui.cardtable.sidebar_focus import SidebarFocus
from game.ui.cardtable.sprites import Origin, SpriteLayer
from game.ui.cardtable.table_parts import (
    TableControls,
    TableHudView,
    TableKeys,
    TableLayout,
    TablePointer,
)
from game.ui.cardtable.text import TextCache
from game.ui.cardtable.turn_clock import TurnTimer, draw_clock_tab
from game.ui.scene import Scene
from game.ui.spoken import sentences
from game.ui.theme import seat_colour, seat_label

if TYPE_CHECKING:
    from game.session import GameSession

ModelT = TypeVar("ModelT")
LayoutT = TypeVar("LayoutT", bound=TableLayout)


class TableFrame(Scene, Generic[ModelT, LayoutT]):
    """The table as the player sees and touches it (``CardTableScene`` is the one
    subclass); the state it reads is the table's, set there and by the family."""

    #: a note stays until the player has pressed a key or clicked since it showed (then it
    #: fades after its time): one who looked away still reads it (issue 51)
    holds_notes: bool = False
    #: a table that cannot play its match (the manipulation table given a contract game's)
    #: draws nothing and takes no event
    _unplayable = False
    #: a sidebar button pressed takes the lead from the keyboard (its focus is no longer drawn)
    buttons_end_keys = False

    match: GameState
    session: GameSession
    pointer: TablePointer
    keys: TableKeys
    hud: TableHudView
    controls: TableControls | None
    bottom: int
    model: ModelT | None
    layout: LayoutT | None
    note_rect: pygame.Rect | None
    message: Message | None
    status: Status
    sprites: SpriteLayer
    mode: str
    mode_time: float
    clock: float
    turn_timer: TurnTimer
    button_keys: SidebarFocus
    log_view: LogView
    text: TextCache

    def _layout_for(self, surface: pygame.Surface) -> None:
        """Lay the table out for ``surface`` if need be (``CardTableScene``'s)."""
        raise NotImplementedError

    @property
    def selected(self) -> Sequence[Card]:
        """The cards picked, in the order picked (``CardTableScene``'s ``HandState``)."""
        raise NotImplementedError

    def _ordered(self, seat: int, cards: Sequence[Card]) -> list[Card]:
        """``cards`` of ``seat``'s hand in the player's order (``CardTableScene``'s)."""
        raise NotImplementedError

    # ------------------------------------------------------------------ words

    def show_status(self, status: Status) -> None:
        """Put ``status`` on the status line (controllers tell the table through this)."""
        self.status = status

    def clear_message(self) -> None:
        """Take the note above the status line away."""
        self.message = None

    def draw_own_clock(self, surface: pygame.Surface, status: pygame.Rect) -> None:
        """This screen's seat's turn timer (a network game's), at the right end of the
        status line, while its move is timed."""
        seat = self.match.awaiting
        if self.match.hand_over or seat not in self.session.humans:
            return
        left = self.turn_timer.left(seat, self.clock)
        if left is not None:
            draw_clock_tab(surface, self.text, (status.right - 8, status.centery), left,
                           self.turn_timer.total, max(40, status.height * 2))

    def say(self, title: str, lines: Sequence[str] = (), tone: str = "info",
            ttl: float = 6.0) -> None:
        """A note for the player above the status line, for ``ttl`` seconds; a refusal
        (``tone`` "error") or a hint is also said aloud when the table is spoken."""
        self.message = Message(title, tuple(lines), tone, ttl)
        if tone in ("error", "hint"):
            self.app.speak(sentences(title, *lines), interrupt=True)

    def key_help(self) -> list[str]:
        """Every key of this table, a few to a line (F1 shows them)."""
        return []

    def help_and_log_keys(self, event: pygame.event.Event) -> bool:
        """F1 opens (or closes) the keys' help, F4 the turn log in full; the mouse is
        followed, to open the log while it rests on one of its lines. F7 opens a network
        table's quick messages (``talk``)."""
        talk = getattr(self, "talk", None)
        if talk is not None and event.type == pygame.KEYDOWN and event.key == pygame.K_F7:
            talk.open_dialog()
            return True
        if not self.log_view.handle(event):
            return False
        if self.log_view.help:
            self.app.speak(sentences(help_title(), *self.key_help()), interrupt=True)
        return True

    def draw_panels(self, surface: pygame.Surface, felt: pygame.Rect, bottom: int,
                    log: list[tuple[tuple[int, int, int], str]], size: int) -> None:
        """The keys' help, or every ``log`` line in full, when open, over the ``felt``
        down to ``bottom`` (just above the log's own lines, which stay in view)."""
        view = self.log_view
        if view.help:
            draw_log_panel(surface, self.text, felt, bottom,
                           [(None, line) for line in self.key_help()], size, help_title())
        elif view.open(log, bool(getattr(self.pointer, "dragging", False))):
            draw_log_panel(surface, self.text, felt, bottom, list(log), size, log_title())

    # ------------------------------------------------------------------ events, one order

    def handle_event(self, event: pygame.event.Event) -> bool:
        """An event's way, the same at both tables: a held note is read (a key, a click);
        F6's sidebar keys; the family's first say (``_event_first``); F1, F4, F7; the
        family's own (``_event_then``); the pointer last."""
        if self._unplayable:
            return False
        if self.holds_notes and self.message is not None and event.type in (
                pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.message.read = True  # seen: it fades in its time (a new one waits again)
        if self.button_keys.handle(event):
            return True
        first = self._event_first(event)
        if first is not None:
            return first
        if self.help_and_log_keys(event):
            return True
        then = self._event_then(event)
        return self.pointer.handle(event) if then is None else then

    def _event_first(self, event: pygame.event.Event) -> bool | None:
        """The family's say before the help and log keys: handled or not (None: go on)."""
        return None

    def _event_then(self, event: pygame.event.Event) -> bool | None:
        """The family's say after the help and log keys: handled or not (None: the
        pointer's)."""
        return None

    def _button(self, element: object) -> bool:
        """A button pressed: the family's own (``_own_button``), else the sidebar's, by name
        (``_button_actions``)."""
        own = self._own_button(element)
        if own is not None:
            return own
        name = self.controls.name_of(element) if self.controls else None
        if name is None:
            return False
        if self.buttons_end_keys:
            self.keys.active = False
        self._button_actions()[name]()
        return True

    def _own_button(self, element: object) -> bool | None:
        """A button of the family's own, not the sidebar's (None: not one)."""
        return None

    def _button_actions(self) -> dict[str, Callable[[], object]]:
        """What each sidebar button does, by name."""
        raise NotImplementedError

    # ------------------------------------------------------------------ drawing, one order

    def draw(self, surface: pygame.Surface) -> None:
        """The felt (its board, the cards, ``_overlay``), the family's words and panels
        (``_draw_words``), the note (a hint being sought spins in it), and what lies over
        the note (``_draw_over_note``)."""
        if self._unplayable:
            return
        self._layout_for(surface)
        layout = self.layout
        model = self.model
        assert layout is not None and model is not None
        self.sprites.draw(surface, self._board(layout, model), self.hud.version, self._overlay)
        self._draw_words(surface, layout)
        self.note_rect = None
        if self.message is not None:
            note = self.note_rect = self.hud.draw_message(surface, layout, self.message,
                                                          self._note_keeps_clear())
            looking = self._hint_looking()
            if looking is not None and self.message is looking[0]:
                self.hud.draw_thinking(surface, note, self.clock, self.clock - looking[1])
        self._draw_over_note(surface)

    def _board(self, layout: LayoutT, model: ModelT) -> pygame.Surface:
        """The board picture under the cards."""
        raise NotImplementedError

    def _draw_words(self, surface: pygame.Surface, layout: LayoutT) -> None:
        """The family's words over the felt: status line, turn log, panels, prompts."""

    def _note_keeps_clear(self) -> Any:
        """What the note must keep clear of (the family's HUD reads it)."""
        return None

    def _hint_looking(self) -> tuple[Message | None, float] | None:
        """While a hint is sought: its note and since when (its spinner turns in it)."""
        return None

    def _draw_over_note(self, surface: pygame.Surface) -> None:
        """What lies over the note (a tooltip)."""

    def _overlay(self, surface: pygame.Surface) -> None:
        """Over the cards: the family's marks (``_draw_marks``), a thinking seat's spinner
        and time left, this screen's clock, the pointer's targets, the keyboard's focus."""
        layout = self.layout
        if layout is None:
            return
        self._draw_marks(surface, layout)
        if self.mode == THINK:  # a search may take a while: something on screen moves
            seat = self._thinker()
            self.hud.draw_thinking(surface, layout.seat_rects.get(seat, layout.hand),
                                   self.clock, self.mode_time,
                                   self.turn_timer.left(seat, self.clock))
        self.draw_own_clock(surface, layout.status)
        self.pointer.draw_targets(surface)
        if self._keys_shown():
            self.keys.draw(surface)

    def _draw_marks(self, surface: pygame.Surface, layout: LayoutT) -> None:
        """The family's marks over the cards: whose turn, the piles to draw from."""

    def _thinker(self) -> int:
        """The seat thinking (the computer's)."""
        raise NotImplementedError

    def _keys_shown(self) -> bool:
        """Is the keyboard's focus drawn now?"""
        return True

    # ------------------------------------------------------------------ the cards' looks

    def bottom_hand(self) -> list[Card]:
        """The bottom seat's hand (``_bottom_cards``) in the player's order."""
        return self._ordered(self.bottom, self._bottom_cards())

    def _bottom_cards(self) -> Sequence[Card]:
        """The bottom seat's cards now."""
        return self.match.deal.hands[self.bottom]

    def _origin(self, card: Card, spot: Spot) -> Origin | None:
        """Where ``card`` flies from to ``spot`` (``_origin_in`` the layout); None: from
        where it was."""
        layout = self.layout
        return None if layout is None else self._origin_in(layout, card, spot)

    def _origin_in(self, layout: LayoutT, card: Card, spot: Spot) -> Origin | None:
        raise NotImplementedError

    def _mark_sprites(self) -> None:
        """Each card's looks: selected, the keyboard's focus, a seat's mark where the
        family shows one (``_card_marks``, ``_marks_shown_in``), new to the player
        (``_fresh_test``); then the hand's lift."""
        marks = self._card_marks()
        fresh = self._fresh_test()
        selected = set(self.selected)
        focus = self.keys.focused_card() if self.keys.active else None
        for card, sprite in self.sprites.sprites.items():
            zone = sprite.spot.zone
            mark = marks.get(card) if self._marks_shown_in(zone) else None
            sprite.mark = (seat_colour(mark.seat), mark.kind, seat_label(mark.seat)) \
                if mark is not None else None
            sprite.fresh = fresh(card, zone)
            sprite.selected = card in selected
            sprite.focused = card == focus
        self.lift_hand()

    def _card_marks(self) -> Mapping[Card, Mark]:
        raise NotImplementedError

    def _marks_shown_in(self, zone: str) -> bool:
        """Does a card in ``zone`` show its seat's mark?"""
        return zone != "hand"

    def _fresh_test(self) -> Callable[[Card, str], bool]:
        """Is a card (in a zone) new to the player?"""
        return lambda card, zone: False

    def lift_hand(self) -> None:
        """Selected hand cards stand out of the hand; the one under the mouse
        (``_hover_card``) rises a little."""
        lift = self.layout.hand_lift if self.layout else 0
        hover = self._hover_card()
        for card, sprite in self.sprites.sprites.items():
            if sprite.spot.zone != "hand":
                sprite.lift_target = 0.0
            elif sprite.selected:
                sprite.lift_target = lift * 0.75
            else:
                sprite.lift_target = lift * 0.22 if card == hover else 0.0

    def _hover_card(self) -> Card | None:
        """The hand's card under the mouse, to rise a little."""
        return None

    def keyboard_buttons(self) -> dict[str, Any]:
        """The buttons F6 walks, by name, in order: the sidebar's (a table with more
        buttons of its own adds them)."""
        return dict(getattr(self.controls, "buttons", None) or {})
