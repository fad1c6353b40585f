"""What the New game screen holds, without a widget: the variant, its house-rule form
(generated from ``game.engine.options`` specs), the seats, and the options remembered per
variant. The scene draws it; everything here is checked by ``apply_options``.
"""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from game.engine.deal import deal_problem
from game.engine.errors import OptionError
from game.engine.options import FORM_SPECS, OPTION_SPECS, OptionSpec, Widget, apply_options
from game.engine.options import offered_specs as _offered_specs
from game.engine.variants import Variant, all_variants
from game.i18n import _, ngettext
from game.store.seats import MAX_NAME_LENGTH, SEAT_KINDS, has_control_character

MAX_SEATS = 8  # the contract game seats up to 8
#: a seat played from another computer on the local network (``game.net``); a seat kind of
#: this screen only: the game it starts is hosted (the lobby), never saved as such a kind
NET_KIND = "net"
COMPUTER_NAMES = ("Ada", "Boole", "Cleo", "Dante", "Emmy", "Fermat")


def form_defaults(variant: Variant) -> tuple[dict[str, str], dict[str, str]]:
    """The widgets' choice and number texts for ``variant`` as it comes, for every form
    option (shown or not, so a widget that appears later starts right)."""
    values: dict[str, str] = {}
    numbers: dict[str, str] = {}
    for spec in FORM_SPECS:
        choice, number = spec.form_values(variant)
        values[spec.key] = choice
        numbers[spec.key] = number or _default_number(spec, choice)
    return values, numbers


def seated_variant(variant: Variant, players: int) -> Variant:
    """``variant`` with the deck this many players are dealt from as its packs and jokers:
    the form shows (and compares its choices with) the deck the seats get, so Carousel for
    three says 2 jokers, as its summary does, not the two-player deck's 1."""
    packs, jokers = variant.deck_for(players)
    return dataclasses.replace(variant, packs=packs, jokers=jokers)


def _default_number(spec: OptionSpec, choice: str) -> str:
    picked = spec.choice(choice)
    return str(picked.number) if picked and picked.number is not None else ""


