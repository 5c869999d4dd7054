"""Rack-scale NVL72 systems (issue 11): GB200 / GB300 NVL72 catalogued as one device that fills a
rack, with its trays, NVLink switch trays and power shelves (NVIDIA DGX GB Rack Scale Systems User
Guide; NVL72 AI Factory Enterprise RA; Base Command Manager power-shelf chapter). The NVLink domain
is the rack (72 GPUs); the scale-out fabric is built per GPU port, rails by NIC rank on each
compute tray. Figures NVIDIA does not publish (GB200 rack power, weights, liquid share) are
supplied here as a user would; they are test inputs, not catalog figures."""

from __future__ import annotations

from collections import Counter, defaultdict

import pytest
from pydantic import ValidationError

from conftest import run_cli
from designer.errors import GenerationError
from designer.fabric.generate import GenerateSpec, generate
from designer.model.hardware import DeviceType
from designer.report.json_report import build_report

GB200 = "nvidia-dgx-gb200-nvl72"
GB300 = "nvidia-gb300-nvl72"
RACK = "rack-42u-600-vertiv-vr3300"  # 1,360 kg static load, 42 U
SUPPLIED = dict(server_liquid_share=0.85, server_weight_kg=1200, rack_type=RACK, cooling="liquid")


def _gb200(gpus: int, switch: str, **kw) -> GenerateSpec:
    return GenerateSpec(**{"server": GB200, "gpus": gpus, "switch": switch, "server_max_kw": 132,
                           "rack_power_kw": 140, **SUPPLIED, **kw})


def _gb300(gpus: int, switch: str, **kw) -> GenerateSpec:
    return GenerateSpec(server=GB300, gpus=gpus, switch=switch, **{"rack_power_kw": 150, **SUPPLIED, **kw})


def _findings(design, catalog, severity="error") -> list[dict]:
    return [f for f in build_report(design, catalog=catalog)["findings"] if f["severity"] == severity]


def _tiers(design, fabric: str = "compute") -> tuple[int, int, int]:
    count = {t: sum(1 for d in design.devices if d.fabric == fabric and d.tier == t) for t in ("leaf", "spine", "core")}
    return count["leaf"], count["spine"], count["core"]


# ---------------------------------------------------------------- catalog


@pytest.mark.parametrize("slug", [GB200, GB300])
def test_nvl72_entry_adds_up(catalog, slug):
    t = catalog.device_types[slug]
    rs = t.rack_scale
    assert (rs.compute_trays, rs.gpus_per_tray, rs.nvlink_switch_trays, rs.power_shelves, rs.psus_per_shelf) == \
        (18, 4, 9, 8, 6)
    assert t.gpu_count == 72 and t.scale_up_gpus == 72
    assert (t.psu.count, t.psu.rating_w) == (48, 5500)
    assert t.u_height == rs.compute_trays + rs.nvlink_switch_trays + rs.power_shelves  # all 1 RU
    assert t.port_count("compute") == 72  # one scale-out NIC per GPU
    assert t.cooling.liquid_share is None  # hybrid cooling, split not published


def test_scale_up_domain_of_an_hgx_server_is_the_server(catalog):
    assert catalog.device_types["nvidia-dgx-h100"].scale_up_gpus == 8
    assert catalog.device_types["supermicro-as-8125gs-tnmr2"].scale_up_gpus == 8


def test_published_rack_power_only_where_nvidia_gives_it(catalog):
    assert catalog.device_types[GB300].power.max_w == 142000  # "Full rack requiring up to 142 kW"
    assert catalog.device_types[GB200].power.max_w is None


def test_rack_scale_must_add_up(catalog):
    data = catalog.device_types[GB200].model_dump()
    data["rack_scale"]["compute_trays"] = 17
    with pytest.raises(ValidationError, match="compute trays"):
        DeviceType.model_validate(data)
    data = catalog.device_types[GB200].model_dump()
    data["rack_scale"]["power_shelves"] = 7
    with pytest.raises(ValidationError, match="power shelves"):
        DeviceType.model_validate(data)


# ---------------------------------------------------------------- generated designs


def test_gb200_needs_its_unpublished_figures(catalog):
    with pytest.raises(GenerationError, match="no published power figure"):
        generate(GenerateSpec(server=GB200, gpus=576, switch="nvidia-qm9700", **SUPPLIED), catalog)
    with pytest.raises(GenerationError, match="liquid"):
        generate(GenerateSpec(server=GB200, gpus=576, switch="nvidia-qm9700", server_max_kw=132,
                              server_weight_kg=1200, rack_power_kw=140, rack_type=RACK), catalog)


@pytest.fixture(scope="module")
def gb200_ib(catalog):
    return generate(_gb200(576, "nvidia-qm9700"), catalog)


