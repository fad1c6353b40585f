"""The contract game's table (Shanghai Rummy) driven by real pygame events through the real
App: drawing by clicking the stock, a computer buying the discard, building and laying down
the contract, laying off and swapping a joker by dragging, discarding by dragging, the buy
prompt (Buy, timeout, always decline, hot-seat cover), refusals with the engine's reasons,
resizing, and a whole short match between computers up to the scoreboard."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame
import pytest

from game.engine.actions import Draw
from game.engine.cards import Card, Face, parse_token
from game.engine.contract.actions import Buy, Decline, Discard, LayDown, LayOff, SwapJoker
from game.engine.contract.match import ContractMatch, TableMeld
from game.engine.serialize import new_match
from game.session import GameSession, Seat
from game.ui.app import App
from game.ui.cardtable.probe import TableProbe
from game.ui.contract.table import ContractTableScene
from game.ui.scenes import screens
from game.ui.scenes.contract_scoreboard import ContractScoreboardScene
from game.ui.scenes.handover import HandOverScene
from tests.ui.conftest import StartApp

VARIANT = "shanghai-rummy"
YOU = "9S 9D 9C KH KS KD 2C 5D 8S JH 4C"
ADA = "7C 7D 3H 4H 10S JD QS 2D 6C 8H AS"  # a pair of sevens: a medium player buys the 7H
BOOLE = "2H 3C 4D 5S 6H 8C 9H 10C JC QH KC"  # no seven: takes nothing, draws


def _take(pool: list[Card], text: str) -> list[Card]:
    out = []
    for token in text.split():
        want = parse_token(token)
        for card in pool:
            if (card.is_joker if want.is_joker else
                    (not card.is_joker and card.face == want.face)):
                pool.remove(card)
                out.append(card)
                break
        else:
            raise AssertionError(f"no {token} left in the deck")
    return out


def rig(match: ContractMatch, hands: Sequence[str], discard: str, stock: str = "",
        current: int = 0) -> None:
    """Put the round in a chosen position with the match's own cards: ``stock`` lists the
    next cards drawn, first drawn first; the deck's other cards lie under them."""
    r = match.deal
    pool = list(r.stock) + list(r.discard) + [c for hand in r.hands for c in hand]
    r.hands = [_take(pool, text) for text in hands]
    r.discard = _take(pool, discard)
    top = _take(pool, stock)
    r.stock = pool + list(reversed(top))
    r.current = current


class Table:
    """The app, the scene and a probe posting real events."""

    def __init__(self, app: App, scene: ContractTableScene) -> None:
        self.app = app
        self.scene = scene
        self.match: ContractMatch = scene.match
        self.probe = TableProbe(app, scene)  # type: ignore[arg-type]

    def frames(self, count: int = 1) -> None:
        self.probe.frames(count)

    def until(self, done, limit: int = 3000, what: str = "") -> None:  # noqa: ANN001
        self.probe.until(done, limit, what)

    def settle(self) -> None:
        self.probe.settle()

    def card(self, text: str, where: str = "hand") -> Card:
        layout = self.scene.layout
        for card, spot in layout.spots.items():
            if str(card) == text and (where == "any" or spot.zone == where):
                return card
        raise AssertionError(f"no {text} in {where}")

    def at(self, card: Card) -> tuple[int, int]:
        return self.probe.center(card)

    def click(self, pos: tuple[float, float]) -> None:
        self.probe.click(pos)

    def click_button(self, name: str) -> None:
        button = self.scene.controls.buttons[name]
        assert button.is_enabled, f"{name} is disabled"
        self.probe.click(button.rect.center)

    def drag(self, start: tuple[float, float], end: tuple[float, float]) -> None:
        self.probe.drag(start, end)

    def key(self, key: int, mod: int = 0) -> None:
        self.probe.key(key, mod)

    def buy_prompt(self) -> None:
        self.until(lambda: self.scene.mode == "buy" and not self.scene.sprites.busy
                   and self.app.scenes.top is self.scene, 3000, "the buy prompt")


