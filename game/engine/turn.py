"""Checking a whole turn: the start-of-turn table and hand against the proposed end table.

Every rule of the variant is checked and every problem reported, each naming
the meld (an index into the end table) and the rule. Whether a fixed joker was
released is read from the two tables: a joker whose declared card changed, or that
left a meld it may not leave unreleased (a frozen meld broken up, or its mates where
jokers never move), must have had a real copy of its old card put in its place (see
``_joker_rules``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from game.engine.cards import Card, Face
from game.engine.errors import Problem
from game.engine.melds import MeldCheck, check_meld
from game.engine.opening import opening_problem
from game.engine.table import Table
from game.engine.variants import JokerIdentity, JokerMoves, ReleaseFrom, Variant
from game.i18n import _


@dataclass(frozen=True)
class TurnCheck:
    problems: tuple[Problem, ...]
    played: tuple[Card, ...] = ()  # hand cards now on the table
    used_free: tuple[Card, ...] = ()  # free cards now in melds
    released: tuple[Card, ...] = ()  # jokers released this turn
    table: Table | None = None  # the end table in display order, jokers declared

    @property
    def ok(self) -> bool:
        return not self.problems


def check_turn(
    variant: Variant,
    start: Table,
    hand: Sequence[Card],
    end: Table,
    opened: bool = True,
) -> TurnCheck:
    """Check a proposed end of turn. ``opened``: the player has met the initial-meld rule."""
    problems: list[Problem] = []
    problems += _conservation(start, hand, end)
    if problems:
        return TurnCheck(tuple(problems))

    hand_set = set(hand)
    played = tuple(c for c in end.cards() if c in hand_set)
    end_free = set(end.free)
    used_free = tuple(c for c in start.free if c not in end_free)
    if not played and not used_free:
        problems.append(Problem("must_add", _(
            "a play must add at least a card from your hand or a free card to the table")
            if start.free else _("a play must add at least a card from your hand to the table")))

    checks = tuple(check_meld(meld, variant, end.declared) for meld in end.melds)
    for index, result in enumerate(checks):
        if not result.ok:
            problems.append(Problem("meld", result.reason, index))

    faces: dict[Card, Face] = {}
    for result in checks:
        if result.ok:
            faces.update(result.joker_faces)
    released: list[Card] = []
    if variant.joker_identity is JokerIdentity.FIXED:
        # jokers in valid melds are judged even when another meld is broken, so every
        # problem is reported at once; a joker in a broken meld has no card to judge
        valid = {index for index, result in enumerate(checks) if result.ok}
        released, joker_problems = _joker_rules(variant, start, end, faces, set(played),
                                                valid)
        problems += joker_problems
    if variant.joker_freezes_meld:
        problems += _frozen_melds(start, end, set(released))
    if not opened and played:
        problems += _initial_meld(variant, end, checks, set(played))
    if problems:
        return TurnCheck(tuple(problems), played, used_free, tuple(released))

    # Every joker is recorded with the card it plays: binding under fixed identity,
    # shown for display under free identity.
    ordered = tuple(result.ordered for result in checks)
    table = Table(ordered, tuple(c for c in start.free if c in end_free), faces)
    return TurnCheck((), played, used_free, tuple(released), table)


def _conservation(start: Table, hand: Sequence[Card], end: Table) -> list[Problem]:
    problems: list[Problem] = []
    counts = Counter(end.cards())
    for card, n in counts.items():
        if n > 1:
            problems.append(Problem("conservation", _("{card} is on the table {n} times").format(
                card=card, n=n)))
    end_set = set(counts)
    for card in start.cards():
        if card not in end_set:
            problems.append(Problem(
                "conservation",
                _("{card} was on the table and must stay there (table cards never go back "
                  "to a hand)").format(card=card)))
    allowed = set(start.cards()) | set(hand)
    for card in end_set - allowed:
        problems.append(Problem("conservation", _("{card} is not in your hand").format(card=card)))
    start_free = set(start.free)
    for card in end.free:
        if card not in start_free:
            problems.append(Problem(
                "free", _("{card} cannot lie alone on the table: only the dealt free cards "
                          "may").format(card=card)))
    return problems


def _meld_index(table: Table) -> dict[Card, int]:
    return {card: index for index, meld in enumerate(table.melds) for card in meld}


def _joker_rules(
    variant: Variant, start: Table, end: Table, faces: dict[Card, Face], played: set[Card],
    valid: set[int],
) -> tuple[list[Card], list[Problem]]:
    """Fixed-identity jokers: which were released, and what breaks the rules.

    RULES.md 2 (``joker_release_from``): a joker is released when a real copy of its card
    takes its place; after that the table may be regrouped freely. A turn is legal when
    some order of legal steps reaches its end table, so a joker that changed its card (or
    left its meld where jokers never move unreleased, or whose frozen meld was broken up)
    needs a real copy of its old card on the end table, from the hand where the variant
    says so, each copy releasing one joker. A release counts whether or not the joker then
    plays another card. Where the real card ends up does not matter: it could have taken
    the joker's place first and moved on afterwards."""
    problems: list[Problem] = []
    start_meld = _meld_index(start)
    end_meld = _meld_index(end)
    broken = _broken_melds(start, end_meld) if variant.joker_freezes_meld else set()
    needs_release: dict[Card, list[Card]] = {}  # joker -> real cards that could release it
    moved: set[Card] = set()  # jokers that left their meld where jokers never move
    thawing: set[Card] = set()  # jokers whose frozen meld was broken up, card unchanged
    for joker, old_face in start.declared.items():
        if joker not in end_meld or joker not in start_meld:
            continue
        where = end_meld[joker]
        if where not in valid:
            continue
        if faces.get(joker) == old_face:
            # a joker keeping its card needs a release only to leave a meld it may not
            # leave unreleased: a frozen meld broken up (Tahiti: "replace the joker by the
            # real card and then use the joker in another combination", whatever card it
            # then plays), or its mates where jokers never move
            mates = {c for c in start.melds[start_meld[joker]] if c != joker}
            if start_meld[joker] in broken:
                thawing.add(joker)
            elif variant.joker_moves is not JokerMoves.NEVER or mates & set(end.melds[where]):
                continue
            else:
                moved.add(joker)
        needs_release[joker] = _releasers(end, old_face, played, variant)
    # Each real card releases one joker: match them as a whole, so the order the melds are
    # listed in never decides whether a play is legal.
    matched = _match_releasers(needs_release)
    released: list[Card] = []
    for joker in needs_release:
        where = end_meld[joker]
        old_face = start.declared[joker]
        if joker not in matched:
            from_hand_only = variant.joker_release_from is ReleaseFrom.HAND
            if joker in thawing:
                continue  # its meld is still frozen: ``_frozen_melds`` says so
            if joker in moved:
                text = (_("the joker standing for {face} moved to another meld: in this game "
                          "a joker moves only after a real {face} from your hand releases it")
                        if from_hand_only else
                        _("the joker standing for {face} moved to another meld: in this game "
                          "a joker moves only after a real {face} releases it"))
                problems.append(Problem("joker_moves", text.format(face=old_face), where))
            else:
                text = (_("the joker stands for {face} and keeps that card until a real "
                          "{face} from your hand takes its place") if from_hand_only else
                        _("the joker stands for {face} and keeps that card until a real "
                          "{face} takes its place"))
                problems.append(Problem("joker_identity", text.format(face=old_face), where))
            continue
        released.append(joker)
        if variant.released_joker_needs_two_from_hand:
            from_hand = sum(1 for c in end.melds[where] if c in played)
            if from_hand < 2:
                problems.append(Problem(
                    "released_joker",
                    _("a released joker needs at least two cards from your hand in its new "
                      "meld ({n} here)").format(n=from_hand), where))
    return released, problems


