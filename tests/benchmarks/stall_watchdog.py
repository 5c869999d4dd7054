"""Where the window's UI thread is when it stalls: opens a design (``sys.argv[1]``, e.g. one
made by ``designer new --server nvidia-dgx-h100 --nodes 2048 --switch nvidia-qm9700``),
runs an operation (``sys.argv[2]``: add_rack (default), mark_failed or pdf_export), and a
watchdog thread records the UI thread's Python stack — and the other threads' — whenever a
10 ms heartbeat is more than 60 ms late. Samples inside ``processEvents`` with no deeper
Python frame are Qt's own (C++) work, or the UI thread waiting for the interpreter lock a
worker holds (the worker's stack says what it was doing). A developer's tool, not a test:

    QT_QPA_PLATFORM=offscreen .venv/bin/python tests/benchmarks/stall_watchdog.py DESIGN.json [OPERATION]
"""

from __future__ import annotations

import sys
import threading
import time
import traceback

LATE_S = 0.06


def _where(frame, depth: int) -> str:
    stack = traceback.extract_stack(frame)[-depth:] if frame else []
    return " <- ".join(f"{f.name}({f.filename.split('/')[-1]}:{f.lineno})" for f in reversed(stack))


def main(path: str, operation: str = "add_rack") -> None:
    from PySide6.QtCore import QEventLoop, QSettings, QTimer
    from PySide6.QtWidgets import QApplication

    app = QApplication([])
    from designer.catalog import load_catalog
    from designer.ui import background
    from designer.ui.document import DesignDocument
    from designer.ui.main_window import MainWindow

    catalog = load_catalog(include_user=False)
    settings = QSettings(QSettings.IniFormat, QSettings.UserScope, "cluster-designer-watchdog")
    window = MainWindow(DesignDocument.open(path, catalog), settings)
    window.resize(1600, 1000)
    window.show()

    def settled() -> bool:
        doc = window.doc
        return (doc.checker is not None and not doc.runner._running and not window.floor.drawing
            and not window.estimates.estimating)  # the estimates an edit asks for 200 ms later

    def wait(done) -> None:
        while not done():
            app.processEvents(QEventLoop.AllEvents | QEventLoop.WaitForMoreEvents, 50)

    wait(settled)
    switch = None
    if operation == "mark_failed":  # the topology drawn before the heartbeat starts
        window.tabs.setCurrentWidget(window.topology)
        wait(lambda: bool(window.topology.switch_items))
        switch = next(iter(window.topology.switch_items))
    wait(lambda: not background.jobs_running())
    ui_thread = threading.get_ident()
    last = [time.perf_counter()]
    samples: list[tuple[int, str]] = []
    stop = [False]
    heartbeat = QTimer(interval=10)
    heartbeat.timeout.connect(lambda: last.__setitem__(0, time.perf_counter()))
    heartbeat.start()

    def watchdog() -> None:
        while not stop[0]:
            time.sleep(0.01)
            late = time.perf_counter() - last[0]
            if late > LATE_S:
                frames = sys._current_frames()
                others = [_where(f, 4) for tid, f in frames.items() if tid not in (ui_thread, threading.get_ident())]
                where = _where(frames.get(ui_thread), 6)
                samples.append((round(late * 1000), where + "  || others: " + " ## ".join(o for o in others if o)))

    threading.Thread(target=watchdog, daemon=True).start()
    done: list[bool] = []
    act = {"add_rack": window.add_rack, "mark_failed": lambda: window.topology.fail(switch),
           "pdf_export": lambda: window.export_in_background("pdf", "/tmp/stall-watchdog.pdf", "en")}[operation]
    QTimer.singleShot(0, lambda: (act(), done.append(True)))
    wait(lambda: bool(done) and settled() and not background.jobs_running())
    stop[0] = True
    for late, where in sorted(samples, reverse=True)[:12]:  # the latest heartbeats first
        print(f"{late} ms", where[:600])
    print("longest late heartbeat:", max((late for late, _s in samples), default=0), "ms")
    window.doc.undo_stack.setClean()
    window.close()


if __name__ == "__main__":
    main(*sys.argv[1:3])
