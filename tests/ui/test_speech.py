"""Speak the table (issue 33): the words said through a recording speaker at the
manipulation table, driven by real key events through the real app: each turn in the turn
log's words, the hand (F2), the card and meld under the keyboard's focus, the target
chosen with Tab, a refused move's reason, the whole table (F3); nothing when the setting is
off; the real voice speaks off the UI thread, and into a file where pyttsx3 is installed."""

from __future__ import annotations

import sys
import threading
import time
import types
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from game.session import Seat
from game.store.settings import Settings
from game.ui import speech
from game.ui.cardtable.probe import TableProbe
from game.ui.scenes import screens
from game.ui.speech import RecordingSpeaker, VoiceSpeaker
from game.ui.spoken import speakable
from tests.ui.conftest import StartApp, open_table, press, pump, widget

HEARTS = {"table": "3H 4H 5H | 7C 7D 7S", "hands": ["6H 9S 9D 9C 2C KD", "AS 2S 8C 8D JD"],
          "current": 0}


@pytest.fixture
def make(start_app: StartApp) -> Callable[..., tuple[TableProbe, list[str]]]:
    def build(speak: bool = True) -> tuple[TableProbe, list[str]]:
        app = start_app(speed=4.0)
        app.settings.speak_table = speak
        recorder = RecordingSpeaker()
        app.speaker = recorder
        probe = open_table(app, "machiavelli", [Seat("You", "human"), Seat("Ada", "easy")], 5,
                           HEARTS)
        return probe, recorder.spoken

    return build


def test_speakable_names_the_cards_the_table_writes() -> None:
    assert speakable("Ada: 7\u2665 into 5\u2665 6\u2665; split 3\u2663\u20138\u2663") == (
        "Ada: 7 of hearts into 5 of hearts, 6 of hearts; split 3 of clubs to 8 of clubs")
    assert speakable("QS and JK and A\u2660 K\u2666 10\u2663") == (
        "queen of spades and joker and ace of spades, king of diamonds, 10 of clubs")
    assert speakable("Hint (marked \u25c6; from your hand \u25cf).") == (
        "Hint (marked; from your hand).")  # the marks drawn on cards are not said
    assert speakable("A card for Ada") == "A card for Ada"  # words are left alone


def test_each_turn_is_said_in_the_turn_logs_words(make) -> None:  # noqa: ANN001
    probe, spoken = make()
    scene = probe.scene
    assert spoken[-1].startswith("Your turn. Your hand, 6 cards:")
    probe.key(pygame.K_d)  # you draw: the turn ends, Ada plays
    probe.until(lambda: len(scene.turn_log) >= 2 and scene.mode == "human", 3000,
                "Ada's turn")
    lines = [line for _seat, line in scene.turn_log]
    assert lines[0] == "You drew 1 card"
    drawn = scene.drawn_by[0]
    # your own draw is said with the card's name (issue 51), Ada's in the log's words
    assert spoken[1] == f"You drew {speakable(str(next(iter(drawn))))}."
    for line in lines[1:]:
        assert speakable(line) in spoken, f"{line!r} was not said; said: {spoken}"
    assert spoken[-1].startswith("Your turn.")


def test_f2_reads_the_hand(make) -> None:  # noqa: ANN001
    probe, spoken = make()
    probe.key(pygame.K_F2)
    assert spoken[-1] == ("Your hand, 6 cards: " + ", ".join(
        speakable(str(c)) for c in probe.scene.model.hand))
    assert "6 of hearts" in spoken[-1] and "king of diamonds" in spoken[-1]


def test_the_focused_card_its_meld_and_the_target_are_said(make) -> None:  # noqa: ANN001
    probe, spoken = make()
    scene = probe.scene
    six = probe.card("6H", "hand")
    probe.key(pygame.K_DOWN)
    while scene.keys.focused_card() != six:
        probe.key(pygame.K_RIGHT)
    assert spoken[-1] == "6 of hearts. In your hand"
    probe.key(pygame.K_SPACE)
    assert spoken[-1] == "6 of hearts, selected. In your hand"
    run = scene.draft.location(probe.card("3H"))
    probe.key(pygame.K_TAB)  # to the melds (issue 51): the arrows choose one
    while scene.keys.target != run:
        probe.key(pygame.K_RIGHT)
    assert spoken[-1] == "Target: Meld 1, run: 3 of hearts, 4 of hearts, 5 of hearts"
    probe.key(pygame.K_RETURN)
    assert spoken[-1] == ("Moved 6 of hearts. Meld 1, run: 3 of hearts, 4 of hearts, "
                          "5 of hearts, 6 of hearts")
    probe.key(pygame.K_UP)  # up to the table: a card there and its meld
    assert spoken[-1].endswith("Meld 1, run: 3 of hearts, 4 of hearts, 5 of hearts, "
                               "6 of hearts") or "Meld 2, set:" in spoken[-1]


