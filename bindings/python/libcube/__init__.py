"""libcube for Python: cube states, optimal 2x2 and two-phase 3x3 solving, robot plans, drivers and colour scans.

The classes are those of the Java and C# bindings (bindings/README.md), spelt the Python way. Every object owns
native memory: close() (or a ``with`` block) frees it at once, the garbage collector otherwise; a method called
after close() raises CubeError ("Cube is closed"). Every native call releases the GIL; callbacks take it back.
Failures raise CubeError (a ValueError) with ``.status`` and the library's message; wrong types raise TypeError.
"""
import dataclasses
import enum
import random as _random
import warnings

from . import _CubeLib as _c
from . import _docs
from . import _interrupt
from ._error import CallbackFailed as _CallbackFailed
from ._error import CubeError
from ._error import OptimalSearchError

# The names of the Java and C# bindings (bindings/README.md), for code that follows those.
CubeException = CubeError
OptimalSearchException = OptimalSearchError

__all__ = [
    "CubeError", "CubeException", "Cube", "Moves", "Solver", "SolveOptions", "Result", "Tables", "Robot", "Plan",
    "PlanOptions", "RobotSolveOptions", "PlanAction", "ScanFrame", "DriverRegistry", "Driver", "RunOptions",
    "RunReport",
    "DriverFault", "DeviceInfo", "Scan", "ScanOptions", "ScanResult", "MethodSolution", "Pictures", "CancelToken",
    "Progress", "CubeLib", "version", "version_number", "status_name", "status_message",
    "OptimalOptions", "OptimalResult", "OptimalSearchError", "OptimalSearchException", "TableSearch",
]


from ._enums import (ActionKind, ColorScheme, ColorSpace, DriverState, Face, FaultCode, Method, Metric,
                     MoveKind, PictureView, PlanFinish, PlanStrategy, ProgressEvent, RobotFamily, Status, StopLevel,
                     TableFileState, TableFolderRole, TablePolicy, TextColor)
__all__ += ["Status", "Metric", "MoveKind", "Face", "RobotFamily", "ActionKind", "PlanStrategy", "PlanFinish",
            "TablePolicy", "StopLevel", "DriverState", "FaultCode", "ProgressEvent", "ColorSpace", "ColorScheme",
            "PictureView", "TextColor", "Method", "TableFolderRole", "TableFileState"]


def _invalid(message: str) -> CubeError:
    return CubeError(message, int(Status.INVALID_ARGUMENT))


def _text(value, name: str) -> str:
    """A text argument: None is CubeError naming the argument, another type TypeError."""
    if value is None:
        raise _invalid(name + " is None")
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a str, not {type(value).__name__}")
    return value


def _folder(value, name: str = "table_dir") -> str:
    """A folder argument: None is the default folder ("")."""
    return "" if value is None else _text(value, name)


