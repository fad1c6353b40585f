"""Long play through the real app (issue 28): whole seeded matches on the manipulation table,
the person's seat driven by real pygame events (keys, clicks and drags) from the hint's
choices, with replays of the last turns and window resizes mid-hand, while the table's
invariants are checked after every action and every few frames:

- places (issue 43): within a hand and a window size the table's cards keep their size, a
  meld whose cards did not change keeps its exact place, and a meld that grew keeps its
  place unless it no longer fits there; checked every frame, the computers' turns and the
  person's own drags included;
- overlap: no card covers another's index corner beyond the fan of its own meld or hand;
- covered: no meld, card or note lies over the turn log's strip;
- text: every button's label fits its button;
- buttons: every enabled button is an action the match accepts now, every disabled one
  an action it refuses (tried on a copy of the match);
- rest: once nothing moves, every card lies at its layout spot;
- drops: a play made card by card with drags ends as the hint's table (nothing moved under
  the pointer).

Each violation is reported with its variant, seed, window size, turn and, when a folder is
given, a screenshot. ``tests/ui/manipulation/test_long_play.py`` plays a small sample in CI;
``tests/benchmarks/bench_long_play.py`` plays the full run and prints the figures.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame

from game import i18n
from game.engine.actions import Abandon, Action, Draw, EndTurn, Knock, Pass, Play
from game.engine.cards import Card
from game.engine.draft import Move
from game.engine.errors import EngineError
from game.session import GameSession, Seat
from game.ui.app import App
from game.ui.cardtable.controls import PADDING
from game.ui.cardtable.geometry import meld_step
from game.ui.cardtable.probe import TableProbe
from game.ui.manipulation.table import TableScene
from game.ui.scenes.scoreboard import ScoreboardScene
from game.ui.widgets.drawing import font

#: the manipulation table's variants (the contract game has a table of its own)
VARIANTS = ("machiavelli", "machiavelli-jokers", "tahiti", "guadalupe", "vatikan", "carousel",
            "shanghai", "manipulation", "robbers")
SIZES = ((1024, 640), (1280, 800), (1920, 1080))
SEATS = (Seat("You", "human"), Seat("Ada", "medium"), Seat("Bob", "easy"))
#: more seats fill the table (and the log) sooner: the benchmark plays some matches with five
MORE_SEATS = (Seat("Cy", "medium"), Seat("Di", "easy"), Seat("Eve", "medium"))
#: how far into a card its index corner reaches, as a share of its width
INDEX_SHARE = 0.2


@dataclass(frozen=True)
class Violation:
    kind: str
    variant: str
    seed: int
    size: tuple[int, int]
    turn: int
    detail: str
    screenshot: str = ""

    def __str__(self) -> str:
        where = f"{self.variant} seed {self.seed} {self.size[0]}x{self.size[1]} turn {self.turn}"
        shot = f" [{self.screenshot}]" if self.screenshot else ""
        return f"{self.kind}: {where}: {self.detail}{shot}"


@dataclass
class Report:
    matches: int = 0
    hands: int = 0
    turns: int = 0
    human_turns: int = 0
    drag_plays: int = 0
    split_drops: int = 0  # a drop split its meld (as offered), the hint then played it
    hint_plays: int = 0
    replays: int = 0
    resizes: int = 0
    checks: int = 0
    frames: int = 0
    seconds: float = 0.0
    violations: list[Violation] = field(default_factory=list)

    def add(self, other: Report) -> None:
        for name in ("matches", "hands", "turns", "human_turns", "drag_plays", "split_drops",
                     "hint_plays",
                     "replays", "resizes", "checks", "frames", "seconds"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.violations.extend(other.violations)


class LongPlay:
    """One seeded match on ``app``, played to its end (or ``max_turns``)."""

    def __init__(self, app: App, variant: str, seed: int, resizes: Sequence[tuple[int, int]] = (),
                 shots: Path | None = None, max_turns: int = 400,
                 options: dict[str, Any] | None = None, seats: int = len(SEATS)) -> None:
        self.app = app
        self.variant = variant
        self.seed = seed
        self.resizes = list(resizes)
        self.max_turns = max_turns
        session = GameSession.new(variant, options or {}, seat_list(seats), seed)
        self.scene = TableScene(app, session, autosave=False)
        app.scenes.push(self.scene)
        self.probe = TableProbe(app, self.scene)
        self.report = Report(matches=1)
        self.evidence = Evidence(app, variant, seed, shots)
        self._places: dict[frozenset[Card], pygame.Rect] | None = None
        self._card_size: tuple[int, int] = (0, 0)
        #: the hand and the window size the places were seen in
        self._hand_number: tuple[int, tuple[int, int]] | None = None
        #: the places of each table seen in the turn (Undo, Redo, Reset bring them back)
        self._turn = -1
        self._zoomed = False  # the hand's one zoom-out has happened
        self._states: dict[frozenset[frozenset[Card]], dict[frozenset[Card], pygame.Rect]] = {}

    # ------------------------------------------------------------------ running

    def run(self) -> Report:
        started = time.process_time()
        scene, match = self.scene, self.scene.match
        human_turn = 0
        while not match.over and len(match.log) < self.max_turns:
            self._wait_for_the_person()
            if isinstance(self.app.scenes.top, ScoreboardScene):
                if match.over:
                    break
                self.probe.key(pygame.K_RETURN)
                self._places = None
                continue
            if scene.mode == "stopped" or self.app.scenes.top is not scene:
                self._violation("stuck", f"mode {scene.mode}, top {self.app.scenes.top!r}, "
                                         f"errors {scene.errors}")
                break
            human_turn += 1
            self.report.human_turns += 1
            self._check_all()
            if self.resizes and human_turn % 3 == 2:
                self._resize(self.resizes[(human_turn // 3) % len(self.resizes)])
            if human_turn % 4 == 3 and match.deal.turns:
                self._replay_last_turns()
            self._play_a_turn(human_turn)
        self.report.turns = len(match.log)
        self.report.hands = match.deal.number + 1
        self.report.seconds = time.process_time() - started
        return self.report

    def _frames(self, count: int) -> None:
        for _ in range(count):
            self.probe.frames(1)
            self.report.frames += 1
            self._check_places()
            if self.report.frames % 15 == 0:
                self._check_frame()

    def _wait_for_the_person(self) -> None:
        """Frames until the person is to act, the scoreboard is up or the game stopped,
        checking the table as it goes (the places of melds between turns too)."""
        scene = self.scene
        limit = 20000
        while limit:
            top = self.app.scenes.top
            if isinstance(top, ScoreboardScene) or scene.mode == "stopped" or self.probe.idle():
                break
            worker = self.probe._thinking()
            if worker is not None:
                worker.wait(0.02)
            self._frames(1)
            limit -= 1
            if scene.mode in ("settle", "human") and not scene.sprites.busy:
                self._check_places()
        if self.probe.idle():
            self._check_places()

    # ------------------------------------------------------------------ the person's turn

    def _play_a_turn(self, number: int) -> None:
        scene = self.scene
        before = len(scene.match.log)
        self.probe.key(pygame.K_h)
        self._settle_hint()
        if scene.mode == "hint":
            show = scene.human.hint_show
            assert show is not None
            action = show.action
            moves = [m for step in show.steps for m in step.moves]
            jokers = any(c.is_joker for c in action.table.cards())
            if number % 2 == 0 and not jokers and moves:
                self.probe.key(pygame.K_ESCAPE)  # dismiss, then play it card by card
                self._settle()
                self._play_by_drags(moves, action)
            else:
                self.probe.key(pygame.K_RETURN)  # apply
                self.report.hint_plays += 1
                self._frames(2)
                self._check_all()
                self.probe.key(pygame.K_e)
        else:  # no play: draw, pass or end as the match allows
            legal = scene.match.legal_kinds()
            key = pygame.K_d if "draw" in legal else pygame.K_p if "pass" in legal \
                else pygame.K_k if "knock" in legal else pygame.K_e
            self.probe.key(key)
        self._frames(3)
        self._confirm_dialogs()
        if len(scene.match.log) == before and self.probe.idle():
            # the turn did not end (a refusal): give the turn up as the match allows
            self._violation("turn", f"the hinted action was refused: {scene.status.text}")
            self.probe.key(pygame.K_r)
            self._frames(2)
            legal = scene.match.legal_kinds()
            self.probe.key(pygame.K_d if "draw" in legal else pygame.K_p)
            self._frames(3)
            self._confirm_dialogs()

    def _settle_hint(self) -> None:
        scene = self.scene
        for _ in range(4000):
            if scene.human.hint_worker is None and (
                    scene.mode != "hint" or (scene.human.hint_show is not None
                                              and scene.human.hint_show.finished)):
                break
            worker = scene.human.hint_worker
            if worker is not None:
                worker.wait(0.02)
            self._frames(1)
        while scene.sprites.busy:
            self._frames(1)

    def _play_by_drags(self, moves: list[Move], action: Action) -> None:
        """The hint's moves made one drag each, from the card's sprite to where the move
        puts it; then End turn if the table is the hint's."""
        scene, probe = self.scene, self.probe
        split = False
        for move in moves:
            layout = scene.layout
            assert layout is not None and scene.draft is not None
            sprite = scene.sprites.sprites.get(move.card)
            if sprite is None:
                self._violation("drops", f"{move.card} is not on screen")
                break
            start = probe.center(move.card)
            target = self._drop_point(move)
            if target is None:
                self._violation("drops", f"no place on screen for {move}")
                break
            scene.deselect_all()
            self._settle()
            start = probe.center(move.card)
            under = scene.sprites.hit(start)
            if under is None or under.card != move.card:
                self._violation("drops", f"{move.card} is under "
                                         f"{under.card if under else 'nothing'} at {start}")
                break
            # the meld it should join, by its cards (a group emptied by the move is dropped
            # and the groups after it renumbered)
            joined = set(scene.draft.groups[move.to_group]) - {move.card} \
                if isinstance(move.to_group, int) else set()
            probe.drag(start, target)
            self._frames(2)
            where = scene.draft.location(move.card)
            landed = set(scene.draft.groups[where]) if isinstance(where, int) else set()
            if move.to_group is not None and joined and not joined & landed:
                self._violation("drops", f"{move.card} dropped on meld {move.to_group} at "
                                         f"{target} landed in {where}")
                break
            if not joined <= landed:  # the drop split the meld there, as the table offers
                split = True  # when a card fits only so: the hint's later moves no longer
                break  # apply, and the hint plays it instead
        self._frames(2)
        draft = scene.draft
        wanted = _melds(action.table.melds)
        if draft is not None and _melds(draft.groups) == wanted:
            self.report.drag_plays += 1
            self._check_all()
            probe.key(pygame.K_e)
        else:
            if split:
                self.report.split_drops += 1
            elif draft is not None:
                got = _melds(draft.groups)
                self._violation("drops", "the drags did not rebuild the hint's table: "
                                f"{[_names(m) for m in got if m not in wanted]} for "
                                f"{[_names(m) for m in wanted if m not in got]}")
            probe.key(pygame.K_r)  # reset, then let the hint play it
            self._frames(2)
            probe.key(pygame.K_h)
            self._settle_hint()
            if scene.mode == "hint":
                probe.key(pygame.K_RETURN)
                self._frames(2)
                self.report.hint_plays += 1
            probe.key(pygame.K_e)

    def _drop_point(self, move: Move) -> tuple[float, float] | None:
        layout = self.scene.layout
        assert layout is not None
        if move.to_group is None:
            return layout.new_melds[0].center if layout.new_melds else None
        if not isinstance(move.to_group, int):
            return None
        box = layout.box(move.to_group)
        if box is None:
            return None
        # where the pointer puts a card at that position (Pointer._target reads the
        # position a fifth of a card left of the pointer)
        slot = box.count if move.position is None else min(move.position, box.count)
        x = box.first_x + slot * box.step + layout.table_card[0] * 0.2
        return (max(box.rect.left + 1, min(box.rect.right - 1, x)), box.rect.centery)

    def _confirm_dialogs(self) -> None:
        """A dialog asking to confirm (giving up a play, knocking): Enter confirms it."""
        for _ in range(3):
            top = self.app.scenes.top
            if top is self.scene or isinstance(top, ScoreboardScene) or top is None:
                return
            self.probe.key(pygame.K_RETURN)
            self._frames(3)

    def _replay_last_turns(self) -> None:
        scene = self.scene
        self.probe.key(pygame.K_l)
        if scene.mode != "replay":
            return
        self.report.replays += 1
        for _ in range(3000):
            if scene.mode != "replay":
                break
            self._frames(1)
        self._settle()

    def _resize(self, size: tuple[int, int]) -> None:
        self.probe.post(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)
        self._frames(3)
        self.report.resizes += 1
        self._places = None  # a new window: the places start again
        self._settle()
        self._check_all()

    def _settle(self) -> None:
        for _ in range(2000):
            if not self.scene.sprites.busy:
                return
            self._frames(1)

    # ------------------------------------------------------------------ checks

    def _check_all(self) -> None:
        self._check_frame()
        self._check_rest()
        self._check_buttons()
        self._check_text()

    def _check_frame(self) -> None:
        self.report.checks += 1
        self._check_covered()
        self._check_overlap()

    def _check_places(self) -> None:
        """The player's rule for the felt (issue 43), measured in pixels: within a hand and a
        window size the table's cards keep their size, and a meld whose cards are the same as
        when last seen keeps its exact place, whatever happened to the melds around it; a
        meld that grew keeps its place unless its new width no longer fits there (it would
        run into another meld or off the felt). Nothing is excused by a change elsewhere."""
        scene = self.scene
        layout, model = scene.layout, scene.model
        if layout is None or model is None or scene.story() is not None:
            return
        key = (scene.match.deal.number, self.app.size)
        if key != self._hand_number:
            self._hand_number = key
            self._places = None
            self._zoomed = False
        cards = {g.index: frozenset(g.cards) for g in model.groups}
        places = {cards[b.index]: b.rect.copy() for b in layout.groups}
        old = self._places
        # Undo, Redo and Reset bring a table of this turn back: every meld where it lay then
        turn = len(scene.match.log)
        if turn != self._turn:
            self._turn, self._states = turn, {}
        state = frozenset(places)
        then_state = self._states.get(state)
        if old is not None and then_state is not None and state != frozenset(old):
            for meld, now in places.items():
                if now.topleft != then_state[meld].topleft:
                    self._violation("places", f"{_names(meld)} came back at "
                                    f"{tuple(now.topleft)}, not where it lay at "
                                    f"{tuple(then_state[meld].topleft)}")
                    break
        elif old is not None and layout.table_card != self._card_size:
            # the one zoom-out a hand may have: between turns, said in words, every meld
            # keeping its side, its row and its order in the row
            wrong = zoom_fault(scene, self._card_size, layout.table_card, self._zoomed)
            if wrong:
                self._violation("size", wrong)
            self._zoomed = True
            both = old.keys() & places.keys()  # the melds the turn left as they were
            if _rows({m: old[m] for m in both}, layout) != _rows(
                    {m: places[m] for m in both}, layout):
                self._violation("places", "the zoom-out changed the melds' rows or order")
        elif old is not None:
            for meld, now in places.items():
                then = old.get(meld)
                if then is not None:
                    if now.topleft != then.topleft:
                        self._violation("places", f"{_names(meld)}, untouched, moved from "
                                        f"{tuple(then.topleft)} to {tuple(now.topleft)} "
                                        f"({scene.mode})")
                        break
                    continue
                shrunk = [(m, r) for m, r in old.items() if meld < m and m not in places]
                side = next((r for _, r in layout.regions if r.colliderect(now)), layout.table)
                # (when it was split, the part that kept most of its cards keeps its place)
                if len(shrunk) == 1 and now.topleft != shrunk[0][1].topleft \
                        and side.colliderect(shrunk[0][1]) and not [
                        m for m in places if m != meld
                        and len(m & shrunk[0][0]) >= len(meld)]:
                    self._violation("places", f"{_names(shrunk[0][0])} gave cards away and "
                                    f"moved from {tuple(shrunk[0][1].topleft)} to "
                                    f"{tuple(now.topleft)}")
                    break
                grown = [(m, r) for m, r in old.items() if m < meld and m not in places]
                if len(grown) != 1:
                    continue
                was, then = grown[0]
                if now.topleft == then.topleft:
                    continue
                # would it have fitted where it was: the felt's room and the other melds
                # (where sets and runs lie apart, a meld that became the other kind goes to
                # the other side)
                stay = pygame.Rect(then.topleft, now.size)
                area = next((r for _, r in layout.regions if r.colliderect(then)),
                            layout.table)
                if not area.colliderect(now):
                    continue
                others = [r for m, r in places.items() if m != meld]
                gap = layout.margin // 2
                if area.contains(stay) and not any(stay.inflate(gap, 0).colliderect(r)
                                                   for r in others):
                    self._violation("places", f"{_names(was)} grew to {_names(meld)} and "
                                    f"moved from {tuple(then.topleft)} to "
                                    f"{tuple(now.topleft)} though it fitted in place")
                    break
        self._places = places
        self._states[state] = places
        self._card_size = layout.table_card

    def _check_covered(self) -> None:
        scene = self.scene
        layout = scene.layout
        if layout is None or self.app.scenes.top is not scene:
            return
        strip = layout.log
        for box in layout.groups:
            if box.rect.colliderect(strip):
                self._violation("covered", f"meld mat {tuple(box.rect)} over the log strip")
                return
        for rect in layout.new_melds:
            if rect.colliderect(strip):
                self._violation("covered", "the New meld slot over the log strip")
                return
        for sprite in scene.sprites.sprites.values():
            if sprite.resting and sprite.spot.zone in ("group", "free") \
                    and sprite.rect.colliderect(strip):
                self._violation("covered", f"{sprite.card} over the log strip")
                return
        if scene.message is not None and scene.note_rect is not None \
                and scene.note_rect.colliderect(strip):
            self._violation("covered", "a note over the log strip")

    def _check_overlap(self) -> None:
        """No resting card hides another's index corner, beyond its meld's or hand's fan."""
        scene = self.scene
        layout = scene.layout
        if layout is None or scene.sprites.busy:
            return
        resting = [s for s in scene.sprites.sprites.values() if s.resting
                   and s.spot.zone in ("group", "free", "hand")]
        unit = {id(s): (s.spot.zone, s.spot.group) for s in resting}
        for i, a in enumerate(resting):
            ra = a.rect
            corner = pygame.Rect(ra.x, ra.y, max(1, round(ra.w * INDEX_SHARE)), ra.h // 3)
            for b in resting[i + 1:]:
                rb = b.rect
                if not rb.colliderect(ra):
                    continue
                if unit[id(a)] != unit[id(b)]:
                    self._violation("overlap", f"{a.card} {unit[id(a)]} {tuple(ra)} and "
                                               f"{b.card} {unit[id(b)]} {tuple(rb)} of "
                                               f"different melds overlap ({scene.mode})")
                    return
                left, right = (a, b) if ra.x <= rb.x else (b, a)
                fan = right.rect.x - left.rect.x
                if a.spot.zone == "group":
                    wide = any(c.rank == 10 for c in (a.card, b.card))
                    need = meld_step(ra.w) if not wide else meld_step(ra.w) - 1
                    if fan < need - 1:
                        self._violation("overlap", f"{right.card} covers {left.card}'s index "
                                                   f"({fan}px apart)")
                        return
                elif fan < corner.w and ra.y == rb.y:
                    self._violation("overlap", f"{right.card} covers {left.card}'s index in "
                                               f"the hand ({fan}px apart)")
                    return

    def _check_rest(self) -> None:
        scene = self.scene
        layout = scene.layout
        if layout is None:
            return
        self._settle()
        for card, spot in layout.spots.items():
            sprite = scene.sprites.sprites.get(card)
            if sprite is None:
                self._violation("rest", f"{card} has no sprite")
                return
            if sprite.resting and (round(sprite.x), round(sprite.y)) != (round(spot.x),
                                                                         round(spot.y)):
                self._violation("rest", f"{card} rests at {round(sprite.x), round(sprite.y)}, "
                                        f"its spot is {round(spot.x), round(spot.y)}")
                return

    def _check_buttons(self) -> None:
        """Every enabled action button is an action the match accepts, every disabled one an
        action it refuses (tried on a copy of the match)."""
        scene = self.scene
        controls = scene.controls
        if controls is None or scene.mode != "human" or scene.draft is None \
                or self.app.scenes.top is not scene:
            return
        match, draft = scene.match, scene.draft
        seat = match.current
        actions: dict[str, Action] = {
            "end": Play(seat, draft.table()) if draft.touched else EndTurn(seat),
            "pass": Pass(seat), "knock": Knock(seat)}
        # Draw gives a started play up, else draws, else passes (the stock is empty)
        draws = ([Abandon(seat)] if scene.human.play_started else []) + [Draw(seat), Pass(seat)]
        drawing = any(accepts(match, action) for action in draws)
        button = controls.buttons.get("draw")
        if button is not None and button.visible and button.is_enabled != drawing:
            self._violation("buttons", f"draw is {'on' if button.is_enabled else 'off'} but "
                                       f"the match {'accepts' if drawing else 'refuses'} it")
        for name, action in actions.items():
            button = controls.buttons.get(name)
            if button is None or not button.visible:
                continue
            if name == "knock" and draft.touched:
                continue  # knocking asks to reset first: the button is off, the rule silent
            accepted = accepts(match, action)
            if button.is_enabled != accepted:
                self._violation("buttons", f"{name} is {'on' if button.is_enabled else 'off'} "
                                           f"but the match {'accepts' if accepted else 'refuses'}"
                                           f" {action.kind}")
        for name, wanted in (("undo", draft.can_undo), ("redo", draft.can_redo)):
            button = controls.buttons.get(name)
            if button is not None and button.is_enabled != wanted:
                self._violation("buttons", f"{name} is {'on' if button.is_enabled else 'off'}")

    def _check_text(self) -> None:
        for problem in sidebar_labels_cut(self.scene.controls):
            self._violation("text", problem)

    # ------------------------------------------------------------------ reporting

    def _violation(self, kind: str, detail: str) -> None:
        self.report.violations.append(self.evidence.violation(
            kind, len(self.scene.match.log), detail))


class Evidence:
    """Makes the violations of one match, with a screenshot of the window (the first of
    each kind, when ``shots`` names a folder)."""

    def __init__(self, app: App, variant: str, seed: int, shots: Path | None) -> None:
        self.app, self.variant, self.seed, self.shots = app, variant, seed, shots
        self._shot_kinds: set[str] = set()

    def violation(self, kind: str, turn: int, detail: str) -> Violation:
        shot = ""
        size = self.app.size
        if self.shots is not None and kind not in self._shot_kinds:
            self._shot_kinds.add(kind)
            self.shots.mkdir(parents=True, exist_ok=True)
            name = f"{self.variant}-{self.seed}-{size[0]}x{size[1]}-t{turn}-{kind}.png"
            path = self.shots / name
            surface = pygame.display.get_surface()
            if surface is not None:
                pygame.image.save(surface, str(path))
                shot = str(path)
        return Violation(kind, self.variant, self.seed, size, turn, detail, shot)


def sidebar_labels_cut(controls: Any) -> list[str]:
    """The sidebar buttons on show whose label is wider than the button, in words."""
    if controls is None:
        return []
    cut = []
    for name, button in controls.buttons.items():
        if not button.visible:
            continue
        px = controls._px(name, button.text, button.rect.w)
        width = font(px, "bold").size(button.text)[0]
        if width > button.rect.w - 2 * PADDING + 2:
            cut.append(f"{name} {button.text!r} is {width}px in a {button.rect.w}px button")
    return cut


def accepts(match: Any, action: Action) -> bool:
    """Does a copy of ``match`` take ``action`` (the real match is left alone)?"""
    try:
        match.clone().apply(action)
    except EngineError:
        return False
    return True


@contextmanager
def fresh_app(size: tuple[int, int], data_dir: Path, lang: str) -> Iterator[App]:
    """A new app at ``size`` speaking ``lang``, fast animations; closed afterwards."""
    i18n.set_language(lang)
    app = App(data_dir=data_dir)
    app.settings.animation_speed = 4.0
    app.resize(size)
    try:
        yield app
    finally:
        while len(app.scenes):
            app.scenes.pop()
        app.store.close()
        i18n.set_language("en")


def _melds(groups: Sequence[Sequence[Card]]) -> set[frozenset[Card]]:
    return {frozenset(g) for g in groups if g}


def zoom_fault(scene: Any, before: tuple[int, int], after: tuple[int, int],
               zoomed: bool) -> str:
    """What is wrong with the table's cards going from ``before`` to ``after`` within a hand
    (a round), in words; "" for the one zoom-out a hand may have: between turns (never in
    the person's turn), the first, and said in words on the table."""
    said = scene.message is not None and scene.message.title == i18n._("The table is full")
    if not zoomed and scene.mode != "human" and said:
        return ""
    return (f"the table's cards went from {before} to {after} within a hand ({scene.mode}"
            f"{', again' if zoomed else ''}{'' if said else ', unannounced'})")


def _rows(places: dict[frozenset[Card], pygame.Rect], layout: Any) -> list[list[frozenset[Card]]]:
    """The melds row by row, each row left to right (per side where sets and runs lie
    apart)."""
    sides = [r for _, r in layout.regions] or [layout.table]
    rows: dict[tuple[int, int], list[tuple[int, frozenset[Card]]]] = {}
    for meld, rect in places.items():
        side = next((i for i, r in enumerate(sides) if r.colliderect(rect)), 0)
        rows.setdefault((side, rect.y), []).append((rect.x, meld))
    return [[m for _, m in sorted(row, key=lambda xm: xm[0])] for _, row in sorted(
        rows.items(), key=lambda kv: kv[0])]


def _names(meld: frozenset[Card]) -> str:
    return " ".join(sorted(str(c) for c in meld))


def seat_list(count: int) -> list[Seat]:
    """``count`` seats: the person first, then computers of alternating levels."""
    return list((*SEATS, *MORE_SEATS)[:count])


def play(variant: str, seed: int, size: tuple[int, int], data_dir: Path,
         resizes: Sequence[tuple[int, int]] = (), shots: Path | None = None,
         lang: str = "en", max_turns: int = 400, seats: int = len(SEATS)) -> Report:
    """One match of ``variant`` from ``seed`` with ``seats`` players in a new app at ``size``
    (in ``lang``), resized to each of ``resizes`` in turn every third human turn."""
    with fresh_app(size, data_dir, lang) as app:
        return LongPlay(app, variant, seed, resizes, shots, max_turns, seats=seats).run()
