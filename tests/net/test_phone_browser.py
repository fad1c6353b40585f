"""Phones as private hands, in a real browser: headless Chromium at a phone's 360x640
playing seats of a hosted game from the page the host serves, by taps, against the host
and a computer seat; and what the host does with a forged or illegal play from the page."""

from __future__ import annotations

import time
from pathlib import Path

from game.ai.turns import SeatPlayer, ask, make_computer
from game.engine.variants import Family
from game.net.events import MatchOver
from game.net.host import SeatSpec
from game.solver.api import best_play
from game.solver.budget import OutOfWork
from tests.net.browser import PageSeat, needs_chromium, open_browser
from tests.net.helpers import LOOPBACK, Hosted, host_game

pytestmark = needs_chromium
CLEAR = "document.getElementById('message').textContent = '';"


def _play_turn(hosted: Hosted, page: PageSeat) -> int:
    """The page's player plays the solver's best play by taps (or draws when there is
    none); the cards it laid."""
    session = hosted.host.session()
    assert session is not None
    seat = page.state()["seat"]
    view = session.match.view(seat)
    try:
        found = best_play(view.variant, view.table, view.hand, view.opened[seat], work=200_000)
    except OutOfWork:
        found = None
    if found is not None and found.played:
        page.lay(found.table)
        page.act("#end")
        assert page.refusal() == "", page.refusal()
        return len(found.played)
    page.act("#draw" if page.find("#draw").is_displayed() else "#pass")
    assert page.refusal() == "", page.refusal()
    return 0


@needs_chromium
def test_two_phones_and_a_computer_play_a_whole_hand(tmp_path: Path) -> None:
    hosted = host_game("machiavelli", [SeatSpec("net"), SeatSpec("net"),
                                       SeatSpec("medium", "Cpu")], 20261129)
    drivers = [open_browser(tmp_path / "ada"), open_browser(tmp_path / "bea")]
    try:
        pages = [PageSeat(driver, LOOPBACK, hosted.host.port, hosted.host.code, name)
                 for driver, name in zip(drivers, ("Ada", "Bea"), strict=True)]
        assert sorted(page.state()["seat"] for page in pages) == [0, 1]
        for page in pages:  # the host deals once both seats are taken
            page.wait(lambda p=page: p.state()["view"] is not None, "deal")
            view = page.state()["view"]
            assert view["names"][:2] == ["Ada", "Bea"] or view["names"][:2] == ["Bea", "Ada"]
            # the page holds its own hand only: the other hands are counts
            assert len(view["hand"]) == view["hand_counts"][view["seat"]]
            assert "hands" not in view and "stock" not in view
        laid = [0, 0]
        end = time.monotonic() + 600
        while not any(isinstance(e, MatchOver) for e in hosted.events):
            assert time.monotonic() < end, "the hand did not end in time"
            for index, page in enumerate(pages):
                if page.my_turn():
                    laid[index] += _play_turn(hosted, page)
            hosted.pump()
            time.sleep(0.05)
        over = next(e for e in hosted.events if isinstance(e, MatchOver))
        assert over.stalled == ""
        for page in pages:
            page.wait(lambda p=page: p.state()["over"] is not None, "match over")
            assert page.text("#status") == "The match is over."
        assert all(n > 0 for n in laid), laid  # both phones laid cards by taps
        session = hosted.host.session()
        assert session is not None and session.match.over
        plays = {a.player for a in session.match.log if a.kind == "play"}
        assert {0, 1} <= plays
    finally:
        for driver in drivers:
            driver.quit()
        hosted.stop()


def _my_turn_page(tmp_path: Path) -> tuple[Hosted, PageSeat]:
    hosted = host_game("machiavelli", [SeatSpec("net"), SeatSpec("medium", "Cpu")], 7)
    page = PageSeat(open_browser(tmp_path / "eve"), LOOPBACK, hosted.host.port,
                    hosted.host.code, "Eve")
    page.wait(page.my_turn, "turn", 60)
    return hosted, page


