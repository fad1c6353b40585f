"""Child process for the store's multi-process tests (run as a script, not collected).

store_worker.py save-loop DIR          write a save and the settings forever
store_worker.py stall-mid-save DIR     write a save, then stop inside the next one (after the
                                       temporary file is written, before it is renamed)
store_worker.py instance DIR ID N      one game instance doing N rounds of writes
store_worker.py same-slot DIR N        write one save slot N times (after DIR/go appears)
store_worker.py no-room DIR LIMIT      under a file-size limit of LIMIT bytes (RLIMIT_FSIZE,
                                       ``ulimit -f``): open the store, record a match, print
                                       what the statistics showed as one JSON line
"""

from __future__ import annotations

import sys
import time
from datetime import UTC, datetime
from pathlib import Path

from game.store import MatchRecord, Seat, Store

BLOCK = 40_000


def payload(n: int) -> dict[str, object]:
    return {"n": n, "cards": [n] * BLOCK, "end": n}


def summary(n: int) -> dict[str, object]:
    return {"variant": "machiavelli", "players": ["You", "Ada"], "scores": [n, -n], "hand": n}


def save_loop(data_dir: Path) -> None:
    store = Store.open(data_dir)
    n = store.saves.read("slot")["n"] + 1 if store.saves.read("slot") else 0
    store.saves.write("slot", payload(n), summary(n))
    print("ready", flush=True)
    while True:
        n += 1
        store.saves.write("slot", payload(n), summary(n))
        store.settings.volume = (n % 100) / 100
        store.save_settings()


def stall_mid_save(data_dir: Path) -> None:
    from game.store import atomic

    store = Store.open(data_dir)
    store.saves.write("slot", payload(0), summary(0))

    def stall(source: Path, target: Path) -> None:
        print("mid-write", flush=True)
        time.sleep(3600)  # the parent kills us here

    atomic._replace = stall  # type: ignore[assignment]
    store.saves.write("slot", payload(1), summary(1))


def instance(data_dir: Path, ident: str, rounds: int) -> None:
    go = data_dir / "go"
    while not go.exists():
        time.sleep(0.005)
    store = Store.open(data_dir)
    now = datetime.now(UTC)
    for n in range(rounds):
        store.saves.write("shared", payload(n), summary(n))
        store.saves.write(f"own-{ident}", payload(n), summary(n))
        store.settings.card_back = "red" if ident == "a" else "green"
        assert store.save_settings()
        store.presets.save(f"{ident}-{n}", "machiavelli", {"jokers": n})
        seats = [Seat("You", "human"), Seat("Ada", "hard")]
        assert store.stats.record_match(MatchRecord("machiavelli", seats, [n, 0], 0, now, now))
        assert store.saves.read("shared") is not None
    bad = [str(m) for m in store.messages]
    store.close()
    if bad:
        print("\n".join(bad), file=sys.stderr)
        sys.exit(3)


def same_slot(data_dir: Path, rounds: int) -> None:
    go = data_dir / "go"
    while not go.exists():
        time.sleep(0.005)
    store = Store.open(data_dir)
    for n in range(rounds):
        store.saves.write("slot", {"n": n}, summary(n))
    store.close()


def no_room(data_dir: Path, limit: int) -> None:
    import json
    import resource
    import signal

    # Python ignores SIGXFSZ from its start, so a write past the limit fails with EFBIG
    # rather than killing the process: the game must handle that error
    ignored = signal.getsignal(signal.SIGXFSZ) == signal.SIG_IGN
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    store = Store.open(data_dir)
    at_start = store.stats.match_count()
    now = datetime(2026, 4, 1, tzinfo=UTC)
    recorded = store.stats.record_match(
        MatchRecord("machiavelli", [Seat("You", "human"), Seat("Ada", "hard")], [3, 0], 0,
                    now, now))
    after = store.stats.match_count()
    store.close()
    print(json.dumps({"sigxfsz_ignored": ignored, "count_at_start": at_start,
                      "recorded": recorded, "count_after": after,
                      "problems": [m.problem for m in store.messages]}))


if __name__ == "__main__":
    mode, folder = sys.argv[1], Path(sys.argv[2])
    if mode == "save-loop":
        save_loop(folder)
    elif mode == "stall-mid-save":
        stall_mid_save(folder)
    elif mode == "no-room":
        no_room(folder, int(sys.argv[3]))
    elif mode == "same-slot":
        same_slot(folder, int(sys.argv[3]))
    else:
        instance(folder, sys.argv[3], int(sys.argv[4]))
