"""The table scene's parts: layout, card sprites, tweens, drag and drop, HUD, computer turns."""
