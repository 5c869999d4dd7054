"""Generated designs held to the counts NVIDIA's DGX SuperPOD reference architectures publish.

Each test names the RA and the table its figures come from. The generator builds to the
rules the RAs state (scalable units, port use, switch radix); these tables are the oracle.
"""

from __future__ import annotations

import pytest

from designer.catalog import load_catalog
from designer.fabric.generate import GenerateSpec, generate
from designer.report.json_report import build_report


@pytest.fixture(scope="module")
def catalog():
    return load_catalog(include_user=False)


def _switches(report: dict, prefix: str) -> dict[str, int]:
    totals = {"leaf": 0, "spine": 0, "core": 0}
    for fabric in report["fabrics"]:
        if fabric["name"].startswith(prefix):
            for tier in totals:
                totals[tier] += fabric["switches"][tier]
    return totals


@pytest.mark.parametrize(("nodes", "leaves", "spines"), [(512, 128, 64), (1024, 256, 128)])
def test_b300_spectrum4_twin_plane_stays_two_tier(catalog, nodes, leaves, spines):
    """NVIDIA DGX SuperPOD B300 with Spectrum-4 Ethernet, RA-11337-001 Table 3: each SN5600
    runs at 128 x 400G and every GPU's 800G port splits over two planes, so 512 nodes need
    128 leaf / 64 spine switches and 1,024 nodes 256 / 128, in two tiers."""
    design = generate(GenerateSpec(server="nvidia-dgx-b300", nodes=nodes, switch="nvidia-sn5600",
                                   rack_power_kw=62), catalog)
    report = build_report(design, catalog=catalog)
    planes = [f for f in report["fabrics"] if f["role"] == "compute"]
    assert [f["name"] for f in planes] == ["compute-p1", "compute-p2"]
    assert _switches(report, "compute") == {"leaf": leaves, "spine": spines, "core": 0}
    assert all(f["tiers"] == 2 and f["oversubscription"]["leaf"] == 1.0 for f in planes)
    # every GPU port reaches both planes: one 400G lane to each
    assert all(f["endpoints"] == nodes and f["links"]["endpoint_leaf"] == nodes * 8 for f in planes)
    assert not [f for f in report["findings"] if f["severity"] == "error"]


def test_400g_servers_use_the_split_radix_of_an_800g_ethernet_switch(catalog):
    """An SN5600 at 128 x 400G holds 128 leaves under two tiers: 1,024 DGX H100 (8,192 GPUs
    at 400G) need 128 leaf and 64 spine switches and no core (at 64 x 800G it took three tiers)."""
    design = generate(GenerateSpec(server="nvidia-dgx-h100", nodes=1024, switch="nvidia-sn5600"), catalog)
    report = build_report(design, catalog=catalog)
    assert _switches(report, "compute") == {"leaf": 128, "spine": 64, "core": 0}


@pytest.fixture(scope="module")
def h100_pod(catalog):
    """The 127-node DGX H100 SuperPOD of RA-11333-001 Appendix A, as a user asks for it
    (`designer new --server nvidia-dgx-h100 --nodes 127 --switch nvidia-qm9700 --rack-power-kw 42`),
    with the storage fabric reserved for the RA's 48 2 x 200G storage cables (96 NDR200 ports)."""
    design = generate(GenerateSpec(server="nvidia-dgx-h100", nodes=127, switch="nvidia-qm9700", rack_power_kw=42,
                                   storage_fabric="reserved", reserved_storage_ports=96), catalog)
    return design, build_report(design, catalog=catalog)


def _count(design, fabric: str, device_type: str) -> int:
    return sum(1 for d in design.devices if d.fabric == fabric and d.device_type == device_type)


