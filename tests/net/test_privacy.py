"""Hidden cards never leave the host: every frame a client received over a whole match is
read, and none names a card that, at that moment, lay hidden in another seat's hand or
in the stock."""

from __future__ import annotations

import json
import re

import pytest

from game.ai.turns import computer_seed
from game.engine.actions import Action
from game.engine.protocol import GameState
from game.engine.serialize import new_match
from game.engine.variants import Family
from game.net.host import SeatSpec
from game.solver import PLAY_ORACLE
from tests.net.helpers import host_game, join_bot, over_of

#: A card as the wire writes it: "7H.1", "10D.0", "JK.0".
CARD = re.compile(r'"((?:10|[2-9AJQK])[SHDC]\.\d+|JK\.\d+)"')


def public_cards(match: GameState) -> set[str]:
    """The cards face up now: the table (melds, free cards) or melds and discard pile."""
    state = match.state_json()
    if match.family is Family.CONTRACT:
        cards = [c for meld in state["melds"] for c in meld["cards"]] + state["discard"]
    else:
        table = state["table"]
        cards = [c for meld in table["melds"] for c in meld] + table["free"]
    return set(cards)


def hidden_from(match: GameState, seat: int, shown: set[str]) -> set[str]:
    """The cards ``seat`` must not learn now: in another hand or the stock, and never face
    up this hand (a card bought off the pile went to a hand in front of everyone)."""
    state = match.state_json()
    cards = set(state["stock"])
    for other, hand in enumerate(state["hands"]):
        if other != seat:
            cards |= set(hand)
    return cards - shown


@pytest.mark.parametrize(("variant", "seed"), [("shanghai", 2), ("shanghai-rummy", 5)])
def test_no_frame_a_client_receives_names_a_hidden_card(variant: str, seed: int) -> None:
    hosted = host_game(variant, [SeatSpec("net"), SeatSpec("net"), SeatSpec("medium")], seed)
    bots = [join_bot(hosted, seat, "medium", computer_seed(seed, seat), record=True)
            for seat in (0, 1)]
    try:
        over = over_of(hosted)
        assert over.result is not None and not over.stalled
        for bot in bots:
            assert bot.result().over is not None
        session = hosted.host.session()
        assert session is not None
    finally:
        hosted.stop()
    log = list(session.match.log)
    for bot in bots:
        seat = bot.client.seat
        assert seat is not None
        frames = bot.client.frames
        assert frames and any('"type":"over"' in f for f in frames)
        named = leaks(new_match(variant, 3, seed, {}, None, oracle=PLAY_ORACLE), log, seat, frames)
        assert named > 100  # the frames do name cards: the reader reads them


def test_the_check_finds_a_hidden_card_in_a_frame() -> None:
    """The check itself: a frame naming a stock card, or another seat's card, is caught."""
    match = new_match("shanghai", 3, 2, {}, None, oracle=PLAY_ORACLE)
    state = match.state_json()
    for card in (state["stock"][0], state["hands"][1][0]):
        frame = json.dumps({"type": "update", "step": 0, "view": {"hand": [card]}})
        with pytest.raises(AssertionError, match="hidden cards"):
            leaks(new_match("shanghai", 3, 2, {}, None, oracle=PLAY_ORACLE), [], 0, [frame])
    own = json.dumps({"type": "update", "step": 0, "view": {"hand": state["hands"][0]}})
    match = new_match("shanghai", 3, 2, {}, None, oracle=PLAY_ORACLE)
    assert leaks(match, [], 0, [own]) == len(state["hands"][0])


def leaks(match: GameState, log: list[Action], seat: int, frames: list[str]) -> int:
    """Replay ``log`` alongside the frames ``seat`` received (each update says its step)
    and fail on a frame naming a card hidden from ``seat`` at that step; the count of
    cards the frames named."""
    step, hand = 0, match.deal.number
    shown = public_cards(match)
    checked = 0
    for frame in frames:
        message = json.loads(frame)
        target = message.get("step")
        if isinstance(target, int):
            while step < target:
                match.apply(log[step])
                step += 1
                if match.deal.number != hand:  # a new deal: the same cards, all hidden again
                    hand = match.deal.number
                    shown = set()
                shown |= public_cards(match)
        hidden = hidden_from(match, seat, shown)
        named = set(CARD.findall(frame))
        leaked = named & hidden
        assert not leaked, f"step {step}: seat {seat} was sent hidden cards {leaked}: " \
                           f"{frame[:300]}"
        checked += len(named)
    return checked
