"""The analysis reads whatever links a design holds: hand edits change every figure."""

from __future__ import annotations

import json

import pytest

from conftest import run_cli
from designer.catalog import load_catalog
from designer.fabric.generate import GenerateSpec, generate
from designer.model.io import load_design, save_design
from designer.model.link import Link, LinkEnd
from designer.report.json_report import build_report


def _compute(design) -> dict:
    return next(f for f in build_report(design)["fabrics"] if f["name"] == "compute")


@pytest.fixture()
def sixteen():
    """16 DGX H100: 4 leaves (two rails each, 32 x 400G down, 32 up), 2 spines with 16 links per pair."""
    return generate(GenerateSpec(server="nvidia-dgx-h100", nodes=16, switch="nvidia-qm9700"), load_catalog(include_user=False))


def test_generated_figures(sixteen):
    compute = _compute(sixteen)
    assert compute["switches"] == {"leaf": 4, "spine": 2, "core": 0, "other": 0}
    assert compute["oversubscription"]["leaf"] == 1.0
    assert compute["ecmp_paths"] == {"min": 2 * 16 * 16, "max": 2 * 16 * 16}
    assert compute["bisection_gbps"] == 16 * 8 * 400 / 2
    assert compute["failure"]["spine"]["bandwidth_lost_pct"] == 50.0
    assert compute["failure"]["spine"]["endpoints_cut_off"] == 0


def test_removing_a_spine_by_hand(sixteen, tmp_path):
    sixteen.links = [l for l in sixteen.links if "cmp-spine02" not in (l.a.device, l.b.device)]
    sixteen.devices = [d for d in sixteen.devices if d.name != "cmp-spine02"]
    path = tmp_path / "edited.json"
    save_design(sixteen, path)
    report = json.loads(run_cli("report", path, "--json").out)
    compute = next(f for f in report["fabrics"] if f["name"] == "compute")
    assert compute["switches"]["spine"] == 1
    assert compute["oversubscription"]["leaf"] == 2.0, "32 down over 16 up"
    assert compute["ecmp_paths"] == {"min": 16 * 16, "max": 16 * 16}
    assert compute["bisection_gbps"] == 16 * 8 * 400 / 4
    # the one spine left now splits the fabric when it fails: a single point of failure
    spofs = compute["failure"]["single_points_of_failure"]
    assert [s["object"] for s in spofs] == ["cmp-spine01"]
    assert compute["failure"]["spine"]["bandwidth_lost_pct"] == 100.0


def test_recabling_a_link_to_the_wrong_leaf():
    design = generate(GenerateSpec(server="nvidia-dgx-h100", nodes=12, switch="nvidia-qm9700"), load_catalog(include_user=False))
    before = _compute(design)
    assert before["oversubscription"]["leaf"] == 1.0
    port_use = {p["switch"]: p for p in before["port_use"]}
    assert port_use["cmp-leaf01"]["ports_used"] == 48  # 24 down + 24 up
    link = next(l for l in design.links if l.a.device == "node001" and l.a.port == "osfp1")
    assert link.b.device == "cmp-leaf01"
    link.b = LinkEnd(device="cmp-leaf02", port="p60")  # a free port on the next rail's leaf
    after = _compute(design)
    port_use = {p["switch"]: p for p in after["port_use"]}
    assert port_use["cmp-leaf01"]["down_gbps"] == 23 * 400
    assert port_use["cmp-leaf02"]["down_gbps"] == 25 * 400
    assert after["oversubscription"]["leaf"] == round(25 / 24, 3)
    assert after["bisection_gbps"] < before["bisection_gbps"]


def test_a_leaf_without_uplinks_is_reported(sixteen):
    sixteen.links = [l for l in sixteen.links if not (l.a.device == "cmp-leaf04" and "spine" in l.b.device)]
    compute = _compute(sixteen)
    assert compute["leaves_without_uplinks"] == ["cmp-leaf04"]
    assert compute["ecmp_paths"]["min"] == 0
    assert compute["partitioned"] is True


def test_links_to_missing_ports_are_counted_not_crashed(sixteen):
    sixteen.links.append(Link(a=LinkEnd(device="node001", port="osfp99"), b=LinkEnd(device="cmp-leaf01", port="p64"),
                              fabric="compute"))
    sixteen.links.append(Link(a=LinkEnd(device="ghost", port="x1"), b=LinkEnd(device="cmp-leaf01", port="p63"),
                              fabric="compute"))
    compute = _compute(sixteen)
    assert compute["links"]["unresolved"] == 2


