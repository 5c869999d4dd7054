"""Every finding code: a design that triggers it, and one just inside the limit that does not."""

from __future__ import annotations

import json

import pytest


from conftest import run_cli
from designer.checks import CODES, Change, Checker, checklist, run_checks
from designer.model import Design, Device, Fabric, Feed, Link, LinkEnd, Rack, Room, Site
from designer.model.io import save_design


def make_design(catalog, *, dgx: int = 4, budget_kw: float = 41.0, feeds=(41.0, 41.0), cooling_kw: float | None = None,
                floor_kg_m2: float | None = None, room_kw: float | None = None, rack_type: str = "rack-42u-600") -> Design:
    """One room, one rack of DGX H100 (10.2 kW, 130.45 kg, 8 U each) from the bundled catalog."""
    design = Design(
        name="check test",
        site=Site(rooms=[Room(name="Hall", width_mm=10000, depth_mm=8000, floor_load_kg_m2=floor_kg_m2,
                              power_capacity_kw=room_kw, cooling_air_kw=room_kw)]),
        racks=[Rack(name="A01", rack_type=rack_type, room="Hall", x_mm=1000, y_mm=1000, power_budget_kw=budget_kw,
                    feeds=[Feed(name=n, capacity_kw=c) for n, c in zip("ABC", feeds)],
                    cooling_air_kw=cooling_kw if cooling_kw is not None else budget_kw)],
        devices=[Device(name=f"dgx{i + 1}", device_type="nvidia-dgx-h100", rack="A01", position_u=1 + 8 * i)
                 for i in range(dgx)],
        rack_types=[catalog.rack_types[rack_type]],
        device_types=[catalog.device_types["nvidia-dgx-h100"]],
    )
    return design


def codes(design, catalog) -> dict[str, list]:
    found: dict[str, list] = {}
    for f in run_checks(design, catalog.cabling):
        found.setdefault(f.code, []).append(f)
    return found


def add_type(design, catalog, slug):
    if slug not in {t.slug for t in design.device_types}:
        design.device_types.append(catalog.device_types[slug])


# ---------------------------------------------------------------- power


def test_four_dgx_h100_on_40_kw_is_over_budget(catalog):
    found = codes(make_design(catalog, budget_kw=40.0, feeds=(41, 41)), catalog)
    (finding,) = found["RACK_POWER_OVER_BUDGET"]
    assert finding.severity == "error"
    assert finding.message == "Rack A01 draws 40.8 kW at maximum, 0.8 kW over its 40.0 kW budget"
    assert "move 1 x nvidia-dgx-h100 (10.2 kW each)" in finding.hint


def test_four_dgx_h100_on_41_kw_is_fine(catalog):
    assert "RACK_POWER_OVER_BUDGET" not in codes(make_design(catalog, budget_kw=41.0), catalog)


def test_feed_redundancy(catalog):
    found = codes(make_design(catalog, feeds=(41, 30)), catalog)
    (finding,) = found["FEED_REDUNDANCY_LOST"]
    assert finding.message == ("Rack A01 draws 40.8 kW; if feed A fails the remaining 30.0 kW cannot carry it "
                               "(10.8 kW short)")
    assert "FEED_REDUNDANCY_LOST" not in codes(make_design(catalog, feeds=(41, 40.8)), catalog)


def test_single_feed_is_a_warning(catalog):
    found = codes(make_design(catalog, feeds=(41,)), catalog)
    assert found["FEED_REDUNDANCY_LOST"][0].severity == "warning"


def test_feed_over_capacity(catalog):
    found = codes(make_design(catalog, feeds=(20, 20)), catalog)
    assert found["FEED_OVER_CAPACITY"][0].message == (
        "Rack A01 draws 40.8 kW at maximum; its feeds deliver 40.0 kW together")
    assert "FEED_OVER_CAPACITY" not in codes(make_design(catalog, feeds=(20.4, 20.4)), catalog)


def test_pdu_capacity(catalog):
    design = make_design(catalog)
    add_type(design, catalog, "apc-ap8886")  # 22 kW each
    design.devices += [Device(name=f"pdu-{feed}{n}", device_type="apc-ap8886", rack="A01", feed=feed)
                       for feed in "AB" for n in (1, 2)]
    assert "PDU_OVER_CAPACITY" not in codes(design, catalog)  # 44 kW per feed
    design.devices = [d for d in design.devices if d.name != "pdu-B2"]
    (finding,) = codes(design, catalog)["PDU_OVER_CAPACITY"]
    assert "the PDUs on feed B carry 22.0 kW; the rack draws 40.8 kW" in finding.message


