"""The pace of the table at the default animation speed (issue 28.11, issue 30), driven
through the real App at 60 frames a second: every step of a story (a computer's play, Last
turns) rests in view long enough to read, a computer's draw too, a replayed turn waits
long enough to be paused on, and while a computer or a hint thinks something on screen
moves."""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Iterator
from typing import Any

import pygame
import pytest

import game.ui.cardtable.driver as driver
import game.ui.contract.computer as contract_computer
import game.ui.contract.hint as contract_hint
import game.ui.manipulation.computer as computer
from game.engine.serialize import new_match
from game.session import GameSession, Seat
from game.ui.cardtable.probe import TableProbe
from game.ui.cardtable.text import TextCache
from game.ui.contract.table import ContractTableScene
from tests.ui.conftest import StartApp, open_table

THREE = [Seat("You", "human"), Seat("Ada", "medium"), Seat("Bob", "easy")]
#: Ada lays three melds down (one takes 6S from the spade run), Bob puts 6H on the sixes
STORY = {"table": "3H 4H 5H | 7C 7D 7S | 6S 7S 8S 9S 10S",
         "hands": ["2C 2D KD QC", "8C 8D 8H 6C 6D JH QH KH 4C", "6H 2S AD"], "current": 0}
#: neither computer can play: both draw
DRAWS = {"table": "3H 4H 5H | 7C 7D 7S",
         "hands": ["2C 2D KD QC", "9C JD KH", "2S AD QH"], "current": 0}
READABLE = 0.4  # seconds a step must rest in view at speed 1
PAUSABLE = 1.0  # seconds a replayed turn waits at its end, time to press Space
DT = 1 / 60


@pytest.fixture
def table(start_app: StartApp) -> Callable[[dict], TableProbe]:
    def build(rigged: dict) -> TableProbe:
        return open_table(start_app(speed=1.0), "machiavelli", THREE, 5, rigged)
    return build


def story_key(probe: TableProbe) -> tuple:
    """What the story on show is at: the mode, the turn replayed, the steps shown."""
    scene = probe.scene
    story = scene.story()
    index = scene.replay.index if scene.mode == "replay" else -1
    return scene.mode, index, id(story) if story else 0, len(story.done) if story else -1


def rests(probe: TableProbe, until: Callable[[], bool], limit: int = 2400
          ) -> list[tuple[tuple, float]]:
    """Run frames (a computer's thinking takes none: its worker is waited for) until
    ``until()``; for each state of the story, how long it rested with nothing moving
    before the story moved on (the commit of a computer's play does not move it on: its
    last step stays in view until the next seat's turn)."""
    scene = probe.scene
    out: list[tuple[tuple, float]] = []
    key, still = story_key(probe), 0.0
    for _ in range(limit):
        if until():
            break
        for worker in scene.workers():
            worker.wait(60)
        probe.frames(1)
        now = story_key(probe)
        if now[0] == "settle" and key[0] == "playback":
            now = key
        if now != key:
            out.append((key, still))
            key, still = now, 0.0
        elif scene.sprites.busy:
            still = 0.0
        else:
            still += DT
    return out


def test_each_step_of_a_computers_play_rests_in_view(table) -> None:  # noqa: ANN001
    probe = table(STORY)
    scene = probe.scene
    probe.key(pygame.K_d)
    seen = rests(probe, lambda: scene.mode == "human" and scene.match.deal.current == 0)
    steps = [(key, rest) for key, rest in seen if key[0] == "playback" and key[3] > 0]
    assert len(steps) >= 3, "Ada's play told in three steps or more"
    assert all(rest >= READABLE for _, rest in steps), steps


def test_a_computers_draw_rests_in_view_once_its_card_has_landed(table) -> None:  # noqa: ANN001
    probe = table(DRAWS)
    scene = probe.scene
    probe.key(pygame.K_d)
    seen = rests(probe, lambda: scene.mode == "human" and scene.match.deal.current == 0)
    assert [t.ended_by for t in scene.match.deal.turns] == ["draw", "draw", "draw"]
    settles = [rest for key, rest in seen if key[0] == "settle"]
    # the person's draw, then Ada's and Bob's: each computer's drawn card lands and rests
    assert len(settles) == 3 and min(settles[1:]) >= READABLE, settles


def test_last_turns_rest_on_every_step_and_wait_at_each_turns_end(table) -> None:  # noqa: ANN001
    probe = table(STORY)
    scene = probe.scene
    probe.key(pygame.K_d)
    probe.settle()
    probe.key(pygame.K_l)
    seen = rests(probe, lambda: scene.mode == "human")
    shown = [(key, rest) for key, rest in seen if key[0] == "replay" and key[3] > 0]
    assert all(rest >= READABLE for _, rest in shown), shown
    ends = [rest for (key, rest), nxt in zip(seen, [*seen[1:], (("human",), 0.0)], strict=True)
            if key[0] == "replay" and nxt[0][:2] != key[:2]]
    assert len(ends) == 2 and min(ends) >= PAUSABLE, ends


