"""The coach's screens through real pygame events: a tutorial step and a puzzle played on
the normal table (drag and drop, End turn), the puzzles screen, and the review."""

from __future__ import annotations

from datetime import date

import pygame
import pytest

from game.coach.puzzles import make_puzzle
from game.coach.staging import position
from game.coach.tutorial import STEPS, TutorialProgress
from game.store.puzzles import PuzzleStore
from game.ui.app import App
from game.ui.cardtable.probe import TableProbe
from game.ui.coach import staged as staged_module
from game.ui.coach.staged import StagedTable
from game.ui.scenes import screens
from game.ui.theme import FOCUS_COLOUR
from tests.ui.conftest import StartApp, button, click, pump, widget


def coach_button(probe: TableProbe, key: str) -> None:
    scene = probe.scene
    assert isinstance(scene, StagedTable)
    probe.frames(2)  # a note that just appeared moves the panel on the next frame
    probe.click(scene.coach_buttons[key].rect.center)


def staged(app: App, name: str, *args: object, **kwargs: object) -> TableProbe:
    scene = app.scenes.push(getattr(screens, name)(app, *args, **kwargs))
    assert isinstance(scene, StagedTable)
    probe = TableProbe(app, scene)
    probe.settle()
    return probe


def drag_to_new_meld(probe: TableProbe, texts: list[str]) -> None:
    cards = [probe.card(t, "hand") for t in texts]
    for card in cards:
        probe.click(probe.center(card), mods=pygame.KMOD_CTRL)
    probe.drag(probe.center(cards[0]), probe.scene.layout.new_melds[0].center)


def test_a_tutorial_step_waits_for_the_player_then_moves_on(start_app: StartApp) -> None:
    app = start_app(speed=3.0)
    probe = staged(app, "tutorial")
    scene = probe.scene
    coach = scene.coach
    assert coach.title().startswith("Tutorial 1 of")
    # the pointer shows the three hand cards and where they go
    assert {str(a.card) for a in coach.arrows()} == {"4H", "5H", "6H"}
    # one card alone is refused, and the panel says why
    drag_to_new_meld(probe, ["4H"])
    probe.click_button("end")
    assert coach.verdict()[0] == "wrong" and "3" in coach.verdict()[1]
    assert scene.match.deal.turns == []  # nothing was committed
    # the whole meld, then End turn: the step is reached
    four = probe.card("4H", "any")
    for text in ("5H", "6H"):
        card = probe.card(text, "hand")
        box = scene.layout.box(scene.draft.location(four))
        probe.drag(probe.center(card), box.rect.center)
    assert sorted(str(c) for c in scene.draft.groups[-1]) == ["4H", "5H", "6H"]
    assert coach.arrows() == []
    probe.click_button("end")
    assert coach.verdict()[0] == "ok" and coach.reached
    coach_button(probe, "next")
    top = app.scenes.top
    assert isinstance(top, StagedTable) and top is not scene
    assert top.coach.title().startswith("Tutorial 2 of")


def known_puzzle():
    """6C leaves its run for a set with the hand's 6D and 6H: no plain play exists."""
    table, hand = position("3C 4C 5C 6C | 9D 9S 9H", "6D 6H KS")
    puzzle = make_puzzle("machiavelli", {}, 77, table, hand)
    assert puzzle is not None and puzzle.best == 2 and puzzle.plain == 0
    return puzzle


