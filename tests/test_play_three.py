"""Whole games of three against the computer (issue 54): a seeded game of a game for three
(``pig-3``, ``gro-3``, ``ayzd-3``) with your player in one or two seats and the computer in the
others replays exactly, move by move as the page plays it too, and its review prices each
decision at the advisor's values of that position (AYZD's two-way tie-break in the
two-player game the tied play on)."""

import json

import pytest
from commands import cli_json

from pycore import api, find_game
from pycore.core.errors import InvalidRecordError, InvalidRequestError
from pycore.core.play import Record, walk
from pycore.jeopardy.play.match import RULES

PIG = {"game": "pig-3", "goal": 20, "turns": 60}
#: AYZD for three to 3: seed 58 with a rule in the first seat ties the first two at the top
#: (the third out) and the two play the two-player game on
AYZD = {"game": "ayzd-3", "goal": 3, "bound": 12}
GRO = {"game": "gro-3", "goal": 10, "bound": 20, "turns": 30}


def params_of(game: dict) -> dict:
    return {k: v for k, v in game.items() if k != "game"}


def advised_cost(game_name: str, params: dict, decision: dict) -> float:
    """What the advisor says the decision cost: the best action's chance less the one taken's."""
    advice = api.call("advise", {"game": game_name, **params, "state": decision["state"]})
    return advice["values"][advice["best"]] - advice["values"][decision["action"]]


def positions(game: dict, record: dict):
    """Each move of the record with the position before it (the play core's walk)."""
    played = find_game(game["game"], **params_of(game))
    return list(walk(RULES, played, Record.from_json(record, RULES)))


def move_by_move(game: dict, record: dict, yours: set[int], you: str) -> dict:
    """The record made again as the page makes it: an empty record of its players and seed,
    then the ``move`` action one move at a time: your seats' moves as the person makes them
    (a roll without faces, drawn from the seed), the computer's by ``player``. The last answer."""
    answer = api.call("move", {**game, "record": {**record, "moves": []}})
    for move in record["moves"]:
        seat = answer["position"]["seat"]
        if seat in yours:
            made = {"action": "roll"} if move["action"] == "roll" else move
            answer = api.call("move", {**game, "record": answer["record"], "move": made})
        else:
            answer = api.call("move", {**game, "record": answer["record"], "player": you})
    return answer


def test_a_seeded_game_of_three_replays_and_its_review_is_the_advisors(tmp_path):
    """Three-player Pig to 20: your rule ("k < 10") in the first and third seats, the computer
    (optimal) in the second. The record replays exactly (the review of it, the page's way move
    by move with the seed's dice, the command line's, the link's), and every decision's cost is
    the advisor's at its position to 1e-12: the rule's mistakes cost, the computer's nothing."""
    played = api.call("play", {**PIG, "seed": 10, "seat": [1, 3], "policy": "k < 10"})
    record = played["record"]
    assert played["you"] == [0, 2] and record["game"] == "pig-3" and record["seed"] == 10
    assert record["players"] == ["Rule: k < 10", "Optimal", "Rule: k < 10"]
    assert played["valued_in"] == "pig-3" and played["two_player_values"] is False
    assert sum(played["scores"]) > 0 and max(played["scores"]) >= 20 and len(played["winners"]) == 1
    # every decision priced as the advisor prices it
    decisions = played["decisions"]
    assert {d["player"] for d in decisions} == {0, 1, 2}
    for d in decisions:
        assert d["cost"] == pytest.approx(advised_cost("pig-3", params_of(PIG), d), abs=1e-12)
        assert d["link"].startswith("#game=pig-3&goal=20&turns=60&")
    assert played["mistakes"][1] == 0 and played["mistakes"][0] + played["mistakes"][2] > 0
    assert played["total_cost"][0] + played["total_cost"][2] > 0.01
    # each seat's chance before each move: the advisor's seat values, the first player's the curve
    curves = played["curves"]
    assert curves[0] == played["curve"] and len(curves) == 3 and len(curves[0]) == len(record["moves"]) + 1
    assert [c[-1] for c in curves] == [1.0 if s in played["winners"] else 0.0 for s in range(3)]
    first = api.call("advise", {**PIG, "state": "i=0,j=0,l=0,k=0"})["seat_values"]["roll"]
    assert [c[0] for c in curves] == pytest.approx(first, abs=1e-12)
    # the decisions are every position with two moves, and only those
    two_moves = [n for n, at, _, _ in positions(PIG, record) if len(at.legal()) == 2]
    assert [d["move"] for d in decisions] == two_moves
    # replayed: the review of the record is the game's
    again = api.call("review", {**PIG, "record": record})
    assert again["decisions"] == decisions and again["scores"] == played["scores"]
    # the page's way: one move at a time, your rolls drawn from the seed: the same record
    answer = move_by_move(PIG, record, {0, 2}, "optimal")
    assert answer["record"] == record and answer["position"]["winners"] == played["winners"]
    assert answer["position"]["game"] == "pig-3" and len(answer["position"]["scores"]) == 3
    # the link carries it and opens it in Play
    opened = api.call("resolve", {"fragment": played["share"]})
    assert opened["game"] == "pig-3" and opened["view"]["view"] == "play" and opened["view"]["record"] == record
    # the command line plays the same game
    assert cli_json("play", "pig", "--players", "3", "--goal", "20", "--turns", "60", "--seed", "10",
                    "--seat", "1,3", "--policy", "k < 10", "--quiet")["record"] == record