def test_single_switch_fabric_is_its_own_single_point_of_failure():
    design = generate(GenerateSpec(server="nvidia-dgx-h100", nodes=4, switch="nvidia-qm9700"), load_catalog(include_user=False))
    compute = _compute(design)
    assert compute["tiers"] == 1
    assert compute["switches"]["leaf"] == 1
    assert compute["oversubscription"] == {"leaf": None, "spine": None}
    # 4 DGX and the UFM pair on the switch's free ports (review 44)
    assert compute["failure"]["leaf"]["endpoints_cut_off"] == 6
    assert compute["failure"]["single_points_of_failure"][0]["endpoints_cut_off"] == 6


def test_graphml_export(tmp_path, sixteen):
    import networkx as nx

    path = tmp_path / "d.json"
    save_design(sixteen, path)
    out = tmp_path / "topology.graphml"
    result = run_cli("export", path, "--graphml", out)
    assert result.code == 0, result
    graph = nx.read_graphml(out)
    assert graph.number_of_nodes() == len(sixteen.devices)
    assert graph.nodes["cmp-spine01"]["tier"] == "spine"
    assert graph.nodes["node001"]["kind"] == "server"
    edge = next(iter(graph.get_edge_data("node001", "cmp-leaf01").values()))
    assert edge["speed_gbps"] == 400.0 and edge["fabric"] == "compute" and edge["media"]
    loaded = load_design(path)
    assert graph.number_of_edges() == len(loaded.links)


# ---------------------------------------------------------------- hand-drawn and irregular fabrics


def _twelve():
    """12 DGX H100: 4 leaves with 24 down and 24 up (12 to each of 2 spines), p49-p64 free."""
    return generate(GenerateSpec(server="nvidia-dgx-h100", nodes=12, switch="nvidia-qm9700"),
                    load_catalog(include_user=False))


def _between(link, x: str, y: str) -> bool:
    return {link.a.device, link.b.device} == {x, y}


def _without(design, *pairs: tuple[str, str]) -> None:
    design.links = [l for l in design.links if not any(_between(l, x, y) for x, y in pairs)]


def test_a_leaf_without_servers_keeps_its_tier_hint():
    design = _twelve()
    design.links = [l for l in design.links
                    if not (l.a.device.startswith("node") and l.b.device == "cmp-leaf04")]
    compute = _compute(design)
    # by shape alone cmp-leaf04 (no endpoints, cabled to spines only) would be a core
    assert compute["switches"] == {"leaf": 4, "spine": 2, "core": 0, "other": 0}
    assert compute["tiers"] == 2
    assert compute["links"]["leaf_spine"] == 96 and compute["links"]["spine_core"] == 0
    assert compute["oversubscription"]["spine"] is None
    assert compute["leaves_without_uplinks"] == [], "a leaf without endpoints has none to cut off"


def test_tiers_fall_back_to_the_cabling_without_a_hint_for_this_fabric():
    design = _twelve()
    for device in design.devices:
        if device.name.startswith("cmp-"):
            device.tier = None
    spine02 = next(d for d in design.devices if d.name == "cmp-spine02")
    spine02.tier, spine02.fabric = "core", "storage"  # a hint for another fabric says nothing here
    compute = _compute(design)
    assert compute["switches"] == {"leaf": 4, "spine": 2, "core": 0, "other": 0}
    assert compute["bisection_method"] == "clos"


def test_a_leaf_cabled_to_a_core_is_measured_by_max_flow():
    design = _twelve()
    next(d for d in design.devices if d.name == "cmp-spine02").tier = "core"
    compute = _compute(design)
    assert compute["switches"] == {"leaf": 4, "spine": 1, "core": 1, "other": 0}
    assert compute["links"]["other"] == 48, "leaf-core cables are neither leaf-spine nor spine-core"
    assert compute["bisection_method"] == "max_flow"
    assert compute["bisection_gbps"] == 12 * 8 * 400 / 2, "the cables are as generated: full bisection"


