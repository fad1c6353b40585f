"""The table spoken aloud, for players who cannot see it (Settings: "Speak the table").

A ``Speaker`` says words. ``VoiceSpeaker`` speaks through pyttsx3 (the optional ``speech``
extra: SAPI5 on Windows, NSSpeechSynthesizer on macOS, eSpeak NG on Linux, all offline) on a
thread of its own, so the window never waits for a sentence to end; ``RecordingSpeaker``
keeps the words, for the tests; ``SilentSpeaker`` says nothing (no library, or off).
The game runs the same without pyttsx3: the setting is then greyed, with the reason.
"""

from __future__ import annotations

import importlib
import importlib.util
import queue
import threading
from pathlib import Path
from typing import Any, Protocol

#: the library the real voice needs (installed by ``pip install .[speech]``)
LIBRARY = "pyttsx3"


class Speaker(Protocol):
    """Something that says words."""

    def say(self, text: str, interrupt: bool = False) -> None:
        """Say ``text`` after what is being said; ``interrupt``: drop what waits first
        (moving the keyboard's focus makes the last place said stale)."""

    def close(self) -> None:
        """Stop speaking for good (the game is closing, or speech was turned off)."""


class SilentSpeaker:
    """Says nothing."""

    def say(self, text: str, interrupt: bool = False) -> None:  # noqa: ARG002
        return

    def close(self) -> None:
        return


class RecordingSpeaker:
    """Keeps every sentence it is given, in order (the tests read ``spoken``)."""

    def __init__(self) -> None:
        self.spoken: list[str] = []

    def say(self, text: str, interrupt: bool = False) -> None:  # noqa: ARG002
        if text:
            self.spoken.append(text)

    def close(self) -> None:
        return


def library_available() -> bool:
    """Is pyttsx3 installed (without importing it: it loads a speech engine)?"""
    try:
        return importlib.util.find_spec(LIBRARY) is not None
    except (ImportError, ValueError):
        return False


class VoiceSpeaker:
    """pyttsx3 on a thread of its own: ``say`` only queues the words, so the UI thread
    never waits. The engine is made on that thread (pyttsx3's engines belong to the thread
    that made them); if it cannot start (no eSpeak on Linux), ``problem`` says why and
    the words are dropped."""

    def __init__(self) -> None:
        #: the words waiting, each with whether newer words may drop it (``interrupt``)
        self._queue: queue.Queue[tuple[str, bool] | None] = queue.Queue()
        self.problem: str | None = None
        self._thread = threading.Thread(target=self._run, name="speech", daemon=True)
        self._thread.start()

    def say(self, text: str, interrupt: bool = False) -> None:
        """Queue ``text``; with ``interrupt`` it replaces the words waiting that were said
        with ``interrupt`` too (where the focus was): a turn's words are never dropped."""
        if interrupt:
            self._drain(keep=True)
        if text and self.problem is None:
            self._queue.put((text, interrupt))

    def close(self) -> None:
        self._drain(keep=False)
        self._queue.put(None)

    def _drain(self, keep: bool) -> None:
        """Empty the queue; ``keep``: put back the words that may not be dropped."""
        kept: list[tuple[str, bool]] = []
        try:
            while True:
                item = self._queue.get_nowait()
                if keep and item is not None and not item[1]:
                    kept.append(item)
        except queue.Empty:
            pass
        for item in kept:
            self._queue.put(item)

    def _run(self) -> None:
        try:
            engine: Any = importlib.import_module(LIBRARY).init()
        except Exception as error:  # noqa: BLE001 - any engine failure: speak no more
            self.problem = str(error) or type(error).__name__
            return
        while True:
            item = self._queue.get()
            if item is None:
                break
            text = item[0]
            try:
                engine.say(text)
                engine.runAndWait()
            except Exception as error:  # noqa: BLE001 - a broken engine stops speaking
                self.problem = str(error) or type(error).__name__
                break


def make_speaker() -> Speaker:
    """The real voice where pyttsx3 is installed, else silence."""
    return VoiceSpeaker() if library_available() else SilentSpeaker()


def speak_to_file(text: str, path: Path) -> None:
    """Speak ``text`` through pyttsx3 into the sound file ``path`` (waits until written;
    raises ImportError without the library, RuntimeError when its engine fails)."""
    engine: Any = importlib.import_module(LIBRARY).init()
    engine.save_to_file(text, str(path))
    engine.runAndWait()
