"""Simulated tables advised by the two-player stand-in (pycore/jeopardy/play/table_simulation.py,
issue 54): the simulator against the exact profile of three players, a turn's banked points
against the turn's own outlook, the shipped figures' file written, read, checked and refused
when damaged (the table still advises), and said beside the advice by the API."""

import hashlib
import json
import math
from dataclasses import replace

import numpy as np
import pytest

from pycore import find_game
from pycore.core.errors import TableError
from pycore.jeopardy.analysis import analyse
from pycore.jeopardy.play.match import OPTIMAL, Player, Position
from pycore.jeopardy.play.table_simulation import (
    KIND,
    TurnSampler,
    figure_words,
    measured,
    simulate_table,
    stand_in_sampler,
    stand_in_values,
)
from pycore.jeopardy.rules.layout import layout
from pycore.jeopardy.rules.vocabulary import ROLL
from pycore.jeopardy.seats.stand_in import stand_in_cost
from pycore.jeopardy.solving.banked import banked_turns
from pycore.jeopardy.solving.turn import turn_outlook
from pycore.service import api
from pycore.service.cli import main


def test_three_simulated_seats_of_pig_agree_with_the_exact_stand_in_profile():
    """Pig to 20 with three seats, all on the stand-in (the two-player advice against the
    leader; the exact game of three is not asked): 6,000 seeded games give each seat's share
    within 2 standard errors of the exact profile's chance (stand_in.py's "everyone", 150
    turns left: 0.4964, 0.3100, 0.1936)."""
    exact = stand_in_cost(find_game("pig", goal=20, players=3, turns=150)).everyone
    figures = simulate_table(find_game("pig", goal=20), 3, 6_000, seed=54)
    assert figures.games == 6_000 and figures.endless == 0 and sum(figures.wins) == 6_000
    for seat, (chance, error) in enumerate(zip(figures.chances(), figures.standard_errors(), strict=True)):
        assert error == pytest.approx(math.sqrt(chance * (1 - chance) / 6_000))
        assert abs(chance - exact[seat]) < 2 * error, (seat, chance, exact[seat], error)
    assert exact[0] == pytest.approx(0.496378, abs=1e-6)


def test_one_seat_on_a_rule_is_each_seat_in_turn():
    """The rule profile puts the policy in seat g mod P of game g: its wins by seat add up to
    its share, and at Pig to 20 "Hold at 20" (which never stops short of the goal there) is
    the stand-in's equal: its share is within 2 standard errors of 1/P."""
    game = find_game("pig", goal=20)
    figures = simulate_table(game, 4, 2_000, seed=5, rule="Hold at 20")
    chance, error = figures.rule_chance()
    assert sum(figures.wins) == 2_000 and chance == sum(figures.rule_wins) / 2_000
    assert abs(chance - 0.25) < 2 * error
    with pytest.raises(ValueError, match="not a policy of pig"):
        simulate_table(game, 4, 10, rule="Hold at 99")
    with pytest.raises(ValueError, match="3 to 8 players"):
        simulate_table(game, 9, 10)


@pytest.mark.parametrize("name, params", [("ayzd", {}), ("farkle", {"rules": "basic"})])
def test_a_turns_banked_points_have_the_mean_the_turns_outlook_gives(name, params):
    """The first turn's distribution of banked points at a table of five (the stand-in's
    two-player turn start) has the expected points that turn_outlook (a recursion of its
    own over the same turn) gives for rolling at the start, and its chances add up to 1."""
    game = find_game(name, **params)
    values = stand_in_values(game)
    at = Position.start(game, 0, 5, exact=False)
    gains = TurnSampler(game, values).gains(at, Player(OPTIMAL))
    outlook = turn_outlook(game, values.turn(at.state.anchor), at.state.turn)[ROLL]
    assert gains.mean() == pytest.approx(outlook.points, rel=1e-9)
    assert gains.cumulative[-1] == 1.0 and np.all(np.diff(gains.cumulative) >= 0)
    assert gains.gains[0] == 0 and np.diff(gains.cumulative, prepend=0)[0] == pytest.approx(outlook.bust, abs=0.5)


