"""The review marks each turn against the solver's best play: scripted positions for each
mark, and a whole seeded match replayed from its save."""

from __future__ import annotations

import json

import pytest

from game.ai.players import make_player
from game.coach.review import (
    ReviewError,
    judge_turn,
    mark,
    review_session,
)
from game.engine.actions import Draw, Play
from game.engine.cards import CardMinter, parse_cards
from game.engine.match import Match
from game.engine.serialize import new_match
from game.engine.table import Table
from game.engine.turn import check_turn
from game.session import GameSession, SaveFailed
from game.solver import PLAY_ORACLE
from game.store.seats import Seat

TABLE = "3C 4C 5C | 9D 9S 9H"
HAND = "6C 7C 8C 9C 2S KD JH"  # the best play puts down 6C 7C 8C 9C


def scripted(table_text: str, hand_text: str, options: dict | None = None) -> Match:
    """A two-seat Machiavelli match whose seat 0 is to play ``hand_text`` on ``table_text``."""
    match = new_match("machiavelli", 2, 5, options or {}, ["You", "Bot"], oracle=PLAY_ORACLE)
    assert isinstance(match, Match)
    minter = CardMinter()
    table = Table.parse(table_text, minter)
    hand, _ = parse_cards(hand_text, minter)
    h = match.deal
    h.hands[0] = list(hand)
    h.table = h.turn_start = table
    h.opened = [True, True]
    h.current = 0
    return match


def play_cards(match: Match, names: str) -> Play:
    """A play putting the named hand cards into the table the simplest legal way: each
    card extends the meld it fits (the solver is asked for exactly those cards)."""
    from game.solver import best_play

    view = match.view(0)
    wanted = names.split()
    keep = [c for c in view.hand if str(c) not in wanted]
    found = best_play(view.variant, view.table, list(view.hand), True, keep=keep)
    assert found is not None and sorted(map(str, found.played)) == sorted(wanted)
    return Play(0, found.table)


def judged(match: Match, action: Play | Draw):
    view = match.view(0)
    h = match.deal
    match.apply(action)
    record = h.turns[-1]
    return judge_turn(view, record.played, record.after, record.ended_by, 1, 1, seed=11)


def test_the_largest_play_is_best() -> None:
    match = scripted(TABLE, HAND)
    turn = judged(match, play_cards(match, "6C 7C 8C 9C"))
    assert (turn.mark, turn.value, turn.best) == ("best", 4, 4)
    assert turn.solution is not None
    assert check_turn(match.variant, turn.table, turn.cards, turn.solution.table).ok


def test_three_of_four_is_good() -> None:
    match = scripted(TABLE, HAND)
    turn = judged(match, play_cards(match, "6C 7C 8C"))
    assert (turn.mark, turn.value, turn.best) == ("good", 3, 4)


def test_a_small_play_in_a_match_of_several_hands_is_missed() -> None:
    # every card kept counts against the player at the hand's end: Hard's race counts a
    # held card whole, so holding three of four back is not sound
    match = scripted(TABLE, HAND, {"match": "hands:3"})
    turn = judged(match, play_cards(match, "6C"))
    assert (turn.mark, turn.value, turn.best) == ("missed", 1, 4)
    assert turn.shortfall == 3 and turn.credited == 1


def test_drawing_when_a_play_exists_is_missed() -> None:
    match = scripted(TABLE, HAND, {"match": "hands:3"})
    turn = judged(match, Draw(0))
    assert (turn.mark, turn.value, turn.best) == ("missed", 0, 4)


def test_a_hold_the_look_ahead_agrees_with_is_held_back() -> None:
    # one hand decides the match: Hard's race barely counts a card held back (it can go
    # down later without a draw and feeds no opponent meanwhile), so its look-ahead rates
    # this hold at least as well as the largest play
    match = scripted(TABLE, HAND)
    turn = judged(match, play_cards(match, "6C"))
    assert (turn.mark, turn.value, turn.best) == ("held back", 1, 4)
    assert turn.credited == 4


