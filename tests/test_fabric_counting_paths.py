"""The fabric graph, the link classes and the cable summary count from aggregates (a switch's
endpoint cables at once, a fibre key's links at once) instead of link by link (issue 17). Each
is held here against the link-by-link way it replaced, on designs whose odd cables take the
side paths: a loop-back cable, a back-to-back one, a leaf-leaf peer link, a switch's management
port, a duplicate, splitter cables, a cable to a missing port."""

from __future__ import annotations

from collections import Counter

import pytest

from designer.catalog import load_catalog
from designer.fabric.analysis import _LINK_CLASSES, classify_links
from designer.fabric.cable_counts import cable_summary
from designer.fabric.cages import OPTICAL, cable_top, fanning_cage, far_cages
from designer.fabric.ecmp import ecmp_figures, twin_pods
from designer.fabric.generate import GenerateSpec, generate
from designer.fabric.graph import build_fabric_graph, fabric_links
from designer.fabric.link_table import LinkTable
from designer.fabric.parts import MediaSelector
from designer.fabric.topology import TIER_RANK, build_topology
from designer.model.hardware import split_lane
from designer.model.index import DesignIndex
from designer.model.link import Link, LinkEnd


@pytest.fixture(scope="module")
def bundled():
    return load_catalog(include_user=False)


def _link(a: str, a_port: str, b: str, b_port: str, fabric: str | None = "compute", **kw: object) -> Link:
    return Link(a=LinkEnd(device=a, port=a_port), b=LinkEnd(device=b, port=b_port), fabric=fabric, **kw)


def _odd(design):
    """The design with one cable of every odd kind added (on ports it leaves free where it can)."""
    design = design.model_copy(deep=True)
    links = design.links
    leaf_link = next(l for l in links if l.fabric == "compute" and "leaf" in l.b.device)
    leaf = leaf_link.b.device
    other_leaf = next(l.b.device for l in links if l.fabric == "compute" and "leaf" in l.b.device
                      and l.b.device != leaf)
    spine = next(d.name for d in design.devices if "spine" in d.name)
    servers = sorted({l.a.device for l in links if l.fabric == "compute" and "leaf" in l.b.device})
    links += [
        _link(leaf, "p63", leaf, "p64", media="DAC", length_m=1.0),  # a loop-back cable
        _link(leaf, "p62", leaf, "p62", media="DAC", length_m=1.0),  # one port to itself
        _link(servers[0], "osfp1", servers[1], "osfp2", media="MMF", length_m=3.0),  # back-to-back
        _link(leaf, "p61", other_leaf, "p61", media="DAC", length_m=2.0),  # a leaf-leaf peer link
        _link(spine, "p64", leaf, "p61", media="DAC", length_m=2.0),  # a second cable on that port
        _link(leaf, "p61", spine, "p64", media="DAC", length_m=2.0),  # ... listed twice
        _link(spine, "mgmt", leaf, "p60", media="CAT6A", length_m=5.0),  # a spine's management port
        _link(leaf_link.b.device, leaf_link.b.port, leaf_link.a.device, leaf_link.a.port,
              media=leaf_link.media, length_m=leaf_link.length_m),  # a duplicate, reversed
        _link(servers[2], "osfp1", leaf, "no-such-port", media="MMF", length_m=3.0),  # unresolved
        _link(servers[3], "osfp1", "no-such-device", "p1", media="MMF", length_m=3.0),
    ]
    # cages whose two links differ in run or media: the longer run and the last media decide
    for n, l in enumerate(l for l in links if l.media in OPTICAL):
        if n % 7 == 3:
            l.length_m = 100.0
        elif n % 11 == 5:
            l.media = "SMF"
    # two splitter cables: one over two server ports, one over copper on a leaf
    for n, l in enumerate(l for l in links if l.fabric == "compute" and "leaf" in l.b.device):
        if n >= 4:
            break
        l.cable_id = "split-fibre" if n < 2 else "split-copper"
        if n >= 2:
            l.media = "DAC"
    return design


