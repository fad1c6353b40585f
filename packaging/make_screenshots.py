"""Render the screenshots README and the AppStream metadata show, from the real app.

Run from the repository root: ``python packaging/make_screenshots.py`` (headless). It
writes title.png, new-game.png, table.png, table-marks.png (the table after the computers'
turns, their marks on the cards they played and moved), table-replay.png (Last turns,
paused mid-replay), table-hint.png (a hint told on the table), scoreboard.png and the
coach's review.png (the finished match's turns against the solver), puzzle.png (a ladder
puzzle) and tutorial.png (a tutorial step with its pointer) into packaging/screenshots/ (or
the folder given as the first argument). A person's turns are
played through real key presses (Hint, Enter to apply it, then End turn or Draw).
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from game.session import GameSession, Seat  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.cardtable.probe import TableProbe  # noqa: E402
from game.ui.manipulation.table import TableScene  # noqa: E402
from game.ui.scenes import screens  # noqa: E402
from game.ui.scenes.new_game import NewGameScene  # noqa: E402
from game.ui.scenes.puzzles import ladder  # noqa: E402
from game.ui.scenes.scoreboard import ScoreboardScene  # noqa: E402
from game.ui.scenes.title import TitleScene  # noqa: E402

OUT = Path(sys.argv[1]).resolve() if len(sys.argv) > 1 else \
    Path(__file__).resolve().parent / "screenshots"
SIZE = (1280, 800)


def fresh_app() -> App:
    app = App(Path(tempfile.mkdtemp(prefix="machiavelli-shots-")))
    app.settings.animation_speed = 4.0
    app.resize(SIZE)
    return app


def save(app: App, name: str, frames: int = 10) -> None:
    for _ in range(frames):
        app.frame(1 / 60)
    OUT.mkdir(parents=True, exist_ok=True)
    pygame.image.save(app.window, str(OUT / name))
    print(f"wrote {OUT / name}")


def play_own_turn(probe: TableProbe) -> None:
    """Take the hint and end the turn if it is legal; otherwise draw."""
    probe.key(pygame.K_h)
    scene = probe.scene
    probe.until(lambda: scene.human.hint_worker is None, 6000)
    probe.frames(2)
    if scene.mode == "hint":
        probe.key(pygame.K_SPACE)  # its play at once
        probe.key(pygame.K_RETURN)  # apply it
    if scene.draft is not None and scene.draft.check().ok:
        probe.key(pygame.K_e)
    else:
        probe.key(pygame.K_d)


def main() -> int:
    app = fresh_app()
    app.scenes.push(TitleScene(app))
    save(app, "title.png")
    app.scenes.push(NewGameScene(app))
    save(app, "new-game.png")
    app.scenes.reset(TitleScene(app))

    seats = [Seat("You", "human"), Seat("Ada", "hard"), Seat("Boole", "medium")]
    session = GameSession.new("machiavelli", {}, seats, seed=21)
    scene = TableScene(app, session, autosave=False)
    app.scenes.push(scene)
    probe = TableProbe(app, scene)
    for _ in range(7):
        probe.settle(6000)
        play_own_turn(probe)
    probe.settle(6000)
    save(app, "table-marks.png", 20)  # the computers' marks on what they played and moved
    probe.key(pygame.K_l)  # Last turns
    replay = scene.replay
    probe.until(lambda: replay.playback is not None and len(replay.playback.done) >= 1
                and not scene.sprites.busy or scene.mode != "replay", 6000)
    probe.key(pygame.K_SPACE)  # pause mid-replay
    save(app, "table-replay.png", 20)
    probe.key(pygame.K_ESCAPE)
    probe.settle(6000)
    probe.key(pygame.K_h)  # the hint told on the table, ready to apply or dismiss
    probe.until(lambda: scene.mode == "hint" and scene.human.hint_show is not None
                and scene.human.hint_show.finished and not scene.sprites.busy
                or scene.human.hint_worker is None and scene.mode == "human", 6000)
    save(app, "table-hint.png", 30)
    if scene.mode == "hint":
        probe.key(pygame.K_RETURN)
    save(app, "table.png", 60)

    app.scenes.reset(TitleScene(app))
    seats = [Seat("You", "human"), Seat("Ada", "medium")]
    session = GameSession.new("guadalupe", {"hand_size": 4}, seats, seed=11)
    scene = TableScene(app, session, autosave=False)
    app.scenes.push(scene)
    probe = TableProbe(app, scene)
    while not isinstance(app.scenes.top, ScoreboardScene):
        probe.until(lambda: probe.idle() or isinstance(app.scenes.top, ScoreboardScene), 6000)
        if not isinstance(app.scenes.top, ScoreboardScene):
            play_own_turn(probe)
    save(app, "scoreboard.png", 60)

    # the match just finished, as Review opens it
    review = app.scenes.push(screens.review(app, session))
    worker = getattr(review, "worker", None)
    if worker is not None:
        worker.wait(300)
    save(app, "review.png", 20)

    app.scenes.reset(TitleScene(app))
    app.scenes.push(screens.puzzle_table(app, ladder()[3], ladder_index=3))
    save(app, "puzzle.png", 60)
    app.scenes.reset(TitleScene(app))
    app.scenes.push(screens.tutorial(app))
    save(app, "tutorial.png", 60)
    app.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
