"""Catalog entries added for issue 11 items 3-5 (servers and switches customers buy now).

Each new server either builds a design that ``designer check`` passes without an error, or
``designer new`` refuses it the documented way; ``designer catalog list`` shows every new entry
with its published maximum power ("unknown" where the vendor publishes none). The power of the
new servers is not published in a readable vendor document, so the designs supply it with
``--server-max-kw`` (the documented way; the figure is stored as supplied by the user)."""

from __future__ import annotations

import json

import pytest

from conftest import run_cli
from designer.model.supplied import USER_SUPPLIED

SERVERS = ["lenovo-sr680a-v3-h200", "lenovo-sr685a-v3-h200"]
SWITCHES = ["nvidia-sn6600", "cisco-n9364e-sg2-o", "dell-z9864f-on"]
NEW = SERVERS + SWITCHES


def _new(tmp_path, server: str, switch: str, *extra: str):
    out = tmp_path / f"{server}-{switch}.json"
    result = run_cli("new", "--server", server, "--nodes", "16", "--switch", switch, *extra, "-o", out)
    return result, out


@pytest.mark.parametrize("switch", ["nvidia-qm9700", "cisco-n9364e-sg2-o", "dell-z9864f-on"])
def test_sr680a_v3_builds_a_check_clean_design(tmp_path, switch):
    result, out = _new(tmp_path, "lenovo-sr680a-v3-h200", switch, "--server-max-kw", "10", "--server-weight-kg", "100")
    assert result.code == 0, result
    check = run_cli("check", out)
    assert check.code == 0, check  # no error finding
    data = json.loads(out.read_text())
    servers = [d for d in data["devices"] if d["device_type"] == "lenovo-sr680a-v3-h200"]
    assert len(servers) == 16
    embedded = next(t for t in data["device_types"] if t["slug"] == "lenovo-sr680a-v3-h200")
    assert embedded["power"]["max_w"] == 10000
    assert any(ref["title"].startswith(USER_SUPPLIED) and "power.max_w" in ref["covers"]
               for ref in embedded["source"])
    # the ten published 400G NICs of each server are all cabled to the compute fabric
    compute = [link for link in data["links"] if link["fabric"] == "compute"
               and (link["a"]["device"] in {s["name"] for s in servers}
                    or link["b"]["device"] in {s["name"] for s in servers})]
    assert len(compute) == 16 * 10


def test_sr680a_v3_without_power_figure_is_refused(tmp_path):
    result, _ = _new(tmp_path, "lenovo-sr680a-v3-h200", "nvidia-qm9700")
    assert result.code != 0
    assert "no published power figure" in result.err
    assert "--server-max-kw" in result.err


def test_sr685a_v3_is_refused_for_want_of_published_compute_ports(tmp_path):
    result, out = _new(tmp_path, "lenovo-sr685a-v3-h200", "nvidia-qm9700", "--server-max-kw", "10", "--server-weight-kg", "100")
    assert result.code != 0
    assert "has no compute ports" in result.err
    assert not out.exists()


def test_new_server_entries_state_only_lenovo_published_figures(catalog):
    for slug in SERVERS:
        t = catalog.device_types[slug]
        assert (t.gpu_count, t.gpus.memory_gb, t.gpus.interconnect_bidir_gbytes_s) == (8, 141, 900)
        assert t.cooling.liquid_share == 0.0
        assert t.power.max_w is None and t.power.typical_w is None  # not in a readable Lenovo document
        assert t.weight_kg is None and t.psu.count is None and t.depth_mm is None
    compute = catalog.device_types["lenovo-sr680a-v3-h200"].ports_with_role("compute")
    assert [(g.count, g.speed_gbps, g.cage) for g in compute] == [(10, 400, None)]
    assert catalog.device_types["lenovo-sr685a-v3-h200"].port_groups == []


def test_new_switch_entries(catalog):
    sn6600 = catalog.device_types["nvidia-sn6600"]
    fabric = sn6600.main_fabric_group()
    assert (fabric.count, fabric.speed_gbps, fabric.cage, fabric.ports_per_cage) == (128, 800, "OSFP", 2)
    assert sn6600.power.max_w is None
    cisco = catalog.device_types["cisco-n9364e-sg2-o"]
    fabric = cisco.main_fabric_group()
    assert (fabric.count, fabric.speed_gbps, fabric.cage) == (64, 800, "OSFP")
    assert cisco.power.typical_w == 995 and cisco.power.max_w is None  # sources disagree on the maximum


def test_dell_z9864f_states_the_spec_sheet_figures(catalog):
    """Dell PowerSwitch Z9864F-ON Spec Sheet, "Technical specifications": the 51.2T Ethernet switch
    of a vendor other than NVIDIA whose maximum power is published ("Max. utilized: 2848W")."""
    dell = catalog.device_types["dell-z9864f-on"]
    fabric = dell.main_fabric_group()
    assert (fabric.count, fabric.speed_gbps, fabric.cage) == (64, 800, "OSFP")
    assert sorted((b.count, b.speed_gbps) for b in fabric.breakout) == [(2, 400), (4, 200)]
    assert (dell.power.max_w, dell.power.typical_w) == (2848, 1500)
    assert (dell.weight_kg, dell.u_height, dell.depth_mm) == (25.3, 2, 630)
    assert (dell.psu.count, dell.psu.redundancy, dell.psu.rating_w) == (2, "1+1", 3000)
    assert [g.count for g in dell.ports_with_role("oob")] == [1]


def test_dell_z9864f_switches_count_their_published_power(tmp_path):
    out = tmp_path / "dell.json"
    result = run_cli("new", "--server", "nvidia-dgx-h100", "--nodes", "64", "--switch", "dell-z9864f-on", "-o", out)
    assert result.code == 0, result
    assert run_cli("check", out).code == 0
    report = json.loads(run_cli("report", out, "--json").out)
    data = json.loads(out.read_text())
    dells = [d for d in data["devices"] if d["device_type"] == "dell-z9864f-on"]
    assert len(dells) == 12  # 8 leaves + 4 spines for 64 rail-optimized DGX H100
    unknown = [f for f in report["findings"] if f["code"] == "FIGURE_UNKNOWN"]
    assert not any("dell-z9864f-on" in json.dumps(f) for f in unknown)


def test_catalog_list_shows_new_entries_with_published_max_power(catalog):
    result = run_cli("catalog", "list")
    assert result.code == 0, result
    rows = {line.split()[0]: line.split() for line in result.out.splitlines() if line.strip()}
    for slug in NEW:
        assert slug in rows, slug
        max_w = catalog.device_types[slug].power.max_w
        expected = "unknown" if max_w is None else f"{max_w / 1000:.2f}"
        assert rows[slug][3] == expected, rows[slug]
