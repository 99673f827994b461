"""A drop-in for RubikTwoPhase's `twophase.solver` (solve, solveto), computed by libcube's two-phase solver.

    import libcube.twophase as sv
    sv.solve("DUUBULDBFRBFRRULLLBRDFFFBLURDBFDFDRFRULBLUFDURRBLBDUDL", 19, 2)  # "R2 U1 ... (19f)"

Answers are in RubikTwoPhase's format: each move as face and clockwise quarter turns (U1, U2, U3), then the
count in parentheses ("(19f)"; "(0f)" for a solved cube). As there, an invalid cube is not an exception: the
answer is RubikTwoPhase's error string ("Error: Total edge flip is wrong.", for solveto prefixed with
"first cube " or "second cube ").
"""
from . import Cube, CubeError, Status
from ._shared import solver as _solver

__all__ = ["solve", "solveto"]

_COLOURS = "URFDLB"


def solve(cubestring: str, max_length: int = 20, timeout: float = 3) -> str:
    """A solution of at most `max_length` moves if one is found within `timeout` seconds, else the shortest
    found (at most 20 moves); or an error string for an invalid cube."""
    error = _check(cubestring)
    if error is not None:
        return error
    return _solve(cubestring, None, max_length, timeout)


def solveto(cubestring: str, goalstring: str, max_length: int = 20, timeout: float = 3) -> str:
    """Moves that turn `cubestring` into `goalstring`, as solve()."""
    error = _check(cubestring)
    if error is not None:
        return "first cube " + error
    error = _check(goalstring)
    if error is not None:
        return "second cube " + error
    return _solve(cubestring, goalstring, max_length, timeout)


def _check(cubestring: str):
    """RubikTwoPhase's error string for an invalid cube definition string, or None."""
    if not isinstance(cubestring, str):
        raise TypeError(f"cubestring must be a str, not {type(cubestring).__name__}")
    if len(cubestring) < 54:
        return "Error: Cube definition string " + cubestring + " contains less than 54 facelets."
    if len(cubestring) > 54:
        return "Error: Cube definition string " + cubestring + " contains more than 54 facelets."
    if any(cubestring.count(colour) != 9 for colour in _COLOURS):
        return "Error: Cube definition string " + cubestring + " does not contain exactly 9 facelets of each color."
    try:
        Cube.validate(cubestring, 3)
    except CubeError as error:
        return _verify_error(str(error))
    return None


def _verify_error(message: str) -> str:
    """RubikTwoPhase's words for what libcube found wrong with the pieces."""
    if "edge orientation" in message:
        return "Error: Total edge flip is wrong."
    if "corner twist" in message:
        return "Error: Total corner twist is wrong."
    if "parity" in message:
        return "Error: Wrong edge and corner parity"
    if "corner" in message:
        return "Error: Some corners are undefined."
    return "Error: Some edges are undefined."


def _solve(cubestring: str, goalstring, max_length: int, timeout: float) -> str:
    if isinstance(max_length, bool) or not isinstance(max_length, int):
        raise TypeError(f"max_length must be an int, not {type(max_length).__name__}")
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)):
        raise TypeError(f"timeout must be a number, not {type(timeout).__name__}")
    engine = _solver()
    with Cube.from_facelets(cubestring, 3) as cube, \
            (Cube(3) if goalstring is None else Cube.from_facelets(goalstring, 3)) as goal:
        if cube == goal:
            return "(0f)"
        try:
            moves = engine.solve_to(cube, goal, max_length=max(1, min(max_length, 20)),
                                    timeout_ms=max(1, int(timeout * 1000)))
        except CubeError as error:
            if error.status not in (Status.TIMEOUT, Status.UNSOLVABLE):
                raise
            # As RubikTwoPhase after its timeout: the first solution found, of at most 20 moves.
            moves = engine.solve_to(cube, goal)
        with moves:
            tokens = [kind.name + str(amount) for kind, amount in moves]
    return " ".join(tokens + [f"({len(tokens)}f)"])
