"""The contract table in words, for "Speak the table": your hand (F2), the whole table
(F3), the card and the target under the keyboard's focus. Spoken by ``App.speak``, made
from what a ``SpokenTable`` shows (the keyboard's focus is given where it matters)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from game.i18n import _, ngettext
from game.ui.contract.model import joker_faces
from game.ui.spoken import card_name, cards_names

if TYPE_CHECKING:
    from game.engine.cards import Card
    from game.ui.contract.model import ContractModel, MeldFacts


class SpokenTable(Protocol):
    """What the words are made from: the table's model, the selection, who is "you"."""

    @property
    def model(self) -> ContractModel | None: ...
    @property
    def selected(self) -> Sequence[Card]: ...

    def is_you(self, seat: int) -> bool: ...


class KeyFocus(Protocol):
    """The keyboard's focus (``Keyboard``): the card under it."""

    def focused_card(self) -> Card | None: ...


def meld_words(scene: SpokenTable, model: ContractModel, meld: MeldFacts) -> str:
    """"Meld 2, Ada's run: 5 of hearts, 6 of hearts, 7 of hearts, 8 of hearts" ("your run"
    for yours)."""
    cards = cards_names(meld.cards, joker_faces(model.shown))
    if meld.kind == "set":
        if scene.is_you(meld.owner):
            return _("Meld {n}, your set: {cards}").format(n=meld.index + 1, cards=cards)
        return _("Meld {n}, {owner}'s set: {cards}").format(
            n=meld.index + 1, owner=model.seats[meld.owner].name, cards=cards)
    if scene.is_you(meld.owner):
        return _("Meld {n}, your run: {cards}").format(n=meld.index + 1, cards=cards)
    return _("Meld {n}, {owner}'s run: {cards}").format(
        n=meld.index + 1, owner=model.seats[meld.owner].name, cards=cards)


def slot_words(model: ContractModel, index: int) -> str:
    slots = model.slots or ()
    slot = next((s for s in slots if s.index == index), None)
    if slot is None:
        return ""
    kind = _("set") if slot.kind == "set" else _("run")
    cards = cards_names(slot.cards) if slot.cards else _("empty")
    return _("Group {n}, a {kind} of {minimum} or more: {cards}").format(
        n=index + 1, kind=kind, minimum=slot.minimum, cards=cards)


def hand_words(scene: SpokenTable) -> str:
    model = scene.model
    if model is None:
        return ""
    if not model.hand and model.hidden_hand:
        return ngettext("Your hand: {n} card, face down", "Your hand: {n} cards, face down",
                        model.hidden_hand).format(n=model.hidden_hand)
    words = ngettext("Your hand, {n} card: {cards}", "Your hand, {n} cards: {cards}",
                     len(model.hand)).format(n=len(model.hand), cards=cards_names(model.hand))
    for slot in model.slots or ():
        if slot.cards:
            words += ". " + slot_words(model, slot.index)
    return words


def focus_words(scene: SpokenTable, focus: KeyFocus) -> str:
    card = focus.focused_card()
    if card is None:
        return _("Nothing here")
    words = card_name(card)
    if card in scene.selected:
        words = _("{card}, selected").format(card=words)
    return words


def target_words(scene: SpokenTable, target: object) -> str:
    model = scene.model
    if model is None:
        return ""
    if target == "discard":
        top = model.discard[-1] if model.discard else None
        return _("Target: the discard pile, {card} on top").format(card=card_name(top)) \
            if top is not None else _("Target: the discard pile, empty")
    if isinstance(target, tuple) and target[0] == "slot":
        return _("Target: {group}").format(group=slot_words(model, target[1]))
    if isinstance(target, tuple) and target[0] == "meld":
        meld = next((m for m in model.melds if m.index == target[1]), None)
        if meld is not None:
            return _("Target: {meld}").format(meld=meld_words(scene, model, meld))
    return ""


def table_words(scene: SpokenTable) -> str:
    """Whose move, the contract, the piles, each seat, the melds, your hand."""
    model = scene.model
    if model is None:
        return ""
    parts = [_("Round {n} of {rounds}: {contract}").format(
        n=model.round_number + 1, rounds=model.rounds, contract=model.contract)]
    awaiting = model.seats[model.awaiting]
    parts.append(_("Your move") if scene.is_you(awaiting.seat)
                 else _("{name}'s move").format(name=awaiting.name))
    parts.append(ngettext("Stock: {n} card", "Stock: {n} cards", model.stock).format(
        n=model.stock))
    top = model.discard[-1] if model.discard else None
    parts.append(_("Discard pile: {card} on top").format(card=card_name(top))
                 if top is not None else _("Discard pile: empty"))
    for seat in model.seats:
        down = _("laid down") if seat.laid_down else _("not down yet")
        parts.append(ngettext("{name}: {n} card, {points} points, {down}",
                              "{name}: {n} cards, {points} points, {down}", seat.cards).format(
            name=seat.name, n=seat.cards, points=seat.score, down=down))
    if model.melds:
        parts.extend(meld_words(scene, model, meld) for meld in model.melds)
    else:
        parts.append(_("No melds on the table"))
    parts.append(hand_words(scene))
    return ". ".join(parts)
