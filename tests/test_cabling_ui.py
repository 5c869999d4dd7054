"""Cabling by hand, the cable list and Find (issue 14), headless (pytest-qt)."""

from __future__ import annotations

import csv
import io

import pytest
from PySide6.QtCore import Qt

from designer.model import edits
from designer.model.io import dumps_design
from designer.ui.commands import AddDevice
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


# -- the cable list -------------------------------------------------------------------------


def _cables(window):
    window.cables_dock.show()
    window.cable_list.ensure_loaded()
    return window.cable_list


def test_the_cable_list_filters_by_fabric_rack_media_length_and_search(window):
    cables = _cables(window)
    design = window.doc.design
    assert len(cables.model.shown) == len(design.links) == 590
    cables.set_filters(fabric="compute")
    assert len(cables.model.shown) == sum(1 for l in design.links if l.fabric == "compute")
    assert {r[5] for r in cables.model.shown} == {"compute"}
    cables.set_filters(rack="A01")
    expected = sum(1 for l in design.links if l.fabric == "compute" and "A01" in
                   (window.doc.index.devices[l.a.device].rack, window.doc.index.devices[l.b.device].rack))
    assert len(cables.model.shown) == expected == 32  # four DGX, eight compute ports each
    cables.set_filters(fabric="", rack="", media="CAT6A")
    assert cables.model.shown and all(r[6] == "CAT6A" for r in cables.model.shown)
    cables.set_filters(media="", min_length=10)
    assert cables.model.shown and all(r[8] >= 10 for r in cables.model.shown)
    cables.set_filters(min_length=0, search="node003 osfp")
    assert len(cables.model.shown) == 8 and all("node003:osfp" in r[1] for r in cables.model.shown)
    part = cables.model.rows[0][9]
    assert part, "the part is named as the bill of materials names it"
    cables.set_filters(search="", part=part)
    assert cables.model.shown and {r[9] for r in cables.model.shown} == {part}
    assert cables.count.text().startswith(f"{len(cables.model.shown)} of 590")


def test_the_cable_list_jumps_to_either_end_and_sorts(window):
    cables = _cables(window)
    cables.set_filters(search="node005:osfp2")
    assert len(cables.model.shown) == 1
    cables.table.selectRow(0)
    far = window.doc.design.links[cables.current_position()].b.device
    cables.jump("a")
    assert window.doc.selection == ("device", "node005")
    assert window.racks.anchor == "A02", "the A end's elevation is shown"
    cables.jump("b")
    assert window.doc.selection == ("device", far)
    cables.set_filters(search="")
    cables.model.sort(7, Qt.DescendingOrder)  # longest first
    lengths = [r[8] for r in cables.model.shown]
    assert lengths == sorted(lengths, reverse=True)


def test_the_cable_list_exports_the_rows_shown_as_the_cable_schedule(window, tmp_path):
    cables = _cables(window)
    cables.set_filters(fabric="compute", rack="A01")
    path = tmp_path / "a01.csv"
    written = cables.export_csv(path)
    rows = list(csv.reader(io.StringIO(path.read_bytes().decode("utf-8-sig"))))
    assert written == len(rows) - 1 == 32
    header = rows[0]
    assert all(r[header.index("fabric")] == "compute" for r in rows[1:])


def test_the_cable_list_follows_an_edit(window):
    cables = _cables(window)
    doc = window.doc
    doc.select("device", "node001")
    window.ports.select_port("osfp1")
    window.ports.disconnect_current()
    cables.reload()  # a small design reloads at once; this is what the edit ran
    assert len(cables.model.rows) == 589
    doc.undo_stack.undo()
    cables.reload()
    assert len(cables.model.rows) == 590


