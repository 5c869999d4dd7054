"""Where the window's UI thread is when it stalls: opens a design (``sys.argv[1]``, e.g. one
made by ``designer new --server nvidia-dgx-h100 --nodes 2048 --switch nvidia-qm9700``),
adds a rack, and a watchdog thread records the UI thread's Python stack whenever a 10 ms
heartbeat is more than 60 ms late. Samples inside ``processEvents`` with no deeper Python
frame are Qt's own (C++) work. A developer's tool, not a test:

    QT_QPA_PLATFORM=offscreen .venv/bin/python tests/benchmarks/stall_watchdog.py DESIGN.json
"""

from __future__ import annotations

import sys
import threading
import time
import traceback
from collections import Counter

LATE_S = 0.06


def main(path: str) -> None:
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
        return doc.checker is not None and not doc.runner._running and not window.floor.drawing

    def wait(done) -> None:
        while not done():
            app.processEvents(QEventLoop.AllEvents | QEventLoop.WaitForMoreEvents, 50)

    wait(settled)
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
                frame = sys._current_frames().get(ui_thread)
                stack = traceback.extract_stack(frame)[-6:] if frame else []
                where = " <- ".join(f"{f.name}({f.filename.split('/')[-1]}:{f.lineno})" for f in reversed(stack))
                samples.append((round(late * 1000), where))

    threading.Thread(target=watchdog, daemon=True).start()
    done: list[bool] = []
    QTimer.singleShot(0, lambda: (window.add_rack(), done.append(True)))
    wait(lambda: bool(done) and settled())
    background.wait_for_jobs()
    stop[0] = True
    for where, count in Counter(s for _late, s in samples).most_common(12):
        print(count, where[:300])
    print("longest late heartbeat:", max((late for late, _s in samples), default=0), "ms")
    window.doc.undo_stack.setClean()
    window.close()


if __name__ == "__main__":
    main(sys.argv[1])
