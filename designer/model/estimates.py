"""Inputs of the planning estimates, stored in the design (all editable, all with units).

Defaults are stated assumptions, shown in the proposal's "design inputs and
assumptions" section; a user replaces them with the customer's figures.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from designer.model.base import Model, Name, NonNegativeFloat, PositiveFloat, Share

# A share the estimates divide by (an efficiency, a utilisation of the FLOPS): 0 would leave
# nothing to divide by and no estimate to make, so the loader refuses it (``greater than 0``).
PositiveShare = Annotated[float, Field(gt=0, le=1)]


class DesignPrice(Model):
    """A unit price the user entered (``estimates.cost.prices``). ``currency`` not given: the
    project's; a price in another currency is not converted (``designer/estimates/bom.py``:
    the part counts as unpriced)."""

    amount: NonNegativeFloat | None = None
    currency: str | None = Field(default=None, pattern=r"^[A-Z]{3}$")
    estimate: bool = True
    note: str | None = None


class CostInputs(Model):
    # Unit prices that override the catalog's list prices, by catalog slug (devices,
    # racks, cables, transceivers). Currency: the project's, unless a price names another
    # (then it is not used: no exchange rate is assumed).
    prices: dict[str, DesignPrice] = Field(default_factory=dict)
    installation_cost: NonNegativeFloat = 0.0
    facility_cost: NonNegativeFloat = 0.0
    energy_price_per_kwh: NonNegativeFloat = 0.12
    # Share of the year the cluster trains (cloud hours and energy both scale with it).
    utilization: Share = 0.7
    maintenance_share_per_year: Share = 0.08  # of CAPEX
    staff_cost_per_year: NonNegativeFloat = 0.0
    space_cost_per_year: NonNegativeFloat = 0.0
    horizon_years: int = Field(default=3, ge=1, le=15)
    depreciation_years: int = Field(default=5, ge=1, le=15)
    pue: float | None = Field(default=None, ge=1.0, le=3.0)  # None: the room's PUE
    cloud_price_per_gpu_hour: NonNegativeFloat = 2.5


class CommunicationInputs(Model):
    """Alpha-beta model of collective communication."""

    message_mb: PositiveFloat = 1024.0  # all-reduce payload per GPU (MB = 10^6 bytes)
    alpha_intra_us: NonNegativeFloat = 2.0  # per-step latency inside a server (NVLink)
    alpha_inter_us: NonNegativeFloat = 6.0  # per-step latency across the fabric
    # Share of the inter-node link bandwidth a collective actually achieves.
    link_efficiency: PositiveShare = 0.9
    # -- the NCCL-grade model (designer/estimates/nccl.py; sources there) --------------
    # Share of a NIC's line rate NCCL reaches: 47 of 50 GB/s, the middle of the 46-48 GB/s
    # per NDR 400G NIC NCCL's maintainers state (github.com/NVIDIA/nccl-tests issue 290).
    nic_efficiency: PositiveShare = 0.94
    # Share of the NVLink line rate (one direction) NCCL's ring reaches: 370 of 450 GB/s on
    # H100, ~20 % protocol overhead (nccl-tests issue 212).
    nvlink_efficiency: PositiveShare = 370.0 / 450.0
    # NVLink SHARP all-reduce algbw as a share of the NVLink line rate: ~275 of 450 GB/s on
    # 8 H100, i.e. ~480 GB/s busbw (nccl-tests issue 212).
    nvls_efficiency: PositiveShare = 275.0 / 450.0
    # NVSwitch multicast (NVLS) and in-network reduction (SHARP): None = from the catalog.
    nvls: bool | None = None
    sharp: bool | None = None
    # GPUs in one NVLink domain (8 in a DGX, 72 in an NVL72 rack); None = GPUs per server.
    scale_up_gpus: int | None = Field(default=None, ge=1)


class ScalingInputs(Model):
    model_parameters_billion: PositiveFloat = 7.0
    bytes_per_gradient: PositiveFloat = 2.0  # bf16 gradients
    step_compute_s: PositiveFloat = 1.0  # compute time of one step, independent of scale (weak scaling)
    overlap: Share = 0.0  # share of communication hidden behind compute


class StorageInputs(Model):
    samples_per_second_per_gpu: NonNegativeFloat = 100.0
    sample_size_mb: NonNegativeFloat = 1.0
    # Checkpoint bytes per parameter: bf16 weights (2) + fp32 master weights (4) + Adam moments (8).
    checkpoint_bytes_per_parameter: PositiveFloat = 14.0
    checkpoints_kept: int = Field(default=5, ge=1)
    dataset_tb: NonNegativeFloat = 100.0
    hot_share: Share = 0.2  # share of the dataset on NVMe at any time
    archive_copies: int = Field(default=1, ge=0)
    # Read demand per GPU server (GB/s) instead of samples x sample size; e.g. a tier of the
    # SuperPOD RA's storage guidance (RA-11333-001 Table 6), entered by the user.
    read_per_node_gbytes_s: NonNegativeFloat | None = None
    # Named per-node read tiers {name: GB/s}, lowest first (e.g. the RA's Good / Better / Best);
    # none bundled: the table's figures were not at hand to transcribe with a source.
    read_tiers_per_node_gbytes_s: dict[str, NonNegativeFloat] = Field(default_factory=dict)


class WorkloadInputs(Model):
    """The training job the cluster is for (designer/estimates/workload.py; sources there)."""

    parameters_billion: PositiveFloat = 7.0
    # 20 tokens per parameter, the compute-optimal ratio of Hoffmann et al. 2022 (Chinchilla).
    tokens_billion: PositiveFloat = 140.0
    sequence_length: int = Field(default=4096, ge=1)
    # 1,024 sequences of 4,096 tokens = 4M tokens a step, Llama 2's global batch (Touvron et al. 2023).
    # at most 10^9 sequences (4 x 10^12 tokens a step at 4,096: beyond any published run);
    # the layout search walks the divisors of the batch
    global_batch_sequences: int = Field(default=1024, ge=1, le=1_000_000_000)
    micro_batch_sequences: int = Field(default=1, ge=1, le=1_000_000_000)
    precision: Literal["bf16", "fp16", "fp8", "fp32"] = "bf16"
    optimizer: Literal["adam", "sgd"] = "adam"
    zero_stage: int = Field(default=0, ge=0, le=3)
    recompute: Literal["none", "selective", "full"] = "selective"
    # None: chosen (the fewest GPUs per model replica whose memory fits)
    tensor_parallel: int | None = Field(default=None, ge=1)
    pipeline_parallel: int | None = Field(default=None, ge=1)
    data_parallel: int | None = Field(default=None, ge=1)
    # None: derived from the parameters (a GPT shape, hidden = 128 x layers)
    layers: int | None = Field(default=None, ge=1, le=100_000)  # (the layout search walks its divisors)
    hidden_size: int | None = Field(default=None, ge=1)
    attention_heads: int | None = Field(default=None, ge=1)
    # None: the GPU's published dense figure where the module knows it
    peak_tflops_per_gpu: PositiveFloat | None = None
    # Model FLOPs utilisation: 38-43 % in BF16 on up to 16K H100 (Llama 3, Dubey et al. 2024).
    mfu: PositiveShare = 0.4


class RoceInputs(Model):
    """Lossless RoCE v2: PFC headroom per switch port (designer/estimates/roce.py; sources there)."""

    # Largest frame on any priority of the link (both ends): a 9,216-byte jumbo frame.
    mtu_bytes: int = Field(default=9216, ge=1500, le=16384)
    # Propagation: 513 ns per 100 m of single-mode fibre (Cisco, "Priority Flow Control: Build
    # Reliable Layer 2 Infrastructure"); 476 ns per 100 m in twin-ax copper.
    cable_delay_ns_per_m: PositiveFloat = 5.13
    # A port's response time to a PAUSE, in bit times, by link speed (Gb/s): the IEEE 802.3
    # upper bounds for 100 and 400 GbE; other speeds are the user's to enter.
    response_bits_by_speed_gbps: dict[str, PositiveFloat] = Field(
        default_factory=lambda: {"100": 201728.0, "400": 463360.0})
    # Published packet buffer per switch type (MB = 10^6 bytes), by catalog slug; none bundled.
    switch_buffer_mb: dict[str, PositiveFloat] = Field(default_factory=dict)
    lossless_priorities: int = Field(default=1, ge=1, le=8)


class EstimateInputs(Model):
    cost: CostInputs = Field(default_factory=CostInputs)
    communication: CommunicationInputs = Field(default_factory=CommunicationInputs)
    scaling: ScalingInputs = Field(default_factory=ScalingInputs)
    storage: StorageInputs = Field(default_factory=StorageInputs)
    workload: WorkloadInputs = Field(default_factory=WorkloadInputs)
    roce: RoceInputs = Field(default_factory=RoceInputs)


class Stage(Model):
    """A growth stage: a named subset of the design's racks and devices, with a date."""

    name: Name
    date: str | None = None  # ISO date or free text ("2027 Q1")
    description: str | None = None
    racks: list[Name] = Field(default_factory=list)
    # Devices in the stage besides those in its racks (e.g. a shared spine).
    devices: list[Name] = Field(default_factory=list)
