"""The edit API (designer.model.edits), without Qt: each operation accepted and refused,
its inverse exact, its scopes, and undo/redo through ``History``."""

from __future__ import annotations

import pytest

from designer.errors import DesignerError
from designer.model import Device, Feed, Link, LinkEnd, Rack, Room, Stage
from designer.model import edits as E
from designer.model.io import dumps_design, load_design, parse_design
from tests.conftest import ROOT
from tests.factories import server_type, small_design

EXAMPLE = ROOT / "resources" / "examples" / "dgx-h100-16-node.json"


@pytest.fixture()
def design():
    design = small_design()
    design.stages = [Stage(name="Pilot", racks=["R01"], devices=["R02-srv1"])]
    return design


@pytest.fixture()
def example(catalog):
    return load_design(EXAMPLE, catalog)


def applied_and_undone(design, edit) -> E.Change:
    """Apply ``edit``, check the result loads, undo it (the bytes are back) and redo it
    (through the inverse of the inverse: the edited bytes again); the redo's change."""
    before = dumps_design(design)
    change = edit.apply(design)
    after = dumps_design(design)
    parse_design(after.encode())  # the loader takes whatever an edit produces
    reverted = change.inverse.apply(design)
    assert dumps_design(design) == before
    again = reverted.inverse.apply(design)
    assert dumps_design(design) == after
    assert type(again.scopes) is E.Scopes
    return change


def refused(design, edit, *words) -> E.EditRefused:
    before = dumps_design(design)
    with pytest.raises(E.EditRefused) as caught:
        edit.apply(design)
    assert dumps_design(design) == before, "a refused edit changes nothing"
    text = str(caught.value)
    for word in words:
        assert word in text, text
    return caught.value


def _change_apply_once(design, edit):
    before = dumps_design(design)
    change = edit.apply(design)
    return before, change


# ---------------------------------------------------------------- the defects


def test_a_rack_in_a_room_that_does_not_exist_is_refused_naming_object_field_and_fix(example):
    exc = refused(example, E.SetProperty("rack", "A02", "room", "Nowhere"))
    assert exc.field == 'racks "A02".room'
    assert exc.message == 'room "Nowhere" does not exist'
    assert exc.hint == "use one of: Hall 1"
    assert exc.code == "no_such_room" and isinstance(exc, DesignerError) and exc.exit_code == 2


def test_a_feed_the_rack_does_not_have_is_refused(example):
    exc = refused(example, E.SetProperty("device", "A01-pdu-A1", "feed", "PDU-ZZZ"), 'rack "A01" has no feed "PDU-ZZZ"',
                  "use one of: A, B")
    assert exc.field == 'devices "A01-pdu-A1".feed'
    change = E.SetProperty("device", "A01-pdu-A1", "feed", "B").apply(example)
    assert change.scopes.racks == {"A01"}


# ---------------------------------------------------------------- devices


def test_add_device_in_a_free_slot_embeds_its_type_and_undo_removes_both(design):
    new_type = server_type("other-server", u=4)
    edit = E.add_device(Device(name="gpu9", device_type="other-server", rack="R02", position_u=30), new_type)
    before, change = _change_apply_once(design, edit)
    assert design.devices[-1].name == "gpu9" and design.device_types[-1].slug == "other-server"
    assert change.scopes.racks == {"R02"} and change.scopes.devices == {"gpu9"} and change.scopes.design
    assert change.summary == "added device gpu9"
    change.inverse.apply(design)
    assert dumps_design(design) == before


def test_add_device_refusals(design):
    def add(**fields):
        return E.add_device(Device.model_construct(**{"name": "new", "device_type": "test-server", "rack": "R01",
                                                      "position_u": 20, **fields}))

    refused(design, add(name="leaf1"), 'a device named "leaf1" already exists')
    refused(design, add(position_u=6), "U6-U9 of rack R01 are taken by R01-srv1", "choose a free slot")
    refused(design, add(position_u=40), "U40-U47 does not fit rack R01 (42 U)")
    refused(design, add(rack="R99"), 'devices "new".rack', 'rack "R99" does not exist', "use one of: R01, R02")
    refused(design, add(device_type="no-such"), 'device type "no-such" is not in the design')
    refused(design, add(feed="C"), 'rack "R01" has no feed "C"')
    refused(design, add(fabric="storage"), 'fabric "storage" does not exist', "use one of: compute")
    refused(design, add(name="bad:name"), 'devices "bad:name".name', "a name may not contain a colon")
    refused(design, add(position_u=0), "greater than or equal to 1")
    applied_and_undone(design, add())


