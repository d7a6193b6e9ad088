"""The strategy lab's actions for three players (issue 54): ``policies`` and ``evaluate`` through
the API and the command line, each policy followed by one player at a time, and the bad
requests refused by name (the values themselves: tests/test_profiles.py)."""

import json

import pytest

from pycore import api, find_game
from pycore.core.errors import InvalidPolicyError, TableError
from pycore.jeopardy.analysis import shipped_table
from pycore.jeopardy.policies.rule_language import RuleError
from pycore.jeopardy.seats.seat_solution import NotForPlayers
from pycore.jeopardy.solving.table_content import table_content
from pycore.service.cli import main
from pycore.service.seat_policies import policies_for_players

GAME = {"game": "ayzd", "players": 3, "goal": 4}


def test_the_papers_policies_for_three_through_the_api():
    answer = api.call("policies", GAME)
    assert answer["players"] == 3 and answer["seat_words"] == ["first", "second", "third"]
    assert [p["name"] for p in answer["policies"]] == ["Fixed Hold-At", "Minh Cases", "Llano Cases", "Neller Cases"]
    solved = api.call("solve", {**GAME})["seat_chances"]
    for policy in answer["policies"]:
        assert policy["optimal"] == pytest.approx(solved, abs=1e-10)
        assert "max(j, l)" in policy["expression"]
        for seat in policy["seats"]:
            assert sum(seat["chances"]) == pytest.approx(1.0, abs=1e-12)
            assert seat["cost"] == pytest.approx(policy["optimal"][seat["seat"]] - seat["chances"][seat["seat"]])
            assert seat["cost"] > -1e-12  # (the others do not answer the follower: no gain from deviating here)


def test_a_rule_and_the_stand_in_for_three_through_the_api():
    rule = api.call("evaluate", {**GAME, "rule": "b < 2 if s < 2 else b < 1", "everyone": True})
    assert rule["policy"] == "Your rule" and len(rule["seats"]) == 3 and len(rule["everyone"]) == 3
    stand_in = api.call("evaluate", {**GAME, "policy": "stand-in"})
    assert stand_in["policy"].startswith("The two-player advice")
    assert "everyone" not in stand_in
    with pytest.raises(RuleError, match="unknown name 'm'"):
        api.call("evaluate", {**GAME, "rule": "b < m"})
    with pytest.raises(NotForPlayers, match="exact advice of the others only"):
        api.call("evaluate", {**GAME, "rule": "b < 2", "against_policy": "Minh Cases"})
    with pytest.raises(InvalidPolicyError, match="has no policy 'Nobody'"):
        api.call("evaluate", {**GAME, "policy": "Nobody"})
    with pytest.raises(InvalidPolicyError, match="name a policy"):
        api.call("evaluate", {**GAME})
    with pytest.raises(NotForPlayers, match="where a policy goes wrong"):
        api.call("mistakes", {**GAME, "rule": "b < 2"})


