"""The host's table of a network game: the manipulation table, with the seats played
elsewhere moving as the host says.

The lobby hands over the host (``game.net.NetHost``) once the match has begun, with a copy
of its session (``NetHost.session()``): the table plays that copy as it plays any game, and
keeps it in step with the host's match (as ``game.net.MatchMirror`` does) by applying each
move the host reports, in order. The person at this screen plays their seat exactly as at
any table; each of their moves is applied here and sent to the host (``NetHost.act``),
which applies the same move to its match. Every other seat, a network player's or a
computer's the host plays, is ``NetworkTurns``' (``game.ui.manipulation.network_turns``).
The autosave holds the host's session (resuming it reopens the lobby); leaving the table
or quitting stops hosting.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from game.engine.actions import Action
from game.ui.cardtable.host_news import HostLink
from game.ui.cardtable.talk import hosted_talk
from game.ui.manipulation.model import TableModel
from game.ui.manipulation.network_turns import NetworkTurns
from game.ui.manipulation.table import TableScene

if TYPE_CHECKING:
    from game.net import NetHost
    from game.session import GameSession
    from game.ui.scene import AppServices


class HostedTableScene(TableScene):
    """The table for ``session``, hosted by ``host`` (its match begun)."""

    def __init__(self, app: AppServices, session: GameSession, host: NetHost,
                 autosave: bool = True) -> None:
        super().__init__(app, session, autosave)
        self.host = host
        remote = session.network.remote if session.network is not None else ()
        self.network = NetworkTurns(self, remote, self.computer)
        self.link = HostLink(host, session)
        self.talk = hosted_talk(self, host)

    # -- the host's news, every frame

    def update(self, dt: float) -> None:
        self.link.send_own()
        self.network.take(self.host.events())
        if self.network.countdown_changed() and self.layout is not None:
            self.refresh()  # a waiting seat's seconds, in its box
        super().update(dt)

    # -- turns

    def _advance(self) -> None:
        match = self.match
        if not match.hand_over and match.current not in self.session.humans:
            self.network.start(match.current)
            return
        super()._advance()

    def _update_think(self) -> None:
        self.network.update_think()

    def commit(self, action: Action, quiet: bool = False, redo: bool = False) -> bool:
        """Apply ``action`` here; the person's own moves go to the host too."""
        if not super().commit(action, quiet, redo):
            return False
        self.link.send_own()  # a play, a draw, the start of a play that makes giving up cost
        return True

    def build_model(self) -> TableModel:
        """The table's model; a network seat's box says how its player is connected."""
        model = super().build_model()
        return replace(model, seats=self.network.noted(model.seats))

    # -- leaving

    #: a rematch's table took the host over (``EndOfHandScene.rematch``): it goes on
    host_kept = False

    def on_exit(self) -> None:
        super().on_exit()
        if not self.host_kept:
            self.host.stop()

    def before_quit(self) -> None:
        super().before_quit()
        self.host.stop()
