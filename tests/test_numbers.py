"""Numbers as people type them, in every entrance (the API, a link, the command line): ASCII
digits with a sign or point where the field allows, at most 18 digits, each other spelling named
(Python's int() would read ٥٠٠, 5_000 and spaces, and raise its own ValueError past 4,300
digits); and a JSON null in a request is the argument left out (its default, or refused by name
where it is needed)."""

import json

import pytest

from pycore import api
from pycore.core.errors import InvalidParameterError, InvalidStateError
from pycore.core.params import decimal_number_of, read_whole_number
from pycore.service.cli import main
from pycore.service.kinds import KINDS

FIVE_THOUSAND_DIGITS = "9" * 5000


def handle(action: str, **args) -> dict:
    return json.loads(api.handle(json.dumps({"action": action, "args": args})))


def run_cli(capsys, *argv: str) -> tuple[int, str]:
    """The command line in this process: its exit status and what it wrote on stderr."""
    try:
        status = main([*argv, "--quiet"])
    except SystemExit as exit:  # (argparse's own refusals)
        status = exit.code
    return status, capsys.readouterr().err


@pytest.mark.parametrize("text", ["\u0665\u0660\u0660", "\uff15\uff10\uff10", "5_000", "5 000", "\u00b2", "5\x00",
                                  "0x10", "", "-", pytest.param(FIVE_THOUSAND_DIGITS, id="5000-digits")])
def test_the_reader_takes_ascii_digits_only(text):
    with pytest.raises(InvalidStateError, match="^box must be a whole number|^box is empty|^box has 5,000 digits"):
        read_whole_number(text, "box", InvalidStateError)


def test_the_reader_names_the_text_safely_and_briefly():
    with pytest.raises(InvalidParameterError) as nul:
        read_whole_number("5\x00", "goal")
    assert str(nul.value) == "goal must be a whole number, not '5\\x00'"
    with pytest.raises(InvalidParameterError) as long:
        read_whole_number(FIVE_THOUSAND_DIGITS, "goal")
    assert str(long.value) == "goal has 5,000 digits; at most 18 are read"
    with pytest.raises(InvalidParameterError) as letters:
        read_whole_number("x" * 5000, "goal")
    assert str(letters.value) == f"goal must be a whole number, not {'x' * 40!r}... (5,000 characters)"
    assert [read_whole_number(t, "n") for t in ("50", " -7 ", "+3", "9" * 18)] == [50, -7, 3, 10**18 - 1]


def test_the_decimal_reader_takes_a_point_and_ascii_digits_only():
    assert [decimal_number_of(t) for t in ("4", "2.5", ".5", "-1.25", " 3 ")] == [4.0, 2.5, 0.5, -1.25, 3.0]
    for text in ("\u0664", "1_0", "nan", "inf", "1e3", "1.2.3", "", ".", "4\x1f", FIVE_THOUSAND_DIGITS, None):
        assert decimal_number_of(text) is None, text


# --- Farkle's rule changes: set target=٥٠٠, target=5_000 ------------------------------------------

@pytest.mark.parametrize("value", ["\u0665\u0660\u0660", "5_000", "5\u00a0000"])
def test_farkle_rule_changes_take_ascii_digits(value, capsys):
    message = f"farkle rules: target (points to win) cannot be {value!r}"
    answer = handle("rules", game="farkle", set=f"target={value}")
    assert answer["error"] == {"type": "InvalidParameterError", "message": message}
    resolved = handle("resolve", fragment=f"game=farkle&set=target%3D{value}")
    assert resolved["params"]["set"] == "" and resolved["problems"] == [f"{message}; using no set (the default)"]
    status, err = run_cli(capsys, "rules", "farkle", "--set", f"target={value}")
    assert status == 2 and err == f"python -m pycore: error: {message}\n"


def test_farkle_rule_changes_take_lists_of_ascii_digits():
    answer = handle("rules", game="farkle", set="three_of_a_kind=1000/200/300/400/500/\u0666\u0660\u0660")
    assert answer["error"]["message"].startswith("farkle rules: three_of_a_kind (") and \
        answer["error"]["message"].endswith("cannot be '1000/200/300/400/500/\u0666\u0660\u0660'")
    assert handle("rules", game="farkle", set="target=5000")["in_force"]["target"] == 5000


