"""Shared fixtures: the build's 3x3 tables (CUBE_TABLE_DIR, set by meson test) and one solver over them."""
import os

import pytest

import libcube

INSTANT_SIM = "sim:model=four-arm,speed=0"


@pytest.fixture(scope="session")
def table_dir() -> str:
    folder = os.environ.get("CUBE_TABLE_DIR")
    assert folder, "CUBE_TABLE_DIR must name the folder of the 3x3 tables"
    return folder


@pytest.fixture(scope="session")
def solver(table_dir) -> libcube.Solver:
    """A solver waiting for the full tables, loaded once for the session."""
    shared = libcube.Solver(table_dir, libcube.TablePolicy.FULL, None)
    shared.prepare(3)
    return shared


def solves(moves: libcube.Moves, cube: libcube.Cube, target: libcube.Cube = None) -> bool:
    """Whether `moves` turns (a copy of) `cube` into `target` (the solved cube)."""
    with cube.copy() as copy:
        copy.apply(moves)
        if target is None:
            return copy.is_solved
        return copy == target


def scrambled(size: int, notation: str) -> libcube.Cube:
    return libcube.Cube(size).apply(notation)
