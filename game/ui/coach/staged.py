"""The normal table on a staged position (a puzzle, a tutorial step), coached.

``StagedTable`` is the game's ``TableScene`` (drag and drop, undo, the hint's step-by-step
story) on a match staged by ``game.coach.staging``, with three changes: the End of the turn
is judged by a ``Coach`` instead of moving the match on (a staged match is never saved,
recorded or continued), Draw and Pass are refused with a word, and Menu leaves. The coach
draws a panel on the felt (what to do, what went wrong) with its own buttons, and may point
at cards (a pulsing ring and an arrow to the very place the card goes), and at End turn
once the play is ready.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Protocol

import pygame
import pygame_gui
from pygame_gui.elements import UIButton

from game.coach.tutorial import Side
from game.engine.actions import Action, Play
from game.engine.cards import Card, Face
from game.engine.draft import Move, TurnDraft
from game.i18n import _
from game.ui.cardtable.controls import ButtonState
from game.ui.cardtable.driver import Pacer, Playback
from game.ui.cardtable.look import Status
from game.ui.cardtable.modes import HINT, HUMAN, VIEW
from game.ui.manipulation.status import TableStatus, problem_text
from game.ui.manipulation.table import TableScene
from game.ui.theme import CREAM, ERROR, FOCUS_COLOUR, GOLD_DARK, GOLD_LIGHT, GREEN, MARK_EDGE
from game.ui.widgets.drawing import draw_panel, draw_text, fit_text, font
from game.ui.widgets.look import Look

if TYPE_CHECKING:
    from game.engine.match import TurnRecord
    from game.session import GameSession
    from game.ui.manipulation.layout import Layout
    from game.ui.scene import AppServices

PANEL_WIDTH = 380
PANEL_TITLE = 56  # the panel's title row, above its lines
TITLE_PX = 17  # the title's size, smaller (to TITLE_MIN_PX) before it is cut
TITLE_MIN_PX = 13
LINE = 22
TEXT_PX = 15
HINT_TOOL = "hint"
APPLY_TOOL = "apply"
#: the live game's buttons, off on every staged table (its match never moves on)
GAME_BUTTONS = ("draw", "pass", "knock")
#: the sidebar's rows a viewer table has no use for (every one is off while the table only
#: shows): on a felt with no clear place the coach's panel lies over them, they hidden
VIEWER_SPARE = ("end", "draw", "pass", "knock", "undo", "redo", "reset")
#: the kinds of action those buttons take (Draw gives a started play up too)
OFF_KINDS = ("draw", "pass", "knock", "abandon")


@dataclass(frozen=True)
class CoachButton:
    key: str
    text: str
    action: Callable[[], None]
    enabled: bool = True


@dataclass(frozen=True)
class Arrow:
    """Point at ``card``; its arrow ends at the ``side`` of the card ``target`` (None: a
    new meld): on its part in view, in the gap in front of it, or past its meld's end."""

    card: Card
    target: Card | None
    side: Side = Side.ON


@dataclass(frozen=True)
class PointerMark:
    """One mark of the coach's pointer as drawn: a ring, and an arrow if it has one."""

    ring: pygame.Rect
    arrow: tuple[tuple[int, int], tuple[int, int]] | None


class Coach(Protocol):
    """What a staged table asks of its coach."""

    def title(self) -> str: ...
    def lines(self) -> Sequence[str]: ...
    def verdict(self) -> tuple[str, str] | None:
        """The last judgement on show: (tone "ok" or "wrong", words), or None."""
    def buttons(self) -> Sequence[CoachButton]: ...
    def arrows(self) -> Sequence[Arrow]: ...
    def points_at_end(self) -> bool:
        """Is it time to point at End turn (the play is ready to be judged)?"""
    def tools_off(self) -> frozenset[str]:
        """The table's own tools the coach does without: ``HINT_TOOL`` (asking for a
        hint), ``APPLY_TOOL`` (putting a told play on the table)."""
    def viewer(self) -> str | None:
        """None while the player plays; else the table only shows (a reviewed turn, a
        step done): no card moves, no game button, and these words on the status line."""
    def judge(self, play: Play) -> None:
        """The player pressed End turn with a legal play."""
    def refused(self, problems: Sequence[str]) -> None:
        """The player pressed End turn and the rules refused the play."""
    def leave(self) -> None: ...
    def update(self) -> None:
        """Once a frame, after the table's own update."""


