"""Property tests: random seeded matches of every variant driven by random legal and illegal
actions. After every action each card is in exactly one place and the table is valid; a
refused action changes nothing; replaying the log reproduces the state."""

from __future__ import annotations

import itertools
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine.actions import Abandon, Draw, EndTurn, Knock, NextHand, Pass, Play, StartPlay
from game.engine.cards import SUITS, Face
from game.engine.errors import IllegalAction
from game.engine.match import Match
from game.engine.melds import check_meld
from game.engine.serialize import match_from_json, match_to_json
from game.engine.table import Table
from game.engine.turn import check_turn
from game.engine.variants import VARIANTS
from game.solver import PLAY_ORACLE, best_play

MAX_ACTIONS = 30
SOLVER_WORK = 800_000  # arrange.Work units (about two seconds here)
SIMPLE = {"draw": Draw, "pass": Pass, "knock": Knock, "end_turn": EndTurn, "abandon": Abandon,
          "start_play": StartPlay}


def snapshot(match: Match) -> tuple[str, str, int]:
    return match.digest(), json.dumps(match.state_json(), sort_keys=True), len(match.log)


def assert_sound(match: Match) -> None:
    assert match.check_invariants() == []
    table = match.deal.table
    for meld in table.melds:
        assert check_meld(meld, match.variant, table.declared).ok
    for seat in range(match.players):
        view = match.view(seat)
        assert view.hand == tuple(match.deal.hands[seat])


def try_apply(match: Match, action) -> bool:
    """Apply; if refused, nothing may have changed."""
    before = snapshot(match)
    try:
        match.apply(action)
    except IllegalAction as error:
        assert error.problems and all(p.message for p in error.problems)
        assert snapshot(match) == before
        return False
    assert match.log[-1] is action
    return True


def candidate_melds(table: Table, hand: list, rng: random.Random):
    """Changes that may well be legal, as (meld index or None for a new meld, new meld):
    a hand or free card added to an end of a meld, or a set or run of three (maybe with a
    joker) made from hand cards."""
    out: list[tuple[int | None, list]] = []
    for index, meld in enumerate(table.melds):
        for card in list(hand) + list(table.free):
            out.append((index, [card, *meld]))
            out.append((index, [*meld, card]))
    by_rank: dict[int, list] = {}
    by_suit: dict[str, dict] = {}
    jokers = [c for c in hand if c.is_joker]
    for card in hand:
        if not card.is_joker:
            by_rank.setdefault(card.rank, []).append(card)
            by_suit.setdefault(card.suit, {})[card.rank] = card
    for cards in by_rank.values():
        distinct = list({c.suit: c for c in cards}.values())
        out.extend((None, list(group)) for group in itertools.combinations(distinct, 3))
        out.extend((None, [a, b, j]) for a, b in itertools.combinations(distinct, 2)
                   for j in jokers[:1])
    for ranks in by_suit.values():
        for low in range(1, 13):
            if low in ranks and low + 1 in ranks and low + 2 in ranks:
                out.append((None, [ranks[low], ranks[low + 1], ranks[low + 2]]))
            if low in ranks and low + 1 in ranks and jokers:
                out.append((None, [ranks[low], ranks[low + 1], jokers[0]]))
        if 12 in ranks and 13 in ranks and 1 in ranks:
            out.append((None, [ranks[12], ranks[13], ranks[1]]))
    rng.shuffle(out)
    return out


def legal_play(match: Match, rng: random.Random) -> Play | None:
    """A greedy legal play: keep adding cards while the end table stays legal."""
    h = match.deal
    seat = h.current
    start, hand = h.table, h.hands[seat]
    current, remaining = start, list(hand)
    for _ in range(4):
        found = None
        for index, meld in candidate_melds(current, remaining, rng)[:40]:
            if not check_meld(meld, match.variant, current.declared).ok:
                continue
            melds = [list(m) for m in current.melds]
            if index is None:
                melds.append(meld)
            else:
                melds[index] = meld
            candidate = Table.of(melds, [c for c in current.free if c not in meld],
                                 current.declared)
            result = check_turn(match.variant, start, hand, candidate, h.opened[seat])
            if result.ok:
                found = result.table
                break
        if found is None:
            break
        current = found
        on_table = set(current.cards())
        remaining = [c for c in hand if c not in on_table]
    action = Play(seat, current)
    return action if current is not start and match.can(action) else None


