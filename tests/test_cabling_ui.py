"""Cabling by hand, the cable list and Find (issue 14), headless (pytest-qt)."""

from __future__ import annotations

import csv
import io

from PySide6.QtCore import Qt

from designer.model import edits
from designer.model.io import dumps_design
from designer.ui.commands import AddDevice, ConnectPorts
from tests.test_ui import _isolated_qt_settings, window  # noqa: F401  (fixtures)


def _unconnected(doc, device):
    return [f for f in doc.findings if f.code == "PORT_UNCONNECTED" and device in f.objects]


def test_cabling_a_dropped_dgx_to_a_new_leaf_by_hand_clears_its_findings_and_undo_restores(window, qtbot):
    doc = window.doc
    before, steps = dumps_design(doc.design), doc.undo_stack.count()
    # A03 holds the switches in U1-U24: a new leaf and a new DGX H100 above them
    leaf = AddDevice(doc, "nvidia-qm9700", "A03", 26, "rear", name="leaf-hand")
    doc.push(leaf)
    server = AddDevice(doc, "nvidia-dgx-h100", "A03", 30, "front", name="dgx-hand")
    doc.push(server)
    assert _unconnected(doc, "dgx-hand"), "a dropped DGX starts with its compute ports unconnected"
    doc.select("device", "dgx-hand")
    panel = window.ports
    assert panel.model.device == "dgx-hand"
    assert [r[0].port for r in panel.model.rows][:8] == [f"osfp{i}" for i in range(1, 9)]
    assert panel.model.rows[0][0].role == "compute" and panel.model.rows[0][0].speed_gbps == 400
    assert panel.model.index(0, 6).data() == "free"
    panel.set_far_device("leaf-hand")
    for i in range(1, 9):
        assert panel.connect_ends(f"dgx-hand:osfp{i}", f"leaf-hand:p{i}"), panel.message.text()
    assert not [f for f in _unconnected(doc, "dgx-hand") if "compute" in f.key], \
        [f.message for f in _unconnected(doc, "dgx-hand")]
    new = doc.design.links[-1]
    assert (str(new.a), str(new.b), new.fabric) == ("dgx-hand:osfp8", "leaf-hand:p8", "compute")
    # media and length as the generator's cabling picks them for the same run
    assert new.media is not None and new.length_m is not None and new.length_m >= 0.6
    assert panel.model.index(7, 6).data() == "leaf-hand:p8"
    assert doc.undo_stack.count() == steps + 10
    for _ in range(10):
        doc.undo_stack.undo()
    assert dumps_design(doc.design) == before


def test_a_refused_cable_says_why_and_changes_nothing(window):
    doc = window.doc
    doc.push(AddDevice(doc, "nvidia-qm9700", "A03", 26, "rear", name="leaf-hand"))
    doc.push(AddDevice(doc, "nvidia-dgx-h100", "A03", 30, "front", name="dgx-hand"))
    before, steps = dumps_design(doc.design), doc.undo_stack.count()
    doc.select("device", "dgx-hand")
    panel = window.ports
    said = []
    panel.status.connect(said.append)
    # already used: the far end is named
    assert not panel.connect_ends("dgx-hand:osfp1", "cmp-leaf01:p1")
    assert "already cabled" in panel.message.text() and "node001:osfp1" in panel.message.text()
    # speed: the 100G in-band port on a 400G leaf port
    assert not panel.connect_ends("dgx-hand:mgmt1", "leaf-hand:p1")
    assert "speed" in panel.message.text() and "100G" in panel.message.text() and "400G" in panel.message.text()
    # role: a compute port to a switch of the storage fabric (its port freed first)
    doc.push(_disconnect(doc, "sto-leaf01", "p1"))
    assert not panel.connect_ends("dgx-hand:osfp1", "sto-leaf01:p1")
    assert "role" in panel.message.text() and "compute" in panel.message.text() and "storage" in panel.message.text()
    # two servers' ports: neither is a switch
    assert not panel.connect_ends("dgx-hand:stor1", "dgx-hand:stor2")
    assert "switch" in panel.message.text()
    assert said and said[-1] == panel.message.text(), "the status bar says it too"
    assert doc.undo_stack.count() == steps + 1, "only the disconnect was pushed"
    doc.undo_stack.undo()
    assert dumps_design(doc.design) == before


