"""``designer new``: generated designs against published and hand-computed figures."""

from __future__ import annotations

import json
from collections import defaultdict

import pytest

from conftest import DATA, run_cli
from designer.catalog import load_catalog
from designer.fabric.generate import GenerateSpec, generate
from designer.model.index import DesignIndex
from designer.model.io import load_design
from designer.report.json_report import build_report

FIXTURES = [DATA / "test-200ge-server.yaml", DATA / "test-no-compute-server.yaml", DATA / "test-8-port-switch.yaml"]


@pytest.fixture(scope="module")
def test_catalog():
    return load_catalog(FIXTURES, include_user=False)


def _fabric(report: dict, name: str) -> dict:
    return next(f for f in report["fabrics"] if f["name"] == name)


@pytest.fixture(scope="module")
def superpod(test_catalog):
    design = generate(GenerateSpec(server="nvidia-dgx-h100", nodes=127, switch="nvidia-qm9700"), test_catalog)
    return design, build_report(design)


def test_superpod_reference_architecture(superpod):
    """NVIDIA DGX SuperPOD (4 scalable units): 32 leaf, 16 spine switches, 1,024 leaf-spine cables."""
    _design, report = superpod
    compute = _fabric(report, "compute")
    assert compute["switches"] == {"leaf": 32, "spine": 16, "core": 0, "other": 0}
    assert compute["links"]["leaf_spine"] == 1024
    # RA-11333-001 Table 4 "Compute and UFM" cables: 1,020 = 127 x 8 + 4 UFM links
    assert compute["links"]["endpoint_leaf"] == 127 * 8 + 4
    assert compute["oversubscription"]["leaf"] == 1.0
    assert compute["bisection_gbps"] == (127 * 8 * 400 + 4 * 200) / 2
    # 16 spines, 2 links from each leaf to each spine: 2 x 2 x 16 paths between two leaves
    assert compute["ecmp_paths"] == {"min": 64, "max": 64}
    assert compute["max_hops"] == 4
    assert compute["failure"]["single_points_of_failure"] == []


def test_every_compute_port_is_cabled_and_every_link_resolves(superpod):
    design, report = superpod
    index = DesignIndex.build(design)
    cabled = {(l.a.device, l.a.port) for l in design.links} | {(l.b.device, l.b.port) for l in design.links}
    for device in design.devices:
        device_type = index.type_of(device)
        for group in device_type.ports_with_role("compute"):
            for port in group.port_names():
                assert (device.name, port) in cabled, f"{device.name}:{port}"
    assert all(f["links"]["unresolved"] == 0 for f in report["fabrics"])
    assert all(l.media is not None and l.length_m is not None for l in design.links)


def test_no_port_is_used_twice(superpod):
    design, _report = superpod
    ends = [(l.a.device, l.a.port) for l in design.links] + [(l.b.device, l.b.port) for l in design.links]
    assert len(ends) == len(set(ends))


def test_racks_respect_power_u_and_weight(superpod):
    design, report = superpod
    for rack in report["racks"]:
        assert rack["power_max_kw"] <= rack["power_budget_kw"] + 1e-9, rack["name"]
        assert rack["u_used"] <= rack["u_total"]
        assert rack["weight_kg"] <= rack["static_load_kg"]
    # 40 kW racks: three 10.2 kW DGX H100 and the out-of-band switch
    assert max(r["gpus"] for r in report["racks"]) == 24


def test_devices_do_not_overlap_in_racks(superpod):
    design, _report = superpod
    index = DesignIndex.build(design)
    for rack, devices in index.devices_by_rack.items():
        used: dict[tuple[str, int], str] = {}
        for device in devices:
            if device.position_u is None:
                continue
            for u in range(device.position_u, device.position_u + index.type_of(device).u_height):
                faces = ("front", "rear") if index.is_full_depth(device) else (device.face,)
                for face in faces:
                    assert (face, u) not in used, f"{device.name} overlaps {used[(face, u)]} in {rack}"
                    used[(face, u)] = device.name


def test_generated_file_round_trips(superpod, tmp_path):
    from designer.model.io import save_design

    design, _report = superpod
    path = tmp_path / "superpod.json"
    save_design(design, path)
    assert load_design(path) == design


