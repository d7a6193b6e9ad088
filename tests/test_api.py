"""The JSON surface the browser calls."""

import json

import pytest

from pycore import api


def handle(request):
    return json.loads(api.handle(json.dumps(request) if not isinstance(request, str) else request))


def test_games_lists_the_registry():
    games = handle({"action": "games"})["games"]
    assert [g["name"] for g in games] == ["pig", "gro", "ayzd", "yahtzee"]
    assert [g["kind"] for g in games] == ["jeopardy"] * 3 + ["scorecard"]
    assert [v["name"] for v in games[1]["state_vars"]] == ["p", "i", "j", "k", "o"]
    assert [b["key"] for b in games[3]["boxes"]][:2] == ["1s", "2s"] and games[3]["boxes"][1]["values"][-1] == 10


def test_advise_accepts_an_object_state(solved):
    result = handle({"action": "advise", "args": {"game": "pig", "goal": 30, "state": {"i": 5, "j": 7, "k": 4}}})
    solution = solved("pig", goal=30)
    state = solution.game.state(i=5, j=7, k=4)
    assert result["best"] == solution.best_action(state) == "roll"
    assert result["values"] == solution.action_values(state)
    assert result["value"] == pytest.approx(max(v for v in result["values"].values() if v is not None), abs=1e-15)


@pytest.mark.parametrize(
    "request_, kind, fragment",
    [
        ("{not json", "InvalidRequestError", "not valid JSON"),
        ({"args": {}}, "InvalidRequestError", "action"),
        ({"action": "fly"}, "InvalidRequestError", "unknown action 'fly'; actions: games, solve"),
        ({"action": "solve", "args": {}}, "InvalidRequestError", "missing argument 'game'"),
        ({"action": "solve", "args": {"game": "chess"}}, "UnknownGameError", "valid games"),
        ({"action": "advise", "args": {"game": "pig", "state": 3}}, "InvalidRequestError", "state"),
        ({"action": "advise", "args": {"game": "ayzd", "state": "s=3"}}, "InvalidStateError", "between 0 and 2"),
        ({"action": "solve", "args": {"game": "pig", "goal": "x"}}, "InvalidParameterError", "whole number"),
    ],
)
def test_bad_requests_get_an_error_object(request_, kind, fragment):
    error = handle(request_)["error"]
    assert error["type"] == kind
    assert fragment in error["message"]


def test_solutions_are_cached():
    first = handle({"action": "solve", "args": {"game": "pig", "goal": 20}})
    second = handle({"action": "solve", "args": {"game": "pig", "goal": 20}})
    assert first == second  # same seconds: the second call did not solve again
