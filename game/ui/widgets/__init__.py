"""Shared pieces of the menu screens, one module per job.

* ``scale`` -- ``ui_scale(size)`` is 1.0 at 1280x800 and grows to 2.5 at 4K; every
  position, size and font size on the menu screens is multiplied by it.
* ``look`` -- the menus' pygame-gui theme blocks: ``Look.oid`` registers one small theme
  block per font size (``#f16``, ``#b16`` bold, with the children ids a drop-down or a
  check box uses) the first time that size is asked for.
* ``drawing`` -- text, the felt background and the translucent panels drawn by hand.
* ``focus`` -- ``FocusRing`` moves a visible focus frame over the focusable widgets of a
  screen with the keyboard.
* ``menus`` -- ``MenuBase`` and ``MenuScene``, the base of every menu screen.
"""