@pytest.mark.parametrize("name, params", [("pig", {}), ("ayzd", {}), ("farkle", {"rules": "basic"})])
def test_turns_banked_in_a_batch_have_the_mean_the_turns_outlook_gives(name, params):
    """The batched way (banked_turns: every anchor's turn swept at once, then followed forward)
    at the game's start: its chances add up to 1, and their mean and bust chance are those of
    turn_outlook's own recursion, in a game of one configuration (Pig), one that rolls back
    in place (AYZD's three footprints) and one of choices (Farkle's set-asides)."""
    game = find_game(name, **params)
    values = stand_in_values(game)
    solution, _ = analyse(game, "win").solution(timed=False)
    passed = 1.0 - np.clip(solution.anchor_values, 0.0, 1.0)  # (the chance the turn passes on)
    start = tuple(game.start_anchor(0))
    chances = banked_turns(game, passed, np.array([layout(game).anchor_row(start)]))[0]
    outlook = turn_outlook(game, values.turn(start), tuple(game.turn_start))[ROLL]
    assert chances.sum() == pytest.approx(1.0, abs=1e-12) and np.all(chances >= 0)
    points = np.arange(len(chances)) * game.gain_step
    assert chances @ points == pytest.approx(outlook.points, rel=1e-9)
    assert chances[0] == pytest.approx(outlook.bust, abs=0.5)


@pytest.mark.parametrize("params, tolerance", [({"rules": "basic"}, 1e-13), ({}, 1e-9)])
def test_farkle_turns_banked_in_a_batch_are_those_followed_state_by_state(params, tolerance):
    """Farkle at a table (the stand-in's two-player turn, and the game's first named policy's):
    the batched distributions equal those followed state by state (TurnSampler without the
    table's turn starts) at turn starts across the table, to rounding; with the zilch penalty
    one state's near-tie (values equal to 1e-16) is decided the other way, moving 7e-11 of a
    chance."""
    game = find_game("farkle", **params)
    batched, by_state = stand_in_sampler(game), TurnSampler(game, stand_in_values(game))
    anchors = game.anchors()
    rule = game.human_policies()[0]
    for row in np.random.default_rng(54).choice(len(anchors), 4, replace=False):
        at = Position.start(game, 0, 5, exact=False)
        at.state = replace(at.state, anchor=tuple(int(x) for x in anchors[row]))
        for player in (Player(OPTIMAL), Player(rule.name, rule)):
            fast, slow = batched.gains(at, player), by_state.gains(at, player)
            assert np.abs(dense(fast) - dense(slow)).max() < tolerance, (at.state.anchor, player.label)
            assert fast.mean() > 0
    assert len(batched._gains) >= 2 * 1_000  # (each anchor's batch was worked out with it, for each player)


def test_each_batch_of_turns_worked_out_is_told():
    """A table of a factored game works out its turns a batch of turn starts at a time (Farkle's
    penalty: minutes before the first games are done): each batch is told to ``progress``, for
    the stand-in and for the rule's seat, with the share of its turn starts worked out."""
    game = find_game("farkle", rules="basic", set="target=1000")  # (400 turn starts: one batch)
    said = []
    sampler = stand_in_sampler(game, progress=lambda stage, fraction: said.append((stage, fraction)))
    rule = game.human_policies()[0].name
    simulate_table(game, 4, 20, sampler=sampler, rule=rule)
    assert sorted(said) == sorted([(f"{rule}'s turns: 1 of 1 batches of turn starts", 1.0),
                                   ("Optimal's turns: 1 of 1 batches of turn starts", 1.0)])


def dense(gains) -> np.ndarray:
    """A turn's chances of banking 0, 1, 2, ... points."""
    out = np.zeros(int(gains.gains.max()) + 1 if len(gains.gains) else 1)
    np.add.at(out, gains.gains, np.diff(gains.cumulative, prepend=0.0))
    return np.pad(out, (0, 20_000 - len(out)))


