"""The shapes an application meets (bindings/README.md): names that do not clash with the builtins, the naming
scheme, the constructors and convenience forms the three languages share, None arguments.
(Java's AppTest and C#'s AppTests are the same set.)"""
import builtins
import inspect

import pytest

import libcube
from libcube import Cube, CubeError, Moves, Robot, RobotFamily, Status

from conftest import scrambled, solves


def public_classes():
    classes = [getattr(libcube, name) for name in libcube.__all__ if inspect.isclass(getattr(libcube, name))]
    assert len(classes) > 40
    return classes


def test_no_public_class_shares_a_name_with_the_builtins():
    # `from libcube import *` must not hide a builtin (as LibCube.Action once hid System.Action in C#).
    assert [name for name in libcube.__all__ if hasattr(builtins, name)] == []


def test_queries_are_properties():
    methods = []
    for cls in public_classes():
        for name, member in vars(cls).items():
            if name.startswith(("get_", "is_", "has_")) and callable(member):
                parameters = list(inspect.signature(member).parameters)
                if parameters in ([], ["self"], ["cls"]):
                    methods.append(f"{cls.__name__}.{name}")
    assert methods == []
    assert isinstance(vars(Cube)["is_solved"], property)
    assert isinstance(vars(Moves)["count"], property)


def test_none_arguments_are_cube_errors_naming_the_argument(solver):
    def assert_none(name, call):
        with pytest.raises(CubeError) as caught:
            call()
        assert caught.value.status == Status.INVALID_ARGUMENT, name
        assert caught.value.message == name + " is None"

    cube = Cube(3)
    robot = Robot(RobotFamily.FOUR_ARM)
    registry = libcube.DriverRegistry()
    assert_none("cube", lambda: solver.solve(None))
    assert_none("facelets", lambda: Cube.from_facelets(None))
    assert_none("notation", lambda: Moves.parse(None))
    assert_none("moves", lambda: cube.apply(None))
    assert_none("moves", lambda: robot.plan(None))
    assert_none("solver", lambda: robot.solve(None, cube))
    assert_none("uri", lambda: registry.open(None))
    assert_none("text", lambda: libcube.Scan.parse(None))


def test_full_policy_prepare_waits_for_the_full_tables(table_dir):
    stages = []
    with libcube.Solver(table_dir, libcube.TablePolicy.FULL, lambda progress: stages.append(progress.stage) or True) \
            as solver:
        solver.prepare(3)
        reported = len(stages)
        assert reported > 0, "prepare(3) reported loading the full tables"
        cube = Cube.random(3, seed=5)
        assert solves(solver.solve(cube), cube)
        assert len(stages) == reported, f"nothing was left to load after prepare(3): {stages}"


def test_distance_and_count_optimal_without_target_or_options(solver):
    cube = scrambled(2, "R U R'")
    options = libcube.SolveOptions()
    assert solver.distance(cube) == 3
    assert solver.distance(cube, options=options) == solver.distance(cube)
    assert solver.count_optimal(cube, options) == solver.count_optimal(cube) >= 1


def test_robot_solve_without_options_and_plan_actions(solver):
    cube = Cube.random(3, seed=6)
    plan = Robot(RobotFamily.FOUR_ARM).solve(solver, cube)
    plan.check()
    actions = plan.actions()
    assert len(actions) == plan.action_count
    assert actions[1].start_us == plan.action(1).start_us
    assert solves(plan.moves(), cube)
