"""The versioned JSON of a match of either family: schema, variant and options, seats, seed,
action log and a snapshot of the state. Loading replays the log from the seed and checks
the result against the snapshot, so a save can never load into a state the rules could
not have reached.

Each family's match class implements ``to_json`` / ``from_json`` (``GameState``) with these
two routines, giving its own constructor and action reader; ``game.engine.serialize``
picks the class by the variant's family.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from game.engine.actions import Action
from game.engine.errors import EngineError, NotationError
from game.engine.protocol import GameState
from game.engine.variants import Family, get_variant
from game.i18n import _

SCHEMA = 1

M = TypeVar("M", bound="GameState")

#: Makes a fresh match: (variant id, players, seed, options, names) -> match.
Create = Callable[[str, int, int, dict[str, Any], Sequence[str] | None], M]


class SaveError(EngineError, ValueError):
    """A saved match that cannot be loaded; the message says why."""


def match_json(match: GameState) -> dict[str, Any]:
    """``match`` as its versioned save JSON."""
    return {
        "schema": SCHEMA,
        "variant": match.variant_id,
        "options": dict(match.options),
        "players": match.players,
        "names": list(match.names),
        "seed": match.seed,
        "log": [action.to_json() for action in match.log],
        "snapshot": match.state_json(),
    }


def saved_family(data: object) -> Family:
    """The family of the variant a save names; SaveError when the save is no match or names
    no known variant."""
    check_header(data)
    assert isinstance(data, dict)
    try:
        return get_variant(data["variant"], data.get("options") or {}).family
    except KeyError as missing:
        raise SaveError(_("saved match lacks the field {field}").format(field=missing)) \
            from None
    except (EngineError, TypeError, ValueError) as error:
        raise SaveError(_("saved match does not replay: {error}").format(error=error)) \
            from None


def check_header(data: object) -> None:
    """SaveError unless ``data`` has the shape of a saved match: a schema this game reads,
    options that are an object, whole numbers for the seats and the seed (never a float,
    NaN or Infinity). Whether it replays is ``replay_saved``'s to say."""
    if not isinstance(data, dict):
        raise SaveError(_("a saved match must be a JSON object"))
    schema = data.get("schema")
    if not isinstance(schema, int) or schema > SCHEMA:
        raise SaveError(_("saved match schema {schema} is newer than this game ({ours})").format(
            schema=f"{schema!r:.40}", ours=SCHEMA))
    options = data.get("options")
    if options is not None and not isinstance(options, dict):
        raise SaveError(_('saved match\'s "options" must be an object, not {value}').format(
            value=f"{options!r:.40}"))
    for field in ("players", "seed"):
        value = data.get(field)
        if field in data and (isinstance(value, bool) or not isinstance(value, int)):
            raise SaveError(_('saved match\'s "{field}" must be a whole number, not {value}')
                            .format(field=field, value=f"{value!r:.40}"))


def replay_saved(data: object, family: Family, create: Create[M],
                    read_action: Callable[[dict[str, Any]], Action]) -> M:
    """The match a save holds, made by ``create`` and replayed with its actions read by
    ``read_action``; SaveError naming what is wrong, also when the save's variant is not
    of ``family``."""
    if saved_family(data) != family:
        raise SaveError(_("saved match is not a {family} game").format(family=family))
    assert isinstance(data, dict)
    try:
        log = [read_action(item) for item in data["log"]]
        names = data.get("names") or None
        match = create(data["variant"], int(data["players"]), int(data["seed"]),
                       data.get("options") or {}, names)
        for action in log:
            match.apply(action)
    except KeyError as missing:
        raise SaveError(_("saved match lacks the field {field}").format(field=missing)) \
            from None
    except (EngineError, NotationError, TypeError, ValueError) as error:
        raise SaveError(_("saved match does not replay: {error}").format(error=error)) \
            from None
    snapshot = data.get("snapshot")
    if snapshot is not None and snapshot != match.state_json():
        raise SaveError(_("saved match's snapshot does not match its replayed log"))
    return match