def solver_play(match: Match) -> Play | None:
    """The exact solver's best play, if the player may play now."""
    if "play" not in match.legal_kinds():
        return None
    h = match.deal
    try:
        # a work budget keeps the suite quick; a rare hard position just goes unused here
        best = best_play(match.variant, h.table, h.hands[h.current], h.opened[h.current],
                         work=SOLVER_WORK)
    except TimeoutError:
        return None
    return None if best is None else Play(h.current, best.table)


def random_draft_play(match: Match, rng: random.Random) -> Play:
    """A random rearrangement through the draft API (legal or not), sometimes broken further
    (a table card dropped, i.e. sent back to a hand)."""
    draft = match.draft()
    for _ in range(rng.randint(1, 6)):
        groups = draft.groups
        choice = rng.random()
        try:
            if choice < 0.45:
                pool = list(draft.hand) + list(draft.free) + [c for g in groups for c in g]
                if pool:
                    card = rng.choice(pool)
                    target = rng.randrange(len(groups) + 1) if groups else None
                    draft.move(card, None if target == len(groups) else target)
            elif choice < 0.6 and groups:
                index = rng.randrange(len(groups))
                if len(groups[index]) > 1:
                    draft.split(index, rng.randrange(1, len(groups[index])))
            elif choice < 0.7 and len(groups) > 1:
                draft.merge(rng.randrange(len(groups)), rng.randrange(len(groups)))
            elif choice < 0.8:
                jokers = [c for g in groups for c in g if c.is_joker]
                if jokers:
                    joker = rng.choice(jokers)
                    if rng.random() < 0.5:
                        draft.declare(joker, Face(rng.randint(1, 13), rng.choice(SUITS)))
                    else:
                        real = rng.choice(list(draft.hand) or [joker])
                        if not real.is_joker:
                            draft.release(joker, real)
            elif choice < 0.9 and draft.played():
                draft.send_back(rng.choice(draft.played()))
            elif draft.can_undo:
                draft.undo()
        except IllegalAction:
            pass
    table = draft.table()
    if rng.random() < 0.15 and table.melds:
        melds = [list(m) for m in table.melds]
        meld = rng.choice(melds)
        meld.pop(rng.randrange(len(meld)))
        table = Table.of([m for m in melds if m], table.free, table.declared)
    return Play(match.current, table)


def step(match: Match, rng: random.Random) -> None:
    if match.hand_over:
        if rng.random() < 0.2:
            try_apply(match, Draw(match.current))  # refused: the hand is over
        assert try_apply(match, NextHand(None)) or match.over
        return
    roll = rng.random()
    seat = match.current
    if roll < 0.2:
        try_apply(match, random_draft_play(match, rng))
        return
    if roll < 0.3:
        # anything at all, maybe by the wrong player: legal or refused, never corrupting
        kind = rng.choice(list(SIMPLE))
        player = rng.choice([seat, (seat + 1) % match.players])
        try_apply(match, SIMPLE[kind](player))
        if rng.random() < 0.2:
            try_apply(match, NextHand(None))
        return
    action = legal_play(match, rng)
    kinds = [k for k in match.legal_kinds() if k != "play"]
    if action is None and (not kinds or roll < 0.38):
        action = solver_play(match)  # rearrangements the greedy search does not find
    if action is not None:
        assert try_apply(match, action), "a play that can() accepted was refused"
        return
    if len(kinds) > 1 and "abandon" in kinds and rng.random() < 0.8:
        kinds.remove("abandon")
    assert kinds, f"no legal action at all: {match.legal_kinds()}"
    kind = rng.choice(kinds)
    assert try_apply(match, SIMPLE[kind](seat))


def deal_options(variant_id: str, players: int, deal: str) -> dict[str, object]:
    """Options that make hands end within few actions: one pack dealt out but for a short
    stock, so the stock runs out (or someone goes out) and the next hand is dealt."""
    if deal == "short stock":
        variant = VARIANTS[variant_id]
        jokers = variant.deck_for(players)[1]
        size = min(14, (52 + jokers - variant.free_cards - 8) // max(players,
                                                                       variant.min_players))
        return {"packs": 1, "jokers": jokers, "hand_size": size}
    return {}


