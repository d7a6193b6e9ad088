"""Whole games between two players, their records and reviews (pycore.jeopardy.play.match; the
``play`` and ``review`` actions and commands)."""

import json
import random

import numpy as np
import pytest
from commands import cli

from pycore import api, find_game
from pycore.core.errors import InvalidParameterError, InvalidPolicyError, InvalidRecordError, InvalidRequestError, PycoreError
from pycore.core.play import Record, play
from pycore.jeopardy.play.match import RULES, Values, find_player
from pycore.jeopardy.play.match_review import review
from pycore.jeopardy.policies.strategy import matchup, rule_policy
from pycore.jeopardy.rules.layout import layout

GAMES = [("pig", {"goal": 30}), ("gro", {"goal": 30}), ("ayzd", {}), ("pig-turns", {"goal": 30, "turns": 10}),
         ("pig-turns", {"goal": 30, "turns": 10, "turn_model": "free"})]


def values_of(solved, name, params):
    game = find_game(name, **params)
    return game, Values(game, solved(name, **params).ending_value)


@pytest.mark.parametrize("name, params", GAMES)
def test_optimal_play_costs_nothing_and_the_record_replays(solved, name, params):
    """Two optimal players: no decision of either costs anything; the record, through JSON,
    replays to the same review; every decision's best is the advice's."""
    game, values = values_of(solved, name, params)
    optimal = find_player(game, "optimal")
    for seed in range(3):
        record = play(RULES, game, values, (optimal, optimal), seed)
        again = Record.from_json(json.dumps(record.to_json()), RULES)
        assert again == record
        result = review(game, values, again)
        assert result.decisions and all(d.cost == 0.0 and d.action == d.best for d in result.decisions)
        assert result.curve[-1] in (0.0, 0.5, 1.0) and len(result.curve) == len(record.moves) + 1
        # the final scores: the winner reached the goal (a turn limit may end it in a draw)
        if result.result != 0.5:
            assert max(result.scores) >= game.goal and result.scores[int(result.result == 0.0)] >= game.goal


def test_a_policys_costs_are_the_advices_differences(solved):
    """A deliberately timid rule (hold at 8) against optimal play in Pig to 30: each decision's
    cost is the advice's value of the best action minus the taken one's, and the decisions
    where the rule rolls or holds against the advice are the ones that cost."""
    game, values = values_of(solved, "pig", {"goal": 30})
    players = (find_player(game, "k < 8"), find_player(game, "optimal"))
    record = play(RULES, game, values, players, 11)
    result = review(game, values, record)
    mine = [d for d in result.decisions if d.seat == 0]
    assert sum(d.cost > 0 for d in mine) >= 1 and all(d.cost == 0 for d in result.decisions if d.seat == 1)
    for d in mine:
        advice = api.call("advise", {"game": "pig", "goal": 30, "state": d.state})
        assert d.best == advice["best"]
        assert d.cost == pytest.approx(advice["values"][d.best] - advice["values"][d.action], abs=1e-15)
        assert d.action == ("roll" if d.state["k"] < 8 else "hold")
    assert result.total_cost(0) == pytest.approx(sum(d.cost for d in mine), abs=1e-15)


def test_dice_are_drawn_as_the_rules_say():
    """20,000 draws of GRO's five dice: each outcome's count within 4.5 standard errors of
    its exact chance (the seeded generator walks the rules' own distribution)."""
    import random

    from pycore.jeopardy.play.match import draw_faces, start_state

    game = find_game("gro")
    state = start_state(game, 0)
    shown = game.roll_faces(state.turn)
    rng = random.Random(5)
    counts = {}
    for _ in range(20_000):
        key = tuple(sorted(draw_faces(game, state, rng)))
        counts[key] = counts.get(key, 0) + 1
    assert len(shown) > 100
    for probability, faces in shown:
        p = float(probability)
        expected, se = 20_000 * p, np.sqrt(20_000 * p * (1 - p))
        assert abs(counts.get(tuple(sorted(faces)), 0) - expected) < 4.5 * se + 1, faces


def test_seeded_games_win_as_often_as_the_exact_evaluation_says(solved):
    """1,500 seeded games of a rule (roll while k < 10) against optimal play in Pig to 20, the
    seats alternating: the rule's win rate agrees with the exact evaluation within 4.5
    standard errors (the dice drawn from the rules' distribution, the moves as played)."""
    game, values = values_of(solved, "pig", {"goal": 20})
    rule, optimal = find_player(game, "k < 10"), find_player(game, "optimal")
    exact = matchup(solved("pig", goal=20), rule_policy(game, "k < 10"), None).win_rate
    wins = []
    for seed in range(1500):
        seat = seed % 2
        record = play(RULES, game, values, (rule, optimal) if seat == 0 else (optimal, rule), seed)
        first_wins = review(game, values, record).result
        wins.append(first_wins if seat == 0 else 1.0 - first_wins)
    mean, se = np.mean(wins), np.std(wins) / np.sqrt(len(wins))
    assert abs(mean - exact) < 4.5 * se
    assert exact < 0.45  # the rule is clearly worse: the test could tell it from an even game


def test_a_policys_choices_are_taken_where_it_says(solved):
    """Pig with a turn limit, target model: "Target 20" chooses min(20, max(2, T - i)) at
    every turn start, as the exact evaluation reads it; optimal play picks the advice's best."""
    name, params = "pig-turns", {"goal": 30, "turns": 10}
    game, values = values_of(solved, name, params)
    players = (find_player(game, "Target 20"), find_player(game, "optimal"))
    result = review(game, values, play(RULES, game, values, players, 4))
    chosen = [d for d in result.decisions if isinstance(d.action, dict)]
    assert {d.seat for d in chosen} == {0, 1}
    for d in chosen:
        if d.seat == 0:
            assert d.action["s"] == min(20, max(2, 30 - d.state["i"]))
        else:
            assert d.cost == 0.0
            advice = api.call("advise", {"game": name, **params, "state": d.state})
            assert advice["best"]["state"]["s"] == d.best["s"]


