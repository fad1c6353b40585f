"""`machiavelli check`: is a table valid under a variant, or is a whole turn legal?

With ``--before`` (the table at the start of the turn) and ``--hand``, ``--table`` is the
table at the end of the turn and the turn is judged by game.engine.turn.check_turn, as the
game judges it. The notation does not tell apart two copies of a card, nor says which
joker is which: the turn is legal when some reading of the written cards as physical cards
makes it legal, and otherwise the problems of the likeliest reading are listed (each
written card read as a card of the start table before one of the hand, preferring the
copy whose start meld has most in common with its end meld, and a joker as the start
joker declared the same).
"""

from __future__ import annotations

import argparse
import itertools
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from game.commands.common import (
    add_variant_arguments,
    check_deck,
    parse_table_and_hand,
    variant_from_args,
)
from game.engine.cards import (
    SUITS,
    Card,
    CardMinter,
    Face,
    format_cards,
    joker,
    parse_token,
)
from game.engine.errors import NotationError, OptionError, Problem
from game.engine.melds import check_meld
from game.engine.table import Table
from game.engine.turn import check_turn
from game.engine.variants import JokerIdentity, Variant
from game.i18n import _, ngettext

ALL_FACES = tuple(Face(rank, suit) for suit in SUITS for rank in range(1, 14))
READINGS = 1000  # readings of the written end table tried before the likeliest is reported


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "check", help=_("check that every meld of a table is valid, or that a turn is legal"),
        description=_("Check a table, or with --before a whole turn: exit 0 valid (legal), "
                      "1 invalid (illegal, every problem listed), 2 unusable input."))
    add_variant_arguments(parser)
    parser.add_argument("--table", required=True, metavar="MELDS",
                        help=_('melds separated by |, e.g. "3H 4H 5H | 7C 7D 7S"; with '
                               "--before, the table at the end of the turn"))
    parser.add_argument("--before", metavar="MELDS",
                        help=_("the table at the start of the turn (may be empty): judge "
                               "the whole turn"))
    parser.add_argument("--hand", metavar="CARDS",
                        help=_("with --before: the hand at the start of the turn"))
    parser.add_argument("--free", metavar="CARDS",
                        help=_("with --before: free single cards on the start table "
                               "(Tahiti); those not in the end table's melds stay free"))
    parser.add_argument("--first-play", action="store_true",
                        help=_("with --before: the player has not made a first play yet, "
                               "so the variant's first-play rule applies"))
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    variant = variant_from_args(args)
    if args.before is None:
        if args.hand is not None or args.free is not None or args.first_play:
            raise OptionError(_("--hand, --free and --first-play judge a turn: give the "
                                "table at its start with --before"))
        return _check_table(variant, args.table)
    return _check_turn(variant, args.before, args.hand or "", args.free or "", args.table,
                       opened=not args.first_play)


# --- a table -------------------------------------------------------------------------------


def _check_table(variant: Variant, text: str) -> int:
    table = Table.parse(text)
    check_deck(variant, table.cards(), _("the table"))
    problems = []
    for index, meld in enumerate(table.melds, start=1):
        verdict = check_meld(meld, variant, table.declared)
        if not verdict.ok:
            problems.append(_("meld {n} ({cards}): {reason}").format(
                n=index, cards=format_cards(meld, dict(table.declared)),
                reason=verdict.reason + joker_note(meld, variant, table.declared)))
    if not problems:
        print(_("valid"))
        return 0
    print(_("invalid:"))
    for problem in problems:
        print(f"  {problem}")
    return 1


def joker_note(meld: Sequence[Card], variant: Variant, declared: Mapping[Card, Face]) -> str:
    """For an invalid meld holding jokers: why the jokers cannot be placed, naming them
    ("" when the meld has no joker or the jokers are not what is wrong)."""
    jokers = [c for c in meld if c.is_joker]
    if not jokers or len(meld) < 3 or all(c.is_joker for c in meld):
        return ""
    fixed = variant.joker_identity is JokerIdentity.FIXED
    wild = [c for c in jokers if not (fixed and c in declared)]
    if wild:
        if _fits(meld, variant, declared, wild):
            return ""
        return ngettext("; no card the joker ({jokers}) could stand for makes this meld valid",
                        "; no card the jokers ({jokers}) could stand for makes this meld valid",
                        len(wild)).format(jokers=" ".join("JK" for _joker in wild))
    # every joker declared under fixed identity: would another declaration do?
    for card in jokers:
        fits = _faces_for(meld, variant, declared, card)
        if fits:
            return _("; the joker JK={card} does not fit here (it could stand for "
                     "{cards})").format(card=declared[card],
                                        cards=_(" or ").join(str(f) for f in fits))
    return ""


