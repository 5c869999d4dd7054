"""A whole design's passes over its links by kind (``designer.fabric.link_columns``) give
exactly what the per-link path gives (issue 17): the link rules' findings and missing parts,
the cable and module rows, on generated designs and on hand-mutated ones (missing ports and
devices, speed mismatches, cables too long or too short, media dropped, missing parts, ports
used twice, a fabric dropped, a device splitting a port, splitter legs, twin-port copper)."""

from __future__ import annotations

import pytest
from conftest import DATA

from designer.catalog import load_catalog
from designer.checks import Checker
from designer.checks.context import CheckContext
from designer.checks.link_rules import (
    check_all_device_ports,
    check_device_ports,
    check_link,
    check_links,
    missing_parts,
)
from designer.fabric.cable_counts import cable_summary, cable_summary_per_link
from designer.fabric.generate import GenerateSpec, generate
from designer.fabric.link_table import LinkTable
from designer.model.index import DesignIndex
from designer.model.link import Link, LinkEnd


def _catalog():
    return load_catalog([DATA / "test-200ge-server.yaml"], include_user=False)


def _dgx():
    return generate(GenerateSpec(server="nvidia-dgx-h100", nodes=32, switch="nvidia-qm9700"), _catalog())


def _breakouts():
    return generate(GenerateSpec(server="test-200ge-server", nodes=16, switch="nvidia-sn5600"), _catalog())


def _sn5600():
    return generate(GenerateSpec(server="nvidia-dgx-h100", nodes=16, switch="nvidia-sn5600"), _catalog())


def _no_part():
    """200GbE QSFP56 servers: modules no catalog part serves (CABLE_NO_PART)."""
    return generate(GenerateSpec(server="test-200ge-server", nodes=64, switch="nvidia-sn5600"), _catalog())


def _mutated(make):
    def mutated():
        design = make()
        compute = [l for l in design.links if l.fabric == "compute"]
        others = [l for l in design.links if l.fabric not in ("compute", None)]
        compute[0].a = LinkEnd(device=compute[0].a.device, port="no-such-port")
        compute[1].length_m = 500.0  # past its media's reach
        compute[2].length_m = 0.5  # shorter than its route, and no fibre of that length
        # shorter than its route on a stock length: found by the pass over routed lengths
        from designer.fabric.routes import Geometry

        geometry = Geometry(DesignIndex.build(design))
        split = compute[-1].a.device  # splits a port below
        short = max((l for l in compute[13:] if split not in (l.a.device, l.b.device)),
                    key=lambda l: geometry.length_m(l) or 0.0)
        short.length_m = max(m for m in (0.5, 1.0, 2.0, 3.0, 5.0, 7.0) if m < (geometry.length_m(short) or 0.0))
        compute[3].media = None
        compute[4].b = LinkEnd(device=compute[4].b.device, port=compute[5].b.port)  # a port used twice
        compute[6].fabric = None  # its fabric told by its ports
        compute[7].fabric = "no-such-fabric"
        compute[8].media = "DAC"  # copper where optics were
        compute[9].length_m = None
        if others:
            others[0].length_m = 400.0
            others[1].b = LinkEnd(device=others[1].b.device, port=others[2].b.port)
            others[3].media = "SMF"
        far = compute[10]
        design.links.append(Link(a=LinkEnd(device=far.a.device, port=far.a.port),
                                 b=LinkEnd(device="no-such-device", port="p1"), fabric="compute", media="MMF",
                                 length_m=10.0))
        # a loop-back between two of a switch's own ports, and a slower port at one end
        ports = [l.b.port for l in compute if l.b.device == far.b.device]
        design.links.append(Link(a=LinkEnd(device=far.b.device, port=ports[-1]),
                                 b=LinkEnd(device=far.b.device, port=ports[-2]), fabric="compute", media="DAC",
                                 length_m=1.0))
        # the same cable twice
        design.links.append(Link(a=compute[11].a, b=compute[11].b, fabric=compute[11].fabric,
                                 media=compute[11].media, length_m=compute[11].length_m))
        # a device whose port is split: its cables are resolved one by one
        device = next(d for d in design.devices if d.name == split)
        from designer.model.hardware import Breakout

        physical = compute[-1].a.port
        device.port_breakouts = {**device.port_breakouts, physical: Breakout(count=2, speed_gbps=200.0)}
        return design

    mutated.__name__ = f"{make.__name__}_mutated"
    return mutated


