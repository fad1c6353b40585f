"""The three contract-game levels reason differently on scripted rounds: Hard remembers who
took what and keeps those cards back, Medium lays off everywhere, Easy plays plainly."""

from __future__ import annotations

from pytest import MonkeyPatch

import game.ai.contract.hard as hard_module
from game.ai.contract import make_contract_player, suggest
from game.ai.contract.hard import HardContractPlayer
from game.ai.contract.planner import outs
from game.engine.actions import Draw
from game.engine.cards import Card, CardMinter, parse_cards
from game.engine.contract.actions import Buy, Discard, TakeDiscard
from game.engine.contract.match import ContractMatch, TableMeld


class Script:
    """A round dealt by hand: every card minted once, so each is one physical card."""

    def __init__(self, round_number: int = 0) -> None:
        self.minter = CardMinter()
        self.match = ContractMatch("shanghai-rummy", 3, 1)
        self.round = self.match.deal
        self.round.number = round_number

    def cards(self, text: str) -> list[Card]:
        return parse_cards(text, self.minter)[0]

    def deal(self, hands: list[str], discard: str, stock: str, current: int = 0) -> None:
        r = self.round
        r.hands = [self.cards(h) for h in hands]
        r.discard = self.cards(discard)
        r.stock = self.cards(stock)  # the last card is drawn first
        r.current = current
        r.discarder = (current - 1) % 3
        r.phase = "draw"


def _hard_sees_a_buy(remember: bool) -> Card:
    """Seat 1 (next after Hard) buys 2H; then Hard, holding 2S and 3C as equally idle
    cards, discards. Returns the card it throws."""
    s = Script()
    s.deal(["9H 9S 9D 5C 5D 4S 4C 2S 3C 6D 8H", "KH KS QD QC 10H 10S JD JC AH AS 6S",
            "3D 3S 4H 4D 7S 7D 8S 8C 10D JH QH"],
           discard="2H", stock="KC 9C QS 7C")
    hard = make_contract_player("hard", 0)
    first = hard.decide(s.match.view(0))
    assert first.action.kind == "draw"  # 2H would not bring the contract closer
    s.match.apply(first.action)
    assert s.match.awaiting == 1
    s.match.apply(Buy(1))
    if not remember:
        hard = make_contract_player("hard", 0)
    second = hard.decide(s.match.view(0))
    assert isinstance(second.action, Discard) and second.action.card is not None
    return second.action.card


def test_hard_does_not_discard_the_rank_the_next_player_just_bought() -> None:
    assert str(_hard_sees_a_buy(remember=True)) != "2S"
    # the same view without the memory of the buy: 2S is thrown (the test can fail)
    assert str(_hard_sees_a_buy(remember=False)) == "2S"


def test_hard_remembers_the_discard_the_next_player_took() -> None:
    s = Script()
    s.deal(["9H 9S 9D 5C 5D 4S 4C 2S 3C 6D 8H", "KH KS QD QC 10H 10S JD JC AH AS 6S",
            "3D 3S 4H 4D 7S 7D 8S 8C 10D JH QH"],
           discard="2H", stock="KC 9C QS 7C")
    hard = make_contract_player("hard", 0)
    assert isinstance(hard, HardContractPlayer)
    m = s.match
    m.apply(hard.decide(m.view(0)).action)  # draws 7C
    m.apply(make_contract_player("easy").decide(m.view(1)).action)  # declines 2H
    thrown = hard.decide(m.view(0)).action
    assert isinstance(thrown, Discard) and thrown.card is not None
    m.apply(thrown)
    m.apply(TakeDiscard(1))
    m.apply(Discard(1, s.round.hands[1][0]))  # KH
    m.apply(Draw(2))
    assert m.awaiting == 0  # Hard is asked whether to buy KH
    hard.decide(m.view(0))
    assert thrown.card in hard.memory.wanted_by(1)
    assert any(str(c) == "KH" for c in hard.memory.shunned_by(1))  # thrown by seat 1
    assert any(str(c) == "2H" for c in hard.memory.shunned_by(1))  # passed over by seat 1