def _fits(meld: Sequence[Card], variant: Variant, declared: Mapping[Card, Face],
          wild: Sequence[Card]) -> bool:
    """Whether some declaration of the ``wild`` jokers makes the meld valid (the check
    itself finds cards for undeclared jokers)."""
    undeclared = {c: f for c, f in declared.items() if c not in wild}
    return check_meld(meld, variant, undeclared).ok


def _faces_for(meld: Sequence[Card], variant: Variant, declared: Mapping[Card, Face],
               joker: Card) -> list[Face]:
    """Every card ``joker`` may be declared in ``meld`` (fixed identity)."""
    return [face for face in ALL_FACES
            if check_meld(meld, variant, {**declared, joker: face}).ok]


# --- a whole turn --------------------------------------------------------------------------


@dataclass(frozen=True)
class _Written:
    """One card of the written end table: where it is and what it says."""

    meld: int
    face: Face | None  # None: a joker
    declared: Face | None


def _check_turn(variant: Variant, before: str, hand_text: str, free_text: str, end_text: str,
                opened: bool) -> int:
    if variant.is_contract:
        raise OptionError(_("{game} is a contract game: its table is never rearranged, so "
                            "there is no turn to check (check a table without "
                            "--before)").format(game=_(variant.name)))
    start, hand = parse_table_and_hand(variant, before, hand_text, free_text,
                                       _("the table before the turn and the hand"))
    start = _settled_start(variant, start)
    written = _parse_written(end_text)
    check_deck(variant, [joker() if w.face is None else Card(w.face.rank, w.face.suit)
                         for w in written], _("the table"))
    first = None
    for end in itertools.islice(_readings(variant, start, hand, written), READINGS):
        verdict = check_turn(variant, start, hand, end, opened)
        if verdict.ok:
            print(_("legal"))
            return 0
        if first is None:
            first = (end, verdict.problems)
    assert first is not None  # there is always at least one reading
    end, problems = first
    print(_("illegal:"))
    for problem in problems:
        print(f"  {_problem_words(problem, variant, end)}")
    return 1


def _problem_words(problem: Problem, variant: Variant, end: Table) -> str:
    if problem.meld is None or not 0 <= problem.meld < len(end.melds):
        return problem.message
    meld = end.melds[problem.meld]
    note = joker_note(meld, variant, end.declared) if problem.rule == "meld" else ""
    return _("meld {n} ({cards}): {reason}").format(
        n=problem.meld + 1, cards=format_cards(meld, dict(end.declared)),
        reason=problem.message + note)


def _settled_start(variant: Variant, start: Table) -> Table:
    """The start table checked: every meld valid, and under fixed identity every joker's
    card known (declared, or the only card it can stand for there)."""
    problems = []
    declared = dict(start.declared)
    for index, meld in enumerate(start.melds, start=1):
        written = format_cards(meld, dict(start.declared))
        verdict = check_meld(meld, variant, start.declared)
        if not verdict.ok:
            problems.append(_("meld {n} ({cards}): {reason}").format(
                n=index, cards=written,
                reason=verdict.reason + joker_note(meld, variant, start.declared)))
            continue
        if variant.joker_identity is not JokerIdentity.FIXED:
            continue
        for card in (c for c in meld if c.is_joker and c not in start.declared):
            faces = _faces_for(meld, variant, declared, card)
            if len(faces) == 1:
                declared[card] = faces[0]
            else:
                problems.append(_(
                    "meld {n} ({cards}): the joker JK could stand for {faces}: write the card "
                    "it stands for, e.g. JK={last}").format(
                        n=index, cards=written, faces=_(" or ").join(str(f) for f in faces),
                        last=faces[-1]))
    if problems:
        raise NotationError(_("the table before the turn is not one the game can reach: "
                              "{problems}").format(problems="; ".join(problems)))
    return Table.of(start.melds, start.free, declared)


