"""The wire format of network play: versions, limits and the schema every message a client
sends is checked against before the host looks at it.

Messages are JSON objects in websocket text frames, each with a ``type``. A client sends
``hello`` (once, first; ``watch`` to watch where the host lets spectators in), ``action``,
``say`` (a quick table message: a phrase's id, never text), ``back`` and ``leave``; the host
sends ``welcome``, ``lobby``, ``start``, ``update``, ``refused``, ``seat``, ``said``,
``clock``, ``over`` and ``error``. The host checks a
client's message in this order, stopping at the first problem: a text frame of at most
``MAX_CLIENT_MESSAGE`` bytes (websockets closes the connection on a bigger one), JSON, an
object, a known ``type``, exactly the fields the schema names for it with their types and
sizes. An action's own fields are then read by the engine's readers
(``game.net.actions``). Nothing here raises anything but ``WireError``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from game import __version__

#: Bumped whenever a message changes meaning; a client and host of different protocol
#: versions refuse each other at the handshake with a clear message.
PROTOCOL_VERSION = 1
#: The game's version: a client of another version is refused too (the rules may differ).
GAME_VERSION = __version__
#: The largest message a client may send (a whole manipulation table is a few KiB).
MAX_CLIENT_MESSAGE = 64 * 1024
#: The largest message a client accepts from the host (a view with a whole hand's turns).
MAX_HOST_MESSAGE = 8 * 1024 * 1024
#: How a join code is made: letters and digits a person reads off a screen without doubt.
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
MAX_NAME = 32
MAX_TOKEN = 64
MAX_KIND = 32  # a short name the host looks up (a phrase id)
DEFAULT_PORT = 47470


class WireError(Exception):
    """A message that breaks the protocol: ``code`` is a short machine word, the text says
    what is wrong in words."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class Field:
    """One field of a message: its JSON type(s), whether it must be there and, for a
    string, its longest length."""

    types: tuple[type, ...]
    required: bool = True
    longest: int = 0


#: Every message a client may send, by type: its fields (``type`` aside).
CLIENT_SCHEMA: dict[str, dict[str, Field]] = {
    "hello": {
        "protocol": Field((int,)),
        "game": Field((str,), longest=32),
        "code": Field((str,), longest=16),
        "name": Field((str,), longest=MAX_NAME),
        "token": Field((str,), required=False, longest=MAX_TOKEN),
        "seat": Field((int,), required=False),
        "watch": Field((bool,), required=False),
    },
    "action": {
        "action": Field((dict,)),
        "step": Field((int,), required=False),
    },
    "say": {
        "phrase": Field((str,), longest=MAX_KIND),
    },
    "leave": {},
    "back": {},  # the player whose seat a computer took after timeouts plays it again
}


def decode_client(frame: object) -> dict[str, Any]:
    """A client's frame as a message the schema allows; ``WireError`` otherwise."""
    if not isinstance(frame, str):
        raise WireError("binary", "messages are JSON text, not binary frames")
    if len(frame.encode("utf-8", "surrogatepass")) > MAX_CLIENT_MESSAGE:
        raise WireError("too_big", f"a message may be at most {MAX_CLIENT_MESSAGE} bytes")
    try:
        message = json.loads(frame)
    except (ValueError, RecursionError):
        raise WireError("not_json", "the message is not JSON") from None
    if not isinstance(message, dict):
        raise WireError("not_object", "a message is a JSON object")
    kind = message.get("type")
    if not isinstance(kind, str) or kind not in CLIENT_SCHEMA:
        raise WireError("unknown_type", f"unknown message type {str(kind)[:40]!r}")
    fields = CLIENT_SCHEMA[kind]
    for name in message:
        if name != "type" and name not in fields:
            raise WireError("bad_field", f"{kind} has no field {name[:40]!r}")
    for name, spec in fields.items():
        if name not in message:
            if spec.required:
                raise WireError("missing_field", f"{kind} needs the field {name!r}")
            continue
        value = message[name]
        # a JSON true is a Python bool, which is an int: never accept one for a number
        if (isinstance(value, bool) and bool not in spec.types) \
                or not isinstance(value, spec.types):
            raise WireError("bad_field", f"{kind}'s {name!r} has the wrong type")
        if isinstance(value, str) and spec.longest and len(value) > spec.longest:
            raise WireError("bad_field", f"{kind}'s {name!r} is longer than {spec.longest}")
    return message


def encode(message: dict[str, Any]) -> str:
    """A host or client message as the text of one frame (compact JSON)."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


def decode_host(frame: object) -> dict[str, Any]:
    """A host's frame as a message (an object with a string ``type``); ``WireError``
    otherwise. The client reads each message's fields defensively besides."""
    if not isinstance(frame, str):
        raise WireError("binary", "the host sent a binary frame")
    try:
        message = json.loads(frame)
    except (ValueError, RecursionError):
        raise WireError("not_json", "the host sent a message that is not JSON") from None
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise WireError("not_object", "the host sent a message without a type")
    return message


def clean_name(text: str, fallback: str) -> str:
    """A player's name as the table shows it: printable characters only, trimmed, at most
    ``MAX_NAME`` long; ``fallback`` when nothing is left."""
    kept = "".join(ch for ch in text if ch.isprintable()).strip()[:MAX_NAME].strip()
    return kept or fallback