def test_a_puzzle_is_solved_with_drag_and_drop_and_kept(start_app: StartApp,
                                                        tmp_path) -> None:  # noqa: ANN001
    app = start_app(data_dir=tmp_path, speed=3.0)
    probe = staged(app, "puzzle_table", known_puzzle())
    scene = probe.scene
    coach = scene.coach
    # a wrong End says why
    drag_to_new_meld(probe, ["6D", "6H"])
    probe.click_button("end")
    assert coach.verdict()[0] == "wrong" and "meld" in coach.verdict()[1]
    # the run's 6C joins them: solved
    six = next(c for c in scene.draft.groups[0] + scene.draft.groups[1]
               if str(c) == "6C")
    target = scene.draft.location(probe.card("6D", "any"))
    probe.drag(probe.center(six), scene.layout.box(target).rect.center)
    assert scene.draft.check().ok
    probe.click_button("end")
    assert coach.verdict()[0] == "ok" and coach.solved
    assert PuzzleStore.at(app.store.paths, app.store.messages).is_solved("machiavelli/77")


def test_show_solution_tells_the_answer_on_the_table(start_app: StartApp,
                                                    tmp_path) -> None:  # noqa: ANN001
    app = start_app(data_dir=tmp_path, speed=3.0)
    probe = staged(app, "puzzle_table", known_puzzle())
    scene = probe.scene
    coach_button(probe, "solution")
    assert scene.mode == "hint"
    probe.until(lambda: scene.human.hint_show is not None and scene.human.hint_show.finished,
                600, "the solution told to its end")
    probe.key(pygame.K_RETURN)  # apply it
    probe.until(probe.idle, 600, "the table")
    probe.click_button("end")
    assert scene.coach.verdict()[0] == "ok"
    # shown, so it does not count
    assert not PuzzleStore.at(app.store.paths, app.store.messages).is_solved("machiavelli/77")


def test_the_puzzles_screen_opens_the_daily_puzzle(start_app: StartApp) -> None:
    app = start_app()
    scene = app.scenes.push(screens.puzzles(app))
    scene.day = date(2026, 11, 24)
    click(app, widget(scene, "daily"))
    top = app.scenes.top
    assert isinstance(top, StagedTable)
    assert top.coach.title().startswith("Daily puzzle")
    TableProbe(app, top).settle()
    coach_button(TableProbe(app, top), "back")
    assert app.scenes.top is scene


def wait_for_review(app: App, scene) -> None:  # noqa: ANN001
    worker = scene.worker
    if worker is not None:
        assert worker.wait(300), "the review did not finish"
    pump(app, 3)
    assert scene.review is not None, scene.problem


def test_the_review_after_a_hand_marks_turns_and_shows_the_best_play(
        start_app: StartApp) -> None:
    from game.ui.scenes.review import ReviewScene
    from tests.coach.test_review import played_session

    app = start_app(speed=3.0)
    session = played_session(3)
    board = app.scenes.push(screens.scoreboard(app, session))
    click(app, button(app, "Review"))
    scene = app.scenes.top
    assert isinstance(scene, ReviewScene) and board is not scene
    wait_for_review(app, scene)
    review = scene.review
    assert review.turns and review.accuracy is not None
    # the hand's accuracy is kept in the statistics
    kept = app.store.stats.accuracies()
    assert [a.accuracy for a in kept] == [h.accuracy for h in review.hands()]
    # the chosen turn is the biggest miss; its best play is told on the table
    assert scene.chosen is review.biggest_misses(1)[0]
    click(app, widget(scene, "show"))
    table = app.scenes.top
    assert isinstance(table, StagedTable)
    probe = TableProbe(app, table)
    probe.until(lambda: table.human.hint_show is not None and table.human.hint_show.finished,
                2000, "the best play told")
    assert sorted(map(str, table.human.hint_show.draft.played())) == \
        sorted(map(str, scene.chosen.solution.played))
    coach_button(probe, "back")
    assert app.scenes.top is scene


def test_the_title_offers_the_tutorial_until_it_is_opened(start_app: StartApp) -> None:
    app = start_app()
    title = app.scenes.push(screens.title(app))
    assert not title.tutorial_seen
    click(app, button(app, "Tutorial"))
    assert isinstance(app.scenes.top, StagedTable)
    assert PuzzleStore.at(app.store.paths, app.store.messages).tutorial_offered
    app.scenes.pop()
    assert app.scenes.top is title and title.tutorial_seen
    click(app, button(app, "Puzzles"))
    assert type(app.scenes.top).__name__ == "PuzzlesScene"


