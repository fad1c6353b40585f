"""What the game does at start-up with saves that lie or hold out-of-range values, and how
it shows the player every file problem it met (through the real app, headless SDL)."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest
from pygame_gui.elements import UIButton

from game.session import GameSession, Seat
from game.store import AUTOSAVE, Store
from game.ui.scenes import load_session
from game.ui.scenes.notices import NoticesDialog
from game.ui.scenes.title import TitleScene
from game.ui.widgets.drawing import escape_html
from tests.ui.conftest import StartApp

Edit = Callable[[dict[str, Any]], None]


def _session() -> GameSession:
    seats = [Seat("You", "human"), Seat("Ada", "easy")]
    session = GameSession.new("machiavelli", {}, seats, seed=5)
    session.match.draw()
    session.match.draw()
    return session


def _write_save(data_dir: Path, edit: Edit, slot: str = AUTOSAVE) -> bytes:
    """Save a real game in ``slot``, change its envelope with ``edit``; the file's bytes."""
    session = _session()
    store = Store.open(data_dir)
    store.saves.write(slot, session.to_json(), session.summary())
    path = store.saves.path_for(slot)
    store.close()
    envelope = json.loads(path.read_text())
    edit(envelope)
    path.write_text(json.dumps(envelope))
    return path.read_bytes()


def _game(**changes: Any) -> Edit:
    return lambda envelope: envelope["game"].update(changes)


def _match(**changes: Any) -> Edit:
    return lambda envelope: envelope["game"]["match"].update(changes)


def _summary(**changes: Any) -> Edit:
    return lambda envelope: envelope["summary"].update(changes)


def _long_names(envelope: dict[str, Any]) -> None:
    name = "N" * 10_000
    envelope["game"]["seats"][0]["name"] = name
    envelope["game"]["match"]["names"][0] = name
    envelope["summary"]["players"][0] = name


def _seat(number: int, **changes: Any) -> Edit:
    return lambda envelope: envelope["game"]["seats"][number].update(changes)


def _snapshot_totals(envelope: dict[str, Any]) -> None:
    envelope["game"]["match"]["snapshot"]["totals"] = [500, -500]


BAD_SAVES: list[tuple[str, Edit, str, str]] = [
    # (what, edit, a word the message must hold, how the file is kept aside)
    ("started in year 33658", _game(started_at=1e12), "started_at", "unplayable"),
    ("started before 1970", _game(started_at=-5.0), "started_at", "unplayable"),
    ("start as text", _game(started_at="yesterday"), "started_at", "unplayable"),
    ("start as true", _game(started_at=True), "started_at", "unplayable"),
    ("recorded as text", _game(recorded="false"), "recorded", "unplayable"),
    ("10,000-character name", _long_names, "name", "corrupt"),
    ("10,000-character seat name", _seat(0, name="N" * 10_000), "name", "unplayable"),
    ("seat name a number", _seat(1, name=7), "name", "unplayable"),
    ("unknown seat kind", _seat(1, kind="god"), "kind", "unplayable"),
    ("seats not a list", _game(seats="You, Ada"), "seats", "unplayable"),
    ("seat names differ from the match's", _seat(1, name="Eve"), "names", "unplayable"),
    ("scores the moves do not give", _summary(scores=[99, 0]), "scores", "unplayable"),
    ("hand the moves do not reach", _summary(hand=7), "hand", "unplayable"),
    ("players in another order", _summary(players=["Ada", "You"]), "players", "unplayable"),
    ("another variant", _summary(variant="Tahiti"), "variant", "unplayable"),
    ("totals the moves do not give", _snapshot_totals, "snapshot", "unplayable"),
    ("absurd score", _summary(scores=[10**15, 0]), "score", "corrupt"),
    ("negative hand", _summary(hand=-3), "hand", "corrupt"),
    # issue 29: options that are no object (points 4), hints past any count (point 6)
    ("options as text", _match(options="x"), '"options" must be an object', "unplayable"),
    ("options as a list", _match(options=[1]), '"options" must be an object', "unplayable"),
    ("options as a number", _match(options=7), '"options" must be an object', "unplayable"),
    ("seed as a fraction", _match(seed=2.5), '"seed" must be a whole number', "unplayable"),
    ("hints past 2**63", _game(hints=2**63), '"hints" must be a count', "unplayable"),
]