def _dgx_lengths():
    """Twin-port cages whose two cables differ in length, the longer first or last, on a
    design where no port holds two cables (the modules' longest-run shortcut)."""
    design = _dgx()
    for n, link in enumerate(l for l in design.links if l.media in ("MMF", "SMF")):
        if n % 3 == 0:
            link.length_m = 60.0
        elif n % 5 == 0:
            link.media = "SMF"
    return design


DESIGNS = [_dgx, _breakouts, _sn5600, _no_part, _dgx_lengths, _mutated(_dgx), _mutated(_breakouts),
           _mutated(_sn5600)]


def _keys(findings) -> list[str]:
    return [repr(f.sort_key) + f.message for f in findings]


@pytest.mark.parametrize("make", DESIGNS, ids=lambda make: make.__name__)
def test_link_rules_by_kind_find_what_each_link_finds(make):
    design = make()
    cabling = _catalog().cabling
    ctx = CheckContext(design, cabling)
    missing: dict[str, list] = {}
    at_once = [(id(link), _keys(found)) for link, found in check_links(ctx, design.links, missing)]
    alone = CheckContext(design, cabling)
    one_by_one = [(id(link), _keys(found)) for link in design.links if (found := check_link(alone, link))]
    assert at_once == one_by_one
    by_device: dict[str, list] = {}
    for link in design.links:
        for item in missing_parts(alone, [link]):
            by_device.setdefault(link.a.device, []).append(item)
    assert missing == by_device
    if make in (_no_part,):
        assert missing, "the case must miss parts"
    if "mutated" in make.__name__:
        codes = {f.code for _link, found in check_links(ctx, design.links) for f in found}
        assert len(one_by_one) >= 5 and {"LINK_ENDPOINT_MISSING", "CABLE_REACH_EXCEEDED", "CABLE_TOO_SHORT"} <= codes


@pytest.mark.parametrize("make", DESIGNS, ids=lambda make: make.__name__)
def test_port_rules_of_every_device_at_once_are_each_devices_own(make):
    """``check_all_device_ports`` (a whole run's) files what each device's own walk finds
    (``check_device_ports``, the path an edit takes), device by device and in order."""
    design = make()
    ctx = CheckContext(design, _catalog().cabling)
    missing: dict[str, list] = {}
    list(check_links(ctx, design.links, missing))
    at_once = [(name, _keys(found)) for name, found in check_all_device_ports(ctx, design.links, missing)]
    alone = CheckContext(design, _catalog().cabling)
    one_by_one = [(d.name, _keys(found)) for d in design.devices if (found := check_device_ports(alone, d.name))]
    assert at_once == one_by_one
    if "mutated" in make.__name__:
        assert any("PORT_DOUBLE_CONNECTED" in key for _name, keys in at_once for key in keys)


@pytest.mark.parametrize("make", DESIGNS, ids=lambda make: make.__name__)
def test_cable_rows_by_kind_are_the_rows_counted_link_by_link(make):
    design = make()
    cabling = _catalog().cabling
    index = DesignIndex.build(design)
    assert cable_summary(index, cabling, LinkTable(index)) == cable_summary_per_link(index, cabling, LinkTable(index))
    # and after a whole check, from the checks' own table
    checker = Checker(design, cabling, index)
    assert cable_summary(index, cabling, checker.ctx.links) == cable_summary_per_link(index, cabling)


@pytest.mark.parametrize("make", DESIGNS, ids=lambda make: make.__name__)
def test_a_kind_resolves_as_each_of_its_links_records(make):
    """What a kind holds is what each of its links' records says (speeds, cages, shapes)."""
    design = make()
    index = DesignIndex.build(design)
    table = LinkTable(index)
    columns = table.columns_of(design.links)
    assert table.columns_of(design.links) is columns, "kept while the list holds the same links"
    odd = 0
    for at, link in enumerate(design.links):
        kind = columns.kinds[columns.kind[at]]
        if kind.odd:
            odd += 1
            continue
        row = LinkTable(index).row(link)
        assert (kind.speed_a_gbps, kind.speed_b_gbps, kind.speed_gbps) == (
            row.speed_a_gbps, row.speed_b_gbps, row.speed_gbps)
        assert columns.ends_at(at) == row.ends and kind.shapes == row.shapes and row.split_lanes == 0
        assert (kind.media, kind.length_m, kind.split) == (link.media, link.length_m, bool(link.cable_id))
    if "mutated" in make.__name__:
        assert odd >= 3, "missing devices, unknown fabrics and split ports are resolved link by link"


