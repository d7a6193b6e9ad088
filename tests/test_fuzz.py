"""Fuzz tests over every entrance (issue 16): the JSON API, the link resolver, the command
line, the rule language and the table loader. Each throws seeded random, mostly hostile
input (wrong types, huge and odd numbers, deep nesting, other scripts, damaged bytes) and
asserts the one thing every entrance promises: an answer, or the project's own error naming
the problem -- never an internal error, a traceback or a hang (each input has a 60 s alarm).
The counts are printed at the end of the run ("fuzzed entrances") and quoted in docs/hostile-input.md."""

from __future__ import annotations

import contextlib
import hashlib
import json
import random
import resource
import zlib
from pathlib import Path

import numpy as np
import pytest
from fuzz_counts import count
from time_limits import at_most

from pycore.core.errors import TableError
from pycore.core.registry import game_classes
from pycore.core.table_spec import table_order, table_rules
from pycore.jeopardy.policies.rule_language import RuleError, parse_rule
from pycore.service import api, cli, tables
from pycore.store import prebuilt
from pycore.store.codec import MAGIC, decode_table

SEED = 16
PARAM_NAMES = sorted({p.name for cls in game_classes() for p in cls.parameters})
GAME_NAMES = [cls.name for cls in game_classes()] + ["zd", "zilch", "chess", "", "PIG"]
#: values of every type the JSON can carry, most of them wrong where they land
VALUES = [
    None, True, False, 0, 1, 2, 3, 5, 13, -1, 10**17, -(10**17), 1.5, 1e300, float("nan"),
    "", "x", "5_0", "٣", "١٠", "1e9", "<b>", "&game=pig", "%00", "é" * 3, "a" * 3000, "0x10",
    [], [1, 2], [[[[[]]]]], {}, {"a": 1}, {"i": 1, "j": 2, "k": 3},
    "i=10,j=20,k=5", "p=1,i=0,j=0,k=0,o=0", "i=0,j=0,b=0,s=0", "k < 20", "k and 20 or i", "1 // 0",
    "roll", "hold", "optimal", "win", "turn-score", "forced", "free", "none", "facebook", "basic",
    "target=300", "minimum_bank=0", "goal", "k", "advice", "slice", "play", "Hold at 20",
    # (issue 50: digits of other scripts and Python's underscores where a number is read from text,
    # a box of thousands of digits, ranges and rule changes so written)
    "٥٠٠", "5_000", "２５", "²", "target=٥٠٠", "target=5_000", "fh:٢٥", "fh:" + "9" * 5000, "٢٠:٣٠", "2:20",
    "y:50,yb:-1", "i=" + "9" * 5000 + ",j=0,k=0", 400, 1200, 10**6,
]
ARG_KEYS = PARAM_NAMES + [
    "state", "policy", "rule", "against", "against_policy", "against_rule", "komi", "param", "values",
    "var", "direction", "to", "fragment", "record", "move", "seed", "limit", "objective", "dice",
    "scorecard", "rolls_left", "target", "keys", "edit", "axis", "view", "player", "keep", "faces",
    "max_seconds", "evaluate", "seat", "start", "solve",
]


def _resident_bytes() -> int:
    """This process's resident memory now (Linux: /proc/self/statm counts pages)."""
    return int(Path("/proc/self/statm").read_text().split()[1]) * resource.getpagesize()