def test_gb200_576_infiniband_is_check_clean(gb200_ib, catalog):
    systems = [d for d in gb200_ib.devices if d.device_type == GB200]
    assert len(systems) == 8 and len({d.rack for d in systems}) == 8  # one NVL72 per rack
    assert _findings(gb200_ib, catalog) == []
    # one scalable unit (8 racks): a QM9700 leaf at 1:1 takes one rack's 18 trays per rail
    # (32 leaves, as the GB200 RA's one leaf per rack and rail); the RA's single-unit spine
    # count was not read, so its 18 uplinks go evenly to the fewest spines that hold them
    assert _tiers(gb200_ib) == (32, 9, 0)


def test_rails_are_nic_ranks_of_a_compute_tray(gb200_ib):
    """Each tray's 4 NICs land on 4 different leaves, and NIC k of every tray on the rail-k leaves."""
    leaf_of = {}
    for link in gb200_ib.links:
        if link.fabric == "compute" and link.a.device.startswith("node"):
            leaf_of[(link.a.device, link.a.port)] = link.b.device
    rails: dict[int, set[str]] = defaultdict(set)
    for (_device, port), leaf in leaf_of.items():
        n = int(port[2:])  # cx1..cx72: tray (n-1)//4, NIC (n-1)%4
        rails[(n - 1) % 4].add(leaf)
    assert len(leaf_of) == 8 * 72
    assert len(rails) == 4
    for k in range(4):
        for j in range(k + 1, 4):
            assert not rails[k] & rails[j]


def test_gb200_trays_bluefield_ports_on_sn5600_in_band(gb200_ib, catalog):
    """DGX SuperPOD GB200 RA (RA-11338-001) 4.3: "DGX compute trays are connected at 4x 200GbE on
    their BlueField 3 DPUs", "The storage and in-band fabric use SN5600 switches"; 3.5.4: in-band
    "200 Gbps and ... bonded for resiliency". Each tray's two in-band ports on two leaves of a pair."""
    gb200 = catalog.device_types[GB200]
    groups = {g.name: g for g in gb200.port_groups}
    assert [(groups[n].count, groups[n].speed_gbps, groups[n].cage, groups[n].role)
            for n in ("bf3-storage", "bf3-inband")] == [(36, 200, "QSFP112", "storage"), (36, 200, "QSFP112", "inband")]
    assert gb200.reference_switches == {"storage": "nvidia-sn5600", "inband": "nvidia-sn5600", "oob": "nvidia-sn2201"}
    types = {d.name: d.device_type for d in gb200_ib.devices}
    inband = [l for l in gb200_ib.links if l.fabric == "inband" and l.a.port.startswith("bfi")]
    assert len(inband) == 8 * 36 and {types[l.b.device] for l in inband} == {"nvidia-sn5600"}
    leaves_of_tray: dict[tuple[str, int], set[str]] = defaultdict(set)
    for link in inband:
        tray = (int(link.a.port[3:]) - 1) // 2  # bfi1-2 are tray 1's, bfi3-4 tray 2's ...
        leaves_of_tray[(link.a.device, tray)].add(link.b.device)
    assert len(leaves_of_tray) == 8 * 18 and all(len(leaves) == 2 for leaves in leaves_of_tray.values())


def test_gb200_storage_runs_ethernet_beside_an_infiniband_compute_fabric(catalog):
    """The GB200 RA carries storage over RoCE on SN5600 (3.5.3, 4.3) whatever the compute fabric runs:
    a reserved storage fabric of an InfiniBand GB200 design is Ethernet, each tray's two storage ports
    ("single-node line-rate of 2x 200Gbps to each DGX GB200 compute tray") cabled."""
    from designer.fabric.generate import generate_with_notes

    design, notes = generate_with_notes(_gb200(576, "nvidia-qm9700", storage_fabric="reserved",
                                                reserved_storage_ports=32,
                                                management_server="generic-management-server-x86"), catalog)
    assert _findings(design, catalog) == []
    storage = next(f for f in design.fabrics if f.name == "storage")
    assert storage.protocol == "ethernet"
    types = {d.name: d.device_type for d in design.devices}
    links = [l for l in design.links if l.fabric == "storage" and l.a.port.startswith("bfs")]
    assert len(links) == 8 * 36 and {types[l.b.device] for l in links} == {"nvidia-sn5600"}
    # the generic (DGX H100 RA) management nodes' 100G in-band ports do not meet the trays' 200G fabric
    said = [n for n in notes if "management nodes' in-band ports run at 100G" in n]
    assert len(said) == 1 and "in-band fabric at 200G" in said[0] and "--management-server" in said[0]
    assert not any("reach storage through the in-band network" in n for n in notes)


