"""The many-player solvers on every core (issue 54): the parts of a sweep run in forked workers
(pycore/core/parallel.py), and each solver gives the serial run's values bit for bit."""

from __future__ import annotations

import os

import numpy as np
import pytest

from pycore import find_game
from pycore.core import parallel
from pycore.core.errors import SolverError
from pycore.core.parallel import PartPool, using_workers, worker_count
from pycore.jeopardy.seats import chain
from pycore.jeopardy.seats.chain import turn_limited_chain
from pycore.jeopardy.seats.sweep import seat_values, turn_limited_seat_values
from pycore.jeopardy.solving import factored

pytestmark = pytest.mark.skipif(not parallel.can_fork(), reason="worker processes are forked")


def _write_pid(part, source, target):
    target[part] = source[part] + os.getpid()


def test_the_parts_run_in_other_processes_and_write_what_this_one_would():
    source = np.arange(8.0)
    with PartPool(_write_pid, (8,), (8,), workers=1) as alone:
        here = alone.run(source, range(8)).copy()
    with using_workers(2), PartPool(_write_pid, (8,), (8,)) as pool:
        assert pool.workers == 2
        there = pool.run(source, range(8)).copy()
    assert set(here - source) == {os.getpid()}
    workers = set(there - source)
    # (each worker's share is one task; an idle worker may take both: the pool hands tasks out)
    assert 1 <= len(workers) <= 2 and os.getpid() not in workers


def _fails(part, source, target):
    raise SolverError(f"part {part} failed")


def test_a_workers_error_is_raised_here_and_the_workers_stop():
    with using_workers(2), PartPool(_fails, (2,), (2,)) as pool:
        with pytest.raises(SolverError, match="part [01] failed"):
            pool.run(np.zeros(2), range(2))
    assert pool.pool is None and pool.token not in parallel._TASKS


def test_the_number_of_workers_is_the_callers_setting():
    assert worker_count() == 1  # (the page, the advisor, the tests: one process)
    with using_workers(None) as count:
        assert count == os.cpu_count()
    with pytest.raises(SolverError, match="1 or more; got 0"):
        with using_workers(0):
            pass


@pytest.fixture
def small_parts(monkeypatch):
    """Blocks small enough that a small game has many, as the shipped games do (the general
    sweep's batches: each test's own)."""
    monkeypatch.setattr(chain, "BLOCK_CELLS", 300)
    runs: list = []
    run = PartPool.run

    def counted(self, source, parts):
        runs.append((self.workers, len(parts)))
        return run(self, source, parts)

    monkeypatch.setattr(PartPool, "run", counted)
    return runs


def _serial_and_parallel(solve, runs):
    with using_workers(1):
        serial = solve(1)
    with using_workers(2):
        runs.clear()
        parallel_run = solve(2)
    assert any(workers == 2 and parts >= 2 for workers, parts in runs)  # (the workers did sweep)
    return serial, parallel_run


def test_the_chain_solver_on_two_workers_gives_the_serial_values(small_parts):
    game = find_game("pig", players=3, goal=20, turns=25)
    serial, parallel_run = _serial_and_parallel(lambda workers: turn_limited_chain(game, 25), small_parts)
    for field in ("values", "start", "changes", "ending_values"):
        assert np.array_equal(getattr(serial, field), getattr(parallel_run, field)), field
    assert np.allclose(serial.start.sum(axis=1), 1.0) and serial.start[-1][0] > serial.start[-1][2]


def test_the_general_sweep_on_two_workers_gives_the_serial_values(small_parts, monkeypatch):
    monkeypatch.setattr(factored, "BATCH_CELLS", 200_000)  # (12 batches of 2.3 million cells)
    game = find_game("gro", players=3, goal=5, n_dice=3, bust_ones=2, turns=7)
    serial, parallel_run = _serial_and_parallel(lambda workers: turn_limited_seat_values(game, 7), small_parts)
    for field in ("values", "start", "changes", "ending_values"):
        assert np.array_equal(getattr(serial, field), getattr(parallel_run, field)), field


