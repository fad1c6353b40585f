"""Is a group of cards a valid meld under a variant, and which card does each joker play?

Jokers with a declared card (fixed identity) count as that card. Undeclared
jokers, and every joker under free identity, are wild: the check finds cards
for them, filling gaps inside a run first, then extending it upwards. A meld
whose one known card leaves both readings open is tried as a set, then as a run.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from game.engine.cards import SUITS, Card, Face
from game.engine.variants import AceMode, JokerIdentity, Variant
from game.i18n import _, ngettext

_SET_MAX = len(SUITS)  # a set holds each suit once (where suits may not repeat)


@dataclass(frozen=True)
class MeldCheck:
    """The verdict on one meld. When ``ok``, ``faces`` gives the card each card plays
    (jokers included, in the order given) and ``ordered`` the cards in display order."""

    ok: bool
    kind: str | None = None  # "set" or "run"
    reason: str = ""
    faces: tuple[Face, ...] = ()
    ordered: tuple[Card, ...] = ()

    @property
    def joker_faces(self) -> dict[Card, Face]:
        """The card each joker plays."""
        return {card: face for card, face in zip(self.ordered, self.faces, strict=True)
                if card.is_joker}


def _fail(reason: str) -> MeldCheck:
    return MeldCheck(ok=False, reason=reason)


def rank_positions(ace: str) -> tuple[int, ...]:
    """Positions a rank sequence may use: ace as 1 (low) and/or 14 (high)."""
    return {"low": (1,), "high": (14,), "either": (1, 14), "around": (1,)}[ace]


def run_windows(ace: AceMode, length: int) -> tuple[tuple[int, ...], ...]:
    """Every run of ``length`` cards the ace rule allows, as its ranks in order (an ace is
    1 wherever it stands: 12 13 1 is Q-K-A), lowest first rank first, each once. The one
    enumeration of the ace rule's windows: the opening rule's search, the contract game's
    and the solver's shapes all take theirs from here."""
    ace = AceMode(ace)
    if not 1 <= length <= 13:
        return ()
    if ace is AceMode.AROUND:
        return tuple(tuple((s + i - 1) % 13 + 1 for i in range(length)) for s in range(1, 14))
    first = 1 if ace in (AceMode.LOW, AceMode.EITHER) else 2  # an ace before the two
    last = 15 - length if ace in (AceMode.HIGH, AceMode.EITHER) else 14 - length  # after K
    return tuple(tuple((v - 1) % 13 + 1 for v in range(s, s + length))
                 for s in range(first, last + 1))


def check_meld(
    cards: Sequence[Card],
    variant: Variant,
    declared: Mapping[Card, Face] | None = None,
    kind: str | None = None,
    run_min: int | None = None,
) -> MeldCheck:
    """Check ``cards`` as one meld. ``declared`` holds fixed jokers' declared cards.

    ``kind`` ("set" or "run") asks for that kind only, and ``run_min`` for a longer
    shortest run: a contract needs both, since wild jokers can make a meld either kind."""
    declared = declared or {}
    cards = tuple(cards)
    if len(cards) < 3:
        return _fail(ngettext("only {n} card: a meld needs at least 3",
                              "only {n} cards: a meld needs at least 3",
                              len(cards)).format(n=len(cards)))
    jokers = [c for c in cards if c.is_joker]
    limit = variant.jokers_per_meld
    if limit and len(jokers) > limit:
        return _fail(ngettext("{jokers} jokers: at most {n} joker in one meld",
                              "{jokers} jokers: at most {n} jokers in one meld",
                              limit).format(jokers=len(jokers), n=limit))
    naturals = [c for c in cards if not c.is_joker]
    if not naturals:
        return _fail(_("a meld needs at least one real card"))
    fixed: dict[Card, Face] = {}
    wild: list[Card] = []
    for card in jokers:
        if variant.joker_identity is JokerIdentity.FIXED and card in declared:
            fixed[card] = declared[card]
        else:
            wild.append(card)
    known = {c: c.face for c in naturals} | fixed
    ranks = {f.rank for f in known.values()}
    suits = {f.suit for f in known.values()}
    if kind is None and len(ranks) == 1 and len(suits) == 1:
        # one card known (with wild jokers): a set of its rank or a run of its suit, e.g.
        # 7H JK JK JK JK is no set (five cards) but the run 7H..JH. The set comes first;
        # when neither reading holds, the reason given is the one the size points to.
        as_set = _check_set(cards, known, wild, variant)
        if as_set.ok:
            return as_set
        as_run = _check_run(cards, known, wild, variant, run_min or variant.run_min)
        return as_run if as_run.ok or len(cards) > _SET_MAX else as_set
    if kind == "set" or (kind is None and len(ranks) == 1):
        if len(ranks) > 1:
            return _fail(_("a set's cards are all of one rank"))
        return _check_set(cards, known, wild, variant)
    if kind == "run" or (kind is None and len(suits) == 1):
        if len(suits) > 1:
            return _fail(_("a run's cards are all of one suit"))
        return _check_run(cards, known, wild, variant, run_min or variant.run_min)
    return _fail(_("neither a set (cards of one rank) nor a run (cards of one suit): "
                   "{cards}").format(cards=" ".join(str(f) for f in known.values())))