def test_a_chosen_cables_media_and_length_are_set_by_hand_and_undone(window):
    """The cable list's override fields: media chosen instead of the generator's, a length
    typed; the list, the design and the bill of materials part follow; undo gives them back."""
    cables = _cables(window)
    doc = window.doc
    cables.set_filters(search="node005:osfp2")
    cables.table.selectRow(0)
    position = cables.current_position()
    link = doc.design.links[position]
    before = (link.media, link.length_m)  # what the generator chose for the run (MMF, 7 m)
    media = cables.override_editors[("link", position, "media")]
    assert media.currentData() == link.media and media.count() == 7  # "as the route needs" + six media
    part_before = next(r[9] for r in cables.model.rows if r[0] == position)
    media.setCurrentIndex(media.findData("AOC"))
    assert doc.design.links[position].media == "AOC"
    length = cables.override_editors[("link", position, "length_m")]
    length.setValue(7.5)
    length.editingFinished.emit()
    assert doc.design.links[position].length_m == 7.5
    cables.reload()
    row = next(r for r in cables.model.rows if r[0] == position)
    assert row[6] == "AOC" and row[8] == 7.5 and row[9] != part_before
    doc.undo_stack.undo()
    doc.undo_stack.undo()
    assert (doc.design.links[position].media, doc.design.links[position].length_m) == before


def test_the_override_fields_are_in_chinese(window):
    from designer.ui import language

    cables = _cables(window)
    window.set_language("zh")
    try:
        cables.set_filters(search="node005:osfp2")
        cables.table.selectRow(0)
        position = cables.current_position()
        media = cables.override_editors[("link", position, "media")]
        assert media.itemText(0) == "按走线自动选择" and "有源光缆" in media.itemText(media.findData("AOC"))
        assert language.current().lang == "zh"
    finally:
        window.set_language("en")


# -- Find ---------------------------------------------------------------------------------------


def test_find_jumps_to_a_port_and_highlights_it(window, qtbot):
    from designer.ui.cabling_tools import open_find

    dialog = open_find(window)
    qtbot.keyClicks(dialog.search, "node006:osfp")
    items = [dialog.results.item(i).data(Qt.UserRole) for i in range(dialog.results.count())]
    assert ("port", "node006:osfp1") in items and all(k in ("port", "cable") for k, _ in items)
    dialog.search.setText("node006:osfp4")
    assert dialog.results.item(0).data(Qt.UserRole) == ("port", "node006:osfp4")
    qtbot.keyClick(dialog.search, Qt.Key_Return)
    assert window.doc.selection == ("device", "node006")
    assert window.tabs.currentWidget() is window.racks_tab and window.racks.anchor == "A02"
    assert window.ports.model.device == "node006" and window.ports.table.current_port() == "osfp4"


def test_find_finds_racks_devices_cables_and_findings(window):
    from designer.ui.find import find_matches

    doc = window.doc
    assert find_matches(doc, "A02")[0] == ("rack", "A02", "A02")
    assert find_matches(doc, "cmp-spine01")[0][:2] == ("device", "cmp-spine01")
    cable = next(m for m in find_matches(doc, "node001:osfp1 -") if m[0] == "cable")
    assert doc.design.links[int(cable[1])].a.device == "node001"
    doc.push(_disconnect(doc, "node001", "osfp1"))
    found = [m for m in find_matches(doc, "PORT_UNCONNECTED") if m[0] == "finding"]
    assert found and "node001" in doc.findings[int(found[0][1])].objects
    from designer.ui.cabling_tools import jump

    jump(window, "finding", found[0][1])
    assert doc.selection == ("device", "node001")
    jump(window, "cable", cable[1])
    assert window.cable_list.current_position() == int(cable[1])


# -- the elevation: faceplates, capacity bars, legend ---------------------------------------------