def test_move_device_keeps_the_object_and_undoes_exactly(design):
    device = design.devices[0]
    change = E.MoveDevice("R01-srv1", "R02", 20, "rear").apply(design)
    assert design.devices[0] is device and (device.rack, device.position_u, device.face) == ("R02", 20, "rear")
    # its cables are re-judged where it is now (devices); they are the same cables (not links)
    assert change.scopes.racks == {"R01", "R02"} and change.scopes.devices == {"R01-srv1"}
    assert not change.scopes.links
    change.inverse.apply(design)
    assert (device.rack, device.position_u, device.face) == ("R01", 2, "front")
    applied_and_undone(design, E.MoveDevice("R01-srv1", None, None))


def test_move_device_refusals(design):
    refused(design, E.MoveDevice("R01-srv1", "R02", 4), "taken by R02-srv1")
    refused(design, E.MoveDevice("R01-srv1", "Nowhere", 4), 'rack "Nowhere" does not exist')
    refused(design, E.MoveDevice("ghost", "R02", 4), 'device "ghost" does not exist')
    refused(design, E.MoveDevice("R01-srv1", "R02", 4, "top"), "expected 'front' or 'rear'")
    design.devices[0].feed = "A"
    design.racks[1].feeds = [Feed(name="B", capacity_kw=40)]
    refused(design, E.MoveDevice("R01-srv1", "R02", 30), 'rack "R02" has no feed "A"')


def test_delete_device_takes_its_cables_and_stage_references_and_undo_restores_them(design):
    before, change = _change_apply_once(design, E.delete_devices(["R02-srv1"]))
    assert "R02-srv1" not in {d.name for d in design.devices}
    assert not any("R02-srv1" in (l.a.device, l.b.device) for l in design.links)
    assert design.stages[0].devices == []
    assert change.scopes.devices >= {"R02-srv1", "leaf1"} and change.scopes.links
    assert change.summary == "deleted device R02-srv1 and 8 cables"
    change.inverse.apply(design)
    assert dumps_design(design) == before
    refused(design, E.delete_devices(["ghost"]), 'device "ghost" does not exist')


# ---------------------------------------------------------------- racks, rows, rooms


def _rack(**fields) -> Rack:
    return Rack.model_construct(**{"name": "R03", "rack_type": "test-rack-42u", "room": "Hall 1", "row": "A",
                                   "x_mm": 2200.0, "y_mm": 2000.0, "power_budget_kw": 40.0,
                                   "feeds": [Feed(name="A", capacity_kw=40)], **fields})


def test_add_rack_and_its_refusals(design):
    change = applied_and_undone(design, E.add_rack(_rack()))
    # its own scope and its room's, not a re-check of everything (issue 13: Add rack stalled)
    assert not change.scopes.everything
    assert change.scopes.racks == {"R03"} and change.scopes.rooms == {"Hall 1"}
    refused(design, E.add_rack(_rack(name="R01")), 'a rack named "R01" already exists')
    refused(design, E.add_rack(_rack(name="R04", room="Nowhere")), 'racks "R04".room', 'room "Nowhere" does not exist')
    refused(design, E.add_rack(_rack(name="R04", rack_type="rack-99u")), 'rack type "rack-99u" is not in the design')
    refused(design, E.add_rack(_rack(name="R04", feeds=[Feed(name="A", capacity_kw=1), Feed(name="A", capacity_kw=2)])),
            'two feeds are named "A"')
    refused(design, E.add_rack(_rack(name="R04", power_budget_kw=-1)), 'racks "R04".power_budget_kw', "greater than 0")