@pytest.fixture(scope="module")
def designs(bundled):
    made = [generate(GenerateSpec(server="nvidia-dgx-h100", nodes=64, switch="nvidia-qm9700"), bundled),
            generate(GenerateSpec(server="nvidia-dgx-h100", nodes=300, switch="nvidia-qm9700", ufm_appliances=0),
                     bundled)]
    return made + [_odd(d) for d in made]


def _classify_by_link(graph, topo) -> tuple[Counter[str], Counter[tuple[str, float]]]:
    """The link classes counted one link at a time, as before issue 17."""
    classes: list[str] = []
    speeds: list[tuple[str, float]] = []
    for (a, b, bandwidth, _link), (a_switching, b_switching) in zip(graph.links, graph.link_switching):
        pair = (topo.tiers[a] if a_switching else "endpoint", topo.tiers[b] if b_switching else "endpoint")
        low, high = sorted(pair, key=lambda t: TIER_RANK.get(t, 0))
        key = _LINK_CLASSES.get((low, high), "other")
        classes.append(key)
        speeds.append((key, bandwidth))
    return Counter(classes), Counter(speeds)


def _graph_by_link(index, links):
    """What the graph holds, gathered one link at a time with the port resolver's own answers."""
    ports = index.ports
    seen, used, lanes, kept, duplicates = set(), {}, Counter(), [], 0
    for link in links:
        a, b = link.a, link.b
        ends = tuple(sorted([(a.device, a.port), (b.device, b.port)]))
        if ends in seen:
            duplicates += 1
            continue
        seen.add(ends)
        speed_a, speed_b = ports.speed_gbps(a.device, a.port), ports.speed_gbps(b.device, b.port)
        if speed_a is None or speed_b is None:
            continue
        switching = (ports.is_switching(a.device, a.port), ports.is_switching(b.device, b.port))
        kept.append(((a.device, b.device, min(speed_a, speed_b), link), switching))
        for end in (a, b):
            if ports.is_switching(end.device, end.port):
                used.setdefault(end.device, set()).add(split_lane(end.port)[0])
                lanes[end.device] += 1
    return used, lanes, kept, duplicates


def _fabric_graphs(designs):
    """(index, fabric name, its links, its graph) of each named fabric of each design."""
    for design in designs:
        index = DesignIndex.build(design)
        for name, links in fabric_links(index).items():
            if name is not None:
                yield index, name, links, build_fabric_graph(index, name, links)


def test_link_classes_match_counting_link_by_link(designs):
    odd_classes = Counter()
    for index, name, _links, graph in _fabric_graphs(designs):
        topo = build_topology(index, graph)
        classes, speeds = classify_links(graph, topo)
        want_classes, want_speeds = _classify_by_link(graph, topo)
        assert +classes == want_classes, name
        assert speeds == want_speeds, name
        odd_classes += want_classes
    assert odd_classes["other"] >= 4, "the loop-backs, the peer link and the back-to-back cable are 'other'"


def test_graph_ports_and_lanes_match_the_port_resolver(designs):
    for index, name, links, graph in _fabric_graphs(designs[2:]):
        used, lanes, kept, duplicates = _graph_by_link(index, links)
        assert dict(graph.ports_used) == used
        assert dict(graph.lanes_used) == dict(lanes)
        assert graph.switches == set(used)
        assert list(zip(graph.links, graph.link_switching)) == kept
        assert len(graph.duplicates) == duplicates == (2 if name == "compute" else 0)


def test_switch_figures_add_up_as_before(designs):
    """A switch's downlink bandwidth is its endpoint cables' sum, then its lower neighbours'."""
    for index, _name, _links, graph in _fabric_graphs(designs):
        topo = build_topology(index, graph)
        for switch, fig in topo.figures.items():
            down = 0.0
            for bws in graph.endpoint_links.get(switch, {}).values():
                down += sum(bws)
            rank = TIER_RANK[fig.tier]
            up = 0.0
            for neighbour, (_count, bandwidth) in topo.adjacency[switch].items():
                if TIER_RANK[topo.tiers[neighbour]] > rank:
                    up += bandwidth
                elif TIER_RANK[topo.tiers[neighbour]] < rank:
                    down += bandwidth
            assert (fig.down_gbps, fig.up_gbps) == (down, up)


