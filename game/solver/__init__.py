"""The exact solver: the best legal play of a position, and whether one exists.

It builds on the rules engine (``game.engine``) and the engine never imports it: a match
asks its must-play question through the ``PlayOracle`` it is given (``PLAY_ORACLE`` here,
passed to ``game.engine.serialize.new_match``). Everything the game asks is in
``game.solver.api``, re-exported here.

Modules, by job: ``shapes`` (candidate meld shapes), ``model`` (a position and its integer
program), ``tags`` (kept melds, own melds, joker rules), ``hosts`` and ``homes`` (joker
rules counted per meld shape), ``milp`` (solving the program with
HiGHS), ``realise`` (a solution to cards), ``search`` (the combinatorial search),
``exact`` (the loop that proves a play optimal), ``budget`` (counted work), ``edits``
(card moves for a play), ``api`` (the entry points).
"""

from game.solver.api import (
    CAN_PLAY_WORK,
    HINT_WORK,
    PLAY_ORACLE,
    Arrangement,
    FoundPlay,
    OutOfWork,
    Solution,
    SolverOracle,
    Work,
    arrange,
    best_play,
    can_play,
    edit_list,
    hint,
    prepare,
    solve,
)

__all__ = ["CAN_PLAY_WORK", "HINT_WORK", "PLAY_ORACLE", "Arrangement", "FoundPlay", "OutOfWork",
           "Solution", "SolverOracle", "Work", "arrange", "best_play", "can_play", "edit_list",
           "hint", "prepare", "solve"]
