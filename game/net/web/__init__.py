"""Phones and tablets as private hands: the page a browser plays one seat from.

The host's websocket server serves it too (websockets' ``process_request`` hook): a plain
HTTP ``GET`` of ``/`` gets the page (HTML, with the page's words in the player's language
and the protocol's versions), ``/page.css`` and ``/page.js`` its style and script, all
package data read from this folder; anything else but a websocket upgrade gets 404. The
page then opens a websocket to the same address and plays its seat over the very protocol
a joined computer speaks (``game.net.wire``): hello with the join code, its seat's view in
``update`` messages, actions read by the engine's readers and refused in the engine's
words. So the host's authority and every rule against hostile clients hold for the page
as for any client; nothing here reads what a client sends beyond the request's path,
query and Accept-Language header.

``page_address`` is what the lobby shows and puts in its QR code.
"""

from __future__ import annotations

import html
import json
from collections.abc import Callable
from functools import lru_cache
from importlib import resources
from typing import Protocol
from urllib.parse import parse_qs, quote, urlsplit

from websockets.datastructures import Headers
from websockets.http11 import Request, Response

from game.engine.contract.rules import rules_of
from game.engine.variants import Family, Variant
from game.i18n import current_language, language_code
from game.net.address import shown_host
from game.net.web.strings import page_strings
from game.net.wire import GAME_VERSION, PROTOCOL_VERSION

#: The files of the page besides the HTML, and their content types.
ASSETS = {"/page.css": ("page.css", "text/css; charset=utf-8"),
          "/page.js": ("page.js", "text/javascript; charset=utf-8")}
#: The page loads nothing from elsewhere and talks only to the host that served it.
SECURITY = (("Content-Security-Policy", "default-src 'none'; script-src 'self'; "
             "style-src 'self'; img-src 'self' data:; connect-src 'self' ws: wss:; "
             "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"),
            ("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "no-referrer"),
            ("Cache-Control", "no-store"))


class _Connection(Protocol):
    def respond(self, status: int, text: str) -> Response: ...


def page_address(address: str, port: int, code: str) -> str:
    """The address a browser opens to take a seat (the join code in it)."""
    return f"http://{shown_host(address)}:{port}/?code={quote(code)}"


@lru_cache(maxsize=8)
def _file(name: str) -> bytes:
    return (resources.files(__package__) / name).read_bytes()


def _language(request: Request, query: dict[str, list[str]]) -> str:
    """The page's language: the one the player chose on it (``?lang=``), else the
    browser's first the game speaks, else the host's."""
    chosen = language_code(query.get("lang", [""])[0][:16])
    if chosen:
        return chosen
    for part in request.headers.get("Accept-Language", "")[:200].split(","):
        code = language_code(part.split(";")[0].strip())
        if code:
            return code
    return current_language()


def contracts(variant: Variant | None) -> list[str]:
    """The contract of each round of a contract game, in words (the host's language: the
    engine says them), for the page's status line; none for another game."""
    if variant is None or variant.family is not Family.CONTRACT:
        return []
    rules = rules_of(variant)
    return [str(rules.contract_for(number)) for number in range(rules.rounds)]


def _html(language: str, variant: Variant | None) -> bytes:
    """The page's HTML with its words in ``language`` and the protocol's versions (JSON in
    a data block: no script runs inline)."""
    strings = page_strings(language)
    config = {"lang": language, "protocol": PROTOCOL_VERSION, "game": GAME_VERSION,
              "strings": strings, "contracts": contracts(variant)}
    blob = json.dumps(config, ensure_ascii=True).replace("<", "\\u003c").replace(">", "\\u003e")
    page = _file("page.html").decode("utf-8")
    return (page.replace("{{lang}}", language).replace("{{title}}", html.escape(strings["title"]))
            .replace("{{config}}", blob).encode("utf-8"))


def _response(status: int, body: bytes, content_type: str) -> Response:
    headers = Headers([("Content-Type", content_type), ("Content-Length", str(len(body))),
                       ("Connection", "close"), *SECURITY])
    reason = {200: "OK", 404: "Not Found", 405: "Method Not Allowed"}[status]
    return Response(status, reason, headers, body)


PageServer = Callable[[_Connection, Request], "Response | None"]


def page_server(variant: Variant | None = None) -> PageServer:
    """websockets' ``process_request`` for a host of ``variant`` (see ``serve_page``)."""

    def serve(connection: _Connection, request: Request) -> Response | None:
        return serve_page(connection, request, variant)

    return serve


def serve_page(connection: _Connection, request: Request,
               variant: Variant | None = None) -> Response | None:
    """websockets' ``process_request``: None lets a websocket upgrade through to the host's
    handler; a plain request gets the page (of a game of ``variant``), one of its files,
    or 404."""
    if request.headers.get("Upgrade", "").lower() == "websocket":
        return None
    parts = urlsplit(request.path[:2048])
    if parts.path in ("/", "/index.html"):
        query = parse_qs(parts.query, max_num_fields=8)
        return _response(200, _html(_language(request, query), variant),
                         "text/html; charset=utf-8")
    asset = ASSETS.get(parts.path)
    if asset is not None:
        name, content_type = asset
        return _response(200, _file(name), content_type)
    return _response(404, b"not found\n", "text/plain; charset=utf-8")
