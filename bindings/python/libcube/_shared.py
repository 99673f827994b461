"""The one Solver the drop-in modules share (made at the first call; a Solver is safe from many threads)."""
import threading

from . import Solver

_lock = threading.Lock()
_solver = None


def solver() -> Solver:
    global _solver
    with _lock:
        if _solver is None:
            _solver = Solver()
        return _solver