class StagedStatus(TableStatus):
    """The table's buttons, less what a staged table does not do: draw, pass or knock
    (the turn is judged by the coach), and the tools the coach turns off."""

    def __init__(self, table: StagedTable) -> None:
        super().__init__(table)
        self.staged = table
        self._sidebar_shown = False

    def update_controls(self, hint_busy: bool, hint_told: bool) -> None:
        if self._sidebar_shown != self.staged.panel_in_sidebar:  # the panel came or went
            self._sidebar_shown = self.staged.panel_in_sidebar
            self._controls_key = None
        super().update_controls(hint_busy, hint_told)

    def offered_kinds(self) -> tuple[str, ...]:
        """Drawing, passing, knocking and giving up are not offered here: the coach judges
        the turn."""
        return tuple(k for k in super().offered_kinds() if k not in OFF_KINDS)

    def _button_states(self, hint_busy: bool) -> dict[str, ButtonState]:
        states = super()._button_states(hint_busy)
        off = self.staged.coach.tools_off()
        if self.staged.panel_in_sidebar:
            for name in VIEWER_SPARE:
                states[name] = replace(states.get(name, ButtonState()), visible=False,
                                       enabled=False)
        for name in GAME_BUTTONS:
            if name in states:
                states[name] = replace(states[name], enabled=False)
        if self.staged.mode == HINT and APPLY_TOOL in off and "end" in states:
            states["end"] = replace(states["end"], enabled=False)
        if self.staged.mode == HUMAN and HINT_TOOL in off and "hint" in states:
            states["hint"] = replace(states["hint"], enabled=False,
                                     tooltip=_("The coach tells the best play here"))
        return states


