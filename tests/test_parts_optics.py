"""Optics that fit both ends: the transceiver at each end of a link is chosen by the cage
(form factor, ports, speed), the link layer of the link's fabric, the side (switch or
adapter) and the module top (finned or flat)."""

from __future__ import annotations

import pytest

from designer.catalog import load_catalog
from designer.fabric.cages import EndCage, link_ends
from designer.fabric.parts import MediaSelector
from designer.fabric.cable_counts import cable_summary
from designer.fabric.generate import GenerateSpec, generate
from designer.model.index import DesignIndex


@pytest.fixture(scope="module")
def cabling():
    return load_catalog(include_user=False).cabling


@pytest.fixture(scope="module")
def roce_design():
    """The issue's repro: designer new --server nvidia-dgx-h100 --nodes 64 --switch nvidia-sn5600."""
    return generate(GenerateSpec(server="nvidia-dgx-h100", nodes=64, switch="nvidia-sn5600"),
                    load_catalog(include_user=False))


@pytest.fixture(scope="module")
def superpod():
    """designer new --server nvidia-dgx-h100 --nodes 127 --switch nvidia-qm9700 --rail-optimized
    --rack-power-kw 42 (the 127-node DGX SuperPOD of RA-11333-001)."""
    spec = GenerateSpec(server="nvidia-dgx-h100", nodes=127, switch="nvidia-qm9700", rail_optimized=True,
                        rack_power_kw=42)
    return generate(spec, load_catalog(include_user=False))


def _optics(design, cabling) -> dict[str, dict]:
    _cables, transceivers = cable_summary(DesignIndex.build(design), cabling)
    return {row["type"]: row for row in transceivers}


def test_a_roce_design_on_sn5600_carries_no_infiniband_part(roce_design, cabling):
    """Before: 768 ConnectX-8 adapter-side XDR modules (MMS4A20, an InfiniBand XDR part) sat on
    the Ethernet leaf-spine links. NVIDIA's MMA4Z00-NS overview: the twin-port module "includes
    both InfiniBand and Ethernet protocols"; the MMA4Z00-NS400-T page: twin-port OSFP "switch-to-
    switch at 800Gb/s"."""
    modules = {t.slug: t for t in cabling.transceivers}
    optics = _optics(roce_design, cabling)
    assert "nvidia-mms4a20" not in optics
    for slug in optics:
        assert slug in modules, f"{slug}: every module is a catalog part"
        assert modules[slug].protocols in ([], ["ethernet"], ["infiniband", "ethernet"]), slug
    # the 800G leaf-spine ports take the finned twin-port module at both ends
    index = DesignIndex.build(roce_design)
    selector = MediaSelector(cabling)
    spine_links = [l for l in roce_design.links if l.fabric == "compute"
                   and index.devices[l.a.device].tier == "leaf" and index.devices[l.b.device].tier == "spine"]
    assert spine_links
    for link in spine_links[:20]:
        ends = link_ends(index, link)
        assert [e.protocol for e in ends] == ["ethernet", "ethernet"]
        assert {selector.module(e, link.media, link.length_m).slug for e in ends} == {"nvidia-mma4z00-ns"}


def test_an_800g_port_on_a_twin_port_module_takes_two_fibres(roce_design, cabling):
    """NVIDIA MMA4Z00-NS: two MPO-12/APC ports, one 4-channel fibre (MFP7E10) each; an 800G
    switch-to-switch link on it is two fibres."""
    index = DesignIndex.build(roce_design)
    selector = MediaSelector(cabling)
    link = next(l for l in roce_design.links if l.media == "MMF" and index.ports.speed_gbps(l.a.device, l.a.port) == 800
                and index.ports.speed_gbps(l.b.device, l.b.port) == 800)
    parts = selector.parts(link, 800, link_ends(index, link))
    assert parts.missing is None
    assert (parts.fibres, parts.fibre_speed_gbps, parts.cable.slug) == (2, 400, "nvidia-mfp7e10-mmf-mpo12-apc")
    cables, _ = cable_summary(index, cabling)
    assert not any(row["speed_gbps"] == 800 and row["media"] == "MMF" for row in cables), \
        "fibre rows are the cords' own speed"