def test_h100_pod_switches_per_fabric_and_model(h100_pod):
    """RA-11333-001 Appendix A Table 7: 48 QM9700 compute, 16 QM9700 storage, 8 SN4600C in-band."""
    design, _report = h100_pod
    assert _count(design, "compute", "nvidia-qm9700") == 48
    assert _count(design, "storage", "nvidia-qm9700") == 16
    assert _count(design, "inband", "nvidia-sn4600c") == 8
    assert {d.device_type for d in design.devices if d.fabric == "oob"} == {"nvidia-sn2201"}


def test_h100_pod_racks_nodes_control_plane(h100_pod):
    """RA-11333-001 Appendix A Table 7: 38 racks, 127 DGX, 4 UFM appliances, 4 BCM management servers."""
    design, report = h100_pod
    kinds = {}
    for d in design.devices:
        kinds[d.device_type] = kinds.get(d.device_type, 0) + 1
    assert report["totals"]["racks"] == 38
    assert kinds["nvidia-dgx-h100"] == 127
    # the nodes are the 127 DGX; the 4 management servers are servers without GPUs
    assert (report["totals"]["gpu_servers"], report["totals"]["servers"]) == (127, 131)
    assert kinds["nvidia-ufm-enterprise-appliance"] == 4
    assert kinds["generic-management-server-x86"] == 4


def test_h100_pod_compute_and_storage_cables(h100_pod):
    """RA-11333-001 Table 4 and Appendix A Table 8: 1,020 compute+UFM cables, 1,024 leaf-spine;
    storage: 254 DGX links (2 per system, one per ConnectX-7 card), 494 DGX-leaf and leaf-spine
    cables; 2 UFM splitters into the compute leaves."""
    design, report = h100_pod
    fabrics = {f["name"]: f for f in report["fabrics"]}
    assert fabrics["compute"]["links"]["endpoint_leaf"] == 1020
    assert fabrics["compute"]["links"]["leaf_spine"] == 1024
    storage_dgx = [l for l in design.links if l.fabric == "storage" and l.a.device.startswith("node")]
    assert len(storage_dgx) == 254
    assert {l.a.port for l in storage_dgx} == {"stor1", "stor3"}
    assert len(storage_dgx) + fabrics["storage"]["links"]["leaf_spine"] == 494
    ufm_cables = {l.cable_id for l in design.links if l.fabric == "compute" and l.a.device.startswith("ufm")}
    assert len(ufm_cables) == 2


def test_h100_pod_pdus_by_rack(h100_pod):
    """RA-11333-001 Appendix A Table 7: 108 rack PDUs, 96 for the 32 four-DGX racks (three
    each: a DGX's six 4+2 PSUs keep four when one feed is lost) and 12 for the 6 others (two
    each: a network rack is filled only to what one PDU carries alone). The RA's 12 are a
    PX3-5747V-V2: in the catalog, but its ratings are not published in our sources, so no rack
    takes it by load and all 108 are the compute racks' model (see the next test)."""
    design, _report = h100_pod
    per_rack: dict[str, int] = {}
    dgx_racks = {d.rack for d in design.devices if d.device_type == "nvidia-dgx-h100"}
    for d in design.devices:
        if d.device_type.startswith("raritan"):
            per_rack[d.rack] = per_rack.get(d.rack, 0) + 1
    assert len(dgx_racks) == 32
    assert sum(per_rack.values()) == 108
    assert all(per_rack[r] == 3 for r in dgx_racks)
    assert sorted(per_rack[r] for r in per_rack if r not in dgx_racks) == [2] * 6
    assert {d.device_type for d in design.devices if d.device_type.startswith("raritan")} == {
        "raritan-px3-5878i2r-p1q1r1a5d5"}


