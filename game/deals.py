"""Numbered deals: the number a player reads aloud, types in, and gets the same cards from.

A deal number *is* the match's seed: every hand of the match is shuffled from it
(``sha256(f"{seed}/{hand}")``, nothing machine-dependent), and the computer player of seat
``i`` is seeded ``computer_seed(number, i)``. So the same number, variant, house rules and
seats give the same cards and the same computer decisions on any machine.

New games draw their number from 1 to ``MAX_DEAL`` (nine digits: short enough to read out
and type); a game from before numbered deals, or from ``simulate --seed``, may have any
seed, and shows it as its number all the same. Numbers are shown in groups of three
("123 456 789") and read back with or without the spaces.
"""

from __future__ import annotations

import secrets

from game.i18n import _

MAX_DEAL = 999_999_999
MAX_DIGITS = len(str(MAX_DEAL))


class DealNumberError(ValueError):
    """A typed deal number that is not one; the message says what is wrong, for the player."""


def random_deal() -> int:
    """A fresh deal number, 1 to ``MAX_DEAL``."""
    return secrets.randbelow(MAX_DEAL) + 1


def deal_text(number: int) -> str:
    """``number`` as shown: digits in groups of three, "123 456 789"."""
    return f"{number:,}".replace(",", " ")


def deal_words(number: int) -> str:
    """The deal as the tables and scoreboards name it: "Deal 123 456 789"."""
    return _("Deal {number}").format(number=deal_text(number))


def parse_deal(text: str) -> int:
    """The deal number typed as ``text`` (spaces between the digits allowed, as shown);
    DealNumberError saying what is wrong otherwise."""
    typed = "".join(text.split())
    if not typed:
        raise DealNumberError(_("Type a deal number (digits only), or leave the box empty for "
                                "a new deal."))
    if typed[0] in "-\u2212" and typed[1:].isdigit():
        raise DealNumberError(_("A deal number cannot be negative: use 1 to {most}.").format(
            most=deal_text(MAX_DEAL)))
    if not (typed.isascii() and typed.isdigit()):
        raise DealNumberError(_("A deal number has digits only (0-9), not \u201c{text}\u201d.")
                              .format(text=_shown(text)))
    if len(typed.lstrip("0")) > MAX_DIGITS:
        raise DealNumberError(_("A deal number has at most {n} digits: use 1 to {most}.")
                              .format(n=MAX_DIGITS, most=deal_text(MAX_DEAL)))
    number = int(typed)
    if number < 1:
        raise DealNumberError(_("Deal numbers start at 1: use 1 to {most}.").format(
            most=deal_text(MAX_DEAL)))
    return number


def _shown(text: str) -> str:
    text = text.strip()
    return text if len(text) <= 20 else text[:17] + "\u2026"