SMALL = (1024, 640)


@pytest.mark.parametrize(("edit", "word", "tag"), [item[1:] for item in BAD_SAVES],
                         ids=[item[0] for item in BAD_SAVES])
def test_a_save_that_lies_or_is_out_of_range_is_refused_at_start_and_kept_aside(
    tmp_path: Path, start_app: StartApp, edit: Edit, word: str, tag: str
) -> None:
    written = _write_save(tmp_path, edit)
    app = start_app(size=SMALL)

    saves_dir = app.store.paths.saves_dir
    assert not (saves_dir / "autosave.json").exists()
    kept = sorted(saves_dir.glob(f"autosave.json.{tag}-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == written  # moved aside, untouched
    problems = [m.problem for m in app.startup_messages if m.path.name == "autosave.json"]
    assert len(problems) == 1 and word in problems[0], problems
    assert len(problems[0]) < 400
    assert not app.store.saves.has_autosave()
    app.scenes.push(TitleScene(app))
    app.frame(1 / 60)
    texts = [e.text for e in app.scenes.top._elements if isinstance(e, UIButton)]
    assert "Continue" not in texts


def test_a_good_save_is_kept_and_continues(tmp_path: Path, start_app: StartApp) -> None:
    _write_save(tmp_path, lambda envelope: None)
    app = start_app(size=SMALL)
    assert app.startup_messages == []
    session = load_session(app, AUTOSAVE)
    assert session is not None
    assert session.summary() == _session().summary()


def _count_replays(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls: list[int] = []
    real = GameSession.from_json

    def counting(data: Any, listing: Any = None) -> GameSession:
        calls.append(1)
        return real(data, listing)

    monkeypatch.setattr(GameSession, "from_json", staticmethod(counting))
    return calls


def test_a_save_the_game_wrote_is_not_replayed_at_start(
    tmp_path: Path, start_app: StartApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = _session()
    store = Store.open(tmp_path)
    store.saves.write(AUTOSAVE, session.to_json(), session.summary())
    store.saves.write("named", session.to_json(), session.summary())
    store.close()
    calls = _count_replays(monkeypatch)
    app = start_app(size=SMALL)
    assert calls == [] and app.startup_messages == []
    assert load_session(app, AUTOSAVE) is not None and calls == [1]


def test_a_save_changed_or_unknown_is_replayed_once_then_trusted(
    tmp_path: Path, start_app: StartApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    _write_save(tmp_path, lambda envelope: None)  # rewritten outside the store
    store = Store.open(tmp_path)
    saves_dir = store.paths.saves_dir
    store.close()
    (saves_dir / ".checked.json").write_bytes(b"\xff not json")  # a damaged cache is ignored
    calls = _count_replays(monkeypatch)
    first = start_app(size=SMALL)
    assert calls == [1] and first.startup_messages == []
    first.store.close()
    second = start_app(size=SMALL)
    assert calls == [1] and second.store.saves.has_autosave()


def test_a_save_changed_after_start_is_refused_on_loading_not_at_the_end_of_the_match(
    tmp_path: Path, start_app: StartApp
) -> None:
    app = start_app(size=SMALL)
    _write_save(tmp_path, _game(started_at=1e12), slot="later")
    assert load_session(app, "later") is None
    assert any("started_at" in text for text, *_ in app.notices)
    assert len(list(app.store.paths.saves_dir.glob("later.json.unplayable-*"))) == 1


# --------------------------------------------------------------------------- notices


def _damage_five_files(data_dir: Path) -> None:
    (data_dir / "saves").mkdir(parents=True)
    (data_dir / "settings.json").write_bytes(b"\x00\xff not settings")
    (data_dir / "presets.json").write_text("[1, 2, 3]")
    (data_dir / "saves" / "Friday night with a rather long save name.json").write_text("{")
    (data_dir / "saves" / "autosave.json").write_text('{"schema": 99}')
    (data_dir / "stats.sqlite3").write_bytes(b"this is not a database " * 200)


def test_every_startup_notice_is_shown_in_full(tmp_path: Path, start_app: StartApp) -> None:
    _damage_five_files(tmp_path)
    app = start_app(size=SMALL)
    assert len(app.startup_messages) == 5, [str(m) for m in app.startup_messages]
    texts = [f"{m.path.name}: {m.problem}" for m in app.startup_messages]

    app.scenes.push(TitleScene(app))
    app.show_startup_messages()
    for _ in range(4):
        app.frame(1 / 60)
    dialog = app.scenes.top
    assert isinstance(dialog, NoticesDialog)
    assert dialog.notices == texts  # each one whole, none dropped
    body = dialog.body
    assert body is not None
    for text in texts:
        assert escape_html(text) in body.html_text
    window = pygame.Rect((0, 0), app.size)
    assert window.contains(body.get_abs_rect())
    assert window.contains(dialog.box)
    layout = body.text_box_layout
    assert layout is not None
    assert layout.layout_rect.width <= body.rect.width  # wrapped, not cut at the side
    if layout.layout_rect.height > body.rect.height:  # taller than the box: it scrolls
        assert body.scroll_bar is not None
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_END, mod=0,
                                             unicode="", scancode=0))
        app.frame(1 / 60)
        bar = body.scroll_bar
        assert bar.start_percentage + bar.visible_percentage == pytest.approx(1.0, abs=0.02)
    # OK closes it and the title is there beneath
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                         unicode="\r", scancode=0))
    for _ in range(3):
        app.frame(1 / 60)
    assert isinstance(app.scenes.top, TitleScene)
    assert app.startup_messages == []


def test_many_startup_notices_scroll_to_the_last(tmp_path: Path, start_app: StartApp) -> None:
    (tmp_path / "saves").mkdir(parents=True)
    for n in range(25):
        (tmp_path / "saves" / f"game number {n:02}.json").write_text("not json at all")
    app = start_app(size=SMALL)
    assert len(app.startup_messages) == 25
    app.scenes.push(TitleScene(app))
    app.show_startup_messages()
    app.frame(1 / 60)
    dialog = app.scenes.top
    assert isinstance(dialog, NoticesDialog) and dialog.body is not None
    assert len(dialog.notices) == 25
    bar = dialog.body.scroll_bar
    assert bar is not None
    assert bar.start_percentage == 0.0
    for _ in range(40):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0,
                                             unicode="", scancode=0))
        app.frame(1 / 60)
    assert bar.start_percentage + bar.visible_percentage == pytest.approx(1.0, abs=0.02)
    assert isinstance(app.scenes.top, NoticesDialog)  # arrows scroll, they do not close it


