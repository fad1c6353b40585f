"""Sound effects with a mute setting. A machine without audio plays silently, never fails."""

from __future__ import annotations

import pygame

from game.ui.assets import asset_path

EFFECTS = ("card_pick", "card_drop", "shuffle", "illegal", "win", "knock")


class Sounds:
    def __init__(self, enabled: bool = True, volume: float = 0.8) -> None:
        self.enabled = enabled
        self.volume = volume
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init()
        except pygame.error:
            return  # no audio device: stay silent
        for name in EFFECTS:
            path = asset_path("sounds", f"{name}.wav")
            try:
                self._sounds[name] = pygame.mixer.Sound(str(path))
            except (pygame.error, FileNotFoundError):
                continue

    def play(self, name: str) -> None:
        if not self.enabled:
            return
        sound = self._sounds.get(name)
        if sound is not None:
            sound.set_volume(self.volume)
            sound.play()
