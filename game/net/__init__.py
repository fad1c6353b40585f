"""Network play on the local network: one host's engine is the authority, the others join.

Below the screens, beside ``game.session``; never imports pygame or the UI (an import
contract in pyproject.toml checks it). The network runs on its own thread with an asyncio
loop, so a screen hosts or joins from its frame loop without waiting: it polls the
thread-safe queue of events (``NetHost.events`` / ``NetClient.events``) and posts actions.
"""