def test_no_legal_play_is_not_judged() -> None:
    match = scripted(TABLE, "2S KD JH 5D")
    turn = judged(match, Draw(0))
    assert (turn.mark, turn.best) == ("no play", 0)


@pytest.mark.parametrize(("value", "best", "held", "expected"), [
    (4, 4, False, "best"), (3, 4, False, "good"), (2, 4, False, "missed"),
    (2, 4, True, "held back"), (0, 1, False, "missed"), (0, 0, False, "no play"),
    (1, None, False, "unsettled"), (6, 8, False, "good"), (5, 8, False, "missed"),
])
def test_marks(value: int, best: int | None, held: bool, expected: str) -> None:
    assert mark(value, best, held) == expected


def played_session(seed: int) -> GameSession:
    """A finished two-seat Machiavelli match: the human seat played by Easy."""
    session = GameSession.new("machiavelli", {}, [Seat("You", "human"), Seat("Bot", "medium")],
                              seed)
    players = [make_player("easy", seed), make_player("medium", seed + 1)]
    for _ in range(400):
        if session.match.over:
            break
        seat = session.match.awaiting
        session.match.apply(players[seat].decide(session.match.view(seat)).action)
    return session


def test_a_saved_match_replays_into_a_review() -> None:
    session = played_session(3)
    saved = json.loads(json.dumps(session.to_json()))  # a bare session, as JSON leaves it
    review = review_session(GameSession.from_document(saved))
    match = session.match
    assert isinstance(match, Match)
    mine = [t for t in match.deal.turns if t.player == 0]
    assert len(review.turns) == len(mine)
    for turn, record in zip(review.turns, mine, strict=True):
        assert list(turn.played) == list(record.played)
        assert turn.best is not None and turn.value <= turn.best
        if turn.solution is not None:
            assert check_turn(match.variant, turn.table, turn.cards, turn.solution.table,
                              turn.opened).ok
    assert {t.mark for t in review.turns} <= {"best", "good", "held back", "missed",
                                               "no play"}
    hand = review.hands()[0]
    judged_turns = [t for t in review.turns if t.best]
    assert hand.possible == sum(t.best or 0 for t in judged_turns)
    credited = sum(t.best if t.mark == "held back" else t.value for t in judged_turns)
    assert hand.accuracy == round(100 * credited / hand.possible, 1)
    misses = review.biggest_misses()
    assert all(m.mark == "missed" for m in misses)
    assert [m.shortfall for m in misses] == sorted((m.shortfall for m in misses), reverse=True)
    again = review_session(GameSession.from_document(saved))
    assert [t.mark for t in again.turns] == [t.mark for t in review.turns]


def test_bad_saves_are_refused_with_a_reason() -> None:
    with pytest.raises(SaveFailed, match="JSON object"):
        GameSession.from_document([])
    with pytest.raises(SaveFailed, match="seats"):
        GameSession.from_document({"match": {}})
    # a save has the store's envelope, checked as the Load screen checks it
    with pytest.raises(SaveFailed, match='no valid "schema" number'):
        GameSession.from_document({"game": {"match": {}}})
    session = GameSession.new("machiavelli", {}, [Seat("A", "easy"), Seat("B", "easy")], 1)
    with pytest.raises(ReviewError, match="no human seat"):
        review_session(session)
    with pytest.raises(ReviewError, match="no seat 3"):
        review_session(session, 2)


@pytest.mark.parametrize("lang", ["it", "de", "es"])
def test_every_mark_is_shown_in_the_players_language(lang: str) -> None:
    """The marks reach the screen and the readable CLI output translated; JSON keeps the
    English mark (issue 19)."""
    from game.coach.review import MARKS, mark_words
    from game.i18n import language

    with language(lang):
        shown = [mark_words(mark) for mark in MARKS]
    assert all(words and words != mark for words, mark in zip(shown, MARKS, strict=True))
    assert len(set(shown)) == len(MARKS)
    with language("en"):
        assert [mark_words(mark) for mark in MARKS] == list(MARKS)
