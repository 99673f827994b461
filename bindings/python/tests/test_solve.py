"""Solving: 2x2 optimal lengths, 3x3 solutions applied back, batches, options, errors, human methods."""
import os

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
    closed = Cube(2)
    closed.close()
    with pytest.raises(CubeError, match="Cube is closed"):
        solver.solve_batch([closed])
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


# A 2x2 state 11 face turns from solved (HTM), with 66 optimal solutions.
ELEVEN = "DURFURFLDRBUULDDRFLLBBFB"


def test_known_eleven_move_state(solver):
    cube = Cube.from_facelets(ELEVEN)
    assert solver.solve(cube).length(Metric.HTM) == 11
    assert solver.distance(cube, Cube(2)) == 11
    assert solver.count_optimal(cube) == 66


def test_max_length_too_short_is_unsolvable(solver):
    with pytest.raises(CubeError) as caught:
        solver.solve(Cube.from_facelets(ELEVEN), max_length=10)
    assert caught.value.status == Status.UNSOLVABLE
    assert caught.value.message


def test_quarter_turns_are_for_the_two_by_two(solver):
    with pytest.raises(CubeError) as caught:
        solver.solve(Cube.random(3, seed=1), metric=Metric.QTM)
    assert caught.value.status == Status.UNSUPPORTED


def test_unsupported_call(solver):
    with pytest.raises(CubeError) as caught:
        solver.count_optimal(Cube.random(3, seed=5))
    assert caught.value.status == Status.UNSUPPORTED
    assert "2x2 only" in caught.value.message


def test_scramble_then_solve(solver):
    cube = Cube(3).apply(libcube.Moves.scramble(3, seed=99, length=30))
    assert solves(solver.solve(cube), cube)


def test_min_effort_finds_a_short_solution(solver):
    cube = Cube.random(3, seed=12)
    solution = solver.solve(cube, min_effort=True, timeout_ms=500)
    assert len(solution) <= 20
    assert solves(solution, cube)


def test_solve_batch_with_defaults(solver):
    cube = Cube.random(3, seed=31)
    results = solver.solve_batch([cube])
    assert len(results) == 1 and results[0].is_ok
    assert solves(results[0].moves(), cube)


def test_prepare_loads_the_tables(table_dir):
    with libcube.Solver(table_dir, None) as fresh:
        fresh.prepare(3)
        fresh.prepare(2)
        fresh.prepare(3, libcube.CancelToken())
        assert len(fresh.solve(scrambled(2, "R U"))) == 2


def test_every_table_policy_gives_a_solution():
    for policy in libcube.TablePolicy:
        with libcube.Solver(None, policy, None) as solver:
            cube = Cube.random(3, seed=8)
            assert solves(solver.solve(cube), cube), policy


def test_default_solver_uses_cube_table_dir(table_dir, monkeypatch):
    monkeypatch.setenv("CUBE_TABLE_DIR", table_dir)
    with libcube.Solver() as solver:
        cube = Cube.random(3, seed=7)
        assert solves(solver.solve(cube), cube)


def test_build_cancelled_by_the_callback(tmp_path):
    calls = []
    with pytest.raises(CubeError) as caught:
        libcube.Tables.generate(str(tmp_path), lambda progress: calls.append(progress) or len(calls) < 3)
    assert caught.value.status == Status.CANCELLED
    assert len(calls) == 3
    assert not os.path.exists(libcube.Tables.path(str(tmp_path))), "no table file is left"


def test_build_cancelled_by_a_token(tmp_path):
    token = libcube.CancelToken()
    token.cancel()
    with pytest.raises(CubeError) as caught:
        libcube.Tables.generate(str(tmp_path), None, token)
    assert caught.value.status == Status.CANCELLED


def test_build_callback_exception_is_rethrown_unchanged(tmp_path):
    thrown = MemoryError("no room for tables")

    def progress(report):
        raise thrown

    with pytest.raises(MemoryError) as caught:
        libcube.Tables.generate(str(tmp_path), progress)
    assert caught.value is thrown
