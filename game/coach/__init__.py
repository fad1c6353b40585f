"""The coach: what a player can learn from the solver. ``review`` marks each of a human
seat's turns in a match against the best play; ``puzzles`` makes rated positions whose best
play needs rearranging. No pygame: the commands and the screens use it alike."""