def test_pdu_capacity_with_three_feeds_is_judged_on_each_feeds_share(catalog):
    # PSUs spread over A, B and C: when one feed fails each other feed takes half the rack
    design = make_design(catalog, feeds=(41, 41, 41))
    add_type(design, catalog, "apc-ap8886")  # 22 kW each
    design.devices += [Device(name=f"pdu-{feed}", device_type="apc-ap8886", rack="A01", feed=feed) for feed in "ABC"]
    assert "PDU_OVER_CAPACITY" not in codes(design, catalog)  # 20.4 kW share on 22 kW
    design.devices.append(Device(name="dgx5", device_type="nvidia-dgx-h100", rack="A01", position_u=33))
    findings = codes(design, catalog)["PDU_OVER_CAPACITY"]
    assert len(findings) == 3
    assert "that feed takes 25.5 kW of the rack's 51.0 kW when another feed fails" in findings[0].message


def test_a_rack_that_draws_power_without_a_feed_is_a_warning(catalog):
    (finding,) = codes(make_design(catalog, feeds=()), catalog)["FEED_MISSING"]
    assert finding.severity == "warning"
    assert finding.message.startswith("Rack A01 draws 40.8 kW but has no power feed")
    assert "FEED_MISSING" not in codes(make_design(catalog, dgx=0, feeds=()), catalog)


def test_psu_redundancy(catalog):
    # DGX H100: six PSUs in 4+2; on two feeds three remain when one fails
    (finding,) = codes(make_design(catalog), catalog)["PSU_REDUNDANCY_LOST"]
    assert "4 nvidia-dgx-h100s keep 3 of 6 PSUs" in finding.message and "4 are needed" in finding.message
    design = make_design(catalog, feeds=(41, 41, 41))  # three feeds: four PSUs survive
    assert "PSU_REDUNDANCY_LOST" not in codes(design, catalog)


def test_room_power(catalog):
    found = codes(make_design(catalog, room_kw=40.0), catalog)
    assert found["ROOM_POWER_OVER_CAPACITY"][0].message.startswith(
        "Room Hall draws 40.8 kW at maximum in 1 rack, 0.8 kW over its 40.0 kW capacity")
    assert "ROOM_POWER_OVER_CAPACITY" not in codes(make_design(catalog, room_kw=40.8), catalog)


# ---------------------------------------------------------------- cooling and airflow


def test_rack_cooling(catalog):
    found = codes(make_design(catalog, cooling_kw=35.0), catalog)
    (finding,) = found["RACK_COOLING_OVER_CAPACITY"]
    assert finding.message == ("Rack A01 gives off 40.8 kW of heat to air (139,210 BTU/h), 5.8 kW over its "
                               "35.0 kW air cooling")
    assert "RACK_COOLING_OVER_CAPACITY" not in codes(make_design(catalog, cooling_kw=40.8), catalog)


def test_liquid_heat_needs_liquid_cooling(catalog):
    design = make_design(catalog, dgx=1)
    liquid = catalog.device_types["nvidia-dgx-h100"].model_copy(deep=True)
    liquid.cooling.liquid_share = 0.8
    design.device_types = [liquid]
    found = codes(design, catalog)
    assert any("8.2 kW of heat to liquid" in f.message for f in found["RACK_COOLING_OVER_CAPACITY"])
    design.racks[0].cooling_liquid_kw = 8.2
    assert "RACK_COOLING_OVER_CAPACITY" not in codes(design, catalog)


def test_room_cooling(catalog):
    design = make_design(catalog, room_kw=100)
    design.site.rooms[0].cooling_air_kw = 40.0
    assert "ROOM_COOLING_OVER_CAPACITY" in codes(design, catalog)
    design.site.rooms[0].cooling_air_kw = 40.8
    assert "ROOM_COOLING_OVER_CAPACITY" not in codes(design, catalog)