class _RecordingFont:
    """The app's notice font, noting every line it renders."""

    def __init__(self, font: pygame.font.Font) -> None:
        self.font = font
        self.rendered: list[str] = []

    def render(self, text: str, *args: Any) -> pygame.Surface:
        self.rendered.append(text)
        return self.font.render(text, *args)

    def size(self, text: str) -> tuple[int, int]:
        return self.font.size(text)

    def get_linesize(self) -> int:
        return self.font.get_linesize()


def test_notices_wrap_and_wait_their_turn_rather_than_being_cut_or_dropped(
    tmp_path: Path, start_app: StartApp, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = start_app(size=SMALL)
    font = _RecordingFont(app._font)
    app._font = font  # type: ignore[assignment]
    texts = [f"Notice {n}: " + " ".join(f"word{n}-{k}" for k in range(40)) for n in range(7)]
    for text in texts:
        app.notify(text)
    clock = [time.monotonic()]
    monkeypatch.setattr(time, "monotonic", lambda: clock[0])
    shown: set[str] = set()
    for _ in range(30):
        font.rendered.clear()
        app._draw_notices()
        drawn = " ".join(font.rendered)
        for line in font.rendered:
            assert font.size(line)[0] <= app.size[0] - 48
        shown.update(text for text in texts if text in drawn)
        clock[0] += 2.0
    assert shown == set(texts)
    assert app.notices == []
