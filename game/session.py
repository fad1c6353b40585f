"""A game being played, below the screens: the match plus who sits where (human or
computer level, names), as a save slot holds it, and what the store is told about it: the
autosave after every committed turn and, once the match is over, its statistics record.
A seat is the store's ``Seat`` (name and kind), the same in the session, its save, the
settings' default seats and the statistics.

Saving and loading are here, and only here: ``GameSession.save`` writes a slot,
``GameSession.load`` reads one (checked: replayed, compared with its listing, set aside
when unplayable), ``check_saves`` is the start-up check, ``clear_autosave`` removes the
autosave, ``GameSession.from_file`` reads the save file a command is given. Each raises
``SaveFailed`` with the player's words, never anything else; the screens and commands show
that message and carry on. ``GameSession.from_json`` is the one check of a save's game
(``SaveError``), which all of them make.

A save nests three envelopes: the store's file (``game.store.saves``: schema, version,
date, listing, "game"), this session (``to_json``: "match", seats, start, hints, network),
and the match (``game.engine.save_format``: variant, options, seed, action log, snapshot).

No pygame here: the tables call it, and a headless driver could too."""

from __future__ import annotations

import hashlib
import math
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Protocol

from game.engine.cards import Card
from game.engine.errors import NotationError
from game.engine.protocol import GameState
from game.engine.scoring import points_number
from game.engine.serial import card_from_json, card_to_json
from game.engine.serialize import SaveError, match_from_json, new_match
from game.i18n import _
from game.solver import PLAY_ORACLE
from game.store import (
    AUTOSAVE,
    FinishedMatch,
    HandRecord,
    HistoryStore,
    MatchRecord,
    Store,
    StoreError,
)
from game.store.atomic import FileTooLarge, NotARegularFile, read_limited
from game.store.errors import StoreWriteError
from game.store.jsonfile import BadFile, parse_json
from game.store.saves import (
    EARLIEST_SAVE,
    LATEST_SAVE,
    MAX_SAVE_BYTES,
    MAX_SEATS,
    SaveSummary,
    dated,
    parse_save,
)
from game.store.seats import COMPUTER_KINDS, MAX_NAME_LENGTH
from game.store.seats import Seat as Seat  # re-exported: the session's seat is the store's
from game.store.stats import MAX_HINTS

#: When a saved match may have started (seconds since 1970, the saves' own date range):
#: a time outside it would crash recording the match's statistics at its end.
EARLIEST_START = EARLIEST_SAVE.timestamp()
LATEST_START = LATEST_SAVE.timestamp()
#: The most melds (and cards in a meld) a save's table places are read for: far more
#: than any table holds
MAX_PLACES = 500


#: What the store raises when asked to write, move or remove a save: its own errors (a bad
#: slot name, a file that cannot be written), a listing it refuses (ValueError) and the
#: disk's (OSError). The one list: every save and load turns them into ``SaveFailed``.
STORE_ERRORS = (StoreError, ValueError, OSError)


class SaveFailed(Exception):
    """A game that could not be saved or loaded; the message says why, in the player's
    words. ``store_messages``: what the store recorded on the way (a file it moved aside)
    that the message does not already tell."""

    def __init__(self, message: str, store_messages: Sequence[object] = ()) -> None:
        super().__init__(message)
        self.store_messages = tuple(store_messages)


class SaveListing(Protocol):
    """What a save's listing says about its game (``game.store.SlotInfo``)."""

    @property
    def variant(self) -> str: ...
    @property
    def players(self) -> Sequence[str]: ...
    @property
    def scores(self) -> Sequence[int | float]: ...
    @property
    def hand(self) -> int: ...


