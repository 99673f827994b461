"""Robots, plans, the sim driver, pictures and colour scans."""
import json
import os

import pytest

import libcube
from libcube import (ActionKind, CubeError, DriverState, FaultCode, Moves, Plan, PlanAction, Robot, RobotFamily,
                     Scan, Status)

from conftest import INSTANT_SIM

PALETTE = [(250, 250, 250), (200, 20, 30), (20, 160, 60), (250, 220, 20), (250, 120, 10), (20, 60, 200)]


def colour_of(letter: str):
    return PALETTE["URFDLB".index(letter)]


def scan_of(facelets: str) -> Scan:
    """A clean scan of `facelets`, sample i slightly off its colour so that no two are equal."""
    scan = Scan(libcube.ColorSpace.SRGB)
    for index, letter in enumerate(facelets):
        red, green, blue = colour_of(letter)
        scan.set(index, red, green, max(0, blue - index % 3))
    return scan


def test_robot_queries():
    robot = Robot(RobotFamily.FOUR_ARM)
    assert robot.family == RobotFamily.FOUR_ARM
    assert robot.spec.startswith("four-arm")
    assert robot.actuator_count == len(robot.rest_positions()) > 0
    assert robot.actuator_name(0)
    assert Robot.parse(robot.spec).spec == robot.spec
    assert repr(robot).startswith("Robot.parse(")
    with pytest.raises(CubeError) as caught:
        Robot.parse("no-such-robot")
    assert caught.value.status == Status.PARSE or caught.value.status == Status.INVALID_ARGUMENT
    with pytest.raises(CubeError, match="spec is None"):
        Robot.parse(None)
    with pytest.raises(CubeError):
        Robot.load("/nonexistent/robot.txt")


def test_step_micros():
    robot = Robot.parse("hold-and-flip:cover.close-flip=600")
    assert robot.family == RobotFamily.HOLD_FLIP
    assert robot.step_micros([0, 1], [1, int(ActionKind.FLIP), 1]) == [600000]
    with pytest.raises(CubeError) as caught:
        robot.step_micros([0, 0], [7, int(ActionKind.FLIP), 1])
    assert caught.value.status == Status.INVALID_ARGUMENT


def test_plan_idioms():
    robot = Robot(RobotFamily.FOUR_ARM)
    plan = robot.plan(Moves.parse("R U R' U' F2"))
    plan.check()
    assert len(plan) == plan.action_count > 0
    actions = list(plan)
    assert actions == plan.actions()
    assert all(isinstance(action, PlanAction) for action in actions)
    assert actions[0] == plan.action(0)
    assert isinstance(actions[0].kind, ActionKind)
    assert max(action.end_us for action in actions) == plan.total_us
    assert plan.moves() == Moves.parse("R U R' U' F2")
    assert plan.robot().spec == robot.spec
    assert plan.start_positions() == robot.rest_positions()
    assert plan.remaining(0) == Moves.parse("R U R' U' F2")
    assert str(plan) == plan.text() and plan.text()
    json.loads(plan.json())
    assert plan.scan_frame_count == 0
    assert "actions" in repr(plan)
    with pytest.raises(CubeError):
        plan.action(plan.action_count)


def test_plan_options():
    robot = Robot(RobotFamily.FOUR_ARM)
    options = libcube.PlanOptions(strategy=libcube.PlanStrategy.GREEDY, finish=libcube.PlanFinish.ANYWHERE)
    assert options.strategy == libcube.PlanStrategy.GREEDY
    assert options.finish == libcube.PlanFinish.ANYWHERE
    assert options.start_positions == []
    options.start_positions = robot.rest_positions()
    assert options.start_positions == robot.rest_positions()
    assert len(robot.plan(Moves.parse("R U"), options)) > 0
    assert len(robot.plan(Moves.parse("R U"), strategy=libcube.PlanStrategy.NAIVE)) > 0


def test_robot_solve_options():
    options = libcube.RobotSolveOptions(candidates=4, timeout_ms=2000)
    assert options.candidates == 4 and options.timeout_ms == 2000
    assert isinstance(options.strategy, libcube.PlanStrategy)
    options.extra_length = 1
    assert options.extra_length == 1
    assert "candidates=4" in repr(options)
    with pytest.raises(TypeError):
        libcube.RobotSolveOptions(speed=3)


def test_scan_plan_and_frames():
    robot = Robot.parse("turntable-flipper")
    scan_plan = robot.scan_plan()
    frames = scan_plan.scan_frames()
    assert len(frames) == scan_plan.scan_frame_count == 6
    assert {frame.face for frame in frames} == set(libcube.Face)
    assert all(0 <= frame.rotation < 4 and frame.time_us <= scan_plan.total_us for frame in frames)
    solve = robot.plan(Moves.parse("R U F'"))
    both = scan_plan.then(solve)
    assert both.scan_frame_count == 6
    assert both.total_us == scan_plan.total_us + solve.total_us
    with pytest.raises(CubeError, match="camera frames"):
        Scan.from_frames(solve, Scan())


