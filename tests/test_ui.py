"""The designer window, headless (pytest-qt, QT_QPA_PLATFORM=offscreen)."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import QMimeData, QPointF, QSettings, QStandardPaths, Qt
from PySide6.QtGui import QDropEvent, QTextOption

from conftest import run_cli
from designer.model.io import dumps_design, load_design, save_design
from designer.resources import example_design
from designer.ui.app import offer_recovery
from designer.ui.document import DesignDocument
from designer.ui.main_window import MainWindow
from designer.ui.rack_view import PART_MIME


@pytest.fixture(autouse=True)
def _isolated_qt_settings(tmp_path, qapp, monkeypatch):
    # recovery files of this test only (not shared with another suite running meanwhile)
    monkeypatch.setenv("CLUSTER_DESIGNER_RECOVERY_DIR", str(tmp_path / "recovery"))
    QStandardPaths.setTestModeEnabled(True)
    QSettings.setDefaultFormat(QSettings.IniFormat)
    QSettings.setPath(QSettings.IniFormat, QSettings.UserScope, str(tmp_path / "settings"))
    from designer.ui import recovery

    for path, _meta in recovery.pending_recoveries():
        path.unlink()
        path.with_suffix(".meta").unlink(missing_ok=True)
    yield


@pytest.fixture()
def window(qtbot, catalog, tmp_path):
    path = tmp_path / "example.json"
    save_design(load_design(example_design(), catalog), path)
    doc = DesignDocument.open(path, catalog)
    win = MainWindow(doc, QSettings(str(tmp_path / "win.ini"), QSettings.IniFormat))
    qtbot.addWidget(win)
    win.prompts.ask_save_changes = lambda title: "discard"
    win.prompts.errors = []
    win.prompts.show_error = lambda title, message: win.prompts.errors.append(message)
    win.show()
    yield win
    win.doc.runner.wait()
    win.close()
    win.deleteLater()


def _drop(view, slug: str, rack: str, face: str, u: int) -> QDropEvent:
    """A drop of a palette part at the middle of U ``u`` of a rack face."""
    slot = next(f for f in view.faces if f.rack == rack and f.face == face)
    scene_y = (slot.u_total - u) * 18.0 + 9.0
    point = view.mapFromScene(QPointF(slot.rect.center().x(), scene_y))
    mime = QMimeData()
    mime.setData(PART_MIME, slug.encode())
    event = QDropEvent(QPointF(point), Qt.CopyAction, mime, Qt.LeftButton, Qt.NoModifier)
    view.dropEvent(event)
    return event


def test_dragging_a_part_onto_a_free_u_creates_it_and_undo_redo_restore_the_model(window):
    doc = window.doc
    window.open_rack("A01")
    before = dumps_design(doc.design)
    # A01: four DGX H100 in U1-U32, the out-of-band switch at U42 (rear): U33-U40 are free
    devices = len(doc.design.devices)
    event = _drop(window.racks, "nvidia-qm9700", "A01", "front", 34)
    assert event.isAccepted()
    assert len(doc.design.devices) == devices + 1
    added = doc.design.devices[-1]
    assert (added.device_type, added.rack, added.face) == ("nvidia-qm9700", "A01", "front")
    assert added.position_u == 34
    after = dumps_design(doc.design)
    doc.undo_stack.undo()
    assert dumps_design(doc.design) == before
    doc.undo_stack.redo()
    assert dumps_design(doc.design) == after


def test_dropping_onto_an_occupied_u_is_refused_with_the_reason(window, qtbot):
    doc = window.doc
    window.open_rack("A01")
    messages = []
    window.racks.status.connect(messages.append)
    devices = len(doc.design.devices)
    event = _drop(window.racks, "nvidia-qm9700", "A01", "front", 10)  # inside node002
    assert not event.isAccepted()
    assert len(doc.design.devices) == devices
    assert doc.undo_stack.count() == 0
    assert any("taken by node002" in m for m in messages)


def test_moving_a_server_over_the_budget_shows_the_finding_and_undo_clears_it(window, qtbot):
    from designer.ui.commands import MoveDevice

    doc = window.doc
    panel = window.findings
    assert panel.items("RACK_POWER_OVER_BUDGET") == []
    # A01 holds four DGX H100 and its out-of-band switch (40.9 kW of 44): a fifth pushes it over
    with qtbot.waitSignal(doc.findings_changed):
        doc.push(MoveDevice(doc, "node005", "A01", 33, "front"))
    items = panel.items("RACK_POWER_OVER_BUDGET")
    assert len(items) == 1
    assert "Rack A01 draws 51.1 kW at maximum, 7.1 kW over its 44.0 kW budget" in items[0].text(0)
    with qtbot.waitSignal(doc.findings_changed):
        doc.undo_stack.undo()
    assert panel.items("RACK_POWER_OVER_BUDGET") == []


def test_moving_by_dragging_in_the_elevation_merges_into_one_undo_step(window, qtbot):
    from designer.ui.commands import MoveDevice

    doc = window.doc
    doc.push(MoveDevice(doc, "oob-A01", "A01", 41, "rear"))
    doc.push(MoveDevice(doc, "oob-A01", "A01", 40, "rear"))
    assert doc.undo_stack.count() == 1
    assert doc.index.devices["oob-A01"].position_u == 40
    doc.undo_stack.undo()
    assert doc.index.devices["oob-A01"].position_u == 42


def test_clicking_a_finding_selects_its_object(window, qtbot):
    panel = window.findings
    item = panel.items("PSU_REDUNDANCY_LOST")[0]
    panel._clicked(item)
    assert window.doc.selection == ("rack", "A01")


def test_inspector_edits_are_validated_and_undoable(window, qtbot):
    doc = window.doc
    doc.select("rack", "A01")
    editor = window.inspector.editors[("rack", "A01", "power_budget_kw")]
    editor.setValue(30.0)
    editor.editingFinished.emit()
    assert doc.index.racks["A01"].power_budget_kw == 30.0
    assert any(f.code == "RACK_POWER_OVER_BUDGET" for f in doc.findings)
    name = window.inspector.editors[("rack", "A01", "name")]
    name.setText("A02")  # taken
    name.editingFinished.emit()
    assert "already exists" in window.inspector.error.text()
    doc.undo_stack.undo()
    assert doc.index.racks["A01"].power_budget_kw == 44.0


def test_save_close_and_reopen_through_the_window(window, tmp_path, qtbot, catalog):
    from designer.ui.commands import MoveDevice

    doc = window.doc
    doc.push(MoveDevice(doc, "oob-A01", "A01", 41, "rear"))
    assert window.isWindowModified()
    target = tmp_path / "saved.json"
    window.prompts.choose_path = lambda *a, **k: str(target)
    assert window.save_as()
    assert not window.isWindowModified()
    saved = dumps_design(doc.design)
    window.close()
    again = MainWindow(DesignDocument.open(target, catalog), QSettings(str(tmp_path / "w2.ini"), QSettings.IniFormat))
    qtbot.addWidget(again)
    assert dumps_design(again.doc.design) == saved
    assert str(target) in window.settings.value("recent_files")


def test_a_file_that_cannot_be_opened_leaves_the_current_design(window, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format_version": 99, "name": "x"}')
    before = dumps_design(window.doc.design)
    assert not window.open_path(bad)
    assert "needs version 99" in window.prompts.errors[0]
    assert dumps_design(window.doc.design) == before


def test_recovery_file_is_written_after_an_edit_and_offered_on_the_next_start(window, qtbot, catalog, tmp_path):
    from designer.ui import recovery
    from designer.ui.commands import MoveDevice

    doc = window.doc
    assert window.write_recovery() is None, "nothing to recover while saved"
    doc.push(MoveDevice(doc, "oob-A01", "A01", 41, "rear"))
    path = window.write_recovery()
    assert path is not None and path.exists()
    edited = dumps_design(doc.design)
    # a crash: no clean exit; the next start finds the file and offers it
    fresh = MainWindow(DesignDocument.open(doc.path, catalog), QSettings(str(tmp_path / "w3.ini"), QSettings.IniFormat))
    qtbot.addWidget(fresh)
    offered = []
    fresh.prompts.ask_restore = lambda original: offered.append(original) or True
    assert offer_recovery(fresh)
    assert offered == [str(doc.path)]
    assert dumps_design(fresh.doc.design) == edited
    assert fresh.doc.modified, "restored work is unsaved until saved"
    # a clean exit removes it
    fresh.prompts.ask_save_changes = lambda title: "discard"
    fresh.close()
    assert recovery.pending_recoveries() == []


def test_autosave_timer_writes_the_recovery_file(window, qtbot):
    from designer.ui import recovery
    from designer.ui.commands import MoveDevice

    window.doc.push(MoveDevice(window.doc, "oob-A01", "A01", 41, "rear"))
    window.autosave.setInterval(10)
    qtbot.waitUntil(lambda: bool(recovery.pending_recoveries()), timeout=5000)
    window.autosave.stop()


def test_topology_paths_and_failure(window):
    topo = window.topology
    window.tabs.setCurrentWidget(topo)
    topo.set_fabric("compute")
    topo.server_a.setCurrentText("node001")
    topo.server_b.setCurrentText("node016")
    count, switches = topo.show_paths()
    # leaf01 to leaf04 over 2 spines with 16 parallel links each way: 2 x 16 x 16
    assert count == 512
    assert {"cmp-spine01", "cmp-spine02"} <= switches
    impact = topo.fail("cmp-spine01")
    assert impact.bandwidth_lost_pct == 50.0
    assert impact.endpoints_cut_off == 0


def test_topology_tier_labels_count_cables_as_the_analysis_does(window):
    from PySide6.QtWidgets import QGraphicsSimpleTextItem

    topo = window.topology
    topo.set_fabric("oob")
    analysis = window.doc.checker.ctx.fabric_analysis("oob")
    lines = [item.text() for item in topo.view.scene().items() if isinstance(item, QGraphicsSimpleTextItem)]
    spine_line = next(line for line in lines if line.lower().startswith("spine"))
    # the aggregation switches' own management cables are endpoint cables, not leaf-spine ones
    assert f"· {analysis.links.leaf_spine} links" in spine_line, spine_line


def test_palette_search(window):
    palette = window.palette
    palette.search.setText("800g")
    slugs = palette.slugs()
    assert "nvidia-sn5600" in slugs and "nvidia-qm9700" not in slugs


def test_palette_marks_a_typical_draw_standing_in_for_the_maximum(window):
    """The SN2201 publishes a typical draw only (its maximum is unknown): the palette's kW is
    marked and says so, the DGX H100's published maximum is not."""
    palette = window.palette
    palette.search.setText("")
    items = {}
    for i in range(palette.tree.topLevelItemCount()):
        group = palette.tree.topLevelItem(i)
        for j in range(group.childCount()):
            items[group.child(j).data(0, Qt.UserRole)] = group.child(j)
    sn2201, dgx = items["nvidia-sn2201"], items["nvidia-dgx-h100"]
    assert window.catalog.device_types["nvidia-sn2201"].power.max_w is None
    assert sn2201.text(2).endswith("*") and "no maximum" in sn2201.toolTip(2)
    assert dgx.text(2) == "10.20" and not dgx.toolTip(2)