@pytest.fixture
def make(start_app: StartApp) -> Callable[..., Table]:
    def build(kinds: Sequence[str] = ("human", "medium", "hard"), hands: Sequence[str] = (),
              discard: str = "", stock: str = "", current: int = 0, seed: int = 5,
              options: dict | None = None, size: tuple[int, int] = (1280, 800),
              autosave: bool = False, speed: float = 4.0, settle: bool = True,
              prepare=None) -> Table:  # noqa: ANN001
        app = start_app(size=size, speed=speed)
        names = ["You", "Ada", "Boole", "Cleo", "Dirac"]
        seats = [Seat(names[i] if kind != "human" or i == 0 else f"Kim{i}", kind)
                 for i, kind in enumerate(kinds)]
        match = new_match(VARIANT, len(seats), seed, options or {}, [s.name for s in seats])
        assert isinstance(match, ContractMatch)
        if hands:
            rig(match, hands, discard, stock, current)
        if prepare is not None:
            prepare(match)
        scene = ContractTableScene(app, GameSession(match, seats), autosave=autosave)
        app.scenes.push(scene)
        table = Table(app, scene)
        if settle:
            table.settle()
        return table

    return build


def names(cards: Sequence[Card]) -> list[str]:
    return sorted(str(c) for c in cards)


# --------------------------------------------------------------------------- a whole turn


def test_draw_a_computer_buys_lay_down_and_discard(make) -> None:  # noqa: ANN001
    t = make(hands=[YOU, ADA, BOOLE], discard="7H", stock="3S QD", autosave=True)
    scene, match = t.scene, t.match
    assert scene.facts().banner == "Round 1 of 10"
    assert scene.facts().contract == "2 sets of 3"
    assert "draw from the stock" in scene.status.text

    t.click(scene.layout.stock.center)  # draw by clicking the stock
    assert isinstance(match.log[0], Draw)
    assert "3S" in [str(c) for c in match.deal.hands[0]]
    # Ada (medium, a pair of sevens) buys the 7H with a penalty card, Boole is not asked
    t.until(lambda: len(match.deal.hands[1]) == 13, 3000, "Ada to buy")
    assert isinstance(match.log[1], Buy) and match.log[1].player == 1
    assert {"7H", "QD"} <= {str(c) for c in match.deal.hands[1]}
    assert match.deal.buys[1] == 1 and match.view(1).buys_left[1] == 3
    assert len(match.deal.hands[2]) == 11
    assert not any(isinstance(a, Decline) for a in match.log)
    t.settle()
    assert match.deal.phase == "play" and match.awaiting == 0

    # the first set: click three nines, then Make meld
    for text in ("9S", "9D", "9C"):
        t.click(t.at(t.card(text)))
    assert names(scene.selected) == ["9C", "9D", "9S"]
    assert not scene.controls.buttons["lay_down"].is_enabled
    t.click_button("make")
    assert names(scene.human.stage_groups()[0]) == ["9C", "9D", "9S"]
    assert scene.selected == []
    # the second: select the kings and drag them together into the second group
    for text in ("KH", "KS", "KD"):
        t.click(t.at(t.card(text)))
    t.drag(t.at(t.card("KH")), scene.layout.slots[1].rect.center)
    assert names(scene.human.stage_groups()[1]) == ["KD", "KH", "KS"]
    t.frames(2)
    assert scene.controls.buttons["lay_down"].is_enabled
    t.click_button("lay_down")
    assert isinstance(match.log[-1], LayDown)
    assert match.deal.laid_down[0]
    assert [(m.owner, names(m.cards)) for m in match.deal.melds] == \
        [(0, ["9C", "9D", "9S"]), (0, ["KD", "KH", "KS"])]
    assert scene.layout.stage is None  # the staging groups are gone once down
    t.settle()
    assert "Discard" in scene.status.text

    # end the turn by dragging a card onto the discard pile
    two = t.card("2C")
    t.drag(t.at(two), scene.layout.discard.center)
    assert isinstance(match.log[-1], Discard) and match.log[-1].card == two
    assert match.deal.discard[-1] == two
    assert match.deal.current == 1
    saved = t.app.store.saves.read("autosave")
    assert saved is not None and len(saved["match"]["log"]) == len(match.log)
    t.until(lambda: not scene.sprites.busy)
    assert scene.sprites.sprites[two].spot.zone == "discard"


