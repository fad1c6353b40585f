"""The contract table's turn tools driven by real events through the real App: Undo, Redo
and Reset within the turn (a lay-off, a joker swap and a lay-down taken back and laid
again), the last-turns replay (every other seat's turns since yours, paused and stepped,
the real match untouched) and the hint (shown, then applied; switched off in settings)."""

from __future__ import annotations

import pygame

from game.engine.actions import Draw
from game.engine.cards import parse_token
from game.engine.contract.actions import Discard, LayDown, LayOff, SwapJoker
from game.engine.contract.match import ContractMatch, TableMeld
from game.ui.contract.replay import replay_start
from game.ui.theme import seat_colour
from tests.ui.contract.test_contract_ui import (  # noqa: F401
    ADA,
    BOOLE,
    YOU,
    _asked_first,
    _take,
    make,
    names,
)


def _run_on_table(match: ContractMatch) -> None:
    """Seat 1's run 5H 6H JK 8H on the table (the joker stands for the 7H)."""
    r = match.deal
    pool = list(r.stock)
    run = _take(pool, "5H 6H JK 8H")
    r.stock = [c for c in r.stock if c not in run]
    r.melds = [TableMeld(1, "run", run)]
    r.declared = {run[2]: parse_token("7H").face}
    r.laid_down = [True, True, False]


def test_undo_redo_and_reset_a_lay_off_and_a_joker_swap(make) -> None:  # noqa: ANN001, F811
    t = make(hands=["7H 9H 2C 3D 4S", ADA, BOOLE], discard="QC", stock="KC",
             prepare=_run_on_table)
    scene, match = t.scene, t.match
    buttons = scene.controls.buttons
    t.key(pygame.K_d)
    t.settle()
    assert not buttons["undo"].is_enabled  # the draw cannot be taken back
    run_before = list(match.deal.melds[0].cards)
    hand_before = list(match.deal.hands[0])
    log_before = len(match.log)
    nine = t.card("9H")
    t.drag(t.at(nine), scene.layout.meld(0).rect.center)
    assert isinstance(match.log[-1], LayOff)
    t.settle()
    joker = next(c for c in match.deal.melds[0].cards if c.is_joker)
    t.drag(t.at(t.card("7H")), t.probe.center(joker))
    assert isinstance(match.log[-1], SwapJoker) and joker in match.deal.hands[0]
    t.settle()
    t.frames(2)
    assert buttons["undo"].is_enabled and not buttons["redo"].is_enabled

    t.click_button("undo")  # the swap goes back: the joker in the run, the 7H in hand
    assert isinstance(match.log[-1], LayOff) and len(match.log) == log_before + 1
    assert joker in match.deal.melds[0].cards and joker not in match.deal.hands[0]
    assert "7H" in names(match.deal.hands[0])
    t.settle()
    t.key(pygame.K_z, pygame.KMOD_CTRL)  # and the lay-off: as after the draw
    assert len(match.log) == log_before
    assert match.deal.melds[0].cards == run_before
    assert sorted(map(str, match.deal.hands[0])) == sorted(map(str, hand_before))
    assert match.deal.turn_mode is None
    t.settle()
    assert scene.sprites.sprites[nine].spot.zone == "hand"  # the card is back on screen
    t.frames(2)
    assert not buttons["undo"].is_enabled and buttons["redo"].is_enabled

    t.click_button("redo")
    t.settle()
    t.key(pygame.K_y, pygame.KMOD_CTRL)
    assert [a.kind for a in match.log[log_before:]] == ["lay_off", "swap_joker"]
    assert joker in match.deal.hands[0]
    t.settle()
    t.click_button("reset")  # both at once
    assert len(match.log) == log_before and match.deal.melds[0].cards == run_before
    t.settle()
    t.key(pygame.K_y, pygame.KMOD_CTRL)
    t.settle()
    t.key(pygame.K_y, pygame.KMOD_CTRL)
    t.settle()
    assert [a.kind for a in match.log[log_before:]] == ["lay_off", "swap_joker"]
    assert match.check_invariants() == []
    # the joker laid off and a discard end the turn: nothing to undo any more
    t.drag(t.at(t.card("JK")), scene.layout.meld(0).rect.center)
    t.settle()
    t.click(t.at(t.card("2C")))
    t.key(pygame.K_x)
    assert isinstance(match.log[-1], Discard)
    t.frames(2)
    assert not buttons["undo"].is_enabled and not buttons["redo"].is_enabled