@contextlib.contextmanager
def within_the_phone_budget(entrance: str):
    """Fail if the inputs thrown at ``entrance`` took this process's memory more than a phone's
    tab gives (LIVE_MEMORY_BYTES) plus the interpreter's margin above what it held when they
    began. The caches are emptied first, as in a fresh worker: what other tests in the same
    pytest worker left there is theirs, not this entrance's (with a peak of 870 MB kept by
    earlier tests, the API's Zombie Dice solve once read as 1,430 MB; alone it peaks at 880)."""
    from pycore.core.cache import clear_caches
    from pycore.jeopardy.solving.budget import LIVE_MEMORY_BYTES

    clear_caches()
    held = _resident_bytes()
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024  # (Linux: KiB)
    yield
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    limit = LIVE_MEMORY_BYTES + 200e6
    # a peak that did not rise is not this entrance's; one that did rose by at most after - held
    assert after <= before or after - held <= limit, (
        f"{entrance}: the peak went from {before / 1e6:.0f} MB to {after / 1e6:.0f} MB, "
        f"{(after - held) / 1e6:.0f} MB above the {held / 1e6:.0f} MB held when it began")


def random_value(rng: random.Random):
    value = rng.choice(VALUES)
    if rng.random() < 0.05:  # deeper than the decoder goes
        value = "[" * 50
        if rng.random() < 0.5:
            for _ in range(3000):
                value = [value]
    return value


def random_request(rng: random.Random) -> str:
    action = rng.choice(api.action_names() + ["nope", "", "__class__"])
    if rng.random() < 0.1:
        action = random_value(rng)
    args: dict = {}
    if rng.random() < 0.9:
        args["game"] = rng.choice(GAME_NAMES) if rng.random() < 0.9 else random_value(rng)
    for key in rng.sample(ARG_KEYS, rng.randrange(0, 5)):
        args[key] = random_value(rng)
    shape = rng.random()
    if shape < 0.03:
        return rng.choice(["", "{", "[]", "null", '{"action": "games"', "\x00", '{"action":"games","args":' + "[" * 5000])
    if 0.06 <= shape < 0.08:
        return '{"action":"advise","args":{"game":"pig","goal":' + "9" * rng.randrange(19, 6000) + "}}"
    try:
        text = json.dumps({"action": action, "args": args})
    except (TypeError, ValueError, RecursionError):  # (a value nested deeper than the encoder goes)
        text = json.dumps({"action": "games", "args": []})
    return text + "x" if shape < 0.06 else text


def test_the_api_answers_or_names_the_problem(the_pages_tables):
    rng = random.Random(SEED)
    with within_the_phone_budget("the API"):
        for _ in range(1500):
            _answer_one(random_request(rng))


def _answer_one(request: str) -> None:
    """One request: an answer or the project's own error, within 60 s; counted."""
    with at_most(60, request):
        answer = json.loads(api.handle(request))
    assert isinstance(answer, dict)
    if "error" in answer:
        assert answer["error"]["type"] != "InternalError", (request[:300], answer)
        assert answer["error"]["message"]
        count("API (api.handle)", answer["error"]["type"])
    else:
        count("API (api.handle)", "answers")


#: each parameter of the three-player games at its extremes: what fits a phone, what is far
#: past it (pig-3 to 400 enumerated 1.9 GB for a link), and what is no game at all
THREE_PLAYER_EXTREMES = {
    "goal": [1, 2, 13, 20, 50, 100, 150, 300, 400, 10**6], "turns": [0, 1, 2, 60, 1200, 10**6, None],
    "bound": [0, 1, 40, 100, 300, 10**6], "n_dice": [1, 2, 5, 30], "die": [2, 6, 20, 1000], "bust": [1, 2, 5],
    "bust_ones": [1, 3, 9], "brains": [0, 2, 13], "shotguns": [1, 2, 3], "footprints": [0, 2, 9], "players": [2, 3, 4],
}


