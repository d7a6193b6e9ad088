"""Property tests (hypothesis, issue 16) over every registered game: from any position that
play can reach -- drawn by hypothesis as a walk of random choices from the start -- every
action's chances sum to exactly 1, the values returned are within their bounds ([0, 1] for a
win chance, the scorecard's score range for points), play from there ends, and the position
comes back unchanged through JSON, through its text and through a link. And the rule
language means what Python means, checked against Python itself on generated rules.

The runs are derandomized (the same examples every run: CI never flakes), and their number
is set per test so that the whole file takes well under a minute."""

from __future__ import annotations

import json
import random
from fractions import Fraction

import conformance
import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from test_conformance import SMALL

from pycore import api, find_game
from pycore.core.registry import game_classes
from pycore.jeopardy.policies.rule_language import RuleError, _evaluate, parse_rule
from pycore.jeopardy.rules.moves import legal_actions
from pycore.jeopardy.rules.notation import Notation

SETTINGS = settings(derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow])
JEOPARDY = sorted(SMALL)


def test_every_registered_game_is_covered():
    assert set(JEOPARDY) | {"yahtzee"} == {cls.name for cls in game_classes()}


def walk(game, choices: list[int]):
    """The position reached from the start by ``choices`` (each picks an action, an outcome
    by its chance and an option), or None where the game ended on the way."""
    state = conformance.start_state(game)
    for choice in choices:
        actions = legal_actions(game, state)
        outcomes = game.transitions(state, actions[choice % len(actions)])
        pick = random.Random(choice).choices(outcomes, weights=[float(o.probability) for o in outcomes])[0]
        if pick.state is None and not pick.options:
            return None
        state = pick.options[choice % len(pick.options)] if pick.options else pick.state
    return state


@settings(SETTINGS, max_examples=25)
@given(name=st.sampled_from(JEOPARDY), choices=st.lists(st.integers(0, 2**31), max_size=25), seed=st.integers(0, 2**31))
def test_any_reachable_position_has_sound_chances_values_and_round_trips(name, choices, seed):
    game = find_game(name, **SMALL[name])
    state = walk(game, choices)
    assume(state is not None)
    values = Notation(game).values(state)
    for action in legal_actions(game, state):
        outcomes = game.transitions(state, action)
        assert sum(o.probability for o in outcomes) == Fraction(1)
        assert all(o.probability > 0 for o in outcomes)
    advice = api.call("advise", {"game": name, **SMALL[name], "state": values, "objective": "win"})
    shown = [v for v in advice["values"].values() if v is not None]
    assert shown and all(0.0 <= v <= 1.0 for v in shown), advice["values"]
    assert 0.0 <= advice["value"] <= 1.0 and advice["value"] >= max(shown) - 1e-12
    assert Notation(game).from_json(Notation(game).to_json(state)) == state
    assert Notation(game).from_text(Notation(game).to_text(state)) == state
    link = api.call("link", {"game": name, **SMALL[name], "state": values})["fragment"]
    opened = api.call("resolve", {"fragment": link})
    assert (opened["problems"], opened["state"], opened["params"]) == ([], values, game.params)
    conformance.play_ends(game, state, random.Random(seed))  # play on from here, at random: it ends


@settings(SETTINGS, max_examples=15)
@given(seed=st.integers(0, 2**40), moves=st.integers(0, 60), joker=st.sampled_from(["forced", "free", "none"]))
def test_any_yahtzee_position_has_its_expected_score_in_range_and_round_trips(seed, moves, joker):
    """A position of a seeded greedy game: the advisor's expected final score lies between the
    score already made and the most the open boxes can add, each option's too; the position's
    link opens it again."""
    game = api.call("play", {"game": "yahtzee", "joker": joker, "seed": seed, "policy": "greedy"})
    record = dict(game["record"], moves=game["record"]["moves"][:moves])
    position = api.call("move", {"game": "yahtzee", "joker": joker, "record": record})["position"]
    state = {k: position[k] for k in ("scorecard", "dice", "rolls_left")}
    advice = api.call("advise", {"game": "yahtzee", "joker": joker, **state})
    score, most = position["score"], 1575  # (every box at its best: 13 Yahtzees and bonuses)
    assert score <= advice["expected_final"] <= most
    link = api.call("link", {"game": "yahtzee", "joker": joker, **state})["fragment"]
    opened = api.call("resolve", {"fragment": link})
    assert opened["problems"] == [] and opened["params"] == {"joker": joker}
    assert {k: opened["position"][k] for k in ("scorecard", "rolls_left")} == {k: state[k] for k in ("scorecard", "rolls_left")}
    assert (opened["position"]["dice"] and sorted(opened["position"]["dice"])) == state["dice"]


# ---- the rule language against Python --------------------------------------------------

NAMES = ("i", "j", "k")
leaves = st.one_of(st.sampled_from(NAMES), st.integers(-30, 30).map(str), st.sampled_from(["True", "False"]))


