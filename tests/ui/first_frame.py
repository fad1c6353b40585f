"""Start the real game in a child process and stop it at its first frame (the title screen
drawn and flipped): how long that took from launch, and which modules were loaded then.

Shared by ``tests/ui/test_start.py`` (what the first frame imports) and
``tests/benchmarks/bench_start.py`` (how soon it comes). The child is ``python -c PROBE``
run from the checkout: it wraps ``pygame.display.flip`` (the game calls it once per frame,
after drawing), then runs the game's own command line (``game.cli.main``) exactly as
``python -m game`` does; at the first flip it prints one line and leaves at once.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MARK = "FIRST-FRAME "

PROBE = f"""
import json, os, sys
import pygame
_flip = pygame.display.flip
def _first_flip():
    _flip()
    sys.stdout.write({MARK!r} + json.dumps(sorted(sys.modules)) + "\\n")
    sys.stdout.flush()
    os._exit(0)
pygame.display.flip = _first_flip
from game.cli import main
sys.argv[0] = "machiavelli"
raise SystemExit(main(sys.argv[1:]))
"""


@dataclass(frozen=True)
class FirstFrame:
    seconds: float  # launch to the first frame flipped, measured by the parent
    cpu_seconds: float  # the child's CPU time (user + system): less swayed by a busy machine
    modules: frozenset[str]  # sys.modules at that moment


def first_frame(data_dir: Path, *args: str, bytecode_dir: Path | None = None,
                checkout: Path = ROOT, timeout: float = 120.0) -> FirstFrame:
    """Launch the game headless with ``--data-dir data_dir`` (and ``args``) and wait for its
    first frame. With ``bytecode_dir`` the child keeps its compiled modules there
    (``PYTHONPYCACHEPREFIX``; the checkout stays clean), as an installed game keeps them
    next to its modules and a bundle carries them; without, it runs as this process's
    environment says (``PYTHONDONTWRITEBYTECODE=1`` compiles every module at every start).
    ``checkout``: the game of another checkout (a before/after comparison)."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    if bytecode_dir is not None:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(bytecode_dir)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    with subprocess.Popen([sys.executable, "-c", PROBE, "--data-dir", str(data_dir), *args],
                          cwd=checkout, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True) as child:
        try:
            out, err = child.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            child.kill()
            raise
        seconds = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    for line in out.splitlines():
        if line.startswith(MARK):
            return FirstFrame(seconds, cpu, frozenset(json.loads(line[len(MARK):])))
    raise RuntimeError(f"the game drew no frame (exit {child.returncode}):\n{out}\n{err}")
