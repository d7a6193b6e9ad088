import pytest

from pycore import find_game
from pycore.service.jeopardy_actions import solution_for


@pytest.fixture(scope="session")
def solved():
    """solved(name, **params) -> Solution, cached across the whole run."""

    def get(name, **params):
        return solution_for(find_game(name, **params))[0]

    return get