def test_undo_a_lay_down_brings_back_the_groups(make) -> None:  # noqa: ANN001, F811
    t = make(hands=[YOU, ADA, BOOLE], discard="4H", stock="3S")
    scene, match = t.scene, t.match
    t.click(scene.layout.stock.center)
    t.until(lambda: match.awaiting == 0 and match.deal.phase == "play", 3000, "your play")
    t.settle()
    for text in ("9S", "9D", "9C"):
        t.click(t.at(t.card(text)))
    t.click_button("make")
    for text in ("KH", "KS", "KD"):
        t.click(t.at(t.card(text)))
    t.click_button("make")
    t.click_button("lay_down")
    assert isinstance(match.log[-1], LayDown) and match.deal.laid_down[0]
    t.settle()
    t.key(pygame.K_z, pygame.KMOD_CTRL)
    assert not match.deal.laid_down[0] and match.deal.melds == []
    assert [names(g) for g in scene.human.stage_groups()] == \
        [["9C", "9D", "9S"], ["KD", "KH", "KS"]]
    t.settle()
    assert scene.layout.stage is not None
    t.frames(2)
    assert scene.controls.buttons["lay_down"].is_enabled


def test_last_turns_replays_every_other_seat_then_comes_back(make) -> None:  # noqa: ANN001, F811
    t = make(kinds=("human", "easy", "medium", "hard"), seed=11, speed=8.0)
    scene, match = t.scene, t.match
    t.app.settings.always_decline_buys = True  # the buy window would wait for you
    t.key(pygame.K_d)
    t.settle()
    t.click(t.at(scene.bottom_hand()[0]))
    t.key(pygame.K_x)
    assert isinstance(match.log[-1], Discard) and match.log[-1].player == 0
    t.until(lambda: scene.mode == "human" and match.awaiting == 0
            and match.deal.phase == "draw", 6000, "your next turn")
    digest, length = match.digest(), len(match.log)
    start = replay_start(match.log, 0)
    others = {a.player for a in match.log[start:] if a.player not in (None, 0)}
    assert others == {1, 2, 3}
    t.frames(2)
    t.click_button("last")
    replay = scene.replay
    assert replay.active and scene.match is not match
    assert len(scene.match.log) == start  # the table as it was after your discard
    t.until(lambda: replay.index >= 2, 3000, "two steps")
    t.key(pygame.K_SPACE)  # pause: nothing moves on
    held = replay.index
    t.frames(240)
    assert replay.index == held and "paused" in scene.status.text
    t.key(pygame.K_RIGHT)  # one step
    assert replay.index == held + 1
    t.key(pygame.K_SPACE)
    t.until(lambda: not replay.active, 8000, "the replay's end")
    assert set(replay.seats) >= {1, 2, 3}
    assert replay.seats == [a.player if a.player is not None else 0
                            for a in match.log[start:]][:len(replay.seats)]
    assert scene.match is match and match.digest() == digest and len(match.log) == length
    assert scene.mode == "human" and "draw" in scene.status.text


def test_a_hint_is_shown_then_applied_and_can_be_switched_off(make) -> None:  # noqa: ANN001, F811
    pairs = "9S 9D KH KS 2C 5D 8S JH 4C 6C 3D"  # two pairs: the 9H makes a set
    t = make(hands=[pairs, ADA, BOOLE], discard="9H", stock="3S")
    scene, match = t.scene, t.match
    t.frames(2)
    t.click_button("hint")
    t.until(lambda: scene.hint.showing, 3000, "the hint")
    action = scene.hint.action
    assert action.kind == "take_discard"
    assert t.scene.session.hints == 1  # counted: a win with hints is marked so
    assert scene.message is not None and scene.message.title.startswith("Hint: take")
    assert "9\u2665" in scene.message.title
    t.frames(2)
    assert scene.controls.buttons["hint"].text == "Do it"
    t.key(pygame.K_h)  # again: applied
    assert match.log[-1].kind == "take_discard"
    assert not scene.hint.showing
    t.settle()
    # switched off: the button is disabled and H explains
    t.app.settings.hints_allowed = False
    scene.refresh()
    t.frames(2)
    assert not scene.controls.buttons["hint"].is_enabled
    log = len(match.log)
    t.key(pygame.K_h)
    assert len(match.log) == log and "switched off" in scene.message.title
    assert not isinstance(match.log[-1], Draw)


