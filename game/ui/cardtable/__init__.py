"""The card-table kit both families' tables are built from: the base scene
(``card_table.CardTableScene``), card sprites and tweens, the pointer's raw mouse reading,
the worker and pacing of computer turns, the felt, drawing helpers, overlays, the sidebar's
buttons, the geometry both layouts share, hosted and joined network seats, and the table
menu. Each family's own table lives beside it: ``game.ui.manipulation``,
``game.ui.contract``."""