def test_pdu_model_per_rack_by_load(tmp_path):
    """With a second PDU model of the same manufacturer whose ratings are known, each rack takes
    the smallest that serves it at the count the rack needs: the four-DGX racks keep the 34.5 kVA
    model, the three-DGX rack and switch racks drawing what one small PDU carries take the small one (two models, as
    RA-11333-001 Table 7's 96 + 12). The small PDU's ratings here are this test's own, NOT
    Raritan's figures for any product."""
    (tmp_path / "small-pdu.yaml").write_text(
        "manufacturer: Raritan (Legrand)\nmodel: test-only small PDU\nslug: test-small-pdu\nu_height: 0\n"
        "kind: pdu\npdu: {capacity_kw: 20, phases: 3, voltage_v: 400, current_a: 32, outlets: {c13: 24, c19: 12}}\n"
        "port_groups:\n"
        "  - {name: mgmt, prefix: eth, count: 1, speed_gbps: 1, cage: RJ45, ports_per_cage: 1, role: oob}\n"
        "source:\n  - {title: test-only figures, covers: [pdu]}\n")
    catalog = load_catalog([tmp_path], include_user=False)
    design = generate(GenerateSpec(server="nvidia-dgx-h100", nodes=127, switch="nvidia-qm9700", rack_power_kw=42,
                                   storage_fabric="reserved", reserved_storage_ports=96), catalog)
    report = build_report(design, catalog=catalog)
    power = {r["name"]: r["power_max_kw"] for r in report["racks"]}
    dgx_racks = {d.rack for d in design.devices if d.device_type == "nvidia-dgx-h100"}
    models: dict[str, set[str]] = {}
    for d in design.devices:
        if d.device_type in ("raritan-px3-5878i2r-p1q1r1a5d5", "test-small-pdu"):
            models.setdefault(d.rack, set()).add(d.device_type)
    count = {r.name: len(r.feeds) for r in design.racks}
    for rack, kinds in models.items():
        # the small model where it carries the rack's draw with one feed lost, else the large one
        small_serves = power[rack] <= 20 * (count[rack] - 1) + 1e-6
        assert kinds == ({"test-small-pdu"} if small_serves else {"raritan-px3-5878i2r-p1q1r1a5d5"}), rack
    four_dgx = [r for r in dgx_racks if sum(1 for d in design.devices if d.rack == r and d.device_type ==
                                            "nvidia-dgx-h100") == 4]
    assert len(four_dgx) == 31 and all(models[r] == {"raritan-px3-5878i2r-p1q1r1a5d5"} for r in four_dgx)
    others = [r for r in models if r not in dgx_racks]
    assert len(others) == 6 and sum(1 for r in others if models[r] == {"test-small-pdu"}) >= 4
    # each feed carries what its rack's PDU does
    small = next(r for r in others if models[r] == {"test-small-pdu"})
    assert {f.capacity_kw for f in next(r for r in design.racks if r.name == small).feeds} == {20}
    assert not [f for f in report["findings"] if f["severity"] == "error"]


def test_h100_pod_out_of_band_shares_switches_and_uplinks_into_inband(h100_pod):
    """RA-11333-001 Appendix A Table 7: 8 SN2201 out-of-band switches for 38 racks (not one a
    rack) serving Table 8's 315 management ports (127 DGX + 64 InfiniBand switches + 8
    management/UFM + 8 in-band switches + 108 PDUs); Table 8: "Two uplinks per OOB to
    in-band", 16 x 100G. Two switches for each scalable unit's row, the central racks' ports
    on their spare ports."""
    design, report = h100_pod
    oob_fabric = next(f for f in report["fabrics"] if f["name"] == "oob")
    assert oob_fabric["endpoints"] == 127 + 64 + 8 + 8 + 108
    oob = [d for d in design.devices if d.fabric == "oob"]
    assert len(oob) == 8, "RA-11333-001 Table 7: 8 x SN2201"
    assert {d.device_type for d in oob} == {"nvidia-sn2201"}
    uplinks = [l for l in design.links if l.a.device in {d.name for d in oob} and l.b.device.startswith("inb-core")]
    assert len(uplinks) == 16, "RA-11333-001 Table 8: two uplinks per OOB to in-band"
    # every switch within the 48 access ports of an SN2201; 319 cables: each UFM appliance's
    # second 1G port (its management port, on the RA's QSFP-to-SFP+ adapter) is one more
    served: dict[str, int] = {}
    for link in design.links:
        if link.fabric == "oob" and link.b.device in {d.name for d in oob}:
            served[link.b.device] = served.get(link.b.device, 0) + 1
    assert max(served.values()) <= 48 and sum(served.values()) == 315 + 4
    assert not [f for f in report["findings"] if f["severity"] == "error"]


