"""What a window keeps of a design after File → Open of another (README, Speed: memory in
the window). Not a test; run from the repository root:

    QT_QPA_PLATFORM=offscreen .venv/bin/python tests/benchmarks/window_replaced_memory.py DESIGN.json

opens DESIGN.json in a window as ``designer FILE`` does, waits for its checks, opens the
bundled example through ``open_path`` (File → Open), lets Qt delete the old document and
views, and prints the Python memory blocks (``sys.getallocatedblocks``) held before and
after, counted from before the first window."""

from __future__ import annotations

import gc
import os
import sys
import tempfile
from pathlib import Path


def main(path: str) -> int:
    from PySide6.QtCore import QCoreApplication, QEvent, QSettings
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication([])
    from designer.catalog import load_catalog
    from designer.resources import example_design
    from designer.ui.document import DesignDocument
    from designer.ui.main_window import MainWindow

    catalog = load_catalog(include_user=False)
    settings = QSettings(str(Path(tempfile.mkdtemp()) / "w.ini"), QSettings.IniFormat)
    base = sys.getallocatedblocks()
    window = MainWindow(DesignDocument.open(path, catalog), settings)
    window.prompts.ask_save_changes = lambda title: "discard"
    window.show()
    window.doc.wait_for_analysis()
    app.processEvents()
    shown = sys.getallocatedblocks() - base
    window.open_path(example_design())
    window.doc.wait_for_analysis()
    for _ in range(5):
        QCoreApplication.sendPostedEvents(None, QEvent.DeferredDelete)
        QCoreApplication.processEvents()
    gc.collect()
    kept = sys.getallocatedblocks() - base
    print(f"window with {Path(path).name}: {shown:,} memory blocks; after File > Open of the example: {kept:,}")
    sys.stdout.flush()
    os._exit(0)  # the window's teardown is not what is measured


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