def test_komi_and_seats(solved):
    """You in seat 2 with 5 points of head start for the second player: the game starts from
    that head start (the curve opens at P(first) with it) and the record lists the seats."""
    done = api.call("play", {"game": "pig", "goal": 20, "seed": 2, "seat": 2, "komi": -5, "against": "Hold at 20"})
    assert done["you"] == [1] and done["record"]["players"] == ["Hold at 20", "Optimal"]
    assert done["record"]["komi"] == -5
    head_start = solved("pig", goal=20).p_first_player_wins(-5)
    assert done["curve"][0] == pytest.approx(head_start, abs=1e-15) and head_start < 0.6156 - 0.05
    assert done["decisions"][0]["state"] == {"i": 0, "j": 5, "k": done["decisions"][0]["state"]["k"]}


def test_broken_records_are_named():
    good = api.call("play", {"game": "pig", "goal": 20, "seed": 1})["record"]
    cases = [
        ("{not json", "is JSON"),
        ([1, 2], "JSON object"),
        ({"game": "pig"}, "has no moves"),
        ({**good, "game": "gro"}, "game of gro, not pig"),
        ({**good, "moves": good["moves"][:-1]}, "before the game ends"),
        ({**good, "moves": good["moves"] + [{"action": "hold"}]}, "after the end of the game"),
        ({**good, "moves": [{"action": "jump"}]}, "move 1 of the record is not a roll"),
        ({**good, "moves": [{"action": "roll", "faces": [7]}]}, "move 1 of the record does not fit"),
        ({**good, "moves": [{"action": "hold"}]}, "move 1 of the record does not fit: a hold is not allowed"),
        ({**good, "komi": "lots"}, "komi is a whole number"),
        ({**good, "params": {"goal": 1}}, "goal must be between"),
    ]
    for record, message in cases:
        with pytest.raises((InvalidRecordError, ValueError), match=message):
            api.call("review", {"game": "pig", "record": record})
    with pytest.raises(InvalidPolicyError, match="not 'optimal', a policy of pig"):
        api.call("play", {"game": "pig", "seed": 1, "against": "Hold at 25"})



def test_play_and_review_from_the_command_line(tmp_path):
    """The issue's forms: play prints the record and the review, each decision with the
    advise keys; review of the saved record gives the same."""
    done = cli("play", "pig", "--goal", "30", "--seed", "9", "--policy", "k < 10", "--against", "optimal", "--json", "--quiet")
    assert done.returncode == 0, done.stderr
    played = json.loads(done.stdout)
    assert played["record"]["seed"] == 9 and played["record"]["players"] == ["Rule: k < 10", "Optimal"]
    decision = played["decisions"][0]
    assert set(decision) >= {"player", "state", "action", "best", "cost"} and set(decision["state"]) == {"i", "j", "k"}
    path = tmp_path / "game.json"
    path.write_text(json.dumps(played["record"]))
    done = cli("review", "pig", "--record", str(path), "--json", "--quiet")
    assert done.returncode == 0, done.stderr
    reviewed = json.loads(done.stdout)
    assert reviewed["decisions"] == played["decisions"] and reviewed["curve"] == played["curve"]
    text = cli("review", "pig", "--record", str(path), "--quiet").stdout
    assert "player 1 (Rule: k < 10):" in text and "cost" in text
    path.write_text("{}")
    done = cli("review", "pig", "--record", str(path), "--quiet")
    assert done.returncode == 2 and "has no game or moves" in done.stderr


@pytest.mark.parametrize("name", ["zombie-dice", "farkle"])
def test_the_large_games_play_from_their_shipped_tables(name):
    """Zombie Dice and Farkle: a whole game against the first printed policy, valued from the
    shipped turn-start values; the optimal seat never errs, and the policy's costliest
    decision is the advice's difference at that state."""
    game = find_game(name)
    policy = game.human_policies()[0].name
    done = api.call("play", {"game": name, "seed": 3, "against": policy})
    assert done["record"]["players"] == ["Optimal", policy] and done["winner"] in (0, 1)
    assert done["total_cost"][0] == 0.0
    theirs = [d for d in done["decisions"] if d["player"] == 1 and isinstance(d["action"], str)]
    worst = max(theirs, key=lambda d: d["cost"])
    advice = api.call("advise", {"game": name, "state": worst["state"]})
    assert worst["best"] == advice["best"]
    assert worst["cost"] == pytest.approx(advice["values"][worst["best"]] - advice["values"][worst["action"]], abs=1e-12)


def test_a_game_move_by_move_is_the_game_played_at_once():
    """The page's way (one ``move`` call a move, the faces drawn where the record's last roll
    left off) gives the record ``play`` gives for the same seed and players; a person's roll
    draws the same faces the computer's would."""
    played = api.call("play", {"game": "pig", "goal": 20, "seed": 8, "against": "Hold at 20"})["record"]
    record = {**played, "moves": []}
    seat_player = ["optimal", "Hold at 20"]
    position = {"seat": 0, "result": None}
    while position["result"] is None:
        args = {"game": "pig", "record": record}
        if position["seat"] == 0 and len(record["moves"]) % 3 == 0 and played["moves"][len(record["moves"])]["action"] == "roll":
            args["move"] = {"action": "roll"}  # as a person taps Roll
        else:
            args["player"] = seat_player[position["seat"]]
        done = api.call("move", args)
        record, position = done["record"], done["position"]
    assert record == played
    assert position["scores"] == api.call("review", {"game": "pig", "record": record})["scores"]
    with pytest.raises(InvalidRecordError, match="the game is over"):
        api.call("move", {"game": "pig", "record": record, "player": "optimal"})


