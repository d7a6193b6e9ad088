import pytest

from pycore import find_game
from pycore.service.jeopardy_requests import solution_for


@pytest.fixture(scope="session")
def solved():
    """solved(name, **params) -> Solution, cached across the whole run."""

    def get(name, **params):
        return solution_for(find_game(name, **params))[0]

    return get


def pytest_terminal_summary(terminalreporter):
    """The fuzz tests' counts: inputs thrown at each entrance, and what each produced."""
    from fuzz_counts import COUNTS

    if COUNTS:
        terminalreporter.section("fuzzed entrances")
        for entrance, outcomes in COUNTS.items():
            shown = ", ".join(f"{n:,} {what}" for what, n in outcomes.most_common())
            terminalreporter.write_line(f"{entrance}: {sum(outcomes.values()):,} inputs ({shown})")