def test_a_refused_move_says_why(make) -> None:  # noqa: ANN001
    probe, spoken = make()
    scene = probe.scene
    nine = probe.card("9S", "hand")
    probe.key(pygame.K_DOWN)
    while scene.keys.focused_card() != nine:
        probe.key(pygame.K_RIGHT)
    probe.key(pygame.K_TAB)  # to the melds (issue 51): the arrows choose one
    while scene.keys.target != scene.draft.location(probe.card("3H")):
        probe.key(pygame.K_RIGHT)
    probe.key(pygame.K_RETURN)  # 9S onto 3H 4H 5H: not a meld
    probe.key(pygame.K_e)
    message = scene.message
    assert message is not None and message.tone == "error"
    said = spoken[-1]
    assert said.startswith("You cannot end your turn yet.")
    assert all(speakable(line).rstrip(".") in said for line in message.lines), (said, message)


def test_f3_reads_the_whole_table(make) -> None:  # noqa: ANN001
    probe, spoken = make()
    probe.key(pygame.K_F3)
    said = spoken[-1]
    stock = probe.scene.match.deal.stock
    for part in ("Your turn", f"Stock: {len(stock)} cards", "You: 6 cards, 0 points",
                 "Ada: 5 cards, 0 points", "Meld 1, run: 3 of hearts, 4 of hearts, 5 of hearts",
                 "Meld 2, set: 7 of clubs, 7 of diamonds, 7 of spades", "Your hand, 6 cards:"):
        assert part in said, f"{part!r} not in {said!r}"


def test_nothing_is_said_with_the_setting_off(make) -> None:  # noqa: ANN001
    probe, spoken = make(speak=False)
    for key in (pygame.K_F2, pygame.K_F3, pygame.K_DOWN, pygame.K_TAB, pygame.K_e):
        probe.key(key)
    assert spoken == []


def test_the_setting_is_kept_and_checked() -> None:
    assert Settings().speak_table is False
    settings, problems = Settings.from_json({"speak_table": True})
    assert settings.speak_table is True and not problems
    settings, problems = Settings.from_json({"speak_table": "loud"})
    assert settings.speak_table is False and problems