def _parse_written(text: str) -> list[_Written]:
    written: list[_Written] = []
    if not text.strip():
        return written
    for index, part in enumerate(text.split("|")):
        tokens = part.replace(",", " ").split()
        if not tokens:
            raise NotationError(_("meld {n} is empty (two '|' with nothing "
                                  "between)").format(n=index + 1))
        for token in tokens:
            parsed = parse_token(token)
            written.append(_Written(index, parsed.face, parsed.declared))
    return written


_INHERIT = object()  # a written JK keeps the declaration of the start joker it is read as


def _readings(variant: Variant, start: Table, hand: Sequence[Card],
              written: list[_Written]) -> Iterator[Table]:
    """End tables the written cards may mean, the likeliest first."""
    start_meld = {card: index for index, meld in enumerate(start.melds) for card in meld}
    start_faces = [{c.face for c in meld if not c.is_joker} for meld in start.melds]
    end_faces: dict[int, set[Face]] = {}
    for w in written:
        if w.face is not None:
            end_faces.setdefault(w.meld, set()).add(w.face)
    pools: dict[Face | None, list[Card]] = {}
    for card in [*start.cards(), *hand]:
        pools.setdefault(None if card.is_joker else card.face, []).append(card)
    groups: dict[Face | None, list[int]] = {}
    for position, w in enumerate(written):
        groups.setdefault(w.face, []).append(position)
    spare = CardMinter()
    spare.reserve([*start.cards(), *hand])
    hand_set = set(hand)

    def score(position: int, card: Card) -> int:
        w = written[position]
        if card in start_meld:
            value = 100 + 10 * len(start_faces[start_meld[card]] & end_faces.get(w.meld, set()))
            if card.is_joker and w.declared is not None and \
                    start.declared.get(card) == w.declared:
                value += 1000
            return value
        return 50 if card not in hand_set else 0

    choices: list[list[list[tuple[int, Card]]]] = []
    for face, positions in groups.items():
        pool = pools.get(face, [])
        take = min(len(positions), len(pool))
        options: dict[tuple[Any, ...], list[tuple[int, Card]]] = {}
        for picked in itertools.permutations(pool, take):
            pairs = list(zip(positions, picked, strict=False))
            # hand copies of one face are interchangeable: keep one reading of them
            key = tuple((p, c if c not in hand_set else "hand") for p, c in pairs)
            options.setdefault(key, pairs)
        ranked = sorted(options.values(), key=lambda pairs: -sum(score(p, c) for p, c in pairs))
        extra = [(p, spare.mint(face)) for p in positions[take:]]  # not from the hand
        choices.append([pairs + extra for pairs in ranked])

    for reading in itertools.product(*choices):
        cards: dict[int, Card] = dict(pair for group in reading for pair in group)
        yield from _declarations(variant, start, written, cards)


def _declarations(variant: Variant, start: Table, written: list[_Written],
                  cards: dict[int, Card]) -> Iterator[Table]:
    """The end tables for one reading of the cards: under fixed identity a written JK may
    keep its start declaration or stand for any card that fits its meld."""
    melds: list[list[Card]] = []
    for position, w in enumerate(written):
        while len(melds) <= w.meld:
            melds.append([])
        melds[w.meld].append(cards[position])
    used = set(cards.values())
    free = [c for c in start.free if c not in used]
    declared = {cards[p]: w.declared for p, w in enumerate(written) if w.declared is not None}
    open_jokers = [p for p, w in enumerate(written) if w.face is None and w.declared is None]
    if variant.joker_identity is not JokerIdentity.FIXED or not open_jokers:
        yield Table.of(melds, free, declared)
        return
    per_joker: list[list[object]] = []
    for position in open_jokers:
        card = cards[position]
        meld = melds[written[position].meld]
        options: list[object] = [_INHERIT] if card in start.declared else []
        options.append(None)
        options += [f for f in _faces_for(meld, variant, declared, card)
                    if f != start.declared.get(card)]
        per_joker.append(options)
    for combo in itertools.product(*per_joker):
        chosen = dict(declared)
        for position, option in zip(open_jokers, combo, strict=True):
            card = cards[position]
            if option is _INHERIT:
                chosen[card] = start.declared[card]
            elif isinstance(option, Face):
                chosen[card] = option
        yield Table.of(melds, free, chosen)
