"""Launcher frozen by PyInstaller (packaging/machiavelli.spec): starts the game's command line.

Setting ``MACHIAVELLI_BUNDLE_CHECK=1`` makes it, instead, import the native pieces a bundle
must carry (pygame, pygame-gui with its default fonts, highspy with its HiGHS library,
numpy) and solve a tiny linear programme, printing one line per check; the packaging
test uses it to prove the bundle is complete without opening a window.
"""

from __future__ import annotations

import os
import sys


def bundle_check() -> int:
    import hashlib
    import sqlite3

    import highspy
    import numpy
    import pygame
    import pygame_gui

    import game

    print(f"game {game.__version__}")
    print(f"pygame {pygame.version.ver} (SDL {'.'.join(map(str, pygame.get_sdl_version()))})")
    print(f"numpy {numpy.__version__}, felt noise {numpy.random.default_rng(1).normal():.3f}")
    print(f"sha256 {hashlib.sha256(b'machiavelli').hexdigest()[:12]}")
    print(f"sqlite {sqlite3.connect(':memory:').execute('select sqlite_version()').fetchone()[0]}")
    h = highspy.Highs()
    h.setOptionValue("output_flag", False)
    x = h.addVariable(lb=0, ub=4)
    y = h.addVariable(lb=0, ub=3)
    h.addConstr(x + y <= 5)
    h.maximize(2 * x + y)
    print(f"highspy objective {h.getInfo().objective_function_value:g}")
    pygame.display.init()
    pygame.font.init()
    surface = pygame.display.set_mode((320, 200))
    manager = pygame_gui.UIManager((320, 200))
    pygame_gui.elements.UILabel(pygame.Rect(0, 0, 200, 30), "Machiavelli", manager=manager)
    manager.update(0.01)
    manager.draw_ui(surface)
    print("pygame-gui default theme and fonts ok")
    pygame.quit()
    return 0


def main() -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no pygame banner on stdout
    if os.environ.get("MACHIAVELLI_BUNDLE_CHECK") == "1":
        return bundle_check()
    from game.cli import main as cli_main

    return cli_main()


if __name__ == "__main__":
    sys.exit(main())
