"""Growth stages built from the bundled example, against hand counts.

The example (see test_report): racks A01, A02, A04, A05 hold 4 DGX H100 each (10,200 W max)
and an out-of-band SN2201 (98 W typical, max unpublished); A03 holds every fabric switch
(12 QM9700 at 1,720 W max / 747 W typical, 6 SN4600C at 466 W, the SN2201 of A03); A06 the
WEKApod (7,712 W) and its SN2201. Four PDUs per rack (no load).
"""

from __future__ import annotations

import json

import pytest

from conftest import run_cli
from designer.catalog import load_catalog
from designer.checks import Checker
from designer.estimates.stages import stage_figures, stage_members, switch_tiers
from designer.model.estimates import Stage
from designer.model.index import DesignIndex
from designer.model.io import load_design, save_design
from designer.resources import example_design

ALL_RACKS = ["A01", "A02", "A03", "A04", "A05", "A06"]
COMPUTE_LEAVES = ["cmp-leaf01", "cmp-leaf02", "cmp-leaf03", "cmp-leaf04"]


@pytest.fixture(scope="module")
def catalog():
    return load_catalog(include_user=False)


RACKS_1 = ["A01", "A02"]


def _bom_total(catalog, racks: list[str], devices: list[str] = (), extra_racks: list[str] = ()) -> float:
    """The bill of materials of every device in ``racks`` plus ``devices`` (whose own racks
    are ``extra_racks``), built from the design."""
    from designer.estimates.bom import build_bom
    from designer.estimates.stages import sub_design

    design = load_design(example_design(), catalog)
    names = [d.name for d in design.devices if d.rack in racks] + list(devices)
    return build_bom(sub_design(design, names, [*racks, *extra_racks]), catalog).total


def _stages(catalog, stages: list[Stage]) -> list[dict]:
    design = load_design(example_design(), catalog)
    design.stages = stages
    checker = Checker(design, catalog.cabling)
    analyses = [checker.ctx.fabric_analysis(f.name) for f in design.fabrics]
    return stage_figures(design, checker.ctx.index, catalog, switch_tiers(checker.ctx.index, analyses))


def test_two_racks_then_all_racks(catalog):
    first, second = _stages(catalog, [Stage(name="Phase 1", date="2027 Q1", racks=["A01", "A02"]),
                                      Stage(name="Phase 2", date="2027 Q3", racks=ALL_RACKS)])
    # phase 1: 8 DGX H100 = 64 GPUs; 8 servers + 2 SN2201 + 8 PDUs = 18 devices
    assert (first["gpus"], first["servers"], first["racks"], first["devices"]) == (64, 8, 2, 18)
    # 8 x 10,200 W + 2 x 98 W = 81,796 W (typical: the DGX max stands in, the SN2201 typical is 98 W)
    assert first["power_max_kw"] == pytest.approx(81.796)
    assert first["power_typical_kw"] == pytest.approx(81.796)
    # the stage's own bill of materials: its devices, its racks, the cables among them
    assert first["capex"] == pytest.approx(_bom_total(catalog, RACKS_1))
    assert first["capex"] >= 8 * 300_000 + 2 * 6_000 + 8 * 6_000 + 2 * 1_800  # DGX, SN2201, PDUs, racks
    assert first["reused"]["devices"] == 0
    assert first["added"]["devices_by_kind"] == {"pdu": 8, "server": 8, "switch": 2}
    assert first["added"]["room_power_increase_kw"] == pytest.approx(81.796)

    assert (second["gpus"], second["servers"], second["racks"]) == (128, 16, 6)
    assert second["reused"]["devices"] == 18
    assert second["reused"]["racks"] == ["A01", "A02"]
    # added: 8 DGX, the WEKApod, 24 - 2 switches, 24 - 8 PDUs
    assert second["added"]["devices_by_kind"] == {"pdu": 16, "server": 8, "storage": 1, "switch": 22}
    assert second["added"]["racks"] == ["A03", "A04", "A05", "A06"]
    # 194.936 kW for the whole design (test_report) - 81.796 kW = 113.14 kW more from the room
    assert second["added"]["room_power_increase_kw"] == pytest.approx(113.14)
    assert second["added"]["room_power_increase_kw_by_room"] == {"Hall 1": pytest.approx(113.14)}
    # leaves: 4 compute + 4 storage + 2 in-band + 4 out-of-band (A03-A06); spines: 2 in each fabric
    assert second["added"]["switches_by_tier"] == {"leaf": 14, "spine": 8, "core": 0}
    assert second["capex"] == pytest.approx(_bom_total(catalog, ALL_RACKS))
    assert second["removed"]["devices"] == 0


