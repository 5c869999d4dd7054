"""All-reduce times against the alpha-beta formulas worked by hand."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from designer.catalog import load_catalog
from designer.checks import Checker
from designer.estimates.collective import (
    CommPath,
    algbw_gbytes_s,
    allreduce_estimate,
    allreduce_times_s,
    busbw_gbytes_s,
    cluster_path,
    compute_oversubscription,
    fastest,
    hierarchical_allreduce_s,
    ring_allreduce_s,
    tree_allreduce_s,
)
from designer.fabric.results import FabricAnalysis, LinkCounts, Span, TierCounts, TierRatios
from designer.fabric.generate import GenerateSpec, generate
from designer.model.io import load_design
from designer.resources import example_design

GB = 1e9
US = 1e-6


def test_ring_allreduce_by_hand():
    # n = 8, S = 1 GB, B = 50 GB/s, alpha = 6 us:
    #   2 x 7/8 x 1 GB / 50 GB/s = 1.75 x 0.02 s = 0.035 s
    #   2 x 7 x 6 us             = 84 us
    #   t = 0.035084 s
    assert ring_allreduce_s(8, 1 * GB, 50.0, 6 * US) == pytest.approx(0.035084, rel=1e-12)


def test_tree_allreduce_by_hand():
    # n = 8: log2 8 = 3 levels; 2 x 3 x 6 us = 36 us; 2 x 1 GB / 50 GB/s = 0.04 s -> 0.040036 s
    assert tree_allreduce_s(8, 1 * GB, 50.0, 6 * US) == pytest.approx(0.040036, rel=1e-12)
    # n = 6 is still 3 levels deep (ceil(log2 6) = 3): same latency term
    assert tree_allreduce_s(6, 1 * GB, 50.0, 6 * US) == pytest.approx(0.040036, rel=1e-12)


def test_hierarchical_allreduce_by_hand():
    # 2 servers x 8 GPUs, S = 1 GB, NVLink 450 GB/s (900 bidirectional / 2), fabric 45 GB/s,
    # alpha 2 us inside, 6 us across.
    #   reduce-scatter in a server: 7/8 x 1 GB / 450 GB/s + 7 x 2 us = 1.944444 ms + 14 us = 1.958444 ms
    #   ring between servers of S/8 = 0.125 GB: 2 x 1/2 x 0.125 / 45 + 2 x 1 x 6 us = 2.777778 ms + 12 us
    #                                                                            = 2.789778 ms
    #   all-gather in a server: as the reduce-scatter, 1.958444 ms
    #   t = 1.958444 + 2.789778 + 1.958444 = 6.706667 ms
    t = hierarchical_allreduce_s(2, 8, 1 * GB, 450.0, 45.0, 2 * US, 6 * US)
    assert t == pytest.approx(6.706667e-3, rel=1e-6)


def test_bandwidths_by_hand():
    # algbw = 1 GB / 0.035084 s = 28.5030 GB/s; busbw = algbw x 2 x 7/8 = 49.880 GB/s
    algbw = algbw_gbytes_s(1 * GB, 0.035084)
    assert algbw == pytest.approx(28.50302, rel=1e-6)
    assert busbw_gbytes_s(algbw, 8) == pytest.approx(49.88029, rel=1e-6)
    # for the ring, the bus bandwidth approaches the link bandwidth as latency vanishes
    assert busbw_gbytes_s(algbw_gbytes_s(GB, ring_allreduce_s(8, GB, 50.0, 0.0)), 8) == pytest.approx(50.0)


def test_one_gpu_needs_no_communication():
    assert ring_allreduce_s(1, GB, 50.0, 6 * US) == 0.0
    assert tree_allreduce_s(1, GB, 50.0, 6 * US) == 0.0
    path = CommPath(1, 1, 450.0, 50.0, 0.9, 1.0, 2 * US, 6 * US)
    assert fastest(allreduce_times_s(path, GB)) == "ring"  # all zero; ties go to the simplest


def test_inter_node_bandwidth_share_efficiency_and_oversubscription():
    # DGX H100: 8 x 400 Gb/s compute ports = 400 GB/s per server = 50 GB/s per GPU
    path = CommPath(16, 8, 450.0, 50.0, 0.9, 1.0, 2 * US, 6 * US)
    assert path.inter_gbytes_s == pytest.approx(45.0)  # 50 x 0.9
    assert path.at(oversubscription=2.0).inter_gbytes_s == pytest.approx(22.5)  # 45 / 2
    assert path.at(oversubscription=0.5).inter_gbytes_s == pytest.approx(45.0)  # under 1: no gain


def _analysis(name: str, role: str, leaf: float | None) -> FabricAnalysis:
    """A fabric analysis with only its name, role and worst leaf ratio measured."""
    return FabricAnalysis(
        name=name, role=role, protocol=None, target_oversubscription=None, tiers=2, endpoints=0,
        endpoint_bandwidth_gbps=0.0, switches=TierCounts(0, 0, 0, 0), links=LinkCounts(0, 0, 0, 0, 0),
        duplicate_links=0, link_speeds={}, oversubscription=TierRatios(leaf=leaf, spine=None),
        leaves_without_uplinks=[], bisection_gbps=0.0, bisection_method="clos", ecmp_paths=Span(None, None),
        ecmp_next_hops=Span(None, None), partitioned=False, max_hops=0, pods=1, port_use=[], failure=None)


def test_worst_leaf_ratio_of_the_compute_fabrics_only():
    analyses = [_analysis("compute", "compute", 1.5), _analysis("storage", "storage", 3.0)]
    assert compute_oversubscription(analyses) == (1.5, "compute")
    single_switch = [_analysis("compute", "compute", None)]
    assert compute_oversubscription(single_switch) == (1.0, "compute")
    assert compute_oversubscription([]) == (1.0, None)


@pytest.fixture(scope="module")
def example():
    catalog = load_catalog(include_user=False)
    design = load_design(example_design(), catalog)
    checker = Checker(design, catalog.cabling)
    analyses = [checker.ctx.fabric_analysis(f.name) for f in design.fabrics]
    return design, checker.ctx.index, analyses


def test_bundled_example_allreduce(example):
    design, index, analyses = example
    path, notes = cluster_path(design, index, analyses)
    assert notes == []
    block = allreduce_estimate(design.estimates.communication, path, "compute")
    assert (block.gpus, block.nodes, block.gpus_per_node) == (128, 16, 8)
    assert block.intra_bandwidth_gbytes_s == 450.0  # 900 GB/s NVLink 4, both directions
    assert block.inter_bandwidth_gbytes_s == 45.0  # 50 GB/s x 0.9, 1:1 fabric
    assert block.oversubscription == 1.0
    # 1,024 MB over 16 x 8 GPUs, hierarchical:
    #   reduce-scatter: 7/8 x 1.024 GB / 450 GB/s + 7 x 2 us = 1.991111 + 0.014 = 2.005111 ms
    #   ring between 16 servers of 0.128 GB: 2 x 15/16 x 0.128 / 45 + 30 x 6 us = 5.333333 + 0.18 = 5.513333 ms
    #   all-gather 2.005111 ms; total 9.523556 ms
    # ring over 128 GPUs at the slowest hop: 2 x 127/128 x 1.024 / 45 + 254 x 6 us = 45.155556 + 1.524 ms
    # tree: 2 x 7 x 6 us + 2 x 1.024 / 45 = 0.084 + 45.511111 ms
    times = {row.name: row.time_ms for row in block.algorithms}
    assert times["hierarchical"] == pytest.approx(9.523556, abs=1e-4)
    assert times["ring"] == pytest.approx(46.679556, abs=1e-4)
    assert times["tree"] == pytest.approx(45.595111, abs=1e-4)
    assert block.fastest == "hierarchical"
    hierarchical = next(row for row in block.algorithms if row.name == "hierarchical")
    # algbw 1.024 GB / 9.523556 ms = 107.523 GB/s; busbw x 2 x 127/128 = 213.366 GB/s
    assert hierarchical.algbw_gbytes_s == pytest.approx(107.523, abs=1e-3)
    assert hierarchical.busbw_gbytes_s == pytest.approx(213.366, abs=1e-3)


def test_measured_oversubscription_slows_the_fabric():
    catalog = load_catalog(include_user=False)
    design = generate(GenerateSpec(server="nvidia-dgx-h100", nodes=64, switch="nvidia-qm9700", oversubscription=2.0),
                      catalog)
    checker = Checker(design, catalog.cabling)
    analyses = [checker.ctx.fabric_analysis(f.name) for f in design.fabrics]
    path, _notes = cluster_path(design, checker.ctx.index, analyses)
    # the generator builds the leaves at 2:1 and the analysis measures it from the cables
    assert path.oversubscription == pytest.approx(2.0)
    assert path.inter_gbytes_s == pytest.approx(22.5)  # 50 GB/s x 0.9 / 2


def test_no_compute_fabric_leaves_the_time_unknown(example):
    design, index, _analyses = example
    path, notes = cluster_path(design, index, [])  # as if the design had no compute fabric
    assert any("no compute fabric" in n.english for n in notes)
    times = allreduce_times_s(path, GB)
    assert all(math.isinf(t) for t in times.values())
    block = allreduce_estimate(design.estimates.communication, path, None)
    assert block.fastest is None
    assert all(row.time_ms is None for row in block.algorithms)


def test_an_uncabled_compute_fabric_is_estimated_from_the_ports_and_says_so(example):
    design, index, analyses = example
    uncabled = [replace(a, endpoints=0) if a.role == "compute" else a for a in analyses]
    path, notes = cluster_path(design, index, uncabled)
    assert [n.english for n in notes] == ["compute fabric compute has no servers cabled yet: the estimates assume "
                                          "every compute port cabled at its speed, non-blocking"]
    assert [n.as_dict() for n in notes] == [{"key": "allreduce.fabric_uncabled", "params": {"fabric": "compute"}}]
    assert path.inter_gbytes_s == pytest.approx(45.0)


def test_one_gpu_servers_use_the_fabric_only():
    # 4 servers of 1 GPU, NVLink figure unpublished (0): a ring of 4 over the fabric at 45 GB/s
    #   2 x 3/4 x 1 GB / 45 GB/s + 2 x 3 x 6 us = 33.333333 ms + 36 us = 33.369333 ms
    path = CommPath(4, 1, 0.0, 50.0, 0.9, 1.0, 2 * US, 6 * US)
    times = allreduce_times_s(path, GB)
    assert times["ring"] == pytest.approx(33.369333e-3, rel=1e-6)
    assert times["hierarchical"] == pytest.approx(times["ring"])  # no server-internal step