def test_airflow(catalog):
    design = make_design(catalog, dgx=1)
    add_type(design, catalog, "nvidia-qm9700")  # rear-to-front (P2C): mounted facing the rear
    design.devices.append(Device(name="leaf", device_type="nvidia-qm9700", rack="A01", position_u=40, face="rear"))
    assert "AIRFLOW_MISMATCH" not in codes(design, catalog)
    design.devices[-1].face = "front"
    (finding,) = codes(design, catalog)["AIRFLOW_MISMATCH"]
    assert "leaf (rear-to-front airflow) is mounted facing the front of rack A01" in finding.message


# ---------------------------------------------------------------- space and weight


def test_space_overlap_and_bounds(catalog):
    design = make_design(catalog, dgx=2)
    design.devices[1].position_u = 5  # dgx1 is U1-U8
    (finding,) = codes(design, catalog)["RACK_SPACE_OVERLAP"]
    assert finding.message == "dgx1 and dgx2 both occupy U5-U8 of rack A01"
    design.devices[1].position_u = 9
    assert "RACK_SPACE_OVERLAP" not in codes(design, catalog)
    design.devices[1].position_u = 36  # U36-U43 in a 42 U rack
    assert codes(design, catalog)["RACK_SPACE_OUT_OF_BOUNDS"][0].message.startswith("dgx2 occupies U36-U43")
    design.devices[1].position_u = 35
    assert "RACK_SPACE_OUT_OF_BOUNDS" not in codes(design, catalog)


def test_full_depth_device_blocks_the_other_face(catalog):
    design = make_design(catalog, dgx=1)
    add_type(design, catalog, "nvidia-sn2201")
    design.devices.append(Device(name="oob", device_type="nvidia-sn2201", rack="A01", position_u=8, face="rear"))
    assert "RACK_SPACE_OVERLAP" in codes(design, catalog)
    design.devices[-1].position_u = 9
    assert "RACK_SPACE_OVERLAP" not in codes(design, catalog)


def test_device_not_mounted(catalog):
    design = make_design(catalog, dgx=1)
    assert "DEVICE_NOT_MOUNTED" not in codes(design, catalog)
    design.devices[0].position_u = None
    assert codes(design, catalog)["DEVICE_NOT_MOUNTED"][0].severity == "warning"


def test_rack_weight(catalog):
    # rack-42u-600 carries 800 kg: six DGX H100 are 782.7 kg, seven are 913.15 kg
    design = make_design(catalog, dgx=7, budget_kw=100, feeds=(100, 100))
    (finding,) = codes(design, catalog)["RACK_WEIGHT_OVER_LIMIT"]
    assert finding.message == ("Rack A01 carries 913 kg of equipment, 113 kg over the 800 kg static load rating of "
                               "rack-42u-600")
    assert "RACK_WEIGHT_OVER_LIMIT" not in codes(make_design(catalog, dgx=6, budget_kw=100, feeds=(100, 100)), catalog)


def test_floor_load(catalog):
    # 4 x 130.45 + 116 kg rack = 637.8 kg on 0.6 m x (1.2 + 0.6 + 0.6) m = 1.44 m2 -> 442.9 kg/m2
    found = codes(make_design(catalog, floor_kg_m2=400), catalog)
    (finding,) = found["FLOOR_LOAD_OVER_LIMIT"]
    assert finding.message == "Rack A01 puts 638 kg on 1.44 m2 (443 kg/m2), above the 400 kg/m2 rating of Hall"
    assert "FLOOR_LOAD_OVER_LIMIT" not in codes(make_design(catalog, floor_kg_m2=443), catalog)


def test_rack_on_the_floor(catalog):
    design = make_design(catalog, dgx=1)
    design.racks.append(design.racks[0].model_copy(update={"name": "A02", "x_mm": 1300}))
    assert codes(design, catalog)["RACK_FLOOR_OVERLAP"][0].message == "Racks A01 and A02 overlap on the floor of Hall"
    design.racks[1].x_mm = 1600  # side by side, 600 mm wide
    assert "RACK_FLOOR_OVERLAP" not in codes(design, catalog)
    design.racks[1].x_mm = 9500
    assert "RACK_OUTSIDE_ROOM" in codes(design, catalog)
    design.racks[1].x_mm = 9400
    assert "RACK_OUTSIDE_ROOM" not in codes(design, catalog)


# ---------------------------------------------------------------- ports and cables


