"""Issue 13, parts 3 and 6: long work off the UI thread (with progress and Cancel), a big
design's views that draw little when zoomed out, and drops that land.

Small designs only: what makes a design "big" (more than ``LARGE_LINKS`` links) is
lowered for the tests that follow the big-design paths. No sleeps: the tests wait on
the document and the views with ``qtbot.waitUntil``. Timings are for ``make bench``.
"""

from __future__ import annotations

import os

import pytest
from PySide6.QtCore import QMimeData, QPointF, QSettings, Qt, QTimer
from PySide6.QtGui import QColor, QDragMoveEvent, QDropEvent
from PySide6.QtWidgets import QPushButton

from designer.checks import Checker
from designer.model.io import dumps_design, load_design, save_design
from designer.resources import example_design
from designer.ui import background
from designer.ui.app import open_window
from designer.ui.rack_view import PART_MIME


@pytest.fixture()
def window(qtbot, catalog, tmp_path):
    """The example in a window, as ``designer FILE`` opens it; errors collected."""
    example = tmp_path / "example.json"
    save_design(load_design(example_design(), catalog), example)
    shown = open_window(str(example), catalog, QSettings(str(tmp_path / "r.ini"), QSettings.IniFormat))
    qtbot.addWidget(shown)
    errors: list[str] = []
    shown.prompts.errors = errors
    shown.prompts.show_error = lambda _title, message: errors.append(message)
    shown.prompts.ask_save_changes = lambda _title: "discard"
    shown.resize(1400, 900)
    shown.show()
    yield shown
    shown.doc.runner.wait()
    background.wait_for_jobs()  # abandoned jobs too
    shown.close()
    shown.deleteLater()


@pytest.fixture()
def big(monkeypatch):
    """Every design counts as big: the background paths run on the example."""
    from designer.ui import analysis_worker, deferred, document

    monkeypatch.setattr(analysis_worker, "LARGE_LINKS", 0)
    monkeypatch.setattr(document, "BACKGROUND_RECHECK_LINKS", 0)
    monkeypatch.setattr(deferred, "BIG_LINKS", 0)


def _event_at(view, rack: str, face: str, u: int, kind, slug="nvidia-qm9700"):
    slot = next(f for f in view.faces if f.rack == rack and f.face == face)
    point = view.mapFromScene(QPointF(slot.rect.center().x(), (slot.u_total - u) * 18.0 + 9.0))
    mime = QMimeData()
    mime.setData(PART_MIME, slug.encode())
    where = QPointF(point) if kind is QDropEvent else point
    return kind(where, Qt.CopyAction, mime, Qt.LeftButton, Qt.NoModifier), mime


# -- part 6: drops that land ----------------------------------------------------------


def test_a_part_dropped_on_a_taken_u_snaps_to_the_nearest_free_slot(window):
    doc = window.doc
    window.open_rack("A01")
    # A01: four DGX H100 in U1-U32; U32 is the top of node004, U33 is free
    event, _mime = _event_at(window.racks, "A01", "front", 32, QDropEvent)
    window.racks.dropEvent(event)
    assert event.isAccepted()
    added = doc.design.devices[-1]
    assert (added.device_type, added.rack, added.position_u) == ("nvidia-qm9700", "A01", 33)


def test_a_drop_deep_inside_a_full_block_is_still_refused(window):
    window.open_rack("A01")
    devices = len(window.doc.design.devices)
    event, _mime = _event_at(window.racks, "A01", "front", 12, QDropEvent)  # 4 U from any free slot
    window.racks.dropEvent(event)
    assert not event.isAccepted()
    assert len(window.doc.design.devices) == devices


