"""Sizing from the workload: memory per GPU, the parallel layout, communication per step,
FLOPs and days to train.

Formulas and their sources:

- Model states per parameter (Rajbhandari et al. 2020, "ZeRO", SC 2020, section 3.1): mixed
  precision Adam keeps fp16/bf16 weights (2 bytes) and gradients (2) and fp32 master weights,
  momentum and variance (4 + 4 + 4 = 12): 16 bytes per parameter. SGD with momentum keeps
  master weights and momentum (8); pure fp32 keeps 4-byte weights and gradients and Adam's
  two moments (8). FP8 training keeps bf16 weights and gradients and the same fp32 states
  (its FP8 is in the matmuls). ZeRO stage 1 shards the optimizer states over the data-parallel
  ranks, stage 2 the gradients too, stage 3 the weights too. Tensor (t) and pipeline (p)
  parallelism divide all of them by t x p.
- Activations per GPU (Korthikanti et al. 2022, "Reducing Activation Recomputation in Large
  Transformer Models", MLSys 2023, Table 2; with sequence parallelism; the first pipeline stage
  under 1F1B holds p micro-batches of L/p layers, i.e. L layers' worth): s b h L (34/t + 5 a s /
  (h t)) bytes without recomputation, 34 s b h L / t with selective recomputation, 2 s b h L with
  full recomputation (s sequence length, b micro-batch, h hidden size, a heads, L layers).
- Training FLOPs = 6 N T (Kaplan et al. 2020, "Scaling Laws for Neural Language Models", 2.1):
  forward 2 N per token, backward 4 N. Recomputation is not counted: MFU is defined on the
  model's FLOPs (Chowdhery et al. 2022, PaLM, appendix B).
- The model's shape, when not given, is a GPT one (N = 12 L h^2 with h = 128 L), rounded as
  published models are shaped: the hidden size to a multiple of 1,024 (8 heads of 128) and the
  layers to a multiple of 8. That gives Llama 2 7B's shape (32 layers of 4,096, 32 heads) and
  13B's (40 of 5,120, 40 heads) and GPT-3 175B's (96 of 12,288, 96 heads), and a head count
  that tensor parallelism of 1, 2, 4 or 8 divides.
- The layout keeps Megatron-LM's divisibility rules (its argument checks): tensor parallelism
  divides the attention heads and, with sequence parallelism, the sequence length; pipeline
  parallelism divides the layers (as many in every stage); data parallelism x micro-batch
  divides the global batch (as many micro-batches on every replica). A chosen layout is the
  fewest GPUs per replica (t x p) whose memory fits, tensor parallelism a power of two inside
  the NVLink domain and first, pipeline stages a power of two where one fits, and then the
  largest data parallelism the global batch allows; GPUs it leaves idle are said, with the
  global batch that would use them. A layout given bigger than the design is said to be, and
  no time is stated for GPUs the design does not have.
- Time = 6 N T / (GPUs x peak x MFU). Peak: dense BF16 of the GPU (H100 / H200 SXM: 989 TFLOPS,
  NVIDIA's datasheet states 1,979 "with sparsity", half without). MFU default 0.40: Llama 3
  trained at 38-43 % BF16 MFU on 8K-16K H100 (Dubey et al. 2024, "The Llama 3 Herd of Models",
  Table 4).
- Communication per step and GPU (Narayanan et al. 2021, "Efficient Large-Scale Language Model
  Training on GPU Clusters Using Megatron-LM", SC 2021, section 3): tensor parallelism
  all-reduces s b h activations 4 times a layer and micro-batch (2 forward, 2 backward; 2 more
  with full recomputation) over the t ranks; pipeline parallelism sends s b h activations
  forward and gradients back once a micro-batch at each stage boundary; data parallelism
  all-reduces (or reduce-scatters and all-gathers: the same traffic) the gradients of its
  N/(t p) parameters once a step. Their times are NCCL's (``nccl.py``) at the design's fabric.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

from designer.estimates.nccl import NcclSystem, best
from designer.estimates.notes import Note, note
from designer.estimates.results import CatalogServerFit, MemoryPerGpu, WorkloadBlock
from designer.model.estimates import WorkloadInputs
from designer.model.units import BYTES_PER_GB, SECONDS_PER_DAY, from_billions, tflops_to_flops

HEAD_DIM = 128  # hidden / heads, and hidden / layers for a derived shape (Llama 2 7B: 4096 / 32)
# A derived shape's steps: hidden sizes of 8 heads, layers by 8 (see the module's docstring).
HIDDEN_STEP = 8 * HEAD_DIM
LAYER_STEP = 8

# Dense BF16 tensor TFLOPS (without sparsity) per GPU model, from NVIDIA's datasheets:
# H100 SXM "BF16 Tensor Core 1,979 teraFLOPS*", * with sparsity, half without; H200 the same GPU.
PEAK_TFLOPS = {"H100 SXM": 989.0, "H200 SXM": 989.0}

# (weights, gradients, optimizer states) bytes per parameter [ZeRO 3.1]
STATE_BYTES = {
    ("adam", "mixed"): (2.0, 2.0, 12.0),
    ("adam", "fp32"): (4.0, 4.0, 8.0),
    ("sgd", "mixed"): (2.0, 2.0, 8.0),
    ("sgd", "fp32"): (4.0, 4.0, 4.0),
}


def state_bytes(precision: str, optimizer: str) -> tuple[float, float, float]:
    return STATE_BYTES[(optimizer, "fp32" if precision == "fp32" else "mixed")]


def _rounded(value: float, step: int, fine_step: int) -> int:
    """``value`` to the nearest multiple of ``step``; of ``fine_step`` (at least one) when that is 0."""
    coarse = round(value / step) * step
    return int(coarse) if coarse > 0 else max(fine_step, round(value / fine_step) * fine_step)


def model_shape(inputs: WorkloadInputs) -> tuple[int, int, int, bool]:
    """(layers, hidden, heads, derived): the inputs', else a GPT shape with N = 12 L h^2
    and h = 128 L (so h = (128 N / 12)^(1/3)), the hidden size rounded to a multiple of 1,024
    (of 128 for a small model) and the layers to a multiple of 8 (of 1 for a shallow one)."""
    n = from_billions(inputs.parameters_billion)
    layers, hidden, heads = inputs.layers, inputs.hidden_size, inputs.attention_heads
    derived = layers is None or hidden is None
    if hidden is None:
        hidden = (n / (12 * layers)) ** 0.5 if layers else (HEAD_DIM * n / 12) ** (1 / 3)
        hidden = _rounded(hidden, HIDDEN_STEP, HEAD_DIM)
    if layers is None:
        layers = _rounded(n / (12 * hidden**2), LAYER_STEP, 1)
    if heads is None:
        heads = max(1, hidden // HEAD_DIM)
    return int(layers), int(hidden), int(heads), derived


def activation_bytes(s: int, b: int, h: int, a: int, layers: int, t: int, recompute: str) -> float:
    """Per GPU of the first pipeline stage [Korthikanti et al. 2022, Table 2]."""
    sbh = s * b * h
    if recompute == "full":
        return 2.0 * sbh * layers
    if recompute == "selective":
        return 34.0 * sbh * layers / t
    return sbh * layers * (34.0 / t + 5.0 * a * s / (h * t))


def memory_per_gpu(
    inputs: WorkloadInputs, t: int, p: int, d: int, shape: tuple[int, int, int, bool]
) -> dict[str, float]:
    """GB per GPU: weights, gradients, optimizer states, activations (the chosen recomputation)."""
    n = from_billions(inputs.parameters_billion)
    w, g, o = state_bytes(inputs.precision, inputs.optimizer)
    z = inputs.zero_stage
    shard = n / (t * p)
    weights = shard * w / (d if z >= 3 else 1)
    grads = shard * g / (d if z >= 2 else 1)
    optim = shard * o / (d if z >= 1 else 1)
    layers, hidden, heads, _ = shape
    acts = {mode: activation_bytes(inputs.sequence_length, inputs.micro_batch_sequences, hidden, heads, layers, t,
                                   mode) for mode in ("none", "selective", "full")}
    total = weights + grads + optim + acts[inputs.recompute]
    return {
        "weights": weights / BYTES_PER_GB,
        "gradients": grads / BYTES_PER_GB,
        "optimizer": optim / BYTES_PER_GB,
        "activations": acts[inputs.recompute] / BYTES_PER_GB,
        "activations_no_recompute": acts["none"] / BYTES_PER_GB,
        "activations_selective": acts["selective"] / BYTES_PER_GB,
        "activations_full_recompute": acts["full"] / BYTES_PER_GB,
        "total": total / BYTES_PER_GB,
    }


def _divisors(n: int) -> list[int]:
    """The divisors of ``n`` (at least 1), smallest first: a walk to its square root, at most
    31,623 steps for the largest global batch the model takes (10^9 sequences)."""
    small, large = [], []
    k = 1
    while k * k <= n:
        if n % k == 0:
            small.append(k)
            if k != n // k:
                large.append(n // k)
        k += 1
    return small + large[::-1]


def _power_of_two(n: int) -> bool:
    return n > 0 and n & (n - 1) == 0


def data_parallel_choices(inputs: WorkloadInputs) -> list[int]:
    """The data parallelisms whose replicas take the same whole number of micro-batches of the
    global batch (Megatron-LM: global batch % (DP x micro-batch) == 0), smallest first; none
    when the global batch is not a multiple of the micro-batch."""
    batch, micro = inputs.global_batch_sequences, inputs.micro_batch_sequences
    return [] if batch % micro else _divisors(batch // micro)


def largest_data_parallel(most: int, choices: list[int]) -> int:
    """The largest of ``choices`` (``data_parallel_choices``) up to ``most``; ``most`` when none is."""
    fitting = [d for d in choices if d <= most]
    return fitting[-1] if fitting else most


def layout_rules(inputs: WorkloadInputs, shape: tuple[int, int, int, bool], t: int, p: int, d: int) -> list[str]:
    """Megatron-LM's divisibility rules the layout breaks (``ParallelLayout.rules_broken``)."""
    layers, _hidden, heads, _ = shape
    broken = []
    if heads % t:
        broken.append("heads")
    if inputs.sequence_length % t:
        broken.append("sequence")
    if layers % p:
        broken.append("layers")
    if inputs.global_batch_sequences % (d * inputs.micro_batch_sequences):
        broken.append("batch")
    return broken


