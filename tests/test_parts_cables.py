"""Cables that exist: the shortest published stock length that covers the run, and a link
no catalog part serves is an error finding (CABLE_NO_PART), never a null part."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from designer.catalog import load_catalog
from designer.catalog.cabling import orderable_part_number
from designer.checks.engine import run_checks
from designer.fabric.cages import EndCage
from designer.fabric.parts import MediaSelector, stock_length
from designer.fabric.routes import Geometry
from designer.fabric.cable_counts import cable_summary
from designer.fabric.generate import GenerateSpec, generate
from designer.model.index import DesignIndex
from designer.i18n import Translator

sys.path.insert(0, str(Path(__file__).parent))
from factories import small_design  # noqa: E402


@pytest.fixture(scope="module")
def catalog():
    return load_catalog(include_user=False)


def _products(catalog):
    return {p.slug: p for p in catalog.cabling.cables}


def test_the_shortest_stock_length_that_covers_the_run(catalog):
    """NVIDIA MFP7E10-Nxxx (OM4 MPO-12/APC) lengths as the catalog sources them (DGX BasePOD BoM
    and deployment inventories): 3, 5, 7, 10, 15, 20, 30, 50 m."""
    selector = MediaSelector(catalog.cabling)
    switch = EndCage(("leaf", "fabric", 0), "OSFP", 2, 400.0, "switch", "finned", "infiniband")
    dgx = EndCage(("dgx", "compute", 0), "OSFP", 2, 400.0, "adapter", "flat", "infiniband")
    # in reach of copper, copper first: the 3 m MCA4J80 active copper cable (3, 4, 5 m)
    near = selector.choose(2.1, 400, 1, False, (switch, dgx))
    assert (near.media, near.length_m, near.product.slug) == ("ACC", 3, "nvidia-mca4j80-acc-2x400g-osfp")
    for needed, stocked in ((6.2, 7), (10.0, 10), (10.01, 15), (31, 50)):
        choice = selector.choose(needed, 400, 1, False, (switch, dgx))
        assert (choice.media, choice.length_m, choice.product.slug) == ("MMF", stocked, "nvidia-mfp7e10-mmf-mpo12-apc")
    # beyond multimode reach (50 m on OM4) the single-mode optics take over
    assert selector.choose(60, 400, 1, False, (switch, dgx)).media == "SMF"


def test_in_rack_800g_links_are_not_30_m_fibres(catalog):
    """Before: every 800G link was a 30 m fibre (the only stocked length), in-rack links included.
    NVIDIA MMA4Z00-NS-T: 800G switch-to-switch on a twin-port module is two MFP7E10 fibres."""
    design = generate(GenerateSpec(server="nvidia-dgx-h100", nodes=64, switch="nvidia-sn5600"), catalog)
    index = DesignIndex.build(design)
    geometry = Geometry(index)
    products = _products(catalog)
    fibre = products["nvidia-mfp7e10-mmf-mpo12-apc"]
    spine = [l for l in design.links if index.ports.speed_gbps(l.a.device, l.a.port) == 800
             and index.ports.speed_gbps(l.b.device, l.b.port) == 800]
    assert spine
    for link in spine:
        routed = geometry.length_m(link)
        assert link.length_m == stock_length(fibre, routed), (link, routed)
    assert min(l.length_m for l in spine) < 30


def test_vendor_cables_come_in_their_published_lengths_only(catalog):
    """A vendor product whose lengths are not published (NVIDIA MCP7Y50: no per-length OPN found)
    is not cut to an invented length; a commodity cord (cut_to_length) is."""
    products = _products(catalog)
    assert stock_length(products["nvidia-mcp7y50-dac-split-4x200g-osfp"], 1.0) is None
    assert stock_length(products["nvidia-mcp4y10-dac-2x400g-osfp"], 1.2) == 1.5  # MCP4Y10-N01A
    assert stock_length(products["nvidia-mcp4y10-dac-2x400g-osfp"], 2.5) is None  # 2 m is the longest
    assert stock_length(products["cat6a-patch"], 4.2) == 5


def test_a_twin_port_cage_fanning_out_gets_a_part_not_a_null(catalog):
    """The issue's repro: designer new --server nvidia-dgx-b300 --nodes 72 --switch nvidia-q3400
    --rack-power-kw 62 emitted two 400G ACC breakout cables with part null (NVIDIA's LinkX
    400G/800G guide: ACC splitters are discontinued; MCA4J80 is a straight cable only)."""
    spec = GenerateSpec(server="nvidia-dgx-b300", nodes=72, switch="nvidia-q3400", rack_power_kw=62)
    design = generate(spec, catalog)
    cables, transceivers = cable_summary(DesignIndex.build(design), catalog.cabling)
    assert all(row["part"] is not None for row in cables), [r for r in cables if r["part"] is None]
    assert all(row["part"] is not None for row in transceivers)
    assert not [f for f in run_checks(design, catalog.cabling) if f.code == "CABLE_NO_PART"]


def test_a_link_no_catalog_cable_serves_is_an_error_naming_it(catalog):
    """400G OSFP-to-OSFP links drawn as AOC: the catalog has no such AOC (NVIDIA sells none at
    NDR in the LinkX pages read)."""
    design = small_design()
    findings = [f for f in run_checks(design, catalog.cabling) if f.code == "CABLE_NO_PART"]
    assert findings and all(f.severity == "error" for f in findings)
    first = findings[0]
    assert first.key == "cable_no_part_cable"
    assert first.params["media"] == "AOC" and first.params["speed"] == 400
    assert (first.params["cage_a"], first.params["cage_b"]) == ("OSFP", "OSFP")
    assert "R01-srv1:cx1 - leaf1:p1" in first.message and "no catalog AOC cable" in first.message
    assert sum(f.params["count"] for f in findings) == 32, "each link is named once"
    zh = Translator("zh").finding_message(first.as_dict())
    assert "AOC" in zh and "目录中没有" in zh
    # the report's cable rows still list the links; the BOM line says why it has no OPN
    from designer.estimates.bom import NO_PART, build_bom

    line = next(l for l in build_bom(design, catalog).lines if l.section == "cables" and "AOC" in l.description)
    assert (line.part_number, line.part_number_note) == (None, NO_PART)


def test_a_cage_no_catalog_module_fits_is_an_error_naming_what_is_missing():
    """200GbE QSFP56 ports on SN5600 breakouts: the catalog's only 200G QSFP56 optic (MMS1W50-HM)
    is an InfiniBand HDR part, so no module fits the Ethernet QSFP56 cage. The design is still
    generated; the check names the cage, link layer and side."""
    test_catalog = load_catalog([Path(__file__).parent / "data" / "test-200ge-server.yaml"], include_user=False)
    design = generate(GenerateSpec(server="test-200ge-server", nodes=64, switch="nvidia-sn5600"), test_catalog)
    findings = [f for f in run_checks(design, test_catalog.cabling) if f.code == "CABLE_NO_PART"]
    module = [f for f in findings if f.key == "cable_no_part_module"]
    assert module
    params = module[0].params
    assert (params["cage"], params["protocol"], params["side"], params["port_speed"]) == (
        "QSFP56", "ethernet", "adapter", 200)
    assert "Ethernet" not in module[0].message and "ethernet" in module[0].message
    assert "以太网" in Translator("zh").finding_message(module[0].as_dict())


def test_orderable_part_numbers_are_read_from_the_catalog_text():
    assert orderable_part_number("MCP4Y10-N002 (OPN 980-9IA0I-00N002; flat-top 980-9IA0J-00N002)") == \
        "980-9IA0I-00N002"
    assert orderable_part_number("MFP7E10-N007") == "MFP7E10-N007"
    assert orderable_part_number("OPN 980-9I13N-00C010") == "980-9I13N-00C010"
    assert orderable_part_number(None) is None


def test_re_routing_keeps_a_media_only_at_a_length_its_product_comes_in(catalog):
    """Re-routing keeps a link's planned media while it reaches, but at a stock length of that
    media's own product: NVIDIA MFP7E30 (single-mode MPO-12/APC) is sourced at 30 m only, so a
    7 m run kept on single-mode is a 30 m cord, not an invented 7 m one."""
    from designer.fabric.cabling import reroute

    design = generate(GenerateSpec(server="nvidia-dgx-h100", nodes=16, switch="nvidia-qm9700"), catalog)
    index = DesignIndex.build(design)
    link = next(l for l in design.links if l.media == "MMF" and l.length_m < 30
                and index.ports.speed_gbps(l.a.device, l.a.port) == 400)
    link.media = "SMF"
    # without the commodity OS2 trunk (cut to any length), MFP7E30 is the only single-mode cord
    vendor_only = catalog.cabling.model_copy(update={"cables": [
        p for p in catalog.cabling.cables if p.slug != "os2-mpo12-apc-trunk"]})
    (moved,) = reroute(index, vendor_only, [link])
    assert (moved.media, moved.length_m) == ("SMF", 30)
    # with it, the kept single-mode link is the commodity trunk at its run's length
    (moved,) = reroute(index, catalog.cabling, [link])
    assert moved.media == "SMF" and moved.length_m < 30


def test_single_mode_runs_take_the_shortest_cord_vendor_first_at_equal_length(catalog):
    """NVIDIA MFP7E30 is sourced at 30 m only; a commodity OS2 MPO-12/APC trunk (IEEE 802.3bs
    Clause 124, 400GBASE-DR4 over four fibre pairs) is made to length. The shortest cord that
    covers the run wins; at equal length the vendor's part."""
    selector = MediaSelector(catalog.cabling)
    leaf = EndCage(("leaf", "fabric", 0), "OSFP", 2, 400.0, "switch", "finned", "infiniband")
    spine = leaf._replace(key=("spine", "fabric", 0))
    for needed, length in ((60, 60), (52, 60)):  # beyond multimode reach (50 m)
        choice = selector.choose(needed, 400, 1, False, (leaf, spine))
        assert (choice.media, choice.length_m, choice.product.slug) == ("SMF", length, "os2-mpo12-apc-trunk")
    for needed, length, part in ((30, 30, "nvidia-mfp7e30-smf-mpo12-apc"), (25, 25, "os2-mpo12-apc-trunk"),
                                 (8, 10, "os2-mpo12-apc-trunk")):
        product, cut = selector.cord("SMF", 400, needed)
        assert (cut, product.slug) == (length, part), needed


