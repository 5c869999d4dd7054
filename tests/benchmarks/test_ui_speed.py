"""The window on large designs: time to open (until the findings are in), peak Python
memory while opening, and the time to draw a frame of each view after a zoom/pan."""

from __future__ import annotations

import time
import tracemalloc

import pytest
from PySide6.QtCore import QSettings

from designer.fabric.generate import GenerateSpec, generate
from designer.model.io import save_design


@pytest.fixture()
def big_file(tmp_path, bench_catalog, gpus):
    path = tmp_path / f"{gpus}.json"
    save_design(generate(GenerateSpec(server="nvidia-dgx-h100", gpus=gpus, switch="nvidia-qm9700"), bench_catalog), path)
    return path


def _open(path, catalog, qapp, settings):
    from designer.ui.document import DesignDocument
    from designer.ui.main_window import MainWindow

    doc = DesignDocument.open(path, catalog)
    window = MainWindow(doc, settings)
    window.resize(1600, 1000)
    window.show()
    doc.wait_for_analysis(300000)
    while doc.checker is None:
        qapp.processEvents()
    qapp.processEvents()
    return window


def _close(window):
    window.doc.undo_stack.setClean()
    window.close()
    window.deleteLater()


def test_open_large_design(benchmark, bench_catalog, big_file, qapp, tmp_path, gpus):
    settings = QSettings(str(tmp_path / "bench.ini"), QSettings.IniFormat)

    def open_and_close():
        window = _open(big_file, bench_catalog, qapp, settings)
        findings = len(window.doc.findings)
        _close(window)
        return findings

    findings = benchmark.pedantic(open_and_close, rounds=2, iterations=1)
    tracemalloc.start()
    _close(_open(big_file, bench_catalog, qapp, settings))
    _current, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    benchmark.extra_info.update(gpus=gpus, peak_mb=round(peak / 1e6, 1), findings=findings)


@pytest.mark.parametrize("view", ["floor", "racks", "topology"])
def test_frame_time(benchmark, bench_catalog, big_file, qapp, tmp_path, gpus, view):
    window = _open(big_file, bench_catalog, qapp, QSettings(str(tmp_path / "f.ini"), QSettings.IniFormat))
    widget = {"floor": window.floor, "racks": window.racks, "topology": window.topology.view}[view]
    window.tabs.setCurrentIndex(["floor", "racks", "topology"].index(view))
    started = time.perf_counter()
    qapp.processEvents()
    benchmark.extra_info["show_s"] = round(time.perf_counter() - started, 3)

    def zoom_pan_and_draw():
        widget.scale(1.1, 1.1)
        widget.horizontalScrollBar().setValue(widget.horizontalScrollBar().value() + 30)
        return widget.viewport().grab()

    image = benchmark.pedantic(zoom_pan_and_draw, rounds=10, iterations=1)
    benchmark.extra_info["gpus"] = gpus
    assert not image.isNull()
    _close(window)
