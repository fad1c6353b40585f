"""Launcher frozen by PyInstaller (packaging/machiavelli.spec): starts the game's command line.

Setting ``MACHIAVELLI_BUNDLE_CHECK=1`` makes it, instead, import the native pieces a bundle
must carry (pygame, pygame-gui with its default fonts, highspy with its HiGHS library,
numpy) and solve a tiny linear programme, printing one line per check; the packaging
test uses it to prove the bundle is complete without opening a window.
"""

from __future__ import annotations

import os
import sys


def zeroconf_compiled() -> bool:
    import zeroconf._dns

    return not zeroconf._dns.__file__.endswith(".py") if zeroconf._dns.__file__ else True


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
    from game.ui.cardtable.felt import felt_noise

    print(f"numpy {numpy.__version__}, felt noise {felt_noise(1):.3f}")
    from zeroconf import DNSIncoming, DNSOutgoing, DNSText, const

    packet = DNSOutgoing(const._FLAGS_QR_RESPONSE | const._FLAGS_AA)
    packet.add_answer_at_time(DNSText("game._machiavelli._tcp.local.", const._TYPE_TXT,
                                      const._CLASS_IN, 120, b"\x05v=1.0"), 0)
    answers = DNSIncoming(packet.packets()[0]).answers()
    print(f"zeroconf {len(answers)} answer, pure Python {not zeroconf_compiled()}")
    import game.net  # websockets (which loads ssl) and zeroconf, as network play does

    print(f"network play {', '.join(game.net.__all__[:3])}")
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