def test_the_figures_are_written_read_and_a_damaged_file_is_refused_by_name(tmp_path, monkeypatch, capsys):
    """table-figures writes the result and lists it; the table of five's position then says
    the figure; a damaged file (a byte changed, or chances that are not chances under a
    matching sha256) is refused by name and the table still advises."""
    out = tmp_path / "tables"
    assert main(["table-figures", "pig", "--goal", "20", "--seats", "4-5", "--games", "300", "--rule-games", "100",
                 "--out", str(out), "--quiet"]) == 0
    printed = capsys.readouterr().out.splitlines()
    for wrong, says in ((["pig", "--seats", "3"], "--seats is a table size from 4 to 8"),
                        (["pig", "--seats", "6-5"], "--seats is a table size from 4 to 8"),
                        (["yahtzee"], "table-figures is for two-player jeopardy games played at a table, not yahtzee"),
                        (["pig", "--players", "3"], "not pig-3")):
        assert main(["table-figures", *wrong, "--out", str(out), "--quiet"]) == 2
        assert says in capsys.readouterr().err
    assert printed[0].startswith("4 players, 300 games: each seat's chance (%) ")
    assert "Hold at 20 in one seat" in printed[1]
    monkeypatch.setenv("ROLL_OR_HOLD_TABLES", str(out))
    game = find_game("pig", goal=20)
    result = json.loads((out / "pig-goal20-die6-bust1-table-figures.json").read_text())
    assert result["kind"] == KIND and [r["players"] for r in result["tables"]] == [4, 5]
    assert result["regenerate"] == "python -m pycore table-figures pig --goal 20 --seats 4-5 --games 300 --rule-games 100"
    row = measured(game, 5)
    assert row["games"] == 300 and sum(row["chances"]) == pytest.approx(1.0)
    # the same seed, the same games
    again = simulate_table(game, 5, 300, seed=1)
    assert row["chances"] == again.chances()
    said = figure_words(game, 5, 1)
    assert said["text"] == (f"Measured, all following it: the second player wins {100 * row['chances'][1]:.1f}% "
                            f"± {100 * row['standard_errors'][1]:.1f}% of 300 simulated games.")
    assert figure_words(game, 6, 1) is None  # (no table of six was simulated)

    record = {"game": "pig", "params": {"goal": 20}, "players": ["A", "B", "C", "D", "E"],
              "moves": [{"action": "roll", "faces": [4]}, {"action": "hold"}]}
    answer = api.call("move", {"game": "pig", "goal": 20, "record": record})
    assert answer["position"]["measured"] == said and answer["position"]["against"] == 0

    three = api.call("move", {"game": "pig", "goal": 20, "record": {**record, "players": ["A", "B", "C"]}})
    assert "measured" not in three["position"]  # (three players of Pig play the exact game of three)

    path = out / "pig-goal20-die6-bust1-table-figures.json"
    path.write_bytes(path.read_bytes().replace(b'"players": 5', b'"players": 6'))
    with pytest.raises(TableError, match="does not match its sha256"):
        measured(game, 5)
    answer = api.call("move", {"game": "pig", "goal": 20, "record": record})
    assert answer["position"]["measured"]["error"] == "TableError"
    assert "does not match its sha256" in answer["position"]["measured"]["text"]
    assert answer["position"]["legal"] == ["roll"]  # (the advice is not held up)
    advice = api.call("advise", {"game": "pig", "goal": 20, "state": {"i": 0, "j": 4, "k": 0}})
    assert advice["best"] == "roll"

    # a file that matches its (re-listed) sha256 but whose chances are no chances
    result["tables"][0]["chances"][0] = 1.5
    path.write_text(json.dumps(result))
    manifest = json.loads((out / "manifest.json").read_text())
    manifest["results"][0]["sha256"] = hashlib.sha256(path.read_bytes()).hexdigest()
    (out / "manifest.json").write_text(json.dumps(manifest))
    with pytest.raises(TableError, match="has a wrong tables"):
        measured(game, 5)


def test_the_shipped_figures_are_read_for_every_game_simulated():
    """prebuilt_tables/ ships the figures of Pig, GRO, Zombie Dice, AYZD (5 to 8) and Farkle's
    three rule sets whose tables ship: every table size's chances add up to 1 (a draw
    shared), each SE is that of its share, the first player is favoured in Pig and Farkle
    and the last in Zombie Dice."""
    farkles = ({"rules": "facebook"}, {"rules": "zilch"}, {"rules": "basic"})
    for name, params, sizes in (("pig", {}, range(4, 9)), ("gro", {}, range(4, 9)), ("zombie-dice", {}, range(4, 9)),
                                ("ayzd", {}, range(5, 9)), *(("farkle", p, range(4, 9)) for p in farkles)):
        game = find_game(name, **params)
        for players in sizes:
            row = measured(game, players)
            assert row is not None, (name, players)
            n = row["games"]
            assert sum(row["chances"]) == pytest.approx(1.0)
            for c, e in zip(row["chances"], row["standard_errors"], strict=True):
                assert e == pytest.approx(math.sqrt(c * (1 - c) / n))
    assert measured(find_game("ayzd"), 4) is None  # (four of AYZD: the exact game's; five: the stand-in's, measured)
    pig = measured(find_game("pig"), 4)
    assert pig["chances"][0] > pig["chances"][3] + 2 * (pig["standard_errors"][0] + pig["standard_errors"][3])
    zombies = measured(find_game("zombie-dice"), 4)
    assert zombies["chances"][3] > zombies["chances"][0] + 2 * (zombies["standard_errors"][0] + zombies["standard_errors"][3])
    assert figure_words(find_game("zombie-dice"), 4, 3)["text"] == (
        "Measured, all following it: the fourth player wins 29.1% ± 0.7% of 4,000 simulated games.")
    for params in farkles:
        farkle = measured(find_game("farkle", **params), 4)
        assert farkle["games"] == 10_000 and farkle["rule"]["games"] == 4_000
        assert farkle["chances"][0] > farkle["chances"][3] + 2 * (farkle["standard_errors"][0] + farkle["standard_errors"][3])
        # one seat on the rule wins less than a fair share, by far more than its error
        assert farkle["rule"]["chance"] < 0.25 - 10 * farkle["rule"]["standard_error"]