def cabled(catalog, **link) -> Design:
    design = make_design(catalog, dgx=1)
    add_type(design, catalog, "nvidia-qm9700")
    design.fabrics = [Fabric(name="compute", role="compute", protocol="infiniband", target_oversubscription=1.0)]
    design.devices.append(Device(name="leaf", device_type="nvidia-qm9700", rack="A01", position_u=40, face="rear",
                                 fabric="compute"))
    for port in range(1, 9):
        design.links.append(Link(a=LinkEnd(device="dgx1", port=f"osfp{port}"), b=LinkEnd(device="leaf", port=f"p{port}"),
                                 fabric="compute", media="DAC", length_m=2.0))
    return design


def test_unconnected_compute_ports(catalog):
    design = cabled(catalog)
    assert "PORT_UNCONNECTED" not in codes(design, catalog)
    design.links = design.links[:6]
    (finding,) = codes(design, catalog)["PORT_UNCONNECTED"]
    assert finding.severity == "error"
    assert finding.message == "dgx1: 2 compute ports without a cable (osfp7, osfp8)"


def test_double_connected_port(catalog):
    design = cabled(catalog)
    assert "PORT_DOUBLE_CONNECTED" not in codes(design, catalog)
    design.links[1].b = LinkEnd(device="leaf", port="p1")
    assert "p1" in codes(design, catalog)["PORT_DOUBLE_CONNECTED"][0].message


def test_link_endpoint_missing(catalog):
    design = cabled(catalog)
    assert "LINK_ENDPOINT_MISSING" not in codes(design, catalog)
    design.links[0].b = LinkEnd(device="leaf", port="p99")
    design.links[1].b = LinkEnd(device="ghost", port="p1")
    found = codes(design, catalog)["LINK_ENDPOINT_MISSING"]
    assert {f.message for f in found} == {"Link dgx1:osfp1 - leaf:p99: leaf:p99 does not exist",
                                          "Link dgx1:osfp2 - ghost:p1: ghost:p1 does not exist"}


def test_link_speed_mismatch(catalog):
    design = cabled(catalog)
    assert "LINK_SPEED_MISMATCH" not in codes(design, catalog)
    from designer.model.hardware import Breakout

    design.devices[-1].port_breakouts = {"p33": Breakout(count=2, speed_gbps=200)}
    design.links[0].b = LinkEnd(device="leaf", port="p33s1")
    (finding,) = codes(design, catalog)["LINK_SPEED_MISMATCH"]
    assert finding.message == "Link dgx1:osfp1 - leaf:p33s1 joins a 400G port to a 200G port; it runs at 200G"


def test_base_t_management_ports_negotiate_but_a_10g_port_on_1g_is_flagged(catalog):
    design = make_design(catalog, dgx=1)
    for slug in ("nvidia-sn2201", "apc-ap8886"):
        add_type(design, catalog, slug)
    design.fabrics = [Fabric(name="oob", role="oob", protocol="ethernet")]
    design.devices += [Device(name="oob", device_type="nvidia-sn2201", rack="A01", position_u=40, fabric="oob"),
                       Device(name="pdu-A", device_type="apc-ap8886", rack="A01", feed="A")]
    design.links = [Link(a=LinkEnd(device="pdu-A", port="net1"), b=LinkEnd(device="oob", port="swp1"),
                         fabric="oob", media="CAT6A", length_m=2.0)]
    assert "LINK_SPEED_MISMATCH" not in codes(design, catalog), "100M PDU port on a 1G switch port"
    design.links.append(Link(a=LinkEnd(device="dgx1", port="lan1"), b=LinkEnd(device="oob", port="swp2"),
                             fabric="oob", media="CAT6A", length_m=2.0))
    (finding,) = codes(design, catalog)["LINK_SPEED_MISMATCH"]
    assert "joins a 10G port to a 1G port" in finding.message


def test_cable_reach(catalog):
    design = cabled(catalog)
    design.links[0].length_m = 2.5  # 400G DAC reaches 2 m
    (finding,) = codes(design, catalog)["CABLE_REACH_EXCEEDED"]
    assert finding.message == "Link dgx1:osfp1 - leaf:p1 is a 2.5 m DAC cable; DAC reaches 2 m at 400G"
    design.links[0].length_m = 2.0
    assert "CABLE_REACH_EXCEEDED" not in codes(design, catalog)


