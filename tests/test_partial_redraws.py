"""The elevation redraws the racks an edit touched, not the row (issue 17 item 4): after a
move, the other racks' layers are the same objects, and what is drawn equals a full
redraw — device boxes, their places and the racks' totals."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QStandardPaths
from PySide6.QtWidgets import QGraphicsSimpleTextItem

from tests.conftest import example_window


@pytest.fixture()
def window(qtbot, catalog, tmp_path, monkeypatch):
    monkeypatch.setenv("CLUSTER_DESIGNER_RECOVERY_DIR", str(tmp_path / "recovery"))
    QStandardPaths.setTestModeEnabled(True)
    return example_window(qtbot, catalog, tmp_path)


def _drawn(view) -> tuple:
    boxes = sorted((name, item.rect().getRect(), item.ghost) for name, items in view.device_items.items()
                   for item in items)
    texts = sorted(i.text() for layer in view._layers.values() for i in layer.childItems()
                   if isinstance(i, QGraphicsSimpleTextItem))
    return boxes, texts, sorted(view.bars)


def test_a_move_redraws_its_rack_only_and_equals_a_full_redraw(window):
    from designer.ui.commands import MoveDevice

    doc, view = window.doc, window.racks
    window.open_rack("A01")
    assert len(view._layers) >= 2
    device = next(d for d in doc.design.devices if d.rack == "A01" and d.device_type == "nvidia-dgx-h100")
    others = {name: layer for name, layer in view._layers.items() if name != "A01"}
    free = next(u for u in range(1, 40) if _fits(doc, device, u))
    doc.push(MoveDevice(doc, device.name, "A01", free))
    view._rebuild_later.flush()
    assert all(view._layers[name] is layer for name, layer in others.items())  # untouched racks kept
    assert view._layers["A01"].scene() is view.scene()
    partial = _drawn(view)
    view.rebuild()
    assert _drawn(view) == partial
    assert any(name == device.name for name, _rect, _ghost in partial[0])


def test_a_rack_rename_redraws_the_row(window):
    from designer.ui.commands import SetProperty

    doc, view = window.doc, window.racks
    window.open_rack("A01")
    before = dict(view._layers)
    doc.push(SetProperty(doc, "rack", "A02", "name", "A02x"))
    view._rebuild_later.flush()
    assert "A02x" in view._layers and "A02" not in view._layers
    assert not any(view._layers.get(n) is layer for n, layer in before.items())


def _fits(doc, device, u) -> bool:
    from designer.errors import DesignerError
    from designer.ui.commands import MoveDevice

    if u == device.position_u:
        return False
    try:
        MoveDevice(doc, device.name, device.rack, u)
    except DesignerError:
        return False
    return True


def _overview_state(overview) -> dict:
    return {name: (rgba, overview.groups[rgba][1][name].getRect()) for name, rgba in overview._colour_of.items()}


def test_the_floor_overview_updates_the_racks_recoloured_as_a_full_refresh_would(window):
    """The one-drawing floor overview takes the recoloured racks' colours in place; the
    result equals refreshing every rack, including after a rack is deleted."""
    from designer.ui.commands import DeleteObjects, SetProperty

    doc, floor = window.doc, window.floor
    overview = floor.overview
    assert overview is not None
    doc.push(SetProperty(doc, "rack", "A01", "power_budget_kw", 20.0))  # A01 goes over its budget: red
    floor._recolour_later.flush()
    partial = _overview_state(overview)
    overview.refresh()
    assert _overview_state(overview) == partial
    assert partial["A01"][0] != partial["A02"][0]  # the colour changed: the comparison could fail
    gone = doc.design.racks[-1].name
    doc.push(DeleteObjects(doc, racks=[gone]))
    floor._apply_later.flush()
    floor._recolour_later.flush()
    overview.refresh([])
    assert gone not in overview._colour_of and "A01" in overview._colour_of


def test_a_new_cable_redraws_the_faceplates_of_its_ends(window):
    """Connecting a cable names its ends' devices, not their racks: the racks holding them
    are drawn again, so the faceplates show the cage as cabled."""
    from designer.ui.commands import DisconnectCable

    doc, view = window.doc, window.racks
    window.open_rack("A01")
    link = next(l for l in doc.design.links if l.a.device.startswith("node") and doc.index.devices[l.a.device].rack
                == "A01")
    position = doc.design.links.index(link)
    before = view._layers["A01"]
    doc.push(DisconnectCable(doc, position))
    view._rebuild_later.flush()
    assert view._layers["A01"] is not before  # the rack with the cable's end drawn again
    item = next(i for i in view.device_items[link.a.device] if getattr(i, "faceplate", None) is not None)
    partial = sorted(item.faceplate.used)
    view.rebuild()
    again = next(i for i in view.device_items[link.a.device] if getattr(i, "faceplate", None) is not None)
    assert sorted(again.faceplate.used) == partial
