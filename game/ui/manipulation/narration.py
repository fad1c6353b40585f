"""The manipulation table in words, for "Speak the table": your hand (F2), the whole table
(F3), and the card and meld under the keyboard's focus as it moves. The words are made
here, spoken by ``App.speak``, from what a ``SpokenTable`` shows (the keyboard's focus is
given where it matters)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from game.i18n import _, ngettext
from game.ui.spoken import card_name, cards_names

if TYPE_CHECKING:
    from game.engine.cards import Card
    from game.ui.manipulation.model import Group, TableModel


class SpokenTable(Protocol):
    """What the words are made from: the table's model, the selection, who is "you"."""

    @property
    def model(self) -> TableModel | None: ...
    @property
    def selected(self) -> Sequence[Card]: ...

    def is_you(self, seat: int) -> bool: ...


class KeyFocus(Protocol):
    """The keyboard's focus (``Keyboard``): the card under it, its zone, the target."""

    zone: str
    target: object

    def focused_card(self) -> Card | None: ...


def meld_words(model: TableModel, group: Group) -> str:
    """"Meld 2, run: 5 of hearts, 6 of hearts, 7 of hearts" (numbered as on the felt)."""
    number = model.groups.index(group) + 1
    kind = _("set") if group.kind == "set" else _("run")
    words = _("Meld {n}, {kind}: {cards}").format(n=number, kind=kind,
                                                  cards=cards_names(group.cards, model.shown))
    if not group.valid:
        words += ". " + _("Not a valid meld yet")
    return words


def hand_words(scene: SpokenTable) -> str:
    model = scene.model
    if model is None:
        return ""
    if not model.hand:
        return ngettext("Your hand: {n} card, face down", "Your hand: {n} cards, face down",
                        model.hidden_hand).format(n=model.hidden_hand)
    return ngettext("Your hand, {n} card: {cards}", "Your hand, {n} cards: {cards}",
                    len(model.hand)).format(n=len(model.hand), cards=cards_names(model.hand))


def group_of(model: TableModel, card: Card) -> Group | None:
    return next((g for g in model.groups if card in g.cards), None)


def focus_words(scene: SpokenTable, focus: KeyFocus) -> str:
    """The card under the keyboard's focus (selected or not), and its meld on the felt."""
    model = scene.model
    card = focus.focused_card()
    if model is None or card is None:
        return _("Nothing here")
    words = card_name(card, model.shown)
    if card in scene.selected:
        words = _("{card}, selected").format(card=words)
    group = group_of(model, card)
    if group is not None:
        words += ". " + meld_words(model, group)
    elif focus.zone == "hand":
        words += ". " + _("In your hand")
    else:
        words += ". " + _("A single card on the table")
    return words


def target_words(scene: SpokenTable, focus: KeyFocus) -> str:
    """The meld Enter will move the cards to (Tab chose it)."""
    model = scene.model
    target = focus.target
    if model is None or not isinstance(target, int):
        return _("Target: a new meld")
    group = next((g for g in model.groups if g.index == target), None)
    if group is None:
        return _("Target: a new meld")
    return _("Target: {meld}").format(meld=meld_words(model, group))


def table_words(scene: SpokenTable) -> str:
    """Everything on the table: whose turn, the stock, each seat, the melds, your hand."""
    model = scene.model
    if model is None:
        return ""
    current = next((s for s in model.seats if s.current), None)
    parts: list[str] = []
    if current is not None:
        parts.append(_("Your turn") if scene.is_you(current.seat)
                     else _("{name}'s turn").format(name=current.name))
    parts.append(ngettext("Stock: {n} card", "Stock: {n} cards", model.stock).format(
        n=model.stock))
    for seat in model.seats:
        parts.append(ngettext("{name}: {n} card, {points} points",
                              "{name}: {n} cards, {points} points", seat.cards).format(
            name=seat.name, n=seat.cards, points=seat.score))
    if model.groups:
        parts.extend(meld_words(model, group) for group in model.groups)
    else:
        parts.append(_("No melds on the table"))
    if model.free:
        parts.append(_("Single cards on the table: {cards}").format(
            cards=cards_names(model.free, model.shown)))
    parts.append(hand_words(scene))
    return ". ".join(parts)
