"""Callbacks (from library threads, cancelling, raising), cancel from another thread, the GIL, many threads."""
import threading
import time

import pytest

import libcube
from libcube import Cube, CubeError, Moves, Robot, Status

from conftest import INSTANT_SIM, solves


def random_cubes(count: int, first: int = 500) -> list:
    return [Cube.random(3, seed=first + i) for i in range(count)]


def test_progress_comes_from_a_library_thread(table_dir):
    threads = set()
    reports = []

    def progress(report):
        threads.add(threading.get_ident())
        reports.append(report)
        return True

    with libcube.Solver(table_dir, progress) as solver:
        results = solver.solve_batch(random_cubes(4), threads=2)
        assert all(result.is_ok for result in results)
    assert reports, "progress was reported"
    assert threads - {threading.get_ident()}, "a library thread reported"
    for report in reports:
        assert report.stage
        assert 0 <= report.fraction <= 1 and 0 <= report.stage_fraction <= 1
        assert report.elapsed_us >= 0
        assert report.event in (libcube.ProgressEvent.STAGE, libcube.ProgressEvent.NOTICE)


def test_progress_returning_false_cancels(table_dir):
    with libcube.Solver(table_dir, lambda report: False) as solver:
        with pytest.raises(CubeError) as caught:
            solver.solve(Cube.random(3, seed=1))
        assert caught.value.status == Status.CANCELLED


class Stop(Exception):
    pass


def test_progress_exception_comes_out_unchanged(table_dir):
    thrown = Stop("from the callback")

    def progress(report):
        raise thrown

    with libcube.Solver(table_dir, progress) as solver:
        with pytest.raises(Stop) as caught:
            solver.solve(Cube.random(3, seed=1))
        assert caught.value is thrown
        # Nothing is left over: the next failure is the next call's own.
        with pytest.raises(Stop):
            solver.prepare(3)


def test_progress_exception_on_a_batch_thread_comes_out_on_the_caller(table_dir):
    thrown = AssertionError("raised on a batch thread")

    def progress(report):
        raise thrown

    with libcube.Solver(table_dir, progress) as solver:
        with pytest.raises(AssertionError) as caught:
            solver.solve_batch(random_cubes(3), threads=2)
        assert caught.value is thrown


def test_run_callback_exception_comes_out_unchanged():
    thrown = NotImplementedError("stop at step 2")

    def step(done, count, time_us):
        if done >= 2:
            raise thrown
        return True

    with libcube.DriverRegistry().open(INSTANT_SIM) as driver:
        plan = Robot.parse(driver.robot_spec).plan(Moves.parse("R U R' U' F2"))
        with pytest.raises(NotImplementedError) as caught:
            driver.run(plan, callback=step)
        assert caught.value is thrown
        assert driver.last_report.actions_done < plan.action_count


def later(seconds: float, action) -> threading.Timer:
    timer = threading.Timer(seconds, action)
    timer.start()
    return timer


def test_solve_cancelled_from_another_thread(solver):
    token = libcube.CancelToken()
    timer = later(0.2, token.cancel)
    start = time.monotonic()
    with pytest.raises(CubeError) as caught:
        solver.solve(Cube.random(3, seed=77), min_effort=True, timeout_ms=60_000, cancel=token)
    timer.join()
    assert caught.value.status == Status.CANCELLED
    assert time.monotonic() - start < 5


def test_token_dropped_by_the_caller_stays_with_the_options(solver):
    options = libcube.SolveOptions()
    token = libcube.CancelToken()
    options.cancel = token
    token.cancel()
    token.close()
    with pytest.raises(CubeError) as caught:
        solver.solve(Cube.random(3, seed=78), options)
    assert caught.value.status == Status.CANCELLED


def test_slow_run_cancelled_from_another_thread():
    with libcube.DriverRegistry().open("sim:model=four-arm,speed=1") as driver:
        plan = Robot.parse(driver.robot_spec).plan(Moves.scramble(3, seed=5, length=25))
        assert plan.total_us > 2_000_000
        timer = later(0.2, driver.cancel)
        start = time.monotonic()
        with pytest.raises(CubeError) as caught:
            driver.run(plan)
        timer.join()
        assert caught.value.status == Status.CANCELLED
        assert time.monotonic() - start < 2
        assert driver.last_report.actions_done < plan.action_count