def test_the_status_bar_follows_the_hover_not_an_earlier_refusal(window):
    window.open_rack("A01")
    view = window.racks
    refused, _m1 = _event_at(view, "A01", "front", 12, QDragMoveEvent)
    view.dragMoveEvent(refused)
    assert "Cannot place" in window.statusBar().currentMessage()
    fine, _m2 = _event_at(view, "A01", "front", 36, QDragMoveEvent)
    view.dragMoveEvent(fine)
    message = window.statusBar().currentMessage()
    assert "Cannot" not in message and "fits at A01 U36" in message
    view.dragLeaveEvent(None)
    assert window.statusBar().currentMessage() == ""


# -- part 3: long work on a worker ----------------------------------------------------------


def test_pdf_export_runs_on_a_worker_with_a_progress_dialog_and_writes_the_file(window, tmp_path):
    target = tmp_path / "proposal.pdf"
    seen = []

    def look():  # while the worker writes, the dialog is up and the window still runs timers
        if background.current_dialog is not None:
            seen.append(background.current_dialog.labelText())
        else:
            QTimer.singleShot(20, look)

    QTimer.singleShot(0, look)
    written = window.export_in_background("pdf", str(target), "en")
    assert written == [target] and target.read_bytes().startswith(b"%PDF")
    assert seen and "proposal.pdf" in seen[0]
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".export-")]  # scratch gone


def test_cancelling_an_export_leaves_the_old_file_and_no_scratch(window, tmp_path, qtbot, monkeypatch):
    target = tmp_path / "proposal.pdf"
    target.write_bytes(b"old")
    # the export runs in a forked child: it waits on a pipe the test holds (an Event of this
    # process would never be set in the child's copy)
    hold, release = os.pipe()

    def slow_export(what, path, variant=None):  # an export that takes until the test says
        os.read(hold, 1)
        with open(path, "wb") as handle:
            handle.write(b"%PDF new")
        return [path]

    monkeypatch.setattr(window, "export_to", slow_export)

    def cancel():
        if background.current_dialog is not None:  # the user presses its Cancel button
            background.current_dialog.findChild(QPushButton).click()
        else:
            QTimer.singleShot(20, cancel)

    QTimer.singleShot(0, cancel)
    assert window.export_in_background("pdf", str(target), "en") is None
    assert "cancelled" in window.statusBar().currentMessage()
    os.write(release, b"x")  # (the cancel stopped the child; were it alive, this ends it)
    background.wait_for_jobs()
    os.close(hold), os.close(release)
    qtbot.waitUntil(lambda: not [p for p in tmp_path.iterdir() if p.name.startswith(".export-")])
    assert target.read_bytes() == b"old"


def test_an_export_refused_by_the_exporter_shows_its_message(window, tmp_path):
    assert window.export_in_background("pdf", str(tmp_path / "no-such-folder" / "x.pdf"), "en") is None
    assert window.prompts.errors and "does not exist" in window.prompts.errors[0]


def test_save_writes_on_a_worker_and_marks_the_design_saved(window):
    from designer.ui.commands import MoveDevice

    doc = window.doc
    doc.push(MoveDevice(doc, "oob-A01", "A01", 41, "rear"))
    assert doc.modified
    assert window.save()
    assert not doc.modified
    assert doc.path.read_text() == dumps_design(doc.design)


def test_mark_failed_answers_from_the_worker(window):
    window.tabs.setCurrentWidget(window.topology)
    impact = window.topology.fail("cmp-spine01")
    assert impact is not None
    assert impact.bisection_after_gbps < impact.bisection_before_gbps
    assert window.topology.failed == "cmp-spine01"
    assert window.doc.selection == ("device", "cmp-spine01")