def _cable_summary_by_link(index, cabling):
    """The cable and transceiver rows counted one link (and one cage) at a time, as before issue 17."""
    selector = MediaSelector(cabling)
    table = LinkTable(index)
    resolved = [(l, table.row(l)) for l in index.design.links if l.media is not None and l.length_m is not None]
    lanes = Counter(l.cable_id for l, _r in resolved if l.cable_id)
    far = far_cages([l for l, _r in resolved], {id(l): r.ends for l, r in resolved},
                     lambda l: l.media not in OPTICAL and l.media != "CAT6A")
    units, rows, first_at, key_at, modules = {}, Counter(), {}, {}, {}
    for n, (link, record) in enumerate(resolved):
        media, length, speed, pair, cable_id = link.media, link.length_m, record.speed_gbps or 0.0, record.ends, \
            link.cable_id
        if media in OPTICAL:
            for end in pair or ():
                previous = modules.get(end.key)
                modules[end.key] = (end, media, length if previous is None or previous[2] <= length else previous[2])
            n_lanes = record.lanes(lanes[cable_id]) if cable_id else 1
            parts = selector.parts_of(link, speed, pair, record.shapes, n_lanes)
            part = parts.cable.slug if parts.cable else None
            if cable_id and n_lanes > 1 and parts.cable is not None and parts.cable.breakout:
                key_at.setdefault(("fibre-split", cable_id), n)
                units[("fibre-split", cable_id)] = (media, length, speed, part, True, None)
            elif parts.fibres:
                fibre = (media, length, parts.fibre_speed_gbps or speed, part, False, None)
                rows[fibre] += parts.fibres
                first_at.setdefault(fibre, n)
            continue
        n_lanes, key = 1, None
        if cable_id:
            key, n_lanes = ("breakout", cable_id), record.lanes(lanes[cable_id])
        elif pair and media != "CAT6A" and pair[0].ports == 2 and pair[1].ports == 2 and \
                far.get(pair[0].key) == {pair[1].key} and far.get(pair[1].key) == {pair[0].key}:
            key = ("twin", *sorted((pair[0].key, pair[1].key)))
        elif media != "CAT6A" and (near := fanning_cage(pair, far)) is not None:
            key, n_lanes = ("split-cage", near.key), 2
        parts = selector.parts_of(link, speed, pair, record.shapes, n_lanes)
        unit = (media, length, speed, parts.cable.slug if parts.cable else None, n_lanes > 1, cable_top(link, pair))
        if key is None:
            rows[unit] += 1
            first_at.setdefault(unit, n)
        else:
            key_at.setdefault(key, n)
            units[key] = unit
    for key, unit in units.items():
        rows[unit] += 1
        first_at[unit] = min(first_at.get(unit, len(resolved)), key_at[key])
    ordered = sorted(sorted(rows.items(), key=lambda r: first_at[r[0]]),
                     key=lambda r: (r[0][0], r[0][1], r[0][2], str(r[0][3]), str(r[0][5])))
    cables = [{"media": m, "length_m": length, "speed_gbps": s, "breakout": b, "part": p, "count": c, "top": t}
              for (m, length, s, p, b, t), c in ordered]
    optics: dict[str, dict] = {}
    for end, media, length in modules.values():
        module = selector.module(end, media, length)
        label = module.slug if module else (
            f"{end.form_factor or '?'} {end.ports}x{end.port_speed_gbps:g}G {media} {end.side}-side"
            f"{' ' + end.protocol if end.protocol else ''} (not in catalog)")
        row = optics.setdefault(label, {
            "type": label, "part": module.slug if module else None,
            "form_factor": module.form_factor if module else end.form_factor,
            "speed_gbps": module.speed_gbps if module else end.ports * end.port_speed_gbps,
            "media": media, "side": module.side if module else end.side,
            "top": module.top if module else end.top, "count": 0})
        row["count"] += 1
    return cables, sorted(optics.values(), key=lambda r: (r["media"], r["speed_gbps"], r["type"]))


