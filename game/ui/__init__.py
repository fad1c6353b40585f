"""The pygame-ce + pygame-gui front end: the only package that imports pygame."""
