#!/usr/bin/env python3
"""libcube from Python: scramble and solve a 2x2 and a 3x3, resolve a colour scan, plan the 3x3 solution for a
four-arm robot and run the plan on the simulated driver.

The first 3x3 solve loads the solver's tables (about 320 MB) from $CUBE_TABLE_DIR, else ~/.cache/libcube,
building them there first if they are missing (about a minute).
"""
import sys

import libcube
from libcube import Cube, Moves, Robot, RobotFamily, TablePolicy


def progress(report: libcube.Progress) -> bool:
    print(f"  tables: {report.stage} ({100 * report.fraction:.0f}%)")
    return True  # False would cancel the load


def solve_two_by_two(solver: libcube.Solver) -> None:
    scramble = Moves.scramble(2, seed=7, length=12)
    cube = Cube(2).apply(scramble)
    print("2x2 scramble: ", scramble)
    solution = solver.solve(cube)
    print(f"2x2 solution:  {solution} ({len(solution)} moves, optimal)")
    print("all optimal solutions:", len(solver.solve_all(cube)))


def solve_three_by_three(solver: libcube.Solver) -> Moves:
    scramble = Moves.scramble(3, seed=2024)
    with Cube(3) as cube:
        cube.apply(scramble)
        print("3x3 scramble: ", scramble)
        print("3x3 facelets: ", cube)
        solution = solver.solve(cube, max_length=20)
        cube.apply(solution)
        print(f"3x3 solution:  {solution} ({len(solution)} moves), solved: {cube.is_solved}")
    return solution


def resolve_a_scan() -> None:
    palette = {"U": (250, 250, 250), "R": (200, 20, 30), "F": (20, 160, 60), "D": (250, 220, 20),
               "L": (250, 120, 10), "B": (20, 60, 200)}
    cube = Cube.random(3, seed=17)
    scan = libcube.Scan()
    for index, letter in enumerate(cube.facelets):
        scan.set(index, *palette[letter])
    result = scan.resolve()
    print(f"scan resolved: {result.facelets == cube.facelets} (confidence {result.confidence:.4f})")


def run_on_the_simulator(solution: Moves) -> None:
    with libcube.DriverRegistry().open("sim:model=four-arm,speed=0") as driver:
        plan = Robot(RobotFamily.FOUR_ARM).plan(solution)
        print(f"four-arm plan: {len(plan)} actions, {plan.total_us / 1e6:.2f} s")
        driver.configure("scramble", solution.copy().invert().text())
        report = driver.run(plan, callback=lambda done, count, time_us: True)
        print(f"run: {report.status.name}, {report.actions_done}/{report.action_count} actions, "
              f"cube solved: {driver.query('solved') == '1'}")


def solve_a_batch(solver: libcube.Solver) -> None:
    """A batch answers every cube: a solution, or why there is none (here: no solution of at most 5 moves)."""
    near = Cube(3).apply("R U")
    far = Cube.random(3, seed=7)
    for result in solver.solve_batch([near, far], max_length=5, timeout_ms=500, threads=2):
        print("batch entry:  ", result.moves() if result.is_ok else f"{result.status.name}: {result.message}")


def main() -> int:
    print("libcube", libcube.version())
    try:
        # None is the default table folder; FULL: prepare(3) returns once the full 3x3 tables are ready.
        with libcube.Solver(None, TablePolicy.FULL, progress) as solver:
            solver.prepare(3)
            solve_two_by_two(solver)
            solution = solve_three_by_three(solver)
            resolve_a_scan()
            run_on_the_simulator(solution)
            solve_a_batch(solver)
    except libcube.CubeError as error:
        print(f"libcube failed ({error.status.name}): {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