def test_two_to_one_oversubscription(test_catalog):
    design = generate(
        GenerateSpec(server="nvidia-dgx-h100", nodes=64, switch="nvidia-qm9700", oversubscription=2.0), test_catalog
    )
    compute = _fabric(build_report(design), "compute")
    assert 1.9 <= compute["oversubscription"]["leaf"] <= 2.0
    uplinks = compute["links"]["leaf_spine"] // compute["switches"]["leaf"]
    assert uplinks % compute["switches"]["spine"] == 0, "every leaf reaches every spine equally"
    assert compute["bisection_gbps"] < 64 * 8 * 400 / 2


def test_not_rail_optimized_keeps_a_server_on_one_leaf(test_catalog):
    design = generate(
        GenerateSpec(server="nvidia-dgx-h100", nodes=32, switch="nvidia-qm9700", rail_optimized=False), test_catalog
    )
    leaves_of = defaultdict(set)
    for link in design.links:
        if link.fabric == "compute" and link.a.device.startswith("node"):
            leaves_of[link.a.device].add(link.b.device)
    assert all(len(leaves) == 1 for leaves in leaves_of.values())
    compute = _fabric(build_report(design), "compute")
    # each leaf is then a single point of failure for its servers
    assert compute["failure"]["leaf"]["endpoints_cut_off"] == 4
    assert compute["failure"]["single_points_of_failure"]


def test_rail_optimized_spreads_a_server_over_rails(test_catalog):
    design = generate(GenerateSpec(server="nvidia-dgx-h100", nodes=64, switch="nvidia-qm9700"), test_catalog)
    leaf_of_port = {}
    for link in design.links:
        if link.fabric == "compute" and link.a.device.startswith("node"):
            leaf_of_port[(link.a.device, link.a.port)] = link.b.device
    for port in range(1, 9):
        leaves = {leaf for (node, p), leaf in leaf_of_port.items() if p == f"osfp{port}" and node <= "node032"}
        assert len(leaves) == 1, "port i of every server in the unit shares the rail-i leaf"
    compute = _fabric(build_report(design), "compute")
    assert compute["failure"]["leaf"]["endpoints_cut_off"] == 0


def test_three_tier_fabric(test_catalog):
    design = generate(GenerateSpec(server="nvidia-dgx-h100", nodes=300, switch="nvidia-qm9700", ufm_appliances=0),
                      test_catalog)
    compute = _fabric(build_report(design), "compute")
    assert compute["tiers"] == 3
    assert compute["switches"]["core"] > 0
    assert compute["max_hops"] == 6
    assert compute["oversubscription"] == {"leaf": 1.0, "spine": 1.0}
    assert compute["bisection_gbps"] == 300 * 8 * 400 / 2


def test_forced_three_tiers_on_a_small_cluster(test_catalog):
    design = generate(GenerateSpec(server="nvidia-dgx-h100", nodes=64, switch="nvidia-qm9700", tiers="3"), test_catalog)
    assert _fabric(build_report(design), "compute")["tiers"] == 3


def test_144_port_switch(test_catalog):
    design = generate(GenerateSpec(server="nvidia-dgx-b300", nodes=36, switch="nvidia-q3400"), test_catalog)
    compute = _fabric(build_report(design), "compute")
    # 800G server ports on 800G XDR ports; 36 x 8 = 288 lanes over 4 leaves (rails share a leaf)
    assert compute["endpoints"] == 36
    assert compute["links"]["endpoint_leaf"] == 288
    assert compute["oversubscription"]["leaf"] == 1.0
    port_use = {p["switch"]: p for p in compute["port_use"]}
    assert all(p["ports_total"] == 144 for p in port_use.values())


def test_200g_servers_on_800g_switch_use_breakouts(test_catalog):
    design = generate(GenerateSpec(server="test-200ge-server", nodes=64, switch="nvidia-sn5600"), test_catalog)
    compute_links = [l for l in design.links if l.fabric == "compute" and l.a.device.startswith("node")]
    assert all("s" in l.b.port[3:] for l in compute_links), "leaf ends are breakout lanes like swp1s2"
    leaf = next(d for d in design.devices if d.name == compute_links[0].b.device)
    assert {(b.count, b.speed_gbps) for b in leaf.port_breakouts.values()} == {(4, 200.0)}
    cable_ids = defaultdict(int)
    for link in compute_links:
        cable_ids[link.cable_id] += 1
    assert set(cable_ids.values()) == {4}, "one breakout cable per 800G port"
    report = build_report(design)
    compute = _fabric(report, "compute")
    assert compute["endpoint_bandwidth_gbps"] == 64 * 8 * 200
    assert compute["oversubscription"]["leaf"] == 1.0
    assert compute["protocol"] == "roce-v2"