def test_move_rack_within_and_between_rooms(design):
    change = applied_and_undone(design, E.MoveRack("R02", 5000, 3000))
    assert change.scopes.rooms == {"Hall 1"} and change.scopes.devices == {"R02-srv1", "R02-srv2"}
    E.add_room(Room(name="Hall 2", width_mm=5000, depth_mm=5000)).apply(design)
    change = applied_and_undone(design, E.MoveRack("R02", 1000, 1000, room="Hall 2"))
    assert design.racks[1].room == "Hall 2" and change.scopes.everything
    refused(design, E.MoveRack("R02", 1000, 1000, room="Nowhere"), 'room "Nowhere" does not exist')
    refused(design, E.MoveRack("R09", 1000, 1000), 'rack "R09" does not exist')


def test_delete_rack_takes_its_devices_their_cables_and_stage_references(design):
    before, change = _change_apply_once(design, E.delete_racks(["R01"]))
    assert [r.name for r in design.racks] == ["R02"]
    assert {d.name for d in design.devices} == {"R02-srv1", "R02-srv2"}
    assert design.links == [] and design.stages[0].racks == []
    parse_design(dumps_design(design).encode())
    change.inverse.apply(design)
    assert dumps_design(design) == before


def test_rows_are_added_moved_and_deleted(design):
    row = [_rack(name=f"B0{i}", row="B", x_mm=1000.0 + 600 * i, y_mm=5000.0) for i in range(1, 4)]
    change = applied_and_undone(design, E.AddRow(row))
    assert change.summary.startswith('added row "B"')
    refused(design, E.AddRow([_rack(name="C01", row="A")]), 'room "Hall 1" already has a row "A"')
    refused(design, E.AddRow([_rack(name="C01", row="C"), _rack(name="C02", row="D")]), "the racks are in 2 rows")
    # floats shift and shift back to the same bytes: the inverse puts back the old figures
    change = applied_and_undone(design, E.MoveRow("Hall 1", "B", 0.1, 0.7))
    assert abs(design.racks[2].x_mm - 1600.1) < 1e-9
    refused(design, E.MoveRow("Hall 1", "Q", 1, 1), 'room "Hall 1" has no row "Q"', "use one of: A, B")
    applied_and_undone(design, E.DeleteRow("Hall 1", "B"))
    refused(design, E.DeleteRow("Hall 1", "Q"), 'has no row "Q"')


def test_rooms_are_added_and_deleted_with_their_racks(design):
    applied_and_undone(design, E.add_room(Room(name="Hall 2", width_mm=5000, depth_mm=5000)))
    refused(design, E.add_room(Room(name="Hall 1", width_mm=5000, depth_mm=5000)),
            'a room named "Hall 1" already exists')
    refused(design, E.add_room(Room.model_construct(name="Hall 3", width_mm=-5, depth_mm=5000)), "greater than 0")
    before, change = _change_apply_once(design, E.delete_rooms(["Hall 1"]))
    assert design.racks == [] and design.devices == [] and design.links == []
    parse_design(dumps_design(design).encode())
    change.inverse.apply(design)
    assert dumps_design(design) == before
    refused(design, E.delete_rooms(["Nowhere"]), 'room "Nowhere" does not exist')


# ---------------------------------------------------------------- links


def _link(a: str, b: str, **fields) -> Link:
    (da, pa), (db, pb) = a.split(":"), b.split(":")
    return Link(a=LinkEnd(device=da, port=pa), b=LinkEnd(device=db, port=pb), **fields)


def test_add_link_between_free_ports_and_its_refusals(design):
    change = applied_and_undone(design, E.add_link(_link("R01-srv1:bmc1", "leaf1:p40", fabric="compute")))
    assert change.scopes.devices == {"R01-srv1", "leaf1"} and change.scopes.links
    refused(design, E.add_link(_link("R01-srv1:cx1", "leaf1:p40")), "port R01-srv1:cx1 is already cabled")
    refused(design, E.add_link(_link("R01-srv1:cx99", "leaf1:p40")), 'has no port "cx99"', "its ports: cx1-cx8")
    refused(design, E.add_link(_link("ghost:p1", "leaf1:p40")), 'device "ghost" does not exist')
    refused(design, E.add_link(_link("leaf1:p40", "leaf1:p40")), "both ends are leaf1:p40")
    refused(design, E.add_link(_link("R01-srv1:bmc1", "leaf1:p40", fabric="oob")), 'fabric "oob" does not exist')