def test_a_saved_game_can_be_reviewed_from_the_saves_screen(start_app: StartApp) -> None:
    from game.ui.scenes.review import ReviewScene
    from tests.coach.test_review import played_session

    app = start_app()
    session = played_session(4)
    app.store.saves.write("finished", session.to_json(), session.summary())
    app.scenes.push(screens.saves(app, mode="load"))
    click(app, button(app, "Review"))
    scene = app.scenes.top
    assert isinstance(scene, ReviewScene)
    wait_for_review(app, scene)
    assert scene.review.turns and scene.session.summary() == session.summary()


def test_the_statistics_track_reviewed_accuracy_over_time(start_app: StartApp) -> None:
    from datetime import UTC, datetime, timedelta

    from game.store.stats import AccuracyRecord
    from game.ui.scenes.statistics import accuracy_figure

    assert accuracy_figure([]) == "\u2014"
    assert accuracy_figure([50.0] * 10 + [70.0] * 10) == "70% \u2191"
    assert accuracy_figure([90.0] * 5 + [60.0] * 10) == "60% \u2193"
    assert accuracy_figure([64.6, 65.4]) == "65%"
    app = start_app()
    start = datetime(2026, 11, 1, tzinfo=UTC)
    for day, value in enumerate([40.0, 60.0, 80.0]):
        app.store.stats.record_accuracy(AccuracyRecord(f"m/{day}", "machiavelli", value,
                                                       start + timedelta(days=day)))
    scene = app.scenes.push(screens.statistics(app))
    assert scene.accuracy == [40.0, 60.0, 80.0]


def test_the_whole_tutorial_can_be_played_with_the_mouse(start_app: StartApp) -> None:
    app = start_app(speed=3.0)
    title = app.scenes.push(screens.title(app))
    probe = staged(app, "tutorial")

    def table() -> StagedTable:
        top = app.scenes.top
        assert isinstance(top, StagedTable)
        return top

    def box_of(text: str):  # noqa: ANN202
        scene = table()
        return scene.layout.box(scene.draft.location(probe.card(text, "any"))).rect

    def end_and_next() -> None:
        nonlocal probe
        scene = table()
        if scene.human.chooser is not None:
            probe.key(pygame.K_ESCAPE)  # keep the rules' pick for a joker
        probe.click_button("end")
        assert scene.coach.verdict() is not None and scene.coach.verdict()[0] == "ok", \
            scene.coach.verdict()
        coach_button(probe, "next")
        if isinstance(app.scenes.top, StagedTable):
            probe = TableProbe(app, table())
            probe.settle()

    drag_to_new_meld(probe, ["4H", "5H", "6H"])  # play a meld
    end_and_next()
    probe.drag(probe.center(probe.card("8S", "hand")), box_of("5S").center)  # add to one
    end_and_next()
    scene = table()  # split a run: drop 6D between the run's 6D and 7D
    box = scene.layout.groups[0]
    between = (box.first_x + 4 * box.step + scene.layout.table_card[0] * 0.2 + 2,
               box.rect.centery)
    probe.drag(probe.center(probe.card("6D", "hand")), between)
    assert len(scene.draft.groups) == 2
    end_and_next()
    seven = next(c for c in table().draft.groups[0] if str(c) == "7H")  # set -> run
    probe.drag(probe.center(seven), box_of("8H").center)
    probe.drag(probe.center(probe.card("6H", "hand")), box_of("8H").center)
    end_and_next()
    drag_to_new_meld(probe, ["JK", "9S", "10S"])  # use a joker
    end_and_next()
    scene = table()  # release a joker, then use it with two cards from the hand
    probe.drag(probe.center(probe.card("5C", "hand")), probe.center(probe.card("JK", "any")))
    probe.until(lambda: not scene.sprites.busy, 300)
    for text in ("2H", "3H"):  # the released joker waits alone on the felt
        probe.drag(probe.center(probe.card(text, "hand")), box_of("JK").center)
    end_and_next()
    scene = table()  # what makes a turn illegal: refused first, then fixed
    drag_to_new_meld(probe, ["9H"])
    probe.click_button("end")
    assert scene.coach.verdict()[0] == "wrong" and scene.coach.progress.refused
    nines = [probe.card(text, "hand") for text in ("9D", "9C")]
    for card in nines:
        probe.click(probe.center(card), mods=pygame.KMOD_CTRL)
    probe.drag(probe.center(nines[0]), box_of("9H").center)
    end_and_next()
    assert app.scenes.top is title
    assert PuzzleStore.at(app.store.paths, app.store.messages).tutorial_done


