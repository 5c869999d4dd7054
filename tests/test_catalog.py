"""The bundled catalog: every entry loads, cites a source, and the required parts exist."""

from __future__ import annotations

import json

import pytest

from conftest import DATA, run_cli
from designer.catalog import load_catalog
from designer.model.hardware import DeviceType

REQUIRED = [
    "nvidia-dgx-h100", "nvidia-dgx-h200", "nvidia-dgx-b200", "nvidia-dgx-b300", "huawei-atlas-800t-a2",
    "generic-hgx-h100-8gpu", "nvidia-qm9700", "nvidia-q3400", "nvidia-sn5600", "nvidia-sn4600c", "nvidia-sn2201",
    "rack-42u-600", "rack-42u-800", "rack-48u-600", "rack-48u-800",
]


def test_required_entries_exist(catalog):
    for slug in REQUIRED:
        assert catalog.get(slug) is not None, slug
    kinds = [t.kind for t in catalog.device_types.values()]
    assert kinds.count("storage") >= 2
    assert kinds.count("pdu") >= 1


def test_every_entry_cites_a_source(catalog):
    for entry in [*catalog.device_types.values(), *catalog.rack_types.values()]:
        assert entry.source, entry.slug
        assert all(ref.title for ref in entry.source), entry.slug
    for item in [*catalog.cabling.cables, *catalog.cabling.transceivers]:
        assert item.source, item.slug


def test_required_port_counts(catalog):
    def fabric_ports(slug):
        group = catalog.device_types[slug].main_fabric_group()
        return group.count, group.speed_gbps

    assert fabric_ports("nvidia-qm9700") == (64, 400)
    assert fabric_ports("nvidia-q3400") == (144, 800)
    assert fabric_ports("nvidia-sn5600") == (64, 800)
    assert fabric_ports("nvidia-sn4600c") == (64, 100)
    assert fabric_ports("nvidia-sn2201") == (48, 1)


def test_dgx_h100_matches_the_user_guide():
    result = run_cli("catalog", "show", "nvidia-dgx-h100", "--json")
    assert result.code == 0
    data = json.loads(result.out)
    assert data["u_height"] == 8
    assert data["power"]["max_w"] == 10200  # 10.2 kW
    assert data["weight_kg"] == 130.45
    assert any("docs.nvidia.com/dgx/dgxh100-user-guide" in (s["url"] or "") for s in data["source"])
    assert "power.typical_w" in data["unknown"], "an unpublished figure is reported as unknown"


def test_catalog_list_and_show_text():
    listing = run_cli("catalog", "list")
    assert listing.code == 0
    assert "nvidia-dgx-h100" in listing.out and "rack-48u-800" in listing.out
    shown = run_cli("catalog", "show", "nvidia-qm9700")
    assert "64 x 400G" in shown.out and "source" in shown.out
    missing = run_cli("catalog", "show", "nvidia-dgx-h10")
    assert missing.code == 2 and "did you mean" in missing.err


def test_catalog_option_adds_user_entries():
    result = run_cli("catalog", "show", "test-200ge-server", "--catalog", DATA / "test-200ge-server.yaml")
    assert result.code == 0 and "8 x 200G" in result.out


def test_bad_catalog_file_is_a_clear_error(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("slug: x\nmanufacturer: A\nmodel: B\nkind: server\nu_height: two\n")
    result = run_cli("catalog", "list", "--catalog", bad)
    assert result.code == 2
    assert str(bad) in result.err and "u_height" in result.err
    bad.write_text("slug: [unclosed\n")
    result = run_cli("catalog", "list", "--catalog", bad)
    assert result.code == 2 and "invalid YAML" in result.err


def test_import_netbox_devicetype_library_file(tmp_path):
    out = tmp_path / "imported"
    result = run_cli("catalog", "import", DATA / "netbox-sn2201.yaml", "-o", out)
    assert result.code == 0, result
    assert "unknown (not in netbox format): power.typical_w, psu.redundancy" in result.out
    catalog = load_catalog([out], include_user=False)
    entry = catalog.device_types["test-netbox-sn2201"]
    assert isinstance(entry, DeviceType)
    assert entry.kind == "switch"
    assert entry.u_height == 1 and entry.weight_kg == pytest.approx(7.41)
    # maximum_draw is per power port (NetBox): 2 x 200 W; no allocated_draw, so no typical figure
    assert entry.power.max_w == 400 and entry.power.typical_w is None
    groups = {(g.count, g.speed_gbps, g.role) for g in entry.port_groups}
    assert groups == {(48, 1.0, "fabric"), (4, 100.0, "uplink"), (1, 1.0, "oob")}
    assert "guessed, please review" in result.out


def test_imported_entries_land_in_the_user_catalog_and_load_automatically(tmp_path, monkeypatch):
    monkeypatch.setenv("DESIGNER_USER_CATALOG", str(tmp_path / "user"))
    assert run_cli("catalog", "import", DATA / "netbox-sn2201.yaml").code == 0
    assert run_cli("catalog", "show", "test-netbox-sn2201").code == 0