def test_storage_in_band_and_out_of_band_fabrics(test_catalog):
    design = generate(
        GenerateSpec(
            server="nvidia-dgx-h100", nodes=16, switch="nvidia-qm9700", storage="weka-wekapod-nitro-8",
            storage_nodes=2,
        ),
        test_catalog,
    )
    report = build_report(design)
    names = {f["name"] for f in report["fabrics"]}
    assert names == {"compute", "storage", "inband", "oob"}
    storage = _fabric(report, "storage")
    # 16 DGX, 2 WEKApods, 4 management nodes and the storage fabric's UFM pair
    assert storage["endpoints"] == 16 + 2 + 4 + 2
    # every device with a BMC or management port is on the out-of-band fabric
    oob_ends = {l.a.device for l in design.links if l.fabric == "oob"}
    index = DesignIndex.build(design)
    for device in design.devices:
        if index.type_of(device).ports_with_role("oob"):
            assert device.name in oob_ends, device.name
    assert report["totals"]["storage_nodes"] == 2


def test_cables_have_lengths_from_geometry_and_media_by_reach(superpod):
    from designer.fabric.parts import MediaSelector

    design, report = superpod
    index = DesignIndex.build(design)
    selector = MediaSelector(load_catalog(include_user=False).cabling)
    for link in design.links:
        same_rack = index.devices[link.a.device].rack == index.devices[link.b.device].rack
        speed = min(index.ports.speed_gbps(link.a.device, link.a.port), index.ports.speed_gbps(link.b.device, link.b.port))
        assert link.length_m <= selector.reach_m(link.media, speed), link
        if not same_rack:
            assert link.length_m >= 3, "an inter-rack run climbs to the tray and back"
    # copper for short runs only: 400G copper reaches 5 m at most (active copper)
    assert all(l.length_m <= 5 for l in design.links if l.media in ("DAC", "ACC"))
    media = {row["media"] for row in report["cables"]}
    assert {"CAT6A", "MMF"} <= media
    assert sum(t["count"] for t in report["transceivers"]) > 0


def test_gpus_option_rounds_up_to_whole_servers(test_catalog):
    design = generate(GenerateSpec(server="nvidia-dgx-h100", gpus=20, switch="nvidia-qm9700"), test_catalog)
    servers = [d for d in design.devices if d.device_type == "nvidia-dgx-h100"]
    assert len(servers) == 3


# ---------------------------------------------------------------- command line