class StagedTable(TableScene):
    """A table on a staged session, coached by ``coach`` (see the module docstring)."""

    coached = True

    def __init__(self, app: AppServices, session: GameSession, coach: Coach,
                 history: Sequence[TurnRecord] = ()) -> None:
        self.coach = coach
        super().__init__(app, session, autosave=False)
        #: the turns of a real hand that led to the position (a reviewed turn's): the melds
        #: are laid where those turns left them, not in the order the position lists them
        self.history = tuple(history)
        self._walking: TurnDraft | None = None  # a table of the history being laid out
        self.coach_buttons: dict[str, UIButton] = {}
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.panel_folded = False  # the felt is full: only the title and buttons show
        #: the panel lies in the sidebar over the game's rows (``VIEWER_SPARE``), hidden: a
        #: table that only shows, whose felt has no place clear of every meld
        self.panel_in_sidebar = False
        self._wanted: list[tuple[str, str, bool]] = []  # the buttons built: key, text, on
        # the panel's words wrapped at a width: the panel's place is checked every frame, at
        # several widths, and the words change only when the coach says something new
        self._wrapped: dict[tuple[object, ...], list[tuple[str, tuple[int, int, int]]]] = {}

    def _table_status(self) -> TableStatus:
        return StagedStatus(self)

    # -- lifecycle

    def on_enter(self) -> None:
        super().on_enter()
        self.build_coach_buttons()

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.build_coach_buttons()

    def clear_elements(self) -> None:
        super().clear_elements()
        self.coach_buttons.clear()

    def keyboard_buttons(self) -> dict[str, Any]:
        """The coach's buttons first (they move the lesson on), then the sidebar's."""
        return {**{f"coach.{key}": button for key, button in self.coach_buttons.items()},
                **super().keyboard_buttons()}

    def build_coach_buttons(self) -> None:
        """The coach's buttons in the panel's bottom row (built again when they change)."""
        for button in self.coach_buttons.values():
            button.kill()
        self.coach_buttons.clear()
        layout = self.layout or self._layout_now()
        self.panel_rect = self._panel_rect()
        wanted = list(self.coach.buttons())
        if not wanted:
            return
        look = Look.of(self.app.ui)
        gap = 8
        height = max(30, layout.button_h - 2)
        width = (self.panel_rect.w - 24 - gap * (len(wanted) - 1)) // len(wanted)
        y = self.panel_rect.bottom - height - 12
        for index, item in enumerate(wanted):
            rect = pygame.Rect(self.panel_rect.x + 12 + index * (width + gap), y, width, height)
            if self.panel_in_sidebar:  # the column is narrow: one button a row
                rect = pygame.Rect(self.panel_rect.x + 12, self.panel_rect.bottom - 12
                                   - (len(wanted) - index) * (height + gap) + gap,
                                   self.panel_rect.w - 24, height)
            style = "@primary" if index == 0 else "@plain"
            button = UIButton(rect, item.text, self.app.ui,
                              object_id=look.oid(layout.button_font, style, bold=True))
            if not item.enabled:
                button.disable()
            self.track(button)
            self.coach_buttons[item.key] = button
        self._wanted = [(b.key, b.text, b.enabled) for b in wanted]

    def _panel_rect(self) -> pygame.Rect:
        layout = self.layout or self._layout_now()
        felt = layout.table
        # beside the table's own notes (centred on the felt, as wide as HUD.draw_message
        # makes them), so a hint's note and the panel never overlap
        note = min(felt.w - 40, max(360, layout.size[0] // 3))
        width = max(240, min(PANEL_WIDTH, (felt.w - note) // 2 - 16), self._panel_needs(layout))
        lines = self._panel_lines(width - 28)
        buttons = max(30, layout.button_h - 2) + 24 if self.coach.buttons() else 12
        covered = [box.rect for box in layout.groups] + list(layout.new_melds)  # drop targets
        if layout.free_rect is not None:
            covered.append(layout.free_rect)
        if self.message is not None and self.note_rect is not None:
            covered.append(self.note_rect)
        # below the felt: the status line and the hand (a long text in a narrow panel ran
        # over both, seen in Italian at 1024x640), so a wider, shorter shape is preferred
        floor = min(layout.status.top, felt.bottom)
        covered.append(pygame.Rect(0, floor, layout.size[0], max(0, layout.size[1] - floor)))

        def overlap(place: pygame.Rect) -> int:
            return sum(place.clip(rect).w * place.clip(rect).h for rect in covered)

        # a corner or side of the felt where the panel covers no meld (nor the table's note,
        # a hint's): where it is now if that is still clear, so it does not jump while the
        # player moves cards; else the first clear place, wider (so shorter) if need be; on a
        # felt full of melds the panel folds to its title and buttons, where that covers least
        current = self.panel_rect
        widest = max(width, felt.w * 2 // 3)
        options: list[pygame.Rect] = []
        for wide in range(width, widest + 1, 40):
            tall = PANEL_TITLE + LINE * len(self._panel_lines(wide - 28)) + buttons
            options += _places(layout, wide, tall)
        self.panel_folded = bool(lines) and all(overlap(place) for place in options)
        if self.panel_folded:
            # folded to its title and buttons it may also sit on the hand rail beside the
            # hand's cards, where it covers no meld (the felt has no such place)
            tall = PANEL_TITLE + buttons - 6
            options = _places(layout, width, tall) + _rail_places(layout, width, tall)
            covered[-1] = layout.status.copy()  # the rail is open to it, the status line not
            covered += [_lifted(layout, spot.rect) for spot in layout.spots.values()
                        if spot.zone == "hand"]
        self.panel_in_sidebar = False
        if current.w and current in options and overlap(current) == 0:
            return current
        best = min(options, key=overlap)  # min keeps the first of equals: the order above
        if overlap(best) and self.coach.viewer() is not None:
            # a table that only shows has no use for the game's buttons: the panel takes
            # their place rather than cover a meld (a reviewed turn on a full felt)
            spare = self._sidebar_place(layout)
            if spare is not None:
                return spare
        return best

    def _sidebar_place(self, layout: Layout) -> pygame.Rect | None:
        """The panel over the sidebar's game rows (``VIEWER_SPARE``), with its words when
        they fit there, else folded; None where even folded it does not fit."""
        controls = self.controls
        rows = [button.rect for name, button in (controls.buttons if controls else {}).items()
                if name in VIEWER_SPARE]
        if not rows:
            return None
        column = rows[0].unionall(rows[1:])
        count = len(self.coach.buttons())
        buttons = count * (max(30, layout.button_h - 2) + 8) + 16 if count else 12
        lines = self._panel_lines(column.w - 28)
        tall = PANEL_TITLE + LINE * len(lines) + buttons
        folded = bool(lines) and tall > column.h
        if folded:
            tall = PANEL_TITLE + buttons - 6
        if tall > column.h:
            return None
        self.panel_folded, self.panel_in_sidebar = folded, True
        return pygame.Rect(column.x, column.y, column.w, tall)

    def _panel_needs(self, layout: Layout) -> int:
        """The width the title (at 15 px) and every button's label ask for, within half the
        felt: a longer word ('Schritt überspringen') widens the panel rather than being cut."""
        wanted = list(self.coach.buttons())
        face = font(layout.button_font, "bold")
        widest = max((face.size(b.text)[0] + 28 for b in wanted), default=0)
        buttons = len(wanted) * widest + 8 * max(0, len(wanted) - 1)  # they share it evenly
        title = font(15, "bold").size(self.coach.title().upper())[0]
        return min(layout.table.w // 2, max(buttons, title) + 36)

    def _panel_lines(self, width: int) -> list[tuple[str, tuple[int, int, int]]]:
        said, verdict = tuple(self.coach.lines()), self.coach.verdict()
        key = (width, said, verdict)
        found = self._wrapped.get(key)
        if found is not None:
            return found
        lines: list[tuple[str, tuple[int, int, int]]] = []
        for line in said:
            lines += [(part, CREAM) for part in self.text.wrap(line, TEXT_PX, width)]
        if verdict is not None:
            tone, words = verdict
            colour = GREEN if tone == "ok" else ERROR
            lines += [(part, colour) for part in self.text.wrap(words, TEXT_PX, width)]
        if len(self._wrapped) > 64:  # old words: the coach has moved on
            self._wrapped.clear()
        self._wrapped[key] = lines
        return lines

    def refresh_coach(self) -> None:
        """The coach's words or buttons changed: lay the panel out again."""
        wanted = [(b.key, b.text, b.enabled) for b in self.coach.buttons()]
        if wanted != self._wanted or self._panel_rect() != self.panel_rect:
            self.build_coach_buttons()
            self._update_controls()  # the game's rows hidden or shown with the panel

    # -- the position, laid out as its hand left it

    def _deal_or_resume(self, fresh_deal: bool, stagger: float, dealing: str) -> None:
        self._lay_history()
        super()._deal_or_resume(fresh_deal, stagger, dealing)

    def _lay_history(self) -> None:
        """Every turn of the history told on the table's memory of places, a step at a
        time as the table told it when it was played, so each meld lies where it lay."""
        variant = self.match.variant
        try:
            for record in self.history:
                draft = TurnDraft(variant, record.before, tuple(record.played), True)
                story = Playback(draft, Play(record.player, record.after))
                self._walking = draft
                self._rebuild()
                while not story.finished:
                    story.step()
                    self._rebuild()
        finally:
            self._walking = None

    def _source(self) -> tuple[Sequence[Sequence[Card]], Sequence[Card], dict[Card, Face],
                               list[int]]:
        walking = self._walking
        if walking is None:
            return super()._source()
        counts = [len(hand) for hand in self.match.deal.hands]
        return walking.groups, walking.free, dict(walking.declared), counts

    # -- the turn, judged by the coach

    def commit(self, action: Action, quiet: bool = False, redo: bool = False) -> bool:
        if isinstance(action, Play):
            self.coach.judge(action)
        else:
            self.human.refuse(_("Not here"), [_("Find the play with the cards in your hand: "
                                                "drawing or passing is not part of this "
                                                "table.")])
        if self.mode == HUMAN and self.coach.viewer() is not None:
            self.set_mode(VIEW)  # judged and done: End turn has nothing more to do
            self.refresh()
        self.refresh_coach()
        return False  # the staged match never moves on

    def set_mode(self, mode: str) -> None:
        """While the coach has the table only show (``Coach.viewer``), the person's turn
        is a view: nothing to move or end, and the coach's words on the status line."""
        words = self.coach.viewer() if mode in (HUMAN, VIEW) else None
        super().set_mode(VIEW if words is not None else mode)
        if words is not None:
            self.pointer.cancel()
            self.deselect_all()
            self.show_status(Status(words, "info"))

    def update(self, dt: float) -> None:
        super().update(dt)
        self.coach.update()
        self.refresh_coach()  # the panel moves out of the way of the table's notes

    def open_menu(self) -> None:
        self.pointer.cancel()
        self.coach.leave()

    def _hand_over_to(self, seat: int) -> None:
        """No cover: the screen that opened a staged table (a hot-seat review) passed it to
        its player already, and the staged match never moves to another seat."""
        self.cover.lift_for(seat)
        self._start_human()

    def before_quit(self) -> None:
        """A staged table is never saved."""

    def show_play(self, table_play: Play, edits: Sequence[Move] = ()) -> None:
        """Tell ``table_play`` on the table a step at a time, as a hint is told (from the
        start of the turn); at its end the player may apply it (Enter) or dismiss it."""
        if self.mode not in (HUMAN, HINT, VIEW) or self.draft is None:
            return
        if self.mode != HINT:  # Esc (dismiss) puts the melds back where they lay
            self.human.keep_places()
        self.human.hint_show = Playback(self.match.draft(), table_play, list(edits))
        self.human.hint_pacer = Pacer()
        self.deselect_all()
        self.message = None
        self.set_mode(HINT)
        self.refresh()

    # -- events

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for item in self.coach.buttons():
                if self.coach_buttons.get(item.key) is event.ui_element:
                    item.action()
                    if self.app.scenes.top is self:  # not left for another screen: the
                        self.refresh_coach()  # buttons built then would stay on it
                    return True
        if self._tool_off(event):
            return True  # its button is off: the key does nothing either
        if self._ends_turn(event) and self.mode == HUMAN and self.draft is not None \
                and self.draft.touched:
            check = self.draft.check()
            if not check.ok:  # in the table's own words (the meld named by its cards)
                melds = self.draft.table().melds
                self.coach.refused([problem_text(p, melds) for p in check.problems])
                self.refresh_coach()
        return super().handle_event(event)

    def _tool_off(self, event: pygame.event.Event) -> bool:
        """A key for a tool the coach turns off: H (a hint), Enter on a told play."""
        if event.type != pygame.KEYDOWN:
            return False
        off = self.coach.tools_off()
        if event.key == pygame.K_h and self.mode == HUMAN:
            return HINT_TOOL in off
        return event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.mode == HINT \
            and APPLY_TOOL in off

    def _ends_turn(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            return event.key == pygame.K_e and not event.mod & pygame.KMOD_CTRL
        if self.controls is None:
            return False
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return self.controls.name_of(event.ui_element) == "end"
        end = self.controls.buttons.get("end")
        # a click on the End button while it is disabled (the table then says why)
        return event.type == pygame.MOUSEBUTTONUP and event.button == 1 and end is not None \
            and not end.is_enabled and end.visible and end.rect.collidepoint(event.pos)

    # -- drawing

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self._draw_arrows(surface)
        self._draw_panel(surface)

    def hint_applies(self) -> bool:
        return APPLY_TOOL not in self.coach.tools_off()

    def note_keeps_clear(self) -> list[pygame.Rect] | None:
        """A coach's table never hides a meld under the table's note (the best play's
        words over the melds they name), nor the coach's panel."""
        return [self.panel_rect] if self.panel_rect.w else []

    def _draw_panel(self, surface: pygame.Surface) -> None:
        rect = self.panel_rect
        if not rect.w:
            return
        # the title drawn here, not by draw_panel: a longer word (Italian 'TURNO 19:
        # MANCATA' in the narrow panel at 1024x640) takes a smaller size before it is cut
        draw_panel(surface, rect, 1.0, None, alpha=225)
        title, room = self.coach.title().upper(), rect.w - 36
        px = next((size for size in range(TITLE_PX, TITLE_MIN_PX - 1, -1)
                   if font(size, "bold").size(title)[0] <= room), TITLE_MIN_PX)
        row = round(TITLE_PX * 1.2)
        top = rect.y + 16
        draw_text(surface, fit_text(title, px, room, "bold"), px, GOLD_LIGHT, style="bold",
                  midleft=(rect.x + 18, top + row // 2))
        pygame.draw.line(surface, GOLD_DARK, (rect.x + 18, top + row + 4),
                         (rect.right - 18, top + row + 4))
        y = rect.y + PANEL_TITLE - 6
        for text, colour in [] if self.panel_folded else self._panel_lines(rect.w - 28):
            surface.blit(self.text.render(text, TEXT_PX, colour), (rect.x + 14, y))
            y += LINE

    def _draw_arrows(self, surface: pygame.Surface) -> None:
        pulse = 0.5 + 0.5 * math.sin(self.clock * 5.0)
        width = 3 + round(2 * pulse)
        for mark in self.pointer_marks(pulse):
            pygame.draw.rect(surface, FOCUS_COLOUR, mark.ring, width, border_radius=10)
            if mark.arrow is not None:
                _arrow(surface, *mark.arrow, GOLD_LIGHT, 4)

    def pointer_marks(self, pulse: float = 0.0) -> list[PointerMark]:
        """The coach's pointer now: a ring round each card it points at (round the card
        as drawn, raised or not) with an arrow to where it goes; once the play is ready,
        a ring round End turn with an arrow at it."""
        layout = self.layout
        if layout is None or self.mode != HUMAN:
            return []
        grow = 10 + round(6 * pulse)
        marks: list[PointerMark] = []
        for arrow in self.coach.arrows():
            sprite = self.sprites.sprites.get(arrow.card)
            if sprite is None:
                continue
            card_rect = sprite.rect  # with its lift: a raised card's index stays clear
            end = self._target_point(arrow)
            marks.append(PointerMark(self._ring(arrow.card, grow),
                                     None if end is None else (card_rect.center, end)))
        end_button = self.controls.buttons.get("end") if self.controls else None
        if not marks and end_button is not None and end_button.visible \
                and self.coach.points_at_end():
            button = end_button.rect
            tip = (button.left - 4, button.centery)
            marks.append(PointerMark(button.inflate(grow, grow),
                                     ((tip[0] - 64, tip[1]), tip)))
        return marks

    def _ring(self, card: Card, grow: int) -> pygame.Rect:
        """The ring round ``card`` as drawn (raised or not): round the part in view when
        the next card of its meld or hand lies over it, so it crosses no other index."""
        sprites = self.sprites.sprites
        rect = sprites[card].rect
        ring = rect.inflate(grow, grow)
        spot = sprites[card].spot
        over = next((s.rect for s in sprites.values() if s.spot.zone == spot.zone
                     and s.spot.group == spot.group and s.spot.slot == spot.slot + 1), None)
        if over is not None and rect.left < over.left < rect.right:
            ring.width = max(grow, over.left - 3 - ring.left)
        return ring

    def _target_point(self, arrow: Arrow) -> tuple[int, int] | None:
        """Where the arrow ends: the place the card is to be dropped."""
        layout = self.layout
        if layout is None:
            return None
        if arrow.target is None:
            if layout.new_melds:
                return layout.new_melds[0].center
            return layout.table.center
        spot = layout.spots.get(arrow.target)
        if spot is None:
            return None
        rect = spot.rect
        if arrow.side is Side.BEFORE:
            return rect.left - 1, rect.centery  # the gap in front of it
        if arrow.side is Side.AFTER:
            return rect.right + 2, rect.centery  # past it, where its meld grows
        box = layout.box(spot.group) if spot.group is not None else None
        if box is not None and spot.slot + 1 < box.count:  # covered by the next card
            return round(rect.left + min(box.step, rect.w) / 2), rect.centery
        return rect.center


def _places(layout: Layout, width: int, height: int) -> list[pygame.Rect]:
    """Where the coach's panel may lie, in order of preference: the bottom corners (melds
    fill the felt from the top), the top corners, the middle of either side, then along the
    bottom from right to left (a short last row of melds leaves room beside it)."""
    felt = layout.table
    bottom = min(layout.status.top, felt.bottom) - 8
    top = max(felt.top, bottom - height)
    middle = max(felt.top, felt.centery - height // 2)
    right, left = felt.right - width - 8, felt.x + 8
    places = [pygame.Rect(right, top, width, height), pygame.Rect(left, top, width, height),
              pygame.Rect(right, felt.top + 8, width, height),
              pygame.Rect(left, felt.top + 8, width, height),
              pygame.Rect(right, middle, width, height), pygame.Rect(left, middle, width, height)]
    step = max(1, width // 4)
    places += [pygame.Rect(x, top, width, height) for x in range(right - step, left, -step)]
    # then anywhere on the felt, row by row from the bottom: the melds keep their places for
    # the hand, so a full table still has holes where melds were taken up
    pitch = max(1, height // 3)
    for y in range(top - pitch, felt.top + 7, -pitch):  # inside the felt, never above it
        places += [pygame.Rect(x, y, width, height) for x in range(right, left - 1, -step)]
    return places


def _rail_places(layout: Layout, width: int, height: int) -> list[pygame.Rect]:
    """The hand rail's two ends, beside the hand's cards: right, then left."""
    rail = layout.hand
    y = rail.bottom - height - 8
    return [pygame.Rect(rail.right - width - 8, y, width, height),
            pygame.Rect(rail.x + 8, y, width, height)]


def _lifted(layout: Layout, rect: pygame.Rect) -> pygame.Rect:
    """A hand card's rectangle with the room it takes when raised (selected)."""
    return pygame.Rect(rect.x, rect.y - layout.hand_lift, rect.w, rect.h + layout.hand_lift)


def _arrow(surface: pygame.Surface, start: tuple[int, int], end: tuple[int, int],
           colour: tuple[int, int, int], width: int) -> None:
    """A line from ``start`` to ``end`` with a head at ``end``, drawn with a dark edge."""
    sx, sy = start
    ex, ey = end
    angle = math.atan2(ey - sy, ex - sx)
    head = 18
    points = [(ex, ey),
              (ex - head * math.cos(angle - 0.45), ey - head * math.sin(angle - 0.45)),
              (ex - head * math.cos(angle + 0.45), ey - head * math.sin(angle + 0.45))]
    pygame.draw.line(surface, MARK_EDGE, start, end, width + 3)
    pygame.draw.line(surface, colour, start, end, width)
    pygame.draw.polygon(surface, colour, points)

