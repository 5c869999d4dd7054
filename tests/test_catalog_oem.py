"""OEM 8-GPU HGX servers (issue 11, item 3): each entry holds only the figures its vendor
publishes, every figure cites a source, and a server whose vendor publishes no power figure
is refused by ``designer new`` with the catalog's one-line message (exit code 2), not guessed.

The figures pinned here are the vendors' own: Dell's and Supermicro's MLPerf Inference v4.1
system descriptions (closed/<vendor>/systems/*.json in mlcommons/inference_results_v4.1),
Dell's Israel-1 blog post, and Supermicro's "gpu/8u" product-page filing. The XE9680's 6U is
the one figure not from its vendor (StorageReview); the test holds that its source says so."""

from __future__ import annotations

import json

import pytest

from conftest import run_cli
from designer.model.supplied import USER_SUPPLIED
from designer.fabric.scale_up import interconnect_family

XE9680 = "dell-poweredge-xe9680-h100"
SYS_821GE = "supermicro-sys-821ge-tnhr"
OEM_ENTRIES = [XE9680, SYS_821GE]

# slug -> the figures its vendor publishes (as entered) and the ones left unknown.
EXPECTED = {
    XE9680: {
        "manufacturer": "Dell", "part_number": None, "u_height": 6,
        "gpus": (8, 80, "NVLink 4", 900, 8), "compute": (8, 400),
    },
    SYS_821GE: {
        "manufacturer": "Supermicro", "part_number": "SYS-821GE-TNHR", "u_height": 8,
        "gpus": (8, 80, "NVLink 4", 900, 8), "compute": (8, 400),
    },
}

# Figures a source must cover where the entry states them (catalog README: every figure
# comes from a document named in ``source``).
FIGURES = {
    "u_height": lambda t: t.u_height,
    "part_number": lambda t: t.part_number,
    "gpus": lambda t: t.gpus,
    "cooling": lambda t: t.cooling.liquid_share,
    "port_groups": lambda t: t.port_groups or None,
    "power.max_w": lambda t: t.power.max_w,
    "power.typical_w": lambda t: t.power.typical_w,
    "psu": lambda t: t.psu.count,
    "weight": lambda t: t.weight_kg,
    "depth_mm": lambda t: t.depth_mm,
}


def _covered(device_type, figure: str) -> bool:
    return any(cover == figure or figure.startswith(cover + ".") or cover.startswith(figure + ".")
               for ref in device_type.source for cover in ref.covers)


@pytest.mark.parametrize("slug", OEM_ENTRIES)
def test_entry_holds_its_vendors_figures(catalog, slug):
    t = catalog.device_types[slug]
    want = EXPECTED[slug]
    assert t.kind == "server"
    assert (t.manufacturer, t.part_number, t.u_height) == (want["manufacturer"], want["part_number"], want["u_height"])
    count, memory, family, bidir, domain = want["gpus"]
    assert (t.gpu_count, t.gpus.memory_gb, interconnect_family(t.gpus.interconnect)) == (count, memory, family)
    assert "H100" in t.gpus.model and "SXM" in t.gpus.model
    assert (t.gpus.interconnect_bidir_gbytes_s, t.scale_up_gpus) == (bidir, domain)
    assert t.cooling.liquid_share == 0.0  # air-cooled, as the vendor's MLPerf system description says
    compute = t.ports_with_role("compute")
    assert [(g.count, g.speed_gbps) for g in compute] == [want["compute"]]
    assert all(g.cage is None for g in compute)  # the vendor names no cage: it depends on the NIC ordered


@pytest.mark.parametrize("slug", OEM_ENTRIES)
def test_unpublished_figures_stay_unknown(catalog, slug):
    """No vendor document read gives power or PSUs: none is filled in. Weight and depth only
    where the vendor's own spec sheet gives them (the XE9680: Dell's PowerEdge XE AI Servers
    Spec Sheet, "Maximum Weight 114.05 kg", "995 mm ... without bezel")."""
    t = catalog.device_types[slug]
    assert (t.power.max_w, t.power.typical_w) == (None, None)
    assert (t.psu.count, t.psu.redundancy, t.psu.rating_w) == (None, None, None)
    published = (114.05, 995.0) if slug == XE9680 else (None, None)
    assert (t.weight_kg, t.depth_mm, t.airflow) == (*published, None)
    if slug == XE9680:
        sheet = [ref for ref in t.source if "weight" in ref.covers]
        assert len(sheet) == 1 and sheet[0].origin == "vendor" and "depth_mm" in sheet[0].covers
        assert sheet[0].url.startswith("https://www.delltechnologies.com/")
    assert "GAPS" in (t.comments or "")


