"""The words of the phone page, in the game's catalogues like every other message: marked
here with ``N_`` (so ``packaging/translations.py`` extracts them), said in the page's
language by ``page_strings`` when the host serves the page."""

from __future__ import annotations

from game.i18n import N_, translated

#: The page's words by the name its script uses.
STRINGS: dict[str, str] = {
    "title": N_("Machiavelli"),
    "your_name": N_("Your name"),
    "join": N_("Take a seat"),
    "joining": N_("Joining\u2026"),
    "code": N_("Join code"),
    "waiting": N_("Waiting for the host to deal the cards."),
    "seat_of": N_("You play seat {n}."),
    "your_turn": N_("Your turn"),
    "their_turn": N_("{name} is playing"),
    "your_hand": N_("Your hand"),
    "table": N_("Table"),
    "empty_table": N_("No melds on the table yet."),
    "new_meld": N_("New meld"),
    "put_here": N_("Put here"),
    "back_to_hand": N_("Back to hand"),
    "reset": N_("Reset turn"),
    "end_turn": N_("End turn"),
    "draw": N_("Draw"),
    "pass": N_("Pass"),
    "knock": N_("Knock"),
    "abandon": N_("Give up the play"),
    "play_started": N_("Your play has started: giving it up costs cards, even if you put "
                       "everything back."),
    "help": N_("Tap cards to choose them, then tap Put here on a meld or New meld. "
               "You may also drag a card."),
    "stock": N_("Stock: {n}"),
    "cards": N_("{n} cards"),
    "points": N_("Points"),
    "hand_over": N_("The hand is over: the next one is being dealt."),
    "match_over": N_("The match is over."),
    "winner": N_("{name} wins."),
    "lost": N_("The connection to the host was lost."),
    "reconnect": N_("Reconnect"),
    "refused": N_("Not allowed: {reason}"),
    "queued": N_("Your answer is kept until your turn."),
    "language": N_("Language"),
    "not_supported": N_("This page plays the manipulation games; this game is played at a "
                        "computer."),
    "round": N_("Round {n}"),
    "discard_pile": N_("Discard"),
    "lay_down": N_("Lay down"),
    "discard": N_("Discard"),
    "take_discard": N_("Take the discard"),
    "buy": N_("Buy"),
    "swap_joker": N_("Swap the joker"),
    "decline": N_("Decline"),
}


def page_strings(language: str) -> dict[str, str]:
    """Every word of the page in ``language`` (English where the catalogue lacks one)."""
    return {key: translated(language, text) for key, text in STRINGS.items()}
