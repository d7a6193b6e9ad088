"""The variant designer: how a game's numbers move with one parameter.

The GRO paper's future work asks for a goal tuned to the game's length ("AI-assisted
game design"). For each value of one parameter (the others fixed) this solves the game
and reports what a designer weighs:

* ``p_first_player_wins``: the first player's chance under optimal play (the advantage
  of moving first is this minus 1/2);
* the fairest head start (komi) and the chance it leaves;
* ``expected_turns``: the exact expected number of turns (both players') when two
  optimal players meet: from the flow of probability through the game's table
  (:func:`~pycore.jeopardy.solving.tabulated.occupancy`), or for a game solved by the factored sweep
  (Pig with a turn limit) as a payoff followed backwards along the optimal turns
  (:func:`~pycore.jeopardy.solving.factored.expected_turns`); the two agree to 1e-14 where both
  apply (tests/test_factored.py);
* ``skill``: how much skill matters, the optimal player's chance against the game's
  first printed human policy (Pig: hold at 20), averaged over the two seats.
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass

from pycore.core.errors import InvalidRequestError
from pycore.core.params import MOST_DIGITS, read_whole_number, shown
from pycore.jeopardy.model.compiler import forget_model
from pycore.jeopardy.policies.strategy import default_komi_range, fairest_komi, komi_table, policy_results
from pycore.jeopardy.solving.dispatch import solve

#: values one request may ask for (each is a solve)
MAX_VALUES = 40


@dataclass(frozen=True)
class DesignRow:
    value: int | str
    p_first_player_wins: float
    fairest_komi: int  # the first player's head start (negative: the second player's)
    fairest_p_first_player_wins: float
    expected_turns: float
    skill: float | None  # optimal play's win rate against ``policy``
    policy: str | None
    seconds: float

    def to_json(self) -> dict:
        return asdict(self)


def parse_values(text: str) -> list[int]:
    """``"20:100:10"`` (from:to:step, both ends included), ``"20:100"`` (step 1) or
    ``"20,50,100"``; InvalidRequestError naming what is wrong."""
    text = str(text).strip()

    def number(part: str) -> int:
        return read_whole_number(part, "a value", ValueError)  # (said below with the range's form)

    try:
        if ":" in text:
            parts = [number(p) for p in text.split(":")]
            if len(parts) not in (2, 3) or (len(parts) == 3 and parts[2] <= 0) or parts[1] < parts[0]:
                raise ValueError
            start, stop, step = (parts + [1])[:3]
            count = (stop - start) // step + 1  # (counted before any value is made: 1:10**20 costs nothing)
        else:
            count = text.count(",") + 1
        if count > MAX_VALUES:
            raise InvalidRequestError(f"ask for 1 to {MAX_VALUES} values at a time (each is a solve); got {count:,}")
        values = list(range(start, stop + 1, step)) if ":" in text else [number(p) for p in text.split(",")]
    except ValueError as exc:
        if isinstance(exc, InvalidRequestError):
            raise
        raise InvalidRequestError(
            "a range of values is FROM:TO:STEP (e.g. 20:100:10), FROM:TO or a list like 20,50,100, each a whole "
            f"number of at most {MOST_DIGITS} digits 0-9; got {shown(text)}"
        ) from None
    return values


def design_row(game, value) -> DesignRow:
    """The designer's numbers for one game (its parameters set; ``value`` the one varied)."""
    started = time.perf_counter()
    solution = solve(game)
    # head starts up to half the goal (a short game's fairest lies beyond the default quarter)
    step = game.gain_step
    rows = komi_table(solution, min(game.goal - step, max(default_komi_range(solution), game.goal // 2 // step * step)))
    fair = fairest_komi(rows)
    turns = solution.expected_turns()
    policies = game.human_policies()
    skill = name = None
    if policies and game.policies_game is game:  # (else evaluated on another model: hours here)
        result = policy_results(solution)[0]
        skill, name = 1.0 - result.matchup.win_rate, result.policy.name
    return DesignRow(
        value,
        solution.p_first_player_wins(),
        fair.points,
        fair.p_first_player_wins,
        turns,
        skill,
        name,
        time.perf_counter() - started,
    )


def design(make_game, param: str, values: list, progress=None) -> list[DesignRow]:
    """One :class:`DesignRow` per value of ``param``: ``make_game(value)`` is the game with
    that value (the other parameters fixed)."""
    out = []
    for n, value in enumerate(values):
        if progress:
            progress(f"{param} = {value} ({n + 1} of {len(values)})", n / len(values))
        game = make_game(value)
        out.append(design_row(game, value))
        forget_model(game)  # (each row's is made once; kept, the table's peak held eight of them)
    if progress:
        progress("done", 1.0)
    return out