def _int(value, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    return value


def _native(value, cls, name: str):
    """The native object of an argument of class `cls`: None is CubeError naming it, a closed one CubeError."""
    if value is None:
        raise _invalid(name + " is None")
    if not isinstance(value, cls):
        raise TypeError(f"{name} must be a {cls.__name__}, not {type(value).__name__}")
    return value._n()


class _Native:
    """An object owning a native one: close() or the garbage collector frees it; closed, it refuses calls."""

    __slots__ = ("_h", "__weakref__")

    def __init__(self, handle):
        self._h = handle

    @classmethod
    def _of(cls, handle):
        made = cls.__new__(cls)
        _Native.__init__(made, handle)
        return made

    def __repr__(self) -> str:
        """The object's own text (`_repr`), or "Name(closed)" once closed: repr() never raises."""
        return self._repr() if self._h else type(self).__name__ + "(closed)"

    def _repr(self) -> str:
        return object.__repr__(self)

    def _n(self):
        handle = self._h
        if handle is None:
            raise _invalid(type(self).__name__ + " is closed")
        return handle

    def close(self) -> None:
        """Frees the native object now (a second close() does nothing)."""
        self._h = None

    @property
    def closed(self) -> bool:
        """True once close() ran."""
        return self._h is None

    def __enter__(self):
        self._n()
        return self

    def __exit__(self, *exc) -> None:
        self.close()


# ---- Callbacks: adapters keep the callback's exception and answer Listen.FAILED; _call raises it again -----

def _answer(answer) -> int:
    return _c.Listen_CANCEL if answer is False else _c.Listen_CONTINUE


@dataclasses.dataclass(frozen=True)
class Progress:
    """One progress report of a table load or build, or of an optimal search (Solver.solve_optimal: event
    STAGE, stage "searching depth N", and depth, nodes and nodes_per_second set; 0 in the other reports)."""
    event: "ProgressEvent"
    stage: str
    stage_fraction: float
    fraction: float
    elapsed_us: int
    depth: int = 0
    nodes: int = 0
    nodes_per_second: float = 0.0


class _ProgressAdapter(_c.ProgressListener):
    def __init__(self, callback):
        super().__init__()
        self.callback = callback
        self.error = None
        self.key = self.address()

    def on_progress(self, progress):
        try:
            report = Progress(ProgressEvent(progress.event), progress.stage, progress.stage_fraction,
                              progress.fraction, progress.elapsed_us, progress.depth, progress.nodes,
                              progress.nodes_per_second)
            return _answer(self.callback(report))
        except BaseException as error:  # KeyboardInterrupt too: it comes out of the call
            self.error = error
            return _c.Listen_FAILED


class _RunAdapter(_c.RunListener):
    def __init__(self, callback):
        super().__init__()
        self.callback = callback
        self.error = None
        self.key = self.address()

    def on_step(self, actions_done, action_count, plan_time_us):
        try:
            return _answer(self.callback(actions_done, action_count, plan_time_us))
        except BaseException as error:
            self.error = error
            return _c.Listen_FAILED


def _adapter(kind, callback):
    if callback is None:
        return None
    if not callable(callback):
        raise TypeError(f"callback must be callable, not {type(callback).__name__}")
    return kind(callback)


def _call(adapter, function, *args):
    """Calls `function`; the exception `adapter`'s callback raised comes out unchanged."""
    try:
        return function(*args)
    except _CallbackFailed as failed:
        if adapter is None or adapter.key != failed.address or adapter.error is None:
            raise CubeError("a callback failed", int(Status.INTERNAL)) from None
        error, adapter.error = adapter.error, None
        raise error from None


# ---- Cancelling -------------------------------------------------------------------------------------------

class CancelToken(_Native):
    """A flag that stops the calls it is given to (from any thread)."""

    __slots__ = ()

    def __init__(self):
        super().__init__(_c.CancelToken())

    def cancel(self) -> None:
        """Stops the calls using this token (now and until reset())."""
        self._n().cancel()

    def reset(self) -> None:
        self._n().reset()

    @property
    def is_cancelled(self) -> bool:
        return self._n().is_cancelled()

    def _repr(self) -> str:
        return f"CancelToken(is_cancelled={self.is_cancelled})"


# ---- Cube and moves ---------------------------------------------------------------------------------------

def _seed(seed) -> int:
    return _random.getrandbits(63) if seed is None else _int(seed, "seed")


class Cube(_Native):
    """A 2x2 or 3x3 cube state. Cube(3) is solved; ``==`` compares the facelets, hash() agrees with it."""

    __slots__ = ()

    def __init__(self, size: int = 3):
        super().__init__(_c.Cube(_int(size, "size")))

    @classmethod
    def from_facelets(cls, facelets: str, size: int = None) -> "Cube":
        """From 24 (2x2) or 54 (3x3) facelet letters in URFDLB face order; the length gives the size."""
        text = _text(facelets, "facelets")
        if size is None:
            return cls._of(_c.Cube.from_facelets(text))
        return cls._of(_c.Cube.from_facelets(text, _int(size, "size")))

    @classmethod
    def random(cls, size: int = 3, seed: int = None) -> "Cube":
        """A uniformly random solvable cube, the same for the same seed (None: a random seed)."""
        return cls._of(_c.Cube.random(_int(size, "size"), _seed(seed)))

    @staticmethod
    def validate(facelets: str, size: int = None) -> None:
        """Raises CubeError(INVALID_CUBE) saying what is wrong; returns for a solvable cube."""
        text = _text(facelets, "facelets")
        _c.Cube.validate(text, (2 if len(text) == 24 else 3) if size is None else _int(size, "size"))

    def copy(self) -> "Cube":
        return Cube._of(self._n().copy())

    @property
    def size(self) -> int:
        return self._n().size()

    @property
    def is_solved(self) -> bool:
        return self._n().is_solved()

    @property
    def facelets(self) -> str:
        return self._n().facelets()

    def net(self, color: bool = False) -> str:
        """The unfolded net as text; `color` adds ANSI colours."""
        return self._n().net(bool(color))

    def apply(self, moves) -> "Cube":
        """Applies a Moves or a notation string ("R U R' U'"); returns this cube."""
        if isinstance(moves, str):
            self._n().apply(moves)
        else:
            self._n().apply(_native(moves, Moves, "moves"))
        return self

    def __eq__(self, other) -> bool:
        if not isinstance(other, Cube):
            return NotImplemented
        return self._n().same_as(other._n())

    def __hash__(self) -> int:
        return self._n().hash()

    def __str__(self) -> str:
        return self.facelets if self._h else repr(self)

    def _repr(self) -> str:
        return f"Cube.from_facelets({self.facelets!r})"


class Moves(_Native):
    """A move sequence; len() is its number of moves, iterating gives (MoveKind, amount) pairs."""

    __slots__ = ()

    def __init__(self, size: int = 3):
        super().__init__(_c.Moves(_int(size, "size")))

    @classmethod
    def parse(cls, notation: str, size: int = 3) -> "Moves":
        """Standard notation ("R U R' U2", "x", "Rw", ...) for a cube of `size`."""
        return cls._of(_c.Moves.parse(_text(notation, "notation"), _int(size, "size")))

    @classmethod
    def scramble(cls, size: int = 3, seed: int = None, length: int = 0) -> "Moves":
        """A random scramble, the same for the same seed; length 0: 25 moves (3x3) or 11 (2x2)."""
        return cls._of(_c.Moves.scramble(_int(size, "size"), _seed(seed), _int(length, "length")))

    def copy(self) -> "Moves":
        return Moves._of(self._n().copy())

    @property
    def count(self) -> int:
        return self._n().count()

    def length(self, metric=None) -> int:
        """The length in `metric` (default HTM)."""
        return self._n().length(int(Metric.HTM if metric is None else metric))

    def kind_at(self, index: int) -> "MoveKind":
        return MoveKind(self._n().kind_at(_int(index, "index")))

    def amount_at(self, index: int) -> int:
        """Quarter turns clockwise: 1, 2 or 3 (3 is a prime move)."""
        return self._n().amount_at(_int(index, "index"))

    def push(self, kind, amount: int = 1) -> "Moves":
        self._n().push(int(kind), _int(amount, "amount"))
        return self

    def append(self, tail: "Moves") -> "Moves":
        self._n().append(_native(tail, Moves, "tail"))
        return self

    def invert(self) -> "Moves":
        self._n().invert()
        return self

    def simplify(self) -> "Moves":
        self._n().simplify()
        return self

    def text(self) -> str:
        return self._n().text()

    def __len__(self) -> int:
        return self.count

    def __iter__(self):
        native = self._n()
        for index in range(native.count()):
            yield MoveKind(native.kind_at(index)), native.amount_at(index)

    def __eq__(self, other) -> bool:
        if not isinstance(other, Moves):
            return NotImplemented
        return self._n().same_as(other._n())

    __hash__ = None

    def __str__(self) -> str:
        return self.text() if self._h else repr(self)

    def _repr(self) -> str:
        return f"Moves.parse({self.text()!r})"


# ---- Solving ----------------------------------------------------------------------------------------------

class _SearchLimits(_Native):
    """What SolveOptions and OptimalOptions share: metric, max_length, timeout_ms and the cancel token."""

    __slots__ = ("_cancel",)

    @property
    def metric(self) -> "Metric":
        """The metric lengths are counted in (Metric.HTM by default)."""
        return Metric(self._n().metric())

    @metric.setter
    def metric(self, value) -> None:
        self._n().set_metric(int(Metric(value)))

    @property
    def max_length(self) -> int:
        """The most moves a solution may have; 0: the default (see the class)."""
        return self._n().max_length()

    @max_length.setter
    def max_length(self, value: int) -> None:
        self._n().set_max_length(_int(value, "max_length"))

    @property
    def timeout_ms(self) -> int:
        """The time limit in milliseconds; 0: the default (see the class)."""
        return self._n().timeout_ms()

    @timeout_ms.setter
    def timeout_ms(self, value: int) -> None:
        self._n().set_timeout_ms(_int(value, "timeout_ms"))

    @property
    def cancel(self):
        """The CancelToken the solves stop on, or None."""
        return self._cancel

    @cancel.setter
    def cancel(self, token) -> None:
        if token is None:
            self._n().clear_cancel()
        else:
            self._n().set_cancel(_native(token, CancelToken, "cancel"))
        self._cancel = token

    @property
    def has_cancel(self) -> bool:
        """True when a CancelToken is set."""
        return self._n().has_cancel()


class SolveOptions(_SearchLimits):
    """Options of a solve: metric, max_length (0: 20 for a 3x3, none for a 2x2), timeout_ms (0: 10 s)."""

    __slots__ = ()

    def __init__(self, metric=None, max_length: int = 0, timeout_ms: int = 0, min_effort: bool = False,
                 cancel: "CancelToken" = None):
        super().__init__(_c.SolveOptions())
        self._cancel = None
        if metric is not None:
            self.metric = metric
        self.max_length = max_length
        self.timeout_ms = timeout_ms
        self.min_effort = min_effort
        self.cancel = cancel

    @property
    def min_effort(self) -> bool:
        return self._n().min_effort()

    @min_effort.setter
    def min_effort(self, value: bool) -> None:
        self._n().set_min_effort(bool(value))

    def _repr(self) -> str:
        return (f"SolveOptions(metric={self.metric.name}, max_length={self.max_length}, timeout_ms={self.timeout_ms}, "
                f"min_effort={self.min_effort})")


_SOLVE_KEYS = ("metric", "max_length", "timeout_ms", "min_effort", "cancel")


_default_options = []


def _solve_options(options, keywords) -> "SolveOptions":
    if options is None and not keywords:
        # One shared default, only ever read (a solve neither keeps nor changes its options).
        if not _default_options:
            _default_options.append(SolveOptions())
        return _default_options[0]
    unknown = set(keywords) - set(_SOLVE_KEYS)
    if unknown:
        raise TypeError("unexpected keyword argument " + ", ".join(sorted(unknown)))
    if options is None:
        return SolveOptions(**keywords)
    if not isinstance(options, SolveOptions):
        raise TypeError(f"options must be a SolveOptions, not {type(options).__name__}")
    if keywords:
        raise TypeError("give either options or keyword arguments, not both")
    return options


class Result(_Native):
    """One entry of a batch: its solution (moves()), or the status and message of why it has none."""

    __slots__ = ()

    @property
    def is_ok(self) -> bool:
        return self._n().is_ok()

    @property
    def status(self) -> "Status":
        return Status(self._n().status())

    @property
    def message(self) -> str:
        """Why the entry failed; "" when ok."""
        return self._n().message()

    def moves(self) -> "Moves":
        """The solution; raises the entry's CubeError ("entry N: ...") for an entry that failed."""
        return Moves._of(self._n().moves())

    def _repr(self) -> str:
        return f"Result(status={self.status.name}, message={self.message!r})"

    def __str__(self) -> str:
        """"ok: R U ..." or the status and message of an entry that failed (as Java's and C#'s text)."""
        if not self._h:
            return repr(self)
        return f"ok: {self.moves()}" if self.is_ok else f"{self.status.name}: {self.message}"


class Solver(_Native):
    """Solves cubes: 2x2 optimally, 3x3 by the two-phase algorithm over its tables (found in `table_dir`, None
    for the search path: $CUBE_TABLE_DIR, the user cache, the system folder).

    Solver(), Solver(table_dir), Solver(table_dir, callback), Solver(table_dir, policy, callback): without a
    policy the first solves answer from the compact tables while the full ones load (TablePolicy.AUTO); with
    a callback the solver waits for the full tables (FULL), reporting their load to `callback(progress)`, on the
    thread that needs them; returning False cancels that call, an exception it raises comes out of the call.
    """

    __slots__ = ("_adapter",)

    def __init__(self, table_dir: str = None, policy=None, callback=None):
        if callback is None and callable(policy):
            policy, callback = None, policy
        folder = _folder(table_dir)
        self._adapter = _adapter(_ProgressAdapter, callback)
        if policy is not None:
            native = _c.Solver(folder, int(TablePolicy(policy)), self._adapter)
        elif self._adapter is not None:
            native = _c.Solver(folder, self._adapter)
        else:
            native = _c.Solver(folder)
        super().__init__(native)

    def _run(self, name, *args):
        native = self._n()
        return _call(self._adapter, getattr(native, name), *args)

    def _long(self, options: "SolveOptions", long: bool, name, *args, after=()):
        """self.name(*args, options, *after), which Ctrl-C cancels when `long` (on the main thread)."""
        if not long or not _interrupt.watching():
            return self._run(name, *args, options._n(), *after)
        return _cancelled_by_ctrl_c(options, lambda chosen: self._run(name, *args, chosen._n(), *after))

    def prepare(self, size: int = 3, cancel: "CancelToken" = None) -> None:
        """Loads (or builds) the tables for `size` now instead of at the first solve (see TablePolicy)."""
        size = _int(size, "size")
        token = CancelToken() if cancel is None and _interrupt.watching() else cancel
        if token is None:
            self._run("prepare", size)
            return
        with _interrupt.Cancelling(_native(token, CancelToken, "cancel").cancel):
            self._run("prepare", size, token._n())

    def solve(self, cube: "Cube", options: "SolveOptions" = None, **keywords) -> "Moves":
        """A solution of `cube`: optimal for a 2x2, at most max_length (20) moves for a 3x3.

        Keywords: metric, max_length, timeout_ms, min_effort, cancel (the SolveOptions defaults).
        """
        state = _native(cube, Cube, "cube")
        chosen = _solve_options(options, keywords)
        return Moves._of(self._long(chosen, state.size() == 3, "solve", state))

    def solve_to(self, cube: "Cube", target: "Cube", options: "SolveOptions" = None, **keywords) -> "Moves":
        """Moves that turn `cube` into `target`."""
        state = _native(cube, Cube, "cube")
        goal = _native(target, Cube, "target")
        chosen = _solve_options(options, keywords)
        return Moves._of(self._long(chosen, state.size() == 3, "solve_to", state, goal))

    def distance(self, cube: "Cube", target: "Cube" = None, options: "SolveOptions" = None, **keywords) -> int:
        """The length of an optimal solution (2x2) to the solved cube or to `target`."""
        state = _native(cube, Cube, "cube")
        chosen = _solve_options(options, keywords)
        if target is None:
            return self._long(chosen, True, "distance", state)
        return self._long(chosen, True, "distance", state, _native(target, Cube, "target"))

    def solve_all(self, cube: "Cube", options: "SolveOptions" = None, limit: int = 0, **keywords) -> list:
        """Every optimal solution (2x2), at most `limit` (0: all), as a list of Moves."""
        state = _native(cube, Cube, "cube")
        chosen = _solve_options(options, keywords)
        solutions = self._long(chosen, True, "solve_all", state, after=(_int(limit, "limit"),))
        return [Moves._of(solutions.get(index)) for index in range(solutions.size())]

    def count_optimal(self, cube: "Cube", options: "SolveOptions" = None, **keywords) -> int:
        """How many optimal solutions the cube (2x2) has."""
        state = _native(cube, Cube, "cube")
        chosen = _solve_options(options, keywords)
        return self._long(chosen, True, "count_optimal", state)

    def solve_batch(self, cubes, options: "SolveOptions" = None, threads: int = 0, **keywords) -> list:
        """Solves every cube on `threads` threads (0: one per processor): one Result per cube, in order."""
        if cubes is None:
            raise _invalid("cubes is None")
        listed = _c.CubeList()
        keep = []
        for index, cube in enumerate(cubes):
            native = _native(cube, Cube, f"cubes[{index}]")
            keep.append(native)
            listed.add(native)
        chosen = _solve_options(options, keywords)
        solutions = self._long(chosen, True, "solve_batch", listed, after=(_int(threads, "threads"),))
        return [Result._of(solutions.result(index)) for index in range(solutions.size())]

    def solve_optimal(self, cube: "Cube", options: "OptimalOptions" = None, callback=None,
                      **keywords) -> "OptimalResult":
        """The shortest solution of a 3x3 (or every one: all_solutions), proven shortest, as an OptimalResult.

        Keywords: metric, max_length, timeout_ms, threads, all_solutions, limit, cancel (the OptimalOptions
        defaults). `callback(progress)` gets the depth, nodes and nodes_per_second when a depth begins and about
        twice a second, on this thread; returning False cancels. A search that stops (TIMEOUT, CANCELLED, or
        UNSOLVABLE: nothing of at most max_length moves) raises OptimalSearchError with its lower_bound.
        """
        state = _native(cube, Cube, "cube")
        chosen = _optimal_options(options, keywords)
        adapter = _adapter(_ProgressAdapter, callback)
        result = _c.OptimalResult()

        def run(opts):
            try:
                self._n().solve_optimal(state, opts._n(), adapter, result)
            except _CallbackFailed as failed:
                for kept in (adapter, self._adapter):
                    if kept is not None and kept.key == failed.address and kept.error is not None:
                        error, kept.error = kept.error, None
                        raise error from None
                raise CubeError("a callback failed", int(Status.INTERNAL)) from None

        try:
            if _interrupt.watching():
                _cancelled_by_ctrl_c(chosen, run)
            else:
                run(chosen)
        except CubeError as error:
            if isinstance(error, OptimalSearchError) or error.status not in _SEARCH_STOPS:
                raise
            raise OptimalSearchError(error.message, int(error.status), result.lower_bound(),
                                     result.nodes()) from None
        return OptimalResult._of(result)


class OptimalOptions(_SearchLimits):
    """Limits of an optimal 3x3 solve (Solver.solve_optimal): metric (HTM or QTM), max_length (0: none),
    timeout_ms (0: none), threads searching the one cube (0 or 1: one), all_solutions with limit (0: 1000)."""

    __slots__ = ()

    def __init__(self, metric=None, max_length: int = 0, timeout_ms: int = 0, threads: int = 0,
                 all_solutions: bool = False, limit: int = 0, cancel: "CancelToken" = None):
        super().__init__(_c.OptimalOptions())
        self._cancel = None
        if metric is not None:
            self.metric = metric
        self.max_length = max_length
        self.timeout_ms = timeout_ms
        self.threads = threads
        self.all_solutions = all_solutions
        self.limit = limit
        self.cancel = cancel

    @property
    def threads(self) -> int:
        """Threads searching the one cube: 0 or 1 = one, up to 256."""
        return self._n().threads()

    @threads.setter
    def threads(self, value: int) -> None:
        self._n().set_threads(_int(value, "threads"))

    @property
    def all_solutions(self) -> bool:
        """Every optimal solution (up to limit), not only one."""
        return self._n().all_solutions()

    @all_solutions.setter
    def all_solutions(self, value: bool) -> None:
        self._n().set_all_solutions(bool(value))

    @property
    def limit(self) -> int:
        """With all_solutions: the most solutions returned, 0 = 1000."""
        return self._n().limit()

    @limit.setter
    def limit(self, value: int) -> None:
        self._n().set_limit(_int(value, "limit"))

    def _repr(self) -> str:
        return (f"OptimalOptions(metric={self.metric.name}, max_length={self.max_length}, "
                f"timeout_ms={self.timeout_ms}, threads={self.threads}, all_solutions={self.all_solutions}, "
                f"limit={self.limit})")


_OPTIMAL_KEYS = ("metric", "max_length", "timeout_ms", "threads", "all_solutions", "limit", "cancel")


def _optimal_options(options, keywords) -> "OptimalOptions":
    unknown = set(keywords) - set(_OPTIMAL_KEYS)
    if unknown:
        raise TypeError("unexpected keyword argument " + ", ".join(sorted(unknown)))
    if options is None:
        return OptimalOptions(**keywords)
    if not isinstance(options, OptimalOptions):
        raise TypeError(f"options must be an OptimalOptions, not {type(options).__name__}")
    if keywords:
        raise TypeError("give either options or keyword arguments, not both")
    return options


class OptimalResult(_Native):
    """What an optimal search found: its solutions (len() of them), length, is_proven_optimal, lower_bound,
    nodes, elapsed_us, has_standard_table, has_h48_table and has_small_table."""

    __slots__ = ()

    def solution(self) -> "Moves":
        """The first solution; CubeError(NOT_FOUND) when there is none."""
        return Moves._of(self._n().solution())

    def solutions(self) -> list:
        """Every solution held, as a list of Moves."""
        native = self._n()
        return [Moves._of(native.get(index)) for index in range(native.size())]

    def __len__(self) -> int:
        return self._n().size()

    @property
    def length(self) -> int:
        """The solutions' length in the options' metric; -1 when none was found."""
        return self._n().length()

    @property
    def is_proven_optimal(self) -> bool:
        """True when no solution is shorter than length (every shorter length was searched)."""
        return self._n().is_proven_optimal()

    @property
    def lower_bound(self) -> int:
        """Every solution has at least this many moves."""
        return self._n().lower_bound()

    @property
    def nodes(self) -> int:
        """Positions the search visited."""
        return self._n().nodes()

    @property
    def elapsed_us(self) -> int:
        """How long the search took, in microseconds."""
        return self._n().elapsed_us()

    @property
    def has_standard_table(self) -> bool:
        """True when the standard optimal table bounded the search (else the 3x3 table file alone, slower)."""
        return self._n().has_standard_table()

    @property
    def has_small_table(self) -> bool:
        """True when the small optimal table bounded the search (found when neither the standard nor the H48
        one was)."""
        return self._n().has_small_table()

    @property
    def has_h48_table(self) -> bool:
        """True when the H48 table bounded the search."""
        return self._n().has_h48_table()

    def _repr(self) -> str:
        return (f"OptimalResult(length={self.length}, is_proven_optimal={self.is_proven_optimal}, "
                f"lower_bound={self.lower_bound}, nodes={self.nodes})")


_SEARCH_STOPS = (Status.TIMEOUT, Status.CANCELLED, Status.UNSOLVABLE)


def _cancelled_by_ctrl_c(options, call):
    """Runs call(options) with a cancel token in `options` (theirs, or one set for the call) that Ctrl-C
    cancels; the shared default options are replaced by a copy of their own."""
    if _default_options and options is _default_options[0]:
        options = SolveOptions()
    token = options.cancel
    if token is not None and token.closed:
        return call(options)  # the options keep the native token; the caller can no longer reach it
    added = token is None
    if added:
        token = CancelToken()
        options._n().set_cancel(token._n())
    try:
        with _interrupt.Cancelling(token._n().cancel):
            return call(options)
    finally:
        if added:
            options._n().clear_cancel()


class Tables:
    """Building and checking the 3x3 table file (static methods)."""

    def __init__(self):
        raise TypeError("Tables has static methods only")

    @staticmethod
    def generate(table_dir: str = None, callback=None, cancel: "CancelToken" = None) -> None:
        """Builds the tables in `table_dir` (None: the default folder) unless they are there and sound."""
        adapter = _adapter(_ProgressAdapter, callback)
        token = CancelToken() if cancel is None else cancel
        native = _native(token, CancelToken, "cancel")
        _interrupt.watching()
        with _interrupt.Cancelling(native.cancel):
            _call(adapter, _c.Tables.generate, _folder(table_dir), adapter, native)

    @staticmethod
    def verify(table_dir: str = None) -> None:
        """Raises CubeError (CORRUPT, NOT_FOUND, IO) when the tables in `table_dir` are not sound."""
        _c.Tables.verify(_folder(table_dir))

    @staticmethod
    def path(table_dir: str = None) -> str:
        """The file the tables of `table_dir` are kept in."""
        return _c.Tables.path(_folder(table_dir))

    @staticmethod
    def search() -> "TableSearch":
        """Each folder of the search path and the state of the file there (every file read once)."""
        return TableSearch._of(_c.Tables.search())


class TableSearch(_Native):
    """What Tables.search() found along the 3x3 table search path, as `cube tables path --search` shows it."""

    __slots__ = ()

    @property
    def count(self) -> int:
        return self._n().count()

    @property
    def path(self) -> str:
        return self._n().path()

    @property
    def used_index(self) -> int:
        return self._n().used_index()

    @property
    def build_saves_index(self) -> int:
        return self._n().build_saves_index()

    def role(self, index: int) -> "TableFolderRole":
        return TableFolderRole(self._n().role(_int(index, "index")))

    def folder(self, index: int) -> str:
        return self._n().folder(_int(index, "index"))

    def file(self, index: int) -> str:
        return self._n().file(_int(index, "index"))

    def state(self, index: int) -> "TableFileState":
        return TableFileState(self._n().state(_int(index, "index")))

    def error(self, index: int) -> str:
        return self._n().error(_int(index, "index"))

    def other_order_file(self, index: int) -> str:
        return self._n().other_order_file(_int(index, "index"))

    def other_order_notice(self, index: int) -> str:
        return self._n().other_order_notice(_int(index, "index"))

    def text(self) -> str:
        """The search as `cube tables path --search` prints it."""
        return self._n().text()

    def json(self) -> str:
        """The answer of `cube tables path --search --json`, without its newline."""
        return self._n().json()


# ---- Robots and plans -------------------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class PlanAction:
    """One timed action of a plan."""
    actuator: int
    kind: "ActionKind"
    param: int
    start_us: int
    end_us: int
    move_index: int


@dataclasses.dataclass(frozen=True)
class ScanFrame:
    """One camera frame of a scan plan: the face seen, its clockwise quarter turns, when it is taken."""
    face: "Face"
    rotation: int
    actions_done: int
    time_us: int


class PlanOptions(_Native):
    """How to plan: strategy, start_positions (empty: at rest), finish."""

    __slots__ = ()

    def __init__(self, strategy=None, start_positions=(), finish=None):
        super().__init__(_c.PlanOptions())
        if strategy is not None:
            self.strategy = strategy
        self.start_positions = start_positions
        if finish is not None:
            self.finish = finish

    @property
    def strategy(self) -> "PlanStrategy":
        return PlanStrategy(self._n().strategy())

    @strategy.setter
    def strategy(self, value) -> None:
        self._n().set_strategy(int(PlanStrategy(value)))

    @property
    def start_positions(self) -> list:
        return list(self._n().start_positions())

    @start_positions.setter
    def start_positions(self, positions) -> None:
        self._n().set_start_positions(_c.IntVector([_int(p, "start_positions") for p in positions]))

    @property
    def finish(self) -> "PlanFinish":
        return PlanFinish(self._n().finish())

    @finish.setter
    def finish(self, value) -> None:
        self._n().set_finish(int(PlanFinish(value)))


_ROBOT_SOLVE_KEYS = ("extra_length", "candidates", "timeout_ms", "strategy", "shortest_ms", "plan_ms", "max_length")


class RobotSolveOptions(_Native):
    """Options of Robot.solve(); every keyword left out keeps the library's default."""

    __slots__ = ("_cancel",)

    def __init__(self, cancel: "CancelToken" = None, **keywords):
        super().__init__(_c.RobotSolveOptions())
        self._cancel = None
        for key, value in keywords.items():
            if key not in _ROBOT_SOLVE_KEYS:
                raise TypeError("unexpected keyword argument " + key)
            setattr(self, key, value)
        self.cancel = cancel

    @property
    def cancel(self):
        return self._cancel

    @cancel.setter
    def cancel(self, token) -> None:
        if token is None:
            self._n().clear_cancel()
        else:
            self._n().set_cancel(_native(token, CancelToken, "cancel"))
        self._cancel = token

    def _repr(self) -> str:
        return "RobotSolveOptions(" + ", ".join(f"{key}={getattr(self, key)!r}" for key in _ROBOT_SOLVE_KEYS) + ")"


def _int_property(name: str, doc: str = None) -> property:
    def read(self):
        return getattr(self._n(), name)()

    def write(self, value):
        getattr(self._n(), "set_" + name)(_int(value, name))
    return property(read, write, doc=doc)


for _key in ("extra_length", "candidates", "timeout_ms", "shortest_ms", "plan_ms", "max_length"):
    setattr(RobotSolveOptions, _key, _int_property(_key))
RobotSolveOptions.strategy = property(lambda self: PlanStrategy(self._n().strategy()),
                                      lambda self, value: self._n().set_strategy(int(PlanStrategy(value))))


class Robot(_Native):
    """A cube robot of one family (RobotFamily), with its timings."""

    __slots__ = ()

    def __init__(self, family):
        super().__init__(_c.Robot(int(RobotFamily(family))))

    @classmethod
    def parse(cls, spec: str) -> "Robot":
        """From a text spec ("four-arm turn90=150ms ..."), as `cube plan --robot` takes it."""
        return cls._of(_c.Robot.parse(_text(spec, "spec")))

    @classmethod
    def load(cls, path: str) -> "Robot":
        """From a robot file."""
        return cls._of(_c.Robot.load(_text(path, "path")))

    @property
    def family(self) -> "RobotFamily":
        return RobotFamily(self._n().family())

    @property
    def spec(self) -> str:
        return self._n().spec()

    @property
    def actuator_count(self) -> int:
        return self._n().actuator_count()

    def actuator_name(self, index: int) -> str:
        return self._n().actuator_name(_int(index, "index"))

    def rest_positions(self) -> list:
        return list(self._n().rest_positions())

    def step_micros(self, positions, commands) -> list:
        """The least time of each command (actuator, kind, param triples) of one step from `positions`."""
        return list(self._n().step_micros(_c.IntVector(list(positions)), _c.IntVector(list(commands))))

    def plan(self, moves: "Moves", options: "PlanOptions" = None, **keywords) -> "Plan":
        """The timed plan of `moves` for this robot."""
        native = _native(moves, Moves, "moves")
        if options is None and not keywords:
            return Plan._of(self._n().plan(native))
        chosen = PlanOptions(**keywords) if options is None else options
        return Plan._of(self._n().plan(native, _native(chosen, PlanOptions, "options")))

    def solve(self, solver: "Solver", cube: "Cube", options: "RobotSolveOptions" = None, **keywords) -> "Plan":
        """Solves `cube` choosing among candidate solutions the one this robot runs fastest."""
        engine = _native(solver, Solver, "solver")
        state = _native(cube, Cube, "cube")
        chosen = RobotSolveOptions(**keywords) if options is None else options
        _native(chosen, RobotSolveOptions, "options")
        robot = self._n()

        def call(options):
            return _call(solver._adapter, robot.solve, engine, state, options._n())
        if not _interrupt.watching():
            return Plan._of(call(chosen))
        return Plan._of(_cancelled_by_ctrl_c(chosen, call))

    def scan_plan(self) -> "Plan":
        """Whole-cube rotations that show each face to the robot's camera."""
        return Plan._of(self._n().scan_plan())

    def _repr(self) -> str:
        return f"Robot.parse({self.spec!r})"

    def __str__(self) -> str:
        return self.spec if self._h else repr(self)


class Plan(_Native):
    """A timed plan for a robot: len() is its number of actions, iterating gives PlanAction snapshots."""

    __slots__ = ()

    @property
    def total_us(self) -> int:
        return self._n().total_us()

    @property
    def action_count(self) -> int:
        return self._n().action_count()

    def action(self, index: int) -> "PlanAction":
        a = self._n().action(_int(index, "index"))
        return PlanAction(a.actuator, ActionKind(a.kind), a.param, a.start_us, a.end_us, a.move_index)

    def actions(self) -> list:
        return [self.action(index) for index in range(self.action_count)]

    def __len__(self) -> int:
        return self.action_count

    def __iter__(self):
        return iter(self.actions())

    def moves(self) -> "Moves":
        return Moves._of(self._n().moves())

    def robot(self) -> "Robot":
        return Robot._of(self._n().robot())

    def check(self) -> None:
        """Raises CubeError when the plan breaks a rule of its robot."""
        self._n().check()

    def start_positions(self) -> list:
        return list(self._n().start_positions())

    def remaining(self, actions_done: int) -> "Moves":
        """The moves still to make after `actions_done` actions ran (to resume after a fault)."""
        return Moves._of(self._n().remaining(_int(actions_done, "actions_done")))

    def text(self) -> str:
        return self._n().text()

    def json(self) -> str:
        return self._n().json()

    @property
    def scan_frame_count(self) -> int:
        return self._n().scan_frame_count()

    def scan_frame(self, index: int) -> "ScanFrame":
        f = self._n().scan_frame(_int(index, "index"))
        return ScanFrame(Face(f.face), f.rotation, f.actions_done, f.time_us)

    def scan_frames(self) -> list:
        return [self.scan_frame(index) for index in range(self.scan_frame_count)]

    def then(self, next_plan: "Plan") -> "Plan":
        """This plan, then `next_plan` (a new plan)."""
        return Plan._of(self._n().then(_native(next_plan, Plan, "next_plan")))

    def __str__(self) -> str:
        return self.text() if self._h else repr(self)

    def _repr(self) -> str:
        return f"<Plan {self.action_count} actions, {self.total_us} us>"


# ---- Drivers ----------------------------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class DeviceInfo:
    index: int
    uri: str
    product: str
    serial: str
    detail: str


@dataclasses.dataclass(frozen=True)
class DriverFault:
    code: "FaultCode"
    status: "Status"
    actuator: int
    action_index: int
    device_bits: int
    positions_known: bool
    stop_level: int
    text: str


@dataclasses.dataclass(frozen=True)
class RunReport:
    status: "Status"
    actions_done: int
    action_count: int
    plan_time_us: int
    elapsed_us: int


def _report(r) -> "RunReport":
    return RunReport(Status(r.status), r.actions_done, r.action_count, r.plan_time_us, r.elapsed_us)


class RunOptions(_Native):
    """Options of Driver.run(): resume, callback(actions_done, action_count, plan_time_us) after each step
    (returning False cancels the run, an exception it raises comes out of run()), cancel, stop_level, margin_ms."""

    __slots__ = ("_adapter", "_cancel")

    def __init__(self, resume: bool = False, callback=None, cancel: "CancelToken" = None, stop_level=None,
                 margin_ms: int = 0):
        super().__init__(_c.RunOptions())
        self._adapter = None
        self._cancel = None
        self.resume = resume
        self.callback = callback
        self.cancel = cancel
        if stop_level is not None:
            self.stop_level = stop_level
        self.margin_ms = margin_ms

    @property
    def resume(self) -> bool:
        return self._n().resume()

    @resume.setter
    def resume(self, value: bool) -> None:
        self._n().set_resume(bool(value))

    @property
    def callback(self):
        return None if self._adapter is None else self._adapter.callback

    @callback.setter
    def callback(self, callback) -> None:
        adapter = _adapter(_RunAdapter, callback)
        self._n().set_listener(adapter)
        self._adapter = adapter

    @property
    def cancel(self):
        return self._cancel

    @cancel.setter
    def cancel(self, token) -> None:
        if token is None:
            self._n().clear_cancel()
        else:
            self._n().set_cancel(_native(token, CancelToken, "cancel"))
        self._cancel = token

    @property
    def stop_level(self) -> "StopLevel":
        return StopLevel(self._n().stop_level())

    @stop_level.setter
    def stop_level(self, value) -> None:
        self._n().set_stop_level(int(StopLevel(value)))

    @property
    def margin_ms(self) -> int:
        return self._n().margin_ms()

    @margin_ms.setter
    def margin_ms(self, value: int) -> None:
        self._n().set_margin_ms(_int(value, "margin_ms"))


class DriverRegistry(_Native):
    """The driver plugins (and the built-in "sim"): the installed folder and $CUBE_DRIVER_PATH, or
    `search_path` (':'-separated absolute folders)."""

    __slots__ = ()

    def __init__(self, search_path: str = None):
        super().__init__(_c.DriverRegistry() if search_path is None else
                         _c.DriverRegistry(_text(search_path, "search_path")))

    @property
    def count(self) -> int:
        return self._n().count()

    def __len__(self) -> int:
        return self.count

    def name(self, index: int) -> str:
        return self._n().name(_int(index, "index"))

    def names(self) -> list:
        return [self.name(index) for index in range(self.count)]

    def description(self, index: int) -> str:
        return self._n().description(_int(index, "index"))

    def path(self, index: int) -> str:
        return self._n().path(_int(index, "index"))

    def problems(self) -> list:
        """Plugins found but not usable, one line each."""
        return list(self._n().problems())

    def devices(self, index: int) -> list:
        return [DeviceInfo(d.index, d.uri, d.product, d.serial, d.detail)
                for d in self._n().devices(_int(index, "index"))]

    def open(self, uri: str) -> "Driver":
        """Opens a driver: "sim:model=four-arm,speed=0", "tic:...", "maestro:..."."""
        return Driver._of(self._n().open(_text(uri, "uri")))


class Driver(_Native):
    """An open driver of a robot: runs plans (Driver.run releases the GIL; stop() and cancel() from any thread)."""

    __slots__ = ()

    @property
    def name(self) -> str:
        return self._n().name()

    @property
    def robot_spec(self) -> str:
        return self._n().robot_spec()

    def configure(self, key: str, value: str) -> None:
        self._n().configure(_text(key, "key"), _text(value, "value"))

    def query(self, key: str) -> str:
        return self._n().query(_text(key, "key"))

    def prepare(self) -> None:
        self._n().prepare()

    def rest(self) -> None:
        self._n().rest()

    def stop(self, level=None) -> None:
        self._n().stop(int(StopLevel.HALT if level is None else StopLevel(level)))

    def state(self) -> "DriverState":
        return DriverState(self._n().state())

    def commands_done(self) -> int:
        return self._n().commands_done()

    def positions(self) -> list:
        return list(self._n().positions())

    def fault(self) -> "DriverFault":
        f = self._n().fault()
        return DriverFault(FaultCode(f.code), Status(f.status), f.actuator, f.action_index, f.device_bits,
                           f.positions_known, f.stop_level, f.text)

    def run(self, plan: "Plan", options: "RunOptions" = None, **keywords) -> "RunReport":
        """Runs the plan; raises CubeError on a fault or cancel (last_report and fault() say where it stopped)."""
        native = _native(plan, Plan, "plan")
        chosen = RunOptions(**keywords) if options is None else options
        options_native = _native(chosen, RunOptions, "options")
        driver = self._n()
        if not _interrupt.watching():
            return _report(_call(chosen._adapter, driver.run, native, options_native))
        # Ctrl-C: the run stops safely (Driver.cancel(), as from any thread).
        with _interrupt.Cancelling(driver.cancel):
            return _report(_call(chosen._adapter, driver.run, native, options_native))

    @property
    def last_report(self) -> "RunReport":
        return _report(self._n().last_report())

    def cancel(self) -> None:
        """From any thread: the running plan stops with Status.CANCELLED."""
        self._n().cancel()

    def _repr(self) -> str:
        return f"<Driver {self.name}>"


# ---- Pictures, methods, scans ----------------------------------------------------------------------------

class Pictures:
    """SVG and text pictures of cubes, move sequences and plans (static methods)."""

    def __init__(self):
        raise TypeError("Pictures has static methods only")

    @staticmethod
    def svg(cube: "Cube", view=None, scheme=None, custom: str = "") -> str:
        native = _native(cube, Cube, "cube")
        return _c.Pictures.svg(native, int(PictureView.NET if view is None else PictureView(view)),
                               int(ColorScheme.WESTERN if scheme is None else ColorScheme(scheme)),
                               _text(custom, "custom"))

    @staticmethod
    def text(cube: "Cube", color=None, scheme=None, custom: str = "") -> str:
        native = _native(cube, Cube, "cube")
        return _c.Pictures.text(native, int(TextColor.LETTERS if color is None else TextColor(color)),
                                int(ColorScheme.WESTERN if scheme is None else ColorScheme(scheme)),
                                _text(custom, "custom"))

    @staticmethod
    def steps(cube: "Cube", moves: "Moves", view=None) -> str:
        return _c.Pictures.steps(_native(cube, Cube, "cube"), _native(moves, Moves, "moves"),
                                 int(PictureView.NET if view is None else PictureView(view)))

    @staticmethod
    def timeline(plan: "Plan") -> str:
        return _c.Pictures.timeline(_native(plan, Plan, "plan"))


class MethodSolution(_Native):
    """A solution by a human method (layer by layer): the whole sequence and its named stages."""

    __slots__ = ()

    @classmethod
    def solve(cls, solver: "Solver", cube: "Cube", method=None, as_performed: bool = False) -> "MethodSolution":
        engine = _native(solver, Solver, "solver")
        state = _native(cube, Cube, "cube")
        return cls._of(_c.MethodSolution.solve(engine, state, int(Method.LBL if method is None else Method(method)),
                                               bool(as_performed)))

    def moves(self) -> "Moves":
        return Moves._of(self._n().moves())

    @property
    def stage_count(self) -> int:
        return self._n().stage_count()

    def stage_name(self, stage: int) -> str:
        return self._n().stage_name(_int(stage, "stage"))

    def stage_moves(self, stage: int) -> "Moves":
        return Moves._of(self._n().stage_moves(_int(stage, "stage")))

    def stage_facelets(self, stage: int) -> str:
        return self._n().stage_facelets(_int(stage, "stage"))

    def algorithm_count(self, stage: int) -> int:
        return self._n().algorithm_count(_int(stage, "stage"))

    def algorithm(self, stage: int, index: int) -> str:
        return self._n().algorithm(_int(stage, "stage"), _int(index, "index"))

    def text(self) -> str:
        """The answer as `cube solve --method lbl` prints it: one line per stage, then the total."""
        return self._n().text()

    def line(self) -> str:
        """The answer on one line, as a batch (`cube solve --method lbl -`) prints it."""
        return self._n().line()

    def json(self) -> str:
        """The answer as `cube solve --method lbl --json` prints it."""
        return self._n().json()

    @staticmethod
    def algorithm_moves(name: str) -> str:
        """The moves of a named formula ("R U R' U R U2 R'" for "sune")."""
        return _c.MethodSolution.algorithm_moves(_text(name, "name"))


class ScanOptions(_Native):
    """How to resolve a scan: alternatives (0..32, default 3), low_confidence (default 0.9999)."""

    __slots__ = ()

    def __init__(self, alternatives: int = 3, low_confidence: float = 0.9999):
        super().__init__(_c.ScanOptions())
        self.alternatives = alternatives
        self.low_confidence = low_confidence

    @property
    def alternatives(self) -> int:
        return self._n().alternatives()

    @alternatives.setter
    def alternatives(self, value: int) -> None:
        self._n().set_alternatives(_int(value, "alternatives"))

    @property
    def low_confidence(self) -> float:
        return self._n().low_confidence()

    @low_confidence.setter
    def low_confidence(self, value: float) -> None:
        self._n().set_low_confidence(float(value))


class Scan(_Native):
    """The 54 colour samples of a 3x3 scan, in facelet order."""

    __slots__ = ()

    def __init__(self, space=None):
        super().__init__(_c.Scan(int(ColorSpace.SRGB if space is None else ColorSpace(space))))

    @classmethod
    def parse(cls, text: str) -> "Scan":
        """From JSON or six lines of nine #rrggbb colours."""
        return cls._of(_c.Scan.parse(_text(text, "text")))

    @classmethod
    def from_frames(cls, scan_plan: "Plan", frames: "Scan") -> "Scan":
        """Samples taken in a scan plan's frame order, put in facelet order."""
        return cls._of(_c.Scan.from_frames(_native(scan_plan, Plan, "scan_plan"), _native(frames, Scan, "frames")))

    @property
    def count(self) -> int:
        return self._n().count()

    @property
    def color_space(self) -> "ColorSpace":
        return ColorSpace(self._n().color_space())

    @property
    def colour_space(self) -> "ColorSpace":
        """Deprecated: the name of color_space before 1.3."""
        _deprecated("Scan.colour_space", "Scan.color_space")
        return self.color_space

    def set(self, index: int, c0: float, c1: float, c2: float, weight: float = 1.0) -> None:
        self._n().set(_int(index, "index"), float(c0), float(c1), float(c2), float(weight))

    def is_set(self, index: int) -> bool:
        return self._n().is_set(_int(index, "index"))

    def value(self, index: int, channel: int) -> float:
        return self._n().value(_int(index, "index"), _int(channel, "channel"))

    def weight(self, index: int) -> float:
        return self._n().weight(_int(index, "index"))

    def resolve(self, options: "ScanOptions" = None, **keywords) -> "ScanResult":
        """The most likely valid cube."""
        chosen = ScanOptions(**keywords) if options is None else options
        return ScanResult._of(self._n().resolve(_native(chosen, ScanOptions, "options")))


class ScanResult(_Native):
    """The answer of Scan.resolve(): the best cube, its confidences, the doubtful stickers, the alternatives."""

    __slots__ = ()

    @property
    def facelets(self) -> str:
        return self._n().facelets()

    @property
    def confidence(self) -> float:
        return self._n().confidence()

    @property
    def is_low(self) -> bool:
        return self._n().is_low()

    @property
    def search_complete(self) -> bool:
        return self._n().search_complete()

    def sticker_confidence(self, index: int) -> float:
        return self._n().sticker_confidence(_int(index, "index"))

    def doubtful(self) -> list:
        native = self._n()
        return [native.doubtful(index) for index in range(native.doubtful_count())]

    def alternatives(self) -> list:
        """(facelets, likelihood ratio to the best cube) pairs."""
        native = self._n()
        return [(native.alternative_facelets(i), native.alternative_ratio(i))
                for i in range(native.alternative_count())]

    def text(self) -> str:
        """The answer as `cube scan` prints it."""
        return self._n().text()

    def json(self) -> str:
        """The answer as `cube scan --json` prints it."""
        return self._n().json()

    def __str__(self) -> str:
        return self.facelets if self._h else repr(self)


# ---- Library -------------------------------------------------------------------------------------------------

def version() -> str:
    """libcube's version ("1.3.0")."""
    return _c.version()


def version_number() -> int:
    return _c.version_number()


def status_name(status) -> str:
    """"CUBE_ERROR_PARSE" for Status.PARSE."""
    return _c.status_name(int(Status(status)))


def status_message(status) -> str:
    return _c.status_message(int(Status(status)))


class CubeLib:
    """Version and status names (as the Java and C# CubeLib class)."""
    version = staticmethod(version)
    version_number = staticmethod(version_number)
    status_name = staticmethod(status_name)
    status_message = staticmethod(status_message)


version_number.__doc__ = _docs.DOCS["CubeLib.version_number"]
status_message.__doc__ = _docs.DOCS["CubeLib.status_message"]
_docs.apply(globals(), _c)


def _deprecated(old: str, new: str) -> None:
    warnings.warn(f"{old} is deprecated: use {new} (1.3 spells identifiers 'color')", DeprecationWarning,
                  stacklevel=3)


def __getattr__(name: str):
    """The names of 1.2 that 1.3 spells "color": ColourSpace is ColorSpace (deprecated, not in __all__)."""
    if name == "ColourSpace":
        _deprecated("libcube.ColourSpace", "libcube.ColorSpace")
        return ColorSpace
    raise AttributeError(f"module 'libcube' has no attribute {name!r}")