def run_random_match(variant_id: str, seed: int, players: int, actions: int,
                     options: dict | None = None) -> Match:
    match = Match(variant_id, players, seed, options, oracle=PLAY_ORACLE)
    rng = random.Random(seed)
    assert_sound(match)
    for _ in range(actions):
        if match.over:
            break
        step(match, rng)
        assert_sound(match)
    return match


def assert_replays(match: Match) -> None:
    digest = match.digest()
    assert match.clone().digest() == digest
    saved = json.loads(json.dumps(match_to_json(match)))
    loaded = match_from_json(saved, oracle=PLAY_ORACLE)
    assert loaded.digest() == digest
    assert json.dumps(loaded.state_json(), sort_keys=True) == json.dumps(
        match.state_json(), sort_keys=True)
    assert len(loaded.log) == len(match.log)


@pytest.mark.parametrize("variant_id", list(VARIANTS))
@settings(max_examples=20, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_random_matches_keep_every_invariant(variant_id, data):
    variant = VARIANTS[variant_id]
    seed = data.draw(st.integers(0, 2**32 - 1), label="seed")
    players = data.draw(st.integers(variant.min_players, min(variant.max_players, 4)),
                        label="players")
    options = data.draw(st.sampled_from(["standard", "short stock", "short stock"]).map(
        lambda deal: deal_options(variant_id, players, deal)), label="options")
    if data.draw(st.booleans(), label="short match"):
        options["match"] = "hands:2"
    match = run_random_match(variant_id, seed, players, MAX_ACTIONS, options)
    assert_replays(match)


@pytest.mark.parametrize("variant_id", list(VARIANTS))
def test_a_random_match_plays_to_its_end(variant_id):
    """Hands end (out or empty stock), the next is dealt, and the match ends; the finished
    match replays."""
    variant = VARIANTS[variant_id]
    options = deal_options(variant_id, variant.min_players, "short stock")
    options["match"] = "hands:2"
    match = run_random_match(variant_id, 4321, variant.min_players, 400, options)
    assert match.over, f"not over after 400 actions: {len(match.history)} hands"
    assert len(match.history) == 2 and match.result is not None
    assert any(action.kind == "play" for action in match.log)
    assert any(action.kind == "next_hand" for action in match.log)
    assert match.legal_kinds() == ()
    assert_replays(match)


def test_a_tampered_save_is_refused():
    match = run_random_match("machiavelli", 77, 2, 20)
    saved = match_to_json(match)
    saved["snapshot"]["totals"][0] += 1
    with pytest.raises(Exception, match="snapshot"):
        match_from_json(saved, oracle=PLAY_ORACLE)


def test_save_errors_name_the_problem():
    from game.engine.serialize import SaveError

    match = run_random_match("carousel", 5, 2, 15, {"culbertson": True})
    good = json.loads(json.dumps(match_to_json(match)))
    assert match_from_json(good, oracle=PLAY_ORACLE).digest() == match.digest()
    assert match_from_json(good, oracle=PLAY_ORACLE).options == {"culbertson": True}
    cases = [
        ({**good, "schema": 99}, "newer"),
        ({k: v for k, v in good.items() if k != "seed"}, "lacks the field 'seed'"),
        ({**good, "log": good["log"] + [{"type": "teleport", "player": 0}]}, "does not replay"),
        ({**good, "log": good["log"] + [{"type": "knock", "player": 1 - match.current}]},
         "does not replay"),
        ({**good, "variant": "poker"}, "does not replay"),
        ({**good, "seed": good["seed"] + 1}, "does not replay|snapshot"),
        ("not a dict", "JSON object"),
    ]
    for data, words in cases:
        with pytest.raises(SaveError, match=words):
            match_from_json(data, oracle=PLAY_ORACLE)


def test_names_must_match_the_players():
    with pytest.raises(IllegalAction, match="3 players need 3 names"):
        Match("machiavelli", 3, seed=1, names=["Ann", "Bob"], oracle=PLAY_ORACLE)
