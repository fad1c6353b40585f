"""What the contract table says about an action, in suit symbols (``7♥``), never card
codes (``7H``): the status line after each action, the replay's steps, Undo's note, and
the turn log on the felt (one line a turn, the other seats' since yours)."""

from __future__ import annotations

from game.engine.actions import Action
from game.engine.cards import Card
from game.engine.contract.actions import LayDown, LayOff, SwapJoker
from game.engine.contract.match import ContractMatch
from game.i18n import _
from game.ui.contract.model import card_text, the_card
from game.ui.theme import seat_colour


def cards_text(cards: tuple[Card, ...] | list[Card]) -> str:
    return " ".join(card_text(c) for c in cards)


def action_words(match: ContractMatch, name: str, you: bool, action: Action,
                 card: Card | None, why: str = "") -> str:
    """``name``'s ``action`` (just applied to ``match``; ``card``: the card it moved) in
    words; ``you``: the person at the screen, addressed as "You". ``why`` explains a
    decline ("timeout" or "always")."""
    kind = action.kind
    if kind == "draw":
        return _("{name} drew from the stock").format(name=name)
    if kind == "take_discard":
        return _("{name} took {card}").format(name=name, card=the_card(card))
    if kind == "buy":
        return _("{name} bought {card} and a penalty card").format(name=name, card=the_card(card))
    if kind == "decline":
        if why == "timeout" and you:
            return _("Time's up: you did not buy {card}").format(card=the_card(card))
        if why == "always":
            return _("{name} did not buy {card} (always decline buys)").format(
                name=name, card=the_card(card))
        return _("{name} did not buy {card}").format(name=name, card=the_card(card))
    if isinstance(action, LayDown):
        groups = "  \u00b7  ".join(cards_text(list(m)) for m in action.melds)
        return _("{name} laid down {contract}: {groups}").format(
            name=name, contract=match.contract, groups=groups)
    melds = match.deal.melds
    if isinstance(action, LayOff | SwapJoker) and 0 <= action.meld < len(melds):
        on = cards_text(melds[action.meld].cards)
        if isinstance(action, LayOff):
            return _("{name} laid off {card}: {on}").format(name=name, card=the_card(card), on=on)
        return _("{name} swapped {card} for a joker: {on}").format(
            name=name, card=the_card(card), on=on)
    if kind == "discard":
        return _("{name} discarded {card}").format(name=name, card=the_card(card))
    return f"{name}: {kind.replace('_', ' ')}"


#: the turn log's lines on show at most (the layout keeps room for them)
LOG_MOST = 3


class TurnLog:
    """The round's turns in words: one entry a turn, ``(seat, line)``; a buy is a turn of
    its own, a decline is left out."""

    def __init__(self) -> None:
        self.entries: list[tuple[int, str]] = []
        self.open = False  # the last entry's turn goes on (no discard yet)

    def add(self, match: ContractMatch, name: str, seat: int, action: Action,
            card: Card | None) -> None:
        """``action`` by ``seat`` (called ``name``), just applied to ``match``: a turn's
        actions join one line ("Ada drew from the stock; laid off the 7♥: 5♥ 6♥ 7♥;
        discarded the K♠")."""
        kind = action.kind
        if kind == "decline":
            return
        words = action_words(match, name, False, action, card)
        entries = self.entries
        goes_on = kind not in ("buy", "draw", "take_discard")
        if self.open and goes_on and entries and entries[-1][0] == seat:
            entries[-1] = (seat, f"{entries[-1][1]}; {words.removeprefix(name + ' ')}")
        else:
            entries.append((seat, words))
        self.open = kind not in ("discard", "buy")

    def lines(self, viewer: int, most: int | None = LOG_MOST
              ) -> list[tuple[tuple[int, int, int], str]]:
        """The other seats' turns since ``viewer``'s last finished one (the last ``most``;
        all of them when None), each with its seat's colour: during ``viewer``'s own turn
        they stay on view."""
        entries = self.entries
        own = [i for i, (seat, _) in enumerate(entries) if seat == viewer]
        if own and own[-1] == len(entries) - 1 and self.open:
            own.pop()  # the turn under way is not a finished one
        since = entries[own[-1] + 1:] if own else entries
        others = [(seat_colour(seat), line) for seat, line in since if seat != viewer]
        return others if most is None else others[-most:]

    def said(self, seat: int, line: str) -> None:
        """``line`` said at the table by ``seat`` (a quick message), in a line of its own:
        the turn under way goes on in a new line after it."""
        self.entries.append((seat, line))
        self.open = False

    def clear(self) -> None:
        self.entries.clear()
        self.open = False

    def copy(self) -> TurnLog:
        twin = TurnLog()
        twin.entries = list(self.entries)
        twin.open = self.open
        return twin