def _unmeldable(hand: list[str]) -> list[str]:
    """Two cards of the hand that make no meld together (different suits and ranks)."""
    for a in hand:
        for b in hand:
            fa, fb = a.rsplit(".", 1)[0], b.rsplit(".", 1)[0]
            if fa[-1] != fb[-1] and fa[:-1] != fb[:-1]:
                return [a, b]
    raise AssertionError("no two unmeldable cards in the hand")


@needs_chromium
def test_an_illegal_play_by_taps_is_refused_in_words(tmp_path: Path) -> None:
    hosted, page = _my_turn_page(tmp_path)
    try:
        before = page.state()
        for card in _unmeldable(before["view"]["hand"]):
            page.tap_card(card)
        page.tap("#new-meld")
        page.act("#end")
        message = page.refusal()
        print("illegal by taps:", message)
        assert message.startswith("Not allowed: "), message
        assert len(message) > len("Not allowed: ") + 5
        after = page.state()
        # nothing was applied but the start of the play the first tap on the table made
        session = hosted.host.session()
        assert session is not None
        assert [a.kind for a in session.match.log[before["step"]:]] == ["start_play"]
        assert sorted(after["view"]["hand"]) == sorted(before["view"]["hand"])
        # touching the table started the play (as at the game's own table): Draw is now
        # giving the play up, which costs cards
        assert not page.find("#draw").is_displayed()
        assert page.find("#abandon").is_displayed()
        # the player takes the cards back, drags one to the felt (a new meld there), takes
        # it back again and gives the play up: the turn goes on
        page.tap("#reset")
        from selenium.webdriver.common.action_chains import ActionChains

        card = before["view"]["hand"][0]
        ActionChains(page.driver).click_and_hold(page.find(f'#hand [data-card="{card}"]')) \
            .move_by_offset(0, -30).move_to_element(page.find("#table")).release().perform()
        melds = page.driver.execute_script("return window.rummyPage.state.melds;")
        assert melds[-1] == {"cards": [card], "fresh": True}
        page.tap("#reset")
        page.act("#abandon")
        after = page.state()
        assert after["step"] > before["step"]
        penalty = hosted.host.variant.abandon_penalty
        assert len(after["view"]["hand"]) == len(before["view"]["hand"]) + penalty
    finally:
        page.driver.quit()
        hosted.stop()


@needs_chromium
def test_a_forged_play_from_the_page_is_refused_in_words(tmp_path: Path) -> None:
    hosted, page = _my_turn_page(tmp_path)
    try:
        state = page.state()
        seat, step = state["seat"], state["step"]
        session = hosted.host.session()
        assert session is not None
        other = session.match.deal.hands[1 - seat]
        stolen = [f"{c}.{c.copy}" for c in other[:3]]
        # a play of cards this seat does not hold, sent through the page's own connection
        page.driver.execute_script(
            "window.rummyPage.send({type: 'action', step: arguments[1], action: "
            "{type: 'play', player: arguments[2], table: {melds: [arguments[0]], free: [], "
            "declared: []}}});", stolen, step, seat)
        page.wait(lambda: page.refusal() != "", "refusal")
        assert page.text("#message").startswith("Not allowed: ")
        # another seat's move, and a field only the host's match writes
        print("forged cards:", page.refusal())
        page.driver.execute_script(CLEAR)
        page.driver.execute_script("window.rummyPage.send("
                                   "{type: 'action', action: {type: 'draw', player: "
                                   "arguments[0]}});", 1 - seat)
        page.wait(lambda: "seat" in page.text("#message"), "refusal of another seat's move")
        assert page.text("#message") == f"Not allowed: you play seat {seat + 1}"
        page.driver.execute_script(CLEAR)
        page.driver.execute_script("window.rummyPage.send({type: 'action', action: {type: "
                                   "'draw', player: arguments[0], unsettled: true}});", seat)
        page.wait(lambda: "unsettled" in page.text("#message"), "the wire's refusal")
        session = hosted.host.session()
        assert session is not None and len(session.match.log) == step  # nothing applied
        assert page.my_turn()  # and the seat still plays
    finally:
        page.driver.quit()
        hosted.stop()


