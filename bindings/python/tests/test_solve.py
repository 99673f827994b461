"""Solving: 2x2 optimal lengths, 3x3 solutions applied back, batches, options, errors, human methods."""
import pytest

import libcube
from libcube import Cube, CubeError, Metric, SolveOptions, Status

from conftest import scrambled, solves

# 2x2 states and their optimal lengths (HTM): each scramble uses independent faces, so none is shorter.
KNOWN_2X2 = [("", 0), ("R", 1), ("R U", 2), ("R U F", 3), ("R U2 F'", 3), ("R U R' U'", 4)]


@pytest.mark.parametrize("notation,length", KNOWN_2X2)
def test_2x2_optimal_lengths(solver, notation, length):
    cube = scrambled(2, notation)
    solution = solver.solve(cube)
    assert len(solution) == length
    assert solver.distance(cube) == length
    assert solves(solution, cube)


def test_2x2_random_states_are_optimal(solver):
    for seed in range(20):
        cube = Cube.random(2, seed=seed)
        solution = solver.solve(cube)
        assert solves(solution, cube)
        assert len(solution) == solver.distance(cube) <= 11
        scramble = libcube.Moves.scramble(2, seed=seed, length=6)
        assert len(solver.solve(Cube(2).apply(scramble))) <= 6


def test_2x2_all_optimal_solutions(solver):
    cube = scrambled(2, "R U")
    solutions = solver.solve_all(cube)
    assert len(solutions) == solver.count_optimal(cube) >= 1
    assert all(len(moves) == 2 and solves(moves, cube) for moves in solutions)
    assert len(solver.solve_all(cube, limit=1)) == 1


def test_2x2_metric(solver):
    cube = scrambled(2, "R2")
    assert solver.distance(cube, metric=Metric.QTM) == 2
    assert solver.distance(cube, options=SolveOptions(metric=Metric.HTM)) == 1


def test_2x2_distance_to_target(solver):
    start = scrambled(2, "R U")
    target = scrambled(2, "R")
    assert solver.distance(start, target) == 1
    assert solves(solver.solve_to(start, target), start, target)


def test_3x3_random_states_solved(solver):
    for seed in range(12):
        cube = Cube.random(3, seed=seed)
        solution = solver.solve(cube, max_length=20)
        assert len(solution) <= 20
        assert solves(solution, cube)


def test_3x3_solved_cube_needs_nothing(solver):
    assert len(solver.solve(Cube(3))) == 0


def test_3x3_solve_to(solver):
    start = Cube.random(3, seed=21)
    target = Cube.random(3, seed=22)
    assert solves(solver.solve_to(start, target), start, target)


def test_3x3_timeout_error(solver):
    with pytest.raises(CubeError) as caught:
        solver.solve(Cube.random(3, seed=2), max_length=10, timeout_ms=200)
    assert caught.value.status in (Status.TIMEOUT, Status.UNSOLVABLE)
    assert caught.value.message


def test_solve_options():
    options = SolveOptions(max_length=18, timeout_ms=500, min_effort=True, metric=Metric.QTM)
    assert (options.max_length, options.timeout_ms, options.min_effort, options.metric) == (18, 500, True, Metric.QTM)
    assert not options.has_cancel
    token = libcube.CancelToken()
    options.cancel = token
    assert options.has_cancel and options.cancel is token
    options.cancel = None
    assert not options.has_cancel
    assert "max_length=18" in repr(options)
    defaults = SolveOptions()
    assert (defaults.max_length, defaults.timeout_ms, defaults.min_effort) == (0, 0, False)
    with pytest.raises(TypeError):
        SolveOptions(max_length="20")


def test_solve_argument_errors(solver):
    with pytest.raises(CubeError) as caught:
        solver.solve(None)
    assert str(caught.value) == "cube is None"
    with pytest.raises(TypeError):
        solver.solve("UUU")
    with pytest.raises(TypeError):
        solver.solve(Cube(3), colour=1)
    with pytest.raises(TypeError):
        solver.solve(Cube(3), SolveOptions(), max_length=3)
    closed = Cube(3)
    closed.close()
    with pytest.raises(CubeError, match="Cube is closed"):
        solver.solve(closed)
    with pytest.raises(CubeError) as caught:
        solver.solve(Cube(2), max_length=-1)
    assert caught.value.status == Status.INVALID_ARGUMENT


