"""The command line's output shapes (other issues rely on them) and errors."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from commands import cli, cli_json, cli_process

from pycore.core.table_spec import table_rules, table_stem


def test_solve_json():
    result = cli_json("solve", "pig", "--goal", "30")
    assert {"p_first_player_wins", "states", "iterations", "seconds"} <= set(result)
    assert 0.5 < result["p_first_player_wins"] < 0.7
    assert result["states"] > 1000 and result["iterations"] >= 1


def test_memory_sets_how_large_a_solve_may_be():
    """Issue 17: the command line refuses what a phone could not solve (Pig to 400 needs about
    2.2 GB), unless --memory gives a desktop's budget; a budget below the solve's estimate
    refuses it, naming the budget and what fits."""
    done = cli("solve", "pig", "--goal", "400")
    assert done.returncode == 2
    assert "Pig with goal 400 needs about 2.2 GB of memory to solve, more than a phone's browser tab can give " \
        "(1.0 GB); goal up to 306 fits" in done.stderr
    done = cli("solve", "pig", "--goal", "60", "--memory", "0.005")  # (the estimate: 8 MB)
    assert done.returncode == 2
    assert "Pig with goal 60 needs about 8 MB of memory to solve, more than the 5 MB allowed (--memory); " \
        "goal up to 50 fits" in done.stderr
    solved = cli_json("solve", "pig", "--goal", "60", "--memory", "0.02")
    assert solved["states"] == 127_740 and solved["p_first_player_wins"] == pytest.approx(0.5398928599, abs=1e-10)
    for bad in ("0", "-1", "lots", "nan"):
        done = cli("solve", "pig", "--goal", "60", "--memory", bad)
        assert done.returncode == 2 and "a size in GB from 0.001 to 1024 such as 4 is needed" in done.stderr


def test_solve_shows_progress_on_stderr():
    done = cli("solve", "gro", "--goal", "20", "--bound", "40")
    assert done.returncode == 0
    assert "solving gro: sweep 1" in done.stderr
    assert "P(first player wins)" in done.stdout


def test_advise_json_matches_the_papers_keys():
    result = cli_json("advise", "gro", "--state", "p=2,i=10,j=20,k=8,o=1")
    assert set(result["values"]) == {"roll", "hold"}
    assert result["best"] in ("roll", "hold")
    assert result["best"] == max(result["values"], key=lambda a: result["values"][a])
    assert result["state"] == {"p": 2, "i": 10, "j": 20, "k": 8, "o": 1}


def test_advise_turn_start_has_no_hold():
    result = cli_json("advise", "pig", "--goal", "30", "--state", "i=10,j=20")
    assert result["values"]["hold"] is None and result["best"] == "roll"


def test_policies_json():
    result = cli_json("policies", "ayzd")
    assert [p["name"] for p in result["policies"]] == ["Fixed Hold-At", "Minh Cases", "Llano Cases", "Neller Cases"]
    assert round(result["policies"][0]["difference"], 4) == -0.0274


def test_komi_json():
    result = cli_json("komi", "gro")
    assert result["fairest"] == 3
    rows = {r["points"]: r["p_first_player_wins"] for r in result["komi"]}
    assert round(rows[3], 4) == 0.4955
    assert rows[-1] < rows[0] < rows[1]


@pytest.mark.parametrize(
    "args, message",
    [
        (["solve", "zombie"], "unknown game 'zombie'; valid games: pig"),
        (["advise", "gro", "--state", "x=1"], "no state variable 'x'; valid keys: p, i, j, k, o"),
        (["advise", "gro", "--state", "i=60"], "Your score (i) must be between 0 and 49, got 60"),
        (["advise", "gro", "--state", "k=1"], "cannot occur"),
        (["advise", "pig", "--state", "i=ten"], "i must be a whole number"),
        (["solve", "gro", "--goal", "500"], "goal must be between 5 and 150"),
        (["komi", "ayzd", "--max-points", "40"], "komi range must be between 0 and 12"),
        (["frobnicate"], "invalid choice: 'frobnicate'"),
    ],
)
def test_bad_input_is_one_line_and_status_2(args, message):
    done = cli(*args)
    assert done.returncode == 2
    lines = [line for line in done.stderr.splitlines() if line and not line.startswith("solving")]
    assert len(lines) == 1, done.stderr
    assert message in lines[0]
    assert "Traceback" not in done.stderr


def test_cli_options_and_help_come_from_the_game_descriptions(capsys):
    from pycore import game_classes
    from pycore.service.cli import build_parser

    help_text = build_parser()._subparsers._group_actions[0].choices["solve"].format_help()
    for cls in game_classes():
        for param in cls.parameters:
            assert f"--{param.name}" in help_text
            assert param.help.split()[0] in help_text


def test_advise_text_is_the_readmes_example():
    """The README's CLI example, line for line: both values, each action's outlook and why."""
    done = cli("advise", "gro", "--state", "p=2,i=30,j=55,k=20,o=1")
    assert done.returncode == 0, done.stderr
    readme = (Path(__file__).parents[1] / "README.md").read_text()
    block = readme.split("$ python -m pycore advise gro --state p=2,i=30,j=55,k=20,o=1\n", 1)[1].split("```", 1)[0]
    assert done.stdout == block


def test_a_rule_for_zombie_dice_is_evaluated_on_the_command_line():
    """The page sends Zombie Dice rules here (a whole game's sweep): against optimal play by
    default, which this game's solution keeps as turn-start values only (it once crashed)."""
    from pycore import api

    result = cli_json("evaluate", "zombie-dice", "--goal", "3", "--bound", "6", "--policy", "b < 2")
    expected = api.call("evaluate", {"game": "zombie-dice", "goal": 3, "bound": 6, "rule": "b < 2"})
    assert result["against"] == "Optimal" and result["difference"] == pytest.approx(expected["difference"], abs=1e-12)
    assert result["difference"] == pytest.approx(2 * result["win_rate"] - 1, abs=1e-12)
    assert -0.5 < result["difference"] < -0.1  # holding at 2 brains gives a goal of 3 away
    done = cli("evaluate", "zombie-dice", "--goal", "3", "--bound", "6", "--policy", "b < 2", "--against", "Colour Cases")
    assert done.returncode == 2 and done.stderr.strip().endswith("only a policy against optimal play can be evaluated")


@pytest.mark.parametrize("args, message", [
    (("solve", "pig", "--joker", "free"), "pig has no --joker (its parameters: --goal, --die, --bust)"),
    (("solve", "pig", "--turns", "40", "--joker", "free"), "pig-turns has no --joker (its parameters: --goal, --turns, --turn-model)"),
    (("solve", "pig", "--goal", "5_0"), "argument --goal: a whole number such as 50 is needed, not '5_0'"),
    (("solve", "pig", "--goal", "\u0665\u0660"), "argument --goal: a whole number such as 50 is needed"),
    (("solve", "pig", "--goal", "9" * 4000), "argument --goal: a whole number such as 50 is needed"),
    (("evaluate", "yahtzee", "--policy", "x"), "evaluate is for two-player games; yahtzee is played alone"),
    (("target-curve", "yahtzee", "--workers", "0"), "argument --workers: 1 to "),
    (("advise", "farkle", "--scores", "\u00b2,3"), "--scores must be two whole numbers"),
])
def test_bad_arguments_are_named_without_a_traceback(args, message):
    done = cli(*args, "--quiet")
    assert done.returncode == 2 and message in done.stderr and "Traceback" not in done.stderr, done.stderr


def test_a_target_too_far_from_the_end_is_said_in_words():
    done = cli("advise", "yahtzee", "--target", "200")
    assert done.returncode == 0, done.stderr
    assert "expected final score 254.5877" in done.stdout
    assert "to reach 200: target play is solved live near the end of a game" in done.stdout


def test_output_into_a_closed_pipe_ends_quietly():
    """``python -m pycore ... | head -1``: the reader gone before the answer is printed."""
    child = subprocess.Popen([sys.executable, "-m", "pycore", "solve", "pig", "--goal", "30", "--json", "--quiet"],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    child.stdout.close()  # before the solve ends: its print meets a broken pipe
    error = child.stderr.read()
    assert child.wait(timeout=300) == 0 and "Traceback" not in error and "BrokenPipe" not in error, error


# ---- issue 37, class 7: the command line's own inputs and streams -------------------------


def test_workers_are_at_most_the_machines_cores():
    done = cli("target-curve", "--workers", str((os.cpu_count() or 1) + 1))
    assert done.returncode == 2 and "this machine's cores" in done.stderr and "Traceback" not in done.stderr


@pytest.mark.parametrize("size", ["1e-10", "0", "-1", "nan", "2000"])
def test_a_memory_budget_out_of_range_is_refused_by_name(size):
    done = cli("solve", "pig", "--memory", size)
    assert done.returncode == 2 and "--memory" in done.stderr and "Traceback" not in done.stderr


def test_errors_are_json_under_json():
    """Under --json an error is one JSON object on stdout: a refused request and a malformed
    argument alike, with the exception's class and message."""
    for args in (("solve", "pig", "--goal", "5000"), ("solve", "pig", "--goal", "abc"), ("advise", "pig", "--state", "i=1,j=2,k=300")):
        done = cli(*args, "--json")
        assert done.returncode == 2
        error = json.loads(done.stdout)["error"]
        assert error["type"].endswith("Error") and error["message"], args


def test_a_record_that_is_not_a_regular_file_is_refused_without_waiting(tmp_path):
    fifo = tmp_path / "record"
    os.mkfifo(fifo)
    done = cli_process("review", "pig", "--record", str(fifo), timeout=60)  # (a child: a wait would hang this one)
    assert done.returncode == 2 and "not a regular file" in done.stderr


def test_closed_streams_are_reported_not_a_traceback_or_silence():
    run = [sys.executable, "-m", "pycore", "games"]
    closed_stdout = subprocess.run(["sh", "-c", " ".join(run) + " >&-"], capture_output=True, text=True, check=False)
    assert closed_stdout.returncode == 2 and "standard output is closed" in closed_stdout.stderr
    # stderr closed: the error goes nowhere (not into the answer on stdout), and the status says so
    closed_stderr = subprocess.run(["sh", "-c", " ".join(run[:3]) + " solve pig --goal 5000 2>&-"],
                                   capture_output=True, text=True, check=False)
    assert closed_stderr.returncode == 2 and closed_stderr.stdout == ""


def test_an_output_folder_that_cannot_be_written_is_refused_before_computing(tmp_path):
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    for args in (("target-curve", "--out", str(blocked / "inside")), ("tables", "--game", "pig", "--out", str(blocked))):
        done = cli_process(*args, "--quiet", timeout=60)  # (a child: computing would not end)
        assert done.returncode == 2 and "cannot write to the directory" in done.stderr, done.stderr


class Computed(Exception):
    """Raised where an offline result's computing would start."""


def _no_computing(monkeypatch):
    from pycore.scorecard import target_curve

    def refuse(*args, **kwargs):
        raise Computed("the command went on to compute")

    monkeypatch.setattr(target_curve, "target_curve", refuse)
    monkeypatch.setattr(target_curve, "beat_optimal", refuse)


def test_where_an_offline_result_cannot_be_written_is_refused_before_computing(tmp_path, monkeypatch, capsys):
    """Issue 50, class 9: the folder may be writable while the result's file or the folder's
    manifest is not (a folder in the file's place, a manifest that is no manifest): refused by
    name before the minutes of computing, not after them."""
    from pycore import find_game
    from pycore.service import cli

    _no_computing(monkeypatch)
    stem = table_stem(find_game("yahtzee"))
    (tmp_path / "taken").mkdir()
    (tmp_path / "taken" / f"{stem}-targets.json").mkdir()
    (tmp_path / "bad-manifest").mkdir()
    (tmp_path / "bad-manifest" / "manifest.json").write_text("not JSON")
    for out, says in ((tmp_path / "taken", f"cannot write the result {str(tmp_path / 'taken' / f'{stem}-targets.json')!r} "
                                           "(--out): it is a directory"),
                      (tmp_path / "bad-manifest", "is not valid JSON")):
        for command in ("target-curve", "beat-optimal"):
            if command == "beat-optimal" and out.name == "taken":
                continue  # (its file is another: -beat-optimal.json)
            assert cli.main([command, "--out", str(out), "--quiet"]) == 2
            error = capsys.readouterr().err
            assert says in error and "internal error" not in error, error


def test_an_offline_result_goes_into_a_new_folder_with_its_own_manifest(tmp_path, monkeypatch, capsys):
    """--out names a folder that is made if missing: the result is listed in a manifest made
    there (it was refused after the computing: "no table manifest")."""
    from pycore import find_game
    from pycore.scorecard import target_curve
    from pycore.service import cli
    from pycore.store.prebuilt import read_manifest

    game = find_game("yahtzee")
    curve = [{"target": t, "p_reach_target_play": 0.5, "p_reach_playing_for_points": 0.25, "gain": 0.25}
             for t in range(301)]
    monkeypatch.setattr(target_curve, "target_curve", lambda *args, **kwargs: {
        "kind": "targets", "rules": table_rules(game), "seconds": 1.0, "max_target": 300,
        "regenerate": "python -m pycore target-curve yahtzee", "curve": curve})
    out = tmp_path / "new"
    assert cli.main(["target-curve", "--out", str(out), "--quiet"]) == 0, capsys.readouterr().err
    assert [entry["file"] for entry in read_manifest(out)["results"]] == [f"{table_stem(game)}-targets.json"]
    assert json.loads((out / f"{table_stem(game)}-targets.json").read_text())["curve"] == curve


def test_design_takes_max_seconds(monkeypatch, capsys):
    """Issue 50, class 9: the designer's table past 60 s is refused, naming --max-seconds, and
    --max-seconds then lets it run (it was dropped from the request: refused whatever it said).
    The estimate is made 100 s so the table that runs is a small one."""
    from pycore.jeopardy.solving.budget import design_estimate
    from pycore.service import cli, jeopardy_views

    monkeypatch.setattr(jeopardy_views, "design_estimate", lambda games: {**design_estimate(games), "seconds": 100.0})
    argv = ["design", "pig", "--goal", "10,20", "--quiet", "--json"]
    assert cli.main(argv) == 2
    error = json.loads(capsys.readouterr().out)["error"]["message"]
    assert "takes about 2 min" in error and "more than the 60 s allowed (max_seconds; --max-seconds" in error
    assert cli.main([*argv, "--max-seconds", "120"]) == 0
    rows = json.loads(capsys.readouterr().out)["rows"]
    assert [row["value"] for row in rows] == [10, 20]
    assert rows[0]["p_first_player_wins"] == pytest.approx(cli_json("solve", "pig", "--goal", "10")["p_first_player_wins"])


@pytest.mark.parametrize("scores", [("--scores", "-2500,0"), ("--scores=-2500,0",)], ids=["apart", "joined"])
def test_negative_scores_are_read_either_way(scores):
    """``--scores -2500,0`` got argparse's "expected one argument" (a value starting with '-'
    was taken for an option): Farkle's scores fall below zero with the zilch penalty."""
    assert cli_json("link", "farkle", *scores)["fragment"] == "#game=farkle&rules=facebook&i=-2500&j=0&z=0&zo=0&k=0&d=6"


def test_scores_are_one_for_each_player():
    """``--scores`` for Pig for three took two numbers and set the third to 0 without a word."""
    done = cli("link", "pig", "--players", "3", "--scores", "10,20")
    assert done.returncode == 2 and done.stderr.strip().endswith(
        "--scores must be 3 whole numbers, the mover's and the next players' in seat order, e.g. 40,55,20, got '10,20'")
    assert cli_json("link", "pig", "--players", "3", "--scores", "10,20,30")["fragment"] == "#game=pig-3&i=10&j=20&l=30&k=0"


def test_players_says_which_numbers_are_games():
    """``gro --players 2`` said "gro has no --players": two players is GRO itself, three its
    variant; another number is refused naming both."""
    assert cli_json("link", "gro", "--players", "2", "--scores", "10,20")["fragment"] == "#game=gro&p=1&i=10&j=20&k=0&o=0"
    done = cli("link", "gro", "--players", "4")
    assert done.returncode == 2 and done.stderr.strip().endswith(
        "gro: players 4 is not a game here: players 2 is Great Rolled Ones, players 3 is Great Rolled Ones for three players")
