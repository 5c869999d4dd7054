"""The side fabrics at the sizes today's largest clusters reach (issues 10 and 17):

- in-band ports at 1GbE (DGX B300's) hang on access switches whose faster uplink ports
  (an SN2201's 4 x 100G, NVIDIA Spectrum SN2201 product page) reach cores of that speed —
  not leaf-to-spine over 1G copper, which at 16,384 nodes ran 173 m and stopped
  ``designer new``;
- the out-of-band aggregation's core widens from a pair (two links from each aggregation
  switch) to four switches (one link each) when a pair's ports no longer hold them.
"""

from __future__ import annotations

from collections import Counter

import pytest

from designer.catalog import load_catalog
from designer.checks import run_checks
from designer.fabric.generate import GenerateSpec, generate

SMALL_AGG = """\
manufacturer: Test
model: test-only 16-port 100G aggregation switch
slug: test-agg-16
u_height: 1
kind: switch
protocols: [ethernet]
power: {typical_w: 100, max_w: 200}
port_groups:
  - {name: fabric, prefix: swp, count: 16, speed_gbps: 100, cage: QSFP28, ports_per_cage: 1, role: fabric}
source:
  - {title: test-only figures (not any product's), covers: [power, port_groups]}
"""


def _types(design, fabric: str, tier: str | None) -> Counter:
    return Counter(d.device_type for d in design.devices if d.fabric == fabric and d.tier == tier)


def _errors(design, catalog) -> list:
    return [f for f in run_checks(design, catalog.cabling) if f.severity == "error"]


# (16 DGX B300 fit one access pair, joined without cores since review 44: 64 need several pairs)
@pytest.mark.parametrize("nodes", [64, 256])
def test_1g_inband_access_leaves_uplink_at_100g_to_cores_of_that_speed(catalog, nodes):
    design = generate(GenerateSpec(server="nvidia-dgx-b300", nodes=nodes, switch="nvidia-q3400", rack_power_kw=62),
                      catalog)
    leaves = _types(design, "inband", "leaf")
    assert set(leaves) == {"nvidia-sn2201"}
    assert set(_types(design, "inband", "spine")) == {"nvidia-sn4600c"}
    up = [l for l in design.links if l.fabric == "inband" and l.a.device.startswith("inb-leaf")
          and not l.b.device.startswith(("node", "mgmt"))]
    assert len(up) >= 2 * len(leaves)
    speeds = {d.name: d for d in design.devices}
    # every leaf-to-core cable leaves the leaf on an uplink (100G) port, none on a 1G access port
    sn2201 = catalog.device_types["nvidia-sn2201"]
    uplink_ports = set(sn2201.uplink_group().port_names())
    assert all(l.a.port in uplink_ports for l in up), {l.a.port for l in up} - uplink_ports
    assert all(speeds[l.b.device].device_type == "nvidia-sn4600c" for l in up)
    assert not _errors(design, catalog)


def _with_small_aggregation(tmp_path, nodes: int):
    """DGX B200 on QM9700 with no in-band network (the out-of-band switches uplink into their
    own aggregation), aggregated by the 16-port test switch; (design, catalog)."""
    (tmp_path / "small-agg.yaml").write_text(SMALL_AGG)
    catalog = load_catalog([tmp_path], include_user=False)
    design = generate(GenerateSpec(server="nvidia-dgx-b200", nodes=nodes, switch="nvidia-qm9700",
                                   inband_ports_per_server=0, oob_aggregation_switch="test-agg-16"), catalog)
    return design, catalog


def test_out_of_band_core_widens_when_a_pair_cannot_hold_the_aggregation(tmp_path):
    design, catalog = _with_small_aggregation(tmp_path, 512)
    aggs = [d for d in design.devices if d.fabric == "oob" and d.tier == "spine"]
    cores = [d for d in design.devices if d.fabric == "oob" and d.tier == "core"]
    # 60 access switches, 12 per pair (16 ports, 4 up): 5 pairs; a core pair would need 2 x 10 ports
    assert len(aggs) == 10 and len(cores) == 4
    for agg in aggs:
        to_cores = [l for l in design.links if l.fabric == "oob" and agg.name in (l.a.device, l.b.device)
                    and ({l.a.device, l.b.device} & {c.name for c in cores})]
        assert len(to_cores) == 4 and len({l.b.device for l in to_cores}) == 4  # one link to each core
    assert not _errors(design, catalog)


def test_a_core_pair_still_serves_a_few_aggregation_pairs(tmp_path):
    design, catalog = _with_small_aggregation(tmp_path, 256)
    cores = [d for d in design.devices if d.fabric == "oob" and d.tier == "core"]
    assert len(cores) == 2
