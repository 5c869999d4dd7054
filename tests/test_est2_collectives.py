"""Collectives as NCCL runs them (designer/estimates/nccl.py) against NVIDIA's published
figures and NCCL's own latency model, worked by hand."""

from __future__ import annotations

import json

import pytest

from designer.catalog import load_catalog
from designer.checks import Checker
from designer.estimates.bom import build_bom
from designer.estimates.nccl import CURVE_SIZES, NcclSystem, best, bus_factor, latency_us, row, time_s
from designer.estimates.summary import planning_estimates
from designer.fabric.generate import GenerateSpec, generate

GB = 8e9  # the message: 8 GB


def dgx_h100(nodes: int, **overrides) -> NcclSystem:
    # 8 GPUs, 8 x 400 Gb/s NICs (50 GB/s line rate each), NVLink 4 at 450 GB/s one way, NVSwitch
    values = dict(nodes=nodes, gpus_per_node=8, nics_per_node=8, nic_gbytes_s=50.0, nvlink_gbytes_s=450.0,
                  nvls=True, sharp=False)
    values.update(overrides)
    return NcclSystem(**values)


@pytest.fixture(scope="module")
def catalog():
    return load_catalog(include_user=False)


def _estimates(catalog, nodes: int, **communication):
    design = generate(GenerateSpec(server="nvidia-dgx-h100", nodes=nodes, switch="nvidia-qm9700"), catalog)
    design.estimates.communication.message_mb = 8000
    for key, value in communication.items():
        setattr(design.estimates.communication, key, value)
    checker = Checker(design, catalog.cabling)
    block = planning_estimates(checker.ctx, catalog, build_bom(design, catalog, checker.ctx.index))
    return json.loads(json.dumps(block.as_dict()))  # as a script reads the report


# ---------------------------------------------------------------- the acceptance figures


def test_one_dgx_h100_reaches_the_nvls_class_476_gbytes_s():
    # NVLS all-reduce: algbw = 450 GB/s x 275/450 = 275 GB/s (nccl-tests issue 212)
    #   t = 23 us (NCCL's NVLS latency) + 8 GB / 275 GB/s = 29.090909 ms + 0.023 ms = 29.113909 ms
    #   algbw = 8 GB / 29.113909 ms = 274.783 GB/s; busbw = x 2 x 7/8 = 480.870 GB/s
    system = dgx_h100(1)
    algorithm, protocol, t = best(system, "all_reduce", GB)
    assert (algorithm, protocol) == ("nvls", "Simple")
    assert t == pytest.approx(29.113909e-3, rel=1e-6)
    line = row(system, "all_reduce", GB)
    assert line["busbw_gbytes_s"] == pytest.approx(480.870, abs=1e-3)
    # NVIDIA: ~476 GB/s "in the expected range" (nccl-tests issue 290), ~480 peak (issue 212)
    assert line["busbw_gbytes_s"] == pytest.approx(476, rel=0.02)
    # the ring alone (NCCL_ALGO=RING): the effective NVLink rate, 370 GB/s (issue 212)
    ring = row(system, "all_reduce", GB, only=["ring"])
    assert ring["busbw_gbytes_s"] == pytest.approx(370, rel=0.005)


def test_two_nodes_of_eight_400g_nics_reach_at_least_368_gbytes_s():
    # ring, one channel per NIC: busbw = min(8 NICs x 47 GB/s, 8/7 x 370 GB/s) = min(376, 422.86) = 376 GB/s
    # latency (Simple, 16 ranks, 2 nodes): 2 x 15 = 30 steps, 2 x 2 = 4 of them over the network;
    #   8.4 + 26 x max(3.4, 3.0) + 4 x 14.0 = 8.4 + 88.4 + 56 = 152.8 us
    # t = 152.8 us + 2 x 15/16 x 8 GB / 376 GB/s = 0.1528 + 39.893617 ms = 40.046417 ms
    # algbw = 199.768 GB/s; busbw = x 2 x 15/16 = 374.565 GB/s
    system = dgx_h100(2)
    assert latency_us(system, "all_reduce", "ring", "Simple") == pytest.approx(152.8)
    assert time_s(system, "all_reduce", "ring", "Simple", GB) == pytest.approx(40.046417e-3, rel=1e-6)
    ring = row(system, "all_reduce", GB, only=["ring"])
    assert ring["busbw_gbytes_s"] == pytest.approx(374.565, abs=1e-3)
    # NVIDIA: 46-48 GB/s per NDR NIC (issue 290), up to ~396 GB/s aggregated with the ring (issue 319)
    assert 368 <= ring["busbw_gbytes_s"] <= 396
    # NCCL's default on two nodes is the NVLS tree, which goes beyond the network (issue 196)
    assert row(system, "all_reduce", GB)["busbw_gbytes_s"] >= 368


