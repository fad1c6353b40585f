"""Start-up: launch to the title screen's first frame, the real game in a child process.

Run: ``python -m tests.benchmarks.bench_start [--runs N]`` from the checkout.
Not collected by pytest (file name ``bench_*``). Starts ``python -c PROBE --data-dir TMP``
(``tests/ui/first_frame.py``: the game's own command line, headless with
``SDL_VIDEODRIVER=dummy``, stopped right after its first ``pygame.display.flip``) N times,
each with a fresh data folder, and prints the median and max wall-clock time from launch to
that frame, the bare interpreter's start for comparison, and whether the solver's numpy and
highspy were loaded by then. Goal (issue 30): median under 0.6 s. Wall-clock: on a busy
machine other processes' time counts too, so compare runs made side by side.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tests.ui.first_frame import first_frame

WATCHED = ("numpy", "highspy", "game.solver", "game.ai", "game.engine.contract")


def bare_interpreter(runs: int) -> list[float]:
    """``python -c pass``: the floor no start-up can go below."""
    times = []
    for _run in range(runs):
        started = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True)
        times.append(time.perf_counter() - started)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    times: list[float] = []
    cpu: list[float] = []
    modules: frozenset[str] = frozenset()
    for _run in range(args.runs):
        with tempfile.TemporaryDirectory() as data:
            frame = first_frame(Path(data))
        times.append(frame.seconds)
        cpu.append(frame.cpu_seconds)
        modules = frame.modules
    bare = bare_interpreter(args.runs)
    print(f"launch to the title screen's first frame, {args.runs} runs "
          f"(python {sys.version.split()[0]}, SDL_VIDEODRIVER=dummy)")
    print(f"  median {statistics.median(times):.3f} s   max {max(times):.3f} s   "
          f"min {min(times):.3f} s")
    print(f"  its CPU time (user + system): median {statistics.median(cpu):.3f} s   "
          f"max {max(cpu):.3f} s")
    print(f"  bare interpreter (python -c pass): median {statistics.median(bare):.3f} s")
    print(f"  modules loaded at the first frame: {len(modules)}")
    for name in WATCHED:
        print(f"    {name:<22} {'loaded' if name in modules else 'not loaded'}")


if __name__ == "__main__":
    main()