def test_new_command_writes_a_design(tmp_path):
    out = tmp_path / "pod.json"
    result = run_cli("new", "--server", "nvidia-dgx-h100", "--nodes", "127", "--switch", "nvidia-qm9700",
                     "--oversubscription", "1:1", "--rail-optimized", "-o", out)
    assert result.code == 0, result
    assert "32 leaf / 16 spine / 0 core, 1024 leaf-spine links" in result.out
    report = json.loads(run_cli("report", out, "--json").out)
    assert _fabric(report, "compute")["switches"]["spine"] == 16
    assert run_cli("new", "--server", "nvidia-dgx-h100", "--nodes", "4", "--switch", "nvidia-qm9700",
                   "-o", out).code == 2, "an existing file is not overwritten without --force"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--server", "nvidia-dgx-h900", "--nodes", "4", "--switch", "nvidia-qm9700"], 'unknown server "nvidia-dgx-h900"'),
        (["--server", "nvidia-qm9700", "--nodes", "4", "--switch", "nvidia-qm9700"], "is a switch, not a server"),
        (["--server", "nvidia-dgx-h100", "--nodes", "4", "--switch", "nvidia-qm9790"], 'unknown switch'),
        (["--server", "test-cpu-server", "--nodes", "4", "--switch", "nvidia-qm9700"], "has no compute ports"),
        (["--server", "nvidia-dgx-h100", "--nodes", "4", "--switch", "nvidia-qm9700", "--oversubscription", "0:1"],
         "not a usable ratio"),
        (["--server", "nvidia-dgx-h100", "--nodes", "4", "--switch", "nvidia-qm9700", "--oversubscription", "abc"],
         "not a ratio"),
        (["--server", "nvidia-dgx-h100", "--nodes", "20000", "--switch", "nvidia-qm9700"],
         "at most 8,192 nodes (65,536 GPUs) in three tiers"),
        (["--server", "nvidia-dgx-h100", "--nodes", "4", "--switch", "nvidia-sn4600c"],
         "server compute ports are 400G but nvidia-sn4600c ports are 100G"),
        (["--server", "nvidia-dgx-h100", "--nodes", "4", "--switch", "nvidia-qm9700", "--rack-power-kw", "8"],
         "cannot hold it"),
        (["--server", "nvidia-dgx-h100", "--nodes", "0", "--switch", "nvidia-qm9700"], "at least one server"),
        (["--server", "huawei-atlas-800t-a2", "--nodes", "4", "--switch", "nvidia-sn5600"], "no published power"),
        (["--server", "nvidia-dgx-h100", "--nodes", "300", "--switch", "nvidia-qm9700", "--tiers", "2"],
         "do not fit a two-tier fabric"),
        (["--server", "nvidia-dgx-h100", "--nodes", "4", "--switch", "test-8-port-switch", "--no-rail-optimized"],
         "an endpoint with 8 ports does not fit on one leaf (4 downlinks)"),
    ],
)
def test_new_refuses_impossible_inputs_with_the_limit(tmp_path, args, message):
    out = tmp_path / "x.json"
    result = run_cli("new", *args, "-o", out, *sum((["--catalog", f] for f in FIXTURES), []))
    assert result.code == 2, result
    assert message in result.err
    assert "Traceback" not in result.err
    assert not out.exists(), "no partial file"


def test_capacity_error_suggests_what_would_work(tmp_path):
    result = run_cli("new", "--server", "nvidia-dgx-h100", "--nodes", "20000", "--switch", "nvidia-qm9700",
                     "-o", tmp_path / "x.json")
    assert "2:1 holds" in result.err and "nvidia-q3400" in result.err


def test_inband_runs_on_the_ra_switch_in_mlag_pairs_under_two_cores(superpod):
    """RA-11333-001 Appendix A: 8 SN4600C in-band switches (Table 7); 254 DGX in-band cables,
    6 ISL cables and 24 leaf-core cables (Table 8): 3 MLAG leaf pairs under 2 cores."""
    design, report = superpod
    index = DesignIndex.build(design)
    inband = [d for d in design.devices if d.fabric == "inband"]
    assert {d.device_type for d in inband} == {"nvidia-sn4600c"}
    assert len(inband) == 8
    server_inband = [l for l in design.links if l.fabric == "inband"
                     and index.devices[l.a.device].device_type == "nvidia-dgx-h100"]
    assert len(server_inband) == 2 * 127
    leaf_leaf = [l for l in design.links if l.fabric == "inband" and "leaf" in l.a.device and "leaf" in l.b.device]
    leaf_core = [l for l in design.links if l.fabric == "inband" and "leaf" in l.a.device and "core" in l.b.device]
    assert (len(leaf_leaf), len(leaf_core)) == (6, 24)


def test_a_switch_management_port_belongs_to_the_oob_fabric(superpod):
    from designer.fabric.graph import link_fabric

    design, _ = superpod
    index = DesignIndex.build(design)
    mgmt_links = [
        link.model_copy(update={"fabric": None}) for link in design.links
        if link.a.device.startswith("cmp-leaf") and index.ports.group(link.a.device, link.a.port).role == "oob"
    ]
    assert mgmt_links, "every compute leaf has its management port cabled"
    assert {link_fabric(index, link) for link in mgmt_links} == {"oob"}