def test_gb200_ethernet_leaf_pairs_serve_one_scalable_unit_each(catalog):
    """RA-11338-001 4.3 lays the Ethernet leaf layer out per SU; 64 racks: 8 SUs, a pair each, every
    tray within 10 m of its in-band leaves (before: 6 pairs over 64 racks, and at 128 racks 40 m runs
    past the 30 m 1:2 splitter fibre, CABLE_NO_PART)."""
    design = generate(_gb200(4608, "nvidia-qm9700"), catalog)
    assert _findings(design, catalog) == []
    rack_of = {d.name: d.rack for d in design.devices}
    unit_of = {}
    for index, name in enumerate(sorted((d.name for d in design.devices if d.device_type == GB200),
                                        key=lambda n: int(n[4:]))):
        unit_of[name] = index // 8
    units_of_leaf: dict[str, set[int]] = defaultdict(set)
    for link in design.links:
        if link.fabric == "inband" and link.a.port.startswith("bfi"):
            units_of_leaf[link.b.device].add(unit_of[link.a.device])
            assert link.length_m == 10.0, (link, rack_of[link.a.device], rack_of[link.b.device])
    assert len(units_of_leaf) == 16 and all(len(units) == 1 for units in units_of_leaf.values())


def test_gb200_576_spectrum_x_is_check_clean(catalog):
    design = generate(_gb200(576, "nvidia-sn5600"), catalog)
    assert _findings(design, catalog) == []
    # SN5600 as 128 x 400G: a leaf takes two racks' 36 trays per rail (NVL72 AI Factory RA),
    # 4 units x 4 rails; 6 spines take 6 of each leaf's 36 uplinks
    assert _tiers(design) == (16, 6, 0)


@pytest.mark.parametrize("switch, tiers", [("nvidia-qm9700", (256, 192, 72)), ("nvidia-sn5600", (128, 36, 0))])
def test_gb200_4608_gpus_is_check_clean(catalog, switch, tiers):
    design = generate(_gb200(4608, switch), catalog)
    assert sum(1 for d in design.devices if d.device_type == GB200) == 64
    assert _tiers(design) == tiers
    assert _findings(design, catalog) == []


@pytest.mark.parametrize(("racks", "leaves", "spines", "cores"),
                         [(16, 64, 48, 18), (32, 128, 96, 36), (128, 512, 384, 144)])
def test_gb200_superpod_compute_fabric_by_scalable_units(catalog, racks, leaves, spines, cores):
    """NVIDIA DGX SuperPOD with DGX GB200 (RA-11338-001 V01), its compute fabric table: 2 / 4 /
    8 / 16 scalable units of 8 racks (1,152 / 2,304 / 4,608 / 9,216 GPUs) take 64 / 128 / 256 /
    512 QM9700 leaves, 48 / 96 / 192 / 384 spines and 18 / 36 / 72 / 144 cores. Read in public
    transcriptions of the RA (a pre-sales note's "Scalable Unit (SU) - Modell" table; a study
    card: "a spine-leaf group uses 8 leaf switches (one per compute rack) and 6 spine
    switches"), not in NVIDIA's page itself, which the sources searched do not reach. The rule
    that makes them: a leaf per rack and rail (18 trays), the 8 leaves of a rail in one unit a
    group with 6 spines, the groups joined by cores. 8 units: test_gb200_4608_gpus_is_check_clean."""
    design = generate(_gb200(racks * 72, "nvidia-qm9700"), catalog)
    assert _tiers(design) == (leaves, spines, cores)
    links = [link for link in design.links if link.fabric == "compute"]
    tier = {d.name: d.tier for d in design.devices if d.fabric == "compute"}
    pairs = Counter(frozenset((tier.get(l.a.device), tier.get(l.b.device))) for l in links)
    # non-blocking: every GPU port's 400G carried up to the spines and on to the cores
    assert pairs[frozenset(("leaf", "spine"))] == pairs[frozenset(("spine", "core"))] == racks * 72
    # each spine serves the 8 leaves of one rail of one unit (a rail group), 3 links each
    spine_leaves: dict[str, set[str]] = defaultdict(set)
    for l in links:
        ends = {tier.get(l.a.device): l.a.device, tier.get(l.b.device): l.b.device}
        if set(ends) == {"leaf", "spine"}:
            spine_leaves[ends["spine"]].add(ends["leaf"])
    assert {len(v) for v in spine_leaves.values()} == {8}
    if racks == 16:
        assert _findings(design, catalog) == []


@pytest.mark.parametrize(("racks", "switches"), [(2, 12), (3, 24), (4, 24), (5, 32), (6, 32), (7, 44), (8, 44)])
def test_gb300_spectrum_x_dual_plane_as_the_nvl72_ai_factory(catalog, racks, switches):
    """NVIDIA Enterprise RA "NVL72 AI Factory" (GB300 NVL72, dual-plane Spectrum-X), Appendix B
    Table 11, SN5600 switches of the compute fabric for 1 to 8 racks: 12, 12, 24, 24, 32, 32, 44,
    44 (both planes), and Table 6: 2 racks 8 leaf / 4 spine, 4 racks 16 / 8, 8 racks 32 / 12. Read
    in a public transcription of the RA (NVIDIA's own page is not reached by the sources
    searched). The rules: each ConnectX-8 800G port is two 400G lanes, one to each plane; a leaf
    takes one rail of two racks (36 trays), its 36 uplinks split evenly over the spines. One
    rack is one NVLink domain with no compute fabric here (the RA prices in the two-rack unit's
    12 switches): test_one_nvl72_rack_is_one_nvlink_domain_without_a_compute_fabric."""
    design = generate(_gb300(racks * 72, "nvidia-sn5600"), catalog)
    assert sorted(f.name for f in design.fabrics if f.role == "compute") == ["compute-p1", "compute-p2"]
    leaves, spines, cores = (sum(_tiers(design, p)[i] for p in ("compute-p1", "compute-p2")) for i in range(3))
    assert leaves + spines + cores == switches
    if racks in (2, 4, 8):
        assert (leaves, spines) == {2: (8, 4), 4: (16, 8), 8: (32, 12)}[racks]


