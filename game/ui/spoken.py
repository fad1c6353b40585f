"""Words written for the eye made ready for the ear: cards as the table writes them
(``7♥``, ``10♠``, ``3♣–8♣``, ``7H``) become their names ("7 of hearts", "3 of clubs to
8 of clubs"), in the game's language; everything else is kept, so what is spoken is the
turn log's very words."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from game.engine.cards import Card, Face
from game.i18n import N_, _

SUIT_WORDS = {"C": N_("clubs"), "D": N_("diamonds"), "H": N_("hearts"), "S": N_("spades")}
RANK_WORDS = {1: N_("ace"), 11: N_("jack"), 12: N_("queen"), 13: N_("king")}
_GLYPHS = {"\u2663": "C", "\u2666": "D", "\u2665": "H", "\u2660": "S"}
_LETTERS = {"A": 1, "J": 11, "Q": 12, "K": 13}
# 7♥ or 7H (a card code in the engine's words), with a word boundary either side
_CARD = re.compile(r"(?<![\w])(10|[2-9AJQK])([\u2663\u2666\u2665\u2660]|[CDHS](?![\w]))")
_JOKER_CODE = re.compile(r"\bJK\b")
_MARK = "\x00"  # around a card's name while the names are made
# marks drawn on the cards and in notes (new ◆, from the hand ●, done ✓): seen, not said
_SHAPES = re.compile("[\u25c6\u25cf\u2713\u2717]")


def rank_name(rank: int) -> str:
    return _(RANK_WORDS[rank]) if rank in RANK_WORDS else str(rank)


def face_name(rank: int, suit: str) -> str:
    """"7 of hearts", "queen of spades"."""
    return _("{rank} of {suit}").format(rank=rank_name(rank), suit=_(SUIT_WORDS.get(suit, suit)))


def card_name(card: Card, declared: Mapping[Card, Face] | None = None) -> str:
    """A card's spoken name; a joker says what it stands for when it stands for one."""
    if card.is_joker:
        face = (declared or {}).get(card)
        if face is None:
            return _("joker")
        return _("joker as {card}").format(card=face_name(face.rank, face.suit))
    return face_name(card.rank, card.suit)


def cards_names(cards: Iterable[Card], declared: Mapping[Card, Face] | None = None) -> str:
    return ", ".join(card_name(card, declared) for card in cards)


def sentences(*parts: str) -> str:
    """``parts`` said one after another, each ending as a sentence does (so the voice
    pauses), the empty ones left out."""
    ended = []
    for part in parts:
        part = part.strip()
        if part:
            ended.append(part if part[-1] in ".!?:;\u2026" else part + ".")
    return " ".join(ended)


def speakable(text: str) -> str:
    """``text`` with every written card named: "Ada: 7♥ into 5♥ 6♥" -> "Ada: 7 of hearts
    into 5 of hearts 6 of hearts"; a run "3♣–8♣" reads "3 of clubs to 8 of clubs"."""

    def name(match: re.Match[str]) -> str:
        rank_text, suit = match.group(1), match.group(2)
        rank = _LETTERS.get(rank_text) or int(rank_text)
        return _MARK + face_name(rank, _GLYPHS.get(suit, suit)) + _MARK

    text = _CARD.sub(name, text)
    text = _JOKER_CODE.sub(_MARK + _("joker") + _MARK, text)
    # cards in a row ("5♥ 6♥ 7♥") are said with a pause between them
    text = re.sub(f"{_MARK}\\s+{_MARK}", ", ", text).replace(_MARK, "")
    text = text.replace("\u2013", " " + _("to") + " ").replace("\u00b7", ",")
    text = _SHAPES.sub("", text)
    text = re.sub(r"\(\s+", "(", re.sub(r"\s+([).,;:])", r"\1", text))
    return re.sub(r"\s+", " ", text).strip()