def test_the_elevation_draws_port_cages_at_readable_zoom_filled_where_cabled(window):
    from designer.ui.rack_view import Faceplate

    doc = window.doc
    doc.push(AddDevice(doc, "nvidia-qm9700", "A03", 26, "rear", name="leaf-hand"))
    doc.push(AddDevice(doc, "nvidia-dgx-h100", "A03", 30, "front", name="dgx-hand"))
    window.ports.connect_ends("dgx-hand:osfp1", "leaf-hand:p1")
    window.open_rack("A03")
    view = window.racks
    item = next(i for i in view.device_items["leaf-hand"] if not i.ghost)
    plate = item.faceplate
    assert isinstance(plate, Faceplate)
    # a QM9700: 32 twin-port OSFP cages and the RJ45 management port
    assert len(plate.cages) == 33 and plate.cages[0] == ("OSFP", 1, ["p1", "p2"])
    assert plate.used == {"p1"}
    ghosts = [i for i in view.device_items["leaf-hand"] if i.ghost]
    assert all(getattr(g, "faceplate", None) is None for g in ghosts), "cages on the mounted face only"
    # unreadable at the fitted scale, readable zoomed in
    assert not plate.readable(0.8) and plate.readable(4.0)
    assert all(plate.boundingRect().contains(r) for r in plate.cage_rects())


def test_each_rack_has_power_heat_weight_and_space_bars_and_the_row_a_legend(window):
    from designer.ui.metrics import rack_figures

    window.open_rack("A01")
    view = window.racks
    bars = view.bars["A01"]
    assert set(bars) == {"power", "heat", "weight", "space"}
    figures = rack_figures(window.doc, "A01")
    frame, share = bars["power"]
    assert share == pytest.approx(figures.power_max_kw / figures.budget_kw)
    assert "typical" in frame.toolTip() and "budget" in frame.toolTip()
    assert bars["space"][1] == pytest.approx(figures.u_used / figures.u_total)
    assert view.legend is not None
    texts = [c.text() for c in view.legend.childItems() if hasattr(c, "text")]
    assert {"Legend", "server", "switch", "port cabled", "over the limit"} <= set(texts)
    window.set_language("zh")
    texts = [c.text() for c in window.racks.legend.childItems() if hasattr(c, "text")]
    assert {"图例", "服务器", "交换机", "端口已连接", "超过上限"} <= set(texts)
    assert "典型" in window.racks.bars["A01"]["power"][0].toolTip()


# -- drawing-tool habits: multi-select, nudge, copy and paste ---------------------------------------


def _click(qtbot, view, name, modifier=Qt.NoModifier):
    item = next(i for i in view.device_items[name] if not i.ghost)
    view.ensureVisible(item)
    pos = view.mapFromScene(item.rect().center())
    qtbot.mouseClick(view.viewport(), Qt.LeftButton, modifier, pos)


def test_ctrl_click_keeps_several_devices_and_arrow_keys_move_them_as_one_undo_step(window, qtbot):
    doc = window.doc
    window.open_rack("A03")
    view = window.racks
    before, steps = dumps_design(doc.design), doc.undo_stack.count()
    _click(qtbot, view, "inb-leaf01")
    _click(qtbot, view, "oob-agg02", Qt.ControlModifier)
    assert view.selected_devices() == ["inb-leaf01", "oob-agg02"]
    assert doc.selection == ("device", "oob-agg02")
    # oob-agg02 at U23 has U25 free above it; inb-leaf01 at U13 has inb-leaf02 at U15 above it
    view.setFocus()
    qtbot.keyClick(view, Qt.Key_Up)
    assert "Not moved" in window.statusBar().currentMessage()
    assert doc.undo_stack.count() == steps, "refused whole"
    _click(qtbot, view, "inb-leaf01", Qt.ControlModifier)  # Ctrl-click again takes it out
    assert view.selected_devices() == ["oob-agg02"]
    _click(qtbot, view, "oob-agg01", Qt.ShiftModifier)
    qtbot.keyClick(view, Qt.Key_Up)
    index = doc.index
    assert (index.devices["oob-agg01"].position_u, index.devices["oob-agg02"].position_u) == (22, 24)
    assert doc.undo_stack.count() == steps + 1
    doc.undo_stack.undo()
    assert dumps_design(doc.design) == before


