"""Every figure the seed papers print that pycore computes, at its printed
precision. Where our number differs in the last digit the test says why."""

import numpy as np
import pytest

from pycore.jeopardy.policies.strategy import fairest_komi, find_policy, komi_table, policy_result
from pycore.jeopardy.rules.notation import Notation


def difference(solution, name):
    return policy_result(solution, find_policy(solution, name)).difference


# ---- Pig (Neller & Presser 2004) --------------------------------------------------


def test_pig_first_player_wins_0_5306(solved):
    assert round(solved("pig").p_first_player_wins(), 4) == 0.5306


# ---- Great Rolled Ones (seed 002) ----------------------------------------------------


def test_gro_first_player_wins_0_4495(solved):
    """The paper's "~0.4495" is 0.449553 cut to four digits (rounded it
    would read 0.4496; the paper's policy table, by contrast, rounds)."""
    value = solved("gro").p_first_player_wins()
    assert 0.4495 <= value < 0.4496
    assert round(value, 6) == 0.449553


def test_gro_komi_3_is_fairest_at_0_4955(solved):
    rows = komi_table(solved("gro"))
    assert fairest_komi(rows).points == 3
    assert round(solved("gro").p_first_player_wins(3), 4) == 0.4955


@pytest.mark.parametrize(
    "name, printed",
    [
        ("Fixed Hold-At", -0.0268),  # with line 3 read as its comment says, see gro.py
        ("Simple Player and Ones Cases", -0.0201),
        ("Keep Pace, End Race, by Case", -0.0100),
    ],
)
def test_gro_policy_differences(solved, name, printed):
    assert round(difference(solved("gro"), name), 4) == printed


def test_gro_roll_with_4_or_5_dice(solved):
    """Printed -0.0536; we get -0.05348 (-0.0535), one in the last digit.

    Investigated: the printed pseudo-code gives -0.053478 with the paper's
    bound on the turn total (k <= M) and the same to 1e-6 for M = 100 and
    M = 150; bounding the score (i + k <= M) instead gives -0.053423. No
    reading of lines 1-6 we tried comes closer (no "must exceed" rule:
    -0.0931; strict "i + k < j": -0.0797; both players holding at the goal:
    -0.0597). Algorithm 1 never stops player 1 rolling four or five dice, so
    it alone depends on how runaway turns are cut off at the bound, which the
    paper does not state; the other seven policies match to the digit.
    """
    value = difference(solved("gro"), "Roll with 4 or 5 Dice")
    assert round(value, 5) == -0.05348
    assert abs(value - -0.0536) < 2e-4


def test_gro_results_do_not_change_as_the_bound_grows(solved):
    small, large = solved("gro"), solved("gro", bound=130)
    assert abs(small.p_first_player_wins() - large.p_first_player_wins()) < 1e-12
    assert abs(small.p_first_player_wins(3) - large.p_first_player_wins(3)) < 1e-12
    for name in ("Roll with 4 or 5 Dice", "Keep Pace, End Race, by Case"):
        assert round(difference(small, name), 4) == round(difference(large, name), 4)
    # the optimal policy is the same wherever the smaller bound does not cut
    # rolling off and the choice matters (a last turn that the bound makes
    # hopeless is worth 0 either way: large deficits there are ties)
    model = small.model
    rows = np.array([large.model.anchor_index(tuple(a)) for a in model.anchors])
    cols = np.array([large.model.turn_column(tuple(t)) for t in model.turns])
    roll_values, hold_values = small.action_tables()
    matters = ~(roll_values == hold_values)
    compare = model.valid & (model.turns[:, 0] <= 60)[None, :] & matters
    assert np.array_equal(small.policy[compare], large.policy[np.ix_(rows, cols)][compare])


# ---- All Yellow Zombie Dice (seed 000) ---------------------------------------------------


@pytest.mark.parametrize(
    "name, printed",
    [
        ("Fixed Hold-At", -0.0274),
        ("Llano Cases", -0.0118),  # "either player has at least 10", see ayzd.py
        ("Neller Cases", -0.0100),
    ],
)
def test_ayzd_policy_differences(solved, name, printed):
    assert round(difference(solved("ayzd"), name), 4) == printed


def test_ayzd_minh_cases(solved):
    """Printed -0.0133 ("~1.33%"); we get -0.013355, which rounds to -0.0134.

    The value sits 5e-6 past the rounding boundary. The bound alone moves it
    by that much: -0.013355 at the paper's M = 26, -0.013359 for M >= 39, so
    the paper's (unstated) handling of states at the bound accounts for a
    difference of this size; the three other policies match to the digit.
    """
    value = difference(solved("ayzd"), "Minh Cases")
    assert round(value, 6) == -0.013355
    assert abs(value - -0.0133) < 1e-4


def test_ayzd_tiebreak_player_1_holds_at_6_3_1(solved):
    solution = solved("ayzd")
    game, model = solution.game, solution.model
    for tied in (13, 14, 16):
        for shotguns, hold_at in enumerate((6, 3, 1)):
            for brains in range(0, 10):
                state = Notation(game).from_values(p=1, i=tied, j=tied, b=brains, s=shotguns)
                a, t = model.anchor_index(state.anchor), model.turn_column(state.turn)
                if not model.valid[a, t]:
                    continue
                assert solution.best_action(state) == ("roll" if brains < hold_at else "hold"), state


def test_ayzd_results_do_not_change_as_the_bound_grows(solved):
    """The paper: no change for M = 3g, 4g, 5g (at its precision)."""
    names = [p.name for p in solved("ayzd").game.human_policies()]
    reference = [round(difference(solved("ayzd"), n), 4) for n in names]
    first = round(solved("ayzd").p_first_player_wins(), 4)
    for bound in (39, 52, 65):
        larger = solved("ayzd", bound=bound)
        assert [round(difference(larger, n), 4) for n in names] == reference
        assert round(larger.p_first_player_wins(), 4) == first
