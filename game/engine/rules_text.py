"""The rules of a variant in words, one sentence a line (``describe``), for ``machiavelli
rules`` and the Rules screen: built from the variant's parameters, never from its name.
The contract game's are ``game.engine.contract.rules.describe_contract_game``."""

from __future__ import annotations

from game.engine.contract.rules import describe_contract_game
from game.engine.deal import deal_problem, dealable_players
from game.engine.variant import (
    InitialMeldKind,
    JokerIdentity,
    JokerMoves,
    KnockWhen,
    ReleaseFrom,
    Scoring,
    StockOut,
    TableLayout,
    TurnStructure,
    Variant,
)
from game.engine.variants import ACE_WORDS, rules_heading
from game.i18n import N_, _, ngettext

# Marked with N_ and translated (game.i18n) when `describe` runs, so the rules come out in
# the current language. A house rule's line starts with HOUSE_MARK in every language (the
# Rules screen finds them by it; translations keep it).

HOUSE_MARK = "(house)"

_TURN_WORDS = {
    TurnStructure.PLAY_OR_DRAW:
        N_("On your turn, play one or more cards (rearranging the table as you like) or draw "
           "one card; never both."),
    TurnStructure.CAROUSEL:
        N_("On your turn, draw a card, then you may meld; if you do not, draw again and you "
           "may meld; after your {nth} draw the turn ends without a meld (up to {draws} "
           "draws, melding after any of the first {before_last})."),
    TurnStructure.GUADALUPE:
        N_("If you put down no cards you draw two; if you put down cards without going out "
           "you draw one at the end of your turn."),
    TurnStructure.DRAW_UNTIL_ABLE:
        N_("If you can meld you must meld at least one card; if you cannot, draw one card at "
           "a time until you can, then meld."),
    TurnStructure.ROBBERS:
        N_("Play at least one card or draw one. After playing you may also draw one card, "
           "play more, and then your turn ends."),
}
_SCORING_WORDS = {
    Scoring.CARDS_COUNT:
        N_("Each other player takes 1 penalty point per card left in hand; lowest total "
           "wins."),
    Scoring.TAHITI:
        N_("Penalty per card left in hand: 2-10 face value, J/Q/K 10, ace 11, joker 30; "
           "lowest total wins."),
    Scoring.MANIPULATION:
        N_("Penalty per card left in hand: ace 15, 10/J/Q/K 10, 2-9 5; lowest total wins."),
    Scoring.NONE: N_("No points: the first player to go out wins."),
    Scoring.CAROUSEL_SCARNE:
        N_("Card values: joker 25, J/Q/K 10, 2-10 face value, ace 1. On a knock the lowest "
           "hand wins the difference from every other hand (+10 undercut bonus if it is not "
           "the knocker); going out wins every other hand plus 25. At 150 a player gets 100 "
           "more, everyone 25 per deal won, and the highest total wins."),
    Scoring.CAROUSEL_CULBERTSON:
        N_("Card values: joker 25, J/Q/K 10, 2-10 face value, ace 1. The winner scores the "
           "total of all other hands (tied winners divide it exactly), plus 25 for going out, "
           "or 10 for beating the knocker's hand. At 150 a player gets 100 more, and the "
           "highest total wins."),
}


_INITIAL_WORDS = {
    InitialMeldKind.COMPLETE_MELD: N_("Before touching the table, your first play must "
                                      "include a complete meld made from your hand."),
    InitialMeldKind.RUN_OF_3: N_("Your first play must begin with a run of three or more "
                                 "cards from your hand."),
}
_NUMBER_WORDS = {1: N_("one"), 2: N_("two"), 3: N_("three"), 4: N_("four")}
_ORDINAL_WORDS = {2: N_("second"), 3: N_("third"), 4: N_("fourth")}


def _seat_words(seats: list[int]) -> str:
    """Seat counts in short: ``4-5``, ``5``, or ``2, 4-5``."""
    runs: list[list[int]] = []
    for n in seats:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]}-{r[-1]}" for r in runs)


