import pytest

from pycore import api, find_game


@pytest.fixture(scope="session")
def solved():
    """solved(name, **params) -> Solution, cached across the whole run."""

    def get(name, **params):
        return api.solution_for(find_game(name, **params))[0]

    return get
