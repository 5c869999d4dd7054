"""What the planning estimates return, as typed records (issue 18, 7b).

``planning_estimates`` builds a :class:`PlanningEstimates`; the window's estimates panel
reads its attributes. ``as_dict()`` gives the report's ``estimates`` block: the same keys,
in the same order, with the same values as the dict the estimates used to return, so
``designer report --json`` is unchanged (a public contract: extend, never rename).

Money is in the project's currency (``currency``), unnamed in the keys as it always was;
other figures carry their unit in the name (``_kw``, ``_tb``, ``_gbytes_s``, ``_s``).
Rows whose keys are fixed and that nobody computes on (a missing part, a capacity tier, a
checklist item) are TypedDicts, passed through as they are.

The workload block is a TypedDict too: every key is there from the start, its figures filled in
as far as the design allows (``layout`` and what follows from it need GPU servers).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NotRequired, TypedDict

from designer.estimates.notes import Note


class MissingPart(TypedDict):
    """A bill-of-materials line without a price (``designer/estimates/missing.py``)."""

    part: str
    description: str
    section: str
    quantity: int
    price_source: str | None


class CapacityTier(TypedDict):
    """A storage capacity tier (hot, warm, cold) and the media it wants."""

    tier: str
    capacity_tb: float
    media: str


class ChecklistItem(TypedDict):
    key: str
    text: str


def _missing(parts: list[MissingPart]) -> list[dict[str, Any]]:
    return [dict(p) for p in parts]


class StageReuse(TypedDict):
    """What a growth stage keeps from (``reused``) or takes away from (``removed``) the stage before."""

    devices: int
    devices_by_kind: dict[str, int]
    racks: list[str]


class StageAdditions(TypedDict):
    """What a growth stage adds to the stage before."""

    devices: int
    devices_by_kind: dict[str, int]
    switches_by_tier: dict[str, int]
    switches_by_fabric: dict[str, dict[str, int]]
    racks: list[str]
    room_power_increase_kw: float
    room_power_increase_kw_by_room: dict[str, float]


class StageFigures(TypedDict):
    """One growth stage (``designer/estimates/stages.py``); ``capex`` counts its unpriced parts as
    zero: a lower bound unless ``capex_complete``."""

    name: str
    date: str | None
    description: str | None
    gpus: int
    servers: int
    switches: int
    storage_nodes: int
    racks: int
    rack_names: list[str]
    devices: int
    power_max_kw: float
    power_typical_kw: float
    capex: float
    unpriced_parts: list[str]
    capex_complete: bool
    missing_parts: list[MissingPart]
    reused: StageReuse
    added: StageAdditions
    removed: StageReuse


# ---------------------------------------------------------------- workload


class ModelShape(TypedDict):
    layers: int
    hidden_size: int
    attention_heads: int
    derived: bool  # derived from the parameter count, not given


class BytesPerParameter(TypedDict):
    weights: float
    gradients: float
    optimizer: float
    total: float


class ParallelLayout(TypedDict):
    tensor_parallel: int
    pipeline_parallel: int
    data_parallel: int
    gpus_used: int  # t x p x d: what the layout needs
    chosen: bool  # chosen by the estimate (not every degree was given)
    gpus_available: int  # the design's GPUs
    # gpus_used <= gpus_available; when not (a layout given bigger than the design), no step
    # time and no time to train are stated (bottleneck ``layout_exceeds_design``)
    within_design: bool
    # Megatron-LM's divisibility rules the layout breaks: "heads" (TP does not divide the
    # attention heads), "sequence" (TP does not divide the sequence length, which sequence
    # parallelism splits), "layers" (PP does not divide the layers), "batch" (DP x micro-batch
    # does not divide the global batch); a chosen layout breaks none unless none can be kept
    rules_broken: list[str]
    # the global batch (sequences) nearest the given one at which the chosen TP x PP would use
    # as many GPUs as it can (every GPU where TP x PP divides their number; the note says how
    # many), when the given batch leaves GPUs idle and the layout keeps every rule; else None
    global_batch_for_all_gpus: int | None


class MemoryPerGpu(TypedDict):
    """GB per GPU under the layout (3 places); ``fits``: within the GPU's memory (None: the
    GPU's memory is not known, so neither is whether it fits)."""

    weights: float
    gradients: float
    optimizer: float
    activations: float
    activations_no_recompute: float
    activations_selective: float
    activations_full_recompute: float
    total: float
    fits: bool | None


