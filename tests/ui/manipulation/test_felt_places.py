"""The felt's places, as a player states them (issue 43): a meld nobody touched never moves,
a meld that grows extends in place, only a meld that no longer fits its place moves (alone),
a new meld takes the first free place, and the order the engine hands the melds over in
does not matter."""

from __future__ import annotations

from game.engine.cards import Card, parse_cards
from game.ui.cardtable.felt_places import SPARE, Felt, FeltPlaces, MeldPlace


def cards(text: str) -> list[Card]:
    return parse_cards(text)[0]


def width(count: int, wide: bool = False) -> float:
    """A meld of ``count`` cards: a card 60 wide, each further card 30 more."""
    return 60 + (count - 1) * 30 + (10 if wide else 0)


FELT = Felt((600,), (3,), 10, width)


def lay(places: FeltPlaces, *melds: list[Card], felt: Felt = FELT,
        regions: list[int] | None = None) -> list[MeldPlace | None]:
    given = [(m, (regions or [0] * len(melds))[i], True) for i, m in enumerate(melds)]
    placed, _full, _tight = places.arrange(given, felt)
    return placed


def corner(place: MeldPlace | None) -> tuple[int, int, float]:
    assert place is not None
    return (place.region, place.row, place.x)


def test_untouched_melds_never_move_whatever_happens_around_them() -> None:
    places = FeltPlaces()
    a, b, c, d = cards("3H 4H 5H"), cards("7C 7D 7S"), cards("9S 10S JS"), cards("KC KD KH")
    first = [corner(p) for p in lay(places, a, b, c, d)]
    # a new meld takes the first free place in reading order, with room to grow
    assert first[0] == (0, 0, 0.0) and first[1][1] == 0 and first[1][2] > 0
    # a grows by two (beyond its room), b is broken up, a new meld comes: c and d stay put
    grown = a + cards("6H 7H")
    now = lay(places, d, grown, c, cards("QC QD QS"))
    assert corner(now[0]) == first[3] and corner(now[2]) == first[2]
    # handed over in another order, nothing moves
    again = lay(places, c, cards("QC QD QS"), d, grown)
    assert corner(again[0]) == first[2] and corner(again[2]) == first[3]
    assert corner(again[3]) == corner(now[1]) and corner(again[1]) == corner(now[3])


def test_a_meld_that_grows_extends_in_place_while_it_fits() -> None:
    places = FeltPlaces()
    a, b = cards("3H 4H 5H"), cards("7C 7D 7S")
    first = lay(places, a, b)
    assert first[0] is not None and first[0].room == width(3 + SPARE)
    grown = lay(places, a + cards("6H"), b)  # within its room
    assert corner(grown[0]) == corner(first[0]) and corner(grown[1]) == corner(first[1])


def test_a_meld_that_outgrows_its_place_moves_alone_and_its_place_is_freed() -> None:
    places = FeltPlaces()
    a, b, c = cards("3H 4H 5H"), cards("7C 7D 7S"), cards("9C 9D 9H")
    first = lay(places, a, b, c)
    big = a + cards("6H 7H 8H")  # two more than its room, and b lies right after it
    now = lay(places, big, b, c)
    assert corner(now[1]) == corner(first[1]) and corner(now[2]) == corner(first[2])
    assert corner(now[0]) != corner(first[0])
    # its old place is free again: the next new meld takes it
    newest = lay(places, big, b, c, cards("QC QD QS"))
    assert corner(newest[3]) == corner(first[0])


def test_a_meld_that_gives_cards_away_keeps_its_left_edge() -> None:
    places = FeltPlaces()
    a, b = cards("3H 4H 5H 6H 7H"), cards("7C 7D 7S")
    first = lay(places, a, b)
    now = lay(places, cards("3H 4H 5H"), b + cards("7H"))
    assert corner(now[0]) == corner(first[0])