def test_a_big_designs_add_rack_rechecks_only_its_rack_and_room(big, window, qtbot):
    """Adding a rack to a big design re-checks that rack and its room on the UI thread (no
    re-check of everything on the worker, whose lock-sharing stalled the window), and the
    findings equal a full check's; undo likewise."""
    doc = window.doc
    qtbot.waitUntil(lambda: doc.checker is not None)
    checker = doc.checker
    racks = set(window.floor.items_by_rack)
    window.add_rack()
    new = next(r.name for r in doc.design.racks if r.name not in racks)
    assert doc.checker is checker and not doc.rechecking  # the same checker, updated in place
    qtbot.waitUntil(lambda: new in window.floor.items_by_rack)
    fresh = Checker(doc.design, doc.catalog.cabling).findings()
    assert [(f.code, f.message) for f in doc.findings] == [(f.code, f.message) for f in fresh]
    doc.undo_stack.undo()
    assert doc.checker is checker
    qtbot.waitUntil(lambda: new not in window.floor.items_by_rack)
    fresh = Checker(doc.design, doc.catalog.cabling).findings()
    assert [(f.code, f.message) for f in doc.findings] == [(f.code, f.message) for f in fresh]


def test_a_big_fabrics_topology_is_laid_out_on_the_worker(big, window, qtbot):
    window.tabs.setCurrentWidget(window.topology)
    topo = window.topology
    topo.rebuild()
    assert not topo.switch_items  # asked for; drawn when the worker's layout comes
    qtbot.waitUntil(lambda: bool(topo.switch_items))
    assert "cmp-spine01" in topo.switch_items


# -- level of detail ------------------------------------------------------------------------


def test_the_floor_zoomed_far_out_is_one_drawing_and_still_answers_clicks(window, qtbot):
    floor = window.floor
    window.tabs.setCurrentWidget(floor)
    floor.fit()
    for _ in range(12):
        floor.zoom_out()
    floor.resetTransform()
    floor.scale(0.01, 0.01)  # a 600 mm rack is 6 px
    floor.scale_changed()
    assert floor.detail == "overview"
    assert floor.overview.isVisible() and not floor.items_by_rack["A01"].isVisible()
    item = floor.items_by_rack["A01"]
    centre = floor.mapFromScene(item.mapToScene(item.rect().center()))
    assert floor.rack_at(centre) == "A01"
    assert not floor.is_empty_at(centre)
    opened = []
    floor.open_rack.connect(opened.append)
    qtbot.mouseDClick(floor.viewport(), Qt.LeftButton, pos=centre)
    assert opened == ["A01"]
    assert "A01" in floor.tooltip_at(centre)
    floor.fit()
    floor.resetTransform()
    floor.scale(1.0, 1.0)  # 600 px a rack: everything drawn
    floor.scale_changed()
    assert floor.detail == "full" and item.isVisible() and item.label.isVisible()


# -- the View menu's words ----------------------------------------------------------------------


def test_the_view_menu_has_fit_and_zoom_entries_in_both_languages(window):
    texts = [a.text() for a in window.menu_view.actions()]
    assert "Fit to window" in texts and "Zoom &in" in texts and "Zoom &out" in texts
    window.set_language("zh")
    texts = [a.text() for a in window.menu_view.actions()]
    assert "适应窗口" in texts and "放大(&I)" in texts and "缩小(&O)" in texts
    window.set_language("en")


def test_renaming_a_room_keeps_the_floors_racks_and_retitles_the_room(window):
    from designer.ui.commands import SetProperty

    doc, floor = window.doc, window.floor
    room = doc.design.site.rooms[0].name
    items = dict(floor.items_by_rack)
    doc.push(SetProperty(doc, "room", room, "name", "Hall X", "field.name"))
    assert floor.items_by_rack == items  # the same items: not drawn again
    assert "Hall X" in floor.room_items and floor.room_items["Hall X"].room_name == "Hall X"
    assert any("Hall X" in title.text() for title in floor.room_titles)
    doc.undo_stack.undo()
    assert room in floor.room_items and floor.items_by_rack == items