@dataclass(frozen=True)
class NetworkSeats:
    """A game hosted for play on the local network (``game.net``): which seats are played
    from other computers (their ``Seat`` is human: people play them) and, for each, the
    computer level that takes it over when its player drops out. A save holding it
    reopens the host's lobby on resuming."""

    remote: tuple[int, ...]
    levels: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {"remote": list(self.remote), "levels": list(self.levels)}

    @classmethod
    def from_json(cls, data: Any, seats: int) -> NetworkSeats:
        """The network seats of a save with ``seats`` seats; SaveError when malformed."""
        if not isinstance(data, dict):
            raise SaveError(_('saved game\'s "network" must be an object'))
        remote, levels = data.get("remote"), data.get("levels")
        if not isinstance(remote, list) or not isinstance(levels, list) \
                or len(remote) != len(levels) or len(set(map(repr, remote))) != len(remote):
            raise SaveError(_('saved game\'s "network" must list its seats and their levels'))
        for seat in remote:
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < seats:
                raise SaveError(_("saved game's network seat {seat} is not a seat").format(
                    seat=f"{seat!r:.20}"))
        for level in levels:
            if level not in COMPUTER_KINDS:
                raise SaveError(_("saved game's network level {level} is not a level").format(
                    level=f"{level!r:.20}"))
        return cls(tuple(remote), tuple(levels))


@dataclass(frozen=True)
class FairSeed:
    """A hosted network game's proof of fair deals (``game.net.fair``): the ``commitment``
    its joiners were sent before the first deal and the ``salt`` that, with the match's seed,
    makes it (``machiavelli verify`` checks a save's)."""

    commitment: str
    salt: str

    def to_json(self) -> dict[str, Any]:
        return {"commitment": self.commitment, "salt": self.salt}

    @classmethod
    def from_json(cls, data: Any) -> FairSeed:
        """The proof in a save; SaveError when malformed."""
        if not isinstance(data, dict) or not isinstance(data.get("commitment"), str) \
                or not isinstance(data.get("salt"), str) or len(data["commitment"]) > 128 \
                or len(data["salt"]) > 128:
            raise SaveError(_('saved game\'s "fair" must hold a commitment and a salt'))
        return cls(data["commitment"], data["salt"])


