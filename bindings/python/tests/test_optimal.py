"""Optimal 3x3 solving: lengths, every solution, max_length, cancel from the progress callback, time out."""
import pickle
import time

import pytest

import libcube
from libcube import Cube, CubeError, Metric, OptimalOptions, OptimalSearchError, Status

from conftest import scrambled, solves

SCRAMBLE = "R U F' D2 L B'"


def test_short_scramble_solved_with_its_length(solver):
    cube = scrambled(3, SCRAMBLE)
    options = OptimalOptions(threads=2)
    assert options.metric == Metric.HTM and options.max_length == 0
    with solver.solve_optimal(cube, options) as result:
        solution = result.solution()
        assert result.length == 6 and len(solution) == 6
        assert result.is_proven_optimal and result.lower_bound == 6 and result.nodes > 0
        assert not (result.has_standard_table and result.has_small_table)  # one table at most
        assert not (result.has_h48_table and (result.has_standard_table or result.has_small_table))
        assert len(result) == 1
        assert solves(solution, cube)


def test_quarter_turns_and_every_solution(solver):
    assert solver.solve_optimal(scrambled(3, "R2 U"), metric=Metric.QTM).length == 3
    cube = scrambled(3, "R2 L2 U2 D2")
    solutions = solver.solve_optimal(cube, all_solutions=True, limit=1).solutions()
    assert len(solutions) == 1 and solves(solutions[0], cube)


def test_max_length_too_small_is_no_solution(solver):
    with pytest.raises(OptimalSearchError) as caught:
        solver.solve_optimal(scrambled(3, SCRAMBLE), max_length=4)
    assert caught.value.status == Status.UNSOLVABLE
    assert "no solution of at most 4 moves" in caught.value.message
    assert caught.value.lower_bound >= 5
    assert isinstance(caught.value, CubeError)
    copied = pickle.loads(pickle.dumps(caught.value))
    assert copied.lower_bound == caught.value.lower_bound and copied.status == Status.UNSOLVABLE


def test_cancel_from_the_progress_callback(solver):
    depths = []

    def progress(report):
        depths.append(report.depth)
        assert report.depth > 0 and report.stage.startswith("searching depth")
        return report.depth < 12  # False cancels

    with pytest.raises(OptimalSearchError) as caught:
        solver.solve_optimal(Cube.random(3, seed=5), timeout_ms=60000, callback=progress)
    assert caught.value.status == Status.CANCELLED
    assert caught.value.lower_bound == 12
    assert depths


def test_an_exception_of_the_callback_comes_out_unchanged(solver):
    def progress(report):
        raise KeyError("from the callback")

    with pytest.raises(KeyError):
        solver.solve_optimal(Cube.random(3, seed=5), timeout_ms=60000, callback=progress)


def test_timeout_gives_the_lower_bound_reached(solver):
    start = time.monotonic()
    with pytest.raises(OptimalSearchError) as caught:
        solver.solve_optimal(Cube.random(3, seed=6), timeout_ms=300)
    assert caught.value.status == Status.TIMEOUT
    assert 1 <= caught.value.lower_bound <= 20
    assert time.monotonic() - start < 20


def test_bad_input(solver):
    with pytest.raises(CubeError) as caught:
        solver.solve_optimal(Cube(2))
    assert caught.value.status == Status.UNSUPPORTED and not isinstance(caught.value, OptimalSearchError)
    with pytest.raises(CubeError) as caught:
        solver.solve_optimal(Cube(3), metric=Metric.STM)
    assert caught.value.status == Status.INVALID_ARGUMENT
    with pytest.raises(TypeError):
        solver.solve_optimal(Cube(3), speed=3)
    with pytest.raises(TypeError):
        solver.solve_optimal(Cube(3), libcube.SolveOptions())
    with pytest.raises(TypeError):
        OptimalOptions(threads="2")