def test_a_dgx_port_never_carries_a_finned_module(roce_design, superpod, cabling):
    """NVIDIA DGX BasePOD BoM / RA-11333-001: the DGX H100 twin-port OSFP cages take the flat-top
    980-9I51A-00NS00 (MMA4Z00-NS-FLT); the finned MMA4Z00-NS is for air-cooled switch cages."""
    selector = MediaSelector(cabling)
    for design in (roce_design, superpod):
        index = DesignIndex.build(design)
        checked = 0
        for link in design.links:
            if link.media not in ("MMF", "SMF"):
                continue
            for end in link_ends(index, link):
                if index.type_of(index.devices[end.key[0]]).kind == "server":
                    module = selector.module(end, link.media, link.length_m)
                    assert module is not None and module.top != "finned", (link, module)
                    checked += 1
        assert checked


def test_switch_and_adapter_modules_are_separate_bom_lines(superpod, cabling):
    """RA-11333-001 (DGX H100 SuperPOD): switch ends take finned twin-port modules, the DGX ends
    the flat-top 980-9I51A-00NS00; 127 DGX x 4 twin-port compute cages = 508 flat-top modules."""
    from designer.estimates.bom import build_bom

    optics = _optics(superpod, cabling)
    assert optics["nvidia-mma4z00-ns-flt"]["count"] == 127 * 4
    assert optics["nvidia-mma4z00-ns-flt"]["top"] == "flat"
    assert optics["nvidia-mma4z00-ns"]["top"] == "finned" and optics["nvidia-mma4z00-ns"]["side"] == "switch"
    bom = build_bom(superpod, load_catalog(include_user=False))
    lines = {line.part: line for line in bom.lines if line.section == "transceivers"}
    assert lines["nvidia-mma4z00-ns-flt"].part_number == "980-9I51A-00NS00"
    assert lines["nvidia-mma4z00-ns"].part_number == "980-9I510-00NS00"
    assert lines["nvidia-mma4z00-ns-flt"].quantity == 508


def test_the_port_groups_module_top_is_honoured(cabling):
    """A cage whose port group says module_top: flat (a liquid-cooled switch, a DGX twin-port
    cage) takes the flat-top module even on a switch; NVIDIA MCP7Y00 ordering information: "the
    flat-top twin-port OSFP ends are for use in liquid cooled switches"."""
    selector = MediaSelector(cabling)
    finned = EndCage(("sw", "fabric", 0), "OSFP", 2, 400.0, "switch", "finned", "infiniband")
    flat = finned._replace(top="flat")
    assert selector.module(finned, "MMF", 10).slug == "nvidia-mma4z00-ns"
    assert selector.module(flat, "MMF", 10).slug == "nvidia-mma4z00-ns-flt"
    # beyond multimode reach the flat-top single-mode sibling (OPN 980-9I30I-00NM00 / 980-9I301-00NM00)
    assert selector.module(flat, "SMF", 80).slug == "nvidia-mms4x00-ns-flt"
    assert selector.module(flat, "SMF", 300).slug == "nvidia-mms4x00-nm-flt"
    # and the generated design follows the port group
    design = generate(GenerateSpec(server="nvidia-dgx-h100", nodes=16, switch="nvidia-qm9700"),
                      load_catalog(include_user=False))
    # a copy: the design's types are the (shared) catalog's objects
    at = next(i for i, t in enumerate(design.device_types) if t.slug == "nvidia-qm9700")
    qm9700 = design.device_types[at].model_copy(deep=True)
    qm9700.port_groups[0].module_top = "flat"
    design.device_types[at] = qm9700
    optics = _optics(design, cabling)
    assert "nvidia-mma4z00-ns" not in optics, "no finned module anywhere once the switch cages say flat"


def test_an_ethernet_link_takes_no_infiniband_only_module(cabling):
    """NVIDIA MMS4A20 / MMS4A00 are XDR (InfiniBand) parts; on Ethernet they are not chosen."""
    selector = MediaSelector(cabling)
    adapter = EndCage(("srv", "compute", 0), "OSFP", 1, 800.0, "adapter", "flat", "infiniband")
    assert selector.module(adapter, "SMF", 100).slug == "nvidia-mms4a20"
    assert selector.module(adapter._replace(protocol="ethernet"), "SMF", 100) is None
    # an adapter 800G cage is not served by a twin-port module (stated for switch cages only)
    assert selector.module(adapter._replace(protocol="ethernet"), "MMF", 30) is None
    # a switch cage never takes the adapter-only module: its 800G port rides a twin-port one
    switch = adapter._replace(side="switch", top="finned")
    assert selector.module(switch, "SMF", 100).slug == "nvidia-mms4x00-ns"
