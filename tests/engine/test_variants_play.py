"""Every variant's turn structure, jokers, end of hand, scoring and match play, driven through
``Match`` from positions set with ``rig`` (RULES.md sections 3-5)."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from game.engine.actions import Abandon, Draw, EndTurn, Knock, NextHand, Pass, Play, StartPlay
from game.engine.cards import parse_cards
from game.engine.errors import IllegalAction, OptionError
from game.engine.match import Match
from game.engine.scoring import (
    HandResult,
    card_value,
    match_over,
    match_result,
    points_text,
    score_hand,
)
from game.engine.variants import get_variant
from game.solver import PLAY_ORACLE
from tests.conftest import end_table, rig


def play(match: Match, text: str) -> None:
    """The player in turn commits the end table ``text`` (cards of the table and their hand)."""
    h = match.deal
    match.apply(Play(match.current, end_table(h.table, h.hands[match.current], text)))


def hand_text(match: Match, seat: int) -> str:
    return " ".join(str(c) for c in match.deal.hands[seat])


def refused(match: Match, action) -> str:
    """Apply an action that must be refused; the state must not change. Returns the message."""
    before = match.digest(), len(match.log)
    with pytest.raises(IllegalAction) as error:
        match.apply(action)
    assert (match.digest(), len(match.log)) == before
    assert not match.can(action)
    return str(error.value)


def legal(match: Match) -> set[str]:
    return set(match.legal_kinds())


# --- play_or_draw (Machiavelli, Vatikan, Tahiti) -----------------------------------------


def test_machiavelli_play_xor_draw():
    m = Match("machiavelli", 2, seed=1, oracle=PLAY_ORACLE)
    rig(m, "3H 4H 5H", ["6H 9C KD", "2C 2D 2S"], stock="QS JS 10S", current=0)
    assert legal(m) == {"play", "draw", "abandon", "start_play"}
    play(m, "3H 4H 5H 6H")
    assert m.current == 1 and hand_text(m, 0) == "9C KD"
    assert m.deal.turns[-1].ended_by == "play" and m.deal.turns[-1].drawn == 0
    assert len(m.deal.stock) == 104 - 9  # nothing drawn
    m.draw()
    assert m.current == 0 and hand_text(m, 1) == "2C 2D 2S QS"
    assert m.deal.turns[-1].ended_by == "draw" and m.deal.turns[-1].drawn == 1
    # drawing ends the turn: the player cannot play afterwards
    m.draw()
    assert m.current == 1
    assert "turn" in refused(m, Play(0, m.deal.table))
    assert m.check_invariants() == []


def test_machiavelli_cannot_pass_knock_or_end_turn_while_the_stock_lasts():
    m = Match("machiavelli", 2, seed=1, oracle=PLAY_ORACLE)
    rig(m, "", ["9C KD", "2C"], current=0)
    assert "draw a card instead" in refused(m, Pass(0))
    assert refused(m, Knock(0))
    assert refused(m, EndTurn(0))
    assert refused(m, NextHand(None))
    assert "Player 1's turn" in refused(m, Draw(1))


def test_machiavelli_abandon_restores_the_table_and_draws_three():
    m = Match("machiavelli", 2, seed=2, oracle=PLAY_ORACLE)
    p = rig(m, "3H 4H 5H", ["9C KD", "2C"], stock="QS JS 10S 7D", current=0)
    m.abandon()
    assert m.current == 1 and m.deal.table == p.start
    assert hand_text(m, 0) == "9C KD QS JS 10S"
    assert m.deal.turns[-1].ended_by == "abandon" and m.deal.turns[-1].drawn == 3
    assert m.check_invariants() == []


def test_machiavelli_a_started_play_costs_the_penalty_even_when_put_back():
    # RULES.md 2: once a card has moved, giving up costs 3 even if all was put back first
    m = Match("machiavelli", 2, seed=2, oracle=PLAY_ORACLE)
    p = rig(m, "3H 4H 5H", ["9C KD", "2C"], stock="QS JS 10S 7D", current=0)
    m.apply(StartPlay(0))
    assert legal(m) == {"play", "abandon"}
    assert "give up and draw 3" in refused(m, Draw(0))
    assert "already started" in refused(m, StartPlay(0))
    m.abandon()
    assert hand_text(m, 0) == "9C KD QS JS 10S" and m.deal.table == p.start
    # the next turn starts afresh
    assert "start_play" in legal(m) and not m.deal.started
    # a started play that is finished is an ordinary play
    m.draw()
    m.apply(StartPlay(0))
    play(m, "3H 4H 5H | 10S JS QS")
    assert m.deal.turns[-1].ended_by == "play"


def test_a_started_play_replays_from_the_log():
    m = Match("machiavelli", 2, seed=5, oracle=PLAY_ORACLE)
    m.apply(StartPlay(0))
    copy = m.clone()
    assert copy.deal.started and "draw" not in copy.legal_kinds()
    assert copy.digest() == m.digest()
    m.abandon()
    assert m.clone().digest() == m.digest()


@pytest.mark.parametrize("variant", ["carousel", "shanghai", "manipulation"])
def test_no_give_up_penalty_where_the_turn_is_not_play_or_draw(variant):
    with pytest.raises(OptionError, match="only games where you either play or draw"):
        get_variant(variant, {"abandon_penalty": 3})
    m = Match(variant, 3, seed=1, oracle=PLAY_ORACLE)
    assert "start_play" not in m.legal_kinds() and "abandon" not in m.legal_kinds()
    assert "not part of this game" in refused(m, StartPlay(m.current))


def test_machiavelli_abandon_penalty_zero_means_no_abandon():
    m = Match("machiavelli", 2, seed=2, options={"abandon_penalty": 0}, oracle=PLAY_ORACLE)
    rig(m, "", ["9C KD", "2C"], current=0)
    assert "abandon" not in legal(m)
    refused(m, Abandon(0))


def test_machiavelli_jokers_abandon_draws_three_and_release_needs_two():
    m = Match("machiavelli-jokers", 2, seed=3, oracle=PLAY_ORACLE)
    rig(m, "8H 9H JK=10H | 4C 5C 6C 7C", ["10H 3C KD", "2C 2D"], current=0)
    assert "abandon" in legal(m)
    message = refused(m, Play(0, end_table(m.deal.table, m.deal.hands[0],
                                           "8H 9H 10H | 3C 4C JK=5C | 5C 6C 7C")))
    assert "two cards from your hand" in message
    m.abandon()
    assert len(m.deal.hands[0]) == 6


def test_going_out_ends_the_hand_at_once():
    m = Match("machiavelli", 3, seed=4, oracle=PLAY_ORACLE)
    rig(m, "3H 4H 5H", ["6H 7H", "2C 2D 2S KD", "9S"], current=0)
    play(m, "3H 4H 5H 6H 7H")
    assert m.hand_over and m.current == 0
    result = m.deal.result
    assert (result.reason, result.ender, result.winners) == ("out", 0, (0,))
    assert result.points == (0, 4, 1)
    assert m.totals == [0, 4, 1]
    assert m.deal.turns[-1].ended_by == "out"
    # Machiavelli is a single hand: the match is over and nobody may act
    assert m.over and m.result.winners == (0,)
    assert legal(m) == set()
    assert "match is over" in refused(m, NextHand(None))
    assert refused(m, Draw(1))


def test_empty_stock_everyone_passes_and_the_hand_is_scored_as_it_stands():
    m = Match("machiavelli", 3, seed=5, oracle=PLAY_ORACLE)
    rig(m, "3H 4H 5H", ["9C KD", "2C 2D 8S", "9S"], current=0, keep_rest=False)
    assert legal(m) == {"play", "pass"}  # no draw, and no abandon: nothing to draw
    assert "stock is empty" in refused(m, Draw(0))
    m.pass_turn()
    m.pass_turn()
    assert not m.hand_over and m.deal.passes == 2
    m.pass_turn()
    result = m.deal.result
    assert result.reason == "stock_out" and result.ender is None
    assert result.points == (2, 3, 1) and result.winners == (2,)


def test_a_play_breaks_the_run_of_passes():
    m = Match("machiavelli", 2, seed=5, oracle=PLAY_ORACLE)
    rig(m, "3H 4H 5H", ["9C 6H KD", "2C"], current=0, keep_rest=False)
    m.pass_turn()
    m.pass_turn()
    assert m.hand_over
    m2 = Match("machiavelli", 2, seed=5, oracle=PLAY_ORACLE)
    rig(m2, "3H 4H 5H", ["9C KD", "6H 2C"], current=0, keep_rest=False)
    m2.pass_turn()
    play(m2, "3H 4H 5H 6H")
    assert m2.deal.passes == 0 and not m2.hand_over
    m2.pass_turn()
    assert not m2.hand_over
    m2.pass_turn()
    assert m2.hand_over and m2.deal.result.points == (2, 1)


def test_vatikan_initial_meld_and_no_points():
    m = Match("vatikan", 2, seed=6, oracle=PLAY_ORACLE)
    rig(m, "7C 7D 7S", ["7H 3C 4C 5C KD", "8S 9S 10S"], current=0)
    assert m.deal.opened == [False, False]
    message = refused(m, Play(0, end_table(m.deal.table, m.deal.hands[0], "7C 7D 7S 7H")))
    assert "run of three" in message
    play(m, "7C 7D 7S 7H | 3C 4C 5C")
    assert m.deal.opened == [True, False]
    play(m, "7C 7D 7S 7H | 3C 4C 5C | 8S 9S 10S")
    assert m.hand_over
    result = m.deal.result
    assert result.winners == (1,) and result.points == (0, 0)
    assert m.over and m.result.winners == (1,)


def test_vatikan_joker_stays_with_its_meld_in_a_match():
    m = Match("vatikan", 2, seed=6, oracle=PLAY_ORACLE)
    rig(m, "8H 9H JK=10H", ["7H 10C 10S KD", "2C"], current=0)
    m.deal.opened[0] = True
    message = refused(m, Play(0, end_table(m.deal.table, m.deal.hands[0],
                                           "7H 8H 9H | 10C 10S JK=10H")))
    assert "moves only after a real 10H releases it" in message


def test_tahiti_free_cards_and_scoring():
    m = Match("tahiti", 2, seed=7, oracle=PLAY_ORACLE)
    assert len(m.deal.table.free) == 4
    rig(m, "4S 5S 6S", ["AH JK KD", "2C 3C"], free="7S 9D 9H QC", current=0)
    assert legal(m) == {"play", "draw"}
    play(m, "4S 5S 6S 7S")  # a free card alone is a play
    assert hand_text(m, 0) == "AH JK KD" and m.current == 1
    assert [str(c) for c in m.deal.table.free] == ["9D", "9H", "QC"]
    m.draw()
    # a hand card can never be left single on the table
    bad = end_table(m.deal.table, m.deal.hands[0], "4S 5S 6S 7S", free="9D 9H QC KD")
    assert "cannot lie alone" in refused(m, Play(0, bad))
    # the joker freezes its meld
    assert m.check_invariants() == []


def test_tahiti_going_out_scores_card_values():
    m = Match("tahiti", 3, seed=7, oracle=PLAY_ORACLE)
    rig(m, "", ["9C 9D 9H", "AH JK KD 7S", "2C"], free="7S 9S 3H QC", current=0)
    play(m, "9C 9D 9H 9S")
    result = m.deal.result
    assert result.reason == "out"
    assert result.points == (0, 11 + 30 + 10 + 7, 2)


def test_tahiti_frozen_meld_in_a_match():
    m = Match("tahiti", 2, seed=8, oracle=PLAY_ORACLE)
    rig(m, "4H 5H 6H JK=7H | 4C 4D 4S", ["8H KD", "2C"], free="", current=0)
    bad = end_table(m.deal.table, m.deal.hands[0], "5H 6H JK=7H 8H | 4C 4D 4S 4H")
    assert "cannot be rearranged" in refused(m, Play(0, bad))
    play(m, "4H 5H 6H JK=7H 8H | 4C 4D 4S")
    assert m.check_invariants() == []


# --- guadalupe -----------------------------------------------------------------------------


def test_guadalupe_draws_two_when_nothing_is_played():
    m = Match("guadalupe", 2, seed=9, oracle=PLAY_ORACLE)
    rig(m, "3H 4H 5H", ["9C KD", "2C"], stock="QS JS 10S", current=0)
    assert legal(m) == {"play", "draw"}
    m.draw()
    assert hand_text(m, 0) == "9C KD QS JS" and m.current == 1
    assert m.deal.turns[-1].drawn == 2


def test_guadalupe_draws_one_after_playing_without_going_out():
    m = Match("guadalupe", 2, seed=9, oracle=PLAY_ORACLE)
    rig(m, "3H 4H 5H", ["6H 9C", "2C"], stock="QS JS 10S", current=0)
    play(m, "3H 4H 5H 6H")
    assert hand_text(m, 0) == "9C QS" and m.current == 1
    record = m.deal.turns[-1]
    assert record.ended_by == "play" and record.drawn == 1
    assert m.check_invariants() == []


def test_guadalupe_going_out_draws_nothing():
    m = Match("guadalupe", 2, seed=9, oracle=PLAY_ORACLE)
    rig(m, "3H 4H 5H", ["6H", "2C"], stock="QS JS 10S", current=0)
    play(m, "3H 4H 5H 6H")
    assert m.hand_over and m.deal.hands[0] == []
    assert m.deal.result.points == (0, 1)


def test_guadalupe_short_and_empty_stock():
    m = Match("guadalupe", 2, seed=9, oracle=PLAY_ORACLE)
    rig(m, "3H 4H 5H", ["9C", "2C"], stock="QS", current=0, keep_rest=False)
    m.draw()
    assert hand_text(m, 0) == "9C QS" and m.deal.stock == []
    assert legal(m) == {"play", "pass"}
    m.pass_turn()
    m.pass_turn()
    assert m.deal.result.reason == "stock_out"


# --- carousel ------------------------------------------------------------------------------


def carousel(seed: int = 10, players: int = 2, **options) -> Match:
    return Match("carousel", players, seed=seed, options=options or None, oracle=PLAY_ORACLE)


def test_carousel_always_begins_with_a_draw():
    m = carousel()
    rig(m, "", ["5S 6S 7S KD", "2C"], stock="QH JH 10H", current=0)
    assert legal(m) == {"draw"}
    assert "draw a card first" in refused(m, Play(0, m.deal.table))
    refused(m, EndTurn(0))
    refused(m, Pass(0))
    refused(m, Knock(0))


def test_carousel_three_draws_without_melding_end_the_turn():
    m = carousel()
    rig(m, "", ["5S 9C KD", "2C"], stock="QH JH 10H 9H", current=0)
    m.draw()
    assert m.current == 0 and legal(m) == {"play", "draw"}
    m.draw()
    assert m.current == 0 and legal(m) == {"play", "draw"}
    m.draw()
    assert m.current == 1
    assert hand_text(m, 0) == "5S 9C KD QH JH 10H"
    assert m.deal.turns[-1].drawn == 3 and m.deal.turns[-1].ended_by == "draw"


def test_carousel_meld_after_the_second_draw_ends_the_turn():
    m = carousel()
    rig(m, "", ["5S 6S KD QD", "2C"], stock="QH 7S 10H", current=0)
    m.draw()
    m.draw()
    play(m, "5S 6S 7S")
    assert m.current == 1  # 20+ points in hand: no knock, the turn is over
    assert hand_text(m, 0) == "KD QD QH"


def test_carousel_no_meld_after_the_third_draw():
    m = carousel()
    rig(m, "", ["5S 6S 9C", "2C"], stock="QH JH 7S", current=1)
    m.draw()
    m.draw()
    m.draw()
    assert m.current == 0
    m.draw()
    m.draw()
    assert "play" in legal(m)
    m.draw()
    assert m.current == 1  # the third draw ends the turn with no meld


def test_carousel_knock_after_meld_with_five_or_fewer():
    m = carousel()
    rig(m, "", ["5S 6S 7S AH 2D", "KS QS 9D"], stock="AD", current=0)
    m.draw()
    play(m, "5S 6S 7S")
    assert m.current == 0 and legal(m) == {"knock", "end_turn"}
    assert "already melded" in refused(m, Play(0, m.deal.table))
    refused(m, Draw(0))
    m.knock()
    result = m.deal.result
    assert (result.reason, result.ender, result.winners) == ("knock", 0, (0,))
    assert result.hand_values == (4, 29)
    assert result.points == (25, 0)
    assert m.deals_won == [1, 0]


def test_carousel_knocker_undercut():
    m = carousel()
    rig(m, "", ["5S 6S 7S AH 2D", "AS 2S"], stock="AD", current=0)
    m.draw()
    play(m, "5S 6S 7S")
    m.knock()
    assert m.deal.result.winners == (1,)
    assert m.deal.result.points == (0, 1 + 10)


def test_carousel_may_end_the_turn_instead_of_knocking():
    m = carousel()
    rig(m, "", ["5S 6S 7S AH 2D", "KS QS 9D"], stock="AD", current=0)
    m.draw()
    play(m, "5S 6S 7S")
    m.end_turn()
    assert m.current == 1 and not m.hand_over
    assert m.deal.turns[-1].ended_by == "play"


def test_carousel_no_knock_without_a_meld():
    # RULES.md 4: "after drawing one or two cards and melding"
    m = carousel()
    rig(m, "", ["AH 2D", "KS QS 9D"], stock="AD AC", current=0)
    m.draw()
    assert m.deal.draws == 1 and len(m.deal.hands[0]) == 3  # 4 points, no meld
    assert "knock" not in legal(m)
    refused(m, Knock(0))
    m.draw()
    refused(m, Knock(0))


def test_carousel_no_knock_with_more_than_five():
    m = carousel()
    rig(m, "", ["5S 6S 7S 4H 2D", "KS QS 9D"], stock="AD", current=0)
    m.draw()
    play(m, "5S 6S 7S")
    assert m.current == 1  # 7 points: the turn simply ends


def test_carousel_going_out_scores_the_others_plus_25():
    m = carousel(players=3)
    rig(m, "", ["5S 6S 7S", "KS QS 9D", "JK 2C"], stock="8S", current=0)
    m.draw()
    play(m, "5S 6S 7S 8S")
    result = m.deal.result
    assert result.reason == "out" and result.points == (29 + 27 + 25, 0, 0)


def test_carousel_joker_rules_in_a_match():
    m = carousel()
    rig(m, "8H 9H JK=10H", ["6H 7H 10C 10S KD", "2C"], stock="AD AC", current=0)
    m.draw()
    bad = end_table(m.deal.table, m.deal.hands[0], "6H JK=7H 8H 9H")
    assert "keeps that card" in refused(m, Play(0, bad))
    play(m, "7H 8H 9H | 10C 10S JK=10H")
    assert m.check_invariants() == []


def test_carousel_culbertson_four_draws_melding_after_the_third():
    m = carousel(culbertson=True)
    rig(m, "", ["5S 6S KD QD JD", "2C"], stock="QH JH 7S 10H", current=0)
    m.draw()
    m.draw()
    m.draw()
    assert "play" in legal(m) and m.current == 0
    m.draw()
    assert m.current == 1 and len(m.deal.hands[0]) == 9
    n = carousel(culbertson=True)
    rig(n, "", ["5S 6S KD QD JD", "2C"], stock="QH JH 7S 10H", current=0)
    n.draw()
    n.draw()
    n.draw()
    play(n, "5S 6S 7S")
    assert n.current == 1


def test_carousel_culbertson_knock_at_the_start_of_a_turn_with_ten_or_fewer():
    m = carousel(culbertson=True)
    rig(m, "", ["AH 2D 3C 4S", "KS QS 9D 8D"], stock="AD", current=0)
    assert legal(m) == {"draw", "knock"}
    m.knock()
    result = m.deal.result
    assert result.reason == "knock" and result.winners == (0,)
    assert result.points == (37, 0)  # the total of the other hand, no subtraction


def test_carousel_culbertson_no_knock_after_drawing_or_above_ten():
    m = carousel(culbertson=True)
    rig(m, "", ["AH 2D 3C 4S", "KS QS 9D 8D"], stock="AD 2S", current=0)
    m.draw()
    assert "knock" not in legal(m)
    refused(m, Knock(0))
    n = carousel(culbertson=True)
    rig(n, "", ["AH 2D 3C 5S", "KS QS 9D 8D"], stock="AD", current=0)
    assert "10 points or fewer" in refused(n, Knock(0))
    o = carousel(culbertson=True)
    rig(o, "", ["AH 2D 3C", "KS QS 9D 8D"], stock="AD", current=0)
    o.draw()
    assert "instead of drawing" in refused(o, Knock(0))


def test_carousel_scarne_has_no_start_of_turn_knock():
    m = carousel()
    rig(m, "", ["AH 2D", "KS QS 9D"], stock="AD", current=0)
    refused(m, Knock(0))


def test_carousel_stock_exhausted_last_round():
    m = carousel(players=3)
    rig(m, "", ["9C KD QC", "5S 6S 2C", "AH 2D JH"], stock="7S", current=0, keep_rest=False)
    m.draw()  # seat 0 draws the last card
    assert m.deal.last_drawer == 0 and m.current == 0
    assert legal(m) == {"play", "end_turn"}
    m.end_turn()  # does not knock: everyone has one more turn, ending with seat 0
    assert m.view(1).final_round
    assert m.current == 1 and legal(m) == {"play", "pass"}
    refused(m, Draw(1))
    refused(m, Knock(1))
    m.pass_turn()
    assert m.current == 2
    m.pass_turn()
    assert m.current == 0 and not m.hand_over
    m.pass_turn()
    result = m.deal.result
    assert result.reason == "stock_out"
    assert result.hand_values == (36, 13, 13)
    # the two tied for lowest both score as a single winner would
    assert result.winners == (1, 2)
    assert result.points == (0, 23, 23)


def test_carousel_last_round_melds_are_allowed():
    m = carousel(players=2)
    rig(m, "5S 6S 7S", ["9C KD QC", "8S 2C"], stock="AD", current=0, keep_rest=False)
    m.draw()
    m.end_turn()
    play(m, "5S 6S 7S 8S")
    assert m.current == 0 and not m.hand_over
    m.pass_turn()
    result = m.deal.result
    assert result.reason == "stock_out" and result.winners == (1,)
    assert result.points == (0, 30 - 2)


def test_carousel_knock_on_the_turn_that_draws_the_last_card():
    m = carousel(players=2)
    rig(m, "", ["5S 6S 7S AH", "KD QC"], stock="2D", current=0, keep_rest=False)
    m.draw()
    play(m, "5S 6S 7S")
    m.knock()
    assert m.deal.result.reason == "knock" and m.deal.result.points == (17, 0)


# --- draw_until_able (Shanghai, Manipulation) --------------------------------------------


def test_shanghai_must_play_when_able():
    m = Match("shanghai", 3, seed=11, oracle=PLAY_ORACLE)
    rig(m, "3H 4H 5H", ["6H 9C", "2C 2D", "KS"], stock="QS", current=0)
    assert m.can_play_now()
    assert legal(m) == {"play"}
    assert "must play" in refused(m, Draw(0))
    refused(m, Pass(0))
    play(m, "3H 4H 5H 6H")
    assert m.current == 1


def test_shanghai_draws_one_at_a_time_until_able():
    m = Match("shanghai", 3, seed=11, oracle=PLAY_ORACLE)
    rig(m, "3H 4H 5H", ["9C KD", "2C", "KS"], stock="QS 2H 7D", current=0)
    assert not m.can_play_now()
    assert legal(m) == {"play", "draw"}  # "play" as a kind: any table is checked on commit
    m.draw()
    assert m.current == 0 and hand_text(m, 0) == "9C KD QS"
    assert legal(m) == {"play", "draw"}
    m.draw()
    assert m.current == 0 and m.can_play_now()
    assert legal(m) == {"play"}
    refused(m, Draw(0))
    play(m, "2H 3H 4H 5H")
    assert m.current == 1
    assert m.deal.turns[-1].drawn == 2


def test_shanghai_aces_are_low_when_judging_ability():
    m = Match("shanghai", 3, seed=11, oracle=PLAY_ORACLE)
    rig(m, "QH KH JH", ["AH", "2C", "KS"], stock="5C", current=0)
    assert not m.can_play_now()
    rig(m, "2H 3H 4H", ["AH", "2C", "KS"], stock="5C", current=0)
    assert m.can_play_now()


def test_shanghai_passes_when_the_stock_is_empty_and_unable():
    m = Match("shanghai", 3, seed=11, oracle=PLAY_ORACLE)
    rig(m, "3H 4H 5H", ["9C", "10C", "KS"], current=0, keep_rest=False)
    assert legal(m) == {"play", "pass"}
    m.pass_turn()
    m.pass_turn()
    m.pass_turn()
    assert m.deal.result.reason == "stock_out" and m.deal.result.points == (1, 1, 1)


def test_shanghai_cannot_pass_when_able_even_with_an_empty_stock():
    m = Match("shanghai", 3, seed=11, oracle=PLAY_ORACLE)
    rig(m, "3H 4H 5H", ["6H 9C", "10C", "KS"], current=0, keep_rest=False)
    assert legal(m) == {"play"}
    refused(m, Pass(0))


def test_manipulation_aces_high_and_its_scoring():
    m = Match("manipulation", 3, seed=12, oracle=PLAY_ORACLE)
    rig(m, "QH KH JH", ["AH", "AC 10C 5D", "KS"], stock="5C", current=0)
    assert m.can_play_now()
    play(m, "JH QH KH AH")
    result = m.deal.result
    assert result.reason == "out" and result.points == (0, 15 + 10 + 5, 10)
    assert not m.over  # to 200


def test_draw_until_able_with_a_table_rearrangement():
    m = Match("shanghai", 3, seed=13, oracle=PLAY_ORACLE)
    # only a rearrangement lets the 6S go down (worked example 1)
    rig(m, "3H 4H 5H 6H | 3C 4C 5C 6C", ["6S KD", "2C", "KS"], stock="QS", current=0)
    assert m.can_play_now()
    refused(m, Draw(0))


# --- robbers -------------------------------------------------------------------------------


def test_robbers_draw_ends_the_turn_when_nothing_was_played():
    m = Match("robbers", 2, seed=14, oracle=PLAY_ORACLE)
    rig(m, "", ["9C KD", "2C"], stock="QS JS", current=0)
    assert legal(m) == {"play", "draw"}
    m.draw()
    assert m.current == 1 and hand_text(m, 0) == "9C KD QS"


def test_robbers_play_then_optional_draw_then_play_more():
    m = Match("robbers", 2, seed=14, oracle=PLAY_ORACLE)
    rig(m, "", ["5S 6S 7S 9H KD", "2C"], stock="8H 10H", current=0)
    m.deal.opened[0] = True
    play(m, "5S 6S 7S")
    assert m.current == 0 and legal(m) == {"draw", "end_turn"}
    assert "extra card" in refused(m, Play(0, m.deal.table))
    refused(m, Pass(0))
    m.draw()
    assert m.current == 0 and hand_text(m, 0) == "9H KD 8H"
    assert legal(m) == {"play", "end_turn"}
    refused(m, Draw(0))
    m.end_turn()
    assert m.current == 1
    assert m.deal.turns[-1].ended_by == "play" and m.deal.turns[-1].drawn == 1


def test_robbers_second_play_ends_the_turn():
    m = Match("robbers", 2, seed=14, oracle=PLAY_ORACLE)
    rig(m, "", ["5S 6S 7S 9H 10H KD", "2C"], stock="8H", current=0)
    m.deal.opened[0] = True
    play(m, "5S 6S 7S")
    m.draw()
    play(m, "5S 6S 7S | 8H 9H 10H")
    assert m.current == 1 and hand_text(m, 0) == "KD"
    assert m.check_invariants() == []


def test_robbers_play_then_end_turn_without_drawing():
    m = Match("robbers", 2, seed=14, oracle=PLAY_ORACLE)
    rig(m, "", ["5S 6S 7S KD", "2C"], stock="8H", current=0)
    m.deal.opened[0] = True
    play(m, "5S 6S 7S")
    m.end_turn()
    assert m.current == 1 and hand_text(m, 0) == "KD"


def test_robbers_opening_needs_a_meld_from_hand_and_jokers_are_free():
    m = Match("robbers", 2, seed=14, oracle=PLAY_ORACLE)
    rig(m, "5H JK 7H", ["6H 8D 8S 8C 2C", "9C"], current=0)
    m.deal.table = end_table(m.deal.table, [], "5H JK=6H 7H")
    assert "complete meld" in refused(m, Play(0, end_table(m.deal.table, m.deal.hands[0],
                                                           "5H 6H 7H JK")))
    # with a meld of her own, the joker may change value by rearrangement
    play(m, "5H 6H 7H JK | 8D 8S 8C")
    jk = next(c for c in m.deal.table.cards() if c.is_joker)
    assert str(m.deal.table.declared[jk]) in ("4H", "8H")
    assert m.deal.opened[0]


# --- end of hand, next hand, match play -----------------------------------------------------


def test_next_hand_deals_again_and_rotates_the_first_player():
    m = Match("shanghai", 3, seed=15, oracle=PLAY_ORACLE)
    first = m.current
    assert first == 0
    rig(m, "3H 4H 5H", ["6H", "2C 9D", "KS"], current=0)
    play(m, "3H 4H 5H 6H")
    assert m.hand_over and not m.over
    assert legal(m) == {"next_hand"}
    assert m.view(1).legal == ("next_hand",)
    refused(m, Draw(0))
    m.next_hand()
    assert m.deal.number == 1 and m.current == 1
    assert [len(x) for x in m.deal.hands] == [10, 10, 10]
    assert m.deal.table.melds == ()
    assert m.totals == [0, 2, 1]
    assert m.check_invariants() == []


def finish_hand_by_going_out(m: Match, seat: int, others: list[str]) -> None:
    hands = list(others)
    hands.insert(seat, "6H")
    rig(m, "3H 4H 5H", hands, current=seat)
    play(m, "3H 4H 5H 6H")


def test_shanghai_match_of_five_hands():
    m = Match("shanghai", 3, seed=16, oracle=PLAY_ORACLE)
    expected = [0, 0, 0]
    for number in range(5):
        seat = number % 3
        assert m.current == seat
        finish_hand_by_going_out(m, seat, ["2C 2D", "9S"])
        others = [s for s in range(3) if s != seat]
        expected[others[0]] += 2
        expected[others[1]] += 1
        assert m.totals == expected
        if number < 4:
            assert not m.over
            m.next_hand()
    assert m.over and len(m.history) == 5
    assert m.result.totals == tuple(expected)
    assert m.result.winners == (min(range(3), key=lambda s: expected[s]),)
    assert "match is over" in refused(m, NextHand(None))


def test_match_to_a_target_lowest_total_wins():
    m = Match("manipulation", 3, seed=17, oracle=PLAY_ORACLE)
    m.totals = [190, 150, 40]
    finish_hand_by_going_out(m, 0, ["KC KD", "2S"])
    assert m.totals == [190, 170, 45] and not m.over
    m.next_hand()
    m.totals[0] = 195
    finish_hand_by_going_out(m, 1, ["AC", "2S"])
    assert m.totals == [210, 170, 50]
    assert m.over and m.result.winners == (2,)


def test_match_target_option_300():
    m = Match("manipulation", 3, seed=17, options={"match": "target:300"}, oracle=PLAY_ORACLE)
    m.totals = [250, 0, 0]
    finish_hand_by_going_out(m, 1, ["KC KD", "2S"])
    assert m.totals == [270, 0, 5] and not m.over


def test_carousel_match_to_150_with_bonuses_and_settlement():
    m = carousel(players=3)
    m.totals = [140, 30, 0]
    m.deals_won = [3, 1, 0]
    rig(m, "", ["5S 6S 7S", "KS QS", "2C"], stock="8S", current=0)
    m.draw()
    play(m, "5S 6S 7S 8S")
    assert m.deal.result.points == (20 + 2 + 25, 0, 0)
    assert m.over
    final = m.result
    assert final.bonuses == (100 + 4 * 25, 25, 0)
    assert final.totals == (187 + 200, 55, 0)
    assert final.winners == (0,)
    assert (2, 0, 387) in final.settlements and (1, 0, 332) in final.settlements
    assert (2, 1, 55) in final.settlements and len(final.settlements) == 3


def test_vatikan_over_several_hands_counts_deals_won():
    m = Match("vatikan", 2, seed=18, options={"match": "hands:2"}, oracle=PLAY_ORACLE)
    for seat in (0, 1):
        rig(m, "", ["3C 4C 5C", "KD"] if seat == 0 else ["KD", "3C 4C 5C"], current=seat)
        play(m, "3C 4C 5C")
        if seat == 0:
            m.next_hand()
    assert m.over and m.result.winners == (0, 1) and m.totals == [0, 0]


# --- scoring schemes -----------------------------------------------------------------------


def cards(text: str):
    return parse_cards(text)[0]


@pytest.mark.parametrize("scheme, card, value", [
    ("cards_count", "KS", 1), ("cards_count", "JK", 1),
    ("tahiti", "2S", 2), ("tahiti", "10S", 10), ("tahiti", "JS", 10), ("tahiti", "KS", 10),
    ("tahiti", "AS", 11), ("tahiti", "JK", 30),
    ("manipulation", "AS", 15), ("manipulation", "10S", 10), ("manipulation", "KS", 10),
    ("manipulation", "2S", 5), ("manipulation", "9S", 5),
    ("carousel_scarne", "AS", 1), ("carousel_scarne", "9S", 9), ("carousel_scarne", "QS", 10),
    ("carousel_scarne", "JK", 25), ("carousel_culbertson", "JK", 25),
    ("none", "KS", 1),
])
def test_card_values(scheme, card, value):
    assert card_value(scheme, cards(card)[0]) == value


@pytest.mark.parametrize("scheme, out_points, stock_points", [
    ("cards_count", (0, 3, 1), (2, 3, 1)),
    ("tahiti", (0, 30 + 11 + 10, 5), (10 + 3, 51, 5)),
    ("manipulation", (0, 15 + 15 + 10, 5), (10 + 5, 40, 5)),
    ("none", (0, 0, 0), (0, 0, 0)),
])
def test_penalty_schemes(scheme, out_points, stock_points):
    variant = get_variant("machiavelli", {"scoring": scheme})
    hands = [cards("KS 3C"), cards("JK AH QD"), cards("5S")]
    out = score_hand(variant, [[], hands[1], hands[2]], "out", ender=0)
    assert out.points == out_points and out.winners == (0,)
    stuck = score_hand(variant, hands, "stock_out")
    assert stuck.points == stock_points
    assert stuck.winners == (2,)


def test_penalty_scheme_stock_out_tie():
    variant = get_variant("machiavelli")
    result = score_hand(variant, [cards("KS"), cards("2C"), cards("3C 4C")], "stock_out")
    assert result.winners == (0, 1) and result.points == (1, 1, 2)


def test_scarne_two_non_knockers_tied_both_get_the_bonus():
    variant = get_variant("carousel")
    result = score_hand(variant, [cards("5C"), cards("3C"), cards("3D"), cards("10C")],
                        "knock", ender=0)
    assert result.winners == (1, 2)
    assert result.points == (0, 2 + 0 + 7 + 10, 2 + 0 + 7 + 10, 0)


def test_scarne_knocker_tie_goes_to_the_other_player():
    variant = get_variant("carousel")
    result = score_hand(variant, [cards("4C"), cards("4D"), cards("10C")], "knock", ender=0)
    assert result.winners == (1,) and result.points == (0, 0 + 6 + 10, 0)


def test_scarne_two_players():
    variant = get_variant("carousel")
    result = score_hand(variant, [cards("2C"), cards("KC 9D")], "knock", ender=0)
    assert result.points == (17, 0)


def test_culbertson_scoring():
    variant = get_variant("carousel", {"culbertson": True})
    knock = score_hand(variant, [cards("4C"), cards("6C"), cards("KC 2D"), cards("10C 7D")],
                       "knock", ender=0)
    assert knock.points == (6 + 12 + 17, 0, 0, 0)
    out = score_hand(variant, [[], cards("6C"), cards("KC 2D")], "out", ender=0)
    assert out.points == (6 + 12 + 25, 0, 0)
    tie = score_hand(variant, [cards("8C"), cards("3C"), cards("3D"), cards("KC")],
                     "stock_out")
    # tied winners divide the total of the other hands (8 + 10)
    assert tie.winners == (1, 2) and tie.points == (0, 9, 9, 0)


def test_culbertson_split_ties_divide_the_winnings_exactly():
    variant = get_variant("carousel", {"culbertson": True})
    # two winners share 8 + 17 = 25: 12.5 each, not 12
    tie = score_hand(variant, [cards("8C"), cards("3C"), cards("3D"), cards("10C 7D")],
                     "stock_out")
    assert tie.winners == (1, 2) and tie.points == (0, Fraction(25, 2), Fraction(25, 2), 0)
    assert [points_text(p) for p in tie.points] == ["0", "12.5", "12.5", "0"]
    assert tie.to_json()["points"] == [0, 12.5, 12.5, 0]
    assert HandResult.from_json(tie.to_json()) == tie
    # three winners share 25 and the knocker's undercut: thirds stay exact
    three = score_hand(variant, [cards("3H"), cards("3C"), cards("3D"), cards("10C 7D 8D")],
                       "stock_out")
    assert three.points[:3] == (Fraction(25, 3),) * 3
    assert points_text(three.points[0]) == "8\u2153"
    assert HandResult.from_json(three.to_json()) == three
    # halves add up to whole numbers again over a match, shown and saved as such
    m = carousel(players=4, culbertson=True)
    for _ in range(2):
        m.deal.hands = [cards("8C"), cards("3C"), cards("3D"), cards("10C 7D")]
        m._finish_hand("stock_out", None)
        json.dumps(m.state_json())
    assert m.totals == [0, 25, 25, 0] and all(type(t) is int for t in m.totals)


def test_match_results_per_scheme():
    culbertson = get_variant("carousel", {"culbertson": True})
    result = match_result(culbertson, [160, 100], [5, 2])
    assert result.bonuses == (100, 0)  # no per-deal bonus
    assert result.winners == (0,)
    scarne = match_result(get_variant("carousel"), [150, 100], [1, 6])
    assert scarne.totals == (275, 250) and scarne.winners == (0,)
    penalty = match_result(get_variant("shanghai"), [12, 7, 7], [1, 2, 2])
    assert penalty.winners == (1, 2) and penalty.settlements == ()
    none = match_result(get_variant("vatikan"), [0, 0, 0], [2, 3, 0])
    assert none.winners == (1,)


def test_match_over():
    assert not match_over(get_variant("shanghai"), [50, 0, 0], 4)
    assert match_over(get_variant("shanghai"), [0, 0, 0], 5)
    assert match_over(get_variant("manipulation"), [200, 0, 0], 1)
    assert not match_over(get_variant("manipulation"), [199, 0, 0], 30)
    assert match_over(get_variant("machiavelli"), [0, 0], 1)


# --- views ---------------------------------------------------------------------------------


def test_a_view_shows_only_what_a_seat_may_see():
    m = Match("machiavelli", 3, seed=19, names=["Ann", "Bob", "Cy"], oracle=PLAY_ORACLE)
    rig(m, "3H 4H 5H", ["6H 9C", "2C 2D 2S", "KS"], stock="QS", current=0)
    view = m.view(1)
    assert view.hand == tuple(m.deal.hands[1]) and view.hand_counts == (2, 3, 1)
    assert view.legal == () and m.view(0).legal == m.legal_kinds()
    assert view.names == ("Ann", "Bob", "Cy") and view.players == 3
    assert view.stock_size == len(m.deal.stock)
    assert not hasattr(view, "stock") and not hasattr(view, "hands")
    with pytest.raises(IllegalAction, match="Ann's turn"):
        m.apply(Draw(2))


# --- ability to play (the must-play oracle) ------------------------------------------------


def test_can_play_now_respects_the_initial_meld():
    m = Match("vatikan", 2, seed=20, oracle=PLAY_ORACLE)
    rig(m, "7C 7D 7S", ["7H KD 2C", "9S"], current=0)
    assert not m.can_play_now()
    m.deal.opened[0] = True
    assert m.can_play_now()
    rig(m, "7C 7D 7S", ["3C 4C 5C", "9S"], current=0)
    m.deal.opened[0] = False
    assert m.can_play_now()


def test_can_play_now_counts_a_free_card_alone():
    m = Match("tahiti", 2, seed=21, oracle=PLAY_ORACLE)
    rig(m, "4S 5S 6S", ["2D KH", "9C"], free="7S", current=0)
    assert m.can_play_now()
    rig(m, "4S 5S 6S", ["2D KH", "9C"], free="QD", current=0)
    assert not m.can_play_now()


def test_can_play_now_for_another_seat_and_with_jokers():
    m = Match("machiavelli-jokers", 2, seed=22, oracle=PLAY_ORACLE)
    rig(m, "8H 9H JK=10H", ["KD 2C", "10H 5C 5D"], current=0)
    assert not m.can_play_now()
    assert m.can_play_now(1)  # release the joker with 10H, reuse it with 5C 5D
    # with one card to spare, the released joker lacks two hand cards in its new meld ...
    rig(m, "8H 9H JK=10H", ["KD 2C", "10H 5C"], current=0)
    assert not m.can_play_now(1)
    # ... which Carousel does not ask for: 10H releases the joker, which becomes 7H
    c = Match("carousel", 2, seed=22, oracle=PLAY_ORACLE)
    rig(c, "8H 9H JK=10H", ["KD 2C", "10H 5C"], current=0)
    assert c.can_play_now(1)