def _releasers(end: Table, old_face: Face, played: set[Card], variant: Variant) -> list[Card]:
    """Real cards of the joker's old face on the end table that could have taken its place:
    any of them, or only those from the hand when the variant says so."""
    return [card for card in end.cards()
            if not card.is_joker and card.face == old_face
            and (variant.joker_release_from is not ReleaseFrom.HAND or card in played)]


def _match_releasers(options: dict[Card, list[Card]]) -> dict[Card, Card]:
    """A largest matching of jokers to distinct releasing cards (augmenting paths; there
    are at most a few jokers)."""
    owner: dict[Card, Card] = {}  # releasing card -> joker

    def assign(joker: Card, seen: set[Card]) -> bool:
        for card in options[joker]:
            if card in seen:
                continue
            seen.add(card)
            if card not in owner or assign(owner[card], seen):
                owner[card] = joker
                return True
        return False

    for joker in options:
        assign(joker, set())
    return {joker: card for card, joker in owner.items()}


def freezing_jokers(variant: Variant, start: Table) -> frozenset[Card]:
    """The jokers that freeze their melds this turn (under ``joker_freezes_meld``): every
    joker in a meld at the turn's start, until the real card releases it."""
    if not variant.joker_freezes_meld:
        return frozenset()
    return frozenset(c for meld in start.melds for c in meld if c.is_joker)


def _broken_melds(start: Table, end_meld: dict[Card, int]) -> set[int]:
    """The start melds whose cards do not all end in one meld (a meld that only gained
    cards is not broken up)."""
    return {index for index, meld in enumerate(start.melds)
            if len({end_meld.get(c) for c in meld}) != 1}


def _frozen_melds(start: Table, end: Table, released: set[Card]) -> list[Problem]:
    """Tahiti: a meld holding a joker is broken up only once each of its jokers is released
    (whether or not the joker then plays another card)."""
    problems: list[Problem] = []
    end_meld = _meld_index(end)
    broken = _broken_melds(start, end_meld)
    for index, meld in enumerate(start.melds):
        jokers = [c for c in meld if c.is_joker and c not in released]
        if not jokers:
            continue
        if index in broken:
            face = start.declared.get(jokers[0])
            label = f"JK={face}" if face else _("a joker")
            problems.append(Problem(
                "frozen_meld",
                _("the meld holding {joker} cannot be rearranged until that joker is released "
                  "by the real card from your hand").format(joker=label),
                end_meld.get(jokers[0])))
    return problems


def _initial_meld(variant: Variant, end: Table, checks: Sequence[MeldCheck],
                  played: set[Card]) -> list[Problem]:
    valid = [(meld, r) for meld, r in zip(end.melds, checks, strict=True) if r.ok]
    # the hand cards in the order the end table lists them, so the answer never depends on
    # the order of a set
    reason = opening_problem(variant, [c for c in end.cards() if c in played], valid)
    return [] if reason is None else [Problem("initial_meld", reason)]