def test_a_game_entered_at_the_table_keeps_the_score():
    """Great Rolled Ones to 30, entered roll by roll as a table would (no seed): the dice rolled
    shrink as 1s are set aside, three 1s bust, a hold banks the turn, and the scores, whose turn
    and the end are kept; an impossible roll is refused naming the move."""
    record = {"game": "gro", "params": {"goal": 30}, "komi": 0, "seed": None, "players": ["Ann", "Bob"], "moves": []}

    def move(*moves):
        nonlocal record
        for m in moves:
            answer = api.call("move", {"game": "gro", "goal": 30, "record": record, "move": m})
            record = answer["record"]
        return answer["position"]

    at = api.call("move", {"game": "gro", "goal": 30, "record": record})["position"]
    assert at["roll"] == {"dice": 5, "faces": [1, 2, 3, 4, 5, 6]} and at["legal"] == ["roll"]
    at = move({"action": "roll", "faces": [1, 6, 6, 2, 3]})
    assert (at["state"]["k"], at["state"]["o"], at["roll"]["dice"], at["seat"]) == (4, 1, 4, 0)
    at = move({"action": "roll", "faces": [1, 5, 5, 5]})
    assert (at["state"]["k"], at["state"]["o"], at["roll"]["dice"]) == (7, 2, 3)
    at = move({"action": "hold"})
    assert at["scores"] == [7, 0] and at["seat"] == 1 and at["state"]["k"] == 0
    assert at["faces"] is None or at["rolled_by"] == 0  # (a hold rolls nothing)
    at = move({"action": "roll", "faces": [1, 1, 1, 4, 4]})  # three 1s: Bob's turn scores nothing
    assert at["scores"] == [7, 0] and at["seat"] == 0
    assert (at["faces"], at["rolled_by"]) == ([1, 1, 1, 4, 4], 1)  # Bob's roll, though Ann is to move
    with pytest.raises(InvalidRecordError, match="move 5 of the record does not fit"):
        move({"action": "roll", "faces": [1, 2, 3]})  # five dice are rolled, not three
    with pytest.raises(InvalidRecordError, match="needs the faces"):
        move({"action": "roll"})  # no seed: the table gives the faces
    # Ann scores 5 + 5 + 5 + 4 (a 1 set aside) + 4, holds at 23: 30, the goal; Bob's last turn busts
    at = move({"action": "roll", "faces": [6, 6, 6, 6, 6]}, {"action": "roll", "faces": [6, 6, 6, 6, 6]},
              {"action": "roll", "faces": [6, 6, 6, 6, 6]}, {"action": "roll", "faces": [1, 6, 6, 6, 6]},
              {"action": "roll", "faces": [6, 6, 6, 6]}, {"action": "hold"})
    assert at["scores"] == [30, 0] and at["seat"] == 1 and at["result"] is None
    at = move({"action": "roll", "faces": [1, 1, 1, 2, 2]})
    assert at["result"] == 1.0 and at["scores"] == [30, 0] and at["legal"] == []
    reviewed = api.call("review", {"game": "gro", "record": record})
    assert reviewed["scores"] == [30, 0] and reviewed["winner"] == 0
    assert [d["player"] for d in reviewed["decisions"]][:2] == [0, 0]
    assert all(d["boundary_link"].endswith("view=slice&axis=k") for d in reviewed["decisions"])


def test_records_in_links():
    """A record in a link (deflated, base64url) opens the game where it stands, in Play for
    seeded dice and at the table otherwise; a damaged or foreign one is named and changes
    nothing else the link says."""
    game = find_game("pig", goal=20)
    values = Values(game, lambda anchor: 0.5)  # (moves only: no value is read)
    record = play(RULES, game, values, (find_player(game, "Hold at 20"), find_player(game, "k < 5")), seed=3)
    word = record.to_link()
    assert Record.from_link(word, RULES) == record and len(word) < len(json.dumps(record.to_json())) / 2
    cut = Record(record.game, record.params, record.moves[:7], record.seed, record.players, record.komi)
    shared = api.call("move", {"game": "pig", "goal": 20, "record": cut.to_json()})["share"]
    assert shared.startswith("#game=pig&goal=20&i=0&j=0&k=0&view=play&record=")
    opened = api.call("resolve", {"fragment": shared})
    assert opened["problems"] == [] and opened["view"]["view"] == "play"
    assert opened["view"]["record"] == cut.to_json() and "record=" not in opened["fragment"]
    at_table = Record(record.game, record.params, record.moves[:7], None, ("Ann", "Bob"), record.komi)
    opened = api.call("resolve", {"fragment": f"game=pig&goal=20&view=play&record={at_table.to_link()}"})
    assert opened["view"]["view"] == "table" and opened["view"]["record"]["seed"] is None
    for damaged, problem in [(word[:-6], "damaged"), ("%%%", "damaged"), ("x" * 30_000, "at most 20,000"),
                          (Record("gro", {"goal": 30}, (), None, ("a", "b"), 0).to_link(), "not of this")]:
        opened = api.call("resolve", {"fragment": f"game=pig&goal=20&i=5&view=play&record={damaged}"})
        assert "record" not in opened["view"] and opened["state"]["i"] == 5 and opened["view"]["view"] == "play"
        assert len(opened["problems"]) == 1 and problem in opened["problems"][0], opened["problems"]
    with pytest.raises(InvalidRecordError, match="a game record is JSON; this is not"):
        Record.from_link("eJzLSM3JyQcABiwCFQ", RULES)  # "hello", deflated: not a record's JSON


def test_rolls_and_choices_as_a_table_enters_them(solved):
    """What the next roll shows (its dice and faces) and the options a roll offers, in the
    game's words; a rule player's label is that player again; a new game's player that is not
    one is refused before the game starts."""
    pig_turns = {"game": "pig-turns", "goal": 30, "turns": 10}
    record = {"game": "pig-turns", "params": {"goal": 30, "turns": 10}, "komi": 0, "seed": None,
              "players": ["A", "B"], "moves": []}
    at = api.call("move", {**pig_turns, "record": record})["position"]
    assert at["roll"] == {"dice": 0, "faces": []}  # choosing a target rolls nothing
    at = api.call("move", {**pig_turns, "record": record, "move": {"action": "roll", "faces": []}})["position"]
    assert at["roll"] is None and at["option_labels"][:2] == ["target 2", "target 3"] and len(at["options"]) == 29
    farkle = {"game": "farkle", "record": {"game": "farkle", "moves": [{"action": "roll", "faces": [1, 5, 2, 3, 4, 6]}]}}
    at = api.call("move", farkle)["position"]
    assert sorted(at["option_labels"]) == ["keep 1 (+100)", "keep 1 2 3 4 5 6 (+1500)", "keep 1 5 (+150)", "keep 5 (+50)"]
    zombie = api.call("move", {"game": "zombie-dice", "record": {"game": "zombie-dice", "moves": []}})["position"]
    assert zombie["roll"]["dice"] == 3 and zombie["roll"]["hand"] == "fp" and set(zombie["roll"]["colours"]) == set("GYR")
    game = find_game("pig", goal=30)
    assert find_player(game, "Rule: k < 20").policy.description == find_player(game, "k < 20").policy.description
    record = {"game": "pig", "params": {"goal": 30}, "players": ["You", "Rule: k <"], "moves": []}
    with pytest.raises(InvalidPolicyError, match="not 'optimal', a policy"):
        api.call("move", {"game": "pig", "goal": 30, "record": record, "check_players": ["Rule: k <"]})
    assert api.call("move", {"game": "pig", "goal": 30, "record": record})["position"]["moves"] == 0  # (unchecked)


