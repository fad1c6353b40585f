"""A hand of Machiavelli played with the keyboard alone and "Speak the table" on, through
real key events in the real app: the keys pressed and the words said, in order (issue 33's
transcript). On each of your turns: F3 (the table), F2 (your hand), a walk along the hand
(Right) and the melds (Tab), then H for a hint and Enter to take it and E to play it, or
D to draw when there is none. ``python -m tests.ui.keyboard_transcript PATH`` writes one."""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.session import GameSession, Seat  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.cardtable.probe import TableProbe  # noqa: E402
from game.ui.manipulation.table import TableScene  # noqa: E402

KEY_NAMES = {pygame.K_F2: "F2", pygame.K_F3: "F3", pygame.K_F6: "F6", pygame.K_TAB: "Tab",
             pygame.K_RIGHT: "Right", pygame.K_LEFT: "Left", pygame.K_UP: "Up",
             pygame.K_DOWN: "Down", pygame.K_SPACE: "Space", pygame.K_RETURN: "Enter",
             pygame.K_ESCAPE: "Esc", pygame.K_h: "H", pygame.K_e: "E", pygame.K_d: "D",
             pygame.K_r: "R"}


class Transcript:
    """The speaker of the app (it records what is said) and the keys pressed, in order."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def say(self, text: str, interrupt: bool = False) -> None:  # noqa: ARG002
        if text:
            self.lines.append(f"  said: {text}")

    def close(self) -> None:
        return

    def key(self, key: int) -> None:
        self.lines.append(f"key {KEY_NAMES.get(key, pygame.key.name(key))}")

    def note(self, text: str) -> None:
        self.lines.append(f"-- {text}")


def play_hand(data_dir: Path, most_turns: int = 200) -> tuple[list[str], TableScene]:
    """Play one hand (or ``most_turns`` of yours) by keyboard; the transcript's lines."""
    app = App(data_dir=data_dir)
    app.settings.animation_speed = 4.0
    app.settings.speak_table = True
    transcript = Transcript()
    app.speaker = transcript
    app.resize((1280, 800))
    session = GameSession.new("machiavelli", {}, [Seat("You", "human"), Seat("Ada", "easy")],
                              seed=11)
    scene = TableScene(app, session, autosave=False)
    app.scenes.push(scene)
    probe = TableProbe(app, scene)
    match = scene.match

    def key(code: int, mod: int = 0) -> None:
        transcript.key(code)
        probe.key(code, mod)

    def settled() -> bool:
        return match.hand_over or (scene.mode == "human" and not scene.sprites.busy
                                   and app.scenes.top is scene)

    probe.until(settled, 6000, "the deal")
    turns = 0
    while not match.hand_over and turns < most_turns:
        turns += 1
        transcript.note(f"your turn {turns}")
        if turns == 1:
            key(pygame.K_F3)
            key(pygame.K_DOWN)
            for _step in range(3):
                key(pygame.K_RIGHT)
            key(pygame.K_SPACE)
            key(pygame.K_SPACE)
            for _step in range(len(scene.keys.targets())):
                key(pygame.K_TAB)
        key(pygame.K_F2)
        key(pygame.K_h)
        probe.until(lambda: scene.human.hint_worker is None, 6000, "the hint")
        probe.until(lambda: scene.human.hint_show is None or scene.human.hint_show.finished,
                    3000, "the hint told")
        if scene.human.hint_show is not None:
            key(pygame.K_RETURN)
            key(pygame.K_e)
        if not match.hand_over and scene.mode == "human" and match.current == scene.bottom:
            key(pygame.K_d)  # no play (or it was refused): draw
        probe.until(lambda: settled() and (match.hand_over or match.current == scene.bottom),
                    20000, "your next turn")
    transcript.note("the hand is over" if match.hand_over else f"stopped after {turns} turns")
    if match.hand_over:  # the scoreboard comes up and says how it ended
        probe.until(lambda: type(app.scenes.top).__name__ == "ScoreboardScene", 3000,
                    "the scoreboard")
        probe.frames(3)
        key(pygame.K_TAB)
    scores = ", ".join(f"{seat.name} {total}" for seat, total in
                       zip(session.seats, match.totals, strict=True))
    transcript.note(f"scores: {scores}")
    lines = list(transcript.lines)
    while len(app.scenes):
        app.scenes.pop()
    app.store.close()
    return lines, scene


def main(argv: list[str]) -> int:
    import tempfile

    target = Path(argv[0]) if argv else Path("transcript.txt")
    with tempfile.TemporaryDirectory() as data:
        lines, _scene = play_hand(Path(data))
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{target}: {len(lines)} lines")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