def test_hard_keeps_back_a_card_an_opponent_who_is_down_could_lay_off() -> None:
    """2D and 3S are equally idle cards; seat 1, down to two cards, could lay 2D off on its
    set of twos. Medium throws 2D, Hard keeps it."""
    s = Script()
    s.deal(["9H 9S 5C 5D 4S 4C 8C 2D 3S 7H 6H", "KH KS", "3D 3H 4H 4D 7S 7D 10D JH QH"],
           discard="QD", stock="KC QS 9C")
    s.round.melds = [TableMeld(1, "set", s.cards("2H 2S 2C")),
                     TableMeld(1, "set", s.cards("JC JS JD"))]
    s.round.laid_down = [False, True, False]
    thrown = {}
    for level in ("medium", "hard"):
        m = s.match.clone()
        player = make_contract_player(level, 0)
        m.apply(player.decide(m.view(0)).action)  # draws 9C
        while m.deal.phase == "buying":
            m.apply(make_contract_player("easy").decide(m.view(m.awaiting)).action)
        action = player.decide(m.view(0)).action
        assert isinstance(action, Discard)
        thrown[level] = str(action.card)
    assert thrown == {"medium": "2D", "hard": "3S"}


def test_hard_lays_down_the_contract_that_leaves_the_cheapest_cards() -> None:
    """One set and a run of four: with three sevens and three kings, the set of kings goes
    down and the sevens (15 points, not 30) stay; Medium takes the first set it finds."""
    s = Script(round_number=1)
    s.deal(["7H 7S 7D KH KS KD 4C 5C 6C 7C 2D", "QD QC 10H 10S JD JC AH AS 6S 3H 3C",
            "3D 3S 4H 4D 8S 8D 8C 10D JH QH 9D"], discard="2S", stock="9C 9S QS 2C")
    assert str(s.match.contract) == "1 set of 3 + 1 run of 4"
    laid = {}
    for level in ("medium", "hard"):
        m = s.match.clone()
        player = make_contract_player(level, 0)
        m.apply(player.decide(m.view(0)).action)
        while m.deal.phase == "buying":
            m.apply(make_contract_player("easy").decide(m.view(m.awaiting)).action)
        action = player.decide(m.view(0)).action
        assert action.kind == "lay_down", level
        m.apply(action)
        laid[level] = sorted(str(c) for c in m.deal.hands[0])
    assert laid == {"hard": ["2C", "2D", "7D", "7H", "7S"],
                    "medium": ["2C", "2D", "KD", "KH", "KS"]}


def test_medium_lays_off_on_an_opponents_meld_and_easy_does_not() -> None:
    s = Script()
    s.deal(["8C 2D 9S", "KH KS", "3D 3S 4H"], discard="QD", stock="KC 9C QS 5C")
    s.round.melds = [TableMeld(0, "set", s.cards("4S 4C 4D")),
                     TableMeld(0, "set", s.cards("6C 6S 6D")),
                     TableMeld(1, "set", s.cards("8H 8S 8D")),
                     TableMeld(1, "set", s.cards("JC JS JD"))]
    s.round.laid_down = [True, True, False]
    kinds = {}
    for level in ("easy", "medium"):
        m = s.match.clone()
        player = make_contract_player(level, 0)
        m.apply(player.decide(m.view(0)).action)
        while m.deal.phase == "buying":
            m.apply(make_contract_player("easy").decide(m.view(m.awaiting)).action)
        kinds[level] = player.decide(m.view(0)).action
    assert kinds["medium"].kind == "lay_off" and str(kinds["medium"].card) == "8C"
    assert kinds["easy"].kind == "discard"


def test_suggest_answers_with_a_legal_action_for_the_seat_asked() -> None:
    match = ContractMatch("shanghai-rummy", 3, 9)
    for _ in range(40):
        view = match.view(match.awaiting)
        for level in ("medium", "hard"):
            assert suggest(view, level).kind in view.legal
        action = suggest(view)
        assert action == make_contract_player("medium").decide(view).action
        match.apply(action)
        if match.hand_over:
            break