class TensorParallelTraffic(TypedDict):
    collectives: int
    bytes_each: float
    bytes_per_gpu: float
    time_s: float | None
    inside_scale_up_domain: bool


class PipelineParallelTraffic(TypedDict):
    bytes_per_gpu: float


class DataParallelTraffic(TypedDict):
    bytes_each: float
    time_s: float | None


class CommunicationPerStep(TypedDict):
    tensor_parallel: TensorParallelTraffic
    pipeline_parallel: PipelineParallelTraffic
    data_parallel: DataParallelTraffic


class CatalogServerFit(TypedDict):
    """A GPU server of the catalog: the fewest of it whose GPUs hold the model states."""

    server: str
    gpus_per_server: int
    gpu_memory_gb: float | None
    min_gpus_for_states: int | None
    min_servers: int | None
    peak_tflops_per_gpu: float | None


class WorkloadBlock(TypedDict):
    """The report's ``workload`` block (``designer/estimates/workload.py``)."""

    parameters_billion: float
    tokens_billion: float
    sequence_length: int
    global_batch_sequences: int
    micro_batch_sequences: int
    precision: str
    optimizer: str
    zero_stage: int
    recompute: str
    model_shape: ModelShape
    bytes_per_parameter: BytesPerParameter
    model_states_gb: float
    training_flops: float
    gpu_model: str | None
    gpu_memory_gb: float | None
    peak_tflops_per_gpu: float | None
    peak_source: str | None
    mfu: float
    min_gpus_for_states: int | None
    gpus: int
    layout: ParallelLayout | None
    memory_per_gpu_gb: MemoryPerGpu | None
    communication_per_step: CommunicationPerStep | None
    tokens_per_step: int
    steps: int
    step_s: float | None
    days_to_train: float | None
    bottlenecks: list[str]
    catalog: list[CatalogServerFit]


# ---------------------------------------------------------------- collectives (NCCL model)


class AlgorithmRow(TypedDict):
    """One collective at one size as NCCL would run it: the algorithm and protocol chosen, time
    and bandwidths (None: nothing to run)."""

    algorithm: str | None
    protocol: str | None
    time_us: float | None
    algbw_gbytes_s: float | None
    busbw_gbytes_s: float | None


class NcclRow(TypedDict):
    """One line of an nccl-tests table: the message size and an ``AlgorithmRow``'s figures."""

    size_bytes: int
    algorithm: str | None
    protocol: str | None
    time_us: float | None
    algbw_gbytes_s: float | None
    busbw_gbytes_s: float | None


class OperationFigures(TypedDict):
    """One collective operation: its algorithms, the figures at the message size (NCCL's pick and
    each algorithm's), the peak bus bandwidth and the nccl-tests curve."""

    algorithms: list[str]
    at_message: NcclRow
    by_algorithm: list[AlgorithmRow]
    peak_busbw_gbytes_s: float | None
    curve: list[NcclRow]
    # the same with NCCL's default algorithms, SHARP left out (it needs the SHARP plugin and
    # NCCL_COLLNET_ENABLE=1): the POC plan's pass figure; equal to the above without SHARP
    peak_busbw_without_sharp_gbytes_s: float | None
    at_message_without_sharp: NcclRow


