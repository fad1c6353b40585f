"""Spectators appear at the table as watching (issue 44): the host's table and a joined
table, of both families, show who watches, from a spectator let in at the lobby and one who
comes during the match, through real sockets and the real app's screens."""

from __future__ import annotations

import time
from typing import Any

import pygame
import pytest

from game.net import HostSettings, NetClient
from game.net.events import Joined
from game.ui.cardtable.text import TextCache
from game.ui.contract.hud import TableHud
from game.ui.manipulation.board import Board
from game.ui.scenes import join as join_module
from game.ui.scenes import lobby as lobby_module
from game.ui.scenes import screens
from tests.ui.conftest import StartApp, button, click, top_name, widget
from tests.ui.scenes.test_join import LOOPBACK, fill_form, frames_until, open_join


@pytest.fixture(autouse=True)
def loopback(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lobby_module, "host_settings", lambda: HostSettings(
        host=LOOPBACK, port=0, takeover_after=30.0, announce=False))
    monkeypatch.setattr(join_module, "start_browser", lambda: None)
    monkeypatch.setattr(join_module, "TOKENS", {})


class InfoPanels:
    """The lines each table last drew in its facts panel (the box beside the seat
    boxes: hand, variant, match), recorded as the tables draw."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.lines: dict[int, list[str]] = {}  # by the table's hud
        self._inside: list[str] | None = None
        render = TextCache.render

        def spy(cache: TextCache, text: str, *args: Any, **kwargs: Any) -> pygame.Surface:
            if self._inside is not None:
                self._inside.append(text)
            return render(cache, text, *args, **kwargs)

        monkeypatch.setattr(TextCache, "render", spy)
        for kind in (Board, TableHud):
            monkeypatch.setattr(kind, "_draw_info", self._recorder(kind._draw_info))

    def _recorder(self, draw: Any) -> Any:
        def recorded(board: Any, *args: Any) -> None:
            self._inside = []
            try:
                draw(board, *args)
            finally:
                self.lines[id(board)], self._inside = self._inside, None
        return recorded

    def show(self, apps: list[Any], text: str) -> None:
        """``text`` is a line of the facts panel at every app's table within a few
        seconds."""
        end = time.monotonic() + 10
        while time.monotonic() < end:
            for app in apps:
                app.frame(1 / 60)
            if all(text in self.lines.get(id(app.scenes.top.hud), ()) for app in apps):
                return
            time.sleep(0.003)
        raise AssertionError(f"{text!r} is not in every table's panel: {self.lines}")


@pytest.mark.parametrize(("variant", "tables"), [
    ("machiavelli", ("HostedTableScene", "JoinedTableScene")),
    ("shanghai-rummy", ("HostedContractTableScene", "JoinedContractTableScene"))])
def test_the_tables_show_who_is_watching(start_app: StartApp, tmp_path: Any,
                                         monkeypatch: pytest.MonkeyPatch, variant: str,
                                         tables: tuple[str, str]) -> None:
    host_app = start_app(size=(1024, 640))
    joiner = start_app(data_dir=tmp_path / "joiner", size=(1024, 640))
    watcher = start_app(data_dir=tmp_path / "watcher", size=(1024, 640))
    lobby = host_app.scenes.push(screens.lobby(host_app, variant, {},
                                               [("Ada", "human"), ("", "net"), ("Cy", "easy")],
                                               2))
    frames_until([host_app], lambda: lobby.listening is not None, 10, "the host to listen")
    click(host_app, widget(lobby, "spectators"))
    listening = lobby.listening
    where = f"{LOOPBACK}:{listening.port}"
    # Eve watches from her Join screen before the match begins; Bea takes the free seat
    eve = open_join(watcher)
    fill_form(watcher, eve, where, listening.code, "Eve")
    click(watcher, button(watcher, "Watch"))
    bea = open_join(joiner)
    fill_form(joiner, bea, where, listening.code, "Bea")
    click(joiner, button(joiner, "Join"))
    apps = [host_app, joiner, watcher]
    frames_until(apps, lambda: lobby.watchers == ("Eve",) and bea.watchers == ("Eve",)
                 and lobby.seats[1].state == "taken", 15, "the watcher and the joiner")
    panels = InfoPanels(monkeypatch)
    click(host_app, button(host_app, "Start"))
    frames_until(apps, lambda: (top_name(host_app), top_name(joiner)) == tables
                 and top_name(watcher) == tables[1], 15, "the tables")
    hosted, joined = host_app.scenes.top, joiner.scenes.top
    frames_until(apps, lambda: joined.settled and hosted.layout is not None, 20,
                 "the tables to settle")
    # both tables say Eve is watching, at 1024x640, though she came before they opened
    panels.show([host_app, joiner], "Watching: Eve")
    # Tom comes to watch during the match (a third client): both tables add him
    tom = NetClient(where, listening.code, "Tom", watch=True)
    tom.start()
    try:
        frames_until(apps, lambda: any(isinstance(e, Joined) and e.watching
                                       for e in tom.events()), 10, "Tom let in")
        panels.show([host_app, joiner], "Watching: Eve, Tom")
    finally:
        tom.close()
        tom.join(5)
    # Tom leaves: only Eve is watching again
    panels.show([host_app, joiner], "Watching: Eve")
    # whole (never cut) in every language at 1024x640
    for code, line in (("it", "Guardano: Eve"), ("de", "Zuschauer: Eve"),
                       ("es", "Miran: Eve")):
        host_app.settings.language = code
        host_app.apply_language()
        panels.show([host_app, joiner], line)
    assert hosted.errors == [] and joined.errors == []