def test_hard_sheds_its_costliest_cards_when_an_opponent_is_about_to_go_out() -> None:
    """Seat 1 is down with two cards; Hard is far from its two sets, so it throws an ace of
    its only pair (15 points) where Medium keeps the pair and throws a jack."""
    s = Script()
    s.deal(["AD AS 5C 9H 2S 3C 7D 4H 6S 8C JD", "KH KS", "3D 3H 4C 4D 7S 7H 10D JH QH"],
           discard="QD", stock="KC QS 9C")
    s.round.melds = [TableMeld(1, "set", s.cards("8H 8S 8D")),
                     TableMeld(1, "set", s.cards("10C 10S 10H"))]
    s.round.laid_down = [False, True, False]
    thrown = {}
    for level in ("medium", "hard"):
        m = s.match.clone()
        player = make_contract_player(level, 0)
        m.apply(player.decide(m.view(0)).action)  # draws 9C, pairing 9H
        while m.deal.phase == "buying":
            m.apply(make_contract_player("easy").decide(m.view(m.awaiting)).action)
        action = player.decide(m.view(0)).action
        assert isinstance(action, Discard)
        thrown[level] = str(action.card)
    assert thrown == {"medium": "JD", "hard": "AD"}


def test_outs_counts_the_unseen_cards_that_bring_the_contract_closer() -> None:
    """Two sets of 3, holding 7-7-7 and 9-9: only a nine or the joker completes the second
    set (a king or a two makes a pair, a fourth seven nothing new)."""
    s = Script()
    hand = s.cards("7H 7S 7D 9C 9D KH 2S")
    view = s.match.view(0)
    # 2 packs: eight nines, two of them seen in the hand; and one joker
    assert outs(hand, view.contract, view.variant, 3, {(9, "C"): 1, (9, "D"): 1}) == 7
    assert outs(hand, view.contract, view.variant, 3,
                {(9, "C"): 1, (9, "D"): 1, (9, "H"): 1, (0, "*"): 1}) == 5
    assert outs(s.cards("7H 7S 7D 9C 9D 9H"), view.contract, view.variant, 3, {}) == 0


def _throw_in_runs_round(outs_weight: float, monkeypatch: MonkeyPatch) -> Card:
    """Round 3 (two runs of 4): Hard holds two 5D, 9H-10H and other scraps after drawing."""
    monkeypatch.setattr(hard_module, "OUTS_WEIGHT", outs_weight)
    s = Script(round_number=2)
    s.deal(["6C 4S 5D 8S 5S QS 9H 2D 5D 10S 5C 10H", "KH KS QD QC 10D 3S JD JC AH AS 6S",
            "3D 3H 4H 4D 7S 7D 8D 8C 2H JH QH"], discard="9S", stock="KC 9C 7C")
    s.round.phase = "play"
    s.round.drew_stock = True
    action = make_contract_player("hard", 0).decide(s.match.view(0)).action
    assert isinstance(action, Discard) and action.card is not None
    return action.card


def test_hard_throws_the_card_whose_loss_costs_no_helpful_draw(
        monkeypatch: MonkeyPatch) -> None:
    """The second 5D adds no draw that helps; 10H does (it runs with 9H): counting the
    helpful unseen cards, Hard throws the 5D, where its costs alone throw the 10H."""
    s = Script(round_number=2)
    hand = s.cards("6C 4S 5D 8S 5S QS 9H 2D 5D 10S 5C 10H")
    view = s.match.view(0)
    without_five = [c for c in hand if c != hand[8]]
    without_ten = [c for c in hand if c != hand[11]]
    seen: dict[tuple[int, str], int] = {}
    for card in hand:
        seen[(card.rank, card.suit)] = seen.get((card.rank, card.suit), 0) + 1
    assert outs(without_five, view.contract, view.variant, 3, seen) > \
        outs(without_ten, view.contract, view.variant, 3, seen)
    assert str(_throw_in_runs_round(0.1, monkeypatch)) == "5D"
    assert str(_throw_in_runs_round(0.0, monkeypatch)) == "10H"