def random_three_player_request(rng: random.Random) -> str:
    """A cheap question (a link, a state's check, an estimate) or a solve with a small time
    budget, about a three-player game whose parameters sit at their extremes."""
    game = rng.choice(["pig-3", "gro-3", "ayzd-3"])
    params = {p.name for p in next(c for c in game_classes() if c.name == game).parameters}
    args: dict = {"game": game}
    for name in rng.sample(sorted(params & set(THREE_PLAYER_EXTREMES)), rng.randrange(1, 4)):
        args[name] = rng.choice(THREE_PLAYER_EXTREMES[name])
    action = rng.choice(["link", "estimate", "advise", "solve", "thresholds", "resolve"])
    if action == "resolve":
        return json.dumps({"action": "resolve", "args": {"fragment": "#" + "&".join(
            f"{k}={'' if v is None else v}" for k, v in args.items()) + "&i=0"}})
    args["state"] = rng.choice(["i=0,j=0,l=0,k=0", "i=0", "p=1,i=0,j=0,l=0,k=0,o=0", "p=1,i=0,j=0,l=0,b=0,s=0",
                                "i=5,j=5,l=5,k=5", "p=3,i=9,j=0,l=9,b=1,s=2"])
    args["max_seconds"] = rng.choice([1, 5, None])
    return json.dumps({"action": action, "args": args})


def test_three_player_parameters_at_their_extremes_are_answered_within_a_phone():
    """Issue 50, classes 2-4: a state's check, a link and an estimate of a three-player game
    cost what a phone gives, and a solve asks the time budget before it runs: each request is
    answered or refused by name within the alarm and the phone's memory."""
    rng = random.Random(SEED)
    with within_the_phone_budget("three-player parameters at their extremes"):
        for _ in range(150):
            request = random_three_player_request(rng)
            with at_most(60, request):
                answer = json.loads(api.handle(request))
            error = answer.get("error", {})
            assert error.get("type") != "InternalError", (request, answer)
            count("three-player parameters at their extremes (api.handle)", error.get("type", "answers"))


def random_fragment(rng: random.Random) -> str:
    keys = ["game", "view", "axis", "objective", "rule", "record", "card", "dice", "rolls", "target",
            "turns", "set", "rules", "i", "j", "k", "p", "o", "b", "s", "n", "fp", "br", "sg", "zz"] + PARAM_NAMES
    pairs = []
    for _ in range(rng.randrange(0, 8)):
        key = rng.choice(keys)
        value = rng.choice(VALUES)
        text = value if isinstance(value, str) else json.dumps(value) if rng.random() < 0.5 else str(value)
        pairs.append(f"{key}={text}" if rng.random() < 0.9 else key)
    fragment = "&".join(pairs)
    if rng.random() < 0.1:
        fragment = "".join(rng.choice("=&#%?+ ;/abcdefgi0123456789é٣") for _ in range(rng.randrange(0, 60)))
    return ("#" if rng.random() < 0.7 else "") + fragment


def test_the_link_resolver_opens_the_nearest_valid_position_of_any_link():
    """Any fragment opens something (never an error), and what it opens is a link that opens
    itself again without a problem: the resolver's answer is a fixed point."""
    rng = random.Random(SEED)
    with within_the_phone_budget("the link resolver"):
        for _ in range(1000):
            _open_one(random_fragment(rng))


def _open_one(fragment: str) -> None:
    """One link: it opens, and what it opens opens itself again; counted."""
    with at_most(60, fragment):
        answer = json.loads(api.handle(json.dumps({"action": "resolve", "args": {"fragment": fragment}})))
    assert "error" not in answer, (fragment, answer)
    again = api.call("resolve", {"fragment": answer["fragment"]})
    assert again["problems"] == [], (fragment, answer["fragment"], again["problems"])
    assert again["fragment"] == answer["fragment"]
    count("link resolver (resolve)", "opened with problems named" if answer["problems"] else "opened as given")