class CollectivesBlock(TypedDict):
    """The report's ``collectives`` block (``designer/estimates/nccl.py``); without GPU servers
    only ``gpus`` (0) and ``operations`` (empty)."""

    gpus: int
    nodes: NotRequired[int]
    gpus_per_node: NotRequired[int]
    nics_per_node: NotRequired[int]
    nic_gbytes_s: NotRequired[float]
    nic_efficiency: NotRequired[float]
    nic_achieved_gbytes_s: NotRequired[float]
    nvlink_gbytes_s: NotRequired[float]
    nvlink_efficiency: NotRequired[float]
    nvlink_achieved_gbytes_s: NotRequired[float]
    nvls: NotRequired[bool]
    nvls_efficiency: NotRequired[float]
    sharp: NotRequired[bool]
    oversubscription: NotRequired[float]
    message_bytes: NotRequired[float]
    crosses_scale_out: NotRequired[bool]  # False: one NVLink domain, no collective on the scale-out fabric
    scale_up_link: NotRequired[str | None]  # what joins a node's GPUs ("NVLink", "HCCS"; None: unnamed)
    operations: dict[str, OperationFigures]


# ---------------------------------------------------------------- all-reduce


@dataclass(frozen=True, slots=True)
class AllreduceAlgorithm:
    """One all-reduce algorithm of the alpha-beta model: time (ms) and bandwidths (None: cannot run)."""

    name: str
    time_ms: float | None
    algbw_gbytes_s: float | None
    busbw_gbytes_s: float | None

    def as_dict(self) -> dict[str, Any]:
        return {"name": self.name, "time_ms": self.time_ms, "algbw_gbytes_s": self.algbw_gbytes_s,
                "busbw_gbytes_s": self.busbw_gbytes_s}


@dataclass(frozen=True, slots=True)
class NcclAllreduce:
    """The all-reduce as NCCL would run it: the algorithm and protocol chosen, time and bandwidths."""

    algorithm: str | None
    protocol: str | None
    time_ms: float | None
    algbw_gbytes_s: float | None
    busbw_gbytes_s: float | None

    def as_dict(self) -> dict[str, Any]:
        return {"algorithm": self.algorithm, "protocol": self.protocol, "time_ms": self.time_ms,
                "algbw_gbytes_s": self.algbw_gbytes_s, "busbw_gbytes_s": self.busbw_gbytes_s}


@dataclass(frozen=True, slots=True)
class AllreduceEstimate:
    """The report's ``allreduce`` block (``designer/estimates/collective.py``); ``nccl`` is set by
    ``planning_estimates`` (left out of the dict while None)."""

    message_mb: float
    gpus: int
    nodes: int
    gpus_per_node: int
    intra_bandwidth_gbytes_s: float | None
    node_fabric_gbytes_s_per_gpu: float | None
    link_efficiency: float
    inter_bandwidth_gbytes_s: float | None
    oversubscription: float | None
    compute_fabric: str | None
    alpha_intra_us: float
    alpha_inter_us: float
    algorithms: list[AllreduceAlgorithm]
    fastest: str | None
    nccl: NcclAllreduce | None = None
    # False where every GPU is in one scale-up (NVLink) domain: the all-reduce runs on it alone
    # and the scale-out fabric carries none of it (the fabric figures above are then not used)
    crosses_scale_out: bool = True
    # what joins the GPUs of one node ("NVLink", "HCCS", "AMD Infinity Fabric"; None: unnamed)
    scale_up_link: str | None = None

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "message_mb": self.message_mb,
            "gpus": self.gpus,
            "nodes": self.nodes,
            "gpus_per_node": self.gpus_per_node,
            "intra_bandwidth_gbytes_s": self.intra_bandwidth_gbytes_s,
            "node_fabric_gbytes_s_per_gpu": self.node_fabric_gbytes_s_per_gpu,
            "link_efficiency": self.link_efficiency,
            "inter_bandwidth_gbytes_s": self.inter_bandwidth_gbytes_s,
            "oversubscription": self.oversubscription,
            "compute_fabric": self.compute_fabric,
            "crosses_scale_out": self.crosses_scale_out,
            "scale_up_link": self.scale_up_link,
            "alpha_intra_us": self.alpha_intra_us,
            "alpha_inter_us": self.alpha_inter_us,
            "algorithms": [a.as_dict() for a in self.algorithms],
            "fastest": self.fastest,
        }
        if self.nccl is not None:
            out["nccl"] = self.nccl.as_dict()
        return out


