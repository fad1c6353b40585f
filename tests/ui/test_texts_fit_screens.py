"""No text wider than its box (issue 28) on the screens the menu tests do not reach: Review
(every turn's words, the choice of player, the best play told on the table), the tutorial
(every step's panel and buttons, refused and done), the hot-seat cover, every dialog the
game opens, the table's Esc menu and what it opens, the rules of every variant, the end of
a match, the contract table's buy window and hint; in every language at 1024x640 and
1280x800 (and 1920x1080 where cheap), each opened through the real app and measured by
tests.ui.texts (widgets, and the words the screens draw themselves)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path

import pytest

from game import i18n
from game.coach.tutorial import STEPS, TutorialProgress
from game.engine.variants import all_variants
from game.session import GameSession
from game.store.seats import MAX_NAME_LENGTH, Seat
from game.ui.app import App
from game.ui.cardtable.probe import TableProbe
from game.ui.coach.staged import StagedTable
from game.ui.scenes import screens
from game.ui.scenes.handover import HandOverScene
from game.ui.scenes.review import ReviewScene
from game.ui.scenes.tutorial import TutorialCoach
from tests.ui.conftest import StartApp, pump
from tests.ui.texts import LANGUAGES, LARGE, SIZES, DrawnText, cut_on_screen, cut_texts

SEATS = [Seat("Ada", "human"), Seat("Boole", "medium"), Seat("Cleo", "hard")]
#: a name as long as a seat's may be
LONG_NAME = "Bartholomew " + "X" * (MAX_NAME_LENGTH - len("Bartholomew "))


@cache
def finished_match() -> GameSession:
    from tests.coach.test_review import played_session

    return played_session(3)


@pytest.fixture
def drawn() -> Iterator[DrawnText]:
    with DrawnText.recording() as recorder:
        yield recorder


def speaking(start_app: StartApp, tmp_path: Path, lang: str, size: tuple[int, int],
             damaged: bool = False) -> App:
    """An app at ``size`` in ``lang`` on the title screen; ``damaged``: two of its files
    were damaged before it started (it has notices to show)."""
    data_dir = tmp_path / f"{lang}-{size[0]}"
    if damaged:
        (data_dir / "saves").mkdir(parents=True)
        (data_dir / "settings.json").write_bytes(b"\x00\xff not settings")
        (data_dir / "saves" / "Friday night with a rather long save name.json").write_text("{")
    app = start_app(data_dir=data_dir, size=size)
    app.settings.language = lang
    app.apply_language()
    app.scenes.push(screens.title(app))
    pump(app, 2)
    return app


class Cuts:
    """The texts found cut, each named by the screen (language, width, what)."""

    def __init__(self, app: App, drawn: DrawnText, lang: str) -> None:
        self.app, self.drawn, self.lang = app, drawn, lang
        self.found: list[str] = []

    def look(self, what: str) -> None:
        where = f"{self.lang} {self.app.size[0]}x{self.app.size[1]} {what}"
        self.found += [f"{where}: {text}" for text in cut_on_screen(self.app, self.drawn)]

    def dialog(self, what: str, open_it: Callable[[], object]) -> None:
        """Open a dialog the real way, look at it, close it."""
        below = len(self.app.scenes)
        open_it()
        assert len(self.app.scenes) > below, f"{what}: no dialog opened"
        self.look(what)
        while len(self.app.scenes) > below:
            self.app.scenes.pop()


def told_in_full(table: StagedTable) -> bool:
    shown = table.human.hint_show
    return shown is not None and shown.finished


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_review_keeps_every_text_whole(start_app: StartApp, tmp_path: Path,
                                           drawn: DrawnText, lang: str) -> None:
    found: list[str] = []
    for size in SIZES:
        app = speaking(start_app, tmp_path, lang, size)
        cuts = Cuts(app, drawn, lang)
        session = finished_match()
        scene = app.scenes.push(screens.review(app, session))
        assert isinstance(scene, ReviewScene)
        assert scene.worker is not None and scene.worker.wait(300)
        pump(app, 3)
        review = scene.review
        assert review is not None, scene.problem
        for turn in review.turns:  # every turn's words (the list pages with them)
            scene.chosen = turn
            scene.page = review.turns.index(turn) // 12
            scene.rebuild()
            cuts.look(f"review, hand {turn.hand} turn {turn.turn}")
        told = max((t for t in review.turns if t.solution is not None),
                   key=lambda t: len(t.solution.played) if t.solution else 0)
        # a short name: the table's score panel cuts a long one with an ellipsis by design
        table = app.scenes.push(screens.review_table(app, session, told, "Ada"))
        assert isinstance(table, StagedTable)
        TableProbe(app, table).until(lambda table=table: told_in_full(table), 3000,
                                     "the best play told")
        cuts.look("the best play on the table")
        app.scenes.pop()
        app.scenes.pop()
        hot_seat = GameSession.new("machiavelli", {}, [Seat(LONG_NAME, "human"),
                                                       Seat("Ben", "human")], 5)
        app.scenes.push(screens.review(app, hot_seat))
        cuts.look("review, whose turns")
        found += cuts.found
    assert not found, "\n".join(found)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_tutorial_step_keeps_its_texts_whole(start_app: StartApp, tmp_path: Path,
                                                   drawn: DrawnText, lang: str) -> None:
    found: list[str] = []
    for size in SIZES:
        app = speaking(start_app, tmp_path, lang, size)
        cuts = Cuts(app, drawn, lang)
        for index, step in enumerate(STEPS):
            table = app.scenes.push(screens.tutorial(app, TutorialProgress(index=index)))
            assert isinstance(table, StagedTable)
            TableProbe(app, table).settle()
            cuts.look(f"tutorial step {index + 1}")
            # what the coach says to a refused End, and to the step done (its words and
            # its Next step / Finish button)
            coach = table.coach
            assert isinstance(coach, TutorialCoach)
            coach.refused([i18n._("A meld must have at least three cards")])
            table.refresh_coach()
            cuts.look(f"tutorial step {index + 1}, refused")
            coach.said, coach.reached = ("ok", i18n._(step.done_words)), True
            table.refresh_coach()
            cuts.look(f"tutorial step {index + 1}, done")
            app.scenes.pop()
        found += cuts.found
    assert not found, "\n".join(found)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_hand_over_cover_keeps_its_texts_whole(start_app: StartApp, tmp_path: Path,
                                                   drawn: DrawnText, lang: str) -> None:
    found: list[str] = []
    for size in (*SIZES, LARGE):
        app = speaking(start_app, tmp_path, lang, size)
        cuts = Cuts(app, drawn, lang)
        for name in ("Bartholomew", LONG_NAME):
            detail = i18n._("The review shows {name}'s cards in the hand under way.").format(
                name=name)
            app.scenes.push(screens.handover(app, name, lambda: None, detail=detail,
                                             on_back=app.scenes.pop))
            cuts.look(f"hand-over to {name}")
            app.scenes.pop()
        found += cuts.found
    assert not found, "\n".join(found)


def from_menu(table: object, entry: str) -> None:
    """Open the table's Esc menu and choose ``entry`` in it (its method's name)."""
    table.open_menu()  # type: ignore[attr-defined]
    menu = table.app.scenes.top  # type: ignore[attr-defined]
    pump(table.app, 2)  # type: ignore[attr-defined]
    getattr(menu, entry)()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_dialog_keeps_its_texts_whole(start_app: StartApp, tmp_path: Path,
                                            drawn: DrawnText, lang: str) -> None:
    """Each dialog opened where the game opens it: quit, restore the settings, clear the
    statistics, a new game or a load over an unfinished one, replace or delete a preset or
    a save, the start-up file problems; at the table its Esc menu, the save prompt, leave
    an unsaved game, give up a play, the settings over the table."""
    found: list[str] = []
    for size in SIZES:
        app = speaking(start_app, tmp_path, lang, size, damaged=True)
        cuts = Cuts(app, drawn, lang)
        title = app.scenes.top
        cuts.dialog("file problems at start-up", app.show_startup_messages)
        cuts.dialog("quit", title.back)  # type: ignore[union-attr]
        settings = app.scenes.push(screens.settings(app))
        cuts.dialog("restore the settings", settings._ask_defaults)  # type: ignore[attr-defined]
        app.scenes.pop()
        statistics = app.scenes.push(screens.statistics(app))
        cuts.dialog("clear the statistics", statistics._ask_clear)  # type: ignore[attr-defined]
        app.scenes.pop()
        session = GameSession.new("machiavelli", {}, SEATS, seed=3)
        for slot in ("autosave", "evening"):
            app.store.saves.write(slot, session.to_json(), session.summary())
        app.store.presets.save("Evening rules", session.match.variant_id, {})
        new_game = app.scenes.push(screens.new_game(app))
        pump(app, 2)
        cuts.dialog("a new game over an unfinished one", new_game.start)  # type: ignore
        new_game.preset_name = "Evening rules"  # type: ignore[attr-defined]
        cuts.dialog("replace a preset", new_game._save_preset)  # type: ignore[attr-defined]
        cuts.dialog("delete a preset", new_game._delete_preset)  # type: ignore[attr-defined]
        app.scenes.pop()
        saves = app.scenes.push(screens.saves(app, "load"))
        pump(app, 2)
        cuts.dialog("delete a save", saves.ask_delete)  # type: ignore[attr-defined]
        app.scenes.pop()
        saves = app.scenes.push(screens.saves(app, "save", session))
        saves._name_changed("evening")  # type: ignore[attr-defined]
        cuts.dialog("replace a save", saves.save)  # type: ignore[attr-defined]
        app.scenes.pop()
        for variant, name in (("machiavelli", "table"), ("shanghai-rummy", "contract_table")):
            table = app.scenes.push(getattr(screens, name)(
                app, GameSession.new(variant, {}, SEATS, seed=3), autosave=False))
            pump(app, 10)
            cuts.dialog(f"{name}'s Esc menu", table.open_menu)  # type: ignore[attr-defined]
            for entry in ("save", "to_title", "settings"):
                cuts.dialog(f"{name}'s menu: {entry}",
                            lambda entry=entry, table=table: from_menu(table, entry))
            if name == "table":
                cuts.dialog("give up a play", table.human.ask_give_up)  # type: ignore
            app.scenes.pop()
        found += cuts.found
    assert not found, "\n".join(found)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rules_and_the_end_of_a_match_keep_their_texts_whole(
        start_app: StartApp, tmp_path: Path, drawn: DrawnText, lang: str) -> None:
    found: list[str] = []
    for size in (*SIZES, LARGE):
        app = speaking(start_app, tmp_path, lang, size)
        cuts = Cuts(app, drawn, lang)
        for variant in all_variants():
            app.scenes.push(screens.rules(app, variant))
            cuts.look(f"rules of {variant}")
            app.scenes.pop()
        session = finished_match()
        table = app.scenes.push(screens.table(app, session, autosave=False))
        app.scenes.push(screens.scoreboard(app, session, table))
        cuts.look("the end of the match")
        app.scenes.pop()
        app.scenes.pop()
        found += cuts.found
    assert not found, "\n".join(found)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_contract_tables_buy_window_and_hint_keep_their_texts_whole(
        start_app: StartApp, tmp_path: Path, drawn: DrawnText, lang: str) -> None:
    """At one screen (its players' names on the buy window), with a timer: asked to buy
    the discard, then, declined, the hint asked for with H."""
    import pygame

    from game.engine.contract.match import ContractMatch
    from game.ui.contract.table import ContractTableScene
    from tests.ui.contract.test_contract_ui import ADA, BOOLE, YOU, rig

    found: list[str] = []
    for size in SIZES:
        app = speaking(start_app, tmp_path, lang, size)
        app.settings.buy_timer_seconds = 30
        cuts = Cuts(app, drawn, lang)
        # a long name, not the longest: the table's small boxes cut a name of 32 letters
        # with an ellipsis by design (it is whole on the cover and the scoreboard)
        seats = [Seat("Bartholomew", "human"), Seat("Ben", "human"), Seat("Cleo", "easy")]
        session = GameSession.new("shanghai-rummy", {}, seats, seed=5)
        assert isinstance(session.match, ContractMatch)
        rig(session.match, [YOU, ADA, BOOLE], "7H", "5C QD 6D", current=2)
        table = app.scenes.push(screens.contract_table(app, session, autosave=False))
        assert isinstance(table, ContractTableScene)
        probe = TableProbe(app, table)  # type: ignore[arg-type]  # drives either table

        def asked(table: ContractTableScene = table, app: App = app) -> bool:
            if isinstance(app.scenes.top, HandOverScene):
                app.scenes.top.confirm()  # hot-seat: a round starts covered
            return table.mode == "buy" and not table.sprites.busy

        probe.until(asked, 3000, "the buy window")
        cuts.look("the buy window")
        assert table.prompt is not None  # its buttons are the table's, not the scene's
        cuts.found += [f"{lang} {size[0]} the buy window: widget {text!r}"
                       for text in cut_texts(list(table.prompt.buttons.values()))]
        for _ in range(3000):  # declined; the others' buys and turns, under the cover
            top = app.scenes.top
            if isinstance(top, HandOverScene):
                top.confirm()
            elif table.mode == "buy" and top is table:
                probe.key(pygame.K_n)
            elif table.mode == "human" and not table.sprites.busy:
                break
            pump(app, 1)
        else:
            raise AssertionError("the person's turn never came")
        probe.key(pygame.K_h)
        probe.until(lambda table=table: table.hint.showing, 3000, "the hint")
        cuts.look("the hint")
        found += cuts.found
    assert not found, "\n".join(found)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_cover_between_two_players_says_the_last_turn_in_the_language(
        start_app: StartApp, tmp_path: Path, drawn: DrawnText, lang: str) -> None:
    """At one screen, the cover before the next player says what the last one did: in the
    player's language ("Ann drew." stayed English), whole."""
    from game.ui.manipulation.table import TableScene

    app = speaking(start_app, tmp_path, lang, SIZES[0])
    cuts = Cuts(app, drawn, lang)
    seats = [Seat("Ann", "human"), Seat("Ben", "human")]
    table = app.scenes.push(screens.table(
        app, GameSession.new("machiavelli", {}, seats, seed=3), autosave=False))
    assert isinstance(table, TableScene)
    probe = TableProbe(app, table)
    probe.until(lambda: isinstance(app.scenes.top, HandOverScene), 3000, "Ann's cover")
    app.scenes.top.confirm()  # type: ignore[union-attr]
    probe.settle()
    probe.click_button("draw")
    probe.until(lambda: isinstance(app.scenes.top, HandOverScene), 3000, "Ben's cover")
    cover = app.scenes.top
    assert isinstance(cover, HandOverScene)
    with i18n.language(lang):
        said = i18n.ngettext("{name} drew {n} card", "{name} drew {n} cards", 1).format(
            name="Ann", n=1) + "."
    assert cover.detail == said
    cuts.look("the cover after a draw")
    assert not cuts.found, "\n".join(cuts.found)