def test_an_mlag_peer_link_is_not_an_uplink():
    design = _twelve()
    _without(design, ("cmp-leaf04", "cmp-spine01"), ("cmp-leaf04", "cmp-spine02"))
    for port in ("p49", "p50"):
        design.links.append(Link(a=LinkEnd(device="cmp-leaf03", port=port), b=LinkEnd(device="cmp-leaf04", port=port),
                                 fabric="compute"))
    compute = _compute(design)
    assert compute["switches"] == {"leaf": 4, "spine": 2, "core": 0, "other": 0}
    assert compute["leaves_without_uplinks"] == ["cmp-leaf04"]
    assert compute["links"]["leaf_spine"] == 72 and compute["links"]["other"] == 2
    port_use = {p["switch"]: p for p in compute["port_use"]}
    assert port_use["cmp-leaf04"]["up_gbps"] == 0
    assert port_use["cmp-leaf03"]["up_gbps"] == 24 * 400, "the peer link is not counted as leaf03's uplink"
    assert compute["partitioned"] is False, "leaf04 is reached through its peer"
    assert compute["bisection_method"] == "max_flow"
    # worst half: leaf03 and leaf04, whose traffic all leaves through leaf03's 24 uplinks
    assert compute["bisection_gbps"] == 24 * 400
    # leaf04's ECMP group toward any other leaf is its two peer links
    assert compute["ecmp_next_hops"] == {"min": 2, "max": 24}
    assert compute["failure"]["leaf"] == {"switch": "cmp-leaf03", "bandwidth_lost_pct": 50.0, "endpoints_cut_off": 0}
    assert [s["object"] for s in compute["failure"]["single_points_of_failure"]] == ["cmp-leaf03"]


def test_uneven_spine_wiring_is_measured_by_max_flow():
    design = _twelve()
    # leaf01 and leaf02 only on spine01; leaf03 and leaf04 on spine02 and two links each to spine01
    _without(design, ("cmp-leaf01", "cmp-spine02"), ("cmp-leaf02", "cmp-spine02"))
    for leaf in ("cmp-leaf03", "cmp-leaf04"):
        extra = [l for l in design.links if _between(l, leaf, "cmp-spine01")][2:]
        design.links = [l for l in design.links if l not in extra]
    compute = _compute(design)
    assert compute["bisection_method"] == "max_flow"
    # leaf01+02 against leaf03+04: only the 2 + 2 links from spine01 down to leaf03/04 cross.
    # The closed form would claim leaf01's and leaf02's 12 uplinks each: 9,600.
    assert compute["bisection_gbps"] == 4 * 400
    assert compute["failure"]["spine"]["switch"] == "cmp-spine01"
    assert compute["failure"]["spine"]["bandwidth_lost_pct"] == 100.0


def test_two_islands_have_no_bisection():
    design = _twelve()
    _without(design, ("cmp-leaf01", "cmp-spine02"), ("cmp-leaf02", "cmp-spine02"),
             ("cmp-leaf03", "cmp-spine01"), ("cmp-leaf04", "cmp-spine01"))
    compute = _compute(design)
    assert compute["partitioned"] is True
    assert compute["bisection_method"] == "max_flow"
    assert compute["bisection_gbps"] == 0.0, "the closed form would say 9,600 (half of every leaf's uplinks)"


@pytest.mark.parametrize("nodes, ratio", [(16, 1.0), (200, 1.0), (256, 2.0)])
def test_max_flow_agrees_with_the_closed_form_on_generated_fabrics(nodes, ratio):
    from designer.fabric.analysis import FlowBisection, bisection_gbps, build_topology, is_regular_clos
    from designer.fabric.graph import build_fabric_graph, fabric_links
    from designer.model.index import DesignIndex

    tiers = "auto" if nodes == 16 else "3"  # 200 nodes: two pods of unequal size
    design = generate(GenerateSpec(server="nvidia-dgx-h100", nodes=nodes, switch="nvidia-qm9700",
                                   oversubscription=ratio, tiers=tiers), load_catalog(include_user=False))
    index = DesignIndex.build(design)
    grouped = fabric_links(index)
    for fabric in design.fabrics:
        if fabric.name in ("inband", "oob"):
            continue  # MLAG peer links and uplinks into the in-band cores: not a regular Clos, max-flow applies
        topo = build_topology(index, build_fabric_graph(index, fabric.name, grouped.get(fabric.name, [])))
        assert is_regular_clos(topo), fabric.name
        assert FlowBisection(topo).value() == pytest.approx(bisection_gbps(topo), rel=1e-9), fabric.name


def test_ecmp_next_hops_count_parallel_links(sixteen):
    compute = _compute(sixteen)
    # 16 parallel links to each of 2 spines: 32 members in every leaf's ECMP group
    assert compute["ecmp_next_hops"] == {"min": 32, "max": 32}
    leaf01_to_spine02 = [l for l in sixteen.links if _between(l, "cmp-leaf01", "cmp-spine02")]
    sixteen.links = [l for l in sixteen.links if l not in leaf01_to_spine02[:8]]
    compute = _compute(sixteen)
    assert compute["ecmp_next_hops"] == {"min": 16 + 8, "max": 32}