def test_columns_follow_the_list_and_an_edit():
    design = _dgx()
    table = LinkTable(DesignIndex.build(design))
    columns = table.columns_of(design.links)
    replaced = design.links[3].model_copy(update={"length_m": 7.0})
    design.links[3] = replaced
    again = table.columns_of(design.links)
    assert again is not columns and again.length_m[3] == 7.0
    table.forget([design.links[0]])
    assert table.columns_of(design.links) is not again


def _graph_as_lists(graph) -> dict:
    """Every field of a fabric graph with its order (sets as their iteration order)."""
    def ordered(value):
        if isinstance(value, dict):
            return [(key, ordered(item)) for key, item in value.items()]
        if isinstance(value, (set, frozenset)):
            return ["set", *value]
        if isinstance(value, list):
            return [id(item) if isinstance(item, Link) else ordered(item) for item in value]
        return value

    return {name: ordered(getattr(graph, name)) for name in (
        "name", "switches", "endpoints", "switch_links", "endpoint_links", "endpoint_switches", "ports_used",
        "lanes_used", "kept", "back_to_back_gbps", "unresolved", "duplicates")} | {
        "links": [(a, b, bw, id(link)) for a, b, bw, link in graph.links], "switching": graph.link_switching}


@pytest.mark.parametrize("make", DESIGNS, ids=lambda make: make.__name__)
def test_fabric_graphs_from_columns_are_the_graphs_built_link_by_link(make):
    """``build_fabric_graph_at`` (a whole run's, from the columns) builds the graph
    ``build_fabric_graph`` builds from the fabric's links: every list, map and set in the same
    order; and the analyses a whole check makes from them are the same."""
    from designer.fabric.analysis import analyse_fabric
    from designer.fabric.graph import build_fabric_graph, build_fabric_graph_at, fabric_links, fabric_positions

    design = make()
    index = DesignIndex.build(design)
    columns = LinkTable(index).columns_of(design.links)
    places = fabric_positions(index, columns)
    grouped = fabric_links(index)
    assert {name: [id(design.links[at]) for at in found] for name, found in places.items()} == {
        name: [id(link) for link in found] for name, found in grouped.items()}
    for fabric in design.fabrics:
        at = build_fabric_graph_at(index, fabric.name, columns, places.get(fabric.name, []))
        one_by_one = build_fabric_graph(index, fabric.name, grouped.get(fabric.name, []))
        assert _graph_as_lists(at) == _graph_as_lists(one_by_one), fabric.name
        assert analyse_fabric(index, fabric.name, at.kept, at).as_dict() == analyse_fabric(
            index, fabric.name, grouped.get(fabric.name, [])).as_dict()


def test_a_fabric_graph_from_columns_takes_every_link_naming_no_fabric():
    """... and unresolved ends and a back-to-back cable, on the columns' own path (no port
    used twice, no split port)."""
    design = _dgx()
    for link in design.links[::7]:
        link.fabric = None
    compute = [l for l in design.links if l.fabric == "compute"]
    compute[1].a = LinkEnd(device=compute[1].a.device, port="no-such-port")
    # a server's storage port (left uncabled by the generator) cabled to another server's
    server = next(l.a.device for l in reversed(compute) if l.a.device.startswith("node"))
    compute[2].b = LinkEnd(device=server, port="stor1")
    index = DesignIndex.build(design)
    from designer.fabric.graph import build_fabric_graph, build_fabric_graph_at, fabric_links, fabric_positions

    columns = LinkTable(index).columns_of(design.links)
    assert columns.ports_used_once()
    places, grouped = fabric_positions(index, columns), fabric_links(index)
    assert {name: [id(design.links[at]) for at in found] for name, found in places.items()} == {
        name: [id(link) for link in found] for name, found in grouped.items()}
    for fabric in design.fabrics:
        at = build_fabric_graph_at(index, fabric.name, columns, places.get(fabric.name, []))
        assert _graph_as_lists(at) == _graph_as_lists(build_fabric_graph(index, fabric.name,
                                                                         grouped.get(fabric.name, [])))
        if fabric.name == "compute":
            assert at.unresolved and at.back_to_back_gbps, "an end on no port, a server cabled to a server"
