"""The contract table's board facts (``BoardFacts``): the round's banner and contract, the
bottom seat's label and facts panel, the piles' keys and the words on an empty felt, read
from the table as ``FactsTable`` sees it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from game.deals import deal_words
from game.engine.contract.rules import CONTRACTS
from game.i18n import _, ngettext
from game.ui.cardtable.modes import HUMAN
from game.ui.cardtable.talk import watching_line
from game.ui.contract.hud import BoardFacts

if TYPE_CHECKING:
    from game.engine.contract.match import ContractMatch
    from game.session import GameSession
    from game.ui.contract.human import HumanTurn


class FactsTable(Protocol):
    """What the board facts read of the contract table."""

    @property
    def match(self) -> ContractMatch: ...
    @property
    def session(self) -> GameSession: ...
    @property
    def bottom(self) -> int: ...
    @property
    def human(self) -> HumanTurn: ...
    @property
    def mode(self) -> str: ...
    @property
    def sort_mode(self) -> str: ...
    @property
    def remote_match(self) -> bool: ...
    def is_you(self, seat: int) -> bool: ...


def board_facts(table: FactsTable) -> BoardFacts:
    match = table.match
    deal = match.deal
    seat = table.session.seats[table.bottom]
    rounds = match.variant.match_hands or len(CONTRACTS)
    # the cards still in the hand row: those moved into the contract's groups are shown
    # (and counted) there until they are laid down
    hand = set(deal.hands[table.bottom])  # once laid down, the groups' cards have left it
    staged = sum(1 for group in table.human.stages.get(table.bottom, ()) for card in group
                 if card in hand)
    count = len(hand) - staged
    mine = table.is_you(table.bottom)  # never a spectator's
    owner = _("Your hand") if mine else _("{name}'s hand").format(name=seat.name)
    label = ngettext("{owner} \u00b7 {count} card \u00b7 {points} pts", "{owner} \u00b7 "
                                                                        "{count} cards "
                                                                        "\u00b7 {points} "
                                                                        "pts", count).format(
        owner=owner, count=count, points=match.totals[table.bottom])
    left = match.variant.max_buys - deal.buys[table.bottom]
    info: list[tuple[str, str]] = [
        (_("{name} (you)").format(
            name=seat.name) if mine and seat.name.strip().casefold() not in (
                "you", _("You").casefold()) else seat.name,
         "title"),
        (_("Score {points}").format(points=match.totals[table.bottom]), "text"),
        (_("Buys left: {left} of {max_buys}").format(
            left=left, max_buys=match.variant.max_buys), "muted"),
        (_("\u2713 Contract laid down"), "good") if deal.laid_down[table.bottom]
        else (_("Contract not down yet"), "muted"),
    ]
    # a joined game's deal is the host's secret; another person's hand, the deal's
    if not table.remote_match and table.session.deal_shown:
        info.append((deal_words(match.seed), "muted"))
    watching = watching_line(table)  # a network table's spectators
    if watching:
        info.append((watching, "muted"))
    # the person's draw: the table waits for them (its mode), the round is at a draw (its phase)
    draw = table.mode == HUMAN and deal.phase == "draw" and table.human.my_move()
    contract = match.contract
    empty = (_("Nobody has laid down yet"),
             _("Lay down exactly {contract} in one turn; runs of one suit, sets of one "
               "rank.").format(
                 contract=contract),
             _("Afterwards, lay off single cards on any meld."))
    return BoardFacts(_("Round {n} of {rounds}").format(
        n=deal.number + 1, rounds=rounds), str(contract), label,
                      table.sort_mode, tuple(info), "(D)" if draw else "",
                      "(T)" if draw and deal.discard else "", empty)