def test_first_layout_gives_the_side_docks_room(window, qtbot):
    """With no saved layout the parts palette shows its kW and kg columns and the right
    column (inspector, findings, estimates) is wide enough for a sum on one line; Qt's
    default gave the right column about 180 px and the estimates broke "≥ USD 44,864,872"."""
    from designer.ui.dock_layout import PARTS_DOCK_PX, RIGHT_DOCKS_PX

    window.resize(1600, 1000)
    window.show()
    qtbot.waitExposed(window)
    # the widths are set once the shown window has laid out
    qtbot.waitUntil(lambda: window.inspector_dock.width() >= RIGHT_DOCKS_PX - 20)
    assert window.findings_dock.width() == window.inspector_dock.width()  # the estimates share its tab
    assert window.parts_dock.width() >= PARTS_DOCK_PX - 60
    assert window.estimates.results.wordWrapMode() == QTextOption.WordWrap


def test_new_design_wizard_previews_and_creates(window, qtbot):
    from designer.ui.wizard import NewDesignWizard

    wizard = NewDesignWizard(window.catalog, window)
    qtbot.addWidget(wizard)
    wizard.count.setValue(127)
    qtbot.waitUntil(lambda: "32 leaf, 16 spine" in wizard.preview.text(), timeout=20000)
    assert wizard.ok_button.isEnabled()
    assert wizard.design is not None and len(wizard.design.devices) > 127
    assert "Left uncabled (customer network or by hand): " in wizard.preview.text()
    assert "127 x 10G inband-10g on nvidia-dgx-h100" in wizard.preview.text()
    wizard.rack_power.setValue(5)
    qtbot.waitUntil(lambda: "cannot hold it" in wizard.preview.text(), timeout=20000)
    assert not wizard.ok_button.isEnabled()