def test_gb300_576_xdr(catalog):
    """576 GPUs at 800G on Q3400: 8 leaves and 4 spines, 576 node-leaf and 576 leaf-spine cables -
    the counts NVIDIA's DGX SuperPOD B300 XDR RA (RA-11339-001, Table 3, 1 SU) gives for the same
    576 x 800G GPU ports."""
    design = generate(_gb300(576, "nvidia-q3400"), catalog)
    assert _tiers(design) == (8, 4, 0)
    assert _findings(design, catalog) == []
    leaf_spine = sum(1 for link in design.links if link.fabric == "compute"
                     and "leaf" in link.a.device and "spine" in link.b.device)
    assert leaf_spine == 576


def test_cli_gb200(tmp_path):
    out = tmp_path / "gb200.json"
    result = run_cli("new", "--server", GB200, "--gpus", "576", "--switch", "nvidia-qm9700", "--server-max-kw", "132",
                     "--server-liquid-share", "0.85", "--server-weight-kg", "1200", "--rack-type", RACK,
                     "--rack-power-kw", "140", "--cooling", "liquid", "-o", out)
    assert result.code == 0, result.err
    assert "8 GPU servers (576 GPUs, in 144 compute trays)" in result.out
    assert run_cli("check", out).code == 0


# ---------------------------------------------------------------- the rack's management network and its place


def _racks(design) -> dict[str, list]:
    by_rack: dict[str, list] = {}
    for d in design.devices:
        by_rack.setdefault(d.rack, []).append(d)
    return by_rack


@pytest.mark.parametrize("make", [lambda: _gb200(576, "nvidia-qm9700"), lambda: _gb300(576, "nvidia-sn5600")])
def test_each_nvl72_rack_has_its_two_oob_switches(catalog, make):
    """Mission Control North-South Network Deployment Guide 2.0.0, Network Planning and Design:
    "IPMI Covers GB200 (2x per GB200 rack) SN2201s" (the NVL72 AI Factory RA: "2 SN2201 OOB
    switches" in a GB300 rack). The rack's 53 management ports (18 tray BMCs, 9 NVLink switch
    trays x ComE1/ComE2/BMC, 8 power shelves) and its PDUs fill two 48-port SN2201."""
    design = generate(make(), catalog)
    systems = [d for d in design.devices if d.device_type in (GB200, GB300)]
    by_rack = _racks(design)
    for system in systems:
        in_rack = {d.name for d in by_rack[system.rack] if d.device_type == "nvidia-sn2201"}
        assert len(in_rack) == 2, system.rack
        ports = [link for link in design.links if link.fabric == "oob" and system.name in (link.a.device, link.b.device)]
        assert len(ports) == 53
        # as the guide cables them: the NVLink switch trays' ComE1/ComE2 on one SN2201 ("RU 45"),
        # the BMCs on the other ("RU 44"); the two serve their own rack only
        switch_of = {(l.a.device, l.a.port): l.b.device for l in ports}
        come = {switch_of[(system.name, f"come{i}")] for i in range(1, 19)}
        bmcs = {switch_of[(system.name, p)] for p in [f"bmc{i}" for i in range(1, 19)] + [f"nvbmc{i}" for i in range(1, 10)]}
        assert len(come) == len(bmcs) == 1 and come != bmcs and come | bmcs == in_rack
        racks_of = {d.name: d.rack for d in design.devices}
        for link in design.links:
            if link.fabric == "oob" and link.b.device in in_rack and not link.b.port.startswith("up"):
                assert racks_of[link.a.device] == system.rack, link
    assert _findings(design, catalog) == []


