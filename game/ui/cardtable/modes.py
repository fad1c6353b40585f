"""The modes of a table screen: what the table is doing now (dealing, waiting for the
person, a computer thinking, ...). Not the round's phase (the engine's draw, buying, play)."""

DEAL = "deal"  # cards flying from the stock
HUMAN = "human"  # a person is editing a turn draft
THINK = "think"  # a computer player is deciding
PLAYBACK = "playback"  # a computer's play is being shown edit by edit
SETTLE = "settle"  # an action was applied; its cards are landing
REPLAY = "replay"  # "last turns": the other players' turns told again
HINT = "hint"  # a hint's play told step by step on the table, to apply or dismiss
WAIT = "wait"  # a hand-over cover or the scoreboard is up
STOPPED = "stopped"  # a computer player could not move; the game cannot go on
VIEW = "view"  # a coach's table that only shows (a reviewed turn, a tutorial step done)