def test_an_endpoint_with_two_cables_to_one_leaf_is_single_homed(sixteen):
    # node001 keeps only its two rail cables to cmp-leaf01 (rails 1 and 2)
    sixteen.links = [l for l in sixteen.links if not (l.a.device == "node001" and l.b.device != "cmp-leaf01"
                                                      and l.fabric == "compute")]
    assert sum(1 for l in sixteen.links if l.a.device == "node001" and l.b.device == "cmp-leaf01") == 2
    compute = _compute(sixteen)
    assert compute["failure"]["single_homed_endpoints"] == 1


def test_a_switch_management_port_is_an_endpoint_link():
    # 64 DGX H100: two in-band pairs under two cores (16 DGX fit one in-band pair, which then
    # has no cores, review 44)
    sixteen = generate(GenerateSpec(server="nvidia-dgx-h100", nodes=64, switch="nvidia-qm9700"),
                       load_catalog(include_user=False))
    oob = next(f for f in build_report(sixteen)["fabrics"] if f["name"] == "oob")
    leaves = oob["switches"]["leaf"]
    # each rack switch has two uplinks, one to each aggregation switch; the aggregation
    # switches' own management ports hang on rack switches and are endpoint links
    assert oob["links"]["leaf_spine"] == 2 * leaves
    assert oob["links"]["other"] == 0
    assert all(entry["speed_gbps"] != 1.0 for entry in oob["link_speeds"]["leaf_spine"])
    # the out-of-band switches uplink into the in-band cores (RA-11333-001 Table 8: "Two uplinks
    # per OOB to in-band"); a core's own management port hangs on an out-of-band switch
    port_use = {p["switch"]: p for p in oob["port_use"]}
    assert port_use["inb-core01"]["ports_used"] == leaves, "its management port is not a switching port"
    core_mgmt = [l for l in sixteen.links if l.a.device.startswith("inb-core") and l.fabric == "oob"]
    assert core_mgmt, "the generator cables the cores' management ports"
    oob_links = sum(1 for l in sixteen.links if l.fabric == "oob")
    assert oob["links"]["endpoint_leaf"] + oob["links"]["leaf_spine"] == oob_links


def test_a_link_listed_twice_counts_once(sixteen):
    before = _compute(sixteen)
    uplink = next(l for l in sixteen.links if _between(l, "cmp-leaf01", "cmp-spine01"))
    server = next(l for l in sixteen.links if l.a.device == "node001" and l.fabric == "compute")
    # the same two ports, once written the other way round
    sixteen.links += [uplink.model_copy(), Link(a=server.b, b=server.a, fabric="compute")]
    after = _compute(sixteen)
    assert after["duplicate_links"] == 2 and before["duplicate_links"] == 0
    for key in ("endpoint_leaf", "leaf_spine", "other"):
        assert after["links"][key] == before["links"][key], key
    for key in ("oversubscription", "bisection_gbps", "ecmp_paths", "ecmp_next_hops", "port_use"):
        assert after[key] == before[key], key
    assert after["failure"]["single_homed_endpoints"] == 0


def test_the_worst_failure_is_the_first_of_equal_ones_whatever_the_float_noise():
    """Two leaves that fail alike: max-flow's sums differ in the 13th digit with the set
    order (PYTHONHASHSEED), and the worst leaf named changed from run to run. Cases equal
    to the report's precision and far beyond keep the first (switches in name order); a
    real difference still wins."""
    from designer.fabric.failures import FailureCase, _worst

    alike = [FailureCase("leaf05", 3.2258064516129, 0), FailureCase("leaf16", 3.2258064516130, 0)]
    assert _worst(alike).object == "leaf05"
    assert _worst(list(reversed(alike))).object == "leaf16"
    worse = [FailureCase("leaf05", 3.2258, 0), FailureCase("leaf16", 3.2301, 0)]
    assert _worst(worse).object == "leaf16"
    cut = [FailureCase("leaf05", 9.0, 0), FailureCase("leaf16", 1.0, 2)]
    assert _worst(cut).object == "leaf16"


def test_max_flow_leaves_no_graph_for_the_cyclic_collector():
    """Each max-flow's two networkx graphs are freed when the flow is known: a viewed graph
    refers to itself through its cached views, and the commands run the cyclic collector
    rarely (at 32,768 GPUs 62 flows held 70 MB until a collection came)."""
    import gc

    import networkx as nx

    design = _twelve()
    next(d for d in design.devices if d.name == "cmp-spine02").tier = "core"
    gc.collect()
    was = gc.isenabled()
    gc.disable()
    try:
        compute = _compute(design)
        left = [o for o in gc.get_objects() if isinstance(o, nx.DiGraph)]
    finally:
        if was:
            gc.enable()
    assert compute["bisection_method"] == "max_flow"
    assert left == []