@pytest.mark.parametrize(("nodes", "leaves", "spines"), [(72, 8, 4), (288, 32, 18), (576, 64, 36)])
def test_b300_xdr_compute_fabric(catalog, nodes, leaves, spines):
    """NVIDIA DGX SuperPOD B300 with Quantum-X800 (RA-11339-001) Table 3: 1 SU 8/4, 4 SU 32/18, 8 SU 64/36."""
    design = generate(GenerateSpec(server="nvidia-dgx-b300", nodes=nodes, switch="nvidia-q3400", rack_power_kw=62),
                      catalog)
    report = build_report(design, catalog=catalog)
    assert _switches(report, "compute") == {"leaf": leaves, "spine": spines, "core": 0}


@pytest.mark.parametrize(("nodes", "leaves", "spines", "cables"), [(144, 16, 8, 1152), (1296, 144, 72, 10368)])
def test_b300_xdr_compute_fabric_two_and_eighteen_units(catalog, nodes, leaves, spines, cables):
    """RA-11339-001 Table 3, the rows the test above leaves out: 2 SU (144 nodes) 16 leaf / 8 spine
    with 1,152 node-leaf and 1,152 leaf-spine cables; 18 SU (1,296 nodes) 144 / 72 with 10,368 of
    each (the table's GPU column says 9,216 there, not 1,296 x 8 = 10,368: its cable counts are
    the nodes' 8 ports each). Counted on the design, without the report, to keep the suite quick."""
    design = generate(GenerateSpec(server="nvidia-dgx-b300", nodes=nodes, switch="nvidia-q3400", rack_power_kw=62),
                      catalog)
    tiers = {d.name: d.tier for d in design.devices if d.fabric == "compute"}
    assert sum(t == "leaf" for t in tiers.values()) == leaves
    assert sum(t == "spine" for t in tiers.values()) == spines
    assert sum(t == "core" for t in tiers.values()) == 0
    compute = [link for link in design.links if link.fabric == "compute"]
    leaf_spine = [link for link in compute if {tiers.get(link.a.device), tiers.get(link.b.device)} == {"leaf", "spine"}]
    assert len(leaf_spine) == cables
    assert len(compute) - len(leaf_spine) == cables  # node-leaf: every GPU port once