def test_batch_one_result_per_cube(solver):
    cubes = [Cube.random(3, seed=300 + i) for i in range(5)] + [Cube.random(2, seed=1)]
    results = solver.solve_batch(cubes, threads=2)
    assert len(results) == len(cubes)
    for cube, result in zip(cubes, results):
        assert result.is_ok and result.status == Status.OK and result.message == ""
        assert solves(result.moves(), cube)


def test_batch_entry_failure_is_a_result(solver):
    cubes = [Cube.random(3, seed=1), Cube.random(3, seed=2)]
    results = solver.solve_batch(cubes, max_length=3, timeout_ms=100, threads=1)
    assert all(not result.is_ok for result in results)
    assert results[0].message
    with pytest.raises(CubeError) as caught:
        results[1].moves()
    assert str(caught.value).startswith("entry 1: ")
    assert "Result(status=" in repr(results[0])


def test_batch_argument_errors(solver):
    with pytest.raises(CubeError, match="cubes is None"):
        solver.solve_batch(None)
    with pytest.raises(CubeError, match=r"cubes\[1\] is None"):
        solver.solve_batch([Cube(3), None])
    assert solver.solve_batch([]) == []


def test_solver_constructors(table_dir):
    for made in (libcube.Solver(table_dir), libcube.Solver(table_dir, lambda progress: True),
                 libcube.Solver(table_dir, libcube.TablePolicy.COMPACT, None),
                 libcube.Solver(None, libcube.TablePolicy.AUTO)):
        with made as solver:
            assert len(solver.solve(scrambled(2, "R U"))) == 2
    with pytest.raises(TypeError):
        libcube.Solver(table_dir, callback=3)
    with pytest.raises(TypeError):
        libcube.Solver(5)


def test_closed_solver(table_dir):
    solver = libcube.Solver(table_dir)
    solver.close()
    with pytest.raises(CubeError, match="Solver is closed"):
        solver.solve(Cube(2))


def test_tables(table_dir):
    libcube.Tables.verify(table_dir)
    assert libcube.Tables.path(table_dir).startswith(table_dir)
    with pytest.raises(CubeError) as caught:
        libcube.Tables.verify("/nonexistent/libcube-tables")
    assert caught.value.status in (Status.NOT_FOUND, Status.IO)
    with pytest.raises(TypeError):
        libcube.Tables()
    # Already there and sound: generate returns at once.
    libcube.Tables.generate(table_dir)


def test_method_solution(solver):
    cube = Cube.random(3, seed=8)
    solution = libcube.MethodSolution.solve(solver, cube)
    assert solution.stage_count == 7
    assert solves(solution.moves(), cube)
    assert solution.stage_name(0) == "cross"
    total = sum(len(solution.stage_moves(stage)) for stage in range(solution.stage_count))
    assert total >= len(solution.moves())
    assert len(solution.stage_facelets(6)) == 54
    for stage in range(solution.stage_count):
        for index in range(solution.algorithm_count(stage)):
            assert solution.algorithm(stage, index)
    assert libcube.MethodSolution.algorithm_moves("sune") == "R U R' U R U2 R'"
    htm = len(solution.moves())
    assert solution.text().startswith("cross: ") and solution.text().endswith(f"\ntotal: {htm} moves (htm)\n")
    line = solution.line()
    assert line.endswith(f" | total: {htm}\n") and line.index("\n") == len(line) - 1
    assert solution.json().startswith('{"ok":true,"method":"lbl","solution":"%s","length":%d,"metric":"htm",'
                                      '"stages":[{"name":"cross",' % (solution.moves(), htm))
    with pytest.raises(CubeError):
        libcube.MethodSolution.algorithm_moves("no-such-formula")
    two = libcube.MethodSolution.solve(solver, Cube.random(2, seed=3), as_performed=True)
    assert two.stage_count == 3
