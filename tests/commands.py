"""The command line as the tests run it: ``python -m pycore ...`` in a child process."""

import json
import subprocess
import sys


def cli(*args: str, timeout: int = 600) -> subprocess.CompletedProcess:
    """Run ``python -m pycore *args``; its exit code, standard output and error, as text."""
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