def test_the_report_no_longer_says_45_gbytes_s_for_two_dgx_h100(catalog):
    est = _estimates(catalog, 2)
    legacy_ring = next(r for r in est["allreduce"]["algorithms"] if r["name"] == "ring")
    assert legacy_ring["busbw_gbytes_s"] == pytest.approx(44.976, abs=1e-3)  # the single naive ring, kept
    nccl = est["allreduce"]["nccl"]
    assert nccl["busbw_gbytes_s"] >= 368
    assert nccl["busbw_gbytes_s"] > 8 * legacy_ring["busbw_gbytes_s"]
    ops = est["collectives"]["operations"]
    ring = next(r for r in ops["all_reduce"]["by_algorithm"] if r["algorithm"] == "ring")
    assert 368 <= ring["busbw_gbytes_s"] <= 396
    assert est["collectives"]["sharp"] is True and est["collectives"]["nvls"] is True  # QM9700, NVSwitch
    assert (est["collectives"]["nodes"], est["collectives"]["nics_per_node"]) == (2, 8)


def test_one_node_report(catalog):
    est = _estimates(catalog, 1)
    at = est["collectives"]["operations"]["all_reduce"]["at_message"]
    assert at["algorithm"] == "nvls"
    assert at["busbw_gbytes_s"] == pytest.approx(476, rel=0.02)
    assert est["allreduce"]["nccl"]["busbw_gbytes_s"] == at["busbw_gbytes_s"]


# ---------------------------------------------------------------- the small-message end


def test_small_messages_cost_the_latency():
    # 8 B on one node: ring LL, 6.6 us base + 2 x 7 = 14 NVLink steps x 0.6 us = 15.0 us
    # (the 14 bytes each rank moves take 14 B / (370/4 GB/s) = 0.00015 us)
    one = row(dgx_h100(1), "all_reduce", 8)
    assert (one["algorithm"], one["protocol"]) == ("ring", "LL")
    assert one["time_us"] == pytest.approx(15.0, abs=1e-3)
    assert one["busbw_gbytes_s"] < 0.01
    # 8 B on two nodes: tree LL, 6.8 + 2 x (7 x 0.6 + log2(2) x 5.0) = 6.8 + 18.4 = 25.2 us
    two = row(dgx_h100(2), "all_reduce", 8)
    assert (two["algorithm"], two["protocol"]) == ("tree", "LL")
    assert two["time_us"] == pytest.approx(25.2, abs=1e-3)
    # forced to the NVLS tree, NCCL's model says 23 + 2 x 1 x 14 = 51 us; measured on 2 nodes
    # of 8 H20 (NVLink 4, NVSwitch, 16 NDR NICs) with NCCL_ALGO=NVLSTree: 46.3-47.8 us from 4 B
    # to 1 KB (github.com/NVIDIA/nccl issue 1244)
    nvls_tree = row(dgx_h100(2), "all_reduce", 8, only=["nvls_tree"])
    assert nvls_tree["time_us"] == pytest.approx(51.0, abs=1e-3)
    assert nvls_tree["time_us"] == pytest.approx(47.0, rel=0.1)


