"""The report of the bundled example against a hand calculation from the datasheets."""

from __future__ import annotations

import json

import pytest

from conftest import run_cli
from designer.resources import example_design

# Device counts in the example and their catalog figures (W, kg):
#   16 DGX H100        max 10,200 W (typical unpublished: max stands in), 130.45 kg
#   12 QM9700          typical 747 W, max 1,720 W, 14.8 kg   (compute and storage fabrics)
#    6 SN4600C         typical 466 W (max unpublished), 14.64 kg (in-band fabric, OOB aggregation)
#    6 SN2201          typical 98 W (max unpublished), 7.41 kg (one per rack, out-of-band)
#    1 WEKApod Nitro   max 7,712 W (typical unpublished), 74 kg
#   24 rack PDUs       no load; weight unpublished
#    5 x 42U 600 mm racks at 116 kg, 1 x 42U 800 mm at 143 kg
POWER_MAX_W = 16 * 10200 + 12 * 1720 + 6 * 466 + 6 * 98 + 7712
POWER_TYPICAL_W = 16 * 10200 + 12 * 747 + 6 * 466 + 6 * 98 + 7712
EQUIPMENT_KG = 16 * 130.45 + 12 * 14.8 + 6 * 14.64 + 6 * 7.41 + 74
ENCLOSURES_KG = 5 * 116 + 143


@pytest.fixture(scope="module")
def report():
    result = run_cli("report", example_design(), "--json")
    assert result.code == 0, result
    return json.loads(result.out)


def test_totals_equal_the_hand_calculation(report):
    totals = report["totals"]
    assert totals["servers"] == 16
    assert totals["gpus"] == 128
    assert totals["switches"] == 12 + 6 + 6
    assert totals["storage_nodes"] == 1
    assert totals["racks"] == 6
    assert totals["power_max_kw"] == pytest.approx(POWER_MAX_W / 1000)
    assert totals["power_typical_kw"] == pytest.approx(POWER_TYPICAL_W / 1000)
    assert totals["heat_btu_h"] == pytest.approx(POWER_MAX_W * 3.412, abs=0.1)
    assert totals["weight_kg"] == pytest.approx(EQUIPMENT_KG + ENCLOSURES_KG, abs=0.01)


def test_power_by_kind(report):
    by_kind = report["power_max_kw_by_kind"]
    assert by_kind["server"] == pytest.approx(163.2)
    assert by_kind["storage"] == pytest.approx(7.712)
    assert by_kind["switch"] == pytest.approx((12 * 1720 + 6 * 466 + 6 * 98) / 1000)
    assert sum(by_kind.values()) == pytest.approx(POWER_MAX_W / 1000)


def test_a_compute_rack(report):
    rack = next(r for r in report["racks"] if r["name"] == "A01")
    # four DGX H100 (8 U each) and the out-of-band switch (1 U)
    assert (rack["u_used"], rack["u_total"]) == (33, 42)
    assert rack["power_max_kw"] == pytest.approx((4 * 10200 + 98) / 1000)
    assert rack["heat_btu_h"] == pytest.approx((4 * 10200 + 98) * 3.412, abs=0.1)
    assert rack["weight_kg"] == pytest.approx(4 * 130.45 + 7.41)
    assert rack["gpus"] == 32


def test_report_lists_what_is_unpublished(report):
    unknown = {row["figure"]: row for row in report["unknowns"]}
    assert "nvidia-dgx-h100" in unknown["power_typical_w"]["device_types"]
    assert unknown["power_typical_w"]["used_instead"] == "power.max_w"
    assert "nvidia-sn2201" in unknown["power_max_w"]["device_types"]


def test_report_has_the_documented_keys(report):
    assert set(report) >= {"design", "totals", "power_max_kw_by_kind", "racks", "fabrics", "cables", "findings"}
    assert set(report["design"]) >= {"name", "format_version"}
    assert set(report["totals"]) >= {
        "servers", "gpus", "switches", "storage_nodes", "racks", "power_max_kw", "power_typical_kw", "heat_btu_h",
        "weight_kg",
    }
    assert set(report["power_max_kw_by_kind"]) == {"server", "switch", "storage", "other"}
    for rack in report["racks"]:
        assert set(rack) >= {"name", "u_used", "u_total", "power_max_kw", "power_typical_kw", "heat_btu_h", "weight_kg"}


def test_text_report_and_make_run_fallback():
    result = run_cli("report", example_design())
    assert result.code == 0
    assert "16-node DGX H100 training cluster" in result.out
    assert "128 GPUs" in result.out


def test_rows_and_rooms_total_the_racks(report):
    (row,) = report["rows"]
    assert (row["room"], row["row"], row["racks"]) == ("Hall 1", "A", 6)
    assert row["power_max_kw"] == pytest.approx(POWER_MAX_W / 1000)
    assert row["heat_btu_h"] == pytest.approx(POWER_MAX_W * 3.412, abs=0.1)
    assert row["weight_kg"] == pytest.approx(EQUIPMENT_KG + ENCLOSURES_KG, abs=0.01)
    (room,) = report["rooms"]
    assert room["power_max_kw"] == row["power_max_kw"]
    # facility power: IT load x the room's PUE of 1.3
    assert room["facility_power_kw"] == pytest.approx(POWER_MAX_W / 1000 * 1.3)


def test_check_summary_says_one_warning_in_the_singular():
    from conftest import run_cli
    from designer.resources import example_design

    result = run_cli("check", example_design())
    assert "0 errors, 1 warning, 6 notes" in result.out
