"""How good the page's "about N s" is: each game's solve estimate (``estimate`` action,
``pycore.jeopardy.budget.solve_estimate``) against the measured solve, compile included, as the page
solves (``solution_for``, fresh), in this run.

    python bench/bench_estimate.py [--runs 3] [--large] [--memory] [--design] [--evaluate]

Prints the median seconds, the estimate and their ratio per game and size (``--large`` adds
solves of 10-60 s). ``--memory`` prints instead each solve's peak memory (the growth of a
fresh process's peak resident size over the solve) against the estimate's ``bytes``, which
the page's refusal of solves too large for a phone rests on. ``--design`` times the designer's
whole table (``design`` action: a solve, the game's length and a policy's evaluation per value)
against its estimate (``estimate`` with ``param`` and ``values``). ``--evaluate`` times a rule's
exact evaluation against optimal play (``evaluate``, the solution already made) against its
estimate (``estimate`` with ``evaluate``: the game's ``evaluate_cost_factor``), what the API's
refusal of long work rests on (``--large``: the shipped Zombie Dice, Farkle and Pig with a
turn limit, minutes each). The page multiplies the estimate by the device's measured factor; a
ratio far from 1 here means the game's ``solve_microseconds_per_cell`` needs measuring again.
Numbers, not assertions.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pycore import find_game
from pycore.core.cache import CACHES
from pycore.jeopardy.budget import solve_estimate
from pycore.service.jeopardy_requests import solution_for

CASES = [
    ("pig", {"goal": 60}),
    ("pig", {"goal": 100, "die": 8, "bust": 2}),
    ("gro", {}),
    ("gro", {"n_dice": 8, "bust_ones": 4}),
    ("ayzd", {"goal": 30}),
    ("pig-turns", {"goal": 50, "turns": 10, "turn_model": "free"}),
    ("farkle", {"set": "target=1000"}),
]
LARGE = [
    ("pig", {"goal": 200}),
    ("gro", {"goal": 100, "bound": 200}),
    ("ayzd", {"goal": 50}),
    ("pig-turns", {"goal": 100, "turns": 10}),
]


def measured(name: str, params: dict) -> float:
    CACHES["solutions"].clear()  # every run solves (and compiles) afresh
    game = find_game(name, **params)  # a new instance: no shared model
    started = time.perf_counter()
    solution_for(game, None, None, True)
    return time.perf_counter() - started


MEMORY_CASES = CASES + [("zombie-dice", {"goal": 6, "bound": 12}), ("pig", {"goal": 150}), ("pig", {"goal": 250}),
                        ("gro", {"goal": 100, "bound": 200}), ("ayzd", {"goal": 50})]
MEASURE_MEMORY = """
import json, resource, sys
sys.path.insert(0, {root!r})
from pycore import find_game
from pycore.jeopardy.budget import set_memory_budget, solve_estimate
from pycore.service.jeopardy_requests import solution_for
set_memory_budget(64 * 10**9)  # (the estimate is what is measured: no refusal)
game = find_game({name!r}, **{params!r})
estimate = solve_estimate(game)
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
solution_for(game, None, None, True)
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({{"bytes": (peak - before) * 1024, "estimate": estimate["bytes"]}}))
"""


def measured_memory(name: str, params: dict) -> dict:
    import json
    import subprocess

    code = MEASURE_MEMORY.format(root=str(Path(__file__).resolve().parents[1]), name=name, params=params)
    return json.loads(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout)


def main_memory() -> None:
    print(f"{'game':<12} {'parameters':<34} {'peak MB':>9} {'estimate MB':>12} {'ratio':>6}")
    for name, params in MEMORY_CASES:
        result = measured_memory(name, params)
        print(f"{name:<12} {parameters_text(params):<34} {result['bytes'] / 1e6:>9.0f} {result['estimate'] / 1e6:>12.0f} "
              f"{result['bytes'] / max(result['estimate'], 1):>6.2f}")


DESIGN_CASES = [
    ("pig", {}, "goal", "40,60,80"),
    ("pig", {"goal": 60}, "die", "4,6,8"),
    ("gro", {}, "goal", "30,50,70"),
    ("ayzd", {"goal": 20}, "goal", "10,15,20"),
    ("pig-turns", {"goal": 50, "turn_model": "free"}, "turns", "6,10,14"),
    ("pig-turns", {"goal": 50}, "turns", "6,10"),
]


def median_seconds(runs: int, action: str, args: dict, fresh: bool) -> float:
    """The median seconds of ``runs`` API calls (``fresh``: no solution kept between them)."""
    from pycore import api

    times = []
    for _ in range(runs):
        if fresh:
            CACHES["solutions"].clear()
        started = time.perf_counter()
        api.call(action, args)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def parameters_text(params: dict) -> str:
    return ",".join(f"{k}={v}" for k, v in params.items()) or "defaults"


def main_design(runs: int) -> None:
    from pycore import api

    print(f"{'game':<10} {'parameters':<28} {'design':<16} {'median s':>9} {'estimate s':>11} {'ratio':>6}")
    for name, params, param, values in DESIGN_CASES:
        args = {"game": name, **params, "param": param, "values": values}
        estimate = api.call("estimate", args)["seconds"]
        seconds = median_seconds(runs, "design", args, fresh=True)
        print(f"{name:<10} {parameters_text(params):<28} {param + ' ' + values:<16} {seconds:>9.2f} {estimate:>11.2f} "
              f"{seconds / estimate:>6.2f}")


#: (game, parameters, a rule) evaluated by --evaluate; EVALUATE_LARGE the shipped games (126-274 s)
EVALUATE_CASES = [
    ("pig", {}, "k < 20"),
    ("gro", {}, "k < 20"),
    ("zombie-dice", {"goal": 8}, "b < 3"),
    ("farkle", {"set": "target=1000"}, "k < 300"),
    ("pig-turns", {"goal": 50, "turns": 20}, "k < 20"),
]
EVALUATE_LARGE = [("zombie-dice", {}, "b < 3"), ("farkle", {}, "k < 300"), ("pig-turns", {}, "k < 20")]


def main_evaluate(runs: int, large: bool) -> None:
    from pycore import api

    print(f"{'game':<12} {'parameters':<22} {'median s':>9} {'estimate s':>11} {'ratio':>6}")
    for name, params, rule in EVALUATE_CASES + (EVALUATE_LARGE if large else []):
        args = {"game": name, **params, "rule": rule, "max_seconds": 86_400}
        estimate = api.call("estimate", {"game": name, **params, "evaluate": True})["seconds"]
        api.call("solve", {"game": name, **params})  # (the solution first: the evaluation alone is timed)
        seconds = median_seconds(runs if estimate < 10 else 1, "evaluate", args, fresh=False)
        print(f"{name:<12} {parameters_text(params):<22} {seconds:>9.2f} {estimate:>11.2f} {seconds / estimate:>6.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--large", action="store_true")
    parser.add_argument("--memory", action="store_true", help="peak memory against the estimate")
    parser.add_argument("--design", action="store_true", help="the designer's table against its estimate")
    parser.add_argument("--evaluate", action="store_true", help="a rule's exact evaluation against its estimate")
    args = parser.parse_args()
    if args.evaluate:
        main_evaluate(args.runs, args.large)
        return
    if args.design:
        main_design(args.runs)
        return
    if args.memory:
        main_memory()
        return
    print(f"{'game':<10} {'parameters':<34} {'cells':>12} {'median s':>9} {'estimate s':>11} {'ratio':>6}")
    for name, params in CASES + (LARGE if args.large else []):
        estimate = solve_estimate(find_game(name, **params))
        runs = args.runs if estimate["seconds"] < 10 else 1
        seconds = statistics.median(measured(name, params) for _ in range(runs))
        print(f"{name:<10} {parameters_text(params):<34} {estimate['cells']:>12,} {seconds:>9.2f} {estimate['seconds']:>11.2f} "
              f"{seconds / estimate['seconds']:>6.2f}")


if __name__ == "__main__":
    main()
