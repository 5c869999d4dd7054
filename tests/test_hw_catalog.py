"""Hardware catalog (issue 11): published figures cite a source, and figures the user
supplies for a server (``designer new --server-max-kw / --server-weight-kg``) are stored
in the design's embedded device type, marked as supplied by the user."""

from __future__ import annotations

import json

import pytest

from conftest import run_cli
from designer.errors import GenerationError
from designer.model.supplied import USER_SUPPLIED
from designer.fabric.generate import GenerateSpec, generate

# Entries added for issue 11; each must load and cite a source for every published figure.
NEW_ENTRIES: list[str] = ["supermicro-as-8125gs-tnmr2", "supermicro-as-4126gs-nmr-lcc", "nvidia-dgx-gb200-nvl72",
                          "nvidia-gb300-nvl72", "nvidia-sn5610", "lenovo-sr680a-v3-h200", "lenovo-sr685a-v3-h200",
                          "nvidia-sn6600", "cisco-n9364e-sg2-o", "dell-z9864f-on"]

# Figures a source must cover where the entry states them (catalog README: every figure
# comes from a vendor document named in ``source``).
FIGURES = {
    "power.max_w": lambda t: t.power.max_w,
    "power.typical_w": lambda t: t.power.typical_w,
    "weight": lambda t: t.weight_kg,
}
FULL_FIGURES = {
    **FIGURES,
    "gpus": lambda t: t.gpus,
    "cooling.liquid_share": lambda t: t.cooling.liquid_share or None,
    "u_height": lambda t: t.u_height,
    "depth_mm": lambda t: t.depth_mm,
    "psu": lambda t: t.psu.count,
    "port_groups": lambda t: t.port_groups or None,
}


def _covered(device_type, figure: str) -> bool:
    """A source covers the figure itself or the block it belongs to (``psu`` covers ``psu.count``),
    or one of its parts (``port_groups.compute`` backs part of ``port_groups``)."""
    return any(
        cover == figure or figure.startswith(cover + ".") or cover.startswith(figure + ".")
        for ref in device_type.source
        for cover in ref.covers
    )


def test_power_and_weight_figures_cite_a_source(catalog):
    for device_type in catalog.device_types.values():
        for figure, value in FIGURES.items():
            if value(device_type) is not None:
                assert _covered(device_type, figure), f"{device_type.slug}: {figure} has no source"


def test_new_entries_load_and_cite_every_figure(catalog):
    for slug in NEW_ENTRIES:
        device_type = catalog.device_types[slug]
        assert device_type.source and all(ref.title for ref in device_type.source), slug
        for figure, value in FULL_FIGURES.items():
            if value(device_type) is not None:
                assert _covered(device_type, figure), f"{slug}: {figure} has no source"


def test_catalog_list_loads_every_entry():
    result = run_cli("catalog", "list")
    assert result.code == 0, result
    for slug in NEW_ENTRIES:
        assert slug in result.out


# ---------------------------------------------------------------- user-supplied figures


def _spec(**kw) -> GenerateSpec:
    base = dict(server="huawei-atlas-800t-a2", switch="nvidia-sn5600", nodes=4, server_weight_kg=60)
    return GenerateSpec(**{**base, **kw})


def test_server_without_power_figure_is_refused(catalog):
    assert catalog.device_types["huawei-atlas-800t-a2"].power.max_w is None
    with pytest.raises(GenerationError, match="no published power figure"):
        generate(_spec(), catalog)


def test_user_supplied_max_power_is_stored_and_marked(catalog):
    design = generate(_spec(server_max_kw=5.5, author="pre-sales"), catalog)
    embedded = next(t for t in design.device_types if t.slug == "huawei-atlas-800t-a2")
    assert embedded.power.max_w == 5500
    marks = [ref for ref in embedded.source if ref.title.startswith(USER_SUPPLIED) and "power.max_w" in ref.covers]
    assert len(marks) == 1
    assert marks[0].covers == ["power.max_w"]
    assert "pre-sales" in marks[0].title
    # no vendor document is left claiming the figure the user supplied
    assert not any("power.max_w" in ref.covers for ref in embedded.source if ref is not marks[0])
    # the catalog entry itself is untouched
    assert catalog.device_types["huawei-atlas-800t-a2"].power.max_w is None
    assert not any(ref.title.startswith(USER_SUPPLIED) for ref in catalog.device_types["huawei-atlas-800t-a2"].source)


def test_user_supplied_weight_does_not_replace_the_vendor_claim(catalog):
    # review 44: a supplied figure stands only where the vendor publishes none (as the window's edit)
    with pytest.raises(GenerationError, match=r"--server-weight-kg 140: nvidia-dgx-h100 has a published figure"):
        generate(_spec(server="nvidia-dgx-h100", switch="nvidia-qm9700", nodes=2, server_weight_kg=140.0,
                       inband_ports_per_server=None), catalog)


@pytest.mark.parametrize("kw", [{"server_max_kw": 0}, {"server_max_kw": -1}, {"server_weight_kg": 0}])
def test_user_supplied_figure_must_be_positive(catalog, kw):
    with pytest.raises(GenerationError):
        generate(_spec(**kw), catalog)


def test_cli_server_max_kw(tmp_path):
    out = tmp_path / "x.json"
    result = run_cli("new", "--server", "huawei-atlas-800t-a2", "--server-max-kw", "5.5", "--server-weight-kg", "60",
                     "--nodes", "4", "--switch", "nvidia-sn5600", "--inband-ports-per-server", "0", "-o", out)
    assert result.code == 0, result
    data = json.loads(out.read_text())
    embedded = next(t for t in data["device_types"] if t["slug"] == "huawei-atlas-800t-a2")
    assert embedded["power"]["max_w"] == 5500
    assert any(ref["title"].startswith(USER_SUPPLIED) and "power.max_w" in ref["covers"]
               for ref in embedded["source"])


def test_cli_without_figure_still_refuses(tmp_path):
    result = run_cli("new", "--server", "huawei-atlas-800t-a2", "--nodes", "4", "--switch", "nvidia-sn5600",
                     "-o", tmp_path / "x.json")
    assert result.code != 0
    assert "no published power figure" in result.err


def test_proposal_sources_say_the_figure_was_supplied(catalog):
    from designer.estimates.bom import build_bom
    from designer.report.sources import part_sources

    design = generate(_spec(server_max_kw=5.5), catalog)
    rows = {row["part"]: row for row in part_sources(design, build_bom(design, catalog), catalog)}
    titles = [ref["title"] for ref in rows["huawei-atlas-800t-a2"]["sources"]]
    assert any(t.startswith(USER_SUPPLIED) and "not published by the vendor" in t for t in titles)
