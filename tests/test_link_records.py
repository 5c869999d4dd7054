"""The per-link records (``designer.fabric.link_table``) and the memos beside them never
answer from before an edit: each memo's invalidation is removed in one test at least
(a stale answer fails it), and every memoised answer equals the computation it stands for."""

from __future__ import annotations

import pytest
from conftest import DATA

from designer.catalog import load_catalog
from designer.checks import Change, Checker
from designer.fabric.cages import copper_legs, link_ends, shape_class, splitter_lanes
from designer.fabric.parts import MediaSelector
from designer.fabric.generate import GenerateSpec, generate
from designer.fabric.link_table import LinkTable
from designer.model.hardware import Breakout
from designer.model.index import DesignIndex


def _breakout_design():
    catalog = load_catalog([DATA / "test-200ge-server.yaml"], include_user=False)
    design = generate(GenerateSpec(server="test-200ge-server", nodes=16, switch="nvidia-sn5600"), catalog)
    return design, catalog


def _keys(findings) -> list[str]:
    return sorted(repr(f.sort_key) for f in findings)


def test_a_record_answers_what_the_cabling_functions_answer():
    design, _catalog = _breakout_design()
    index = DesignIndex.build(design)
    table = LinkTable(index)
    assert any(l.cable_id for l in design.links)
    for link in design.links:
        row = table.row(link)
        assert row.ends == link_ends(index, link)
        assert row.shapes == shape_class(link_ends(index, link))
        for cabled in (1, 2, 4, 6):
            assert row.lanes(cabled) == splitter_lanes(index, link, cabled)
    split = [table.row(l) for l in design.links if l.cable_id]
    assert {row.split_lanes for row in split} == {4}, "4 x 200G lanes of an 800G port"


def test_shape_classes_tell_shapes_apart():
    design, _catalog = _breakout_design()
    index = DesignIndex.build(design)
    pairs = [link_ends(index, l) for l in design.links]
    by_class: dict[int | None, set[object]] = {}
    for ends in pairs:
        by_class.setdefault(shape_class(ends), set()).add(tuple(e.shape for e in ends) if ends else None)
    assert len(by_class) > 1
    assert all(len(shapes) == 1 for shapes in by_class.values()), "one class, one pair of shapes"
    assert shape_class(None) is None


def test_split_lanes_follow_a_changed_breakout():
    """A record's split-port lanes are made again when the switch's breakouts change (the
    edit names the switch and, as an edit of a device's ports does, its cables' far ends):
    without ``CheckContext.forget`` dropping their cables' records, the old lane count
    would stay."""
    design, catalog = _breakout_design()
    checker = Checker(design, catalog.cabling)
    link = next(l for l in design.links if l.cable_id)
    switch = design.devices[[d.name for d in design.devices].index(link.b.device)]
    physical = link.b.port.rsplit("s", 1)[0]
    assert checker.ctx.links.row(link).split_lanes == 4
    old = switch.port_breakouts[physical]
    switch.port_breakouts[physical] = Breakout(count=8, speed_gbps=100.0)
    try:
        peers = {end.device for l in design.links if switch.name in (l.a.device, l.b.device) for end in (l.a, l.b)}
        checker.update(Change(devices=peers))
        row = checker.ctx.links.row(link)
        assert row.split_lanes == 8
        assert row.speed_b_gbps == 100.0
        assert row.ends is not None and row.ends[1].ports == 8
        assert _keys(checker.findings()) == _keys(Checker(design, catalog.cabling).findings())
    finally:
        switch.port_breakouts[physical] = old


def test_end_facts_follow_a_replaced_device_type():
    """The per-(type, port) end facts live on the port resolver, which the index drops when a
    type is replaced under its slug: the records made again read the new type."""
    design, catalog = _breakout_design()
    checker = Checker(design, catalog.cabling)
    server = design.devices[0]
    link = next(l for l in design.links if l.a.device == server.name and l.fabric == "compute")
    assert checker.ctx.links.row(link).speed_a_gbps == 200.0
    at = [t.slug for t in design.device_types].index(server.device_type)
    old = design.device_types[at]
    new = old.model_copy(deep=True)
    group = new.port_group_of(link.a.port)
    assert group is not None
    group.speed_gbps = 100.0
    group.ports_per_cage = 2
    design.device_types[at] = new
    try:
        named = {d.name for d in design.devices if d.device_type == old.slug}
        checker.update(Change(devices=named))
        row = checker.ctx.links.row(link)
        assert row.speed_a_gbps == 100.0
        assert row.ends is not None and row.ends[0].ports == 2
        assert _keys(checker.findings()) == _keys(Checker(design, catalog.cabling).findings())
    finally:
        design.device_types[at] = old


