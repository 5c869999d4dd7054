"""Long work off the UI thread, with a progress dialog and Cancel.

``run_with_progress`` hands a Qt-free function (an export, a save, a failure analysis)
to a pool thread and waits for it in a local event loop, so the window keeps painting
while it runs. A modal progress dialog says what is going on and keeps the user from
editing the design the function is reading; it appears only when the work takes longer
than ``PROGRESS_AFTER_MS`` (until then the window paints but takes no input). Cancel stops
the waiting at once: the function's result is
thrown away when it ends (Python cannot stop a thread mid-way), and ``on_cancel`` undoes
whatever it would have left behind.
"""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any
from collections.abc import Callable

from PySide6.QtCore import QEventLoop, QObject, Qt, QTimer, Signal, Slot
from PySide6.QtWidgets import QProgressDialog

from designer.ui import language
from designer.ui.isolated import forked
from designer.ui.isolated import stop as stop_child

PROGRESS_AFTER_MS = 300

# The window's work runs on Python threads, which take turns holding the interpreter lock:
# a thread that waits for it gets it once the holder's switch interval ends (5 ms by
# default). The UI thread takes and gives back the lock for every call from Qt into Python
# (each paint, each model data() call), so while a worker re-checked a 16,384-GPU design a
# repaint made of a few hundred such calls waited for seconds. Measured with the window
# benchmark (tests/benchmarks/test_ui_responsive_speed.py, 16,384 GPUs, longest UI-thread
# stall): default 5 ms: PDF export 791 ms, add rack 851 ms, mark failed 1,276 ms;
# 1 ms: 53 / 756 / 157 ms; 0.2 ms: 69 / 269 / 128 ms.
SWITCH_INTERVAL_S = 0.00002


def keep_ui_responsive() -> None:
    """Shorten the interpreter's thread switch interval for the window's process (the
    command-line tools keep Python's default)."""
    import sys

    if sys.getswitchinterval() > SWITCH_INTERVAL_S:
        sys.setswitchinterval(SWITCH_INTERVAL_S)


@dataclass
class Outcome:
    """What became of the work: ``value`` when it finished, ``error`` when it raised,
    ``cancelled`` when the user stopped waiting."""

    value: Any = None
    error: BaseException | None = None
    cancelled: bool = False
    seconds: float = 0.0
    extra: dict = field(default_factory=dict)


class _Router(QObject):
    """One object for every job's report, made once on the UI thread and never deleted: a job
    emits ``done(job, value, error)`` from its worker thread; the queued call runs on the UI
    thread and hands the result to the job's callback. A QObject per job, as before, was
    freed by whichever thread dropped the last reference: now and then the worker, and a
    QObject deleted outside its own thread crashed the window (segfault in run_with_progress
    under load: Mark failed in a fresh-clone test run, an estimates export another stop)."""

    done = Signal(int, object, object)  # job, value, error

    @Slot(int, object, object)
    def deliver(self, job: int, value, error) -> None:
        callback = _callbacks.pop(job, None)
        if callback is not None:
            callback(value, error)


_router: _Router | None = None
_callbacks: dict[int, Callable[[Any, BaseException | None], None]] = {}
_jobs = 0


def _run_job(work: Callable[[], Any], job: int, router: _Router) -> None:  # in a worker thread
    try:
        value = work()
    except BaseException as exc:  # handed back to the UI thread, raised there
        router.done.emit(job, None, exc)
        return
    router.done.emit(job, value, None)


# Python threads, not QRunnables: a QRunnable subclass the pool deletes when it ends
# while Python still holds its wrapper crashed the window now and then (segfault in the
# PDF export benchmark, one run in two); a queued signal from a plain thread is safe.
_executor: ThreadPoolExecutor | None = None
_futures: set[Future] = set()


def _start(work: Callable[[], Any], on_done: Callable[[Any, BaseException | None], None]) -> None:
    """``work()`` on a pool thread; ``on_done(value, error)`` on the UI thread after (called
    from the UI thread: the router is made there)."""
    global _executor, _router, _jobs
    if _executor is None:
        _executor = ThreadPoolExecutor(max_workers=2, thread_name_prefix="designer-work")
    if _router is None:
        _router = _Router()
        _router.done.connect(_router.deliver, Qt.QueuedConnection)
    _jobs += 1
    _callbacks[_jobs] = on_done  # holds the waiter until its job reports, even when nobody waits
    future = _executor.submit(_run_job, work, _jobs, _router)
    _futures.add(future)
    future.add_done_callback(_futures.discard)