def test_space_right_after_a_replayed_turn_stays_on_it(table) -> None:  # noqa: ANN001
    probe = table(DRAWS)
    scene = probe.scene
    probe.key(pygame.K_d)
    probe.settle()
    probe.key(pygame.K_l)
    replay = scene.replay
    probe.until(lambda: replay.playback is not None and replay.playback.finished
                and not scene.sprites.busy, 600, "Ada's draw told")
    probe.frames(int(0.8 / DT))  # the person reads it, then reaches for Space
    assert replay.index == 0, "the replay moved on before it could be paused"
    probe.key(pygame.K_SPACE)
    probe.frames(300)
    assert replay.index == 0 and replay.pacer.paused and scene.mode == "replay"


@pytest.fixture
def gate(monkeypatch: pytest.MonkeyPatch) -> Iterator[threading.Event]:
    """Once the test closes the gate (``gate.clear()``), computer players and hints think
    until it opens again (at the latest at the end of the test)."""
    opened = threading.Event()
    opened.set()
    ask, hint_for, suggest = computer.ask, driver.hint_for, contract_hint.suggest

    def slow_ask(player: Any, view: Any) -> Any:
        opened.wait(30)
        return ask(player, view)

    def slow_hint(view: Any) -> Any:
        opened.wait(30)
        return hint_for(view)

    def slow_suggest(view: Any, level: str) -> Any:
        opened.wait(30)
        return suggest(view, level)

    monkeypatch.setattr(computer, "ask", slow_ask)
    monkeypatch.setattr(contract_computer, "ask", slow_ask)
    monkeypatch.setattr(driver, "hint_for", slow_hint)  # the name the hint worker calls
    monkeypatch.setattr(contract_hint, "suggest", slow_suggest)
    yield opened
    opened.set()


def picture(area: pygame.Rect) -> bytes:
    surface = pygame.display.get_surface()
    return pygame.image.tobytes(surface.subsurface(area.clip(surface.get_rect())), "RGB")