@pytest.mark.parametrize("view", ["floor", "rack:A01", "topology"])
def test_screenshot_of_each_view(tmp_path, view):
    from PySide6.QtGui import QImage

    out = tmp_path / f"{view.replace(':', '-')}.png"
    result = run_cli("--screenshot", out, example_design(), "--view", view)
    assert result.code == 0, result
    image = QImage(str(out))
    assert image.width() >= 800 and image.height() >= 600
    # not blank: many distinct colours in the picture
    colours = {image.pixel(x, y) for x in range(0, image.width(), 37) for y in range(0, image.height(), 29)}
    assert len(colours) > 8


def test_screenshot_in_chinese(tmp_path):
    """--lang zh: the window's words in Chinese (the menus differ from the English picture)."""
    from PySide6.QtGui import QImage

    pictures = {}
    for lang in ("en", "zh"):
        out = tmp_path / f"{lang}.png"
        assert run_cli("--screenshot", out, example_design(), "--lang", lang).code == 0
        pictures[lang] = QImage(str(out))
    menu = [(x, y) for x in range(0, 200, 2) for y in range(0, 20, 2)]  # the menu bar's words
    assert [pictures["en"].pixel(*p) for p in menu] != [pictures["zh"].pixel(*p) for p in menu]


def test_screenshot_refuses_an_unknown_rack(tmp_path):
    result = run_cli("--screenshot", tmp_path / "x.png", example_design(), "--view", "rack:Z99")
    assert result.code == 2 and 'no rack named "Z99"' in result.err