@dataclass
class Setup:
    """The variant, the house-rule widgets' texts, the seats ([name, kind]), preset options
    with no widget (``extra``), and the options last chosen per variant (``remembered``)."""

    variant_id: str
    seats: list[list[str]]
    values: dict[str, str] = field(default_factory=dict)
    numbers: dict[str, str] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)
    preset: str = ""
    remembered: dict[str, dict[str, Any]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.values:
            self.values, self.numbers = form_defaults(self.seated)

    @property
    def variant(self) -> Variant:
        """The variant as it comes (no house rules)."""
        return all_variants()[self.variant_id]

    @property
    def seated(self) -> Variant:
        """The variant as it comes, with the deck of the seats chosen (``seated_variant``)."""
        return seated_variant(self.variant, len(self.seats))

    @property
    def seat_range(self) -> tuple[int, int]:
        variant = self.variant
        low = max(2, variant.min_players)
        return low, max(low, min(MAX_SEATS, variant.max_players))

    @property
    def is_contract(self) -> bool:
        return self.variant.is_contract

    # --- the variant and its remembered options

    def set_variant(self, variant_id: str, restore: bool = True) -> None:
        """Switch to ``variant_id``: its own rules, or (``restore``) the house rules last
        chosen for it, when they are still valid."""
        if variant_id != self.variant_id:
            self.remember()
        self.variant_id = variant_id
        self.values, self.numbers = form_defaults(self.seated)
        self.extra = {}
        self.preset = ""
        remembered = self.remembered.get(variant_id) if restore else None
        if remembered:
            try:
                apply_options(self.variant, remembered)
            except OptionError:
                remembered = None  # rules changed since: start from the variant's own
        if remembered:
            self.load_options(remembered)
        with self._following_seats():
            self.fit_seats()

    def remember(self) -> None:
        """Keep the current house rules as this variant's last choice (when valid)."""
        try:
            options = self.options()
            apply_options(self.variant, options)
        except OptionError:
            return
        if options:
            self.remembered[self.variant_id] = options
        else:
            self.remembered.pop(self.variant_id, None)

    # --- the house-rule form

    def _raw(self) -> dict[str, Any]:
        return {spec.key: spec.from_form(self.values[spec.key], self.numbers.get(spec.key, ""))
                for spec in FORM_SPECS}

    def fields(self) -> list[OptionSpec]:
        """The form's options this game offers, given the choices made so far."""
        return _offered_specs(self.variant, self._raw())

    def choose(self, key: str, choice: str) -> None:
        """A widget of option ``key`` now says ``choice`` (a drop-down value, a slider's
        number, "true"/"false" for a switch)."""
        spec = OPTION_SPECS[key]
        self.values[key] = choice
        if spec.widget is Widget.CHOICE_NUMBER:
            # the number the variant itself has for this choice, else the choice's default
            own_choice, own_number = spec.form_values(self.variant)
            self.numbers[key] = own_number if choice == own_choice and own_number \
                else _default_number(spec, choice)
        self.preset = ""

    def type_number(self, key: str, text: str) -> None:
        self.numbers[key] = text
        self.preset = ""

    def options(self) -> dict[str, Any]:
        """The house-rule options that differ from the variant as it comes."""
        base = self.variant
        own = self.seated  # what the seats get with no house rule (the deck for them)
        raw = self._raw()
        options: dict[str, Any] = dict(self.extra)
        for spec in _offered_specs(base, raw):
            value = raw[spec.key]
            try:
                if spec.parse(value) == spec.current(own):
                    continue
            except OptionError:
                pass  # kept as typed: apply_options names the problem
            options[spec.key] = value
        return options

    def load_options(self, options: Mapping[str, Any]) -> None:
        """Show ``options`` (a preset's, or the remembered ones) in the widgets; those with
        no widget are kept aside and applied as they are."""
        self.values, self.numbers = form_defaults(self.seated)
        extra: dict[str, Any] = {}
        for key, value in options.items():
            spec = OPTION_SPECS.get(key)
            if spec is None or not spec.in_form:
                extra[key] = value
                continue
            try:
                choice, number = spec.form_of(spec.parse(value))
            except OptionError:
                extra[key] = value  # shown as a problem by check()
                continue
            self.values[key] = choice
            if number:
                self.numbers[key] = number
        self.extra = extra

    def preview(self) -> Variant:
        """The variant with the house rules chosen, leaving out any option in error (for
        the summary: it follows what can be followed)."""
        options = self.options()
        try:
            return apply_options(self.variant, options)
        except OptionError:
            pass
        variant = self.variant
        for key, value in options.items():
            try:
                variant = apply_options(variant, {key: value})
            except OptionError:
                continue
        return variant

    def facts(self) -> list[str]:
        """The summary's facts for the seats and house rules chosen: the deck is the one
        this many players are dealt from."""
        variant = self.preview()
        players = len(self.seats)
        low, high = self.seat_range
        packs, jokers = variant.deck_for(players)
        deck = ngettext("{n} pack", "{n} packs", packs).format(n=packs)
        if jokers:
            deck = ngettext("{packs}, {n} joker", "{packs}, {n} jokers", jokers).format(
                packs=deck, n=jokers)
        facts = [_("{low} to {high} players").format(low=low, high=high),
                 ngettext("{n} card each", "{n} cards each", variant.hand_size).format(
                     n=variant.hand_size),
                 ngettext("{deck} for {n} player", "{deck} for {n} players", players).format(
                     deck=deck, n=players)]
        if variant.free_cards:
            facts.append(ngettext("{n} free card on the table", "{n} free cards on the table",
                                  variant.free_cards).format(n=variant.free_cards))
        hands = variant.match_hands or 1
        if variant.is_contract:
            facts.append(ngettext("{n} round of contracts", "{n} rounds of contracts",
                                  hands).format(n=hands))
        elif variant.match_target is not None:
            facts.append(_("play to {n} points").format(n=variant.match_target))
        elif hands > 1:
            facts.append(ngettext("{n} hand", "{n} hands", hands).format(n=hands))
        else:
            facts.append(_("a single hand"))
        return facts

    # --- seats

    def fit_seats(self) -> None:
        """As many seats as the variant takes."""
        low, high = self.seat_range
        while len(self.seats) < low:
            self.add_seat()
        del self.seats[high:]

    def add_seat(self) -> None:
        used = {name.casefold() for name, _ in self.seats}
        name = next((n for n in COMPUTER_NAMES if n.casefold() not in used),
                    _("Player {n}").format(n=len(self.seats) + 1))
        self.seats.append([name, "medium"])

    def set_seat_count(self, count: int) -> None:
        low, high = self.seat_range
        count = max(low, min(high, count))
        with self._following_seats():
            while len(self.seats) < count:
                self.add_seat()
            del self.seats[count:]

    @contextlib.contextmanager
    def _following_seats(self) -> Iterator[None]:
        """Change the seats within: a widget still showing the deck of the seats before
        (not chosen by the player) shows the new seats' deck after."""
        before = form_defaults(self.seated)
        yield
        after = form_defaults(self.seated)
        for key, value in before[0].items():
            if self.values.get(key) == value and after[0][key] != value:
                self.values[key] = after[0][key]
                self.numbers[key] = after[1][key]

    def check(self) -> str | None:
        """The first problem with the options or the seats, in words; None if all is well."""
        try:
            variant = apply_options(self.variant, self.options())
        except OptionError as error:
            return str(error)
        # enough cards for this many seats, as the rules text says (the engine's own check)
        problem = deal_problem(variant, len(self.seats))
        if problem:
            return problem[0].upper() + problem[1:] + "."
        names = [name.strip() for name, _ in self.seats]
        for n, name in enumerate(names, start=1):
            if not name:
                return _("Seat {n} needs a name.").format(n=n)
            if len(name) > MAX_NAME_LENGTH:
                return _("Seat {n}'s name is longer than {limit} characters.").format(
                    n=n, limit=MAX_NAME_LENGTH)
            if has_control_character(name):
                return _("Seat {n}'s name holds a control character (a tab, an escape, a "
                         "line break...): use letters, digits, spaces and punctuation.").format(
                    n=n)
        seen: set[str] = set()
        for name in names:
            if name.casefold() in seen:
                return _('Two seats are called "{name}": give each player their own name.').format(
                    name=name)
            seen.add(name.casefold())
        if any(kind not in SEAT_KINDS and kind != NET_KIND for _, kind in self.seats):
            return _("Every seat must be a human, a network or a computer player.")
        if self.hosted and sum(kind == "human" for _, kind in self.seats) > 1:
            return _("A network game has one player at this screen: make the other human "
                     "seats network players.")
        return None

    @property
    def hosted(self) -> bool:
        """Is a seat played over the network (the game is hosted: the lobby first)?"""
        return any(kind == NET_KIND for _, kind in self.seats)
