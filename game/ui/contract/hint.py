"""The hint at the contract table: the Hard computer player is asked what it would do in
the person's place (``game.ai.contract.suggest``: it sees only that seat's view, so the
hint cannot cheat), and the answer is shown on the table: the cards it uses are marked, a
contract it would lay down is built in the staging groups, and a line says what and why.
Hint again (or its button, now "Do it") applies it; Esc withdraws it (the card it lifted
and the groups it built go back as they were), and any other move dismisses it. Hints can
be switched off in the settings. A controller owned by ``ContractTableScene``, which sees
its table as a ``HintTable`` and the person's turn (``HumanTurn``) as a ``HintTurn``."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Protocol

from game.ai.contract import suggest
from game.engine.actions import Action
from game.engine.cards import Card
from game.engine.contract.actions import Buy, Discard, LayDown, LayOff, SwapJoker, TakeDiscard
from game.i18n import _
from game.ui.cardtable.driver import Worker
from game.ui.cardtable.look import Message
from game.ui.cardtable.modes import HUMAN
from game.ui.cardtable.table_host import CardTableHost
from game.ui.contract.human import BUY
from game.ui.contract.model import card_text, the_card

if TYPE_CHECKING:
    from game.engine.contract.match import ContractMatch
    from game.session import GameSession
    from game.ui.scene import AppServices

HINT_LEVEL = "hard"
HINT_MODES = (HUMAN, BUY)  # the person's turn, and the buy prompt


class HintTable(CardTableHost, Protocol):
    """The contract table as ``ContractHint`` sees it."""

    @property
    def app(self) -> AppServices: ...
    @property
    def session(self) -> GameSession: ...
    @property
    def match(self) -> ContractMatch: ...
    @property
    def mode(self) -> str: ...
    @property
    def bottom(self) -> int: ...
    @property
    def version(self) -> int: ...
    @property
    def clock(self) -> float: ...
    @property
    def selected(self) -> Sequence[Card]: ...

    def commit(self, action: Action) -> bool: ...
    def select(self, cards: Iterable[Card]) -> None: ...
    def deselect(self, cards: Iterable[Card]) -> None: ...
    def count_hint(self) -> None: ...


class HintTurn(Protocol):
    """What the hint asks of the person's turn (``HumanTurn``)."""

    def my_move(self) -> bool: ...
    def refuse(self, title: str, lines: Sequence[str] = ()) -> bool: ...
    def stages_of(self, seat: int) -> list[list[Card]]: ...
    def set_stages_of(self, seat: int, groups: Iterable[Iterable[Card]]) -> None: ...
    def buy(self) -> bool: ...
    def decline(self, timed_out: bool = False) -> bool: ...