def test_check_players_must_be_a_list_of_labels():
    record = {"game": "pig", "params": {"goal": 30}, "moves": []}
    for bad in ("k < 4", [3], {"a": 1}):
        with pytest.raises(InvalidRequestError, match="'check_players' must be a list"):
            api.call("move", {"game": "pig", "goal": 30, "record": record, "check_players": bad})


# ---- three or more players at the table ------------------------------------------------------

HOLD = {"action": "hold"}


def roll_of(*faces):
    return {"action": "roll", "faces": list(faces)}


def reviewed_on_the_command_line(tmp_path, name, record, decisions) -> str:
    """The command line's review of ``record`` (saved to a file): its JSON decisions are the
    API's ``decisions``; its text."""
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    done = cli("review", name, "--record", str(path), "--json", "--quiet")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["decisions"] == decisions
    return cli("review", name, "--record", str(path), "--quiet").stdout


def table_of(name, params, players, moves):
    """A game of ``players`` entered at the table: each move through the ``move`` action; the
    last answer."""
    record = {"game": name, "params": params, "komi": 0, "seed": None, "players": players, "moves": []}
    answer = api.call("move", {"game": name, **params, "record": record})
    for move in moves:
        answer = api.call("move", {"game": name, **params, "record": answer["record"], "move": move})
    return answer


def test_four_players_of_pig_the_first_to_the_goal_wins_and_the_advice_is_against_the_leader(tmp_path):
    """Ann banks 11, Bob busts, Cy banks 4, Dee busts; Ann's next turn is the two-player
    position 11 against 4 (Cy, the stronger opponent: Pig has no game of four), and holding at
    31 ends the game at once. The review values each decision in the position the advice
    showed: Cy's hold at 4 against Ann's 11 costs what the advisor says for i=0, j=11, k=4;
    there is no curve."""
    pig = {"goal": 30}
    names = ["Ann", "Bob", "Cy", "Dee"]
    answer = table_of("pig", pig, names, [roll_of(6), roll_of(5), HOLD, roll_of(1), roll_of(4), HOLD, roll_of(1)])
    at = answer["position"]
    assert (at["seat"], at["scores"], at["against"], at["game"]) == (0, [11, 0, 4, 0], 2, "pig")
    assert at["state"] == {"i": 11, "j": 4, "k": 0} and at["legal"] == ["roll"]
    answer = table_of("pig", pig, names, answer["record"]["moves"] + [roll_of(6)] * 3 + [roll_of(2)])
    assert answer["position"]["legal"] == ["hold"] and answer["position"]["state"]["k"] == 20  # 31: holding wins
    answer = api.call("move", {"game": "pig", **pig, "record": answer["record"], "move": HOLD})
    at = answer["position"]
    assert (at["scores"], at["winners"], at["result"], at["against"]) == ([31, 0, 4, 0], [0], 1.0, None)
    review_ = api.call("review", {"game": "pig", **pig, "record": answer["record"]})
    assert review_["winners"] == [0] and review_["curve"] == [] and review_["two_player_values"] is True
    assert len(review_["total_cost"]) == len(review_["mistakes"]) == 4
    cy = [d for d in review_["decisions"] if d["player"] == 2]
    assert [(d["state"], d["action"]) for d in cy] == [({"i": 0, "j": 11, "k": 4}, "hold")]
    advice = api.call("advise", {"game": "pig", **pig, "state": cy[0]["state"]})
    assert advice["best"] == "roll" and cy[0]["cost"] == pytest.approx(advice["values"]["roll"] - advice["values"]["hold"], abs=1e-15)
    assert review_["total_cost"][2] == cy[0]["cost"] > 0.1
    # the command line reviews the record the same way, and says whose advice it is
    text = reviewed_on_the_command_line(tmp_path, "pig", answer["record"], review_["decisions"])
    assert "Ann (first), Bob, Cy, Dee: Ann (player 1) won, 31 to 0 to 4 to 0" in text and "player 3 (Cy): 1 of 1" in text
    assert "two-player game against the strongest opponent" in text


