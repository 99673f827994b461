"""A drop-in for the `kociemba` package of PyPI, computed by libcube's two-phase solver.

    from libcube import kociemba
    kociemba.solve("DRLUUBFBRBLURRLRUBLRDDFDLFUFUFFDBRDUBRRLFFBLLURDBFDFBBU"[:54])  # "D2 R' D' F2 ..."

The same arguments and answer (space-separated U, U', U2, no trailing blank; "" for a solved cube) and
ValueError for an invalid cube (libcube.CubeError is a ValueError, its message says what is wrong).
"""
from . import Cube, CubeError, Status
from ._shared import solver as _solver

__all__ = ["solve"]

# Every 3x3 has a solution of at most 20 moves: a longer max_depth is only a bound.
_GODS_NUMBER = 20


def solve(cubestring: str, patternstring: str = None, max_depth: int = 24) -> str:
    """Moves that solve `cubestring` (54 facelets URFDLB), or turn it into `patternstring`, in at most
    `max_depth` moves. Raises ValueError for an invalid cube or when no such solution is found."""
    if not isinstance(cubestring, str):
        raise TypeError(f"cubestring must be a str, not {type(cubestring).__name__}")
    if isinstance(max_depth, bool) or not isinstance(max_depth, int):
        raise TypeError(f"max_depth must be an int, not {type(max_depth).__name__}")
    _check_letters(cubestring, "cubestring")
    with Cube.from_facelets(cubestring, 3) as cube:
        if patternstring is None:
            goal = Cube(3)
        else:
            if not isinstance(patternstring, str):
                raise TypeError(f"patternstring must be a str, not {type(patternstring).__name__}")
            _check_letters(patternstring, "patternstring")
            goal = Cube.from_facelets(patternstring, 3)
        with goal:
            return _solve(cube, goal, max_depth)


def _check_letters(facelets: str, name: str) -> None:
    """As the kociemba package: 54 facelets named by the faces U R F D L B (libcube also takes other letters)."""
    if len(facelets) != 54:
        raise CubeError(f"{name} has {len(facelets)} facelets, expected 54", int(Status.INVALID_CUBE))
    others = sorted(set(facelets) - set("URFDLB"))
    if others:
        raise CubeError(f"{name} has letters other than U R F D L B: {' '.join(others)}", int(Status.INVALID_CUBE))


def _solve(cube: Cube, goal: Cube, max_depth: int) -> str:
    engine = _solver()
    if cube == goal:
        return ""
    if max_depth < 1:
        raise CubeError(f"no solution of at most {max_depth} moves", int(Status.UNSOLVABLE))
    try:
        moves = engine.solve_to(cube, goal, max_length=min(max_depth, _GODS_NUMBER))
    except CubeError as error:
        if error.status != Status.TIMEOUT or max_depth <= _GODS_NUMBER:
            raise
        moves = engine.solve_to(cube, goal, max_length=max_depth)
    with moves:
        return moves.text()