def _check_set(cards: tuple[Card, ...], known: dict[Card, Face], wild: list[Card],
               variant: Variant) -> MeldCheck:
    rank = next(iter(known.values())).rank
    if variant.set_same_suit_allowed:
        assigned = dict(known)
        for card in wild:
            assigned[card] = Face(rank, SUITS[0])
    else:
        if len(cards) > _SET_MAX:
            return _fail(_("{n} cards: a set has at most 4 (one of each suit)").format(
                n=len(cards)))
        seen: dict[str, Face] = {}
        for face in known.values():
            if face.suit in seen:
                return _fail(_("the suit of {card} appears twice: a set's suits must all "
                               "differ").format(card=face))
            seen[face.suit] = face
        missing = [s for s in SUITS if s not in seen]
        assigned = dict(known)
        for card, suit in zip(wild, missing, strict=False):
            assigned[card] = Face(rank, suit)
    ordered = tuple(sorted(cards, key=lambda c: (SUITS.index(assigned[c].suit), c.is_joker)))
    return MeldCheck(ok=True, kind="set", faces=tuple(assigned[c] for c in ordered),
                     ordered=ordered)


def _run_window(values: list[int], length: int, low: int, high: int) -> int | None:
    """Lowest start of ``length`` consecutive positions in [low, high] covering ``values``,
    preferring to start at the lowest value (so jokers extend the run upwards)."""
    lo, hi = min(values), max(values)
    if hi - lo + 1 > length:
        return None
    start = min(lo, high - length + 1)
    if start < low:
        return None
    return start


def _check_run(cards: tuple[Card, ...], known: dict[Card, Face], wild: list[Card],
               variant: Variant, run_min: int) -> MeldCheck:
    suit = next(iter(known.values())).suit
    length = len(cards)
    if length < run_min:
        return _fail(_("a run needs at least {n} cards").format(n=run_min))
    if length > 13:
        return _fail(_("{n} cards: a run has at most 13").format(n=length))
    ranks = [f.rank for f in known.values()]
    if len(set(ranks)) != len(ranks):
        dup = next(r for r in ranks if ranks.count(r) > 1)
        return _fail(_("{card} appears twice: a run cannot repeat a rank").format(
            card=Face(dup, suit)))
    by_rank = {f.rank: c for c, f in known.items()}
    positions = run_span(ranks, length, variant.ace)
    if positions is not None:
        return _assign_run(positions, by_rank, wild, suit, known)
    if variant.ace is AceMode.AROUND:
        return _fail(_("{cards} are not in sequence").format(cards=_ranks_text(ranks, suit)))
    return _fail(_run_reason(ranks, suit, variant))


def run_span(ranks: Sequence[int], length: int, ace: AceMode) -> list[int] | None:
    """The ranks, in order, of the run of ``length`` cards that holds ``ranks`` (distinct,
    ace = 1) with wild jokers on the rest, as ``check_meld`` reads it: the lowest window
    the ace rule allows (jokers fill the gaps, then extend the run upwards); None if no
    window holds them all."""
    if ace is AceMode.AROUND:
        start = _cyclic_window(list(ranks), length)
        if start is None:
            return None
        return [(start + i - 1) % 13 + 1 for i in range(length)]
    for ace_value in rank_positions(ace):
        values = [ace_value if r == 1 else r for r in ranks]
        low, high = (1, 13) if ace_value == 1 else (2, 14)
        start = _run_window(values, length, low, high)
        if start is not None:
            return [(v - 1) % 13 + 1 for v in range(start, start + length)]
    return None


def _cyclic_window(ranks: list[int], length: int) -> int | None:
    for start in sorted(ranks):
        covered = {(start + i - 1) % 13 + 1 for i in range(length)}
        if set(ranks) <= covered:
            return start
    return None


def _assign_run(positions: list[int], by_rank: dict[int, Card], wild: list[Card],
                suit: str, known: dict[Card, Face]) -> MeldCheck:
    spare = iter(wild)
    ordered: list[Card] = []
    faces: list[Face] = []
    for rank in positions:
        card = by_rank.get(rank) or next(spare)
        ordered.append(card)
        faces.append(known.get(card, Face(rank, suit)))
    return MeldCheck(ok=True, kind="run", faces=tuple(faces), ordered=tuple(ordered))


def _ranks_text(ranks: list[int], suit: str) -> str:
    return " ".join(str(Face(r, suit)) for r in sorted(ranks))


def _run_reason(ranks: list[int], suit: str, variant: Variant) -> str:
    text = _ranks_text(ranks, suit)
    if 1 in ranks:
        has_high = any(r >= 12 for r in ranks)
        has_low = any(r <= 3 for r in ranks if r != 1)
        if variant.ace is AceMode.LOW and has_high:
            return _("{cards}: aces are low only in this game (A-2-3, not Q-K-A)").format(
                cards=text)
        if variant.ace is AceMode.HIGH and has_low:
            return _("{cards}: aces are high only in this game (Q-K-A, not A-2-3)").format(
                cards=text)
        if variant.ace is AceMode.EITHER and has_high and has_low:
            return _("{cards}: an ace may end a run but not sit inside it (K-A-2 is not a "
                     "run)").format(cards=text)
    return _("{cards} are not in sequence").format(cards=text)


def meld_faces(cards: Sequence[Card], variant: Variant,
               declared: Mapping[Card, Face] | None = None) -> dict[Card, Face] | None:
    """The card each joker in a valid meld plays, or None if the meld is not valid."""
    result = check_meld(cards, variant, declared)
    return result.joker_faces if result.ok else None