@dataclass
class GameSession:
    match: GameState  # either family's match (``game.engine.protocol``)
    seats: list[Seat]
    started_at: float = field(default_factory=time.time)
    recorded: bool = False  # statistics written for the finished match
    hints: int = 0  # hints the human seats took (the statistics mark a win with hints)
    network: NetworkSeats | None = None  # hosted for network play (``game.net``)
    #: the table's melds in the order they lay on the felt when the game was last saved
    #: (the manipulation table's places), so that Continue lays them out as they were;
    #: None: as the match holds them. A view of the game, never a rule: a save whose
    #: places cannot be read loads with the match's order.
    places: list[list[Card]] | None = None
    #: the cards each seat drew last, as the table marks them in that seat's hand (and
    #: names them to a hot-seat player when next uncovered); kept by the save so that a
    #: loaded game still tells them. A view of the game, never a rule: unreadable, none.
    drawn: dict[int, list[Card]] | None = None
    fair: FairSeed | None = None  # a hosted network game's commitment to its seed

    @classmethod
    def new(cls, variant_id: str, options: dict[str, Any], seats: list[Seat],
            seed: int) -> GameSession:
        """A new match of the variant dealt from ``seed``, its must-play question answered by
        the solver."""
        match = new_match(variant_id, len(seats), seed, options, [s.name for s in seats],
                          PLAY_ORACLE)
        return cls(match, seats)

    @property
    def humans(self) -> list[int]:
        """The seats people play at this screen (a hosted game's network seats are played
        at other screens: people, but not here)."""
        remote = self.network.remote if self.network is not None else ()
        return [i for i, seat in enumerate(self.seats) if seat.is_human and i not in remote]

    @property
    def hot_seat(self) -> bool:
        return len(self.humans) > 1

    @property
    def key(self) -> str:
        """What names this match in the statistics and the history: its variant, seed and
        start (a save keeps all three), so that recording it again, after a kill between
        recording it and removing its autosave, is known for what it is and ignored."""
        named = f"{self.match.variant_id}/{self.match.seed}/{self.started_at!r}"
        return hashlib.sha256(named.encode("utf-8")).hexdigest()

    @property
    def deal_shown(self) -> bool:
        """May a screen show the match's deal number, or a hand's stock order? From either,
        every hidden hand is rebuilt (``new_match``), so only when no other person's hand
        is hidden by it: once the match is over, or in a one-person game (the rest of the
        seats computers). A hot-seat table and a hosted network game keep both back."""
        return self.match.over or sum(1 for seat in self.seats if seat.is_human) <= 1

    def summary(self) -> dict[str, Any]:
        match = self.match
        return {
            "variant": match.variant.name, "variant_id": match.variant_id,
            "players": [s.name for s in self.seats], "kinds": [s.kind for s in self.seats],
            "scores": [points_number(t) for t in match.totals], "hand": match.deal.number + 1,
        }

    def to_json(self) -> dict[str, Any]:
        data = {
            "match": self.match.to_json(),
            "seats": [seat.to_json() for seat in self.seats],
            "started_at": self.started_at, "recorded": self.recorded,
        }
        if self.hints:  # only then: a save without hints is written as before
            data["hints"] = self.hints
        if self.network is not None:  # only then, likewise
            data["network"] = self.network.to_json()
        if self.places:  # likewise
            data["places"] = [[card_to_json(card) for card in meld] for meld in self.places]
        if self.drawn:  # likewise
            data["drawn"] = {str(seat): [card_to_json(card) for card in cards]
                             for seat, cards in self.drawn.items()}
        if self.fair is not None:  # likewise
            data["fair"] = self.fair.to_json()
        return data

    @classmethod
    def from_json(cls, data: Any, listing: SaveListing | None = None) -> GameSession:
        """The session in a save's ``data``, checked as every reader of a save checks it (the
        Load screen, Continue, the start-up check, ``machiavelli review``, the review of a
        kept match): read, replayed from its seed and log, and, given the save's
        ``listing``, found to be what the listing says. SaveError naming the problem,
        whatever is wrong with the data: nothing else escapes."""
        try:
            session = cls._read(data)
        except SaveError:
            raise
        except RecursionError:
            raise SaveError(_("it is damaged (nested too deeply)")) from None
        except (TypeError, ValueError, AttributeError, LookupError, ArithmeticError) as error:
            raise SaveError(_("it is damaged ({error})").format(
                error=error.__class__.__name__)) from None
        if listing is not None:
            problem = session.summary_problem(listing)
            if problem is not None:
                raise SaveError(problem)
        return session

    @classmethod
    def _read(cls, data: Any) -> GameSession:
        """The session saved in ``data``; SaveError naming the problem if any field is of
        the wrong type or out of range, or the match does not replay."""
        if not isinstance(data, dict):
            raise SaveError(_("saved game is not a JSON object"))
        seats = _seats(data.get("seats"))
        started_at = _started_at(data.get("started_at", time.time()))
        recorded = data.get("recorded", False)
        if not isinstance(recorded, bool):
            raise SaveError(_('saved game\'s "recorded" must be true or false, not {value}').format(
                value=f"{recorded!r:.40}"))
        hints = data.get("hints", 0)
        if isinstance(hints, bool) or not isinstance(hints, int) or not 0 <= hints <= MAX_HINTS:
            raise SaveError(_('saved game\'s "hints" must be a count from 0 to {n}, not {value}')
                            .format(n=MAX_HINTS, value=f"{hints!r:.40}"))
        match_data = data.get("match")
        if not isinstance(match_data, dict):
            raise SaveError(_("saved game's match is missing or not a JSON object"))
        match = match_from_json(match_data, PLAY_ORACLE)
        if len(seats) != match.players:
            raise SaveError(_("saved game has {seats} seats for {players} players").format(
                seats=len(seats), players=match.players))
        if list(match.names) != [seat.name for seat in seats]:
            raise SaveError(_("saved game's seat names differ from its match's player names"))
        network = data.get("network")
        if network is not None:
            network = NetworkSeats.from_json(network, len(seats))
        fair = data.get("fair")
        return cls(match, seats, started_at, recorded, hints, network,
                   _places(data.get("places")), _drawn(data.get("drawn"), len(seats)),
                   FairSeed.from_json(fair) if fair is not None else None)

    def summary_problem(self, listing: SaveListing) -> str | None:
        """What a save's listing says that replaying its game does not give, or None."""
        actual = self.summary()
        claims = (
            ("variant", listing.variant, actual["variant"]),
            ("players", list(listing.players), actual["players"]),
            ("scores", list(listing.scores), actual["scores"]),
            ("hand", listing.hand, actual["hand"]),
        )
        for name, said, found in claims:
            if said != found:
                return (f"its listing says {name} {_short(said)}, but replaying its moves "
                        f"gives {_short(found)}")
        return None

    # --- the store

    def save(self, store: Store, slot: str = AUTOSAVE) -> None:
        """Write this session to ``slot`` (the autosave unless named); SaveFailed saying
        why if the store refuses it."""
        try:
            store.saves.write(slot, self.to_json(), self.summary())
        except STORE_ERRORS as error:
            raise SaveFailed(_store_words(error)) from error

    @classmethod
    def load(cls, store: Store, slot: str = AUTOSAVE) -> GameSession:
        """The game saved in ``slot``, checked (``from_json`` with its listing). SaveFailed
        saying why not: a file the store cannot read is moved aside by the store, one
        whose game cannot be played is set aside here, never deleted, so Continue and the
        saves list stop offering it."""
        name = slot_words(slot)
        mark = len(store.messages)
        try:
            saved = store.saves.load(slot)
        except ValueError as error:  # an invalid slot name
            raise SaveFailed(_("{name} cannot be opened: {error}").format(
                name=name, error=error)) from None
        if saved is None:
            raise SaveFailed(
                _("{name} could not be read; it was kept aside unchanged.").format(name=name),
                list(store.messages)[mark:])
        try:
            return cls.from_json(saved.payload, saved.info)
        except SaveError as error:
            problem = str(error)
        kept = store.saves.set_aside(slot, _("the game cannot be loaded: {problem}").format(
            problem=problem))
        where = _("; it was kept as {name}").format(name=kept.name) if kept is not None else ""
        raise SaveFailed(_("{name} could not be loaded: {problem}{where}.").format(
            name=name, problem=problem, where=where))

    @classmethod
    def from_file(cls, path: Path) -> GameSession:
        """The game in the save file at ``path`` (``machiavelli review`` and ``replay``): read
        as the store reads a save, then ``from_document``; SaveFailed naming the problem."""
        return cls.from_document(_read_save_file(path), path)

    @classmethod
    def from_document(cls, data: Any, path: Path | None = None) -> GameSession:
        """A session from a save file's JSON (the file at ``path``, named in the problems):
        the store's save, checked as the Load screen checks it (its envelope, its game
        replayed, its listing compared with the replay), or a bare session (a ``GameSession``'s
        JSON, no listing to compare); SaveFailed naming the problem."""
        listing = None
        if isinstance(data, dict) and "game" in data:  # the store's save, not a bare session
            where = Path("save.json") if path is None else path
            try:
                saved = parse_save(data, where)
            except BadFile as bad:
                raise SaveFailed(_("{path}: {problem}").format(path=where, problem=bad.problem)) \
                    from None
            except Exception as error:  # untrusted content: no surprise may escape
                raise SaveFailed(_("{path}: has unexpected content ({error})").format(
                    path=where, error=type(error).__name__)) from None
            data, listing = saved.payload, saved.info
        try:
            return cls.from_json(data, listing)
        except SaveError as error:
            raise SaveFailed(str(error)) from None


