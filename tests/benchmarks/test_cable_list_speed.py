"""The Cables dock on large designs (issue 14): time to open it (every cable listed) and
to apply a filter, at 1,024 and (``make bench``) 16,384 GPUs — the design
``designer new --server nvidia-dgx-h100 --nodes 2048 --switch nvidia-qm9700`` makes."""

from __future__ import annotations


import pytest
from PySide6.QtCore import QSettings

from designer.fabric.generate import GenerateSpec, generate
from designer.model.io import save_design

SIZES = (1024, 16384)


@pytest.fixture(params=SIZES)
def size(request):
    if request.param != SIZES[0] and not request.config.getoption("benchmark_enable", False):
        pytest.skip("the large size runs under make bench")
    return request.param


@pytest.fixture()
def window(size, bench_catalog, qapp, tmp_path):
    from designer.ui.document import DesignDocument
    from designer.ui.main_window import MainWindow

    path = tmp_path / f"{size}.json"
    save_design(generate(GenerateSpec(server="nvidia-dgx-h100", gpus=size, switch="nvidia-qm9700"), bench_catalog),
                path)
    doc = DesignDocument.open(path, bench_catalog)
    win = MainWindow(doc, QSettings(str(tmp_path / "c.ini"), QSettings.IniFormat))
    win.resize(1600, 1000)
    win.show()
    doc.wait_for_analysis(300000)
    while doc.checker is None:
        qapp.processEvents()
    qapp.processEvents()
    yield win
    win.doc.undo_stack.setClean()
    win.close()
    win.deleteLater()


def test_cable_list_opens(benchmark, window, qapp, size, report_figure):
    def open_list():
        window.cables_dock.hide()
        window.cable_list._stale = True
        window.cables_dock.show()  # the dock's first show lists every cable
        window.cable_list.table.viewport().grab()
        return len(window.cable_list.model.shown)

    shown = benchmark.pedantic(open_list, rounds=3, iterations=1)
    assert shown == len(window.doc.design.links)
    if benchmark.enabled:
        report_figure(f"cable list: open, {size:,} GPUs ({shown:,} cables)", f"{benchmark.stats.stats.median:.3f} s")


def test_cable_list_filters(benchmark, window, qapp, size, report_figure):
    window.cables_dock.show()
    cables = window.cable_list
    rack = window.doc.design.racks[0].name
    choices = [dict(fabric="compute", rack="", search=""), dict(fabric="", rack=rack, search=""),
               dict(fabric="", rack="", search="osfp3"), dict(fabric="", rack="", search="")]
    started = [0]

    def filter_once():
        cables.set_filters(**choices[started[0] % len(choices)])
        started[0] += 1
        cables.table.viewport().grab()
        return len(cables.model.shown)

    benchmark.pedantic(filter_once, rounds=8, iterations=1)
    cables.set_filters(fabric="compute", rack="", search="")
    assert 0 < len(cables.model.shown) < len(window.doc.design.links)
    if benchmark.enabled:
        report_figure(f"cable list: one filter, {size:,} GPUs", f"{benchmark.stats.stats.median:.3f} s")
