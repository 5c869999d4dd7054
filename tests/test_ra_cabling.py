"""Cabling as NVIDIA's DGX SuperPOD RA cables it (issue 10, "reference-grade POD and BOM").

RA-11333-001 Appendix A Table 8 (127 x DGX H100, Quantum-2 QM9700) states "All networking
components are multi-mode fiber" and counts the transceivers each fabric takes; every figure
below is that table's, named at its assertion. The rule the generator follows
(``designer.fabric.cabling.needs_optics``): on an InfiniBand fabric, links between switches
and links of the UFM appliances take optics even in one rack; ``designer new
--in-rack-copper`` keeps the cheaper copper there, stored on the design's fabrics.
"""

from __future__ import annotations

import json

import pytest

from designer.catalog import load_catalog
from designer.cli import main
from designer.estimates.bom import build_bom
from designer.fabric.cabling import needs_optics, reroute
from designer.fabric.cages import OPTICAL, link_ends
from designer.fabric.generate import GenerateSpec, generate
from designer.model.index import DesignIndex
from designer.model.io import load_design

POD = ["new", "--server", "nvidia-dgx-h100", "--nodes", "127", "--switch", "nvidia-qm9700", "--rack-power-kw", "42",
       "--storage-fabric", "reserved", "--reserved-storage-ports", "96"]


def _spec(**extra) -> GenerateSpec:
    return GenerateSpec(server="nvidia-dgx-h100", nodes=127, switch="nvidia-qm9700", rack_power_kw=42,
                        storage_fabric="reserved", reserved_storage_ports=96, **extra)


@pytest.fixture(scope="module")
def catalog():
    return load_catalog(include_user=False)


@pytest.fixture(scope="module")
def pod(catalog):
    return generate(_spec(), catalog)


@pytest.fixture(scope="module")
def copper_pod(catalog):
    return generate(_spec(in_rack_copper=True), catalog)


def _switch_cages(design, fabric: str) -> set:
    index = DesignIndex.build(design)
    cages = set()
    for link in design.links:
        if link.fabric == fabric and link.media in OPTICAL:
            cages |= {end.key for end in link_ends(index, link) or () if end.side == "switch"}
    return cages


def _transceivers(design, catalog) -> dict[str, int]:
    by_opn: dict[str, int] = {}
    for line in build_bom(design, catalog).lines:
        if line.section == "transceivers":
            key = line.part_number or line.part
            by_opn[key] = by_opn.get(key, 0) + line.quantity
    return by_opn


def test_storage_switch_modules_are_the_ra_369(pod):
    """RA-11333-001 Appendix A Table 8, storage fabric: 369 switch OSFP transceivers
    (980-9I510-00NS00) = 127 DGX-facing cages + 240 leaf-spine cages + 2 UFM cages."""
    index = DesignIndex.build(pod)
    tiers = {d.name: d.tier for d in pod.devices}
    by_kind: dict[str, set] = {"dgx": set(), "leaf-spine": set(), "ufm": set(), "other": set()}
    for link in pod.links:
        if link.fabric != "storage" or link.media not in OPTICAL:
            continue
        kind = ("dgx" if link.a.device.startswith("node") else "ufm" if link.a.device.startswith("ufm")
                else "leaf-spine" if (tiers.get(link.a.device), tiers.get(link.b.device)) == ("leaf", "spine")
                else "other")
        by_kind[kind] |= {end.key for end in link_ends(index, link) if end.side == "switch"}
    assert {k: len(v) for k, v in by_kind.items()} == {"dgx": 127, "leaf-spine": 240, "ufm": 2, "other": 0}
    assert len(_switch_cages(pod, "storage")) == 127 + 240 + 2 == 369


def test_dgx_storage_ports_fill_127_twin_port_cages(pod):
    """RA-11333-001 Appendix A Table 8: the 254 DGX storage ports (2 per DGX H100) take 127
    switch cages, two ports to a twin-port OSFP cage: every storage leaf takes an even count
    of DGX ports. Table 7: 16 storage QM9700 all the same."""
    per_leaf: dict[str, int] = {}
    for link in pod.links:
        if link.fabric == "storage" and link.a.device.startswith("node"):
            per_leaf[link.b.device] = per_leaf.get(link.b.device, 0) + 1
    assert sum(per_leaf.values()) == 254
    assert all(n % 2 == 0 for n in per_leaf.values()), per_leaf
    index = DesignIndex.build(pod)
    cages = {end.key for l in pod.links if l.fabric == "storage" and l.a.device.startswith("node")
             for end in link_ends(index, l) if end.side == "switch"}
    assert len(cages) == 127
    # every DGX still on two different leaves (dual-homed)
    homes: dict[str, set[str]] = {}
    for link in pod.links:
        if link.fabric == "storage" and link.a.device.startswith("node"):
            homes.setdefault(link.a.device, set()).add(link.b.device)
    assert len(homes) == 127 and all(len(h) == 2 for h in homes.values())
    assert sum(1 for d in pod.devices if d.fabric == "storage" and d.device_type == "nvidia-qm9700") == 16


def test_compute_and_adapter_modules_hold(pod, catalog):
    """RA-11333-001 Appendix A Table 8: 1,536 compute switch OSFP transceivers
    (980-9I510-00NS00, every cage of the 48 QM9700), 508 DGX flat-top OSFP transceivers
    (980-9I51A-00NS00), 254 DGX storage transceivers (980-9I693-00NS00), 4 "UFM System
    Transceivers" (980-9I51S-00NS00) under each of the compute and storage cabling (8), and
    in all 1,536 + 369 switch modules."""
    assert len(_switch_cages(pod, "compute")) == 1536
    by_opn = _transceivers(pod, catalog)
    assert by_opn.get("980-9I51A-00NS00") == 508
    assert by_opn.get("980-9I693-00NS00") == 254
    assert by_opn.get("980-9I51S-00NS00") == 8
    assert by_opn.get("980-9I510-00NS00") == 1536 + 369