def test_three_players_of_pig_play_three_player_pig_exactly(tmp_path):
    """Issue 36: a table of three plays three-player Pig. Ann banks 11, Bob busts, Cy banks 4:
    Ann's position lists every score from her seat (i=11, j=0 Bob's, l=4 Cy's) and its advice
    is three-player Pig's, with no strongest opponent. The review prices Cy's hold at 4 by
    three-player Pig's values at i=0 (Cy), j=11 (Ann), l=0 (Bob), k=4, links it to that
    game's advisor, and draws the first player's chance, each point of it what the seats'
    chances say."""
    pig = {"goal": 30}
    names = ["Ann", "Bob", "Cy"]
    moves = [roll_of(6), roll_of(5), HOLD, roll_of(1), roll_of(4), HOLD]
    answer = table_of("pig", pig, names, moves)
    at = answer["position"]
    assert (at["seat"], at["scores"], at["against"], at["game"]) == (0, [11, 0, 4], None, "pig-3")
    assert at["params"] == {"goal": 30, "die": 6, "bust": 1, "players": 3, "turns": 300}
    assert at["state"] == {"i": 11, "j": 0, "l": 4, "k": 0} and at["legal"] == ["roll"]
    assert answer["record"]["game"] == "pig" and answer["share"].startswith("#game=pig&")
    hint = api.call("advise", {"game": at["game"], **at["params"], "state": at["state"]})
    assert len(hint["seat_values"]["roll"]) == 3
    answer = table_of("pig", pig, names, moves + [roll_of(6)] * 3 + [roll_of(2)])
    assert answer["position"]["legal"] == ["hold"] and answer["position"]["state"]["k"] == 20  # 31: holding wins
    answer = api.call("move", {"game": "pig", **pig, "record": answer["record"], "move": HOLD})
    assert (answer["position"]["scores"], answer["position"]["winners"]) == ([31, 0, 4], [0])
    review_ = api.call("review", {"game": "pig", **pig, "record": answer["record"]})
    assert review_["two_player_values"] is False and review_["winners"] == [0] and review_["valued_in"] == "pig-3"
    cy = [d for d in review_["decisions"] if d["player"] == 2]
    assert [(d["state"], d["action"]) for d in cy] == [({"i": 0, "j": 11, "l": 0, "k": 4}, "hold")]
    advice = api.call("advise", {"game": "pig-3", **pig, "state": cy[0]["state"]})
    assert cy[0]["cost"] == pytest.approx(advice["values"][advice["best"]] - advice["values"]["hold"], abs=1e-15)
    assert cy[0]["link"] == "#game=pig-3&goal=30&i=0&j=11&l=0&k=4"
    assert cy[0]["boundary_link"] == "#game=pig-3&goal=30&i=0&j=11&l=0&k=4&view=slice&axis=k"  # (its boundary)
    # the curve: the first player's chance before every move, then the result
    record = answer["record"]
    assert len(review_["curve"]) == len(record["moves"]) + 1 and review_["curve"][-1] == 1.0
    start = api.call("solve", {"game": "pig-3", **pig})["seat_chances"][0]
    assert review_["curve"][0] == pytest.approx(start, abs=1e-12)
    # before Bob's bust (move 3: Bob to move at i=0, Cy's j=0, Ann's l=11), Ann's chance is
    # the third seat's of Bob's position
    bob = api.call("advise", {"game": "pig-3", **pig, "state": "i=0,j=0,l=11,k=0"})
    assert review_["curve"][3] == pytest.approx(bob["seat_values"]["roll"][2], abs=1e-12)


def test_three_players_of_gro_play_the_last_round_out_and_a_later_player_must_exceed():
    """Great Rolled Ones to 10, three players: three-player GRO exactly (issue 36). Ann reaches
    10, so the round is the last. Bob ties at 10 (he may still roll: holding wins nothing
    yet), then Cy holds at 9: Ann wins the tie (a later player must exceed an earlier one).
    Had Cy reached 12, the last seat, holding would win on the spot: the only move. The
    review prices every decision in three-player GRO, Bob's rolling on past Ann's 10 too."""
    gro = {"goal": 10, "bound": 20}
    names = ["Ann", "Bob", "Cy"]
    ann = [roll_of(2, 2, 2, 2, 2), roll_of(3, 3, 3, 3, 3), HOLD]
    bob = [roll_of(2, 2, 2, 2, 2), roll_of(2, 2, 2, 2, 2)]
    at = table_of("gro", gro, names, ann + bob)["position"]
    assert (at["game"], at["against"]) == ("gro-3", None)
    assert at["seat"] == 1 and at["state"] == {"p": 2, "i": 0, "j": 0, "l": 10, "k": 10, "o": 0} and at["legal"] == ["roll", "hold"]
    cy = [HOLD, roll_of(2, 2, 2, 2, 2), roll_of(2, 2, 2, 2, 1)]
    at = table_of("gro", gro, names, ann + bob + cy)["position"]
    assert (at["seat"], at["against"], at["state"]["p"], at["state"]["j"], at["state"]["l"]) == (2, None, 3, 10, 10)
    at = table_of("gro", gro, names, ann + bob + cy + [HOLD])["position"]
    assert (at["scores"], at["winners"]) == ([10, 10, 9], [0])
    at = table_of("gro", gro, names, ann + bob + cy + [roll_of(2, 2, 2, 1)])["position"]
    assert at["state"]["k"] == 12 and at["legal"] == ["hold"]
    at = table_of("gro", gro, names, ann + bob + cy + [roll_of(2, 2, 2, 1), HOLD])["position"]
    assert (at["scores"], at["winners"], at["result"]) == ([10, 10, 12], [2], 0.0)
    # Bob rolls on past Ann's 10 (Cy is still to play): three-player GRO values it
    record = {"game": "gro", "params": gro, "players": names,
              "moves": [*ann, *bob, roll_of(2, 2, 2, 2, 2), roll_of(2, 2, 2, 2, 1), HOLD, roll_of(1, 1, 1, 2, 2)]}
    reviewed = api.call("review", {"game": "gro", **gro, "record": record})
    assert (reviewed["scores"], reviewed["winners"], reviewed["valued_in"]) == ([10, 19, 0], [1], "gro-3")
    # (every decision, Bob's rolls at 10 and at 15 too: the two-player game left those out)
    assert [d["move"] for d in reviewed["decisions"]] == [2, 3, 5, 6, 7]
    assert reviewed["curve"][-1] == 0.0 and reviewed["two_player_values"] is False
    bob_rolls = next(d for d in reviewed["decisions"] if d["move"] == 7)
    assert bob_rolls["state"]["k"] == 15 and bob_rolls["action"] == bob_rolls["best"] == "roll"  # (Cy is to come)
    advice = api.call("advise", {"game": "gro-3", **gro, "state": bob_rolls["state"]})
    assert bob_rolls["cost"] == pytest.approx(advice["values"][advice["best"]] - advice["values"]["roll"], abs=1e-15)