def test_the_command_line_answers_or_names_the_problem(tmp_path, capsys):
    """Random command lines (the offline builders ``tables``, ``target-curve`` and
    ``beat-optimal`` excepted: they write files and run for minutes): exit 0 with output, or
    2 with one line naming the problem -- never 1 (an internal error) or a traceback."""
    rng = random.Random(SEED)
    record = tmp_path / "record.json"
    record.write_text('{"game": "pig", "moves": [')
    commands = ["solve", "advise", "policies", "komi", "design", "evaluate", "play", "review", "link",
                "distribution", "games", "rules", "nope"]
    flags = ["--" + name.replace("_", "-") for name in PARAM_NAMES] + [
        "--against", "--dice", "--faces", "--komi", "--max-points", "--objective", "--policy", "--record",
        "--rolls-left", "--scorecard", "--scores", "--seat", "--seed", "--state", "--target", "--turn-total",
        "--json", "--quiet", "--bogus"]
    for _ in range(300):
        argv = [rng.choice(commands)]
        if rng.random() < 0.9:
            argv.append(rng.choice(GAME_NAMES[:7]) if rng.random() < 0.9 else rng.choice(["", "-x", "chess"]))
        for flag in rng.sample(flags, rng.randrange(0, 4)):
            argv.append(flag)
            if flag not in ("--json", "--quiet") and rng.random() < 0.95:
                value = rng.choice([str(record), "0", "1", "3", "5", "-2", "10", "5_0", "٣", "9" * 40, "x", "",
                                    "i=10,j=20,k=5", "k < 20", "hold at 20", "optimal", "greedy", "win", "22", "6,6,6,1,1"])
                argv.append(value)
        with at_most(60, argv):
            try:
                code = cli.main(argv)
            except SystemExit as exc:  # argparse's own usage errors
                code = exc.code
        out, err = capsys.readouterr()
        assert code in (0, 2), (argv, code, err[-500:])
        assert "Traceback" not in err and "internal error" not in err, (argv, err[-500:])
        if code == 2 and "--json" in argv:  # (the error as JSON on stdout)
            assert json.loads(out.strip().splitlines()[-1])["error"]["message"], argv
        elif code == 2:
            assert err.strip(), argv
        count("command line (python -m pycore)", "answers" if code == 0 else "refused with a message")


RULE_PARTS = ["k", "i", "j", "o", "p", "20", "0", "-", "+", "*", "//", "%", "<", "<=", "==", "!=", "and", "or",
              "not", "(", ")", "if", "else", "min(", "max(", "abs(", ",", "True", "x", "**", "/", ".", "[", "]",
              "lambda", ":", "'", "1e3", "10**6", "9" * 20, "é", "__import__", "k.real", "\\", ";", "\n"]


def test_the_rule_language_checks_or_names_the_problem():
    """Random token soup and random valid-looking rules: a Rule whose roll() gives a boolean
    per state, or a RuleError naming where -- never another exception."""
    rng = random.Random(SEED)
    columns = ("p", "i", "j", "k", "o")
    grid = {c: np.arange(-3, 60).reshape(-1, 1) % (2 if c == "p" else 61) for c in columns}
    for _ in range(3000):
        text = " ".join(rng.choice(RULE_PARTS) for _ in range(rng.randrange(0, 14)))
        if rng.random() < 0.02:
            text = "(" * rng.randrange(20, 2000) + "k" + ")" * rng.randrange(20, 2000)
        try:
            rule = parse_rule(text, columns)
            roll = rule.roll(**grid)
            assert roll.dtype == bool
            count("rule language (parse_rule)", "rules")
        except RuleError as exc:
            assert str(exc).startswith("rule")
            count("rule language (parse_rule)", "refused with a message")