def test_cards_another_seat_lays_down_carry_its_mark_until_your_turn_ends(make) -> None:  # noqa: ANN001, F811
    ready = "7C 7D 7S QS QD QC 2D 6C 8H AS 4H"  # Ada holds two sets: she lays them down
    t = make(hands=[YOU, ready, BOOLE], discard="5S", stock="3S 9H 10D JS KC")
    scene, match = t.scene, t.match
    t.app.settings.always_decline_buys = True
    t.key(pygame.K_d)
    t.settle()
    t.click(t.at(t.card("2C")))
    t.key(pygame.K_x)
    t.until(lambda: match.deal.laid_down[1], 3000, "Ada to lay down")
    t.until(lambda: scene.mode == "human" and match.awaiting == 0, 6000, "your turn")
    adas = [c for m in match.deal.melds if m.owner == 1 for c in m.cards]
    assert len(adas) == 6
    for card in adas:
        assert scene.sprites.sprites[card].mark == (seat_colour(1), "new", "2")
    # the log on the felt tells each other seat's turn in one line, in its colour
    lines = scene.turn_log.lines(0)
    assert [colour for colour, _ in lines] == [seat_colour(1), seat_colour(2)]
    ada = lines[0][1]
    assert ada.startswith("Ada drew from the stock; laid down 2 sets of 3: ")
    assert "7\u2663" in ada and "Q\u2660" in ada and "; discarded the " in ada
    assert lines[1][1].startswith("Boole ")
    t.key(pygame.K_d)  # your turn under way: the others' turns stay on view
    t.settle()
    assert scene.turn_log.lines(0) == lines
    # your turn ends: you have seen them
    t.click(t.at(scene.bottom_hand()[0]))
    t.key(pygame.K_x)
    t.frames(2)
    assert all(scene.sprites.sprites[c].mark is None for c in adas)
    assert scene.turn_log.lines(0) == []


def test_refusals_name_cards_with_suit_symbols_not_codes(make) -> None:  # noqa: ANN001, F811
    t = make(hands=["7H 9H 2C 3D 4S", ADA, BOOLE], discard="QC", stock="KC",
             prepare=_run_on_table)
    scene, match = t.scene, t.match
    t.key(pygame.K_d)
    t.settle()
    count = len(match.log)
    t.drag(t.at(t.card("2C")), scene.layout.meld(0).rect.center)
    assert len(match.log) == count
    words = " ".join([scene.message.title, *scene.message.lines])
    assert "2\u2663" in words and "2C" not in words


def test_a_hint_at_the_buy_prompt_answers_it(make) -> None:  # noqa: ANN001, F811
    t = make(**_asked_first())
    scene, match = t.scene, t.match
    t.buy_prompt()
    t.key(pygame.K_h)
    t.until(lambda: scene.hint.showing, 3000, "the hint")
    hinted = scene.hint.action
    assert hinted.kind in ("buy", "decline") and hinted.player == 0
    assert scene.message.title.startswith(("Hint: buy the 7\u2665", "Hint: let the 7\u2665 go"))
    t.key(pygame.K_h)
    assert match.log[-1] == hinted
    assert scene.prompt is None


def test_a_dismissed_hint_takes_its_card_back_out_of_the_selection(make) -> None:  # noqa: ANN001, F811
    # drawn: a discard is due; the hint lifts the card it would throw away
    t = make(hands=["9S 9D KH KS 2C 5D 8S JH 4C 6C 3D", ADA, BOOLE], discard="QC",
             stock="7S")
    scene, match = t.scene, t.match
    t.key(pygame.K_d)
    t.settle()
    t.click_button("hint")
    t.until(lambda: scene.hint.showing, 3000, "the hint")
    hinted = scene.hint.action
    assert isinstance(hinted, Discard) and scene.selected == [hinted.card]
    t.key(pygame.K_ESCAPE)  # dismissed: nothing of it stays lifted
    t.frames(2)
    assert not scene.hint.showing and scene.selected == []
    assert not scene.sprites.sprites[hinted.card].selected
    pair = [t.card(name) for name in ("9S", "9D") if name != str(hinted.card)]
    for card in pair:
        t.click(t.at(card))
    t.key(pygame.K_m)  # the group holds the cards clicked, and only them
    assert names(scene.human.stage_groups()[0]) == names(pair)
    assert not any(isinstance(a, Discard) for a in match.log)  # nothing thrown away


def test_a_dismissed_contract_hint_gives_back_the_groups_as_they_were(make) -> None:  # noqa: ANN001, F811
    t = make(hands=[YOU, ADA, BOOLE], discard="QC", stock="3S")
    scene = t.scene
    t.key(pygame.K_d)
    t.settle()
    t.click_button("hint")
    t.until(lambda: scene.hint.showing, 3000, "the hint")
    assert isinstance(scene.hint.action, LayDown)
    assert all(scene.human.stage_groups())  # the hint built the contract in the groups
    t.key(pygame.K_ESCAPE)
    t.frames(2)
    assert not scene.hint.showing
    assert not any(scene.human.stage_groups())  # empty again, as the player left them