def test_delete_of_several_picked_devices_is_one_undo_step(window, qtbot):
    doc = window.doc
    window.open_rack("A01")
    view = window.racks
    before, steps = dumps_design(doc.design), doc.undo_stack.count()
    _click(qtbot, view, "node001")
    _click(qtbot, view, "node002", Qt.ControlModifier)
    window.delete_selection()
    assert "node001" not in doc.index.devices and "node002" not in doc.index.devices
    assert doc.undo_stack.count() == steps + 1
    doc.undo_stack.undo()
    assert dumps_design(doc.design) == before


def test_copy_and_paste_between_two_designs_keeps_the_cables_inside_the_selection(window, qtbot, catalog, tmp_path):
    from PySide6.QtCore import QSettings

    from designer.model.io import load_design, save_design
    from designer.resources import example_design
    from designer.ui.document import DesignDocument
    from designer.ui.main_window import MainWindow

    doc = window.doc
    doc.push(AddDevice(doc, "nvidia-qm9700", "A06", 20, "rear", name="leaf-hand"))
    doc.push(AddDevice(doc, "nvidia-dgx-h100", "A06", 10, "front", name="dgx-hand"))
    for i in (1, 2):
        assert window.ports.connect_ends(f"dgx-hand:osfp{i}", f"leaf-hand:p{i}")
    window.open_rack("A06")
    view = window.racks
    _click(qtbot, view, "dgx-hand")
    _click(qtbot, view, "leaf-hand", Qt.ControlModifier)
    payload = view.copy_selection()
    assert len(payload["devices"]) == 2 and len(payload["links"]) == 2
    # a second window with its own design
    other_path = tmp_path / "other.json"
    save_design(load_design(example_design(), catalog), other_path)
    other = MainWindow(DesignDocument.open(other_path, catalog), QSettings(str(tmp_path / "o.ini"), QSettings.IniFormat))
    qtbot.addWidget(other)
    other.prompts.ask_save_changes = lambda title: "discard"
    before = dumps_design(other.doc.design)
    other.open_rack("A06")
    names = other.racks.paste("A06")
    assert sorted(names) == ["dgx-hand", "leaf-hand"]
    pasted = [l for l in other.doc.design.links if {l.a.device, l.b.device} == {"dgx-hand", "leaf-hand"}]
    assert len(pasted) == 2 and {l.fabric for l in pasted} == {"compute"}
    # pasted again into the same design: names renumbered, cables follow the new names
    again = other.racks.paste("A06")
    assert set(again) == {"dgx-hand-01", "leaf-hand-01"}
    assert sum(1 for l in other.doc.design.links if {l.a.device, l.b.device} == set(again)) == 2
    other.doc.undo_stack.undo()
    other.doc.undo_stack.undo()
    assert dumps_design(other.doc.design) == before
    other.close()


def test_paste_into_a_full_rack_is_refused_with_the_reason(window, qtbot):
    window.open_rack("A01")
    view = window.racks
    _click(qtbot, view, "node001")
    _click(qtbot, view, "node002", Qt.ControlModifier)
    view.copy_selection()  # 16 U; A01 has U33-U40 free
    steps = window.doc.undo_stack.count()
    assert view.paste("A01") == []
    assert "no room" in window.statusBar().currentMessage()
    assert window.doc.undo_stack.count() == steps


@pytest.mark.parametrize("spec", [None, dict(server="nvidia-dgx-b300", gpus=256, switch="nvidia-sn5600")])
def test_a_hand_drawn_cable_gets_the_media_and_length_the_generator_gives_the_same_run(catalog, spec):
    from designer.fabric.parts import MediaSelector
    from designer.fabric.generate import GenerateSpec, generate
    from designer.fabric.hand_cabling import choose_cable
    from designer.model.index import DesignIndex
    from designer.model.io import load_design
    from designer.resources import example_design

    design = load_design(example_design(), catalog) if spec is None else generate(GenerateSpec(**spec), catalog)
    index = DesignIndex.build(design)
    selector = MediaSelector(catalog.cabling)
    straight = [l for l in design.links if not l.cable_id]
    assert len(straight) > 100
    differ = [(str(l.a), str(l.b), l.media, l.length_m, choose_cable(index, catalog.cabling, l, selector))
              for l in straight if choose_cable(index, catalog.cabling, l, selector) != (l.media, l.length_m)]
    assert not differ, differ[:5]