def test_the_table_loader_refuses_every_damaged_table_by_name(tmp_path):
    """Bit flips, truncations, hand-edited headers, compression bombs and random bytes in
    place of a shipped table: the loader refuses each by its manifest's sha256, and the
    decoder alone (the second line of defence) refuses it with a TableError or decodes it
    without fault -- a bomb stops at the size its header gives, never inflating gigabytes."""
    rng = random.Random(SEED)
    shipped = Path(prebuilt.tables_dir())
    name = "farkle-facebook.roht"
    data = (shipped / name).read_bytes()
    entry = next(e for e in prebuilt.read_manifest(shipped)["tables"] if e["file"] == name)
    header_end = data.index(b"\n", len(MAGIC)) + 1
    header = json.loads(data[len(MAGIC):header_end])
    for n in range(400):
        damaged = bytearray(data)
        kind = n % 5
        if kind == 0:
            for _ in range(rng.randrange(1, 4)):
                damaged[rng.randrange(len(damaged))] ^= 1 << rng.randrange(8)
        elif kind == 1:
            damaged = damaged[: rng.randrange(len(damaged))]
        elif kind == 2:  # a header edited by hand
            edited = dict(header)
            edited[rng.choice(list(edited))] = random_value(rng) if rng.random() < 0.8 else rng.choice([-5, 0, 60, 10**9])
            try:
                line = json.dumps(edited).encode()
            except (TypeError, ValueError, RecursionError):
                line = b"[" * 5000
            damaged = bytearray(MAGIC + line + b"\n" + data[header_end:])
        elif kind == 3:  # a bomb: its payload's sha256 right, inflating far beyond the header's size
            bomb = zlib.compress(b"\0" * rng.choice([10**6, 50 * 10**6]), 9)
            edited = {**header, "payload_sha256": hashlib.sha256(bomb).hexdigest()}
            damaged = bytearray(MAGIC + json.dumps(edited).encode() + b"\n" + bomb)
        else:
            damaged = bytearray(rng.randbytes(rng.randrange(0, 200)))
        if bytes(damaged) == data:
            continue
        (tmp_path / name).write_bytes(damaged)
        with pytest.raises(TableError, match="does not match its sha256"):
            prebuilt._checked_bytes(tmp_path, entry, "python -m pycore tables")
        try:
            decode_table(bytes(damaged))
            count("table loader (a damaged table)", "refused by its sha256; the decoder alone reads it")
        except TableError:
            count("table loader (a damaged table)", "refused by its sha256 and by the decoder")


@pytest.mark.parametrize(
    "manifest, why",
    [
        ("[1, 2]", "is not a JSON object"),
        ('{"tables": {"file": "x"}}', "'tables' is not a list"),
        ('{"tables": [{"file": "pig.roht"}]}', "tables entry 1 lacks sha256"),
        ('{"tables": [5]}', "tables entry 1 lacks file, sha256"),
        ('{"results": [{"file": "a", "sha256": "b", "kind": 3, "regenerate": "x"}]}', "results entry 1 lacks kind"),
        ("[" * 100_000, "is not valid JSON"),
        ("\udcff", "is not valid JSON"),
    ],
    ids=["a list", "tables not a list", "no sha256", "an entry a number", "kind not text", "too deep", "not UTF-8"],
)
def test_a_broken_manifest_is_refused_naming_the_field(tmp_path, manifest, why):
    (tmp_path / prebuilt.MANIFEST).write_text(manifest, errors="surrogateescape")
    with pytest.raises(TableError, match=why):
        prebuilt.read_manifest(tmp_path)
    count("table loader (manifest)", "refused (TableError)")


def test_a_table_that_is_a_directory_or_unwritable_is_named(tmp_path):
    (tmp_path / "farkle-facebook.roht").mkdir()
    with pytest.raises(TableError, match="farkle-facebook.roht in .* is not a regular file"):
        prebuilt._checked_bytes(tmp_path, {"file": "farkle-facebook.roht", "sha256": "0"}, "python -m pycore tables")
    afile = tmp_path / "afile"
    afile.write_text("")
    for out in (afile, afile / "below"):
        with pytest.raises(TableError, match="tables cannot be written to"):
            tables.build_tables(out, games=[])
    code = cli.main(["tables", "--game", "farkle", "--out", str(afile / "below")])
    assert code == 2



# ---- issue 37, class 6: the loader trusts nothing in the files --------------------------


