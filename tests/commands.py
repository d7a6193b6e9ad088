"""The command line as the tests run it: ``cli`` runs ``python -m pycore ...``'s own ``main`` in
this process (what a child process would print and return, without starting Python and
importing pycore again for each command: 0.2 s each, some 130 commands a run); ``cli_process``
starts the child process, for what only one shows (a signal, a closed stream, forked workers)."""

import contextlib
import io
import json
import os
import subprocess
import sys
from pathlib import Path

from pycore.jeopardy.solving import budget
from pycore.service.cli import main

ROOT = Path(__file__).resolve().parents[1]


def cli(*args: str) -> subprocess.CompletedProcess:
    """``python -m pycore *args`` run in this process, from the checkout's top folder as the
    docs' examples are: its exit code, standard output and error, as text. The memory budget
    the command sets (``--memory``) is put back after it."""
    stdout, stderr = io.StringIO(), io.StringIO()
    kept_budget, kept_folder = budget.memory_budget(), Path.cwd()
    try:
        os.chdir(ROOT)
        with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
            try:
                status = main(list(args))
            except SystemExit as exit:  # (argparse's own refusals)
                status = exit.code
    finally:
        os.chdir(kept_folder)
        budget.set_memory_budget(kept_budget)
    return subprocess.CompletedProcess(["python", "-m", "pycore", *args], status, stdout.getvalue(), stderr.getvalue())


def cli_process(*args: str, timeout: int = 600) -> subprocess.CompletedProcess:
    """Run ``python -m pycore *args`` in a child process; its exit code, standard output and
    error, as text."""
    return subprocess.run([sys.executable, "-m", "pycore", *args], capture_output=True, text=True,
                          timeout=timeout, check=False)


def cli_json(*args: str) -> dict:
    """Run ``python -m pycore *args --json``, which must succeed; its JSON answer."""
    done = cli(*args, "--json")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def cli_review(record: dict, tmp_path) -> dict:
    """``python -m pycore review GAME --record FILE --json`` of ``record`` (saved under tmp_path)."""
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    return cli_json("review", record["game"], "--record", str(path))
