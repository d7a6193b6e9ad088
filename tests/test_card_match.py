"""Whole solitaire Yahtzee games, their records and reviews (pycore.scorecard.match; the
``play``, ``move`` and ``review`` actions and commands of scorecard games)."""

import json
import random
from collections import Counter

import pytest
from commands import cli

from pycore import api, find_game
from pycore.core.dice import roll
from pycore.core.errors import InvalidPolicyError, InvalidRecordError, InvalidRequestError
from pycore.core.play import Record, extend, play, replay
from pycore.scorecard.match import RULES, find_player, review
from pycore.store.prebuilt import load_table

START = 254.5877  # the expected final score of optimal play under the forced joker (test_yahtzee)


@pytest.fixture(scope="module")
def yahtzee():
    game = find_game("yahtzee", joker="forced")
    return game, load_table(game).values


def test_optimal_play_costs_nothing_and_the_record_replays(yahtzee):
    game, values = yahtzee
    record = play(RULES, game, values, (find_player("optimal"),), 7)
    assert record.player == "Optimal" and record.seed == 7
    # 13 boxes, 13 first rolls and the rerolls between
    assert sum(m["action"] == "box" for m in record.moves) == 13
    assert sum(m["action"] == "roll" and not m["keep"] for m in record.moves) >= 13
    again = Record.from_json(json.dumps(record.to_json()), RULES)
    assert again == record and Record.from_link(record.to_link(), RULES) == record
    result = review(game, values, again)
    assert result.decisions and all(d.cost == 0.0 and d.action == d.best for d in result.decisions)
    assert len(result.curve) == len(record.moves) + 1 and result.curve[0] == pytest.approx(START, abs=5e-5)
    assert result.curve[-1] == result.score == replay(RULES, game, record).card.score
    # the same seed deals the same dice
    assert play(RULES, game, values, (find_player("optimal"),), 7) == record
    assert play(RULES, game, values, (find_player("optimal"),), 8).moves[0] != record.moves[0]


def test_a_players_costs_are_the_advisors_losses(yahtzee):
    """Every decision of a greedy game, priced a second way: the advisor's loss of the option
    taken at that position (the API's ``advise``), and its best option."""
    game, values = yahtzee
    record = play(RULES, game, values, (find_player("greedy"),), 3)
    result = review(game, values, record)
    assert result.total_cost > 10 and sum(d.cost > 0 for d in result.decisions) >= 5
    for decision in result.decisions:
        advice = api.call("advise", {"game": "yahtzee", "joker": "forced", **decision.state})
        if "box" in decision.action:
            chosen = next(b for b in advice["boxes"] if b["box"] == decision.action["box"])
        else:
            chosen = next(k for k in advice["keeps"] if k["keep"] == decision.action["keep"])
        assert decision.cost == pytest.approx(chosen["loss"], abs=1e-9)
        assert decision.expected_final == pytest.approx(advice["expected_final"], abs=1e-9)
        best = advice["best"]
        if decision.cost > 1e-9 and "box" in decision.best and "box" in best:
            assert decision.best["box"] == best["box"]
        if "keep" in decision.best:
            assert decision.best["keep"] == best["keep"]


def test_a_game_move_by_move_is_the_game_played_at_once(yahtzee):
    """A person's moves without faces draw the seed's dice where the record left off: the same
    dice as the game played at once; a record without a seed needs the faces."""
    game, values = yahtzee
    whole = play(RULES, game, values, (find_player("greedy"),), 11)
    record = Record("yahtzee", {"joker": "forced"}, (), 11)
    for move in whole.moves:
        asked = {k: v for k, v in move.items() if k != "faces"}
        record, at = extend(RULES, game, values, record, asked)
    assert record.moves == whole.moves and at.over
    with pytest.raises(InvalidRecordError, match="needs the faces"):
        extend(RULES, game, values, Record("yahtzee", {"joker": "forced"}, ()), {"action": "roll"})
    with pytest.raises(InvalidRecordError, match="the game is over"):
        extend(RULES, game, values, record, {"action": "roll"})


