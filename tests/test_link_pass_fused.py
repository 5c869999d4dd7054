"""A whole design's check gathers the parts missing for its cables in its one walk over
them (issue 17); each device's CABLE_NO_PART findings are what its own walk gives (the path
an edit takes), finding for finding and in the same order."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from designer.catalog import load_catalog
from designer.checks.engine import Checker
from designer.checks.link_rules import check_device_ports
from designer.fabric.generate import GenerateSpec, generate

sys.path.insert(0, str(Path(__file__).parent))
from factories import small_design  # noqa: E402

DATA = Path(__file__).parent / "data"


def _designs():
    catalog = load_catalog(include_user=False)
    yield "AOC at NDR (no such cable)", small_design(), catalog
    test_catalog = load_catalog([DATA / "test-200ge-server.yaml"], include_user=False)
    yield "200GbE QSFP56 (no module)", generate(GenerateSpec(server="test-200ge-server", nodes=64,
                                                             switch="nvidia-sn5600"), test_catalog), test_catalog


@pytest.mark.parametrize("case", list(_designs()), ids=lambda case: case[0])
def test_the_whole_run_files_what_each_device_finds_alone(case):
    _name, design, catalog = case
    checker = Checker(design, catalog.cabling)
    assert any(f.code == "CABLE_NO_PART" for f in checker.findings()), "the case must miss parts"
    for device in design.devices:
        alone = check_device_ports(checker.ctx, device.name)
        assert checker._by_scope.get(("device", device.name), []) == alone, device.name