def test_a_named_device_brings_its_rack(catalog):
    design = load_design(example_design(), catalog)
    index = DesignIndex.build(design)
    devices, racks = stage_members(index, Stage(name="Phase 1", racks=["A01", "A02"], devices=COMPUTE_LEAVES))
    assert racks == ["A01", "A02", "A03"]
    assert set(COMPUTE_LEAVES) <= set(devices)
    assert "cmp-spine01" not in devices, "only the named devices of A03, not the whole rack"


def test_spines_added_in_the_second_stage(catalog):
    first, second = _stages(catalog, [Stage(name="Phase 1", racks=["A01", "A02"], devices=COMPUTE_LEAVES),
                                      Stage(name="Phase 2", racks=ALL_RACKS)])
    # phase 1: 8 x 10,200 + 2 x 98 + 4 x 1,720 = 88,676 W max; typical 81,600 + 196 + 4 x 747 = 84,784 W
    assert first["power_max_kw"] == pytest.approx(88.676)
    assert first["power_typical_kw"] == pytest.approx(84.784)
    # the leaves bring their rack A03 (but not its other devices) into the stage
    assert first["capex"] == pytest.approx(_bom_total(catalog, RACKS_1, COMPUTE_LEAVES, ["A03"]))
    assert first["capex"] - _bom_total(catalog, RACKS_1) >= 4 * 32_000  # the four QM9700 leaves
    assert first["added"]["switches_by_fabric"]["compute"] == {"leaf": 4, "spine": 0, "core": 0}
    assert second["added"]["switches_by_fabric"]["compute"] == {"leaf": 0, "spine": 2, "core": 0}
    assert second["added"]["racks"] == ["A04", "A05", "A06"]
    assert second["reused"]["racks"] == ["A01", "A02", "A03"]
    assert second["added"]["room_power_increase_kw"] == pytest.approx(194.936 - 88.676)


def test_a_stage_that_drops_parts_reports_them_removed(catalog):
    _first, second = _stages(catalog, [Stage(name="Pilot", racks=["A01", "A06"]), Stage(name="Main", racks=["A01"])])
    assert second["removed"]["racks"] == ["A06"]
    assert second["removed"]["devices_by_kind"] == {"pdu": 4, "storage": 1, "switch": 1}
    # the WEKApod (7,712 W) and the SN2201 (98 W) leave the room
    assert second["added"]["room_power_increase_kw"] == pytest.approx(-7.81)


def test_stages_in_the_report(tmp_path, catalog):
    design = load_design(example_design(), catalog)
    design.stages = [Stage(name="Phase 1", racks=["A01", "A02"]), Stage(name="Phase 2", racks=ALL_RACKS)]
    path = tmp_path / "staged.json"
    save_design(design, path)
    result = run_cli("report", path, "--json")
    assert result.code == 0, result
    stages = json.loads(result.out)["estimates"]["stages"]
    assert [(s["name"], s["gpus"]) for s in stages] == [("Phase 1", 64), ("Phase 2", 128)]
    text = run_cli("report", path)
    assert "stage Phase 1: 64 GPUs in 2 racks" in text.out
