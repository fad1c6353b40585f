"""Shanghai Rummy's contracts, lay-down and lay-off checks, and card values (RULES.md 8)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import combinations, permutations
from typing import Any

from game.engine.cards import JOKER_SUIT, RANK_TEXT, SUITS, Card, Face, parse_face
from game.engine.contract.params import (
    SET_SIZE,
    SHANGHAI_RUMMY_RULES,
    Contract,
    ContractRules,
)
from game.engine.errors import NotationError, OptionError
from game.engine.melds import MeldCheck, check_meld, run_windows
from game.engine.variants import ACE_WORDS, AceMode, Variant, rules_heading
from game.i18n import N_, _, ngettext

# A joker in a set (where suits may repeat) stands for its rank in any suit: recorded as
# the face (rank, ANY_SUIT), written ``7*`` in saves and "any 7" to players.
ANY_SUIT = JOKER_SUIT

# Shanghai Rummy's contracts and values, for the callers that show or weigh them without a
# variant at hand (the computer players' heuristics, the scoreboard); rule code reads the
# variant's (``rules_of``).
CONTRACTS = SHANGHAI_RUMMY_RULES.contracts
ONE_TURN_BONUS = SHANGHAI_RUMMY_RULES.one_turn_bonus
ONE_TURN_NATURAL_BONUS = SHANGHAI_RUMMY_RULES.one_turn_natural_bonus


def rules_of(variant: Variant) -> ContractRules:
    """The contract game's parameters of ``variant``; OptionError when it has none."""
    if variant.contract is None:
        raise OptionError(f"{variant.name} has no contract-game rules")
    return variant.contract


def deal_problem(variant: Variant, players: int) -> str | None:
    """Why ``players`` seats cannot be dealt this variant's hands, or None. The deck for
    that many seats (``deck_for``) must hold every hand, the first discard and at least
    the rules' ``min_stock`` cards of stock."""
    min_stock = rules_of(variant).min_stock
    packs, jokers = variant.deck_for(players)
    deck = packs * 52 + jokers
    need = players * variant.hand_size + 1 + min_stock
    if need <= deck:
        return None
    return _("too few cards: {players} players with {cards} cards each need {need} (the "
             "hands, a first discard and at least {stock} in the stock), but the deck for "
             "{players} players has {deck} ({packs} and {jokers}); deal fewer cards, seat "
             "fewer players or use more packs").format(
                 players=players, cards=variant.hand_size, need=need, stock=min_stock,
                 deck=deck, packs=ngettext("{n} pack", "{n} packs", packs).format(n=packs),
                 jokers=ngettext("{n} joker", "{n} jokers", jokers).format(n=jokers))


def card_value(card: Card) -> int:
    """Penalty of a card left in hand in Shanghai Rummy (house values); rule code asks the
    variant's rules (``ContractRules.card_value``)."""
    return SHANGHAI_RUMMY_RULES.card_value(card)


@dataclass(frozen=True)
class LayDownCheck:
    ok: bool
    problems: tuple[str, ...] = ()
    checks: tuple[MeldCheck, ...] = ()  # per meld, in the order given, when ok
    kinds: tuple[str, ...] = ()


def any_suit(rank: int) -> Face:
    """The face a set's joker stands for: ``rank`` in any suit."""
    return Face(rank, ANY_SUIT)


def is_any_suit(face: Face | None) -> bool:
    return face is not None and face.suit == ANY_SUIT


def stands_for(face: Face | None, card: Card) -> bool:
    """May the real ``card`` take the place of a joker standing for ``face``?"""
    if face is None or card.is_joker:
        return False
    return face.rank == card.rank if is_any_suit(face) else face == card.face


def face_text(face: Face) -> str:
    """A joker's face in words: ``7H``, or ``any 7`` for a set's joker."""
    if is_any_suit(face):
        return f"any {RANK_TEXT.get(face.rank, str(face.rank))}"
    return str(face)


def face_notation(face: Face) -> str:
    """A joker's face in saves and logs: ``7H``, or ``7*`` for a set's joker."""
    return str(face)


def parse_face_notation(text: str) -> Face:
    """Read ``face_notation``: a card face like ``10H``, or ``7*`` (a 7 of any suit)."""
    if not isinstance(text, str):
        raise NotationError(f"'{text}' is not a card face")
    token = text.strip().upper()
    if token.endswith(ANY_SUIT):
        try:
            return any_suit(parse_face(token[:-1] + SUITS[0]).rank)
        except NotationError:
            raise NotationError(f"'{text}' is not a rank of any suit, like 7*") from None
    return parse_face(token)