def test_run_options_token_cancels_the_run():
    with libcube.DriverRegistry().open("sim:model=four-arm,speed=1") as driver:
        plan = Robot.parse(driver.robot_spec).plan(Moves.scramble(3, seed=6, length=25))
        token = libcube.CancelToken()
        timer = later(0.1, token.cancel)
        with pytest.raises(CubeError) as caught:
            driver.run(plan, cancel=token)
        timer.join()
        assert caught.value.status == Status.CANCELLED


def test_long_calls_release_the_gil():
    """While a slow run waits in native code, another Python thread keeps running."""
    counted = []
    with libcube.DriverRegistry().open("sim:model=four-arm,speed=1") as driver:
        plan = Robot.parse(driver.robot_spec).plan(Moves.scramble(3, seed=7, length=25))
        done = threading.Event()

        def count():
            while not done.is_set():
                counted.append(1)
                time.sleep(0.001)

        counter = threading.Thread(target=count)
        counter.start()
        timer = later(0.5, driver.cancel)
        with pytest.raises(CubeError):
            driver.run(plan)
        done.set()
        counter.join()
        timer.join()
    assert len(counted) > 20


def test_eight_python_threads_on_one_solver(solver):
    failures = []

    def work(first: int):
        try:
            for seed in range(first, first + 6):
                cube = Cube.random(3 if seed % 2 else 2, seed=seed)
                if not solves(solver.solve(cube), cube):
                    failures.append(seed)
        except BaseException as error:  # reported below
            failures.append(error)

    workers = [threading.Thread(target=work, args=(100 * i,)) for i in range(8)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    assert failures == []


def test_callback_kept_alive_by_its_holder(table_dir):
    calls = []
    solver = libcube.Solver(table_dir, lambda report: calls.append(report) or True)
    import gc
    gc.collect()
    solver.solve(Cube.random(3, seed=3))
    assert calls
    solver.close()


def test_progress_is_reported_while_the_tables_load(table_dir):
    reports = []
    with libcube.Solver(table_dir, lambda report: reports.append(report) or True) as solver:
        solver.prepare(3)
    assert reports
    # Each report is the callback's own copy: still readable after the call.
    last = reports[-1]
    assert last.stage
    assert 0 <= last.fraction <= 1 and 0 <= last.stage_fraction <= 1
    assert last.elapsed_us >= 0
    assert last.event in (libcube.ProgressEvent.STAGE, libcube.ProgressEvent.NOTICE)
    assert last.stage in repr(last)


def raise_from_the_callback(report):
    raise LookupError("no key in the callback")


def test_raised_exception_keeps_the_callbacks_traceback(table_dir):
    with libcube.Solver(table_dir, raise_from_the_callback) as solver:
        with pytest.raises(LookupError) as caught:
            solver.prepare(3)
    functions = [entry.name for entry in caught.traceback]
    assert "raise_from_the_callback" in functions, functions
    assert "prepare" in functions, functions


def test_none_callback_means_no_progress(table_dir):
    with libcube.Solver(table_dir, None) as solver:
        cube = Cube.random(3, seed=61)
        solution = solver.solve(cube)
        assert len(solution) <= 20 and solves(solution, cube)


def test_each_failure_raises_its_own_exception():
    """Another failure of the same callback later gives the later exception, not a stale one."""
    calls = []

    def step(done, count, time_us):
        calls.append(done)
        raise TimeoutError(f"call {len(calls)}")

    with libcube.DriverRegistry().open(INSTANT_SIM) as driver:
        plan = Robot.parse(driver.robot_spec).plan(Moves.parse("R"))
        options = libcube.RunOptions(callback=step)
        with pytest.raises(TimeoutError, match="call 1"):
            driver.run(plan, options)
        driver.prepare()
        driver.rest()
        with pytest.raises(TimeoutError, match="call 2"):
            driver.run(plan, options)


def test_cancelled_token_stops_a_robot_solve(solver):
    robot = Robot.parse("four-arm")
    cube = Cube.random(3, seed=82)
    token = libcube.CancelToken()
    token.cancel()
    options = libcube.RobotSolveOptions(cancel=token)
    with pytest.raises(CubeError) as caught:
        robot.solve(solver, cube, options)
    assert caught.value.status == Status.CANCELLED
    options.cancel = None
    assert robot.solve(solver, cube, options).action_count > 0