@pytest.mark.parametrize("batch_cells", [2_000, factored.BATCH_CELLS])
def test_the_stationary_iteration_on_two_workers_gives_the_serial_values(small_parts, monkeypatch, batch_cells):
    """In batches of the serial run's (a stage has tens to hundreds of turn starts: 2,000
    cells make several), and a stage of one batch split between the workers."""
    monkeypatch.setattr(factored, "BATCH_CELLS", batch_cells)
    game = find_game("ayzd", players=3, goal=5)
    stats: dict = {1: {}, 2: {}}
    serial, parallel_run = _serial_and_parallel(lambda workers: seat_values(game, stats=stats[workers]), small_parts)
    assert np.array_equal(serial, parallel_run)
    assert stats[1] == stats[2] and stats[1]["sweeps"] > 0


class _Layers:
    """A scorecard game's shape for :func:`whole_game_table`: four layers of ten anchors, each
    anchor's successor the anchor ten above it (past 39: the end of the game)."""

    start_anchor = 0

    def layers(self):
        return [np.arange(first, first + 10) for first in (30, 20, 10, 0)]


def _one_more_than_the_successor(game, batch, solution):
    solution.reach[solution.rows_of(batch)] = solution.reach[solution.rows_of(batch + 10)] + 1.0


@pytest.mark.parametrize("workers", [1, 2])
def test_the_whole_game_table_reads_what_the_workers_wrote_in_the_layer_after(monkeypatch, workers):
    """The target curve's recursion (pycore/scorecard/target_curve.py) on the part pool: each
    layer reads the rows the workers wrote for the layer after it (the scorecard's own batch
    replaced by one that adds 1 to its successor's chances)."""
    from pycore.scorecard import target_curve

    monkeypatch.setattr(target_curve, "solve_target_batch", _one_more_than_the_successor)
    monkeypatch.setattr(target_curve, "CHUNK", 2)  # (five parts a layer)
    runs: list = []
    run = PartPool.run
    monkeypatch.setattr(PartPool, "run", lambda self, source, parts: runs.append((self.workers, len(parts))) or
                        run(self, source, parts))
    end_values = np.array([0.5, 0.25, 0.0])
    start = target_curve.whole_game_table(_Layers(), end_values, workers=workers)
    assert start.tolist() == [4.5, 4.25, 4.0]
    assert (workers, workers) in runs  # (a part a worker in each run)


@pytest.mark.parametrize("name, size", [("gro", {"goal": 5, "n_dice": 3, "bust_ones": 2, "turns": 6}),
                                         ("pig", {"goal": 20, "turns": 25})])
def test_profiles_on_two_workers_give_the_serial_values(small_parts, monkeypatch, name, size):
    """GRO for three with a turn limit (the general sweep's batches) and Pig for three (the
    chain solver's blocks): a typed rule followed by each player alone, the parts on two
    workers, every table the serial one to the bit."""
    from pycore.jeopardy.policies.strategy import rule_policy
    from pycore.jeopardy.seats.profile import evaluate_profiles

    monkeypatch.setattr(factored, "BATCH_CELLS", 200_000)
    game = find_game(name, players=3, **size)
    policy = rule_policy(game, "k < 4 + (max(j, l) - i) // 2")
    profiles = [{}] + [{seat: policy} for seat in range(3)]
    serial, parallel_run = _serial_and_parallel(lambda workers: evaluate_profiles(game, profiles), small_parts)
    assert np.array_equal(serial.optimal, parallel_run.optimal)
    for ours, theirs in zip(serial.tables, parallel_run.tables, strict=True):
        assert np.array_equal(ours, theirs)
    assert serial.start(serial.tables[1])[0] < serial.start()[0]  # (the rule costs its follower)


@pytest.mark.parametrize("args", [
    ("evaluate", "gro", "--players", "3", "--goal", "5", "--n-dice", "3", "--bust-ones", "2", "--turns", "5",
     "--policy", "stand-in", "--everyone"),
    ("policies", "pig", "--players", "3", "--goal", "30", "--turns", "8"),
])
def test_evaluate_and_policies_on_two_workers_print_what_one_prints(args):
    """``evaluate --workers 2`` and ``policies --workers 2`` (the command line's way to the
    sweeps on every core: GRO's general sweep, Pig's chain solver)."""
    from commands import cli_process

    one, two = cli_process(*args), cli_process(*args, "--workers", "2")
    assert one.returncode == 0 and "the third" in one.stdout, one.stderr
    assert two.stdout == one.stdout
