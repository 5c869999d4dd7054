"""A design index and what it caches are freed by reference counting alone: no reference
cycle for the cyclic collector to find, which the window keeps away from what it froze
(``gc.freeze`` after a load and after a background check)."""

from __future__ import annotations

import gc
import sys
import weakref

from designer.checks.engine import Checker
from designer.model.index import DesignIndex
from designer.model.io import load_design
from designer.resources import example_design


def test_an_index_with_its_port_answers_is_freed_without_the_collector(catalog):
    design = load_design(example_design(), catalog)
    was = gc.isenabled()
    gc.disable()
    try:
        index = DesignIndex.build(design)
        link = design.links[0]
        assert index.ports.speed_gbps(link.a.device, link.a.port) is not None
        checker = Checker(design, catalog.cabling, index)
        assert checker.findings() is not None
        gone = weakref.ref(index)
        del index, checker
        assert gone() is None, "the index lives on in a reference cycle"
    finally:
        if was:
            gc.enable()


def test_a_frozen_design_is_freed_once_another_is_open(catalog):
    """The window opens B while A is still open (the load freezes both), then drops A:
    A's memory comes back (42 % of it stayed while its index and port resolver were a
    cycle)."""
    base = sys.getallocatedblocks()
    a = load_design(example_design(), catalog)
    index_a = DesignIndex.build(a)
    checker_a = Checker(a, catalog.cabling, index_a)
    assert checker_a.findings() is not None
    made = sys.getallocatedblocks() - base
    before_b = sys.getallocatedblocks()
    b = load_design(example_design(), catalog)  # freezes what exists now, A with it
    b_blocks = sys.getallocatedblocks() - before_b
    del a, index_a, checker_a
    gc.collect()
    left = sys.getallocatedblocks() - base - b_blocks
    assert b.links and left < made * 0.1, f"{left:,} of {made:,} blocks of the dropped design are left"


class _Probe:
    """Rides in a design's instance dict: freed with the design (a weak reference tells)."""


def test_opening_another_file_in_the_window_frees_the_first(qtbot, catalog, tmp_path):
    """File → Open in a window showing a design: once Qt has deleted the old document (its
    views and panels with it), the old design is freed, although the load of the new one
    froze it out of the collector's reach (where a reference cycle holds it, it stays)."""
    from PySide6.QtCore import QCoreApplication, QEvent

    from tests.conftest import example_window

    window = example_window(qtbot, catalog, tmp_path)
    window.doc.wait_for_analysis()
    probe = _Probe()
    window.doc.design.__dict__["_probe"] = probe
    freed = weakref.ref(probe)
    del probe
    assert window.open_path(example_design())
    window.doc.wait_for_analysis()
    assert "_probe" not in window.doc.design.__dict__
    for _ in range(3):  # the old views, panels and document, deleted by Qt's event loop
        QCoreApplication.sendPostedEvents(None, QEvent.DeferredDelete)
        QCoreApplication.processEvents()
    assert freed() is None, "the first design lives on"
    window.doc.runner.wait()
    window.close()


def test_a_replaced_document_calls_nothing_back(qtbot, catalog, tmp_path):
    """Review by helper-41: between File → Open and Qt deleting the old document, a result of
    its runner, or a signal it sent, reached the old views and panels, emptied as they were
    deleted ("'EstimatesPanel' object has no attribute '_generation'"). The old document is
    shut down first: its signals reach nothing, its runner's results call nothing back."""
    from tests.conftest import example_window

    window = example_window(qtbot, catalog, tmp_path)
    window.doc.wait_for_analysis()
    old = window.doc
    heard: list[str] = []
    old.findings_changed.connect(lambda _f: heard.append("findings"))
    old.runner._callbacks[999] = (lambda _r: heard.append("callback"), True)
    old.runner.pool.start(lambda: None)  # work not started by the time the file changes is dropped
    assert window.open_path(example_design())
    old.findings_changed.emit([])
    old.runner._finished(999, None)  # a result that lands after the switch
    assert heard == []
    assert window.doc is not old
    window.doc.runner.wait()
    window.close()


def _deleted_by_qt() -> None:
    from PySide6.QtCore import QCoreApplication, QEvent

    for _ in range(3):
        QCoreApplication.sendPostedEvents(None, QEvent.DeferredDelete)
        QCoreApplication.processEvents()


def test_the_port_and_cable_panels_and_a_wizard_design_go_too(qtbot, catalog, tmp_path, monkeypatch):
    """Review by helper-42: the Ports and Cables panels of the old document (a tuple per
    cable) and a design made in the wizard (the wizard, a child of the window, kept it)
    outlived File → Open."""
    from designer.ui import wizard as wizard_module
    from tests.conftest import example_window

    def press_ok(self) -> int:  # the user waits for the preview and presses OK
        qtbot.waitUntil(lambda: self.design is not None and self.ok_button.isEnabled(), timeout=20000)
        return 1

    monkeypatch.setattr(wizard_module.NewDesignWizard, "exec", press_ok)
    window = example_window(qtbot, catalog, tmp_path)
    window.doc.wait_for_analysis()
    window.new_from_wizard()
    window.doc.wait_for_analysis()
    window.cables_dock.show()
    probes = {}
    for name, holder in (("wizard design", window.doc.design), ("ports", window.ports),
                         ("cables", window.cable_list)):
        probe = _Probe()
        holder.__dict__["_probe"] = probe
        probes[name] = weakref.ref(probe)
        del probe
    assert window.open_path(example_design())
    window.doc.wait_for_analysis()
    _deleted_by_qt()
    assert [name for name, ref in probes.items() if ref() is not None] == []
    assert not window.findChildren(wizard_module.NewDesignWizard)
    window.doc.runner.wait()
    window.close()
