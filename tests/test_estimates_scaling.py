"""Data-parallel scaling efficiency against hand-worked step times."""

from __future__ import annotations

import pytest

from designer.estimates.collective import CommPath
from designer.estimates.scaling import efficiency, node_counts, scaling_estimate, step_s
from designer.model.estimates import ScalingInputs

US = 1e-6
# 16 DGX H100: NVLink 450 GB/s per GPU one way, 50 GB/s of compute ports per GPU, 90 % link efficiency
PATH = CommPath(16, 8, 450.0, 50.0, 0.9, 1.0, 2 * US, 6 * US)
GRADIENT_BYTES = 7e9 * 2  # 7 B parameters, bf16 gradients: 14 GB


def test_node_counts_are_powers_of_two_and_the_design():
    assert node_counts(16) == [1, 2, 4, 8, 16]
    assert node_counts(12) == [1, 2, 4, 8, 12]
    assert node_counts(1) == [1]
    assert node_counts(0) == []


def test_step_time_and_overlap():
    assert step_s(1.0, 0.2, 0.0) == pytest.approx(1.2)
    assert step_s(1.0, 0.2, 0.5) == pytest.approx(1.1)  # half the all-reduce hidden
    assert step_s(1.0, 0.2, 1.0) == pytest.approx(1.0)


def test_two_servers_by_hand():
    # 14 GB over 2 x 8 GPUs, hierarchical:
    #   reduce-scatter: 7/8 x 14 / 450 + 7 x 2 us  = 27.222222 ms + 14 us = 27.236222 ms
    #   ring of 14/8 = 1.75 GB between 2 servers: 2 x 1/2 x 1.75 / 45 + 2 x 6 us = 38.888889 + 0.012 = 38.900889 ms
    #   all-gather: 27.236222 ms;  all-reduce = 93.373333 ms
    #   efficiency = 1 s / (1 s + 0.093373333 s) = 0.914601
    eff, algorithm = efficiency(PATH.at(nodes=2), GRADIENT_BYTES, 1.0, 0.0)
    assert algorithm == "hierarchical"
    assert eff == pytest.approx(1 / 1.093373333, rel=1e-7)
    # at 2:1 the ring between servers runs at 22.5 GB/s: 77.777778 + 0.012 = 77.789778 ms
    #   all-reduce = 2 x 27.236222 + 77.789778 = 132.262222 ms; efficiency = 1 / 1.132262222 = 0.883188
    eff_2to1, _ = efficiency(PATH.at(nodes=2, oversubscription=2.0), GRADIENT_BYTES, 1.0, 0.0)
    assert eff_2to1 == pytest.approx(1 / 1.132262222, rel=1e-7)
    # half the communication overlapped: 1 / (1 + 0.5 x 0.093373333) = 0.955395
    eff_overlap, _ = efficiency(PATH.at(nodes=2), GRADIENT_BYTES, 1.0, 0.5)
    assert eff_overlap == pytest.approx(1 / 1.046686667, rel=1e-7)


def test_one_server_by_hand():
    # 8 GPUs on NVLink only: ring 2 x 7/8 x 14 / 450 + 14 x 2 us = 54.444444 + 0.028 ms = 54.472444 ms
    # (the hierarchical split degenerates to the same ring; ties go to the ring)
    eff, algorithm = efficiency(PATH.at(nodes=1), GRADIENT_BYTES, 1.0, 0.0)
    assert algorithm == "ring"
    assert eff == pytest.approx(1 / 1.054472444, rel=1e-7)


def test_curve_of_the_inputs():
    inputs = ScalingInputs(model_parameters_billion=7.0, bytes_per_gradient=2.0, step_compute_s=1.0, overlap=0.0)
    block = scaling_estimate(inputs, PATH.at(oversubscription=1.5))
    assert block.gradient_mb == 14000.0
    assert [p.nodes for p in block.points] == [1, 2, 4, 8, 16]
    assert [p.gpus for p in block.points] == [8, 16, 32, 64, 128]
    first, second = block.points[0], block.points[1]
    # one server never crosses the fabric: the ratio makes no difference
    assert first.efficiency == first.efficiency_1to1 == first.efficiency_2to1
    assert second.efficiency_1to1 == pytest.approx(0.9146, abs=1e-4)
    assert second.efficiency_2to1 == pytest.approx(0.8832, abs=1e-4)
    for point in block.points[1:]:
        # the measured 1.5:1 sits between the two reference ratios
        assert point.efficiency_2to1 < point.efficiency < point.efficiency_1to1
    measured = [p.efficiency for p in block.points]
    assert measured == sorted(measured, reverse=True), "more servers never scale better"