def test_the_tutorials_end_is_told_as_news_not_as_an_error(start_app: StartApp) -> None:
    app = start_app(speed=3.0)
    title = app.scenes.push(screens.title(app))
    probe = staged(app, "tutorial", TutorialProgress(index=len(STEPS) - 1))
    coach_button(probe, "skip")  # the last step: Skip finishes the tutorial
    assert app.scenes.top is title
    assert [text for text, *_ in app.notices] == ["Tutorial finished. Have a good game!"]
    pump(app, 2)
    width = app.window.get_width()
    fill = app.window.get_at((width // 2, 15))[:3]  # inside the notice, above its text
    red, green, _blue = fill
    assert green > red, f"the note is drawn in the error style: {fill}"


# --------------------------------------------------------------------------- the pointer


def drawn_pointers(probe: TableProbe) -> tuple[list[tuple[tuple[int, int], tuple[int, int]]],
                                               list[pygame.Rect]]:
    """The coach's arrows (start, end) and the rings (in the focus colour) one frame
    draws on screen."""
    arrows: list[tuple[tuple[int, int], tuple[int, int]]] = []
    rings: list[pygame.Rect] = []
    real_arrow, real_rect = staged_module._arrow, pygame.draw.rect

    def arrow(surface, start, end, *args):  # noqa: ANN001, ANN002, ANN202
        arrows.append((tuple(map(round, start)), tuple(map(round, end))))
        return real_arrow(surface, start, end, *args)

    def rect(surface, colour, area, *args, **kwargs):  # noqa: ANN001, ANN002, ANN003, ANN202
        if tuple(colour)[:3] == tuple(FOCUS_COLOUR)[:3]:
            rings.append(pygame.Rect(area))
        return real_rect(surface, colour, area, *args, **kwargs)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(staged_module, "_arrow", arrow)
        patch.setattr(pygame.draw, "rect", rect)
        probe.frames(1)
    return arrows, rings


def tutorial_step(app: App, index: int) -> TableProbe:
    return staged(app, "tutorial", TutorialProgress(index=index))


def test_the_split_steps_arrow_ends_between_the_runs_six_and_seven(
        start_app: StartApp) -> None:
    probe = tutorial_step(start_app(speed=3.0), 2)
    (start, end), = drawn_pointers(probe)[0]
    seven = probe.scene.layout.spots[probe.card("7D", "group")].rect
    four = probe.scene.layout.spots[probe.card("4D", "group")].rect
    assert abs(end[0] - seven.left) <= 3 and seven.top < end[1] < seven.bottom, (end, seven)
    assert not four.collidepoint(end)
    assert probe.scene.layout.spots[probe.card("6D", "hand")].rect.collidepoint(start)


def test_the_set_to_run_steps_arrows_end_in_front_of_the_run(start_app: StartApp) -> None:
    probe = tutorial_step(start_app(speed=3.0), 3)
    scene = probe.scene
    (_start, end), = drawn_pointers(probe)[0]
    eight = scene.layout.spots[probe.card("8H", "group")].rect
    assert abs(end[0] - eight.left) <= 3 and eight.top < end[1] < eight.bottom, (end, eight)
    seven = next(c for c in scene.draft.groups[0] if str(c) == "7H")
    probe.drag(probe.center(seven), end)
    probe.settle()
    (_start, end), = drawn_pointers(probe)[0]  # the 6H goes in front of the 7H now
    front = scene.layout.spots[seven].rect
    assert abs(end[0] - front.left) <= 3, (end, front)


def test_the_release_steps_arrows_go_once_it_is_done(start_app: StartApp) -> None:
    probe = tutorial_step(start_app(speed=3.0), 5)
    scene = probe.scene
    joker = probe.card("JK", "group")
    (_start, end), = drawn_pointers(probe)[0]  # at the joker, the part of it in view
    shown = scene.layout.spots[joker].rect
    six = scene.layout.spots[probe.card("6C", "group")].rect
    assert shown.left < end[0] < six.left and shown.top < end[1] < shown.bottom
    probe.drag(probe.center(probe.card("5C", "hand")), probe.center(joker))
    probe.until(lambda: not scene.sprites.busy, 300)
    for text in ("2H", "3H"):
        box = scene.layout.box(scene.draft.location(joker)).rect
        probe.drag(probe.center(probe.card(text, "hand")), box.center)
    probe.settle()
    assert scene.draft.check().ok
    arrows, rings = drawn_pointers(probe)
    end_button = scene.controls.buttons["end"].rect
    assert all(not ring.colliderect(scene.layout.table) for ring in rings), rings
    assert all(end_button.collidepoint(end) or end_button.inflate(40, 40).collidepoint(end)
               for _start, end in arrows), arrows


def test_a_pointed_card_raised_keeps_its_ring_around_it(start_app: StartApp) -> None:
    probe = tutorial_step(start_app(speed=3.0), 0)
    scene = probe.scene
    four = probe.card("4H", "hand")
    probe.click(probe.center(four), mods=pygame.KMOD_CTRL)
    probe.until(lambda: not scene.sprites.busy, 300)
    card = scene.sprites.sprites[four].rect  # where it is drawn, raised
    assert card.top < scene.layout.spots[four].rect.top
    _arrows, rings = drawn_pointers(probe)
    ring = next(r for r in rings if abs(r.centerx - card.centerx) < 4)
    assert ring.contains(card), (ring, card)


def test_a_play_ready_is_pointed_at_end_turn(start_app: StartApp) -> None:
    probe = tutorial_step(start_app(speed=3.0), 0)
    scene = probe.scene
    end_button = scene.controls.buttons["end"].rect
    _arrows, rings = drawn_pointers(probe)
    assert not any(ring.contains(end_button) for ring in rings)  # not before it is time
    drag_to_new_meld(probe, ["4H", "5H", "6H"])
    probe.settle()
    arrows, rings = drawn_pointers(probe)
    assert any(ring.contains(end_button) for ring in rings), rings
    assert any(end_button.inflate(12, 12).collidepoint(end) for _start, end in arrows)
    probe.click_button("end")
    probe.frames(2)
    arrows, rings = drawn_pointers(probe)
    assert not any(ring.contains(end_button) for ring in rings)  # done: Next step now


def test_a_pointed_card_under_another_is_ringed_only_where_it_shows(
        start_app: StartApp) -> None:
    probe = tutorial_step(start_app(speed=3.0), 3)  # the 7H lies under the set's 7S
    scene = probe.scene
    seven = next(c for c in scene.draft.groups[0] if str(c) == "7H")
    over = scene.sprites.sprites[next(c for c in scene.draft.groups[0]
                                      if str(c) == "7S")].rect
    card = scene.sprites.sprites[seven].rect
    assert card.left < over.left < card.right
    _arrows, rings = drawn_pointers(probe)
    ring, = rings
    assert ring.left < card.left and ring.right <= over.left, (ring, card, over)