def _read_save_file(path: Path) -> object:
    """The JSON in the save file at ``path``, read as the store reads a save (size-capped,
    never blocking, no NaN or Infinity); SaveFailed naming the problem."""
    try:
        if not path.is_file():
            raise SaveFailed((_("{path}: no such file") if not path.exists()
                               else _("{path}: not a file")).format(path=path))
        raw = read_limited(path, MAX_SAVE_BYTES)  # never blocks on a pipe swapped in
    except FileTooLarge:
        raise SaveFailed(_("{path}: larger than a save can be ({n} bytes)").format(
            path=path, n=MAX_SAVE_BYTES)) from None
    except NotARegularFile:
        raise SaveFailed(_("{path}: not a file").format(path=path)) from None
    except OSError as error:
        raise SaveFailed(_("cannot read {path}: {error}").format(
            path=path, error=error.strerror or error)) from None
    try:
        return parse_json(raw.decode("utf-8"))  # as the store reads it: no NaN, no Infinity
    except UnicodeDecodeError:
        raise SaveFailed(_("{path}: not a saved game (not UTF-8 text)").format(
            path=path)) from None
    except RecursionError:
        raise SaveFailed(_("{path}: not a saved game (JSON nested too deeply)").format(
            path=path)) from None
    except ValueError as error:
        raise SaveFailed(_("{path}: not a saved game (not JSON: {error})").format(
            path=path, error=error)) from None


