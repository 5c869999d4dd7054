"""25G media: the Huawei Atlas 800T A2's 25GE business-plane (in-band) ports on the in-band
leaves (NVIDIA SN4600C, QSFP28 ports split 4 x 25G).

Before: ``designer new --server huawei-atlas-800t-a2 --server-max-kw 5.5 --nodes 4 --switch
nvidia-sn5600`` failed with "16 cables are longer than any catalog media reaches (e.g.
node001:biz1 to inb-leaf01:swp1s1, 6 m)": the catalog had no 25G media, and the SN4600C was
modelled as 2 x 25G, a breakout NVIDIA's Cumulus Linux does not have (a 100G port splits four
ways at 25G, the next even port disabled on the SN4600C).

Where each figure comes from (resources/catalog/cabling.yaml cites the same pages):
- MMA2P00-AS (SFP28 SR, 25.78 Gb/s): NVIDIA "MMA2P00-AS 25GbE SFP28 MMF Transceiver Product
  Specifications - Data Rate Control", docs.nvidia.com/networking/display/mma2p00asspec/data+rate+control;
  OM3 70 m / OM4 100 m and duplex LC/UPC via transcription of networking-docs.nvidia.com/mma2p00asspec.
  The vendor part number is MMA2P00-AS; no 980-9I ordering number was found.
- MMA1B00-C100D (QSFP28 100GbE SR4, OPN 980-9I149-00CS00, 100 m OM4, MPO-12/UPC): transcription of
  networking-docs.nvidia.com/mma1b00c100dspec (already in the catalog).
- OM4 MPO-12/UPC to 4x LC breakout: commodity cord cut to length (no vendor part number); reach from
  IEEE 802.3by 25GBASE-SR (100 m OM4).
- SN4600C 4 x 25G with the next even port disabled: NVIDIA Cumulus Linux 5.6 User Guide, Switch Port
  Attributes (docs.nvidia.com/networking-ethernet-software/cumulus-linux-56/...).
"""

from __future__ import annotations

import pytest

from designer.catalog import load_catalog
from designer.checks.engine import run_checks
from designer.fabric.cages import EndCage, link_ends, splitter_lanes
from designer.fabric.parts import MediaSelector
from designer.fabric.cable_counts import cable_summary
from designer.fabric.generate import GenerateSpec, generate
from designer.model.hardware import split_lane
from designer.model.index import DesignIndex

MMA2P00_PAGE = "https://docs.nvidia.com/networking/display/mma2p00asspec/data+rate+control"
MMA2P00_TRANSCRIBED = "https://networking-docs.nvidia.com/mma2p00asspec"
MMA1B00_PAGE = "https://networking-docs.nvidia.com/mma1b00c100dspec"
CUMULUS_BREAKOUT = ("https://docs.nvidia.com/networking-ethernet-software/cumulus-linux-56/Layer-1-and-Switch-Ports/"
                    "Interface-Configuration-and-Management/Switch-Port-Attributes/")


@pytest.fixture(scope="module")
def catalog():
    return load_catalog(include_user=False)


def _design(catalog, nodes):
    return generate(GenerateSpec(server="huawei-atlas-800t-a2", switch="nvidia-sn5600", nodes=nodes,
                                 server_max_kw=5.5, server_weight_kg=60), catalog)


@pytest.fixture(scope="module", params=[4, 32])
def a2(request, catalog):
    """designer new --server huawei-atlas-800t-a2 --server-max-kw 5.5 --nodes 4|32 --switch nvidia-sn5600"""
    return _design(catalog, request.param)


def _inband_25g(design):
    return [l for l in design.links if l.fabric == "inband" and l.a.port.startswith("biz")]


def _cited(entry, url, field):
    return any(ref.url == url and field in ref.covers for ref in entry.source)


def test_the_25g_parts_name_the_nvidia_page_they_come_from(catalog):
    modules = {t.slug: t for t in catalog.cabling.transceivers}
    sr = modules["nvidia-mma2p00-as"]
    assert (sr.form_factor, sr.speed_gbps, sr.lanes, sr.media, sr.reach_m) == ("SFP28", 25, "1x25G", "MMF", 100)
    assert sr.orderable_part_number == "MMA2P00-AS"
    assert _cited(sr, MMA2P00_PAGE, "speed_gbps")
    assert _cited(sr, MMA2P00_TRANSCRIBED, "reach_m") and _cited(sr, MMA2P00_TRANSCRIBED, "part_number")
    sr4 = modules["nvidia-mma1b00-c100d"]
    assert sr4.orderable_part_number == "980-9I149-00CS00"
    assert _cited(sr4, MMA1B00_PAGE, "part_number")
    breakout = {p.slug: p for p in catalog.cabling.cables}["om4-mpo12-upc-4xlc-breakout"]
    assert (breakout.media, breakout.speeds_gbps, breakout.breakout_lanes) == ("MMF", [25], 4)
    assert breakout.cut_to_length and not breakout.stock_lengths_m and not breakout.part_numbers
    sn4600c = catalog.device_types["nvidia-sn4600c"]
    fabric = sn4600c.main_fabric_group()
    assert [(b.count, b.disables_next_port) for b in fabric.breakout if b.speed_gbps == 25] == [(4, True)]
    assert any(ref.url == CUMULUS_BREAKOUT and "port_groups.fabric.breakout" in ref.covers
               for ref in sn4600c.source)