def test_sim_lifecycle():
    registry = libcube.DriverRegistry()
    assert "sim" in registry.names()
    assert len(registry) == registry.count
    index = registry.names().index("sim")
    assert registry.description(index)
    assert isinstance(registry.problems(), list)
    with libcube.DriverRegistry().open(INSTANT_SIM) as driver:
        assert driver.name == "sim"
        assert driver.robot_spec.startswith("four-arm")
        assert driver.state() == DriverState.IDLE
        driver.prepare()
        assert driver.positions() == Robot(RobotFamily.FOUR_ARM).rest_positions()
        driver.configure("scramble", "R U")
        assert driver.query("solved") == "0"
        driver.rest()
        driver.stop()
        assert driver.state() == DriverState.STOPPED
        driver.prepare()
        assert driver.commands_done() == 0
        assert driver.fault().code == FaultCode.NONE
        with pytest.raises(CubeError) as caught:
            driver.query("colour")
        assert caught.value.status == Status.UNSUPPORTED
        with pytest.raises(CubeError):
            driver.configure("teleport", "yes")
    with pytest.raises(CubeError, match="Driver is closed"):
        driver.state()
    with pytest.raises(CubeError):
        registry.open("nosuchdriver:x=1")
    with pytest.raises(CubeError, match="uri is None"):
        registry.open(None)


def test_solve_and_run_on_the_sim(solver):
    with libcube.DriverRegistry().open(INSTANT_SIM) as driver:
        robot = Robot.parse(driver.robot_spec)
        cube = libcube.Cube.random(3, seed=2024)
        plan = robot.solve(solver, cube, candidates=2)
        steps = []
        report = driver.run(plan, callback=lambda done, count, time_us: steps.append((done, count)) or True)
        assert report.status == Status.OK
        assert report.actions_done == report.action_count == plan.action_count
        assert report.plan_time_us == plan.total_us
        assert steps and steps[-1] == (plan.action_count, plan.action_count)
        assert driver.query("solved") == "1"
        assert driver.last_report.status == Status.OK
        assert driver.commands_done() > 0


def test_run_callback_false_cancels_and_resume():
    with libcube.DriverRegistry().open(INSTANT_SIM) as driver:
        robot = Robot.parse(driver.robot_spec)
        moves = Moves.parse("R U R' U' F2")
        plan = robot.plan(moves)
        driver.configure("scramble", moves.copy().invert().text())
        with pytest.raises(CubeError) as caught:
            driver.run(plan, callback=lambda done, count, time_us: done < 2)
        assert caught.value.status == Status.CANCELLED
        stopped = driver.last_report
        assert stopped.actions_done < plan.action_count
        driver.prepare()
        rest = plan.remaining(stopped.actions_done)
        resumed = robot.plan(rest, libcube.PlanOptions(start_positions=driver.positions()))
        assert driver.run(resumed, resume=True).status == Status.OK
        assert driver.query("solved") == "1"


def test_run_argument_errors():
    with libcube.DriverRegistry().open(INSTANT_SIM) as driver:
        with pytest.raises(CubeError, match="plan is None"):
            driver.run(None)
        with pytest.raises(TypeError):
            driver.run(Moves.parse("R"))
        with pytest.raises(TypeError):
            libcube.RunOptions(callback="not callable")


def test_pictures():
    cube = libcube.Cube.random(3, seed=5)
    svg = libcube.Pictures.svg(cube)
    assert svg.startswith("<") and "sticker" in svg
    assert "sticker" in libcube.Pictures.svg(cube, libcube.PictureView.THREE_D, libcube.ColorScheme.JAPANESE)
    assert libcube.Pictures.text(cube)
    assert "\x1b[" in libcube.Pictures.text(cube, libcube.TextColor.ANSI_256)
    assert "<svg" in libcube.Pictures.steps(cube, Moves.parse("R U"))
    plan = Robot(RobotFamily.FOUR_ARM).plan(Moves.parse("R U"))
    assert "<svg" in libcube.Pictures.timeline(plan)
    with pytest.raises(CubeError, match="cube is None"):
        libcube.Pictures.svg(None)
    with pytest.raises(TypeError):
        libcube.Pictures()


def test_scan_resolves_a_clean_scan():
    cube = libcube.Cube.random(3, seed=17)
    scan = scan_of(cube.facelets)
    assert scan.count == 54 and scan.color_space == libcube.ColorSpace.SRGB
    assert scan.is_set(0) and scan.weight(0) == 1.0
    result = scan.resolve(alternatives=2)
    assert result.facelets == str(result) == cube.facelets
    assert 0 < result.confidence <= 1
    assert not result.is_low and result.search_complete
    assert result.doubtful() == []
    assert 0 <= result.sticker_confidence(0) <= 1
    assert all(len(facelets) == 54 and ratio <= 1 for facelets, ratio in result.alternatives())