def test_the_seeded_dice_are_fair():
    """The faces of 3,000 seeded rolls of five dice: each face within 5 sigma of one sixth."""
    game = find_game("yahtzee")
    rng = random.Random(5)  # as a record of seed 5 draws them (pycore.scorecard.match)
    counts = Counter(f for _ in range(3000) for f in roll(game.roll_faces(5), rng))
    n = 15_000
    sigma = (n * (1 / 6) * (5 / 6)) ** 0.5
    assert sorted(counts) == [1, 2, 3, 4, 5, 6] and all(abs(c - n / 6) < 5 * sigma for c in counts.values())


def test_broken_records_are_named(yahtzee):
    game, values = yahtzee
    first = {"action": "roll", "faces": [1, 2, 3, 4, 6]}
    good = {"game": "yahtzee", "params": {"joker": "forced"}, "seed": None, "moves": [first]}
    cases = [
        ({**good, "moves": [first, {"action": "box", "box": "yz"}]}, "has no box 'yz'"),
        ({**good, "moves": [first, {"action": "box", "box": "ls"}, first, {"action": "box", "box": "ls"}]},
         "Large straight cannot be filled now"),
        ({**good, "moves": [first, {"action": "roll", "keep": [5], "faces": [1, 1, 1, 1]}]}, "kept 5 are not among"),
        ({**good, "moves": [first, {"action": "roll", "keep": [1], "faces": [1, 1, 7, 1]}]}, "from 1 to 6"),
        ({**good, "moves": [first, {"action": "roll", "keep": [1], "faces": [1, 1]}]}, "shows 4 faces"),
        ({**good, "moves": [first] + [{"action": "roll", "keep": [], "faces": [1, 1, 1, 1, 1]}] * 3},
         "no rerolls are left"),
        ({**good, "moves": [{"action": "roll", "keep": [1], "faces": [1, 1, 1, 1]}]}, "nothing to keep yet"),
        ({**good, "moves": [{"action": "box", "box": "ch"}]}, "has not been rolled yet"),
        ({**good, "moves": [{"action": "hold"}]}, "not a roll or a box"),
        ({**good, "moves": [{"action": "roll"}]}, "no list of dice as its faces"),
        ({**good, "seed": True}, "seed is a whole number"),
        ({**good, "moves": "none"}, "moves are a list"),
        ({**good, "player": 3}, "player is a label"),
        ({**good, "game": "pig"}, "a game of pig, not yahtzee"),
        ({**good, "params": {"joker": "wild"}}, "not a rule set of yahtzee"),
        ("[1, 2]", "a JSON object"),
        ("{not json", "is JSON; this is not"),
    ]
    for record, message in cases:
        answer = json.loads(api.handle(json.dumps({"action": "move", "args": {"game": "yahtzee", "record": record}})))
        assert answer["error"]["type"] == "InvalidRecordError" and message in answer["error"]["message"], (record, answer)
    # a person's roll whose faces are left to the seed: the keep is checked before any die is drawn
    seeded = {**good, "seed": 1, "moves": []}
    for record, keep, message in [(seeded, [1] * 1000, "nothing to keep yet"),
                                  ({**seeded, "moves": [first]}, [1] * 1000, "the dice kept (1000 dice) are not among")]:
        answer = json.loads(api.handle(json.dumps({"action": "move", "args": {
            "game": "yahtzee", "record": record, "move": {"action": "roll", "keep": keep}}})))
        assert answer["error"]["type"] == "InvalidRecordError" and message in answer["error"]["message"], answer
    with pytest.raises(InvalidRecordError, match="stops after 1 moves, before the game ends"):
        review(game, values, Record.from_json(good, RULES))
    with pytest.raises(InvalidRecordError, match="damaged"):
        Record.from_link("abcdef", RULES)


