"""Computer players: the solver wrapper, the players of each family, and what they may see."""
