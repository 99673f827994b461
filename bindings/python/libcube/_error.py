"""The exceptions the extension module raises (libcube.CubeError) and its private callback marker."""


class CubeError(ValueError):
    """A libcube call failed: `status` is the library's status (a libcube.Status), `message` its message."""

    def __init__(self, message: str, status: int = -1):
        super().__init__(message)
        self.message = message
        self.status = _status(status)

    def __reduce__(self):
        return (type(self), (self.message, int(self.status)))


class OptimalSearchError(CubeError):
    """An optimal search that stopped before it found a solution: Status.TIMEOUT, CANCELLED, or UNSOLVABLE
    (nothing of at most max_length moves); `lower_bound` says how far it got (every solution has at least that
    many moves), `nodes` the positions it visited."""

    def __init__(self, message: str, status: int = -1, lower_bound: int = 0, nodes: int = 0):
        super().__init__(message, status)
        self.lower_bound = lower_bound
        self.nodes = nodes

    def __reduce__(self):
        return (type(self), (self.message, int(self.status), self.lower_bound, self.nodes))


class CallbackFailed(Exception):
    """Private: the listener at `address` kept an exception, which the pythonic layer raises again."""

    def __init__(self, address: int):
        super().__init__(address)
        self.address = address


def _status(value: int):
    # libcube.Status once the package is loaded; the plain int before (or for a value it does not know).
    try:
        from . import Status
        return Status(value)
    except (ImportError, ValueError):
        return value