# ---------------------------------------------------------------- cost of ownership


@dataclass(frozen=True, slots=True)
class CapexFigures:
    hardware: float | None
    installation: float | None
    facility: float | None
    total: float | None
    complete: bool
    unpriced_parts: list[str]
    missing_parts: list[MissingPart]

    def as_dict(self) -> dict[str, Any]:
        return {"hardware": self.hardware, "installation": self.installation, "facility": self.facility,
                "total": self.total, "complete": self.complete, "unpriced_parts": list(self.unpriced_parts),
                "missing_parts": _missing(self.missing_parts)}


@dataclass(frozen=True, slots=True)
class OpexFigures:
    """Running cost per year."""

    energy: float | None
    maintenance: float | None
    staff: float | None
    space: float | None
    total: float | None
    complete: bool
    missing_parts: list[MissingPart]

    def as_dict(self) -> dict[str, Any]:
        return {"energy": self.energy, "maintenance": self.maintenance, "staff": self.staff, "space": self.space,
                "total": self.total, "complete": self.complete, "missing_parts": _missing(self.missing_parts)}


@dataclass(frozen=True, slots=True)
class UtilizationPoint:
    """Build and cloud totals over the horizon at one utilization."""

    utilization: float
    build_total: float | None
    build_total_full_capex: float | None
    cloud_total: float | None
    complete: bool

    def as_dict(self) -> dict[str, Any]:
        return {"utilization": self.utilization, "build_total": self.build_total,
                "build_total_full_capex": self.build_total_full_capex, "cloud_total": self.cloud_total,
                "complete": self.complete}


@dataclass(frozen=True, slots=True)
class TcoEstimate:
    """The report's ``tco`` block (``designer/estimates/tco.py``)."""

    capex: CapexFigures
    opex_per_year: OpexFigures
    it_load_kw: float
    pue: float
    pue_source: str
    energy_price_per_kwh: float
    energy_kwh_per_year: float
    utilization: float
    gpus: int
    cloud_price_per_gpu_hour: float
    horizon_years: int
    depreciation_years: int
    depreciation_in_horizon: float | None
    residual_value: float | None
    build_total: float | None
    build_total_full_capex: float | None
    cloud_total: float | None
    build_cost_per_gpu_hour: float | None
    break_even_utilization: float | None
    break_even_utilization_full_capex: float | None
    break_even_status: str
    break_even_status_full_capex: str
    # every build-side figure above (depreciation, residual value, build totals, cost per
    # GPU-hour, break-even) and in ``by_utilization`` includes the CAPEX: complete as it is
    complete: bool
    missing_parts: list[MissingPart]
    by_utilization: list[UtilizationPoint]

    def as_dict(self) -> dict[str, Any]:
        return {
            "capex": self.capex.as_dict(),
            "opex_per_year": self.opex_per_year.as_dict(),
            "it_load_kw": self.it_load_kw,
            "pue": self.pue,
            "pue_source": self.pue_source,
            "energy_price_per_kwh": self.energy_price_per_kwh,
            "energy_kwh_per_year": self.energy_kwh_per_year,
            "utilization": self.utilization,
            "gpus": self.gpus,
            "cloud_price_per_gpu_hour": self.cloud_price_per_gpu_hour,
            "horizon_years": self.horizon_years,
            "depreciation_years": self.depreciation_years,
            "depreciation_in_horizon": self.depreciation_in_horizon,
            "residual_value": self.residual_value,
            "build_total": self.build_total,
            "build_total_full_capex": self.build_total_full_capex,
            "cloud_total": self.cloud_total,
            "build_cost_per_gpu_hour": self.build_cost_per_gpu_hour,
            "break_even_utilization": self.break_even_utilization,
            "break_even_utilization_full_capex": self.break_even_utilization_full_capex,
            "break_even_status": self.break_even_status,
            "break_even_status_full_capex": self.break_even_status_full_capex,
            "complete": self.complete,
            "missing_parts": _missing(self.missing_parts),
            "by_utilization": [p.as_dict() for p in self.by_utilization],
        }


