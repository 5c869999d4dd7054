"""Generated designs held to the counts NVIDIA's DGX SuperPOD reference architectures publish.

Each test names the RA and the table its figures come from. The generator builds to the
rules the RAs state (scalable units, port use, switch radix); these tables are the oracle.
"""

from __future__ import annotations

import pytest

from designer.catalog import load_catalog
from designer.fabric.generate import GenerateSpec, generate
from designer.report.json_report import build_report


@pytest.fixture(scope="module")
def catalog():
    return load_catalog(include_user=False)


def _switches(report: dict, prefix: str) -> dict[str, int]:
    totals = {"leaf": 0, "spine": 0, "core": 0}
    for fabric in report["fabrics"]:
        if fabric["name"].startswith(prefix):
            for tier in totals:
                totals[tier] += fabric["switches"][tier]
    return totals


@pytest.mark.parametrize(("nodes", "leaves", "spines"), [(512, 128, 64), (1024, 256, 128)])
def test_b300_spectrum4_twin_plane_stays_two_tier(catalog, nodes, leaves, spines):
    """NVIDIA DGX SuperPOD B300 with Spectrum-4 Ethernet, RA-11337-001 Table 3: each SN5600
    runs at 128 x 400G and every GPU's 800G port splits over two planes, so 512 nodes need
    128 leaf / 64 spine switches and 1,024 nodes 256 / 128, in two tiers."""
    design = generate(GenerateSpec(server="nvidia-dgx-b300", nodes=nodes, switch="nvidia-sn5600",
                                   rack_power_kw=62), catalog)
    report = build_report(design, catalog=catalog)
    planes = [f for f in report["fabrics"] if f["role"] == "compute"]
    assert [f["name"] for f in planes] == ["compute-p1", "compute-p2"]
    assert _switches(report, "compute") == {"leaf": leaves, "spine": spines, "core": 0}
    assert all(f["tiers"] == 2 and f["oversubscription"]["leaf"] == 1.0 for f in planes)
    # every GPU port reaches both planes: one 400G lane to each
    assert all(f["endpoints"] == nodes and f["links"]["endpoint_leaf"] == nodes * 8 for f in planes)
    assert not [f for f in report["findings"] if f["severity"] == "error"]


def test_400g_servers_use_the_split_radix_of_an_800g_ethernet_switch(catalog):
    """An SN5600 at 128 x 400G holds 128 leaves under two tiers: 1,024 DGX H100 (8,192 GPUs
    at 400G) need 128 leaf and 64 spine switches and no core (at 64 x 800G it took three tiers)."""
    design = generate(GenerateSpec(server="nvidia-dgx-h100", nodes=1024, switch="nvidia-sn5600"), catalog)
    report = build_report(design, catalog=catalog)
    assert _switches(report, "compute") == {"leaf": 128, "spine": 64, "core": 0}