# --- a Yahtzee scorecard: fh:٢٥, and a box of 5,000 digits -----------------------------------------

@pytest.mark.parametrize("points, said", [("\u0662\u0665", "'\u0662\u0665'"), ("2_5", "'2_5'"),
                                           ("\uff12\uff15", "'\uff12\uff15'"),
                                           pytest.param(FIVE_THOUSAND_DIGITS, None, id="5000-digits")])
def test_scorecard_points_take_ascii_digits(points, said, capsys):
    wrong = (f"the score in scorecard box fh must be a whole number from 0, not {said}" if said
             else "the score in scorecard box fh has 5,000 digits; at most 18 are read")
    answer = handle("advise", game="yahtzee", scorecard=f"1s:3,fh:{points}")
    assert answer["error"] == {"type": "InvalidStateError", "message": wrong}
    resolved = handle("resolve", fragment=f"game=yahtzee&joker=forced&card=1s:3,fh:{points}")
    assert resolved["position"]["scorecard"] == "1s:3"
    [problem] = resolved["problems"]
    assert problem.endswith(f"left out: {wrong}") and len(problem) < 200
    status, err = run_cli(capsys, "advise", "yahtzee", "--scorecard", f"1s:3,fh:{points}")
    assert status == 2 and err == f"python -m pycore: error: {wrong}\n"


def test_yahtzee_bonuses_take_ascii_digits_and_no_sign():
    assert handle("advise", game="yahtzee", scorecard="y:50,yb:-1")["error"]["message"] == \
        "the Yahtzee bonuses (yb) must be a whole number from 0, not '-1'"
    answer = handle("advise", game="yahtzee", scorecard="y:50,yb:\u0661")
    assert answer["error"]["message"] == "the Yahtzee bonuses (yb) must be a whole number from 0, not '\u0661'"


def test_a_linked_target_or_rolls_of_thousands_of_digits_is_named():
    resolved = handle("resolve", fragment=f"game=yahtzee&joker=forced&target={FIVE_THOUSAND_DIGITS}")
    assert resolved["problems"] == ["target has 5,000 digits; at most 18 are read (ignored)"]
    resolved = handle("resolve", fragment="game=yahtzee&joker=forced&dice=11111&rolls=\u0661")
    assert "rolls_left with dice showing must be 0-2, got '\u0661'" in resolved["problems"][0]


# --- the designer's range: ٢٠:٣٠ ----------------------------------------------------------------

@pytest.mark.parametrize("values", ["\u0662\u0660:\u0663\u0660", "2_0:30", "20:30:\u00b2", "20,\u0663\u0660",
                                    "1:100000000000000000000"])
def test_design_ranges_take_ascii_digits(values, capsys):
    message = ("a range of values is FROM:TO:STEP (e.g. 20:100:10), FROM:TO or a list like 20,50,100, "
               f"each a whole number of at most 18 digits 0-9; got {values!r}")
    assert handle("design", game="pig", param="goal", values=values)["error"] == {
        "type": "InvalidRequestError", "message": message}
    status, err = run_cli(capsys, "design", "pig", "--goal", values)
    assert status == 2 and err == f"python -m pycore: error: {message}\n"


# --- a two-player state: i=٥, i of 5,000 digits; a record's numbers ------------------------------

@pytest.mark.parametrize("value, wrong", [("\u0665", "pig: i must be a whole number, not '\u0665'"),
                                          ("1_0", "pig: i must be a whole number, not '1_0'"),
                                          pytest.param(FIVE_THOUSAND_DIGITS, "pig: i has 5,000 digits; at most 18 are read",
                                                       id="5000-digits")])
def test_state_values_take_ascii_digits(value, wrong, capsys):
    assert handle("advise", game="pig", state=f"i={value},j=0,k=0")["error"] == {"type": "InvalidStateError",
                                                                                 "message": wrong}
    status, err = run_cli(capsys, "advise", "pig", "--state", f"i={value},j=0,k=0")
    assert status == 2 and err == f"python -m pycore: error: {wrong}\n"