def _entry(name: str) -> dict:
    return {"file": name, "sha256": "0" * 64}


@pytest.mark.parametrize("name", ["/etc/passwd", "../manifest.json", "sub/pig.roht", "..", "", 5])
def test_a_manifest_entry_names_a_file_inside_the_folder_only(tmp_path, name):
    with pytest.raises(TableError, match="a table is a file name inside"):
        prebuilt._checked_bytes(tmp_path, _entry(name), "python -m pycore tables")
    count("table loader (file names)", "refused (TableError)")


def test_a_fifo_a_device_or_an_oversized_file_is_refused_before_reading(tmp_path):
    """A FIFO would hang, a link to an endless device fill the memory, a huge file too: each is
    refused from its metadata, before a byte is read (the manifest too)."""
    import os

    os.mkfifo(tmp_path / "fifo.roht")
    (tmp_path / "zero.roht").symlink_to("/dev/zero")
    with open(tmp_path / "huge.roht", "wb") as huge:  # sparse: no disk used
        huge.truncate(prebuilt.MAX_FILE_BYTES + 1)
    for name, why in (("fifo.roht", "not a regular file"), ("zero.roht", "not a regular file"),
                      ("huge.roht", "more than the")):
        with pytest.raises(TableError, match=why):
            prebuilt._checked_bytes(tmp_path, _entry(name), "python -m pycore tables")
    (tmp_path / prebuilt.MANIFEST).symlink_to("/dev/zero")
    with pytest.raises(TableError, match="not a regular file"):
        prebuilt.read_manifest(tmp_path)
    count("table loader (files: a FIFO, a device, a huge file, the manifest a device)", "refused (TableError)")


@pytest.mark.parametrize("field, value", [
    ("states", "many"), ("states", -1), ("anchors", 2.5), ("residual", -1.0), ("p_first_player_wins", 1.9),
    ("policies", [{"name": "x", "win_rate": 2.0, "win_rate_first": 0.5, "win_rate_second": 0.5}]),
    ("policies", "junk"), ("komi", [{"points": "ten", "p_first_player_wins": 0.5}]), ("bytes", True),
    ("seat_policies", "junk"), ("seat_policies", [{"name": "x", "optimal": [0.5, 0.5], "seats": []}]),
    ("seat_policies", [{"name": "x", "optimal": [0.5, 0.5], "seats": [
        {"seat": 0, "chances": [0.9, 0.9], "cost": 0.0}, {"seat": 1, "chances": [0.5, 0.5], "cost": 0.0}]}]),
])
def test_the_facts_an_entry_gives_are_checked_not_echoed(tmp_path, field, value):
    manifest = {"tables": [{"file": "pig.roht", "sha256": "0" * 64, field: value}]}
    (tmp_path / prebuilt.MANIFEST).write_text(json.dumps(manifest))
    with pytest.raises(TableError, match=f"has a wrong {field}"):
        prebuilt.read_manifest(tmp_path)
    count("table loader (manifest facts)", "refused (TableError)")


def test_a_header_number_that_is_not_a_whole_number_is_refused():
    """A header count of 1e999 raised OverflowError; 2.5 and true are not counts either."""
    for value in ("1e999", "2.5", "true", "-1e999"):
        line = '{"values": ' + value + ', "scale_bits": 30, "extra": {}, "payload_sha256": "0"}'
        with pytest.raises(TableError, match="table header is unreadable"):
            decode_table(MAGIC + line.encode() + b"\n")
    count("table loader (header numbers: 1e999, 2.5, true, -1e999)", "refused (TableError)")