@pytest.mark.parametrize("racks, total", [(8, 11), (16, 24)])
def test_leaves_stand_by_scalable_unit_not_beside_every_rack(catalog, racks, total):
    """Leaves of whole racks (4 QM9700 per GB200 rack) are placed by NVIDIA's 8-rack unit: one
    unit's 32 leaves fill two network racks, not a network rack beside each of its 8 racks
    (17 racks for one unit before)."""
    design = generate(_gb200(72 * racks, "nvidia-qm9700"), catalog)
    assert len(design.racks) == total
    by_rack = _racks(design)
    leaf_racks = {name for name, devices in by_rack.items()
                  if any(d.fabric == "compute" and d.tier == "leaf" for d in devices)}
    assert len(leaf_racks) <= 2 * (racks // 8) + 1


# ---------------------------------------------------------------- facility


def test_nvl72_in_an_air_only_room_names_the_liquid_kw(catalog):
    design = generate(_gb300(576, "nvidia-q3400", cooling="air"), catalog)
    liquid = [f for f in _findings(design, catalog) if f["code"] == "RACK_COOLING_OVER_CAPACITY"]
    assert len(liquid) == 8  # one per NVL72 rack
    assert all("120.7 kW of heat to liquid" in f["message"] for f in liquid)  # 142 kW x 0.85


def test_nvl72_weight_is_checked_against_the_floor(catalog):
    design = generate(_gb300(576, "nvidia-q3400", floor_load_kg_m2=800), catalog)
    floor = [f for f in _findings(design, catalog) if f["code"] == "FLOOR_LOAD_OVER_LIMIT"]
    assert len(floor) >= 8
    racks = {d.rack for d in design.devices if d.device_type == GB300}
    assert racks <= {o for f in floor for o in f["objects"]}


def test_nvl72_heavier_than_its_rack_is_refused(catalog):
    with pytest.raises(GenerationError, match="weighs 1400 kg"):
        generate(_gb300(576, "nvidia-q3400", server_weight_kg=1400), catalog)


def test_one_nvl72_rack_is_one_nvlink_domain_without_a_compute_fabric(catalog):
    """72 GPUs in one rack: NVLink is the whole GPU fabric, as for a single 8-GPU server; but its 18
    trays are 18 hosts, so the rack keeps its in-band network and control plane (one leaf pair)."""
    design = generate(_gb200(72, "nvidia-qm9700"), catalog)
    assert not [f for f in design.fabrics if f.role == "compute"]
    assert _tiers(design) == (0, 0, 0)
    assert _findings(design, catalog) == []
    assert _tiers(design, "inband") == (2, 0, 0)
    assert len([l for l in design.links if l.fabric == "inband" and l.a.port.startswith("bfi")]) == 36
    assert len([d for d in design.devices if d.name.startswith("mgmt")]) == 4


# ---------------------------------------------------------------- rack-scale fabric rules at their edges


def test_rack_units_take_the_most_whole_racks_a_leaf_holds(catalog):
    from designer.fabric.build_fabrics import rack_units

    gb200, gb300 = catalog.device_types[GB200], catalog.device_types[GB300]
    assert rack_units(gb200, 32) == (18, 8)  # QM9700 at 1:1: one rack, 8 units a scalable unit
    assert rack_units(gb200, 64) == (36, 4)  # SN5600 as 128 x 400G: two racks
    assert rack_units(gb200, 42) == (36, 4)  # QM9700 at 2:1
    assert rack_units(gb200, 17) == (None, None)  # a rack's trays do not fit a leaf: filled leaves
    assert rack_units(gb300, 72) == (72, None)  # Q3400 at 1:1: four racks; no scalable unit stated
    assert rack_units(catalog.device_types["nvidia-dgx-h100"], 32) == (None, None)


def test_past_sixteen_units_the_cores_cannot_join_the_rail_groups(catalog):
    """129 racks on QM9700: 68 rail groups, more than a 64-port core joins: the three generic tiers
    of filled leaves (as before rail groups existed), built and check-clean."""
    design = generate(_gb200(129 * 72, "nvidia-qm9700"), catalog)
    assert _tiers(design) == (292, 320, 256)
    assert _findings(design, catalog) == []


@pytest.mark.parametrize(("racks", "ratio", "tiers"), [(16, 2.0, (32, 9, 0)), (9, 2.0, (20, 6, 0)),
                                                       (16, 3.0, (32, 6, 0))])
def test_rail_groups_only_at_the_ras_one_to_one(catalog, racks, ratio, tiers):
    """Oversubscribed, the leaves take two racks and the fabric stays two tiers, its spines
    splitting the uplinks evenly (rail groups at 2:1 gave 6 spines to every 4 leaves)."""
    assert _tiers(generate(_gb200(racks * 72, "nvidia-qm9700", oversubscription=ratio), catalog)) == tiers


def test_a_begun_unit_is_built_whole_and_said(catalog):
    from designer.fabric.generate import generate_with_notes

    design, notes = generate_with_notes(_gb200(9 * 72, "nvidia-qm9700"), catalog)
    assert _tiers(design) == (36, 48, 18)
    assert any("9 racks begin scalable unit 2 of 8 racks" in n and "--tiers 2" in n for n in notes)
    assert any("UFM" in n and "oversubscribe" in n for n in notes)  # no free leaf port within 1:1
    two, _notes = generate_with_notes(_gb200(9 * 72, "nvidia-qm9700", tiers="2"), catalog)
    assert _tiers(two) == (36, 18, 0)


@pytest.mark.parametrize(("racks", "tiers"), [(4, (4, 2, 0)), (32, (32, 18, 0))])
def test_gb300_on_quantum_x800_splits_uplinks_as_the_b300_xdr_ra(catalog, racks, tiers):
    """On InfiniBand the spines split a four-rack leaf's 72 uplinks evenly, no share per rack:
    32 leaves of 72 up take 18 spines, as RA-11339-001 Table 3 (4 SU) for DGX B300 leaves of the
    same shape."""
    assert _tiers(generate(_gb300(racks * 72, "nvidia-q3400"), catalog)) == tiers


def test_split_lanes_crossed_between_switches_take_optics(catalog):
    """GB300 on SN5600 in three tiers: leaves and spines in one network rack, their 800G cages
    split 2 x 400G with each cage's lanes to two different switches. No copper part serves such
    a link (a splitter's leg needs a whole cage at its far end), so it takes twin-port modules and
    fibre; it had a 2.5 m DAC the checks refused (CABLE_REACH_EXCEEDED)."""
    design = generate(_gb300(576, "nvidia-sn5600", tiers="3"), catalog)
    assert _findings(design, catalog) == []
    up = [l for l in design.links if l.fabric.startswith("compute") and "leaf" in l.a.device and "spine" in l.b.device]

    def cage(end):  # swp34s1 -> (device, swp34)
        return end.device, end.port.rsplit("s", 1)[0]

    fans: dict = {}
    for l in up:
        fans.setdefault(cage(l.a), set()).add(cage(l.b))
        fans.setdefault(cage(l.b), set()).add(cage(l.a))
    crossed = [l for l in up if len(fans[cage(l.a)]) > 1 and len(fans[cage(l.b)]) > 1]
    straight = [l for l in up if l not in crossed]
    assert crossed and {l.media for l in crossed} <= {"MMF", "SMF"}
    assert straight and {l.media for l in straight} & {"DAC", "ACC"}  # a cage to one cage keeps its copper


def test_the_rack_budget_holds_both_in_rack_oob_switches(catalog):
    """The budget the refusal names is one that builds check-clean: the reserve counts the
    rack's two SN2201 (it counted one, so 142.1 kW drew 142.2)."""
    with pytest.raises(GenerationError) as caught:
        generate(_gb300(144, "nvidia-sn5600", rack_power_kw=142), catalog)
    need = caught.value.figures["need_kw"]
    design = generate(_gb300(144, "nvidia-sn5600", rack_power_kw=need), catalog)
    assert _findings(design, catalog) == []


def test_one_nvl72_rack_joins_its_two_oob_switches_without_a_rack_more(catalog):
    # without a control plane or in-band network the rack is all there is (with them, a second
    # rack holds the management nodes and the in-band pair)
    design = generate(_gb200(72, "nvidia-qm9700", management_nodes=0, inband_ports_per_server=0), catalog)
    assert len(design.racks) == 1
    oob = [d.name for d in design.devices if d.fabric == "oob"]
    assert len(oob) == 2
    joined = [l for l in design.links if {l.a.device, l.b.device} == set(oob)]
    assert len(joined) == 1


def test_a_last_unit_of_a_rack_stands_with_the_unit_before(catalog):
    """9 GB200 racks: the ninth rack's 4 leaves go with the first unit's, not into a network
    rack of their own beside it."""
    design = generate(_gb200(72 * 9, "nvidia-qm9700"), catalog)
    by_rack = _racks(design)
    leaf_racks = [name for name, devices in by_rack.items()
                  if any(d.fabric == "compute" and d.tier == "leaf" for d in devices)]
    assert all(sum(1 for d in by_rack[r] if d.tier == "leaf" and d.fabric == "compute") > 4 for r in leaf_racks)
    assert _findings(design, catalog) == []


def test_capacity_refusals_count_systems_as_nodes_counts_them(catalog):
    """--nodes counts NVL72 racks, the fabric plans compute trays: the refusals say racks (it
    said "36 nodes ... at most --nodes 16" for 2 GB200 racks on one QM9700)."""
    with pytest.raises(GenerationError) as one:
        generate(_gb300(216, "nvidia-q3400", tiers="1"), catalog)
    assert one.value.figures["nodes"] == 3 and one.value.figures["most"] == 2
    assert one.value.message.startswith("3 nodes (216 GPUs) do not fit --tiers 1") and "--nodes 2" in one.value.hint
    with pytest.raises(GenerationError) as none:
        generate(_gb200(144, "nvidia-qm9700", tiers="1"), catalog)
    assert "at most 0 nvidia-dgx-gb200-nvl72 (0 GPUs): 16 compute trays" in none.value.message
    assert "--nodes" not in none.value.hint
    with pytest.raises(GenerationError) as two:
        generate(_gb200(72 * 130, "nvidia-qm9700", tiers="2"), catalog)
    assert two.value.figures["nodes"] == 130 and two.value.figures["most"] < 130


def test_the_two_tier_limit_is_the_planners_own(catalog):
    """GB300 NVL72 on SN5600 (128 x 400G, two planes): the refusal's limit is what builds, as the
    planner finds it (a formula of whole ports said "at most 28" racks, and 113 built)."""
    with pytest.raises(GenerationError) as caught:
        generate(_gb300(72 * 114, "nvidia-sn5600", tiers="2"), catalog)
    assert caught.value.figures["most"] == 113
    design = generate(_gb300(72 * 113, "nvidia-sn5600", tiers="2"), catalog)
    assert sum(1 for d in design.devices if d.device_type == GB300) == 113


def test_gb200_in_band_at_an_oversubscription_builds(catalog):
    """Review 14: --inband-oversubscription 4:1 on 16 GB200 racks stopped with "internal: port pool
    swp64 exhausted": 4-lane leaves using 50 of their 51 down ports were planned 14 uplinks of 13."""
    design = generate(_gb200(1152, "nvidia-qm9700", inband_oversubscription=4.0), catalog)
    assert _findings(design, catalog) == []
    leaves = [d.name for d in design.devices if d.fabric == "inband" and d.tier == "leaf"]
    ups = Counter(l.a.device for l in design.links if l.fabric == "inband" and l.a.device in leaves
                  and l.b.device not in leaves and not l.b.device.startswith("node"))
    assert len(leaves) == 4 and set(ups.values()) == {14}  # 2 spines x 7: 50 down ports at 4:1 need 13


def test_gb200_systems_of_small_groups_share_one_leaf_pair(catalog):
    """Review 14: with a row of racks a group (--racks-per-row 3), each NVL72 got an in-band leaf
    pair of its own (16 SN5600 for 288 ports); the systems of whole groups share a unit's pair."""
    design = generate(_gb200(576, "nvidia-qm9700", rail_optimized=False, racks_per_row=3), catalog)
    assert _findings(design, catalog) == []
    trays = {l.b.device for l in design.links if l.fabric == "inband" and l.a.port.startswith("bfi")}
    assert len(trays) == 2
    assert _tiers(design, "inband") == (2, 0, 0)  # the management nodes on the same pair: all fit it


def test_balanced_pairs_never_overfill_a_leaf():
    """64 endpoints of 36 ports (18 lanes a leaf) over 232-lane leaves: 5 pairs of 13 endpoints
    would put 234 lanes on a leaf ("internal: leaf inb-leaf01 needs 59 down ports")."""
    from designer.fabric.build_side import _balanced_pairs

    leaves = _balanced_pairs([36] * 64, 232)
    assert max(len(leaf.ports) for leaf in leaves) <= 232
    assert sorted(e for leaf in leaves for e, _p in leaf.ports) == sorted(e for e in range(64) for _ in range(36))
    assert len(leaves) == 12  # 6 pairs of 11 (and 9) endpoints


def test_management_node_notes_say_what_the_design_does(catalog):
    """Review 14: a DGX B300 design (1G in-band) said its management nodes reach storage through
    the in-band network, and a GB200 design without an in-band fabric named one at 200G."""
    from designer.fabric.generate import generate_with_notes

    _design, notes = generate_with_notes(GenerateSpec(server="nvidia-dgx-b300", nodes=32, switch="nvidia-sn5600",
                                                      storage_fabric="reserved", reserved_storage_ports=32), catalog)
    said = [n for n in notes if "management nodes" in n]
    assert len(said) == 1 and "100G in-band ports are not on the 1G in-band fabric" in said[0]
    _design, notes = generate_with_notes(_gb200(576, "nvidia-qm9700", inband_ports_per_server=0,
                                                storage_fabric="reserved", reserved_storage_ports=32), catalog)
    said = [n for n in notes if "management nodes" in n]
    assert len(said) == 1 and "no in-band fabric is built" in said[0] and "200G" not in said[0]
    # review 15: without an Ethernet storage fabric the B300's 1G in-band left them off with no word
    _design, notes = generate_with_notes(GenerateSpec(server="nvidia-dgx-b300", nodes=32, switch="nvidia-q3400",
                                                      rack_power_kw=80), catalog)
    said = [n for n in notes if "management nodes" in n]
    assert len(said) == 1 and "runs at 1G" in said[0] and "in-band ports at 100G" in said[0]


def test_gb200_management_nodes_are_the_nvl72_ras_on_the_200g_in_band(catalog):
    """The GB200 RA runs the management nodes' in-band at 200 Gbps (RA-11338-001 3.5.4) and gives the
    control plane a leaf pair of its own (4.3, "One additional pair of SN5600 switches ... control plane
    nodes"); the NVL72 AI Factory RA's control node has "4x ConnectX-7 200G single-port" (Table 2)."""
    assert catalog.device_types[GB200].reference_management_server == "generic-management-server-nvl72"
    design = generate(_gb200(1152, "nvidia-qm9700"), catalog)  # 2 units
    assert _findings(design, catalog) == []
    mgmt = [d.name for d in design.devices if d.device_type == "generic-management-server-nvl72"]
    assert len(mgmt) == 4
    links = [l for l in design.links if l.fabric == "inband" and l.a.device in mgmt]
    assert len(links) == 8
    leaves = {l.b.device for l in links}
    trays = {l.b.device for l in design.links if l.fabric == "inband" and l.a.port.startswith("bfi")}
    assert len(leaves) == 2 and not leaves & trays  # the control plane's own pair
    assert len(trays) == 4 and _tiers(design, "inband") == (6, 2, 0)
    # one unit whose trays and control plane fit one leaf pair: that pair alone, as the storage fabric's
    design = generate(_gb200(576, "nvidia-qm9700"), catalog)
    assert _tiers(design, "inband") == (2, 0, 0)
    assert len([l for l in design.links if l.fabric == "inband" and l.a.device.startswith("mgmt")]) == 8
    # the user's choice still wins
    design = generate(_gb200(576, "nvidia-qm9700", management_server="generic-management-server-x86"), catalog)
    assert {d.device_type for d in design.devices if d.name.startswith("mgmt")} == {"generic-management-server-x86"}


def test_gb200_128_racks_keep_unit_pairs_past_the_in_band_cores(catalog):
    """Review 15: 128 GB200 racks' 16 unit pairs and the control plane's pair overflow the 2 in-band
    cores; the leaf-spine built instead filled leaves by ports, 40 m fibres past the 30 m splitter
    (CABLE_NO_PART). Its leaves keep one unit each, the management nodes a pair of their own."""
    design = generate(_gb200(9216, "nvidia-sn5600"), catalog)
    assert _findings(design, catalog) == []
    leaves_of: dict[str, set[str]] = defaultdict(set)
    for link in design.links:
        if link.fabric == "inband" and (link.a.port.startswith("bfi") or link.a.device.startswith("mgmt")):
            leaves_of[link.b.device].add("mgmt" if link.a.device.startswith("mgmt") else link.a.device)
            assert link.length_m <= 30.0, link
    assert _tiers(design, "inband")[0] == 34
    mgmt_leaves = [leaf for leaf, on in leaves_of.items() if "mgmt" in on]
    assert len(mgmt_leaves) == 2 and all(leaves_of[leaf] == {"mgmt"} for leaf in mgmt_leaves)


def test_a_reference_management_server_that_is_no_server_is_refused_by_name(catalog):
    """Review 15: the refusal named neither the entry nor the field, and the window has no field
    to choose another management node."""
    gb200 = catalog.device_types[GB200]
    catalog.device_types["my-gb200"] = gb200.model_copy(update={"slug": "my-gb200",
                                                                "reference_management_server": "nvidia-sn5600"})
    try:
        with pytest.raises(GenerationError) as refused:
            generate(_gb200(576, "nvidia-qm9700", server="my-gb200"), catalog)
        assert "my-gb200's catalog entry names reference_management_server 'nvidia-sn5600'" in str(refused.value)
        assert "--management-server" in refused.value.hint
        # the user's --management-server still builds it
        design = generate(_gb200(576, "nvidia-qm9700", server="my-gb200",
                                 management_server="generic-management-server-x86"), catalog)
        assert _findings(design, catalog) == []
    finally:
        del catalog.device_types["my-gb200"]


def test_the_management_weight_refusal_reads_the_resolved_type(catalog):
    """Review 15: a server entry naming itself as its management node let --management-server-weight-kg
    be dropped without a word (the check compared the user's --management-server only)."""
    gb200 = catalog.device_types[GB200]
    catalog.device_types["self-gb200"] = gb200.model_copy(update={"slug": "self-gb200",
                                                                  "reference_management_server": "self-gb200"})
    try:
        with pytest.raises(GenerationError, match="the management server is self-gb200, the GPU server"):
            generate(_gb200(576, "nvidia-qm9700", server="self-gb200", management_server_weight_kg=5), catalog)
    finally:
        del catalog.device_types["self-gb200"]


def test_gb200_storage_leaves_at_the_ras_five_to_three(catalog):
    """RA-11338-001 4.4.1: "On the DGX node side, each scalable unit carries a slightly blocking fabric
    with a blocking factor of 5:3" (the DGX H100 RA's 4:3 stays the others' default); an explicit 1:1 is
    built 1:1 (it stood for "the RA's" and was built 4:3)."""
    assert catalog.device_types[GB200].reference_storage_oversubscription == pytest.approx(5 / 3)
    assert catalog.device_types["nvidia-dgx-h100"].reference_storage_oversubscription is None
    for ratio, expected in ((None, 5 / 3), (1.0, 1.0)):
        design = generate(_gb200(1152, "nvidia-qm9700", storage="weka-wekapod-nitro-8", storage_nodes=2,
                                 storage_oversubscription=ratio), catalog)
        assert _findings(design, catalog) == []
        storage = next(f for f in design.fabrics if f.name == "storage")
        assert storage.target_oversubscription == pytest.approx(expected)
    h100 = generate(GenerateSpec(server="nvidia-dgx-h100", nodes=64, switch="nvidia-qm9700",
                                 storage="weka-wekapod-nitro-8", storage_nodes=2), catalog)
    assert next(f for f in h100.fabrics if f.name == "storage").target_oversubscription == pytest.approx(4 / 3)