def test_parts_by_link_class_name_each_links_own_cage():
    """``MediaSelector.parts_of`` (keyed by the ends' shape class) answers ``parts``: with no
    module in the catalog every optical link misses one, and each names its own cage."""
    design, catalog = _breakout_design()
    index = DesignIndex.build(design)
    table = LinkTable(index)
    no_modules = catalog.cabling.model_copy(update={"transceivers": []})
    by_class, plain = MediaSelector(no_modules), MediaSelector(no_modules)
    optical = [l for l in design.links if l.media == "MMF"]
    assert len(optical) > 2
    keys = set()
    for link in design.links:
        row = table.row(link)
        if row.speed_gbps is None:
            continue
        lanes = row.lanes(2) if link.cable_id else 1
        legs = copper_legs(index, link, row.ends)
        got = by_class.parts_of(link, row.speed_gbps, row.ends, row.shapes, lanes, legs)
        assert got == plain.parts(link, row.speed_gbps, row.ends, lanes, legs)
        if link.media == "MMF":
            assert got.missing is not None and got.missing.what == "module"
            assert row.ends is not None and got.missing.end in row.ends
            keys.add(got.missing.end.key)
    assert len(keys) > 2, "links of one class, each naming its own cage"


@pytest.mark.parametrize("port", ["swp1s2", "osfp12", "p3s10", "s1", "eth0"])
def test_split_lane_remembered_answers_alike(port):
    from designer.model import hardware

    assert hardware.split_lane(port) == hardware.split_lane.__wrapped__(port)


def test_cable_summary_counts_every_optical_cage_and_fibre_once():
    """The summary groups cages and straight fibres by kind: its counts still add up to one
    module per optical cage and one fibre per straight optical link (twin-port DGX cages,
    4 x 200G splitter legs, and a catalog without modules, where rows say "not in catalog")."""
    from designer.fabric.cable_counts import cable_summary

    for design, cabling in ((_breakout_design()[0], _breakout_design()[1].cabling),
                            (generate(GenerateSpec(server="nvidia-dgx-h100", nodes=16, switch="nvidia-qm9700"),
                                      load_catalog(include_user=False)), load_catalog(include_user=False).cabling)):
        index = DesignIndex.build(design)
        optical = [l for l in design.links if l.media in ("MMF", "SMF") and l.length_m is not None]
        cages = {end.key for l in optical for end in (link_ends(index, l) or ())}
        for catalog_cabling in (cabling, cabling.model_copy(update={"transceivers": []})):
            cables, transceivers = cable_summary(index, catalog_cabling)
            assert sum(t["count"] for t in transceivers) == len(cages)
            straight = [l for l in optical if not l.cable_id]
            fibres = sum(c["count"] for c in cables if c["media"] in ("MMF", "SMF") and not c["breakout"])
            assert fibres >= len(straight)
            assert fibres or not straight


def _dgx_design():
    catalog = load_catalog(include_user=False)
    return generate(GenerateSpec(server="nvidia-dgx-h100", nodes=16, switch="nvidia-qm9700"), catalog), catalog


