"""The manipulation table's parts (Machiavelli and its relatives): the table model and its
layout, the board and HUD, and the controllers of a turn (the person's by mouse and keys,
the computer's, a network seat's, the last turns' replay, the joker chooser, the sidebar's
status). The scene is ``game.ui.manipulation.table.TableScene``, built on the card-table kit
(``game.ui.cardtable``)."""