def test_scan_text_and_json_are_the_cli_answers():
    cube = libcube.Cube.random(3, seed=17)
    scan = scan_of(cube.facelets)
    result = scan.resolve()
    text = result.text()
    assert text.startswith(f"facelets: {cube.facelets}\nconfidence: ") and text.endswith("\n")
    assert "\ndoubtful: none\nalternative 1: " in text
    answer = result.json()
    assert answer.startswith('{"ok":true,"facelets":"%s","confidence":' % cube.facelets)
    assert ',"low_confidence":false,"search_complete":true,"doubtful":[]' in answer and answer.endswith("]}")


def test_scan_parse_and_errors():
    text = "\n".join(" ".join("#%02x%02x%02x" % colour_of(face) for _ in range(9)) for face in "URFDLB")
    scan = Scan.parse(text)
    assert scan.value(0, 0) == 250
    assert scan.resolve(libcube.ScanOptions(alternatives=0)).facelets == libcube.Cube(3).facelets
    with pytest.raises(CubeError):
        Scan.parse("#zzzzzz")
    empty = Scan()
    with pytest.raises(CubeError):
        empty.set(54, 50, 0, 0)
    assert not empty.is_set(0)
    with pytest.raises(CubeError):
        empty.resolve()
    empty.close()
    with pytest.raises(CubeError, match="Scan is closed"):
        empty.count


def test_old_colour_spelling_still_works():
    with pytest.deprecated_call():
        old = libcube.ColourSpace
    assert old is libcube.ColorSpace and "ColourSpace" not in libcube.__all__
    with Scan(old.LAB) as scan, pytest.deprecated_call():
        assert scan.colour_space == scan.color_space == libcube.ColorSpace.LAB
    with pytest.raises(AttributeError):
        libcube.ColourScheme


def test_described_mechanism():
    robot = Robot.parse("hold-and-flip:described=1")
    assert robot.family == RobotFamily.DESCRIBED
    assert "actuator cover cover clamp:D flip:x hides" in robot.spec
    assert Robot.parse(robot.spec).spec == robot.spec
    with pytest.raises(CubeError) as caught:
        Robot(RobotFamily.DESCRIBED)
    assert caught.value.status == Status.INVALID_ARGUMENT


def test_six_motor_overlap_cuts_corners():
    cutting = Robot.parse("six-motor:overlap=0.3")
    assert ",overlap=0.3" in cutting.spec
    fast = cutting.plan(Moves.parse("U R F"))
    fast.check()
    assert fast.total_us == 48000  # R and F start when the turn before has done 70%
    assert Robot.parse("six-motor").plan(Moves.parse("U R F")).total_us == 60000
    with pytest.raises(CubeError, match="only a six-motor robot cuts corners"):
        Robot.parse("four-arm:overlap=0.2")


def test_load_from_file(tmp_path):
    path = tmp_path / "robot.txt"
    path.write_text(Robot(RobotFamily.TWO_GRIPPER).spec + "\n", encoding="utf-8")
    assert Robot.load(str(path)).family == RobotFamily.TWO_GRIPPER
    with pytest.raises(CubeError) as caught:
        Robot.load(str(tmp_path / "missing"))
    assert caught.value.status == Status.NOT_FOUND


def test_run_with_default_options():
    with libcube.DriverRegistry().open(INSTANT_SIM) as driver:
        plan = Robot.parse(driver.robot_spec).plan(Moves.parse("R U R' U'"))
        assert driver.run(plan).actions_done == plan.action_count


def test_run_options():
    options = libcube.RunOptions()
    assert (options.resume, options.stop_level, options.margin_ms) == (False, libcube.StopLevel.HALT, 0)
    options.resume = True
    options.stop_level = libcube.StopLevel.DEENERGIZE
    options.margin_ms = 250
    assert (options.resume, options.stop_level, options.margin_ms) == (True, libcube.StopLevel.DEENERGIZE, 250)
    options.callback = None
    assert options.callback is None


def test_wrong_robot_is_refused():
    with libcube.DriverRegistry().open(INSTANT_SIM) as driver:
        plan = Robot(RobotFamily.SIX_MOTOR).plan(Moves.parse("R"))
        with pytest.raises(CubeError) as caught:
            driver.run(plan)
        assert caught.value.status == Status.INVALID_ARGUMENT
        assert driver.fault().code == FaultCode.MISMATCH
        assert driver.fault().text