def test_the_curve_is_nccl_tests_sweep_and_bandwidth_grows_with_size():
    assert CURVE_SIZES[0] == 8 and CURVE_SIZES[-1] == 8 * 2**30 and len(CURVE_SIZES) == 31
    curve = [row(dgx_h100(2), "all_reduce", size) for size in CURVE_SIZES]
    busbw = [p["busbw_gbytes_s"] for p in curve]
    assert busbw == sorted(busbw)
    times = [p["time_us"] for p in curve]
    assert times == sorted(times)


# ---------------------------------------------------------------- the other operations and inputs


def test_bus_factors_are_nccl_tests():
    assert bus_factor("all_reduce", 16) == pytest.approx(2 * 15 / 16)
    assert bus_factor("all_gather", 16) == pytest.approx(15 / 16)
    assert bus_factor("reduce_scatter", 16) == pytest.approx(15 / 16)
    assert bus_factor("all_to_all", 16) == pytest.approx(15 / 16)


def test_all_gather_on_two_nodes_runs_at_the_nics():
    # ring, busbw 376 GB/s; 15 steps, 1 over the network (Simple): 8.4 + 14 x 3.4 + 14.0 = 70.0 us
    # t = 70 us + 15/16 x 8 GB / 376 GB/s = 0.07 + 19.946809 ms; busbw = 7.5 GB / 20.016809 ms = 374.685 GB/s
    line = row(dgx_h100(2), "all_gather", GB)
    assert line["time_us"] == pytest.approx(20016.809, abs=1e-2)
    assert line["busbw_gbytes_s"] == pytest.approx(374.685, abs=1e-3)


def test_all_to_all_across_nodes_gets_one_nic_per_gpu():
    # 16 nodes x 8 GPUs: each GPU sends 120/128 of S over 1 NIC's worth (47 GB/s); busbw ~ 47 GB/s
    line = row(dgx_h100(16), "all_to_all", GB)
    assert line["busbw_gbytes_s"] == pytest.approx(47 * 127 / 120, rel=0.01)
    assert 45 <= line["busbw_gbytes_s"] <= 50  # issue 267: one NIC, 48-49 GB/s


def test_oversubscription_halves_what_the_nics_carry():
    # 2:1: 8 x 47 / 2 = 188 GB/s for the ring
    line = row(dgx_h100(2, oversubscription=2.0), "all_reduce", GB, only=["ring"])
    assert line["busbw_gbytes_s"] == pytest.approx(188, rel=0.01)


def test_sharp_reduces_in_the_fabric():
    # 16 nodes with SHARP and NVLS: algbw = min(275, 8 x 47 x 0.85 = 319.6) = 275 GB/s;
    # busbw = 275 x 2 x 127/128 = 545.7 GB/s less the 41 us latency
    with_sharp = row(dgx_h100(16, sharp=True), "all_reduce", GB)
    assert with_sharp["algorithm"] == "sharp"
    assert with_sharp["busbw_gbytes_s"] == pytest.approx(545.7, rel=0.003)
    without = row(dgx_h100(16), "all_reduce", GB)
    assert without["algorithm"] != "sharp" and without["busbw_gbytes_s"] < with_sharp["busbw_gbytes_s"]


def test_inputs_switch_nvls_off_and_set_the_scale_up_domain(catalog):
    est = _estimates(catalog, 1, nvls=False)
    assert est["collectives"]["nvls"] is False
    at = est["collectives"]["operations"]["all_reduce"]["at_message"]
    assert at["algorithm"] == "ring" and at["busbw_gbytes_s"] == pytest.approx(370, rel=0.005)
    assert "collectives.no_nvls" in [k["key"] for k in est["assumption_keys"]]
    # 2 DGX H100 as one 16-GPU NVLink domain (what an NVL rack would be): one node, 16 NICs
    est = _estimates(catalog, 2, scale_up_gpus=16)
    assert (est["collectives"]["nodes"], est["collectives"]["gpus_per_node"]) == (1, 16)
    assert est["collectives"]["nics_per_node"] == 16


def test_no_nvlink_figure_leaves_the_figures_unknown():
    system = dgx_h100(2, nvlink_gbytes_s=0.0, nvls=False)
    assert row(system, "all_reduce", GB)["busbw_gbytes_s"] is None
