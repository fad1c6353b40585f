"""The seats held in network games (``seat_tokens.json``): kept, found, forgotten, the
oldest dropped beyond the limit, and a damaged file moved aside with a message."""

from __future__ import annotations

from pathlib import Path

from game.store import Store
from game.store.messages import MessageLog
from game.store.tokens import MOST_TOKENS, TokenStore


def test_a_token_is_kept_found_and_forgotten(tmp_path: Path) -> None:
    tokens = TokenStore(tmp_path / "seat_tokens.json", MessageLog())
    assert tokens.get("127.0.0.1:47470", "ABCDEF") is None
    tokens.keep("127.0.0.1:47470", "ABCDEF", "t0ken", 1, "Bea")
    again = TokenStore(tmp_path / "seat_tokens.json", MessageLog())  # another run
    held = again.get("127.0.0.1:47470", "ABCDEF")
    assert held is not None and (held.token, held.seat, held.name) == ("t0ken", 1, "Bea")
    assert again.get("127.0.0.1:47470", "OTHER1") is None
    assert again.forget("127.0.0.1:47470", "ABCDEF") and not again.list()
    assert not again.forget("127.0.0.1:47470", "ABCDEF")


def test_only_the_newest_games_are_kept(tmp_path: Path) -> None:
    tokens = TokenStore(tmp_path / "seat_tokens.json", MessageLog())
    for game in range(MOST_TOKENS + 3):
        tokens.keep(f"[::1]:{1000 + game}", "CODE22", f"token{game}", 0)
    kept = tokens.list()
    assert len(kept) == MOST_TOKENS
    assert tokens.get("[::1]:1000", "CODE22") is None
    assert kept[0].token == f"token{MOST_TOKENS + 2}"


def test_a_damaged_file_is_moved_aside_with_a_message(tmp_path: Path) -> None:
    (tmp_path / "seat_tokens.json").write_text("{not json")
    store = Store.open(tmp_path)
    try:
        assert store.tokens.get("127.0.0.1:1", "A") is None
        assert any("seat_tokens.json" in str(m) for m in store.messages)
        store.tokens.keep("127.0.0.1:1", "A", "t", 0)
        assert store.tokens.get("127.0.0.1:1", "A") is not None
        assert list(tmp_path.glob("seat_tokens.json.corrupt-*"))
    finally:
        store.close()
