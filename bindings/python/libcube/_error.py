"""The exceptions the extension module raises (libcube.CubeError) and its private callback marker."""


class CubeError(ValueError):
    """A libcube call failed: `status` is the library's status (a libcube.Status), `message` its message."""

    def __init__(self, message: str, status: int = -1):
        super().__init__(message)
        self.message = message
        self.status = _status(status)

    def __reduce__(self):
        return (type(self), (self.message, int(self.status)))


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
