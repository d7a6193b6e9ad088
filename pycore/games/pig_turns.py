"""Pig with a turn limit (Glenn's lecture notes, seed 003, last pages).

Pig (see :mod:`pycore.games.pig`) has cycles: a turn that scores nothing
leaves the scores as they were. With a limit of ``turns`` turns in all the
game is finite. The notes' value is

    E[x, y, n] = P(player 1 wins) + 1/2 P(draw),   n = turns left (this one included),

with E = 1 if x >= T, 0 if y >= T and 1/2 if n = 0 (nobody reached the goal);
player 1 moves when n is even, so ``turns`` is even and both players get
``turns / 2`` turns. Here the state is the mover's: ``(i, j, n)`` = the
mover's score, the opponent's, turns left; a turn ending at ``n = 1``
without reaching the goal is a draw.

**Two turn models** (``turn_model``):

* ``"target"`` -- the notes' model: at the start of a turn the mover picks a
  target ``S`` (2 <= S <= max(2, T - i)) and rolls until the turn total
  reaches ``S`` or a 1 comes up; player 1 maximises E, player 2 minimises it.
  The turn state is ``(k, s)``: the turn total and the target chosen (``s = 0``
  before choosing). Choosing is the turn start's only move, a choice between
  the targets (:class:`~pycore.jeopardy.rules.vocabulary.Choice`, no dice rolled); after
  it every move is forced. A target above ``T - i`` plays exactly like
  ``T - i`` (the turn stops at the goal), so the choices offered run to ``T``.
* ``"free"`` -- the usual roll/hold decision after every roll (``s`` stays 0).

Where the two models' values differ, the best play within some turn is not
"roll to a total" (docs/reproduced.md says where and by how much).

Layers: ``(turns - n) * (2 T + 12) + i + j``: every turn, even one that
scores nothing, moves to a later layer, so no layer leads to another of its
turn (the factored solver sweeps all 10,000 positions of one ``n`` at once).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import numpy as np

from pycore.jeopardy.rules.hints import JeopardyPage
from pycore.jeopardy.rules.layout import AnchorLayout, JeopardyTables, shared
from pycore.jeopardy.rules.notation import Notation
from pycore.jeopardy.rules.protocol import JeopardyGame
from pycore.jeopardy.rules.vocabulary import Choice, Policy, TurnEnd
from pycore.jeopardy.solving.budget import SolveCost
from pycore.jeopardy.solving.dispatch import solve
from pycore.jeopardy.solving.turn_graph import TurnGraph, graph_of, start_graph_of

from ..core.dice import uniform_dice
from ..core.errors import InvalidParameterError, InvalidStateError
from ..core.params import Param, StateVar
from ..core.registry import find_game, register
from .pig import FACES, OPPONENT, SCORE

TURN_MODELS = ("target", "free")
#: turn starts solved live: goal^2 * turns (100 x 100 x 200; 2e6 anchors are 50 MB of state)
LIVE_ANCHORS = 2_000_000


class PigTurnsLayout(AnchorLayout):
    """The anchors are a grid (as ``anchors()`` lists them): found by arithmetic, not looked up."""

    def has_anchor(self, key: tuple[int, ...]) -> bool:
        i, j, n = key
        return 0 <= i < self.game.goal and 0 <= j < self.game.goal and 1 <= n <= self.game.turns

    def anchor_row(self, anchor: tuple[int, ...]) -> int:
        i, j, n = self.anchor_key(anchor)
        return (i * self.game.goal + j) * self.game.turns + n - 1


@register
class PigTurns(JeopardyGame):
    name = "pig-turns"
    aliases = ("turn-limited-pig",)
    #: ``pig --turns N`` is this game (the registry resolves a base game's name with these parameters)
    variant_of = "pig"
    variant_params = ("turns", "turn_model")
    title = "Pig with a turn limit"
    reference = "Glenn, lecture notes (seed 003): Pig with a turn limit; Neller & Presser (2004) for Pig"
    anchor_vars = ("i", "j", "n")
    #: two players only: the turn limit counts both players' turns
    table_end = None
    turn_vars = ("k", "s")

    @property
    def cost(self) -> SolveCost:
        target = self.target_model
        return SolveCost(
            # (linear, measured: target 0.022-0.025 from 0.5 to 2.7 billion cells, goal 100 with
            # 10-30 turns 13-38 s; free 0.11-0.19, goal 50-100 with 10-40 turns; with the growth
            # of (cells / 1e6) ** 0.25 they were over-estimated 5-9 times)
            solve_microseconds_per_cell=0.024 if target else 0.12,
            solve_traffic_exponent=0.0,
            # the factored sweep touches few of the anchors x (k, s) cells (see
            # solve_microseconds_per_cell); a designer's row evaluates a policy and follows the game's
            # length, more sweeps: turns 6, 10 and 14 to 50 measured 20 s, 7 times the solves' estimate
            design_cost_factor=7.0,
            # a rule's evaluation sweeps every turn of the 400,000 anchors again: measured 274 s with the
            # default rules, 4.5 times the solve's linear estimate (goal 50 with 20 turns: 6.0 s, 3.2
            # times), so the page gives the command instead
            evaluate_cost_factor=4.5,
            evaluate_bytes_factor=1.0,  # measured: goal 50, 20 turns 194 MB, its solve 131 MB (a sweep adds little)
            # factored: its turn graph once, the anchors' values; measured target 125-161 MB (25,000 to
            # 400,000 anchors), free 75 MB at 25,000 and 135 MB at 100,000 anchors
            solve_bytes_per_cell=0.0,
            solve_bytes_fixed=130e6 if target else 55e6,
            solve_bytes_per_anchor=100.0 if target else 900.0,
        )
    variables = (
        SCORE,
        OPPONENT,
        StateVar("n", "Turns left", "turns left in the game, this one included (even: player 1 moves)", unit="turns"),
        StateVar("k", "Turn total", "turn total", unit="points"),
        StateVar("s", "Target", "the turn total the mover chose to roll to (target model; 0 before choosing, "
                 "always 0 in free play)", unit="points"),
    )
    parameters = (
        Param("goal", 100, 2, 200, "points needed to win", label="Goal"),
        Param("turns", 40, 2, 400, "turns in the game, both players' together (even)", label="Turns"),
        Param("turn_model", "target", help="how a turn is played", label="Turn model", choices=TURN_MODELS,
              choice_help=("choose at the start of the turn the total to roll to (Glenn's notes)",
                           "decide after every roll (as in Pig)")),
    )
    rules_text = (
        "Pig with a limit on the number of turns: two players race to the goal (100); a 1 ends the turn "
        "scoring nothing, any other face adds to the turn total, holding banks it. The game has a fixed "
        "number of turns, both players' together (player 1 moves when an even number is left); if nobody "
        "has reached the goal when they run out, it is a draw, worth half a win. Target model: at the "
        "start of your turn you choose the turn total to roll to, then roll until you reach it or roll a 1."
    )
    solver = "factored"
    page = JeopardyPage(
        start_hint="scores are below the goal and 1 to the game's turns are left",
        turn_hint="the turn total grows by 2-6 per roll (never 1); a target (target model) is chosen before rolling, "
                  "and the turn stops at it",
        views=("advice", "slice", "thresholds", "strategies", "design", "play", "table", "quiz"),
        # When to hold: at the position's scores, by the turns left (the mover's own turns, every other)
        threshold_anchor=("n", 2),
        # the turn total and the target it is rolled to are entered together
        entered_together=(("k", "s"),),
        # a rule's evaluation takes minutes (the cost's evaluate_cost_factor): the page gives the command instead
        rules_evaluated_live=False,
        # a boundary panel is one number of turns left; the target is the one chosen (target model)
        panel_vars=("n",),
    )
    #: the default game in both turn models (its table: python -m pycore tables --game pig-turns);
    #: the chart of how the turn limit approaches the game without one ships with the table
    tables = JeopardyTables(variants=({"turns": 40, "turn_model": "target"}, {"turns": 40, "turn_model": "free"}),
                            facts_read=("states", "residual", "by_turns"))
    anchor_layout = PigTurnsLayout

    def _check_params(self) -> None:
        if self.turns % 2:
            raise InvalidParameterError(
                f"{self.name}: turns must be even, so that both players get the same number of turns (got {self.turns})"
            )

    @property
    def turns(self) -> int:
        return self.params["turns"]

    @property
    def target_model(self) -> bool:
        return self.params["turn_model"] == "target"

    def live_limit(self) -> str | None:
        anchors = self.goal**2 * self.turns
        if anchors > LIVE_ANCHORS:
            return (
                f"{self.name}: goal {self.goal} with {self.turns} turns has {anchors:,} turn starts, more than the "
                f"{LIVE_ANCHORS:,} solved here; lower the goal or the turns"
            )
        return None

    # ---- positions ------------------------------------------------------------------------

    def start_anchor(self, komi: int = 0) -> tuple[int, ...]:
        return (max(komi, 0), max(-komi, 0), self.turns)

    def layer(self, anchor):
        return (self.turns - anchor["n"]) * (2 * self.goal + 12) + anchor["i"] + anchor["j"]

    def anchors(self) -> np.ndarray:
        i, j, n = np.meshgrid(np.arange(self.goal), np.arange(self.goal), np.arange(1, self.turns + 1), indexing="ij")
        return np.stack([i.ravel(), j.ravel(), n.ravel()], axis=1)

    @property
    def targets(self) -> tuple[int, ...]:
        """The configurations: 0 (no target yet, or free play) and each target 2..goal."""
        return (0, *range(2, self.goal + 1)) if self.target_model else (0,)

    def turn_states(self) -> list[tuple[int, ...]]:
        top = self.goal + 6  # the largest turn total: one roll of 6 from just below the goal
        states = [(k, s) for s in self.targets if s for k in range(min(top, s + 6))]
        if self.target_model:
            return [(0, 0)] + states
        return [(k, 0) for k in range(top)]

    def gain(self, turn: tuple[int, ...]) -> int:
        return turn[0]

    def _chooses(self, turn) -> bool:
        return self.target_model and turn == (0, 0)

    def roll_outcomes(self, turn):
        if self._chooses(turn):
            return [(Fraction(1), Choice(tuple((0, s) for s in self.targets if s)))]
        k, s = turn
        sixth = Fraction(1, 6)
        return [(sixth, None)] + [(sixth, (k + face, s)) for face in range(2, 7)]

    def roll_faces(self, turn):
        # choosing a target rolls nothing
        return uniform_dice(0 if self._chooses(turn) else 1, FACES)

    def read_roll(self, turn, faces):
        if self._chooses(turn):
            if faces:
                raise InvalidStateError(f"{self.name}: no dice are rolled while choosing a target, got {faces}")
            return self.roll_outcomes(turn)[0][1]
        (face,) = faces
        return None if face == 1 else (turn[0] + face, turn[1])

    def choice_offered(self, anchor, option) -> bool:
        # the notes' targets: S <= max(2, T - i); a larger one plays exactly like T - i
        return option[1] <= max(2, self.goal - anchor[0])

    def panel_configuration(self, start_values, anchors, columns):
        if not self.target_model:
            return np.zeros(len(anchors), dtype=np.intp)
        targets = columns["s"][None, :]
        allowed = (targets > 0) & (targets <= np.maximum(2, self.goal - anchors[:, :1]))
        worth = np.where(allowed & ~np.isnan(start_values), start_values, -np.inf)
        return worth.argmax(axis=1)  # the smallest of equal targets, as the advice lists them

    def describe_choice(self, turn, faces, option) -> dict:
        return {"target": option[1], "label": f"target {option[1]}"}

    def can_roll(self, state):
        k, s = state["k"], state["s"]
        below = state["i"] + k < self.goal
        if not self.target_model:
            return below
        return below & (((s == 0) & (k == 0)) | (k < s))

    def can_hold(self, state):
        k, s = state["k"], state["s"]
        if not self.target_model:
            return k > 0
        return (k > 0) & ((k >= s) | (state["i"] + k >= self.goal))

    def end_turn(self, anchor, gain) -> TurnEnd:
        banked = anchor["i"] + gain
        left = anchor["n"] - 1
        value = np.where(banked >= self.goal, 1.0, np.where(left == 0, 0.5, np.nan))
        shape = np.broadcast_shapes(np.shape(banked), np.shape(left))
        return TurnEnd(value, {"i": np.broadcast_to(anchor["j"], shape), "j": np.broadcast_to(banked, shape),
                               "n": np.broadcast_to(left, shape)})

    # ---- how the limit's game approaches Pig ----------------------------------------------

    def opening(self, solution, turns_left: int) -> int | None:
        """Player 1's best first move with ``turns_left`` turns in the game (from 0 to 0): the
        target chosen (target model; the smallest of equals), or the turn total from which
        holding is best (free model; None if rolling on is best up to the goal)."""
        turn = solution.turn((0, 0, turns_left))
        if self.target_model:
            values = {s: turn.value_at((0, s)) for s in range(2, self.goal + 1)}
            return max(values, key=lambda s: (values[s], -s))
        for k in range(2, self.goal):
            if turn.best_action((k, 0)) == "hold":
                return k
        return None

    def by_turns(self, solution) -> dict:
        """P(first player wins) and the opening (:meth:`opening`) for every even number of turns
        up to the game's, and unlimited Pig's (the limit they approach). One solve gives them all:
        the positions with n turns left are the game of n turns."""
        rows = [{"turns": n, "p_first_player_wins": solution.anchor_value((0, 0, n)), "opening": self.opening(solution, n)}
                for n in range(2, self.turns + 1, 2)]
        return {"rows": rows, "opening_means": "target" if self.target_model else "hold from",
                "unlimited": shared(self, "unlimited", self._unlimited)}

    def _unlimited(self) -> dict:
        """Pig's own numbers at this goal (a solve of its own: kept per goal, not redone per request)."""
        pig = self._pig()
        unlimited = solve(pig)
        opening = next((k for k in range(2, self.goal) if unlimited.best_action(Notation(pig).from_values(i=0, j=0, k=k)) == "hold"), None)
        return {"title": pig.title, "p_first_player_wins": unlimited.p_first_player_wins(), "opening": opening}

    def _pig(self) -> JeopardyGame:
        """The game without a limit, at this goal."""
        return find_game(self.variant_of, goal=self.goal)

    # ---- policies -------------------------------------------------------------------------

    def human_policies(self) -> tuple[Policy, ...]:
        goal = self.goal
        if self.target_model:
            return (
                Policy(
                    "Target 20",
                    "Choose 20 as the target every turn (or what reaches the goal, if less).",
                    lambda i, j, n, k, s: i + k < goal,
                    "Neller & Presser (2004): hold at 20",
                    f"i + k < {goal}",
                    choose=lambda game: game.target_choice(20),
                ),
            )

        # Pig's printed policies, blind to the turns left (the same rules, the extra columns ignored)
        pigs = tuple(
            replace(p, rule=lambda i, j, n, k, s, rule=p.rule: rule(i, j, k)) for p in self._pig().human_policies()
        )
        return (
            *pigs,
            Policy("Last turn: roll to the goal",
                   "Hold at 20, except on your last turn (n = 1 or 2): roll until the goal.",
                   lambda i, j, n, k, s: ((k < 20) | (n <= 2)) & (i + k < goal), "",
                   f"(k < 20 or n <= 2) and i + k < {goal}"),
        )

    # ---- the solve: each target's whole run as one roll ----------------------------------

    def run_outcomes(self, target: int) -> dict[int, Fraction]:
        """P_S(total = k): the chances of the turn totals a run to ``target`` ends with (0: a 1
        came up first); k runs from S to S + 5 (the notes' sum over k)."""
        rolling = {0: Fraction(1)}  # turn totals below the target -> the chance of rolling from there
        ends: dict[int, Fraction] = {}
        for k in range(target):  # in increasing order: every way into k has been added
            chance = rolling.pop(k, None)
            if chance is None:
                continue
            ends[0] = ends.get(0, Fraction(0)) + chance / 6
            for face in range(2, 7):
                book = rolling if k + face < target else ends
                book[k + face] = book.get(k + face, Fraction(0)) + chance / 6
        return ends

    def start_graph(self):
        """The target model's turn for its turn-start values: the choice of a target, then the
        run to it as one roll (its outcomes :meth:`run_outcomes`), allowed only for the notes'
        targets ``S <= max(2, T - i)``. A larger target plays like ``T - i`` (the turn stops at
        the goal), so the best choice is the same; the free model's turn is Pig's, die by die."""
        if not self.target_model:
            return None
        return shared(self, "start_graph", self._run_graph)

    def _run_graph(self):
        graph, columns = graph_of(self)
        targets = columns["s"]
        src, dst, gain, prob, choice = [], [], [], [], []
        outcomes = 1  # outcome 0: the choice of a target
        for c, s in enumerate(targets):
            if s == 0:  # the choice: one outcome, an alternative per target
                for d, t in enumerate(targets):
                    if t:
                        src.append(c), dst.append(d), gain.append(0), prob.append(1.0), choice.append(0)
                continue
            for k, p in self.run_outcomes(int(s)).items():
                src.append(c), dst.append(c if k else -1), gain.append(k), prob.append(float(p))
                choice.append(outcomes)
                outcomes += 1
        runs = TurnGraph(graph.configurations, np.array(src), np.array(dst), np.array(gain), np.array(prob),
                         graph.order, graph.start, np.array(choice))
        runs.check()

        def can_roll(state):
            k, s, i = state["k"], state["s"], state["i"]
            return (k == 0) & ((s == 0) | (s <= np.maximum(2, self.goal - i)))

        return runs, columns, can_roll

    def target_choice(self, target: int):
        """A policy's choices in :meth:`start_graph`: the target ``min(target, max(2, T - i))`` at
        every anchor, as a function of the anchors' columns -> (B, 1, N) transitions, the same
        at every gain (the sweeps broadcast them: a copy for each gain was a third of a
        designer's row)."""
        graph, columns, _ = start_graph_of(self)
        first = np.unique(graph.choice, return_index=True)[1]
        by_target = {int(columns["s"][graph.dst[t]]): t for t in np.flatnonzero(graph.choice == 0)}

        def choose(state):
            wanted = np.minimum(target, np.maximum(2, self.goal - state["i"][:, 0, 0]))
            out = np.broadcast_to(first, (len(wanted), 1, len(first))).copy()
            out[:, 0, 0] = [by_target[int(w)] for w in wanted]
            return out

        return choose
