"""Compact JSON forms of cards and faces: ``"7H.1"`` is the second 7 of hearts, ``"JK.0"``
the first joker; a face is ``"7H"``."""

from __future__ import annotations

from game.engine.cards import Card, Face, joker, parse_face
from game.engine.errors import NotationError


def card_to_json(card: Card) -> str:
    return f"{card}.{card.copy}"


def card_from_json(text: str) -> Card:
    if not isinstance(text, str) or "." not in text:
        raise NotationError(f"'{text}' is not a saved card (expected like 7H.0)")
    face_text, _, copy_text = text.rpartition(".")
    if not copy_text.isdigit():
        raise NotationError(f"'{text}' is not a saved card (copy number missing)")
    copy = int(copy_text)
    if face_text.upper() == "JK":
        return joker(copy)
    face = parse_face(face_text)
    return Card(face.rank, face.suit, copy)


def face_to_json(face: Face) -> str:
    return str(face)


def face_from_json(text: str) -> Face:
    if not isinstance(text, str):
        raise NotationError(f"'{text}' is not a card face")
    return parse_face(text)