def _table_of(tmp_path, monkeypatch, game, values, extra=None):
    """A table for ``game`` holding ``values`` (and ``extra``), listed in a manifest in tmp_path."""
    from pycore.store.codec import encode_table

    data = encode_table(table_rules(game), np.asarray(values, float), extra or {})
    name = prebuilt.table_file(game)
    (tmp_path / name).write_bytes(data)
    (tmp_path / prebuilt.MANIFEST).write_text(json.dumps({"tables": [{"file": name, "sha256": hashlib.sha256(data).hexdigest()}]}))
    monkeypatch.setenv("ROLL_OR_HOLD_TABLES", str(tmp_path))
    prebuilt.LOADED.clear()


def test_stored_values_are_chances_and_distributions_sum_to_one(tmp_path, monkeypatch):
    """A stored win chance of 1.9 gave an advice of -0.86, a distribution of the wrong length
    -1.0: the loader refuses both by name (the shipped tables pass: test_shipped_values)."""
    from pycore import find_game

    pig = find_game("pig")
    count_of = table_order(pig)[0].size
    _table_of(tmp_path, monkeypatch, pig, np.r_[np.full(count_of - 1, 0.5), 1.9])
    with pytest.raises(TableError, match="holds values outside 0.0 to 1.0"):
        prebuilt.load_table(pig)
    yahtzee = find_game("yahtzee", joker="none")
    size = table_order(yahtzee)[0].size
    for distribution in (np.full(10, 0.1), np.r_[np.full(yahtzee.max_score, 0.0), 2.0]):
        _table_of(tmp_path, monkeypatch, yahtzee, np.full(size, 100.0), {"distribution": distribution})
        with pytest.raises(TableError, match="distribution is not a distribution"):
            prebuilt.load_table(yahtzee)
    prebuilt.LOADED.clear()
    count("table loader (stored values: a chance of 1.9, two bad distributions)", "refused (TableError)")


def test_farkle_at_a_table_of_three_to_eight_plays_any_rolls_and_reviews():
    """Issue 50, class 1: Farkle entered at a table of three to eight players, under each rule
    set with and without the zilch penalty: random dice, random set-asides, rolls and holds
    (zilches in a row included, so the penalty falls), then the record's review: every move
    answered, never an internal error."""
    rng = random.Random(SEED)
    for rules in ("facebook", "zilch", "basic", "facebook", "zilch"):
        players = [f"P{n}" for n in range(rng.randrange(3, 9))]
        record = {"game": "farkle", "params": {"rules": rules}, "komi": 0, "seed": None, "players": players, "moves": []}
        answer = api.call("move", {"game": "farkle", "rules": rules, "record": record})
        for _ in range(60):
            at = answer["position"]
            if at["result"] is not None:
                break
            if at["options"]:
                move = {"action": "choose", "option": rng.choice(at["options"])}
            elif "hold" in at["legal"] and rng.random() < 0.3:
                move = {"action": "hold"}
            else:  # (a third of the rolls nothing to set aside: zilches in a row)
                dice = at["roll"]["dice"]
                faces = [rng.choice((2, 3, 4, 6)) for _ in range(dice)] if rng.random() < 0.4 else \
                    [rng.randrange(1, 7) for _ in range(dice)]
                move = {"action": "roll", "faces": faces}
            with at_most(60, (rules, len(players), move)):
                answer = json.loads(api.handle(json.dumps({"action": "move", "args": {
                    "game": "farkle", "rules": rules, "record": answer["record"], "move": move}})))
            assert "error" not in answer or answer["error"]["type"] != "InternalError", (rules, players, move, answer)
            if "error" in answer:  # (a roll its rules cannot have, e.g. three pairs where they do not score)
                count("Farkle at a table of 3-8 (move)", answer["error"]["type"])
                break
            count("Farkle at a table of 3-8 (move)", "answers")
        reviewed = json.loads(api.handle(json.dumps({"action": "review", "args": {
            "game": "farkle", "rules": rules, "record": answer["record"]}})))
        assert reviewed.get("error", {}).get("type") != "InternalError", (rules, reviewed)
        count("Farkle at a table of 3-8 (review)", reviewed.get("error", {}).get("type", "answers"))
