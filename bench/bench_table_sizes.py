"""Is the exact game of P = 4 to 8 players within reach of one machine? Counted, not solved.

    python bench/bench_table_sizes.py

For Pig, Great Rolled Ones, Zombie Dice and Farkle (basic rules) at their shipped goals, the
turn starts of P players grown from the games solved here, times the cells of one turn start
(the game's turn states, ``layout(game).turn_state_count()``), priced by the measured costs of
the solvers that would run them (the games' ``cost`` models; docs/three-players.md):

* turn starts: Pig ``goal^P`` (every score below the goal, ``pig-3`` has 100^3); GRO the
  growth from two players to three (``gro-3``'s merged last round: x77 a player); Zombie
  Dice x27 a player (the scores 0 to the bound 26) from two players' 639; Farkle x200 a
  player (its scores in 50s to 10,000) from two players' 40,000;
* time of one sweep of every turn start: Pig's chain solver 0.0045 us a cell, GRO's
  general sweep 0.09 us (each a turn left; Pig needs about 100 turns left a player, GRO 20,
  as three players need 300 and 60), Zombie Dice's factored sweep 0.4 us and Farkle's 2.5
  us (a two-player solve's cost a cell: a stationary many-player game needs tens of such
  sweeps, so these are lower bounds);
* memory: the bytes a turn start the solvers of three players take (Pig 200, GRO 1,515),
  grown by the seats' chances kept ((P - 1) / 2 of three players'), and the two-player
  factored solvers' (Zombie Dice 100 KB, Farkle 1,000 bytes) times P - 1.

Prints one row per game and P. Numbers, not assertions.
"""

from __future__ import annotations

from pycore import find_game
from pycore.jeopardy.rules.layout import layout

#: name, params, turn starts of P players, microseconds a cell a sweep, sweeps, bytes a turn start
GAMES = (
    ("pig", {}, lambda two, three, P: 100 ** P, 0.0045, lambda P: 100 * P, lambda P: 200.0 * (P - 1) / 2),
    ("gro", {}, lambda two, three, P: three * (three / two) ** (P - 3), 0.09, lambda P: 20 * P,
     lambda P: 1515.0 * (P - 1) / 2),
    ("zombie-dice", {}, lambda two, three, P: two * 27 ** (P - 2), 0.4, lambda P: 1, lambda P: 100e3 * (P - 1)),
    ("farkle", {"rules": "basic"}, lambda two, three, P: two * 200 ** (P - 2), 2.5, lambda P: 1,
     lambda P: 1000.0 * (P - 1)),
)


def rows():
    for name, params, starts_of, microseconds, sweeps, bytes_of in GAMES:
        game = find_game(name, **params)
        two = layout(game).anchor_count()
        three_game = {"pig": ("pig", {"players": 3}), "gro": ("gro", {"players": 3})}.get(name)
        three = layout(find_game(three_game[0], **three_game[1])).anchor_count() if three_game else None
        cells_each = layout(game).turn_state_count()
        for P in range(4, 9):
            starts = starts_of(two, three, P)
            cells = starts * cells_each
            seconds = cells * microseconds * 1e-6 * sweeps(P)
            yield name, P, starts, cells, seconds, starts * bytes_of(P), sweeps(P)


def main() -> None:
    print("| game | players | turn starts | turn cells a sweep | sweeps | one core | memory |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for name, P, starts, cells, seconds, memory, sweeps in rows():
        print(f"| {name} | {P} | {starts:.2g} | {cells:.2g} | {sweeps} | {_duration(seconds)} | {_bytes(memory)} |")


def _duration(seconds: float) -> str:
    for unit, size in (("years", 365 * 86400), ("days", 86400), ("h", 3600), ("min", 60)):
        if seconds >= size:
            return f"{seconds / size:.3g} {unit}"
    return f"{seconds:.3g} s"


def _bytes(n: float) -> str:
    for unit, size in (("PB", 1e15), ("TB", 1e12), ("GB", 1e9), ("MB", 1e6)):
        if n >= size:
            return f"{n / size:.3g} {unit}"
    return f"{n:.3g} B"


if __name__ == "__main__":
    main()