def test_three_players_of_zombie_dice_a_tie_at_the_top_plays_another_round_among_the_tied():
    """All Yellow Zombie Dice to 3, three players: three-player AYZD exactly (issue 36). Ann
    and Bob bank 3 brains, Cy 1; the tie at the top plays another round, Ann and Bob only:
    the two-player game from the tie (the same dice, goal and bound), advised exactly. Both
    shotgunned: a third round; Ann banks 1 more and Bob is shotgunned: Ann wins 4 to 3. The
    review prices every decision, the tie-break's in the two-player game, and draws Ann's
    chance throughout (0 or 1 for no one out of it)."""
    ayzd = {"goal": 3, "bound": 12}
    names = ["Ann", "Bob", "Cy"]
    brains, shotguns = roll_of("brain", "brain", "brain"), roll_of("shotgun", "shotgun", "shotgun")
    first_round = [brains, HOLD, brains, HOLD, roll_of("brain", "footprint", "shotgun"), HOLD]
    at = table_of("ayzd", ayzd, names, first_round[:4])["position"]
    assert (at["game"], at["against"], at["state"]) == ("ayzd-3", None, {"p": 3, "i": 0, "j": 3, "l": 3, "b": 0, "s": 0})
    at = table_of("ayzd", ayzd, names, first_round)["position"]
    assert (at["seat"], at["scores"], at["against"], at["game"]) == (0, [3, 3, 1], None, "ayzd")
    assert at["params"]["bound"] == 12 and at["state"] == {"p": 1, "i": 3, "j": 3, "b": 0, "s": 0}
    at = table_of("ayzd", ayzd, names, [*first_round, shotguns, shotguns])["position"]
    assert (at["seat"], at["scores"], at["result"]) == (0, [3, 3, 1], None)  # Cy sits the tie-break out
    at = table_of("ayzd", ayzd, names, [*first_round, shotguns, shotguns, roll_of("brain", "footprint", "footprint"), HOLD])["position"]
    assert (at["seat"], at["state"]["p"], at["state"]["i"], at["state"]["j"]) == (1, 2, 3, 4)
    answer = table_of("ayzd", ayzd, names, [*first_round, shotguns, shotguns, roll_of("brain", "footprint", "footprint"),
                                           HOLD, shotguns])
    assert (answer["position"]["scores"], answer["position"]["winners"]) == ([4, 3, 1], [0])
    reviewed = api.call("review", {"game": "ayzd", **ayzd, "record": answer["record"]})
    assert reviewed["valued_in"] == "ayzd-3" and reviewed["two_player_values"] is False
    assert len(reviewed["curve"]) == len(answer["record"]["moves"]) + 1 and reviewed["curve"][-1] == 1.0
    start = api.call("solve", {"game": "ayzd-3", **ayzd})["seat_chances"][0]
    assert reviewed["curve"][0] == pytest.approx(start, abs=1e-12)
    # the tie-break's first decision (Ann, 1 brain and no shotguns) is priced in the two-player game
    ann = next(d for d in reviewed["decisions"] if d["state"] == {"p": 1, "i": 3, "j": 3, "b": 1, "s": 0})
    pair = api.call("advise", {"game": "ayzd", **ayzd, "state": ann["state"]})
    assert ann["cost"] == pytest.approx(pair["values"][pair["best"]] - pair["values"][ann["action"]], abs=1e-15)


def test_tables_of_more_players_refuse_what_they_cannot_be():
    """Nine players, a head start, the computer's dice at a table of three of a two-player game
    (played as its game for three), or a game of two by its rules (Pig with
    a turn limit counts both players' turns): each named."""
    def record(name, players, **extra):
        return {"game": name, "params": {}, "players": [f"P{n}" for n in range(players)], "moves": [], **extra}

    cases = [(record("pig", 9), "2 to 8 labels"), (record("pig", 1), "2 to 8 labels"),
             (record("pig", 3, komi=5), "head start"), (record("pig", 3, seed=4), "has pig.s own 2 players"),
             (record("pig-turns", 3), "a game of two players")]
    for bad, message in cases:
        with pytest.raises(InvalidRecordError, match=message):
            api.call("move", {"game": bad["game"], "record": bad})
    assert api.call("move", {"game": "pig", "record": record("pig", 8)})["position"]["scores"] == [0] * 8


# ---- issue 50, class 1: Farkle's zilch counts at a table of three or more ------------------

ZILCH = roll_of(2, 3, 4, 6, 2, 3)  # nothing to set aside (two pairs are not three)
BANK_1000 = [roll_of(1, 1, 1, 2, 3, 4), {"action": "choose", "option": {"k": 1000, "d": 3}}, HOLD]
# six 1s three times (4,000 a roll, hot dice each time): 12,000, and holding wins
WIN_12000 = [move for k in (4000, 8000, 12000) for move in (roll_of(*[1] * 6), {"action": "choose", "option": {"k": k, "d": 6}})]


def two_player_farkle_value(i, j, z, zo):
    """The default two-player Farkle (Facebook's rules, the zilch penalty) at a turn start,
    read from its shipped table: the mover's chance."""
    from pycore.store.prebuilt import load_table

    game = find_game("farkle")
    return float(load_table(game).values[layout(game).anchor_row((i, j, z, zo))])


def assert_advised_against_the_leader(position, i, j, z, zo):
    """The table's position is the two-player one at (the mover's score, the strongest
    opponent's, the mover's zilches in a row, that opponent's), and the advice the page asks
    for there is worth what the two-player game says."""
    assert position["game"] == "farkle-penalty"
    assert position["state"] == {"i": i, "j": j, "z": z, "zo": zo, "k": 0, "d": 6}
    advice = api.call("advise", {"game": position["game"], **position["params"], "state": position["state"]})
    assert advice["value"] == pytest.approx(two_player_farkle_value(i, j, z, zo), abs=1e-8)
    return advice