def test_the_contract_and_the_round_are_on_the_board(make) -> None:  # noqa: ANN001
    t = make()
    scene = t.scene
    facts = scene.facts()
    assert (facts.banner, facts.contract) == ("Round 1 of 10", "2 sets of 3")
    assert scene.layout.banner.width > scene.layout.table.width * 0.9
    assert [s.kind for s in scene.model.slots] == ["set", "set"]
    # after a round the banner names the next contract
    t.match.deal.number = 2
    scene.refresh()
    assert scene.facts().contract == "2 runs of 4"
    assert [s.kind for s in scene.model.slots] == ["run", "run"]


# --------------------------------------------------------------------------- buying


def _asked_first(**extra: object) -> dict:
    """Boole (easy, no seven) is in turn and draws: You are asked about the 7H first."""
    return dict(kinds=("human", "easy", "easy"), hands=[YOU, ADA, BOOLE], discard="7H",
                stock="5C QD 6D", current=2, settle=False, **extra)


def test_a_person_asked_to_buy_clicks_buy(make) -> None:  # noqa: ANN001
    t = make(**_asked_first())
    scene, match = t.scene, t.match
    t.buy_prompt()
    prompt = scene.prompt
    assert prompt is not None and prompt.title == "Buy the 7\u2665?"
    assert prompt.buys_left == 4
    assert "Buy the 7\u2665?" in scene.status.text
    assert match.awaiting == 0 and match.deal.phase == "buying"
    t.click(prompt.buttons["buy"].rect.center)
    assert isinstance(match.log[-1], Buy) and match.log[-1].player == 0
    assert len(match.deal.hands[0]) == 13
    assert {"7H", "QD"} <= {str(c) for c in match.deal.hands[0]}  # Boole drew the 5C
    assert match.deal.buys[0] == 1
    assert scene.prompt is None
    t.frames(2)
    assert "bought the 7\u2665" in scene.status.text
    t.until(lambda: not scene.sprites.busy)
    assert t.card("7H").rank == 7  # the bought card is in the hand on screen


def test_the_buy_prompt_waits_for_the_person_without_a_timer(make) -> None:  # noqa: ANN001
    t = make(**_asked_first())
    scene, match = t.scene, t.match
    assert t.app.settings.buy_timer_seconds == 0  # the default: no timer
    t.buy_prompt()
    t.frames(60 * 30)  # half a minute of game time
    assert scene.mode == "buy" and scene.prompt is not None
    assert not any(isinstance(a, Decline) for a in match.log)
    assert " s" not in scene.status.text.rpartition("\u00b7")[2]
    t.click(scene.prompt.buttons["decline"].rect.center)
    assert isinstance(match.log[-1], Decline) and match.log[-1].player == 0


def test_the_buy_prompt_declines_by_itself_on_timeout(make) -> None:  # noqa: ANN001
    t = make(**_asked_first())
    t.app.settings.buy_timer_seconds = 3
    scene, match = t.scene, t.match
    t.buy_prompt()
    assert scene.prompt.seconds == 3 and "3 s" in scene.status.text
    start = scene.prompt.remaining
    t.frames(60)
    assert scene.prompt is not None and scene.prompt.remaining < start - 0.9
    assert not any(isinstance(a, Decline) for a in match.log)
    t.until(lambda: scene.prompt is None, 700, "the timeout")
    assert isinstance(match.log[-1], Decline) and match.log[-1].player == 0
    assert len(match.deal.hands[0]) == 11
    assert match.deal.buys[0] == 0
    t.frames(1)
    assert "Time's up" in scene.status.text