class _Waiter:
    def __init__(self, loop: QEventLoop, outcome: Outcome) -> None:
        self.loop = loop
        self.outcome = outcome
        self.finished = False
        self.on_cancel: Callable[[Outcome], None] | None = None

    def done(self, value, error) -> None:  # on the UI thread (``_Router.deliver``)
        self.finished = True
        if self.outcome.cancelled:
            # an abandoned job has ended: clean up after it
            self.outcome.extra["late"] = (value, error)
            if self.on_cancel is not None:
                self.on_cancel(self.outcome)
            return
        self.outcome.value, self.outcome.error = value, error
        self.loop.quit()



# the open progress dialog (tests and screenshots look at it)
current_dialog: QProgressDialog | None = None


def run_with_progress(parent, label: str, work: Callable[[], Any], *, cancellable: bool = True,
                      on_cancel: Callable[[Outcome], None] | None = None, isolated: bool = False) -> Outcome:
    """Run ``work()`` in a pool thread; return when it ends or the user cancels. The UI
    thread keeps handling events meanwhile (input to other windows is blocked by the
    modal dialog). ``on_cancel(outcome)`` is called when a cancelled job finally ends,
    with ``outcome.extra["late"] = (value, error)``. ``isolated``: the work reads the design
    and writes files or returns a picklable value, never touching Qt or changing the design:
    it runs in a forked child (``designer.ui.isolated``), so the UI thread never waits for
    the interpreter lock while it runs."""
    import time

    global current_dialog
    started = time.perf_counter()
    loop = QEventLoop()
    outcome = Outcome()
    waiter = _Waiter(loop, outcome)
    children: list[int] = []
    _start((lambda: forked(work, children.append)) if isolated else work, waiter.done)
    # a short job ends without a dialog; meanwhile the window paints but takes no input
    timer = QTimer(singleShot=True, interval=PROGRESS_AFTER_MS)
    timer.timeout.connect(loop.quit)
    timer.start()
    loop.exec(QEventLoop.ExcludeUserInputEvents)
    timer.stop()
    if not waiter.finished:
        t = language.current()
        dialog = QProgressDialog(label, t("progress.cancel"), 0, 0, parent)
        dialog.setWindowTitle("Cluster Designer")  # the product name, never translated
        dialog.setWindowModality(Qt.WindowModal if parent is not None else Qt.ApplicationModal)
        dialog.setAutoClose(False)
        dialog.setAutoReset(False)
        dialog.setMinimumDuration(0)
        if not cancellable:
            dialog.setCancelButton(None)

        def cancel() -> None:
            if not waiter.finished:
                outcome.cancelled = True
                for pid in children:  # an isolated job's process is stopped, not waited for
                    stop_child(pid)
                loop.quit()

        dialog.canceled.connect(cancel)
        dialog.show()
        current_dialog = dialog
        while not waiter.finished and not outcome.cancelled:
            loop.exec()
        current_dialog = None
        dialog.canceled.disconnect(cancel)
        dialog.close()
        dialog.deleteLater()
    outcome.seconds = time.perf_counter() - started
    waiter.on_cancel = on_cancel if outcome.cancelled else None
    return outcome


def jobs_running() -> bool:
    """Whether any job (abandoned ones included) is still running: for a caller that waits
    with the event loop turning (a benchmark's heartbeat keeps ticking)."""
    return any(not future.done() for future in list(_futures))


def wait_for_jobs(msecs: int = 60000) -> bool:
    """Tests: until every job, abandoned ones included, has ended and reported."""
    from concurrent.futures import wait

    from PySide6.QtCore import QCoreApplication

    _not_done = wait(list(_futures), timeout=msecs / 1000).not_done
    QCoreApplication.processEvents()
    return not _not_done


def run_later(work: Callable[[], Any], on_done: Callable[[Any, BaseException | None], None]) -> None:
    """``work()`` in a pool thread, ``on_done(value, error)`` on the UI thread after; no
    dialog and no waiting (opening a file while the window is already up)."""
    _start(work, on_done)
