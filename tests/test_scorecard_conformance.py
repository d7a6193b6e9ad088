"""One conformance test over every registered scorecard game and each of its rule sets (as
``test_conformance.py`` is for the jeopardy games): the checks read only the scorecard protocol
(:class:`pycore.scorecard.rules.ScorecardGame`), so a new game of the kind gets them by being
registered. A scorecard game's anchors are too many to walk whole (Yahtzee: 786,432 indices), so
each check samples anchors by layer with a fixed seed and plays whole games with seeded dice.

What they hold: the layers partition the reachable anchors by turn and every box filled leads
one layer on; the fast best box (the solve's inner step) is the best of every box; the dice's
probabilities are exact; a scorecard a person types, the anchor it names and the anchor the
rules reach by filling boxes agree, turn after turn, to the last box."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import numpy as np
import pytest

from pycore import game_classes
from pycore.core.dice import roll

#: anchors a layer the checks sample (a layer of Yahtzee holds up to 150,000)
SAMPLE = 60


def rule_sets():
    """(id, game) for every registered scorecard game under each combination of its choices."""
    out = []
    for cls in game_classes("scorecard"):
        choices = [[(p.name, c) for c in p.choices] for p in cls.parameters if p.choices]
        for combo in itertools.product(*choices):
            label = ",".join(f"{k}={v}" for k, v in combo) or "default"
            out.append(pytest.param(cls, dict(combo), id=f"{cls.name}[{label}]"))
    return out


RULE_SETS = rule_sets()


def sampled_layers(game, rng):
    """Each layer of the game's start (last turn first), cut to at most SAMPLE anchors."""
    return [np.sort(rng.choice(layer, min(SAMPLE, len(layer)), replace=False)) for layer in game.layers()]


def test_every_scorecard_game_is_checked():
    assert {p.values[0].name for p in RULE_SETS} == {g.name for g in game_classes("scorecard")} != set()


@pytest.mark.parametrize("cls, params", RULE_SETS)
def test_layers_partition_the_reachable_anchors_by_turn(cls, params):
    game = cls(**params)
    layers = game.layers()
    assert len(layers) == game.turns, "one layer per turn: 12 boxes filled down to none"
    everything = np.concatenate(layers)
    assert len(np.unique(everything)) == len(everything), "an anchor in two layers"
    assert everything.min() >= 0 and everything.max() < game.n_anchors
    assert game.start_anchor in set(layers[-1].tolist()) and len(layers[-1]) == 1
    assert len(game.zero_values) == game.n_anchors and not game.zero_values.any()


@pytest.mark.parametrize("cls, params", RULE_SETS)
def test_every_box_filled_leads_one_layer_on_with_points_in_range(cls, params):
    game = cls(**params)
    layers = game.layers()
    rng = np.random.default_rng(0)
    for t, anchors in enumerate(sampled_layers(game, rng)):
        points, after = game.transitions(anchors)
        assert points.shape == after.shape == (len(game.box_keys()), game.dice.n_rolls, len(anchors))
        allowed = points > -np.inf
        # every final roll can go somewhere, and as many boxes as are open on every roll
        assert allowed.any(axis=0).all()
        open_boxes = allowed.sum(axis=0)
        assert (open_boxes == open_boxes[:1]).all() or params.get("joker") == "forced"
        assert (points[allowed] >= 0).all() and (points[allowed] < game.max_turn_points).all()
        if t == 0:
            continue  # the last turn's boxes end the game
        assert np.isin(after[allowed], layers[t - 1]).all(), f"a box filled at layer {t} leads outside layer {t - 1}"


@pytest.mark.parametrize("cls, params", RULE_SETS)
def test_the_best_box_is_the_best_of_every_box(cls, params):
    game = cls(**params)
    rng = np.random.default_rng(1)
    values = rng.uniform(0, game.max_score, game.n_anchors)
    for anchors in sampled_layers(game, rng):
        every = game.outcomes(anchors, values)
        np.testing.assert_array_equal(game.best_outcome(anchors, values), every.max(axis=0))


@pytest.mark.parametrize("cls, params", RULE_SETS)
def test_dice_probabilities_are_exact(cls, params):
    game = cls(**params)
    dice = game.dice
    for n in range(1, dice.n_dice + 1):
        faces = game.roll_faces(n)
        assert sum(p for p, _ in faces) == 1 and all(isinstance(p, Fraction) for p, _ in faces)
    by_roll = {}
    for p, faces in game.roll_faces(dice.n_dice):
        key = tuple(sorted(faces))
        by_roll[key] = by_roll.get(key, 0) + p
    assert set(by_roll) == set(dice.roll_tuples)
    np.testing.assert_allclose([float(by_roll[r]) for r in dice.roll_tuples], dice.roll_probability, rtol=1e-12)


@pytest.mark.parametrize("cls, params", RULE_SETS)
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_scorecard_typed_and_the_anchor_the_rules_reach_agree_to_the_last_box(cls, params, seed):
    """A whole game with seeded dice and a random open box each turn: after each box, the
    scorecard the game writes reads back as itself, names the anchor the rules' transition
    reached, and the points add up; the game ends full after ``turns`` boxes."""
    game = cls(**params)
    rng = random.Random(seed)
    card = game.card_from_text("")
    anchor = game.anchor_of(card)
    assert anchor == game.start_anchor
    total = 0
    for _ in range(game.turns):
        dice = tuple(sorted(roll(game.roll_faces(game.dice.n_dice), rng)))
        points, after = game.transitions(np.array([anchor]))
        column = game.dice.roll_index[dice]
        open_boxes = [b for b in range(len(game.box_keys())) if points[b, column, 0] > -np.inf]
        box = rng.choice(open_boxes)
        scored = int(points[box, column, 0])
        filled = game.fill(card, box, dice, scored)
        assert filled["points"] + filled["bonus"] == scored >= 0
        card = game.card_from_text(filled["scorecard_after"])
        assert game.card_from_text(card.to_text()) == card
        assert game.nearest_card(filled["scorecard_after"]) == (card, [])
        anchor = int(after[box, column, 0])
        assert game.anchor_of(card) == anchor, (filled["scorecard_after"], box, dice)
        total += scored
    assert card.complete and card.score == total <= game.max_score


@pytest.mark.parametrize("cls, params", RULE_SETS)
def test_a_bad_scorecard_entry_is_named_and_the_rest_kept(cls, params):
    game = cls(**params)
    first = game.box_keys()[0]
    card, problems = game.nearest_card(f"{first}:7777,nonsense")
    assert card == game.card_from_text("") and len(problems) == 2
    assert any(first in p or "7777" in p for p in problems) and any("nonsense" in p for p in problems)