# ---------------------------------------------------------------- scaling


@dataclass(frozen=True, slots=True)
class NcclEfficiency:
    """A scaling point's efficiency with the all-reduce as NCCL runs it (``designer/estimates/nccl.py``)."""

    efficiency: float | None
    algorithm: str | None


@dataclass(frozen=True, slots=True)
class ScalingPoint:
    """Weak-scaling efficiency at one size: as measured on the design's fabric, and at 1:1 and 2:1.
    ``nccl`` is None when the NCCL model does not apply (then its two keys are left out)."""

    nodes: int
    gpus: int
    algorithm: str | None
    efficiency: float | None
    efficiency_1to1: float | None
    efficiency_2to1: float | None
    nccl: NcclEfficiency | None = None

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"nodes": self.nodes, "gpus": self.gpus, "algorithm": self.algorithm,
                               "efficiency": self.efficiency, "efficiency_1to1": self.efficiency_1to1,
                               "efficiency_2to1": self.efficiency_2to1}
        if self.nccl is not None:
            out["efficiency_nccl"], out["algorithm_nccl"] = self.nccl.efficiency, self.nccl.algorithm
        return out


@dataclass(frozen=True, slots=True)
class ScalingEstimate:
    """The report's ``scaling`` block (``designer/estimates/scaling.py``)."""

    model_parameters_billion: float
    bytes_per_gradient: float
    gradient_mb: float
    step_compute_s: float
    overlap: float
    oversubscription: float
    points: list[ScalingPoint]

    def as_dict(self) -> dict[str, Any]:
        return {"model_parameters_billion": self.model_parameters_billion,
                "bytes_per_gradient": self.bytes_per_gradient, "gradient_mb": self.gradient_mb,
                "step_compute_s": self.step_compute_s, "overlap": self.overlap,
                "oversubscription": self.oversubscription, "points": [p.as_dict() for p in self.points]}


# ---------------------------------------------------------------- storage


@dataclass(frozen=True, slots=True)
class ReadTier:
    """A named read tier (per GPU server) and whether the storage reaches it."""

    tier: str
    read_per_node_gbytes_s: float
    read_required_gbytes_s: float
    reached: bool

    def as_dict(self) -> dict[str, Any]:
        return {"tier": self.tier, "read_per_node_gbytes_s": self.read_per_node_gbytes_s,
                "read_required_gbytes_s": self.read_required_gbytes_s, "reached": self.reached}


@dataclass(frozen=True, slots=True)
class CheckpointFigures:
    """A checkpoint of the workload's model and its write time (None: no write figure)."""

    bytes_per_parameter: float
    size_tb: float
    write_s: float | None

    def as_dict(self) -> dict[str, Any]:
        return {"bytes_per_parameter": self.bytes_per_parameter, "size_tb": self.size_tb, "write_s": self.write_s}


