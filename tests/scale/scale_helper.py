"""Helpers shared by the tests of split batches, Slurm and haproxy."""
import socket


def lines_of(path):
    """The complete lines (newlines) of a file; 0 when it does not exist yet."""
    try:
        with open(path, "rb") as f:
            return f.read().count(b"\n")
    except FileNotFoundError:
        return 0


def free_port():
    """A loopback TCP port free now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]