def test_the_api_plays_moves_and_reviews(yahtzee):
    played = api.call("play", {"game": "yahtzee", "joker": "forced", "seed": 3, "policy": "greedy"})
    assert played["record"]["player"] == "Greedy" and played["score"] == played["curve"][-1]
    decision = played["decisions"][0]
    assert set(decision) >= {"player", "state", "action", "best", "cost", "link"}
    assert set(decision["state"]) == {"scorecard", "dice", "rolls_left"} and decision["link"].startswith("#game=yahtzee")
    reviewed = api.call("review", {"game": "yahtzee", "record": played["record"]})
    assert reviewed["decisions"] == played["decisions"] and reviewed["total_cost"] == played["total_cost"]
    assert played["mistakes"] == sum(d["cost"] > 1e-9 for d in played["decisions"])
    # a game in progress: a person's roll keeping two dice, then a box
    record = {"game": "yahtzee", "params": {"joker": "forced"}, "seed": 42, "moves": []}
    step = api.call("move", {"game": "yahtzee", "record": record, "move": {"action": "roll"}})
    shown = step["position"]["dice_shown"]
    assert step["position"]["rolls_left"] == 2 and len(shown) == 5 and step["position"]["turn"] == 1
    step = api.call("move", {"game": "yahtzee", "record": step["record"], "move": {"action": "roll", "keep": shown[:2]}})
    assert step["position"]["dice_shown"][:2] == shown[:2] and len(step["position"]["faces"]) == 3
    step = api.call("move", {"game": "yahtzee", "record": step["record"], "move": {"action": "box", "box": "ch"}})
    position = step["position"]
    assert position["turn"] == 2 and position["dice"] is None
    assert position["score"] == sum(step["record"]["moves"][1]["faces"]) + sum(shown[:2])
    assert position["scorecard"] == f"ch:{position['score']}"
    # where a record stands, and the computer's move
    assert api.call("move", {"game": "yahtzee", "record": step["record"]})["position"] == position
    assert api.call("move", {"game": "yahtzee", "record": step["record"], "player": "optimal"})["position"]["rolls_left"] == 2
    for args, message in [({"seed": 1, "against": "optimal"}, "played alone"), ({"seed": -1}, "seed"),
                          ({"seed": 1, "policy": "k < 3"}, "'optimal' or 'greedy'")]:
        with pytest.raises((InvalidRequestError, InvalidPolicyError), match=message):
            api.call("play", {"game": "yahtzee", **args})


def test_records_in_links(yahtzee):
    game, values = yahtzee
    record = play(RULES, game, values, (find_player("greedy"),), 2)
    share = api.call("review", {"game": "yahtzee", "record": record.to_json()})["share"]
    assert share.startswith("#game=yahtzee&joker=forced&view=play&record=") and len(share) < 1000
    opened = api.call("resolve", {"fragment": share})
    assert opened["view"] == {"view": "play", "record": record.to_json()} and not opened["problems"]
    # another rule set's game, or a damaged one, is named; the advisor opens as usual
    for fragment, message in [(share.replace("joker=forced", "joker=free"), "not of this link's game"),
                              (share[:-9], "damaged")]:
        opened = api.call("resolve", {"fragment": fragment})
        assert opened["view"] == {"view": "play"} and message in opened["problems"][0]
        assert opened["fragment"].endswith("&view=play")  # (the game in progress, in Play)
    assert api.call("resolve", {"fragment": "game=yahtzee&view=solid"})["problems"] == [
        "view must be play, quiz, distribution or nothing, got 'solid' (ignored)"]
    # the score distribution's tab is in its link too: the rule set's (no card: it is the rules')
    opened = api.call("resolve", {"fragment": "game=yahtzee&joker=free&card=1s:3&view=distribution"})
    assert opened["view"] == {"view": "distribution"} and not opened["problems"]
    assert opened["fragment"] == "#game=yahtzee&joker=free&view=distribution"



def test_play_and_review_from_the_command_line(tmp_path):
    done = cli("play", "yahtzee", "--seed", "3", "--policy", "greedy", "--json")
    assert done.returncode == 0, done.stderr
    played = json.loads(done.stdout)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(played["record"]))
    done = cli("review", "yahtzee", "--record", str(path), "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["decisions"] == played["decisions"]
    text = cli("review", "yahtzee", "--record", str(path)).stdout
    assert f"Greedy: {played['score']} points in {len(played['record']['moves'])} moves; {played['mistakes']} of " in text
    worst = max(played["decisions"], key=lambda d: d["cost"])
    assert f"{worst['played_label']} (best {worst['best_label']}), cost {worst['cost']:.2f}" in text
    done = cli("play", "yahtzee", "--seed", "3", "--against", "optimal")
    assert done.returncode == 2 and "yahtzee is played alone: it has no against" in done.stderr
    done = cli("review", "pig", "--record", str(path))
    assert done.returncode == 2 and "the record is a game of yahtzee, not pig" in done.stderr