def test_estimates_panel_updates_live(window, qtbot):
    panel = window.estimates
    qtbot.waitUntil(lambda: panel.estimates is not None, timeout=10000)
    before = panel.estimates.tco.cloud_total
    editor = panel.editors[("cost", None, "cloud_price_per_gpu_hour")]
    editor.setValue(5.0)
    editor.editingFinished.emit()
    assert window.doc.design.estimates.cost.cloud_price_per_gpu_hour == 5.0
    qtbot.waitUntil(lambda: panel.estimates.tco.cloud_total == pytest.approx(2 * before), timeout=10000)
    assert "Break-even utilisation" in panel.results.toPlainText()
    window.doc.undo_stack.undo()
    assert window.doc.design.estimates.cost.cloud_price_per_gpu_hour == 2.5
    report = json.loads(run_cli("report", window.doc.path, "--json").out)
    qtbot.waitUntil(lambda: panel.estimates.tco.cloud_total == report["estimates"]["tco"]["cloud_total"],
                    timeout=10000)


def test_add_duplicate_and_delete_racks_and_devices(window, qtbot):
    from designer.ui.commands import AddRacks, DeleteObjects, DuplicateDevice, DuplicateRack

    doc = window.doc
    before = dumps_design(doc.design)
    racks = len(doc.design.racks)
    doc.push(AddRacks(doc, "rack-42u-600", 1, row="A"))
    added = doc.design.racks[-1]
    assert added.row == "A" and added.name == "A07"
    last = max((r for r in doc.design.racks[:-1] if r.row == "A"), key=lambda r: r.x_mm)
    assert added.x_mm == last.x_mm + 600
    doc.push(AddRacks(doc, "rack-42u-600", 4))
    new_row = doc.design.racks[-4:]
    assert {r.row for r in new_row} == {"B"} and new_row[0].facing == "north"
    assert "RACK_FLOOR_OVERLAP" not in {f.code for f in doc.findings}
    doc.push(DuplicateRack(doc, "A01"))
    copy = doc.design.racks[-1]
    assert len(doc.index.devices_by_rack[copy.name]) == len(doc.index.devices_by_rack["A01"])
    doc.push(DuplicateDevice(doc, "node001"))
    assert doc.design.devices[-1].rack == "A01" and doc.design.devices[-1].position_u == 33
    doc.push(DeleteObjects(doc, racks=["A02"]))
    assert "A02" not in doc.index.racks
    assert not any("node005" in (l.a.device, l.b.device) for l in doc.design.links), "cables to deleted devices go"
    assert len(doc.design.racks) == racks + 1 + 4 + 1 - 1
    while doc.undo_stack.canUndo():
        doc.undo_stack.undo()
    assert dumps_design(doc.design) == before


