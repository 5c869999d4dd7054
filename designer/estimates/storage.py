"""Storage sizing: read throughput the GPUs need, checkpoint write time, capacity tiers.

- Read: GPUs x samples/s per GPU x sample size, against the storage systems'
  aggregate read bandwidth as the storage check counts it (each system limited by
  its storage ports; ``checks.design_rules.storage_bandwidth_gbytes_s``).
- Checkpoint: parameters x checkpoint bytes per parameter, written at the storage
  systems' aggregate write bandwidth (limited by their ports the same way). When any
  system does not publish its write figure the time is unknown, not guessed.
- Tiers (the rule; capacities in TB = 10^12 bytes):
    hot  (NVMe flash)               = dataset x hot share + checkpoints kept x checkpoint size
    warm (capacity flash or hybrid) = dataset x (1 - hot share)
    cold (HDD or tape)              = archive copies x (dataset + checkpoints kept x checkpoint size)
"""

from __future__ import annotations


from designer.checks.context import CheckContext
from designer.checks.design_rules import storage_bandwidth_gbytes_s, type_counts
from designer.estimates.notes import Note, names, note
from designer.estimates.results import CapacityTier, CheckpointFigures, ReadTier, StorageEstimate
from designer.model.estimates import ScalingInputs, StorageInputs
from designer.model.units import BYTES_PER_GB, BYTES_PER_TB, MB_PER_GB, bits_to_bytes, from_billions


TIER_MEDIA = {
    "hot": "NVMe flash (TLC)",
    "warm": "capacity flash (QLC) or hybrid flash/HDD",
    "cold": "HDD object storage or tape",
}


def read_required_gbytes_s(gpus: int, samples_per_second_per_gpu: float, sample_size_mb: float) -> float:
    return gpus * samples_per_second_per_gpu * sample_size_mb / MB_PER_GB


def checkpoint_size_tb(parameters_billion: float, bytes_per_parameter: float) -> float:
    return from_billions(parameters_billion) * bytes_per_parameter / BYTES_PER_TB


def write_seconds(size_tb: float, write_gbytes_s: float | None) -> float | None:
    if write_gbytes_s is None or write_gbytes_s <= 0:
        return None
    return size_tb * BYTES_PER_TB / BYTES_PER_GB / write_gbytes_s


def capacity_tiers(inputs: StorageInputs, checkpoint_tb: float) -> list[CapacityTier]:
    checkpoints_tb = inputs.checkpoints_kept * checkpoint_tb
    capacities = {
        "hot": inputs.dataset_tb * inputs.hot_share + checkpoints_tb,
        "warm": inputs.dataset_tb * (1.0 - inputs.hot_share),
        "cold": inputs.archive_copies * (inputs.dataset_tb + checkpoints_tb),
    }
    return [CapacityTier(tier=tier, capacity_tb=round(tb, 3), media=TIER_MEDIA[tier])
            for tier, tb in capacities.items()]


def storage_systems(ctx: CheckContext) -> tuple[float | None, float | None, list[str], list[str]]:
    """(aggregate write GB/s, usable TB, types without a write figure, types without a
    capacity figure). Write is None when any system lacks the figure or there is none."""
    write = capacity = 0.0
    no_write: list[str] = []
    no_capacity: list[str] = []
    systems = 0
    for slug, count in sorted(type_counts(ctx).items()):
        device_type = ctx.index.device_types[slug]
        if device_type.kind != "storage":
            continue
        systems += count
        spec = device_type.storage
        if spec is None or spec.write_gbytes_s is None:
            no_write.append(slug)
        else:
            ports_gbytes_s = bits_to_bytes(sum(g.count * g.speed_gbps for g in device_type.ports_with_role("storage")))
            write += (min(spec.write_gbytes_s, ports_gbytes_s) if ports_gbytes_s else spec.write_gbytes_s) * count
        if spec is None or spec.usable_capacity_tb is None:
            no_capacity.append(slug)
        else:
            capacity += spec.usable_capacity_tb * count
    return (
        write if systems and not no_write else None,
        capacity if systems and not no_capacity else None,
        no_write,
        no_capacity,
    )