def test_move_and_delete_links(design):
    change = applied_and_undone(design, E.move_link(design, 0, b=LinkEnd(device="leaf1", port="p50")))
    assert design.links[0].b.port == "p50" and change.scopes.devices == {"R01-srv1", "leaf1"}
    refused(design, E.move_link(design, 0, b=LinkEnd(device="leaf1", port="p2")), "port leaf1:p2 is already cabled")
    applied_and_undone(design, E.delete_links([0, 5]))
    refused(design, E.delete_links([99]), "links[99] does not exist")


# ---------------------------------------------------------------- properties


def test_set_property_validates_like_the_loader(design):
    applied_and_undone(design, E.SetProperty("rack", "R01", "power_budget_kw", 12.5))
    refused(design, E.SetProperty("rack", "R01", "power_budget_kw", -1), 'racks "R01".power_budget_kw',
            "greater than 0; got -1")
    refused(design, E.SetProperty("project", None, "currency", "usd"), "project.currency", "string should match")
    refused(design, E.SetProperty("design", None, "name", ""), "design.name", "at least 1 character")
    refused(design, E.SetProperty("design", None, "racks", []), "racks is not set as one value")
    refused(design, E.SetProperty("rack", "R01", "colour", "red"), 'has no field "colour"')
    refused(design, E.SetProperty("rack", "R09", "row", "B"), 'rack "R09" does not exist')
    refused(design, E.SetProperty("hall", None, "x", 1), 'nothing of kind "hall"')
    refused(design, E.SetProperty("device", "leaf1", "fabric", "storage"), 'fabric "storage" does not exist')
    refused(design, E.SetProperty("device", "leaf1", "position_u", 2), "taken by R01-srv1")
    refused(design, E.SetProperty("room", "Hall 1", "pue", 4.0), "less than or equal to 3")
    refused(design, E.SetProperty("link", 0, "fabric", "oob"), 'fabric "oob" does not exist')
    applied_and_undone(design, E.SetProperty("link", 0, "length_m", 9.0))
    assert E.SetProperty("compliance", None, "data_security_covered", True).apply(design).scopes.design


def test_a_stripped_value_is_stored_as_the_loader_reads_it(design):
    E.SetProperty("rack", "R01", "row", "B").apply(design)
    E.SetProperty("design", None, "name", "  Spaced  ").apply(design)
    assert design.name == "Spaced"


def test_a_smaller_rack_type_or_fewer_feeds_must_still_hold_the_devices(design):
    from tests.factories import rack_type

    design.rack_types.append(rack_type("test-rack-20u", u=20))
    refused(design, E.SetProperty("rack", "R01", "rack_type", "test-rack-20u"), "U40-U40 does not fit rack R01 (20 U)")
    applied_and_undone(design, E.SetProperty("rack", "R02", "rack_type", "test-rack-20u"))
    design.devices[0].feed = "B"
    refused(design, E.SetProperty("rack", "R01", "feeds", [Feed(name="A", capacity_kw=40)]), 'has no feed "B"')
    twins = [Feed(name="A", capacity_kw=4), Feed(name="A", capacity_kw=4)]
    refused(design, E.SetProperty("rack", "R01", "feeds", twins), 'two feeds are named "A"')