@dataclass(frozen=True, slots=True)
class StorageEstimate:
    """The report's ``storage`` block (``designer/estimates/storage.py``); ``checkpoint_from_workload``
    is set by ``planning_estimates`` (left out of the dict while None)."""

    gpus: int
    read_required_gbytes_s: float
    read_available_gbytes_s: float
    read_sufficient: bool
    read_unknown_types: list[str]
    checkpoint_size_tb: float
    write_available_gbytes_s: float | None
    write_unknown_types: list[str]
    checkpoint_write_s: float | None
    usable_capacity_tb: float | None
    capacity_unknown_types: list[str]
    hot_tier_fits: bool | None
    tiers: list[CapacityTier]
    # additions (issue 12): per-node demand, named read tiers, per-node availability
    gpu_servers: int
    read_available_per_node_gbytes_s: float | None
    read_per_node_gbytes_s: float | None
    read_required_per_node_basis_gbytes_s: float | None
    read_sufficient_per_node_basis: bool | None
    read_tiers: list[ReadTier]
    read_tier_reached: str | None
    checkpoint_from_workload: CheckpointFigures | None = None

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "gpus": self.gpus,
            "read_required_gbytes_s": self.read_required_gbytes_s,
            "read_available_gbytes_s": self.read_available_gbytes_s,
            "read_sufficient": self.read_sufficient,
            "read_unknown_types": list(self.read_unknown_types),
            "checkpoint_size_tb": self.checkpoint_size_tb,
            "write_available_gbytes_s": self.write_available_gbytes_s,
            "write_unknown_types": list(self.write_unknown_types),
            "checkpoint_write_s": self.checkpoint_write_s,
            "usable_capacity_tb": self.usable_capacity_tb,
            "capacity_unknown_types": list(self.capacity_unknown_types),
            "hot_tier_fits": self.hot_tier_fits,
            "tiers": [dict(t) for t in self.tiers],
            "gpu_servers": self.gpu_servers,
            "read_available_per_node_gbytes_s": self.read_available_per_node_gbytes_s,
            "read_per_node_gbytes_s": self.read_per_node_gbytes_s,
            "read_required_per_node_basis_gbytes_s": self.read_required_per_node_basis_gbytes_s,
            "read_sufficient_per_node_basis": self.read_sufficient_per_node_basis,
            "read_tiers": [r.as_dict() for r in self.read_tiers],
            "read_tier_reached": self.read_tier_reached,
        }
        if self.checkpoint_from_workload is not None:
            out["checkpoint_from_workload"] = self.checkpoint_from_workload.as_dict()
        return out


# ---------------------------------------------------------------- RoCE


@dataclass(frozen=True, slots=True)
class RoceSwitch:
    """One switch's summed PFC headroom on the RoCE fabrics, beside its buffer (None: not given)."""

    switch: str
    type: str
    ports: int
    headroom_mb: float
    unknown_ports: int
    buffer_mb: float | None
    exceeds_buffer: bool | None

    def as_dict(self) -> dict[str, Any]:
        return {"switch": self.switch, "type": self.type, "ports": self.ports, "headroom_mb": self.headroom_mb,
                "unknown_ports": self.unknown_ports, "buffer_mb": self.buffer_mb,
                "exceeds_buffer": self.exceeds_buffer}


@dataclass(frozen=True, slots=True)
class RoceEstimate:
    """The report's ``roce`` block (``designer/estimates/roce.py``); empty without a RoCE fabric."""

    fabrics: list[str]
    switches: list[RoceSwitch]
    switches_over_buffer: list[str]
    checklist: list[ChecklistItem]

    def as_dict(self) -> dict[str, Any]:
        return {"fabrics": list(self.fabrics), "switches": [s.as_dict() for s in self.switches],
                "switches_over_buffer": list(self.switches_over_buffer),
                "checklist": [dict(c) for c in self.checklist]}


# ---------------------------------------------------------------- all of them


@dataclass(frozen=True, slots=True)
class PlanningEstimates:
    """The report's ``estimates`` block (``designer/estimates/summary.py``). ``notes`` are the
    assumptions: said in English in ``assumptions``, as keys and figures in ``assumption_keys``."""

    currency: str
    notes: list[Note]
    tco: TcoEstimate
    allreduce: AllreduceEstimate
    collectives: CollectivesBlock
    scaling: ScalingEstimate
    storage: StorageEstimate
    workload: WorkloadBlock
    roce: RoceEstimate
    stages: list[StageFigures]

    @property
    def assumptions(self) -> list[str]:
        """Every assumption said in English (the report's ``assumptions``)."""
        return [n.english for n in self.notes]

    def as_dict(self) -> dict[str, Any]:
        return {
            "currency": self.currency,
            "assumptions": self.assumptions,
            "assumption_keys": [n.as_dict() for n in self.notes],
            "tco": self.tco.as_dict(),
            "allreduce": self.allreduce.as_dict(),
            "collectives": dict(self.collectives),
            "scaling": self.scaling.as_dict(),
            "storage": self.storage.as_dict(),
            "workload": dict(self.workload),
            "roce": self.roce.as_dict(),
            "stages": [dict(s) for s in self.stages],
        }
