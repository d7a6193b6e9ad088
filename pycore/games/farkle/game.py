"""Farkle and Zilch for two players: the registered game (a race to the rule set's target)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import factorial
from types import MappingProxyType

import numpy as np

from pycore.core.table_spec import default_rules
from pycore.jeopardy.rules.hints import JeopardyPage
from pycore.jeopardy.rules.layout import AnchorLayout, JeopardyTables, layout
from pycore.jeopardy.rules.protocol import JeopardyGame
from pycore.jeopardy.rules.vocabulary import Choice, Policy, TurnEnd
from pycore.jeopardy.solving.budget import SolveCost
from pycore.jeopardy.solving.turn_graph import graph_of

from ...core.dice import uniform_dice
from ...core.params import Param, StateVar
from ...core.registry import register
from ..pig import OPPONENT, SCORE
from .one_turn import TurnSolution, best_turn, long_run, roll_moves
from .scoring import DICE, FACES, RULE_SETS, Counts, RuleSet, multisets, rule_set, scoring_options

# ---- the registered game ---------------------------------------------------------------------


@lru_cache(maxsize=4096)
def _set_asides(rules: RuleSet, counts: Counts) -> tuple[tuple[int, int], ...]:
    """Where a roll showing ``counts`` can go: (points, dice left) of each set-aside, most
    points first, without repeats; none left without hot dice means the turn must bank (not
    offered as a roll: the option to bank with those points is the same state's hold)."""
    moves = []
    for sub, points in sorted(scoring_options(rules, counts), key=lambda o: -o[1]):
        rest = sum(counts) - sum(sub)
        moves.append((points, rest if rest else (DICE if rules.hot_dice else 0)))
    return tuple(m for m in dict.fromkeys(moves) if m[1])


@lru_cache(maxsize=64)
def _reachable(rules: RuleSet, roll_below: int, unit: int) -> Mapping[tuple[int, int], None]:
    """The (turn total, dice) of :func:`_reach` as a turn's states, in points (read at every
    state a link or a walk checks: built once for each score's distance to the target, and
    read-only, since every caller shares it)."""
    return MappingProxyType({(int(k) * unit, int(d)): None for k, d in np.argwhere(_reach(rules, roll_below))})


@lru_cache(maxsize=16)
def _reach(rules: RuleSet, roll_below: int) -> np.ndarray:
    """(K, 7) bool: the (turn total in units, dice to roll) a turn reaches from (0, 6),
    rolling only below ``roll_below`` units."""
    moves = [roll_moves(rules, n) if n else None for n in range(DICE + 1)]
    top = roll_below + max(int(m.points.max(initial=0)) for m in moves[1:])
    reach = np.zeros((top + 1, DICE + 1), bool)
    reach[0, DICE] = True
    for k in range(min(roll_below, top + 1)):
        for n in np.flatnonzero(reach[k]):
            reach[k + moves[n].points, moves[n].dice_left] = True
    return reach


@lru_cache(maxsize=64)
def _roll_table(rules: RuleSet, n: int) -> tuple[tuple[Fraction, tuple[tuple[int, int], ...]], ...]:
    """Every multiset ``n`` dice can show: its exact probability and :func:`_set_asides`."""
    out = []
    for counts in multisets(n):
        ways = factorial(n)
        for c in counts:
            ways //= factorial(c)
        out.append((Fraction(ways, FACES**n), _set_asides(rules, counts)))
    return tuple(out)


def _one_turn_choices(game: Farkle, one_turn: TurnSolution) -> np.ndarray:
    """(G + 1, N) the set-aside the best single turn takes at each gain (in steps) and outcome
    of the game's factored graph: the alternative with the highest one-turn value."""
    graph, columns = graph_of(game)
    dice = columns["d"]
    top = layout(game).var_range("k")[1] // game.gain_step
    outcomes = graph.outcome
    out = np.zeros((top + 1, graph.n_outcomes), np.intp)
    for g in range(top + 1):
        worth = np.array([-np.inf if d < 0 else one_turn.value_at(g + int(step), int(dice[d]))
                          for step, d in zip(graph.gain, graph.dst, strict=True)])
        best = np.full(graph.n_outcomes, -np.inf)
        np.maximum.at(best, outcomes, worth)
        first = np.full(graph.n_outcomes, len(worth))
        np.minimum.at(first, outcomes, np.where(worth >= best[outcomes], np.arange(len(worth)), len(worth)))
        out[g] = first
    return out


#: the largest target the two-player game is solved for in the page or the CLI without a table
#: (1,000: 1.1 s in CPython by the factored sweep; 2,000 takes 9 s, 4,000 a minute)
LIVE_TARGET = 1000
#: a human rule: bank from these turn totals with 1..5 dice to roll (never with 6), keeping the
#: most points after every roll; the one-turn thresholds of the Facebook rules, rounded
SIMPLE_BANK_AT = (300, 300, 400, 1000, 3000)


#: the rule sets whose two-player tables ship: basic is Busche and Neller's 2017 rule set
#: (docs/reproduced.md: its fair head start of 200); the others without their zilch counts
#: (the policies are evaluated on these)
SHIPPED = ({"rules": "facebook"}, {"rules": "basic"}, {"rules": "zilch"})


class FarkleLayout(AnchorLayout):
    """The anchors are a grid (i major, as ``anchors()`` lists them): found by arithmetic, not
    looked up."""

    def anchor_ranges(self) -> dict[str, tuple[int, int]]:
        game = self.game
        return {var: (game.lowest, game.goal - game.unit) for var in game.anchor_vars[:2]}

    def has_anchor(self, key: tuple[int, ...]) -> bool:
        return all(0 <= x < self.game.goal and x % self.game.unit == 0 for x in key)

    def anchor_row(self, anchor: tuple[int, ...]) -> int:
        i, j = self.anchor_key(anchor)
        unit = self.game.unit
        return i // unit * (self.game.goal // unit) + j // unit


@register
class Farkle(JeopardyGame):
    """Farkle and Zilch for two players: a race to the rule set's target (holding at it wins,
    as in Pig), the turn a total ``k`` and the dice left to roll ``d``; after a roll the mover
    chooses which scoring dice to set aside (a :class:`Choice`). Scores are in points,
    multiples of the rule set's ``unit`` (50)."""

    name = "farkle"
    aliases = ("zilch", "dice-10000")
    title = "Farkle / Zilch"
    reference = "seed 004 (Choi, Zilch expected scores); Busche and Neller, Farkle (ACG 2017)"
    anchor_vars = ("i", "j")
    turn_vars = ("k", "d")
    cost = SolveCost(
        solve_microseconds_per_cell=2.5,  # measured: target 500 2.2 (0.12 s), target 1000 3.3 (0.8 s)
        # factored: the turn graph once (swept in batches), the anchors' values; measured: a rule's
        # evaluation to 10,000 (40,000 anchors) 148 MB resident, a solve to 1,000 42 MB, the
        # penalty model's build (562,500 anchors) 250 MB (issue 17's 52 a cell was the dense
        # anchor index, gone since: 792 MB of the 10,000 table's build)
        solve_bytes_fixed=100e6,
        solve_bytes_per_anchor=1000.0,
        solve_bytes_per_cell=0.0,
        evaluate_cost_factor=0.25,  # measured: a rule over the Facebook rules to 10,000 118 s
        evaluate_bytes_factor=1.0,  # (a factored sweep adds little to its solve)
    )
    variables = (
        SCORE,
        OPPONENT,
        StateVar("k", "Turn total", "points set aside this turn", unit="points"),
        StateVar("d", "Dice to roll", "dice left to roll (six after hot dice)", choices=(1, 2, 3, 4, 5, 6)),
    )
    parameters = (
        Param("rules", "facebook", help="the rule set", label="Rules", choices=tuple(RULE_SETS),
              choice_help=tuple(RULE_SETS[n].source for n in RULE_SETS)),
        Param("set", "", 0, 400, "changes to the rule set, e.g. minimum_bank=0,zilch_penalty=0 (NAME=VALUE, "
              "lists as 1000/200/300/400/500/600; see `python -m pycore rules farkle`)",
              label="Rule changes", text=True, advanced=True),
    )
    page = JeopardyPage(
        start_hint="scores are multiples of 50 below the target",
        turn_hint="the turn total is a multiple of 50 a turn can reach, with 1 to 6 dice to roll",
        roll_hint="a roll shows one face 1-6 for each die rolled",
        views=("advice", "thresholds", "strategies", "play", "table", "quiz"),
        threshold_axes=("d",),  # When to hold: by the dice left to roll
        # a turn total is reached with some dice left: the two are entered together
        entered_together=(("k", "d"),),
        rules_evaluated_live=False,  # one evaluation to 10,000 is a solve's worth of sweeps: minutes
        roll_entry={"dice": "d", "faces": [1, 2, 3, 4, 5, 6]},  # the dice left to roll, tapped on a pad
    )
    anchor_layout = FarkleLayout
    solver = "factored"  # the turn's graph over the dice to roll; a roll's set-asides are its choices
    rules_text = (
        "Roll six dice. Set aside scoring dice (1 = 100, 5 = 50, three of a kind = 100 x face, three 1s = "
        "1000, and the rule set's specials) and bank the turn total or roll the rest; set all six aside and "
        "you roll six again (hot dice). A roll with nothing to set aside (a zilch) loses the turn total. "
        "First to the target wins."
    )

    def _check_params(self) -> None:
        self.rules = rule_set(self.params["rules"], self.params["set"])

    @property
    def goal(self) -> int:
        return self.rules.target

    @property
    def unit(self) -> int:
        return self.rules.unit

    @property
    def gain_step(self) -> int:
        return self.rules.unit

    @property
    def turn_start(self) -> tuple[int, ...]:
        return (0, DICE)

    def anchors(self) -> np.ndarray:
        scores = np.arange(0, self.goal, self.unit)
        i, j = np.meshgrid(scores, scores, indexing="ij")
        return np.stack([i.ravel(), j.ravel()], axis=1)

    def live_limit(self) -> str | None:
        if self.goal > LIVE_TARGET:
            shipped = ", ".join(v["rules"] for v in self.tables.variants)
            return (
                f"farkle: two-player play to {self.goal} is too large to solve here, and no table ships for these "
                f"rules (one ships for the {shipped} rules as they are); most points this turn works for any rules, "
                f"and targets up to {LIVE_TARGET} solve live"
            )
        return None

    @property
    def model_rules(self) -> RuleSet:
        """The rules the two-player game is solved for: these, without the penalty for three
        zilches in a row (the state has no zilch counts; see :attr:`model_note`)."""
        return dataclasses.replace(self.rules, zilch_penalty=0)

    @property
    def model_note(self) -> str | None:
        """What the two-player values leave out of the rules in force, said to the player."""
        if not self.rules.zilch_penalty:
            return None
        return (f"Win chances leave out the {self.rules.zilch_penalty}-point penalty for three zilches in a row: "
                f"the two-player model does not count zilches (one-turn advice and the long-run rate include it).")

    @property
    def tables(self) -> JeopardyTables:
        """Two players to 10,000 (their tables: python -m pycore tables --game farkle), one table
        per two-player model: a rule set changed only where the model does not look (the zilch
        penalty) reads its set's table (``stem``); any other change has its own name. The rules
        a table is checked against: a change the model does not see (the zilch penalty, or a
        value the set already has) reads the named set's own table."""
        named = RULE_SETS[self.params["rules"]]
        as_named = self.model_rules == dataclasses.replace(named, zilch_penalty=0)
        stem = f"{self.name}-{named.name}" if as_named else f"{self.name}-{named.name}-{self.model_rules.digest}"
        # (the digest: a table built before a named set was redefined is refused, not misread)
        if stem == f"{self.name}-{self.params['rules']}":
            rules = {"game": self.name, "rules": self.params["rules"], "set": "", "digest": self.model_rules.digest}
        else:
            rules = {**default_rules(self), "digest": self.model_rules.digest}
        return JeopardyTables(variants=SHIPPED, notes={"model": "no penalty for three zilches in a row (zilch_penalty=0)"},
                              komi_range=min(1000, self.goal - self.gain_step), rules=rules, stem=stem)

    def human_policies(self) -> tuple[Policy, ...]:
        """A rule a person can keep in mind, and the best single turn (the seed's objective),
        each played whatever the scores; both against optimal play, exactly."""
        thresholds = np.array([0, *SIMPLE_BANK_AT, 10**9])  # by dice to roll (never bank with six)
        # the best single turn is solved only when its policy is played (0.2 s): listing the
        # policies (the strategies view, the CLI's names) needs none of it
        one_turn = lru_cache(maxsize=1)(lambda: best_turn(self.rules))

        def simple(**c):
            return c["k"] < thresholds[c["d"]]

        def best_single_turn(**c):
            k, d = np.broadcast_arrays(np.asarray(c["k"]) // self.unit, np.asarray(c["d"]))
            return np.vectorize(one_turn().rolls, otypes=[bool])(k, d)

        return (
            Policy(
                "Most points, bank at 300/300/400/1000/3000",
                "After every roll keep the set-aside with the most points; bank once the turn total reaches 300 "
                "with 1 or 2 dice to roll, 400 with 3, 1000 with 4, 3000 with 5; with 6 dice always roll.",
                simple,
                "the one-turn bank thresholds of the Facebook rules, rounded",
                " or ".join(f"(d == {n} and k < {t})" for n, t in enumerate(SIMPLE_BANK_AT, 1)) + " or d == 6",
            ),
            Policy(
                "Best single turn",
                "Play every turn for the most points on average (the seed's objective), whatever the scores: "
                "its set-asides and its bank thresholds.",
                best_single_turn,
                "seed 004's objective, solved exactly (best_turn)",
                choose=lambda game: _one_turn_choices(game, one_turn()),
            ),
        )

    @property
    def lowest(self) -> int:
        """The lowest a score can be (below zero only with the penalty counted: FarklePenalty)."""
        return 0

    def turn_states(self) -> list[tuple[int, ...]]:
        # a turn from the lowest score may roll on until it reaches the target
        top = self.goal - self.lowest + max(int(roll_moves(self.rules, n).points.max(initial=0)) for n in range(1, DICE + 1)) * self.unit
        return [(k, d) for k in range(0, top + self.unit, self.unit) for d in range(1, DICE + 1)]

    def reachable_turns(self, anchor: tuple[int, ...]) -> Mapping[tuple[int, ...], None]:
        """The (turn total, dice) a turn from ``anchor`` reaches, rolling while below the
        target: a pass up the turn total (it only grows), in units."""
        i = int(anchor[self.anchor_vars.index("i")])
        return _reachable(self.rules, (self.goal - i) // self.unit, self.unit)

    def gain(self, turn: tuple[int, ...]) -> int:
        return turn[0]

    def roll_outcomes(self, turn: tuple[int, ...]) -> list[tuple[Fraction, object]]:
        k, d = turn
        return [(p, self._outcome(k, moves)) for p, moves in _roll_table(self.rules, d)]

    @staticmethod
    def _outcome(k: int, moves: tuple[tuple[int, int], ...]):
        """A roll's outcome from turn total ``k``: the Choice of (turn total, dice left) its
        set-asides lead to (most points first), or None for a zilch."""
        return Choice(tuple((k + points, left) for points, left in moves)) if moves else None

    def roll_faces(self, turn: tuple[int, ...]):
        return uniform_dice(turn[1], (1, 2, 3, 4, 5, 6))

    def read_roll(self, turn: tuple[int, ...], faces) -> object:
        counts = [0] * FACES
        for face in faces:
            counts[int(face) - 1] += 1
        return self._outcome(turn[0], _set_asides(self.rules, tuple(counts)))

    def turn_score_values(self, anchor: tuple[int, ...]) -> FarkleTurnValues:
        """The one-turn objective, exactly (:func:`best_turn`: the turn total has no bound of
        its own; here it must bank at the target, where holding wins)."""
        i = int(anchor[self.anchor_vars.index("i")])
        solution = best_turn(self.rules, bank_at=(self.goal - i) // self.unit)
        return FarkleTurnValues(self, tuple(int(x) for x in anchor), solution)

    def describe_choice(self, turn: tuple[int, ...], faces, option: tuple[int, ...]) -> dict:
        """The dice set aside for a choice (the best-scoring set-aside leading there) and its points."""
        counts = [0] * FACES
        for face in faces:
            counts[int(face) - 1] += 1
        points, left = option[0] - turn[0], option[1]
        for sub, value in sorted(scoring_options(self.rules, tuple(counts)), key=lambda o: sum(o[0])):
            rest = turn[1] - sum(sub)
            if value == points and (rest if rest else (DICE if self.rules.hot_dice else 0)) == left:
                return {"keep": [face + 1 for face, n in enumerate(sub) for _ in range(n)], "points": value}
        return {"points": points}

    def can_roll(self, state):
        # below the minimum to bank the turn must roll on, even at the target
        return (state["i"] + state["k"] < self.goal) | (state["k"] < self.rules.minimum_bank)

    def can_hold(self, state):
        return (state["k"] > 0) & (state["k"] >= self.rules.minimum_bank)

    def end_turn(self, anchor, gain) -> TurnEnd:
        banked = anchor["i"] + gain
        value = np.where(banked >= self.goal, 1.0, np.nan)
        return TurnEnd(value, {"i": np.broadcast_to(anchor["j"], np.shape(banked)), "j": banked})

    def rules_data(self) -> dict:
        return {
            "in_force": self.rules.to_json(),
            "options": dict(RuleSet.FIELDS_HELP),
            "rule_sets": {name: r.to_json() for name, r in RULE_SETS.items()},
            "note": (f"Win chances come from a shipped table for the {', '.join(v['rules'] for v in self.tables.variants)} "
                     f"rules to 10,000; with other rules they are solved live for targets up to {LIVE_TARGET}. "
                     f"Most points this turn works for any rules."),
        }


@dataclass(frozen=True)
class FarkleTurnValues:
    """A one-turn :class:`TurnSolution` at an anchor, read as the protocol's turn values
    (:class:`~pycore.jeopardy.solving.turn.TurnValues`): states ``(k, d)`` in points, each action's
    expected points, the outlook of each action, and the seed's figures (``facts``)."""

    game: Farkle
    anchor: tuple[int, ...]
    solution: TurnSolution
    #: every turn state is valued
    lowest_gain = 0

    def _cell(self, turn: tuple[int, ...]) -> tuple[int, int]:
        k, d = (int(x) for x in turn)
        return k // self.game.unit, d

    def action_values(self, turn: tuple[int, ...]) -> dict[str, float | None]:
        k, d = self._cell(turn)
        unit, at = self.game.unit, self.solution.bank_at
        roll = None if at is not None and k >= at else float(self.solution.roll[k, d]) * unit
        return {"roll": roll, "hold": float(k * unit) if self.solution.can_bank(k) else None}

    def value_at(self, turn: tuple[int, ...]) -> float:
        return self.solution.value_at(*self._cell(turn)) * self.game.unit

    def best_action(self, turn: tuple[int, ...]) -> str:
        values = self.action_values(turn)
        return "roll" if values["hold"] is None or (values["roll"] is not None and values["roll"] > values["hold"]) else "hold"

    def outlook(self, turn: tuple[int, ...]) -> dict[str, tuple[float, float]]:
        """{action: (P(the roll zilches), expected points banked this turn)}."""
        values = self.action_values(turn)
        out = {}
        if values["hold"] is not None:
            out["hold"] = (0.0, values["hold"])
        if values["roll"] is not None:
            out["roll"] = (roll_moves(self.game.rules, self._cell(turn)[1]).zilch, values["roll"])
        return out

    @property
    def value(self) -> dict[tuple[int, ...], float]:
        """{turn state: its value} over the states a turn from this anchor reaches."""
        return {turn: self.value_at(turn) for turn in self.game.reachable_turns(self.anchor)}

    @property
    def states(self) -> int:
        return int(self.solution.value.shape[0] * DICE)

    def facts(self) -> dict:
        """The seed's figures: E(y), the chance of ending in a zilch, the bank thresholds."""
        out = {
            "e_by_dice": {str(n): e for n, e in self.solution.e_by_dice().items()},
            "p_zilch": self.solution.p_zilch_turn,
            "bank_thresholds": {str(n): t for n, t in self.solution.bank_thresholds().items()},
        }
        if self.game.rules.zilch_penalty:  # turns are tied together: the long-run rate (7 s)
            out["long_run_points_per_turn"] = long_run(self.game.rules).points_per_turn
        return out