def test_cable_too_short(catalog):
    design = cabled(catalog)
    design.devices[-1].position_u = 42  # 41 U above the DGX's middle: the run is longer than 2 m
    found = codes(design, catalog)
    assert "CABLE_TOO_SHORT" in found and "route between its ends is 2.3 m" in found["CABLE_TOO_SHORT"][0].message
    design.devices[-1].position_u = 30
    assert "CABLE_TOO_SHORT" not in codes(design, catalog)


def test_switch_ports_exhausted(catalog):
    design = cabled(catalog)
    assert "SWITCH_PORTS_EXHAUSTED" not in codes(design, catalog)
    # fill the leaf's other 56 ports with a second set of eight servers' worth of cables
    add_type(design, catalog, "nvidia-qm9700")
    design.devices.append(Device(name="spine", device_type="nvidia-qm9700", rack="A01", position_u=41, face="rear",
                                 fabric="compute"))
    for port in range(9, 65):
        design.links.append(Link(a=LinkEnd(device="leaf", port=f"p{port}"), b=LinkEnd(device="spine", port=f"p{port}"),
                                 fabric="compute", media="DAC", length_m=1.0))
    (finding,) = codes(design, catalog)["SWITCH_PORTS_EXHAUSTED"]
    assert finding.severity == "info" and "leaf" in finding.objects


def test_switch_ports_exhausted_counts_the_ports_every_fabric_uses(catalog):
    design = cabled(catalog)
    add_type(design, catalog, "nvidia-qm9700")
    design.fabrics.append(Fabric(name="storage", role="storage", protocol="infiniband"))
    design.devices.append(Device(name="spine", device_type="nvidia-qm9700", rack="A01", position_u=41, face="rear",
                                 fabric="compute"))
    # half the leaf's remaining ports in the compute fabric, the other half in storage
    for port in range(9, 65):
        design.links.append(Link(a=LinkEnd(device="leaf", port=f"p{port}"), b=LinkEnd(device="spine", port=f"p{port}"),
                                 fabric="compute" if port < 37 else "storage", media="DAC", length_m=1.0))
    found = codes(design, catalog)["SWITCH_PORTS_EXHAUSTED"]
    assert any("leaf" in f.objects and "compute" in f.objects for f in found)


def test_switch_ports_exhausted_counts_both_ends_of_a_loop_back_cable(catalog):
    """A cable from one of a switch's ports to another of its own uses two ports: the leaf's
    56 free ports taken by 28 loop-back cables leave it full."""
    design = cabled(catalog)
    for port in range(9, 65, 2):
        design.links.append(Link(a=LinkEnd(device="leaf", port=f"p{port}"), b=LinkEnd(device="leaf", port=f"p{port + 1}"),
                                 fabric="compute", media="DAC", length_m=1.0))
    (finding,) = codes(design, catalog)["SWITCH_PORTS_EXHAUSTED"]
    assert "leaf" in finding.objects


@pytest.mark.parametrize("switch", ["nvidia-qm9700", "nvidia-sn5600"])
def test_a_fabrics_port_count_is_a_part_of_the_switchs_whole(catalog, switch):
    """SWITCH_PORTS_EXHAUSTED takes a switch as full where the fabric analysis alone counts
    every port used; that holds because the analysis counts a part of what
    ``switching_ports_used`` counts (the same ports, one fabric's cables): held here on every
    switch of generated designs (the in-band cores carry two fabrics' cables), with three of
    a leaf's cables moved to another fabric."""
    from designer.catalog import load_catalog
    from designer.checks.fabric_rules import switching_ports_used
    from designer.fabric.generate import GenerateSpec, generate

    catalog = load_catalog(include_user=False)
    design = generate(GenerateSpec(server="nvidia-dgx-h100", nodes=64, switch=switch), catalog)
    leaf = next(l.b.device for l in design.links if l.fabric == "compute")
    for link in [l for l in design.links if leaf in (l.a.device, l.b.device)][:3]:
        link.fabric = "storage" if any(f.name == "storage" for f in design.fabrics) else "inband"
    checker = Checker(design, catalog.cabling)
    checked = 0
    for fabric in design.fabrics:
        for use in checker.ctx.fabric_analysis(fabric.name).port_use:
            assert use.ports_used <= switching_ports_used(checker.ctx.index, use.switch), (fabric.name, use.switch)
            checked += 1
    assert checked > 20


# ---------------------------------------------------------------- fabric


