import json
import os

import pytest

from pycore import find_game
from pycore.jeopardy.analysis import analyse


@pytest.fixture(scope="session")
def solved():
    """solved(name, **params) -> Solution, solved once in each test worker and kept for the
    whole run (the analysis' own cache keeps the last three: the conformance cases alone are
    eighteen, and each was solved about three times a worker)."""
    kept = {}

    def get(name, **params):
        key = (name, tuple(sorted(params.items())))
        if key not in kept:
            kept[key] = analyse(find_game(name, **params), "win").solution(timed=False)[0]
        return kept[key]

    return get


@pytest.fixture
def the_pages_tables(tmp_path, monkeypatch):
    """The tables as the page's worker has them: those whose manifest entry is on the page
    (build.py leaves the others out of dist/, as AYZD for five's 23 MB, whose panels alone
    would take a phone's tab past its memory)."""
    from pycore.core.cache import clear_caches
    from pycore.store.prebuilt import MANIFEST, read_manifest, tables_dir

    manifest = read_manifest()
    shipped = [e for e in manifest["tables"] if e.get("on_the_page", True)]
    for entry in shipped:
        (tmp_path / entry["file"]).symlink_to(tables_dir() / entry["file"])
    for result in manifest.get("results") or []:
        (tmp_path / result["file"]).symlink_to(tables_dir() / result["file"])
    (tmp_path / MANIFEST).write_text(json.dumps({**manifest, "tables": shipped}))
    monkeypatch.setenv("ROLL_OR_HOLD_TABLES", str(tmp_path))
    assert len(shipped) < len(manifest["tables"])
    clear_caches()  # (another runtime: what this process kept was read from the other tables)
    yield
    clear_caches()


def pytest_xdist_auto_num_workers(config):
    """``-n auto``: one test worker more than the machine has cores (``--maxprocesses`` caps it).
    A browser test's worker mostly waits while Chromium works, and its Chromium does not fill a
    core either: on two cores, two workers kept the machine 94% busy and three (with
    ``--dist worksteal``) 99.7%, a run's ``/proc/stat`` read every second; the same code took
    723 s and 696 s (docs/speed.md, The test suite)."""
    return (os.cpu_count() or 1) + 1


def pytest_terminal_summary(terminalreporter):
    """The fuzz tests' counts: inputs thrown at each entrance, and what each produced."""
    from fuzz_counts import COUNTS

    if COUNTS:
        terminalreporter.section("fuzzed entrances")
        for entrance, outcomes in COUNTS.items():
            shown = ", ".join(f"{n:,} {what}" for what, n in outcomes.most_common())
            terminalreporter.write_line(f"{entrance}: {sum(outcomes.values()):,} inputs ({shown})")
