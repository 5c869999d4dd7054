"""The floor plan labels hot and cold aisles from the racks' facing and has a legend for its
colours (issue 14, items 3 and 4), in the window's language; aisles follow when racks turn."""

from __future__ import annotations

from PySide6.QtWidgets import QGraphicsSimpleTextItem

from designer.report.drawings.floorplan import aisles, footprint
from designer.ui.commands import SetProperty
from test_ui import _isolated_qt_settings  # noqa: F401  (autouse: scratch settings, no recovery files)
from test_ui_integrity import open_window

import pytest

from designer.fabric.generate import GenerateSpec, generate
from designer.model.io import save_design


@pytest.fixture(scope="module")
def rows_path(catalog, tmp_path_factory):
    """64 DGX H100 in rows that face each other (the generator's hot/cold aisle layout)."""
    path = tmp_path_factory.mktemp("aisles") / "rows.json"
    save_design(generate(GenerateSpec(server="nvidia-dgx-h100", nodes=64, switch="nvidia-qm9700"), catalog), path)
    return path


def _labels(floor) -> list[str]:
    return [child.text() for band in floor.aisle_items for child in band.childItems()
            if isinstance(child, QGraphicsSimpleTextItem)]


def test_aisles_are_shaded_and_labelled_as_the_proposal_works_them_out(qtbot, catalog, rows_path):
    window, _ = open_window(qtbot, catalog, rows_path)
    floor, index = window.floor, window.doc.index
    expected = [a for room in window.doc.design.site.rooms
                for a in aisles([footprint(r, index.rack_type_of(r)) for r in index.racks_by_room[room.name]])
                if a.kind]
    assert expected and len(floor.aisle_items) == len(expected)
    for band, aisle in zip(floor.aisle_items, expected):
        rect = band.rect()
        assert (rect.x(), rect.y(), rect.width(), rect.height()) == (
            aisle.x0, aisle.y0, aisle.x1 - aisle.x0, aisle.y1 - aisle.y0)
    texts = _labels(floor)
    assert any(text.startswith("cold aisle · ") and text.endswith(" m") for text in texts), texts
    window.doc.undo_stack.setClean()
    window.close()


def test_the_legend_follows_the_metric_and_the_language(qtbot, catalog, rows_path):
    window, _ = open_window(qtbot, catalog, rows_path)
    legend = window.floor.legend
    assert legend.isVisible()
    assert "Power (share of budget)" in legend.text() and "up to 70 % of the limit" in legend.text()
    assert "cold aisle" in legend.text() and "hot aisle" in legend.text()
    window.floor.set_metric("findings")
    assert "Worst finding" in legend.text() and "error" in legend.text()
    # in the viewport's bottom-left corner, inside it
    viewport = window.floor.viewport()
    # (once the shown window has fitted its docks: a layout saved in a wider window leaves
    # the plan half the width, MainWindow.fit_docks)
    qtbot.waitUntil(lambda: viewport.geometry().contains(legend.geometry()))
    # panning leaves it where it is (a child of the viewport would scroll with the plan)
    before = legend.geometry()
    for _ in range(6):
        window.floor.zoom_in()
    bar = window.floor.horizontalScrollBar()
    bar.setValue(bar.value() + 80)
    assert legend.geometry() == before
    window.set_language("zh")
    try:
        assert "最严重的检查结果" in legend.text() and "冷通道" in legend.text()
        assert any(text.startswith("冷通道 · ") for text in _labels(window.floor))
    finally:
        window.set_language("en")
    window.doc.undo_stack.setClean()
    window.close()


def test_aisles_follow_when_a_row_turns(qtbot, catalog, rows_path):
    window, _ = open_window(qtbot, catalog, rows_path)
    doc, floor = window.doc, window.floor
    before = len([t for t in _labels(floor) if t.startswith("cold")])
    assert before
    # every rack of the design facing north: no two rows face each other, no cold aisle
    doc.undo_stack.beginMacro("turn")
    for rack in list(doc.design.racks):
        if rack.facing != "north":
            doc.push(SetProperty(doc, "rack", rack.name, "facing", "north"))
    doc.undo_stack.endMacro()
    qtbot.waitUntil(lambda: not floor.drawing)
    assert not [t for t in _labels(floor) if t.startswith("cold")]
    doc.undo_stack.undo()
    qtbot.waitUntil(lambda: not floor.drawing)
    assert len([t for t in _labels(floor) if t.startswith("cold")]) == before
    doc.undo_stack.setClean()
    window.close()


def test_shift_drag_on_the_floor_picks_the_racks_it_touches(qtbot, catalog, rows_path):
    from PySide6.QtCore import QPoint, Qt

    window, _ = open_window(qtbot, catalog, rows_path)
    floor, doc = window.floor, window.doc
    first, second = (floor.items_by_rack[r.name] for r in doc.design.racks[:2])
    start = floor.mapFromScene(first.sceneBoundingRect().topLeft()) - QPoint(30, 30)
    end = floor.mapFromScene(second.sceneBoundingRect().center())
    assert floor.rack_at(start) is None  # the band starts on the floor, not on a rack
    viewport = floor.viewport()
    qtbot.mousePress(viewport, Qt.LeftButton, Qt.ShiftModifier, start)
    qtbot.mouseMove(viewport, end)
    qtbot.mouseRelease(viewport, Qt.LeftButton, Qt.ShiftModifier, end)
    picked = {name for kind, name in doc.selected if kind == "rack"}
    assert {first.rack_name, second.rack_name} <= picked
    # a band on empty floor clears the selection
    assert floor.select_in(floor.mapToScene(start.x() - 5, start.y() - 5, 2, 2).boundingRect()) == []
    assert doc.selected == ()
    window.doc.undo_stack.setClean()
    window.close()