def test_a_record_of_thousands_of_digits_is_named(tmp_path, capsys):
    record = json.dumps({"game": "pig", "seed": 0, "players": ["A", "B"], "moves": []}).replace("0", FIVE_THOUSAND_DIGITS)
    wrong = "a game record is JSON; this is not: a number in the record has 5,000 digits; at most 18 are read"
    assert handle("review", game="pig", record=record)["error"] == {"type": "InvalidRecordError", "message": wrong}
    (tmp_path / "record.json").write_text(record)
    status, err = run_cli(capsys, "review", "pig", "--record", str(tmp_path / "record.json"))
    assert status == 2 and err == f"python -m pycore: error: {wrong}\n"


def test_a_count_other_rules_keep_is_quoted_unless_ascii_digits():
    """Farkle's zilch counts carried to rules without them are named as dropped: a count as
    typed, anything else quoted (a superscript two is no count) and cut short."""
    carried = handle("resolve", fragment=f"game=farkle&rules=basic&i=100&z=\u00b2&zo={FIVE_THOUSAND_DIGITS}&k=0&d=6")
    assert carried["problems"] == [
        "these rules do not keep \u201cYour zilches in a row\u201d (z='\u00b2', dropped)",
        f"these rules do not keep \u201cOpponent's zilches in a row\u201d (zo={'9' * 40!r}... (5,000 characters), dropped)"]


# --- the command line's own numbers --------------------------------------------------------------

@pytest.mark.parametrize("option, value, message", [
    ("--memory", "\u0664", "argument --memory: a size in GB from 0.001 to 1024 such as 4 is needed, not '\u0664'"),
    ("--memory", "1_0", "argument --memory: a size in GB from 0.001 to 1024 such as 4 is needed, not '1_0'"),
    ("--max-seconds", "\u0666\u0660", "argument --max-seconds: seconds above 0 and at most 86400 such as 600 are "
     "needed, not '\u0666\u0660'"),
    ("--max-seconds", "6_0", "argument --max-seconds: seconds above 0 and at most 86400 such as 600 are needed, "
     "not '6_0'"),
])
def test_command_line_sizes_and_times_take_ascii_digits(option, value, message, capsys):
    status, err = run_cli(capsys, "solve", "pig", "--goal", "20", option, value)
    assert status == 2 and err.endswith(f"error: {message}\n")


def test_command_line_scores_of_thousands_of_digits_are_named(capsys):
    status, err = run_cli(capsys, "advise", "farkle", "--scores", f"{FIVE_THOUSAND_DIGITS},0")
    assert status == 2 and "--scores must be two whole numbers, the mover's and the opponent's" in err
    assert len(err) < 300


# --- JSON null: the argument left out --------------------------------------------------------------

class _Reads(dict):
    """A request's arguments that remember each one an action asks for."""

    def __init__(self, *args):
        super().__init__(*args)
        self.read: set[str] = set()

    def get(self, key, default=None):
        self.read.add(key)
        return super().get(key, default)

    def __getitem__(self, key):
        self.read.add(key)
        return super().__getitem__(key)

    def __contains__(self, key):
        self.read.add(key)
        return super().__contains__(key)


PIG = {"game": "pig", "goal": 20}
PIG_STATE = {**PIG, "state": "i=3,j=5,k=4"}
YAHTZEE = {"game": "yahtzee"}
#: each action's arguments for an answer that costs little (two-player actions at Pig to 20)
REQUESTS = {
    "games": {}, "rules": PIG, "resolve": {"fragment": "game=pig&goal=20&i=3"},
    "solve": PIG, "advise": PIG_STATE, "policies": PIG, "komi": PIG,
    "design": {**PIG, "param": "goal", "values": "20:21"}, "estimate": {**PIG, "param": "goal", "values": "20:21"},
    "link": PIG_STATE, "step": {**PIG_STATE, "var": "k", "direction": 1}, "neighbours": PIG_STATE,
    "roll": {**PIG_STATE, "faces": [4]}, "thresholds": PIG_STATE, "panels": PIG, "slice": {**PIG, "fixed": {}, "axis": "k", "at": 5},
    "solid": {**PIG, "fixed": {}}, "table_csv": {**PIG, "fixed": {}},
    "evaluate": {**PIG, "rule": "k < 5"}, "mistakes": {**PIG, "rule": "k < 5"},
    "play": {**PIG, "seed": 1, "seat": 2, "komi": 1}, "review": PIG, "move": PIG,
    "quiz": {**PIG, "seed": 1, "count": 2, "mix": "all", "answers": ["roll"]},
    "grade": {**PIG, "questions": [], "answers": [], "policies": []},
}
SCORECARD_REQUESTS = {
    "solve": YAHTZEE, "advise": {**YAHTZEE, "scorecard": "1s:3", "dice": "11234", "rolls_left": 1},
    "distribution": YAHTZEE, "link": {**YAHTZEE, "scorecard": "1s:3", "target": 100},
    "play": {**YAHTZEE, "seed": 1, "policy": "greedy"}, "review": YAHTZEE, "move": YAHTZEE,
    "quiz": {**YAHTZEE, "seed": 1, "count": 2}, "grade": {**YAHTZEE, "questions": [], "answers": []},
}