def slot_words(slot: str) -> str:
    """A save slot as a sentence names it: "The autosave", or 'The save "Friday"'."""
    return _("The autosave") if slot == AUTOSAVE else _('The save "{slot}"').format(slot=slot)


def check_saves(store: Store) -> None:
    """Read every save once (at start-up): one that is damaged, or whose game does not
    replay to what its listing says, is moved aside now (never deleted) with a store
    message, rather than offered and failing (or crashing) later. A save the game wrote,
    or found sound, and unchanged since is not replayed again."""
    saves = store.saves
    for slot in saves.unchecked():
        saved = saves.load(slot)
        if saved is None:
            continue
        try:
            GameSession.from_json(saved.payload, saved.info)
        except SaveError as error:
            saves.set_aside(slot, _("the game cannot be loaded: {problem}").format(
                problem=error))
        else:
            saves.mark_checked(slot)


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _seats(data: Any) -> list[Seat]:
    if not isinstance(data, list) or not 1 <= len(data) <= MAX_SEATS:
        raise SaveError(_("saved game must have a list of 1-{n} seats").format(n=MAX_SEATS))
    seats = []
    for number, item in enumerate(data, 1):
        try:
            seats.append(Seat.from_json(item))
        except ValueError as error:
            raise SaveError(_("saved game's seat {n} is not valid: {error}").format(
                n=number, error=error)) from None
    return seats


def _places(data: Any) -> list[list[Card]] | None:
    """The table's places in a save (``GameSession.places``); None where there are none or
    they cannot be read (the match's own order is used: nothing of the game is lost)."""
    if not isinstance(data, list) or not 0 < len(data) <= MAX_PLACES:
        return None
    places = []
    for meld in data:
        if not isinstance(meld, list) or not 0 < len(meld) <= MAX_PLACES:
            return None
        try:
            places.append([card_from_json(card) for card in meld])
        except (NotationError, ValueError, TypeError):
            return None
    return places


def _drawn(data: Any, seats: int) -> dict[int, list[Card]] | None:
    """The cards each seat drew last, in a save (``GameSession.drawn``); None where there
    are none or they cannot be read (nothing of the game is lost)."""
    if not isinstance(data, dict) or not 0 < len(data) <= seats:
        return None
    drawn: dict[int, list[Card]] = {}
    for key, cards in data.items():
        if not isinstance(key, str) or not key.isdigit() or not 0 <= int(key) < seats \
                or not isinstance(cards, list) or not 0 < len(cards) <= MAX_PLACES:
            return None
        try:
            drawn[int(key)] = [card_from_json(card) for card in cards]
        except (NotationError, ValueError, TypeError):
            return None
    return drawn


