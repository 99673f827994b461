"""Ctrl-C during a long native call (which holds no GIL and runs no Python): the call is cancelled at once and
KeyboardInterrupt comes out of it.

Python's own SIGINT handler only sets a flag that the main thread reads between bytecodes, so a long call would
finish first. On the first long call of the main thread this module gives Python's signal machinery a wakeup
pipe (signal.set_wakeup_fd, unless the program already set one, as asyncio does) and starts a daemon thread
reading it: on SIGINT it cancels the calls in progress (their CancelToken, or Driver.cancel()), they return
Status.CANCELLED, and the main thread then runs the default handler, which raises KeyboardInterrupt.
Nothing happens when SIGINT has a handler of the program's own, or off the main thread (Python delivers
signals to the main thread only).
"""
import os
import signal
import threading

_lock = threading.Lock()
_active = {}
_installed = None


def _watch(reader: int) -> None:
    while True:
        try:
            data = os.read(reader, 64)
        except OSError:
            return
        if not data:
            return
        if signal.SIGINT in data and signal.getsignal(signal.SIGINT) is signal.default_int_handler:
            with _lock:
                calls = list(_active.values())
            for call in calls:
                call.cancel_once()


def _install() -> bool:
    if signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
        return False
    reader, writer = os.pipe()
    os.set_blocking(writer, False)
    try:
        previous = signal.set_wakeup_fd(writer, warn_on_full_buffer=False)
    except ValueError:
        previous = None
    if previous != -1:
        if previous is not None:
            signal.set_wakeup_fd(previous)
        os.close(reader)
        os.close(writer)
        return False
    threading.Thread(target=_watch, args=(reader,), name="libcube-ctrl-c", daemon=True).start()
    return True


def watching() -> bool:
    """True on the main thread once the watcher runs (installed by the first call)."""
    global _installed
    if threading.current_thread() is not threading.main_thread():
        return False
    if _installed is None:
        _installed = _install()
    return _installed


class Cancelling:
    """While in this context, Ctrl-C calls `cancel` (from the watcher thread). Leaving waits for a cancel in
    progress, so that it never runs after the call ended, nor while the program exits."""

    __slots__ = ("_cancel", "_busy", "_ended")

    def __init__(self, cancel):
        self._cancel = cancel
        self._busy = threading.Lock()
        self._ended = False

    def cancel_once(self) -> None:
        with self._busy:
            if not self._ended:
                self._cancel()

    def __enter__(self):
        with _lock:
            _active[id(self)] = self
        return self

    def __exit__(self, *exc):
        with _lock:
            _active.pop(id(self), None)
        with self._busy:
            self._ended = True
        return False
