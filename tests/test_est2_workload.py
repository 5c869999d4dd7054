"""Sizing from the workload (designer/estimates/workload.py), worked by hand."""

from __future__ import annotations

import json

import pytest

from designer.catalog import load_catalog
from designer.checks import Checker
from designer.estimates.bom import build_bom
from designer.estimates.nccl import NcclSystem
from designer.estimates.summary import planning_estimates
from designer.estimates.workload import (
    activation_bytes,
    choose_layout,
    memory_per_gpu,
    min_gpus_for_states,
    model_shape,
    state_bytes,
    workload_estimate,
)
from designer.model.estimates import WorkloadInputs
from designer.model.io import load_design
from designer.resources import example_design

GB = 1e9
LLAMA2_7B = dict(parameters_billion=7.0, layers=32, hidden_size=4096, attention_heads=32)


def dgx_h100(nodes: int) -> NcclSystem:
    return NcclSystem(nodes=nodes, gpus_per_node=8, nics_per_node=8, nic_gbytes_s=50.0, nvlink_gbytes_s=450.0,
                      nvls=True, sharp=False)


def test_mixed_precision_adam_is_16_bytes_per_parameter():
    # ZeRO (Rajbhandari et al. 2020) 3.1: 2 (fp16 weights) + 2 (fp16 gradients) + 12 (fp32 master
    # weights, momentum, variance) = 16 bytes per parameter; a 7 B model: 112 GB of model states
    assert sum(state_bytes("bf16", "adam")) == 16.0
    assert state_bytes("bf16", "adam") == (2.0, 2.0, 12.0)
    assert sum(state_bytes("fp32", "adam")) == 16.0  # 4 + 4 + 8
    assert sum(state_bytes("bf16", "sgd")) == 12.0  # 2 + 2 + (4 master + 4 momentum)
    # GPT-3 175 B: 16 x 175e9 = 2.8 TB: at least 2,800 / 80 = 35 H100 for the states alone
    assert min_gpus_for_states(WorkloadInputs(parameters_billion=175), 80.0) == 35
    assert min_gpus_for_states(WorkloadInputs(parameters_billion=7), 80.0) == 2  # 112 / 80 -> 2


def test_activation_memory_is_korthikanti_table_2():
    # s = 4096, b = 1, h = 4096, a = 32, L = 32, t = 2: s b h L = 536,870,912
    #   none:      s b h L (34/t + 5 a s / (h t)) = 536,870,912 x (17 + 5 x 32 x 4096 / 8192 = 80) = 52.076 GB
    #   selective: 34 s b h L / t = 536,870,912 x 17 = 9.127 GB
    #   full:      2 s b h L = 1.074 GB
    assert activation_bytes(4096, 1, 4096, 32, 32, 2, "none") == pytest.approx(52.076478e9, rel=1e-6)
    assert activation_bytes(4096, 1, 4096, 32, 32, 2, "selective") == pytest.approx(9.126805504e9, rel=1e-9)
    assert activation_bytes(4096, 1, 4096, 32, 32, 2, "full") == pytest.approx(1.073741824e9, rel=1e-9)


def test_memory_per_gpu_by_hand():
    # Llama-2-7B shape, t = 2, p = 1, selective recomputation, no ZeRO:
    #   states 112 GB / 2 = 56 GB (7 weights + 7 gradients + 42 optimizer) + 9.127 GB = 65.127 GB <= 80
    inputs = WorkloadInputs(**LLAMA2_7B)
    memory = memory_per_gpu(inputs, 2, 1, 64, model_shape(inputs))
    assert (memory["weights"], memory["gradients"], memory["optimizer"]) == pytest.approx((7.0, 7.0, 42.0))
    assert memory["total"] == pytest.approx(65.126805504)
    # ZeRO-3 over 64 data-parallel ranks, t = p = 1: 112 GB / 64 = 1.75 GB of states
    zero3 = WorkloadInputs(**LLAMA2_7B, zero_stage=3)
    memory = memory_per_gpu(zero3, 1, 1, 64, model_shape(zero3))
    assert memory["weights"] + memory["gradients"] + memory["optimizer"] == pytest.approx(1.75)


def test_the_layout_puts_tensor_parallelism_inside_the_server():
    # 7 B on 128 H100 of 80 GB: t = 1 needs 112 + 18.3 GB > 80; t = 2 fits (65.1 GB): 2 x 1 x 64
    inputs = WorkloadInputs(**LLAMA2_7B)
    assert choose_layout(inputs, 128, 8, 80.0, model_shape(inputs)) == (2, 1, 64, True)
    # 175 B: t x p >= 35 for the states; t up to the 8 GPUs of a server, then pipeline stages
    big = WorkloadInputs(parameters_billion=175)
    t, p, d, fits = choose_layout(big, 1024, 8, 80.0, model_shape(big))
    assert t == 8 and p >= 8 and fits and t * p * d == 1024