def test_oversubscription_and_single_points_of_failure():
    from designer.catalog import load_catalog
    from designer.fabric.generate import GenerateSpec, generate

    catalog = load_catalog(include_user=False)
    design = generate(GenerateSpec(server="nvidia-dgx-h100", nodes=16, switch="nvidia-qm9700"), catalog)
    found = codes(design, catalog)
    assert "OVERSUBSCRIPTION_ABOVE_TARGET" not in found
    assert not [f for f in found.get("SINGLE_POINT_OF_FAILURE", []) if f.severity != "info"]
    design.links = [l for l in design.links if "cmp-spine02" not in (l.a.device, l.b.device)]
    found = codes(design, catalog)
    (over,) = found["OVERSUBSCRIPTION_ABOVE_TARGET"]
    assert over.message == ("Fabric compute: leaf oversubscription reaches 2:1 (4 leaf switches), above the 1:1 target")
    spof = [f for f in found["SINGLE_POINT_OF_FAILURE"] if "compute" in f.message]
    assert spof and spof[0].severity == "warning" and "cmp-spine01" in spof[0].objects


def test_fabric_partitioned(catalog):
    from designer.fabric.generate import GenerateSpec, generate

    design = generate(GenerateSpec(server="nvidia-dgx-h100", nodes=16, switch="nvidia-qm9700"), catalog)
    design.links = [l for l in design.links if not (l.a.device == "cmp-leaf04" and "spine" in l.b.device)]
    found = codes(design, catalog)
    assert "FABRIC_PARTITIONED" in found
    assert any("without uplinks" in f.message for f in found["OVERSUBSCRIPTION_ABOVE_TARGET"])


def test_no_compute_fabric(catalog):
    assert "NO_COMPUTE_FABRIC" in codes(make_design(catalog, dgx=2), catalog)
    assert "NO_COMPUTE_FABRIC" not in codes(make_design(catalog, dgx=1), catalog), "one server needs no fabric"
    # servers without GPUs (management nodes) exchange no gradients: one DGX and two of them need none
    design = make_design(catalog, dgx=1)
    add_type(design, catalog, "generic-management-server-x86")
    design.devices += [Device(name=f"mgmt{i}", device_type="generic-management-server-x86", rack="A01",
                              position_u=20 + i) for i in (1, 2)]
    assert "NO_COMPUTE_FABRIC" not in codes(design, catalog)


def test_storage_throughput(catalog):
    design = make_design(catalog, dgx=4, budget_kw=100, feeds=(100, 100))
    add_type(design, catalog, "weka-wekapod-nitro-8")
    design.devices.append(Device(name="weka", device_type="weka-wekapod-nitro-8", rack="A01", position_u=33))
    weka = catalog.device_types["weka-wekapod-nitro-8"]
    ports_gbytes_s = sum(g.count * g.speed_gbps for g in weka.ports_with_role("storage")) / 8
    supply = min(weka.storage.read_gbytes_s, ports_gbytes_s)
    design.targets.storage_read_gbytes_s_per_gpu = supply / 32  # exactly enough for 32 GPUs
    assert "STORAGE_THROUGHPUT_LOW" not in codes(design, catalog)
    design.targets.storage_read_gbytes_s_per_gpu = supply / 32 * 1.5
    (finding,) = codes(design, catalog)["STORAGE_THROUGHPUT_LOW"]
    assert "32 GPUs at" in finding.message and f"deliver {supply:,.1f} GB/s" in finding.message


def test_unknown_figures_are_notes(catalog):
    found = codes(make_design(catalog, dgx=1), catalog)
    assert any("Typical power" in f.message and "nvidia-dgx-h100" in f.message for f in found["FIGURE_UNKNOWN"])
    assert all(f.severity == "info" for f in found["FIGURE_UNKNOWN"])


def test_every_code_is_documented_in_the_readme():
    from conftest import ROOT

    readme = (ROOT / "README.md").read_text()
    missing = [code for code in CODES if f"`{code}`" not in readme]
    assert missing == []


# ---------------------------------------------------------------- incremental and surfaces


