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
    assert "Power (share of budget)" in legend.text() and "under 70 % of the limit" in legend.text()
    assert "cold aisle" in legend.text() and "hot aisle" in legend.text()
    window.floor.set_metric("findings")
    assert "Worst finding" in legend.text() and "error" in legend.text()
    # in the viewport's bottom-left corner, inside it
    viewport = window.floor.viewport()
    assert legend.geometry().bottom() <= viewport.height() and legend.x() >= 0
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