def _started_at(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise SaveError(_('saved game\'s "started_at" must be a number, not {value}').format(
            value=f"{value!r:.40}"))
    if not (math.isfinite(value) and EARLIEST_START <= value < LATEST_START):
        raise SaveError(
            _('saved game\'s "started_at" {value} is out of range (a time between {first} '
              "and {last})").format(value=f"{value:.6g}", first=EARLIEST_SAVE.year,
                                    last=LATEST_SAVE.year - 1))
    return float(value)


# --------------------------------------------------------------------------- the store


def _store_words(error: Exception, removing: bool = False) -> str:
    """What the store's ``error`` says, in the player's language where it is a file the
    system would not write (or, ``removing``, remove): the system's reason in its words."""
    cause = error.__cause__
    if isinstance(error, StoreWriteError) and isinstance(cause, OSError) and cause.strerror:
        words = (_("{path}: cannot be deleted ({reason})") if removing
                 else _("{path}: cannot be written ({reason})"))
        return words.format(path=error.path, reason=cause.strerror)
    return str(error)


def clear_autosave(store: Store) -> None:
    """Remove the autosave (its match is over); SaveFailed saying why if it could not be."""
    try:
        store.saves.delete(AUTOSAVE)
    except STORE_ERRORS as error:
        raise SaveFailed(_("The autosave could not be removed: {error}").format(
            error=_store_words(error, removing=True))) from error


def _moment(epoch: float) -> datetime:
    return datetime.fromtimestamp(epoch, UTC)


def match_record(session: GameSession, hand_times: Mapping[int, tuple[float, float]],
                 now: float | None = None) -> MatchRecord | None:
    """The statistics record of the session's finished match (None while it goes on):
    its hands timed by ``hand_times`` (hand number: start, end; a hand without times
    spans the whole match), finished at ``now`` (the current time if None)."""
    match = session.match
    if match.result is None:
        return None
    if now is None:
        now = time.time()
    start = session.started_at
    hands: list[HandRecord] = []
    for number, result in enumerate(match.history):
        began, ended = hand_times.get(number, (start, now))
        winner = result.winners[0] if len(result.winners) == 1 else None
        scores = [points_number(p) for p in result.points]
        hands.append(HandRecord(number + 1, scores, winner, _moment(began),
                                _moment(max(began, ended))))
    final = match.result
    winner = final.winners[0] if len(final.winners) == 1 else None
    return MatchRecord(
        variant=match.variant_id,
        seats=[Seat(s.name[:MAX_NAME_LENGTH], s.kind) for s in session.seats],
        scores=[points_number(t) for t in final.totals],
        winner_seat=winner,
        started_at=_moment(start),
        finished_at=_moment(now),
        options=dict(match.options),
        hands=hands,
        higher_is_better=match.variant.higher_score_wins,
        hints=session.hints,
        key=session.key,
    )


def record_match(store: Store, session: GameSession,
                 hand_times: Mapping[int, tuple[float, float]]) -> str | None:
    """Record a finished match in the statistics once (``session.recorded``); a problem
    text if the store refused it."""
    if session.recorded:
        return None
    record = match_record(session, hand_times)
    if record is None:
        return None
    session.recorded = True
    kept = keep_finished(store, session)
    try:
        recorded = store.stats.record_match(record)
    except (ValueError, OverflowError, StoreError) as error:
        return f"The match could not be added to the statistics: {error}"
    if recorded is None:  # not written (a full disk...): the store kept what it held
        reason = store.stats.last_problem or _("the statistics cannot be written")
        written = _("The result of this match could not be written to the statistics "
                    "({reason}); the matches recorded before are kept, and the next result "
                    "will be tried again.").format(reason=reason)
        return f"{written} {kept}" if kept else written
    return kept


def keep_finished(store: Store, session: GameSession) -> str | None:
    """Keep the finished match in the history (replayed for review from the statistics
    screen); a problem text if the store refused it."""
    try:
        HistoryStore.at(store.paths, store.messages).add(FinishedMatch(
            dated(datetime.now(UTC)), SaveSummary.from_json(session.summary()),
            session.to_json(),
            session.key))
    except STORE_ERRORS as error:
        return f"The match could not be kept for review: {error}"
    return None