def test_incremental_update_equals_a_full_run(catalog):
    from designer.fabric.generate import GenerateSpec, generate

    design = generate(GenerateSpec(server="nvidia-dgx-h100", nodes=16, switch="nvidia-qm9700", rack_power_kw=44),
                      catalog)
    checker = Checker(design, catalog.cabling)
    assert not [f for f in checker.findings() if f.code == "RACK_POWER_OVER_BUDGET"]
    # move a DGX from A02 into A01, on top of what is there
    node = next(d for d in design.devices if d.rack == "A02" and d.device_type == "nvidia-dgx-h100")
    node.rack, node.position_u = "A01", 34
    incremental = checker.update(Change(racks={"A01", "A02"}, devices={node.name}))
    assert [f.as_dict() for f in incremental] == [f.as_dict() for f in run_checks(design, catalog.cabling)]
    assert any(f.code == "RACK_POWER_OVER_BUDGET" and f.objects == ["A01"] for f in incremental)


def test_checklist_answers_the_five_questions(catalog):
    design = make_design(catalog, budget_kw=40.0, feeds=(41, 41), room_kw=100)
    findings = run_checks(design, catalog.cabling)
    answers = {row["key"]: row for row in checklist(design, findings)}
    assert list(answers) == ["network", "storage", "fault_tolerance", "power_cooling", "security", "cabling"]
    assert answers["power_cooling"]["answer"] == "no"
    assert "RACK_POWER_OVER_BUDGET" in answers["power_cooling"]["codes"]
    assert answers["storage"]["answer"] == "unknown"
    assert answers["security"]["answer"] == "unanswered"
    design.compliance.data_security_covered = True
    assert checklist(design, findings)[4]["answer"] == "yes"


def test_check_command_exit_codes_and_json(tmp_path, catalog):
    path = tmp_path / "over.json"
    save_design(make_design(catalog, dgx=1, budget_kw=10.0, feeds=(41, 41), cooling_kw=41), path)
    result = run_cli("check", path)
    assert result.code == 1
    assert "ERRORS (1)" in result.out and "[RACK_POWER_OVER_BUDGET]" in result.out
    data = json.loads(run_cli("check", path, "--json").out)
    report = json.loads(run_cli("report", path, "--json").out)
    assert data == report["findings"]
    assert {"severity", "code", "message", "objects", "hint"} <= set(data[0])
    fine = tmp_path / "fine.json"
    save_design(make_design(catalog, dgx=1, budget_kw=10.2), fine)
    assert run_cli("check", fine).code == 0


def test_every_generated_design_passes_check(tmp_path):
    for args in (
        ["--server", "nvidia-dgx-h100", "--nodes", "127", "--switch", "nvidia-qm9700"],
        ["--server", "nvidia-dgx-h100", "--nodes", "64", "--switch", "nvidia-qm9700", "--oversubscription", "2:1",
         "--no-rail-optimized"],
        ["--server", "nvidia-dgx-b300", "--nodes", "36", "--switch", "nvidia-q3400", "--cooling", "liquid",
         "--rack-power-kw", "60"],
        ["--server", "nvidia-dgx-h100", "--nodes", "300", "--switch", "nvidia-qm9700"],
        ["--server", "nvidia-dgx-b200", "--nodes", "8", "--switch", "nvidia-sn5600", "--storage",
         "weka-wekapod-nitro-8", "--storage-nodes", "2"],
    ):
        out = tmp_path / "g.json"
        assert run_cli("new", *args, "-o", out, "--force").code == 0
        result = run_cli("check", out)
        assert result.code == 0, (args, result.out[:2000])


def test_incremental_update_after_cabling_changes(catalog):
    from designer.fabric.generate import GenerateSpec, generate

    design = generate(GenerateSpec(server="nvidia-dgx-h100", nodes=16, switch="nvidia-qm9700", rack_power_kw=44),
                      catalog)
    checker = Checker(design, catalog.cabling)
    removed = [l for l in design.links if l.a.device == "node003" and l.fabric == "compute"][:2]
    design.links = [l for l in design.links if l not in removed]
    touched = {"node003"} | {l.b.device for l in removed}
    incremental = checker.update(Change(devices=touched, links=True, fabrics={"compute"}))
    assert [f.as_dict() for f in incremental] == [f.as_dict() for f in run_checks(design, catalog.cabling)]
    assert any(f.code == "PORT_UNCONNECTED" and f.objects == ["node003"] for f in incremental)
    design.links.extend(removed)
    incremental = checker.update(Change(devices=touched, links=True, fabrics={"compute"}))
    assert not any(f.code == "PORT_UNCONNECTED" for f in incremental)
    assert [f.as_dict() for f in incremental] == [f.as_dict() for f in run_checks(design, catalog.cabling)]