def _combine(children):
    binary = st.tuples(children, st.sampled_from(["+", "-", "*", "//", "%", "<", "<=", "==", "!=", ">", "and", "or"]), children)
    return st.one_of(
        binary.map(lambda t: f"({t[0]} {t[1]} {t[2]})"),
        children.map(lambda c: f"(not {c})"),
        children.map(lambda c: f"(-{c})"),
        st.tuples(children, children, children).map(lambda t: f"({t[0]} if {t[1]} else {t[2]})"),
        st.tuples(st.sampled_from(["min", "max"]), children, children).map(lambda t: f"{t[0]}({t[1]}, {t[2]})"),
        children.map(lambda c: f"abs({c})"),
        st.tuples(children, children, children).map(lambda t: f"({t[0]} < {t[1]} <= {t[2]})"),
    )


rules = st.recursive(leaves, _combine, max_leaves=12)


@pytest.mark.filterwarnings("ignore:Generating overly large repr")  # (the recursive strategy's own repr)
@settings(SETTINGS, max_examples=300)
@given(text=rules)
def test_a_rule_means_what_python_means(text):
    """Each generated rule is evaluated by the interpreter over a grid of states and by
    Python's own eval of the same text (test-only: the text is ours): the values agree
    wherever Python answers, and where Python divides by zero the interpreter says so."""
    try:
        rule = parse_rule(text, NAMES)
    except RuleError as exc:
        assume("too large" not in str(exc) and "at most" not in str(exc) and "nested" not in str(exc))
        raise
    grid = np.array([(i, j, k) for i in (0, 1, 7) for j in (0, 2, 50) for k in (0, 3, 20)])
    state = {name: grid[:, n] for n, name in enumerate(NAMES)}
    try:
        values, invalid = _evaluate(rule.tree.body, state, text)
    except RuleError as exc:
        assume("too large" not in str(exc))
        raise
    values, invalid = np.broadcast_to(values, len(grid)), np.broadcast_to(invalid, len(grid))
    for n, (i, j, k) in enumerate(grid):
        try:
            expected = eval(text, {"__builtins__": {"min": min, "max": max, "abs": abs}}, {"i": int(i), "j": int(j), "k": int(k)})
        except ZeroDivisionError:
            assert invalid[n], (text, i, j, k)
            continue
        assert not invalid[n] and int(values[n]) == int(expected), (text, (i, j, k), values[n], expected)


#: any JSON value (NaN and the infinities too: Python's encoder writes them, JSON has none)
ANY_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**20), 10**20) | st.floats() | st.text(max_size=12),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)
#: the argument names the actions read, and a few they do not
ARGUMENT_NAMES = sorted({p.name for cls in game_classes() for p in cls.parameters} | {
    "state", "policy", "rule", "against_policy", "against_rule", "komi", "param", "values", "var", "direction",
    "fragment", "record", "move", "seed", "limit", "objective", "faces", "view", "player", "fixed", "axis", "at",
    "max_seconds", "evaluate", "fresh", "keys", "edit", "scorecard", "dice", "rolls_left", "target", "x"})


@settings(SETTINGS, max_examples=400)
@given(action=st.sampled_from([*api.action_names(), "nope"]), name=st.sampled_from([*JEOPARDY, "yahtzee", "chess"]),
       args=st.dictionaries(st.sampled_from(ARGUMENT_NAMES), ANY_JSON, max_size=4), whole=st.booleans())
def test_handle_answers_any_json_with_an_answer_or_a_named_error(action, name, args, whole):
    """Issue 37: ``handle`` cannot raise, whatever JSON it is given (the small games' sizes
    unless an argument overrides them; ``whole`` False sends ``args`` alone as the request)."""
    request = {"action": action, "args": {"game": name, **SMALL.get(name, {}), **args}} if whole else args
    answer = json.loads(api.handle(json.dumps(request)))
    assert isinstance(answer, dict)
    assert "error" not in answer or (answer["error"]["type"] != "InternalError" and answer["error"]["message"]), answer


#: tables of anchors: up to four columns, each in its own step (Farkle's 50) or sparse (a
#: column spread a thousand apart puts the index on its sorted keys)
ANCHOR_TABLES = st.integers(1, 4).flatmap(lambda columns: st.tuples(
    st.lists(st.tuples(*[st.integers(-3, 6)] * columns), max_size=40, unique=True),
    st.tuples(*[st.sampled_from([1, 3, 50, 1000])] * columns),
    st.lists(st.tuples(*[st.integers(-400, 6000)] * columns), max_size=30)))


