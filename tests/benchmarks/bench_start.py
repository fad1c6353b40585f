"""Start-up: launch to the title screen's first frame, the real game in a child process.

Run: ``python -m tests.benchmarks.bench_start [--runs N] [--checkout DIR]`` from the checkout
(``--checkout``: start the game of another checkout, e.g. a worktree of an older commit, for
a before/after comparison).
Not collected by pytest (file name ``bench_*``). Starts ``python -c PROBE --data-dir TMP``
(``tests/ui/first_frame.py``: the game's own command line, headless with
``SDL_VIDEODRIVER=dummy``, stopped right after its first ``pygame.display.flip``) N times,
each with a fresh data folder, and prints the median and max wall-clock time from launch to
that frame and the child's CPU time, in two settings:

- *bytecode cached*: the modules' compiled bytecode kept between starts (in a temporary
  ``PYTHONPYCACHEPREFIX``; one unmeasured start writes it), as for a player: pip writes it
  when installing, a PyInstaller bundle carries it;
- *compiled at every start*: ``PYTHONDONTWRITEBYTECODE=1``, as a development environment
  that sets it (this project's does) runs the game.

Also the bare interpreter's start for comparison and whether the solver's numpy and highspy
were loaded by the first frame. Goal (issue 30): under 0.6 s. Wall-clock: on a busy machine
other processes' time counts too (the CPU time less so), so compare runs made side by side;
where allowed, ``chrt -f 10 python -m tests.benchmarks.bench_start`` runs the starts ahead of
the machine's other work, as on an idle machine (a real-time priority the children inherit).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tests.ui.first_frame import ROOT, FirstFrame, first_frame

WATCHED = ("numpy", "highspy", "game.solver", "game.ai", "game.coach", "game.engine.contract")


def bare_interpreter(runs: int) -> list[float]:
    """``python -c pass``: the floor no start-up can go below."""
    times = []
    for _run in range(runs):
        started = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True)
        times.append(time.perf_counter() - started)
    return times


def starts(runs: int, bytecode_dir: Path | None, checkout: Path) -> list[FirstFrame]:
    frames = []
    for _run in range(runs):
        with tempfile.TemporaryDirectory() as data:
            frames.append(first_frame(Path(data), bytecode_dir=bytecode_dir,
                                      checkout=checkout))
    return frames


def report(title: str, frames: list[FirstFrame]) -> None:
    wall = [frame.seconds for frame in frames]
    cpu = [frame.cpu_seconds for frame in frames]
    print(f"{title}:")
    print(f"  wall  median {statistics.median(wall):.3f} s   max {max(wall):.3f} s   "
          f"min {min(wall):.3f} s")
    print(f"  CPU   median {statistics.median(cpu):.3f} s   max {max(cpu):.3f} s   "
          f"min {min(cpu):.3f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--checkout", type=Path, default=ROOT)
    args = parser.parse_args()
    checkout = args.checkout.resolve()
    print(f"{checkout}: launch to the title screen's first frame, {args.runs} runs each "
          f"(python {sys.version.split()[0]}, SDL_VIDEODRIVER=dummy, "
          f"load average {os.getloadavg()[0]:.1f})")
    with tempfile.TemporaryDirectory() as bytecode:
        warm_up = starts(1, Path(bytecode), checkout)[0]
        print(f"first start, writing the bytecode: {warm_up.seconds:.3f} s")
        report("bytecode cached", cached := starts(args.runs, Path(bytecode), checkout))
    os.environ["PYTHONDONTWRITEBYTECODE"] = "1"
    report("compiled at every start (PYTHONDONTWRITEBYTECODE=1)",
           starts(args.runs, None, checkout))
    bare = bare_interpreter(args.runs)
    print(f"bare interpreter (python -c pass): median {statistics.median(bare):.3f} s")
    modules = cached[-1].modules
    print(f"modules loaded at the first frame: {len(modules)}")
    for name in WATCHED:
        print(f"  {name:<22} {'loaded' if name in modules else 'not loaded'}")


if __name__ == "__main__":
    main()