def test_renaming_a_device_follows_its_cables(window):
    from designer.ui.commands import SetProperty

    doc = window.doc
    cables = sum(1 for l in doc.design.links if "node001" in (l.a.device, l.b.device))
    doc.push(SetProperty(doc, "device", "node001", "name", "gpu-a01-1"))
    assert sum(1 for l in doc.design.links if "gpu-a01-1" in (l.a.device, l.b.device)) == cables
    assert not any(f.code == "LINK_ENDPOINT_MISSING" for f in doc.findings)
    doc.undo_stack.undo()
    assert "node001" in doc.index.devices


def test_export_from_the_window_uses_the_same_code_path(window, tmp_path):
    from pypdf import PdfReader

    out = tmp_path / "proposal.pdf"
    written = window.export_to("pdf", str(out), "en")
    assert [str(p) for p in written] == [str(out)]
    text = "\n".join(page.extract_text() for page in PdfReader(out).pages)
    assert "16-node DGX H100 training cluster" in text
    cli = tmp_path / "cli.pdf"
    assert run_cli("export", window.doc.path, "--pdf", cli).code == 0
    assert len(PdfReader(cli).pages) == len(PdfReader(out).pages)


def test_growth_stages_are_edited_in_the_estimates_panel(window, qtbot):
    panel = window.estimates
    doc = window.doc
    assert [s.name for s in doc.design.stages] == ["Stage 1 - pilot server", "Stage 2 - 16-node cluster"]
    name, date, racks, devices = panel.stage_editors[0]
    racks.setText("A01, A02")
    devices.setText("")
    racks.editingFinished.emit()
    assert doc.design.stages[0].racks == ["A01", "A02"]
    qtbot.waitUntil(lambda: panel.estimates is not None and panel.estimates.stages[0]["gpus"] == 64, timeout=10000)
    name, date, racks, devices = panel.stage_editors[0]
    racks.setText("A01, Z99")
    racks.editingFinished.emit()
    assert "Z99, which do not exist" in panel.error.text()
    assert doc.design.stages[0].racks == ["A01", "A02"], "a refused edit changes nothing"
    doc.undo_stack.undo()
    assert doc.design.stages[0].devices == ["node001"]


