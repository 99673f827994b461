"""Objects dropped without close() are freed by the garbage collector: resident memory stays bounded."""
import gc
import sys

import libcube

OBJECTS = 100_000
BOUND_MB = 50


def resident_mb() -> int:
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) // 1024
    raise OSError("no VmRSS in /proc/self/status")


def test_dropped_objects_are_freed():
    gc.collect()
    before = resident_mb()
    kept = []
    for index in range(OBJECTS):
        # Half of them hold some 2 KB of native memory: about 100 MB if nothing were freed.
        if index % 2 == 0:
            made = libcube.Moves.scramble(3, seed=index, length=300)
        else:
            made = libcube.Cube.random(3, seed=index)
        # A reference cycle too, which only the cycle collector frees.
        holder = [made]
        holder.append(holder)
        if index % 10_000 == 0:
            kept.append(len(made) if isinstance(made, libcube.Moves) else made.size)
    gc.collect()
    grown = resident_mb() - before
    assert grown < BOUND_MB, f"resident memory grew by {grown} MB"
    assert kept


def test_dropped_objects_of_every_kind_never_raise(table_dir, monkeypatch):
    """Callbacks, options holding them, objects already closed and objects another needs, all left to the
    garbage collector in any order: freeing them raises nothing (an exception while freeing goes to
    sys.unraisablehook)."""
    raised = []
    monkeypatch.setattr(sys, "unraisablehook", raised.append)
    for _ in range(200):
        libcube.Solver(table_dir, lambda progress: True)
        libcube.RunOptions(callback=lambda done, count, time_us: True)
        libcube.Cube(2).close()
        libcube.Robot(libcube.RobotFamily.TWO_GRIPPER).plan(libcube.Moves.parse("R"))
        libcube.DriverRegistry().open("sim:speed=0")
        libcube.CancelToken()
        holder = [libcube.Solver(table_dir, lambda progress: True)]
        holder.append(holder)
    gc.collect()
    assert raised == []
    assert libcube.Cube(3).is_solved