def test_renames_take_their_references_along_and_undo_exactly(design):
    change = applied_and_undone(design, E.SetProperty("rack", "R01", "name", "Q01"))
    assert change.scopes.everything
    assert {d.rack for d in design.devices} == {"Q01", "R02"} and design.stages[0].racks == ["Q01"]
    applied_and_undone(design, E.SetProperty("device", "leaf1", "name", "spine1"))
    assert {l.b.device for l in design.links} == {"spine1"}
    applied_and_undone(design, E.SetProperty("room", "Hall 1", "name", "Hall A"))
    assert {r.room for r in design.racks} == {"Hall A"}
    applied_and_undone(design, E.SetProperty("fabric", "compute", "name", "ib"))
    assert {l.fabric for l in design.links} == {"ib"} and design.devices[-1].fabric == "ib"
    design.devices[0].feed = "A"
    applied_and_undone(design, E.SetProperty("feed", "Q01/A", "name", "C"))
    assert design.devices[0].feed == "C" and design.racks[0].feeds[0].name == "C"
    refused(design, E.SetProperty("rack", "Q01", "name", "R02"), 'a rack named "R02" already exists')
    refused(design, E.SetProperty("feed", "Q01/C", "name", "B"), 'rack "Q01" already has a feed "B"')


def test_renaming_onto_a_dangling_reference_undoes_to_the_same_bytes(design):
    # a file may hold a cable to a device that does not exist (a finding, not a load error)
    design.links.append(_link("R09-srv1:cx1", "leaf1:p63"))
    before = dumps_design(design)
    change = E.SetProperty("device", "R01-srv1", "name", "R09-srv1").apply(design)
    assert sum(l.a.device == "R09-srv1" for l in design.links) == 9
    change.inverse.apply(design)
    assert dumps_design(design) == before


def test_set_stages(design):
    applied_and_undone(design, E.SetStages([Stage(name="One", racks=["R01"]), Stage(name="Two", devices=["leaf1"])]))
    refused(design, E.SetStages([Stage(name="One"), Stage(name="One")]), 'two stages are named "One"')
    refused(design, E.SetStages([Stage(name="One", racks=["R09"])]), "R09 does not exist")


# ---------------------------------------------------------------- batches and history


def test_a_batch_is_undone_when_one_of_its_edits_is_refused(design):
    batch = E.Batch([E.MoveDevice("R01-srv1", "R02", 20), E.SetProperty("rack", "R01", "room", "Nowhere")])
    refused(design, batch, 'room "Nowhere" does not exist')
    change = applied_and_undone(design, E.Batch([E.MoveDevice("R01-srv1", "R02", 20), E.MoveRack("R02", 900, 900)]))
    assert change.scopes.racks == {"R01", "R02"} and change.scopes.rooms == {"Hall 1"}


def test_history_undoes_and_redoes_without_qt(example):
    original = dumps_design(example)
    history = E.History(example)
    history.do(E.MoveDevice("node001", "A06", 30))
    history.do(E.SetProperty("rack", "A02", "name", "B02"))
    history.do(E.delete_racks(["A03"]))
    with pytest.raises(E.EditRefused):
        history.do(E.SetProperty("rack", "A02", "room", "Nowhere"))  # A02 is B02 now
    assert len(history.done) == 3
    edited = dumps_design(example)
    history.undo()
    assert "A03" in {r.name for r in example.racks}
    history.undo_all()
    assert dumps_design(example) == original
    history.redo_all()
    assert dumps_design(example) == edited
    history.undo()
    history.do(E.SetProperty("project", None, "customer", "ACME"))
    assert history.undone == [], "a new edit clears what could be redone"


def test_the_edit_api_is_qt_free():
    import subprocess
    import sys

    code = ("import sys, designer.model.edits as e; "
            "sys.exit(1 if any(m.startswith(('PySide6', 'shiboken6')) for m in sys.modules) else 0)")
    assert subprocess.run([sys.executable, "-c", code], cwd=ROOT).returncode == 0