def _deck_words(packs: int, jokers: int) -> str:
    text = ngettext("{n} pack", "{n} packs", packs).format(n=packs)
    if jokers:
        text = ngettext("{packs} and {n} joker", "{packs} and {n} jokers", jokers).format(
            packs=text, n=jokers)
    return text


def describe(variant: Variant) -> list[str]:
    """The variant's rules in words, one sentence a line, for the CLI and the rules screen,
    in the current language (game.i18n)."""
    if variant.is_contract:
        return describe_contract_game(variant)
    lines = [rules_heading(variant)]

    def house(param: str, text: str) -> str:
        return f"{HOUSE_MARK} {text}" if param in variant.house_choices else text

    packs, jokers = variant.deck_for(variant.min_players)
    deck = _deck_words(packs, jokers)
    if variant.larger_deck:
        big = variant.larger_deck
        deck = ngettext("{deck}; from {n} player {bigger}", "{deck}; from {n} players {bigger}",
                        big.min_players).format(deck=deck, n=big.min_players,
                                                bigger=_deck_words(big.packs, big.jokers))
    # the seats the deck can deal these hands to: the rules text says the real numbers
    every = list(range(variant.min_players, variant.max_players + 1))
    seats = dealable_players(variant) or every
    if seats[0] == seats[-1]:
        lines.append(_("Players: {n}. Deck: {deck}.").format(n=seats[0], deck=deck))
    else:
        lines.append(_("Players: {low}-{high}. Deck: {deck}.").format(
            low=seats[0], high=seats[-1], deck=deck))
    lines.append(ngettext("Each player is dealt {n} card.", "Each player is dealt {n} cards.",
                          variant.hand_size).format(n=variant.hand_size))
    others = [n for n in every if deal_problem(variant, n)]
    if others:
        lines.append(ngettext(
            "The deck cannot deal {n} card each to {seats} players.",
            "The deck cannot deal {n} cards each to {seats} players.",
            variant.hand_size).format(n=variant.hand_size, seats=_seat_words(others)))
    if variant.free_cards:
        lines.append(ngettext(
            "{n} card is dealt face up to the table as a free card: anyone may use it in a "
            "meld, and using it alone counts as a play.",
            "{n} cards are dealt face up to the table as free cards: anyone may use them in "
            "melds, and using one alone counts as a play.",
            variant.free_cards).format(n=variant.free_cards))
    set_rule = (_("Sets: 3 or more cards of one rank.") if variant.set_same_suit_allowed
                else _("Sets: 3 or 4 cards of one rank, all suits different."))
    runs = ngettext("Runs: {n} or more card of one suit in order.",
                    "Runs: {n} or more cards of one suit in order.",
                    variant.run_min).format(n=variant.run_min)
    lines.append(f"{set_rule} {runs}")
    lines.append(_(ACE_WORDS[variant.ace]))
    if variant.has_jokers:
        if variant.joker_identity is JokerIdentity.FIXED:
            lines.append(_("A joker is declared as one card when played and keeps that "
                           "identity until a real copy of that card releases it."))
        else:
            lines.append(_("A joker stands for any card that makes its meld valid, and may "
                           "change value when the table is rearranged."))
        limit = variant.jokers_per_meld
        lines.append(house("jokers_per_meld", _("Any number of jokers per meld.") if limit == 0
                           else ngettext("At most {n} joker per meld.",
                                         "At most {n} jokers per meld.", limit).format(n=limit)))
        if variant.joker_identity is JokerIdentity.FIXED:
            if variant.joker_freezes_meld:
                moves = _("An unreleased joker never moves: its meld is frozen until the "
                          "joker is released.")
            elif variant.joker_moves is JokerMoves.KEEP_IDENTITY:
                moves = _("An unreleased joker may move to another meld keeping its card.")
            else:
                moves = _("An unreleased joker never moves to another meld.")
            lines.append(house("joker_moves", moves))
            lines.append(house("joker_release_from",
                               _("The card that releases a joker must come from your hand.")
                               if variant.joker_release_from is ReleaseFrom.HAND
                               else _("The card that releases a joker may come from your "
                                      "hand or the table.")))
            lines.append(_("A released joker never goes to a hand: it must be in a valid "
                           "meld by the end of that turn, standing for any card, its old one "
                           "included."))
        if variant.joker_freezes_meld:
            lines.append(_("A meld holding a joker cannot be rearranged until the joker is "
                           "released."))
        if variant.released_joker_needs_two_from_hand:
            lines.append(_("A released joker re-used in a new meld needs at least two cards "
                           "from your hand in that meld."))
    rule = variant.initial_meld
    if rule.points_needed is not None:
        lines.append(ngettext(
            "Your first play must include melds from your hand worth at least {n} point.",
            "Your first play must include melds from your hand worth at least {n} points.",
            rule.points_needed).format(n=rule.points_needed))
    elif rule.required:
        lines.append(_(_INITIAL_WORDS[rule.kind]))
    turn = _(_TURN_WORDS[variant.turn])
    if variant.draws_until_able and not variant.must_play_if_able:
        turn = _("Draw one card at a time until you meld; you may draw even when you could "
                 "meld. Your meld ends the turn.")
    if variant.draws_before_meld:
        draws = variant.carousel_draws
        nth = _(_ORDINAL_WORDS[draws]) if draws in _ORDINAL_WORDS else f"{draws}."
        turn = turn.format(nth=nth, draws=draws, before_last=draws - 1)
    lines.append(turn)
    if variant.must_play_if_able and not variant.draws_until_able:
        lines.append(_("A player who can play must play at least one card."))
    if variant.abandon_applies:
        lines.append(ngettext(
            "Once you have moved a table card or put down a card, giving up the play restores "
            "the table and you draw {n} card instead of {usual}, even if you put everything "
            "back first.",
            "Once you have moved a table card or put down a card, giving up the play restores "
            "the table and you draw {n} cards instead of {usual}, even if you put everything "
            "back first.",
            variant.abandon_penalty).format(n=variant.abandon_penalty,
                                            usual=_(_NUMBER_WORDS[variant.cards_per_draw])))
    if variant.knock:
        knock = variant.knock
        if knock.when is KnockWhen.AFTER_MELD:
            text = ngettext(
                "You may knock after drawing one or two cards and melding with {n} point or "
                "fewer in hand; the hand ends at once.",
                "You may knock after drawing one or two cards and melding with {n} points or "
                "fewer in hand; the hand ends at once.", knock.max_points)
        else:
            text = ngettext(
                "You may knock at the start of your turn instead of drawing with {n} point or "
                "fewer in hand; the hand ends at once.",
                "You may knock at the start of your turn instead of drawing with {n} points or "
                "fewer in hand; the hand ends at once.", knock.max_points)
        lines.append(text.format(n=knock.max_points))
    if variant.stock_out is StockOut.LAST_ROUND:
        lines.append(_("If the player who draws the last stock card does not knock, everyone "
                       "has one more turn to meld without drawing; then the lowest hand wins."))
    lines.append(_("A player who plays their last card ends the hand at once."))
    lines.append(_(_SCORING_WORDS[variant.scoring]))
    if variant.scoring is Scoring.MANIPULATION and variant.has_jokers:
        lines.append(_("(house) A joker left in hand counts 15, like an ace."))
    if variant.match_target is not None:
        lines.append(house("match", ngettext(
            "The match ends when a player reaches {n} point.",
            "The match ends when a player reaches {n} points.",
            variant.match_target).format(n=variant.match_target)))
    elif variant.match_hands == 1:
        lines.append(house("match", _("The match is a single hand.")))
    else:
        hands = variant.match_hands or 0
        lines.append(house("match", ngettext("The match is {n} hand.", "The match is {n} hands.",
                                             hands).format(n=hands)))
    if variant.table_layout is TableLayout.SETS_AND_RUNS_APART:
        lines.append(_("Sets are kept on one side of the table and runs on the other."))
    lines.extend(_(rule) for rule in variant.house_rules)
    return lines