def choose_layout(inputs: WorkloadInputs, gpus: int, domain: int, memory_gb: float,
                  shape: tuple[int, int, int, bool]) -> tuple[int, int, int, bool | None] | None:
    """(t, p, d, fits): the inputs' sizes where given; the rest chosen as the fewest GPUs per
    replica (t x p) whose memory fits, tensor parallelism first, a power of two inside the
    NVLink domain (Narayanan et al. 2021: tensor parallelism within a server, pipeline across),
    pipeline stages a power of two where one fits, then the largest data parallelism the
    global batch allows, all within Megatron-LM's divisibility rules (``layout_rules``).
    ``fits`` None: the GPU's memory is unknown (``memory_gb`` 0), and the layout is the smallest.
    A layout that needs more GPUs than ``gpus`` is returned as given (the caller says so).
    None when there are no GPUs."""
    if gpus < 1:
        return None
    layers, _hidden, heads, _ = shape
    known = memory_gb > 0
    ts = [inputs.tensor_parallel] if inputs.tensor_parallel else [
        t for t in _divisors(max(1, domain)) if _power_of_two(t) and heads % t == 0
        and inputs.sequence_length % t == 0]
    ps = [inputs.pipeline_parallel] if inputs.pipeline_parallel else _divisors(layers)
    ds = [] if inputs.data_parallel else data_parallel_choices(inputs)

    def fits(t: int, p: int, d: int) -> bool | None:
        return memory_per_gpu(inputs, t, p, d, shape)["total"] <= memory_gb if known else None

    options = []
    for t in ts:
        for p in ps:
            most = gpus // (t * p)
            if inputs.data_parallel:
                d = inputs.data_parallel
            elif most < 1:
                continue  # one replica needs more GPUs than the design has
            else:
                d = largest_data_parallel(most, ds)
            fit = fits(t, p, d)
            options.append((t * p * d > gpus, fit is False, not _power_of_two(p), t * p, p, t, d, fit))
    if not options:
        t, p = ts[0], ps[0]
        d = inputs.data_parallel or 1
        return t, p, d, fits(t, p, d)
    *_, p, t, d, fit = min(options)
    return t, p, d, fit


