"""Quick table messages at a network table (hosted or joined, either family).

Only a phrase's id travels (``game.net.talk``); each screen says it in its own player's
language, above the status line and as a line of the turn log. T (or the Esc menu's
Table messages) opens ``TalkDialog``: a button a phrase, and Mute, which keeps the other
players' phrases off this screen (the setting ``mute_table_talk``, kept).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.i18n import N_, _
from game.net.events import Said
from game.net.talk import PHRASES
from game.ui.widgets.dialogs import Dialog

if TYPE_CHECKING:
    from game.session import GameSession
    from game.ui.scene import AppServices

#: each phrase's words (``game.net.talk.PHRASES``' ids)
PHRASE_WORDS = {
    "hello": N_("Hello!"),
    "good_play": N_("Good play!"),
    "your_turn": N_("Your turn!"),
    "thinking": N_("Let me think\u2026"),
    "thanks": N_("Thanks!"),
    "oops": N_("Oops!"),
    "well_played": N_("Well played!"),
    "good_game": N_("Good game!"),
}
assert set(PHRASE_WORDS) == set(PHRASES)


def phrase_words(phrase: str) -> str:
    """A phrase's words in the player's language (an id this version lacks: nothing)."""
    words = PHRASE_WORDS.get(phrase)
    return _(words) if words is not None else ""


class TalkingTable(Protocol):
    """What ``TableTalk`` uses of its table."""

    app: AppServices
    session: GameSession

    def log_said(self, seat: int, line: str) -> None: ...
    def say(self, title: str, lines: Sequence[str] = (), tone: str = "info",
            ttl: float = 6.0) -> None: ...


class TableTalk:
    """A network table's quick messages: ``send`` a phrase's id to the table (the host or
    the client sends it), ``heard`` one said by anyone (this screen's own come back too)."""

    def __init__(self, table: TalkingTable, send: Callable[[str], None],
                 own: Callable[[int], bool]) -> None:
        self.table = table
        self._send = send
        self._own = own  # is a seat this screen's own?
        self.heard_lines: list[str] = []  # what this screen showed (tests)
        self.muted_count = 0  # phrases kept off the screen by Mute

    @property
    def muted(self) -> bool:
        return bool(self.table.app.settings.mute_table_talk)

    def set_muted(self, muted: bool) -> None:
        settings = self.table.app.settings
        settings.mute_table_talk = muted
        self.table.app.store.save_settings()

    def send(self, phrase: str) -> None:
        if phrase in PHRASES:
            self._send(phrase)

    def heard(self, said: Said) -> None:
        words = phrase_words(said.phrase)
        if not words:
            return
        own = said.seat >= 0 and self._own(said.seat)
        if self.muted and not own:
            self.muted_count += 1
            return
        line = _("{name}: {phrase}").format(name=said.name, phrase=words)
        self.heard_lines.append(line)
        self.table.say(line, ttl=4.0)
        self.table.log_said(said.seat, line)

    def open_dialog(self) -> None:
        app = self.table.app
        app.scenes.push(TalkDialog(app, self))


class TalkDialog(Dialog):
    """The phrases to say, a button each, and Mute."""

    box_width = 460

    def __init__(self, app: AppServices, talk: TableTalk) -> None:
        super().__init__(app, _("Table messages"),
                         _("Say a phrase to the table; each player reads it in their own "
                           "language."))
        self.talk = talk

    def default_focus(self) -> str | None:
        return f"say_{PHRASES[0]}"

    def extra_height(self) -> int:
        rows = (len(PHRASES) + 1) // 2
        return rows * self.px(48) + self.px(40)

    def build_extra(self, box: object, rect: pygame.Rect) -> None:
        gap = self.px(10)
        w = (rect.w - gap) // 2
        size = self.fitting_px([phrase_words(p) for p in PHRASES], w - self.px(20), 16,
                               bold=True) / self.scale
        for index, phrase in enumerate(PHRASES):
            x = rect.x + (index % 2) * (w + gap)
            y = rect.y + (index // 2) * self.px(48)
            self.button(pygame.Rect(x, y, w, self.px(40)), phrase_words(phrase),
                        partial(self.say, phrase), key=f"say_{phrase}", size=size,
                        container=box)
        y = rect.y + ((len(PHRASES) + 1) // 2) * self.px(48)
        side = self.px(24)
        self.check(pygame.Rect(rect.x, y + self.px(4), side, side),
                   _("Mute the other players' messages"), self.talk.muted,
                   self.talk.set_muted, key="mute", container=box)

    def build_buttons(self, box: object, rect: pygame.Rect) -> None:
        self.buttons_right(box, rect, [("close", _("Close"), self.close, "plain",
                                        _("Back to the table (Esc)"))])

    def say(self, phrase: str) -> None:
        self.talk.send(phrase)
        self.close()


def hosted_talk(table: TalkingTable, host: Any) -> TableTalk:
    """The quick messages of a hosted table: this screen speaks as its own seat."""
    humans = list(table.session.humans)

    def send(phrase: str) -> None:
        if humans:
            host.say(humans[0], phrase)

    return TableTalk(table, send, lambda seat: seat in humans)


def joined_talk(table: Any) -> TableTalk:
    """The quick messages of a joined table (its ``link``'s client speaks)."""
    return TableTalk(table, lambda phrase: table.link.client.say(phrase),
                     lambda seat: seat == table.seat)


def tell_watchers(table: Any, before: tuple[str, ...], after: tuple[str, ...]
                  ) -> tuple[str, ...]:
    """Say at ``table`` who came to watch and who left (the host's lobby's spectators
    went from ``before`` to ``after``); ``after``, to keep."""
    came = [name for name in after if name not in before]
    went = [name for name in before if name not in after]
    if came:
        table.say(_("Watching: {names}").format(names=", ".join(after)),
                  [_("{name} is watching the table (no seat, no cards)").format(name=name)
                   for name in came])
    elif went:
        table.say(_("{name} stopped watching").format(name=", ".join(went)))
    return after


def watchers_of(table: Any) -> tuple[str, ...]:
    """The spectators watching ``table``: a hosted table's host news, a joined table's
    link keep them; none at any other table."""
    for keeper in (getattr(table, "network", None), getattr(table, "link", None)):
        watchers = getattr(keeper, "watchers", None)
        if isinstance(watchers, tuple):
            return watchers
    return ()


def keep_watchers(table: Any, watchers: tuple[str, ...]) -> None:
    """A network table that opens knows who already watches (the lobby's spectators),
    silently: they were announced in the lobby."""
    for name in ("network", "link"):
        keeper: Any = getattr(table, name, None)
        if isinstance(getattr(keeper, "watchers", None), tuple):
            keeper.watchers = tuple(watchers)
            return


def watching_line(table: Any) -> str:
    """The facts panel's line of who watches ``table`` ("" when nobody does)."""
    names = watchers_of(table)
    return _("Watching: {names}").format(names=", ".join(names)) if names else ""


def talk_refusal(text: str) -> str:
    """The host's refusal of one of this screen's phrases in the player's words ("" when
    ``text``, a ``Problem``'s, is about something else)."""
    if text.startswith("too many messages"):
        return _("Too many table messages: wait a moment before the next one.")
    if text.startswith("unknown phrase"):
        return _("The host does not know that phrase (another version of the game).")
    return ""