def test_place_room_fixes_the_others_refuses_overlap_and_undoes_exactly(tmp_path):
    """Rooms are placed on the site plan by the core (issue 13: rooms movable): the rooms
    not yet placed keep the place they are drawn at, an overlap is refused, and the
    inverse gives back the original bytes."""
    from designer.catalog import load_catalog
    from designer.model import edits as E
    from designer.model.io import load_design, save_design
    from designer.model.site import Room, room_origins
    from designer.resources import example_design

    catalog = load_catalog(include_user=False)
    design = load_design(example_design(), catalog)
    save_design(design, tmp_path / "before.json")
    E.add_room(Room(name="Hall 2", width_mm=5_000, depth_mm=4_000)).apply(design)
    drawn = room_origins(design.site.rooms)
    hall1 = design.site.rooms[0]
    assert drawn["Hall 2"] == (0.0, hall1.depth_mm + 1200.0), "unplaced rooms stack one below the other"
    with pytest.raises(E.EditRefused, match="overlap"):
        E.PlaceRoom("Hall 2", 100.0, 100.0).apply(design)
    assert [r.x_mm for r in design.site.rooms] == [None, None]
    change = E.PlaceRoom("Hall 2", hall1.width_mm + 2_000, 0.0).apply(design)
    assert "Hall 1" in change.scopes.rooms
    assert (hall1.x_mm, hall1.y_mm) == (0.0, 0.0), "the other room is fixed where it was drawn"
    save_design(design, tmp_path / "placed.json")
    assert load_design(tmp_path / "placed.json", catalog).site.rooms[1].x_mm == hall1.width_mm + 2_000
    change.inverse.apply(design)
    E.delete_rooms(["Hall 2"]).apply(design)
    save_design(design, tmp_path / "after.json")
    assert (tmp_path / "after.json").read_bytes() == (tmp_path / "before.json").read_bytes()


def test_bad_text_in_a_cable_is_refused_in_the_loaders_words(design):
    """Links are records (designer.model.base.Record), checked by pydantic's core: found in
    review, a control character or an over-long port typed as "device:port" escaped the
    edit as a raw pydantic error, and a bad name quoted pydantic's pattern, control
    characters and all."""
    end = f"{design.links[0].a.device}:"
    refused(design, E.SetProperty("link", 0, "a", end + "p\x07"),
            "links[0].a.port: contains the control character U+0007 at position 2")
    refused(design, E.SetProperty("link", 0, "a", end + "p" * 201), "links[0].a.port: 201 characters; at most 200")
    caught = refused(design, E.SetProperty("link", 0, "cable_id", "x\x07"), "links[0].cable_id: contains the control")
    assert "\x00" not in str(caught) and "\x9f" not in str(caught)
    caught = refused(design, E.SetProperty("link", 0, "fabric", "comp\x07"), "a name may not contain a colon")
    assert "\x00" not in str(caught) and "\x9f" not in str(caught)
    # an empty cable id is no splitter, as before links were records
    applied_and_undone(design, E.SetProperty("link", 0, "cable_id", ""))


def test_a_device_added_or_removed_under_a_hanging_cables_name_reanalyses_its_fabric():
    """A file may hold a cable to a device that is not there (the loader takes it). Adding
    a device of that name joins the cable to its fabric, removing it leaves the cable
    hanging again: both edits name that fabric, so the live checker's findings equal a fresh
    check's (found by helper-37's review: the fabric's old analysis was kept)."""
    from designer.catalog import load_catalog
    from designer.checks import Change as CheckerChange
    from designer.checks import Checker

    catalog = load_catalog(include_user=False)
    design = parse_design((ROOT / "resources/examples/dgx-h100-16-node.json").read_bytes(), "example", catalog)
    cable = next(l for l in design.links if l.fabric == "compute")
    server = next(d for d in design.devices if d.name == cable.a.device)
    design.links.append(Link(a=LinkEnd(device="ghost", port=cable.a.port), b=cable.b, fabric=None, media="DAC",
                             length_m=2.0))
    history = E.History(design)
    checker = Checker(design, catalog.cabling)

    def keys(findings) -> list[str]:
        return sorted(repr(f.sort_key) for f in findings)

    ghost = Device.model_construct(name="ghost", device_type=server.device_type, rack=None, position_u=None,
                                   face="front", feed=None)
    change = history.do(E.add_device(ghost))
    assert "compute" in change.scopes.fabrics
    live = checker.update(CheckerChange(**change.scopes.as_sets()))
    assert keys(live) == keys(Checker(design, catalog.cabling).findings())
    change = history.undo()
    live = checker.update(CheckerChange(**change.scopes.as_sets()))
    assert keys(live) == keys(Checker(design, catalog.cabling).findings())