def min_gpus_for_states(inputs: WorkloadInputs, memory_gb: float) -> int | None:
    """The fewest GPUs whose memory holds the model states alone (weights, gradients, optimizer
    states, all sharded), a hard lower bound: activations and buffers come on top."""
    if memory_gb <= 0:
        return None
    total = (from_billions(inputs.parameters_billion) * sum(state_bytes(inputs.precision, inputs.optimizer))
             / BYTES_PER_GB)
    return max(1, math.ceil(total / memory_gb))


def peak_tflops(model: str | None) -> float | None:
    text = (model or "").replace("SXM5", "SXM")
    for name, value in PEAK_TFLOPS.items():
        if name in text:
            return value
    return None


def _allreduce_s(system: NcclSystem, size: float) -> float | None:
    pick = best(system, "all_reduce", size)
    return None if pick is None else pick[2]


def _group(system: NcclSystem, ranks: int, per_node: int) -> NcclSystem:
    """A communicator of ``ranks`` GPUs, ``per_node`` of them in each NVLink domain, each GPU
    with its share of the domain's NICs."""
    per_node = max(1, min(per_node, ranks, system.gpus_per_node))
    nodes = max(1, math.ceil(ranks / per_node))
    nics = max(1, round(system.nics_per_node * per_node / system.gpus_per_node)) if system.nics_per_node else 0
    nvls = system.nvls and per_node == system.gpus_per_node
    return replace(system, nodes=nodes, gpus_per_node=per_node, nics_per_node=nics, nvls=nvls,
                   sharp=system.sharp and nodes > 1)


