"""The first-game tutorial: short steps, each a scripted position on a real table and a goal
the player reaches by moving cards and pressing End turn.

A step's texts are marked with ``N_`` and translated where they are shown (the tutorial
screen); ``reached`` answers in the current language.

A step says what to do (``lines``), where (``pointers``: a card and where it goes, shown by
the table with an arrow), and what counts as done (``reached``): every card of ``play``
from the hand on the table, the turn legal, and for some steps more (a run split in two,
an illegal End tried first). No pygame here: the tutorial screen draws it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum

from game.engine.cards import Card
from game.engine.table import Table
from game.engine.turn import check_turn
from game.engine.variants import get_variant
from game.i18n import N_, _, ngettext

NEW_MELD = "new"


class Side(Enum):
    """Where by its ``near`` card a pointer's arrow ends: on it (the part in view), in
    the gap in front of it, or just past it (the end of its meld)."""

    ON = "on"
    BEFORE = "before"
    AFTER = "after"


@dataclass(frozen=True)
class Pointer:
    """Point at ``card`` (as written, e.g. "8S") and at where it goes: the meld holding
    ``target`` (a card written the same way), or ``NEW_MELD`` (empty felt); the arrow
    ends at the ``side`` of the card ``near`` (the target when not given), the very place
    the card is to be dropped."""

    card: str
    target: str
    near: str = ""
    side: Side = Side.ON

    @property
    def by(self) -> str:
        """The card the arrow ends by."""
        return self.near or self.target


@dataclass(frozen=True)
class Step:
    title: str
    lines: tuple[str, ...]
    variant_id: str
    table: str  # the table, written as melds ("5S 6S 7S | 9C 9D 9H")
    hand: str
    play: tuple[str, ...]  # hand cards that must end on the table
    pointers: tuple[Pointer, ...] = ()
    melds_at_least: int = 0  # the end table has at least this many melds
    refusal_first: bool = False  # an illegal End must have been tried (and refused) first
    release: bool = False  # a joker on the table must be released
    done_words: str = N_("Well done.")

    def reached(self, start: Table, hand: Sequence[Card], end: Table,
                refused: bool) -> tuple[bool, str]:
        """Is the goal reached by ending the turn with ``end``? With what to say."""
        variant = get_variant(self.variant_id)
        check = check_turn(variant, start, hand, end, True)
        if not check.ok:
            return False, "; ".join(str(p) for p in check.problems)
        if self.refusal_first and not refused:
            return False, _("First try the illegal turn: press End turn with the lone card "
                            "on the table and read why it is refused.")
        played = {str(c) for c in check.played}
        missing = [name for name in self.play if name not in played]
        if missing:
            return False, _("Legal, but the step wants {cards} on the table too.").format(
                cards=" ".join(missing))
        if self.release and not check.released:
            return False, _("Legal, but the joker is still in its meld: put 5\u2663 in its "
                            "place.")
        if len(end.melds) < self.melds_at_least:
            return False, ngettext("Legal, but the step wants {n} meld on the table.",
                                   "Legal, but the step wants {n} melds on the table.",
                                   self.melds_at_least).format(n=self.melds_at_least)
        return True, _(self.done_words)


STEPS: tuple[Step, ...] = (
    Step(N_("Play a meld"),
         (N_("A meld is three or more cards: a run of one suit in order, or a set of one rank "
          "in different suits."),
          N_("Drag 4\u2665 5\u2665 6\u2665 from your hand to the empty felt, then press End "
             "turn.")),
         "machiavelli", "9C 9D 9H", "4H 5H 6H KS 2D", ("4H", "5H", "6H"),
         (Pointer("4H", NEW_MELD), Pointer("5H", NEW_MELD), Pointer("6H", NEW_MELD)),
         done_words=N_("Your first meld is down.")),
    Step(N_("Add to a meld"),
         (N_("Any meld on the table is yours to use, whoever played it."),
          N_("Drag 8\u2660 onto the run 5\u2660 6\u2660 7\u2660, then press End turn.")),
         "machiavelli", "5S 6S 7S | 9C 9D 9H", "8S KD 2C", ("8S",),
         (Pointer("8S", "5S", "7S", Side.AFTER),),
         done_words=N_("The run is one card longer.")),
    Step(N_("Split a run"),
         (N_("A long run can be cut in two, as long as both halves stay runs of three or more."),
          N_("Drag your 6\u2666 into the run, between its 6\u2666 and 7\u2666: the run "
          "splits in two, 3\u2666\u20136\u2666 and 6\u2666\u20138\u2666. Then press End "
          "turn.")),
         "machiavelli", "3D 4D 5D 6D 7D 8D", "6D KS 2C", ("6D",),
         (Pointer("6D", "7D", side=Side.BEFORE),), melds_at_least=2,
         done_words=N_("Two runs out of one.")),
    Step(N_("Move a card from a set into a run"),
         (N_("A set of four can spare a card: three of a kind are still a set."),
          N_("Drag 7\u2665 from the set onto the run 8\u2665 9\u2665 10\u2665, then put your "
          "6\u2665 in front of it, and press End turn.")),
         "machiavelli", "7C 7D 7H 7S | 8H 9H 10H", "6H KS 2C", ("6H",),
         (Pointer("7H", "8H", side=Side.BEFORE), Pointer("6H", "8H", "7H", Side.BEFORE)),
         done_words=N_("Rearranging the table is the heart of the game.")),
    Step(N_("Use a joker"),
         (N_("A joker stands for any card you need; when you play it, it takes the place that "
          "makes its meld valid."),
          N_("Drag the joker with 9\u2660 and 10\u2660 to the empty felt to make a run, then "
          "press End turn.")),
         "machiavelli-jokers", "4C 5C 6C", "JK 9S 10S KD", ("JK", "9S", "10S"),
         (Pointer("JK", NEW_MELD), Pointer("9S", NEW_MELD), Pointer("10S", NEW_MELD)),
         done_words=N_("The joker fills the gap.")),
    Step(N_("Release a joker"),
         (N_("A joker on the table can be won back: put the card it stands for in its place."),
          N_("Drag your 5\u2663 onto the joker in 4\u2663 \u2605 6\u2663 to release it. In this "
          "game a released joker must go into a meld with two cards from your hand: make "
          "2\u2665 3\u2665 and the joker a new run. Then press End turn.")),
         "machiavelli-jokers", "4C JK=5C 6C", "5C 2H 3H KD", ("5C", "2H", "3H"),
         (Pointer("5C", "4C", "JK"), Pointer("JK", NEW_MELD), Pointer("2H", NEW_MELD),
          Pointer("3H", NEW_MELD)), release=True,
         done_words=N_("Joker released and used again.")),
    Step(N_("What makes a turn illegal"),
         (N_("At the end of a turn every meld on the table must be valid, and you must have "
          "played at least one card from your hand."),
          N_("Drag 9\u2665 alone to the empty felt and press End turn: the game refuses and "
          "says why. Then add 9\u2666 and 9\u2663 to it and press End turn again.")),
         "machiavelli", "JS QS KS", "9H 9D 9C 5S", ("9H", "9D", "9C"),
         (Pointer("9H", NEW_MELD), Pointer("9D", NEW_MELD), Pointer("9C", NEW_MELD)),
         refusal_first=True,
         done_words=N_("That is the whole rule book of the table. Have a good game!")),
)


@dataclass
class TutorialProgress:
    """Where the player is in the tutorial: the step, and whether an illegal End was
    refused during it."""

    index: int = 0
    refused: bool = False
    done: list[int] = field(default_factory=list)

    @property
    def step(self) -> Step:
        return STEPS[self.index]

    @property
    def finished(self) -> bool:
        return len(self.done) == len(STEPS)

    def advance(self) -> bool:
        """Mark this step done and go to the next; False after the last."""
        if self.index not in self.done:
            self.done.append(self.index)
        self.refused = False
        if self.index + 1 >= len(STEPS):
            return False
        self.index += 1
        return True