def test_b_and_n_keys_answer_the_prompt(make) -> None:  # noqa: ANN001
    t = make(**_asked_first())
    t.buy_prompt()
    t.key(pygame.K_n)
    assert isinstance(t.match.log[-1], Decline) and t.match.log[-1].player == 0


def test_always_decline_buys_never_asks(make) -> None:  # noqa: ANN001
    t = make(**_asked_first())
    t.app.settings.always_decline_buys = True
    t.until(lambda: any(isinstance(a, Decline) and a.player == 0 for a in t.match.log),
            3000, "the automatic decline")
    assert t.scene.prompt is None
    assert len(t.match.deal.hands[0]) == 11


def test_hot_seat_buy_goes_through_the_hand_over_cover(make) -> None:  # noqa: ANN001
    t = make(**{**_asked_first(), "kinds": ("human", "human", "easy")})
    scene, match, app = t.scene, t.match, t.app
    # hot-seat, one policy at both tables: a round (or a loaded game) starts covered, so
    # nobody sees the hand of the first seat asked before its player lifts the cover
    t.until(lambda: isinstance(app.scenes.top, HandOverScene), 3000, "the first cover")
    assert app.scenes.top.name == match.names[0] and scene.prompt is None
    assert not scene.hand_visible()
    t.click((app.size[0] // 2, app.size[1] // 2))
    t.buy_prompt()
    assert scene.bottom == 0 and scene.prompt.seat == 0 and scene.hand_visible()
    t.click(scene.prompt.buttons["decline"].rect.center)
    # Kim is asked next, and must not see You's hand: the cover comes first
    t.until(lambda: isinstance(app.scenes.top, HandOverScene), 3000, "the cover")
    assert app.scenes.top.name == "Kim1"
    assert match.awaiting == 1 and scene.prompt is None
    t.click((app.size[0] // 2, app.size[1] // 2))
    t.buy_prompt()
    assert scene.bottom == 1 and scene.prompt.seat == 1
    assert set(scene.model.hand) == set(match.deal.hands[1])
    t.click(scene.prompt.buttons["buy"].rect.center)
    assert isinstance(match.log[-1], Buy) and match.log[-1].player == 1
    assert len(match.deal.hands[1]) == 13


# --------------------------------------------------------------------------- laying off


def test_lay_off_swap_a_joker_and_use_it(make) -> None:  # noqa: ANN001
    """Laid down earlier: drag a card onto a run to lay it off, drop the real card on the
    joker standing for it to swap, then lay the joker off."""

    def prepare(match: ContractMatch) -> None:
        r = match.deal
        pool = list(r.stock)
        run = _take(pool, "5H 6H JK 8H")
        r.stock = [c for c in r.stock if c not in run]
        joker = run[2]
        r.melds = [TableMeld(1, "run", run)]
        r.declared = {joker: parse_token("7H").face}
        r.laid_down = [True, True, False]

    t = make(hands=["7H 9H 2C 3D 4S", ADA, BOOLE], discard="QC", stock="KC", current=0,
             prepare=prepare)
    scene, match = t.scene, t.match
    t.key(pygame.K_d)  # draw with the key
    t.settle()
    run = scene.layout.meld(0)
    # drag the 9H onto the run: laid off
    nine = t.card("9H")
    t.drag(t.at(nine), run.rect.center)
    assert isinstance(match.log[-1], LayOff) and nine in match.deal.melds[0].cards
    t.settle()
    # drop the 7H on the joker standing for it: swapped, the joker comes to hand
    joker = next(c for c in match.deal.melds[0].cards if c.is_joker)
    t.drag(t.at(t.card("7H")), t.probe.center(joker))
    assert isinstance(match.log[-1], SwapJoker)
    assert joker in match.deal.hands[0]
    t.settle()
    assert "joker" in scene.status.text
    # the joker must be used: discarding is refused with the engine's reason
    two = t.card("2C")
    t.drag(t.at(two), scene.layout.discard.center)
    assert not isinstance(match.log[-1], Discard)
    assert any("joker" in line for line in scene.message.lines)
    t.settle()
    t.drag(t.at(t.card("JK")), scene.layout.meld(0).rect.center)
    assert isinstance(match.log[-1], LayOff) and joker in match.deal.melds[0].cards
    t.settle()
    # select and discard with the key
    t.click(t.at(t.card("2C")))
    t.key(pygame.K_x)
    assert isinstance(match.log[-1], Discard)
    assert match.deal.current == 1


def _sevens_set(laid_down: list[bool]):  # noqa: ANN202
    """Seat 1's set 7C 7S JK on the table, its joker standing for a seven of any suit."""

    def prepare(match: ContractMatch) -> None:
        r = match.deal
        pool = list(r.stock)
        sevens = _take(pool, "7C 7S JK")
        r.stock = [c for c in r.stock if c not in sevens]
        r.melds = [TableMeld(1, "set", sevens)]
        r.declared = {sevens[2]: Face(7, "*")}
        r.laid_down = list(laid_down)

    return prepare


def test_a_sets_joker_shows_any_rank_and_takes_a_seven_of_any_suit(make) -> None:  # noqa: ANN001
    """The set's joker is drawn as a plain joker, tagged JK (any 7), not as a club; dropping
    a 7D on it swaps it."""
    from game.ui.contract.model import meld_tag

    t = make(hands=["7D 9H 2C 3D 4S", ADA, BOOLE], discard="QC", stock="KC", current=0,
             prepare=_sevens_set([True, True, False]))
    scene, match = t.scene, t.match
    joker = next(c for c in match.deal.melds[0].cards if c.is_joker)
    assert scene.sprites.sprites[joker].shown is None  # not drawn as the 7 of clubs
    tag = meld_tag("set", match.deal.melds[0].cards, scene.model.shown)
    assert tag == "SET \u00b7 JK (any 7)"
    t.key(pygame.K_d)
    t.settle()
    t.drag(t.at(t.card("7D")), t.probe.center(joker))
    assert isinstance(match.log[-1], SwapJoker)
    assert joker in match.deal.hands[0]


def test_a_person_who_has_not_laid_down_swaps_a_joker_into_the_contract(make) -> None:  # noqa: ANN001
    """Any player may take a table joker; not yet down, it goes into the contract."""
    t = make(hands=["7D 4C 4D KS KD KC QH", ADA, BOOLE], discard="QC", stock="2S",
             current=0, prepare=_sevens_set([False, True, False]))
    scene, match = t.scene, t.match
    joker = next(c for c in match.deal.melds[0].cards if c.is_joker)
    t.key(pygame.K_d)
    t.settle()
    t.drag(t.at(t.card("7D")), t.probe.center(joker))
    assert isinstance(match.log[-1], SwapJoker) and joker in match.deal.hands[0]
    t.settle()
    assert "put it in your contract" in scene.status.text
    assert match.can(LayDown(0, ((*[c for c in match.deal.hands[0] if str(c) in
                                    ("4C", "4D")], joker),
                                 tuple(c for c in match.deal.hands[0] if c.rank == 13))))


def test_refused_actions_show_the_engines_reason(make) -> None:  # noqa: ANN001
    t = make(hands=[YOU, ADA, BOOLE], discard="7H", stock="3S QD")
    scene, match = t.scene, t.match
    count = len(match.log)
    t.key(pygame.K_l)  # lay down before drawing
    assert len(match.log) == count
    assert scene.message is not None and "draw first" in scene.message.lines
    t.key(pygame.K_x)  # discard with nothing selected
    assert "Choose one card" in scene.message.title
    # a group that is not a set: the Lay down button stays off and says why
    for text in ("2C", "5D"):
        t.click(t.at(t.card(text)))
    t.key(pygame.K_m)
    t.frames(2)
    assert not scene.controls.buttons["lay_down"].is_enabled
    slot = scene.model.slots[0]
    assert not slot.ok and slot.note
    # staged cards go back to the hand by a click, or all at once with Clear groups
    t.click(t.at(t.card("2C", "stage")))
    assert [str(c) for c in scene.human.stage_groups()[0]] == ["5D"]
    t.click_button("clear")
    assert not any(scene.human.stage_groups())


def test_take_the_discard_by_dragging_it_into_the_hand(make) -> None:  # noqa: ANN001
    t = make(hands=[YOU, ADA, BOOLE], discard="9H", stock="3S")
    scene, match = t.scene, t.match
    nine = t.card("9H", "discard")
    t.drag(t.at(nine), scene.layout.hand.center)
    assert match.log[-1].kind == "take_discard"
    assert nine in match.deal.hands[0]
    assert match.deal.phase == "play"  # no buying after a take


def test_discard_is_off_for_the_card_just_taken_from_the_pile(make) -> None:  # noqa: ANN001
    # the rules refuse to throw back the card just taken: the button must not offer it
    # (seen in long play: "Discard 9H" gold, and its click only refused)
    t = make(hands=[YOU, ADA, BOOLE], discard="9H", stock="3S")
    scene = t.scene
    t.key(pygame.K_t)
    t.settle()
    nine = t.card("9H")
    t.click(t.at(nine))
    t.frames(2)
    assert scene.selected == [nine]
    assert not t.match.can(Discard(0, nine))
    assert not scene.controls.buttons["discard"].is_enabled
    t.click(t.at(nine))  # put it back, and choose another
    t.click(t.at(t.card("2C")))
    t.frames(2)
    assert scene.controls.buttons["discard"].is_enabled


# --------------------------------------------------------------------------- the window


@pytest.mark.parametrize("left", [False, True], ids=["right-hand", "left-hand"])
@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1920, 1080), (3840, 2160)])
def test_resize_lays_the_table_out_again(make, size: tuple[int, int],  # noqa: ANN001
                                         left: bool) -> None:
    t = make(hands=[YOU, ADA, BOOLE], discard="7H", stock="3S QD")
    t.app.settings.left_handed = left  # the table lays itself out again for it
    t.app.resize(size)
    t.frames(3)
    layout = t.scene.layout
    assert layout.size == size
    window = pygame.Rect(0, 0, *size)
    for card, spot in layout.spots.items():
        assert window.contains(spot.rect), f"{card} off screen at {size}"
    assert window.contains(layout.stock) and window.contains(layout.discard)
    for button in t.scene.controls.buttons.values():
        assert window.contains(button.rect)
    hand = [spot.rect for spot in layout.spots.values() if spot.zone == "hand"]
    assert all(layout.hand.contains(rect) for rect in hand)
    assert layout.stage is not None and not layout.stage.colliderect(layout.table)
    side = layout.sidebar
    assert (side.left == 0) if left else (side.right == size[0])
    for rect in (layout.piles, layout.info, layout.buttons):
        assert side.contains(rect)
    for button in t.scene.controls.buttons.values():
        assert side.contains(button.rect)
    for name in ("top", "banner", "table", "status", "stage", "hand"):
        rect = getattr(layout, name)
        assert window.contains(rect) and not rect.colliderect(side), (name, size, left)
    for card, spot in layout.spots.items():
        if spot.zone != "discard":
            assert not spot.rect.colliderect(side), f"{card} under the side panel"
    # the hit areas follow: a click on the stock draws from it
    t.click(layout.stock.center)
    t.settle()
    assert len(t.match.deal.hands[0]) == 12


# --------------------------------------------------------------------------- a whole match


def test_a_short_match_between_computers_reaches_the_scoreboard(make) -> None:  # noqa: ANN001
    t = make(kinds=("medium", "hard", "easy"), options={"match": "hands:1"}, seed=3,
             autosave=True, settle=False, speed=12.0, size=(1024, 640))
    app, match, scene = t.app, t.match, t.scene
    t.until(lambda: isinstance(app.scenes.top, ContractScoreboardScene), 40000,
            "the scoreboard")
    assert match.over and scene.errors == []
    board = app.scenes.top
    assert "wins the match" in board.headline() or "share the match" in board.headline()
    assert app.store.stats.match_count() == 1
    assert not app.store.saves.has_autosave()
    records = app.store.stats.matches()
    assert records[0].variant == VARIANT and list(records[0].scores) == list(match.totals)
    assert not records[0].higher_is_better
    t.frames(5)
    assert app.store.stats.match_count() == 1  # recorded once
    assert "new" in [item.key for item in board.focus.items]


def test_an_autosave_loads_back_into_the_same_position(make) -> None:  # noqa: ANN001
    t = make(autosave=True)  # a real deal: a save replays from the seed
    t.click(t.scene.layout.stock.center)
    t.settle()
    card = t.scene.model.hand[0]
    t.drag(t.at(card), t.scene.layout.discard.center)
    assert t.match.deal.discard[-1] == card
    saved = t.app.store.saves.read("autosave")
    session = GameSession.from_json(saved)
    assert isinstance(session.match, ContractMatch)
    assert session.match.digest() == t.match.digest()
    again = ContractTableScene(t.app, session, autosave=False)
    t.app.scenes.replace(again)
    t.frames(3)
    assert again.layout is not None and again.controls is not None
    assert set(again.model.hand) == set(session.match.deal.hands[0])


def test_the_hand_count_leaves_out_cards_moved_into_the_contract_groups(make) -> None:  # noqa: ANN001
    # issue 34.8: "Your hand · 12 cards" counted the cards already in the contract's groups
    t = make(hands=[YOU, ADA, BOOLE], discard="7H", stock="3S QD")
    scene = t.scene
    t.click(scene.layout.stock.center)  # draw: twelve cards
    t.until(lambda: t.match.awaiting == 0 and t.match.deal.phase == "play", 3000, "our play")
    t.settle()
    assert scene.facts().bottom_label.startswith("Your hand \u00b7 12 cards")
    for text in ("9S", "9D", "9C"):
        t.click(t.at(t.card(text)))
    t.click_button("make")
    assert len(scene.human.stage_groups()[0]) == 3
    assert scene.facts().bottom_label.startswith("Your hand \u00b7 9 cards")
    for text in ("KH", "KS", "KD"):
        t.click(t.at(t.card(text)))
    t.click_button("make")
    assert scene.facts().bottom_label.startswith("Your hand \u00b7 6 cards")
    # laid down, the groups' cards are on the table: the count is the hand's, never less
    # (it read "-4 cards" once the contract was down, seen in a real window)
    t.click_button("lay_down")
    t.frames(5)
    assert t.match.deal.laid_down[0]
    left = len(t.match.deal.hands[0])
    assert left == 6 and scene.facts().bottom_label.startswith(f"Your hand \u00b7 {left} cards")


def test_the_contract_game_counts_rounds_on_the_title_and_rules_screens(
        start_app: StartApp) -> None:
    from game.engine.variants import get_variant
    from game.ui.scenes.rules import variant_facts
    from tests.ui.conftest import button, pump

    app = start_app()
    assert dict(variant_facts(get_variant(VARIANT)))["Match"] == "10 rounds"
    assert dict(variant_facts(get_variant("machiavelli")))["Match"] == "A single hand"
    match = new_match(VARIANT, 3, 5, {}, ["You", "Ada", "Boole"])
    GameSession(match, [Seat("You", "human"), Seat("Ada", "easy"),
                        Seat("Boole", "easy")]).save(app.store)
    title = app.scenes.push(screens.title(app))
    pump(app)
    assert title.autosave_line == "Shanghai Rummy \u00b7 round 1"
    assert title.autosave_summary.startswith("Shanghai Rummy, round 1:")
    assert button(app, "Continue")
    # New game asks before replacing it, in rounds too (it said "hand 1", seen on screen)
    form = app.scenes.push(screens.new_game(app))
    pump(app)
    form.start()
    pump(app)
    assert "(round 1)" in app.scenes.top.message
