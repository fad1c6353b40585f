"""Hard plans where Medium does not: it holds back a card whose play would let the opponent
go out, keeps playable cards back when a single hand decides the match, sheds penalty
points only once an opponent is close to going out, and knocks in Carousel only when an
undercut is unlikely. Each scenario is a rigged position; where the decision rests on
sampled opponent hands, the samples are fixed to the opponent's real hand (the player still
never reads it) so the test judges the planning, not the luck of a draw.
"""

from __future__ import annotations

import pytest

from game.ai.players import make_player
from game.ai.players.base import ComputerPlayer
from game.ai.players.opponents import HandSampler
from game.engine.actions import Play
from game.engine.match import Match
from game.solver import PLAY_ORACLE, best_play
from tests.conftest import rig


def _believe(monkeypatch: pytest.MonkeyPatch, hand: list) -> None:
    """Every opponent hand Hard samples is ``hand``."""
    monkeypatch.setattr(HandSampler, "sample",
                        lambda self, view, model, samples, work, budget, tries=4:
                        [list(hand) for _ in range(samples)])


def _put_down(match: Match, level: str | ComputerPlayer) -> set[str]:
    """The hand cards the level's (or player's) decision puts down (empty: it does not
    play)."""
    view = match.view(match.current)
    player = make_player(level, 1) if isinstance(level, str) else level
    action = player.decide(view).action
    if not isinstance(action, Play):
        return set()
    return {str(c) for c in view.hand if c in set(action.table.cards())}


def test_hard_holds_back_the_run_that_would_let_the_opponent_go_out(
        monkeypatch: pytest.MonkeyPatch) -> None:
    match = Match("machiavelli", 2, 3, oracle=PLAY_ORACLE)
    rig(match, "9C 10C JC", ["4H 5H 6H QC KD", "7H 8H"], current=0)
    _believe(monkeypatch, match.deal.hands[1])
    # the largest play leaves one card, but its run takes the opponent's 7H 8H: out
    assert _put_down(match, "medium") == {"4H", "5H", "6H", "QC"}
    # Hard adds QC alone and keeps the run: the opponent cannot go out, nor even play
    assert _put_down(match, "hard") == {"QC"}


@pytest.mark.parametrize(("match_option", "expected"),
                         [(None, {"QC"}), ("hands:3", {"4H", "5H", "6H", "QC"})])
def test_hard_keeps_playable_cards_back_when_one_hand_decides_the_match(
        monkeypatch: pytest.MonkeyPatch, match_option: str | None, expected: set) -> None:
    options = {} if match_option is None else {"match": match_option}
    match = Match("machiavelli", 2, 3, options, oracle=PLAY_ORACLE)
    rig(match, "9C 10C JC", ["4H 5H 6H QC KD 2S", "7H 8H 3D 9S"], current=0)
    _believe(monkeypatch, match.deal.hands[1])
    # the largest play leaves two dead cards, and its run lets the opponent put down 7H 8H
    # (not go out); without it the opponent can play nothing and must draw
    assert _put_down(match, "medium") == {"4H", "5H", "6H", "QC"}
    # in a single-hand match only going out counts: the run can go down on a later turn as
    # well, so Hard keeps it back and feeds the opponent nothing; when hands add up, the
    # three cards kept back would count against it, and it plays them
    assert _put_down(match, "hard") == expected


def _tahiti(opponent: str, options: dict[str, str] | None = None) -> Match:
    match = Match("tahiti", 2, 5, options or {}, oracle=PLAY_ORACLE)
    rig(match, "7H 8H 9H | QS QD QC", ["10H AC 4H 2C 3C QH KC", opponent], current=0)
    return match


@pytest.mark.parametrize(("opponent", "shed"), [("5D 9S", True),
                                                 ("5D 9S 2D 6C 8D 4S 10D 3S", False)])
def test_hard_sheds_points_once_an_opponent_is_close_to_going_out(
        monkeypatch: pytest.MonkeyPatch, opponent: str, shed: bool) -> None:
    # three hands add up: the points left in hand count
    match = _tahiti(opponent, {"match": "hands:3"})
    view = match.view(0)
    most_cards = best_play(view.variant, view.table, list(view.hand), True, objective="cards")
    most_points = best_play(view.variant, view.table, list(view.hand), True,
                            objective="points")
    assert most_cards is not None and most_points is not None
    # the position's point: five cards worth 36, or four worth 41 (QC KC AC takes the set's
    # queen, leaving 2C 3C 4H in hand)
    assert (len(most_cards.played), len(most_points.played)) == (5, 4)
    opponent_cards = match.deal.hands[1]
    assert best_play(view.variant, most_cards.table, opponent_cards, True) is None
    assert best_play(view.variant, most_points.table, opponent_cards, True) is None
    _believe(monkeypatch, opponent_cards)
    expected = most_points if shed else most_cards
    assert _put_down(match, "hard") == {str(c) for c in expected.played}
    assert _put_down(match, "medium") == {str(c) for c in most_cards.played}