def test_a_racks_context_menu_opens_its_elevation_and_deletes_it(qtbot, catalog, rows_path):
    window, _ = open_window(qtbot, catalog, rows_path)
    doc = window.doc
    name = doc.design.racks[0].name
    doc.select("rack", name)
    actions = {a.text(): a for a in window.rack_menu(name).actions() if a.text()}
    assert {"Open the elevation", "Select the row", "D&uplicate", "&Delete"} <= set(actions)
    actions["Select the row"].trigger()
    row = doc.index.racks[name].row
    assert {n for k, n in doc.selected} == {r.name for r in doc.design.racks if r.row == row and r.room ==
                                            doc.index.racks[name].room}
    actions["Open the elevation"].trigger()
    assert window.tabs.currentIndex() == 1  # the Racks tab, showing the rack
    doc.select("rack", name)
    window.rack_menu(name).actions()[-1].trigger()  # Delete
    assert name not in doc.index.racks
    doc.undo_stack.undo()
    assert name in doc.index.racks
    doc.undo_stack.setClean()
    window.close()


def test_arrow_keys_nudge_the_selected_racks_one_undo_step(qtbot, catalog, rows_path):
    from PySide6.QtCore import Qt

    window, _ = open_window(qtbot, catalog, rows_path)
    doc, floor = window.doc, window.floor
    names = [r.name for r in doc.design.racks[-2:]]
    before = {n: (doc.index.racks[n].x_mm, doc.index.racks[n].y_mm) for n in names}
    doc.select_many("rack", names)
    floor.setFocus()
    qtbot.keyClick(floor, Qt.Key_Down)  # 100 mm
    qtbot.keyClick(floor, Qt.Key_Down, Qt.ShiftModifier)  # a tile, 600 mm
    for n in names:
        assert (doc.index.racks[n].x_mm, doc.index.racks[n].y_mm) == (before[n][0], before[n][1] + 700)
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert {n: (doc.index.racks[n].x_mm, doc.index.racks[n].y_mm) for n in names} == before
    doc.undo_stack.setClean()
    window.close()


def test_two_racks_picked_together_show_the_run_between_them(qtbot, catalog, rows_path):
    from PySide6.QtWidgets import QGraphicsPathItem, QGraphicsSimpleTextItem

    window, _ = open_window(qtbot, catalog, rows_path)
    doc, floor = window.doc, window.floor
    racks = doc.design.racks
    far = next(r for r in racks if r.row != racks[0].row)
    doc.select_many("rack", [racks[0].name, far.name])
    paths = [i for i in floor.route_items if isinstance(i, QGraphicsPathItem)]
    labels = [i.text() for i in floor.route_items if isinstance(i, QGraphicsSimpleTextItem)]
    assert len(paths) == 1 and len(labels) == 1 and labels[0].endswith("m along the trays")
    a, b = doc.index.racks[racks[0].name], doc.index.racks[far.name]
    from designer.fabric.routes import rack_centre_mm

    (xa, ya), (xb, yb) = rack_centre_mm(doc.index, a.name), rack_centre_mm(doc.index, b.name)
    assert labels[0].startswith(f"{(abs(xa - xb) + abs(ya - yb)) / 1000:.1f}")
    doc.select("rack", racks[0].name)  # one rack: the run goes
    assert floor.route_items == []
    window.doc.undo_stack.setClean()
    window.close()


def test_an_edit_recolours_only_the_racks_it_touched_and_the_colours_match_a_full_recolour(
        qtbot, catalog, rows_path, monkeypatch):
    from designer.ui.commands import MoveDevice
    from designer.ui.floor_view import RackItem

    window, _ = open_window(qtbot, catalog, rows_path)
    doc, floor = window.doc, window.floor
    refreshed: list[str] = []
    real = RackItem.refresh
    monkeypatch.setattr(RackItem, "refresh", lambda self, *a: (refreshed.append(self.rack_name), real(self, *a)))
    server = next(d for d in doc.design.devices if d.device_type == "nvidia-dgx-h100")
    home = server.rack
    from designer.errors import DesignerError

    command = None
    for target in (r for r in doc.design.racks if r.name != home):
        for u in range(34, 0, -1):
            try:
                command = MoveDevice(doc, server.name, target.name, u)
                break
            except DesignerError:
                continue
        if command is not None:
            break
    assert command is not None
    doc.undo_stack.push(command)
    qtbot.waitUntil(lambda: not floor.drawing)
    assert {home, target.name} <= set(refreshed)  # both racks the server left and joined
    assert len(set(refreshed)) < len(doc.design.racks) / 4  # not every rack
    partial = {name: item.brush().color().name() for name, item in floor.items_by_rack.items()}
    floor.set_metric(floor.colour_metric)  # a full recolour
    assert {name: item.brush().color().name() for name, item in floor.items_by_rack.items()} == partial
    doc.undo_stack.setClean()
    window.close()


def test_duplicating_several_racks_is_one_undo_step(qtbot, catalog, rows_path):
    window, _ = open_window(qtbot, catalog, rows_path)
    doc = window.doc
    before = len(doc.design.racks)
    picked = [r.name for r in doc.design.racks[:3]]
    doc.select_many("rack", picked)
    window.duplicate_selection()
    assert len(doc.design.racks) == before + 3
    doc.undo_stack.undo()
    assert len(doc.design.racks) == before
    doc.undo_stack.setClean()
    window.close()
