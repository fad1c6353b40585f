"""The contract game's table (Shanghai Rummy): its model, layout, board, buy prompt,
pointer, the person's seat, the computer seats, undo, hint and replay (controllers the
scene owns, each seeing it as the narrow protocol defined beside it) and scoreboard. The
scene is ``game.ui.contract.table``."""
