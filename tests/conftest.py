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


def pytest_terminal_summary(terminalreporter):
    """The fuzz tests' counts: inputs thrown at each entrance, and what each produced."""
    from fuzz_counts import COUNTS

    if COUNTS:
        terminalreporter.section("fuzzed entrances")
        for entrance, outcomes in COUNTS.items():
            shown = ", ".join(f"{n:,} {what}" for what, n in outcomes.most_common())
            terminalreporter.write_line(f"{entrance}: {sum(outcomes.values()):,} inputs ({shown})")