def workload_estimate(
    inputs: WorkloadInputs,
    system: NcclSystem | None,
    gpu_model: str | None,
    memory_gb: float | None,
    catalog_servers: list[CatalogServerFit],
) -> tuple[WorkloadBlock, list[Note]]:
    """The report's ``workload`` block and its assumptions."""
    n = from_billions(inputs.parameters_billion)
    tokens = from_billions(inputs.tokens_billion)
    shape = model_shape(inputs)
    layers, hidden, heads, derived = shape
    w, g, o = state_bytes(inputs.precision, inputs.optimizer)
    flops = 6.0 * n * tokens
    gpus = system.ranks if system else 0
    domain = system.gpus_per_node if system else 0
    mem = memory_gb or 0.0
    peak = inputs.peak_tflops_per_gpu or peak_tflops(gpu_model)
    peak_source = "inputs" if inputs.peak_tflops_per_gpu else ("datasheet" if peak else None)
    notes = [note("workload.model", bytes_per_parameter=w + g + o, mfu=inputs.mfu)]
    if derived:
        notes.append(note("workload.shape_derived", layers=layers, hidden_size=hidden, attention_heads=heads))
    if peak is None:
        notes.append(note("workload.peak_unknown", gpu=gpu_model or "?"))
    layout = choose_layout(inputs, gpus, domain, mem, shape) if gpus else None
    if layout is not None and mem <= 0:
        notes.append(note("workload.memory_unknown", gpu=gpu_model or "?"))
    block: WorkloadBlock = {
        "parameters_billion": inputs.parameters_billion,
        "tokens_billion": inputs.tokens_billion,
        "sequence_length": inputs.sequence_length,
        "global_batch_sequences": inputs.global_batch_sequences,
        "micro_batch_sequences": inputs.micro_batch_sequences,
        "precision": inputs.precision,
        "optimizer": inputs.optimizer,
        "zero_stage": inputs.zero_stage,
        "recompute": inputs.recompute,
        "model_shape": {"layers": layers, "hidden_size": hidden, "attention_heads": heads, "derived": derived},
        "bytes_per_parameter": {"weights": w, "gradients": g, "optimizer": o, "total": w + g + o},
        "model_states_gb": round(n * (w + g + o) / BYTES_PER_GB, 3),
        "training_flops": flops,
        "gpu_model": gpu_model,
        "gpu_memory_gb": memory_gb,
        "peak_tflops_per_gpu": peak,
        "peak_source": peak_source,
        "mfu": inputs.mfu,
        "min_gpus_for_states": min_gpus_for_states(inputs, mem),
        "gpus": gpus,
        "layout": None,
        "memory_per_gpu_gb": None,
        "communication_per_step": None,
        "tokens_per_step": inputs.global_batch_sequences * inputs.sequence_length,
        "steps": math.ceil(tokens / (inputs.global_batch_sequences * inputs.sequence_length)),
        "step_s": None,
        "days_to_train": None,
        "bottlenecks": [],
        "catalog": catalog_servers,
    }
    if layout is None or system is None:
        return block, notes
    t, p, d, fits = layout
    used = t * p * d
    within = used <= gpus
    broken = layout_rules(inputs, shape, t, p, d)
    chosen = not (inputs.tensor_parallel and inputs.pipeline_parallel and inputs.data_parallel)
    most = gpus // (t * p)
    # GPUs the global batch leaves idle: a chosen data parallelism below what the GPUs allow,
    # said only of a layout that keeps every rule (another batch does not mend broken heads)
    idle = within and not inputs.data_parallel and not broken and d < most
    micro = inputs.micro_batch_sequences
    all_batch = max(1, round(inputs.global_batch_sequences / (most * micro))) * most * micro if idle else None
    per_gpu = memory_per_gpu(inputs, t, p, d, shape)
    memory: MemoryPerGpu = {
        "weights": round(per_gpu["weights"], 3),
        "gradients": round(per_gpu["gradients"], 3),
        "optimizer": round(per_gpu["optimizer"], 3),
        "activations": round(per_gpu["activations"], 3),
        "activations_no_recompute": round(per_gpu["activations_no_recompute"], 3),
        "activations_selective": round(per_gpu["activations_selective"], 3),
        "activations_full_recompute": round(per_gpu["activations_full_recompute"], 3),
        "total": round(per_gpu["total"], 3),
        "fits": fits,
    }
    block["layout"] = {"tensor_parallel": t, "pipeline_parallel": p, "data_parallel": d, "gpus_used": used,
                       "chosen": chosen, "gpus_available": gpus, "within_design": within, "rules_broken": broken,
                       "global_batch_for_all_gpus": all_batch}
    block["memory_per_gpu_gb"] = memory
    # tensor parallelism inside one NVLink domain: no wider than it, and its groups not
    # straddling two (Megatron-LM places a TP group on consecutive ranks)
    inside = t <= domain and domain % t == 0
    if not inside:
        block["bottlenecks"].append("scale_up_domain")
    if fits is False:
        block["bottlenecks"].append("memory")
    notes.append(note("workload.layout", tensor_parallel=t, pipeline_parallel=p, data_parallel=d))
    notes += _rule_notes(inputs, shape, t, p, d, broken)
    if not within:
        # a layout given bigger than the design: no times for GPUs that are not there
        block["bottlenecks"].append("layout_exceeds_design")
        notes.append(note("workload.layout_exceeds_design", tensor_parallel=t, pipeline_parallel=p,
                          data_parallel=d, gpus_needed=used, gpus=gpus))
        return block, notes
    if idle:
        notes.append(note("workload.gpus_idle", gpus_used=used, gpus=gpus, global_batch=inputs.global_batch_sequences,
                          micro_batch=micro, data_parallel_all=most, global_batch_all=all_batch,
                          gpus_all=t * p * most))
    act_bytes = 2.0  # bf16 activations
    b, s = inputs.micro_batch_sequences, inputs.sequence_length
    micro_batches = max(1, math.ceil(inputs.global_batch_sequences / (d * b)))
    sbh = s * b * hidden * act_bytes
    tp_count = (6 if inputs.recompute == "full" else 4) * math.ceil(layers / p) * micro_batches if t > 1 else 0
    tp_system = _group(system, t, t)
    tp_each = _allreduce_s(tp_system, sbh) if t > 1 else 0.0
    grad_bytes = n / (t * p) * g
    dp_system = _group(system, d, max(1, system.gpus_per_node // (t * p)) if t * p <= system.gpus_per_node else 1)
    dp_s = _allreduce_s(dp_system, grad_bytes) if d > 1 else 0.0
    block["communication_per_step"] = {
        "tensor_parallel": {"collectives": tp_count, "bytes_each": sbh, "bytes_per_gpu": tp_count * sbh,
                            "time_s": None if tp_each is None else round(tp_count * tp_each, 4),
                            "inside_scale_up_domain": inside},
        "pipeline_parallel": {"bytes_per_gpu": 2 * micro_batches * sbh if p > 1 else 0.0},
        "data_parallel": {"bytes_each": grad_bytes, "time_s": None if dp_s is None else round(dp_s, 4)},
    }
    rate = tflops_to_flops(used * peak) * inputs.mfu if peak else 0.0
    if rate > 0:  # the loader refuses an MFU of 0; a script's 0 leaves the times unknown
        step = 6.0 * n * block["tokens_per_step"] / rate
        block["step_s"] = round(step, 4)
        block["days_to_train"] = round(flops / rate / SECONDS_PER_DAY, 3)
        if dp_s is not None and dp_s > step:
            block["bottlenecks"].append("fabric")
        if tp_each is not None and tp_count * tp_each > step:
            block["bottlenecks"].append("tensor_parallel_communication")
    return block, notes


def _rule_notes(inputs: WorkloadInputs, shape: tuple[int, int, int, bool], t: int, p: int, d: int,
                broken: list[str]) -> list[Note]:
    """One note per divisibility rule the layout breaks."""
    layers, _hidden, heads, _ = shape
    figures = {
        "heads": {"tensor_parallel": t, "attention_heads": heads},
        "sequence": {"tensor_parallel": t, "sequence_length": inputs.sequence_length},
        "layers": {"pipeline_parallel": p, "layers": layers},
        "batch": {"data_parallel": d, "micro_batch": inputs.micro_batch_sequences,
                  "global_batch": inputs.global_batch_sequences},
    }
    return [note(f"workload.rule.{rule}", **figures[rule]) for rule in broken]


def catalog_fit(inputs: WorkloadInputs, device_types: list[Any]) -> list[CatalogServerFit]:
    """Which GPU servers of the catalog, how many: the fewest servers whose GPUs hold the model
    states, and whether the tensor parallelism that needs fits in one server's NVLink domain."""
    out: list[CatalogServerFit] = []
    for device_type in sorted(device_types, key=lambda t: t.slug):
        if device_type.kind != "server" or not device_type.gpus or device_type.gpu_count <= 0:
            continue
        memory = device_type.gpus.memory_gb
        need = min_gpus_for_states(inputs, memory or 0.0)
        out.append({
            "server": device_type.slug,
            "gpus_per_server": device_type.gpu_count,
            "gpu_memory_gb": memory,
            "min_gpus_for_states": need,
            "min_servers": None if need is None else math.ceil(need / device_type.gpu_count),
            "peak_tflops_per_gpu": peak_tflops(device_type.gpus.model),
        })
    return out
