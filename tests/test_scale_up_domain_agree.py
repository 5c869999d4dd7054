"""One count of NVLink domains for every collective estimate: where a design sets
``estimates.communication.scale_up_gpus`` (servers joined by an external NVLink switch
system), the all-reduce block, NCCL's collectives block and their ``crosses_scale_out`` keys
agree (before, 2 DGX H100 as one 16-GPU domain gave collectives one node and no scale-out
traffic, and the all-reduce block 2 nodes over the fabric)."""

from __future__ import annotations

import pytest

from designer.catalog import load_catalog
from designer.fabric.generate import GenerateSpec, generate
from designer.report.json_report import report_parts


@pytest.fixture(scope="module")
def catalog():
    return load_catalog(include_user=False)


def _blocks(catalog, nodes: int, scale_up_gpus: int | None):
    design = generate(GenerateSpec(server="nvidia-dgx-h100", nodes=nodes, switch="nvidia-qm9700"), catalog)
    design.estimates.communication.scale_up_gpus = scale_up_gpus
    report = report_parts(design, catalog=catalog).as_dict()
    return report["estimates"]["allreduce"], report["estimates"]["collectives"], report


@pytest.mark.parametrize(("nodes", "domain", "domains", "crosses"),
                         [(2, None, 2, True), (2, 16, 1, False), (4, 16, 2, True), (2, 8, 2, True)])
def test_the_all_reduce_and_the_collectives_count_the_same_domains(catalog, nodes, domain, domains, crosses):
    allreduce, collectives, report = _blocks(catalog, nodes, domain)
    assert allreduce["nodes"] == collectives["nodes"] == domains
    assert allreduce["gpus_per_node"] == collectives["gpus_per_node"] == (domain or 8)
    assert allreduce["crosses_scale_out"] is collectives["crosses_scale_out"] is crosses
    keys = [n["key"] for n in report["estimates"]["assumption_keys"]]
    assert ("allreduce.scale_up_domain" in keys) is (domain not in (None, 8))


def test_one_domain_is_all_nvlink(catalog):
    """2 DGX H100 in one 16-GPU domain: the all-reduce runs at NVLink speed, no fabric hop."""
    allreduce, _collectives, _report = _blocks(catalog, 2, 16)
    over_fabric, _c, _r = _blocks(catalog, 2, None)
    ring = {a["name"]: a for a in allreduce["algorithms"]}["ring"]
    ring_fabric = {a["name"]: a for a in over_fabric["algorithms"]}["ring"]
    assert ring["time_ms"] < ring_fabric["time_ms"]
