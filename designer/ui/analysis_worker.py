"""Heavy analysis off the UI thread, so the window never freezes on a big design.

The first full check of a large design and the re-analysis of a large fabric after
an edit run in a thread pool. Edits go on meanwhile: the document remembers what they
touched and re-checks exactly that when the result arrives; a fabric result that an
edit has made stale is dropped and the newer request's result used instead.
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal, Slot

from designer.checks import Change, Checker
from designer.fabric.analysis import analyse_fabric
from designer.fabric.graph import fabric_links
from designer.model.index import DesignIndex
from designer.ui.lifetime import disconnect_all

# Above this many links a fabric is analysed in the background (about 0.2 s of work).
LARGE_LINKS = 8000
# the collector's oldest generation: collected after this many younger collections
OLDEST_EVERY = 1_000_000


def keep_collections_short() -> None:
    """On a big design, keep Python's garbage collector from stopping every thread.

    A full collection walks every object: 0.3-0.6 s at 16,384 GPUs, holding the
    interpreter lock, so the window freezes whenever the worker's allocations trigger
    one. The objects there are now (the loaded design, its index) are frozen out of the
    collector's walks, and the oldest generation is collected only when asked. Garbage
    is still freed as it goes by reference counting; only reference cycles among
    long-lived objects wait (the designer makes few)."""
    gc.collect(1)
    gc.freeze()
    young, middle, _oldest = gc.get_threshold()
    gc.set_threshold(young, middle, OLDEST_EVERY)


class _Signals(QObject):
    done = Signal(int, object)
    index = Signal(int, object)


class _Task(QRunnable):
    def __init__(self, token: int, work, signals: _Signals) -> None:
        super().__init__()
        self.token = token
        self.work = work
        self.signals = signals

    def run(self) -> None:  # runs in a pool thread
        self.signals.done.emit(self.token, self.work())


class AnalysisRunner(QObject):
    ready = Signal(object)  # ("checker", Checker) | ("fabrics", {name: analysis})
    busy = Signal(bool)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(1)
        self.pending_change: Change | None = None
        self.checking = False
        self._generation: dict[str, int] = {}
        self._running = 0
        self._token = 0
        self._callbacks: dict[int, object] = {}
        self._signals = _Signals(self)
        self._signals.done.connect(self._finished)
        self._signals.index.connect(self._index_built)
        self._check_generation = 0

    @staticmethod
    def is_large(design, fabric: str | None) -> bool:
        if fabric is None:
            return len(design.links) > LARGE_LINKS
        return sum(1 for link in design.links if link.fabric == fabric) > LARGE_LINKS

    def remember(self, change: Change) -> None:
        self.pending_change = change if self.pending_change is None else self.pending_change.merge(change)

    def _start(self, work, on_done, quiet: bool = False) -> None:
        self._token += 1
        self._callbacks[self._token] = (on_done, quiet)
        if not quiet:
            self._running += 1
            if self._running == 1:
                self.busy.emit(True)
        self.pool.start(_Task(self._token, work, self._signals))

    def shut_down(self) -> None:
        """Its document is being replaced: work not started yet is dropped, and nothing that
        finishes calls back (the views and panels that asked are being deleted)."""
        self.pool.clear()
        self._callbacks.clear()
        for signal in (self.ready, self.busy):
            disconnect_all(signal)

    @Slot(int, object)
    def _finished(self, token: int, result) -> None:
        # a bound slot of this QObject: Qt queues it onto the UI thread
        found = self._callbacks.pop(token, None)
        if found is None:
            return  # asked for before ``shut_down``
        on_done, quiet = found
        if not quiet:
            self._running -= 1
        on_done(result)
        if not quiet and self._running == 0:
            self.busy.emit(False)

    def run(self, work, on_done) -> None:
        """Any read-only computation over the design, off the UI thread (not reported
        as fabric analysis)."""
        self._start(work, on_done, quiet=True)

    def full_check(self, design, cabling, *, index_first: bool = False, retired=None) -> None:
        """Check the whole design on the worker. ``index_first``: hand the fresh index
        to the UI thread as soon as it is built (``("index", DesignIndex)``), so the views
        can draw the edited design while the rules still run. ``retired``: a checker the
        UI thread no longer uses, dropped by the worker (freeing it takes tens of ms)."""
        graveyard = [retired] if retired is not None else []
        self.checking = True
        self._check_generation += 1
        generation = self._check_generation

        def done(checker):
            if generation != self._check_generation:
                return  # a later edit asked for a newer check
            self.checking = False
            self.ready.emit(("checker", checker))

        def work():
            graveyard.clear()  # the last reference: freed here, on the worker
            index = DesignIndex.build(design)
            if index_first:
                self._signals.index.emit(generation, index)
            return Checker(design, cabling, index)

        self._start(work, done)

    @Slot(int, object)
    def _index_built(self, generation: int, index) -> None:
        if generation == self._check_generation:
            self.ready.emit(("index", index))

    def analyse(self, design, fabrics: set[str]) -> None:
        wanted = {}
        for name in fabrics:
            self._generation[name] = self._generation.get(name, 0) + 1
            wanted[name] = self._generation[name]

        def work():
            index = DesignIndex.build(design)
            grouped = fabric_links(index)
            return {name: (gen, analyse_fabric(index, name, grouped.get(name, []))) for name, gen in wanted.items()}

        def done(results):
            fresh = {n: a for n, (gen, a) in results.items() if self._generation.get(n) == gen}
            if fresh:
                self.ready.emit(("fabrics", fresh))

        self._start(work, done)

    def wait(self, msecs: int = 60000) -> bool:
        return self.pool.waitForDone(msecs)
