"""Issue 29.13: a game seen at the table replays headless (``machiavelli replay``) in the
very words of the table's turn log, and its computer seats, seeded in one place
(``computer_seed``), choose the same actions again."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pygame
import pytest

from game.cli import main
from game.commands.simulate import SeatStats, play_match
from game.engine.protocol import GameState
from game.store import AUTOSAVE
from game.store.seats import Seat
from game.ui.app import App
from game.ui.cardtable.card_table import CardTableScene
from game.ui.scenes.scoreboard import ScoreboardScene
from tests.ui.conftest import StartApp, open_table

SEATS = [Seat("You", "human"), Seat("Ada", "hard"), Seat("Bob", "medium")]


@pytest.fixture
def app(start_app: StartApp) -> App:
    return start_app(speed=4.0)


def table_seed(match_seed: int, seat: int) -> int:
    """The seed the table screens give the computer player at ``seat``."""
    seeds: list[int] = []
    table = SimpleNamespace(_players={}, session=SimpleNamespace(seats=SEATS),
                            match=SimpleNamespace(seed=match_seed))
    CardTableScene.computer_player(table, seat,  # type: ignore[arg-type]
                                   lambda level, seed: seeds.append(seed) or object())
    return seeds[0]


def simulate_seeds(match_seed: int, levels: list[str]) -> list[int]:
    """The seeds ``simulate`` gives each seat of its match dealt from ``match_seed``
    (unrotated: seat i holds the i-th listed level)."""
    seeds: list[int] = []

    def make(match: GameState, level: str, seed: int) -> Any:
        seeds.append(seed)
        if len(seeds) == len(levels):
            raise _Stop  # every seat made: no need to play
        return object()

    with pytest.raises(_Stop):
        play_match("machiavelli", {}, levels, match_seed, 0,
                   [SeatStats(level) for level in levels], 1, make)
    return seeds


class _Stop(Exception):
    pass


@pytest.mark.parametrize("match_seed", [0, 11, 2**31 - 2, 2**40 + 3])
def test_the_table_and_simulate_seed_a_seat_alike(match_seed: int) -> None:
    seeds = simulate_seeds(match_seed, ["hard", "medium", "easy"])
    assert seeds == [table_seed(match_seed, seat) for seat in range(3)]
    from game.ai.turns import computer_seed  # the one place (what both call)

    assert seeds == [computer_seed(match_seed, seat) for seat in range(3)]


def play_a_few_turns(app: App, seed: int, turns: int) -> Any:
    """A Machiavelli table (you, Hard, Medium) where you take the hint's play or draw,
    ``turns`` times or until the hand ends; the probe."""
    probe = open_table(app, "machiavelli", SEATS, seed, autosave=True)
    scene = probe.scene
    for _turn in range(turns):
        if isinstance(app.scenes.top, ScoreboardScene):
            break
        probe.key(pygame.K_h)
        probe.until(lambda: scene.human.hint_worker is None, 1200, "the hint")
        probe.frames(2)
        if scene.mode == "hint":  # the hint's play is told on the table: take it
            probe.key(pygame.K_SPACE)
            probe.key(pygame.K_RETURN)
        if scene.draft is not None and scene.draft.touched and scene.draft.check().ok:
            probe.key(pygame.K_e)
        else:
            probe.key(pygame.K_d)
        probe.until(lambda: probe.idle() or isinstance(app.scenes.top, ScoreboardScene),
                    4000, "your turn or the end of the hand")
    return probe


def test_replay_prints_the_turns_the_table_showed(app: App,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    probe = play_a_few_turns(app, 3, 6)
    scene = probe.scene
    shown = [words for _seat, words in scene.turn_log]
    assert len(shown) >= 12 and any(words.startswith("You: ") for words in shown)
    save = app.store.saves.path_for(AUTOSAVE)
    capsys.readouterr()
    assert main(["replay", str(save)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "hand 1:"
    assert [line.removeprefix("  ") for line in lines[1:]] == shown
    # the computer seats, made as the table made them, choose the same actions again
    assert main(["replay", str(save), "--check", "--json"]) == 0
    turns = json.loads(capsys.readouterr().out)
    assert [turn["words"] for turn in turns] == shown
    assert [turn.get("same") for turn in turns] == [
        None if seat == 0 else True for seat, _words in scene.turn_log]
    assert scene.errors == []


def test_the_json_replay_is_the_match(app: App, capsys: pytest.CaptureFixture[str]) -> None:
    probe = play_a_few_turns(app, 5, 3)
    match = probe.scene.match
    save: Path = app.store.saves.path_for(AUTOSAVE)
    capsys.readouterr()
    assert main(["replay", str(save), "--json"]) == 0
    turns = json.loads(capsys.readouterr().out)
    assert isinstance(turns, list) and len(turns) == len(match.deal.turns)
    for turn, record in zip(turns, match.deal.turns, strict=True):
        assert set(turn) == {"hand", "seat", "name", "kind", "played", "drawn", "table",
                             "words"}
        assert turn["hand"] == 1 and turn["seat"] == record.player
        assert turn["name"] == ("You" if record.player == 0 else SEATS[record.player].name)
        assert turn["kind"] == record.ended_by
        assert turn["played"] == [str(card) for card in record.played]
        assert turn["table"] == str(record.after)
        assert isinstance(turn["drawn"], int) and turn["words"].startswith(turn["name"])