def test_hard_races_by_cards_when_one_hand_decides_the_match(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # the shedding position above with the opponent two cards from going out, but Tahiti's
    # single hand: whoever goes out wins whatever the loser holds, so Hard keeps the play
    # that leaves it fewest cards, not the one that sheds most points
    match = _tahiti("5D 9S")
    view = match.view(0)
    most_cards = best_play(view.variant, view.table, list(view.hand), True, objective="cards")
    assert most_cards is not None and len(most_cards.played) == 5
    _believe(monkeypatch, match.deal.hands[1])
    assert len(_put_down(match, "hard")) == 5


@pytest.mark.parametrize(("opponent", "knocks"), [("KS QS 9D", True), ("9D", False)])
def test_hard_knocks_only_when_an_undercut_is_unlikely(opponent: str, knocks: bool) -> None:
    match = Match("carousel", 2, 10, oracle=PLAY_ORACLE)
    rig(match, "", ["5S 6S 7S AH 2D", opponent], stock="2C", current=0)
    match.draw()
    match.apply(Play(0, _with_run(match)))
    view = match.view(0)
    assert set(view.legal) == {"knock", "end_turn"}  # 5 points left: a knock is allowed
    # Medium always knocks; Hard weighs the unseen cards: against three of them a count of
    # 5 is rarely undercut, against a single card often (ace to five, a tie included)
    assert make_player("medium", 1).decide(view).action.kind == "knock"
    assert make_player("hard", 1).decide(view).action.kind == ("knock" if knocks
                                                                else "end_turn")


def _with_run(match: Match):  # noqa: ANN202
    from tests.conftest import end_table

    return end_table(match.deal.table, match.deal.hands[0], "5S 6S 7S")


@pytest.mark.parametrize(("next_hand", "expected"), [("8H", {"9H"}), ("KC", {"7H", "9H"})])
def test_hard_plays_the_hand_out_before_choosing_what_to_put_down_in_shanghai(
        next_hand: str, expected: set) -> None:
    # Shanghai: who can meld must, who cannot draws until able. Hard plays each candidate
    # out to the end of the hand on sampled deals (here its deal source hands over the real
    # hands and stock): putting down 7H lets the next player's 8H go
    # out at once, so Hard adds only 9H; when that player holds KC instead, the largest
    # play is best
    from game.ai.players.hard import HardPlayer
    from game.ai.players.rollouts import Deal

    match = Match("shanghai", 3, 4, oracle=PLAY_ORACLE)
    rig(match, "4H 5H 6H | 9C 9D 9S", ["7H 9H 2C KD JS QD", next_hand, "3D 10S 5C 8D QS JC"],
        stock="3C 4S 2D 6D JD 7C", keep_rest=False, current=0)
    real = Deal({1: list(match.deal.hands[1]), 2: list(match.deal.hands[2])},
                list(match.deal.stock))
    assert set(match.view(0).legal) == {"play"}  # it can play, so it must
    assert _put_down(match, "medium") == {"7H", "9H"}
    player = HardPlayer(1, deals=lambda view, rng, count, *rest: [real] * count)
    assert _put_down(match, player) == expected


@pytest.mark.parametrize(("expected_after_draw", "draws_again"), [(21.5, True), (22.5, False)])
def test_hard_draws_again_in_carousel_when_another_card_should_leave_a_lower_count(
        monkeypatch: pytest.MonkeyPatch, expected_after_draw: float, draws_again: bool) -> None:
    # after the first draw Hard may meld 5S 6S 7S, leaving KH QD 2C (22 points, no knock);
    # it draws again instead whenever one more card is expected to leave less, even by half
    # a point (with a two-point margin it melded too early and won fewer matches)
    import game.ai.players.hard as hard

    match = Match("carousel", 2, 10, oracle=PLAY_ORACLE)
    rig(match, "", ["5S 6S 7S KH QD", "9D 9S 4C"], stock="2C 3H 8H", current=0)
    match.draw()
    view = match.view(0)
    assert {"play", "draw"} <= set(view.legal)
    monkeypatch.setattr(hard, "draw_again_worth",
                        lambda *args, **kwargs: -expected_after_draw)
    assert make_player("medium", 1).decide(view).action.kind == "play"
    kind = make_player("hard", 1).decide(view).action.kind
    assert kind == ("draw" if draws_again else "play")


@pytest.mark.parametrize(("unseen", "draws_again"), [
    ("8D KC QC KH", True),  # 1 card in 4 goes out: worth the higher count the others leave
    ("AC KC QC KH", False),  # none ends the deal: the count alone, 26.75 against 19 now
])
def test_hard_draws_again_in_carousel_for_a_card_that_would_end_the_deal(
        monkeypatch: pytest.MonkeyPatch, unseen: str, draws_again: bool) -> None:
    # after the first draw Hard may meld 5S 6S 7S, leaving 9D 10D (19 points, no knock).
    # With 8D it would go out, with a king or queen it would hold 29: the expected count
    # after another draw is higher than now, but going out is worth far more than its
    # count, so with one chance in four of it Hard draws again
    import game.ai.players.carousel as carousel
    from game.engine.cards import parse_cards

    match = Match("carousel", 2, 10, oracle=PLAY_ORACLE)
    rig(match, "", ["5S 6S 7S 9D", "9S 4C 2H"], stock="10D 3H 8H", current=0)
    match.draw()
    view = match.view(0)
    assert {"play", "draw"} <= set(view.legal)
    pool, _ = parse_cards(unseen)
    monkeypatch.setattr(carousel, "unseen_cards", lambda view: list(pool))
    assert make_player("medium", 1).decide(view).action.kind == "play"
    kind = make_player("hard", 1).decide(view).action.kind
    assert kind == ("draw" if draws_again else "play")


def test_hard_sheds_the_most_points_among_the_largest_plays_under_a_points_scoring() -> None:
    # Manipulation counts points left in hand: the ace set and the run to the ace put down
    # as many cards, but the set leaves KS QS (20 points), the run AC AD (30). Medium's
    # largest play is the run; Hard's largest, the one its rollouts must beat, the set
    from game.ai.players.hard import HardPlayer

    match = Match("manipulation", 3, 4, oracle=PLAY_ORACLE)
    rig(match, "4H 5H 6H | 9C 9D 9S", ["AC AD AS KS QS 3H", "KC QD", "5C 7D 4S"],
        stock="3C 4D 2H", keep_rest=False, current=0)
    view = match.view(0)
    assert _put_down(match, "medium") == {"QS", "KS", "AS", "3H"}
    most = best_play(view.variant, view.table, list(view.hand), True, objective="cards")
    assert most is not None
    options, _ = HardPlayer(1).weigh_candidates(view, most)
    assert {str(c) for c in options[0].played} == {"AC", "AD", "AS", "3H"}


@pytest.mark.parametrize(("opponent", "hard_puts_down"), [
    ("2D 5C 9S JH KC", 1),  # every opponent far from going out: one card, the rest held
    ("2D 5C 9S", 4),  # an opponent close: the largest play
])
def test_hard_holds_back_in_a_draw_until_able_game_while_every_opponent_is_far(
        opponent: str, hard_puts_down: int) -> None:
    # Shanghai: 4H 5H 6H and QC on the table's run are all playable (Medium puts down
    # all four). While both opponents hold more than four cards Hard puts down one and
    # keeps the rest for its next turns (no draw then, and nothing shown for the others
    # to play on); once one is close it sheds what it can
    from game.ai.players.hard import HardPlayer, Tuning

    match = Match("shanghai", 3, 5, oracle=PLAY_ORACLE)
    rig(match, "9C 10C JC", ["4H 5H 6H QC 2S 8D", opponent, "3D 7S AH 4C 10D 6S"],
        current=0)
    assert _put_down(match, "medium") == {"4H", "5H", "6H", "QC"}
    hard = HardPlayer(1, Tuning(rollouts=False))
    assert len(_put_down(match, hard)) == hard_puts_down


def test_hard_does_not_hold_back_where_the_points_left_in_hand_count() -> None:
    # Manipulation counts the points left in hand: what Hard would hold back may cost its
    # points when someone goes out (holding back lost there in paired matches), so with
    # both opponents far it still puts down more than one card
    from game.ai.players.hard import HardPlayer, Tuning

    match = Match("manipulation", 3, 5, oracle=PLAY_ORACLE)
    rig(match, "9C 10C JC", ["4H 5H 6H QC 2S 8D", "2D 5C 9S JH KC", "3D 7S AH 4C 10D 6S"],
        current=0)
    assert len(_put_down(match, "medium")) == 4
    assert len(_put_down(match, HardPlayer(1, Tuning(rollouts=False)))) > 1


@pytest.mark.parametrize("read_hands", [True, False])
def test_hard_reads_the_opponents_turns_for_its_rollouts_only_when_tuned_to(
        monkeypatch: pytest.MonkeyPatch, read_hands: bool) -> None:
    # the rollouts' deals: hands sampled to fit the opponents' turns (``HandSampler``), or
    # (``Tuning.read_hands`` off) hands drawn at random from the unseen cards
    from dataclasses import replace

    from game.ai.players.hard import HardPlayer, Tuning
    from game.ai.players.opponents import HandSampler

    match = Match("manipulation", 3, 4, oracle=PLAY_ORACLE)
    rig(match, "4H 5H 6H | 9C 9D 9S", ["AC AD AS KS QS 3H", "KC QD", "5C 7D 4S"],
        stock="3C 4D 2H", keep_rest=False, current=0)
    view = match.view(0)
    most = best_play(view.variant, view.table, list(view.hand), True, objective="cards")
    assert most is not None
    sampled: list[int] = []
    real_sample = HandSampler.sample

    def counted(self: HandSampler, *args: object, **kwargs: object) -> list:
        sampled.append(1)
        return real_sample(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(HandSampler, "sample", counted)
    player = HardPlayer(1, replace(Tuning(), read_hands=read_hands))
    options, _ = player.weigh_candidates(view, most)
    assert len(options) > 1  # so the deals were asked for
    assert bool(sampled) == read_hands


FAR_HAND = "9D 9S 4C 2H 8C JC 3D 10H 4D 6H"  # ten cards: far from going out
LOW_STOCK = "AS 2S 3S 4S 8S JS QS KS AD 5D 6D 7D 8D 9H 10S 10C"  # the stock's next


@pytest.mark.parametrize(("opponent", "stock_left", "holds"), [
    ("9D 9S 4C 2H", None, True),  # the opponent is four cards from going out
    ("9D 9S 4C 2H 8C JC 3D", None, False),  # seven: not yet
    (FAR_HAND, None, False),  # far from going out, and a long stock
    (FAR_HAND, 15, True),  # the stock is short: the deal ends soon
    (FAR_HAND, 16, False),
])
def test_hard_holds_back_a_meld_at_the_turns_last_chance_near_the_deals_end(
        opponent: str, stock_left: int | None, holds: bool) -> None:
    # after two draws Hard may meld 5S 6S 7S, leaving 25 points (no knock); melding is the
    # turn's last chance, since a third draw ends it. Near the deal's end a meld shown then
    # feeds the opponent's last lay-offs, so Hard draws and keeps the meld for a sweep
    # that goes out; further from the end it melds, as Medium always does
    drawn = "2C 3H"
    stock = drawn if stock_left is None else " ".join([drawn, *LOW_STOCK.split()[:stock_left]])
    match = Match("carousel", 2, 10, oracle=PLAY_ORACLE)
    rig(match, "", ["5S 6S 7S KH QD", opponent], stock=stock, current=0,
        keep_rest=stock_left is None)
    match.draw()
    match.draw()
    view = match.view(0)
    assert view.draws_this_turn == 2 and {"play", "draw"} <= set(view.legal)
    if stock_left is not None:
        assert view.stock_size == stock_left
    assert make_player("medium", 1).decide(view).action.kind == "play"
    assert make_player("hard", 1).decide(view).action.kind == ("draw" if holds else "play")


def test_hard_melds_at_the_last_chance_near_the_deals_end_when_the_meld_knocks() -> None:
    # the same last chance, the opponent two cards from going out, but the meld leaves
    # AH 2C AD (4 points): it knocks, which ends the deal now, so Hard melds
    match = Match("carousel", 2, 10, oracle=PLAY_ORACLE)
    rig(match, "", ["5S 6S 7S AH", "9D 9S"], stock="2C AD", current=0)
    match.draw()
    match.draw()
    view = match.view(0)
    assert view.draws_this_turn == 2
    assert _put_down(match, "hard") == {"5S", "6S", "7S"}
