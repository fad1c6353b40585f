"""The contract game's table (Shanghai Rummy): its model, layout, board, buy prompt,
pointer, computer seats and scoreboard. The scene is ``game.ui.scenes.contract_table``."""