def test_the_larger_part_of_a_split_meld_keeps_the_place() -> None:
    places = FeltPlaces()
    run = cards("3H 4H 5H 6H 7H 8H 9H")
    first = lay(places, run)
    parts = lay(places, cards("3H 4H 5H"), cards("6H 7H 8H 9H"))
    assert corner(parts[1]) == corner(first[0])
    assert corner(parts[0]) != corner(first[0])


def test_sets_and_runs_apart_each_meld_in_its_own_region() -> None:
    places = FeltPlaces()
    felt = Felt((300, 300), (3, 3), 10, width)
    nines, fours, run = cards("9C 9H 9S"), cards("4C 4D 4S"), cards("6D 7D 8D")
    first = lay(places, nines, fours, run, felt=felt, regions=[0, 0, 1])
    # the nines break up and a new run takes the 9C: the fours and the run stay put
    now = lay(places, fours, run, cards("9C 10C JC"), felt=felt, regions=[0, 1, 1])
    assert corner(now[0]) == corner(first[1]) and corner(now[1]) == corner(first[2])
    assert now[2] is not None and now[2].region == 1
    # a new set takes the sets' free place, where the nines lay
    newest = lay(places, fours, run, cards("9C 10C JC"), cards("KC KD KH"), felt=felt,
                 regions=[0, 1, 1, 0])
    assert corner(newest[3]) == corner(first[0])


def test_a_full_felt_says_so_and_a_zoom_out_keeps_rows_and_order() -> None:
    places = FeltPlaces()
    places.card_h = 100
    tiny = Felt((300,), (1,), 10, width)
    a, b = cards("3H 4H 5H"), cards("7C 7D 7S")
    _placed, full, tight = places.arrange([(a, 0, True), (b, 0, True)], tiny)
    assert not full and tight  # both lie in the one row; a third meld would find no place
    third = (cards("9C 9D 9H"), 0, True)
    _placed, full, _tight = places.arrange([(a, 0, True), (b, 0, True), third], tiny)
    assert full
    places.arrange([(a, 0, True), (b, 0, True)], tiny)
    before = places.places()
    places.zoom_out(0.5, Felt((300,), (2,), 5, lambda count, wide: width(count, wide) / 2))
    after = places.places()
    assert places.card_h == 50 and places.zoom_outs == 1
    for meld, place in before.items():  # each keeps its row and its order in the row
        assert after[meld].row == place.row
    assert sorted(before, key=lambda m: before[m].x) == sorted(after, key=lambda m: after[m].x)
    # the left edges scale, and a meld's new edge clears its left neighbour's cards
    first, second = sorted(after.values(), key=lambda p: p.x)
    assert first.x == 0 and second.x >= first.x + width(3) / 2 + 5


def test_a_meld_never_grows_over_a_meld_put_in_its_unused_room() -> None:
    # a full row: a new meld may take room its neighbour keeps but does not use; when the
    # neighbour then grows into that room, it moves rather than lie over the newcomer
    places = FeltPlaces()
    felt = Felt((400,), (1,), 10, width)
    a, b = cards("3H 4H 5H"), cards("7C 7D 7S")
    lay(places, a, b, felt=felt)
    newcomer = cards("KC KD")
    now = lay(places, a, b, newcomer, felt=felt)
    assert now[2] is not None and now[1] is not None
    assert now[2].x < now[1].x + width(4), "it lies in the room b keeps for a fourth card"
    grown, full, _tight = places.arrange([(a, 0, True), (b + cards("7H"), 0, True),
                                          (newcomer, 0, True)], felt)
    assert corner(grown[2]) == corner(now[2]), "the newcomer stays where it was put"
    spans = sorted((p.x, p.x + width(n)) for p, n in zip(grown, (3, 4, 2), strict=True)
                   if p is not None)
    assert all(end + 10 <= start for (_, end), (start, _) in zip(spans, spans[1:],
                                                                   strict=False))
    # b moved, alone, to room that was free (or, with none, the felt says it is full)
    assert (grown[1] is None and full) or corner(grown[1]) != corner(now[1])