def test_policies_for_three_on_the_command_line(capsys):
    assert main(["evaluate", "ayzd", "--players", "3", "--goal", "4", "--policy", "stand-in", "--everyone", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].startswith("The two-player advice against the strongest opponent, one player at a time")
    assert [line.split()[0] for line in out.splitlines()[1:]] == ["who", "nobody", "the", "the", "the", "everyone"]
    assert main(["evaluate", "ayzd", "--players", "3", "--goal", "4", "--policy", "Minh Cases", "--json", "--quiet"]) == 0
    answer = json.loads(capsys.readouterr().out)
    assert answer["policy"] == "Minh Cases" and [s["seat"] for s in answer["seats"]] == [0, 1, 2]
    assert main(["evaluate", "ayzd", "--players", "3", "--goal", "4", "--policy", "b < m", "--quiet"]) == 2
    assert "unknown name 'm'" in capsys.readouterr().err


def test_the_shipped_gro_for_three_evaluated_afresh_is_refused_before_any_sweep():
    """GRO for three to 50 with 60 turns left: four policies, each a profile a player beside the
    optimal play's sweeps, are hours; asked afresh (not from its table) they are refused at
    once, saying how long, as is one policy followed by everyone."""
    with pytest.raises(ValueError, match=r"Evaluating 4 policies in Great Rolled Ones for three players takes about [0-9.]+ h"):
        api.call("policies", {"game": "gro", "players": 3, "fresh": True})
    with pytest.raises(ValueError, match=r"Evaluating a policy in Great Rolled Ones for three players takes about"):
        api.call("evaluate", {"game": "gro", "players": 3, "policy": "Fixed Hold-At", "everyone": True})


def test_a_papers_policy_that_a_table_ships_is_evaluated_from_it():
    """Pig for three's *Hold at 20* (ten minutes here, past the request's minute): ``evaluate``
    answers it at once with the table's numbers, the policies view's; followed by everyone, or
    asked afresh, it is evaluated, so past the minute it is refused before any sweep; a typed
    rule is never read from the table."""
    answer = api.call("evaluate", {"game": "pig", "players": 3, "policy": "hold at 20"})
    shipped = api.call("policies", {"game": "pig", "players": 3})["policies"][0]
    assert answer["policy"] == shipped["name"] == "Hold at 20"
    assert answer["seats"] == shipped["seats"] and answer["optimal"] == shipped["optimal"]
    assert [round(s["cost"], 4) for s in answer["seats"]] == [0.0503, 0.0508, 0.051]
    for more in ({"everyone": True}, {"fresh": True}):
        with pytest.raises(ValueError, match=r"Evaluating a policy in Pig for three players takes about"):
            api.call("evaluate", {"game": "pig", "players": 3, "policy": "Hold at 20", **more})
    with pytest.raises(ValueError, match=r"Evaluating a policy in Pig for three players takes about"):
        api.call("evaluate", {"game": "pig", "players": 3, "rule": "k < 20"})


def test_a_table_of_three_ships_its_papers_policies_as_evaluated_here():
    """A table build of a game of three holds the papers' policies read for three (hours at
    Pig's and GRO's shipped sizes): the numbers an evaluation here gives, each with its name."""
    content = table_content(find_game("ayzd", players=3, goal=4))
    live = api.call("policies", {**GAME, "fresh": True})["policies"]
    shipped = content.facts["seat_policies"]
    assert [r["name"] for r in shipped] == [p["name"] for p in live]
    for ours, theirs in zip(shipped, live, strict=True):
        assert ours["optimal"] == theirs["optimal"] and ours["seats"] == theirs["seats"]


def test_the_shipped_ayzd_for_three_answers_its_papers_policies_from_its_table():
    """The shipped AYZD for three (goal 13): each policy's cost to each seat as
    docs/three-players.md prints it, from the table's manifest (an evaluation here is over the
    page's minute); a manifest whose policies are not the game's is refused by name."""
    answer = api.call("policies", {"game": "ayzd", "players": 3})
    costs = {p["name"]: [round(s["cost"], 4) for s in p["seats"]] for p in answer["policies"]}
    assert costs == {"Fixed Hold-At": [0.0232, 0.0215, 0.01], "Minh Cases": [0.0108, 0.0125, 0.004],
                     "Llano Cases": [0.014, 0.0079, 0.0036], "Neller Cases": [0.0103, 0.0069, 0.0036]}
    assert [round(c, 4) for c in answer["optimal"]] == [0.3046, 0.3317, 0.3637]
    assert all("max(j, l)" in p["expression"] for p in answer["policies"])
    game = find_game("ayzd", players=3)
    shipped = shipped_table(game).entry["seat_policies"]
    with pytest.raises(TableError, match=r"the table's policies \(Minh Cases, Fixed Hold-At, .*\) are not the game's"):
        policies_for_players(game, None, [shipped[1], shipped[0], *shipped[2:]])


def test_the_shipped_ayzd_for_four_answers_its_papers_policies_from_its_table():
    """AYZD for four (goal 13): each policy's cost to each of four as docs/three-players.md
    prints it, from the table's manifest."""
    answer = api.call("policies", {"game": "ayzd", "players": 4})
    costs = {p["name"]: [round(s["cost"], 4) for s in p["seats"]] for p in answer["policies"]}
    assert costs == {"Fixed Hold-At": [0.0249, 0.023, 0.0219, 0.0122], "Minh Cases": [0.0124, 0.0118, 0.0134, 0.0043],
                     "Llano Cases": [0.0173, 0.0123, 0.008, 0.0048], "Neller Cases": [0.0128, 0.01, 0.0075, 0.0048]}
    assert answer["seat_words"] == ["first", "second", "third", "fourth"]


def test_the_shipped_gro_for_three_answers_its_papers_policies_from_its_table():
    """GRO for three (to 50, 60 turns left): its four policies (half an hour of two cores
    each, added a part at a time), each one's cost to each seat as docs/three-players.md
    prints it, from the table's manifest; none is left unevaluated."""
    answer = api.call("policies", {"game": "gro", "players": 3})
    costs = {p["name"]: [round(s["cost"], 4) for s in p["seats"]] for p in answer["policies"]}
    assert costs == {"Roll with 4 or 5 Dice": [0.0296, 0.0194, 0.0117], "Fixed Hold-At": [0.0216, 0.014, 0.0051],
                     "Simple Player and Ones Cases": [0.0091, 0.0088, 0.0058],
                     "Keep Pace, End Race, by Case": [0.005, 0.0058, 0.0028]}
    assert [round(c, 4) for c in answer["optimal"]] == [0.2859, 0.3286, 0.3855]
    assert "unevaluated" not in answer and "unevaluated_note" not in answer
    for policy in answer["policies"]:  # (the first and the last added, each read from the table)
        one = api.call("evaluate", {"game": "gro", "players": 3, "policy": policy["name"]})
        assert one["seats"] == policy["seats"]


def test_the_shipped_pig_for_three_answers_its_papers_policies_from_its_table():
    """Pig for three (to 100, 300 turns left): each policy's cost to each seat as
    docs/three-players.md prints it, from the table's manifest (28 minutes of two cores when
    the table was built; the page's budget would refuse them before any sweep)."""
    answer = api.call("policies", {"game": "pig", "players": 3})
    costs = {p["name"]: [round(s["cost"], 4) for s in p["seats"]] for p in answer["policies"]}
    assert costs == {"Hold at 20": [0.0503, 0.0508, 0.051], "Keep pace and end race": [0.012, 0.0108, 0.0101]}
    assert [round(c, 4) for c in answer["optimal"]] == [0.3656, 0.3319, 0.3026]
    hold = answer["policies"][0]["seats"]
    assert [round(c, 4) for c in hold[0]["chances"]] == [0.3153, 0.3588, 0.3259]  # (the first holds at 20)