def test_settings_offer_speech_greyed_and_explained_without_the_library(
        app, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: ANN001
    monkeypatch.setattr("game.ui.scenes.settings.library_available", lambda: False)
    app.scenes.push(screens.settings(app))
    pump(app)
    check = widget(app.scenes.top, "speech")
    assert not check.is_enabled
    assert "speech extra" in check.tool_tip_text


def test_settings_turn_speech_on_by_keyboard(app, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: ANN001
    monkeypatch.setattr("game.ui.scenes.settings.library_available", lambda: True)
    recorder = RecordingSpeaker()
    app.speaker = recorder
    app.scenes.push(screens.settings(app))
    pump(app)
    scene = app.scenes.top
    while scene.focus.focused_key != "speech":
        press(app, pygame.K_TAB)
    press(app, pygame.K_RETURN)
    assert app.settings.speak_table is True
    assert recorder.spoken and "F2" in recorder.spoken[-1]


def test_the_voice_speaks_off_the_ui_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    # a stand-in pyttsx3 whose engine takes its time: say() must not wait for it
    started = threading.Event()
    release = threading.Event()
    said: list[str] = []

    class Engine:
        def say(self, text: str) -> None:
            said.append(text)

        def runAndWait(self) -> None:  # noqa: N802 - pyttsx3's name
            started.set()
            release.wait(5)

    module = types.ModuleType("pyttsx3")
    module.init = Engine  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "pyttsx3", module)
    voice = VoiceSpeaker()
    begun = time.perf_counter()
    voice.say("one")
    assert started.wait(5)
    voice.say("Ada drew 1 card")  # a turn's words: never dropped
    voice.say("two", interrupt=True)
    voice.say("three", interrupt=True)  # where the focus is now: "two" is stale, dropped
    assert time.perf_counter() - begun < 1.0
    release.set()
    wanted = ["one", "Ada drew 1 card", "three"]
    deadline = time.monotonic() + 5
    while said != wanted and time.monotonic() < deadline:
        time.sleep(0.01)
    voice.close()
    assert said == wanted


def test_the_real_engine_speaks_into_a_file(tmp_path: Path) -> None:
    if not speech.library_available():
        pytest.skip("pyttsx3 (the speech extra) is not installed")
    target = tmp_path / "said.wav"
    try:
        speech.speak_to_file(speakable("Ada: 7\u2665 into 5\u2665 6\u2665"), target)
    except (OSError, RuntimeError) as error:  # the library without its engine (eSpeak NG)
        pytest.skip(f"pyttsx3 has no speech engine here: {error}")
    assert target.exists() and target.stat().st_size > 1000


def test_a_hand_by_keyboard_alone_is_transcribed(tmp_path: Path) -> None:
    from tests.ui.keyboard_transcript import play_hand

    lines, scene = play_hand(tmp_path, most_turns=2)
    assert lines[0].startswith("  said: Your turn. Your hand, 13 cards:")
    assert "key F3" in lines and "key H" in lines
    said = [line.removeprefix("  said: ") for line in lines if line.startswith("  said: ")]
    assert any(words.startswith("Your turn. Stock: ") for words in said)
    for _seat, line in scene.turn_log:  # every turn, in the log's words
        if line.startswith("You drew 1 card"):  # your own draw: the card by name (issue 51)
            assert any(words.startswith("You drew ") and " of " in words for words in said)
            continue
        assert speakable(line) in said


def test_menu_screens_say_what_they_are_and_the_focused_control(app) -> None:  # noqa: ANN001
    recorder = RecordingSpeaker()
    app.speaker = recorder
    app.settings.speak_table = True
    app.scenes.push(screens.title(app))
    pump(app)
    assert recorder.spoken[-1] == "New game."  # the title screen has no title words
    press(app, pygame.K_DOWN)
    assert recorder.spoken[-1] == "Join a network game"
    while app.scenes.top.focus.focused_key != "settings":
        press(app, pygame.K_DOWN)
    press(app, pygame.K_RETURN)
    assert recorder.spoken[-1] == "Settings. Animation speed: 1\u00d7 normal."
    press(app, pygame.K_TAB)
    assert recorder.spoken[-1] == "Hand order: By suit, then rank"
    press(app, pygame.K_RIGHT)
    assert recorder.spoken[-1] == "Hand order: By rank, then suit"
    press(app, pygame.K_TAB)
    assert recorder.spoken[-1] == "Allow hints, checked"
    press(app, pygame.K_SPACE)
    assert recorder.spoken[-1] == "Allow hints, not checked"
    press(app, pygame.K_ESCAPE)  # back on the title: where the keyboard is
    assert recorder.spoken[-1] == "Settings"
    press(app, pygame.K_ESCAPE)  # Quit? asks first: the dialog says its question
    assert recorder.spoken[-1] == ("Quit the game? Close Machiavelli and return to the "
                                   "desktop. Quit.")


def test_the_scoreboard_says_how_the_hand_ended_and_the_totals(app) -> None:  # noqa: ANN001
    from game.session import GameSession

    recorder = RecordingSpeaker()
    app.speaker = recorder
    app.settings.speak_table = True
    session = GameSession.new("machiavelli", {}, [Seat("You", "human"), Seat("Ada", "easy")], 5)
    app.scenes.push(screens.scoreboard(app, session))
    pump(app)
    assert recorder.spoken[-1].startswith("Scores. Totals: You: 0 points; Ada: 0 points.")


def test_a_voice_that_cannot_start_is_reported_once(app, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: ANN001
    def broken() -> None:
        raise RuntimeError("no eSpeak NG here")

    module = types.ModuleType("pyttsx3")
    module.init = broken  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "pyttsx3", module)
    app.settings.speak_table = True
    app.speaker = VoiceSpeaker()
    deadline = time.monotonic() + 5
    while app.speaker.problem is None and time.monotonic() < deadline:
        time.sleep(0.01)
    app.speak("one")
    app.speak("two")
    told = [n.text for n in app.notices if "Speech is not available" in n.text]
    assert told == ["Speech is not available: no eSpeak NG here"]


def test_a_turn_of_three_draws_is_logged_and_said_as_three_cards(start_app: StartApp) -> None:
    # issue 45.3: the log and the speech counted only the turn's last draw
    from game.engine.actions import Draw

    app = start_app(speed=4.0)
    app.settings.speak_table = True
    recorder = RecordingSpeaker()
    app.speaker = recorder
    probe = open_table(app, "carousel", [Seat("You", "human"), Seat("Ada", "easy")], 5)
    scene = probe.scene
    assert scene.match.current == 0 and not scene.match.deal.turns
    while not scene.match.deal.turns:
        assert scene.commit(Draw(0))
    assert scene.match.deal.turns[0].drawn == 3
    assert scene.turn_log[0] == (0, "You drew 3 cards")
    assert any("You drew 3 cards" in said for said in recorder.spoken)