@pytest.mark.parametrize("nodes", [64, 256])
def test_b300_spectrum4_small_pods(catalog, nodes):
    """RA-11337-001 Table 3: 1 SU (64 nodes) 16 leaf / 8 spine; 4 SU (256 nodes) 64 / 32."""
    design = generate(GenerateSpec(server="nvidia-dgx-b300", nodes=nodes, switch="nvidia-sn5600", rack_power_kw=62),
                      catalog)
    report = build_report(design, catalog=catalog)
    assert _switches(report, "compute") == {"leaf": nodes // 4, "spine": nodes // 8, "core": 0}


def test_no_storage_no_storage_fabric(catalog):
    """A design without storage systems gets no storage fabric unless it is asked for."""
    design = generate(GenerateSpec(server="nvidia-dgx-h100", nodes=64, switch="nvidia-qm9700"), catalog)
    assert "storage" not in {f.name for f in design.fabrics}
    reserved = generate(GenerateSpec(server="nvidia-dgx-h100", nodes=64, switch="nvidia-qm9700",
                                     storage_fabric="reserved", reserved_storage_ports=32), catalog)
    storage = next(f for f in reserved.fabrics if f.name == "storage")
    assert storage.reserved


@pytest.mark.parametrize("server", ["nvidia-dgx-h100", "nvidia-dgx-b200"])
@pytest.mark.parametrize("nodes", [16, 128, 1024, 2048])
def test_generated_designs_pass_the_checks(catalog, server, nodes):
    """Issue 10 acceptance: `designer new` succeeds at 16, 128, 1,024 and 2,048 nodes at the
    default budget, and the design has no error finding."""
    design = generate(GenerateSpec(server=server, nodes=nodes, switch="nvidia-qm9700"), catalog)
    report = build_report(design, catalog=catalog)
    errors = [f["code"] for f in report["findings"] if f["severity"] == "error"]
    assert errors == []


def test_h100_pod_optics_per_side(h100_pod):
    """RA-11333-001 Appendix A Table 8, compute: 1,536 switch OSFP transceivers (980-9I510-00NS00,
    finned: every cage of the 48 QM9700) and 508 system OSFP transceivers in the DGX
    (980-9I51A-00NS00, flat-top: 4 twin-port cages x 127); storage: 254 DGX QSFP112 transceivers."""
    design, report = h100_pod
    from designer.estimates.bom import build_bom
    from designer.catalog import load_catalog

    bom = build_bom(design, load_catalog(include_user=False))
    by_opn: dict[str, int] = {}
    for line in bom.lines:
        if line.section == "transceivers":
            by_opn[line.part_number or line.part] = by_opn.get(line.part_number or line.part, 0) + line.quantity
    assert by_opn.get("980-9I51A-00NS00") == 508
    assert by_opn.get("980-9I693-00NS00") == 254
    compute_switch_cages = 48 * 32
    # switch-side modules: compute 1,536 (every cage of the 48 QM9700) + storage 369
    assert by_opn.get("980-9I510-00NS00") == compute_switch_cages + 369
    assert all(line.manufacturer for line in bom.lines if line.section == "transceivers")


def test_h100_pod_switch_side_modules_per_fabric(h100_pod):
    """RA-11333-001 Appendix A Table 8, switch OSFP transceivers (980-9I510-00NS00): compute
    1,536 and storage 369 (127 DGX-facing + 240 leaf-spine + 2 UFM cages; "All networking
    components are multi-mode fiber"), held exactly: leaf-spine pairs in one rack take optics
    as the RA cables them (``designer.fabric.cabling.needs_optics``), the UFM ports a module
    on a 1:2 splitter fibre, and the 254 DGX storage ports fill 127 twin-port cages (even
    counts per leaf). Adapter side: 508 DGX compute and 254 DGX storage modules; the UFM
    appliances' 4 "UFM System Transceivers" per fabric (980-9I51S-00NS00) besides."""
    design, _report = h100_pod
    from designer.fabric.cages import OPTICAL, link_ends
    from designer.model.index import DesignIndex

    index = DesignIndex.build(design)
    cages: dict[tuple[str, str, str], set] = {}
    for link in design.links:
        if link.media in OPTICAL:
            for end in link_ends(index, link) or ():
                owner = "ufm" if end.key[0].startswith("ufm") else "dgx" if end.key[0].startswith("node") else "-"
                cages.setdefault((link.fabric, end.side, owner if end.side == "adapter" else "-"), set()).add(end.key)
    assert len(cages[("compute", "switch", "-")]) == 1536
    assert len(cages[("compute", "adapter", "dgx")]) == 508
    assert len(cages[("storage", "adapter", "dgx")]) == 254
    assert len(cages[("compute", "adapter", "ufm")]) == len(cages[("storage", "adapter", "ufm")]) == 4
    assert not [l for l in design.links if l.fabric == "storage" and l.media == "DAC"]
    assert len(cages[("storage", "switch", "-")]) == 369


@pytest.mark.parametrize(("nodes", "leaves", "spines", "cores"),
                         [(64, 16, 8, 0), (128, 32, 16, 0), (256, 64, 32, 0), (512, 128, 128, 64),
                          (1024, 256, 256, 128)])
def test_b200_compute_fabric(catalog, nodes, leaves, spines, cores):
    """NVIDIA DGX SuperPOD B200 RA ("Larger SuperPOD component counts", DGX SuperPOD
    Architecture page), QM9700: 2 SU (64 nodes) 16 leaf / 8 spine, 4 SU 32 / 16, 8 SU 64 / 32;
    16 SU (512) 128 / 128 / 64 core, 32 SU (1,024) 256 / 256 / 128; leaf-spine and spine-core
    cables 8 per node."""
    design = generate(GenerateSpec(server="nvidia-dgx-b200", nodes=nodes, switch="nvidia-qm9700"), catalog)
    report = build_report(design, catalog=catalog)
    assert _switches(report, "compute") == {"leaf": leaves, "spine": spines, "core": cores}
    compute = next(f for f in report["fabrics"] if f["name"] == "compute")
    assert compute["links"]["leaf_spine"] == 8 * nodes
    assert compute["links"]["spine_core"] == (8 * nodes if cores else 0)


def test_h100_pod_inband_cables(h100_pod):
    """RA-11333-001 Appendix A Table 8, in-band Ethernet cables: 254 DGX H100 (two 100G ports
    each), 8 management nodes, 6 ISL (MLAG peer links), 24 leaf-core; and 16 OOB uplinks into
    the in-band cores ("Two uplinks per OOB to in-band"). The RA's 4 CWDM4 uplinks to the
    core DC and 8 NFS storage cables go to equipment outside the design."""
    design, _report = h100_pod

    def between(fabric: str, a: str, b: str) -> int:
        return sum(1 for l in design.links if l.fabric == fabric and l.a.device.startswith(a)
                   and l.b.device.startswith(b))

    assert between("inband", "node", "inb-leaf") == 254
    assert between("inband", "mgmt", "inb-leaf") == 8
    assert between("inband", "inb-leaf", "inb-leaf") == 6
    assert between("inband", "inb-leaf", "inb-core") == 24
    assert between("oob", "oob-leaf", "inb-core") == 16


def test_h100_pod_storage_control_plane_cables(h100_pod):
    """RA-11333-001 Appendix A Table 8, storage InfiniBand cables: 4 "HDR 400 Gbps to 2x200
    Gbps" splitters for Slurm management (4 management nodes x 2 x 200G) and 2 "NDR Cables,
    200 Gbps" for UFM to leaf ports (the storage UFM pair x 2 x 200G)."""
    design, _report = h100_pod

    def splitters(prefix: str) -> set[str]:
        links = [l for l in design.links if l.fabric == "storage" and l.a.device.startswith(prefix)]
        assert all(l.cable_id for l in links)
        return {l.cable_id for l in links}

    assert len(splitters("mgmt")) == 4
    assert len(splitters("ufm-storage")) == 2


def test_b300_xdr_racks_and_pdus(catalog):
    """NVIDIA DGX SuperPOD B300 with Quantum-X800 (RA-11339-001), DGX SuperPOD Architecture,
    Figure 2: "four DGX B300 fit within a single rack" (~56 kW) and "72 x NVIDIA DGX B300 PS
    systems in standard racks each with three (3) 2U rack PDUs": 18 DGX racks of 4, 3 PDUs each."""
    design = generate(GenerateSpec(server="nvidia-dgx-b300", nodes=72, switch="nvidia-q3400", rack_power_kw=62),
                      catalog)
    kinds = {t.slug: t.kind for t in design.device_types}
    dgx: dict[str, int] = {}
    pdus: dict[str, int] = {}
    for d in design.devices:
        if d.device_type == "nvidia-dgx-b300":
            dgx[d.rack] = dgx.get(d.rack, 0) + 1
        elif kinds[d.device_type] == "pdu":
            pdus[d.rack] = pdus.get(d.rack, 0) + 1
    assert sorted(dgx.values()) == [4] * 18
    assert all(pdus[r] == 3 for r in dgx)