def test_leaf_spine_in_one_rack_takes_optics(pod):
    """RA-11333-001 Appendix A Table 8, "All networking components are multi-mode fiber": a
    storage leaf and spine in the same rack are joined by modules and fibre, not a DAC (the
    240 leaf-spine cages of the 369 include them)."""
    racks = {d.name: d.rack for d in pod.devices}
    tiers = {d.name: d.tier for d in pod.devices}
    in_rack = [l for l in pod.links if l.fabric == "storage" and tiers.get(l.a.device) == "leaf"
               and tiers.get(l.b.device) == "spine" and racks[l.a.device] == racks[l.b.device]]
    assert len(in_rack) == 16
    assert {l.media for l in in_rack} == {"MMF"}


def test_management_splitters_stay_cables_and_ufm_takes_splitter_fibre(pod):
    """RA-11333-001 Appendix A Table 8, storage: 4 "HDR 400 Gbps to 2x200 Gbps" cables for
    Slurm management (splitter cables, no transceivers) and 2 "NDR Cables, 200 Gbps" for UFM
    to leaf ports (980-9I557-00N030, 1:2 splitter fibre between modules)."""
    mgmt = [l for l in pod.links if l.fabric == "storage" and l.a.device.startswith("mgmt")]
    ufm = [l for l in pod.links if l.fabric == "storage" and l.a.device.startswith("ufm-storage")]
    assert len({l.cable_id for l in mgmt}) == 4 and {l.media for l in mgmt} == {"AOC"}
    assert len({l.cable_id for l in ufm}) == 2 and {l.media for l in ufm} == {"MMF"}
    index = DesignIndex.build(pod)
    assert not any(needs_optics(index, l) for l in mgmt)
    assert all(needs_optics(index, l) for l in ufm)


def test_ethernet_fabrics_keep_todays_cabling(pod):
    """The RA's in-band Ethernet (RA-11333-001 Appendix A Table 8: 6 ISL cables) states no
    fibre rule: the MLAG peer links in one rack keep the cheapest media (copper)."""
    index = DesignIndex.build(pod)
    isl = [l for l in pod.links if l.fabric == "inband" and l.a.device.startswith("inb-leaf")
           and l.b.device.startswith("inb-leaf")]
    assert len(isl) == 6
    assert not any(needs_optics(index, l) for l in isl)
    assert {l.media for l in isl} <= {"DAC", "ACC"}


def test_in_rack_copper_is_an_opt_in(copper_pod):
    """``--in-rack-copper``: the 8 in-rack leaf-spine twin-port DACs (16 links) and the UFM
    AOC splitters come back, 369 - 16 - 2 = 351 storage switch modules against RA-11333-001
    Appendix A Table 8's 369; the fabrics say so."""
    assert len(_switch_cages(copper_pod, "storage")) == 369 - 16 - 2
    dac = [l for l in copper_pod.links if l.fabric == "storage" and l.media == "DAC"]
    assert len(dac) == 16 and all(l.length_m <= 3 for l in dac)
    ufm = [l for l in copper_pod.links if l.fabric == "storage" and l.a.device.startswith("ufm-storage")]
    assert {l.media for l in ufm} == {"AOC"}
    assert {f.name: f.in_rack_copper for f in copper_pod.fabrics if f.protocol == "infiniband"} == {
        "compute": True, "storage": True}


def test_the_choice_is_written_and_read_back(tmp_path, capsys):
    """The CLI writes ``in_rack_copper: true`` on the fabrics with the option and nothing
    without it (the default: the RA's cabling, RA-11333-001 Appendix A Table 8); the loader
    takes both files."""
    default, copper = tmp_path / "pod.json", tmp_path / "copper.json"
    assert main([*POD, "-o", str(default)]) == 0
    assert main([*POD, "--in-rack-copper", "-o", str(copper)]) == 0
    capsys.readouterr()
    assert not any("in_rack_copper" in f for f in json.loads(default.read_text())["fabrics"])
    written = {f["name"]: f.get("in_rack_copper") for f in json.loads(copper.read_text())["fabrics"]}
    assert written["compute"] is True and written["storage"] is True
    assert {f.name: f.in_rack_copper for f in load_design(copper).fabrics}["storage"] is True
    assert {f.name: f.in_rack_copper for f in load_design(default).fabrics}["storage"] is None


def test_reroute_honours_the_fabric(pod, copper_pod, catalog):
    """``cabling.reroute`` (an edit moving devices) plans with the same rule: a leaf-spine link
    in one rack of the RA's fibre-only storage fabric (RA-11333-001 Appendix A Table 8) never
    keeps copper; with ``in_rack_copper`` it keeps its DAC."""
    racks = {d.name: d.rack for d in pod.devices}

    def in_rack(design):
        return [l for l in design.links if l.fabric == "storage" and l.a.device.startswith("sto-leaf")
                and l.b.device.startswith("sto-spine") and racks[l.a.device] == racks[l.b.device]]

    index = DesignIndex.build(pod)
    link = in_rack(pod)[0]
    as_dac = link.model_copy(update={"media": "DAC"})  # e.g. a file written before the rule
    assert [l.media for l in reroute(index, catalog.cabling, [link, as_dac])] == ["MMF", "MMF"]
    copper_index = DesignIndex.build(copper_pod)
    dac = in_rack(copper_pod)[0]
    assert dac.media == "DAC"
    assert reroute(copper_index, catalog.cabling, [dac])[0].media == "DAC"
