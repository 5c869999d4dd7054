"""The parts palette shows the figures of the types the open design embeds: a maximum the
user supplied in the inspector replaces the typical draw that stood in for it (marked "*"),
and is marked "†" with who supplied it — the figure the checks and totals use, and the
one a part dropped from the palette takes (review by helper-35: the palette kept the
catalog's "* typical ... used in its place" after the user had supplied the maximum)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QStandardPaths, Qt

from designer.fabric.generate import GenerateSpec, generate
from designer.model.io import save_design
from designer.ui.document import DesignDocument
from tests.conftest import design_window


def _items(palette) -> dict:
    found = {}
    for i in range(palette.tree.topLevelItemCount()):
        group = palette.tree.topLevelItem(i)
        for j in range(group.childCount()):
            found[group.child(j).data(0, Qt.UserRole)] = group.child(j)
    return found


@pytest.fixture()
def sn5600_window(qtbot, catalog, tmp_path):
    QStandardPaths.setTestModeEnabled(True)
    design = generate(GenerateSpec(server="nvidia-dgx-h100", switch="nvidia-sn5600", nodes=4,
                                   inband_ports_per_server=0, author="Li Wei"), catalog)
    return design_window(qtbot, catalog, tmp_path, design)


def _supply_maximum(win, kw: str) -> None:
    switch = next(d.name for d in win.doc.design.devices if d.device_type == "nvidia-sn5600")
    win.doc.select("device", switch)
    editor = win.inspector.editors[("part", "nvidia-sn5600", "power.max_w")]
    editor.setText(kw)
    editor.editingFinished.emit()


def test_a_supplied_maximum_replaces_the_typical_mark(sn5600_window):
    win = sn5600_window
    before = _items(win.palette)["nvidia-sn5600"]
    assert before.text(2).endswith("*") and "no maximum" in before.toolTip(2)
    _supply_maximum(win, "1.5")
    assert win.doc.index.device_types["nvidia-sn5600"].power.max_w == 1500.0
    item = _items(win.palette)["nvidia-sn5600"]
    assert item.text(2) == "1.50†"
    assert "Li Wei" in item.toolTip(2) and "no maximum" not in item.toolTip(2)
    # the catalog's entry is untouched, and parts the design does not embed keep theirs
    assert win.catalog.device_types["nvidia-sn5600"].power.max_w is None
    assert _items(win.palette)["nvidia-sn2201"].text(2).endswith("*")
    win.set_language("zh")
    try:
        item = _items(win.palette)["nvidia-sn5600"]
        assert item.text(2) == "1.50†" and "Li Wei" in item.toolTip(2) and "典型功耗" not in item.toolTip(2)
    finally:
        win.set_language("en")
    win.doc.undo_stack.undo()
    assert _items(win.palette)["nvidia-sn5600"].text(2).endswith("*")


def test_a_reopened_design_shows_its_supplied_maximum(sn5600_window, catalog, tmp_path):
    win = sn5600_window
    _supply_maximum(win, "1.5")
    path = tmp_path / "supplied.json"
    save_design(win.doc.design, path)
    win.set_document(DesignDocument.open(path, catalog))
    item = _items(win.palette)["nvidia-sn5600"]
    assert item.text(2) == "1.50†" and "no maximum" not in item.toolTip(2)


def test_an_edit_that_leaves_the_types_alone_keeps_the_tree(sn5600_window):
    """Moving a server refills nothing (the palette compares the embedded types' objects)."""
    win = sn5600_window
    item = _items(win.palette)["nvidia-sn5600"]
    win.palette.design_changed(win.doc.design)
    assert _items(win.palette)["nvidia-sn5600"] is item
