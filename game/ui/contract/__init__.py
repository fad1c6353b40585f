"""The contract game's table (Shanghai Rummy): its model, layout, board, buy prompt,
pointer, the person's seat and the computer seats (controllers the scene owns, typed by
the ``ContractHost`` protocol) and scoreboard. The scene is
``game.ui.scenes.contract_table``."""
