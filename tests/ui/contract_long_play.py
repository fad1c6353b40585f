"""Long play at the contract game's table (issue 28): whole seeded matches of Shanghai Rummy
through the real app, the person's seat driven by real events from the hint (H shows it,
then the key that does it: H, or B / N in the buy window, L to lay down, X to discard; a
third of the moves with the mouse: click the stock or the buy window's buttons, drag the
card onto the discard pile; and every third lay-off, joker swap or contract laid down made
with drags: the card dragged onto the meld, the contract's cards dragged into the staging
groups, a group at a time or card by card, each checked to do just what the hint chose),
with replays of the last turns (P) and window resizes mid-round, while the table's
invariants are checked after every action and every few frames:

- places (issue 43): within a round and a window size the table's cards keep their size
  (but for one announced zoom-out between turns, rows and order kept), a meld no lay-off
  touched keeps its exact place, and one that grew keeps its place unless it no longer fits
  there; checked every frame;
- overlap: no card of one meld, hand or staging group touches a card of another, and the
  cards of one are fanned at least a minimal step apart;
- covered: the turn log's lines and the note on show cover no meld nor each other;
- text: every sidebar button's label fits its button;
- buttons: every enabled action button is an action the match accepts now, every disabled
  one an action it refuses (tried on a copy of the match);
- rest: once nothing moves, every card lies at its layout spot;
- drags: a drag onto a meld or into the staging groups does the hint's action.

Each violation is reported with its seed, window, turn and (once per kind, when a folder is
given) a screenshot. ``tests/ui/contract/test_contract_long_play.py`` plays a sample in CI;
``tests/benchmarks/bench_long_play.py --contract`` plays the full run.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import pygame

from game.engine.actions import Action, Draw
from game.engine.contract.actions import (
    Buy,
    Decline,
    Discard,
    LayDown,
    LayOff,
    SwapJoker,
    TakeDiscard,
)
from game.engine.contract.match import ContractMatch
from game.engine.contract.rules import stands_for
from game.engine.serialize import new_match
from game.session import GameSession, Seat
from game.ui.app import App
from game.ui.cardtable.controls import PADDING
from game.ui.cardtable.geometry import meld_step
from game.ui.cardtable.probe import TableProbe
from game.ui.contract.table import ContractTableScene
from game.ui.scale import ui_scale
from game.ui.scenes.contract_scoreboard import ContractScoreboardScene
from game.ui.widgets.drawing import font
from tests.ui.long_play import (
    INDEX_SHARE,
    Evidence,
    Report,
    accepts,
    fresh_app,
    sidebar_labels_cut,
    zoom_fault,
)

VARIANT = "shanghai-rummy"
SEATS = (Seat("You", "human"), Seat("Ada", "medium"), Seat("Bob", "easy"))
#: the zones whose cards lie in groups that must not touch one another
GROUPED = ("group", "hand", "stage")


@dataclass
class ContractReport(Report):
    """The long play's figures, with the person's moves by kind (buys answered, contracts
    laid down) and how many were made with the mouse."""

    buys: int = 0
    declines: int = 0
    lay_downs: int = 0
    lay_offs: int = 0
    mouse_moves: int = 0
    drags: int = 0  # lay-offs and staged groups made by dragging (a share of mouse_moves)
    reflows: int = 0  # forced moves of melds: the cards shrank, a section outgrew its place


class ContractLongPlay:
    """One seeded Shanghai Rummy match on ``app``, played to its end (or ``max_turns``
    actions)."""

    def __init__(self, app: App, seed: int, resizes: Sequence[tuple[int, int]] = (),
                 shots: Path | None = None, max_turns: int = 600) -> None:
        self.app = app
        self.seed = seed
        self.resizes = list(resizes)
        self.max_turns = max_turns
        match = new_match(VARIANT, len(SEATS), seed, {}, [s.name for s in SEATS])
        assert isinstance(match, ContractMatch)
        self.scene = ContractTableScene(app, GameSession(match, list(SEATS)), autosave=False)
        app.scenes.push(self.scene)
        self.probe = TableProbe(app, self.scene)  # type: ignore[arg-type]
        self.report = ContractReport(matches=1)
        self.evidence = Evidence(app, VARIANT, seed, shots)
        self._places: dict[int, pygame.Rect] | None = None
        self._card: tuple[int, int] = (0, 0)
        self._counts: dict[int, int] = {}  # each meld's cards when last seen
        #: the round and the window size the places were seen in
        self._round: tuple[int, tuple[int, int]] | None = None
        self._zoomed = False  # the round's one zoom-out has happened
        self._placings = 0  # the person's lay-offs, swaps and lay-downs hinted so far

    @property
    def match(self) -> ContractMatch:
        return self.scene.match

    # ------------------------------------------------------------------ running

    def run(self) -> ContractReport:
        started = time.process_time()
        scene = self.scene
        acted = 0
        while not scene.match.over and len(scene.match.log) < self.max_turns:
            self._wait_for_the_person()
            top = self.app.scenes.top
            if isinstance(top, ContractScoreboardScene):
                if scene.match.over:
                    break
                self.probe.key(pygame.K_RETURN)
                self._frames(2)
                continue
            if not self._persons_move():
                self._violation("stuck", f"mode {scene.mode}, top {top!r}, "
                                         f"errors {scene.errors}")
                break
            acted += 1
            self.report.human_turns += 1
            self._check_all()
            if scene.mode == "human":
                if self.resizes and acted % 7 == 3:
                    self._resize(self.resizes[(acted // 7) % len(self.resizes)])
                if acted % 9 == 5 and scene.replay.available():
                    self._replay_last_turns()
            self._act(acted)
        self.report.turns = len(scene.match.log)
        person = [a.kind for a in scene.match.log if a.player == 0]
        self.report.buys = person.count("buy")
        self.report.declines = person.count("decline")
        self.report.lay_downs = person.count("lay_down")
        self.report.lay_offs = person.count("lay_off") + person.count("swap_joker")
        self.report.hands = scene.match.deal.number + 1
        self.report.seconds = time.process_time() - started
        return self.report

    def _persons_move(self) -> bool:
        scene = self.scene
        return self.app.scenes.top is scene and scene.mode in ("human", "buy") \
            and scene.human.my_move() and not scene.sprites.busy

    def _frames(self, count: int) -> None:
        for _ in range(count):
            self.probe.frames(1)
            self.report.frames += 1
            self._check_places()
            if self.report.frames % 15 == 0:
                self._check_frame()

    def _wait_for_the_person(self) -> None:
        """Frames until the person is to act (their turn or the buy window), the scoreboard
        is up or the game stopped, checking the table as it goes."""
        scene = self.scene
        for _ in range(20000):
            if isinstance(self.app.scenes.top, ContractScoreboardScene) \
                    or scene.mode == "stopped" or self._persons_move():
                break
            worker = self.probe._thinking()
            if worker is not None:
                worker.wait(0.02)
            self._frames(1)
            if scene.mode in ("settle", "human", "think") and not scene.sprites.busy:
                self._check_places()
        self._check_places()

    # ------------------------------------------------------------------ the person's move

    def _act(self, number: int) -> None:
        """Ask for the hint (H), then do it with its key; without a hint, the plainest
        move (decline, draw, discard the first card)."""
        scene, probe = self.scene, self.probe
        before = len(scene.match.log)
        probe.key(pygame.K_h)
        self._settle_hint()
        action = scene.hint.action
        if action is not None:
            self._check_all()  # the hint's note and its staged groups on show
            placing = isinstance(action, LayOff | SwapJoker | LayDown)
            self._placings += placing
            if placing and self._placings % 3 == 0 and self._drag_for(action):
                self.report.drags += 1
                self.report.mouse_moves += 1
            elif number % 3 == 0 and self._mouse_for(action):
                self.report.mouse_moves += 1
            else:
                probe.key(self._key_for(action, number))
            self.report.hint_plays += 1
        elif scene.mode == "buy":
            probe.key(pygame.K_n)
        elif scene.match.deal.phase == "draw":
            probe.key(pygame.K_d)
        else:
            hand = scene.bottom_hand()
            if hand:
                probe.click(probe.center(hand[0]))
            probe.key(pygame.K_x)
        self._frames(3)
        self._settle()
        if len(scene.match.log) == before and self._persons_move():
            self._violation("turn", f"the person's move was refused: {scene.status.text}; "
                                    f"{scene.message.title if scene.message else ''}")
            self._give_up_a_move()

    def _mouse_for(self, action: Action) -> bool:
        """Do the hint's ``action`` with the mouse where it has a plain gesture: click the
        stock, click the buy window's button, drag the lifted card onto the discard pile;
        False when it has none."""
        scene, probe = self.scene, self.probe
        layout = scene.layout
        assert layout is not None
        if isinstance(action, Draw):
            probe.click(layout.stock.center)
        elif isinstance(action, Buy | Decline) and scene.prompt is not None:
            name = "buy" if isinstance(action, Buy) else "decline"
            probe.click(scene.prompt.buttons[name].rect.center)
        elif isinstance(action, Discard) and action.card in scene.sprites.sprites:
            probe.drag(probe.center(action.card), layout.discard.center)
        else:
            return False
        return True

    def _drag_for(self, action: Action) -> bool:
        """Do the hint's lay-off, joker swap or lay-down with the mouse: drag the card onto
        the meld, or the contract's cards into the staging groups (a group at a time, its
        cards selected by clicks, or card by card), then Lay down; and check the drags did
        just what the hint chose. False when the hint's cards are not on show."""
        if isinstance(action, LayOff | SwapJoker):
            return self._drag_onto_meld(action)
        if isinstance(action, LayDown):
            return self._drag_into_groups(action)
        return False

    def _drag_onto_meld(self, action: LayOff | SwapJoker) -> bool:
        scene, probe = self.scene, self.probe
        layout = scene.layout
        card = action.card
        assert layout is not None and card is not None
        box = layout.meld(action.meld)
        meld = scene.match.deal.melds[action.meld]
        if box is None or card not in scene.sprites.sprites:
            return False
        declared = scene.match.deal.declared
        if isinstance(action, SwapJoker):  # onto the joker it takes the place of
            under = [c for c in meld.cards if c.is_joker and stands_for(declared.get(c), card)]
        else:  # onto a card of the meld (a joker there would mean a swap), first or last
            under = [c for c in meld.cards if not c.is_joker]
            under = under[-1:] if self.report.drags % 2 else under[:1]
        if not under or under[0] not in scene.sprites.sprites:
            return False
        target = probe.center(under[0])
        before = len(scene.match.log)
        probe.drag(probe.center(card), target)
        self._frames(2)
        self._settle()
        done = scene.match.log[before:]
        if [(a.kind, getattr(a, "card", None), getattr(a, "meld", None)) for a in done] \
                != [(action.kind, card, action.meld)]:
            cards = " ".join(str(c) for c in meld.cards)
            self._violation("drags", f"{card} dragged onto meld {action.meld} ({cards}) at "
                                     f"{target} did {[str(a) for a in done]}, not the hint's "
                                     f"{action}: {scene.status.text}")
        return True

    def _drag_into_groups(self, action: LayDown) -> bool:
        scene, probe = self.scene, self.probe
        if any(c not in scene.sprites.sprites for meld in action.melds for c in meld):
            return False
        probe.key(pygame.K_ESCAPE)  # the hint's groups go: the cards are dragged there
        self._settle()
        whole = self.report.drags % 2 == 0  # a group at a time, else card by card
        for slot, meld in enumerate(action.melds):
            bundles = [list(meld)] if whole else [[c] for c in meld]
            for bundle in bundles:
                layout = scene.layout
                assert layout is not None
                if slot >= len(layout.slots):
                    break
                if len(bundle) > 1:  # selected by clicks, dragged together
                    for card in bundle:
                        probe.click(probe.center(card))
                self._settle()
                probe.drag(probe.center(bundle[0]), layout.slots[slot].rect.center)
                self._frames(2)
                self._settle()
        staged = [frozenset(g) for g in scene.human.stage_groups()]
        wanted = [frozenset(m) for m in action.melds]
        if staged != wanted:
            self._violation("drags", "the drags into the contract's groups made "
                            f"{[sorted(map(str, g)) for g in staged]}, not the hint's "
                            f"{[sorted(map(str, g)) for g in wanted]}")
            return True
        before = len(scene.match.log)
        self._check_all()  # the staged groups on show
        probe.key(pygame.K_l)
        self._frames(2)
        done = scene.match.log[before:]
        if len(done) != 1 or not isinstance(done[0], LayDown) \
                or [frozenset(m) for m in done[0].melds] != wanted:
            self._violation("drags", f"Lay down after the drags did {[str(a) for a in done]}, "
                                     f"not the hint's {action}: {scene.status.text}")
        return True

    @staticmethod
    def _key_for(action: Action, number: int) -> int:
        if isinstance(action, Buy):
            return pygame.K_b
        if isinstance(action, Decline):
            return pygame.K_n
        if isinstance(action, LayDown):
            return pygame.K_l  # the hint built the groups: Lay down lays them
        if isinstance(action, Discard):
            return pygame.K_x  # the hint lifted the card: Discard throws it
        if isinstance(action, Draw) and number % 2:
            return pygame.K_d
        if isinstance(action, TakeDiscard) and number % 2:
            return pygame.K_t
        return pygame.K_h  # H again does it

    def _give_up_a_move(self) -> None:
        scene, probe = self.scene, self.probe
        if scene.mode == "buy":
            probe.key(pygame.K_n)
        elif scene.match.deal.phase == "draw":
            probe.key(pygame.K_d)
        else:
            probe.key(pygame.K_ESCAPE)
            hand = scene.bottom_hand()
            if hand:
                probe.click(probe.center(hand[-1]))
            probe.key(pygame.K_x)
        self._frames(3)
        self._settle()

    def _settle_hint(self) -> None:
        scene = self.scene
        for _ in range(4000):
            worker = scene.hint.worker
            if worker is None:
                break
            worker.wait(0.02)
            self._frames(1)
        self._frames(1)
        self._settle()

    def _replay_last_turns(self) -> None:
        scene = self.scene
        self.probe.key(pygame.K_p)
        if scene.mode != "replay":
            return
        self.report.replays += 1
        for _ in range(4000):
            if scene.mode != "replay":
                break
            self._frames(1)
        self._settle()
        self._check_all()

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
        """The player's rule for the felt (issue 43), measured in pixels, the same as at the
        manipulation table: within a round and a window size the table's cards keep their
        size (but for one zoom-out between turns, said in words, every meld keeping its row
        and its order in the row); a meld that no lay-off touched keeps its exact place,
        whatever happened to the other melds or seats; a meld that grew keeps its place
        unless its new width no longer fits there. Nothing is excused by a change
        elsewhere."""
        scene = self.scene
        layout = scene.layout
        if layout is None or scene.mode == "replay" or scene.replay.active:
            return
        key = (scene.match.deal.number, self.app.size)
        if key != self._round:
            self._round, self._places, self._zoomed = key, None, False
        places = {box.index: box.rect.copy() for box in layout.melds}
        counts = {box.index: box.count for box in layout.melds}
        melds = self.scene.match.deal.melds
        old = self._places
        if old:  # (an empty table's card size means nothing)
            if layout.table_card != self._card:
                wrong = zoom_fault(scene, self._card, layout.table_card, self._zoomed)
                if wrong:
                    self._violation("size", wrong)
                self._zoomed = True
                self.report.reflows += 1
                both = [i for i in places if i in old]
                if _rows({i: old[i] for i in both}) != _rows({i: places[i] for i in both}):
                    self._violation("places", "the zoom-out changed the melds' rows or order")
            else:
                for index, now in places.items():
                    then = old.get(index)
                    if then is None or now.topleft == then.topleft:
                        continue
                    cards = " ".join(str(c) for c in melds[index].cards)
                    if counts[index] == self._counts.get(index):
                        self._violation("places", f"meld {index} ({cards}), untouched, moved "
                                        f"from {tuple(then.topleft)} to {tuple(now.topleft)}")
                        return
                    stay = pygame.Rect(then.topleft, now.size)
                    others = [r for i, r in places.items() if i != index]
                    if layout.table.contains(stay) and not any(
                            stay.inflate(layout.margin // 2, 0).colliderect(r) for r in others):
                        self._violation("places", f"meld {index} ({cards}) grew and moved "
                                        f"from {tuple(then.topleft)} to {tuple(now.topleft)} "
                                        f"though it fitted in place")
                        return
                    self.report.reflows += 1  # forced: it no longer fit where it was
        self._places, self._counts = places, counts
        self._card = layout.table_card

    def _check_covered(self) -> None:
        """The turn log's lines and the note cover no meld and not each other."""
        scene = self.scene
        layout = scene.layout
        if layout is None or self.app.scenes.top is not scene or scene.mode == "replay":
            return
        panels = [(f"log line {i + 1}", rect) for i, rect in enumerate(scene.log_rects)]
        if scene.message is not None and scene.note_rect is not None:
            panels.append((f"note {scene.message.title!r}", scene.note_rect))
        for i, (name, rect) in enumerate(panels):
            for box in layout.melds:
                if rect.colliderect(box.rect):
                    cards = " ".join(str(c) for c in scene.match.deal.melds[box.index].cards)
                    self._violation("covered", f"{name} {tuple(rect)} covers meld {box.index} "
                                               f"({cards}) at {tuple(box.rect)}")
                    return
            for other_name, other in panels[i + 1:]:
                if rect.colliderect(other):
                    self._violation("covered", f"{name} and {other_name} overlap")
                    return

    def _check_overlap(self) -> None:
        scene = self.scene
        if scene.layout is None or scene.sprites.busy:
            return
        resting = [s for s in scene.sprites.sprites.values()
                   if s.resting and s.spot.zone in GROUPED]
        for i, a in enumerate(resting):
            ra = a.rect
            unit_a = (a.spot.zone, a.spot.group)
            for b in resting[i + 1:]:
                rb = b.rect
                if not rb.colliderect(ra):
                    continue
                unit_b = (b.spot.zone, b.spot.group)
                if unit_a != unit_b:
                    self._violation("overlap", f"{a.card} {unit_a} {tuple(ra)} and {b.card} "
                                               f"{unit_b} {tuple(rb)} overlap ({scene.mode})")
                    return
                fan = abs(rb.x - ra.x)
                need = meld_step(ra.w) - 1 if a.spot.zone == "group" \
                    else round(ra.w * INDEX_SHARE)
                if fan < need - 1 and ra.y == rb.y:
                    self._violation("overlap", f"{b.card} and {a.card} in {unit_a} are only "
                                               f"{fan}px apart (at least {need})")
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
        """Every enabled action button is an action the match accepts, every disabled one
        an action it refuses (on a copy of the match); the buy window's two likewise."""
        scene = self.scene
        controls = scene.controls
        if controls is None or self.app.scenes.top is not scene:
            return
        scene._update_controls()
        match, seat = scene.match, scene.bottom
        if scene.mode == "buy" and scene.prompt is not None:
            for name, action in (("buy", Buy(seat)), ("decline", Decline(seat))):
                button = scene.prompt.buttons.get(name)
                if button is not None and button.is_enabled != accepts(match, action):
                    self._violation("buttons", f"the buy window's {name} is "
                                               f"{'on' if button.is_enabled else 'off'}")
        mine = scene.mode == "human" and scene.human.my_move()
        one = scene.selected[0] if len(scene.selected) == 1 else None
        groups = tuple(tuple(g) for g in scene.human.stage_groups()) \
            if scene.human.staging() else ()
        actions: dict[str, Action | None] = {
            "draw": Draw(seat), "take": TakeDiscard(seat),
            "discard": Discard(seat, one) if one is not None else None,
            "lay_down": LayDown(seat, groups, {}) if groups else None}
        for name, action in actions.items():
            button = controls.buttons.get(name)
            if button is None or not button.visible:
                continue
            accepted = mine and action is not None and accepts(match, action)
            if button.is_enabled != accepted:
                self._violation("buttons", f"{name} is {'on' if button.is_enabled else 'off'} "
                                           f"but the match {'accepts' if accepted else 'refuses'}"
                                           f" it ({scene.mode}, {match.deal.phase})")

    def _check_text(self) -> None:
        for problem in sidebar_labels_cut(self.scene.controls):
            self._violation("text", problem)
        prompt = self.scene.prompt
        if prompt is not None and self.scene.mode == "buy":
            px = round(17 * ui_scale(self.app.size))  # as BuyPrompt.build sizes them
            for name, button in prompt.buttons.items():
                width = font(px, "bold").size(button.text)[0]
                if width > button.rect.w - 2 * PADDING + 2:
                    self._violation("text", f"the buy window's {name} {button.text!r} is "
                                            f"{width}px in a {button.rect.w}px button")

    # ------------------------------------------------------------------ reporting

    def _violation(self, kind: str, detail: str) -> None:
        self.report.violations.append(self.evidence.violation(
            kind, len(self.scene.match.log), detail))


def play(seed: int, size: tuple[int, int], data_dir: Path,
         resizes: Sequence[tuple[int, int]] = (), shots: Path | None = None,
         lang: str = "en", max_turns: int = 600) -> ContractReport:
    """One Shanghai Rummy match from ``seed`` in a new app at ``size`` (in ``lang``),
    resized to each of ``resizes`` in turn mid-round."""
    with fresh_app(size, data_dir, lang) as app:
        return ContractLongPlay(app, seed, resizes, shots, max_turns).run()


def _rows(places: dict[int, pygame.Rect]) -> list[list[int]]:
    """The melds row by row, each row left to right."""
    rows: dict[int, list[tuple[int, int]]] = {}
    for index, rect in places.items():
        rows.setdefault(rect.y, []).append((rect.x, index))
    return [[i for _, i in sorted(row)] for _, row in sorted(rows.items())]