@pytest.mark.parametrize("slug", OEM_ENTRIES)
def test_every_figure_cites_a_source(catalog, slug):
    t = catalog.device_types[slug]
    assert t.source and all(ref.title and ref.url and ref.covers for ref in t.source)
    for figure, value in FIGURES.items():
        if value(t) is not None:
            assert _covered(t, figure), f"{slug}: {figure} has no source"


def test_vendor_sources_are_the_vendors_own(catalog):
    """The GPU and NIC figures come from the vendor's own MLPerf submission; the XE9680's
    height from Dell's spec sheet (no longer a third-party review)."""
    for slug, vendor in ((XE9680, "Dell"), (SYS_821GE, "Supermicro")):
        t = catalog.device_types[slug]
        mlperf = [ref for ref in t.source if "MLPerf" in ref.title]
        assert len(mlperf) == 1 and f"submitter {vendor}" in mlperf[0].title
        assert mlperf[0].url.startswith(f"https://github.com/mlcommons/inference_results_v4.1/blob/main/closed/{vendor}/")
        assert "gpus" in mlperf[0].covers and "cooling" in mlperf[0].covers
    height = [ref for ref in catalog.device_types[XE9680].source if "u_height" in ref.covers]
    assert len(height) == 1 and "Dell PowerEdge XE AI Servers Spec Sheet" in height[0].title
    assert height[0].url.startswith("https://www.delltechnologies.com/")
    nics = [ref for ref in catalog.device_types[XE9680].source if "port_groups.compute" in ref.covers]
    assert len(nics) == 1 and nics[0].url.startswith("https://www.dell.com/")


def test_catalog_list_shows_them_with_unknown_power():
    result = run_cli("catalog", "list")
    assert result.code == 0, result
    for slug in OEM_ENTRIES:
        line = next(row for row in result.out.splitlines() if row.startswith(slug + " "))
        assert "unknown" in line


@pytest.mark.parametrize("slug", OEM_ENTRIES)
def test_designer_new_refuses_without_a_published_power_figure(tmp_path, slug):
    out = tmp_path / "x.json"
    result = run_cli("new", "--server", slug, "--nodes", "4", "--switch", "nvidia-qm9700", "-o", out)
    assert result.code == 2, result
    lines = result.err.strip().splitlines()
    assert len(lines) == 1, result.err
    assert lines[0].startswith(f"error: {slug} has no published power figure")
    assert "pass it with --catalog" in lines[0]
    assert "Traceback" not in result.err + result.out
    assert not out.exists()


def catalog_weight(slug):
    from designer.catalog import load_catalog
    return load_catalog(include_user=False).device_types[slug].weight_kg


@pytest.mark.parametrize("slug", OEM_ENTRIES)
def test_designer_new_builds_with_a_supplied_power_figure(tmp_path, slug):
    out = tmp_path / "x.json"
    # the weight only where the vendor publishes none (a published one may not be replaced)
    weight = [] if catalog_weight(slug) is not None else ["--server-weight-kg", "100"]
    result = run_cli("new", "--server", slug, "--nodes", "4", "--switch", "nvidia-qm9700",
                     "--server-max-kw", "10", *weight, "-o", out)
    assert result.code == 0, result
    data = json.loads(out.read_text())
    assert sum(1 for d in data["devices"] if d["device_type"] == slug) == 4
    embedded = next(t for t in data["device_types"] if t["slug"] == slug)
    assert embedded["power"]["max_w"] == 10000
    assert any(ref["title"].startswith(USER_SUPPLIED) and "power.max_w" in ref["covers"]
               for ref in embedded["source"])
