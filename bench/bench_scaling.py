"""How the jeopardy solver scales and how far it is from the hardware: Pig at growing
goals, each solved in a fresh process, against plain C value iteration and this
machine's memory bandwidth, both measured in the same run.

    python bench/bench_scaling.py [--goals 50,100,200] [--runs 3] [--no-c]

Per goal (medians of ``--runs`` processes): states, compile and solve seconds, sweeps
(plus the one-step backups the stop rule ran), nanoseconds per state per pass, the
peak resident memory a process gained over the compile and solve (bytes per state;
Linux's VmHWM, reset before the compile),
and the pass's distance from the bandwidth bound (the bytes a pass must touch per
state at the copy bandwidth measured here). The C baseline is the papers' method
(in-place value iteration to 1e-14) compiled with ``cc -O2`` when a compiler exists:
its nanoseconds per state update, and ours divided by it. Last, the fitted growth
exponents of time and memory in the number of states (1 = linear). Numbers, not
assertions.
"""

from __future__ import annotations

import argparse
import json
import math
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]

CHILD = r"""
import json, sys, time
sys.path.insert(0, sys.argv[1])
from pycore import find_game
from pycore.jeopardy.solving import tabulated as solver
from pycore.jeopardy.model.compiler import compile_game
game = type(find_game("pig"))(goal=int(sys.argv[2]))
backups = 0
backup = solver.values_of
def counted(*args):
    global backups
    backups += 1
    return backup(*args)
solver.values_of = counted  # (the solver calls it by its own name)
def status(field):  # kB, from /proc (Linux)
    for line in open("/proc/self/status"):
        if line.startswith(field + ":"):
            return int(line.split()[1])
with open("/proc/self/clear_refs", "w") as refs:  # reset the peak (VmHWM) to the current size
    refs.write("5")
before = status("VmRSS")
started = time.perf_counter()
model = compile_game(game)
compiled = time.perf_counter()
solution = solver.solve(game, check=False)
solved = time.perf_counter()
peak = status("VmHWM")
succ = model.schedule.succ_pos
# a pass must read each state's successor positions, hold slot, anchor and flags, and
# write its alpha and beta (the successors' alpha and beta are mostly in cache)
touched = succ.itemsize * succ[0].size + 4 + 4 + 2 + 16
print(json.dumps({"states": model.n_states, "compile": compiled - started, "solve": solved - compiled,
                  "sweeps": solution.iterations, "backups": backups, "peak_bytes": (peak - before) * 1024,
                  "touched": touched, "residual": solution.residual}))
"""

C_SOURCE = r"""
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <time.h>
/* Pig by in-place value iteration (Neller & Presser 2004): p[i][j][k], i + k < goal. */
int main(int argc, char **argv) {
    int goal = atoi(argv[1]);
    size_t n = (size_t)goal * goal * goal;
    double *p = calloc(n, sizeof(double));
    #define P(i, j, k) p[((size_t)(i) * goal + (j)) * goal + (k)]
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    long updates = 0;
    int iterations = 0;
    double delta;
    do {
        delta = 0.0;
        for (int i = goal - 1; i >= 0; i--)
            for (int j = goal - 1; j >= 0; j--)
                for (int k = goal - i - 1; k >= 0; k--) {
                    double roll = 1.0 - P(j, i, 0);
                    for (int r = 2; r <= 6; r++)
                        roll += (i + k + r >= goal) ? 1.0 : P(i, j, k + r);
                    roll /= 6.0;
                    double hold = k == 0 ? 0.0 : (i + k >= goal ? 1.0 : 1.0 - P(j, i + k, 0));
                    double v = roll > hold ? roll : hold;
                    double d = fabs(v - P(i, j, k));
                    if (d > delta) delta = d;
                    P(i, j, k) = v;
                    updates++;
                }
        iterations++;
    } while (delta >= 1e-14);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double seconds = (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec);
    printf("{\"seconds\": %.6f, \"iterations\": %d, \"updates\": %ld, \"p\": %.15f}\n",
           seconds, iterations, updates, P(0, 0, 0));
    return 0;
}
"""


def copy_bandwidth() -> float:
    """Bytes per second of a large numpy copy (read + write), median of 5."""
    source = np.ones(64 << 20 >> 3)  # 64 MB, far beyond the caches
    target = np.empty_like(source)
    times = []
    for _ in range(5):
        started = time.perf_counter()
        np.copyto(target, source)
        times.append(time.perf_counter() - started)
    return 2 * source.nbytes / statistics.median(times)


def c_baseline(goal: int, workdir: Path) -> dict | None:
    compiler = shutil.which("cc") or shutil.which("gcc")
    if compiler is None:
        return None
    binary = workdir / "pig_vi"
    if not binary.exists():
        (workdir / "pig_vi.c").write_text(C_SOURCE)
        subprocess.run([compiler, "-O2", "-o", str(binary), str(workdir / "pig_vi.c"), "-lm"], check=True)
    out = subprocess.run([str(binary), str(goal)], check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def fitted_exponent(xs, ys) -> float:
    """Slope of log y against log x (least squares)."""
    return float(np.polyfit(np.log(xs), np.log(ys), 1)[0])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--goals", default="50,100,200")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--no-c", action="store_true", help="skip the C baseline")
    args = parser.parse_args()
    goals = [int(g) for g in args.goals.split(",")]
    bandwidth = copy_bandwidth()
    print(f"copy bandwidth here: {bandwidth / 1e9:.1f} GB/s (read + write)")
    print(f"{'goal':>4} {'states':>9} {'compile s':>9} {'solve s':>8} {'passes':>6} {'ns/state/pass':>13} "
          f"{'x bound':>7} {'peak B/state':>12} {'C ns/update':>11} {'ours/C':>6}")
    rows = []
    with tempfile.TemporaryDirectory() as scratch:
        for goal in goals:
            runs = [json.loads(subprocess.run([sys.executable, "-c", CHILD, str(ROOT), str(goal)], check=True,
                                              capture_output=True, text=True).stdout) for _ in range(args.runs)]
            row = {key: statistics.median(run[key] for run in runs) for key in runs[0]}
            passes = row["sweeps"] + row["backups"]
            per_pass = row["solve"] / passes / row["states"]
            bound = row["touched"] / bandwidth
            c = None if args.no_c else c_baseline(goal, Path(scratch))
            c_ns = c["seconds"] / c["updates"] * 1e9 if c else math.nan
            rows.append((row["states"], row["compile"] + row["solve"], row["peak_bytes"]))
            print(f"{goal:>4} {int(row['states']):>9} {row['compile']:>9.3f} {row['solve']:>8.3f} "
                  f"{row['sweeps']:>3.0f}+{row['backups']:.0f} {per_pass * 1e9:>13.1f} {per_pass / bound:>6.1f}x "
                  f"{row['peak_bytes'] / row['states']:>12.0f} {c_ns:>11.2f} {per_pass * 1e9 / c_ns:>5.1f}x", flush=True)
            if c:
                print(f"     C: {c['seconds']:.3f} s, {c['iterations']} iterations, P(first wins) {c['p']:.10f}; "
                      f"ours (compile + solve) / C: {(row['compile'] + row['solve']) / c['seconds']:.2f}x")
    if len(rows) >= 2:
        states, seconds, peak = zip(*rows, strict=True)
        print(f"growth in the number of states: time ~ states^{fitted_exponent(states, seconds):.2f}, "
              f"peak memory ~ states^{fitted_exponent(states, peak):.2f}")


if __name__ == "__main__":
    main()