def test_the_generator_says_which_ports_it_leaves_uncabled(tmp_path):
    from designer.fabric.generate import uncabled_port_groups

    out = tmp_path / "pod.json"
    result = run_cli("new", "--server", "nvidia-dgx-h100", "--nodes", "16", "--switch", "nvidia-qm9700",
                     "--storage", "weka-wekapod-nitro-8", "--storage-nodes", "1", "-o", out)
    assert result.code == 0, result
    # the in-band fabric runs at the DGX's 100G; its 10G port and WEKA's 25G/1G customer ports stay free
    assert "16 inband-10g ports (inband, 10G) on 16 x nvidia-dgx-h100" in result.out
    assert "16 object-tier ports (inband, 25G) on 1 x weka-wekapod-nitro-8" in result.out
    from designer.catalog import load_catalog
    from designer.model.io import load_design

    rows = uncabled_port_groups(load_design(out, load_catalog(include_user=False)))
    # the RA cables one port of each dual-port storage card: the other two stay free
    assert {(r["group"], r["ports"]) for r in rows} == {("inband-10g", 16), ("object-tier", 16), ("os-mgmt", 16),
                                                         ("storage", 32)}


def test_generation_does_not_depend_on_the_hash_seed(tmp_path):
    """The same inputs give the same file: ties (a leaf serving as many endpoints of two
    rack groups) are broken by order, never by set iteration, which follows PYTHONHASHSEED."""
    import os
    import subprocess
    import sys

    outputs = []
    for seed in ("1", "2", "3"):
        out = tmp_path / f"seed{seed}.json"
        subprocess.run([sys.executable, "-m", "designer.cli", "new", "--server", "nvidia-dgx-h100", "--gpus", "1024",
                        "--switch", "nvidia-qm9700", "-o", str(out)],
                       env={**os.environ, "PYTHONHASHSEED": seed}, check=True, capture_output=True)
        outputs.append(out.read_bytes())
    assert outputs[0] == outputs[1] == outputs[2]


def test_new_prints_the_figures_the_report_gives(tmp_path):
    """`designer new` summarises without building the whole report, from the same functions:
    every figure it prints equals the report's."""
    out = tmp_path / "pod.json"
    result = run_cli("new", "--server", "nvidia-dgx-h100", "--nodes", "40", "--switch", "nvidia-qm9700",
                     "--storage", "weka-wekapod-nitro-8", "--storage-nodes", "2", "-o", out)
    assert result.code == 0, result
    report = json.loads(run_cli("report", out, "--json").out)
    t = report["totals"]
    others = t["servers"] - t["gpu_servers"]
    assert others == 4  # the RA's BCM management servers, said apart from the 40 nodes
    assert (f"{t['gpu_servers']} GPU servers ({t['gpus']} GPUs) and {others} without GPUs (management), "
            f"{t['switches']} switches, {t['storage_nodes']} storage nodes "
            f"in {t['racks']} racks, {t['links']} links; {t['power_max_kw']:,.1f} kW maximum") in result.out

    summary = json.loads(run_cli("new", "--server", "nvidia-dgx-h100", "--nodes", "40", "--switch", "nvidia-qm9700",
                                 "--storage", "weka-wekapod-nitro-8", "--storage-nodes", "2", "-o",
                                 tmp_path / "pod2.json", "--json").out)
    assert (summary["servers"], summary["gpu_servers"]) == (t["servers"], t["gpu_servers"])
    for fabric in report["fabrics"]:
        sw = fabric["switches"]
        assert (f"  {fabric['name']}: {fabric['endpoints']} endpoints, {sw['leaf']} leaf / {sw['spine']} spine / "
                f"{sw['core']} core, {fabric['links']['leaf_spine']} leaf-spine links") in result.out


def test_row_names_never_run_out():
    """More than 702 rows (131,072 GPUs on small racks) once raised an IndexError: rows are
    named as spreadsheet columns, A..Z, AA..ZZ, AAA..; the first 702 as before."""
    from designer.fabric.placement import row_name

    assert [row_name(i) for i in (0, 25, 26, 51, 701, 702, 703)] == ["A", "Z", "AA", "AZ", "ZZ", "AAA", "AAB"]
    names = [row_name(i) for i in range(20_000)]
    assert len(set(names)) == len(names)


def test_new_says_one_of_a_kind_in_the_singular(tmp_path):
    # found in review: "1 GPU servers ... 1 switches ... 1 racks"
    result = run_cli("new", "--server", "nvidia-dgx-h100", "--nodes", "1", "--switch", "nvidia-qm9700",
                     "-o", tmp_path / "one.json")
    assert result.code == 0, result
    first = result.out.splitlines()[0]
    assert "1 GPU server (8 GPUs), 1 switch, 0 storage nodes in 1 rack," in first, first
    assert "1 leaf / 0 spine / 0 core, 0 leaf-spine links" in result.out