@settings(SETTINGS, max_examples=300)
@given(ANCHOR_TABLES)
def test_the_row_index_finds_each_anchor_as_a_dictionary_does(case):
    """``RowIndex.rows`` (many keys) and ``RowIndex.row`` (one) answer what a dictionary of the
    table's rows answers, -1 for a key not in it (off a column's step, outside its range)."""
    from pycore.jeopardy.model.compiled import RowIndex

    anchors, steps, others = case
    table = np.array(anchors, np.int64).reshape(-1, len(steps)) * np.array(steps)
    index = RowIndex(table)
    where = {tuple(row): n for n, row in enumerate(table.tolist())}
    # each anchor, its neighbours one and one step away in each column (just past a range's
    # end, or between two steps), and keys anywhere
    shifts = [np.eye(len(steps), dtype=np.int64)[c] * d for c in range(len(steps)) for d in (-1, 1, -steps[c], steps[c])]
    keys = [*table.tolist(), *((row + shift).tolist() for row in table for shift in shifts), *(list(k) for k in others)]
    want = [where.get(tuple(k), -1) for k in keys]
    assert index.rows(np.array(keys, np.int64).reshape(-1, len(steps))).tolist() == want
    assert [index.row(k) for k in keys] == want


@settings(SETTINGS, max_examples=200)
@given(st.lists(st.tuples(*[st.sampled_from([0.0, 0.25, 1 / 3, 0.5, 1.0])] * 3), max_size=60))
def test_the_distinct_ends_of_a_turn_are_numpys_unique_rows(rows):
    """The seats' sweep codes each game end by its row among the distinct ones: as
    ``np.unique(axis=0)`` orders and numbers them."""
    from pycore.jeopardy.seats.sweep import _distinct_rows

    ends = np.array(rows, float).reshape(-1, 3)
    distinct, places = _distinct_rows(ends)
    want, want_places = np.unique(ends, axis=0, return_inverse=True)
    assert np.array_equal(distinct, want) and places.tolist() == want_places.ravel().tolist()


@settings(SETTINGS, max_examples=200)
@given(st.integers(1, 6), st.integers(1, 4), st.integers(1, 3), st.data())
def test_the_first_best_alternative_is_the_same_by_argmax_and_by_arithmetic(k, m, n, data):
    """A sweep takes the first of an outcome's best alternatives (nan: no value; none with one:
    the first) by numpy's argmax on a single anchor's few rows and by arithmetic on a batch's:
    the same positions, ties, -0.0 and all-nan outcomes included."""
    from pycore.jeopardy.solving import sweep_layout

    values = data.draw(st.lists(st.sampled_from([np.nan, -0.0, 0.0, 0.25, 0.5, 1.0]), min_size=k * m * n,
                                max_size=k * m * n))
    alternatives = np.array(values).reshape(k, m, n)
    top = np.fmax.reduce(alternatives, axis=0)
    by_argmax = sweep_layout._first_of_the_best(alternatives, top)
    kept = sweep_layout.ARGMAX_ELEMENTS
    try:
        sweep_layout.ARGMAX_ELEMENTS = 0  # (the batch's way)
        by_arithmetic = sweep_layout._first_of_the_best(alternatives, top)
    finally:
        sweep_layout.ARGMAX_ELEMENTS = kept
    first = [next((j for j in range(k) if alternatives[j, a, b] == top[a, b]), 0) for a in range(m) for b in range(n)]
    assert by_argmax.ravel().tolist() == by_arithmetic.ravel().tolist() == first


class _Bits:
    """A generator whose 53 random bits are given: each draw's fraction chosen."""

    def __init__(self, bits):
        self.bits = iter(bits)

    def getrandbits(self, k):
        assert k == 53
        return next(self.bits)


@settings(SETTINGS, max_examples=200)
@given(st.lists(st.integers(1, 50), min_size=1, max_size=12), st.integers(0, 3), st.booleans(), st.data())
def test_a_roll_draws_the_face_the_walk_over_the_chances_draws(weights, short, as_tuple, data):
    """``dice.roll`` (a search in the cumulative chances, which a Distribution keeps) draws
    what walking the distribution draws: the first face whose chance the drawn fraction, less
    the chances before it, is below; the last where the chances sum short of 1. The fractions
    drawn include each cumulative chance exactly and the numbers next to it."""
    from pycore.core.dice import roll

    total = 64  # (a power of two: every cumulative chance is a fraction of 53 bits)
    assume(sum(weights) + short <= total)
    distribution = [(Fraction(w, total), (n,)) for n, w in enumerate(weights)]
    distribution = tuple(distribution) if as_tuple else distribution
    edges = [sum(weights[: n + 1]) << 47 for n in range(len(weights))]
    bits = data.draw(st.lists(st.sampled_from([0, 2**53 - 1] + [e + d for e in edges for d in (-1, 0, 1)
                                                               if 0 <= e + d < 2**53]) | st.integers(0, 2**53 - 1),
                              min_size=1, max_size=20))

    def walked(pick_bits):
        pick = Fraction(pick_bits, 1 << 53)
        for probability, faces in distribution:
            if pick < probability:
                return faces
            pick -= probability
        return distribution[-1][1]

    rng = _Bits(bits)
    assert [roll(distribution, rng) for _ in bits] == [walked(b) for b in bits]
