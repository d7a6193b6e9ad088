import pytest

from pycore import find_game
from pycore.jeopardy.analysis import analyse


@pytest.fixture(scope="session")
def solved():
    """solved(name, **params) -> Solution, cached across the whole run."""

    def get(name, **params):
        return analyse(find_game(name, **params), "win").solution(timed=False)[0]

    return get


def pytest_terminal_summary(terminalreporter):
    """The fuzz tests' counts: inputs thrown at each entrance, and what each produced."""
    from fuzz_counts import COUNTS

    if COUNTS:
        terminalreporter.section("fuzzed entrances")
        for entrance, outcomes in COUNTS.items():
            shown = ", ".join(f"{n:,} {what}" for what, n in outcomes.most_common())
            terminalreporter.write_line(f"{entrance}: {sum(outcomes.values()):,} inputs ({shown})")