def test_three_players_of_farkle_each_seat_counts_its_own_zilches_and_the_third_costs_the_penalty():
    """Farkle's default rules take 500 points for three zilches in a row (issue 50: a table of
    three failed on its first move). Each seat keeps its own count: Ann banks 1,000, Bob and
    Cy zilch, Ann and Bob zilch, Cy banks 1,000 (his count back to 0), Ann zilches. Bob, two
    zilches in a row, is advised against Ann (1,000, the earliest of the leaders, with her
    two); his third zilch costs him 500 and starts his count again. Cy zilches, and Ann's
    third costs her 500: Bob is advised against Cy, the leader now, with his one zilch."""
    names = ["Ann", "Bob", "Cy"]
    moves = [*BANK_1000, ZILCH, ZILCH, ZILCH, ZILCH, *BANK_1000, ZILCH]
    at = table_of("farkle", {}, names, moves)["position"]
    assert (at["seat"], at["scores"], at["counters"], at["against"]) == (1, [1000, 0, 1000], {"z": [2, 2, 0]}, 0)
    shaky = assert_advised_against_the_leader(at, 0, 1000, 2, 2)
    assert abs(shaky["value"] - two_player_farkle_value(0, 1000, 0, 0)) > 1e-3  # (the counts are in it)
    at = table_of("farkle", {}, names, [*moves, ZILCH])["position"]
    assert (at["seat"], at["scores"], at["counters"], at["against"]) == (2, [1000, -500, 1000], {"z": [2, 0, 0]}, 0)
    assert_advised_against_the_leader(at, 1000, 1000, 0, 2)
    at = table_of("farkle", {}, names, [*moves, ZILCH, ZILCH, ZILCH])["position"]
    assert (at["seat"], at["scores"], at["counters"], at["against"]) == (1, [500, -500, 1000], {"z": [0, 0, 1]}, 2)
    assert_advised_against_the_leader(at, -500, 1000, 0, 1)


def test_five_players_of_farkle_through_third_zilches_to_the_end_and_its_review(tmp_path):
    """Five players of Farkle (default rules): Ann banks 1,000, everyone else zilches twice
    round, Ann too; Bob's, Dee's and Eve's third zilches cost each of them 500, Cy banks
    1,000 between them. Ann, two zilches in a row, is advised against Cy (1,000, no zilches)
    and wins with 12,000. The review values each decision in the two-player position the
    advice showed (Cy's, with two zilches of his own and Ann's two), on the API and the
    command line alike."""
    names = ["Ann", "Bob", "Cy", "Dee", "Eve"]
    moves = [*BANK_1000, *[ZILCH] * 4, *[ZILCH] * 5, ZILCH]
    at = table_of("farkle", {}, names, moves)["position"]
    assert (at["seat"], at["scores"], at["counters"]) == (1, [1000, 0, 0, 0, 0], {"z": [2, 2, 2, 2, 2]})
    assert_advised_against_the_leader(at, 0, 1000, 2, 2)
    moves += [ZILCH, *BANK_1000, ZILCH, ZILCH]
    at = table_of("farkle", {}, names, moves)["position"]
    assert (at["seat"], at["scores"], at["counters"], at["against"]) == (0, [1000, -500, 1000, -500, -500],
                                                                         {"z": [2, 0, 0, 0, 0]}, 2)
    assert_advised_against_the_leader(at, 1000, 1000, 2, 0)
    answer = table_of("farkle", {}, names, [*moves, *WIN_12000, HOLD])
    at = answer["position"]
    assert (at["scores"], at["winners"], at["counters"]) == ([13000, -500, 1000, -500, -500], [0], {"z": [0] * 5})
    reviewed = api.call("review", {"game": "farkle", "record": answer["record"]})
    assert reviewed["two_player_values"] is True and reviewed["valued_in"] == "farkle-penalty"
    assert (reviewed["scores"], reviewed["winners"]) == (at["scores"], [0])
    cy = [d for d in reviewed["decisions"] if d["player"] == 2]
    assert [(d["state"], d["action"]) for d in cy] == [
        ({"i": 0, "j": 1000, "z": 2, "zo": 2, "k": 0, "d": 6}, {"k": 1000, "d": 3}),
        ({"i": 0, "j": 1000, "z": 2, "zo": 2, "k": 1000, "d": 3}, "hold")]
    advice = api.call("advise", {"game": "farkle-penalty", "state": cy[1]["state"]})
    assert cy[1]["values"] == pytest.approx(advice["values"], abs=1e-15)
    assert cy[1]["cost"] == pytest.approx(advice["values"][advice["best"]] - advice["values"]["hold"], abs=1e-15)
    # Ann rolls on at 8,000 with her two zilches in a row: priced with them
    ann = next(d for d in reviewed["decisions"] if d["player"] == 0 and d["action"] == "roll" and d["state"]["k"] == 8000)
    assert ann["state"] == {"i": 1000, "j": 1000, "z": 2, "zo": 0, "k": 8000, "d": 6} and ann["best"] == "hold"
    advice = api.call("advise", {"game": "farkle-penalty", "state": ann["state"]})
    assert ann["cost"] == pytest.approx(advice["values"]["hold"] - advice["values"]["roll"], abs=1e-15) and ann["cost"] > 0.01
    # the command line reviews the record the same way
    text = reviewed_on_the_command_line(tmp_path, "farkle", answer["record"], reviewed["decisions"])
    assert "Ann (first), Bob, Cy, Dee, Eve: Ann (player 1) won, 13000 to -500 to 1000 to -500 to -500" in text
    assert "two-player game against the strongest opponent" in text


# ---- issue 37, class 4: records are checked as play's arguments are ---------------------


def _pig_record(**fields):
    return {"game": "pig", "params": {"goal": 100}, "komi": 0, "seed": 7, "players": ["A", "B"],
            "moves": [{"action": "roll", "faces": [3]}], **fields}


@pytest.mark.parametrize("komi, named", [
    (100, "between -99 and 99"), (-100, "between -99 and 99"), (10**17, "between -99 and 99"), (True, "got True"),
])
def test_a_records_komi_is_range_checked_like_plays(komi, named):
    """A komi at or past the goal gave an internal error or a stuck game, 10^17 played on at
    impossible scores: refused by name, as play refuses it."""
    for action in ("move", "review"):
        with pytest.raises(InvalidRecordError, match=named):
            api.call(action, {"game": "pig", "record": _pig_record(komi=komi)})


