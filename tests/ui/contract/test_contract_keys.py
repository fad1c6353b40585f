"""The contract table from the keyboard alone (issue 33), through real key events: draw,
select cards, stage them into the contract's groups, lay down, lay off, discard, buy with
F6 on the buy window's button; with "Speak the table" on, what each key says (the card
focused, the target chosen, the refusal's reason, the turn's words, F2 and F3)."""

from __future__ import annotations

import pygame

from game.engine.actions import Draw
from game.engine.contract.actions import Buy, Discard, LayDown, LayOff
from game.ui.speech import RecordingSpeaker
from tests.ui.contract import test_contract_ui
from tests.ui.contract.test_contract_ui import ADA, BOOLE, YOU, Table, _asked_first

make = test_contract_ui.make  # the contract table's fixture


def speaking(t: Table) -> list[str]:
    recorder = RecordingSpeaker()
    t.app.settings.speak_table = True
    t.app.speaker = recorder
    return recorder.spoken


def focus(t: Table, text: str) -> None:
    """Left / right along the hand until ``text`` has the focus."""
    keys = t.scene.keys
    for _step in range(len(keys.hand_cards()) + 2):
        t.key(pygame.K_RIGHT)
        card = keys.focused_card()
        if card is not None and str(card) == text:
            return
    raise AssertionError(f"{text} never takes the focus")


def aim(t: Table, target: object) -> None:
    """Tab until ``target`` is chosen."""
    for _step in range(len(t.scene.keys.targets()) + 1):
        t.key(pygame.K_TAB)
        if t.scene.keys.target == target:
            return
    raise AssertionError(f"{target} never chosen; targets {t.scene.keys.targets()}")


def test_a_whole_turn_by_keyboard_with_the_words_said(make) -> None:  # noqa: ANN001
    t = make(hands=[YOU, ADA, BOOLE], discard="7H", stock="KC QD")
    scene, match = t.scene, t.match
    spoken = speaking(t)
    t.key(pygame.K_RETURN)  # Enter with nothing chosen: refused, and why is said
    assert spoken[-1] == "Choose where first. Tab chooses a group, a meld or the discard pile."
    t.key(pygame.K_d)
    assert isinstance(match.log[0], Draw)
    assert spoken[-1] == "You drew from the stock"
    t.until(lambda: match.deal.phase == "play" and match.awaiting == 0
            and not scene.sprites.busy and scene.mode == "human", 3000, "Ada's buy")
    for texts, slot in ((("9S", "9D", "9C"), 0), (("KH", "KS", "KD"), 1)):
        for text in texts:
            focus(t, text)
            t.key(pygame.K_SPACE)
        assert spoken[-1].endswith(", selected")
        aim(t, ("slot", slot))
        assert spoken[-1].startswith(f"Target: Group {slot + 1}, a set of 3 or more: empty")
        t.key(pygame.K_RETURN)
        assert sorted(str(c) for c in scene.human.stage_groups()[slot]) == sorted(texts)
    t.key(pygame.K_F2)
    assert "Group 1, a set of 3 or more: 9 of clubs, 9 of diamonds, 9 of spades" in spoken[-1]
    t.key(pygame.K_l)
    assert isinstance(match.log[-1], LayDown)
    assert spoken[-1].startswith("You laid down 2 sets of 3: 9 of ")
    t.settle()
    focus(t, "KC")
    aim(t, ("meld", 1))
    assert spoken[-1] == ("Target: Meld 2, your set: king of diamonds, king of hearts, "
                          "king of spades")
    t.key(pygame.K_RETURN)  # not in the turn you laid down: refused, and why is said
    assert isinstance(match.log[-1], LayDown)
    assert spoken[-1] == ("That is not allowed now. lay off only in a turn after you laid "
                          "down your contract.")
    t.settle()
    t.key(pygame.K_F3)
    assert "Round 1 of 10: 2 sets of 3" in spoken[-1] and "Discard pile:" in spoken[-1]
    focus(t, "2C")
    aim(t, "discard")
    assert spoken[-1].startswith("Target: the discard pile")
    t.key(pygame.K_RETURN)
    assert isinstance(match.log[-1], Discard) and str(match.log[-1].card) == "2C"
    assert spoken[-1] == "You discarded the 2 of clubs"
    # your next turn: draw, then lay the king off
    for _frame in range(5000):  # declining (N) every discard you are offered meanwhile
        if match.awaiting == 0 and match.deal.phase == "draw" and scene.mode == "human" \
                and not scene.sprites.busy:
            break
        if scene.mode == "buy" and scene.prompt is not None and scene.prompt.seat == 0 \
                and t.app.scenes.top is scene:
            t.key(pygame.K_n)
        t.frames(1)
    assert match.awaiting == 0 and match.deal.phase == "draw", "your next turn never came"
    t.key(pygame.K_d)
    t.until(lambda: match.deal.phase == "play" and match.awaiting == 0
            and scene.mode == "human" and not scene.sprites.busy, 3000, "your play")
    focus(t, "KC")
    aim(t, ("meld", 1))
    t.key(pygame.K_RETURN)
    assert isinstance(match.log[-1], LayOff) and str(match.log[-1].card) == "KC", spoken[-3:]
    assert spoken[-1].startswith("You laid off the king of clubs:")


def test_the_buy_window_by_f6_and_enter(make) -> None:  # noqa: ANN001
    t = make(**_asked_first())
    scene, match = t.scene, t.match
    spoken = speaking(t)
    t.buy_prompt()
    t.key(pygame.K_F6)  # the keyboard to the buttons: the buy window's Buy first
    assert scene.button_keys.focused is scene.prompt.buttons["buy"]
    ring = scene.button_keys.ring
    assert ring._ring is not None and ring._ring.visible
    t.key(pygame.K_RETURN)
    assert isinstance(match.log[-1], Buy) and match.log[-1].player == 0
    t.key(pygame.K_F6)  # back to the cards
    assert scene.button_keys.focused is None
    assert any("bought the 7 of hearts" in words for words in spoken)


def test_the_sidebar_by_f6_draws_and_opens_the_menu(make) -> None:  # noqa: ANN001
    t = make(hands=[YOU, ADA, BOOLE], discard="7H", stock="KC QD")
    scene, match = t.scene, t.match
    t.key(pygame.K_F6)
    while scene.button_keys.focused is not scene.controls.buttons["draw"]:
        t.key(pygame.K_TAB)
    t.key(pygame.K_RETURN)
    assert isinstance(match.log[0], Draw)
    t.until(lambda: match.awaiting == 0 and scene.mode == "human" and not scene.sprites.busy,
            3000, "your move again")
    t.key(pygame.K_F6)
    t.key(pygame.K_F6)
    while scene.button_keys.focused is not scene.controls.buttons["menu"]:
        t.key(pygame.K_TAB, pygame.KMOD_SHIFT)
    t.key(pygame.K_SPACE)
    assert type(t.app.scenes.top).__name__ == "TableMenu"
    assert ADA and BOOLE  # the hands the fixture deals