@pytest.mark.parametrize("order", [("X", "X", None), (None, "X", "X")])
def test_cable_rows_that_tie_on_the_sort_keep_the_order_their_cables_come_in(order):
    """Found in review: counting a link's own cable at once (a speed change) put shared
    cables after all others, so two rows equal on (media, length, speed, part, top) but one a
    splitter came out the other way round. Rows keep the order of their first cable."""
    from designer.model.io import load_design
    from designer.model.link import LinkEnd

    catalog = load_catalog(include_user=False)
    design = load_design(Path(__file__).parents[1] / "resources/examples/dgx-h100-16-node.json", catalog)
    base = design.links[0]
    # DAC 3 m cables to ports that do not exist (no speed, no cage, no part): a splitter "X"
    # of two legs and a plain cable, in the order given
    design.links = [base.model_copy(update={"a": LinkEnd(device=base.a.device, port=f"nosuch{i}"), "media": "DAC",
                                            "length_m": 3.0, "cable_id": cable_id})
                    for i, cable_id in enumerate(order)]
    rows, _ = cable_summary(DesignIndex.build(design), catalog.cabling)
    splitter_first = order[0] == "X"
    assert [r["breakout"] for r in rows] == ([True, False] if splitter_first else [False, True])
    assert [r["count"] for r in rows] == [1, 1]