def storage_estimate(
    ctx: CheckContext, inputs: StorageInputs, scaling: ScalingInputs
) -> tuple[StorageEstimate, list[Note]]:
    """The report's ``storage`` block and its assumptions."""
    available, gpus, no_read = storage_bandwidth_gbytes_s(ctx)
    required = read_required_gbytes_s(gpus, inputs.samples_per_second_per_gpu, inputs.sample_size_mb)
    checkpoint_tb = checkpoint_size_tb(scaling.model_parameters_billion, inputs.checkpoint_bytes_per_parameter)
    write, usable_tb, no_write, no_capacity = storage_systems(ctx)
    tiers = capacity_tiers(inputs, checkpoint_tb)
    notes = [note("storage.tiers")]
    if no_read:
        notes.append(note("storage.read_unpublished", parts=names(no_read)))
    if no_write:
        notes.append(note("storage.write_unpublished", parts=names(no_write)))
    hot_tb = tiers[0]["capacity_tb"]
    nodes = gpu_server_count(ctx)
    per_node = inputs.read_per_node_gbytes_s
    tier_rows = [ReadTier(tier=name, read_per_node_gbytes_s=value, read_required_gbytes_s=round(value * nodes, 3),
                          reached=available >= value * nodes)
                 for name, value in sorted(inputs.read_tiers_per_node_gbytes_s.items(), key=lambda kv: kv[1])]
    if not tier_rows:
        notes.append(note("storage.tiers_unset"))
    reached = [row.tier for row in tier_rows if row.reached]
    write_s = None if write is None else write_seconds(checkpoint_tb, write)
    return StorageEstimate(
        gpus=gpus,
        read_required_gbytes_s=round(required, 3),
        read_available_gbytes_s=round(available, 3),
        read_sufficient=available >= required,
        read_unknown_types=no_read,
        checkpoint_size_tb=round(checkpoint_tb, 4),
        write_available_gbytes_s=None if write is None else round(write, 3),
        write_unknown_types=no_write,
        checkpoint_write_s=None if write_s is None else round(write_s, 3),
        usable_capacity_tb=None if usable_tb is None else round(usable_tb, 3),
        capacity_unknown_types=no_capacity,
        hot_tier_fits=None if usable_tb is None else usable_tb >= hot_tb,
        tiers=tiers,
        gpu_servers=nodes,
        read_available_per_node_gbytes_s=round(available / nodes, 3) if nodes else None,
        read_per_node_gbytes_s=per_node,
        read_required_per_node_basis_gbytes_s=None if per_node is None else round(per_node * nodes, 3),
        read_sufficient_per_node_basis=None if per_node is None else available >= per_node * nodes,
        read_tiers=tier_rows,
        read_tier_reached=reached[-1] if reached else None,
    ), notes


def gpu_server_count(ctx: CheckContext) -> int:
    return sum(count for slug, count in type_counts(ctx).items()
               if ctx.index.device_types[slug].is_gpu_server)


def checkpoint_from_workload(parameters_billion: float, bytes_per_parameter: float,
                             write_gbytes_s: float | None) -> CheckpointFigures:
    """A checkpoint of the workload's model (weights and optimizer states, not gradients:
    14 bytes a parameter for mixed-precision Adam) and its write time at ``write_gbytes_s``."""
    size_tb = checkpoint_size_tb(parameters_billion, bytes_per_parameter)
    seconds = write_seconds(size_tb, write_gbytes_s)
    return CheckpointFigures(bytes_per_parameter=bytes_per_parameter, size_tb=round(size_tb, 4),
                             write_s=None if seconds is None else round(seconds, 3))