def test_a_cable_chosen_in_the_list_marks_both_its_ends_in_the_elevation(window):
    from designer.ui.rack_view import CABLE_END

    cables = _cables(window)
    cables.set_filters(search="node001:osfp1 ")
    cables.table.selectRow(0)
    link = window.doc.design.links[cables.current_position()]
    view = window.racks
    assert view.cable_ends == {link.a.device, link.b.device}
    assert view.anchor == "A01", "the A end's row is shown"
    item = next(i for i in view.device_items[link.a.device] if not i.ghost)
    assert item.pen().color() == CABLE_END and item.pen().width() == 3
    cables.table.clearSelection()
    assert view.cable_ends == set()


def test_a_cable_chosen_in_the_list_shows_its_run_on_the_floor(window):
    """Between racks: a path from rack centre along the row, then across, the route the
    cable's length is measured along, both racks outlined; a cable inside one rack: that
    rack outlined only."""
    from designer.fabric.routes import Geometry, route_points_mm

    cables = _cables(window)
    doc, floor = window.doc, window.floor
    link = next(l for l in doc.design.links
                if doc.index.devices[l.a.device].rack != doc.index.devices[l.b.device].rack)
    position = doc.design.links.index(link)
    assert cables.show_link(position)
    route = floor.route_items[0]
    rack_a, rack_b = doc.index.devices[link.a.device].rack, doc.index.devices[link.b.device].rack
    points = route_points_mm(doc.index, rack_a, rack_b)
    ox, oy = floor.room_offsets[doc.index.racks[rack_a].room]
    path = route.path()
    assert [(path.elementAt(i).x, path.elementAt(i).y) for i in range(path.elementCount())] == [
        (x + ox, y + oy) for x, y in points]
    # the drawn path is the floor part of the measured length
    floor_mm = sum(abs(x1 - x0) + abs(y1 - y0) for (x0, y0), (x1, y1) in zip(points, points[1:]))
    assert Geometry(doc.index).length_m(link) > floor_mm / 1000
    assert len(floor.route_items) == 4  # the path, its length and the two racks outlined
    inside = next(l for l in doc.design.links
                  if doc.index.devices[l.a.device].rack == doc.index.devices[l.b.device].rack)
    assert cables.show_link(doc.design.links.index(inside))
    assert len(floor.route_items) == 1 and floor.route_items[0].rect().width() > 0  # its rack outlined


def test_the_patching_layer_draws_each_cable_of_the_row_from_its_port(window):
    """Racks tab → Patching: every cable of the shown row from its port's cage, one path per
    fabric; to the other end when both are in the row, else up to the tray; off again: gone."""
    from designer.model.hardware import split_lane
    from designer.ui.patching import cage_points

    view = window.racks
    view.show_rack("A01")
    tab = window.racks_tab
    tab.patching.setChecked(True)
    assert view.patching and view.patch_items
    index = window.doc.index
    points = cage_points(view)
    shown = {n for n in view.device_items}
    cables = {id(l): l for n in shown for l in index.links_by_device.get(n, [])
              if (l.a.device, split_lane(l.a.port)[0]) in points or (l.b.device, split_lane(l.b.port)[0]) in points}
    assert cables
    fabrics = {l.fabric for l in cables.values()}
    assert {item.data(0) for item in view.patch_items} == {f"patching:{f}" for f in fabrics}
    # each cable is one subpath starting at a cage: as many moveTo's as cables
    moves = sum(sum(1 for i in range(item.path().elementCount()) if item.path().elementAt(i).isMoveTo())
                for item in view.patch_items)
    assert moves == len(cables)
    assert any("Cables by fabric" in child.text() for child in view.legend.childItems()
               if hasattr(child, "text"))
    tab.patching.setChecked(False)
    assert not view.patching and not view.patch_items
    assert all(item.data(0) is None or not str(item.data(0)).startswith("patching:")
               for item in view.scene().items())


