"""How good the page's "about N s" is: each game's solve estimate (``estimate`` action,
``pycore.jeopardy.solving.budget.solve_estimate``) against the measured solve, compile included, as the page
solves (``Analysis.solution``, fresh), in this run.

    python bench/bench_estimate.py [--runs 3] [--large] [--memory] [--design] [--evaluate] [--seats]

Prints the median seconds, the estimate and their ratio per game and size (``--large`` adds
solves of 10-60 s). ``--memory`` prints instead each solve's peak memory (the growth of a
fresh process's peak resident size over the solve) against the estimate's ``bytes``, which
the page's refusal of solves too large for a phone rests on. ``--design`` times the designer's
whole table (``design`` action: a solve, the game's length and a policy's evaluation per value)
against its estimate (``estimate`` with ``param`` and ``values``). ``--evaluate`` times a rule's
exact evaluation against optimal play (``evaluate``, the solution already made) against its
estimate (``estimate`` with ``evaluate``: the game's ``cost.evaluate_cost_factor``), what the API's
refusal of long work rests on (``--large``: the shipped Zombie Dice, Farkle and Pig with a
turn limit, minutes each). The page multiplies the estimate by the device's measured factor; a
ratio far from 1 here means the game's ``cost.solve_microseconds_per_cell`` needs measuring again.
``--work`` (also after ``--evaluate``) runs each designer's table and rule's evaluation of
``WORK_CASES`` in a fresh process: its CPU seconds and peak memory against the estimate.
``--seats`` (also after ``--evaluate``) solves games of three players, each in a fresh process,
and prints its CPU seconds and peak memory against the estimate (``SEAT_CASES``: the chain
solver, the general sweep with a turn limit and the stationary iteration).
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
from pycore.jeopardy.analysis import analyse
from pycore.jeopardy.solving.budget import solve_estimate

CASES = [
    ("pig", {"goal": 60}),
    ("pig", {"goal": 100, "die": 8, "bust": 2}),
    ("gro", {}),
    ("gro", {"n_dice": 8, "bust_ones": 4}),
    ("ayzd", {"goal": 30}),
    ("pig-turns", {"goal": 50, "turns": 10, "turn_model": "free"}),
    ("farkle", {"set": "target=1000,zilch_penalty=0"}),
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
    analyse(game, "win").solution(fresh=True, timed=False)
    return time.perf_counter() - started


MEMORY_CASES = CASES + [("zombie-dice", {"goal": 6, "bound": 12}), ("pig", {"goal": 150}), ("pig", {"goal": 250}),
                        ("gro", {"goal": 100, "bound": 200}), ("ayzd", {"goal": 50})]
MEASURE_MEMORY = """
import json, resource, sys, time
sys.path.insert(0, {root!r})
from pycore import find_game
from pycore.jeopardy.solving.budget import set_memory_budget, solve_estimate
from pycore.jeopardy.analysis import analyse
set_memory_budget(64 * 10**9)  # (the estimate is what is measured: no refusal)
game = find_game({name!r}, **{params!r})
estimate = solve_estimate(game)
before, started = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, time.process_time()
analyse(game, "win").solution(fresh=True, timed=False)
seconds, peak = time.process_time() - started, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({{"bytes": (peak - before) * 1024, "estimate": estimate["bytes"], "seconds": seconds,
                  "estimate_seconds": estimate["seconds"]}}))
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
    ("farkle", {"set": "target=1000,zilch_penalty=0"}, "k < 300"),
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


#: three players' solves (issue 50): the chain solver (Pig with a turn limit), the general
#: sweep with a turn limit (GRO) and the stationary iteration (no limit; AYZD), each timed
#: (CPU seconds: the machine is often shared) and its peak measured in a fresh process
SEAT_CASES = [
    ("pig-3", {"goal": 30, "turns": 60}),
    ("pig-3", {"goal": 100, "turns": 1}),
    ("pig-3", {"goal": 100, "turns": 10}),
    ("pig-3", {"goal": 150, "turns": 2}),
    ("pig-3", {"goal": 20, "turns": 0}),
    ("pig-3", {"goal": 50, "turns": 0}),
    ("pig-3", {"goal": 60, "turns": 0}),
    ("gro-3", {"goal": 12, "bound": 24, "turns": 20}),
    ("gro-3", {"goal": 20, "bound": 40, "turns": 15}),
    ("gro-3", {"goal": 30, "bound": 60, "n_dice": 1, "bust_ones": 1, "turns": 5}),
    ("gro-3", {"goal": 50, "n_dice": 1, "bust_ones": 1, "turns": 3}),
    ("gro-3", {"goal": 16, "turns": 0}),
    ("ayzd-3", {"goal": 8}),
    ("ayzd-3", {}),
    ("ayzd-3", {"goal": 16}),
]