def _requests() -> list[tuple[str, dict]]:
    """Every action with arguments it answers (a record played for review and move)."""
    pig_record = handle("play", **PIG, seed=1)["record"]
    card_record = handle("play", **YAHTZEE, seed=1, policy="greedy")["record"]
    out = []
    for action in api.action_names():
        if action in REQUESTS:
            out.append((action, REQUESTS[action]))
        if action in KINDS["scorecard"].actions:
            out.append((action, SCORECARD_REQUESTS[action]))
    for n, (action, args) in enumerate(out):
        if action in ("review", "move"):
            out[n] = (action, {**args, "record": pig_record if args is PIG else card_record})
    under_way = {**pig_record, "moves": pig_record["moves"][:2]}
    out.append(("move", {**PIG, "record": under_way, "move": {"action": "roll"}, "player": "Hold at 20"}))
    return out


def _arguments_read(action: str, args: dict) -> set[str]:
    """The arguments the action asks for, answering ``args``."""
    reads = _Reads(args)
    if action in api.COMMON:
        api.COMMON[action](reads, None)
    else:
        game = api.game_from_args(reads)
        KINDS[game.kind].actions[action](game, reads, None)
    return reads.read | set(args)


def _untimed(answer: dict, neighbours: int = 1) -> dict:
    """An answer without its wall-clock times (which differ from call to call); of the answers
    one tap away, which stop at a time budget (fewer on a busy machine), the first
    ``neighbours``."""
    if isinstance(answer, dict):
        return {k: _untimed(v[:neighbours] if k == "neighbours" else v)
                for k, v in answer.items() if "seconds" not in k}
    if isinstance(answer, list):
        return [_untimed(v) for v in answer]
    return answer


def test_a_null_is_the_argument_left_out_in_every_action():
    """Each argument every action reads, given as null, answers as the argument left out: its
    default (``seat: null`` plays the first seat, ``limit: null`` lists ten mistakes) or, where it
    is needed, a refusal naming it; never a TypeError inside, never an internal error."""
    checked = 0
    for action, args in _requests():
        for key in sorted(_arguments_read(action, args)):
            left_out = handle(action, **{k: v for k, v in args.items() if k != key})
            given_null = handle(action, **{**args, key: None})
            assert given_null.get("error", {}).get("type") != "InternalError", (action, key, given_null)
            assert _untimed(given_null) == _untimed(left_out), (action, key)
            if "error" in given_null and key in args:  # needed: named
                assert repr(key) in given_null["error"]["message"] or key in given_null["error"]["message"], \
                    (action, key, given_null)
            checked += 1
    assert checked > 150


def test_a_null_limit_lists_the_default_ten_mistakes():
    answer = handle("mistakes", **PIG, rule="k < 5", limit=None)
    assert len(answer["costliest"]) == 10 and answer["disagreeing_states"] == 2400


def test_a_null_among_the_designers_values_is_refused():
    assert handle("design", **PIG, param="goal", values=[20, None])["error"] == {
        "type": "InvalidRequestError", "message": "values must each be a value of goal, not null"}


def test_a_null_seat_plays_the_first_seat():
    assert handle("play", **PIG, seed=3, seat=None) == handle("play", **PIG, seed=3)
    assert handle("play", **PIG, seed=None)["error"] == {"type": "InvalidRequestError",
                                                         "message": "missing argument 'seed'"}
    assert handle("advise", game=None)["error"] == {"type": "InvalidRequestError", "message": "missing argument 'game'"}