def test_ayzd_for_three_a_tie_break_of_two_is_played_on_and_priced_in_the_two_player_game():
    """AYZD for three to 3, seed 58: the first two tie at the top and play the two-player game
    on (the computer's moves there are the two-player game's optimum); each decision of the
    round of three is priced at the advisor's ayzd-3 values and each of the tie-break at the
    two-player game's, to 1e-12."""
    played = api.call("play", {**AYZD, "seed": 58, "seat": 1, "policy": "b < 2"})
    record = played["record"]
    walked = positions(AYZD, record)
    tie = next(n for n, at, _, _ in walked if at.game.name == "ayzd")
    assert all(at.game.name == "ayzd-3" for n, at, _, _ in walked if n < tie)
    at = walked[tie - 1][1]
    assert at.active == (0, 1) and at.scores[0] == at.scores[1] >= 3 > at.scores[2]
    assert played["winners"] in ([0], [1]) and played["scores"][played["winners"][0]] > played["scores"][1 - played["winners"][0]]
    three = [d for d in played["decisions"] if d["move"] < tie]
    two = [d for d in played["decisions"] if d["move"] >= tie]
    assert three and len(two) >= 5 and {d["player"] for d in two} == {0, 1}
    pair = {k: v for k, v in params_of(AYZD).items()}
    for d in three:
        assert d["cost"] == pytest.approx(advised_cost("ayzd-3", pair, d), abs=1e-12)
    for d in two:
        assert set(d["state"]) == {"p", "i", "j", "b", "s"}
        assert d["cost"] == pytest.approx(advised_cost("ayzd", pair, d), abs=1e-12)
        assert d["link"].startswith("#game=ayzd&")
    assert all(d["cost"] < 1e-12 for d in played["decisions"] if d["player"] != 0)  # (the computer's)
    assert played["mistakes"][0] > 0
    # the curve: the first player's chance before every move, 0 or 1 at the end
    assert len(played["curve"]) == len(record["moves"]) + 1 and played["curve"][-1] == played["result"]
    assert move_by_move(AYZD, record, {0}, "optimal")["record"] == record


def test_gro_for_three_plays_its_last_round_out_against_the_computer():
    """GRO for three to 10, you in the third seat: the game ends when a round with someone at
    the goal is over, the winner the most points (the earlier of equals); every decision
    priced at the advisor's gro-3 values."""
    played = api.call("play", {**GRO, "seed": 5, "seat": 3, "policy": "k < 6"})
    record = played["record"]
    walked = positions(GRO, record)
    final = walked[-1][3]
    assert final.seat == 2 or final.result is not None
    top = max(played["scores"])
    assert top >= 10 and played["winners"] == [played["scores"].index(top)]
    # the last move is the third seat's (the round is played out) unless a hold won on the spot
    assert walked[-1][1].seat == 2
    for d in played["decisions"]:
        assert d["cost"] == pytest.approx(advised_cost("gro-3", params_of(GRO), d), abs=1e-12)
    assert move_by_move(GRO, record, {2}, "optimal")["record"] == record


def test_games_of_three_refuse_what_they_cannot_be():
    """Your seats must leave the computer one; a record of a game for three has three players;
    the computer's dice at a table of four are refused naming where three are played."""
    for seat in ([1, 2, 3], [2, 2], [0], [1, 4], "1"):
        with pytest.raises(InvalidRequestError, match="seat"):
            api.call("play", {**PIG, "seed": 1, "seat": seat})
    two = {"game": "pig-3", "params": params_of(PIG), "seed": 1, "players": ["A", "B"], "moves": []}
    with pytest.raises(InvalidRecordError, match="pig-3 has 3 players, the record 2"):
        api.call("move", {**PIG, "record": two})
    three = {"game": "pig", "params": {"goal": 20}, "seed": 1, "players": ["A", "B", "C"], "moves": []}
    with pytest.raises(InvalidRecordError, match="against the computer in pig-3"):
        api.call("move", {"game": "pig", "goal": 20, "record": three})
    four = {**three, "players": ["A", "B", "C", "D"]}
    with pytest.raises(InvalidRecordError, match="4 play at the table$"):
        api.call("move", {"game": "pig", "goal": 20, "record": four})
    with pytest.raises(InvalidRecordError, match="komi"):
        api.call("move", {**PIG, "record": {**two, "players": ["A", "B", "C"], "komi": 3}})
    # a game for three answers where it stands with each seat's score
    fresh = api.call("move", {**PIG, "record": json.dumps({**two, "players": ["You", "Optimal", "Optimal"]})})
    assert fresh["position"]["scores"] == [0, 0, 0] and fresh["position"]["seat"] == 0
