#!/usr/bin/env python3
"""The Python program of the bindings benchmark (tests/bench/bench_bindings.sh): the same work as
tests/bench/bench_bindings_c.c, through the libcube package.
Usage: bindings_bench.py MODE COUNT SEED
  solve3      COUNT random 3x3 cubes (SEED + i) made first; after one untimed solve has loaded the tables,
              times solving each once with the default options on one solver, dropping each solution.
  roundtrip2  COUNT random 2x2 cubes (SEED + i) made first; times COUNT solves.
  threads2    COUNT random 3x3 cubes solved on one solver (full tables) by 1, then by 2 Python threads.
  dropins     COUNT random 3x3 cubes through Solver.solve, libcube.kociemba.solve and libcube.twophase.solve.
Prints one line: MODE COUNT TOTAL_US CPU_US (threads2: MODE COUNT CUBES_PER_S_1 CUBES_PER_S_2 RATIO;
dropins: one line per way, NAME COUNT MEAN_MOVES MEAN_US).
Needs CUBE_TABLE_DIR for the 3x3 modes."""
import sys
import threading
import time

import libcube


def timed(work) -> tuple:
    start = time.monotonic_ns()
    cpu_start = time.process_time_ns()
    work()
    return (time.monotonic_ns() - start) // 1000, (time.process_time_ns() - cpu_start) // 1000


def solve_each(solver, cubes) -> None:
    solve = solver.solve
    for cube in cubes:
        solve(cube)


def per_second(solver, cubes, threads: int) -> float:
    shares = [cubes[i::threads] for i in range(threads)]
    workers = [threading.Thread(target=solve_each, args=(solver, share)) for share in shares]
    start = time.monotonic()
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    return len(cubes) / (time.monotonic() - start)


def dropins(cubes) -> int:
    from libcube import kociemba, twophase
    solver = libcube.Solver(None, libcube.TablePolicy.FULL, None)
    solver.prepare(3)
    kociemba.solve(cubes[0].facelets)  # the drop-ins' shared solver loads its tables before timing
    ways = [
        ("Solver.solve", lambda cube: len(solver.solve(cube))),
        ("kociemba.solve", lambda cube: len(kociemba.solve(cube.facelets).split())),
        ("twophase.solve", lambda cube: len(twophase.solve(cube.facelets).split()) - 1),
    ]
    for name, solve in ways:
        lengths = []
        start = time.monotonic_ns()
        for cube in cubes:
            lengths.append(solve(cube))
        elapsed = (time.monotonic_ns() - start) / 1000
        print(f"{name} {len(cubes)} {sum(lengths) / len(lengths):.2f} {elapsed / len(cubes):.1f}")
    return 0


def main() -> int:
    if len(sys.argv) != 4 or sys.argv[1] not in ("solve3", "roundtrip2", "threads2", "dropins"):
        print(__doc__, file=sys.stderr)
        return 2
    mode, count, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    size = 2 if mode == "roundtrip2" else 3
    cubes = [libcube.Cube.random(size, seed=seed + i) for i in range(count)]
    if mode == "dropins":
        return dropins(cubes)
    if mode == "threads2":
        solver = libcube.Solver(None, libcube.TablePolicy.FULL, None)
        solver.prepare(3)
        one = per_second(solver, cubes, 1)
        two = per_second(solver, cubes, 2)
        print(f"{mode} {count} {one:.1f} {two:.1f} {two / one:.3f}")
        return 0
    solver = libcube.Solver()
    if size == 3:
        solver.solve(cubes[0])  # loads the tables before timing
    total, cpu = timed(lambda: solve_each(solver, cubes))
    print(f"{mode} {count} {total} {cpu}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