def seconds_rendered(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The texts like "3 s" drawn from now on."""
    drawn: list[str] = []
    render = TextCache.render

    def spy(self: TextCache, text: str, *args: Any, **kwargs: Any) -> pygame.Surface:
        if re.fullmatch(r"\d+ s", text):
            drawn.append(text)
        return render(self, text, *args, **kwargs)

    monkeypatch.setattr(TextCache, "render", spy)
    return drawn


def test_a_thinking_computer_shows_a_moving_sign_and_the_time_taken(
        table, gate: threading.Event, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: ANN001
    probe = table(STORY)
    scene = probe.scene
    gate.clear()
    probe.key(pygame.K_d)
    for _ in range(120):
        if scene.mode == "think":
            break
        probe.frames(1)
    assert scene.mode == "think" and scene.match.deal.current == 1
    drawn = seconds_rendered(monkeypatch)
    box = scene.layout.seat_rects[1].inflate(-8, -8)  # inside the box: not the glow round it
    pictures = set()
    for _ in range(6):
        probe.frames(5)
        pictures.add(picture(box))
    assert len(pictures) >= 5, "the thinking seat's box moves every few frames"
    assert not drawn, "no time is shown in the first seconds"
    probe.frames(int(1.8 / DT))
    assert scene.mode == "think" and drawn and drawn[-1] in ("2 s", "3 s"), drawn
    gate.set()
    probe.settle()


def test_looking_for_a_hint_shows_a_moving_sign(
        table, gate: threading.Event) -> None:  # noqa: ANN001
    probe = table(STORY)
    scene = probe.scene
    gate.clear()
    probe.key(pygame.K_h)
    probe.frames(2)
    assert scene.human.hint_worker is not None and scene.note_rect is not None
    note = scene.note_rect.copy()
    pictures = set()
    for _ in range(6):
        probe.frames(5)
        pictures.add(picture(note))
    assert len(pictures) >= 5, "the note moves while the hint is looked for"
    probe.frames(int(40 / DT / 10) * 10)  # longer than the note's own time
    assert scene.message is scene.human.looking, "the note stays while the search runs"
    gate.set()
    probe.until(lambda: scene.human.hint_worker is None, 600, "the hint")


# --------------------------------------------------------------------------- the contract table


@pytest.fixture
def contract(start_app: StartApp) -> Callable[[], TableProbe]:
    """Shanghai Rummy at speed 1, the person first, buys always declined; seeded so that
    Ada takes the discard, lays her contract down and discards, and Boole draws."""
    def build() -> TableProbe:
        app = start_app(speed=1.0)
        app.settings.always_decline_buys = True
        seats = [Seat("You", "human"), Seat("Ada", "medium"), Seat("Boole", "easy")]
        match = new_match("shanghai-rummy", 3, 5, {}, [seat.name for seat in seats])
        scene = ContractTableScene(app, GameSession(match, seats), autosave=False)
        app.scenes.push(scene)
        probe = TableProbe(app, scene)  # type: ignore[arg-type]
        probe.until(lambda: scene.mode == "human" and not scene.sprites.busy, 3000, "a deal")
        return probe
    return build


def discard_first(probe: TableProbe) -> None:
    """The person draws (the others decline the discard) and discards a card."""
    scene: Any = probe.scene
    match = scene.match
    probe.key(pygame.K_d)
    probe.until(lambda: scene.mode == "human" and match.awaiting == 0
                and match.deal.phase != "draw" and not scene.sprites.busy, 3000, "the draw")
    scene.select([match.deal.hands[0][0]])
    probe.key(pygame.K_x)


def test_each_action_of_a_contract_computer_rests_in_view(contract) -> None:  # noqa: ANN001
    probe = contract()
    scene: Any = probe.scene
    discard_first(probe)
    rested: list[tuple[str, float]] = []
    status, still = scene.status.text, 0.0
    for _ in range(1200):
        if scene.mode == "human" and scene.match.awaiting == 0:
            break
        for worker in scene.workers():
            worker.wait(60)
        was = scene.mode
        probe.frames(1)
        if scene.status.text != status:
            if was == "settle":
                rested.append((status, still))
            status, still = scene.status.text, 0.0
        elif scene.sprites.busy:
            still = 0.0
        else:
            still += DT
    computers = [(words, rest) for words, rest in rested if not words.startswith("You ")]
    assert len(computers) >= 4, rested  # Ada takes, lays down, discards; Boole draws...
    assert all(rest >= READABLE for _, rest in computers), computers


def test_a_thinking_contract_computer_shows_a_moving_sign(
        contract, gate: threading.Event) -> None:  # noqa: ANN001
    probe = contract()
    scene: Any = probe.scene
    discard_first(probe)
    gate.clear()  # the discard is down: Ada thinks over her turn until the gate opens
    for _ in range(120):
        if scene.mode == "think":
            break
        probe.frames(1)
    assert scene.mode == "think" and scene.computer.thinker == 1
    box = scene.layout.seat_rects[1].inflate(-8, -8)
    pictures = set()
    for _ in range(6):
        probe.frames(5)
        pictures.add(picture(box))
    assert len(pictures) >= 5, "the thinking seat's box moves every few frames"
    gate.set()


def test_working_out_a_contract_hint_shows_a_moving_sign(
        contract, gate: threading.Event) -> None:  # noqa: ANN001
    probe = contract()
    scene: Any = probe.scene
    gate.clear()
    probe.key(pygame.K_h)
    assert scene.hint.worker is not None and scene.message is scene.hint.looking
    pictures = set()
    for _ in range(6):
        probe.frames(5)
        pictures.add(picture(scene.layout.table))
    assert len(pictures) >= 5, "the note moves while the hint is worked out"
    probe.frames(int(5 / DT))  # longer than the note's own time
    assert scene.message is scene.hint.looking, "the note stays while the hint is worked out"
    gate.set()
    probe.until(lambda: scene.hint.worker is None, 600, "the hint")


def test_a_contract_replay_rests_on_every_step_and_waits_at_each_turns_end(
        contract) -> None:  # noqa: ANN001
    probe = contract()
    scene: Any = probe.scene
    discard_first(probe)
    probe.until(lambda: scene.mode == "human" and scene.match.awaiting == 0
                and not scene.sprites.busy, 3000, "the person's turn again")
    probe.key(pygame.K_p)
    replay = scene.replay
    assert replay.active
    rested: list[tuple[object, float]] = []
    index, still = replay.index, 0.0
    for _ in range(3000):
        if not replay.active:
            break
        probe.frames(1)
        if replay.index != index or not replay.active:
            rested.append((replay.steps[index - 1] if index else None, still))
            index, still = replay.index, 0.0
        elif scene.sprites.busy:
            still = 0.0
        else:
            still += DT
    assert len(rested) >= 5, rested
    assert all(rest >= READABLE for _, rest in rested), rested
    ends = [rest for action, rest in rested if type(action).__name__ == "Discard"]
    assert ends and min(ends) >= PAUSABLE, rested