def test_flops_and_days_to_train_by_hand():
    # 6 N T = 6 x 7e9 x 140e9 = 5.88e21 FLOPs (Kaplan et al. 2020)
    # 128 H100 x 989 TFLOPS x 0.40 MFU = 5.06368e16 FLOP/s -> 116,120.3 s = 1.344 days
    # a step of 1,024 x 4,096 = 4,194,304 tokens: 6 x 7e9 x 4,194,304 / 5.06368e16 = 3.4789 s
    inputs = WorkloadInputs(**LLAMA2_7B)
    block, notes = workload_estimate(inputs, dgx_h100(16), "NVIDIA H100 SXM5", 80.0, [])
    assert block["training_flops"] == pytest.approx(5.88e21)
    assert block["peak_tflops_per_gpu"] == 989.0
    assert block["days_to_train"] == pytest.approx(116120.3 / 86400, abs=1e-3)
    assert block["step_s"] == pytest.approx(3.4789, abs=1e-4)
    assert block["steps"] == 33379  # ceil(140e9 / 4,194,304)
    assert block["layout"]["tensor_parallel"] == 2 and block["bottlenecks"] == []
    assert [n.key for n in notes] == ["workload.model", "workload.layout"]
    # data parallelism all-reduces N / (t p) x 2 bytes = 7 GB of bf16 gradients
    assert block["communication_per_step"]["data_parallel"]["bytes_each"] == pytest.approx(7e9)
    # tensor parallelism: 4 all-reduces of s b h x 2 bytes = 33.55 MB per layer and micro-batch;
    # 1,024 / (64 x 1) = 16 micro-batches x 32 layers x 4 = 2,048
    tp = block["communication_per_step"]["tensor_parallel"]
    assert tp["collectives"] == 2048 and tp["bytes_each"] == pytest.approx(4096 * 4096 * 2)


def test_tensor_parallelism_beyond_the_server_is_a_bottleneck():
    inputs = WorkloadInputs(**LLAMA2_7B, tensor_parallel=16)
    block, _ = workload_estimate(inputs, dgx_h100(16), "NVIDIA H100 SXM5", 80.0, [])
    assert "scale_up_domain" in block["bottlenecks"]
    assert block["communication_per_step"]["tensor_parallel"]["inside_scale_up_domain"] is False


def test_an_unknown_peak_leaves_the_days_unknown_and_says_so():
    block, notes = workload_estimate(WorkloadInputs(), dgx_h100(2), "GPU", 80.0, [])
    assert block["days_to_train"] is None and block["peak_tflops_per_gpu"] is None
    assert "workload.peak_unknown" in [n.key for n in notes]
    block, _ = workload_estimate(WorkloadInputs(peak_tflops_per_gpu=500.0), dgx_h100(2), "GPU", 80.0, [])
    assert block["peak_source"] == "inputs" and block["days_to_train"] is not None


def test_the_report_sizes_the_bundled_example_and_the_catalog():
    catalog = load_catalog(include_user=False)
    design = load_design(example_design(), catalog)
    checker = Checker(design, catalog.cabling)
    est = json.loads(json.dumps(planning_estimates(checker.ctx, catalog, build_bom(design, catalog,
                                                                                   checker.ctx.index)).as_dict()))
    w = est["workload"]
    assert (w["gpus"], w["gpu_memory_gb"], w["model_states_gb"]) == (128, 80.0, 112.0)
    assert w["memory_per_gpu_gb"]["fits"] is True
    servers = {row["server"]: row for row in w["catalog"]}
    assert servers["nvidia-dgx-h100"]["min_servers"] == 1
    assert servers["nvidia-dgx-b200"]["min_gpus_for_states"] == 1  # 112 GB on a 180 GB B200


def test_scaling_points_also_say_the_efficiency_with_nccls_all_reduce():
    # 16 DGX H100, 7 B bf16 gradients (14 GB), 1 s of compute: NCCL's all-reduce (SHARP on the
    # QM9700 fabric, 274.6 GB/s algbw) takes 14 GB / 274.6 GB/s + 41 us = 51.0 ms -> 1 / 1.051 = 0.9515
    catalog = load_catalog(include_user=False)
    design = load_design(example_design(), catalog)
    checker = Checker(design, catalog.cabling)
    est = planning_estimates(checker.ctx, catalog, build_bom(design, catalog, checker.ctx.index))
    last = est.scaling.points[-1]
    assert last.nccl is not None and (last.nodes, last.nccl.algorithm) == (16, "sharp")
    assert last.nccl.efficiency == pytest.approx(1 / (1 + 14e9 / (450e9 * 275 / 450) + 41e-6), abs=1e-3)
    assert last.efficiency is not None and last.nccl.efficiency > last.efficiency  # the single-ring model's 0.8869
    assert {"efficiency_nccl", "algorithm_nccl"} <= set(last.as_dict())