def test_a_devices_context_menu_and_a_switchs(window, qtbot):
    """Right-click menus with the actions that apply: a device in the elevation (its ports,
    copy, duplicate, delete), a switch in the topology (mark failed, clear)."""
    from designer.ui.cabling_tools import device_menu

    doc = window.doc
    window.racks.show_rack("A01")
    doc.select("device", "node001")
    actions = {a.text(): a for a in device_menu(window, "node001").actions() if a.text()}
    assert {"Show its ports", "&Delete", "D&uplicate"} <= set(actions)
    actions["Show its ports"].trigger()
    assert window.ports_dock.isVisible()
    actions["&Delete"].trigger()
    assert "node001" not in doc.index.devices
    doc.undo_stack.undo()
    assert "node001" in doc.index.devices
    window.tabs.setCurrentWidget(window.topology)
    qtbot.waitUntil(lambda: bool(window.topology.switch_items))
    switch = next(iter(window.topology.switch_items))
    menu = window.topology.switch_menu(switch)
    assert doc.selection == ("device", switch)
    fail = next(a for a in menu.actions() if a.text() == "Mark selected switch failed"
                or "fail" in a.text().lower())
    fail.trigger()
    assert window.topology.failed == switch


def test_the_topology_has_a_legend_in_its_corner(window, qtbot):
    topology = window.topology
    window.tabs.setCurrentWidget(topology)
    text = topology.legend.text()
    assert "switch" in text and "failed switch" in text and "equal-cost paths" in text
    window.set_language("zh")
    try:
        assert "故障交换机" in window.topology.legend.text()
    finally:
        window.set_language("en")


def test_shift_drag_in_the_elevation_picks_the_devices_it_touches(window, qtbot):
    """A rubber band over two DGX of A01 picks both (one undo step for what follows: ↑
    moves them together), the document selecting them; a band on nothing picks none."""
    from PySide6.QtCore import QPoint, Qt

    view = window.racks
    view.show_rack("A01")
    view.fit()
    items = [view.device_items[n][0] for n in ("node001", "node002")]
    box = items[0].sceneBoundingRect().united(items[1].sceneBoundingRect())
    start = view.mapFromScene(box.topLeft()) - QPoint(8, 8)
    end = view.mapFromScene(box.bottomRight()) - QPoint(20, 0)
    assert view._device_at(start) is None
    viewport = view.viewport()
    qtbot.mousePress(viewport, Qt.LeftButton, Qt.ShiftModifier, start)
    qtbot.mouseMove(viewport, end)
    qtbot.mouseRelease(viewport, Qt.LeftButton, Qt.ShiftModifier, end)
    assert {"node001", "node002"} <= set(view.selected_devices())
    assert {("device", "node001"), ("device", "node002")} <= set(window.doc.selected)
    assert view.pick_in(view.mapToScene(start.x() - 4, start.y() - 4, 2, 2).boundingRect()) == []
    assert window.doc.selection is None


def test_duplicating_picked_devices_is_all_or_nothing(window):
    """Two DGX picked in A01, which has room for one more: refused whole, nothing added,
    the reason in the status bar; one picked: duplicated."""
    doc = window.doc
    view = window.racks
    view.show_rack("A01")
    before = len(doc.design.devices)
    view.picked = ["node001", "node002"]
    doc.select_many("device", ["node001", "node002"])
    depth = doc.undo_stack.count()
    window.duplicate_selection()
    assert len(doc.design.devices) == before
    assert window.statusBar().currentMessage()
    assert doc.undo_stack.count() == depth and not doc.undo_stack.canRedo()  # no trace in the history
    view.picked = ["node001"]
    doc.select("device", "node001")
    window.duplicate_selection()
    assert len(doc.design.devices) == before + 1
    doc.undo_stack.undo()
    assert len(doc.design.devices) == before