def test_link_classes_follow_a_replaced_device_type():
    """Links between devices without split ports are answered by link class (both types and
    ports, the link layer) from the port resolver: a type replaced under its slug drops it."""
    design, catalog = _dgx_design()
    checker = Checker(design, catalog.cabling)
    link = next(l for l in design.links if l.fabric == "compute" and l.a.device.startswith("node"))
    devices = {d.name: d for d in design.devices}
    assert not devices[link.a.device].port_breakouts and not devices[link.b.device].port_breakouts
    before = checker.ctx.links.row(link)
    assert before.speed_a_gbps == 400.0 and before.ends is not None and before.ends[0].ports == 2
    assert checker.ctx.index.ports.link_facts, "the class memo is in use"
    slug = devices[link.a.device].device_type
    at = [t.slug for t in design.device_types].index(slug)
    old = design.device_types[at]
    new = old.model_copy(deep=True)
    group = new.port_group_of(link.a.port)
    assert group is not None
    group.speed_gbps, group.ports_per_cage = 200.0, 1
    design.device_types[at] = new
    try:
        named = {d.name for d in design.devices if d.device_type == slug}
        named |= {end.device for l in design.links if {l.a.device, l.b.device} & named for end in (l.a, l.b)}
        checker.update(Change(devices=named))
        row = checker.ctx.links.row(link)
        assert row.speed_a_gbps == 200.0 and row.speed_gbps == 200.0
        assert row.ends is not None and row.ends[0].ports == 1 and row.ends[0].key[0] == link.a.device
        assert _keys(checker.findings()) == _keys(Checker(design, catalog.cabling).findings())
    finally:
        design.device_types[at] = old


def test_link_classes_follow_a_fabric_protocol_change():
    """The link layer is part of a link class: a fabric's protocol changed, its records made
    again (``forget(fabrics=...)``) carry the new layer."""
    design, catalog = _dgx_design()
    checker = Checker(design, catalog.cabling)
    fabric = next(f for f in design.fabrics if f.name == "compute")
    link = next(l for l in design.links if l.fabric == "compute")
    row = checker.ctx.links.row(link)
    assert row.ends is not None and row.ends[0].protocol == "infiniband"
    old = fabric.protocol
    fabric.protocol = "roce-v2"
    try:
        checker.update(Change(fabrics={"compute"}))
        row = checker.ctx.links.row(link)
        assert row.ends is not None and {e.protocol for e in row.ends} == {"ethernet"}
        assert row.shapes == shape_class(link_ends(checker.ctx.index, link))
    finally:
        fabric.protocol = old


def test_routed_lengths_follow_a_moved_device():
    """``Geometry`` keeps each device's place (rack, height, the rack's floor position and
    tray) for ``length_m``; a device moved to another rack is measured from its new place
    (the checks' context drops its geometry on the edit)."""
    from designer.fabric.routes import Geometry

    design, catalog = _dgx_design()
    checker = Checker(design, catalog.cabling)
    server = next(d for d in design.devices if d.name == "node001")
    link = next(l for l in design.links if l.a.device == server.name and l.fabric == "compute")
    before = checker.ctx.geometry.length_m(link)
    old = (server.rack, server.position_u)

    def length_in(rack: str) -> float | None:
        server.rack = rack
        return Geometry(DesignIndex.build(design)).length_m(link)

    # the rack of the shortest run (the leaf's own): a length the old place cannot give
    near_rack = min((r for r in design.racks if r.name != old[0]), key=lambda r: length_in(r.name) or 1e9)
    server.rack = near_rack.name
    try:
        checker.update(Change(racks={old[0], near_rack.name}, devices={server.name}))
        after = checker.ctx.geometry.length_m(link)
        assert after == Geometry(DesignIndex.build(design)).length_m(link)
        assert after != before
        assert _keys(checker.findings()) == _keys(Checker(design, catalog.cabling).findings())
    finally:
        server.rack, server.position_u = old


def test_switching_port_answers_is_switching_and_follows_a_replaced_type():
    """``PortResolver.switching_port`` (what ``switching_ports_used`` counts) is the split
    port of a switching port, else None; a switch type replaced under its slug is asked
    again (the index drops its resolver)."""
    from designer.checks.fabric_rules import switching_ports_used
    from designer.model.hardware import split_lane

    design, _catalog = _breakout_design()
    index = DesignIndex.build(design)
    ports = index.ports
    ends = [end for l in design.links for end in (l.a, l.b)]
    for end in ends:
        want = split_lane(end.port)[0] if ports.is_switching(end.device, end.port) else None
        assert ports.switching_port(end.device, end.port) == want
    leaf = next(d for d in design.devices if d.port_breakouts)
    used = switching_ports_used(index, leaf.name)
    assert used > 0
    at = [t.slug for t in design.device_types].index(leaf.device_type)
    old = design.device_types[at]
    new = old.model_copy(deep=True)
    for group in new.port_groups:
        if group.role in ("fabric", "uplink"):
            group.role = "oob"
    design.device_types[at] = new
    try:
        index.refresh_devices(set(), {leaf.name})
        assert switching_ports_used(index, leaf.name) == 0
    finally:
        design.device_types[at] = old


