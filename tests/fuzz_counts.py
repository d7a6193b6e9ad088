"""What the fuzz tests threw at each entrance and what came back, printed at the end of the
run (``conftest.pytest_terminal_summary``) and quoted in docs/hostile-input.md: {entrance: Counter}."""

from collections import Counter

COUNTS: dict[str, Counter] = {}


def count(entrance: str, outcome: str) -> None:
    COUNTS.setdefault(entrance, Counter())[outcome] += 1