def test_a_big_designs_racks_are_coloured_by_load_before_its_first_check_lands(big, monkeypatch, qtbot, catalog,
                                                                            tmp_path):
    """Before: the floor of a big design stayed grey until its first check landed (26 s at
    131,072 GPUs). Loads come from the design: the racks are coloured at once; the colours
    the check brings for load are the same; findings colouring waits for the check."""
    from designer.ui import analysis_worker

    held = []  # the first full check, held back: the window draws with no checker
    monkeypatch.setattr(analysis_worker.AnalysisRunner, "full_check",
                        lambda self, design, cabling, **kw: held.append((design, cabling)))
    example = tmp_path / "example.json"
    save_design(load_design(example_design(), catalog), example)
    shown = open_window(str(example), catalog, QSettings(str(tmp_path / "r.ini"), QSettings.IniFormat))
    qtbot.addWidget(shown)
    doc, floor = shown.doc, shown.floor
    assert held and doc.checker is None and floor.items_by_rack
    grey = QColor("#c8c8c8").rgba()
    before = {name: item.brush().color().rgba() for name, item in floor.items_by_rack.items()}
    assert grey not in before.values(), "a rack is still uncoloured before the first check"
    assert all(item.value.text().endswith("%") for item in floor.items_by_rack.values())
    floor.set_metric("findings")  # no findings yet: each rack says it is being checked
    assert {item.brush().color().rgba() for item in floor.items_by_rack.values()} == {grey}
    assert {item.value.text() for item in floor.items_by_rack.values()} == {"checking"}
    assert "checking" in floor.legend.text()
    with qtbot.waitSignal(doc.findings_changed, timeout=10000):
        doc._analysis_ready(("checker", Checker(*held[0])))
    qtbot.waitUntil(lambda: not floor.drawing)
    # the check landed: every rack by its worst finding (the example's are all warnings or none)
    assert grey not in {item.brush().color().rgba() for item in floor.items_by_rack.values()}
    assert "checking" not in {item.value.text() for item in floor.items_by_rack.values()}
    assert "checking" not in floor.legend.text()
    floor.set_metric("power")  # every rack again, now from the checker's loads: the same colours
    after = {name: item.brush().color().rgba() for name, item in floor.items_by_rack.items()}
    assert after == before
    shown.prompts.ask_save_changes = lambda _title: "discard"
    shown.close()


def test_a_big_designs_recheck_keeps_the_racks_colours_until_it_lands(big, window, qtbot, monkeypatch):
    """Found in review: once a re-check's fresh index came (the check itself still running),
    the findings colouring turned every rack grey, "checking". Only a design's first check
    shows that; a re-check leaves the colours as they were until it lands."""
    from designer.model.index import DesignIndex
    from designer.ui import analysis_worker
    from designer.ui.commands import SetProperty

    doc, floor = window.doc, window.floor
    qtbot.waitUntil(lambda: doc.checker is not None and not floor.drawing)
    held = []  # each re-check, held back
    monkeypatch.setattr(analysis_worker.AnalysisRunner, "full_check",
                        lambda self, design, cabling, **kw: held.append((design, cabling)))
    for metric in ("findings", "power"):
        floor.set_metric(metric)
        before = {n: (i.brush().color().rgba(), i.value.text()) for n, i in floor.items_by_rack.items()}
        held.clear()
        room = doc.design.site.rooms[0].name
        doc.push(SetProperty(doc, "room", room, "name", room + " X", "field.name"))  # a re-check of everything
        qtbot.waitUntil(lambda: not floor.drawing)
        assert held and doc.checker is None
        doc._analysis_ready(("index", DesignIndex.build(doc.design)))  # what the worker sends first
        qtbot.waitUntil(lambda: not floor.drawing)
        during = {n: (i.brush().color().rgba(), i.value.text()) for n, i in floor.items_by_rack.items()}
        assert during == before, f"{metric}: the racks changed colour while the re-check ran"
        doc._analysis_ready(("checker", Checker(*held[0])))
        qtbot.waitUntil(lambda: not floor.drawing)
        assert {n: (i.brush().color().rgba(), i.value.text()) for n, i in floor.items_by_rack.items()} == before