def _mutated_links(design) -> None:
    """Cables every link rule has something to say about: a missing port, a far end on a
    slower port, a cable too long for its media, one shorter than its route, one without
    media, a splitter leg stretched past its reach."""
    from designer.model.link import Link, LinkEnd

    compute = [l for l in design.links if l.fabric == "compute"]
    compute[0].a = LinkEnd(device=compute[0].a.device, port="no-such-port")
    compute[1].length_m = 500.0
    compute[2].length_m = 0.5
    compute[3].media = None
    compute[4].b = LinkEnd(device=compute[4].b.device, port=compute[5].b.port)  # shares a port
    oob = [l for l in design.links if l.fabric not in ("compute", None)]
    if oob:
        oob[0].length_m = 400.0
    far = compute[6]
    design.links.append(Link(a=LinkEnd(device=far.a.device, port=far.a.port),
                             b=LinkEnd(device="no-such-device", port="p1"), fabric="compute", media="MMF",
                             length_m=10.0))
    # a loop-back between two of a switch's own ports
    switch_ports = [l.b.port for l in compute if l.b.device == far.b.device]
    design.links.append(Link(a=LinkEnd(device=far.b.device, port=switch_ports[-1]),
                             b=LinkEnd(device=far.b.device, port=switch_ports[-2]), fabric="compute", media="DAC",
                             length_m=1.0))


@pytest.mark.parametrize("make", [_breakout_design, _dgx_design])
def test_links_judged_at_once_as_one_at_a_time(make):
    """``check_links`` (the whole design at once) finds exactly what ``check_link`` finds
    cable by cable, on a design whose cables break every link rule: its shortcut for a
    clean cable never hides a finding."""
    from designer.checks.link_rules import check_link, check_links

    design, catalog = make()
    _mutated_links(design)
    checker = Checker(design, catalog.cabling)
    ctx = checker.ctx
    one_by_one = {id(l): _keys(found) for l in design.links if (found := check_link(ctx, l))}
    at_once = {id(l): _keys(found) for l, found in check_links(ctx, design.links)}
    assert len(one_by_one) >= 5, "the mutations raise findings"
    assert at_once == one_by_one


def test_records_made_at_once_are_the_ones_made_one_by_one():
    """``LinkTable.fill`` (a design's records at once, by link class) makes the records
    ``row`` makes link by link, and keeps a record by the object it was made for: a link
    replaced by an equal object is made again, not answered from its predecessor."""
    design, _catalog = _dgx_design()
    _mutated_links(design)
    index = DesignIndex.build(design)
    one, many = LinkTable(index), LinkTable(DesignIndex.build(design))
    many.fill(design.links)
    assert len(many) == len(design.links)
    for link in design.links:
        assert many.row(link) == one.row(link)
    old = design.links[0]
    design.links[0] = type(old)(a=old.a, b=old.b, fabric=old.fabric, media=old.media, length_m=old.length_m)
    many.fill(design.links)
    assert many.row(design.links[0]).link is design.links[0]


def test_the_records_in_order_are_of_the_links_asked_for():
    """``LinkTable.rows_of``: the design's list walked twice takes one list of records; a link
    replaced or added in that list since (even with no ``forget``) gets its own record."""
    design, _catalog = _breakout_design()
    table = LinkTable(DesignIndex.build(design))
    links = design.links
    first = table.rows_of(links)
    assert [row.link for row in first] == links and all(r.link is l for r, l in zip(first, links))
    assert table.rows_of(links) is first, "the second walk takes the first one's list"
    replaced = links[3].model_copy(update={"length_m": 7.0})
    links[3] = replaced
    again = table.rows_of(links)
    assert again[3].link is replaced and again[3] is table.row(replaced)
    twin = links[4].model_copy()  # equal to the link it replaces, yet another object (review by helper-41)
    links[4] = twin
    assert table.rows_of(links)[4].link is twin
    links.append(links[0].model_copy(update={"length_m": 9.0}))
    grown = table.rows_of(links)
    assert len(grown) == len(links) and grown[-1].link is links[-1]
    table.forget([links[0]])
    assert table.rows_of(links) is not grown and table.rows_of(links)[0].link is links[0]
    assert table.rows_of(links[:5]) == grown[:5]