def test_cable_and_transceiver_rows_match_counting_link_by_link(designs, bundled):
    for design in designs:
        index = DesignIndex.build(design)
        assert cable_summary(index, bundled.cabling) == _cable_summary_by_link(index, bundled.cabling)
    assert any(row["breakout"] for row in cable_summary(DesignIndex.build(designs[-1]), bundled.cabling)[0])


def test_transceivers_are_one_per_cage_for_its_longest_run(designs, bundled):
    """Each optical cage takes one module; a cage's two links of different lengths take the
    module for the longer one."""
    design = designs[0].model_copy(deep=True)
    index = DesignIndex.build(design)
    _cables, before = cable_summary(index, bundled.cabling)
    table = LinkTable(index)
    cages = {end.key for l in design.links if l.media in OPTICAL and (ends := table.row(l).ends) for end in ends}
    assert sum(r["count"] for r in before) == len(cages)
    # the longest run of a twin-port cage decides its module: lengthen one of a cage's links
    link = next(l for l in design.links if l.media == "MMF")
    link.length_m = 400.0
    _cables, after = cable_summary(DesignIndex.build(design), bundled.cabling)
    assert sum(r["count"] for r in after) == len(cages)
    assert after != before


def test_pods_that_differ_only_in_bandwidth_are_measured_on_their_own(bundled):
    """``_mirrors`` compares cables by count and bandwidth: a pod one of whose cables runs
    slower is no twin, and measured on its own it gives the general path's figures."""
    design = generate(GenerateSpec(server="nvidia-dgx-h100", nodes=300, switch="nvidia-qm9700", ufm_appliances=0),
                      bundled)
    index = DesignIndex.build(design)
    topo = build_topology(index, build_fabric_graph(index, "compute", fabric_links(index)["compute"]))
    twins = twin_pods(topo)
    assert twins
    last = max(twins)
    pod = topo.pods[last]
    leaf = sorted(s for s in pod if topo.tiers[s] == "leaf")[0]
    spine, (count, bandwidth) = next(iter(topo.adjacency[leaf].items()))
    topo.adjacency[leaf][spine] = topo.adjacency[spine][leaf] = (count, bandwidth / 2)
    assert last not in twin_pods(topo)
    assert twin_pods(topo) == twins - {last}
    assert ecmp_figures(topo) == ecmp_figures(topo, use_symmetry=False)


def test_twin_pods_by_name_and_by_signature_agree(bundled):
    """Generated pods mirror each other in name order; with one pod's spines renamed out of
    that order the signatures find the same twins."""
    from designer.fabric.ecmp import _twins_by_name, _twins_by_signature

    design = generate(GenerateSpec(server="nvidia-dgx-h100", nodes=384, switch="nvidia-qm9700", ufm_appliances=0),
                      bundled)

    def topology(design):
        index = DesignIndex.build(design)
        return build_topology(index, build_fabric_graph(index, "compute", fabric_links(index)["compute"]))

    topo = topology(design)
    assert _twins_by_name(topo) == _twins_by_signature(topo) == twin_pods(topo) == set(range(1, len(topo.pods)))
    # the last pod's spines named in the opposite order
    spines = sorted(s for s in topo.pods[-1] if topo.tiers[s] == "spine")
    renamed = dict(zip(spines, reversed(spines)))
    design = design.model_copy(deep=True)
    for link in design.links:
        for end in (link.a, link.b):
            if end.device in renamed:
                end.device = "renamed-" + renamed[end.device]
    for device in design.devices:
        if device.name in renamed:
            device.name = "renamed-" + renamed[device.name]
    topo = topology(design)
    assert _twins_by_name(topo) is None
    assert twin_pods(topo) == _twins_by_signature(topo) == set(range(1, len(topo.pods)))
    assert ecmp_figures(topo) == ecmp_figures(topo, use_symmetry=False)