class ContractHint:
    """The hint asked for, being worked out, or on show (``action`` and its ``cards``)."""

    def __init__(self, table: HintTable, turn: HintTurn) -> None:
        self.table = table
        self.turn = turn
        self.worker: Worker | None = None
        self.action: Action | None = None
        self.cards: frozenset[Card] = frozenset()
        self.lifted: Card | None = None  # the hand card the hint selected, not the player
        self._groups: list[list[Card]] | None = None  # the groups before the hint built its own
        self._version = -1  # the table's version the hint was asked at
        self.since = 0.0  # the table's clock when the hint was asked for
        self.looking: Message | None = None  # the note saying it is being worked out

    @property
    def showing(self) -> bool:
        return self.action is not None

    def allowed(self) -> bool:
        return bool(self.table.app.settings.hints_allowed)

    def request(self) -> bool:
        """The Hint button or H: ask for a hint, or apply the one on show."""
        table = self.table
        if not self.allowed():
            return self.turn.refuse(_("Hints are switched off"),
                                      [_("Switch them on in Settings (Menu \u2192 Settings).")])
        if table.mode not in HINT_MODES or not self.turn.my_move():
            return self.turn.refuse(_("No hint now"), [_("A hint is for your own turn, or "
                                                      "when you are asked to buy.")])
        if self.action is not None:
            return self.apply()
        if self.worker is not None:
            return False
        view = table.match.view(table.bottom)
        self.worker = Worker(lambda: suggest(view, HINT_LEVEL), synchronous=table.app.smoke)
        self._version = table.version
        self.since = table.clock
        table.say(_("Thinking of a hint\u2026"), (), "info", 2.0)
        self.looking = table.message
        self.update()
        return True

    def update(self) -> None:
        """Show the hint once it has been worked out (if the table has not moved on)."""
        worker = self.worker
        if worker is None:
            return
        if not worker.done:
            looking = self.looking
            if looking is not None:  # the note stays up while it is worked out
                self.table.keep_message(looking, 1.0)
            return
        self.worker = None
        table = self.table
        if table.version != self._version or table.mode not in HINT_MODES:
            return
        action = worker.result if isinstance(worker.result, Action) else None
        if worker.error is not None or action is None or not table.match.can(action):
            table.say(_("No hint this time"), [_("The adviser found nothing to suggest.")])
            return
        self.action = action
        self.cards = frozenset(self._cards(action))
        table.count_hint()  # the statistics mark a match won with hints
        if isinstance(action, LayDown):
            self._groups = self.turn.stages_of(table.bottom)
            self.turn.set_stages_of(table.bottom, action.melds)
        elif isinstance(action, Discard | LayOff | SwapJoker) and action.card is not None:
            table.select([action.card])  # lifted: Discard or a drag does it too
            self.lifted = action.card
        table.refresh()
        self._version = table.version
        table.say(_("Hint: {advice}").format(advice=self.words(action)),
                  [_("Press H (or Do it) to play it, Esc to dismiss.")], "info", 30.0)

    def stale(self) -> None:
        """The table changed under a hint on show: drop it."""
        if self.action is not None and self.table.version != self._version \
                and self.dismiss():
            self.table.refresh()

    def withdraw(self) -> None:
        """Esc: the hint goes, and with it the groups it built (the player's come back)."""
        if self.action is not None and self._groups is not None:
            self.turn.set_stages_of(self.table.bottom, self._groups)
        self.dismiss()

    def dismiss(self) -> bool:
        """Drop the hint on show, with the card it lifted (else the next group the player
        makes would take it along); whether the selection changed."""
        if self.action is None:
            return False
        self.action = None
        self.cards = frozenset()
        self.table.clear_message()
        self._groups = None
        lifted, self.lifted = self.lifted, None
        if lifted is None or lifted not in self.table.selected:
            return False
        self.table.deselect([lifted])
        return True

    def apply(self) -> bool:
        action = self.action
        self.dismiss()
        if action is None:
            return False
        if isinstance(action, Buy):
            return self.turn.buy()  # through the prompt, which closes
        if action.kind == "decline":
            return self.turn.decline()
        return self.table.commit(action)

    # ------------------------------------------------------------------ words

    @staticmethod
    def _cards(action: Action) -> list[Card]:
        if isinstance(action, LayDown):
            return [c for meld in action.melds for c in meld]
        card = getattr(action, "card", None)
        return [card] if isinstance(card, Card) else []

    def words(self, action: Action) -> str:
        table = self.table
        r = table.match.deal
        top = r.discard[-1] if r.discard else None
        if action.kind == "draw":
            return _("draw from the stock") + \
                (_(" (the {card} does not help you)").format(
                    card=card_text(top)) if top is not None else "")
        if isinstance(action, TakeDiscard):
            return _("take {card}: it helps your contract").format(card=the_card(top))
        if isinstance(action, Buy):
            return _("buy {card}: it helps your contract").format(card=the_card(top))
        if action.kind == "decline":
            return _("let {card} go: it is not worth a penalty card").format(card=the_card(top))
        if isinstance(action, LayDown):
            groups = "  \u00b7  ".join(" ".join(card_text(c) for c in meld)
                                       for meld in action.melds)
            return _("lay down your contract: {groups}").format(groups=groups)
        if isinstance(action, LayOff | SwapJoker):
            meld = r.melds[action.meld]
            on = " ".join(card_text(c) for c in meld.cards)
            verb = _("lay off") if isinstance(action, LayOff) else _("swap the joker with")
            return _("{verb} {card} on {on}").format(verb=verb, card=the_card(action.card), on=on)
        if isinstance(action, Discard):
            return _("discard {card}").format(card=the_card(action.card))
        return action.kind.replace("_", " ")