def test_starting_the_window_without_a_display_says_why(monkeypatch):
    monkeypatch.delenv("QT_QPA_PLATFORM", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.delenv("DISPLAY", raising=False)
    result = run_cli(example_design())
    assert result.code == 2 and "no display to open the window on" in result.err
    monkeypatch.setenv("DISPLAY", ":99")
    monkeypatch.setattr("designer.ui.app._missing_x11_library", lambda: "libxcb-icccm.so.4")
    result = run_cli(example_design())
    assert result.code == 2 and "cannot load libxcb-icccm.so.4" in result.err and "libxcb-icccm4" in result.err


def test_colour_metric_and_layout_persist(window, qtbot, catalog):
    window.metric_box.setCurrentIndex(window.metric_box.findData("weight"))
    assert window.floor.colour_metric == "weight"
    window.close()
    again = MainWindow(DesignDocument.open(window.doc.path, catalog), window.settings)
    qtbot.addWidget(again)
    assert again.metric_box.currentData() == "weight"
    assert again.floor.colour_metric == "weight"
    assert again.settings.value("geometry") is not None, "window geometry saved on close"


def test_dragging_a_device_in_the_elevation_moves_it(window):
    from PySide6.QtCore import QEvent
    from PySide6.QtGui import QMouseEvent

    view = window.racks
    window.open_rack("A01")
    doc = window.doc

    def at_u(face: str, u: int) -> QPointF:
        slot = next(f for f in view.faces if f.rack == "A01" and f.face == face)
        return QPointF(view.mapFromScene(QPointF(slot.rect.center().x(), (slot.u_total - u) * 18.0 + 9.0)))

    def send(kind, point, buttons):
        event = QMouseEvent(kind, point, view.viewport().mapToGlobal(point.toPoint()), Qt.LeftButton, buttons,
                            Qt.NoModifier)
        {QEvent.MouseButtonPress: view.mousePressEvent, QEvent.MouseMove: view.mouseMoveEvent,
         QEvent.MouseButtonRelease: view.mouseReleaseEvent}[kind](event)

    # the out-of-band switch (1 U, rear) from U42 down to U40
    send(QEvent.MouseButtonPress, at_u("rear", 42), Qt.LeftButton)
    send(QEvent.MouseMove, at_u("rear", 41), Qt.LeftButton)
    send(QEvent.MouseButtonRelease, at_u("rear", 40), Qt.NoButton)
    assert doc.index.devices["oob-A01"].position_u == 40
    assert doc.undo_stack.count() == 1
    # onto a DGX: refused, nothing changes
    send(QEvent.MouseButtonPress, at_u("rear", 40), Qt.LeftButton)
    send(QEvent.MouseButtonRelease, at_u("rear", 20), Qt.NoButton)
    assert doc.index.devices["oob-A01"].position_u == 40
    assert doc.undo_stack.count() == 1


def test_inspector_moves_a_device_like_a_drag(window):
    doc = window.doc
    doc.select("device", "node005")
    rack = window.inspector.editors[("device", "node005", "rack")]
    rack.setText("A01")  # same U1 in A01 is taken by node001
    rack.editingFinished.emit()
    assert "taken by node001" in window.inspector.error.text()
    assert doc.index.devices["node005"].rack == "A02"
    position = window.inspector.editors[("device", "node005", "position_u")]
    position.setValue(33)  # U33-U40 of A02 are free
    position.editingFinished.emit()
    assert doc.index.devices["node005"].position_u == 33
    rack = window.inspector.editors[("device", "node005", "rack")]
    rack.setText("A01")  # U33-U40 of A01 are free too
    rack.editingFinished.emit()
    assert doc.index.devices["node005"].rack == "A01"
    assert any(f.code == "RACK_POWER_OVER_BUDGET" and f.objects == ["A01"] for f in doc.findings)
    assert len(doc.index.devices_by_rack["A02"]) == len([d for d in doc.design.devices if d.rack == "A02"])


def test_counts_in_the_summary_bar_read_right_for_one(window):
    # the example has no errors and one warning (PSU_REDUNDANCY_LOST)
    text = window.summary.text()
    assert "0 errors" in text and text.endswith("1 warning"), text