def test_a_refusal_is_said_in_chinese(window):
    doc = window.doc
    doc.push(AddDevice(doc, "nvidia-qm9700", "A03", 26, "rear", name="leaf-hand"))
    doc.push(AddDevice(doc, "nvidia-dgx-h100", "A03", 30, "front", name="dgx-hand"))
    window.set_language("zh")
    doc.select("device", "dgx-hand")
    assert window.ports_dock.windowTitle() == "端口"
    assert window.ports.model.headerData(0, Qt.Horizontal) == "端口"
    assert not window.ports.connect_ends("dgx-hand:mgmt1", "leaf-hand:p1")
    assert "速率不符" in window.ports.message.text()


def test_the_port_picker_lists_only_free_ports_the_cable_can_go_to(window, qtbot):
    from designer.model.link import LinkEnd
    from designer.ui.port_panel import PortPicker

    doc = window.doc
    doc.push(AddDevice(doc, "nvidia-qm9700", "A03", 26, "rear", name="leaf-hand"))
    doc.push(AddDevice(doc, "nvidia-dgx-h100", "A03", 30, "front", name="dgx-hand"))
    picker = PortPicker(doc, LinkEnd(device="dgx-hand", port="osfp1"))
    qtbot.addWidget(picker)
    names = {r[0].device for r in picker.model.rows}
    ports = {f"{r[0].device}:{r[0].port}" for r in picker.model.rows}
    # every example leaf is full: the new leaf's 64 ports are all there is
    assert names == {"leaf-hand"} and len(ports) == 64
    picker.search.setText("p12")
    assert picker.proxy.rowCount() == 1
    assert picker.pick("leaf-hand:p12")
    picker.accept()
    assert picker.chosen == "leaf-hand:p12"
    assert window.ports.connect_ends("dgx-hand:osfp1", picker.chosen)


def test_disconnect_from_the_panel_is_one_undo_step(window):
    doc = window.doc
    before = dumps_design(doc.design)
    doc.select("device", "node001")
    panel = window.ports
    panel.select_port("osfp3")
    was = panel.model.index(panel.model.port_row("osfp3"), 6).data()
    assert was.startswith("cmp-leaf")
    assert panel.disconnect_current()
    assert panel.model.index(panel.model.port_row("osfp3"), 6).data() == "free"
    assert any(f.code == "PORT_UNCONNECTED" and "node001" in f.objects for f in doc.findings)
    doc.undo_stack.undo()
    assert dumps_design(doc.design) == before
    assert panel.model.index(panel.model.port_row("osfp3"), 6).data() == was


def test_the_core_op_refuses_like_the_panel_and_its_inverse_is_exact(catalog):
    from designer.model.io import load_design
    from designer.resources import example_design

    design = load_design(example_design(), catalog)
    before = dumps_design(design)
    change = edits.disconnect_link(0).apply(design)
    link = edits.connect_ports("node001:osfp1", "cmp-leaf01:p1").link(design)
    assert link.fabric == "compute"
    try:
        edits.connect_ports("node001:osfp1", "node001:osfp1").check(design)
        raise AssertionError("same port accepted")
    except edits.EditRefused as exc:
        assert exc.code == "same_port"
    added = edits.connect_ports("node001:osfp1", "cmp-leaf01:p1", media="MMF", length_m=7.0).apply(design)
    added.inverse.apply(design)
    change.inverse.apply(design)
    assert dumps_design(design) == before


def _disconnect(doc, device, port):
    from designer.ui.commands import DisconnectCable, link_position

    return DisconnectCable(doc, link_position(doc.design, device, port))
