"""The design's totals in the report are the window's: both add up the racks' sums as the
checks keep them (issue 17: the devices added once; one way to each figure)."""

from __future__ import annotations

import json

import pytest

from designer.catalog import load_catalog
from designer.checks.engine import Checker
from designer.model.index import DesignIndex
from designer.model.io import parse_design
from designer.model.loads import design_gpus_and_power_max_w, design_load
from designer.report.json_report import report_parts
from tests.conftest import ROOT

EXAMPLE = ROOT / "resources/examples/dgx-h100-16-node.json"


@pytest.mark.parametrize("unracked", [False, True])
def test_report_totals_are_the_status_bars_and_the_devices_sum(unracked):
    data = json.loads(EXAMPLE.read_bytes())
    if unracked:  # a device in no rack counts too
        data["devices"][0].pop("rack", None)
        data["devices"][0].pop("position_u", None)
    design = parse_design(json.dumps(data).encode(), "x.json")
    catalog = load_catalog(include_user=False)
    index = DesignIndex.build(design)
    checker = Checker(design, catalog.cabling, index)
    totals = report_parts(design, index, checker, catalog).as_dict()["totals"]
    gpus, power_max_w = design_gpus_and_power_max_w(index, checker.ctx.rack_load)
    assert (totals["gpus"], totals["power_max_kw"]) == (gpus, round(power_max_w / 1000, 3))
    one_by_one = design_load(index)  # every device in turn: the same figures
    assert totals["power_typical_kw"] == round(one_by_one.power_typical_kw, 3)
    assert totals["equipment_weight_kg"] == round(one_by_one.weight_kg, 3)
    assert totals["gpus"] == one_by_one.gpus
