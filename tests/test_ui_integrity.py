"""Issue 13, parts 2, 4, 5 and the status bar of 7: the window keeps what the user types,
tells the truth at exit and about recovery, has views a user can drive, and shows the
report's figures. Headless (pytest-qt, offscreen); every wait is on a signal or a
condition, never a sleep."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import QObject, QPoint, QPointF, QRectF, QSettings, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import QApplication

from conftest import run_cli
from designer.model.device import Device
from designer.model.io import load_design, save_design
from designer.resources import example_design
from designer.ui import recovery
from designer.ui.app import offer_recovery
from designer.ui.document import DesignDocument
from designer.ui.main_window import MainWindow
from test_ui import _isolated_qt_settings  # noqa: F401  (autouse: scratch settings, no recovery files)


class Answers:
    """The user's answers to the window's questions, and the questions asked."""

    def __init__(self, window: MainWindow, save_changes: str = "discard", restore: bool = True) -> None:
        self.asked_save: list[str] = []
        self.asked_restore: list[str | None] = []
        window.prompts.ask_save_changes = lambda title: self.asked_save.append(title) or save_changes
        window.prompts.ask_restore = lambda original: self.asked_restore.append(original) or restore
        window.prompts.show_error = lambda title, message: pytest.fail(message)


def open_window(qtbot, catalog, path, **answers) -> tuple[MainWindow, Answers]:
    win = MainWindow(DesignDocument.open(path, catalog), QSettings(str(path.with_suffix(".ini")), QSettings.IniFormat))
    qtbot.addWidget(win)
    said = Answers(win, **answers)
    win.show()
    qtbot.waitExposed(win)
    return win, said


def edited_window(qtbot, catalog, path, *, autosaved: bool = True, **answers) -> tuple[MainWindow, Answers]:
    """The window on ``path`` after one unsaved edit (the out-of-band switch of A01 to
    U41), its recovery file written as the autosave timer would."""
    from designer.ui.commands import MoveDevice

    window, said = open_window(qtbot, catalog, path, **answers)
    window.doc.push(MoveDevice(window.doc, "oob-A01", "A01", 41, "rear"))
    if autosaved:
        assert window.write_recovery().exists()
    return window, said


@pytest.fixture()
def example_path(tmp_path, catalog):
    path = tmp_path / "example.json"
    save_design(load_design(example_design(), catalog), path)
    return path


@pytest.fixture()
def win(qtbot, catalog, example_path):
    window, _said = open_window(qtbot, catalog, example_path)
    yield window
    window.doc.runner.wait()
    window.doc.undo_stack.setClean()
    window.close()


def focus(qtbot, widget) -> None:
    qtbot.waitUntil(widget.isVisible)
    widget.activateWindow()
    widget.setFocus(Qt.OtherFocusReason)
    qtbot.waitUntil(widget.hasFocus)


def wheel(widget, up: bool = True) -> QWheelEvent:
    centre = QPointF(widget.rect().center())
    event = QWheelEvent(centre, QPointF(widget.mapToGlobal(centre.toPoint())), QPoint(0, 0),
                        QPoint(0, 120 if up else -120), Qt.NoButton, Qt.NoModifier, Qt.NoScrollPhase, False)
    QApplication.sendEvent(widget, event)
    return event


# -- 2. input is sacred ------------------------------------------------------------------


def test_half_typed_customer_survives_background_analysis_landing(win, qtbot):
    inspector = win.inspector
    editor = inspector.editors[("project", None, "customer")]
    focus(qtbot, editor)
    editor.selectAll()
    qtbot.keyClicks(editor, "Half-typ")
    # background analysis of the fabrics lands (what a big design does after every edit)
    with qtbot.waitSignal(win.doc.changed, timeout=20000):
        win.doc.runner.analyse(win.doc.design, {f.name for f in win.doc.design.fabrics})
    assert inspector.editors[("project", None, "customer")] is editor, "the editor being typed in was rebuilt"
    assert editor.isVisible() and editor.hasFocus()
    assert editor.text() == "Half-typ"
    qtbot.keyClick(editor, Qt.Key_Return)
    assert win.doc.design.project.customer == "Half-typ"


def test_values_changed_elsewhere_show_in_place_without_rebuilding(win, qtbot):
    from designer.ui.commands import SetProperty

    win.doc.select("rack", "A01")
    budget = win.inspector.editors[("rack", "A01", "power_budget_kw")]
    win.doc.push(SetProperty(win.doc, "rack", "A01", "power_budget_kw", 30.0))
    assert win.inspector.editors[("rack", "A01", "power_budget_kw")] is budget
    assert budget.value() == 30.0
    win.doc.undo_stack.undo()
    assert budget.value() == 44.0


def test_tab_after_a_committed_field_stays_in_the_inspector(win, qtbot):
    win.doc.select("rack", "A01")
    editors = win.inspector.editors
    budget = editors[("rack", "A01", "power_budget_kw")]
    focus(qtbot, budget)
    budget.lineEdit().selectAll()
    qtbot.keyClicks(budget, "30")
    qtbot.keyClick(budget, Qt.Key_Return)
    assert win.doc.index.racks["A01"].power_budget_kw == 30.0
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key_Tab)
    assert QApplication.focusWidget() is editors[("rack", "A01", "cooling_air_kw")]


def test_tab_after_a_rename_goes_on_to_the_next_field(win, qtbot):
    win.doc.select("rack", "A01")
    name = win.inspector.editors[("rack", "A01", "name")]
    focus(qtbot, name)
    name.selectAll()
    qtbot.keyClicks(name, "A99")
    qtbot.keyClick(name, Qt.Key_Return)
    assert win.doc.selection == ("rack", "A99")
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key_Tab)
    assert QApplication.focusWidget() is win.inspector.editors[("rack", "A99", "room")]
    assert win.inspector.editors[("rack", "A99", "name")].text() == "A99"


def test_the_wheel_over_an_unfocused_spin_box_scrolls_instead_of_editing(win, qtbot):
    ratio = win.inspector.editors[("fabric", "compute", "target_oversubscription")]
    before = ratio.value()
    wheel(ratio, up=False)
    wheel(ratio, up=False)
    assert ratio.value() == before, "the wheel changed the compute target ratio"
    assert ratio.focusPolicy() == Qt.StrongFocus
    focus(qtbot, ratio)  # once the user picks the field, the wheel is theirs
    wheel(ratio, up=True)
    assert ratio.value() != before


def test_the_wheel_over_an_unfocused_combo_box_leaves_it(win, qtbot):
    win.doc.select("rack", "A01")
    facing = win.inspector.editors[("rack", "A01", "facing")]
    before = facing.currentIndex()
    wheel(facing, up=False)
    assert facing.currentIndex() == before
    assert win.doc.undo_stack.count() == 0


# -- 4. exit and recovery tell the truth ---------------------------------------------------


class FakeWizard(QObject):
    """The new-design wizard, accepted with ``design``; ``during`` runs while it is open
    (the window's timers go on meanwhile). A QObject child of the window, as the wizard is
    (the window deletes it when it is done)."""

    design = None
    during = None

    def __init__(self, catalog, parent) -> None:
        super().__init__(parent)

    def exec(self) -> int:
        if FakeWizard.during:
            FakeWizard.during()
        return 1


@pytest.fixture()
def wizard(monkeypatch, catalog):
    import designer.ui.wizard

    FakeWizard.design = load_design(example_design(), catalog).model_copy(update={"name": "From the wizard"})
    FakeWizard.during = None
    monkeypatch.setattr(designer.ui.wizard, "NewDesignWizard", FakeWizard)
    return FakeWizard


def test_a_design_from_the_wizard_is_marked_unsaved_and_asked_about_at_close(qtbot, catalog, example_path, wizard):
    window, said = open_window(qtbot, catalog, example_path)
    window.new_from_wizard()
    assert window.doc.design.name == "From the wizard"
    assert window.doc.modified and window.isWindowModified()
    assert window.write_recovery() is not None, "unsaved work has a recovery file"
    assert not window.close() or said.asked_save  # discard: closes, but only after asking
    assert said.asked_save == ["Untitled"]
    assert recovery.pending_recoveries() == []


def test_discarding_for_the_wizard_leaves_no_recovery_even_if_autosave_ran_meanwhile(
        qtbot, catalog, example_path, wizard):
    window, said = edited_window(qtbot, catalog, example_path, autosaved=False)
    wizard.during = window.write_recovery  # the autosave timer fires while the wizard is open
    window.new_from_wizard()
    assert said.asked_save == ["example.json"]
    assert window.doc.design.name == "From the wizard"
    assert recovery.pending_recoveries() == [], "the discarded edits would be offered at the next start"
    window.doc.undo_stack.setClean()
    window.close()


def test_discard_at_new_deletes_the_recovery_file(qtbot, catalog, example_path):
    window, said = edited_window(qtbot, catalog, example_path)
    window.new_blank()
    assert said.asked_save == ["example.json"]
    assert recovery.pending_recoveries() == []
    window.close()


def test_after_discard_and_exit_the_next_start_offers_nothing(qtbot, catalog, example_path):
    window, said = edited_window(qtbot, catalog, example_path)
    assert window.close()
    assert said.asked_save == ["example.json"]
    assert not window.autosave.isActive(), "nothing is autosaved after the answer"
    again, said_again = open_window(qtbot, catalog, example_path)
    assert not offer_recovery(again)
    assert said_again.asked_restore == []
    again.close()


def test_undo_back_to_the_saved_state_leaves_nothing_to_recover(qtbot, catalog, example_path):
    window, _said = edited_window(qtbot, catalog, example_path)
    window.doc.undo_stack.undo()
    assert recovery.pending_recoveries() == []
    window.close()


def test_a_recovery_older_than_a_later_save_is_not_offered(qtbot, catalog, example_path):
    import os

    design = load_design(example_path, catalog)
    written = recovery.write_recovery(design, example_path, recovery.new_key())
    meta = json.loads(written.with_suffix(".meta").read_text())
    os.utime(example_path, (meta["saved_at"] + 60, meta["saved_at"] + 60))  # saved a minute later
    window, said = open_window(qtbot, catalog, example_path)
    assert not offer_recovery(window)
    assert said.asked_restore == []
    assert recovery.pending_recoveries() == []
    window.close()


def test_work_never_saved_is_still_offered_after_a_crash(qtbot, catalog, example_path):
    window, _said = edited_window(qtbot, catalog, example_path)
    # a crash: no close; the next start offers it
    again, said = open_window(qtbot, catalog, example_path, restore=True)
    assert offer_recovery(again)
    assert said.asked_restore == [str(example_path)]
    assert again.doc.modified and again.doc.index.devices["oob-A01"].position_u == 41
    again.doc.undo_stack.setClean()
    again.close()
    window.doc.undo_stack.setClean()
    window.close()


# -- 5. views a user can drive ------------------------------------------------------------


def _visible(view, rect) -> bool:
    """The scene ``rect`` lies wholly inside the view's viewport."""
    shown = view.mapToScene(view.viewport().rect()).boundingRect()
    return shown.adjusted(-1, -1, 1, 1).contains(rect)


def _rack_column(view, rack: str):
    """Rack ``rack`` in the elevation, both faces, title to totals."""
    faces = [f.rect for f in view.faces if f.rack == rack]
    scene = view.sceneRect()
    return QRectF(faces[0].left(), scene.top() + 30, faces[-1].right() - faces[0].left(), scene.height() - 60)


@pytest.mark.parametrize("size", [(1500, 900), (1100, 640)])
def test_every_view_opens_fitted_and_stays_fitted_when_the_window_is_resized(win, qtbot, size):
    win.open_rack("A03")
    for tab, canvas in enumerate((win.floor, win.racks, win.topology.view)):
        win.tabs.setCurrentIndex(tab)
        qtbot.waitUntil(lambda canvas=canvas: not canvas.scene().itemsBoundingRect().isEmpty())
    win.tabs.setCurrentIndex(0)
    win.resize(*size)  # the window reaches its size after the views were first shown
    qtbot.waitUntil(lambda: win.size().width() == size[0])
    floor = win.floor
    assert _visible(floor, floor.scene().itemsBoundingRect()), "racks cut off on the floor plan"
    win.tabs.setCurrentIndex(1)
    assert _visible(win.racks, _rack_column(win.racks, "A03")), "rack A03 cut off in the elevation"
    win.tabs.setCurrentIndex(2)
    view = win.topology.view
    assert _visible(view, view.scene().itemsBoundingRect()), "the topology is cut off"


@pytest.mark.parametrize("tab", [0, 1, 2])
def test_every_view_zooms_by_wheel_and_keyboard_and_fits_with_ctrl_0(win, qtbot, tab):
    win.tabs.setCurrentIndex(tab)
    canvas = win.current_canvas()
    qtbot.waitUntil(lambda: not canvas.scene().itemsBoundingRect().isEmpty())
    fitted = canvas.transform().m11()
    wheel(canvas.viewport(), up=True)
    assert canvas.transform().m11() > fitted
    focus(qtbot, canvas)
    qtbot.keyClick(canvas, Qt.Key_Equal, Qt.ControlModifier)
    zoomed = canvas.transform().m11()
    assert zoomed > fitted * 1.2
    qtbot.keyClick(canvas, Qt.Key_Minus, Qt.ControlModifier)
    assert canvas.transform().m11() < zoomed
    qtbot.keyClick(canvas, Qt.Key_0, Qt.ControlModifier)
    assert canvas.transform().m11() == pytest.approx(fitted)


def test_the_failed_switch_is_drawn_on_top_and_shown_in_the_inspector(win, qtbot):
    from PySide6.QtWidgets import QGraphicsLineItem

    topo = win.topology
    win.tabs.setCurrentWidget(topo)
    topo.set_fabric("compute")
    topo.fail("cmp-spine01")
    switch = topo.switch_items["cmp-spine01"]
    cross = [i for i in topo.overlay if isinstance(i, QGraphicsLineItem)]
    assert len(cross) == 2
    others = [i for n, i in topo.switch_items.items() if n != "cmp-spine01"]
    assert all(line.zValue() > switch.zValue() for line in cross), "the ✕ is drawn under the switch"
    assert all(switch.zValue() > other.zValue() for other in others)
    # what is painted at the switch's centre is the ✕
    top = topo.view.scene().items(switch.rect().center(), Qt.IntersectsItemShape, Qt.DescendingOrder)[0]
    assert top in cross
    assert win.doc.selection == ("device", "cmp-spine01")
    assert "cmp-spine01" in win.inspector.editors[("device", "cmp-spine01", "name")].text()


def test_a_switch_clicked_in_the_topology_is_selected_on_top_and_in_the_inspector(win, qtbot):
    topo = win.topology
    win.tabs.setCurrentWidget(topo)
    topo.set_fabric("compute")
    item = topo.switch_items["cmp-leaf02"]
    point = topo.view.mapFromScene(item.rect().center())
    qtbot.mouseClick(topo.view.viewport(), Qt.LeftButton, pos=point)
    assert win.doc.selection == ("device", "cmp-leaf02")
    assert item.zValue() > max(i.zValue() for n, i in topo.switch_items.items() if n != "cmp-leaf02")
    assert ("device", "cmp-leaf02", "name") in win.inspector.editors
    from PySide6.QtWidgets import QGraphicsSceneHoverEvent
    far = topo.switch_items[max(topo.switch_items)]
    assert not far.toolTip(), "worded when the pointer comes over it"
    far.hoverEnterEvent(QGraphicsSceneHoverEvent())
    assert far.switch_name in far.toolTip() and "/" in far.toolTip(), far.toolTip()
    # a click on empty canvas clears it
    empty = topo.view.mapFromScene(topo.view.sceneRect().topLeft() + QPointF(5, 5))
    qtbot.mouseClick(topo.view.viewport(), Qt.LeftButton, pos=empty)
    assert win.doc.selection is None
    assert not item.isSelected()


def test_esc_and_a_click_on_empty_floor_clear_the_selection(win, qtbot):
    floor = win.floor
    win.doc.select("rack", "A01")
    focus(qtbot, floor)
    qtbot.keyClick(floor, Qt.Key_Escape)
    assert win.doc.selection is None
    rack = floor.items_by_rack["A03"]
    qtbot.mouseClick(floor.viewport(), Qt.LeftButton, pos=floor.mapFromScene(rack.sceneBoundingRect().center()))
    assert win.doc.selection == ("rack", "A03")
    outside = floor.mapFromScene(floor.sceneRect().bottomRight() - QPointF(50, 50))
    qtbot.mouseClick(floor.viewport(), Qt.LeftButton, pos=outside)
    assert win.doc.selection is None
    # the room's floor selects the room
    room = floor.room_items["Hall 1"]
    qtbot.mouseClick(floor.viewport(), Qt.LeftButton, pos=floor.mapFromScene(room.rect().topLeft() + QPointF(300, 300)))
    assert win.doc.selection == ("room", "Hall 1")


def test_esc_and_a_click_beside_the_racks_clear_the_selection_in_the_elevation(win, qtbot):
    win.open_rack("A01")
    racks = win.racks
    win.doc.select("device", "node001")
    focus(qtbot, racks)
    qtbot.keyClick(racks, Qt.Key_Escape)
    assert win.doc.selection is None
    win.doc.select("device", "node001")
    beside = racks.mapFromScene(QPointF(racks.faces[0].rect.center().x(), racks.faces[0].rect.bottom() + 30))
    qtbot.mouseClick(racks.viewport(), Qt.LeftButton, pos=beside)
    assert win.doc.selection is None


def test_esc_after_a_topology_button_clears_the_selection(win, qtbot):
    topo = win.topology
    win.tabs.setCurrentWidget(topo)
    topo.set_fabric("compute")
    topo.fail("cmp-spine01")
    focus(qtbot, topo.fail_button)
    qtbot.keyClick(topo.fail_button, Qt.Key_Escape)
    assert win.doc.selection is None


def test_an_edit_redraws_the_row_where_the_user_scrolled_it(win, qtbot):
    from designer.ui.commands import MoveDevice

    win.open_rack("A01")
    racks = win.racks
    qtbot.waitUntil(racks.isVisible)
    bar = racks.horizontalScrollBar()
    assert bar.maximum() > 0, "the row is wider than the view"
    bar.setValue(bar.maximum())
    before = bar.value()
    win.doc.push(MoveDevice(win.doc, "oob-A01", "A01", 41, "rear"))
    assert bar.value() == before


def test_the_racks_tab_keeps_its_row_after_a_room_rename(win, qtbot):
    win.open_rack("A03")
    before = {f.rack for f in win.racks.faces}
    assert before == {"A01", "A02", "A03", "A04", "A05", "A06"}
    win.doc.select("room", "Hall 1")
    name = win.inspector.editors[("room", "Hall 1", "name")]
    name.setText("Hall 2")
    name.editingFinished.emit()
    assert "Hall 2" in win.doc.index.rooms
    assert {f.rack for f in win.racks.faces} == before, "renaming the room emptied the Racks tab"
    assert win.racks_tab.picker.currentText() == "Hall 2 · A"


def test_the_row_picker_shows_every_row_and_switches(win, qtbot):
    added = win.add_row_of(4)
    picker = win.racks_tab.picker
    rows = [picker.itemText(i) for i in range(picker.count())]
    assert rows == ["Hall 1 · A", "Hall 1 · B"]
    assert {f.rack for f in win.racks.faces} == set(added), "the new, selected row is shown"
    picker.setCurrentIndex(0)
    picker.activated.emit(0)
    assert {f.rack for f in win.racks.faces} == {"A01", "A02", "A03", "A04", "A05", "A06"}
    win.doc.select("rack", added[2])  # selected elsewhere (the floor plan): its row is shown
    assert {f.rack for f in win.racks.faces} == set(added)
    assert picker.currentText() == "Hall 1 · B"


def test_add_a_row_places_its_racks_inside_the_room_and_selects_them(win, qtbot):
    doc = win.doc
    added = win.add_row_of(10)
    assert len(added) == 10
    assert not [f for f in doc.findings if f.code == "RACK_OUTSIDE_ROOM"], "the new row stands outside the room"
    assert not [f for f in doc.findings if f.code == "RACK_FLOOR_OVERLAP"]
    assert doc.selection == ("rack", added[0])
    assert doc.selected == tuple(("rack", name) for name in added), "every new rack is selected"
    assert all(win.floor.items_by_rack[name].isSelected() for name in added)
    room = doc.index.rooms["Hall 1"]
    assert room.width_mm > 6800 and room.depth_mm >= 4200
    # one undo step takes the row and the room's growth back
    doc.undo_stack.undo()
    assert doc.index.rooms["Hall 1"].width_mm == 6800 and added[0] not in doc.index.racks


def test_the_selected_rooms_corner_handle_resizes_it_in_one_undo_step(win, qtbot):
    """Issue 13 (6): rooms cannot be resized on the floor plan. Now the selected room has a
    handle on its far corner; let go, it sets width and depth on the 100 mm grid, one step."""
    doc, floor = win.doc, win.floor
    doc.select("room", "Hall 1")
    handle = floor.room_handle
    assert handle is not None and handle.room_name == "Hall 1"
    steps = doc.undo_stack.count()
    ox, oy = floor.room_offsets["Hall 1"]
    handle.setPos(QPointF(ox + 9_040, oy + 6_260))
    handle.resized()
    room = doc.index.rooms["Hall 1"]
    assert (room.width_mm, room.depth_mm) == (9_000, 6_300)
    assert doc.undo_stack.count() == steps + 1
    doc.undo_stack.undo()
    room = doc.index.rooms["Hall 1"]
    assert (room.width_mm, room.depth_mm) == (6_800, 4_200)
    doc.select(None)
    assert floor.room_handle is None


def test_the_selected_room_drags_to_a_new_place_in_one_undo_step(win, qtbot, tmp_path):
    """Issue 13 (6): rooms cannot be moved on the floor plan. Now the selected room can be
    dragged: let go, its place on the site plan is stored on the 100 mm grid, its racks go
    with it, the file it saves loads again, and one undo puts it back."""
    from designer.model.io import load_design

    doc, floor = win.doc, win.floor
    doc.select("room", "Hall 1")
    item = floor.room_items["Hall 1"]
    assert item.flags() & item.GraphicsItemFlag.ItemIsMovable, "the selected room is draggable"
    rack_before = floor.items_by_rack["A01"].pos()
    steps = doc.undo_stack.count()
    item._press = item.pos()
    item.setPos(item.pos() + QPointF(2_030, 1_480))
    item.dropped()
    room = doc.index.rooms["Hall 1"]
    assert (room.x_mm, room.y_mm) == (2_000, 1_500)
    assert doc.undo_stack.count() == steps + 1
    moved = floor.items_by_rack["A01"].pos()
    assert (moved.x() - rack_before.x(), moved.y() - rack_before.y()) == (2_000, 1_500), "its racks go with it"
    path = tmp_path / "moved.json"
    doc.save(path)
    assert load_design(path, doc.catalog).site.rooms[0].x_mm == 2_000
    doc.undo_stack.undo()
    room = doc.index.rooms["Hall 1"]
    assert (room.x_mm, room.y_mm) == (None, None)
    assert floor.items_by_rack["A01"].pos() == rack_before


def test_a_room_is_not_placed_over_another(win, qtbot):
    """A spot where the moved room would overlap another room is refused with the reason."""
    from designer.model import edits
    from designer.model.site import Room

    doc, floor = win.doc, win.floor
    edits.add_room(Room(name="Hall 2", width_mm=5_000, depth_mm=5_000)).apply(doc.design)
    floor.rebuild()
    said = []
    floor.refused.connect(said.append)
    floor.place_room("Hall 2", 1_000, 1_000)  # onto Hall 1 at the origin
    assert said and "Hall 1" in said[0]
    assert [r.x_mm for r in doc.design.site.rooms] == [None, None], "nothing placed"


def test_ctrl_click_selects_several_racks_and_delete_takes_them_in_one_step(win, qtbot):
    """Multi-selection on the floor: Ctrl-click adds or removes a rack; Delete removes every
    selected rack as one undo step."""
    doc, floor = win.doc, win.floor
    doc.select("rack", "A01")
    doc.toggle_selected("rack", "A02")
    assert doc.selected == (("rack", "A01"), ("rack", "A02")) and doc.selection == ("rack", "A01")
    assert floor.items_by_rack["A02"].isSelected() and floor.items_by_rack["A01"].isSelected()
    doc.toggle_selected("rack", "A01")
    assert doc.selected == (("rack", "A02"),) and doc.selection == ("rack", "A02")
    assert not floor.items_by_rack["A01"].isSelected()
    doc.toggle_selected("rack", "A01")
    steps, racks = doc.undo_stack.count(), len(doc.design.racks)
    win.delete_selection()
    assert len(doc.design.racks) == racks - 2 and doc.undo_stack.count() == steps + 1
    assert doc.selected == () and doc.selection is None
    doc.undo_stack.undo()
    assert {"A01", "A02"} <= {r.name for r in doc.design.racks}


def test_shift_dragging_a_rack_moves_its_whole_row_in_one_undo_step(win, qtbot):
    """Issue 13 (6): rows are movable on the floor plan (Shift-drag one of their racks)."""
    doc, floor = win.doc, win.floor
    row = doc.index.racks["A01"].row
    before = {r.name: (r.x_mm, r.y_mm) for r in doc.design.racks if r.row == row}
    assert len(before) > 1
    item = floor.items_by_rack["A01"]
    item._press = item.pos()
    item.setPos(item.pos() + QPointF(0, 1_000))
    item.dropped(whole_row=True)
    after = {r.name: (r.x_mm, r.y_mm) for r in doc.design.racks if r.row == row}
    assert after == {name: (x, y + 1_000) for name, (x, y) in before.items()}
    doc.undo_stack.undo()
    assert {r.name: (r.x_mm, r.y_mm) for r in doc.design.racks if r.row == row} == before


def test_shift_click_on_a_rack_selects_its_row_and_ctrl_click_adds_one(win, qtbot):
    """Rows are selectable on the floor: a Shift-click selects the rack's whole row; a
    Ctrl-click adds or removes one rack (real mouse events on the view)."""
    from PySide6.QtCore import QPoint
    from PySide6.QtTest import QTest

    doc, floor = win.doc, win.floor
    new_row = win.add_row_of(3)
    win.tabs.setCurrentWidget(floor)
    floor.show()
    floor.fit()

    def at(name):
        item = floor.items_by_rack[name]
        return floor.mapFromScene(item.mapToScene(item.rect().center()))

    row = doc.index.racks["A01"].row
    members = [r.name for r in doc.design.racks if r.row == row]
    QTest.mouseClick(floor.viewport(), Qt.LeftButton, Qt.ShiftModifier, at("A01"))
    assert doc.selection == ("rack", "A01")
    assert {n for _k, n in doc.selected} == set(members) and len(members) > 1
    other = new_row[1]
    steps = doc.undo_stack.count()
    QTest.mouseClick(floor.viewport(), Qt.LeftButton, Qt.ControlModifier, at(other))
    assert ("rack", other) in doc.selected and len(doc.selected) == len(members) + 1
    assert doc.undo_stack.count() == steps, "a click moves nothing"
    QTest.mouseClick(floor.viewport(), Qt.LeftButton, Qt.NoModifier, QPoint(2, 2))
    assert doc.selected == () and doc.selection is None, "a click on empty floor clears it"


# -- 7. figures that agree ------------------------------------------------------------------


def test_the_status_bar_counts_an_unracked_server_as_the_report_does(qtbot, catalog, tmp_path):
    design = load_design(example_design(), catalog)
    design.devices.append(Device(name="spare-dgx", device_type="nvidia-dgx-h100"))  # in no rack
    path = tmp_path / "unracked.json"
    save_design(design, path)
    report = json.loads(run_cli("report", path, "--json").out)["totals"]
    window, _said = open_window(qtbot, catalog, path)
    text = window.summary.text()
    assert f"{report['gpus']} GPUs" in text, text
    assert f"{report['power_max_kw']:.1f} kW" in text, text
    window.close()


def test_racks_drawn_in_full_are_not_hidden_under_the_overview(win, qtbot):
    """Seen under Xvfb: at a scale where racks carry their names, the one-drawing overview
    of the whole floor stayed visible above them after a rebuild, hiding names, figures
    and front bars. The level of detail is now applied to the new items at every rebuild."""
    floor = win.floor
    for _ in range(2):  # the first drawing and a rebuild (a room resized, a language switch)
        assert floor.detail == "full"
        assert not floor.overview.isVisible(), "the overview covers the racks"
        item = floor.items_by_rack["A01"]
        assert item.isVisible() and item.label.isVisible() and item.label.text() == "A01"
        floor.rebuild()


def test_add_a_room_places_it_beside_the_others_and_delete_takes_it_away(win, qtbot):
    """Rooms can be added in the window (Edit -> Add a room): beside the other rooms on
    the site plan, selected, movable and resizable; Delete takes a selected room away
    (with its racks) in one undo step."""
    doc, floor = win.doc, win.floor
    name = win.add_room()
    assert name == "Hall 2" and doc.selection == ("room", "Hall 2")
    hall1, hall2 = doc.index.rooms["Hall 1"], doc.index.rooms["Hall 2"]
    assert hall2.x_mm >= hall1.width_mm and hall2.y_mm == 0 and (hall1.x_mm, hall1.y_mm) == (0, 0)
    assert floor.room_items["Hall 2"].flags() & floor.room_items["Hall 2"].GraphicsItemFlag.ItemIsMovable
    assert floor.room_handle is not None and floor.room_handle.room_name == "Hall 2"
    steps = doc.undo_stack.count()
    win.delete_selection()
    assert "Hall 2" not in doc.index.rooms and doc.undo_stack.count() == steps + 1
    doc.undo_stack.undo()
    assert "Hall 2" in doc.index.rooms
    doc.undo_stack.undo()
    assert [r.name for r in doc.design.site.rooms] == ["Hall 1"] and hall1.x_mm is None