def test_a_farkle_komi_off_the_grid_is_refused_in_play_and_in_records():
    """A komi off Farkle's 50-point grid ran 20,000 moves and blamed a rule that never banks."""
    with pytest.raises(InvalidParameterError, match="a multiple of 50, got 120"):
        api.call("play", {"game": "farkle", "set": "target=500", "seed": 1, "komi": 120})
    record = {"game": "farkle", "params": {"rules": "facebook", "set": "target=500"}, "komi": 120, "seed": 1,
              "players": ["A", "B"], "moves": []}
    with pytest.raises(InvalidRecordError, match="a multiple of 50, got 120"):
        api.call("move", {"game": "farkle", "set": "target=500", "record": record, "move": {"action": "roll"}})


@pytest.mark.parametrize("seed", [-1, -(2**63), 2**63, 2**53])
def test_a_records_seed_is_the_range_play_takes(seed):
    """A negative seed drew the same dice as its positive twin: refused, as play refuses it;
    so is one past what the page's JavaScript holds exactly (2^63 - 1 was taken, and then its
    19 digits were refused by the API's reader: found by the record machine)."""
    with pytest.raises(InvalidRecordError, match="seed is a whole number from 0 to 9007199254740991"):
        api.call("move", {"game": "pig", "record": _pig_record(seed=seed), "move": {"action": "roll"}})
    with pytest.raises(InvalidRequestError, match="argument 'seed' must be a whole number from 0 to 9007199254740991"):
        api.call("play", {"game": "pig", "seed": seed})
    # the largest goes through the API's text reader, both ways
    reply = json.loads(api.handle(json.dumps({"action": "play", "args": {"game": "pig", "goal": 10, "seed": 2**53 - 1}})))
    assert reply["record"]["seed"] == 2**53 - 1


def test_a_record_at_the_most_moves_is_not_extended():
    """A move on a record of the most moves gave one more, which could then be neither read
    back nor reviewed: refused by name."""
    from pycore.jeopardy.play.match import MAX_MOVES

    moves = [{"action": "roll", "faces": [1]}] * MAX_MOVES  # every turn busts: the game goes on
    with pytest.raises(InvalidRecordError, match="the most a record may have"):
        api.call("move", {"game": "pig", "record": _pig_record(moves=moves), "move": {"action": "roll"}})
    shorter = api.call("move", {"game": "pig", "record": _pig_record(moves=moves[:-1]), "move": {"action": "roll"}})
    assert len(shorter["record"]["moves"]) == MAX_MOVES


def test_a_game_too_long_for_a_link_gets_no_link_and_still_plays(monkeypatch):
    """A record longer than a link carries made a share link the app itself called damaged:
    there is none (the page says to save the game as a file), and the game goes on. (7,000
    random zilches of Facebook Farkle need 21,800 characters, more than a link's 20,000; here
    the limit is a tenth, and so are the moves.)"""
    from pycore.core import records

    monkeypatch.setattr(records, "MAX_LINK", records.MAX_LINK // 10)
    rng = random.Random(3)
    no_score = [2, 3, 4, 6]  # four of these and two more, no triple and no three pairs: a zilch
    moves = [{"action": "roll", "faces": rng.sample(no_score, 4) + rng.sample(no_score, 2)} for _ in range(700)]
    record = {"game": "farkle", "params": {"rules": "facebook", "set": ""}, "komi": 0, "seed": None,
              "players": ["A", "B"], "moves": moves}
    answer = api.call("move", {"game": "farkle", "record": record, "move": {"action": "roll", "faces": [2, 3, 4, 6, 2, 3]}})
    assert answer["share"] is None and len(answer["record"]["moves"]) == 701
    assert api.call("move", {"game": "farkle", "record": {**record, "moves": moves[:100]}})["share"].startswith("#game=farkle")


def test_an_alias_names_its_game_in_a_record_as_in_a_link():
    """A record naming its game by an alias ("zilch") reads as that game everywhere."""
    record = {"game": "zilch", "params": {"rules": "facebook", "set": "target=500"}, "komi": 0, "seed": 1,
              "players": ["A", "B"], "moves": []}
    answer = api.call("move", {"game": "farkle", "set": "target=500", "record": record, "move": {"action": "roll"}})
    assert answer["record"]["game"] == "farkle"
    with pytest.raises(InvalidRecordError, match="a game of chess, not farkle"):
        api.call("move", {"game": "farkle", "record": {**record, "game": "chess"}})


def test_a_records_params_naming_another_game_are_said():
    """A record of ``pig`` with ``players: 3`` was refused as "the record is a game of pig, not
    pig": its params make it three-player Pig, which the message names."""
    record = {"game": "pig", "params": {"players": 3}, "players": ["A", "B", "C"], "moves": [{"action": "hold"}]}
    with pytest.raises(InvalidRecordError) as refused:
        api.call("review", {"game": "pig", "record": json.dumps(record)})
    assert str(refused.value) == "the record's params (players 3) make it a game of pig-3 (Pig for three players), not pig"


def test_the_next_move_starts_from_the_position_the_last_one_left(monkeypatch):
    """The page sends the whole record with each move: the position a move leaves is kept, so
    the next move replays nothing (Farkle's 160 moves took 55 ms to replay); a record that
    differs in one move, or in its seed, is replayed as itself."""
    from pycore.core import play as play_core

    game = {"game": "pig", "goal": 20}
    record = api.call("play", {**game, "seed": 8, "against": "Hold at 20"})["record"]
    start = dict(record, moves=record["moves"][:6])
    at = api.call("move", {**game, "record": start})  # (replayed once, and kept)
    monkeypatch.setattr(play_core, "_replayed", lambda *a: pytest.fail("a kept position replayed"))
    for _ in range(4):
        at = api.call("move", {**game, "record": at["record"], "player": "optimal"})
    assert at["record"]["moves"][:6] == start["moves"] and len(at["record"]["moves"]) == 10
    monkeypatch.undo()
    kept = api.call("move", {**game, "record": at["record"]})["position"]
    other = dict(at["record"], seed=9)
    assert api.call("move", {**game, "record": other})["position"] == kept  # (the faces are in the moves)
    changed = json.loads(json.dumps(at["record"]))
    changed["moves"][0] = {"action": "hold"} if changed["moves"][0]["action"] == "roll" else {"action": "roll", "faces": [1]}
    with pytest.raises(PycoreError, match="move 1 of the record"):
        api.call("move", {**game, "record": changed})
