"""The phone page as the host serves it over plain HTTP on its game port: the page in the
player's language, its script and style, nothing else; the websocket beside it."""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request
from typing import Any

import pytest

from game.i18n import language
from game.net.host import SeatSpec
from game.net.web import page_address
from game.net.web import strings as page_words
from game.net.wire import GAME_VERSION, PROTOCOL_VERSION
from tests.net.helpers import LOOPBACK, Hosted, host_game, join_bot


@pytest.fixture
def hosted() -> Any:
    game = host_game("machiavelli", [SeatSpec("net"), SeatSpec("medium", "Cpu")], 5,
                     auto_start=False)
    yield game
    game.stop()


def get(hosted: Hosted, path: str, **headers: str) -> tuple[int, dict[str, str], str]:
    request = urllib.request.Request(f"http://{LOOPBACK}:{hosted.host.port}{path}",
                                     headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, dict(answer.headers), answer.read().decode("utf-8")
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read().decode("utf-8")


def config_of(page: str) -> dict[str, Any]:
    found = re.search(r'<script type="application/json" id="config">(.*?)</script>', page,
                      re.S)
    assert found, "the page has no config block"
    config: dict[str, Any] = json.loads(found.group(1))
    return config


def test_the_page_is_served_on_the_game_port(hosted: Hosted) -> None:
    status, headers, page = get(hosted, f"/?code={hosted.host.code}")
    assert status == 200 and headers["Content-Type"].startswith("text/html")
    config = config_of(page)
    assert config["protocol"] == PROTOCOL_VERSION and config["game"] == GAME_VERSION
    assert set(config["strings"]) == set(page_words.STRINGS)
    # nothing from elsewhere, no script inline: the page's only script is its own file
    assert "http" not in page.replace('content="width', "")
    assert re.findall(r"<script[^>]*>", page) == [
        '<script type="application/json" id="config">', '<script src="/page.js" defer>']
    policy = headers["Content-Security-Policy"]
    assert "default-src 'none'" in policy and "script-src 'self'" in policy
    for path, kind in (("/page.js", "text/javascript"), ("/page.css", "text/css")):
        status, headers, body = get(hosted, path)
        assert status == 200 and headers["Content-Type"].startswith(kind) and body
    assert get(hosted, "/../../etc/passwd")[0] == 404
    assert get(hosted, "/game/net/host.py")[0] == 404


def test_the_page_speaks_the_players_language(hosted: Hosted) -> None:
    chosen = config_of(get(hosted, "/?lang=it")[2])
    assert chosen["lang"] == "it" and chosen["strings"]["end_turn"] == "Fine turno"
    browser = config_of(get(hosted, "/", **{"Accept-Language": "fr-FR,de;q=0.8"})[2])
    assert browser["lang"] == "de"
    assert browser["strings"]["draw"] != "Draw"
    with language("es"):  # nothing chosen, a browser the game does not speak: the host's
        assert config_of(get(hosted, "/?lang=xx", **{"Accept-Language": "fr"})[2]
                         )["lang"] == "es"
    assert config_of(get(hosted, "/", **{"Accept-Language": "en-GB"})[2]
                     )["strings"]["draw"] == "Draw"


def test_a_word_cannot_end_the_config_block(monkeypatch: pytest.MonkeyPatch,
                                            hosted: Hosted) -> None:
    monkeypatch.setitem(page_words.STRINGS, "title", "</script><script>alert(1)</script>")
    page = get(hosted, "/")[2]
    assert "<script>alert" not in page
    assert config_of(page)["strings"]["title"] == "</script><script>alert(1)</script>"


def test_a_joined_computer_plays_on_the_same_port() -> None:
    hosted = host_game("machiavelli", [SeatSpec("net"), SeatSpec("medium", "Cpu")], 5)
    try:
        bot = join_bot(hosted, None, "medium", 3)
        assert get(hosted, "/")[0] == 200  # the page answers while the game runs
        assert bot.result().over is not None
    finally:
        hosted.stop()


def test_the_address_in_the_qr_code() -> None:
    assert page_address("192.168.1.20", 47470, "ABC234") == (
        "http://192.168.1.20:47470/?code=ABC234")
    assert page_address("fe80::1", 47470, "ABC234").startswith("http://[fe80::1]:47470/")


def test_a_contract_games_page_names_each_rounds_contract() -> None:
    hosted = host_game("shanghai-rummy", [SeatSpec("net"), SeatSpec("medium", "A"),
                                          SeatSpec("medium", "B")], 5, auto_start=False)
    try:
        contracts = config_of(get(hosted, "/")[2])["contracts"]
        assert contracts[0] == "2 sets of 3" and len(contracts) == 10
    finally:
        hosted.stop()
    assert config_of(get_page_of("machiavelli"))["contracts"] == []


def get_page_of(variant_id: str) -> str:
    hosted = host_game(variant_id, [SeatSpec("net"), SeatSpec("medium", "A")], 5,
                       auto_start=False)
    try:
        return get(hosted, "/")[2]
    finally:
        hosted.stop()