def check_meld_as(variant: Variant, cards: Sequence[Card], kind: str, run_length: int,
                  declared: Mapping[Card, Face]) -> MeldCheck:
    """Check ``cards`` as a meld of ``kind``. Where sets may repeat suits, a set's jokers
    stand for its rank in any suit: the faces returned for them are ``any_suit(rank)``
    (never a made-up suit), and a joker declared ``any_suit`` counts as its rank."""
    if kind == "set":
        if variant.set_same_suit_allowed:
            # any suit will do: check with a stand-in suit, then report "any suit"
            plain = {c: Face(f.rank, SUITS[0]) if is_any_suit(f) else f
                     for c, f in declared.items()}
            result = check_meld(cards, variant, plain, kind="set")
            if result.ok:  # jokers last: they belong to no suit
                pairs = sorted(zip(result.ordered, result.faces, strict=True),
                               key=lambda pair: pair[0].is_joker)
                result = replace(result, ordered=tuple(c for c, _ in pairs), faces=tuple(
                    any_suit(f.rank) if c.is_joker else f for c, f in pairs))
        else:
            result = check_meld(cards, variant, declared, kind="set")
        if result.ok and len(cards) < SET_SIZE:
            return MeldCheck(False, reason=_("a set needs at least {n} cards").format(
                n=SET_SIZE))
        return result
    bad = next((f for c, f in declared.items() if c in cards and is_any_suit(f)), None)
    if bad is not None:
        return MeldCheck(False, reason=_("a joker standing for {card} belongs in a set, not "
                                         "a run").format(card=face_text(bad)))
    return check_meld(cards, variant, declared, kind="run", run_min=run_length)


def check_lay_down(variant: Variant, contract: Contract, melds: Sequence[Sequence[Card]],
                   declared: Mapping[Card, Face]) -> LayDownCheck:
    """Do these melds make exactly the contract (each meld at least its minimum size)?"""
    if len(melds) != contract.melds:
        return LayDownCheck(False, (_("this round's contract is {contract}: lay down exactly "
                                      "{n} melds, not {given}").format(
                                          contract=contract, n=contract.melds,
                                          given=len(melds)),))
    wanted = ["set"] * contract.sets + ["run"] * contract.runs
    best_problems: tuple[str, ...] | None = None
    for kinds in sorted(set(permutations(wanted))):
        checks = [check_meld_as(variant, meld, kind, contract.run_length, declared)
                  for meld, kind in zip(melds, kinds, strict=True)]
        problems = tuple((_("meld {n} as a set: {reason}") if kind == "set"
                          else _("meld {n} as a run: {reason}")).format(n=i + 1, reason=c.reason)
                         for i, (c, kind) in enumerate(zip(checks, kinds, strict=True))
                         if not c.ok)
        if not problems:
            return LayDownCheck(True, (), tuple(checks), tuple(kinds))
        if best_problems is None or len(problems) < len(best_problems):
            best_problems = problems
    return LayDownCheck(False, best_problems or ())


def contract_possible(variant: Variant, contract: Contract, hand: Sequence[Card]) -> bool:
    """Can ``hand`` lay down ``contract`` (each meld at its minimum, jokers wild)?

    Exact: copies of one face are interchangeable, so the search works on face counts.
    Sets are chosen first (which of a rank's faces they use matters to the runs), then
    runs, each taking the naturals its window finds (an exchange argument shows that
    taking a natural rather than a joker never loses)."""
    faces: Counter[Face] = Counter(c.face for c in hand if not c.is_joker)
    jokers = sum(1 for c in hand if c.is_joker)
    length = contract.run_length
    windows = list(run_windows(variant.ace, length)) if contract.runs else []
    runs = [(suit, w) for suit in SUITS for w in windows]

    # states known lost: (cards left, jokers, runs left or -sets left, first option)
    failed: set[tuple[Any, ...]] = set()

    def make_runs(left: int, jokers: int, first: int) -> bool:
        if left == 0:
            return True
        key = (frozenset((+faces).items()), jokers, left, first)
        if key in failed:
            return False
        for index in range(first, len(runs)):
            suit, window = runs[index]
            use = [Face(r, suit) for r in window if faces[Face(r, suit)] > 0]
            if not use or length - len(use) > jokers:
                continue
            faces.subtract(use)
            ok = make_runs(left - 1, jokers - (length - len(use)), index)
            faces.update(use)
            if ok:
                return True
        failed.add(key)
        return False

    def make_sets(left: int, jokers: int, low_rank: int) -> bool:
        if left == 0:
            return make_runs(contract.runs, jokers, 0)
        key = (frozenset((+faces).items()), jokers, -left, low_rank)
        if key in failed:
            return False
        for rank in sorted({f.rank for f, n in faces.items() if n > 0 and f.rank >= low_rank}):
            pool = sorted(f for f, n in faces.items() if f.rank == rank for _ in range(n))
            for naturals in range(min(SET_SIZE, len(pool)), 0, -1):
                if SET_SIZE - naturals > jokers:
                    break
                for use in dict.fromkeys(combinations(pool, naturals)):
                    if not variant.set_same_suit_allowed and \
                            len({f.suit for f in use}) < len(use):
                        continue
                    faces.subtract(use)
                    ok = make_sets(left - 1, jokers - (SET_SIZE - naturals), rank)
                    faces.update(use)
                    if ok:
                        return True
                    if not contract.runs:
                        break  # without runs, which suits a set takes makes no difference
        failed.add(key)
        return False

    if not make_runs(contract.runs, jokers, 0):  # quick: the runs alone are out of reach
        return False
    return make_sets(contract.sets, jokers, 1)


