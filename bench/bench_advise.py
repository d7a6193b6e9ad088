"""The command line's first advice, a whole process each (issue 17, goal 1).

    python bench/bench_advise.py [--runs 7]

For Pig, GRO and AYZD: ``python -m pycore advise GAME --state ...`` at the default rules (their
turn-start values ship: no solve, no compile) against the same position at a goal one lower
(no table: a solve first), medians of ``--runs`` processes in the same run, and the ratio.
Byte-compiled files are written and used as on a user's machine (PYTHONDONTWRITEBYTECODE is
cleared for the runs; the first run of each command is not counted).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
POSITIONS = {
    "pig": ("i=0,j=0,k=0", 100),
    "gro": ("p=1,i=10,j=20,k=12,o=1", 50),
    "ayzd": ("p=1,i=3,j=4,b=2,s=1", 13),
}


def timed(command: list[str], runs: int) -> float:
    environment = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    subprocess.run(command, check=True, capture_output=True, cwd=ROOT, env=environment)  # (bytecode, caches)
    seconds = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True, cwd=ROOT, env=environment)
        seconds.append(time.perf_counter() - started)
    return statistics.median(seconds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    python = [sys.executable, "-m", "pycore"]
    start_only = timed([sys.executable, "-c", "import pycore.service.api"], args.runs)
    print(f"python + import of the API: {start_only:.2f} s (median of {args.runs})")
    print(f"{'game':<5} {'shipped s':>9} {'solved s':>9} {'ratio':>6}")
    for name, (state, goal) in POSITIONS.items():
        shipped = timed(python + ["advise", name, "--state", state], args.runs)
        solved = timed(python + ["advise", name, "--goal", str(goal - 1), "--state", state], args.runs)
        print(f"{name:<5} {shipped:>9.2f} {solved:>9.2f} {shipped / solved:>5.2f}x")


if __name__ == "__main__":
    main()
