"""Long read-only work in a forked child process, so the window's UI thread never waits for
the interpreter lock.

The window's background work ran on Python threads, which share one interpreter lock with
the UI thread: every call from Qt into Python (a paint, a timer, a model's ``data()``) waits
for the worker to hand the lock over, and a worker inside a long C call (pydantic writing a
32,768-GPU design, a big sort) hands it over only when that call ends. Measured with the
window benchmark at 32,768 GPUs, the longest UI stall was 100-210 ms during a PDF export and
up to 179 ms during Mark failed, with the UI thread itself idle.

``forked(work)`` runs ``work()`` in a child made by ``os.fork``: a copy-on-write copy of the
process at that moment (the design as it is, nothing to serialise), in which only the
calling thread exists. The child computes, pickles the result (or the exception) down a pipe
and ends with ``os._exit``; the parent thread blocks on the pipe without holding the lock.
The work must not touch Qt (the child has no event loop and no other threads) and must not
rely on changing the parent's memory: it may write files and return a picklable value.

Where ``os.fork`` does not exist (Windows, or macOS where forking a process that has
started Cocoa is unsafe) or ``CLUSTER_DESIGNER_NO_FORK`` is set, ``work()`` runs in the
calling thread as before. Qt-free: it is only called from worker threads of ``background``.
"""

from __future__ import annotations

import gc
import os
import pickle
import signal
import sys
from collections.abc import Callable
from typing import Any

NO_FORK_ENV = "CLUSTER_DESIGNER_NO_FORK"


def fork_available() -> bool:
    return hasattr(os, "fork") and sys.platform.startswith("linux") and not os.environ.get(NO_FORK_ENV)


class ChildLost(RuntimeError):
    """The child ended without sending a result (killed, out of memory)."""


def _fresh_cached_property_locks() -> None:
    """In the child: Python 3.11's ``functools.cached_property`` guards each property with
    one lock for all instances; a thread of the parent that was computing one when the fork
    came left it held by a thread the child does not have. Every such lock is made anew."""
    import functools
    import threading

    if not hasattr(functools.cached_property(lambda _self: None), "lock"):
        return  # Python 3.12 and later hold no lock
    for module in list(sys.modules.values()):
        for value in list(vars(module).values()) if module is not None else ():
            if isinstance(value, type):
                for attr in list(vars(value).values()):
                    if isinstance(attr, functools.cached_property):
                        attr.lock = threading.RLock()


def _child(work: Callable[[], Any], write_fd: int) -> None:  # pragma: no cover - runs in the child
    try:
        # no cyclic collection in the copy: it could finalise the parent's Qt objects (a
        # C++ destructor run in a process without Qt's threads); reference counting still
        # frees what the work leaves, and the child ends when the work does
        gc.disable()
        _fresh_cached_property_locks()
        try:
            outcome: tuple[str, Any] = ("value", work())
        except BaseException as exc:  # handed to the parent, raised there
            outcome = ("error", exc)
        try:
            data = pickle.dumps(outcome, protocol=pickle.HIGHEST_PROTOCOL)
            pickle.loads(data)  # an exception that cannot be rebuilt is sent as its message
        except Exception as exc:
            message = str(outcome[1]) if outcome[0] == "error" else f"the result could not be sent back: {exc}"
            data = pickle.dumps(("error", RuntimeError(message)), protocol=pickle.HIGHEST_PROTOCOL)
        view = memoryview(data)
        while view:
            view = view[os.write(write_fd, view):]
        os.close(write_fd)
    finally:
        os._exit(0)


def forked(work: Callable[[], Any], started: Callable[[int], None] | None = None) -> Any:
    """``work()``, computed in a forked child; its value, or its exception raised here.
    ``started(pid)``: told the child's process id (to stop it, ``stop``)."""
    if not fork_available():
        return work()
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child
        os.close(read_fd)
        _child(work, write_fd)
    os.close(write_fd)
    if started is not None:
        started(pid)
    chunks = []
    try:
        while True:
            chunk = os.read(read_fd, 1 << 20)  # blocks without the interpreter lock
            if not chunk:
                break
            chunks.append(chunk)
    finally:
        os.close(read_fd)
        _, status = os.waitpid(pid, 0)
    if not chunks:
        if os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGTERM:
            raise ChildLost("the background process was stopped")
        raise ChildLost(f"the background process ended without a result (exit status {status})")
    kind, value = pickle.loads(b"".join(chunks))
    if kind == "error":
        raise value
    return value


def stop(pid: int) -> None:
    """Stop a child ``forked`` started (a cancelled export: its CPU is freed at once; what
    it left behind is the caller's to clean, as after any cancel)."""
    try:
        os.kill(pid, signal.SIGTERM)
    except ProcessLookupError:
        pass  # it had ended