def test_a_25g_lane_of_a_4_way_split_qsfp28_port_takes_sr_optics_and_a_breakout(catalog):
    """The model's answer for an SFP28 port to a QSFP28 port split 4 x 25G: no 25G DAC or AOC is
    catalogued (no NVIDIA page with their lengths or reach was readable), so optics: a 100G SR4
    module in the switch cage, an MPO-12 to 4x LC breakout, an SFP28 SR module at the server."""
    selector = MediaSelector(catalog.cabling)
    switch = EndCage(("leaf", "fabric", 0), "QSFP28", 4, 25.0, "switch", "finned", "ethernet")
    server = EndCage(("node", "business-plane", 0), None, 1, 25.0, "adapter", "flat", "ethernet")
    choice = selector.choose(6.3, 25, 4, False, (server, switch))
    assert (choice.media, choice.product.slug) == ("MMF", "om4-mpo12-upc-4xlc-breakout")
    assert [m.slug for m in (selector.module(server, "MMF", 6.3), selector.module(switch, "MMF", 6.3))] == [
        "nvidia-mma2p00-as", "nvidia-mma1b00-c100d"]
    # up to the optics' 100 m on OM4, and no further
    assert selector.choose(100, 25, 4, False, (server, switch)).product is not None
    far = selector.choose(101, 25, 4, False, (server, switch))
    assert far is None or far.product is None


def test_the_a2_design_builds_and_every_25g_link_has_its_parts(a2, catalog):
    links = _inband_25g(a2)
    nodes = sum(1 for d in a2.devices if d.device_type == "huawei-atlas-800t-a2")
    assert len(links) == 4 * nodes
    index = DesignIndex.build(a2)
    selector = MediaSelector(catalog.cabling)
    for link in links:
        assert link.media == "MMF" and link.length_m is not None
        ends = link_ends(index, link)
        parts = selector.parts(link, 25, ends, splitter_lanes(index, link, 4))
        assert parts.missing is None, (link, parts.missing)
        assert parts.cable.slug == "om4-mpo12-upc-4xlc-breakout"
        assert [m.orderable_part_number for m in parts.modules] == ["MMA2P00-AS", "980-9I149-00CS00"]
    findings = run_checks(a2, catalog.cabling)
    assert not [f for f in findings if f.code == "CABLE_REACH_EXCEEDED"]
    assert not [f for f in findings if f.code == "CABLE_NO_PART" and any(o.startswith("inb-") for o in f.objects)]
    _cables, modules = cable_summary(index, catalog.cabling)
    count = {row["type"]: row["count"] for row in modules}
    assert count["nvidia-mma2p00-as"] == 4 * nodes  # one per server business-plane port


def test_the_in_band_leaves_split_only_odd_ports_and_leave_the_next_one_free(a2):
    """NVIDIA Cumulus Linux: on the SN4600C a 4x breakout needs the next even-numbered port
    disabled, so 4 x 25G lanes sit on swp1, swp3, ... and swp2, swp4, ... carry nothing."""
    leaves = {d.name: d for d in a2.devices if d.name.startswith("inb-leaf")}
    assert leaves and all(d.device_type == "nvidia-sn4600c" for d in leaves.values())
    used: dict[str, set[int]] = {name: set() for name in leaves}
    for link in a2.links:
        for end in (link.a, link.b):
            physical = split_lane(end.port)[0]
            if end.device in used and physical.startswith("swp"):  # (eth1: the management port)
                used[end.device].add(int(physical.removeprefix("swp")))
    for name, leaf in leaves.items():
        split = {int(p.removeprefix("swp")) for p in leaf.port_breakouts}
        assert split and all(n % 2 == 1 for n in split), (name, sorted(split))
        assert all((b.count, b.speed_gbps, b.disables_next_port) == (4, 25, True)
                   for b in leaf.port_breakouts.values())
        assert not {n + 1 for n in split} & used[name], f"{name}: a disabled port is cabled"