def test_fault_stops_the_run():
    plan = Robot.parse("four-arm").plan(Moves.parse("R U R' U'"))
    with libcube.DriverRegistry().open(INSTANT_SIM + ",fail_after=3") as driver:
        with pytest.raises(CubeError) as caught:
            driver.run(plan)
        report = driver.last_report
        assert driver.fault().code == FaultCode.DEVICE
        assert report.status == caught.value.status
        assert report.actions_done < plan.action_count
        assert len(plan.remaining(report.actions_done)) > 0


def plugin_path() -> str:
    path = os.environ.get("CUBE_TEST_DRIVER_PATH")
    assert path, "CUBE_TEST_DRIVER_PATH must name the build's driver plugin folders"
    return path


def test_plugin_runs_a_plan():
    registry = libcube.DriverRegistry(plugin_path())
    assert "sim-plugin" in registry.names(), registry.problems()
    index = registry.names().index("sim-plugin")
    assert registry.path(index).endswith("cube-driver-sim-plugin.so")
    assert "plugin" in registry.description(index)
    plan = Robot.parse("four-arm").plan(Moves.parse("R U"))
    with registry.open("sim-plugin:model=four-arm,speed=0") as driver:
        assert driver.name == "sim-plugin"
        assert driver.run(plan).actions_done == plan.action_count


def test_plugin_lists_its_devices():
    folder = os.environ.get("CUBE_TEST_PLUGIN_DIR")
    if not folder:
        pytest.skip("no plugin that lists devices was built")
    registry = libcube.DriverRegistry(folder)
    assert registry.count == 2, registry.problems()
    assert registry.name(0) == "sim"
    assert registry.path(1).startswith(folder)
    for device in registry.devices(1):
        assert device.uri.startswith(registry.name(1) + ":")
        assert device.index >= 0
        assert device.product is not None and device.serial is not None and device.detail is not None


def test_refused_files_are_problems(tmp_path):
    (tmp_path / "cube-driver-junk.so").write_text("not a shared object", encoding="ascii")
    registry = libcube.DriverRegistry(str(tmp_path))
    problems = registry.problems()
    assert len(problems) == 1 and "cube-driver-junk.so" in problems[0], problems
    assert "junk" not in registry.names()


def test_every_family():
    for family in RobotFamily:
        if family == RobotFamily.DESCRIBED:
            # Its mechanism comes only as text (test_described_mechanism).
            with pytest.raises(CubeError) as caught:
                Robot(family)
            assert caught.value.status == Status.INVALID_ARGUMENT
            continue
        robot = Robot(family)
        assert robot.family == family
        assert robot.actuator_count == len(robot.rest_positions()) > 0
        assert all(robot.actuator_name(index) for index in range(robot.actuator_count))
        assert Robot.parse(robot.spec).spec == robot.spec


def test_solve_for_the_robot(solver):
    options = libcube.RobotSolveOptions(candidates=4, extra_length=1, timeout_ms=5000,
                                        strategy=libcube.PlanStrategy.GREEDY, shortest_ms=100)
    assert (options.candidates, options.extra_length, options.timeout_ms, options.strategy, options.shortest_ms) == \
        (4, 1, 5000, libcube.PlanStrategy.GREEDY, 100)
    options.cancel = libcube.CancelToken()
    options.cancel = None
    cube = libcube.Cube.random(3, seed=11)
    plan = Robot(RobotFamily.FOUR_ARM).solve(solver, cube, options)
    plan.check()
    assert cube.copy().apply(plan.moves()).is_solved


def test_registry_finds_the_sim(tmp_path):
    registry = libcube.DriverRegistry()
    assert registry.count >= 1
    assert "sim" in registry.names()
    assert all(registry.description(i) is not None and registry.path(i) is not None for i in range(registry.count))
    assert isinstance(registry.problems(), list)
    searched = libcube.DriverRegistry(str(tmp_path))
    assert searched.name(0) == "sim"
    assert searched.problems() == []
    with pytest.raises(CubeError) as caught:
        searched.devices(0)
    assert caught.value.message


def test_index_out_of_range():
    moves = Moves.parse("R U")
    with pytest.raises(CubeError) as caught:
        moves.kind_at(2)
    assert caught.value.status == Status.INVALID_ARGUMENT
    assert "2" in caught.value.message
    with pytest.raises(CubeError):
        moves.amount_at(-1)
    registry = libcube.DriverRegistry()
    with pytest.raises(CubeError) as caught:
        registry.name(registry.count)
    assert caught.value.status == Status.INVALID_ARGUMENT
    assert caught.value.message.startswith(f"driver index {registry.count} is out of range")
    robot = Robot(RobotFamily.FOUR_ARM)
    with pytest.raises(CubeError) as caught:
        robot.actuator_name(robot.actuator_count)
    assert caught.value.status == Status.INVALID_ARGUMENT