def describe_contract_game(variant: Variant) -> list[str]:
    """The contract game's rules in words, in the current language (game.i18n)."""
    rules = rules_of(variant)
    packs, jokers = variant.deck_for(variant.min_players)
    big = variant.larger_deck
    penalty = ngettext("the top stock card", "the top {n} stock cards",
                       rules.buy_penalty_cards).format(n=rules.buy_penalty_cards)
    deck = ngettext("{packs} packs and {n} joker", "{packs} packs and {n} jokers",
                    jokers).format(packs=packs, n=jokers)
    if big:
        deck = _("{deck}; from {players} players {packs} packs and {jokers} jokers.").format(
            deck=deck, players=big.min_players, packs=big.packs, jokers=big.jokers)
    else:
        deck += "."
    # the match plays the contracts in order, one a round: ``match=hands:N`` the first N
    rounds = min(variant.match_hands or rules.rounds, rules.rounds)
    contracts = "; ".join(f"{i + 1}. {c}" for i, c in enumerate(rules.contracts[:rounds]))
    lines = [
        rules_heading(variant),
        _("Players: {low}-{high}. Deck: {deck}").format(
            low=variant.min_players, high=variant.max_players, deck=deck),
        ngettext("{rounds} round of {cards} cards. The contracts, round by round: "
                 "{contracts}.",
                 "{rounds} rounds of {cards} cards. The contracts, round by round: "
                 "{contracts}.", rounds).format(
            rounds=_number_word(rounds).capitalize(), cards=variant.hand_size,
            contracts=contracts),
        ngettext(
            "On your turn take the top discard or draw from the stock. If you draw from the "
            "stock, the others may buy the discard in turn order, taking {penalty} as a "
            "penalty with it; at most {n} buy per player per round.",
            "On your turn take the top discard or draw from the stock. If you draw from the "
            "stock, the others may buy the discard in turn order, taking {penalty} as a "
            "penalty with it; at most {n} buys per player per round.",
            variant.max_buys).format(penalty=penalty, n=variant.max_buys),
        _("Lay down exactly the round's contract in one turn. In later turns you may lay off "
          "single cards on any meld; in one turn you either lay down or lay off, not both."),
        _("Sets are {size} or more cards of one rank and may repeat suits. Runs are cards of "
          "one suit in order; an ace is high or low but never inside a run.").format(
            size=SET_SIZE) if variant.ace is AceMode.EITHER else
        _("Sets are {size} or more cards of one rank and may repeat suits. Runs are cards of "
          "one suit in order.").format(size=SET_SIZE) + " " + _(ACE_WORDS[variant.ace]),
        _("Jokers are wild. A joker in a set stands for its rank in any suit (shown as "
          "\"any 7\"), so any real card of that rank may replace it; a joker in a run stands "
          "for one card. Any player may take a joker from the table by replacing it with the "
          "card it stands for; it must be used that same turn: laid off by a player who laid "
          "down in an earlier turn, or put into the contract by one laying down now."),
        _("A turn ends with a discard. When the stock runs out, the discards but the top one "
          "are shuffled into a new stock; if both run out, the round ends."),
        ngettext(
            "Penalty: the cards left in hand. Going out in a single turn scores {bonus}, or "
            "{natural} without a joker. The lowest total after {rounds} round wins.",
            "Penalty: the cards left in hand. Going out in a single turn scores {bonus}, or "
            "{natural} without a joker. The lowest total after {rounds} rounds wins.",
            rounds).format(bonus=rules.one_turn_bonus,
                           natural=rules.one_turn_natural_bonus,
                           rounds=_number_word(rounds)),
    ]
    lines.extend(_(rule) for rule in variant.house_rules)
    return lines


_NUMBER_WORDS = (N_("zero"), N_("one"), N_("two"), N_("three"), N_("four"), N_("five"),
                 N_("six"), N_("seven"), N_("eight"), N_("nine"), N_("ten"), N_("eleven"),
                 N_("twelve"))


def _number_word(n: int) -> str:
    return _(_NUMBER_WORDS[n]) if 0 <= n < len(_NUMBER_WORDS) else str(n)
