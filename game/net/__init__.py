"""Network play on the local network: one host's engine is the authority, the others join.

Below the screens, beside ``game.session``; never imports pygame or the UI (import contracts
in pyproject.toml check it, and that nothing below imports this). The network runs on its
own thread with an asyncio loop, so a screen hosts or joins from its frame loop without
waiting: it polls a thread-safe queue of frozen events and posts actions; no call here
blocks the caller.

A screen that hosts::

    host = NetHost(variant_id, [SeatSpec("local", "Ada"), SeatSpec("net", level="hard"),
                                SeatSpec("medium", "Bob")], seed, options,
                   HostSettings(announce=True))         # or NetHost.resume(saved_session)
    host.start()
    every frame: for event in host.events(): ...        # Listening, Lobby, Played, Update,
                                                        # Refused, Queued, SeatChanged,
                                                        # MatchOver, Problem
    host.begin()                                        # from the lobby, once seats are taken
    host.act(0, action, step)                           # the person at this screen
    mirror = MatchMirror(host.session())                # the table's own copy of the match
    mirror.feed(events)                                 # ... kept in step with every Played
    host.session().save(store)                          # game.session; resuming reopens
    host.stop()                                         # the lobby (NetHost.resume)

A screen that joins::

    browser = Browser(); browser.start(); browser.games()   # FoundGame list (DNS-SD)
    client = NetClient("192.168.1.20:47470", code, name)    # or token=... to come back
    client.start()
    every frame: for event in client.events(): ...      # Joined, JoinRefused, Lobby, Update
                                                        # (the seat's view + public event),
                                                        # Refused, Queued, SeatChanged,
                                                        # MatchOver, HostLost, Problem
    client.act(action, step)                            # our seat's action
    client.close()

A joined screen's table plays ``shadow.ShadowMatch`` / ``ShadowContractMatch``: the match
as the seat's latest view shows it, every card it may not see a stand-in, taking each new
view as the host's action is shown.

Modules: ``host`` (NetHost, SeatSpec, HostSettings), ``client`` (NetClient), ``events``,
``mirror`` (MatchMirror), ``discovery`` (Announcer, Browser, FoundGame), ``wire`` (the
protocol: versions, schema, limits), ``views`` (a seat's view on the wire), ``actions`` (a
client's action read by the engine's readers; an action's public facts), ``words`` (a
manipulation event in the turn log's words, at a joined screen), ``bot`` (a
computer at a joined seat: ``machiavelli join``), ``address`` (where the host listens),
``shadow`` (a joined table's match, made from the seat's views), ``fair`` (the commitment
to the seed and each joiner's check of the deals it saw).
"""

from game.net.client import NetClient
from game.net.discovery import Browser, FoundGame
from game.net.host import HostSettings, NetHost, SeatSpec
from game.net.mirror import MatchMirror

__all__ = ["Browser", "FoundGame", "HostSettings", "MatchMirror", "NetClient", "NetHost",
           "SeatSpec"]