def main_seats() -> None:
    print(f"{'game':<8} {'parameters':<44} {'CPU s':>7} {'estimate s':>10} {'ratio':>6} {'peak MB':>8} "
          f"{'estimate MB':>11} {'ratio':>6}")
    for name, params in SEAT_CASES:
        result = measured_memory(name, params)
        print(f"{name:<8} {parameters_text(params):<44} {result['seconds']:>7.2f} {result['estimate_seconds']:>10.2f} "
              f"{result['seconds'] / result['estimate_seconds']:>6.2f} {result['bytes'] / 1e6:>8.0f} "
              f"{result['estimate'] / 1e6:>11.0f} {result['bytes'] / max(result['estimate'], 1):>6.2f}")


#: a designer's table and a rule's evaluation (issue 50: Pig's die 2:20 was estimated at 41 MB
#: and peaked at 805 MB), each in a fresh process: (action, game, parameters, what is asked)
WORK_CASES = [
    ("design", "pig", {}, {"param": "die", "values": "2:20"}),
    ("design", "pig", {"goal": 60}, {"param": "die", "values": "4,12,20"}),
    ("design", "pig", {"die": 20}, {"param": "goal", "values": "40:120:40"}),
    ("design", "pig", {}, {"param": "goal", "values": "50:200:50"}),
    ("design", "gro", {}, {"param": "goal", "values": "30:90:20"}),
    ("design", "gro", {"bust_ones": 1}, {"param": "n_dice", "values": "2:10:2"}),
    ("design", "ayzd", {"bound": 100}, {"param": "goal", "values": "10:50:10"}),
    ("design", "pig-turns", {"goal": 50, "turn_model": "free"}, {"param": "turns", "values": "6,10,14"}),
    ("evaluate", "pig", {}, {"rule": "k < 20"}),
    ("evaluate", "pig", {"goal": 200}, {"rule": "k < 20"}),
    ("evaluate", "pig", {"die": 20}, {"rule": "k < 20"}),
    ("evaluate", "gro", {}, {"rule": "k < 20"}),
    ("evaluate", "ayzd", {"goal": 50}, {"policy": "Fixed Hold-At"}),
    ("evaluate", "pig-turns", {"goal": 50, "turns": 20}, {"rule": "k < 20"}),
    ("evaluate", "zombie-dice", {"goal": 8}, {"rule": "b < 3"}),
]
MEASURE_WORK = """
import json, resource, sys, time
sys.path.insert(0, {root!r})
from pycore import api
from pycore.jeopardy.solving.budget import set_memory_budget
set_memory_budget(64 * 10**9)
game, asked = {{"game": {name!r}, **{params!r}}}, {asked!r}
estimate = api.call("estimate", {{**game, **(asked if {action!r} == "design" else {{"evaluate": True}})}})
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
if {action!r} == "evaluate":
    api.call("solve", game)  # (in the peak, as in the estimate; not in the time, as in the estimate)
started = time.process_time()
api.call({action!r}, {{**game, **asked, "max_seconds": 86400}})
seconds, peak = time.process_time() - started, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({{"bytes": (peak - before) * 1024, "estimate": estimate["bytes"], "seconds": seconds,
                  "estimate_seconds": estimate["seconds"]}}))
"""


def main_work() -> None:
    """Each of :data:`WORK_CASES`: CPU seconds and peak memory (the growth of a fresh process's
    peak resident size) against the ``estimate`` action's."""
    import json
    import subprocess

    print(f"{'action':<9} {'game':<12} {'parameters':<24} {'asked':<18} {'CPU s':>7} {'estimate s':>10} {'ratio':>6} "
          f"{'peak MB':>8} {'estimate MB':>11} {'ratio':>6}")
    for action, name, params, asked in WORK_CASES:
        code = MEASURE_WORK.format(root=str(Path(__file__).resolve().parents[1]), action=action, name=name,
                                   params=params, asked=asked)
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
        result = json.loads(done.stdout)
        print(f"{action:<9} {name:<12} {parameters_text(params):<24} {' '.join(map(str, asked.values())):<18} "
              f"{result['seconds']:>7.2f} {result['estimate_seconds']:>10.2f} "
              f"{result['seconds'] / result['estimate_seconds']:>6.2f} {result['bytes'] / 1e6:>8.0f} "
              f"{result['estimate'] / 1e6:>11.0f} {result['bytes'] / max(result['estimate'], 1):>6.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--large", action="store_true")
    parser.add_argument("--memory", action="store_true", help="peak memory against the estimate")
    parser.add_argument("--design", action="store_true", help="the designer's table against its estimate")
    parser.add_argument("--evaluate", action="store_true", help="a rule's exact evaluation against its estimate, "
                        "then the three-player solves' (--seats)")
    parser.add_argument("--seats", action="store_true", help="three-player solves' time and peak memory against the estimate")
    parser.add_argument("--work", action="store_true", help="designers' tables' and evaluations' time and peak memory "
                        "against the estimate (also after --evaluate)")
    args = parser.parse_args()
    if args.evaluate:
        main_evaluate(args.runs, args.large)
    if args.evaluate or args.work:
        main_work()
        if not (args.evaluate or args.seats):
            return
    if args.evaluate or args.seats:
        main_seats()
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