def _contract_move(hosted: Hosted, page: PageSeat, player: SeatPlayer) -> str:
    """The page's player makes the move a medium computer would choose, by taps; its kind."""
    session = hosted.host.session()
    assert session is not None
    seat = page.state()["seat"]
    decision = ask(player, session.match.view(seat))
    assert decision is not None
    action = decision.action
    data = action.to_json()
    if action.kind == "lay_down":
        for meld in data["melds"]:
            for card in meld:
                page.tap_card(card)
            page.tap("#new-meld")
        page.act("#lay")
    elif action.kind == "lay_off":
        page.tap_card(data["card"])
        page.act(f'[data-meld="{data["meld"]}"] button.put')
    elif action.kind == "swap_joker":
        page.tap_card(data["card"])
        page.act(f'[data-meld="{data["meld"]}"] button.swap')
    elif action.kind == "discard":
        page.tap_card(data["card"])
        page.act("#discard")
    else:
        page.act({"draw": "#draw", "take_discard": "#take", "buy": "#buy",
                  "decline": "#decline"}[action.kind])
    assert page.refusal() == "", (action, page.refusal())
    return action.kind


@needs_chromium
def test_two_phones_and_a_computer_play_a_round_of_shanghai_rummy(tmp_path: Path) -> None:
    hosted = host_game("shanghai-rummy", [SeatSpec("net"), SeatSpec("net"),
                                          SeatSpec("medium", "Cpu")], 4242)
    drivers = [open_browser(tmp_path / "ada"), open_browser(tmp_path / "bea")]
    try:
        pages = [PageSeat(driver, LOOPBACK, hosted.host.port, hosted.host.code, name)
                 for driver, name in zip(drivers, ("Ada", "Bea"), strict=True)]
        for page in pages:
            page.wait(lambda p=page: p.state()["view"] is not None, "deal")
        players = {page.state()["seat"]: make_computer(Family.CONTRACT, "medium", 9)
                   for page in pages}
        kinds: list[str] = []
        end = time.monotonic() + 600
        while True:
            session = hosted.host.session()
            assert session is not None
            if session.match.history or session.match.over:
                break
            assert time.monotonic() < end, "the round did not end in time"
            for page in pages:
                state = page.state()
                view = state["view"]
                if view and view["hand_result"] is None and view["awaiting"] == state["seat"] \
                        and state["step"] == len(session.match.log):
                    kinds.append(_contract_move(hosted, page, players[state["seat"]]))
            time.sleep(0.05)
        assert {"discard", "lay_down"} <= set(kinds), kinds
        session = hosted.host.session()
        assert session is not None
        movers = {a.player for a in session.match.log if a.kind == "discard"}
        assert {0, 1} <= movers
    finally:
        for driver in drivers:
            driver.quit()
        hosted.stop()


@needs_chromium
def test_a_typed_address_asks_for_the_code_and_a_reload_keeps_the_seat(tmp_path: Path
                                                                       ) -> None:
    from selenium.webdriver.common.by import By

    hosted = host_game("machiavelli", [SeatSpec("net"), SeatSpec("medium", "Cpu")], 7)
    driver = open_browser(tmp_path / "dan")
    try:
        driver.get(f"http://{LOOPBACK}:{hosted.host.port}/")  # typed: no code in it
        code = driver.find_element(By.ID, "code")
        assert code.is_displayed()
        code.send_keys("wrong1")
        driver.find_element(By.ID, "name").send_keys("Dan")
        driver.find_element(By.ID, "join-button").click()
        page = PageSeat.__new__(PageSeat)
        page.driver = driver
        page.wait(lambda: page.text("#join-error") == "wrong join code", "refusal")
        code.clear()
        code.send_keys(hosted.host.code.lower())  # as typed on a phone: any case
        driver.find_element(By.ID, "join-button").click()
        page.wait(lambda: page.state()["view"] is not None, "deal")
        seat, hand = page.state()["seat"], page.state()["view"]["hand"]
        driver.refresh()  # the phone's browser reloads the page (or it slept)
        page.wait(lambda: page.state()["view"] is not None, "the seat taken back")
        assert page.state()["seat"] == seat and page.state()["view"]["hand"] == hand
        assert hosted.host.lobby()[seat].state == "taken"
    finally:
        driver.quit()
        hosted.stop()
